"""A one-line prompt over the debugger (goto step, a breakpoint spec, a watch expression).

The caller gives a ``check`` function that applies the text or says what is wrong with it: the
prompt stays open showing that message until the text is right or the user presses Escape, so a
typo never loses what was typed.
"""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class PromptScreen(ModalScreen[bool]):
    """Ask for one line.  ``check(text)`` applies it and returns ``None``, or returns the error
    to show.  Dismissed with ``True`` once applied, ``False`` on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, hint: str, check: Callable[[str], str | None], value: str = "") -> None:
        super().__init__()
        self.title_text, self.hint, self.check, self.value = title, hint, check, value

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box") as box:
            box.border_title = self.title_text
            box.border_subtitle = "enter applies · esc cancels"
            # Plain text: a hint or an error names forms like mem[N] and [BOARD:], not markup.
            yield Static(self.hint, id="prompt-hint", markup=False)
            yield Input(self.value, id="prompt-input", select_on_focus=False)
            yield Static("", id="prompt-error", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()  # the app focuses nothing by itself (arrow keys step)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.check(event.value.strip())
        if error is None:
            self.dismiss(True)
        else:
            self.query_one("#prompt-error", Static).update(error)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#prompt-error", Static).update("")

    def action_cancel(self) -> None:
        self.dismiss(False)
