"""The brute-force check of where-did-this-value-come-from chains (issue 28), for every language's
tests (``test_provenance*.py``).

It runs the program one recorded step at a time, reading each location after every step: a
location's writer for step N is the last step ≤ N after which its value differs from the value
before it.  A chain must name exactly those steps, following the first location each link says it
read.
"""

from __future__ import annotations

from conftest import EXAMPLES
from esodbg.engines import registry
from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.names import freeze
from esodbg.engines.provenance import CUT, INITIAL, NO_READS, chain, writer

LIMIT = 3000  # steps a case runs at most


def run(language_name: str, example: str, input_text: str = "", **options) -> Session:
    """A session of the example (a path under ``examples/``) run to its end, or :data:`LIMIT` steps."""
    language = registry.by_name(language_name)
    path = EXAMPLES / example
    program = language.parse(path.read_text("utf-8"), str(path), options)
    session = Session(language, program, input_text, True, budget=LIMIT)
    session.continue_()
    return session


def values(session: Session, location: str, end: int) -> list:
    """The value of ``location`` after every step 0..``end`` of the session's run, by a fresh machine."""
    language = session.language
    machine = language.machine(session.program, InputLog(*session.preset_input), OutputLog())
    get = language.data(machine, location)
    seen = [freeze(get())]
    while machine.steps < end:
        assert not isinstance(machine.step(), Stop)
        seen.append(freeze(get()))
    return seen


def brute_writer(seen: list, step: int) -> int | None:
    return next((s for s in range(step, 0, -1) if seen[s] != seen[s - 1]), None)


def check_writers(session: Session, locations: list[str], samples: int = 60) -> None:
    """The writer of each location, after ``samples`` steps spread over the run and its last,
    is the brute force's."""
    end = session.steps
    for location in locations:
        seen = values(session, location, end)
        for step in sorted({*range(0, end + 1, max(1, end // samples)), end}):
            link = writer(session, location, step)
            expected = brute_writer(seen, step)
            assert (link.step if link else None) == expected, (location, step)
            if link is not None:
                assert link.value == seen[expected] and link.location == location


def check_chains(session: Session, locations: list[str], depth: int = 8) -> None:
    """Each location's chain from the run's last step names the brute force's writers, link by
    link, and ends as it says (a value nothing wrote, a step that read nothing, or ``depth``)."""
    end = session.steps
    trace: dict[str, list] = {}
    for asked in locations:
        links, finish = chain(session, asked, end, depth=depth)
        location, step = asked, end
        for link in links:
            seen = trace.setdefault(location, values(session, location, end))
            assert (link.location, link.step, link.value) == (location, brute_writer(seen, step), seen[link.step])
            location, step = (link.reads[0], link.step - 1) if link.reads else (None, None)
        if finish.reason == INITIAL:
            seen = trace.setdefault(location, values(session, location, end))
            assert brute_writer(seen, step) is None and finish.value == seen[step] and finish.location == location
        elif finish.reason == NO_READS:
            assert links and not links[-1].reads
        else:
            assert finish.reason == CUT and len(links) == depth
