"""Messages the code-board widgets (boards, the source as code board) post to the app."""

from __future__ import annotations

from textual.message import Message

from esodbg.engines.base import Location


class BreakpointToggled(Message):
    """The user asked to toggle the breakpoint at ``location`` (click, Enter or Space)."""

    def __init__(self, location: Location) -> None:
        super().__init__()
        self.location = location
