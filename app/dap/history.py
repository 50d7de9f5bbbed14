"""A variable's history in the editor: ``evaluate`` of ``history LOCATION`` (issue 45, point 7).

``LOCATION`` is a data location as ``data:`` breakpoints name them (``stack[0]``, ``tape[3]``,
``acc``, ``space(5,0)``).  Its changes — every step after which its value differs from the value
before, old → new, with where that step ran — are gathered by a
:class:`~esodbg.engines.query.Queries` on ``data:LOCATION`` over a **fresh session** of the same
program and input, from step 0 up to the step the user's session is stopped at (the history up
to now: the user's session is only read, never moved).  A query keeps its first :data:`LIMIT`
changes and says there were more.

:func:`history` runs the query (seconds on a long run: the server runs it off its request loop,
cancellable); :func:`children` makes the changes the editor's variables, one a change:
``step 17`` = ``12 → 13``, the type saying where the step ran.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Any, Callable

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Outcome, Session
from esodbg.engines.expressions import show
from esodbg.engines.language import Language
from esodbg.engines.query import Hit, Queries

LIMIT = 10_000  # changes a history keeps (as exec --query-limit's default)
# The evaluate prefix: "history LOCATION" (the location is checked by the language).
PREFIX = re.compile(r"\s*history\s+(\S.*?)\s*\Z", re.S)


class Cancelled(Exception):
    """The history was cancelled before it was done (a ``cancel`` request, a restart, the end)."""


@dataclass(frozen=True)
class History:
    """The changes of ``location`` (as esodbg writes it) from step 0 up to step ``upto``: the
    first ``limit`` of them, and whether there were more (``truncated``)."""

    location: str
    upto: int
    changes: list[Hit]
    truncated: bool
    limit: int

    @property
    def summary(self) -> str:
        """What ``evaluate`` answers: ``tape[3]: 12 changes up to step 120``."""
        count = len(self.changes)
        what = f"{count:,} change{'' if count == 1 else 's'}" if count else "no changes"
        if self.truncated:
            what = f"the first {count:,} changes (there are more)"
        return f"{self.location}: {what} up to step {self.upto:,}"


def history(language: Language, program: Any, input_text: str, input_closed: bool, location: str, upto: int,
            limit: int = LIMIT, cancel: threading.Event | None = None,
            progress: Callable[[int], None] | None = None) -> History:
    """The changes of ``location`` in a fresh session of ``program`` on ``input_text`` from step
    0 to step ``upto`` (:class:`History`).  ``ValueError`` saying why for a location the program
    has no data at; :class:`Cancelled` if ``cancel`` is set meanwhile; ``progress(step)`` is
    told the step reached between chunks of the run."""
    text = location.strip()
    try:
        language.data_location(text)  # one location, nothing after it (no "if", "hit" or "log")
    except ValueError as error:
        raise ValueError(str(error)) from None
    session = Session(language, program, input_text, input_closed)
    spec = f"data:{text}"
    try:
        queries = Queries(session, [spec], limit)
    except ValueError as error:
        raise ValueError(str(error).removeprefix(f"{spec!r}: ")) from None
    query = queries.queries[0]
    if upto > 0:
        def arrived(step: int, arrivals, cursor: bool) -> Outcome | None:
            outcome = queries.arrived(step, arrivals, cursor)
            # More than the limit: the list is what it will be, no need to run on.
            return Outcome(Stop.INTERRUPTED, step) if query.truncated else outcome

        session.budget = upto
        outcome = session.continue_(cancel, (lambda s: progress(s.steps)) if progress is not None else None, arrived)
        if cancel is not None and cancel.is_set() and outcome.reason is Stop.INTERRUPTED and not query.truncated:
            raise Cancelled()
    changes = [hit for hit in query.hits if hit.step <= upto]
    return History(query.canonical.removeprefix("data:"), upto, changes, query.truncated, limit)


def children(found: History, start: int, count: int | None) -> list[dict]:
    """The changes ``start`` to ``start + count`` as variables: named by their step (``step
    17``, which ``goto 17`` in the Debug Console goes to), valued ``old → new``, typed where the
    step ran."""
    end = len(found.changes) if count is None else min(start + count, len(found.changes))
    out = []
    for hit in found.changes[start:end]:
        variable = {"name": f"step {hit.step:,}", "value": f"{show(hit.old)} → {show(hit.new)}",
                    "variablesReference": 0}
        if hit.by:
            variable["type"] = hit.by
        out.append(variable)
    return out
