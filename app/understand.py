"""The debugger's keys that explain a run (issue 28), mixed into
:class:`~esodbg.app.debugapp.DebuggerApp`:

* ``Y`` — where did this value come from: back to the step that last wrote the data location
  under the cursor (a board cell, the Watches tab's selected watch if it names one, else a
  prompt), listed in the Why tab; ``Y`` again on a location that step read goes further back
  (:mod:`esodbg.engines.provenance`);
* ``H`` — the heat map: the boards and the code coloured by how often each cell or command ran
  up to the step shown, following the session backwards too (:class:`~esodbg.engines.profile.HeatMap`);
* Enter or a click on a line of the Output pane — go to the step that wrote it.
"""

from __future__ import annotations

from esodbg.engines.base import CellRef, Stop
from esodbg.engines.debugger import Outcome, Session
from esodbg.engines.expressions import show
from esodbg.engines.names import freeze
from esodbg.engines.outputs import OutputLengths
from esodbg.engines.profile import HeatMap, Tally
from esodbg.engines.provenance import INITIAL, NO_READS, End, Link, canonical, writer

from .screens.prompt import PromptScreen
from .widgets.board import BoardView
from .widgets.debuglists import WatchesPane, WhyPane
from .widgets.panes import OutputView
from .widgets.timeline import Timeline

HEAT_NOW = 50_000  # steps the heat map counts on the spot; more are counted as a run (Esc stops it)


class Understanding:
    """State and actions of the explaining keys; the app calls :meth:`heat_tally` when it
    draws and :meth:`forget_run` when the session is replaced."""

    def forget_run(self) -> None:
        """A new session (load, restart, reload): no chain, no counts kept."""
        self.why_asked: tuple[str, str, int] | None = None  # location, value shown, step
        self.why_links: list[Link] = []
        self.why_end: End | None = None
        self._why_pending: list = []  # what the running question found, taken when it stops
        self._heat_map: HeatMap | None = None
        self._heat: Tally | None = None
        self._outputs: OutputLengths | None = None

    # ----- where did this value come from -------------------------------------------------------
    def action_why(self) -> None:
        """``Y``: the location under the cursor, else a prompt for one."""
        if not self._idle():
            return
        focused = self.focused
        if isinstance(focused, WhyPane):
            link = focused.current_link()
            if link is not None and link.reads:
                self._why(link.reads[0], link)
                return
        if isinstance(focused, BoardView):
            location = self.language.data_at(focused.cursor_location)
            if location is not None:
                self._why(location)
                return
        if isinstance(focused, WatchesPane) and (watch := focused.current_item()) is not None:
            try:
                self._why(canonical(self.session, watch.text))
                return
            except ValueError:
                pass  # an expression, not a location: ask
        self._ask_why()

    def _ask_why(self) -> None:
        forms = ", ".join(form.name for form in self.language.data_locations)
        if not forms:
            self.notify(f"{self.language.title} has no data locations to ask about", timeout=4)
            return
        last = self.why_links[-1] if self.why_links else None
        follow = last is not None and last.step == self.session.steps and last.reads
        default = last.reads[0] if follow else next(
            (f for f in (form.name for form in self.language.data_locations) if "[" not in f and "(" not in f),
            "")

        def check(text: str) -> str | None:
            try:
                location = canonical(self.session, text)
            except ValueError as error:
                return str(error)
            self._why(location, last if follow and location in last.reads else None)
            return None

        self.push_screen(PromptScreen("Where did this value come from?", f"a data location: {forms}", check, default))

    def _why(self, location: str, after: Link | None = None) -> None:
        """Go back to the step that wrote ``location``'s value: before the step of ``after`` (a
        link of the chain whose step read it: the chain goes on from there), else now (a new
        chain)."""
        session: Session = self.session
        here = session.steps
        if after is None:
            value = freeze(self.language.data(session.machine, location)())
            self.why_asked, self.why_links, self.why_end = (location, show(value), here), [], None
            at = here
        else:
            self.why_links = self.why_links[:self.why_links.index(after) + 1] if after in self.why_links else []
            self.why_end = None
            at = after.step - 1
        found = self._why_pending = []

        def operation(s: Session, cancel, progress) -> Outcome:
            try:
                link = writer(s, location, at, cancel)
            except InterruptedError:
                s.goto(here)
                return Outcome(Stop.INTERRUPTED, s.steps)
            if link is None:
                s.visit(at)
                value = freeze(s.language.data(s.machine, location)())
                found.append(End(INITIAL, location, value))
                s.goto(here)
                return Outcome(Stop.FOUND, s.steps, message=f"{location} = {show(value)}: the initial value, "
                                                            f"no step wrote it before step {at + 1:,}")
            found.append(link)
            s.goto(link.step)
            return Outcome(Stop.FOUND, link.step, message=f"{location} = {show(link.value)}, written at step "
                                                          f"{link.step:,} {_by(link)}")

        self.debugger.show_why(self.why_asked, self.why_links, self.why_end, activate=True)
        self._start(operation, None)

    def took_why(self) -> None:
        """After an operation stops: what a question found goes into the chain."""
        found, self._why_pending = self._why_pending, []
        for item in found:
            if isinstance(item, Link):
                self.why_links.append(item)
                if not item.reads:
                    self.why_end = End(NO_READS)
            else:
                self.why_end = item

    # ----- the step that wrote an output line --------------------------------------------------
    def on_output_view_picked(self, message: OutputView.Picked, end: int | None = None) -> None:
        """Go to the step that wrote the output character at ``message.offset``, among the steps
        up to ``end`` (default: this one)."""
        if not self._idle():
            return
        here, offset = self.session.steps, message.offset
        end = here if end is None else end

        def operation(s: Session, cancel, progress) -> Outcome:
            step = s.output_step(offset, end)
            if step is None:  # cannot happen for a line on screen
                s.goto(here)
                return Outcome(Stop.FOUND, here)
            s.goto(step)
            line = s.output.text(offset).split("\n", 1)[0]
            return Outcome(Stop.FOUND, step, message=f"step {step:,} wrote {line[:40]!r}"
                                                     f"{'…' if len(line) > 40 else ''}")

        self._start(operation, None)

    def output_marks(self) -> list[int]:
        """Where output was written, for the timeline (:meth:`OutputLengths.marks`)."""
        if not self.language.writes_output:
            return []
        if self._outputs is None:
            self._outputs = OutputLengths(self.session)
        end = max(self.debugger.furthest, self.session.steps)
        return self._outputs.marks(end, self.debugger.query_one(Timeline).columns())

    def goto_output(self, start: int) -> None:
        """A click on the timeline's output marker of the stretch from step ``start``: go to the
        step in it that wrote."""
        offset = self._outputs.length(start - 1) if self._outputs is not None else 0
        self.on_output_view_picked(OutputView.Picked(offset), end=max(self.debugger.furthest, self.session.steps))

    # ----- the heat map ------------------------------------------------------------------------
    def action_heat(self) -> None:
        """``H``: the heat map on or off."""
        if self.session is None or self.running:
            return
        if self._heat_map is not None:
            self._heat_map = self._heat = None
            self.render_state()
            return
        self._heat_map = HeatMap(self.session)
        self.notify("heat map: each cell or command coloured by how often it ran up to this step (H: off)",
                    timeout=4)
        self._count_heat()

    def _count_heat(self) -> None:
        """Count the steps up to the one shown: on the spot when few, else as a run."""
        heat, step = self._heat_map, self.session.steps
        if heat.to_count(step) <= HEAT_NOW:
            self._heat = heat.at(step)
            self.render_state()
            return
        previous = self.outcome

        def operation(s: Session, cancel, progress) -> Outcome:
            tally = heat.at(step, cancel)
            if tally is None:
                return Outcome(Stop.INTERRUPTED, s.steps, message=None)
            self._heat = tally
            return previous or Outcome(Stop.START, s.steps)

        self._start(operation, None)

    def heat_tally(self) -> Tally | None:
        """The heat map's counts for the step shown, counted first if it moved (``None``: off)."""
        heat = self._heat_map
        if heat is None or self.running:
            return None
        if self._heat is None or self._heat.steps != self.session.steps:
            if heat.to_count(self.session.steps) > HEAT_NOW:
                self.call_later(self._count_heat)
                return None
            self._heat = heat.at(self.session.steps)
        return self._heat


def _by(link: Link) -> str:
    """What wrote a link's value, for the status line: ``by `<+` at puzzle (2, 3)``."""
    what = f"by `{link.text}` " if link.text else ""
    if isinstance(link.at, CellRef):
        return f"{what}at {link.where}"
    return what + (f"at {link.span.line}:{link.span.col}" if link.span else link.where)
