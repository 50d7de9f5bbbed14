"""The memory lattice as the debugger draws it (spec `hexagony.md` M1; the view's ``memory``
board): where each memory edge sits on a grid of text.

Memory hexagon ``(q, r)`` has its centre at lattice row ``2r``, column ``4q + 2r``; its E edge
two columns right of the centre, its NE edge one row up and one column right, its SE edge one
row down and one right.  So even lattice rows hold centres and E edges, odd ones NE and SE
edges, and a lattice position ``(R, X)`` (``R + X`` even) is drawn as the board cell
``(R, X // 2)``, the odd rows shifted right by half a cell.
"""

from __future__ import annotations

from ..base import CellRef

MEMORY = "memory"  # the memory lattice's board name


def edge_at(R: int, X: int) -> tuple[int, int, int] | None:
    """The edge ``(q, r, D)`` drawn at lattice position ``(R, X)``, or ``None`` (a hexagon's
    centre, or no position: ``R + X`` odd)."""
    if (R + X) % 2:
        return None
    if R % 2 == 0:
        r = R // 2
        t = X - 2 * r
        return ((t - 2) // 4, r, 1) if t % 4 == 2 else None
    r = (R - 1) // 2
    t = X - 2 * r - 1
    return (t // 4, r, 2) if t % 4 == 0 else ((t - 2) // 4, r + 1, 0)


def lattice(q: int, r: int, d: int) -> tuple[int, int]:
    """Where the edge ``(q, r, D)`` is drawn: its lattice position ``(R, X)``."""
    return (2 * r + (d - 1), 4 * q + 2 * r + (2 if d == 1 else 1))


def edge_of_cell(cell: CellRef) -> tuple[int, int, int] | None:
    """The edge the memory board's cell ``cell`` shows, or ``None`` (a hexagon's centre)."""
    return edge_at(cell.row, 2 * cell.col + cell.row % 2)
