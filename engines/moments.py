"""A moment of a run, named the ways a user names one (issue 45): ``N`` (after step N), ``N%``
(that far through a run that ends) or ``break:SPEC`` (the first hit of a breakpoint spec, where
``exec --break SPEC`` stops) — what ``esodbg run --at``, ``serve --at``, a page's ``?at=`` and
the debugger's ``g`` take.

:func:`parse` reads the text (``ValueError`` saying the forms); :func:`step_of` finds the step,
running the program in a session of its own when it must (a percentage needs the run's length,
a spec its first hit), cancellable, never past a step budget.
"""

from __future__ import annotations

import re
import threading
from typing import NamedTuple

from .base import Stop
from .debugger import Outcome, Session
from .query import Queries

FORMS = "N (after step N), N% (that far through a run that ends) or break:SPEC (the first hit of a breakpoint spec)"
LONGEST = 100_000_000  # steps a run is followed at most to learn its length or find a spec's first hit
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%\Z")


class Moment(NamedTuple):
    """A moment read: ``step`` (N), ``percent`` (0 to 100) or ``spec``; one of them is set."""

    step: int | None = None
    percent: float | None = None
    spec: str | None = None

    def __str__(self) -> str:
        if self.step is not None:
            return str(self.step)
        return f"{self.percent:g}%" if self.percent is not None else f"break:{self.spec}"


def parse(text: str) -> Moment:
    """``text`` as a :class:`Moment`; ``ValueError`` saying the forms for anything else (a
    spec is read when the program is known: :func:`step_of`)."""
    body = text.strip()
    if body.startswith("break:"):
        if not (spec := body[len("break:"):].strip()):
            raise ValueError(f"{text!r}: break: needs a spec after it; a moment is {FORMS}")
        return Moment(spec=spec)
    body = body.replace(",", "").replace("_", "")  # 1,000,000 and 1_000_000 as Python writes them
    if body.isdigit():
        return Moment(step=int(body))
    percent = _PERCENT.match(body)
    if percent is not None and float(percent.group(1)) <= 100:
        return Moment(percent=float(percent.group(1)))
    raise ValueError(f"{text!r} is not a moment of the run: write {FORMS}")


def step_of(moment: Moment, session: Session, cancel: threading.Event | None = None,
            longest: int = LONGEST) -> int:
    """The step ``moment`` names in ``session``'s run (the session itself is left where it
    is: a run, when one is needed, is made in a fresh session of the same program and input).
    ``ValueError`` saying why there is none: a spec that cannot be read or is never hit, a run
    that does not end within ``longest`` steps, needs input it has not had, or was cancelled
    (``cancel`` set)."""
    if moment.step is not None:
        return moment.step
    fresh = Session(session.language, session.program, session.input.text, session.input.closed, longest)
    queries = Queries(fresh, [moment.spec]) if moment.spec is not None else None  # ValueError: the spec's

    def first_hit(step: int, arrivals, cursor: bool) -> Outcome | None:
        queries.arrived(step, arrivals, cursor)
        return Outcome(Stop.FOUND, step) if queries.queries[0].hits else None

    outcome = fresh.continue_(cancel, on_arrival=first_hit if queries is not None else None)
    if outcome.reason is Stop.INTERRUPTED:
        raise ValueError(f"{moment}: stopped before it was found")
    if queries is not None:
        hits = queries.queries[0].hits
        if hits:
            return hits[0].step
        raise ValueError(f"break:{moment.spec} is never hit" + _in(outcome.reason, fresh.steps, longest))
    if outcome.reason not in (Stop.HALTED, Stop.ERROR):
        raise ValueError(f"{moment} needs the run's length, and it does not end" + _in(outcome.reason, fresh.steps,
                                                                                        longest))
    return round(fresh.steps * moment.percent / 100)


def _in(reason: Stop, steps: int, longest: int) -> str:
    if reason is Stop.NEEDS_INPUT:
        return f" before the program reads input it has not had (step {steps:,})"
    if reason is Stop.BUDGET:
        return f" within {longest:,} steps"
    return f" in the run ({steps:,} steps)"
