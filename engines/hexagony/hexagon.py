"""The hexagon a Hexagony program is laid out on (spec `hexagony.md` S4, S5, T1, W1–W3).

A hexagon of side ``n`` has ``3n(n−1)+1`` cells in ``2n−1`` rows; row ``i`` holds
``2n−1−|n−1−i|`` cells, columns ``j`` from 0.  Cells are numbered row by row (the *index*
``k = start[i] + j``), which is the order the source fills them.  Axial coordinates, as the
reference and hexagony.net use them: ``r = i − (n−1)``, ``q = j − min(i, n−1)``.

Directions are numbered clockwise from east: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE, with axial
vectors :data:`VECTORS`.  A move inside the hexagon is arithmetic on ``(row, col)``
(:meth:`Hexagon.inside_move`); a move that leaves it wraps (W2, or W3 at a corner, where the
sign of the current memory edge chooses): those few moves are precomputed in
:attr:`Hexagon.exits`.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from typing import Final

DIRECTIONS: Final = ("E", "SE", "SW", "W", "NW", "NE")
VECTORS: Final = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # (dq, dr) of each direction
ARROWS: Final = ("→", "↘", "↙", "←", "↖", "↗")
NAMES: Final = ("east", "south-east", "south-west", "west", "north-west", "north-east")

EDGE, CORNER = 1, 2  # how a move that leaves the hexagon comes back (W2, W3)


def side(count: int) -> int:
    """The side length of the smallest hexagon holding ``count`` cells (S4): the least
    ``n ≥ 1`` with ``3n(n−1)+1 ≥ count``."""
    n = 1
    while 3 * n * (n - 1) + 1 < count:
        n += 1
    return n


def cells_of(n: int) -> int:
    """How many cells a hexagon of side ``n`` has: ``3n(n−1)+1`` (1, 7, 19, 37, …)."""
    return 3 * n * (n - 1) + 1


class Hexagon:
    """The geometry of the hexagon of side ``n`` (module docstring).

    ``lens[i]`` is the length of row ``i``, ``starts[i]`` the index of its first cell, ``rows``
    the number of rows, ``count`` the number of cells.  ``exits`` maps a move that leaves the
    hexagon, keyed ``((k * 6 + d) * 2 + positive)`` (``k`` the cell's index, ``d`` the
    direction, ``positive`` 1 if the current memory edge is > 0), to where it lands, packed
    ``((row * width + col) * 4 + kind)`` with ``width`` = ``rows + 1`` and ``kind``
    :data:`EDGE` or :data:`CORNER`."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.rows = 2 * n - 1
        self.lens = [2 * n - 1 - abs(n - 1 - i) for i in range(self.rows)]
        self.starts = [0] * self.rows
        for i in range(1, self.rows):
            self.starts[i] = self.starts[i - 1] + self.lens[i - 1]
        self.count = cells_of(n)
        self.width = self.rows + 1
        self.exits: dict[int, int] = Exits(self)

    # ----- coordinates --------------------------------------------------------------------------
    def axial(self, row: int, col: int) -> tuple[int, int]:
        """``(q, r)`` of the cell at ``(row, col)`` (S5)."""
        return col - min(row, self.n - 1), row - (self.n - 1)

    def cell(self, q: int, r: int) -> tuple[int, int] | None:
        """``(row, col)`` of the cell at axial ``(q, r)``, or ``None`` off the hexagon."""
        n = self.n
        if max(abs(q), abs(r), abs(q + r)) > n - 1:
            return None
        row = r + n - 1
        return row, q + min(row, n - 1)

    def index(self, row: int, col: int) -> int:
        return self.starts[row] + col

    def place(self, k: int) -> tuple[int, int]:
        """``(row, col)`` of the cell with index ``k``."""
        row = bisect_right(self.starts, k) - 1
        return row, k - self.starts[row]

    def holds(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.lens[row]

    def corners(self) -> tuple[tuple[int, int], ...]:
        """The six IPs' first cells (T1), IP 0 to 5, as ``(row, col)``."""
        n = self.n
        return ((0, 0), (0, n - 1), (n - 1, 2 * n - 2), (2 * n - 2, n - 1), (2 * n - 2, 0), (n - 1, 0))

    # ----- moves --------------------------------------------------------------------------------
    def inside_move(self, row: int, col: int, d: int) -> tuple[int, int] | None:
        """Where one move in direction ``d`` goes from ``(row, col)``, or ``None`` if it leaves
        the hexagon (the step loop does the same arithmetic inline)."""
        middle = self.n - 1
        if d == 0:
            row2, col2 = row, col + 1
        elif d == 3:
            row2, col2 = row, col - 1
        elif d == 1 or d == 2:  # down a row: the row below is one longer above the middle
            row2, col2 = row + 1, col + (1 if row < middle else 0) - (1 if d == 2 else 0)
        else:  # up a row: the row above is one shorter down to the middle
            row2, col2 = row - 1, col - (1 if row <= middle else 0) + (1 if d == 5 else 0)
        return (row2, col2) if self.holds(row2, col2) else None

    def wrap(self, row: int, col: int, d: int, positive: bool) -> tuple[tuple[int, int], int]:
        """Where a move in direction ``d`` from ``(row, col)`` lands when it leaves the hexagon,
        and how (:data:`EDGE` or :data:`CORNER`): W1 for side 1; W2 with one coordinate out of
        range (the pivot); W3 with two, the pivot chosen by ``positive`` (the current memory
        edge > 0).  From the last cell ``(x, y, z)`` (cube coordinates ``x = q``, ``z = r``,
        ``y = −q−r``), negate all three and swap the two that are not the pivot."""
        n = self.n
        if n == 1:
            return (0, 0), EDGE
        q, r = self.axial(row, col)
        dq, dr = VECTORS[d]
        x, z = q + dq, r + dr
        out = [k for k, v in enumerate((x, -x - z, z)) if abs(v) >= n]
        if len(out) == 1:
            pivot, kind = out[0], EDGE
        else:
            a, b = out  # the first of the cyclically adjacent pair when v > 0, else the second
            pivot = b if (a - b) % 3 == 1 else a
            if not positive:
                pivot = (pivot + 1) % 3
            kind = CORNER
        cube = [-q, q + r, -r]
        i, j = (k for k in range(3) if k != pivot)
        cube[i], cube[j] = cube[j], cube[i]
        landed = self.cell(cube[0], cube[2])
        assert landed is not None  # the wrap of a cell of the hexagon is a cell of it
        return landed, kind

    def move(self, row: int, col: int, d: int, positive: bool) -> tuple[tuple[int, int], int]:
        """Where one move goes, wrapping if it must (by :attr:`exits`), and how: 0 (inside),
        :data:`EDGE` or :data:`CORNER`.  The step loop makes the same move inline."""
        inside = self.inside_move(row, col, d)
        if inside is not None:
            return inside, 0
        to = self.exits[((self.starts[row] + col) * 6 + d) * 2 + (1 if positive else 0)]
        return divmod(to >> 2, self.width), to & 3

    def corner_exits(self, row: int, col: int) -> list[tuple[int, tuple[int, int], tuple[int, int]]]:
        """The corner branches of the cell ``(row, col)``: for each direction that leaves it
        through a corner, ``(direction, cell if v > 0, cell if v ≤ 0)``."""
        found = []
        for d in range(6):
            if self.n > 1 and self.inside_move(row, col, d) is None:
                (pos, kind), (neg, _) = self.wrap(row, col, d, True), self.wrap(row, col, d, False)
                if kind == CORNER:
                    found.append((d, pos, neg))
        return found

    # ----- drawing ------------------------------------------------------------------------------
    def text(self, cells: list[str], marks: frozenset[int] = frozenset()) -> str:
        """The hexagon drawn as text, as ``interpreter.rb -g`` draws it: row ``i`` indented by
        ``2n−1−len`` spaces, each cell a space (a backtick if it is marked) then its character."""
        lines = []
        for i in range(self.rows):
            start = self.starts[i]
            row = "".join(("`" if start + j in marks else " ") + cells[start + j] for j in range(self.lens[i]))
            lines.append(" " * (self.rows - self.lens[i]) + row)
        return "\n".join(lines)


class Exits(dict):
    """:attr:`Hexagon.exits`, each found the first time a move takes it (a 5 MB program's hexagon
    has thousands of border moves, and a run takes a few): a key names only a move that leaves."""

    def __init__(self, geo: Hexagon) -> None:
        super().__init__()
        self.geo = geo

    def __missing__(self, key: int) -> int:
        geo = self.geo
        (k, d), positive = divmod(key >> 1, 6), key & 1
        row, col = geo.place(k)
        (row2, col2), kind = geo.wrap(row, col, d, bool(positive))
        self[key] = to = (row2 * geo.width + col2) * 4 + kind
        return to


@cache
def hexagon(n: int) -> Hexagon:
    """The geometry of side ``n``, made once per side."""
    return Hexagon(n)
