"""Cell breakpoints: stop when execution arrives at a board cell (before that cell's step runs)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import CellRef


@dataclass(slots=True)
class Breakpoint:
    """A breakpoint on ``cell``; ``hits`` counts the times a forward run stopped at it."""

    cell: CellRef
    enabled: bool = True
    hits: int = 0


class Breakpoints:
    """The breakpoints of a session, in the order they were set.

    ``version`` changes whenever the set of enabled cells changes, so compiled forms (see
    :meth:`~esodbg.engines.base.Machine.compile_stops`) can be cached against it.
    """

    def __init__(self) -> None:
        self._by_cell: dict[CellRef, Breakpoint] = {}
        self.version = 0

    def __iter__(self):
        return iter(self._by_cell.values())

    def __len__(self) -> int:
        return len(self._by_cell)

    def __contains__(self, cell: CellRef) -> bool:
        return cell in self._by_cell

    def get(self, cell: CellRef) -> Breakpoint | None:
        return self._by_cell.get(cell)

    def toggle(self, cell: CellRef) -> bool:
        """Set a breakpoint on ``cell``, or remove the one there.  Returns true if now set."""
        self.version += 1
        if self._by_cell.pop(cell, None) is None:
            self._by_cell[cell] = Breakpoint(cell)
            return True
        return False

    def set_enabled(self, cell: CellRef, enabled: bool) -> None:
        """Enable or disable the breakpoint on ``cell`` (``KeyError`` if there is none)."""
        self._by_cell[cell].enabled = enabled
        self.version += 1

    def clear(self) -> None:
        self._by_cell.clear()
        self.version += 1

    def enabled_cells(self) -> list[CellRef]:
        return [bp.cell for bp in self._by_cell.values() if bp.enabled]

    def hit_at(self, cell: CellRef) -> Breakpoint | None:
        """The enabled breakpoint on ``cell``, if any."""
        bp = self._by_cell.get(cell)
        return bp if bp is not None and bp.enabled else None
