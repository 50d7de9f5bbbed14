"""Queries: every hit of a breakpoint spec across a whole run, gathered without stopping
(issue 45; ``esodbg exec --query SPEC``, the debugger's Query tab).

A query is a breakpoint spec (:mod:`.spec`: ``cell:…``, ``code:N``, ``data:LOC``, ``event:NAME``
with ``if``, ``hit`` and ``log``) set in a session of its own, whose arrivals are recorded
rather than stopped at: each :class:`Hit` is the step where ``exec --break SPEC`` would stop for
it (so ``hit == k`` of ``--break`` stops at the k-th hit), with where, the log message (or a data
query's old and new values) and, for a data or event query, where the step that did it ran.

Memory stays bounded whatever the run's length: a query keeps its first ``limit`` hits and
then says it is truncated and stops looking (its breakpoint is disabled, so the rest of the run
costs what a plain run costs); the hits counted for ``hit`` conditions are forgotten as the run
goes on (:meth:`~.breakpoints.Breakpoint.forget`: a query's session never goes back); the
session's history is its checkpoints' budget (:mod:`.history`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .breakpoints import Breakpoint, DataRef, EventRef, RowRef, is_location
from .debugger import Arrivals, Outcome, Session
from .names import freeze
from .spec import format_spec, parse_spec

DEFAULT_LIMIT = 10_000  # hits a query keeps (exec --query-limit)


@dataclass(frozen=True, slots=True)
class Hit:
    """One hit: after step ``step`` (where ``--break`` would stop), at ``location`` (the
    language's name for it: a location query's cell or command; for a data or event query,
    where the step that changed it ran), with ``message`` (a log message, or the error of a
    condition or message that failed), a data query's ``old`` and ``new`` values (``None``
    otherwise), and ``by``: a data or event query's step's location again, a location query's
    command that touches the cell when that is another (a write to a tape cell), else ``None``."""

    step: int
    location: str
    message: str | None = None
    old: Any = None
    new: Any = None
    by: str | None = None


@dataclass(eq=False)
class Query:
    """One spec's hits so far (the first ``limit``), and whether there were more
    (``truncated``).  ``spec`` is the spec as the user wrote it, ``canonical`` as esodbg writes
    it back."""

    spec: str
    canonical: str
    breakpoint: Breakpoint
    limit: int
    hits: list[Hit] = field(default_factory=list)
    truncated: bool = False

    @property
    def is_data(self) -> bool:
        return isinstance(self.breakpoint.at, DataRef)


class Queries:
    """The queries of one run, in a session of their own (``session``, fresh from the
    program), whose :meth:`arrived` a run passes to :meth:`Session.continue_`.  ``texts`` are specs; a spec that cannot be read, or
    two on the same target (one breakpoint a target: query it once, with a ``log`` message
    naming everything wanted), raise ``ValueError`` naming the spec."""

    def __init__(self, session: Session, texts: tuple[str, ...] | list[str], limit: int = DEFAULT_LIMIT) -> None:
        self.session = session
        self.queries: list[Query] = []
        self._by_breakpoint: dict[int, Query] = {}
        language = session.language
        for text in texts:
            try:
                spec = parse_spec(text, language, session.first_view)
                if spec.at in session.breakpoints:
                    raise ValueError(f"there is a breakpoint or a query on that place already "
                                     f"({format_spec(session.breakpoints.get(spec.at), language)}): one a place, so "
                                     "ask once, with a log message naming all you want")
                bp = spec.set_in(session.breakpoints)
            except ValueError as error:
                raise ValueError(f"{text!r}: {error}") from None
            query = Query(text, format_spec(bp, language), bp, limit)
            self.queries.append(query)
            self._by_breakpoint[id(bp)] = query
        session.track_writers = any(not is_location(query.breakpoint.at) for query in self.queries)

    def arrived(self, step: int, arrivals: Arrivals, cursor: bool) -> Outcome | None:
        """``on_arrival`` for :meth:`Session.continue_` (and run to cursor): the session arrived
        at breakpoints after ``step``.  Each query's that would stop there (or log) is a hit, and
        the run goes on; the other breakpoints (``exec --break`` beside queries) decide as they
        always do, and may stop it."""
        session = self.session
        others = [(bp, change) for bp, change in arrivals if id(bp) not in self._by_breakpoint]
        for bp, change in arrivals:
            query = self._by_breakpoint.get(id(bp))
            if query is None:
                continue
            if len(bp.arrivals) > 4096:
                bp.forget(step)
            verdict = bp.verdict(session.names, step)
            if not verdict.stop and verdict.message is None:
                continue  # the condition or the hit condition let it pass
            if len(query.hits) >= query.limit:
                query.truncated = True
                session.breakpoints.set_enabled(bp.at, False)  # nothing more to record: run on at full speed
                continue
            query.hits.append(self._hit(step, bp, change, verdict.message))
        return session.decide(step, others, cursor) if others or cursor else None

    def _hit(self, step: int, bp: Breakpoint, change: tuple[Any, Any] | None, message: str | None) -> Hit:
        session, language = self.session, self.session.language
        if is_location(bp.at):
            # The cell or command arrived at (a line's: the cell of it the next step touches), and
            # the command that touches it when that is another (a write to a tape cell).
            at = bp.at if not isinstance(bp.at, RowRef) else \
                next(at for at, kind in session.machine.next_touches() if at in bp.at.cells and kind in bp.kinds)
            runs = session.machine.location()
            return Hit(step, language.where(at), message, by=language.where(runs) if runs != at else None)
        ran = session.ran_at
        by = language.where(ran) if ran is not None else None
        if isinstance(bp.at, EventRef) or change is None:
            return Hit(step, by or "", message, by=by)
        return Hit(step, by or "", message, freeze(change[0]), freeze(change[1]), by)
