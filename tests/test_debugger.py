"""The language-neutral debugger core, driven through the 15 engine without a terminal."""

from __future__ import annotations

import threading

from esodbg.engines.registry import by_name
from esodbg.engines.base import CellRef, Stop
from esodbg.engines.debugger import Session

from conftest import EXAMPLES

FIFTEEN = by_name("fifteen")


def session(name: str, input_text: str = "", closed: bool = True, **options) -> Session:
    path = EXAMPLES / "fifteen" / f"{name}.15"
    return Session(FIFTEEN, FIFTEEN.parse(path.read_text(), str(path)), input_text, closed, **options)


def fresh_snapshot_at(name: str, step: int, input_text: str = "") -> tuple:
    s = session(name, input_text)
    s.machine.run(step)
    return s.machine.snapshot()


BP = CellRef("puzzle", 2, 4)  # 99.15: the `<!` cell, reached once per number printed


def test_continue_stops_on_arriving_at_a_cell_breakpoint_and_counts_hits():
    s = session("99")
    s.breakpoints.toggle(BP)
    first = s.continue_()
    assert first.reason is Stop.BREAKPOINT and first.breakpoint.hits(s.steps) == 1
    assert s.machine.location() == BP and s.output.text() == ""
    second = s.continue_()
    assert second.reason is Stop.BREAKPOINT and second.step > first.step
    assert s.output.text() == "99\n" and s.breakpoints.get(BP).hits(s.steps) == 2


def test_hit_counts_belong_to_the_timeline():
    """A hit count is the number of hits at or before the current step: step back and
    reverse-continue bring it down; going forward over the same hits does not count twice."""
    s = session("99", interval=64)
    s.breakpoints.toggle(BP)
    bp = s.breakpoints.get(BP)
    hits = [s.continue_().step for _ in range(3)]
    assert bp.hits(s.steps) == 3
    s.step_back()
    assert bp.hits(s.steps) == 2
    assert s.reverse_continue().step == hits[1] and bp.hits(s.steps) == 2
    assert s.reverse_continue().step == hits[0] and bp.hits(s.steps) == 1
    s.continue_()
    s.continue_()
    assert s.steps == hits[2] and bp.hits(s.steps) == 3  # the same three hits, not five
    s.goto(0)
    assert bp.hits(s.steps) == 0


def test_a_hit_has_one_number_whichever_way_the_run_reaches_it():
    """Hits count from step 0 however late the breakpoint was set: the usual first hour (step to
    the command, b, continue, reverse-continue) numbers each hit as a run with the breakpoint
    from the start (exec --break) does, never ``hit 0``."""
    reference = session("99", interval=64)
    reference.breakpoints.toggle(BP)
    steps = [reference.continue_().step for _ in range(4)]
    numbers = {step: reference.breakpoints.get(BP).hits(step) for step in steps}
    assert list(numbers.values()) == [1, 2, 3, 4]
    s = session("99", interval=64)
    s.goto(steps[1])  # on the second hit, then the breakpoint is set there
    s.breakpoints.toggle(BP)
    bp = s.breakpoints.get(BP)
    forward = s.continue_()
    assert (forward.step, bp.hits(s.steps)) == (steps[2], 3)
    s.continue_()
    for expected in (steps[2], steps[1], steps[0]):  # back over the hit it was set on, and before it
        back = s.reverse_continue()
        assert (back.reason, back.step, bp.hits(s.steps)) == (Stop.BREAKPOINT, expected, numbers[expected])
    s.breakpoints.set_enabled(BP, False)  # disabled over a hit, enabled again: that hit still counts
    s.goto(steps[3])
    s.breakpoints.set_enabled(BP, True)
    assert s.reverse_continue().step == steps[2] and bp.hits(s.steps) == 3
    s.breakpoints.set(BP, condition="acc >= 0")  # another condition: counted again from step 0
    assert s.reverse_continue().step == steps[1] and s.breakpoints.get(BP).hits(s.steps) == 2


def test_counting_the_steps_a_breakpoint_missed_can_be_interrupted():
    reference = session("99", interval=64)
    reference.breakpoints.toggle(BP)
    reference.goto(500)
    s = session("99", interval=64)
    s.goto(500)
    s.breakpoints.toggle(BP)
    cancel = threading.Event()
    cancel.set()
    assert s.continue_(cancel).reason is Stop.INTERRUPTED and s.steps == 500  # back where it was
    back = s.reverse_continue()  # counted at the next move instead
    assert back.reason is Stop.BREAKPOINT
    assert s.breakpoints.get(BP).hits(s.steps) == reference.breakpoints.get(BP).hits(back.step) > 1


def test_reverse_continue_goes_to_the_previous_hit_then_to_step_0():
    s = session("99", interval=64)
    s.breakpoints.toggle(BP)
    hits = [s.continue_().step for _ in range(3)]
    assert s.reverse_continue().step == hits[1]
    assert s.reverse_continue().step == hits[0]
    outcome = s.reverse_continue()
    assert outcome.reason is Stop.START and s.steps == 0 and s.output.text() == ""


def test_disabled_breakpoint_does_not_stop():
    s = session("99")
    s.breakpoints.toggle(BP)
    s.breakpoints.set_enabled(BP, False)
    assert s.continue_().reason is Stop.HALTED


def test_step_count_stops_early_at_a_breakpoint():
    s = session("99")
    s.breakpoints.toggle(BP)
    outcome = s.step(1000)
    assert outcome.reason is Stop.BREAKPOINT and s.machine.location() == BP and s.steps < 1000


def test_step_back_to_step_0_takes_output_back_and_last_step_is_known():
    s = session("hello", interval=8)
    assert s.continue_().reason is Stop.HALTED and s.output.text() == "Hello"
    assert s.last.step == 24 and s.last.at == CellRef("puzzle", 4, 4)
    s.step_back(20)
    assert s.steps == 4 and s.machine.snapshot() == fresh_snapshot_at("hello", 4)
    assert s.output.text() == "H"[: s.output.length]
    assert s.step_back(100).reason is Stop.START and s.steps == 0 and s.last is None


def test_goto_forward_stops_at_halt():
    s = session("hello")
    assert s.goto(1000).reason is Stop.HALTED and s.steps == 24


def test_step_budget_stops_continue():
    s = session("truth", "1\n", budget=50)
    outcome = s.continue_()
    assert outcome.reason is Stop.BUDGET and outcome.step == 50


def test_cancel_interrupts_a_running_continue():
    s = session("truth", "1\n")
    cancel = threading.Event()
    calls = []

    def progress(sess):
        calls.append(sess.steps)
        if len(calls) == 3:
            cancel.set()

    outcome = s.continue_(cancel, progress)
    assert outcome.reason is Stop.INTERRUPTED and outcome.step == calls[-1] > 0
    assert s.last is not None and s.last.step == outcome.step


def test_history_stays_bounded_and_exact_over_a_long_run():
    s = session("countdown", "10000\n", interval=64, budget_bytes=20_000)
    assert s.continue_().reason is Stop.HALTED and s.steps == 12004
    assert s.history.bytes <= 20_000 or s.history.checkpoints == 2
    assert s.history.interval > 64  # thinned by doubling
    for target in (11999, 7777, 1, 12003):
        s.goto(target)
        assert s.machine.snapshot() == fresh_snapshot_at("countdown", target, "10000\n")


def test_step_back_across_interactive_input_is_exact():
    s = session("truth", closed=False)
    assert s.step().reason is Stop.NEEDS_INPUT and s.steps == 0
    s.feed_input("0\n")
    assert s.continue_().reason is Stop.HALTED and s.output.text() == "0\n"
    s.goto(0)
    assert s.output.text() == "" and s.machine.memory[0] == 0
    assert s.continue_().reason is Stop.HALTED and s.output.text() == "0\n"


def test_runtime_error_stops_at_its_step_and_step_back_undoes_it():
    s = session("truth")  # no input: `>?` fails at step 1
    outcome = s.continue_()
    assert outcome.reason is Stop.ERROR and outcome.step == 1
    assert "end of input" in s.machine.fault.message
    s.step_back()
    assert s.steps == 0 and s.machine.fault is None and s.machine.status.value == "ready"


def test_restart_keeps_breakpoints_and_preset_input_but_not_typed_input():
    s = session("truth", "0\n")
    s.breakpoints.toggle(CellRef("puzzle", 0, 2))
    s.continue_()
    fresh = s.restarted()
    assert fresh.steps == 0 and CellRef("puzzle", 0, 2) in fresh.breakpoints
    assert fresh.continue_().reason is Stop.BREAKPOINT


def test_reverse_continue_to_a_hit_a_few_steps_back_lands_exactly_on_its_state():
    """Reverse-continue re-runs from a checkpoint; the undo records it had still end at the
    step it started from and must not be applied to the earlier state (a regression)."""
    s = session("99", interval=8, undo_records=64)
    s.breakpoints.toggle(BP)
    hits = [s.continue_().step for _ in range(3)]
    s.goto(hits[2] + 3)  # a few steps past the last hit: within reach of the undo records
    assert s.reverse_continue().step == hits[2]
    reference = session("99")
    reference.goto(hits[2])
    assert s.machine.snapshot() == reference.machine.snapshot()
    s.step_back()
    reference.goto(hits[2] - 1)
    assert s.machine.snapshot() == reference.machine.snapshot()


def test_what_checkpoints_share_is_counted_once():
    """A Tic Tac Toe Grow state shares its Backspace history with every earlier one: a checkpoint
    costs what is new since the last (counted and walked once), and dropping checkpoints counts
    again only what the kept ones hold."""
    import sys

    from esodbg.engines.history import History

    shared = tuple(tuple(range(i, i + 10)) for i in range(1000))
    history = History((0, shared), interval=10, budget_bytes=10**9)
    one = history.bytes
    for step in range(10, 60, 10):
        history.add(step, (step, shared))
    # Only the new outer tuples (and the step numbers in them) count.
    assert history.bytes - one == sum(sys.getsizeof((step, shared)) + sys.getsizeof(step) for step in range(10, 60, 10))
    history.budget_bytes = one  # thinning: the kept checkpoints hold the shared part once
    history.add(60, (60, tuple(tuple(range(i, i + 10)) for i in range(1000))))  # a copy: not shared
    assert history.checkpoints == 2 and one <= history.bytes <= 2 * one + 1000



def test_a_list_store_that_shrinks_at_its_end_is_undone_exactly():
    """A stack is a list store that grows and shrinks at its end (base.py): diffing every store
    (no ``may_change``) records the popped items, and undo brings them back in place."""
    from esodbg.engines.base import Machine, Status
    from esodbg.engines.iobuf import InputLog, OutputLog

    class Stack(Machine):  # each step pops the top two values and pushes their sum
        def __init__(self):
            super().__init__(None, InputLog(), OutputLog())
            self.stack = [1, 2, 3, 4, 5]

        def run(self, limit, stops=None):
            for _ in range(limit):
                if len(self.stack) < 2:
                    self.status = Status.HALTED
                    return Stop.HALTED
                self.stack.append(self.stack.pop() + self.stack.pop())
                self.steps += 1
            return Stop.LIMIT

        def compile_stops(self, breakpoints):
            return None

        def location(self):
            return CellRef("stack", 0, len(self.stack))

        def stores(self):
            return (("stack", self.stack),)

        def registers(self):
            return ()

        def set_registers(self, regs):
            pass

    machine = Stack()
    states, records = [list(machine.stack)], []
    while (record := machine.step()) is not Stop.HALTED:
        records.append(record)
        states.append(list(machine.stack))
    assert states[-1] == [15]
    for record, state in zip(records[::-1], states[-2::-1]):
        machine.undo(record)
        assert machine.stack == state


def test_a_step_on_a_big_list_store_records_exactly_the_items_it_changed():
    """Diffing a list store compares it a block at a time (base.py): the changes are still
    exactly the items a step changed, in two blocks, at the edge of one and past the end."""
    from esodbg.engines.base import BLOCK, MISSING, Change, Machine
    from esodbg.engines.iobuf import InputLog, OutputLog

    class Cells(Machine):  # the one step writes three cells and appends two
        def __init__(self):
            super().__init__(None, InputLog(), OutputLog())
            self.cells = [0] * (3 * BLOCK)

        def run(self, limit, stops=None):
            self.cells[5] = 1
            self.cells[BLOCK - 1] = 2
            self.cells[2 * BLOCK + 7] = 3
            self.cells += [4, 5]
            self.steps += 1
            return Stop.LIMIT

        def compile_stops(self, breakpoints):
            return None

        def location(self):
            return CellRef("cells", 0, 0)

        def stores(self):
            return (("cells", self.cells),)

        def registers(self):
            return ()

        def set_registers(self, regs):
            pass

    machine = Cells()
    first = machine.snapshot()
    record = machine.step()
    n = 3 * BLOCK
    assert sorted(record.changes, key=lambda c: c.key) == [
        Change("cells", 5, 0, 1), Change("cells", BLOCK - 1, 0, 2), Change("cells", 2 * BLOCK + 7, 0, 3),
        Change("cells", n, MISSING, 4), Change("cells", n + 1, MISSING, 5)]
    machine.undo(record)
    assert machine.snapshot() == first


def test_a_long_list_store_is_snapshot_in_pieces_and_restored_exactly():
    """A store longer than PIECE items (a ><> codebox of 90,000 cells) is kept as Pieces, so no
    one copy holds the interpreter lock long (issue 44); restoring it gives the state back."""
    from esodbg.engines.base import PIECE, Pieces

    fish = by_name("fish")
    lines = ["1n"] + [" " * 300] * 300  # prints 1 at every lap of its first line
    session = Session(fish, fish.parse("\n".join(lines), "wide.fish"))
    machine = session.machine
    first = machine.snapshot()
    grid = dict(first[1])["grid"]
    assert isinstance(grid, Pieces) and len(grid) == -(-len(machine.box.grid) // PIECE) > 1
    machine.run(700)
    later = machine.snapshot()
    machine.restore(first)
    assert machine.snapshot() == first and machine.steps == 0
    machine.restore(later)
    assert machine.snapshot() == later and machine.steps == 700 and later != first
