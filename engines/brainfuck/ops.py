"""The folded operations the Brainfuck fast loop runs (spec `brainfuck.md`, "Speed anchors").

A :class:`Plan` gives every command index ``i`` (and the end, ``len(code)``) an :class:`Op`: the
operation that runs when the instruction pointer is there.  An ``Op`` is a record of native
integers (mypyc compiles its fields to plain struct members, no boxing), of one of these kinds:

* ``BLOCK``: a straight run of ``+ - < >`` from ``i`` (to the run's end, or to the next command
  a breakpoint is on): the net change of each cell it touches (its *pairs*: offset from the
  pointer, delta, and the lowest and highest running delta, for ``--overflow error``), the net
  move, the lowest and highest offset the pointer visits, and its length in commands (= steps);
  where the run ends at a ``[`` or ``]`` the plan does not fold and no breakpoint is on, its
  *tail*: that bracket's test, one step more, so a pass of a loop whose body ends in a block is
  one operation (and a loop whose body is that block alone, ``[-<<]``, runs pass after pass in
  that operation while the passes fit);
* ``LOOP`` at a ``[`` and at its ``]`` (both test the cell the same way): a loop whose body is
  straight ``+ - < >`` with no net move and one ``+`` or ``-`` on the cell it tests (``[-]``,
  ``[+]``, move and multiply loops ``[->+>+++<<]``): run ``v`` times as one operation, each
  other cell getting ``v`` times its delta, the tested cell 0.  A body of ``b`` commands run ``v``
  times is ``1 + v·(b+1)`` steps (the test that finds 0 included);
* ``SCAN`` at both brackets of ``[>]``, ``[<<]``…: a search for the nearest zero cell ``s`` apart;
* ``OPEN``, ``CLOSE``, ``OUT``, ``IN``: the commands themselves, their jumps precomputed;
* ``SINGLE``: one command at a time (inside a run whose first commands already ran: after a
  step budget or breakpoint cut it);
* ``END``: past the last command.

Every step stays one command: a folded operation runs only when all its steps fit in the step
budget and no breakpoint is on a command inside it (the plan for a set of breakpoints cuts runs
at them and leaves loops holding one unfolded); a loop runs as many whole passes as fit and
goes on command by command.  Where the folded form cannot tell which step would fail (the left
edge, ``--tape-length``, ``--overflow error``) the commands run one at a time, and the failing one
stops the run (rules 8, 9, 15).
"""

from __future__ import annotations

from time import sleep
from typing import TYPE_CHECKING, Final

from .parser import CLOSE as C_CLOSE, IN as C_IN, LEFT, MINUS, OPEN as C_OPEN, OUT as C_OUT, PLUS, RIGHT, Options

if TYPE_CHECKING:  # mypyc's native integers; plain ints when the module runs as Python
    from mypy_extensions import i64

# Operation kinds, in the order the fast loop tests them (most frequent first).
BLOCK: Final = 0
CLOSE: Final = 1
LOOP: Final = 2
OPEN: Final = 3
SCAN: Final = 4
OUT: Final = 5
IN: Final = 6
SINGLE: Final = 7
END: Final = 8

# Compiled code never lets another thread run by itself: a plan's build lets them every so many
# commands (sleep(0) gives up the interpreter lock), so that a debugger's requests are answered
# while a 1 MB program's plan is built (esodbg dap: pause, threads, disconnect; issue 44).
BREATHE: Final = 1 << 15

# A block's tail: the unfolded ``]`` or ``[`` just after it, with no breakpoint on it, tested in
# the block's operation (one dispatch a pass of a loop whose body ends in a block).
TAIL_CLOSE: Final = 1
TAIL_OPEN: Final = 2

EXEC: Final = 1  # a flag: stop on arriving at the command
WRITE: Final = 2  # a flag: stop on arriving at the command if it writes a watched cell


class Op:
    """The operation at one command index (module docstring).

    ``nxt`` is the index after the operation (after a loop: its ``]`` + 1; the jump of ``[`` and
    ``]``), ``alt`` a loop's first body command (where a pass that did not fit goes on); ``cost``
    a block's commands, a loop's body length; ``move`` a block's net move, a scan's stride;
    ``step`` a loop's delta on its tested cell (±1); ``lo``/``hi`` the lowest and highest offset the pointer
    reaches.  ``pairs`` cells change: the first two are ``o0, d0`` and ``o1, d1``, all of them
    ``offs``, ``deltas`` (and their running extremes ``dlo``, ``dhi``).  ``stop``: the breakpoint
    flags of this command (:data:`EXEC`, :data:`WRITE`).  ``tail``: a block's bracket test run
    in the same operation (:data:`TAIL_CLOSE`, :data:`TAIL_OPEN`, or 0), the bracket being at
    ``nxt`` and ``alt`` where its test jumps to."""

    kind: i64
    nxt: i64
    alt: i64
    cost: i64
    move: i64
    lo: i64
    hi: i64
    pairs: i64
    o0: i64
    d0: int  # deltas are ints: cell arithmetic stays exact for unbounded cells
    o1: i64
    d1: int
    step: int  # a loop's delta on its tested cell (±1), as an int for the same reason
    stop: i64
    tail: i64
    offs: list[int]
    deltas: list[int]
    dlo: list[int]
    dhi: list[int]

    def __init__(self, kind: int, nxt: int) -> None:
        self.kind = kind
        self.nxt = nxt
        self.alt = self.cost = self.move = self.lo = self.hi = 0
        self.pairs = self.o0 = self.d0 = self.o1 = self.d1 = self.step = self.stop = self.tail = 0
        self.offs = []
        self.deltas = []
        self.dlo = []
        self.dhi = []

    def set_pairs(self, cells: list[tuple[int, int, int, int]], strict: bool) -> None:
        """The cells that change (with ``--overflow error``, those that may fail too)."""
        for o, d, a, b in cells:
            if d or strict and (a or b):
                self.offs.append(o)
                self.deltas.append(d)
                self.dlo.append(a)
                self.dhi.append(b)
        self.pairs = len(self.offs)
        if self.pairs:
            self.o0, self.d0 = self.offs[0], self.deltas[0]
        if self.pairs > 1:
            self.o1, self.d1 = self.offs[1], self.deltas[1]


class Plan:
    """The operations of one program for one set of breakpoints: ``ops[i]`` for every command
    index and the end; ``watch``, the tape cells a write breakpoint is on; ``stopping``, some
    operation has a breakpoint flag."""

    ops: list[Op]
    watch: set[int]
    stopping: bool

    def __init__(self, ops: list[Op], watch: set[int], stopping: bool) -> None:
        self.ops = ops
        self.watch = watch
        self.stopping = stopping


def _straight(c: int) -> bool:
    return c == PLUS or c == MINUS or c == LEFT or c == RIGHT


def _summary(code: bytes, start: int, end: int) -> tuple[list[tuple[int, int, int, int]], int, int, int]:
    """What the straight run ``code[start:end]`` does: per cell it touches, in order of the first
    touch, ``(offset, net delta, lowest running delta, highest running delta)``; then the net move
    and the lowest and highest offset the pointer visits."""
    cells: dict[int, list[int]] = {}
    pos = lo = hi = 0
    for i in range(start, end):
        c = code[i]
        if c == RIGHT:
            pos += 1
            hi = max(hi, pos)
        elif c == LEFT:
            pos -= 1
            lo = min(lo, pos)
        else:
            cell = cells.setdefault(pos, [0, 0, 0])
            cell[0] += 1 if c == PLUS else -1
            cell[1] = min(cell[1], cell[0])
            cell[2] = max(cell[2], cell[0])
    return [(o, d, a, b) for o, (d, a, b) in cells.items()], pos, lo, hi


class Builder:
    """A :class:`Plan` built in pieces: :meth:`advance` does some of the work and returns the
    plan once it is done, so that a run can go on (one command at a time) and a debugger's pause
    be seen while a 1 MB program's plan is built (issue 44); the pieces make the plan
    :func:`build` makes.  The passes over the program: the write flags (with ``watch``), the
    operations of single commands and how many breakpoints come before each command, the runs
    of ``+ - < >``, the loops, the blocks' tails."""

    code: bytes
    match: list[int]
    options: Options
    flags: list[int]
    watch: frozenset[int]
    ops: list[Op]
    cut: list[int]  # cut[i]: how many commands before i a breakpoint is on
    shared: list[Op]  # the operations of ., , and one command, shared where no breakpoint is on them
    phase: i64  # the pass under way (0 … 4), 5 once the plan is made
    at: i64  # the next command of the pass
    plan: Plan | None

    def __init__(self, code: bytes, match: list[int], options: Options, stops: frozenset[int] = frozenset(),
                 watch: frozenset[int] = frozenset()) -> None:
        n = len(code)
        self.code = code
        self.match = match
        self.options = options
        self.flags = [0] * n
        for i in stops:
            if 0 <= i < n:
                self.flags[i] |= EXEC
        self.watch = watch
        self.ops = []
        self.cut = [0] * (n + 1)
        self.shared = [Op(SINGLE, 0), Op(OUT, 0), Op(IN, 0)]
        self.phase = 0 if watch else 1
        self.at = 0
        self.plan = None

    def advance(self, work: int) -> Plan | None:
        """Build on for about ``work`` commands (a command counts once in each pass it is read
        in; a run of ``+ - < >`` is never split); the plan once it is made, else ``None``."""
        code, flags, ops, cut = self.code, self.flags, self.ops, self.cut
        n: i64 = len(code)
        left: i64 = work
        while left > 0 and self.phase < 5:
            i: i64 = self.at
            end: i64 = min(n, i + left)
            if self.phase == 0:  # the commands that may write a watched cell
                for k in range(i, end):
                    c = code[k]
                    if c == PLUS or c == MINUS or c == C_IN:
                        flags[k] |= WRITE
                i = end
            elif self.phase == 1:  # the operations of single commands, the breakpoints before each
                single, out, in_ = self.shared[0], self.shared[1], self.shared[2]
                for k in range(i, end):
                    c = code[k]
                    f = flags[k]
                    if c == C_OPEN or c == C_CLOSE:
                        op = Op(OPEN if c == C_OPEN else CLOSE, self.match[k] + 1)
                        op.stop = f
                    elif f:
                        op = Op(OUT if c == C_OUT else IN if c == C_IN else SINGLE, k + 1)
                        op.stop = f
                    else:
                        op = out if c == C_OUT else in_ if c == C_IN else single
                    ops.append(op)
                    cut[k + 1] = cut[k] + (f != 0)
                i = end
                if i == n:
                    ops.append(Op(END, n))
            elif self.phase == 2:  # the runs of + - < >
                strict = self.options.strict
                while i < end:
                    if not _straight(code[i]):
                        i += 1
                        continue
                    j = i
                    while j < n and _straight(code[j]):
                        j += 1
                    starts = [i] + [k for k in range(i + 1, j) if flags[k]]
                    for s, e in zip(starts, starts[1:] + [j]):
                        op = ops[s] = Op(BLOCK, e)
                        op.stop = flags[s]
                        _block(op, code, s, e, strict)
                    i = j
            elif self.phase == 3:  # the loops with no breakpoint inside
                match = self.match
                for o in range(i, end):
                    if code[o] == C_OPEN and cut[match[o] + 1] == cut[o + 1]:
                        _loop(ops, code, o, match[o], self.options)
                i = end
            else:  # the tails of the blocks (after the loops: a folded loop's bracket is no tail)
                for k in range(i, end):
                    op = ops[k]
                    if op.kind == BLOCK and op.nxt < n:
                        bracket = ops[op.nxt]
                        if bracket.stop == 0 and (bracket.kind == CLOSE or bracket.kind == OPEN):
                            op.tail = TAIL_CLOSE if bracket.kind == CLOSE else TAIL_OPEN
                            op.alt = bracket.nxt
                i = end
            left -= max(i - self.at, 1)
            self.at = i
            if i >= n:
                self.phase += 1
                self.at = 0
        if self.phase == 5 and self.plan is None:
            self.plan = Plan(ops, set(self.watch), cut[n] > 0)
        return self.plan


def build(code: bytes, match: list[int], options: Options, stops: frozenset[int] = frozenset(),
          watch: frozenset[int] = frozenset()) -> Plan:
    """The :class:`Plan` of the commands ``code`` (brackets matched by ``match``), with
    breakpoints on the commands ``stops`` and on writes to the tape cells ``watch``, in one go
    (another thread runs every :data:`BREATHE` commands).  Linear in the program's length: the
    commands inside a run, and ``.`` and ``,``, share one operation of their kind unless a
    breakpoint is on them."""
    builder = Builder(code, match, options, stops, watch)
    plan = builder.advance(BREATHE)
    while plan is None:
        sleep(0)
        plan = builder.advance(BREATHE)
    return plan


def _block(op: Op, code: bytes, s: int, e: int, strict: bool) -> None:
    cells, move, lo, hi = _summary(code, s, e)
    op.cost = e - s
    op.move = move
    op.lo = lo
    op.hi = hi
    op.set_pairs(cells, strict)


def _loop(ops: list[Op], code: bytes, o: int, c: int, options: Options) -> None:
    """Fold the loop ``code[o]`` … ``code[c]`` if its body is one the fast loop knows."""
    body = code[o + 1:c]
    if not body or not all(_straight(b) for b in body):
        return
    cells, move, lo, hi = _summary(code, o + 1, c)
    if all(b == RIGHT for b in body) or all(b == LEFT for b in body):
        kind, arg, others = SCAN, move, []
    else:
        if not counted(code, o, c):
            return
        arg = next(d for offset, d, _, _ in cells if offset == 0)
        if options.strict and arg > 0:
            return  # [+]-like in sized cells: it can only end by an overflow, an error here
        kind, others = LOOP, [cell for cell in cells if cell[0] != 0]
    for at in (o, c):
        op = ops[at]
        op.kind = kind
        op.nxt = c + 1
        op.alt = o + 1
        op.cost = c - o - 1
        op.move = op.step = arg
        op.lo = lo
        op.hi = hi
        op.set_pairs(others, options.strict)


def counted(code: bytes, o: int, c: int) -> bool:
    """Whether the loop ``code[o]`` … ``code[c]`` runs as many times as its tested cell says: its
    body is straight ``+ - < >`` with no net move and exactly one ``+`` or ``-`` on the tested
    cell (``[-]``, ``[->+<]``, ``[->++>+++<<]``)."""
    if c <= o + 1 or not all(_straight(b) for b in code[o + 1:c]):
        return False
    _, move, _, _ = _summary(code, o + 1, c)
    return move == 0 and _touches(code, o + 1, c) == 1


def _touches(code: bytes, start: int, end: int) -> int:
    """How many ``+``/``-`` commands of ``code[start:end]`` run on the cell the run starts at."""
    pos = count = 0
    for i in range(start, end):
        c = code[i]
        if c == RIGHT:
            pos += 1
        elif c == LEFT:
            pos -= 1
        elif pos == 0:
            count += 1
    return count


def apply(tape: list[int], size: i64, p: i64, op: Op, times: int, mask: int) -> i64:
    """Run ``times`` passes of ``op``'s pairs from the pointer ``p`` (each cell they touch gets
    ``times`` its delta, in the cells' arithmetic: ``& mask``, −1 for unbounded cells), the tape
    of ``size`` cells first grown to the highest offset the pointer reaches; the tape's new size.
    The one place a block (one pass) and a counted loop (``times`` passes) change the tape: the
    caller has checked that the passes fit (the edges, ``--overflow error``: :func:`fits`)."""
    top = p + op.hi
    while top >= size:
        tape.append(0)
        size += 1
    m = op.pairs
    if m:
        if times == 1:
            q = p + op.o0
            tape[q] = (tape[q] + op.d0) & mask
            if m > 1:
                q = p + op.o1
                tape[q] = (tape[q] + op.d1) & mask
                if m > 2:
                    offs, deltas = op.offs, op.deltas
                    for j in range(2, m):
                        q = p + offs[j]
                        tape[q] = (tape[q] + deltas[j]) & mask
        else:
            q = p + op.o0
            tape[q] = (tape[q] + op.d0 * times) & mask
            if m > 1:
                q = p + op.o1
                tape[q] = (tape[q] + op.d1 * times) & mask
                if m > 2:
                    offs, deltas = op.offs, op.deltas
                    for j in range(2, m):
                        q = p + offs[j]
                        tape[q] = (tape[q] + deltas[j] * times) & mask
    return size


def fits(tape: list[int], p: int, op: Op, times: int, mask: int) -> bool:
    """With ``--overflow error``: whether ``times`` passes of ``op``'s pairs keep every cell they
    touch within ``0 … mask`` at every step (each pass changes a cell by its delta, passing
    through its lowest and highest running delta on the way)."""
    offs, deltas, dlo, dhi = op.offs, op.deltas, op.dlo, op.dhi
    for j in range(len(offs)):
        q = p + offs[j]
        v = tape[q] if q < len(tape) else 0
        d = deltas[j]
        low = v + dlo[j] + (d * (times - 1) if d < 0 else 0)
        high = v + dhi[j] + (d * (times - 1) if d > 0 else 0)
        if low < 0 or high > mask:
            return False
    return True
