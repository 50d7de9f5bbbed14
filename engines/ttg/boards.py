"""Tic Tac Toe Grow boards and the orders over them (spec `ttg.md` §B–§D).

A :class:`Board` is an immutable value: a set of on-board cells (its :class:`Shape`) and the
values of the non-Empty ones.  Every change makes a new board that shares almost everything
with the old one (the values live in an ``immutables.Map``, a persistent hash trie), so the
machine's whole state is a handful of references: a Backspace record, a saved state (``s``), an
``@`` frame's private copy and a debugger checkpoint each cost O(1).

Coordinates are ``(row, col)`` with rows growing downward.  Growth adds cells (possibly at
negative indices) and never renumbers existing ones.  A cell keeps its coordinate for life, even
when ``c`` turns the board (R27): a board counts its quarter turns clockwise, and its cells are
*drawn* — and read in reading order, typed into, walked — where the turns put them
(:meth:`Board.physical`).  So turning a board costs O(1) whatever its size, frames and
breakpoints stay on their cells without being moved (R45), and a turned board shares all its
storage with the unturned one.

Values (R5): a Num is a Python ``int``, a Str a non-empty ``str``; Empty is the absence of a
value.  The Space string ``" "`` is a value like any other except that it never grows a board
(R6, R34).
"""

from __future__ import annotations

import os
from bisect import bisect_left, bisect_right, insort
from functools import lru_cache
from typing import Iterable, Iterator

import immutables
from sortedcontainers import SortedList

from .lines import Line

Coord = tuple[int, int]
CellValue = int | str  # a Num or a Str (R5); Empty is the absence of a value
Keys = list[Coord] | SortedList  # a board's non-Empty cells in reading order (see Board)

L, U, R, D = "L", "U", "R", "D"
OPPOSITE = {L: R, R: L, U: D, D: U}
TURN = {0: {L: D, D: R, R: U, U: L}, 1: {L: U, U: R, R: D, D: L}}  # R11: 0 turns left, 1 right
CCW = {R: U, U: L, L: D, D: R}  # a direction turned a quarter counter-clockwise
DECODE = {(0, 0): L, (0, 1): U, (1, 0): R, (1, 1): D}  # R9: two bits to a direction
SPACE = " "
NEIGHBOURS = ((-1, 0), (0, -1), (0, 1), (1, 0))

# How a board turned t quarter turns clockwise is laid out, in terms of its cells' own
# coordinates.  A cell (r, c) is drawn at (c, -r) after one turn, so after one turn the drawn
# rows are the cells' columns, in increasing order, each read with r decreasing; and so on.
# ORIENT[t] = (drawn rows, drawn columns), each as (lines are rows?, lines in decreasing order?,
# cells of a line in decreasing order?).
ORIENT = (
    ((True, False, False), (False, False, False)),
    ((False, False, True), (True, True, False)),
    ((True, True, True), (False, True, True)),
    ((False, True, False), (True, False, True)),
)


def norm(value: CellValue | None) -> CellValue | None:
    """R5: a digit character becomes its Num, Num 0 becomes Empty (``None``); else unchanged."""
    if value.__class__ is str:
        if len(value) == 1 and "0" <= value <= "9":
            value = ord(value) - 48
        else:
            return value
    return None if value == 0 else value


def display(value: CellValue) -> str:
    """R42: a Num in decimal (with ``-`` if negative), a Str as it is."""
    return value if value.__class__ is str else str(value)


def _quarter(coord: Coord) -> Coord:
    """Where a quarter turn clockwise draws the cell ``(r, c)``: at ``(c, −r)`` (R27)."""
    return coord[1], -coord[0]


def _unquarter(coord: Coord) -> Coord:
    """The inverse of :func:`_quarter`."""
    return -coord[1], coord[0]


def _cell(by_rows: bool, key: int, x: int) -> Coord:
    """The cell at ``x`` on line ``key`` of the rows (``by_rows``) or of the columns."""
    return (key, x) if by_rows else (x, key)


class Shape:
    """A set of on-board coordinates and the orders over it, for a board turned ``t`` quarter
    turns (``t`` in 0..3; see :data:`ORIENT`).

    Boards whose values differ but whose cells are the same share one shape, so typing and
    putting never recompute an order; only growth makes a new shape.  ``rows`` maps a row to its
    columns, ``cols`` a column to its rows, each a :class:`~.lines.Line`; ``row_keys`` and
    ``col_keys`` are the rows and columns that hold cells, as lines too.  All of it is
    immutable and persistent: a grown shape shares every line that did not change, and a
    changed line costs O(its runs), not O(its length) — the Backspace records (R17) keep every
    shape a run ever had, so this is what keeps their memory linear."""

    __slots__ = ("rows", "cols", "row_keys", "col_keys", "size")

    def __init__(self, rows: immutables.Map, cols: immutables.Map, size: int,
                 row_keys: Line | None = None, col_keys: Line | None = None) -> None:
        self.rows, self.cols, self.size = rows, cols, size
        self.row_keys = row_keys if row_keys is not None else Line.of(rows.keys())
        self.col_keys = col_keys if col_keys is not None else Line.of(cols.keys())

    @classmethod
    def of(cls, coords: Iterable[Coord]) -> Shape:
        rows: dict[int, list[int]] = {}
        cols: dict[int, list[int]] = {}
        size = 0
        for r, c in set(coords):
            rows.setdefault(r, []).append(c)
            cols.setdefault(c, []).append(r)
            size += 1
        return cls(immutables.Map({r: Line.of(line) for r, line in rows.items()}),
                   immutables.Map({c: Line.of(line) for c, line in cols.items()}), size)

    def __contains__(self, coord: Coord) -> bool:
        line = self.rows.get(coord[0])
        return line is not None and coord[1] in line

    def grown(self, new: list[Coord]) -> Shape:
        """This shape plus the off-board coordinates ``new``: only the lines that change are
        made again, each in O(its runs)."""
        rows: dict[int, list[int]] = {}
        cols: dict[int, list[int]] = {}
        for r, c in new:
            rows.setdefault(r, []).append(c)
            cols.setdefault(c, []).append(r)
        return Shape(_with(self.rows, rows), _with(self.cols, cols), self.size + len(new),
                     _keys_with(self.row_keys, self.rows, rows), _keys_with(self.col_keys, self.cols, cols))

    def _lines_of(self, t: int, drawn_rows: bool) -> tuple[bool, immutables.Map, Line, bool, bool]:
        """The drawn rows (or columns) of the shape turned ``t`` times: ``(by_rows, table,
        keys, keys_desc, desc)`` — the lines are ``table[key]`` for ``key`` in ``keys``, drawn
        in decreasing order of key if ``keys_desc``; they are rows of the shape if ``by_rows``;
        ``desc`` if a line's cells are drawn in decreasing order."""
        by_rows, keys_desc, desc = ORIENT[t][0 if drawn_rows else 1]
        return by_rows, self.rows if by_rows else self.cols, self.row_keys if by_rows else self.col_keys, \
            keys_desc, desc

    def top_left(self, t: int = 0) -> Coord:
        """R6: the first cell in reading order, as drawn: the leftmost cell of the top row."""
        by_rows, table, keys, keys_desc, desc = self._lines_of(t, True)
        key = keys[-1] if keys_desc else keys[0]
        line = table[key]
        return _cell(by_rows, key, line[-1] if desc else line[0])

    def reading(self, t: int = 0) -> Iterator[Coord]:
        """R6: every cell in reading order as drawn: row by row from the top, left to right."""
        by_rows, table, keys, keys_desc, desc = self._lines_of(t, True)
        for key in reversed(keys) if keys_desc else keys:
            line = reversed(table[key]) if desc else table[key]
            if by_rows:
                yield from ((key, x) for x in line)
            else:
                yield from ((x, key) for x in line)

    def after(self, coord: Coord, t: int = 0) -> Coord | None:
        """R19: the next on-board cell after ``coord`` (on the board) in reading order as
        drawn, ``None`` after the last cell."""
        by_rows, table, keys, keys_desc, desc = self._lines_of(t, True)
        key, x = coord if by_rows else (coord[1], coord[0])
        line = table[key]
        i = line.rank(x) - 1 if desc else line.rank_after(x)
        if 0 <= i < len(line):
            x = line[i]
        else:  # the first cell of the next line as drawn
            j = keys.rank(key) + (-1 if keys_desc else 1)
            if not 0 <= j < len(keys):
                return None
            key = keys[j]
            x = table[key][-1] if desc else table[key][0]
        return _cell(by_rows, key, x)

    def forward(self, pos: Coord, d: str) -> Coord:
        """R11: the next on-board cell from ``pos`` in direction ``d`` (of the cells' own
        coordinates) along its row or column, wrapping round (the torus); ``pos`` itself if it
        is alone on its line."""
        r, c = pos
        if d == R:
            return r, self.rows[r].following(c)
        if d == L:
            return r, self.rows[r].preceding(c)
        if d == D:
            return self.cols[c].following(r), c
        return self.cols[c].preceding(r), c

    def walk(self, memdir: str, turn: int, t: int = 0) -> Walk:
        """R11, the memory order for ``memdir`` and ``turn`` of the shape turned ``t`` times
        (computed as far as it is read).  Only the walks of the last few shapes are kept: the
        Backspace records (R17) keep every shape a run ever had, and a walk costs ~100 bytes a
        cell, where a shape shares most of its lines with the one it grew from."""
        return _walk(self, memdir, turn, t)

    def _lines(self, d: str, t: int) -> Iterator[tuple[bool, int, Line, int, int]]:
        """R12: the typing order for the drawn direction ``d`` as lines — drawn rows for L/R,
        drawn columns for U/D — each as ``(by_rows, key, line, start, step)``: the line's cells
        are ``line[(start + step·j) % len(line)]``.  The first line starts at the top-left cell;
        each next one just past where the previous one ended ("shift by one and go forward"),
        wrapping through walls.  Columns run from the top-left cell's rightwards, then wrap to
        the leftmost."""
        row_major = d in (L, R)
        by_rows, table, keys, keys_desc, desc = self._lines_of(t, row_major)
        count = len(keys)
        first = 0  # drawn position of the first line
        if not row_major:  # the top-left cell's column first
            top_left = self.top_left(t)
            first = keys.rank(top_left[0] if by_rows else top_left[1])
            if keys_desc:
                first = count - 1 - first
        step = (1 if d in (R, D) else -1) * (-1 if desc else 1)
        last = None
        for j in range(count):
            p = (first + j) % count
            key = keys[count - 1 - p if keys_desc else p]
            line = table[key]
            n = len(line)
            if last is None:  # the top-left cell is the first cell of its row and of its column
                start = n - 1 if desc else 0
            elif step == 1:
                start = line.rank_after(last) % n
            else:
                start = (line.rank(last) - 1) % n
            last = line[(start + step * (n - 1)) % n]
            yield by_rows, key, line, start, step

    def typing_order(self, d: str, t: int = 0) -> list[Coord]:
        """R12: the mainBoard typing order for the drawn direction ``d``: every cell, 1-based
        position ``k`` at index ``k - 1``."""
        return [_cell(by_rows, key, line[(start + step * j) % len(line)])
                for by_rows, key, line, start, step in self._lines(d, t) for j in range(len(line))]

    def typing_cell(self, d: str, k: int, t: int = 0) -> Coord:
        """``typing_order(d, t)[k - 1]`` without building the whole order (1 ≤ k ≤ size):
        each line before the one holding ``k`` costs a bisection."""
        for by_rows, key, line, start, step in self._lines(d, t):
            n = len(line)
            if k <= n:
                return _cell(by_rows, key, line[(start + step * (k - 1)) % n])
            k -= n
        raise IndexError(k)


def _with(table: immutables.Map, added: dict[int, list[int]]) -> immutables.Map:
    """``table`` (line key → :class:`Line`) with the values ``added[key]`` added to each line."""
    with table.mutate() as lines:
        for key, values in added.items():
            line = table.get(key)
            lines[key] = Line.of(values) if line is None else line.with_values(values)
        return lines.finish()


def _keys_with(keys: Line, table: immutables.Map, added: dict[int, list[int]]) -> Line:
    """The line keys ``keys`` of ``table`` plus those of ``added`` (shared if none is new)."""
    new = [key for key in added if key not in table]
    return keys.with_values(new) if new else keys


class Walk:
    """R11, the memory order ("checking memory") of a shape turned ``t`` times: from the
    top-left cell, go ``memdir`` through the torus, turning (left for ``turn`` 0, right for 1)
    when the cell ahead is already in the order; when all four directions are taken ("can't go
    anywhere"), the rest follow in reading order.  Directions are as drawn; turning left or
    right does not depend on how the board is turned.

    The order is produced lazily: ``walk[i]`` computes only as far as ``i``, and that includes
    the cells that follow in reading order.  Memory operations mostly read its first few cells
    (the first available cell, cells 1–3 of the arithmetic), so a memory1 that ``g`` grew by a
    ring costs O(1) to use, not O(board)."""

    __slots__ = ("shape", "key", "t", "turns", "out", "seen", "pos", "d", "rest")  # seen: cell -> its index

    def __init__(self, shape: Shape, memdir: str, turn: int, t: int) -> None:
        self.shape, self.key, self.t, self.turns = shape, (memdir, turn, t), t, TURN[turn]
        self.pos = shape.top_left(t)
        for _ in range(t):  # the drawn direction in the cells' own coordinates
            memdir = CCW[memdir]
        self.d = memdir
        self.out = [self.pos]
        self.seen = {self.pos: 0}
        self.rest: Iterator[Coord] | None = None  # once stuck: the cells in reading order

    def index(self, cell: Coord) -> int | None:
        """The index of ``cell`` if the order has got that far, else ``None``."""
        return self.seen.get(cell)

    def __getitem__(self, i: int) -> Coord:
        out = self.out
        while i >= len(out):
            self._advance()
        return out[i]

    def __iter__(self) -> Iterator[Coord]:
        i = 0
        while i < self.shape.size:
            yield self[i]
            i += 1

    def _advance(self) -> None:
        shape, seen, out = self.shape, self.seen, self.out
        if len(out) >= shape.size:
            raise IndexError(len(out))
        if self.rest is None:
            d = self.d
            for _ in range(4):
                nxt = shape.forward(self.pos, d)
                if nxt not in seen:
                    self.pos, self.d = nxt, d
                    seen[nxt] = len(out)
                    out.append(nxt)
                    return
                d = self.turns[d]
            self.rest = shape.reading(self.t)  # stuck: "check the remaining board"
        for cell in self.rest:
            if cell not in seen:
                seen[cell] = len(out)
                out.append(cell)
                return


_walk = lru_cache(maxsize=16)(Walk)

EMPTY_MAP: immutables.Map = immutables.Map()


def _sorted(cells: Iterable[Coord], odd: bool) -> list[Coord]:
    """Cells sorted for reading order: by ``(r, c)``, or for a board turned an odd number of
    times by ``(c, -r)`` (and kept in that form).  Turned twice more, a board reads the same
    list backwards."""
    return sorted(cells) if not odd else sorted(map(_quarter, cells))


def _next(keys: list[Coord], coord: Coord | None, t: int) -> Coord | None:
    """The first cell of ``keys`` (sorted by :func:`_sorted` for ``t``) after ``coord`` in
    reading order as drawn (from the start for ``None``), or ``None``."""
    # _quarter and _unquarter written out: this runs for every cell a pass on a turned board executes
    probe = coord if coord is None or not t & 1 else (coord[1], -coord[0])
    if t < 2:
        i = 0 if probe is None else bisect_right(keys, probe)
        if i == len(keys):
            return None
    else:
        i = len(keys) - 1 if probe is None else bisect_left(keys, probe) - 1
        if i < 0:
            return None
    found = keys[i]
    return found if not t & 1 else (-found[1], found[0])


class Board:
    """An immutable board: ``shape`` (its cells), ``values`` (coord → value, non-Empty cells
    only), ``turns`` (quarter turns clockwise so far, 0..3: how the cells are drawn and read).

    ``fresh`` holds the cells written since the last board update that may still grow it: every
    other non-Empty, non-Space cell already has all four neighbours on the board, so a board
    update only looks at ``fresh`` (R6 growth is O(changed cells), not O(board)).  It is a cache,
    not part of the value: boards are equal when their cells, values and turns are.
    ``nr`` counts the cells holding ``r`` and ``cs`` holds the cells holding ``c``: R15 asks "is
    there an r, or else a c?" every keystroke, and a c-only pass goes from c to c.  The non-Empty
    cells in reading order are sorted once, when first asked for, and then handed on to the
    board each change makes (:meth:`_hand_on`): as a plain sorted list on a board a pass scans
    (bisection is fastest there, and a mainBoard changes a cell per keystroke or so), as a
    ``SortedList`` on a memory board, which every put changes and ``o``/Σ read in order (a
    list would move half its cells on every put)."""

    __slots__ = ("shape", "values", "turns", "fresh", "nr", "cs", "_avail", "_keys", "_c_keys")

    def __init__(self, shape: Shape, values: immutables.Map, turns: int = 0,
                 fresh: immutables.Map | None = None, nr: int | None = None,
                 cs: immutables.Map | None = None) -> None:
        self.shape, self.values, self.turns = shape, values, turns
        self.fresh = fresh if fresh is not None else immutables.Map({k: True for k in values})
        if nr is None:
            nr = sum(1 for v in values.values() if v == "r")
            cs = immutables.Map({k: True for k, v in values.items() if v == "c"})
        self.nr, self.cs = nr, cs
        self._c_keys: list[Coord] | None = None
        self._avail: tuple[Walk, int] | None = None  # (a walk, no Empty cell before this index)
        self._keys: tuple[Keys | None, Keys | None] = (None, None)  # by (r, c), by (c, -r)

    @classmethod
    def square(cls, values: dict[Coord, CellValue] | None = None, size: int = 3) -> Board:
        """A ``size``×``size`` board at (0, 0) with the given non-Empty values."""
        shape = Shape.of((r, c) for r in range(size) for c in range(size))
        return cls(shape, immutables.Map(values or {}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.values == other.values and self.turns == other.turns \
            and (self.shape is other.shape or set(self.shape.reading()) == set(other.shape.reading()))

    def __hash__(self) -> int:
        return hash((self.values, self.turns, self.shape.size))

    def __repr__(self) -> str:
        return f"Board({dict(self.values)!r}, size={self.shape.size}, turns={self.turns})"

    def get(self, coord: Coord) -> CellValue | None:
        return self.values.get(coord)

    def set(self, coord: Coord, value: CellValue | None) -> Board:
        """A board with ``coord`` (on the board) holding ``value`` (``None``: Empty)."""
        values = self.values
        old = values.get(coord)
        if old == value and old.__class__ is value.__class__:
            return self
        nr, cs = self.nr, self.cs
        if old == "r":
            nr -= 1
        elif old == "c":
            cs = cs.delete(coord)
        if value is None:
            board = Board(self.shape, values.delete(coord), self.turns, self.fresh, nr, cs)
            if self._avail is not None:  # the first Empty cell is now this one, if it comes earlier
                walk, i = self._avail
                j = walk.index(coord)
                board._avail = (walk, i if j is None else min(i, j))
        else:
            if value == "r":
                nr += 1
            elif value == "c":
                cs = cs.set(coord, True)
            fresh = self.fresh if value == SPACE else self.fresh.set(coord, True)
            board = Board(self.shape, values.set(coord, value), self.turns, fresh, nr, cs)
            board._avail = self._avail  # filling a cell keeps "no Empty cell before i" true
        keys = self._hand_on(board)
        if old is None or value is None:  # a cell became non-Empty or Empty
            for odd, cells in enumerate(keys):
                if cells is not None:
                    _move(cells, coord, odd, value is None)
        return board

    def _hand_on(self, board: Board) -> tuple[list[Coord] | None, list[Coord] | None]:
        """Move the sorted cells to ``board``, the board a change made, to be updated there in
        place: copying them would make every Backspace record (R17) keep a copy.  This board
        sorts again if it is ever scanned again (after a Backspace)."""
        keys = board._keys = self._keys
        self._keys = (None, None)
        return keys

    def cleared(self) -> Board:
        """Every cell Empty, the shape kept (``d``, R41's reset)."""
        return Board(self.shape, EMPTY_MAP, self.turns, EMPTY_MAP, 0, EMPTY_MAP)

    def normalised(self) -> Board:
        """Every value passed through :func:`norm` (R21: a mainBoard becoming memory).  The
        sorted cells are handed on as memory keeps them (:meth:`_ordered_keys`), less those a
        ``0`` empties."""
        changes = [(k, norm(v)) for k, v in self.values.items() if v.__class__ is str and len(v) == 1 and "0" <= v <= "9"]
        with self.values.mutate() as values:
            for k, v in changes:
                if v is None:
                    del values[k]
                else:
                    values[k] = v
            board = Board(self.shape, values.finish(), self.turns, self.fresh, self.nr, self.cs)
        keys = board._keys = tuple(None if cells is None else SortedList(cells) for cells in self._keys)
        for k, v in changes:
            if v is None:
                for odd, cells in enumerate(keys):
                    if cells is not None:
                        _move(cells, k, odd, True)
        return board

    def updated(self) -> tuple[Board, list[Coord]]:
        """R6 board update: every off-board neighbour of a non-Empty, non-Space cell joins the
        board as Empty (collected first, no cascade).  Returns the board and the new cells."""
        shape, values = self.shape, self.values
        new: list[Coord] = []
        seen = set()
        for r, c in self.fresh:
            value = values.get((r, c))
            if value is None or value == SPACE:
                continue
            for dr, dc in NEIGHBOURS:
                n = (r + dr, c + dc)
                if n not in seen and n not in shape:
                    seen.add(n)
                    new.append(n)
        if not new and not self.fresh:
            return self, []
        grown = shape.grown(new) if new else shape
        board = Board(grown, values, self.turns, EMPTY_MAP, self.nr, self.cs)
        self._hand_on(board)  # the same non-Empty cells
        if not new:  # the same shape, so the same walk: where its first Empty cell is still holds
            board._avail = self._avail
        return board, new

    def rotated(self) -> Board:
        """R27: turned 90° clockwise as a whole.  O(1): the cells keep their coordinates and
        everything is shared; only how they are drawn and read changes."""
        board = Board(self.shape, self.values, (self.turns + 1) % 4, self.fresh, self.nr, self.cs)
        self._hand_on(board)
        return board

    def physical(self, coord: Coord) -> Coord:
        """Where the cell ``coord`` is drawn: turned ``turns`` times, ``(r, c) → (c, −r)``."""
        for _ in range(self.turns):
            coord = _quarter(coord)
        return coord

    def logical(self, drawn: Coord) -> Coord:
        """The cell drawn at ``drawn`` (the inverse of :meth:`physical`)."""
        for _ in range(self.turns):
            drawn = _unquarter(drawn)
        return drawn

    def grid(self) -> tuple[int, int, list[list[Coord | None]]]:
        """The board as drawn: ``(row0, col0, rows)`` over its bounding box, each entry the
        cell drawn at ``(row0 + i, col0 + j)`` or ``None`` off the board."""
        cells = self.shape.reading()
        drawn = {self.physical(cell): cell for cell in cells} if self.turns else {cell: cell for cell in cells}
        r0, r1 = min(r for r, _ in drawn), max(r for r, _ in drawn)
        c0, c1 = min(c for _, c in drawn), max(c for _, c in drawn)
        return r0, c0, [[drawn.get((r, c)) for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)]

    def top_left(self) -> Coord:
        """R6: the top-left cell as drawn."""
        return self.shape.top_left(self.turns)

    def after(self, coord: Coord) -> Coord | None:
        """R19's "next square": the next on-board cell after ``coord`` in reading order."""
        return self.shape.after(coord, self.turns)

    def typing_cell(self, d: str, k: int) -> Coord:
        """R12/R14: position ``k`` (1 ≤ k ≤ size) of the typing order for direction ``d``."""
        return self.shape.typing_cell(d, k, self.turns)

    def walk(self, memdir: str, turn: int) -> Walk:
        """R11: the memory order."""
        return self.shape.walk(memdir, turn, self.turns)

    def crop3x3(self) -> Board:
        """R22: the 3x3 board from the top-left cell down and right as drawn, values
        normalised; cells the board lacks are Empty ("forced into existence").  Coordinates
        start at (0, 0), unturned."""
        r0, c0 = self.physical(self.top_left())
        values = {}
        for r in range(3):
            for c in range(3):
                v = norm(self.values.get(self.logical((r0 + r, c0 + c))))
                if v is not None:
                    values[(r, c)] = v
        return Board.square(values)

    def first_empty(self, memdir: str, turn: int) -> Coord | None:
        """R11/R20: the first Empty cell in walk order ("the first available cell")."""
        avail = self._avail
        if avail is not None and avail[0].key == (memdir, turn, self.turns):
            walk, i = avail
        else:
            walk, i = self.walk(memdir, turn), 0
        values, size, out = self.values, self.shape.size, walk.out
        while i < size:
            cell = out[i] if i < len(out) else walk[i]
            if cell not in values:
                self._avail = (walk, i)
                return cell
            i += 1
        self._avail = (walk, i)
        return None

    def first_value(self, memdir: str, turn: int) -> Coord | None:
        """R24/R32: the first non-Empty cell in walk order, if any."""
        values = self.values
        if not values:
            return None
        walk = self.walk(memdir, turn)
        i = 0
        while walk[i] not in values:
            i += 1
        return walk[i]

    def _sorted_keys(self) -> list[Coord]:
        """The non-Empty cells sorted for reading order as :func:`_sorted` says, kept as a
        plain list (for the scan)."""
        odd = self.turns & 1
        keys = self._keys[odd]
        if keys.__class__ is not list:
            keys = _sorted(self.values.keys(), odd) if keys is None else list(keys)
            self._keys = (keys, self._keys[1]) if not odd else (self._keys[0], keys)
        return keys

    def _ordered_keys(self) -> SortedList:
        """The same cells kept as a ``SortedList`` (for memory, which puts change often)."""
        odd = self.turns & 1
        keys = self._keys[odd]
        if keys.__class__ is not SortedList:
            keys = SortedList(self.values.keys() if not odd else map(_quarter, self.values.keys())) \
                if keys is None else SortedList(keys)
            self._keys = (keys, self._keys[1]) if not odd else (self._keys[0], keys)
        return keys

    def next_value(self, coord: Coord | None) -> Coord | None:
        """The first non-Empty cell after ``coord`` in reading order (from the start for
        ``None``), or ``None``: R19's scan (run for every cell a pass executes)."""
        t = self.turns
        keys = self._keys[t & 1]
        if keys.__class__ is not list:
            keys = self._sorted_keys()
        if t == 0 and coord is not None:  # the common case, inline
            i = bisect_right(keys, coord)
            return keys[i] if i < len(keys) else None
        return _next(keys, coord, t)

    def next_c(self, coord: Coord | None) -> Coord | None:
        """The first cell holding ``c`` after ``coord`` in reading order (R15's c-only pass)."""
        if self._c_keys is None:
            self._c_keys = _sorted(self.cs.keys(), self.turns & 1)
        return _next(self._c_keys, coord, self.turns)

    def in_reading_order(self) -> list[CellValue]:
        """The non-Empty values in reading order (R24 ``o``, R35 Σ).  The sorted cells are
        kept from then on (each change updates them, see :meth:`set`), so a memory1 that ``o``
        or Σ reads again and again is sorted once."""
        keys = self._ordered_keys()
        cells = keys if self.turns < 2 else reversed(keys)
        if self.turns & 1:
            cells = map(_unquarter, cells)
        values = self.values
        return [values[cell] for cell in cells]


def _move(keys: Keys, coord: Coord, odd: int, removed: bool) -> None:
    """Remove ``coord`` from ``keys`` (sorted by :func:`_sorted`), or insert it."""
    probe = coord if not odd else _quarter(coord)
    if keys.__class__ is list:
        if removed:
            del keys[bisect_left(keys, probe)]
        else:
            insort(keys, probe)
    elif removed:
        keys.remove(probe)
    else:
        keys.add(probe)


def name_bytes(name: str) -> bytes:
    """R4's "UTF-8 bytes" of a file name, as the file system or the command line gave them.

    Python hands the bytes of a name that is not UTF-8 to us as lone surrogates (PEP 383's
    ``surrogateescape``); :func:`os.fsencode` turns them back into exactly those bytes, and
    encodes every valid name as its UTF-8 bytes.  A name made in a program with other lone
    surrogates (no file system gives those) is encoded with ``surrogatepass``."""
    try:
        return os.fsencode(name)
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogatepass")


def memory3(name: str) -> Board:
    """R4: the bits of the name's bytes (:func:`name_bytes`), most significant first; the first
    nine fill the 3x3 in reading order (1 is Num 1, 0 is Empty), padded with 0."""
    bits = "".join(f"{byte:08b}" for byte in name_bytes(name))[:9].ljust(9, "0")
    return Board.square({divmod(i, 3): 1 for i, bit in enumerate(bits) if bit == "1"})
