"""Breakpoints on locations — a board cell or a command of a text program.

A breakpoint pauses *before* a step that touches its location in one of its ``kinds``.  Every
language has the kind ``exec`` (the step runs there); a language may offer more (Tic Tac Toe
Grow: ``write``, ``data``, ``grow``; see :attr:`~esodbg.engines.base.Language.breakpoint_kinds`).
The machine says what its next step touches (:meth:`~esodbg.engines.base.Machine.next_touches`).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Iterable

from .base import Location


@dataclass(slots=True)
class Breakpoint:
    """A breakpoint at ``at`` for the touches in ``kinds``.

    ``hit_steps`` are the steps (sorted, each once) at which the session stopped at it.  A hit
    count belongs to the timeline: :meth:`hits` counts the hits at or before a step, so stepping
    back or reverse-continuing brings it down, and going forward again over the same steps
    does not count them twice."""

    at: Location
    kinds: frozenset[str] = frozenset({"exec"})
    enabled: bool = True
    hit_steps: list[int] = field(default_factory=list)

    def hits(self, step: int) -> int:
        """How many times the session stopped here at or before ``step``."""
        return bisect.bisect_right(self.hit_steps, step)

    def record_hit(self, step: int) -> None:
        """The session stopped here at ``step``."""
        i = bisect.bisect_left(self.hit_steps, step)
        if i == len(self.hit_steps) or self.hit_steps[i] != step:
            self.hit_steps.insert(i, step)


class Breakpoints:
    """The breakpoints of a session, in the order they were set; new ones get ``default_kinds``.

    ``version`` changes whenever what the enabled breakpoints stop at changes, so compiled forms
    (see :meth:`~esodbg.engines.base.Machine.compile_stops`) can be cached against it.
    """

    def __init__(self, default_kinds: frozenset[str] = frozenset({"exec"})) -> None:
        self.default_kinds = default_kinds
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

    def toggle(self, at: Location, kinds: frozenset[str] | None = None) -> bool:
        """Set a breakpoint at ``at`` (for ``kinds``, default :attr:`default_kinds`), or remove
        the one there.  Returns true if now set."""
        self.version += 1
        if self._by_location.pop(at, None) is None:
            self._by_location[at] = Breakpoint(at, frozenset(kinds or self.default_kinds))
            return True
        return False

    def set_enabled(self, at: Location, enabled: bool) -> None:
        """Enable or disable the breakpoint at ``at`` (``KeyError`` if there is none)."""
        self._by_location[at].enabled = enabled
        self.version += 1

    def set_kinds(self, at: Location, kinds: Iterable[str]) -> None:
        """Make the breakpoint at ``at`` stop at the touches in ``kinds`` (``KeyError`` if there
        is none, ``ValueError`` if ``kinds`` is empty)."""
        kinds = frozenset(kinds)
        if not kinds:
            raise ValueError("a breakpoint needs at least one kind")
        self._by_location[at].kinds = kinds
        self.version += 1

    def clear(self) -> None:
        self._by_location.clear()
        self.version += 1

    def enabled(self) -> list[tuple[Location, frozenset[str]]]:
        """``(location, kinds)`` of every enabled breakpoint."""
        return [(bp.at, bp.kinds) for bp in self._by_location.values() if bp.enabled]

    def enabled_locations(self) -> list[Location]:
        return [bp.at for bp in self._by_location.values() if bp.enabled]

    def hit(self, touches: Iterable[tuple[Location, str]]) -> Breakpoint | None:
        """The first enabled breakpoint that a step touching ``touches`` (``(location, kind)``
        pairs, see :meth:`~esodbg.engines.base.Machine.next_touches`) stops at, if any."""
        by_location = self._by_location
        if not by_location:
            return None
        for at, kind in touches:
            bp = by_location.get(at)
            if bp is not None and bp.enabled and kind in bp.kinds:
                return bp
        return None
