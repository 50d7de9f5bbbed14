"""Messages the code-board widgets (boards, the source as code board) and the listings post to
the app."""

from __future__ import annotations

from textual.message import Message

from esodbg.engines.base import Location, Span


class BreakpointToggled(Message):
    """The user asked to toggle the breakpoint at ``location`` (click, Enter or Space), or with
    ``remove`` to delete the one there if any (``d``, Delete, Backspace)."""

    def __init__(self, location: Location, remove: bool = False) -> None:
        super().__init__()
        self.location, self.remove = location, remove


class RowSelected(Message):
    """The user selected a row of a listing (a stack frame, a play) that stands for ``span`` in
    the source (``None``: the selection was cleared, or the row stands for no source)."""

    def __init__(self, span: Span | None) -> None:
        super().__init__()
        self.span = span


class CursorMoved(Message):
    """The focused board's cursor is now on ``location`` (``None``: the board lost focus)."""

    def __init__(self, location: Location | None) -> None:
        super().__init__()
        self.location = location
