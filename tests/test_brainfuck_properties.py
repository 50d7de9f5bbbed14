"""Property tests (hypothesis) for Brainfuck: time travel is exact through everything a random
program does — the tape growing, cells wrapping, input read byte by byte (a UTF-8 character is
several reads), output bytes that make a character only together, runtime errors — under every
cell size and option; stepping one command at a time (``step``, which builds undo records from
``may_change``) ends in the state the fast loop reaches with its folded operations (blocks that
test the bracket after them too); a fast run cut into random pieces (a budget, breakpoints
anywhere) ends where one run ends; and a plan built in random pieces, the runs going on command by
command meanwhile, is the plan built in one go and changes nothing the runs do."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.base import CellRef, CodeRef
from esodbg.engines.brainfuck.ops import Builder, build
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from time_travel import assert_steps_match_the_fast_loop, assert_time_travel_is_exact

BF = by_name("brainfuck")
PIECES = ["+", "-", ">", "<", ".", ",", "[-]", "[+]", "[->+<]", "[->++>+++<<]", "[>]", "[<]", "[<<]", "[-<+>]",
          "++++", "----", ">>>", "<<", "+>+>+", "[.-]", "[,.]", "[-->+<]", "[>+<<+>-]", "+[-<]"]


@st.composite
def program(draw) -> str:
    """A balanced program of commands and the snippets the fast loop folds, loops nested."""
    def items(depth: int) -> str:
        out = []
        for _ in range(draw(st.integers(0, 6))):
            if depth < 2 and draw(st.integers(0, 5)) == 0:
                out.append("[" + draw(st.sampled_from(["-", "+", ""])) + items(depth + 1) + "]")
            else:
                out.append(draw(st.sampled_from(PIECES)))
        return "".join(out)
    return ">" * draw(st.integers(0, 3)) + "+" * draw(st.integers(0, 5)) + items(0)


OPTIONS = st.fixed_dictionaries({}, optional={
    "cell_size": st.sampled_from(["8", "16", "unbounded"]), "overflow": st.sampled_from(["wrap", "error"]),
    "eof": st.sampled_from(["keep", "0", "-1"]), "tape_length": st.integers(1, 8)})
INPUT = st.text(alphabet="ab\n\u00e9\u20ac", max_size=6)


def session(text: str, data: str, options: dict, **history) -> Session:
    return Session(BF, BF.parse(text, "random.b", dict(options)), data, True, **history)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(), INPUT, OPTIONS, st.integers(0, 2 ** 32))
def test_time_travel_is_exact(text, data, options, seed):
    s = session(text, data, options, interval=16)  # checkpoints every 16 steps: going back re-executes too
    assert_time_travel_is_exact(s, 150, random.Random(seed))


@settings(max_examples=80, deadline=None)
@given(program(), INPUT, OPTIONS)
def test_stepping_reaches_the_state_the_fast_loop_reaches(text, data, options):
    """Every step through ``Machine.step`` (undo records, ``may_change``) ends where one ``run``
    of the same number of steps ends: the keys a step names cover what it changes."""
    stepped = session(text, data, options)
    fast = session(text, data, options)
    assert_steps_match_the_fast_loop(stepped, fast, 300)


@settings(max_examples=80, deadline=None)
@given(program(), INPUT, OPTIONS, st.lists(st.integers(1, 40), max_size=8), st.sets(st.integers(0, 60), max_size=3))
def test_a_run_cut_anywhere_ends_where_one_run_ends(text, data, options, pieces, marks):
    """Budgets that end inside folded operations, and plans with breakpoints cutting runs and
    loops, change nothing but where the machine pauses."""
    whole = session(text, data, options).machine
    whole.run(2000)
    cut = session(text, data, options).machine
    stops = cut.compile_stops([(CodeRef(i), frozenset({"exec"})) for i in marks])
    for n in pieces:
        cut.run(n, stops)
    while cut.steps < whole.steps and cut.status.value == "ready":
        cut.run(whole.steps - cut.steps, stops)
    assert cut.snapshot() == whole.snapshot()


def fields(plan) -> list[tuple]:
    """Every operation of ``plan`` as the tuple of its fields (shared operations compare equal)."""
    return [(op.kind, op.nxt, op.alt, op.cost, op.move, op.lo, op.hi, op.pairs, op.step, op.stop, op.tail,
             list(op.offs), list(op.deltas), list(op.dlo), list(op.dhi)) for op in plan.ops]


@settings(max_examples=80, deadline=None)
@given(program(), OPTIONS, st.lists(st.integers(1, 12), min_size=1, max_size=6), st.sets(st.integers(0, 60), max_size=3),
       st.sets(st.integers(0, 8), max_size=2))
def test_a_plan_built_in_pieces_is_the_plan_built_in_one_go(text, options, pieces, marks, watch):
    """The build stops after any piece and goes on from there (a pause during a first continue
    stops it midway): the plan is the same, breakpoints and write flags included."""
    parsed = BF.parse(text, "random.b", dict(options))
    args = (parsed.code, parsed.match, parsed.options, frozenset(marks), frozenset(watch))
    builder = Builder(*args)
    plan, turn = None, 0
    while plan is None:
        plan = builder.advance(pieces[turn % len(pieces)])
        turn += 1
    whole = build(*args)
    assert fields(plan) == fields(whole) and plan.watch == whole.watch and plan.stopping == whole.stopping


@settings(max_examples=80, deadline=None)
@given(program(), INPUT, OPTIONS, st.integers(1, 8), st.lists(st.integers(1, 40), max_size=8), st.integers(0, 2 ** 32))
def test_runs_while_the_plan_is_built_in_pieces_end_where_one_run_ends(text, data, options, slice_, pieces, seed):
    """Runs that build the plan a few commands at a time (one command at a time until it is made),
    cut by budgets, end where one run ends; and time travel stays exact through them."""
    whole = session(text, data, options).machine
    whole.run(2000)
    cut = session(text, data, options).machine
    cut.build_slice = slice_
    for n in pieces:
        cut.run(n)
    while cut.steps < whole.steps and cut.status.value == "ready":
        cut.run(whole.steps - cut.steps)
    assert cut.snapshot() == whole.snapshot()
    s = session(text, data, options, interval=16)
    s.machine.build_slice = slice_
    assert_time_travel_is_exact(s, 150, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(program(), INPUT, OPTIONS, st.sets(st.integers(0, 8), min_size=1, max_size=2), st.lists(st.integers(1, 40), max_size=8))
def test_write_breakpoints_stop_where_stepping_finds_the_write(text, data, options, watch, pieces):
    """A plan with write flags (blocks cut at every + - , and their tails) stops a run just before
    each write of a watched cell: stepping one command at a time finds the same stops."""
    fast = session(text, data, options).machine
    plan = fast.compile_stops([(CellRef("tape", 0, i), frozenset({"write"})) for i in watch])
    slow = session(text, data, options).machine
    for n in pieces + [300]:
        if fast.status.value != "ready":
            break
        reason = fast.run(n, plan)
        while slow.steps < fast.steps and slow.status.value == "ready":
            slow.run(1)
            if slow.steps < fast.steps:
                assert not any(t == (CellRef("tape", 0, i), "write") for i in watch for t in slow.next_touches()), \
                    "the fast run went past a write of a watched cell"
        assert slow.snapshot() == fast.snapshot()
        if reason.name == "BREAKPOINT":  # (the next run goes on past the write)
            assert any(t == (CellRef("tape", 0, i), "write") for i in watch for t in fast.next_touches())


def test_a_long_run_goes_on_with_the_plan_once_it_is_made():
    """A run of many steps builds the plan a slice at a time, at most a slice's number of steps
    on the plain plan between two, so it runs on the plan (folded) long before its end."""
    text = "+" * 5 + "[>" + "+>" * 300 + "<" * 300 + "-]" + "+[-]" * 200 + "++[>+++++<-]>[<+>-]<[>]" * 40 + "+[]"
    fast, sliced = session(text, "", {}).machine, session(text, "", {}).machine
    sliced.build_slice = 16
    fast.run(10 ** 6)
    sliced.run(10 ** 6)
    assert sliced._plan is not None and sliced.snapshot() == fast.snapshot()


# Loops the plan cannot count (issue 48): a block whose ] comes back to itself walking the tape
# ([-<<], [->+<<<<<]), blocks whose [ or ] test runs in the same operation, scans after a block,
# counted loops and scans inside loops that are not.
WALKS = ["[-<<]", "[->+<<<<<]", "[-<]", "[>+>-]", ">>>[>>]<", "<<[<<]>", "++[->+<<<<<]", "[[>>+<<-]>>-[<<]]",
         ">+<<[-<<]<", "[-]+<", "[>>>>]++", ">>>>+>>+<"]


@st.composite
def unfolded_program(draw) -> str:
    """Cells set to small values, then loops whose bodies mix walks, scans and counted loops."""
    cells = ">".join("+" * draw(st.integers(0, 4)) for _ in range(draw(st.integers(1, 8))))
    loops = "".join("[" + "".join(draw(st.lists(st.sampled_from(WALKS + PIECES[:8]), min_size=1, max_size=4))) + "]"
                    for _ in range(draw(st.integers(1, 3))))
    return cells + "<" * draw(st.integers(0, 8)) + loops


@settings(max_examples=100, deadline=None)
@given(unfolded_program(), INPUT, OPTIONS, st.lists(st.integers(1, 30), min_size=1, max_size=10),
       st.sets(st.integers(0, 80), max_size=3))
def test_unfolded_loops_stop_where_stepping_stops(text, data, options, pieces, marks):
    """Runs through loops the plan cannot count, cut by budgets and by breakpoints on any command,
    stop where running one command at a time stops: the same steps, state and output, never past
    a breakpoint."""
    fast, slow = session(text, data, options), session(text, data, options)
    code = fast.machine.program.code
    stops = fast.machine.compile_stops([(CodeRef(i), frozenset({"exec"})) for i in marks])
    for n in pieces + [400]:
        if fast.machine.status.value != "ready":
            break
        before = fast.machine.steps
        reason = fast.machine.run(n, stops)
        assert fast.machine.steps - before <= n
        while slow.machine.steps < fast.machine.steps and slow.machine.status.value == "ready":
            slow.machine.run(1)
            if slow.machine.steps < fast.machine.steps:
                assert slow.machine.pc not in marks or slow.machine.pc >= len(code), "the run went past a breakpoint"
        assert slow.machine.snapshot() == fast.machine.snapshot()
        assert slow.output.text() == fast.output.text()
        if reason.name == "BREAKPOINT":
            assert fast.machine.pc in marks
        elif reason.name == "LIMIT":
            assert fast.machine.steps - before == n
