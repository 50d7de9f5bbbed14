"""Where did this value come from: the chain of steps that made a data location's value (issue 28).

The value a data location (``acc``, ``mem[3]``, ``tape[2]``, ``board(3,0)``: the forms of
:attr:`~esodbg.engines.language.Language.data_locations`) holds after step N was made by its
*writer*: the latest step ≤ N after which its value differs from the value before it.  (A step
that writes the value the location already holds changes nothing, and the writer is the step
that set it.)  The language says which locations that step read to make the value
(:meth:`~esodbg.engines.language.Language.reads`); the writer of the first of them, before that
step, is the next link of the chain, and so on: a chain of causes that follows data, not only
time.  It ends at a location nothing wrote (its initial value), at a step that read no location
(the value came from input, or from the code), or after ``depth`` links.

A writer is found by :meth:`~esodbg.engines.debugger.Session.last_change`, which re-executes the
run backwards one checkpoint interval at a time, comparing the location's value after every
step: it costs the steps between the writer and the step asked about.
"""

from __future__ import annotations

import threading
from typing import Any, NamedTuple

from .base import Location, Span
from .debugger import Session
from .names import freeze

DEPTH = 16  # links a chain follows at most, unless asked for more

INITIAL, NO_READS, CUT, INTERRUPTED = "initial", "no reads", "depth", "interrupted"


class Link(NamedTuple):
    """One step of a chain: ``step`` wrote ``value`` to ``location`` (canonical, e.g.
    ``mem[3]``), running at ``at`` (``where``: its name with its board, as the language names
    cells: ``board (4, 0)``) from the source ``span`` (its ``text``; ``""`` if none), and read
    ``reads`` (canonical data locations, most direct first) to make it."""

    location: str
    value: Any
    step: int
    at: Location
    span: Span | None
    text: str
    reads: tuple[str, ...]
    where: str


class End(NamedTuple):
    """Why a chain ends: ``INITIAL`` (``location`` was never written: ``value`` is its initial
    value), ``NO_READS`` (the last link's step read no location), ``CUT`` (``depth`` links) or
    ``INTERRUPTED`` (cancelled); ``location``/``value`` are ``None`` but for ``INITIAL``."""

    reason: str
    location: str | None = None
    value: Any = None


def canonical(session: Session, text: str) -> str:
    """``text`` as a canonical data location of the session's program (``mem[ 3 ]`` →
    ``mem[3]``); ``ValueError`` (listing the forms the language has) if there is none such."""
    name = session.language.data_location(text) if text.strip() else text
    session.language.data(session.machine, name)  # raises ValueError for a location it lacks
    return name


def writer(session: Session, location: str, step: int, cancel: threading.Event | None = None) -> Link | None:
    """The step that made ``location``'s value after step ``step`` (≤ the steps run), as a
    :class:`Link`, or ``None`` if no step changed it (the initial value stands).  Leaves the
    session after that step (or at step 0).  ``InterruptedError`` if ``cancel`` is set."""
    language = session.language
    get = language.data(session.machine, location)
    found = session.last_change(get, step, cancel, language.writers(session.machine, location))
    if found is None:
        return None
    session.visit(found - 1)
    machine = session.machine
    at, span = machine.location(), language.span(machine)
    reads = tuple(language.reads(machine, location))
    session.visit(found)
    return Link(location, freeze(get()), found, at, span, source_text(machine.program.source, span), reads,
                language.where(at))


def chain(session: Session, location: str, step: int | None = None, depth: int = DEPTH,
          cancel: threading.Event | None = None) -> tuple[list[Link], End]:
    """The chain of causes of ``location``'s value after ``step`` (default: the current step):
    its writer, then the writer (before it) of the first location each link read, up to
    ``depth`` links, newest first; and why it ends.  The session is left at the last link's
    step (or at ``step`` for a value nothing wrote), not as a stop: the caller goes where it
    wants (:meth:`~esodbg.engines.debugger.Session.goto`)."""
    step = session.steps if step is None else step
    links: list[Link] = []
    while True:
        if len(links) >= depth:
            return links, End(CUT)
        try:
            link = writer(session, location, step, cancel)
        except InterruptedError:
            return links, End(INTERRUPTED)
        if link is None:
            session.visit(step)
            return links, End(INITIAL, location, freeze(session.language.data(session.machine, location)()))
        links.append(link)
        if not link.reads:
            return links, End(NO_READS)
        location, step = link.reads[0], link.step - 1


def source_text(source: str, span: Span | None) -> str:
    """The text of ``source`` that ``span`` covers (1-based, end exclusive), or ``""``."""
    if span is None:
        return ""
    lines = source.split("\n", span.end_line)
    if span.line > len(lines):
        return ""
    if span.line == span.end_line:
        return lines[span.line - 1][span.col - 1:span.end_col - 1]
    middle = lines[span.line:span.end_line - 1]
    last = lines[span.end_line - 1][:span.end_col - 1] if span.end_line <= len(lines) else ""
    return "\n".join([lines[span.line - 1][span.col - 1:], *middle, last])
