"""The debugger's Query tab (issue 45), mixed into :class:`~esodbg.app.debugapp.DebuggerApp`:
``Q`` asks for a breakpoint spec (the cell or data location under the cursor filled in) and the
Query tab lists every hit of it across the run (:mod:`esodbg.engines.query`) — a data
location's query is its history, every change old → new — and ``p`` there plots a data query's
values over the steps.

The query runs in a session of its own (the one on screen stays where it is), on a thread worker
of its own, never freezing the screen: first over the steps the run has been through (the
timeline's length; a million steps ahead when nothing has run yet), then on as the run goes
further, and on to the end of the run when the user asks (``x`` in the tab).  Esc stops it; a new question, a restart or quitting too.  An edit that
reloads the program asks the same spec again of the new program.
"""

from __future__ import annotations

import threading
import time

from textual.message import Message
from textual.widgets import TabbedContent

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Outcome, Session
from esodbg.engines.query import Queries

from .screens.plot import PlotScreen, plottable
from .screens.prompt import PromptScreen
from .widgets.board import BoardView
from .widgets.debuglists import QueryPane, WatchesPane
from .widgets.source import SourceView

QUERY_LIMIT = 10_000  # hits a query in the debugger keeps (as exec --query's default)
AHEAD = 1_000_000  # steps a query asked at step 0 looks ahead (x: on to the end; an endless run never ends)
REDRAW = 0.5  # seconds between two drawings of the tab while the query runs (a drawing of its 200 rows takes 0.1 s
# or more, progress comes every 0.05 s: drawing each kept the screen from answering keys for seconds)


class QueryProgress(Message):
    """The query's worker has looked up to step ``step`` (only the newest one matters)."""

    def __init__(self, step: int) -> None:
        super().__init__()
        self.step = step

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, QueryProgress)


class QueryStopped(Message):
    """The query's worker stopped with ``outcome`` (``to_end``: it was asked to go to the end)."""

    def __init__(self, outcome: Outcome, to_end: bool) -> None:
        super().__init__()
        self.outcome, self.to_end = outcome, to_end


class Querying:
    """State and actions of the Query tab; the app calls :meth:`query_follows` when it draws
    the session's state, and :meth:`stop_query` when it quits."""

    query_spec: str | None = None
    query_session: Session | None = None
    queries: Queries | None = None
    query_cancel: threading.Event | None = None
    query_running = False
    query_looked = 0  # the query has looked at every step up to this one
    query_ended: str | None = None  # why it cannot go further: the run ended, it needs input…
    query_drawn = 0.0  # when the tab was drawn last (time.monotonic())

    def action_query(self) -> None:
        """``Q``: ask for a spec, the place under the cursor filled in."""
        if self.session is None or self.screen is not self.debugger:
            return
        hint = f"every hit across the run of: cell:[BOARD:]{self.language.cell_form} · code:N · data:LOCATION · " \
               "event:NAME\nthen any of:  if EXPR  ·  hit …  ·  log MESSAGE with {EXPR} (the values at each hit)"

        self.push_screen(PromptScreen("Query", hint, self.ask_query, self._spec_under_cursor()))

    def _spec_under_cursor(self) -> str:
        """The spec the prompt starts with: a data board's cell as its data location (its
        history), a board cell or a command, the Watches tab's watch if it is a location, or the
        spec asked last."""
        focused = self.focused
        if isinstance(focused, BoardView):
            at = focused.cursor_location
            data = self.language.data_at(at)
            if data is not None:
                return f"data:{data}"
            if self.language.breakable(at) is None:
                return f"cell:{at.board}:{self.language.cell_text(at)}"
        if isinstance(focused, SourceView) and focused.code is not None and focused.code.steps:
            return f"code:{focused.cursor + 1}"
        if isinstance(focused, WatchesPane) and (watch := focused.current_item()) is not None:
            try:
                return "data:" + self.language.data_location(watch.text)
            except ValueError:
                pass
        return self.query_spec or ""

    def ask_query(self, spec: str) -> str | None:
        """Start the query ``spec`` from step 0, over the steps the run has been through (if it
        has not gone anywhere yet, :data:`AHEAD` steps of it); the error that keeps it from
        being read, else ``None``."""
        session = self.session
        fresh = Session(self.language, session.program, session.input.text, session.input.closed)
        try:
            queries = Queries(fresh, [spec], QUERY_LIMIT)
        except ValueError as error:
            return str(error).removeprefix(f"{spec!r}: ")
        self.stop_query()
        self.query_spec, self.query_session, self.queries = spec, fresh, queries
        self.query_looked, self.query_ended = 0, None
        self.debugger.query_one("#lists", TabbedContent).active = "tab-query"
        self._query_to(max(self.debugger.furthest, session.steps) or AHEAD)  # nothing run yet: ahead
        self.call_after_refresh(self.debugger.query_one(QueryPane).focus)  # its keys: enter, x, p
        return None

    def query_follows(self) -> None:
        """The run on screen went further than the query has looked: look on to there."""
        if self.queries is not None and not self.query_running and self.query_ended is None:
            furthest = max(self.debugger.furthest, self.session.steps)
            if furthest > self.query_looked:
                self._query_to(furthest)

    def _query_to(self, end: int | None) -> None:
        """Run the query's worker on to step ``end`` (``None``: the end of the run)."""
        session, queries = self.query_session, self.queries
        if end is not None and end <= session.steps:
            return
        cancel = self.query_cancel = threading.Event()
        self.query_running = True
        app = self

        def progress(s: Session) -> None:
            app.post_message(QueryProgress(s.steps))

        def work() -> None:
            try:
                session.budget = end - session.steps if end is not None else None
                outcome = session.continue_(cancel, progress, on_arrival=queries.arrived)
            except Exception as error:  # esodbg itself failed: say so on screen, never a traceback
                outcome = Outcome(Stop.INTERRUPTED, session.steps, message=f"the query failed: {error}")
            app.post_message(QueryStopped(outcome, end is None))

        self.run_worker(work, thread=True, group="query")
        self.show_query()

    def stop_query(self) -> None:
        """Stop the query's worker (within milliseconds: it checks between chunks)."""
        if self.query_cancel is not None:
            self.query_cancel.set()

    def on_query_progress(self, message: QueryProgress) -> None:
        if self.query_running:
            self.query_looked = message.step
            if time.monotonic() - self.query_drawn >= REDRAW:  # the end is drawn when it stops
                self.show_query()

    def on_query_stopped(self, message: QueryStopped) -> None:
        outcome, session = message.outcome, self.query_session
        self.query_running = False
        if session is None:
            return
        self.query_looked = session.steps
        reason = outcome.reason
        if reason in (Stop.HALTED, Stop.ERROR):
            self.query_ended = f"the whole run: it {'halted' if reason is Stop.HALTED else 'stopped at an error'} " \
                               f"at step {session.steps:,}"
        elif reason is Stop.NEEDS_INPUT:
            self.query_ended = f"to step {session.steps:,}: the program reads input the run has not had yet"
        elif reason is Stop.INTERRUPTED:
            self.query_ended = outcome.message or f"to step {session.steps:,}: stopped (Q asks again)"
        elif reason is Stop.BUDGET and message.to_end:
            self.query_ended = f"to step {session.steps:,}: the step budget"
        self.show_query()

    def show_query(self) -> None:
        """Draw the Query tab."""
        if self.debugger is None or not self.debugger.is_mounted:
            return
        self.query_drawn = time.monotonic()
        query = self.queries.queries[0] if self.queries is not None else None
        if self.query_running:
            looked = f"looking: step {self.query_looked:,} · esc stops"
        elif self.query_ended is not None:
            looked = self.query_ended
        else:
            looked = f"to step {self.query_looked:,}, where the run has been · x: on to the end"
        self.debugger.show_query(query, looked, self.session.steps if self.session else 0)

    def on_query_pane_run_on(self, message: QueryPane.RunOn) -> None:
        if self.queries is not None and not self.query_running and self.query_ended is None:
            self._query_to(None)

    def on_query_pane_plot(self, message: QueryPane.Plot) -> None:
        query = self.queries.queries[0] if self.queries is not None else None
        why = plottable(query)
        if why is not None:
            self.notify(why, title="Plot", timeout=4)
            return

        self.push_screen(PlotScreen(query, self.session.steps),
                         lambda step: self.go_to_step(step) if step is not None else None)

    def reask_query(self) -> None:
        """The program was reloaded (an edit): the same spec asked of the new program, or the
        tab says why it cannot be."""
        spec = self.query_spec
        self.stop_query()
        self.queries = self.query_session = None
        if spec is not None and self.session is not None:
            error = self.ask_query(spec)
            if error is not None:
                self.query_spec = spec
                self.notify(f"{spec}: {error}", title="Query dropped: the program changed", severity="warning",
                            timeout=8)
