"""Location breakpoints: stop when execution arrives at a location — a board cell or a command
of a text program — before that location's step runs."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Location


@dataclass(slots=True)
class Breakpoint:
    """A breakpoint at ``at``; ``hits`` counts the times a forward run stopped at it."""

    at: Location
    enabled: bool = True
    hits: int = 0


class Breakpoints:
    """The breakpoints of a session, in the order they were set.

    ``version`` changes whenever the set of enabled locations changes, so compiled forms (see
    :meth:`~esodbg.engines.base.Machine.compile_stops`) can be cached against it.
    """

    def __init__(self) -> None:
        self._by_location: dict[Location, Breakpoint] = {}
        self.version = 0

    def __iter__(self):
        return iter(self._by_location.values())

    def __len__(self) -> int:
        return len(self._by_location)

    def __contains__(self, at: Location) -> bool:
        return at in self._by_location

    def get(self, at: Location) -> Breakpoint | None:
        return self._by_location.get(at)

    def toggle(self, at: Location) -> bool:
        """Set a breakpoint at ``at``, or remove the one there.  Returns true if now set."""
        self.version += 1
        if self._by_location.pop(at, None) is None:
            self._by_location[at] = Breakpoint(at)
            return True
        return False

    def set_enabled(self, at: Location, enabled: bool) -> None:
        """Enable or disable the breakpoint at ``at`` (``KeyError`` if there is none)."""
        self._by_location[at].enabled = enabled
        self.version += 1

    def clear(self) -> None:
        self._by_location.clear()
        self.version += 1

    def enabled_locations(self) -> list[Location]:
        return [bp.at for bp in self._by_location.values() if bp.enabled]

    def hit_at(self, at: Location) -> Breakpoint | None:
        """The enabled breakpoint at ``at``, if any."""
        bp = self._by_location.get(at)
        return bp if bp is not None and bp.enabled else None
