"""The Brainfuck machine (spec `brainfuck.md` rules 5–15).

State: the tape (a list of cells that grows to the right as the pointer first reaches a cell:
``len(tape) > ptr`` always, rule 6), the data pointer ``ptr`` and the instruction pointer ``pc``
(an index into the command list, rule 7; ``len(code)`` once the program ended, rule 14), and the
byte machine's input cursor and unfinished output (:class:`~esodbg.engines.bytemachine.ByteMachine`).

One step is one command (rule 5).  :meth:`BrainfuckMachine.run` is the only implementation of
the semantics: it runs the folded operations of :mod:`.ops` while they fit in the steps asked
for, and one command at a time where they do not, so the step count, ``--max-steps``,
breakpoints and errors are exactly those of running every command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Iterable

from ..base import CellRef, CodeRef, Location, Status, Stop
from ..bytemachine import EOF, NEEDS, ByteMachine
from ..compiled import mypyc_attr
from ..iobuf import InputLog, Output
from .ops import (BLOCK, CLOSE, END, EXEC, IN, LOOP, OPEN, OUT, SCAN, SINGLE, TAIL_CLOSE, Builder, Op, Plan, apply,
                  build, fits)
from .parser import CLOSE as C_CLOSE, IN as C_IN, LEFT, MINUS, OPEN as C_OPEN, OUT as C_OUT, PLUS, RIGHT, Program

BOARD: Final = "tape"  # the tape board's name in CellRefs and views
if TYPE_CHECKING:  # mypyc's native integers; plain ints when the module runs as Python
    from mypy_extensions import i64

NO_EDGE: Final = 1 << 62  # the right edge of a tape that grows as far as the program goes
PLANS = 8  # plans for sets of breakpoints kept (compile_stops)
# Commands of the plan's build a run does before its steps while the plan is unfinished: ~3 ms
# compiled, so a pause during the first continue of a 1 MB program is seen within a chunk or two.
BUILD_SLICE = 1 << 12


@mypyc_attr(native_class=False)  # on the Python base classes Machine and ByteMachine
class BrainfuckMachine(ByteMachine):
    """A running Brainfuck program.  See :class:`~esodbg.engines.base.Machine` for the contract;
    locations are :class:`~esodbg.engines.base.CodeRef` s into the command list
    (``CodeRef(len(code))`` is the end)."""

    tape: list[int]
    ptr: int
    pc: int

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        options = program.options
        self.tape = [0]
        self.ptr = 0
        self.pc = 0
        self.mask = options.mask
        self.strict = options.strict
        self.edge = options.tape_length or NO_EDGE
        self.eof = options.eof
        self._code = program.code
        self._match = program.match
        # The plan without breakpoints, built by the first runs a slice at a time (a 1 MB
        # program's takes 0.3-0.5 s: the debugger's launch stops at step 0 without it, and its
        # pause stops a run while it is built); until it is made, runs go one command at a time
        # on the plain plan.
        self._plan: Plan | None = None
        self._builder: Builder | None = None
        self._plain: Plan | None = None
        self.build_slice = BUILD_SLICE
        self._plans: dict[tuple[frozenset[int], frozenset[int]], Plan] = {}
        self._start_bytes(0)
        if not program.code:  # no command: the program has ended before its first step (rule 5)
            self.status = Status.HALTED

    # ----- the contract -----------------------------------------------------------------------
    def stores(self) -> tuple:
        return (("tape", self.tape),)

    def may_change(self) -> tuple:
        """The current cell for ``+ - ,``; for ``>`` the next one (the tape may grow to it)."""
        if self.pc >= len(self._code):
            return ()
        c = self._code[self.pc]
        if c == PLUS or c == MINUS or c == C_IN:
            return (("tape", self.ptr),)
        if c == RIGHT:
            return (("tape", self.ptr + 1),)
        return ()

    def registers(self) -> tuple:
        return (self.ptr, self.pc, self.in_byte, self.pending)

    def set_registers(self, regs: tuple) -> None:
        self.ptr, self.pc, self.in_byte, self.pending = regs

    def location(self) -> CodeRef:
        return CodeRef(self.pc)

    def next_touches(self) -> list[tuple[Location, str]]:
        """Exec at the next command; a ``+``, ``-`` or ``,`` writes the current cell too."""
        touches: list[tuple[Location, str]] = [(CodeRef(self.pc), "exec")]
        if self.pc < len(self._code) and self._code[self.pc] in (PLUS, MINUS, C_IN):
            touches.append((CellRef(BOARD, 0, self.ptr), "write"))
        return touches

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> Plan | None:
        """The plan with breakpoints (:mod:`.ops`): exec on commands, write on tape cells.  Runs
        are cut at the commands they stop at (for a write, every ``+ - ,``) and loops holding one
        run command by command."""
        stops: set[int] = set()
        watch: set[int] = set()
        for at, kinds in breakpoints:
            if isinstance(at, CodeRef) and 0 <= at.index < len(self._code) and "exec" in kinds:
                stops.add(at.index)
            elif isinstance(at, CellRef) and at.board == BOARD and 0 <= at.col < self.edge and "write" in kinds:
                watch.add(at.col)
        if not stops and not watch:
            return None
        key = (frozenset(stops), frozenset(watch))
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) >= PLANS:
                self._plans.clear()
            plan = self._plans[key] = build(self._code, self._match, self.program.options, *key)
        return plan

    # ----- units (LANGUAGE.units: out, over, iteration) -----------------------------------------
    def unit_mark(self, level: int) -> int:
        """The instruction pointer that ends the unit begun here (−1: the unit is one step):
        out, the command after the innermost loop's ``]``; over, at a ``[``, the command after
        its ``]``; iteration, the ``]`` of the innermost loop (at a ``[``: of its loop), whose
        test ends a pass (or the command after it, where the loop ends)."""
        pc, code, match = self.pc, self._code, self._match
        if pc >= len(code):
            return -1
        if level == 1:
            return match[pc] + 1 if code[pc] == C_OPEN else -1
        loop = pc if level == 2 and code[pc] == C_OPEN else self.program.parents[pc]
        if loop < 0:
            return -1
        return match[loop] + 1 if level == 0 else match[loop]

    def unit_done(self, level: int, mark: int) -> bool:
        if mark < 0 or self.pc == mark:
            return True
        return level == 2 and self.pc == mark + 1

    def unit_back(self, level: int) -> frozenset[Location] | None:
        """Where the unit that ends here began, to go back to the latest arrival there (``None``:
        one step back): out, the ``[`` of the innermost loop (before it was entered); over, just
        after a loop, its ``[``; iteration, the ``[`` of the innermost loop or its first body
        command (where each pass begins)."""
        pc, code, match = self.pc, self._code, self._match
        if level == 1:
            if pc == 0 or code[pc - 1] != C_CLOSE:
                return None
            return frozenset({CodeRef(match[pc - 1])})
        loop = self.program.parents[pc]
        if loop < 0:
            return None
        return frozenset({CodeRef(loop)} if level == 0 else {CodeRef(loop), CodeRef(loop + 1)})

    # ----- execution --------------------------------------------------------------------------
    def _fail(self, pc: int, message: str, done: int) -> Stop:
        """A runtime error at command ``pc`` (rule 15): the step counts (``done`` ran before it),
        nothing else changes; the output so far is written out."""
        self.pc = pc
        self.steps += done
        return self.fail(message, CodeRef(pc), self.program.span(pc))

    def run(self, limit: int, stops: Plan | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        if stops is not None:
            return self._run(limit, stops)
        end = self.steps + limit
        plan = self._plan
        while plan is None:  # a slice of the plan, then at most as many steps on the plain one
            plan = self._building()
            if plan is None:
                reason = self._run(min(end - self.steps, self.build_slice), self._plain_plan())
                if reason is not Stop.LIMIT or self.steps >= end:
                    return reason
        return self._run(end - self.steps, plan)

    def _run(self, limit: int, plan: Plan) -> Stop:
        """:meth:`run` on ``plan``: at most ``limit`` steps."""
        ops, watch, stopping = plan.ops, plan.watch, plan.stopping
        code, match = self._code, self._match
        tape = self.tape
        # Positions and counts are native integers; cell values stay ints (unbounded cells).
        size: i64 = len(tape)
        p: i64 = self.ptr
        pc: i64 = self.pc
        edge: i64 = self.edge
        left: i64 = limit  # steps still to run
        mask: int = self.mask
        strict = self.strict
        bounded = mask >= 0
        reason = Stop.LIMIT
        while left > 0:
            op = ops[pc]
            k = op.kind
            if k == BLOCK:
                n = op.cost
                top = p + op.hi
                if n <= left and p + op.lo >= 0 and top < edge and (not strict or fits(tape, p, op, 1, mask)):
                    start = pc
                    while True:
                        size = apply(tape, size, p, op, 1, mask)
                        p += op.move
                        left -= n
                        pc = op.nxt
                        t = op.tail
                        if t and left > 0:  # the bracket after the block: its test, one step
                            left -= 1
                            if t == TAIL_CLOSE:
                                pc = op.alt if tape[p] else pc + 1
                            else:
                                pc = pc + 1 if tape[p] else op.alt
                        # A loop whose body is this block alone ([-<<], [>+>-]): its ] came back
                        # here, where no breakpoint is, so the next pass runs at once if it fits.
                        if pc != start or op.stop:
                            break
                        top = p + op.hi
                        if not (n <= left and p + op.lo >= 0 and top < edge and (not strict or fits(tape, p, op, 1, mask))):
                            break
                    if stopping and _arrived(ops[pc], p, watch):
                        reason = Stop.BREAKPOINT
                        break
                    continue
            elif k == CLOSE:
                left -= 1
                pc = op.nxt if tape[p] else pc + 1
                if stopping and _arrived(ops[pc], p, watch):
                    reason = Stop.BREAKPOINT
                    break
                continue
            elif k == LOOP:
                v: int = tape[p]
                if v == 0:
                    left -= 1
                    pc = op.nxt
                    if stopping and _arrived(ops[pc], p, watch):
                        reason = Stop.BREAKPOINT
                        break
                    continue
                step: int = op.step
                if bounded:
                    times: int = v if step < 0 else mask + 1 - v
                else:
                    times = v if step < 0 < v else -v if step > 0 > v else -1  # -1: it never reaches 0
                per: int = op.cost + 1  # the steps of a pass (an int: times may be past 2**63)
                if 0 <= times and times * per < left:
                    room: int = times  # all of them fit after this test (no division)
                else:
                    room = (left - 1) // per  # the whole passes that fit after this test
                    if 0 <= times <= room:
                        room = times
                top = p + op.hi
                if room == 0 or p + op.lo >= 0 and top < edge and (not strict or fits(tape, p, op, room, mask)):
                    if room:
                        size = apply(tape, size, p, op, room, mask)
                    left -= 1 + room * per
                    if room == times:
                        tape[p] = 0
                        pc = op.nxt
                    else:  # the passes that fit: the next one goes on command by command
                        tape[p] = (v + step * room) & mask
                        pc = op.alt
                    if stopping and _arrived(ops[pc], p, watch):
                        reason = Stop.BREAKPOINT
                        break
                    continue
            elif k == OPEN:
                left -= 1
                pc = pc + 1 if tape[p] else op.nxt
                if stopping and _arrived(ops[pc], p, watch):
                    reason = Stop.BREAKPOINT
                    break
                continue
            elif k == SCAN:
                if tape[p] == 0:
                    left -= 1
                    pc = op.nxt
                    if stopping and _arrived(ops[pc], p, watch):
                        reason = Stop.BREAKPOINT
                        break
                    continue
                stride = op.move
                pass_ = op.cost + 1
                budget = left - 1 - pass_  # the steps left once one more pass ran (no division)
                q = p
                passes: i64 = 0
                found = False
                while budget >= 0:
                    q += stride
                    passes += 1
                    budget -= pass_
                    if q < 0 or q >= edge:
                        break
                    if q >= size or tape[q] == 0:
                        found = True
                        break
                if 0 <= q < edge:  # else a < or > on the way fails: command by command
                    while q >= size:
                        tape.append(0)
                        size += 1
                    p = q
                    left -= 1 + passes * pass_
                    pc = op.nxt if found else op.alt
                    if stopping and _arrived(ops[pc], p, watch):
                        reason = Stop.BREAKPOINT
                        break
                    continue
            elif k == OUT or k == SINGLE and code[pc] == C_OUT:  # (SINGLE: on the plain plan)
                self.put_byte(tape[p] & 255)  # rule 11
                left -= 1
                pc += 1
                if stopping and _arrived(ops[pc], p, watch):
                    reason = Stop.BREAKPOINT
                    break
                continue
            elif k == IN or k == SINGLE and code[pc] == C_IN:  # rule 10
                b = self.read_byte()
                if b == NEEDS:
                    reason = Stop.NEEDS_INPUT
                    break
                if b != EOF:
                    tape[p] = b
                elif self.eof != "keep":
                    tape[p] = (-1 if self.eof == "-1" else 0) & mask
                left -= 1
                pc += 1
                if stopping and _arrived(ops[pc], p, watch):
                    reason = Stop.BREAKPOINT
                    break
                continue
            elif k == END:
                break
            # One command (rules 8, 9, 12): inside a run that was cut, or where a folded
            # operation could not tell which step would fail.
            c = code[pc]
            if c == PLUS or c == MINUS:
                v = tape[p]
                if strict and v == (mask if c == PLUS else 0):
                    self.ptr = p
                    return self._fail(pc, f"{'+' if c == PLUS else '-'} on {v}: the cell would "
                                      f"{'overflow' if c == PLUS else 'go below 0'} (--overflow error)", limit - left)
                tape[p] = (v + 1 if c == PLUS else v - 1) & mask
                pc += 1
            elif c == RIGHT:
                if p + 1 >= edge:
                    self.ptr = p
                    return self._fail(pc, f"> on cell {p}, the last of the tape (--tape-length {edge})", limit - left)
                p += 1
                if p == size:
                    tape.append(0)
                    size += 1
                pc += 1
            elif c == LEFT:
                if p == 0:
                    self.ptr = p
                    return self._fail(pc, "< on cell 0: there is no cell left of it", limit - left)
                p -= 1
                pc += 1
            elif c == C_OPEN:
                pc = pc + 1 if tape[p] else match[pc] + 1
            elif c == C_CLOSE:
                pc = match[pc] + 1 if tape[p] else pc + 1
            left -= 1
            if stopping and _arrived(ops[pc], p, watch):
                reason = Stop.BREAKPOINT
                break
        self.ptr, self.pc = p, pc
        self.steps += limit - left
        if pc == len(code):  # past the last command: halted (rule 14)
            self.status = Status.HALTED
            self.flush()
            return Stop.HALTED
        return reason


    def _building(self) -> Plan | None:
        """Build a slice (:data:`BUILD_SLICE` commands) of the plan without breakpoints: the plan
        once it is made, else ``None``.  :meth:`run` runs at most a slice's number of steps on
        the plain plan (:meth:`_plain_plan`) before the next slice, so a long run is soon on the
        plan."""
        builder = self._builder
        if builder is None:
            builder = self._builder = Builder(self._code, self._match, self.program.options)
        plan = builder.advance(self.build_slice)
        if plan is not None:
            self._plan = plan
            self._builder = self._plain = None
        return plan

    def _plain_plan(self) -> Plan:
        """The plan while the real one is built: every command run as itself (``SINGLE``; the run
        takes a ``.`` or ``,`` there for what it is)."""
        plain = self._plain
        if plain is None:
            n = len(self._code)
            plain = self._plain = Plan([Op(SINGLE, 0)] * n + [Op(END, n)], set(), False)
        return plain


def _arrived(op: Op, p: int, watch: set[int]) -> bool:
    """Whether arriving at ``op`` with the pointer at ``p`` stops: a breakpoint is on its
    command, or it writes a cell a write breakpoint watches."""
    return bool(op.stop & EXEC) or bool(op.stop) and p in watch
