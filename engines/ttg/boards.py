"""Tic Tac Toe Grow boards and the orders over them (spec `ttg.md` §B–§D).

A :class:`Board` is an immutable value: a set of on-board cells (its :class:`Shape`) and the
values of the non-Empty ones.  Every change makes a new board that shares almost everything
with the old one (the values live in an ``immutables.Map``, a persistent hash trie), so the
machine's whole state is a handful of references: a Backspace record, a saved state (``s``), an
``@`` frame's private copy and a debugger checkpoint each cost O(1).

Coordinates are ``(row, col)`` with rows growing downward.  Growth adds cells (possibly at
negative indices) and never renumbers existing ones.  Rotation (``c``) turns the physical
coordinates; a board counts its quarter turns so that the *logical* coordinates breakpoints use
(:meth:`Board.logical`) stay attached to their cells (R45).

Values (R5): a Num is a Python ``int``, a Str a non-empty ``str``; Empty is the absence of a
value.  The Space string ``" "`` is a value like any other except that it never grows a board
(R6, R34).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from typing import Iterable, Iterator

import immutables

Coord = tuple[int, int]
Value = int | str

L, U, R, D = "L", "U", "R", "D"
OPPOSITE = {L: R, R: L, U: D, D: U}
TURN = {0: {L: D, D: R, R: U, U: L}, 1: {L: U, U: R, R: D, D: L}}  # R11: 0 turns left, 1 right
DECODE = {(0, 0): L, (0, 1): U, (1, 0): R, (1, 1): D}  # R9: two bits to a direction
SPACE = " "
NEIGHBOURS = ((-1, 0), (0, -1), (0, 1), (1, 0))


def norm(value: Value | None) -> Value | None:
    """R5: a digit character becomes its Num, Num 0 becomes Empty (``None``); else unchanged."""
    if value.__class__ is str:
        if len(value) == 1 and "0" <= value <= "9":
            value = ord(value) - 48
        else:
            return value
    return None if value == 0 else value


def display(value: Value) -> str:
    """R42: a Num in decimal (with ``-`` if negative), a Str as it is."""
    return value if value.__class__ is str else str(value)


class Shape:
    """A set of on-board coordinates, with the orders over it computed once and cached.

    Boards whose values differ but whose cells are the same share one shape, so typing and
    putting never recompute an order; only growth and rotation make a new shape.  ``rows`` maps
    a row to its sorted columns, ``cols`` a column to its sorted rows (never mutated once the
    shape exists)."""

    __slots__ = ("rows", "cols", "row_keys", "col_keys", "size", "_walks", "_reading")

    def __init__(self, rows: dict[int, list[int]], cols: dict[int, list[int]], size: int) -> None:
        self.rows, self.cols, self.size = rows, cols, size
        self.row_keys = sorted(rows)
        self.col_keys = sorted(cols)
        self._walks: dict[tuple[str, int], Walk] = {}
        self._reading: tuple[Coord, ...] | None = None

    @classmethod
    def of(cls, coords: Iterable[Coord]) -> Shape:
        rows: dict[int, list[int]] = {}
        cols: dict[int, list[int]] = {}
        size = 0
        for r, c in sorted(set(coords)):
            rows.setdefault(r, []).append(c)
            cols.setdefault(c, []).append(r)
            size += 1
        for lst in cols.values():
            lst.sort()
        return cls(rows, cols, size)

    def __contains__(self, coord: Coord) -> bool:
        cols = self.rows.get(coord[0])
        if cols is None:
            return False
        i = bisect_left(cols, coord[1])
        return i < len(cols) and cols[i] == coord[1]

    def grown(self, new: list[Coord]) -> Shape:
        """This shape plus the off-board coordinates ``new`` (copies only the rows and columns
        that change)."""
        rows, cols = dict(self.rows), dict(self.cols)
        fresh_rows: set[int] = set()
        fresh_cols: set[int] = set()
        for r, c in new:
            if r not in fresh_rows:  # copy a line once, the first time it changes
                rows[r] = list(rows.get(r, ()))
                fresh_rows.add(r)
            insort(rows[r], c)
            if c not in fresh_cols:
                cols[c] = list(cols.get(c, ()))
                fresh_cols.add(c)
            insort(cols[c], r)
        return Shape(rows, cols, self.size + len(new))

    @property
    def top_left(self) -> Coord:
        """R6: the first on-board cell in reading order (the leftmost cell of the top row)."""
        r = self.row_keys[0]
        return r, self.rows[r][0]

    def reading(self) -> tuple[Coord, ...]:
        """R6: every cell, row by row from the top, left to right."""
        if self._reading is None:
            self._reading = tuple((r, c) for r in self.row_keys for c in self.rows[r])
        return self._reading

    def after(self, coord: Coord | None) -> Coord | None:
        """The next on-board cell after ``coord`` in reading order (the top-left cell for
        ``None``); ``None`` after the last cell.  ``coord`` need not be on the board."""
        if coord is None:
            return self.top_left
        r, c = coord
        cols = self.rows.get(r)
        if cols is not None:
            i = bisect_right(cols, c)
            if i < len(cols):
                return r, cols[i]
        keys = self.row_keys
        i = bisect_right(keys, r)
        if i < len(keys):
            r = keys[i]
            return r, self.rows[r][0]
        return None

    def forward(self, pos: Coord, d: str) -> Coord:
        """R11: the next on-board cell from ``pos`` in direction ``d`` along its row or column,
        wrapping round (the torus); ``pos`` itself if it is alone on its line."""
        r, c = pos
        if d == R or d == L:
            line = self.rows[r]
            i = bisect_right(line, c) if d == R else bisect_left(line, c) - 1
            return r, line[i % len(line)]
        line = self.cols[c]
        i = bisect_right(line, r) if d == D else bisect_left(line, r) - 1
        return line[i % len(line)], c

    def walk(self, memdir: str, turn: int) -> Walk:
        """R11, the memory order for ``memdir`` and ``turn`` (computed as far as it is read)."""
        key = (memdir, turn)
        walk = self._walks.get(key)
        if walk is None:
            walk = self._walks[key] = Walk(self, memdir, turn)
        return walk

    def _lines(self, d: str) -> Iterator[tuple[int, list[int], int, int]]:
        """R12: the typing order as lines — rows for L/R, columns for U/D — each as ``(key,
        line, start, step)``: the line's cells are ``line[(start + step·j) % len(line)]``.  The
        first line starts at the top-left cell; each next one just past where the previous one
        ended ("shift by one and go forward"), wrapping through walls.  Columns run from the
        top-left cell's rightwards, then wrap to the leftmost."""
        if d in (L, R):
            keys, table = self.row_keys, self.rows
        else:
            keys, table = self.col_keys, self.cols
            i = keys.index(self.top_left[1])
            keys = keys[i:] + keys[:i]
        step = 1 if d in (R, D) else -1
        last = None
        for key in keys:
            line = table[key]
            n = len(line)
            if last is None:  # the top-left cell is the first cell of its row and of its column
                start = 0
            elif step == 1:
                start = bisect_right(line, last) % n
            else:
                start = (bisect_left(line, last) - 1) % n
            last = line[(start + step * (n - 1)) % n]
            yield key, line, start, step

    def typing_order(self, d: str) -> list[Coord]:
        """R12: the mainBoard typing order for direction ``d``: every cell, 1-based position
        ``k`` at index ``k - 1``."""
        return [self._coord(d, key, line[(start + step * j) % len(line)])
                for key, line, start, step in self._lines(d) for j in range(len(line))]

    def typing_cell(self, d: str, k: int) -> Coord:
        """``typing_order(d)[k - 1]`` without building the whole order (1 ≤ k ≤ size): each
        line before the one holding ``k`` costs a bisection."""
        for key, line, start, step in self._lines(d):
            n = len(line)
            if k <= n:
                return self._coord(d, key, line[(start + step * (k - 1)) % n])
            k -= n
        raise IndexError(k)

    @staticmethod
    def _coord(d: str, key: int, x: int) -> Coord:
        return (key, x) if d in (L, R) else (x, key)


class Walk:
    """R11, the memory order ("checking memory") of a shape: from the top-left cell, go
    ``memdir`` through the torus, turning (left for ``turn`` 0, right for 1) when the cell ahead
    is already in the order; when all four directions are taken ("can't go anywhere"), the rest
    follow in reading order.

    The order is produced lazily: ``walk[i]`` computes only as far as ``i``.  Memory operations
    mostly read its first few cells (the first available cell, cells 1–3 of the arithmetic), so
    a memory1 that ``g`` grew by a ring costs O(1) to use, not O(board)."""

    __slots__ = ("shape", "turns", "out", "seen", "pos", "d")  # seen: cell -> its index

    def __init__(self, shape: Shape, memdir: str, turn: int) -> None:
        self.shape, self.turns = shape, TURN[turn]
        self.pos = shape.top_left
        self.d = memdir
        self.out = [self.pos]
        self.seen = {self.pos: 0}

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
        d = self.d
        for _ in range(4):
            nxt = shape.forward(self.pos, d)
            if nxt not in seen:
                self.pos, self.d = nxt, d
                seen[nxt] = len(out)
                out.append(nxt)
                return
            d = self.turns[d]
        for cell in shape.reading():
            if cell not in seen:
                seen[cell] = len(out)
                out.append(cell)


EMPTY_MAP: immutables.Map = immutables.Map()


class Board:
    """An immutable board: ``shape`` (its cells), ``values`` (coord → value, non-Empty cells
    only), ``turns`` (quarter turns clockwise so far, for logical coordinates).

    ``fresh`` holds the cells written since the last board update that may still grow it: every
    other non-Empty, non-Space cell already has all four neighbours on the board, so a board
    update only looks at ``fresh`` (R6 growth is O(changed cells), not O(board)).  It is a cache,
    not part of the value: boards are equal when their cells, values and turns are.
    ``nr`` counts the cells holding ``r`` and ``cs`` holds the cells holding ``c``: R15 asks "is
    there an r, or else a c?" every keystroke, and a c-only pass goes from c to c."""

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
        self._avail: tuple[tuple[str, int], int] | None = None  # (walk key, a lower bound)
        self._keys: list[Coord] | None = None  # the non-Empty cells in reading order, when asked

    @classmethod
    def square(cls, values: dict[Coord, Value] | None = None, size: int = 3) -> Board:
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

    def get(self, coord: Coord) -> Value | None:
        return self.values.get(coord)

    def set(self, coord: Coord, value: Value | None) -> Board:
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
                key, i = self._avail
                j = self.shape.walk(*key).index(coord)
                board._avail = (key, i if j is None else min(i, j))
        else:
            if value == "r":
                nr += 1
            elif value == "c":
                cs = cs.set(coord, True)
            fresh = self.fresh if value == SPACE else self.fresh.set(coord, True)
            board = Board(self.shape, values.set(coord, value), self.turns, fresh, nr, cs)
            board._avail = self._avail  # filling a cell keeps "no Empty cell before i" true
        return board

    def cleared(self) -> Board:
        """Every cell Empty, the shape kept (``d``, R41's reset)."""
        return Board(self.shape, EMPTY_MAP, self.turns, EMPTY_MAP, 0, EMPTY_MAP)

    def normalised(self) -> Board:
        """Every value passed through :func:`norm` (R21: a mainBoard becoming memory)."""
        changes = [(k, norm(v)) for k, v in self.values.items() if v.__class__ is str and len(v) == 1 and "0" <= v <= "9"]
        if not changes:
            return self
        with self.values.mutate() as values:
            for k, v in changes:
                if v is None:
                    del values[k]
                else:
                    values[k] = v
            return Board(self.shape, values.finish(), self.turns, self.fresh, self.nr, self.cs)

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
        return Board(grown, values, self.turns, EMPTY_MAP, self.nr, self.cs), new

    def rotated(self) -> Board:
        """R27: turned 90° clockwise as a whole, ``(r, c) → (c, −r)``."""
        rot = lambda rc: (rc[1], -rc[0])  # noqa: E731
        shape = Shape.of(rot(cell) for cell in self.shape.reading())
        values = immutables.Map({rot(k): v for k, v in self.values.items()})
        fresh = immutables.Map({rot(k): True for k in self.fresh})
        return Board(shape, values, (self.turns + 1) % 4, fresh)

    def crop3x3(self) -> Board:
        """R22: the 3x3 board from the top-left cell down and right, values normalised; cells
        the board lacks are Empty ("forced into existence").  Coordinates start at (0, 0)."""
        r0, c0 = self.shape.top_left
        values = {}
        for r in range(3):
            for c in range(3):
                v = norm(self.values.get((r0 + r, c0 + c)))
                if v is not None:
                    values[(r, c)] = v
        return Board.square(values)

    def first_empty(self, memdir: str, turn: int) -> Coord | None:
        """R11/R20: the first Empty cell in walk order ("the first available cell")."""
        key = (memdir, turn)
        walk = self.shape.walk(memdir, turn)
        i = self._avail[1] if self._avail is not None and self._avail[0] == key else 0
        values, size = self.values, self.shape.size
        while i < size and walk[i] in values:
            i += 1
        self._avail = (key, i)
        return walk[i] if i < size else None

    def first_value(self, memdir: str, turn: int) -> Coord | None:
        """R24/R32: the first non-Empty cell in walk order, if any."""
        values = self.values
        if not values:
            return None
        walk = self.shape.walk(memdir, turn)
        i = 0
        while walk[i] not in values:
            i += 1
        return walk[i]

    def keys(self) -> list[Coord]:
        """The non-Empty cells in reading order."""
        if self._keys is None:
            self._keys = sorted(self.values.keys())
        return self._keys

    def next_value(self, coord: Coord | None) -> Coord | None:
        """The first non-Empty cell after ``coord`` in reading order (from the start for
        ``None``), or ``None``."""
        keys = self.keys()
        i = 0 if coord is None else bisect_right(keys, coord)
        return keys[i] if i < len(keys) else None

    def next_c(self, coord: Coord | None) -> Coord | None:
        """The first cell holding ``c`` after ``coord`` in reading order (R15's c-only pass)."""
        if self._c_keys is None:
            self._c_keys = sorted(self.cs.keys())
        keys = self._c_keys
        i = 0 if coord is None else bisect_right(keys, coord)
        return keys[i] if i < len(keys) else None

    def in_reading_order(self) -> list[Value]:
        """The non-Empty values in reading order (R24 ``o``, R35 Σ)."""
        values = self.values
        return [values[cell] for cell in self.keys()]

    def logical(self, coord: Coord) -> Coord:
        """The coordinate ``coord`` had before the board's rotations (stable for breakpoints)."""
        r, c = coord
        for _ in range(self.turns):
            r, c = -c, r
        return r, c

    def physical(self, coord: Coord) -> Coord:
        """Where the cell with logical coordinate ``coord`` is now."""
        r, c = coord
        for _ in range(self.turns):
            r, c = c, -r
        return r, c


def memory3(name: str) -> Board:
    """R4: the bits of the name's UTF-8 bytes, most significant first; the first nine fill the
    3x3 in reading order (1 is Num 1, 0 is Empty), padded with 0."""
    bits = "".join(f"{byte:08b}" for byte in name.encode("utf-8"))[:9].ljust(9, "0")
    return Board.square({divmod(i, 3): 1 for i, bit in enumerate(bits) if bit == "1"})
