"""Property tests (hypothesis) for Piet over random pictures: time travel is exact through
everything a program does — moves, failed attempts turning DP and CC, white slides (both
dialects), the stack growing, shrinking and rolling, input read as bytes and numbers; every step's
undo record (built from ``may_change``) undoes exactly, and the step-by-step path ends where the
fast loop does.  Bounded: at most 120 steps a program, the integer bound at 256 bits."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from piet_cases import LETTERS, RGB, painted_codels, random_codels
from time_travel import assert_steps_match_the_fast_loop, assert_time_travel_is_exact

PIET = by_name("piet")


def picture_text(seed: int) -> str:
    """A random program as ascii-piet: painted from commands, or rectangles (unknown colours white)."""
    rng = random.Random(seed)
    grid = painted_codels(rng) if rng.random() < 0.6 else random_codels(rng)
    return "".join("".join(LETTERS[RGB.index(rgb)] if rgb in RGB else "?" for rgb in row[:-1])
                   + ("@" if row[-1] == RGB[19] else LETTERS[RGB.index(row[-1])] if row[-1] in RGB else "?") + "\n"
                   for row in grid)


INPUT = st.text(alphabet="0123456789 -+x\n\u00e9\udcff", max_size=12)
DIALECT = st.sampled_from(["npiet", "spec"])


def session(text: str, data: str, dialect: str) -> Session:
    program = PIET.parse(text, "random.apiet", {"dialect": dialect, "max_int_bits": 256})
    return Session(PIET, program, data, True, interval=16)  # checkpoints every 16 steps


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), INPUT, DIALECT)
def test_time_travel_is_exact(seed, data, dialect):
    assert_time_travel_is_exact(session(picture_text(seed), data, dialect), 120, random.Random(seed))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), INPUT, DIALECT)
def test_each_step_undoes_exactly_and_the_steps_end_where_the_fast_loop_does(seed, data, dialect):
    text = picture_text(seed)
    assert_steps_match_the_fast_loop(session(text, data, dialect), session(text, data, dialect), 120)
