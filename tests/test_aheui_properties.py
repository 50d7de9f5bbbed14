"""Property tests (hypothesis) for Aheui over random boards: time travel is exact through
everything a board does — the 26 stacks, the queue and the pipe growing and shrinking, reversals,
reflections, wraps at both speeds, input read as numbers and characters; every step's undo record
(built from ``may_change``) undoes exactly and the step-by-step path ends where the fast loop
does; and the view's ``next_move`` says where each step goes.  Bounded: 120 steps a board."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.aheui.view import next_move
from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from aheui_cases import board
from time_travel import assert_steps_match_the_fast_loop, assert_time_travel_is_exact

AHEUI = by_name("aheui")
INPUT = st.text(alphabet="0123456789 -x\n가", max_size=12)


def boards():
    return st.integers(0, 2 ** 32).map(lambda seed: board(random.Random(seed)))


def session(text: str, data: str) -> Session:
    return Session(AHEUI, AHEUI.parse(text, "random.aheui", {"max_int_bits": 4096}), data, True, interval=16)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), INPUT, st.integers(0, 2 ** 32))
def test_time_travel_is_exact(text, data, seed):
    assert_time_travel_is_exact(session(text, data), 120, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(boards(), INPUT)
def test_each_undo_record_is_exact_and_stepping_reaches_the_fast_loops_state(text, data):
    assert_steps_match_the_fast_loop(session(text, data), session(text, data), 120)


@settings(max_examples=60, deadline=None)
@given(boards(), INPUT)
def test_the_view_says_where_each_step_goes(text, data):
    s = session(text, data)
    m = s.machine
    for _ in range(120):
        if m.status.value != "ready":
            break
        x, y, d, sp, _ = next_move(m)
        outcome = s.step()
        if outcome.reason is not Stop.LIMIT or m.status.value != "ready":
            break
        assert (m.x, m.y, m.d, m.s) == (x, y, d, sp)
