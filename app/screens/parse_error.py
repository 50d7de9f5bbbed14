"""Shown instead of the debugger when the program does not parse: each problem with file, line
and column, and the source with the first problem marked.  ``e`` edits it, ``r`` reads the file
again."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from esodbg.engines.base import Diagnostic, Span

from ..files import shown
from ..widgets.source import SourceView


class ParseErrorScreen(Screen[None]):
    """The diagnostics of a program that cannot run."""

    BINDINGS = [Binding("e", "app.edit", "Edit"), Binding("r", "app.reload", "Reload file"),
                Binding("q", "app.quit", "Quit")]

    def __init__(self, path: str, source: str, diagnostics: tuple[Diagnostic, ...] | str) -> None:
        super().__init__()
        self.path, self.source, self.diagnostics = shown(path), source, diagnostics

    def compose(self) -> ComposeResult:
        text = Text(end="")
        if isinstance(self.diagnostics, str):  # the file itself could not be read
            text.append(self.diagnostics, "bold red")
        else:
            count = len(self.diagnostics)
            text.append(f"{self.path} cannot run: {count} problem{'s' if count > 1 else ''}\n\n", "bold")
            for d in self.diagnostics:
                text.append(f"{shown(d.file)}:{d.line}:{d.col}: ", "bold")
                text.append("error: ", "bold red")
                text.append(f"{d.message}\n")
        text.append("\nPress e to fix it here, or fix the file and press r to read it again; q quits.", "dim")
        with Vertical(id="parse-error"):
            yield Static(text, id="diagnostics")
            yield SourceView(id="error-source")
        yield Footer()

    def on_mount(self) -> None:
        source = self.query_one(SourceView)
        source.border_title = self.path
        first = None if isinstance(self.diagnostics, str) else self.diagnostics[0]
        span = Span(first.line, first.col, first.line, first.col + 1) if first else None
        source.load(self.source)
        source.show(span, fault=True)
