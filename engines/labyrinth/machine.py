"""The Labyrinth machine (spec `labyrinth.md`), exactly as the reference ``labyrinth.rb`` behaves.

The maze is a flat list of ``W × H`` cell codes (:mod:`.parser`: a command is its character's
code point, a wall ≤ 0), cell ``(x, y)`` at ``y * W + x``; a rotation rewrites one row or column
of it (X1).  The main and auxiliary stacks are lists of Python integers (unbounded, K1), their
tops at the end; popping an empty one gives 0 (K2).  The direction is 0–3: north, east, south,
west, so a right turn is ``+1`` and a left turn ``+3`` (mod 4).

A step (T1) executes the command under the pointer, then chooses the direction at the pointer's
(possibly moved, X2) cell from its four neighbours and the main stack's top (D1–D5), then moves.
The step loop is the interpreter's whole speed: it keeps the state in locals and writes it back
when it stops, and is compiled by mypyc (the pure-Python fallback is the same code).
"""

from __future__ import annotations

from typing import Final, Iterable

from ..base import CellRef, Location, Status, Stop
from ..bytemachine import EOF, NEEDS, ByteMachine
from ..compiled import mypyc_attr
from ..integers import Oversized, bits_of, message, oversized, product_oversized
from ..iobuf import InputLog, Output
from .parser import Program

BOARD: Final = "maze"  # the board's name in CellRefs, views and data locations
NAMES: Final = "NESW"
DX: Final = (0, 1, 0, -1)  # by direction: north, east, south, west
DY: Final = (-1, 0, 1, 0)
EXEC: Final = 1  # a cell's stop flags: the pointer arrives at it; a rotation moves it
SHIFT: Final = 2
# (The step loop reads no tuple constant: mypyc builds a Final tuple anew at each use.)


def count(mask: int) -> int:
    """How many directions the mask of open neighbours holds (bit ``d``: direction ``d`` is no wall)."""
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1)


def only(mask: int) -> int:
    """The direction of a mask with one bit."""
    return 0 if mask == 1 else 1 if mask == 2 else 2 if mask == 4 else 3


def turn(mask: int, d: int, top: int) -> int:
    """The direction D1–D5 choose at a cell whose open neighbours are ``mask`` (bit ``k``:
    direction ``k`` is no wall), for a pointer facing ``d`` with ``top`` on the main stack: −1 to
    stay (D1, 0 neighbours), −2 for the random turn (D3 with the corridors left and right and a
    zero top: D6).  What the step loop does, inlined there; the view and hover explain with it."""
    n = count(mask)
    if n == 0:
        return -1
    if n == 1:
        return only(mask)
    if n == 2:
        back = (d + 2) & 3
        if mask >> back & 1:
            return only(mask ^ (1 << back))
        if mask >> d & 1:
            return d
        return (d + 3) & 3 if top < 0 else (d + 1) & 3 if top > 0 else -2
    t = (d + 3) & 3 if top < 0 else (d + 1) & 3 if top > 0 else d
    return t if mask >> t & 1 else (t + 2) & 3


def open_mask(grid: list[int], w: int, h: int, x: int, y: int) -> int:
    """The open neighbours of ``(x, y)``: bit ``k`` set when the cell in direction ``k`` is no
    wall (off the maze is a wall, G3)."""
    i = y * w + x
    mask = 0
    if y > 0 and grid[i - w] > 0:
        mask = 1
    if x < w - 1 and grid[i + 1] > 0:
        mask |= 2
    if y < h - 1 and grid[i + w] > 0:
        mask |= 4
    if x > 0 and grid[i - 1] > 0:
        mask |= 8
    return mask


@mypyc_attr(native_class=False)
class LabyrinthMachine(ByteMachine):
    """A running Labyrinth program.  See :class:`~esodbg.engines.base.Machine` for the contract;
    ``grid``, ``main`` and ``aux`` are its stores, the pointer ``x``, ``y``, ``d`` and the event
    counters its registers."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.width = program.width
        self.height = program.height
        self.grid: list[int] = list(program.cells)
        self.main: list[int] = []
        self.aux: list[int] = []
        start = program.start
        self.x, self.y = start if start is not None else (0, 0)
        self.d = 1  # east (G4)
        self.shifts = 0  # counters of the events (LANGUAGE.events)
        self.junctions = 0
        self.stalls = 0
        self.randoms = 0
        self._start_bytes(program.options.get("seed") or 0)
        self.bits = bits_of(program.options)
        if start is None:
            self.status = Status.HALTED  # nothing to run: exit 0 after 0 steps (G4)

    # ----- the contract -----------------------------------------------------------------------
    def stores(self) -> tuple:
        return (("grid", self.grid), ("main", self.main), ("aux", self.aux))

    def registers(self) -> tuple:
        return (self.x, self.y, self.d, self.in_byte, self.pending, self.rng, self.shifts, self.junctions,
                self.stalls, self.randoms)

    def set_registers(self, regs: tuple) -> None:
        (self.x, self.y, self.d, self.in_byte, self.pending, self.rng, self.shifts, self.junctions,
         self.stalls, self.randoms) = regs

    def may_change(self) -> tuple[tuple[str, object], ...]:
        """The main stack's top two and the slot above them (no command pops more than two or
        pushes more than one), the auxiliary stack's top and the slot above it, and the row or
        column a rotation at the pointer moves: a step stays O(1) but for a rotation's O(W) or O(H)."""
        n, m = len(self.main), len(self.aux)
        keys: list[tuple[str, object]] = [("main", i) for i in range(max(0, n - 2), n + 1)]
        keys += [("aux", i) for i in range(max(0, m - 1), m + 1)]
        keys += [("grid", i) for i in self.moved()]
        return tuple(keys)

    def moved(self) -> range:
        """The grid indices the next step's rotation moves (X1): a row or a column, or none."""
        if self.status is not Status.READY:
            return range(0)
        c = self.grid[self.y * self.width + self.x]
        if c != 60 and c != 62 and c != 94 and c != 118:
            return range(0)
        k = self.main[-1] if self.main else 0
        w = self.width
        if c == 60 or c == 62:
            row = (self.y + k) % self.height
            return range(row * w, row * w + w)
        col = (self.x + k) % w
        return range(col, col + w * self.height, w)

    def location(self) -> CellRef:
        return CellRef(BOARD, self.y, self.x)

    def next_touches(self) -> list[tuple[Location, str]]:
        """Exec at the pointer's cell; a rotation touches (kind ``shift``) every cell it moves."""
        out: list[tuple[Location, str]] = [(self.location(), "exec")]
        w = self.width
        out += [(CellRef(BOARD, i // w, i % w), "shift") for i in self.moved()]
        return out

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> list[list[int]] | None:
        """``[flags, rows, cols]``: a flag per cell, :data:`EXEC` (stop when the pointer arrives)
        and :data:`SHIFT` (stop before a rotation moves it), and how many cells of each row and
        each column have a shift flag (so the loop checks a rotation in O(1))."""
        w, h = self.width, self.height
        flags = [0] * (w * h)
        rows, cols = [0] * h, [0] * w
        for at, kinds in breakpoints:
            if isinstance(at, CellRef) and at.board == BOARD and 0 <= at.col < w and 0 <= at.row < h:
                i = at.row * w + at.col
                if "exec" in kinds:
                    flags[i] |= EXEC
                if "shift" in kinds and not flags[i] & SHIFT:
                    flags[i] |= SHIFT
                    rows[at.row] += 1
                    cols[at.col] += 1
        return [flags, rows, cols] if any(flags) else None

    # ----- execution --------------------------------------------------------------------------
    def _fail(self, message: str) -> Stop:
        """A runtime error at the pointer (R1; Machine.fail)."""
        return self.fail(message, self.location(), self.program.span(self.x, self.y))

    def run(self, limit: int, stops: list[list[int]] | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        grid, main, aux = self.grid, self.main, self.aux
        w: int = self.width
        h: int = self.height
        x: int = self.x
        y: int = self.y
        d: int = self.d
        shifts, junctions, stalls = self.shifts, self.junctions, self.stalls
        bits: int = self.bits
        # a shift stop somewhere: only then does the loop look at what a rotation moves
        shifting = stops is not None and (any(stops[1]) or any(stops[2]))
        reason = Stop.LIMIT
        done = 0
        while done < limit:
            i = y * w + x
            c = grid[i]
            # ----- the command (C); the frequent ones first
            if c == 34 or c == 39:  # " ' no-ops (D8)
                pass
            elif 48 <= c <= 57:  # a digit extends the top (C)
                v = main[-1] if main else 0
                v = v * 10 + (c - 48) if v >= 0 else v * 10 - (c - 48)
                if oversized(v, bits):
                    return self._too_big(x, y, d, shifts, junctions, stalls, done, bits)
                if main:
                    main[-1] = v
                else:
                    main.append(v)
            elif c == 58:  # :
                main.append(main[-1] if main else 0)
            elif c == 59:  # ;
                if main:
                    main.pop()
            elif c == 95:  # _
                main.append(0)
            elif c == 41:  # )
                if main:
                    main[-1] += 1
                else:
                    main.append(1)
            elif c == 40:  # (
                if main:
                    main[-1] -= 1
                else:
                    main.append(-1)
            elif c == 43 or c == 45 or c == 42 or c == 38 or c == 124 or c == 36:  # + - * & | $
                b = main[-1] if main else 0
                a = main[-2] if len(main) > 1 else 0
                if c == 43:
                    r = a + b
                elif c == 45:
                    r = a - b
                elif c == 42:
                    if product_oversized(a, b, bits):
                        return self._too_big(x, y, d, shifts, junctions, stalls, done, bits)
                    r = a * b
                elif c == 38:
                    r = a & b
                elif c == 124:
                    r = a | b
                else:
                    r = a ^ b
                if oversized(r, bits):  # a sum or difference one bit too long
                    return self._too_big(x, y, d, shifts, junctions, stalls, done, bits)
                del main[-2:]
                main.append(r)
            elif c == 47 or c == 37:  # / %: floored (C); y = 0 is the one runtime error (R1)
                if not (main and main[-1]):
                    self._save(x, y, d, shifts, junctions, stalls)
                    self.steps += done
                    a = main[-2] if len(main) > 1 else 0
                    return self._fail(f"division by zero ({a} {chr(c)} 0)")
                b = main.pop()
                a = main.pop() if main else 0
                main.append(a // b if c == 47 else a % b)
            elif c == 96:  # `
                if main:
                    main[-1] = -main[-1]
                else:
                    main.append(0)
            elif c == 126:  # ~
                if main:
                    main[-1] = ~main[-1]
                else:
                    main.append(-1)
            elif c == 125:  # }
                aux.append(main.pop() if main else 0)
            elif c == 123:  # {
                main.append(aux.pop() if aux else 0)
            elif c == 61:  # =
                a = aux.pop() if aux else 0
                b = main.pop() if main else 0
                aux.append(b)
                main.append(a)
            elif c == 35:  # #: the depth before the push, implicit zeros not counted
                main.append(len(main))
            elif c == 33:  # !
                self.put_text(str(main.pop() if main else 0))
            elif c == 46:  # .
                self.put_byte((main.pop() if main else 0) % 256)
            elif c == 92:  # \
                self.put_byte(10)
            elif c == 44:  # ,
                b = self.read_byte()
                if b == NEEDS:
                    reason = Stop.NEEDS_INPUT
                    break
                main.append(-1 if b == EOF else b)
            elif c == 63:  # ?
                try:
                    got = self.read_integer(bits)
                except Oversized:
                    return self._too_big(x, y, d, shifts, junctions, stalls, done, bits)
                if got is None:
                    reason = Stop.NEEDS_INPUT
                    break
                main.append(got)
            elif c == 60 or c == 62:  # < >: rotate a row (X1); the pointer rides on its own (X2)
                k = main.pop() if main else 0
                base = ((y + k) % h) * w
                if c == 60:
                    first = grid[base]
                    for j in range(base, base + w - 1):
                        grid[j] = grid[j + 1]
                    grid[base + w - 1] = first
                    if k % h == 0:
                        x = x - 1 if x > 0 else w - 1
                else:
                    last = grid[base + w - 1]
                    for j in range(base + w - 1, base, -1):
                        grid[j] = grid[j - 1]
                    grid[base] = last
                    if k % h == 0:
                        x = x + 1 if x < w - 1 else 0
                shifts += 1
            elif c == 94 or c == 118:  # ^ v: rotate a column
                k = main.pop() if main else 0
                col = (x + k) % w
                end = col + w * (h - 1)
                if c == 94:
                    first = grid[col]
                    for j in range(col, end, w):
                        grid[j] = grid[j + w]
                    grid[end] = first
                    if k % w == 0:
                        y = y - 1 if y > 0 else h - 1
                else:
                    last = grid[end]
                    for j in range(end, col, -w):
                        grid[j] = grid[j - w]
                    grid[col] = last
                    if k % w == 0:
                        y = y + 1 if y < h - 1 else 0
                shifts += 1
            elif c == 64:  # @: the end; this step counts (T1)
                done += 1
                self._save(x, y, d, shifts, junctions, stalls)
                self.steps += done
                self.status = Status.HALTED
                self.flush()
                return Stop.HALTED
            # ----- the direction (D1–D5), at the pointer's cell now, from the top now: open_mask,
            # count, only and turn, inlined (a call a step is a fifth of the pure loop's time)
            i = y * w + x
            mask = 0
            if y > 0 and grid[i - w] > 0:
                mask = 1
            if x < w - 1 and grid[i + 1] > 0:
                mask |= 2
            if y < h - 1 and grid[i + w] > 0:
                mask |= 4
            if x > 0 and grid[i - 1] > 0:
                mask |= 8
            n = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3)
            if n == 2:  # D3: not back; else straight on; else (left and right) by the top
                back = (d + 2) & 3
                if mask >> back & 1:
                    other = mask ^ (1 << back)
                    d = 0 if other == 1 else 1 if other == 2 else 2 if other == 4 else 3
                elif not mask >> d & 1:
                    top = main[-1] if main else 0
                    if top < 0:
                        d = (d + 3) & 3
                    elif top > 0:
                        d = (d + 1) & 3
                    else:  # D6: random, replayed by stepping back (the generator is a register)
                        d = (d + 3) & 3 if self.random4() & 1 else (d + 1) & 3
                        self.randoms += 1
            elif n == 1:  # D2
                d = 0 if mask == 1 else 1 if mask == 2 else 2 if mask == 4 else 3
            elif n >= 3:  # D4, D5: left for negative, straight on for 0, right for positive
                top = main[-1] if main else 0
                t = (d + 3) & 3 if top < 0 else (d + 1) & 3 if top > 0 else d
                if not mask >> t & 1:
                    t = (t + 2) & 3  # D4: into the wall: the opposite way
                d = t
                junctions += 1
            if n == 0:  # D1: stay
                stalls += 1
            elif d == 1:
                x += 1
            elif d == 3:
                x -= 1
            elif d == 2:
                y += 1
            else:
                y -= 1
            done += 1
            if stops is not None:
                i = y * w + x
                if stops[0][i] & EXEC or shifting and (grid[i] == 60 or grid[i] == 62 or grid[i] == 94 or grid[i] == 118) \
                        and self._shift_stop(stops, x, y):
                    reason = Stop.BREAKPOINT
                    break
        self._save(x, y, d, shifts, junctions, stalls)
        self.steps += done
        return reason

    def _too_big(self, x: int, y: int, d: int, shifts: int, junctions: int, stalls: int, done: int,
                 bits: int) -> Stop:
        """The step at (x, y) would make an integer past the bound (:mod:`..integers`): a runtime
        error, nothing changed."""
        self._save(x, y, d, shifts, junctions, stalls)
        self.steps += done
        return self._fail(message(bits))

    def _shift_stop(self, stops: list[list[int]], x: int, y: int) -> bool:
        """Whether the command at ``(x, y)`` is a rotation that moves a cell with a shift
        breakpoint (the main stack's top is its offset)."""
        w, h = self.width, self.height
        c = self.grid[y * w + x]
        if c == 60 or c == 62:
            rows = stops[1]
            k = self.main[-1] if self.main else 0
            return rows[(y + k) % h] > 0
        if c == 94 or c == 118:
            cols = stops[2]
            k = self.main[-1] if self.main else 0
            return cols[(x + k) % w] > 0
        return False

    def _save(self, x: int, y: int, d: int, shifts: int, junctions: int, stalls: int) -> None:
        self.x, self.y, self.d = x, y, d
        self.shifts, self.junctions, self.stalls = shifts, junctions, stalls
