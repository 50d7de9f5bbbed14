"""Edit mode (issue 16): the program in an editor that highlights it with its grammar and shows
the engine's diagnostics as you type; saving writes the file and the debugger reloads it.

The text is checked with the language's own parser (the one ``esodbg check`` runs), a moment
after the last keystroke and in a thread, so typing never waits for a big program to parse.
Saving (Ctrl+S) writes the file as the language encodes it and tells the app, which starts a
new session on it keeping the breakpoints and watches that still make sense.  Leaving (Esc)
with unsaved changes asks first: save, discard or go on editing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, Static, TextArea
from textual.worker import get_current_worker

from esodbg.engines.base import Diagnostic, ParseError
from esodbg.engines.language import Language

from ..files import shown
from ..widgets.editor import ProgramEditor
from ..widgets.footer import FittingFooter

CHECK_AFTER = 0.3  # seconds after the last keystroke before the text is parsed again


class EditorScreen(Screen[None]):
    """Edit the program at ``path`` (its text ``text``, parsed with ``language`` and its
    ``options``).  ``saved()`` is called after each save (the app reloads the session and says
    what it kept); ``leave(saved)`` when the editor closes, ``saved`` being whether it saved at
    all."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True, tooltip="write the file; the debugger reloads it"),
        # A priority binding: the text area takes Escape for itself (it moves the focus on).
        Binding("escape", "leave", "Back", priority=True,
                tooltip="back to the debugger (asks first if there are unsaved changes)"),
        Binding("f8", "next_problem", "Next problem", tooltip="move the cursor to the next problem"),
    ]

    def __init__(self, language: Language, path: Path, text: str, options: dict[str, Any],
                 saved: Callable[[], None], leave: Callable[[bool], None]) -> None:
        super().__init__()
        self.language, self.path, self.options = language, path, options
        self.text, self.on_saved, self.on_leave = text, saved, leave
        self.saved_once = False
        self.version = 0  # edits so far: a check's result is shown only if no edit came after it
        self.timer: Timer | None = None

    @property
    def modified(self) -> bool:
        """True if the text differs from the file as last read or saved."""
        return self.query_one(ProgramEditor).text != self.text

    def compose(self) -> ComposeResult:
        with Vertical(id="editor-box"):
            editor = ProgramEditor(self.text, self.language.grammar_for(self.path), id="editor")
            editor.border_title = f"Editing {shown(self.path)} ({self.language.title})"
            editor.border_subtitle = "ctrl+s saves · esc goes back"
            yield editor
            yield Static("", id="editor-status")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one(ProgramEditor).focus()
        self._check()

    # ----- checking -----------------------------------------------------------------------------
    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        self.version += 1
        if self.timer is None:
            self.timer = self.set_timer(CHECK_AFTER, self._check)
        else:
            self.timer.reset()
        self._status()

    def on_text_area_selection_changed(self, event: TextArea.SelectionChanged) -> None:
        self._status()

    def _check(self) -> None:
        self.timer = None
        self._parse(self.version, self.query_one(ProgramEditor).text)

    @work(thread=True, exclusive=True, group="check")
    def _parse(self, version: int, text: str) -> None:
        """Parse ``text`` (edit ``version``) with the engine and show what it finds."""
        try:
            found = self.language.parse(text, str(self.path), self.options).warnings
        except ParseError as error:
            found = error.diagnostics
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._checked, version, tuple(found))

    def _checked(self, version: int, diagnostics: tuple[Diagnostic, ...]) -> None:
        if version == self.version and self.is_mounted:
            self.query_one(ProgramEditor).show_diagnostics(diagnostics)
            self._status()

    def _status(self) -> None:
        """The status line: the problems' count, the one on the cursor's line in full, where
        the cursor is, and whether there are unsaved changes."""
        editor = self.query_one(ProgramEditor)
        row, col = editor.cursor_location
        text = Text(end="")
        checked = self.version == 0 or self.timer is None
        errors = sum(d.severity == "error" for d in editor.diagnostics)
        warnings = len(editor.diagnostics) - errors
        if not editor.diagnostics:
            text.append("no problems" if checked else "checking…", "green" if checked else "dim")
        else:
            text.append(f"{errors} error{'s' * (errors != 1)}", "bold bright_red" if errors else "dim")
            if warnings:
                text.append(f", {warnings} warning{'s' * (warnings != 1)}", "yellow")
            text.append(" (f8: next)", "dim")
        text.append(f" · line {row + 1}, col {col + 1}")
        if self.modified:
            text.append(" · modified", "bold")
        problem = editor.problem_at(row)
        if problem is not None:
            text.append(f"\n{problem.line}:{problem.col}: {problem.severity}: {problem.message}",
                        "bright_red" if problem.severity == "error" else "yellow")
        self.query_one("#editor-status", Static).update(text)

    def action_next_problem(self) -> None:
        """F8: the cursor to the first problem after it (round to the first)."""
        editor = self.query_one(ProgramEditor)
        places = sorted((d.line - 1, d.col - 1) for d in editor.diagnostics)
        if not places:
            self.notify("no problems", timeout=2)
            return
        here = editor.cursor_location
        editor.move_cursor(next((p for p in places if p > here), places[0]), center=True)

    # ----- saving and leaving ---------------------------------------------------------------------
    def action_save(self) -> bool:
        """Write the file; True if it was written (a failure is shown and loses nothing)."""
        text = self.query_one(ProgramEditor).text
        try:
            self.path.write_bytes(self.language.encode(text, str(self.path)))
        except UnicodeEncodeError as error:
            self.notify(f"not saved: the file's encoding ({error.encoding}) cannot hold {error.object[error.start]!r}",
                        title="Save", severity="error")
            return False
        except OSError as error:
            self.notify(f"not saved: cannot write {shown(self.path)}: {error.strerror}", title="Save", severity="error")
            return False
        self.text, self.saved_once = text, True
        self._status()
        self.on_saved()
        return True

    def action_leave(self, then: Callable[[], None] | None = None) -> None:
        """Esc: back to the debugger; with unsaved changes, ask first.  ``then`` runs once the
        editor has closed (the app's quit)."""
        def close() -> None:
            self.on_leave(self.saved_once)
            if then is not None:
                then()

        def answered(choice: str | None) -> None:
            if choice == "discard" or (choice == "save" and self.action_save()):
                close()

        if self.modified:
            self.app.push_screen(LeaveScreen(shown(self.path.name)), answered)
        else:
            close()


class LeaveScreen(ModalScreen[str | None]):
    """Unsaved changes: save, discard, or go on editing (``None``)."""

    BINDINGS = [Binding("s", "choose('save')", "Save"), Binding("d", "choose('discard')", "Discard"),
                Binding("escape", "choose(None)", "Cancel")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name_shown = name

    def compose(self) -> ComposeResult:
        with Vertical(id="leave-box") as box:
            box.border_title = "Unsaved changes"
            yield Static(f"{self.name_shown} has changes that are not saved.", id="leave-text")
            with Horizontal(id="leave-buttons"):
                yield Button("Save (s)", id="save", variant="primary")
                yield Button("Discard (d)", id="discard", variant="error")
                yield Button("Cancel (esc)", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(None if event.button.id == "cancel" else event.button.id)

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
