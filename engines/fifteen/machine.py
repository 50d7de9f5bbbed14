"""The 15 machine (spec `fifteen.md`, rules 7–17).

The board is a flat list of piece labels, cell ``i`` = (``i // cols``, ``i % cols``); memory is a
list indexed by piece label, ``memory[0]`` being the accumulator (rule 8).  Commands are written
on the backboard, so each cell's command is decoded once, at start, into a kind, the neighbour
cell its move goes to, and an argument (rules 10–13).  Per-step work is O(1): the solved check
(rule 14) keeps a count of pieces at home, updated by each swap.
"""

from __future__ import annotations

from typing import Iterable

from ..compiled import mypyc_attr

from ..base import CellRef, Location, Machine, Status, Stop
from ..integers import Oversized, from_text, message, oversized, product_oversized
from ..iobuf import InputLog, Output
from .parser import Program

BOARD = "puzzle"  # the board's name in CellRefs and views

# Command kinds (rules 10–12).
BAD, MOVE, BRANCH, SLIDE = range(4)
# Effects of a MOVE's second character (rule 13); I/O effects come first, memory effects after.
NOP, IN, OUTNUM, OUTCHR, ZERO, ADD, SUB, MUL, DIV, LOAD, STORE, SWAP = range(12)
EFFECTS = {"?": IN, "!": OUTNUM, "X": OUTCHR, "0": ZERO, "+": ADD, "-": SUB, "*": MUL,
           "/": DIV, "@": LOAD, "=": STORE, "~": SWAP}
MOVES = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}

_NEEDS, _EOF = object(), object()  # what _read_value returns instead of a value


def neighbour(i: int, move: str, rows: int, cols: int) -> int:
    """The cell next to cell ``i`` the way ``move`` goes on a ``rows``×``cols`` board, or -1 off
    the board."""
    dr, dc = MOVES[move]
    r, c = divmod(i, cols)
    r, c = r + dr, c + dc
    return r * cols + c if 0 <= r < rows and 0 <= c < cols else -1


@mypyc_attr(native_class=False)  # compiled (setup.py) on a Python base class: a plugin's machine may be Python
class FifteenMachine(Machine):
    """A running 15 program.  See :class:`~esodbg.engines.base.Machine` for the contract."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        rows, cols = program.rows, program.cols
        self.cols = cols
        n = rows * cols
        self.board: list[int] = [label for row in program.puzzle for label in row]
        self.memory: list[int] = list(range(n))  # rule 8; memory[0] (accumulator) starts at 0
        self.inbuf = ""  # rule 15: what is left of the current input line
        self.bits = program.bits
        self._last = n - 1
        self._pieces = n - 1
        self._kind, self._dest, self._arg = [], [], []
        self._paths: dict[int, tuple[int, ...]] = {}
        self._no_stops = [False] * n

        for i, command in enumerate(cmd for row in program.commands for cmd in row):
            m, f = (command + "  ")[0], (command + "  ")[1]
            kind, dest, arg = BAD, -1, 0
            if m in MOVES:
                dest = neighbour(i, m, rows, cols)
                if f == m:  # rule 12: slide to the edge, one swap per cell on the way
                    kind, path, j = SLIDE, [], dest
                    while j >= 0:
                        path.append(j)
                        j = neighbour(j, m, rows, cols)
                    self._paths[i] = tuple(path)
                elif f in MOVES:  # rule 12: accumulator ≠ 0 ? move m : move f
                    kind, arg = BRANCH, neighbour(i, f, rows, cols)
                else:  # rule 13; an unknown or missing second character is a no-op
                    kind, arg = MOVE, EFFECTS.get(f, NOP)
            self._kind.append(kind)
            self._dest.append(dest)
            self._arg.append(arg)
        self._reindex()

    def _reindex(self) -> None:
        """Recompute the derived state: the empty space's cell and the pieces-at-home count."""
        self._p = self.board.index(0)
        self._ok = sum(1 for i, label in enumerate(self.board) if label == i + 1)

    # ----- the contract -----------------------------------------------------------------------
    def stores(self):
        return (("board", self.board), ("memory", self.memory))

    def registers(self) -> tuple:
        return (self.inbuf,)

    def set_registers(self, regs: tuple) -> None:
        (self.inbuf,) = regs
        self._reindex()

    def location(self) -> CellRef:
        return CellRef(BOARD, *divmod(self._p, self.cols))

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> list[bool] | None:
        """A flag per cell: stop when the empty space arrives there."""
        flags = [False] * len(self.board)
        rows = len(self.board) // self.cols
        for cell, _ in breakpoints:  # the only kind is exec
            if isinstance(cell, CellRef) and cell.board == BOARD and 0 <= cell.row < rows and 0 <= cell.col < self.cols:
                flags[cell.row * self.cols + cell.col] = True
        return flags if any(flags) else None

    # ----- input (rule 15) --------------------------------------------------------------------
    def _read_value(self):
        """The next input value for ``?``, or ``_NEEDS`` / ``_EOF``.  Commits nothing unless it
        returns a value; raises :class:`~esodbg.engines.integers.Oversized` for a number past the
        bound."""
        buf, pos = self.inbuf, self.in_pos
        while not buf:  # read lines, skipping empty ones
            if self.input.at_end(pos):
                return _EOF
            line = self.input.read_line(pos)
            if line is None:
                return _NEEDS
            buf, pos = line
        try:
            value, buf = from_text(buf, self.bits), ""
        except ValueError:
            value, buf = ord(buf[0]), buf[1:]
        self.inbuf, self.in_pos = buf, pos
        return value

    # ----- execution --------------------------------------------------------------------------
    def _fail(self, p: int, message: str, done: int) -> Stop:
        """Stop with a runtime error at cell ``p``; the failing step counts (``done`` before it)."""
        self.steps += done
        r, c = divmod(p, self.cols)
        command = self.program.commands[r][c]
        self._p = p
        return self.fail(f"command {command!r}: {message}", CellRef(BOARD, r, c), self.program.spans[r][c])

    def run(self, limit: int, stops: list[bool] | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        board, memory, write = self.board, self.memory, self.output.write
        kinds, dests, args, paths = self._kind, self._dest, self._arg, self._paths
        p, ok, last, pieces = self._p, self._ok, self._last, self._pieces
        stops = stops or self._no_stops
        # The kinds and effects as locals, and the four-line swap written out at each move rather
        # than called: this loop is the interpreter's whole speed (a call per step halves it).
        move, branch, slide = MOVE, BRANCH, SLIDE
        add, sub, mul, div, load, store = ADD, SUB, MUL, DIV, LOAD, STORE
        inp, outnum, outchr, zero = IN, OUTNUM, OUTCHR, ZERO
        bits: int = self.bits
        reason = Stop.LIMIT
        done = 0
        for done in range(1, limit + 1):
            kind = kinds[p]
            if kind == move:
                q, f = dests[p], args[p]
                if f >= add:  # memory effects: only if the move succeeds (rule 13)
                    if q >= 0:
                        label = board[q]
                        if f == div and memory[label] == 0:
                            self._ok = ok
                            return self._fail(p, "division by zero (the piece's memory is 0)", done - 1)
                        r = 0
                        if f == sub or f == add or f == mul:  # checked before the move (module docstring)
                            if f == mul and product_oversized(memory[0], memory[label], bits):
                                self._ok = ok
                                return self._fail(p, message(bits), done - 1)
                            r = memory[0] - memory[label] if f == sub else memory[0] + memory[label] if f == add \
                                else memory[0] * memory[label]
                            if oversized(r, bits):
                                self._ok = ok
                                return self._fail(p, message(bits), done - 1)
                        d = label - 1
                        ok += (p == d) - (q == d)
                        board[p], board[q] = label, 0
                        p = q
                        if f == sub or f == add or f == mul:
                            memory[0] = r
                        elif f == div:
                            memory[0] //= memory[label]
                        elif f == load:
                            memory[0] = memory[label]
                        elif f == store:
                            memory[label] = memory[0]
                        else:
                            memory[0], memory[label] = memory[label], memory[0]
                else:  # no-op and I/O effects: these happen even when the move fails (rule 13)
                    if f == inp:
                        try:
                            value = self._read_value()
                        except Oversized:
                            self._ok = ok
                            return self._fail(p, message(bits), done - 1)
                        if value is _NEEDS:
                            done -= 1
                            reason = Stop.NEEDS_INPUT
                            break
                        if value is _EOF:
                            self._ok = ok
                            return self._fail(p, "end of input", done - 1)
                    elif f == outchr and not 0 <= memory[0] <= 0x10FFFF:
                        self._ok = ok
                        return self._fail(p, f"accumulator {memory[0]} is not a character code (0 to 0x10FFFF)", done - 1)
                    if q >= 0:
                        label = board[q]
                        d = label - 1
                        ok += (p == d) - (q == d)
                        board[p], board[q] = label, 0
                        p = q
                    if f:
                        if f == outnum:
                            write(f"{memory[0]}\n")
                        elif f == outchr:
                            write(chr(memory[0]))
                        elif f == inp:
                            memory[0] = value
                        elif f == zero:
                            memory[0] = 0
            elif kind == branch:
                q = dests[p] if memory[0] else args[p]
                if q >= 0:
                    label = board[q]
                    d = label - 1
                    ok += (p == d) - (q == d)
                    board[p], board[q] = label, 0
                    p = q
            elif kind == slide:
                for q in paths[p]:
                    label = board[q]
                    d = label - 1
                    ok += (p == d) - (q == d)
                    board[p], board[q] = label, 0
                    p = q
            else:
                self._ok = ok
                return self._fail(p, "not a move: a command must start with ^ v < or >", done - 1)
            if p == last and ok == pieces:  # rule 14: solved, checked after every step
                self.status = Status.HALTED
                reason = Stop.HALTED
                break
            if stops[p]:
                reason = Stop.BREAKPOINT
                break
        self._p, self._ok = p, ok
        self.steps += done
        return reason
