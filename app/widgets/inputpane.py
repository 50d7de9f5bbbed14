"""Program input: what is still queued, and a prompt line when input is interactive."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, Static


class PromptInput(Input):
    """The prompt line; Ctrl+D ends the program's input."""

    BINDINGS = [Binding("ctrl+d", "end_of_input", "End of input")]

    def action_end_of_input(self) -> None:
        self.post_message(InputPane.EndOfInput())


class InputPane(Vertical):
    """Shows the queued input (``⏎`` for newlines) and, if more may be typed, a prompt."""

    class Submitted(Message):
        """The user typed ``line`` (without its newline) for the program."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    class EndOfInput(Message):
        """The user ended the program's input (Ctrl+D)."""

    def compose(self) -> ComposeResult:
        yield Static(id="queued")
        yield PromptInput(placeholder="type a line, Enter", id="prompt")

    def show(self, pending: str, closed: bool, waiting: bool) -> None:
        """``pending`` is the input not yet read; ``waiting`` true if the program needs more."""
        shown = pending.replace("\n", "⏎") if pending else "(nothing queued)"
        self.border_subtitle = "ended" if closed else "Ctrl+D ends"  # short: the pane is narrow at 80 columns
        queued = self.query_one("#queued", Static)
        if queued.content != shown:  # an update lays the screen out again: only when it changed
            queued.update(shown)
        prompt = self.query_one(PromptInput)
        prompt.display = not closed
        self.set_class(waiting, "waiting")
        if waiting:
            prompt.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        event.input.clear()
        self.post_message(self.Submitted(event.value))
