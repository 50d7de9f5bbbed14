"""An unbounded, sparse, cell-addressed space with its bounding box kept exact: the board of the
languages whose instruction pointers fly over a space that programs write into (Funge-98's
Funge-Space, spec `befunge.md` rules 14 and 17; design.md, "Board languages").

The space maps ``(x, y)`` to an integer; a cell never written holds :attr:`Space.blank` and is
not stored, and writing the blank value erases a cell, so memory is what a program wrote, not
the box between (a ``p`` at (10⁹, −10⁹) costs one entry).  The box — the smallest rectangle
holding every stored cell — is kept exact as cells are written and erased (it can shrink), from
a count of stored cells per row and per column.

Stepping back: the three dicts are a machine's stores (``cells``, ``row_count``,
``col_count``: the core diffs and undoes them) and the box is four registers
(:meth:`Space.box` / :meth:`Space.set_box`), so a machine that holds a space writes no undo code.
"""

from __future__ import annotations

from .compiled import mypyc_attr


@mypyc_attr(native_class=True)
class Space:
    """Cells by ``(x, y)``, the box ``min_x…max_x`` × ``min_y…max_y`` (inclusive; ``empty`` when
    no cell is stored), and the wrapping of a line of flight back into the box."""

    def __init__(self, blank: int = 32) -> None:
        self.blank = blank
        self.cells: dict[tuple[int, int], int] = {}
        self.row_count: dict[int, int] = {}
        self.col_count: dict[int, int] = {}
        self.min_x = self.max_x = self.min_y = self.max_y = 0
        self.empty = True

    # ----- reading and writing ------------------------------------------------------------------
    def get(self, x: int, y: int) -> int:
        """The value at ``(x, y)`` (the blank value where nothing is stored)."""
        return self.cells.get((x, y), self.blank)

    def put(self, x: int, y: int, value: int) -> None:
        """Store ``value`` at ``(x, y)`` (the blank value erases the cell), keeping the box exact."""
        key = (x, y)
        cells = self.cells
        had = key in cells
        if value == self.blank:
            if had:
                del cells[key]
                self._uncount(x, y)
            return
        cells[key] = value
        if not had:
            self._count(x, y)

    def _count(self, x: int, y: int) -> None:
        rows, cols = self.row_count, self.col_count
        rows[y] = rows.get(y, 0) + 1
        cols[x] = cols.get(x, 0) + 1
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

    def _uncount(self, x: int, y: int) -> None:
        rows, cols = self.row_count, self.col_count
        n = rows[y] - 1
        if n:
            rows[y] = n
        else:
            del rows[y]
        n = cols[x] - 1
        if n:
            cols[x] = n
        else:
            del cols[x]
        if not rows:
            self.empty = True
            self.min_x = self.max_x = self.min_y = self.max_y = 0
            return
        # An emptied edge row or column moves that edge in (a scan of the counts: rare, and
        # only when the box really shrinks).
        if y == self.min_y and y not in rows:
            self.min_y = min(rows)
        if y == self.max_y and y not in rows:
            self.max_y = max(rows)
        if x == self.min_x and x not in cols:
            self.min_x = min(cols)
        if x == self.max_x and x not in cols:
            self.max_x = max(cols)

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
