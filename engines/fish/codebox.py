"""><>'s codebox (spec `fish.md` rules 7–11): a sparse board of numbers with ragged rows.

Cells hold numbers (an ``int`` or a ``float``); a cell never written holds 0, as a space does.
The source's box is a flat list, ``grid`` (cell ``(x, y)`` at ``y * width + x``), where the
instruction pointer spends its time; every other cell ``p`` wrote is in the dict ``far``, by
``(x, y)`` (one not 0: writing 0 there erases it).

Wrapping reads each row's **extent** ``R(y)`` and the last row ``H`` (rule 8), made from the
cells *touched*: the source's characters, spaces too, and every cell ``p`` writes, ``g`` reads
or the pointer executes.  A touch never goes away, so ``R`` and ``H`` only grow: ``extents``
maps each row ``y ≥ 0`` with a touched cell at ``x ≥ 0`` to its ``R(y)`` (a row missing from it
has none: ``R`` = −1), and ``top`` is ``H``.  Which cells were touched needs no record of its
own: a touched cell past the extent would have moved it, and a cell at ``x < 0`` counts for
``H`` only (rule 8's **Decision**).

Why not :mod:`esodbg.engines.space`: Funge-98's space keeps the exact box of its non-blank
cells, which shrinks when a cell is blanked, and wraps along the line of flight; ><> wraps per
row, at extents that a read or a pass of the pointer moves too and nothing moves back.  No other
language of esodbg wraps so, so this stays ><>'s.

Stepping back: ``grid``, ``far`` and ``extents`` are the machine's stores and ``top`` a
register, so the core's generic undo covers every step.
"""

from __future__ import annotations

from itertools import islice
from time import sleep
from typing import Final

from ..compiled import mypyc_attr

# Cells copied between two chances for another thread to run (sleep(0) gives up the interpreter
# lock; compiled code never does by itself): the 3 M cells of a 1 MB program take 50-60 ms to
# copy, which would hold a debugger's requests that long (esodbg dap: threads, pause; issue 44).
PIECE: Final = 1 << 16


@mypyc_attr(native_class=True)
class Codebox:
    """The cells, the extents and ``top`` (module docstring)."""

    def __init__(self, width: int, height: int, grid: list, far: dict, extents: dict, top: int) -> None:
        self.width = width
        self.height = height
        self.grid: list = grid
        self.far: dict = far
        self.extents: dict = extents
        self.top = top

    def get(self, x: int, y: int) -> object:
        """The value of cell ``(x, y)`` (0 for a space or a cell never written)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.grid[y * self.width + x]
        return self.far.get((x, y), 0)

    def put(self, x: int, y: int, v: object) -> None:
        """Store ``v`` in cell ``(x, y)`` and touch it (``p``, rule 27)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            self.grid[y * self.width + x] = v
        elif v == 0:
            self.far.pop((x, y), None)
        else:
            self.far[(x, y)] = v
        self.touch(x, y)

    def touch(self, x: int, y: int) -> None:
        """A cell was touched (rule 8): its row's extent and ``H`` grow to reach it."""
        if y < 0:
            return
        if x >= 0 and x > self.extent(y):
            self.extents[y] = x
        if y > self.top:
            self.top = y

    def extent(self, y: int) -> int:
        """``R(y)``: the last column of row ``y`` (−1 for a row with no cell)."""
        r: int = self.extents.get(y, -1)
        return r

    def key(self, x: int, y: int) -> tuple[str, object]:
        """The store and key holding cell ``(x, y)``."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return "grid", y * self.width + x
        return "far", (x, y)

    def advance(self, x: int, y: int, dx: int, dy: int) -> tuple[int, int]:
        """Rule 9's move from ``(x, y)`` with direction ``(dx, dy)``: one cell on, then back to row
        0 past ``H`` (to ``H`` above row 0), then, moving right past the row's extent, back to
        column 0, and left of column 0 to the row's extent (a row with no cell: column 0, the
        **Decision**)."""
        x += dx
        y += dy
        top = self.top
        if y > top:
            y = 0
        elif y < 0:
            y = top if top > 0 else 0
        if dx == 1 and x > self.extent(y):
            x = 0
        elif x < 0:
            r = self.extent(y)
            x = r if r > 0 else 0
        return x, y


def first_box(width: int, height: int, grid: list, far: tuple, extents: tuple, top: int) -> Codebox:
    """A program's first codebox: its own copies of the source's cells ``grid``, the pairs
    ``far`` and ``extents`` (``((x, y), value)`` and ``(y, R(y))``), made :data:`PIECE` items at
    a time, another thread running between two pieces."""
    cells: list = []
    source = iter(grid)
    for _ in range(0, len(grid), PIECE):
        cells.extend(islice(source, PIECE))
        sleep(0)
    return Codebox(width, height, cells, _pieces(far), _pieces(extents), top)


def _pieces(pairs: tuple) -> dict:
    """``dict(pairs)``, :data:`PIECE` pairs at a time (:func:`first_box`)."""
    out: dict = {}
    source = iter(pairs)
    for _ in range(0, len(pairs), PIECE):
        out.update(islice(source, PIECE))
        sleep(0)
    return out
