"""An unbounded cell-addressed space with its bounding box kept exact: the board of the languages
whose instruction pointers fly over a space that programs write into (Funge-98's Funge-Space,
spec `befunge.md` rules 14 and 17; design.md, "Board languages").

The space maps ``(x, y)`` to an integer; a cell never written holds :data:`BLANK` (a space, 32).
Where the program was loaded the cells are dense: ``grid``, one flat list over the source's box
(``width`` × ``height`` cells from ``(0, 0)``, cell ``(x, y)`` at ``y * width + x``, blanks
included), so a 5 MB program costs a list of 5 million references and reads are an index.
Every other cell is sparse: ``far`` holds the non-blank cells written outside the grid, by
``(x, y)`` (writing the blank value there erases the entry), so a ``p`` at (10⁹, −10⁹) costs
one entry.

The box — the smallest rectangle holding every non-blank cell — is kept exact as cells are
written and erased (it can shrink).  It grows on a write; it shrinks only when an erase empties
the row or column of one of its edges, which is found from the grid's row or column (a slice,
counted at C speed) and from ``far_rows`` / ``far_cols``, the count of ``far``'s cells in each
row and column.

Stepping back: ``grid``, ``far``, ``far_rows`` and ``far_cols`` are a machine's stores
(:meth:`Space.stores`: the core diffs and undoes them) and the box is five registers
(:meth:`Space.box` / :meth:`Space.set_box`), so a machine that holds a space writes no undo code.
"""

from __future__ import annotations

from typing import Callable, Final, Sequence

from .compiled import mypyc_attr

BLANK: Final = 32  # what a cell never written holds: a space
# The grid holds at most this many cells a source byte (plus SLACK): a ragged source (one long
# line among many short ones) would otherwise cost its longest line times its line count.  Its
# cells past the grid's width go to ``far``.
ROOM: Final = 2
SLACK: Final = 4096


@mypyc_attr(native_class=True)
class Space:
    """Cells by ``(x, y)``, the box ``min_x…max_x`` × ``min_y…max_y`` (inclusive; ``empty`` when
    every cell is blank), and the wrapping of a line of flight back into the box."""

    def __init__(self, rows: Sequence[bytes] = ()) -> None:
        """The space whose row ``y`` holds ``rows[y]``, byte ``x`` at ``(x, y)`` (spaces included:
        they are blank cells); no rows: an empty space."""
        height = len(rows)
        longest = width = max([len(row) for row in rows], default=0)
        room = ROOM * sum([len(row) for row in rows]) + SLACK
        if width * height > room:
            width = room // height
        self.width = width
        self.height = height
        padded = b"".join([row[:width].ljust(width) for row in rows])
        self.grid: list[int] = list(padded)
        self.far: dict[tuple[int, int], int] = {}
        self.far_rows: dict[int, int] = {}
        self.far_cols: dict[int, int] = {}
        self.min_x = self.max_x = self.min_y = self.max_y = 0
        self.empty = True
        for y in range(height):  # the grid's box, a row at a time at C speed
            row = rows[y][:width]
            last = len(row.rstrip(b" ")) - 1
            if last < 0:
                continue
            first = len(row) - len(row.lstrip(b" "))
            if self.empty:
                self.min_x, self.max_x, self.min_y = first, last, y
                self.empty = False
            else:
                self.min_x = min(self.min_x, first)
                self.max_x = max(self.max_x, last)
            self.max_y = y
        if longest > width:  # what is past the grid's width: a ragged source's long lines
            for y, row in enumerate(rows):
                for x in range(width, len(row)):
                    if row[x] != BLANK:
                        self.put(x, y, row[x])

    def stores(self) -> tuple[tuple[str, object], ...]:
        """The stores by name, for a machine's :meth:`~esodbg.engines.base.Machine.stores`:
        ``grid`` (by index), ``far`` (by ``(x, y)``), ``far_rows`` and ``far_cols``."""
        return (("grid", self.grid), ("far", self.far), ("far_rows", self.far_rows), ("far_cols", self.far_cols))

    def key(self, x: int, y: int) -> tuple[str, object]:
        """The store and key that hold cell ``(x, y)``."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return "grid", y * self.width + x
        return "far", (x, y)

    def cell(self, store: str, key: object) -> tuple[int, int] | None:
        """The cell ``(x, y)`` that ``store[key]`` holds (the inverse of :meth:`key`); ``None``
        for the counts' stores."""
        if store == "grid" and isinstance(key, int):
            return key % self.width, key // self.width
        if store == "far" and isinstance(key, tuple):
            return key[0], key[1]
        return None

    def state(self) -> tuple:
        """Every cell as one immutable value, equal exactly when the cells are (of spaces loaded
        from the same rows)."""
        return (tuple(self.grid), frozenset(self.far.items()))

    def differences(self, other: Space) -> list[tuple[int, int, int]]:
        """``(x, y, value)`` of every cell whose value here is not its value in ``other``, a space
        loaded from the same rows (the first Funge-space), by y then x."""
        out: list[tuple[int, int, int]] = []
        width, grid, first = self.width, self.grid, other.grid
        for y in range(self.height):
            start = y * width
            if grid[start:start + width] != first[start:start + width]:
                out += [(x, y, grid[start + x]) for x in range(width) if grid[start + x] != first[start + x]]
        for x, y in self.far.keys() | other.far.keys():
            v = self.far.get((x, y), BLANK)
            if v != other.far.get((x, y), BLANK):
                out.append((x, y, v))
        return sorted(out, key=lambda c: (c[1], c[0]))

    # ----- reading and writing ------------------------------------------------------------------
    def get(self, x: int, y: int) -> int:
        """The value at ``(x, y)`` (:data:`BLANK` where nothing was written)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.grid[y * self.width + x]
        return self.far.get((x, y), BLANK)

    def put(self, x: int, y: int, value: int) -> None:
        """Store ``value`` at ``(x, y)`` (the blank value erases the cell), keeping the box exact."""
        width = self.width
        if 0 <= x < width and 0 <= y < self.height:
            grid = self.grid
            i = y * width + x
            old = grid[i]
            grid[i] = value
            if old == BLANK:
                if value != BLANK:
                    self._grow(x, y)
            elif value == BLANK:
                self._shrink(x, y)
            return
        key = (x, y)
        far = self.far
        had = key in far
        if value == BLANK:
            if had:
                del far[key]
                _drop(self.far_rows, y)
                _drop(self.far_cols, x)
                self._shrink(x, y)
            return
        far[key] = value
        if not had:
            rows, cols = self.far_rows, self.far_cols
            rows[y] = rows.get(y, 0) + 1
            cols[x] = cols.get(x, 0) + 1
            self._grow(x, y)

    def _grow(self, x: int, y: int) -> None:
        """A blank cell became non-blank: the box reaches it."""
        if self.empty:
            self.min_x = self.max_x = x
            self.min_y = self.max_y = y
            self.empty = False
            return
        if x < self.min_x:
            self.min_x = x
        elif x > self.max_x:
            self.max_x = x
        if y < self.min_y:
            self.min_y = y
        elif y > self.max_y:
            self.max_y = y

    def _shrink(self, x: int, y: int) -> None:
        """A non-blank cell was erased: an edge of the box on its row or column moves in if that
        row or column emptied (a scan of the grid from its ends and of the counts: only when the
        box really shrinks)."""
        height, width = self.height, self.width
        if (y == self.min_y or y == self.max_y) and not self._row_filled(y):
            ys = _ends(height, self._grid_row_filled, self.far_rows)
            if ys is None:
                self.empty = True
                self.min_x = self.max_x = self.min_y = self.max_y = 0
                return
            self.min_y, self.max_y = ys
        if (x == self.min_x or x == self.max_x) and not self._col_filled(x):
            xs = _ends(width, self._grid_col_filled, self.far_cols)
            if xs is not None:  # never None here: the rows above hold a non-blank cell
                self.min_x, self.max_x = xs

    def _row_filled(self, y: int) -> bool:
        """Whether row ``y`` holds a non-blank cell."""
        return y in self.far_rows or 0 <= y < self.height and self._grid_row_filled(y)

    def _col_filled(self, x: int) -> bool:
        """Whether column ``x`` holds a non-blank cell."""
        return x in self.far_cols or 0 <= x < self.width and self._grid_col_filled(x)

    def _grid_row_filled(self, y: int) -> bool:
        """Whether the grid's row ``y`` (0 ≤ ``y`` < ``height``) holds a non-blank cell."""
        width = self.width
        return self.grid[y * width:(y + 1) * width].count(BLANK) != width

    def _grid_col_filled(self, x: int) -> bool:
        """Whether the grid's column ``x`` (0 ≤ ``x`` < ``width``) holds a non-blank cell."""
        return self.grid[x::self.width].count(BLANK) != self.height

    # ----- the box ------------------------------------------------------------------------------
    # ----- the box ------------------------------------------------------------------------------
    def inside(self, x: int, y: int) -> bool:
        """Whether ``(x, y)`` is in the box."""
        return not self.empty and self.min_x <= x <= self.max_x and self.min_y <= y <= self.max_y

    def box(self) -> tuple[int, int, int, int, bool]:
        """The box as registers: ``(min_x, max_x, min_y, max_y, empty)``."""
        return (self.min_x, self.max_x, self.min_y, self.max_y, self.empty)

    def set_box(self, box: tuple[int, int, int, int, bool]) -> None:
        """Load what :meth:`box` returned (the stores already hold the matching cells)."""
        self.min_x, self.max_x, self.min_y, self.max_y, self.empty = box

    def step(self, x: int, y: int, dx: int, dy: int) -> tuple[int, int] | None:
        """The next cell of a line of flight: ``(x + dx, y + dy)`` if that is in the box, else
        where the line comes back into it (:meth:`wrap`), ``None`` if it never does."""
        nx, ny = x + dx, y + dy
        return (nx, ny) if self.inside(nx, ny) else self.wrap(x, y, dx, dy)

    def rounds(self, n: int) -> int:
        """Moves enough for ``n`` passes along any line through the box (each at most as long as
        the box is wide or tall)."""
        return n * (self.max_x - self.min_x + self.max_y - self.min_y + 4)

    def wrap(self, x: int, y: int, dx: int, dy: int) -> tuple[int, int] | None:
        """Where a line of flight through ``(x, y)`` with delta ``(dx, dy)`` comes back into the
        box: ``(x, y) + k·(dx, dy)`` for the smallest integer ``k`` that is inside (Funge-98's
        wrapping, spec `befunge.md` rule 17: from inside the box, or just outside it, ``k`` ≤ 0,
        the far edge along the line).  ``None`` if the line never meets the box (a zero delta
        outside it, an empty space)."""
        if self.empty:
            return None
        low, high = -(1 << 200), 1 << 200  # k unbounded: intersect each axis' range
        for p, d, lo, hi in ((x, dx, self.min_x, self.max_x), (y, dy, self.min_y, self.max_y)):
            if d == 0:
                if not lo <= p <= hi:
                    return None
                continue
            if d > 0:  # lo ≤ p + k·d ≤ hi
                a, b = -((p - lo) // d), (hi - p) // d  # ceil((lo - p) / d), floor((hi - p) / d)
            else:
                a, b = -((hi - p) // -d), (p - lo) // -d
            low, high = max(low, a), min(high, b)
        if low > high:
            return None
        return x + low * dx, y + low * dy


def _drop(counts: dict[int, int], line: int) -> None:
    """One cell fewer in ``line``'s count (a line without cells has no entry)."""
    n = counts[line] - 1
    if n:
        counts[line] = n
    else:
        del counts[line]


def _ends(size: int, filled: Callable[[int], bool], counts: dict[int, int]) -> tuple[int, int] | None:
    """The least and greatest line (row or column) that holds a non-blank cell, ``None`` if none:
    the grid's lines ``0…size−1`` tried with ``filled`` from each end, ``far``'s lines the keys
    of ``counts``."""
    ends: list[int] = [min(counts), max(counts)] if counts else []
    for i in range(size):
        if filled(i):
            ends.append(i)
            break
    for i in range(size - 1, -1, -1):
        if filled(i):
            ends.append(i)
            break
    return (min(ends), max(ends)) if ends else None
