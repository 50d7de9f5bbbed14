"""The program text, drawn with Textual's line API (only visible lines are rendered).

Shows line numbers and the span of the next step (or of a fault); long lines wrap at a space
(MessiScript programs are prose), unless the text is a grid (Befunge's, a maze: ``wrap`` off),
whose lines stay whole, a line a row, scrolled sideways.  For a program whose code is
text (a :class:`~esodbg.engines.view.Code`), it is the *code board*: text the parser ignores is
dimmed, marked words get their role's style (``source--<role>``), breakpoints are underlined
with a ``●`` in the gutter, and a command cursor moves between step locations (arrow keys when
focused; Enter, Space or a click toggles a breakpoint, posted as :class:`BreakpointToggled`).
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Mapping
from functools import cache
from itertools import repeat
from operator import itemgetter

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Spacing, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from esodbg.engines.base import CodeRef, Span
from esodbg.engines.view import Code
from esodbg.grammars.highlight import Highlighter

from ..highlight import style_for, syntax_styles
from . import heat, printable
from .messages import BreakpointToggled


class SourceView(ScrollView, can_focus=False):
    """Source text with the current span; with :meth:`load` given a ``Code``, a code board."""

    COMPONENT_CLASSES = {
        "source--gutter", "source--ignored", "source--code", "source--current", "source--fault", "source--cursor",
        "source--breakpoint", "source--also", "source--selected", *heat.classes("source"),
    }
    roles: frozenset[str] = frozenset({"code"})  # the language's mark roles, each styled by source--<role>

    @classmethod
    @cache
    def for_roles(cls, roles: tuple[str, ...]) -> type[SourceView]:
        """This widget class able to style the mark ``roles`` a language's code board uses (each
        a component class ``source--<role>``, styled in the language's TCSS)."""
        return type(cls.__name__, (cls,), {"COMPONENT_CLASSES": {f"source--{role}" for role in roles},
                                           "roles": cls.roles | frozenset(roles)})
    BINDINGS = [
        Binding("up,left", "move(-1)", "Cursor", show=False),
        Binding("down,right", "move(1)", "Cursor", show=False),
        Binding("enter,space", "toggle", "Breakpoint", show=False),
        Binding("d,delete,backspace", "toggle(True)", "Delete breakpoint", show=False),
    ]

    cursor: reactive[int] = reactive(0)  # index of the step location under the command cursor

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self.code: Code | None = None
        self._marks: dict[int, list[tuple[int, int, str]]] = {}  # 0-based line: (start, end, role), by start
        self._widest: dict[int, int] = {}  # 0-based line: its widest mark's columns
        self._starts: list[tuple[int, int]] = []
        self.highlighter: Highlighter | None = None
        self.span: Span | None = None
        self.also: tuple[Span, ...] = ()
        self.selected: Span | None = None  # a stack frame's position the user selected
        self.fault = False
        self.breakpoints: frozenset[int] = frozenset()
        self._heat: dict[int, list[tuple[Span, int]]] = {}  # 0-based line -> the heat map's spans on it, with levels
        self._gutter, self._width, self._longest = 3, 0, 0
        self.wrap = True  # long lines wrap (off: a line a row, the pane scrolls sideways)
        self._rows: list[tuple[int, int, int]] = []
        self._first_row: list[int] = []

    # ----- content ----------------------------------------------------------------------------
    def load(self, source: str, code: Code | None = None, grammar: str | None = None, wrap: bool = True) -> None:
        """Show ``source`` (once per program); ``code`` makes it a code board; ``grammar`` (a
        tree-sitter grammar's name) highlights it; ``wrap`` off keeps long lines whole (a 2D
        program's text: its columns are its board's)."""
        self.wrap = wrap
        self.highlighter = Highlighter(grammar, source) if grammar else None
        self.lines = source.split("\n")
        if len(self.lines) > 1 and self.lines[-1] == "":
            self.lines.pop()
        self.code = code
        self.can_focus = code is not None
        marks: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        lines = len(self.lines)
        for span, role in code.marks if code else ():
            line = span.line
            if line == span.end_line:  # most marks (a big program has a few hundred thousand): inlined _pieces
                if line <= lines:
                    marks[line - 1].append((span.col - 1, max(span.end_col - 1, span.col), role))
                continue
            for line, start, end in self._pieces(span):
                marks[line].append((start, end, role))
        for line_marks in marks.values():  # in column order (a stable sort: most come so already)
            line_marks.sort(key=itemgetter(0))
        self._marks = dict(marks)
        self._widest = {line: max(b - a for a, b, _ in line_marks) for line, line_marks in marks.items()}
        self._starts = [(span.line, span.col) for span, _ in code.steps] if code else []
        self._gutter = len(str(len(self.lines))) + 2
        self._longest = max(map(len, self.lines), default=0)
        self._width = 0  # lay out again even if the width is the same
        self._layout()

    def on_resize(self) -> None:
        self._layout()
        if self.span is not None:  # the pane changed height as the boards grew: keep the step in sight
            self.call_after_refresh(self._reveal, self.span)

    def _layout(self) -> None:
        """Wrap the lines to the pane's width: ``_rows`` holds (line, start, end) per screen
        row, ``_first_row[line]`` the row where a line starts."""
        width = max(10, self.scrollable_content_region.width - self._gutter)
        if width == self._width:
            return
        self._width = width
        if self._longest <= width or not self.wrap:  # a row per line, made at C speed (a big program has 100,000s)
            self._rows = list(zip(range(len(self.lines)), repeat(0), map(len, self.lines)))
            self._first_row = list(range(len(self.lines)))
            self.virtual_size = Size(self._gutter + (width if self.wrap else max(width, self._longest + 1)),
                                     len(self._rows))
            self.refresh()
            return
        rows, first = [], []
        for index, line in enumerate(self.lines):
            first.append(len(rows))
            start = 0
            while len(line) - start > width:
                cut = line.rfind(" ", start, start + width)
                end = cut + 1 if cut > start + width // 2 else start + width
                rows.append((index, start, end))
                start = end
            rows.append((index, start, len(line)))
        self._rows, self._first_row = rows, first
        self.virtual_size = Size(self._gutter + width, len(rows))
        self.refresh()

    def _row_at(self, line: int, col: int) -> int:
        """The screen row showing 1-based (``line``, ``col``)."""
        row = self._first_row[min(line, len(self.lines)) - 1]
        while row + 1 < len(self._rows) and self._rows[row + 1][0] == line - 1 and self._rows[row + 1][1] < col:
            row += 1
        return row

    def show(self, span: Span | None, fault: bool = False, breakpoints: set = frozenset(),
             also: tuple[Span, ...] = (), follow: object = None) -> None:
        """Mark ``span`` as the next step (or, with ``fault``, as the failed one), the spans
        ``also`` (more source that goes with it: a macro's call site) and the :class:`CodeRef` s
        in ``breakpoints``; scroll the span into view.  The command cursor goes to ``follow``
        (where the program is, if a :class:`CodeRef`) unless the user is moving it (the pane
        has focus), so ``b`` after a step acts on the command about to run."""
        if isinstance(follow, CodeRef) and self.code is not None and not self.has_focus:
            self.cursor = follow.index
        self.span, self.fault, self.also, self.selected = span, fault, also, None
        self.breakpoints = frozenset(at.index for at in breakpoints if isinstance(at, CodeRef))
        self.refresh()
        if span is not None:
            self.call_after_refresh(self._reveal, span)

    def show_heat(self, ran: Mapping[Span, int] | None) -> None:
        """The heat map: each source span in ``ran`` coloured by the steps that ran from it
        (``None``: no heat map)."""
        spans: dict[int, list[tuple[Span, int]]] = defaultdict(list)
        for span, level in heat.levels(ran or {}).items():
            for line in range(span.line - 1, span.end_line):
                spans[line].append((span, level))
        self._heat = dict(spans)
        self.refresh()

    def select(self, span: Span | None) -> None:
        """Mark ``span`` (a stack frame's position) and scroll it into view; ``None`` goes back
        to the current step."""
        self.selected = span
        self.refresh()
        if span is not None or self.span is not None:
            self._reveal(span or self.span)

    def _reveal(self, span: Span) -> None:
        top = self._row_at(span.line, span.col)
        bottom = self._row_at(span.end_line, max(1, span.end_col - 1))
        context = min(3, self.scrollable_content_region.height // 4)  # rows kept in sight around it
        # Unwrapped, the span's first column too: the body scrolls under the fixed gutter, so the
        # region reaches a gutter's width past it.
        x = span.col - 1 if not self.wrap else 0
        self.scroll_to_region(Region(x, top, 1 + self._gutter * (not self.wrap), bottom - top + 1),
                              spacing=Spacing(context, 0, context, 0), animate=False)

    def _pieces(self, span: Span):
        """The parts of ``span`` on each line: (0-based line, start, end) in 0-based columns;
        a span's line break counts as one column past the end of its line."""
        for line in range(span.line, span.end_line + 1):
            if line > len(self.lines):
                break
            start = span.col - 1 if line == span.line else 0
            end = span.end_col - 1 if line == span.end_line else len(self.lines[line - 1]) + 1
            yield line - 1, start, max(end, start + 1)  # an empty span still shows where it is

    # ----- the command cursor -----------------------------------------------------------------
    @property
    def cursor_location(self) -> CodeRef:
        return CodeRef(self.cursor)

    def watch_cursor(self) -> None:
        self.refresh()

    def action_move(self, delta: int) -> None:
        if self.code is None or not self.code.steps:
            return
        self.cursor = min(max(self.cursor + delta, 0), len(self.code.steps) - 1)
        self._reveal(self.code.steps[self.cursor][0])

    def action_toggle(self, remove: bool = False) -> None:
        if self.code is not None and self.code.steps:
            self.post_message(BreakpointToggled(self.cursor_location, remove))

    def step_at(self, line: int, col: int) -> int | None:
        """The step location whose span holds 1-based (``line``, ``col``); past the end of the
        line's text, the first one starting on ``line``; else ``None``."""
        i = bisect.bisect_right(self._starts, (line, col)) - 1
        if i >= 0:
            span = self.code.steps[i][0]
            if (line, col) < (span.end_line, span.end_col):
                return i
        if col <= len(self.lines[line - 1]):  # on ignored text or a `vuelve messi`: nothing
            return None
        j = bisect.bisect_left(self._starts, (line, 0))
        return j if j < len(self._starts) and self._starts[j][0] == line else None

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if self.code is None or offset is None:
            return
        row = offset.y + self.scroll_offset.y
        if row >= len(self._rows):
            return
        line, start, _ = self._rows[row]
        index = self.step_at(line + 1, start + offset.x - self._gutter + 1 + (0 if self.wrap else self.scroll_offset.x))
        if index is not None:
            self.cursor = index
            self.post_message(BreakpointToggled(self.cursor_location))

    # ----- drawing ----------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        row = y + self.scroll_offset.y
        if row >= len(self._rows):
            return Strip.blank(self.size.width, self.rich_style)
        index, start, end = self._rows[row]
        style = self.get_component_rich_style
        line = self.lines[index]
        # Only this row's piece of the line is styled: a line of thousands of commands (a
        # Brainfuck program is often one) wraps into many rows, each drawn on its own.
        # The space lets a span show its line break; tabs, a CRLF file's CRs and other controls are drawn a cell each.
        stop = end + 1 if end == len(line) else end
        text = Text((line.translate(printable.SOURCE) + " ")[start:stop], no_wrap=True, end="")

        def put(style: Style, a: int, b: int) -> None:
            """Style 0-based columns a..b of the line, as far as they are on this row."""
            if (a := max(a, start) - start) < (b := min(b, stop) - start):
                text.stylize(style, a, b)

        code = self.code
        marks = self._marks.get(index, ()) if code is not None else ()
        if marks:  # the row's own, found by their starts
            marks = marks[bisect.bisect_left(marks, start - self._widest[index], key=itemgetter(0)):
                          bisect.bisect_left(marks, stop, key=itemgetter(0))]
        if code is not None:  # what the parser ignores is dim, what it reads plain…
            text.stylize(style("source--ignored", partial=True))
            code_style = style("source--code", partial=True)
            for a, b, role in marks:
                if role == "code":
                    put(code_style, a, b)
        if self.highlighter is not None:  # …coloured by the grammar's captures…
            if not self.highlighter.ready(index):
                self.highlighter.prepare(*self._visible_lines())
            syntax = syntax_styles()
            for a, b, capture in self.highlighter.line(index):
                if (capture_style := style_for(capture, syntax)) is not None:
                    put(capture_style, a, b)
        for span, level in self._heat.get(index, ()):  # …by how often it ran (the heat map)…
            self._stylize(put, index, span, style(f"source--heat-{level}", partial=True))
        for a, b, role in marks:  # …and by the language's own roles (MessiScript's counted words)
            if role != "code" and role in self.roles:
                put(style(f"source--{role}", partial=True), a, b)
        if code is not None:
            for i in self.breakpoints:
                self._stylize(put, index, code.steps[i][0], style("source--breakpoint", partial=True))
            if self.has_focus and code.steps:
                self._stylize(put, index, code.steps[self.cursor][0], style("source--cursor", partial=True))
        for span in self.also:
            self._stylize(put, index, span, style("source--also", partial=True))
        if self.selected is not None:
            self._stylize(put, index, self.selected, style("source--selected", partial=True))
        if self.span is not None:
            self._stylize(put, index, self.span, style("source--fault" if self.fault else "source--current"))
        if start == 0:
            gutter = Text(f"{index + 1:>{self._gutter - 2}}", style("source--gutter"), end="")
            marked = code is not None and any(code.steps[i][0].line == index + 1 for i in self.breakpoints)
            gutter.append("● " if marked else "  ", Style(color=style("source--breakpoint").color))
        else:  # a wrapped line's continuation
            gutter = Text(" " * self._gutter, end="")
        console = self.app.console
        strip = Strip(list(text.render(console)))
        if not self.wrap:  # the text scrolls sideways under the line numbers, which stay
            scroll_x = self.scroll_offset.x
            strip = strip.crop(scroll_x, scroll_x + max(self.size.width - self._gutter, 0))
        strip = Strip.join([Strip(list(gutter.render(console))), strip])
        return strip.crop(0, self.size.width).extend_cell_length(self.size.width).apply_style(self.rich_style)

    def _visible_lines(self) -> tuple[int, int]:
        """The first and last (0-based) source lines on screen."""
        top = min(self.scroll_offset.y, max(len(self._rows) - 1, 0))
        bottom = min(top + self.size.height, len(self._rows)) - 1
        return (self._rows[top][0], self._rows[max(bottom, top)][0]) if self._rows else (0, 0)

    def _stylize(self, put, index: int, span: Span, style: Style) -> None:
        """``put(style, start, end)`` for the part of ``span`` on 0-based line ``index``."""
        if span.line - 1 <= index <= span.end_line - 1:
            for line, start, end in self._pieces(span):
                if line == index:
                    put(style, start, end)
