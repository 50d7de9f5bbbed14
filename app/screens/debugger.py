"""The debugger's screen: the boards and the code, the language's panels, output, input and
breakpoints, the status line and the footer.

It draws what it is given — a :class:`~esodbg.engines.view.View` and the session's output,
input and breakpoints — and knows no language: a language's boards and panels come from its view,
its look from its roles (:meth:`BoardView.for_roles`) and TCSS.  The app owns the session and
decides when to draw (:class:`~esodbg.app.debugapp.DebuggerApp`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from esodbg.engines.base import CellRef, CodeRef, Span
from esodbg.engines.debugger import Session
from esodbg.engines.language import Language
from esodbg.engines.profile import Tally
from esodbg.engines.view import View

from ..files import shown
from ..widgets.board import BoardView
from ..widgets.footer import FittingFooter
from ..widgets.inputpane import InputPane
from ..widgets.messages import RowSelected
from ..widgets.debuglists import BreakpointsPane, LogPane, NotesPane, QueryPane, WatchesPane, WhyPane
from ..widgets.panes import ListingView, OutputView, StatusBar, ValuesView
from ..widgets.source import SourceView
from ..widgets.timeline import Timeline

MIN_SIZE = (80, 24)  # the smallest terminal the layout is made for (columns, rows)
PANELS_MIN, PANELS_MAX = 34, 80  # the panels' column's width at least and at most (as esodbg.tcss says)
SHORT = 30  # on terminals less tall than this, the I/O row is kept to three lines (the timeline stays)


class DebuggerScreen(Screen):
    """One program's session on screen.  Below :data:`MIN_SIZE` it shows a notice instead of
    collapsed panes."""

    class Ready(Message):
        """The panes are mounted: the state can be drawn."""

    def __init__(self, language: Language, path: Path, session: Session) -> None:
        super().__init__()
        self.language, self.path, self.session = language, path, session
        self.furthest = 0  # the furthest step this session has been at (the timeline's end)
        self._widths: tuple = ("3fr", "2fr")  # the boards' and the panels' columns' widths (_widen_for)
        self.boards = BoardView.for_roles(language.roles)
        self.source = SourceView.for_roles(language.roles)

    def compose(self) -> ComposeResult:
        view = self.session.view()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                boards = view.boards
                for board in boards[:1]:  # the code board, then any memory boards side by side
                    yield self.boards(board, id=f"board-{board.name}", classes="board")
                if len(boards) > 1:
                    with Horizontal(id="memory"):
                        for board in boards[1:]:
                            yield self.boards(board, id=f"board-{board.name}", classes="board memory")
                yield self.source(id="source")
            with VerticalScroll(id="right", can_focus=False):  # scrolls rather than crush a pane
                for panel in view.panels:
                    pane = ListingView if panel.listing else ValuesView
                    yield pane(id=f"panel-{panel.name}", classes="panel grow" if panel.grow else "panel")
        io_panes = self.language.writes_output or self.language.reads_input
        # Always in sight: what the program wrote, its input, and the debugger's lists (alone, a
        # short row): breakpoints, watches, the log points' log.
        with Horizontal(id="io", classes="" if io_panes else "breakpoints-only"):
            if self.language.writes_output:
                yield OutputView(id="output")
            if self.language.reads_input:
                yield InputPane(id="input")
            with TabbedContent(id="lists"):
                with TabPane("Breakpoints", id="tab-breakpoints"):
                    yield BreakpointsPane(id="breakpoints")
                with TabPane("Watches", id="tab-watches"):
                    yield WatchesPane(id="watches")
                with TabPane("Log", id="tab-log"):
                    yield LogPane(id="log")
                with TabPane("Why", id="tab-why"):
                    yield WhyPane(id="why")
                with TabPane("Query", id="tab-query"):
                    yield QueryPane(id="query")
                with TabPane("Notes", id="tab-notes"):
                    yield NotesPane(id="notes")
        yield Timeline(id="timeline")
        yield StatusBar(id="status")
        yield FittingFooter(compact=True)
        yield Static(f"The terminal is too small for esodbg: it needs at least {MIN_SIZE[0]}×{MIN_SIZE[1]}.\n"
                     "Make the window bigger, or press q to quit.", id="too-small")

    async def reload(self, session: Session) -> None:
        """Show ``session`` instead (the program was edited and saved): the panes are made again
        for it, since its boards and panels may differ, and :class:`Ready` is posted again."""
        self.session, self.furthest = session, 0
        self._widths = ("3fr", "2fr")  # the columns are made again, as the stylesheet has them
        await self.recompose()
        self.on_mount()

    def on_mount(self) -> None:
        # Six tabs do not fit at 80 columns: Why, Query and Notes are hidden until they list something.
        self.why_hidden = self.query_hidden = self.notes_hidden = False
        view = self.session.view()
        source = self.query_one(SourceView)
        source.border_title = f"{'Code' if view.code else 'Source'} · {shown(self.path.name)}"
        source.load(self.session.program.source, view.code, self.language.grammar_for(self.path),
                    wrap=not view.text_is_board)
        location = self.session.machine.location()
        if isinstance(location, CodeRef):
            source.cursor = location.index
        for pane, title in ((self.query("#output"), "Output"), (self.query("#input"), "Input")):
            for widget in pane:
                widget.border_title = title
        for board in self.query(BoardView):
            board.border_title = board.board.title
            if isinstance(location, CellRef) and location.board == board.board.name:
                board.place_cursor(location)
        self._widen_for(self.app.size.width)  # before the first frame: its panels are drawn at their width
        self.post_message(self.Ready())

    def inspect(self, location: CellRef) -> None:
        """Show what the language says about the cell under the board cursor, in place of the
        view's panel of the same name (:meth:`Language.inspect`)."""
        panel = self.language.inspect(self.session.machine, location)
        for pane in self.query(f"#panel-{panel.name}") if panel is not None else ():
            pane.show(panel.values)
            pane.border_title = panel.title

    def _count_tabs(self) -> None:
        """Each tab's title says how many it holds."""
        tabs = self.query_one(TabbedContent)
        pane = self.query_one(WhyPane)
        why = pane.links
        if bool(pane.items) == self.why_hidden:  # the Why tab is there once a question was asked (Y)
            self.why_hidden = not pane.items
            (tabs.hide_tab if self.why_hidden else tabs.show_tab)("tab-why")
        query = self.query_one(QueryPane)
        if bool(query.items) == self.query_hidden:  # the Query tab: once a query was asked (Q)
            self.query_hidden = not query.items
            (tabs.hide_tab if self.query_hidden else tabs.show_tab)("tab-query")
        if bool(len(self.session.notes)) == self.notes_hidden:  # the Notes tab: once there is a note (a)
            self.notes_hidden = not len(self.session.notes)
            (tabs.hide_tab if self.notes_hidden else tabs.show_tab)("tab-notes")
        for pane, name, count in (("tab-breakpoints", "Breakpoints", len(self.session.breakpoints)),
                                  ("tab-watches", "Watches", len(self.session.watches)),
                                  ("tab-log", "Log", len(self.session.log)),
                                  ("tab-why", "Why", why),
                                  ("tab-query", "Query", query.hits),
                                  ("tab-notes", "Notes", len(self.session.notes))):
            tab, label = tabs.get_tab(pane), f"{name} {count}" if count else name
            if str(tab.label) != label:  # a new label lays the screen out again: only when it changed
                tab.label = label

    def show_why(self, asked: tuple[str, str, int] | None, links: list, end, activate: bool = False) -> None:
        """The Why tab's chain (:meth:`WhyPane.show_chain`); ``activate`` brings the tab forward."""
        self.query_one(WhyPane).show_chain(asked, links, end)
        self._count_tabs()
        if activate:
            self.query_one(TabbedContent).active = "tab-why"

    def show_query(self, query, looked: str, step: int) -> None:
        """The Query tab's hits (:meth:`QueryPane.show_query`); nothing while the panes are made
        again (a reload: the query's worker may report meanwhile)."""
        for pane in self.query(QueryPane):
            pane.show_query(query, looked, step)
            self._count_tabs()

    def on_row_selected(self, message: RowSelected) -> None:
        self.query_one(SourceView).select(message.span)

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        self.set_class(width < MIN_SIZE[0] or height < MIN_SIZE[1], "-too-small")
        self.set_class(height < SHORT, "-short")
        self._widen_for(width)

    def _widen_for(self, width: int) -> None:
        """Give the code board the columns to show a line of the program whole, one column a
        cell, when its share of ``width`` is too narrow and the panels can spare them (down to
        their minimum): Befunge-93's 80 columns at 120.  Otherwise the boards take three fifths."""
        boards = [board for board in self.query(BoardView) if "memory" not in board.classes]
        left, right = self.query_one("#left"), self.query_one("#right")
        share = width - min(max(width * 2 // 5, PANELS_MIN), PANELS_MAX)
        frame = 2 + 1  # the border, a scrollbar (a narrow board has no padding)
        wanted = boards[0].wanted_width(narrow=True) + frame if boards and boards[0].board.look == "chars" else 0
        widths = (min(wanted, width - PANELS_MIN), "1fr") if wanted > share else ("3fr", "2fr")
        if widths != self._widths:  # a width set lays the screen out again: only when it changes
            self._widths = widths
            left.styles.width, right.styles.width = widths

    def show(self, view: View, output: tuple[str, int], new_output: int, status: tuple[str, str], live: bool,
             waiting: bool, heat: Tally | None = None, written: Sequence[int] | None = None) -> None:
        """Draw ``view`` (``live``: the session's state now, else a running worker's latest
        frame), the end of the output (see :func:`~esodbg.app.widgets.panes.output_tail`) with
        its last ``new_output`` characters new, the input (``waiting``: the program asks for a
        line), the breakpoints, the heat map (``heat``: the steps up to this one counted, if
        it is on), where output was written on the timeline (``written``: its marks; ``None``
        keeps the last ones) and the ``status`` line (state, message)."""
        session = self.session
        machine = session.machine
        fault = machine.fault if live else None
        bps = set(session.breakpoints.enabled_locations())
        for board_view, board in zip(self.query(BoardView), view.boards):
            board_view.show(board, bps, fault.at if fault else None, fault.at if fault else view.location,
                            heat.at if heat is not None else None)
            ran = f"ran {heat.at[board_view.cursor_location]:,}× at the cursor" if heat is not None else ""
            board_view.border_subtitle = " · ".join(filter(None, (board.caption, ran, f"step {machine.steps:,}")))
        source = self.query_one(SourceView)
        source.show(fault.span if fault else view.span, fault is not None, bps, () if fault else view.also,
                    fault.at if fault else view.location)
        source.show_heat({span: count for span, count in heat.spans.items() if isinstance(span, Span)}
                         if heat is not None else None)
        if heat is not None and source.code is not None and source.code.steps:
            source.border_subtitle = f"ran {heat.spans[source.code.steps[source.cursor][0]]:,}× at the cursor"
        else:
            source.border_subtitle = ""
        for pane, panel in zip(self.query(ValuesView), view.panels):
            pane.show(panel.values, columns=max(1, (pane.size.width - 2) // 15) if panel.columns else 1)
            pane.border_title = panel.title
        if self.language.writes_output:
            self.query_one("#output", OutputView).show(*output, new_output, running=not live)
        if self.language.reads_input:
            self.query_one(InputPane).show(session.input.pending(machine.in_pos), session.input.closed, waiting)
        if live and isinstance(self.focused, BoardView):
            self.inspect(self.focused.cursor_location)
        self.query_one(BreakpointsPane).show(list(session.breakpoints), view, machine.steps,
                                             len(self.language.breakpoint_kinds) > 1)
        if live:
            self.furthest = max(self.furthest, machine.steps)
            self.query_one(WatchesPane).show_watches(list(session.watches))
            self.query_one(LogPane).show(list(session.log))
            self.query_one(NotesPane).show_notes(list(session.notes), machine.steps)
            self._count_tabs()
        timeline = self.query_one(Timeline)
        timeline.show(machine.steps, max(self.furthest, machine.steps),
                      [bp.arrivals for bp in session.breakpoints if bp.enabled],
                      timeline.output if written is None else written)
        self.query_one(StatusBar).show(*status)
