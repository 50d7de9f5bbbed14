"""The read-only panes: panels of values and listings, output, status line.

Each has one ``show(...)`` method taking plain data (presentation-model values), so the app stays
language-neutral.  Styles come from TCSS component classes.
"""

from __future__ import annotations

from functools import partial

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Click
from textual.geometry import Region, Spacing
from textual.message import Message
from textual.widgets import Static

from esodbg.engines.iobuf import OutputLog
from esodbg.engines.view import Value

from . import printable
from .messages import RowSelected

OUTPUT_SHOWN = 20_000  # characters of output drawn at most; the rest is counted, not drawn
OUTPUT_LINES = 300  # lines of output drawn at most
VALUES_SHOWN = 300  # values a panel draws at most (besides the changed and current ones)
VALUE_SHOWN = 2_000  # characters of one value drawn at most, its start and its end


class ScrollingText(VerticalScroll):
    """A scrollable pane of one renderable (a Static scrolls nothing by itself)."""

    _lines = -1  # how many lines the renderable drawn last takes, at :attr:`_width`
    _width = -1

    def compose(self) -> ComposeResult:
        yield Static(classes="content")

    def update(self, renderable) -> None:
        """Draw ``renderable``.  The screen is laid out again only when it takes another number
        of lines than the last one (a layout costs far more than counting them: most steps
        change a value, not the pane's height), and never while the pane is hidden (an
        inactive tab: showing it lays it out)."""
        content = self.query_one(".content", Static)
        width = content.content_region.width
        if width <= 0:
            content.update(renderable, layout=False)
            self._width = -1
            return
        console = self.app.console
        lines = len(console.render_lines(renderable, console.options.update(width=width, height=None), pad=False))
        content.update(renderable, layout=(lines, width) != (self._lines, self._width))
        self._lines, self._width = lines, width


class ValuesView(ScrollingText):
    """Named values: one per row, the names in a column as wide as the longest (so the values
    start at the same place from frame to frame) and the values left-aligned, wrapping to the
    pane's width with their notes after them.  A long uniform list (``columns`` > 1) is laid
    out in that many columns instead.  Changed and current values are highlighted."""

    COMPONENT_CLASSES = {"values--name", "values--changed", "values--current", "values--note"}
    _shown: tuple | None = None  # the values drawn last, and in how many columns

    def show(self, values: tuple[Value, ...], columns: int = 1) -> None:
        """Draw ``values``; past :data:`VALUES_SHOWN` only the first ones and those changed or
        current are drawn, and a last row counts the rest (a huge 15 puzzle has a memory cell a
        piece: laying out every one took minutes).  The same values again draw nothing (a
        step changes few panes, and each new table lays the screen out again)."""
        if self._shown == (values, columns):
            return
        self._shown = (values, columns)
        if len(values) > VALUES_SHOWN:
            kept = tuple(value for i, value in enumerate(values)
                         if i < VALUES_SHOWN or value.changed or value.current)
            values = kept + (Value("…", f"{len(values) - len(kept):,} more",
                                   note="not drawn: a watch (w) or a data breakpoint (B) reads any"),)
        name_style = self.get_component_rich_style("values--name")
        changed = self.get_component_rich_style("values--changed")
        current = self.get_component_rich_style("values--current")
        note_style = self.get_component_rich_style("values--note")

        def value_text(value: Value) -> Text:
            text = Text()  # styled as a span, so a highlight covers the value, not the cell it wraps in
            text.append(_cut(value.value), changed if value.changed else current if value.current else "")
            if value.note and columns == 1:
                text.append(f"  {value.note}", note_style)
            return text

        def name_text(value: Value) -> Text:
            return Text(value.name, current if value.current else name_style)

        if columns == 1:
            table = Table.grid(padding=(0, 1), expand=True)
            table.add_column(no_wrap=True, width=max((len(v.name) for v in values), default=0))
            table.add_column(ratio=1, overflow="fold")
            for value in values:
                table.add_row(name_text(value), value_text(value))
        else:  # a grid of short cells: name, value (right-aligned: numbers), note
            notes = any(value.note for value in values)
            table = Table.grid(padding=(0, 1))
            for _ in range(columns):
                table.add_column(no_wrap=True)
                table.add_column(justify="right", no_wrap=True)
                if notes:
                    table.add_column(style=note_style, no_wrap=True)
            for start in range(0, len(values), columns):
                cells = []
                for value in values[start:start + columns]:
                    cells += [name_text(value), value_text(value)] + ([value.note] if notes else [])
                table.add_row(*cells)
        self.update(table)


def _cut(value: str) -> str:
    """``value``, or its start and end if it is longer than :data:`VALUE_SHOWN` characters (a
    number near the integer bound has 300,000 digits: laying them out took seconds, and q
    waited for it)."""
    if len(value) <= VALUE_SHOWN:
        return value
    half = VALUE_SHOWN // 2
    return f"{value[:half]} … {len(value) - 2 * half:,} characters not drawn … {value[-half:]}"


class ListingView(ValuesView, can_focus=True):
    """A listing (a call stack, the plays of a game): one line a row, cut to the pane's width,
    kept scrolled to the current row.  Up and down or a click select a row and show the source
    it stands for in the code pane (a :class:`RowSelected` message); leaving the pane, or the
    next step, clears the selection."""

    BINDINGS = [
        Binding("up", "select(-1)", "Row", show=False),
        Binding("down", "select(1)", "Row", show=False),
    ]
    COMPONENT_CLASSES = {"values--selected"}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.values: tuple[Value, ...] = ()
        self.selected: int | None = None

    def show(self, values: tuple[Value, ...], columns: int = 1) -> None:
        self.values, self.selected = values, None
        self._draw()
        current = next((i for i, value in enumerate(values) if value.current), None)
        if current is not None:
            self.call_after_refresh(self._reveal, current)

    def _reveal(self, row: int) -> None:
        """Scroll ``row`` into sight, with a row around it when the pane has three or more (a
        pane of one or two, a short terminal's, would show the row next to it instead)."""
        context = 1 if self.scrollable_content_region.height >= 3 else 0
        self.scroll_to_region(Region(0, row, 1, 1), animate=False, spacing=Spacing(context, 0, context, 0))

    def _draw(self) -> None:
        style = partial(self.get_component_rich_style, partial=True)  # no background: a selected row keeps its own
        name_style, current, note_style = style("values--name"), style("values--current"), style("values--note")
        changed, selected = style("values--changed"), self.get_component_rich_style("values--selected")
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True, overflow="ellipsis")
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis", style=note_style)
        for index, value in enumerate(self.values):
            table.add_row(Text(value.name, current if value.current else name_style),
                          Text(value.value, changed if value.changed else current if value.current else ""),
                          value.note,
                          style=selected if index == self.selected else None)
        self.update(table)

    def _select(self, index: int | None) -> None:
        if index == self.selected:
            return
        self.selected = index
        self._draw()
        if index is not None:
            self.scroll_to_region(Region(0, index, 1, 1), animate=False)
        self.post_message(RowSelected(self.values[index].span if index is not None else None))

    def action_select(self, delta: int) -> None:
        if self.values:  # the first key selects the current row (a stack's innermost frame)
            current = next((i for i, value in enumerate(self.values) if value.current), 0)
            index = current if self.selected is None else self.selected + delta
            self._select(min(max(index, 0), len(self.values) - 1))

    def on_click(self, event: Click) -> None:
        row = event.get_content_offset(self)
        if row is not None and 0 <= row.y + round(self.scroll_y) < len(self.values):
            self._select(row.y + round(self.scroll_y))

    def on_blur(self) -> None:
        self._select(None)


class OutputView(ScrollingText, can_focus=True):
    """The end of the program's output; what the last step wrote is highlighted.  Focused
    (Tab), up and down select a line and Enter asks for the step that wrote it (a click does
    both): :class:`Picked`."""

    COMPONENT_CLASSES = {"output--new", "output--elided", "output--selected"}
    BINDINGS = [
        Binding("up", "select(-1)", "Line", show=False),
        Binding("down", "select(1)", "Line", show=False),
        Binding("enter", "pick", "Who wrote it"),
    ]

    class Picked(Message):
        """The user asked which step wrote the output character at ``offset`` (0-based, in the
        whole output): the first of the line picked."""

        def __init__(self, offset: int) -> None:
            super().__init__()
            self.offset = offset

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[str, int, int, bool] = ("", 0, 0, False)  # what show() was given
        self._drawn = ""  # the output drawn (after the earlier characters not drawn)
        self._starts: list[int] = []  # the offset of each line drawn, in the whole output
        self.selected: int | None = None  # the line selected (an index into _starts)

    def show(self, tail: str, hidden: int, new: int = 0, running: bool = False) -> None:
        """``tail`` is the end of the output after ``hidden`` earlier characters (see
        :func:`output_tail`); its last ``new`` characters are what the last step wrote.  While
        a run goes on, only the lines that fit are laid out (frames come many times a second);
        stopped, the last :data:`OUTPUT_LINES` are, to scroll back through."""
        if (tail, hidden, new, running) != self._shown:
            self.selected = None  # another output: the line selected may be gone
        self._shown = (tail, hidden, new, running)
        keep = max(self.size.height, 1) if running else OUTPUT_LINES
        lines = tail.split("\n", tail.count("\n") - keep) if tail.count("\n") > keep else [tail]
        if len(lines) > 1:  # laying out many short lines is what costs, not characters
            cut = len(tail) - len(lines[-1])
            hidden, tail = hidden + cut, tail[cut:]
        self._starts = [hidden]
        for line in tail.split("\n")[:-1]:
            self._starts.append(self._starts[-1] + len(line) + 1)
        if self._starts[-1] == hidden + len(tail) and len(self._starts) > 1:  # nothing after the last newline
            self._starts.pop()
        self._drawn = tail
        drawn = tail.translate(printable.OUTPUT)  # a control character written (Scrabble's PRINT 5) drawn: ␅
        cut = max(0, len(drawn) - new)
        body = Text(no_wrap=False, end="")
        body.append(drawn[:cut])
        body.append(drawn[cut:], self.get_component_rich_style("output--new"))
        if self.selected is not None and self.selected < len(self._starts):
            start = self._starts[self.selected] - hidden
            end = drawn.find("\n", start)
            body.stylize(self.get_component_rich_style("output--selected"), start, len(drawn) if end < 0 else end)
        text = Text(no_wrap=False, end="")
        if hidden:
            text.append(f"… {hidden:,} earlier characters …\n", self.get_component_rich_style("output--elided"))
        text.append_text(body)
        self.update(text)
        if self.selected is None:
            self.call_after_refresh(self.scroll_end, animate=False)

    def action_select(self, delta: int) -> None:
        if not self._starts:
            return
        last = len(self._starts) - 1
        self.selected = last if self.selected is None else min(max(self.selected + delta, 0), last)
        self.show(*self._shown)

    def action_pick(self) -> None:
        if self.selected is None:
            self.action_select(0)
        if self.selected is not None:
            self.post_message(self.Picked(self._starts[self.selected]))

    def on_click(self, event: Click) -> None:
        at = event.get_content_offset(self)
        if at is None or not self._starts:
            return
        row, width = at.y + round(self.scroll_y), max(self.query_one(".content").content_region.width, 1)
        rows = 1 if self._starts[0] else 0  # the "earlier characters" line
        console = self.app.console
        for index, line in enumerate(self._drawn.split("\n")[:len(self._starts)]):
            rows += max(1, len(Text(line.translate(printable.OUTPUT)).wrap(console, width)))
            if row < rows:
                self.selected = index
                self.show(*self._shown)
                self.post_message(self.Picked(self._starts[index]))
                return

    def on_blur(self) -> None:
        if self.selected is not None:
            self.selected = None
            self.show(*self._shown)


def output_tail(output: OutputLog) -> tuple[str, int]:
    """The last characters of ``output`` worth drawing, and how many come before them."""
    hidden = max(0, output.length - OUTPUT_SHOWN)
    return output.text(hidden), hidden


class StatusBar(Static):
    """One line: step, state (paused / running / halted / error / waiting) and why it stopped."""

    def show(self, state: str, message: str) -> None:
        self.set_classes(f"state-{state.split()[0]}")
        text = Text.assemble((f" {state.upper()} ", "bold"), " ", message, no_wrap=True, overflow="ellipsis")
        self.update(text, layout=False)  # one line (its height is fixed), cut with an ellipsis when narrow
