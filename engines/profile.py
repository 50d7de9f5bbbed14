"""Where a run spends its steps: how often each place ran (issue 28's profile and heat map).

A step runs *at* a location (a board cell, a command) and *from* a place in the source (its
span, :meth:`~esodbg.engines.language.Language.span`: a 15 cell's command, a Tic Tac Toe Grow
keystroke, a Stoned-Go command a macro may have made).  :class:`Tally` counts both, one step at
a time.  ``esodbg exec --profile`` counts a whole run by place (:func:`places`); the debugger's
heat map counts the steps up to the one shown by location and by place (:class:`HeatMap`), and
follows the session wherever it goes, backwards too.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import NamedTuple

from .base import Location, Machine, Span, Status, Stop
from .debugger import Session
from .iobuf import NoOutput
from .language import Language
from .provenance import source_text


class Place(NamedTuple):
    """A place steps ran from: its source ``span`` (``None`` for steps the source does not
    place, then ``text`` names their location), the ``text`` there, and how many steps ran
    from it (``count``)."""

    span: Span | None
    text: str
    count: int


class Tally:
    """How many steps ran at each location (``at``) and from each place (``spans``: a
    :class:`~esodbg.engines.base.Span`, or the location for a step whose source the language
    does not know), counted by :meth:`run`; ``steps`` is the number counted."""

    def __init__(self, language: Language) -> None:
        self.language = language
        self.at: Counter[Location] = Counter()
        self.spans: Counter[Span | Location] = Counter()
        self.steps = 0

    def copy(self) -> Tally:
        tally = Tally(self.language)
        tally.at, tally.spans, tally.steps = self.at.copy(), self.spans.copy(), self.steps
        return tally

    def run(self, machine: Machine, limit: int, cancel: threading.Event | None = None) -> Stop:
        """Run ``machine`` up to ``limit`` steps one at a time, counting each (a step that
        fails counts: it ran).  Returns what ``machine.run`` would: ``LIMIT`` after ``limit``
        steps, else why it stopped early (``INTERRUPTED`` when ``cancel`` is set)."""
        # The implementation's own span, called directly: this loop is a profile's whole cost.
        span = getattr(self.language.impl, "span", None) or self.language.span
        at, spans, location, run, ready, limit_ = self.at, self.spans, machine.location, machine.run, Status.READY, Stop.LIMIT
        reason = limit_
        for done in range(limit):
            if machine.status is not ready:
                reason = Stop.HALTED if machine.status is Status.HALTED else Stop.ERROR
                break
            if cancel is not None and (done & 1023) == 1023 and cancel.is_set():
                reason = Stop.INTERRUPTED
                break
            here, source = location(), span(machine)
            before = machine.steps
            reason = run(1)
            if machine.steps == before:  # NEEDS_INPUT: nothing ran
                break
            self.steps += 1
            at[here] += 1
            spans[here if source is None else source] += 1
            if reason is not limit_:
                break
        return reason

    def places(self, source: str) -> list[Place]:
        """The places steps ran from, most-run first (then in reading order), with the text of
        ``source`` (the program's) at each; their counts sum to :attr:`steps`."""
        found = [Place(key, source_text(source, key), count) if isinstance(key, Span) else
                 Place(None, str(key), count) for key, count in self.spans.items()]
        return sorted(found, key=lambda p: (-p.count, p.span is None, p.span or (0, 0, 0, 0), p.text))


class HeatMap:
    """The :class:`Tally` of steps 1..N of ``session``'s run, for any step N it has reached.

    It runs a machine of its own over the session's program and input (the input log only
    grows), counting forwards from the nearest state it can start from: where it last stopped,
    or a checkpoint of the session's history (whose snapshots it restores) at which it kept
    its tally when it passed.  So following the session forwards costs the steps it moved, and
    going back costs at most one checkpoint interval of counting."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.machine = session.language.machine(session.program, session.input, NoOutput())
        self.tally = Tally(session.language)
        self._kept: dict[int, Tally] = {0: self.tally.copy()}  # tallies at checkpoint steps

    def to_count(self, step: int) -> int:
        """About how many steps :meth:`at` would count for ``step``."""
        if self.tally.steps <= step:
            return step - self.tally.steps
        return step - max(kept for kept in self._kept if kept <= step)

    def at(self, step: int, cancel: threading.Event | None = None) -> Tally | None:
        """The tally of steps 1..``step`` (≤ the steps the session has run), or ``None`` if
        ``cancel`` was set first."""
        history, machine = self.session.history, self.machine
        if any(kept % history.interval for kept in self._kept):  # history thinned: so do we
            self._kept = {kept: tally for kept, tally in self._kept.items() if kept % history.interval == 0}
        if not self.tally.steps <= step:
            start, snapshot = history.at_or_before(step)
            while start not in self._kept:  # a checkpoint passed before the heat map was on
                start, snapshot = history.at_or_before(start - 1)
            machine.restore(snapshot)
            self.tally = self._kept[start].copy()
        while self.tally.steps < step:
            interval = history.interval
            stop_at = min(step, (self.tally.steps // interval + 1) * interval)
            if self.tally.run(machine, stop_at - self.tally.steps, cancel) is Stop.INTERRUPTED:
                return None
            if machine.steps != stop_at:  # the run ended before: cannot happen for a step it reached
                break
            if machine.steps % interval == 0:
                self._kept[machine.steps] = self.tally.copy()
        return self.tally
