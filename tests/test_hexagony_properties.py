"""Property tests (hypothesis) for Hexagony: time travel is exact through everything a random
program does — the memory pointer walking and turning, edges written and zeroed (the store
holds only edges that are not 0), big integers, IP switches, wraps and corners, input read a
byte and a number at a time — and the step-by-step path (``step``, its undo records from
``may_change``) ends in the state the fast loop reaches."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from time_travel import assert_steps_match_the_fast_loop, assert_time_travel_is_exact

HEXAGONY = by_name("hexagony")
# every command, weighted toward the interesting ones; letters, a wide character, whitespace
ALPHABET = ".)(+-*:%~,?;!$_|/\\<>[]#{}=\"'^&0123456789" + "{}^&<>/\\" + "Aé😀 \n`"
SNIPPETS = ("99999999999999*", "]]", "[", "(#", ")#", "{{{{", "=\"'")


@st.composite
def program(draw) -> str:
    text = draw(st.text(alphabet=ALPHABET, min_size=1, max_size=40))
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(SNIPPETS)) + text[at:]
    return text


INPUT = st.text(alphabet="0123456789 -+x\n\u00e9", max_size=12)


def session(text: str, data: str) -> Session:
    return Session(HEXAGONY, HEXAGONY.parse(text, "random.hxg"), data, True, interval=16)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(), INPUT, st.integers(0, 2 ** 32))
def test_time_travel_is_exact(text, data, seed):
    assert_time_travel_is_exact(session(text, data), 120, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(program(), INPUT)
def test_stepping_reaches_the_state_the_fast_loop_reaches(text, data):
    """Every step's record undoes it exactly and the step redone gives the same state; the
    steps one by one end where one ``run`` of as many steps ends."""
    stepped = session(text, data)
    fast = session(text, data)

    def each(record, machine) -> None:
        assert len(record.changes) <= 1 and all(change.store == "mem" for change in record.changes)
        assert 0 not in machine.mem.values()  # M1: only edges that are not 0 are stored

    assert_steps_match_the_fast_loop(stepped, fast, 100, each)
