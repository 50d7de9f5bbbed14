"""The read-only panes: panels of values, output, breakpoints, status line.

Each has one ``show(...)`` method taking plain data (presentation-model values), so the app stays
language-neutral.  Styles come from TCSS component classes.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from esodbg.engines.breakpoints import Breakpoint
from esodbg.engines.iobuf import OutputLog
from esodbg.engines.view import Value, View

OUTPUT_SHOWN = 20_000  # characters of output drawn at most; the rest is counted, not drawn
OUTPUT_LINES = 300  # lines of output drawn at most


class ScrollingText(VerticalScroll):
    """A scrollable pane of one renderable (a Static scrolls nothing by itself)."""

    def compose(self) -> ComposeResult:
        yield Static(classes="content")

    def update(self, renderable) -> None:
        self.query_one(".content", Static).update(renderable)


class ValuesView(ScrollingText):
    """Named values in ``columns`` columns of name / value (/ note) cells; changed and current
    ones highlighted."""

    COMPONENT_CLASSES = {"values--name", "values--changed", "values--current", "values--note"}

    def show(self, values: tuple[Value, ...], columns: int = 1) -> None:
        notes = any(value.note for value in values)
        table = Table.grid(padding=(0, 1))
        for _ in range(columns):
            table.add_column(style=self.get_component_rich_style("values--name"), no_wrap=True)
            table.add_column(justify="right", no_wrap=True)
            if notes:
                table.add_column(style=self.get_component_rich_style("values--note"), no_wrap=True)
        changed = self.get_component_rich_style("values--changed")
        current = self.get_component_rich_style("values--current")
        for start in range(0, len(values), columns):
            cells = []
            for value in values[start:start + columns]:
                name = Text(value.name, current) if value.current else value.name
                cells += [name, Text(value.value, changed if value.changed else current if value.current else "")]
                if notes:
                    cells.append(value.note)
            table.add_row(*cells)
        self.update(table)


class OutputView(ScrollingText):
    """The end of the program's output; what the last step wrote is highlighted."""

    COMPONENT_CLASSES = {"output--new", "output--elided"}

    def show(self, tail: str, hidden: int, new: int = 0) -> None:
        """``tail`` is the end of the output after ``hidden`` earlier characters (see
        :func:`output_tail`); its last ``new`` characters are what the last step wrote."""
        lines = tail.split("\n")
        if len(lines) > OUTPUT_LINES:  # laying out many short lines is what costs, not characters
            cut = len(tail) - len("\n".join(lines[-OUTPUT_LINES:]))
            hidden, tail = hidden + cut, tail[cut:]
        text = Text(no_wrap=False, end="")
        if hidden:
            text.append(f"… {hidden:,} earlier characters …\n", self.get_component_rich_style("output--elided"))
        cut = max(0, len(tail) - new)
        text.append(tail[:cut])
        text.append(tail[cut:], self.get_component_rich_style("output--new"))
        self.update(text)
        self.call_after_refresh(self.scroll_end, animate=False)


def output_tail(output: OutputLog) -> tuple[str, int]:
    """The last characters of ``output`` worth drawing, and how many come before them."""
    hidden = max(0, output.length - OUTPUT_SHOWN)
    return output.text(hidden), hidden


class BreakpointList(Static):
    """The breakpoints with their cell's sub-glyph (e.g. the 15 command), the kinds of touch they
    stop at (when not just exec) and hit counts."""

    def show(self, breakpoints: list[Breakpoint], view: View) -> None:
        if not breakpoints:
            self.update(Text("none — click a cell or command, or press b", "dim"))
            return
        text = Text(end="")
        for bp in breakpoints:
            text.append("● " if bp.enabled else "○ ", "bold red" if bp.enabled else "dim")
            text.append(view.describe(bp.at))
            if bp.kinds != {"exec"}:  # a language with several kinds of touch (R45 of Tic Tac Toe Grow)
                text.append(f"  {'+'.join(sorted(bp.kinds))}", "italic")
            text.append(f"  hits {bp.hits}\n", "dim")
        self.update(text)


class StatusBar(Static):
    """One line: step, state (paused / running / halted / error / waiting) and why it stopped."""

    def show(self, state: str, message: str) -> None:
        self.set_classes(f"state-{state.split()[0]}")
        self.update(Text.assemble((f" {state.upper()} ", "bold"), " ", message))
