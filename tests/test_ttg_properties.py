"""Property tests (hypothesis) for Tic Tac Toe Grow: random keystroke streams only ever end in
a defined way (every keystroke typed, or a Backspace break); time travel is exact at every unit
of stepping — micro-step, phase, keystroke (R43, R44)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from esodbg.engines.base import Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.ttg import LANGUAGE as TTG, parse

from time_travel import assert_time_travel_is_exact

# Every action (R39), data characters, digits, Space, Enter, Backspace, and a multi-byte letter.
KEYS = list("rotcu+-*/%?^v<>gdps@!|#\nΣ") + list("ax7 0é") + ["\b"]
streams = st.text(alphabet=st.sampled_from(KEYS), max_size=40)


def session(text: str, **history) -> Session:
    return Session(TTG, parse(text, "prop.ttg"), **history)


@settings(max_examples=150, deadline=None)
@given(streams)
def test_random_keystrokes_end_in_a_defined_way(text):
    s = session(text)
    outcome = s.continue_()
    assert outcome.reason is Stop.HALTED and s.machine.status is Status.HALTED
    m = s.machine
    assert m.keystrokes == len(text) or m.broken
    assert m.m2.shape.size == 9  # R7: memory2 is always exactly 3x3
    for board in (m.main, m.m1, m.m2, m.m3):
        assert all(v != 0 and not (isinstance(v, str) and v in "0123456789" and len(v) == 1)
                   for v in board.values.values()) or board is m.main  # R5: memory holds no 0, no digit chars


@settings(max_examples=60, deadline=None)
@given(streams, st.integers(0, 2**32))
def test_time_travel_by_micro_step_is_exact(text, seed):
    # Small history settings so checkpoints, thinning and re-execution are all exercised.
    assert_time_travel_is_exact(session(text, interval=7, undo_records=5), 300, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(streams, st.integers(0, 1))
def test_forward_and_back_by_phase_and_keystroke(text, level):
    s = session(text, interval=11, undo_records=3)
    m = s.machine
    starts = [(m.snapshot(), s.output.text())]
    while m.status is Status.READY:
        before = s.steps
        s.step(1, level)
        assert s.steps > before
        assert m.unit_start(level) == s.steps or m.status is not Status.READY  # landed on a unit boundary
        starts.append((m.snapshot(), s.output.text()))
    for state in reversed(starts[:-1]):
        s.step_back(1, level)
        assert (m.snapshot(), s.output.text()) == state
    assert s.steps == 0
