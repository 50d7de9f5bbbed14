"""The debugger core: a language-neutral session over one machine, usable without a terminal.

Operations use the Debug Adapter Protocol's words: step, step back, continue, reverse-continue,
goto (a step number), run to cursor, restart.  Each returns an :class:`Outcome` saying why it
stopped, and each is a *stop*: the watches (:attr:`Session.watches`) are evaluated again at its
end.  Long operations take a ``cancel`` event (checked every few milliseconds) and a
``progress`` callback called between chunks, when the state is consistent and may be read.

Breakpoints of every kind (:mod:`.breakpoints`) are found by one forward loop,
:meth:`Session._advance`, that every move forwards goes through — continue, run to cursor,
stepping, goto (which counts hits but never stops) and the re-executions of
reverse-continue:

* location breakpoints are compiled into the machine's stops, so its fast loop (``run``) stops
  at each arrival and no other step costs anything;
* event breakpoints compare cheap counters (:meth:`~esodbg.engines.language.Language.event`)
  at the end of each chunk of the fast loop; a chunk in which one changed is run again from its
  start one step at a time (history brings the machine back there exactly), to find the very
  steps.  Counters only go up, so a chunk with an event always shows it;
* data breakpoints compare their location's value after every step that may change it, one
  step at a time: a value can change and change back within a chunk (a MessiScript scratch cell
  zeroed after use), and a data breakpoint must not miss that.  Where the language says which
  machine stops come before every such step (:meth:`~esodbg.engines.language.Language.watch_stops`:
  a Brainfuck cell's write stop, a Befunge cell's ``p``, a Hexagony edge written while the
  memory pointer is on it), those stops join the compiled ones and the fast loop runs between
  them (:meth:`Session._run_writers`); otherwise they cost what single steps cost (see
  ``benchmarks/power.py`` and ``benchmarks/breakpoints.py``).

Breakpoints may change while a long operation runs, from its ``progress`` callback (which runs on
the operation's thread between chunks, the state consistent): :meth:`Session._advance` compiles
them again before its next chunk.  Chunks last about :data:`~.pacing.SLICE` seconds whatever a step costs
(their size adapts), so ``cancel`` is seen within milliseconds in every language.

Invariant: ``history.undo`` holds the records of the latest steps up to the current state (maybe
none: :attr:`Session.last` makes them again when asked), so views can always show what the
last step changed.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass
from functools import cached_property, partial
from itertools import islice
from typing import Any, Callable

from .base import Location, Machine, Stop, StepRecord
from .breakpoints import Breakpoint, Breakpoints, DataRef, EventRef, LogEntry, RowRef, Target
from .expressions import Expression, show
from .history import History
from .iobuf import InputLog, OutputLog
from .notes import Notes
from .language import Language
from .pacing import MOST, Chunks
from .watches import Watches

CHUNK = MOST  # most steps run between two checks for cancel/progress (chunks: .pacing)
PROGRESS_EVERY = 0.05  # seconds between two progress calls at most (and at least CHUNK steps apart)
LOG_ENTRIES = 10_000  # log point messages a session keeps (the oldest go first)

# What an arrival passes to the session's callbacks: the breakpoints arrived at after one step,
# each with (old, new) values for a data breakpoint, else None.
Arrivals = list[tuple[Breakpoint, tuple[Any, Any] | None]]


@dataclass(frozen=True, slots=True)
class Guards:
    """The machine stops before every step that may change the watched data locations
    (:meth:`~esodbg.engines.language.Language.watch_stops`): ``stops``, ``(location, kinds)``
    pairs compiled with the breakpoints, and ``touches``, the same as the ``(location, kind)``
    pairs :meth:`~esodbg.engines.base.Machine.next_touches` lists before such a step."""

    stops: frozenset[tuple[Location, frozenset[str]]]
    touches: frozenset[tuple[Location, str]]

    @classmethod
    def of(cls, stops: frozenset[tuple[Location, frozenset[str]]]) -> Guards:
        return cls(stops, frozenset((at, kind) for at, kinds in stops for kind in kinds))

    def before(self, machine: Machine) -> bool:
        """Whether ``machine``'s next step may change a watched location (it touches a guard)."""
        touches = self.touches
        return any(touch in touches for touch in machine.next_touches())


@dataclass(frozen=True, slots=True)
class Outcome:
    """Why an operation stopped, at which step, the breakpoint hit if any, and ``message``: more
    about why (a data breakpoint's ``mem[3]: 5 → 6``; the error of a condition or log message
    that failed to evaluate, which stops the run as DAP does), else ``None``."""

    reason: Stop
    step: int
    breakpoint: Breakpoint | None = None
    message: str | None = None


class _Probe:
    """A data or event breakpoint being watched: its getter and the value after the last step."""

    __slots__ = ("breakpoint", "get", "last")

    def __init__(self, breakpoint: Breakpoint, get: Callable[[], Any]) -> None:
        self.breakpoint, self.get, self.last = breakpoint, get, None


@dataclass(frozen=True, slots=True)
class _Plan:
    """The enabled breakpoints compiled for a run (cached against ``Breakpoints.version``)."""

    version: int
    stops: Any  # the machine's compiled location stops (and the data probes' watch stops, if any)
    probes: tuple[_Probe, ...]
    exact: bool  # a data breakpoint: compare after every step (every step after a watch stop, if known)
    guards: Guards | None  # the stops before every step that may change the data probes


class Session:
    """One program being debugged: machine, input, output, breakpoints, watches, notes and history.

    ``input_text`` is the input given up front; ``input_closed`` says whether more may come
    (interactive input via :meth:`feed_input`).  ``budget`` caps the steps one continue may run
    (``None``: no cap).

    ``names`` is the state as the language's names (for expressions); ``log`` the log points'
    messages, newest last (at most :data:`LOG_ENTRIES`); ``on_log``, if set, is called with each
    new :class:`~esodbg.engines.breakpoints.LogEntry` as it is logged (from the thread running).
    """

    def __init__(self, language: Language, program: Any, input_text: str = "", input_closed: bool = True,
                 budget: int | None = None, **history_options: int) -> None:
        self.language = language
        self.program = program
        self.preset_input = (input_text, input_closed)
        self.input = InputLog(input_text, input_closed)
        self.output = OutputLog()
        self.machine: Machine = language.machine(program, self.input, self.output)
        self.names = language.variables(self.machine)
        self.breakpoints = Breakpoints(language.default_kinds, self.names.keys(), self._check,
                                       lambda: self.machine.steps)
        self.watches = Watches(self.names)
        self.notes = Notes()
        self.log: deque[LogEntry] = deque(maxlen=LOG_ENTRIES)
        self.on_log: Callable[[LogEntry], None] | None = None
        self.budget = budget
        self._history_options = history_options
        self.history = History(self.machine.snapshot(), **history_options)
        self._plan: _Plan | None = None
        self._view: tuple[tuple, Any] | None = None  # (state, its view): see view()
        self.follow: str | None = None  # what the view's panels follow (Language.follows), None: what runs next
        # Where the step just run one at a time ran (the step that changed a data or event
        # breakpoint's value), kept only while track_writers is set (queries: .query).
        self.track_writers = False
        self.ran_at: Location | None = None

    # ----- state ------------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        return self.machine.steps

    @property
    def last(self) -> StepRecord | None:
        """The step that led to the current state (``None`` at step 0).  Made again, with the
        records before it, when none is kept: a long run keeps none (:meth:`_forward`), so that
        it stops at once (a pause) and only a front end that shows what changed pays for them."""
        undo = self.history.undo
        if not undo and self.machine.steps:
            self._rebuild_undo(self.machine.steps)
        return undo[-1] if undo else None

    def view(self):
        """The presentation model of the current state (given the latest step records the
        language's view asks for).  The last one built is kept until the state changes: the
        app asks for it several times a frame (the first frame three times), and a big
        program's view is dear.  A state is its step, status and the records the view is given
        (a step back re-executes into new records, so a rebuilt history rebuilds the view)."""
        wanted, last = self.language.recent_steps, self.last
        recent = tuple(islice(reversed(self.history.undo), wanted))[::-1] if wanted > 1 else ()
        key = (self.machine.steps, self.machine.status, last, recent, self.follow)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.language.view(self.machine, last, recent, self.follow))
        return self._view[1]

    @cached_property
    def first_view(self):
        """The presentation model of the program's state at step 0 (what breakpoint locations
        are checked against)."""
        return self.language.view(self.language.machine(self.program, InputLog("", True), OutputLog()), None)

    def evaluate(self, text: str) -> Any:
        """The value of the expression ``text`` in the current state (DAP's evaluate):
        ``ExpressionError`` if it is not valid, ``EvaluationError`` if it fails."""
        return Expression(text, self.names.keys()).evaluate(self.names)

    def _check(self, at: Target) -> None:
        """``ValueError`` unless a breakpoint can go on ``at``: a command only in a language
        that stops at commands, a data location or event the program has."""
        if isinstance(at, (DataRef, EventRef)):
            self._getter(at)
        elif isinstance(at, RowRef):  # a line: its cells, each one a breakpoint could go on
            for cell in at.cells:
                self._check(cell)
        elif (why := self.language.breakable(at)) is not None:
            raise ValueError(why)

    def _getter(self, at: DataRef | EventRef) -> Callable[[], Any]:
        if isinstance(at, DataRef):
            return self.language.data(self.machine, at.name)
        return self.language.event(self.machine, at.name)

    def _compiled(self) -> _Plan:
        plan = self._plan
        if plan is None or plan.version != self.breakpoints.version:
            probes = tuple(_Probe(bp, self._getter(bp.at)) for bp in self.breakpoints.watched())
            guards = self._guards(probes)
            plan = self._plan = _Plan(self.breakpoints.version, self._stops(guards=guards), probes,
                                      any(isinstance(p.breakpoint.at, DataRef) for p in probes), guards)
        return plan

    def _guards(self, probes: tuple[_Probe, ...]) -> Guards | None:
        """The machine stops before every step that may change the watched data locations, when
        the language says so for every one of them and nothing else is watched (an event may
        happen at any step): a data breakpoint then costs only those steps
        (:meth:`_run_writers`)."""
        found: set[tuple[Location, frozenset[str]]] = set()
        for probe in probes:
            at = probe.breakpoint.at
            stops = self.language.watch_stops(self.machine, at.name) if isinstance(at, DataRef) else None
            if stops is None:
                return None
            found |= stops
        return Guards.of(frozenset(found)) if probes else None

    def _stops(self, target: tuple[Location, frozenset[str]] | None = None, guards: Guards | None = None) -> Any:
        """The machine's stops: the enabled breakpoints, ``target`` (run to cursor) and
        ``guards`` (before a step that may change a watched data location)."""
        extra = [(at, target[1]) for at in _places(target[0])] if target is not None else []
        if guards is not None:
            extra += guards.stops
        return self.machine.compile_stops(self.breakpoints.enabled() + extra)

    def _stopped(self, outcome: Outcome) -> Outcome:
        """The end of a move: watches are evaluated again."""
        if len(self.watches):
            self.watches.update()
        return outcome

    # ----- input ------------------------------------------------------------------------------
    def feed_input(self, text: str) -> None:
        """Give the program more input (``ValueError`` if input was closed)."""
        self.input.feed(text)

    def close_input(self) -> None:
        """End of input: a read with nothing left becomes a runtime error."""
        self.input.close()

    # ----- arrivals -----------------------------------------------------------------------------
    def decide(self, step: int, arrivals: Arrivals, cursor: bool = False) -> Outcome | None:
        """Forward execution arrived at ``arrivals`` after ``step``: log what log points say,
        and stop at the first breakpoint whose filters say so (:meth:`Breakpoint.verdict`),
        else at the run-to-cursor target if it was reached (``cursor``)."""
        stop = None
        for bp, change in arrivals:
            verdict = bp.verdict(self.names, step)
            if verdict.stop:
                if stop is None:
                    stop = Outcome(Stop.BREAKPOINT, step, bp, verdict.message or _why(bp, change))
            elif verdict.message is not None:
                entry = LogEntry(step, bp, verdict.message)
                self.log.append(entry)
                if self.on_log is not None:
                    self.on_log(entry)
        if stop is None and cursor:
            stop = Outcome(Stop.CURSOR, step)
        return stop

    def _count(self, step: int, arrivals: Arrivals, cursor: bool = False) -> None:
        """goto: hits count (arrivals where the condition holds), nothing stops and nothing is
        logged."""
        for bp, _ in arrivals:
            bp.count(self.names, step)

    def _cursor_only(self, step: int, arrivals: Arrivals, cursor: bool) -> Outcome | None:
        """A goto to a cell or command: stop there only (hits count, nothing logs)."""
        self._count(step, arrivals)
        return Outcome(Stop.CURSOR, step) if cursor else None

    def _arrive(self, arrivals: Arrivals, on_arrival, cursor: bool) -> Outcome | Stop:
        """Let ``on_arrival(step, arrivals, cursor)`` decide on ``arrivals`` after the current
        step (``cursor``: the run-to-cursor target was reached), counting the hits among them.
        ``Stop.LIMIT``: go on."""
        outcome = on_arrival(self.machine.steps, arrivals, cursor)
        return Stop.LIMIT if outcome is None else outcome

    def _touched(self, target: tuple[Location, frozenset[str]] | None) -> tuple[Arrivals, bool]:
        """The location breakpoints the last step arrived at, and whether it reached ``target``."""
        touches = self.machine.next_touches()
        arrivals = [(bp, None) for bp in self.breakpoints.arriving(touches, self.machine.steps)]
        cursor = target is not None and any(at in _places(target[0]) and kind in target[1] for at, kind in touches)
        return arrivals, cursor

    def _advance(self, limit: int, on_arrival, cancel: threading.Event | None = None,
                 progress: Callable[[Session], None] | None = None,
                 target: tuple[Location, frozenset[str]] | None = None) -> Outcome | Stop:
        """Run up to ``limit`` steps forwards, checkpointing on the way, observing every arrival
        at an enabled breakpoint (and at ``target``, for run to cursor): each is counted and
        passed to ``on_arrival(step, arrivals, cursor)``, which counts the hits among them and
        returns an :class:`Outcome` to stop there or ``None`` to go on.  Returns that outcome, or the :class:`Stop` that ended
        the run (``LIMIT`` after ``limit`` steps, ``INTERRUPTED`` if ``cancel`` was set).

        ``progress`` is called between chunks (every :data:`CHUNK` steps, and at least every
        :data:`PROGRESS_EVERY` seconds); breakpoints it changes take effect from the next chunk."""
        first = self.steps
        self.breakpoints.enter_rows(self.machine.next_touches, first)
        try:
            return self._advance_from(limit, on_arrival, cancel, progress, target)
        finally:
            self._observed(first)

    def _advance_from(self, limit: int, on_arrival, cancel: threading.Event | None,
                      progress: Callable[[Session], None] | None,
                      target: tuple[Location, frozenset[str]] | None) -> Outcome | Stop:
        """:meth:`_advance`'s loop."""
        history = self.history
        plan = stops = probes = chunk = None
        end = self.steps + limit
        chunks = Chunks()
        pace = _Pace(self.steps)
        while self.steps < end:
            if cancel is not None and cancel.is_set():
                return Stop.INTERRUPTED
            if plan is None or plan.version != self.breakpoints.version:
                plan = self._compiled()
                stops = plan.stops if target is None else self._stops(target, plan.guards)
                probes = _armed(plan.probes)
                chunk = self._run_chunk if not plan.exact else \
                    self._step_through if plan.guards is None else partial(self._run_writers, plan.guards)
            start, began = self.steps, time.perf_counter()
            result = chunk(min(end, history.next_due(start), start + chunks.size) - start, stops, probes, on_arrival,
                           target)
            if result is not Stop.LIMIT:
                return result
            now = time.perf_counter()
            chunks.took(now - began)
            if progress is not None and pace.due(self.steps, now):
                progress(self)
        return Stop.LIMIT

    def _observed(self, first: int) -> None:
        """Every step from ``first`` to the current one was observed: the breakpoints that
        were counting all along have every hit up to here."""
        steps = self.steps
        for bp in self.breakpoints:
            if bp.enabled and bp.counting and bp.known >= first:
                bp.known = max(bp.known, steps)

    def catch_up(self, cancel: threading.Event | None = None) -> bool:
        """Count the hits a breakpoint missed before the current step — one set, enabled again
        or given another condition or kinds after step 0 (``Breakpoint.counting``) — by
        re-executing those steps, so that every hit has its number from step 0 whichever way
        the run reaches it.  Each move starts with it; it costs re-executing the steps missed
        once.  False if ``cancel`` stopped it (the machine is back where it was; the rest is
        counted at the next move)."""
        here = self.steps
        lagging = [bp for bp in self.breakpoints if bp.enabled and (not bp.counting or bp.known < here)]
        if not lagging:
            return True
        start = min(bp.known for bp in lagging)
        for bp in lagging:
            bp.counting = True  # the steps from start on are all observed below
        self._reach(start)
        self._forward(here - start, self._count, cancel, None)
        if self.steps != here:
            self._reach(here)
            return False
        return True

    def _run_chunk(self, count: int, stops: Any, probes: tuple[_Probe, ...], on_arrival,
                   target: tuple[Location, frozenset[str]] | None) -> Outcome | Stop:
        """:meth:`_advance` for ``count`` steps at most (a checkpoint is due at the end), in the
        machine's fast loop, which stops at each location arrival.  Between two stops of it, the
        watched counters are compared; if one changed, that stretch is run again one step at a
        time to find where.  Returns ``LIMIT`` to go on."""
        stop_at = self.machine.steps + count
        while True:
            result = self._stretch(stop_at, stops, probes, on_arrival, target)
            if result is not None:
                return result
            if self.machine.steps >= stop_at:
                return Stop.LIMIT

    def _stretch(self, stop_at: int, stops: Any, probes: tuple[_Probe, ...], on_arrival,
                 target: tuple[Location, frozenset[str]] | None) -> Outcome | Stop | None:
        """One stretch of the machine's fast loop, to its next stop or step ``stop_at``, then
        the watched values compared (a stretch in which one changed is run again one step at a
        time) and the arrival decided on.  ``None``: go on (a stop passed); else what
        :meth:`_advance`'s chunk returns."""
        machine, history = self.machine, self.history
        start = machine.steps
        reason = machine.run(stop_at - start, stops)
        if history.due(machine.steps):
            history.add(machine.steps, machine.snapshot())
        if probes and any(probe.get() != probe.last for probe in probes):
            reached = machine.steps
            self._reach(start)
            return self._step_through(reached - start, stops, probes, on_arrival, target)
        if reason is not Stop.BREAKPOINT:
            return reason
        arrivals, cursor = self._touched(target)
        if arrivals or cursor:
            result = self._arrive(arrivals, on_arrival, cursor)
            if result is not Stop.LIMIT:
                return result
        return None

    def _run_writers(self, guards: Guards, count: int, stops: Any, probes: tuple[_Probe, ...],
                     on_arrival, target: tuple[Location, frozenset[str]] | None) -> Outcome | Stop:
        """:meth:`_advance` for ``count`` steps at most with data breakpoints whose locations
        only the steps after the ``guards`` may change: those steps one at a time, the values
        compared after each (:meth:`_step_through`), the fast loop between them (its stops
        include the guards).  A fast stretch that changed a value after all (a writer the
        language left out) is run again one step at a time."""
        machine = self.machine
        first, stop_at, stretches = machine.steps, machine.steps + count, 0
        while machine.steps < stop_at:
            if stretches == 64 and machine.steps - first < 64 * 8:
                # Writers run every few steps: leaving the fast loop that often costs more than
                # looking after every step, which the rest of the chunk does.
                return self._step_through(stop_at - machine.steps, stops, probes, on_arrival, target)
            stretches += 1
            if guards.before(machine):
                result = self._step_through(1, stops, probes, on_arrival, target)
                if result is not Stop.LIMIT:
                    return result
                continue
            result = self._stretch(stop_at, stops, probes, on_arrival, target)  # to the next writer
            if result is not None:
                return result
        return Stop.LIMIT

    def _step_through(self, count: int, stops: Any, probes: tuple[_Probe, ...], on_arrival,
                      target: tuple[Location, frozenset[str]] | None) -> Outcome | Stop:
        """:meth:`_advance` one step at a time (``count`` steps at most), comparing the watched
        values after each."""
        machine, history, run, track = self.machine, self.history, self.machine.run, self.track_writers
        for _ in range(count):
            if track:
                self.ran_at = machine.location()
            reason = run(1, stops)
            if reason is Stop.NEEDS_INPUT:
                return reason
            if history.due(machine.steps):
                history.add(machine.steps, machine.snapshot())
            arrivals, cursor = self._touched(target) if reason is Stop.BREAKPOINT else ([], False)
            _look(probes, arrivals)
            if arrivals or cursor:
                result = self._arrive(arrivals, on_arrival, cursor)
                if result is not Stop.LIMIT:
                    return result
            if reason is not Stop.LIMIT and reason is not Stop.BREAKPOINT:
                return reason
        return Stop.LIMIT

    # ----- forward ----------------------------------------------------------------------------
    def _record(self, record: StepRecord) -> None:
        self.history.undo.append(record)
        if self.history.due(self.steps):
            self.history.add(self.steps, self.machine.snapshot())

    def step(self, count: int = 1, unit: int | None = None, cancel: threading.Event | None = None,
             progress: Callable[[Session], None] | None = None, on_arrival=None) -> Outcome:
        """Run ``count`` units of stepping (``unit``: an index into the language's
        :attr:`~esodbg.engines.language.Language.units`; default the finest, one step), recording
        every step; stops early at halt, error, missing input or a breakpoint (which stops
        stepping as it stops continue; log points log), or when ``cancel`` is set
        (``INTERRUPTED``: a unit can be long, a Stoned-Go step over an endless trigger never
        ends).  ``progress`` is called as :meth:`_advance` calls it; ``on_arrival`` decides on
        arrivals as :meth:`continue_`'s does."""
        if not self.catch_up(cancel):
            return self._stopped(Outcome(Stop.INTERRUPTED, self.steps))
        first = self.steps
        self.breakpoints.enter_rows(self.machine.next_touches, first)
        try:
            return self._step(count, unit, cancel, progress, on_arrival or self.decide)
        finally:
            self._observed(first)

    def _step(self, count: int, unit: int | None, cancel: threading.Event | None,
              progress: Callable[[Session], None] | None, on_arrival) -> Outcome:
        """:meth:`step`'s loop."""
        machine = self.machine
        plan = self._compiled()
        probes = _armed(plan.probes)
        pace = _Pace(self.steps)
        for _ in range(count):
            mark = machine.unit_mark(unit) if unit is not None else None
            while True:
                if cancel is not None and cancel.is_set():
                    return self._stopped(Outcome(Stop.INTERRUPTED, self.steps))
                if self.track_writers:
                    self.ran_at = machine.location()
                record = machine.step()
                if isinstance(record, Stop):
                    return self._stopped(Outcome(record, self.steps))
                self._record(record)
                arrivals, _ = self._touched(None)
                _look(probes, arrivals)
                if arrivals and (result := self._arrive(arrivals, on_arrival, False)) is not Stop.LIMIT:
                    return self._stopped(result)
                if record.stop is not None:
                    return self._stopped(Outcome(record.stop, self.steps))
                if progress is not None and not self.steps & 255 and pace.due(self.steps):  # a clock read per 256
                    progress(self)
                    if plan.version != self.breakpoints.version:  # progress changed them: watch the new ones
                        plan = self._compiled()
                        probes = _armed(plan.probes)
                if unit is None or machine.unit_done(unit, mark):
                    break
        return self._stopped(Outcome(Stop.LIMIT, self.steps))

    def _run(self, limit: int) -> Stop:
        """Run fast (no records, no breakpoints) up to ``limit`` steps, checkpointing on the way:
        re-execution of steps already observed."""
        machine, history = self.machine, self.history
        end = self.steps + limit
        reason = Stop.LIMIT
        while self.steps < end:
            reason = machine.run(min(end, history.next_due(self.steps)) - self.steps)
            if history.due(self.steps):
                history.add(self.steps, machine.snapshot())
            if reason is not Stop.LIMIT:
                return reason
        return reason

    def _rebuild_undo(self, target: int) -> None:
        """Bring the machine to step ``target`` with the undo records of the steps just before
        it, by re-executing them from a checkpoint (so ``last`` and cheap step back work)."""
        undo = self.history.undo
        undo.clear()
        self._reach(max(0, target - undo.maxlen))
        while self.steps < target:
            record = self.machine.step()
            if isinstance(record, Stop):  # cannot happen: runs are deterministic
                raise RuntimeError(f"re-execution diverged at step {self.steps}")
            undo.append(record)

    def _reach(self, target: int) -> None:
        """Bring the machine to step ``target`` (one it has reached before) from the nearest
        checkpoint, or from where it is if that is nearer.  It moves without records, so the
        undo records (which end at the step it left) are dropped: undoing a step the machine
        is not at would corrupt it (a change that added a key would delete one it lacks)."""
        self.history.undo.clear()
        at, snapshot = self.history.at_or_before(target)
        if not at <= self.steps <= target:
            self.machine.restore(snapshot)
        if target > self.steps:
            self._run(target - self.steps)

    def _forward(self, limit: int, on_arrival, cancel: threading.Event | None,
                 progress: Callable[[Session], None] | None,
                 target: tuple[Location, frozenset[str]] | None = None) -> Outcome:
        """:meth:`_advance`, dropping the undo records it leaves behind (:attr:`last` makes
        the new ones when first asked for them)."""
        start = self.steps
        result = self._advance(limit, on_arrival, cancel, progress, target)
        if self.steps != start:
            self.history.undo.clear()
        return result if isinstance(result, Outcome) else Outcome(result, self.steps)

    def continue_(self, cancel: threading.Event | None = None,
                  progress: Callable[[Session], None] | None = None, on_arrival=None) -> Outcome:
        """Run until a breakpoint stops it, halt, error, missing input, the step budget
        (``BUDGET``), or ``cancel`` is set (``INTERRUPTED``).  ``on_arrival(step, arrivals,
        cursor)`` decides on each arrival at a breakpoint in place of the breakpoints' own
        verdicts (queries: :mod:`.query`), returning an :class:`Outcome` to stop or ``None``."""
        if not self.catch_up(cancel):
            return self._stopped(Outcome(Stop.INTERRUPTED, self.steps))
        outcome = self._forward(self.budget or 1 << 62, on_arrival or self.decide, cancel, progress)
        return self._stopped(Outcome(Stop.BUDGET, self.steps) if outcome.reason is Stop.LIMIT else outcome)

    def run_to(self, at: Location, cancel: threading.Event | None = None,
               progress: Callable[[Session], None] | None = None, breakpoints: bool = True) -> Outcome:
        """Run to cursor: like :meth:`continue_`, and also stop (``Stop.CURSOR``) on arriving at
        ``at`` — a board cell or a command — as a breakpoint there would (its
        :attr:`~esodbg.engines.language.Language.default_kinds`).  Breakpoints on the way stop
        first (not with ``breakpoints`` false, a goto: they count hits, and log points do not
        log); an ``at`` the program never reaches runs to the end."""
        if not self.catch_up(cancel):
            return self._stopped(Outcome(Stop.INTERRUPTED, self.steps))
        target = (at, self.language.default_kinds)
        on_arrival = self.decide if breakpoints else self._cursor_only
        outcome = self._forward(self.budget or 1 << 62, on_arrival, cancel, progress, target)
        return self._stopped(Outcome(Stop.BUDGET, self.steps) if outcome.reason is Stop.LIMIT else outcome)

    # ----- backward ---------------------------------------------------------------------------
    def goto(self, target: int, cancel: threading.Event | None = None) -> Outcome:
        """Go to the state after step ``target`` (clamped to ≥ 0).  Going forward stops early at
        halt, error, missing input or ``cancel``; breakpoints do not stop it (their arrivals on
        the way count) and log points do not log."""
        if not self.catch_up(cancel):
            return self._stopped(Outcome(Stop.INTERRUPTED, self.steps))
        return self._stopped(self._goto(target, cancel))

    def _goto(self, target: int, cancel: threading.Event | None = None) -> Outcome:
        target = max(0, target)
        undo = self.history.undo
        reason = Stop.LIMIT
        if target < self.steps and self.steps - target < len(undo):
            while self.steps > target:
                self.machine.undo(undo.pop())
        elif target < self.steps:
            self._rebuild_undo(target)
        elif target > self.steps:
            reason = self._forward(target - self.steps, self._count, cancel, None).reason
        return Outcome(Stop.START if self.steps == 0 else reason, self.steps)

    def step_back(self, count: int = 1, unit: int | None = None) -> Outcome:
        """Go back ``count`` units of stepping (see :meth:`step`; to step 0 at most): to the
        start of the current unit, or of the one before if already at a start."""
        if unit is None:
            return self.goto(self.steps - count)
        self.catch_up()
        outcome = Outcome(Stop.START, 0)
        for _ in range(count):
            if self.steps == 0:
                break
            target = self.machine.unit_back(unit)
            if isinstance(target, frozenset):  # where the unit began: the latest arrival at one of them
                self.reverse_continue(target=target, breakpoints=False)
                outcome = Outcome(Stop.START if self.steps == 0 else Stop.LIMIT, self.steps)
                continue
            if target is not None:
                outcome = self._goto(target)
                continue
            start = self.machine.unit_start(unit)
            if start == self.steps:
                self._goto(self.steps - 1)
                start = self.machine.unit_start(unit)
            outcome = self._goto(start)
        return self._stopped(outcome)

    def reverse_continue(self, cancel: threading.Event | None = None,
                         target: Location | frozenset[Location] | None = None,
                         breakpoints: bool = True) -> Outcome:
        """Go back to the latest earlier step at which a breakpoint would have stopped a
        forward run (its filters evaluated in that step's state; log points never stop), or to
        step 0.  With ``target`` (a cell or command: reverse run to cursor), also to the latest
        earlier arrival there (``Stop.CURSOR``), as :meth:`run_to` arrives forwards (a frozenset
        of locations: at any of them); with ``breakpoints`` false, only there (a goto backwards).

        Scans backwards one checkpoint interval at a time, re-executing each with the
        breakpoints observed (:meth:`_advance`) and keeping the last stop."""
        if not self.catch_up(cancel):
            return self._stopped(Outcome(Stop.INTERRUPTED, self.steps))
        found: list[Outcome] = []

        def collect(step: int, arrivals: Arrivals, cursor: bool) -> None:
            outcome = None
            for bp, change in arrivals if breakpoints else ():
                verdict = bp.verdict(self.names, step)
                if verdict.stop:
                    outcome = Outcome(Stop.BREAKPOINT, step, bp, verdict.message or _why(bp, change))
                    break
            if outcome is None and cursor:
                outcome = Outcome(Stop.CURSOR, step)
            if outcome is not None:
                found.append(outcome)

        aim = (target, self.language.default_kinds) if target is not None else None
        end = self.steps - 1  # latest step that may be a hit
        if aim is not None or breakpoints and any(bp.enabled for bp in self.breakpoints):
            while end >= 1:
                start = self.history.before(end)
                self._reach(start)
                if self._advance(end - start, collect, cancel, target=aim) is Stop.INTERRUPTED:
                    return self._stopped(Outcome(Stop.INTERRUPTED, self.steps))
                if found:
                    self._goto(found[-1].step)
                    return self._stopped(found[-1])
                end = start
        self._goto(0)
        return self._stopped(Outcome(Stop.START, 0))

    def visit(self, step: int) -> None:
        """Go to the state after ``step`` (≤ the steps run) as :meth:`goto` does, but not as a
        stop (watches are not evaluated): a look at a state on the way (:mod:`.provenance`)."""
        self._goto(step)

    def last_change(self, get: Callable[[], Any], step: int, cancel: threading.Event | None = None,
                    writers: frozenset[Location] | None = None) -> int | None:
        """The latest step ``s`` ≤ ``step`` (a step run already) after which ``get()`` differs
        from its value before ``s``, or ``None`` if no step changed it.  Scans backwards one
        checkpoint interval at a time, re-executing each and looking at the value after every
        step that may change it: every step, or with ``writers`` (the step locations whose
        steps may: :meth:`Language.writers`) only theirs, the fast loop running from one to the
        next.  The machine is left somewhere in the run (the caller goes where it wants next).
        ``InterruptedError`` if ``cancel`` is set."""
        end = step
        stops = self.machine.compile_stops([(at, self.language.default_kinds) for at in writers]) \
            if writers is not None else None
        while end >= 1:
            start = self.history.before(end)
            found = self._last_change_in(get, start, end, cancel, writers, stops)
            if found is not None:
                return found
            end = start
        return None

    def _last_change_in(self, get: Callable[[], Any], start: int, end: int, cancel: threading.Event | None,
                        writers: frozenset[Location] | None, stops: Any) -> int | None:
        """:meth:`last_change` within steps ``start`` + 1 … ``end``."""
        machine = self.machine
        self._reach(start)
        value, found = get(), None
        while self.steps < end:
            if cancel is not None and cancel.is_set():
                raise InterruptedError
            if writers is None or machine.location() in writers:  # this step may change it
                for _ in range(min(1024, end - self.steps)):
                    machine.run(1)
                    new = get()
                    if new != value:
                        found, value = self.steps, new
                    if writers is not None:
                        break
            else:  # to the next step that may (the machine stops on arriving there)
                machine.run(end - self.steps, stops)
                if get() != value:  # a writer left out by the language: look at every step
                    return self._last_change_in(get, start, end, cancel, None, None)
        return found

    def output_step(self, offset: int, end: int | None = None) -> int | None:
        """The step (≤ ``end``, default the current one) that wrote the output character at
        ``offset`` (0-based), or ``None`` if the output after ``end`` is not that long.  The
        output only grows as a run goes on, so it is the first step after which the output is
        longer than ``offset``: found by bisection, each probe a re-execution from a
        checkpoint.  The machine is left somewhere in the run (the caller goes where it wants
        next)."""
        end = self.steps if end is None else end
        self._reach(end)
        if self.output.length <= offset:
            return None
        low, high = 0, end  # the output is at most offset long after low, longer after high
        while high - low > 1:
            middle = (low + high) // 2
            self._reach(middle)
            if self.output.length > offset:
                high = middle
            else:
                low = middle
        return high

    # ----- restart ----------------------------------------------------------------------------
    def restarted(self) -> Session:
        """A fresh session of the same program with the same preset input, breakpoints (hit
        counts back to 0), watches and notes (input typed during this run is not kept)."""
        text, closed = self.preset_input
        fresh = Session(self.language, self.program, text, closed, self.budget, **self._history_options)
        for bp in self.breakpoints:
            fresh.breakpoints.set(bp.at, bp.kinds, condition=bp.condition and bp.condition.text,
                                  hit_condition=bp.hit_condition and str(bp.hit_condition),
                                  log_message=bp.log_message and bp.log_message.text, enabled=bp.enabled)
        for watch in self.watches:
            fresh.watches.add(watch.text)
        for note in self.notes:
            fresh.notes.add(note)
        fresh.on_log = self.on_log
        return fresh


class _Pace:
    """When a long operation's ``progress`` is due: every :data:`CHUNK` steps, and at least every
    :data:`PROGRESS_EVERY` seconds (a slow language's run still shows and still takes new
    breakpoints)."""

    __slots__ = ("steps", "at")

    def __init__(self, steps: int) -> None:
        self.steps, self.at = steps, time.perf_counter()

    def due(self, steps: int, now: float | None = None) -> bool:
        """Is it due after ``steps`` (at ``now``)?  If so, the next is counted from here."""
        now = time.perf_counter() if now is None else now
        if steps - self.steps >= CHUNK or now - self.at >= PROGRESS_EVERY:
            self.steps, self.at = steps, now
            return True
        return False


def _places(where: Location | frozenset[Location]) -> frozenset[Location]:
    """A run-to-cursor target's locations: one, or a set of them (a unit's start, Machine.unit_back)."""
    return where if isinstance(where, frozenset) else frozenset((where,))


def _armed(probes: tuple[_Probe, ...]) -> tuple[_Probe, ...]:
    """``probes``, each holding its location's value now (what the next step is compared with)."""
    for probe in probes:
        probe.last = probe.get()
    return probes


def _look(probes: tuple[_Probe, ...], arrivals: Arrivals) -> None:
    """After a step: add to ``arrivals`` each watched breakpoint whose value changed, with its
    ``(old, new)`` values."""
    for probe in probes:
        value = probe.get()
        if value != probe.last:
            arrivals.append((probe.breakpoint, (probe.last, value)))
            probe.last = value


def _why(bp: Breakpoint, change: tuple[Any, Any] | None) -> str | None:
    """What a data breakpoint saw change: ``mem[3]: 5 → 6`` (an event's counter is how it is
    found, not something to show)."""
    if change is None or not isinstance(bp.at, DataRef):
        return None
    return f"{bp.at}: {show(change[0])} → {show(change[1])}"
