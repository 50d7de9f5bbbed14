"""Issue 16: what keeps the debugger's first frame on a big program cheap (the timing itself is
``benchmarks/grammars.py --debugger``)."""

from __future__ import annotations

from esodbg.engines.registry import by_name
from esodbg.engines.debugger import Session

from conftest import EXAMPLES

FIFTEEN = by_name("fifteen")


def session() -> Session:
    path = EXAMPLES / "fifteen" / "99.15"
    return Session(FIFTEEN, FIFTEEN.parse(path.read_text(), str(path)))


def test_the_view_is_built_once_per_state():
    s = session()
    first = s.view()
    assert s.view() is first  # the first frame asks three times: one build
    s.step()
    after = s.view()
    assert after is not first and after.location != first.location
    s.step_back()
    assert s.view() == first and s.view() is not after
    s.goto(5)
    s.goto(0)
    assert s.view() == first  # a rebuilt history gives the same view


def test_a_view_after_a_step_back_is_the_one_a_fresh_run_shows():
    s, fresh = session(), session()
    s.step(3)
    s.step_back()
    fresh.step(2)
    assert s.view() == fresh.view()
