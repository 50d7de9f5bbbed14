"""Breakpoints in the Debug Adapter Protocol's sense: where or when a run may stop, and the
filters that decide whether it does.

A breakpoint's *target* (``Breakpoint.at``) says when it *arrives*:

* a :data:`~esodbg.engines.base.Location` — a board cell or a command of a text program: after a
  step whose next step touches it in one of the breakpoint's ``kinds`` (every language has
  ``exec``; see :attr:`~esodbg.engines.language.Language.breakpoint_kinds` and
  :meth:`~esodbg.engines.base.Machine.next_touches`), found by the machine's compiled stops;
* a :class:`DataRef` — a data location (DAP's data breakpoint, access type ``write``): after
  each step at whose end its value differs from its value before the step;
* an :class:`EventRef` — an event (DAP's exception/event filters: ``output``, ``error``, a
  language's own): after each step during which it happens.

Whether the run stops at an arrival is decided, in this order (gdb's and VS Code's), by
``enabled``, ``condition`` (an :class:`~esodbg.engines.expressions.Expression`: an arrival where
it does not hold is no *hit*), the *hit count* (:meth:`Breakpoint.hits`: the arrivals where the
condition held) tested by ``hit_condition`` (DAP's hitCondition: ``N``, ``>= N``, ``% N``), and
``log_message`` (a log point logs its message and does not stop): :meth:`Breakpoint.verdict`.
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .base import CellRef, CodeRef, Location, NamedRef
from .expressions import EvaluationError, Expression, ExpressionError, Message
from .language import GENERIC_NAMES


@dataclass(frozen=True, slots=True)
class DataRef:
    """A data location, by its canonical text (``mem[3]``, ``memory1(0,1)``, ``acc``; see
    :func:`~esodbg.engines.names.data_name`).  (Dataclasses, not tuples: a ``DataRef("x")``
    must not equal an ``EventRef("x")`` or a ``CodeRef``.)"""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class EventRef:
    """An event by name (``output``, ``input``, ``error`` or one of the language's
    :attr:`~esodbg.engines.language.Language.events`)."""

    name: str

    def __str__(self) -> str:
        return f"event {self.name}"


@dataclass(frozen=True, slots=True)
class RowRef:
    """A line of the program's text as one breakpoint (an editor's line breakpoint with no
    column): ``cells``, the locations on it, arrive as a cell breakpoint's do, but the line
    *arrives* only when the program comes onto it — at an arrival at one of its cells after a
    step whose state was at none of them (the step just run ran off the line).  So one visit,
    however many of the line's cells it runs, stops once, and the next continue goes on to the
    next visit (:meth:`Breakpoints.arriving`)."""

    line: int
    cells: tuple[Location, ...]

    def __str__(self) -> str:
        return f"line {self.line}"


# What a breakpoint is on.
Target = CellRef | CodeRef | NamedRef | DataRef | EventRef | RowRef

_HIT = re.compile(r"\s*(==|>=|%)?\s*(\d+)\s*\Z")


class HitCondition(NamedTuple):
    """DAP's hitCondition: ``N`` stops at the N-th arrival only, ``>= N`` at the N-th and every
    one after, ``% N`` at every N-th.  ``op`` is ``==``, ``>=`` or ``%``."""

    op: str
    n: int

    @classmethod
    def parse(cls, text: str) -> HitCondition:
        """``N``, ``== N``, ``>= N`` or ``% N`` with N ≥ 1; :class:`ExpressionError` otherwise."""
        match = _HIT.match(text)
        if match is None or int(match.group(2)) < 1:
            raise ExpressionError(f"hit condition {text.strip()!r}: write N, >= N or % N, with N ≥ 1")
        return cls(match.group(1) or "==", int(match.group(2)))

    def test(self, hits: int) -> bool:
        """Does the arrival that made the count ``hits`` stop?  (An arrival not counted, ``hits``
        0 — a breakpoint set during a run, until the session counts the steps before it — never
        passes.)"""
        if hits < 1:
            return False
        if self.op == ">=":
            return hits >= self.n
        if self.op == "%":
            return hits % self.n == 0
        return hits == self.n

    def __str__(self) -> str:
        return str(self.n) if self.op == "==" else f"{self.op} {self.n}"


class Verdict(NamedTuple):
    """What an arrival at a breakpoint does: ``stop`` the run (``message``: ``None``, or the
    error of a condition or log message that failed, DAP-style) or not (``message``: the text a
    log point logs, or ``None`` for an arrival the filters let pass)."""

    stop: bool
    message: str | None = None


PASS = Verdict(False)
STOP = Verdict(True)


@dataclass(eq=False, slots=True)
class Breakpoint:
    """A breakpoint on ``at`` (see the module docstring).  ``kinds`` are the kinds of touch a
    location breakpoint arrives at (empty for data and event breakpoints).

    Hit counts belong to the timeline and count from step 0, so a hit has one number whichever
    way the run came to it (forwards, reverse-continue, ``exec --break``, the DAP): ``arrivals``
    holds the step of every hit (an arrival where the condition held, :meth:`count`), sorted,
    each once, in an ``array('q')`` — 8 bytes an arrival; :meth:`hits` counts those at or before
    a step, so stepping back brings the count down and going forward again over the same steps
    does not count them twice.  ``known`` is the step up to which every hit has been recorded,
    while ``counting`` is true; a breakpoint set (enabled again, given another condition or
    kinds) after step 0 is not counting until the session has re-executed the steps it missed
    (:meth:`~esodbg.engines.debugger.Session.catch_up`, at the start of its next move).  The
    count starts again with a new session (restart)."""

    at: Target
    kinds: frozenset[str] = frozenset()
    enabled: bool = True
    condition: Expression | None = None
    hit_condition: HitCondition | None = None
    log_message: Message | None = None
    arrivals: array = field(default_factory=lambda: array("q"))
    known: int = 0
    counting: bool = True
    on_row: int = -2  # a RowRef's: the latest step after which the next step was on the line
    forgotten: int = 0  # hits dropped from arrivals by forget (counted still)


    @property
    def kind(self) -> str:
        """``cell``, ``code``, ``named`` (a language's own form), ``data``, ``event`` or ``row``."""
        return {CellRef: "cell", CodeRef: "code", NamedRef: "named", DataRef: "data", EventRef: "event",
                RowRef: "row"}[type(self.at)]

    def hits(self, step: int) -> int:
        """How many hits the run made here at or before ``step`` (DAP: the hit count)."""
        return self.forgotten + bisect.bisect_right(self.arrivals, step)

    def forget(self, step: int) -> None:
        """Keep only the count of the hits at or before ``step``, not their steps: memory stays
        bounded over a long run by a session that never goes back to them (a query's, .query);
        :meth:`hits` is then right for ``step`` and later steps only."""
        dropped = bisect.bisect_right(self.arrivals, step)
        del self.arrivals[:dropped]
        self.forgotten += dropped

    def arrive(self, step: int) -> None:
        """A hit after step ``step``: count it unless already counted (or the steps before it
        are not counted yet: see ``counting``)."""
        if self.counting and step > self.known:
            self.arrivals.append(step)
            self.known = step

    def count(self, names: Mapping[str, Any], step: int) -> str | bool:
        """The run arrived here after ``step``, the state being ``names``: is it a hit (the
        condition holds, or there is none)?  A hit is counted.  A condition that fails to
        evaluate makes a hit too (the run stops there): its message is returned instead."""
        if self.condition is not None:
            try:
                if not self.condition.evaluate(names):
                    return False
            except EvaluationError as error:
                self.arrive(step)
                return f"condition failed: {error}"
        self.arrive(step)
        return True

    def verdict(self, names: Mapping[str, Any], step: int) -> Verdict:
        """What the arrival after ``step`` does, the state being ``names`` (see :class:`Verdict`):
        the condition, then the hit condition on the hit count with this hit, then the log
        message.  A condition or message that fails to evaluate stops the run with its message."""
        hit = self.count(names, step)
        if hit is not True:
            return PASS if hit is False else Verdict(True, hit)
        if self.hit_condition is not None and not self.hit_condition.test(self.hits(step)):
            return PASS
        if self.log_message is not None:
            try:
                return Verdict(False, self.log_message.render(names))
            except EvaluationError as error:
                return Verdict(True, f"log message failed: {error}")
        return STOP

    def describe(self, view=None) -> str:
        """A short name for the target: a location as ``view`` (a
        :class:`~esodbg.engines.view.View`, if given) describes it, ``data mem[3]``,
        ``event output``."""
        if isinstance(self.at, DataRef):
            return f"data {self.at}"
        if isinstance(self.at, EventRef):
            return str(self.at)
        return view.describe(self.at) if view is not None else str(self.at)


class LogEntry(NamedTuple):
    """A log point's message: logged after step ``step`` by ``breakpoint``."""

    step: int
    breakpoint: Breakpoint
    text: str


def _text(expression: Expression | None) -> str | None:
    return expression.text if expression is not None else None


def is_location(at: Target) -> bool:
    """A cell, a command, a line or a language's own location (:class:`NamedRef`): where the
    machine's compiled stops arrive."""
    return isinstance(at, (CellRef, CodeRef, NamedRef, RowRef))


class Breakpoints:
    """The breakpoints of a session, one per target, in the order they were set.

    ``default_kinds`` are the kinds a new location breakpoint stops at; ``names`` the state names
    conditions and log messages may read; ``check(at)`` raises ``ValueError`` for a target no
    breakpoint can go on (a data location or event the program does not have, a command in a
    language that stops only at cells); ``now()`` is the session's current step: a breakpoint
    set (or re-enabled, or reset) after step 0 waits for the session to count the steps before
    it (``Breakpoint.counting``).  Every method that changes something raises
    before changing anything (``ExpressionError`` for a bad condition, hit condition or
    message).  ``version`` changes with every change, so compiled forms (see
    :meth:`~esodbg.engines.base.Machine.compile_stops`) can be cached against it.
    """

    def __init__(self, default_kinds: frozenset[str] = frozenset({"exec"}),
                 names: Collection[str] = tuple(name.name for name in GENERIC_NAMES),
                 check: Callable[[Target], None] | None = None, now: Callable[[], int] = lambda: 0) -> None:
        self.default_kinds = default_kinds
        self.names = frozenset(names)
        self._check = check
        self._now = now
        self._by_target: dict[Target, Breakpoint] = {}
        self.version = 0
        self._rows: tuple[int, dict[Location, list[Breakpoint]]] = (-1, {})  # (version, a cell's line breakpoints)

    def __iter__(self):
        return iter(self._by_target.values())

    def __len__(self) -> int:
        return len(self._by_target)

    def __contains__(self, at: Target) -> bool:
        return at in self._by_target

    def get(self, at: Target) -> Breakpoint | None:
        return self._by_target.get(at)

    # ----- setting --------------------------------------------------------------------------------
    def set(self, at: Target, kinds: Iterable[str] | None = None, *, condition: str | None = None,
            hit_condition: str | None = None, log_message: str | None = None, enabled: bool = True) -> Breakpoint:
        """Set a breakpoint on ``at`` with these filters (texts; ``None`` for none), replacing
        the one there.  A replaced breakpoint keeps its hit count if its target, kinds and
        condition stay (its hits are the arrivals where the condition held)."""
        kinds = frozenset(kinds or self.default_kinds) if is_location(at) else frozenset()
        if self._check is not None:
            self._check(at)
        bp = Breakpoint(at, kinds, enabled, self._expression(condition), self._hit(hit_condition),
                        self._message(log_message), counting=self._now() == 0)
        old = self._by_target.get(at)
        if old is not None and old.kinds == kinds and _text(old.condition) == _text(bp.condition):
            bp.arrivals, bp.forgotten, bp.known, bp.counting = old.arrivals, old.forgotten, old.known, old.counting
        self._by_target[at] = bp
        self.version += 1
        return bp

    def toggle(self, at: Target, kinds: frozenset[str] | None = None) -> bool:
        """Set a breakpoint on ``at`` (for ``kinds``, default :attr:`default_kinds`), or remove
        the one there.  Returns true if now set."""
        if at in self._by_target:
            self.remove(at)
            return False
        self.set(at, kinds)
        return True

    def remove(self, at: Target) -> None:
        """Remove the breakpoint on ``at`` (``KeyError`` if there is none)."""
        del self._by_target[at]
        self.version += 1

    def set_enabled(self, at: Target, enabled: bool) -> None:
        """Enable or disable the breakpoint on ``at`` (``KeyError`` if there is none).  A
        disabled breakpoint counts nothing: enabled again, the steps it missed are counted at
        the session's next move."""
        bp = self._by_target[at]
        if enabled and not bp.enabled and bp.known < self._now():
            bp.counting = False
        bp.enabled = enabled
        self.version += 1

    def set_kinds(self, at: Location, kinds: Iterable[str]) -> None:
        """Make the breakpoint at ``at`` stop at the touches in ``kinds`` (``KeyError`` if there
        is none, ``ValueError`` if ``kinds`` is empty).  Its hits are counted again."""
        kinds = frozenset(kinds)
        if not kinds:
            raise ValueError("a breakpoint needs at least one kind")
        bp = self._by_target[at]
        if kinds != bp.kinds:
            bp.kinds = kinds
            self._recount(bp)
        self.version += 1

    def set_condition(self, at: Target, text: str | None) -> None:
        """Give the breakpoint on ``at`` a condition (``None`` or blank: none).  Another
        condition counts the hits again (a hit is an arrival where the condition held)."""
        bp, condition = self._by_target[at], self._expression(text)
        if _text(condition) != _text(bp.condition):
            self._recount(bp)
        bp.condition = condition
        self.version += 1

    def set_hit_condition(self, at: Target, text: str | None) -> None:
        """Give the breakpoint on ``at`` a hit condition: ``N``, ``>= N``, ``% N`` (``None`` or
        blank: none)."""
        self._by_target[at].hit_condition = self._hit(text)
        self.version += 1

    def set_log_message(self, at: Target, text: str | None) -> None:
        """Make the breakpoint on ``at`` a log point with this message (``None`` or blank: a
        breakpoint that stops again)."""
        self._by_target[at].log_message = self._message(text)
        self.version += 1

    def _recount(self, bp: Breakpoint) -> None:
        """Forget ``bp``'s hits: they are counted again from step 0 (at once at step 0, else at
        the session's next move)."""
        bp.arrivals, bp.forgotten, bp.known, bp.counting = array("q"), 0, 0, self._now() == 0

    def clear(self) -> None:
        self._by_target.clear()
        self.version += 1

    def _expression(self, text: str | None) -> Expression | None:
        return Expression(text, self.names) if text is not None and text.strip() else None

    def _message(self, text: str | None) -> Message | None:
        return Message(text, self.names) if text is not None and text.strip() else None

    @staticmethod
    def _hit(text: str | None) -> HitCondition | None:
        return HitCondition.parse(text) if text is not None and text.strip() else None

    # ----- reading --------------------------------------------------------------------------------
    def enabled(self) -> list[tuple[Location, frozenset[str]]]:
        """``(location, kinds)`` of every enabled location breakpoint (what the machine
        compiles into its stops)."""
        found: list[tuple[Location, frozenset[str]]] = []
        for bp in self._by_target.values():
            if bp.enabled and is_location(bp.at):
                if isinstance(bp.at, RowRef):
                    found.extend((cell, bp.kinds) for cell in bp.at.cells)
                else:
                    found.append((bp.at, bp.kinds))
        return found

    def enabled_locations(self) -> list[Location]:
        return [at for at, _ in self.enabled()]

    def _row_cells(self) -> dict[Location, list[Breakpoint]]:
        """Each cell of an enabled line breakpoint (:class:`RowRef`): the line breakpoints on it."""
        version, cells = self._rows
        if version != self.version:
            cells = {}
            for bp in self._by_target.values():
                if bp.enabled and isinstance(bp.at, RowRef):
                    for cell in bp.at.cells:
                        cells.setdefault(cell, []).append(bp)
            self._rows = (self.version, cells)
        return cells

    def enter_rows(self, touches: Callable[[], Iterable[tuple[Location, str]]], step: int) -> None:
        """A run starts at ``step``, whose next step touches ``touches()``: a line breakpoint on
        that line does not arrive at the next step (the program is on the line already)."""
        cells = self._row_cells()
        if not cells:
            return
        on = {id(bp) for at, kind in touches() for bp in cells.get(at, ()) if kind in bp.kinds}
        for bp in self._by_target.values():
            if isinstance(bp.at, RowRef):
                bp.on_row = step if id(bp) in on else -2

    def watched(self) -> list[Breakpoint]:
        """The enabled data and event breakpoints (the session compares their values between
        steps)."""
        return [bp for bp in self._by_target.values() if bp.enabled and not is_location(bp.at)]

    def arriving(self, touches: Iterable[tuple[Location, str]], step: int | None = None) -> list[Breakpoint]:
        """The enabled location breakpoints a step touching ``touches`` (``(location, kind)``
        pairs, see :meth:`~esodbg.engines.base.Machine.next_touches`) arrives at, each once.
        ``step`` is the step after which the state touches them: a line breakpoint
        (:class:`RowRef`) arrives only if the state after the step before was not on its line
        (the runs see every state on a line, its cells being stops: :meth:`enter_rows` starts them)."""
        by_target = self._by_target
        found: list[Breakpoint] = []
        if by_target:
            rows = self._row_cells()
            seen: list[Breakpoint] = []
            for at, kind in touches:
                bp = by_target.get(at)
                if bp is not None and bp.enabled and kind in bp.kinds and bp not in found:
                    found.append(bp)
                for row in rows.get(at, ()) if step is not None else ():
                    if kind in row.kinds and row not in seen:
                        seen.append(row)
                        if row.on_row != step - 1 and row not in found:
                            found.append(row)
                        row.on_row = step
        return found
