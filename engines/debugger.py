"""The debugger core: a language-neutral session over one machine, usable without a terminal.

Operations use the Debug Adapter Protocol's words: step, step back, continue, reverse-continue,
goto (a step number), restart.  Each returns an :class:`Outcome` saying why it stopped.  Long
operations take a ``cancel`` event (checked every few milliseconds) and a ``progress`` callback
called between chunks, when the state is consistent and may be read.

Invariant: ``history.undo[-1]`` is the record of the step that led to the current state
(``last``), so views can always show what the last step changed.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Callable

from .base import Machine, Stop, StepRecord
from .breakpoints import Breakpoint, Breakpoints
from .history import History
from .iobuf import InputLog, OutputLog
from .language import Language

CHUNK = 16384  # most steps run between two checks for cancel/progress (a few ms)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Why an operation stopped, at which step, and the breakpoint hit if any."""

    reason: Stop
    step: int
    breakpoint: Breakpoint | None = None


class Session:
    """One program being debugged: machine, input, output, breakpoints and history.

    ``input_text`` is the input given up front; ``input_closed`` says whether more may come
    (interactive input via :meth:`feed_input`).  ``budget`` caps the steps one continue may run
    (``None``: no cap).
    """

    def __init__(self, language: Language, program: Any, input_text: str = "", input_closed: bool = True,
                 budget: int | None = None, **history_options: int) -> None:
        self.language = language
        self.program = program
        self.preset_input = (input_text, input_closed)
        self.input = InputLog(input_text, input_closed)
        self.output = OutputLog()
        self.machine: Machine = language.machine(program, self.input, self.output)
        self.breakpoints = Breakpoints(language.default_kinds)
        self.budget = budget
        self._history_options = history_options
        self.history = History(self.machine.snapshot(), **history_options)
        self._compiled: tuple[int, Any] = (-1, None)

    # ----- state ------------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        return self.machine.steps

    @property
    def last(self) -> StepRecord | None:
        """The step that led to the current state (``None`` at step 0)."""
        return self.history.undo[-1] if self.history.undo else None

    def view(self):
        """The presentation model of the current state."""
        return self.language.view(self.machine, self.last)

    def _stops(self):
        version = self.breakpoints.version
        if self._compiled[0] != version:
            self._compiled = (version, self.machine.compile_stops(self.breakpoints.enabled()))
        return self._compiled[1]

    def _arrived(self, reason: Stop) -> Outcome:
        """The outcome of a forward move that ended with ``reason``: arriving at an enabled
        breakpoint (after at least one step) is a hit, counted."""
        if reason in (Stop.LIMIT, Stop.BREAKPOINT):
            bp = self.breakpoints.hit(self.machine.next_touches())
            if bp is not None:
                bp.record_hit(self.steps)
                return Outcome(Stop.BREAKPOINT, self.steps, bp)
        return Outcome(reason, self.steps)

    # ----- input ------------------------------------------------------------------------------
    def feed_input(self, text: str) -> None:
        """Give the program more input (``ValueError`` if input was closed)."""
        self.input.feed(text)

    def close_input(self) -> None:
        """End of input: a read with nothing left becomes a runtime error."""
        self.input.close()

    # ----- forward ----------------------------------------------------------------------------
    def _record(self, record: StepRecord) -> None:
        self.history.undo.append(record)
        if self.history.due(self.steps):
            self.history.add(self.steps, self.machine.snapshot())

    def step(self, count: int = 1, unit: int | None = None) -> Outcome:
        """Run ``count`` units of stepping (``unit``: an index into the language's
        :attr:`~esodbg.engines.base.Language.units`; default the finest, one step), recording
        every step; stops early at halt, error, missing input or a breakpoint."""
        machine = self.machine
        for _ in range(count):
            mark = machine.unit_mark(unit) if unit is not None else None
            while True:
                record = machine.step()
                if isinstance(record, Stop):
                    return Outcome(record, self.steps)
                self._record(record)
                if record.stop is not None:
                    return Outcome(record.stop, self.steps)
                if self.breakpoints.hit(machine.next_touches()) is not None:
                    return self._arrived(Stop.LIMIT)
                if unit is None or machine.unit_done(unit, mark):
                    break
        return self._arrived(Stop.LIMIT)

    def _run(self, limit: int, stops: Any, cancel: threading.Event | None = None,
             progress: Callable[[Session], None] | None = None) -> Stop:
        """Run fast (no records) up to ``limit`` steps, checkpointing on the way."""
        machine, history = self.machine, self.history
        end = self.steps + limit
        reason = Stop.LIMIT
        while self.steps < end:
            if cancel is not None and cancel.is_set():
                return Stop.INTERRUPTED
            chunk = min(end, history.next_due(self.steps), self.steps + CHUNK) - self.steps
            reason = machine.run(chunk, stops)
            if history.due(self.steps):
                history.add(self.steps, machine.snapshot())
            if reason is not Stop.LIMIT:
                return reason
            if progress is not None:
                progress(self)
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
            self._run(target - self.steps, None)

    def continue_(self, cancel: threading.Event | None = None,
                  progress: Callable[[Session], None] | None = None) -> Outcome:
        """Run until a breakpoint, halt, error, missing input, the step budget (``BUDGET``), or
        ``cancel`` is set (``INTERRUPTED``)."""
        start = self.steps
        reason = self._run(self.budget or 1 << 62, self._stops(), cancel, progress)
        if self.steps != start:
            self._rebuild_undo(self.steps)
        outcome = self._arrived(reason)
        return Outcome(Stop.BUDGET, self.steps) if outcome.reason is Stop.LIMIT else outcome

    # ----- backward ---------------------------------------------------------------------------
    def goto(self, target: int, cancel: threading.Event | None = None) -> Outcome:
        """Go to the state after step ``target`` (clamped to ≥ 0).  Going forward stops early at
        halt, error, missing input or ``cancel``; breakpoints are not checked."""
        target = max(0, target)
        undo = self.history.undo
        reason = Stop.LIMIT
        if target < self.steps and self.steps - target < len(undo):
            while self.steps > target:
                self.machine.undo(undo.pop())
        elif target < self.steps:
            self._rebuild_undo(target)
        elif target > self.steps:
            start = self.steps
            reason = self._run(target - self.steps, None, cancel)
            if self.steps != start:
                self._rebuild_undo(self.steps)
        return Outcome(Stop.START if self.steps == 0 else reason, self.steps)

    def step_back(self, count: int = 1, unit: int | None = None) -> Outcome:
        """Go back ``count`` units of stepping (see :meth:`step`; to step 0 at most): to the
        start of the current unit, or of the one before if already at a start."""
        if unit is None:
            return self.goto(self.steps - count)
        outcome = Outcome(Stop.START, 0)
        for _ in range(count):
            if self.steps == 0:
                break
            target = self.machine.unit_back(unit)
            if target is not None:
                outcome = self.goto(target)
                continue
            start = self.machine.unit_start(unit)
            if start == self.steps:
                self.goto(self.steps - 1)
                start = self.machine.unit_start(unit)
            outcome = self.goto(start)
        return outcome

    def reverse_continue(self, cancel: threading.Event | None = None) -> Outcome:
        """Go back to the latest earlier step that arrived at a breakpoint, or to step 0.

        Scans backwards one checkpoint interval at a time, re-executing each with the
        breakpoints compiled in and keeping the last hit."""
        stops = self._stops()
        end = self.steps - 1  # latest step that may be a hit
        while end >= 1 and stops is not None:
            if cancel is not None and cancel.is_set():
                return Outcome(Stop.INTERRUPTED, self.steps)
            start = self.history.before(end)
            if start is None:
                break
            self._reach(start)
            hits = []
            while self.steps < end:
                reason = self.machine.run(end - self.steps, stops)
                if reason is Stop.BREAKPOINT:
                    hits.append(self.steps)
                elif reason is not Stop.LIMIT:
                    break
            if hits:
                self.goto(hits[-1])
                bp = self.breakpoints.hit(self.machine.next_touches())
                bp.record_hit(self.steps)
                return Outcome(Stop.BREAKPOINT, self.steps, bp)
            end = start
        self.goto(0)
        return Outcome(Stop.START, 0)

    # ----- restart ----------------------------------------------------------------------------
    def restarted(self) -> Session:
        """A fresh session of the same program with the same preset input and breakpoints
        (input typed during this run is not kept)."""
        text, closed = self.preset_input
        fresh = Session(self.language, self.program, text, closed, self.budget, **self._history_options)
        for bp in self.breakpoints:
            fresh.breakpoints.toggle(bp.at, bp.kinds)
            if not bp.enabled:
                fresh.breakpoints.set_enabled(bp.at, False)
        return fresh
