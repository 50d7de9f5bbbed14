"""Property tests (hypothesis) for ><>: time travel is exact through everything a random program
does — ``p`` writing into the code and ``g``, ``p`` and the pointer touching cells (the extents
and H of rule 8), the stack of stacks and the registers, floats and huge integers, input read a
character at a time, string mode, skips, ``.`` jumps, the seeded ``x`` — and the step-by-step
path (``step``, which builds undo records from ``may_change``) ends in the state the fast loop
reaches."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from time_travel import assert_steps_match_the_fast_loop, assert_time_travel_is_exact

FISH = by_name("fish")
ALPHABET = "0123456789abcdef+-*,%=()'\":~$@}{rl[]&onigp!?.x><^v/\\|_#;     "
# Snippets that reach the corners: a far g/p (rows and extents grow), floats, a huge integer, a
# new stack with a register, a jump, a negative-x write.
SNIPPETS = ("ff*3g", "5ff*2p", "73,", "f:*:*:*:*:*", "3[7&", "]&", "20.", "101-2p", "12,0g", "'ab'", "i:0(?;")


@st.composite
def program(draw, rows: int, cols: int) -> str:
    lines = []
    for _ in range(draw(st.integers(1, rows))):
        line = draw(st.text(alphabet=ALPHABET, max_size=cols))
        if draw(st.booleans()):
            at = draw(st.integers(0, len(line)))
            line = line[:at] + draw(st.sampled_from(SNIPPETS)) + line[at:]
        lines.append(line)
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n"]))


def session(text: str, data: str, seed: int = 0, stack: str | None = None) -> Session:
    program = FISH.parse(text, "random.fish", {"seed": seed, "stack": stack, "value": None})
    return Session(FISH, program, data, True, interval=16)  # checkpoints every 16 steps: going back re-executes


INPUT = st.text(alphabet="ab1\n\r é🐟", max_size=8)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(5, 14), INPUT, st.integers(0, 2 ** 32), st.integers(0, 2 ** 64 - 1))
def test_time_travel_is_exact(text, data, rnd, seed):
    assert_time_travel_is_exact(session(text, data, seed, "hi"), 120, random.Random(rnd))


@settings(max_examples=60, deadline=None)
@given(program(4, 12), INPUT, st.integers(0, 2 ** 64 - 1))
def test_stepping_reaches_the_state_the_fast_loop_reaches(text, data, seed):
    """Every step through ``Machine.step`` (undo records, ``may_change``) ends where one ``run``
    of the same number of steps ends: the keys a step names cover what it changes."""
    stepped = session(text, data, seed)
    fast = session(text, data, seed)
    assert_steps_match_the_fast_loop(stepped, fast, 100)


@settings(max_examples=40, deadline=None)
@given(program(4, 12), INPUT, st.integers(0, 2 ** 64 - 1))
def test_the_view_the_names_and_the_final_state_build_at_every_step(text, data, seed):
    """Whatever a random program does — a far p, a jump, an error — every state has a view, its
    names and data locations evaluate, and its final state and trace are JSON."""
    import json

    s = session(text, data, seed)
    for _ in range(60):
        outcome = s.step()
        view = s.view()
        assert view.boards[0].rows and view.location is not None
        for name in s.names:
            s.evaluate(name)
        for location in ("stack[0]", "stack[-1]", "register", "ip", "dir", "depth", "code(0,0)"):
            FISH.data(s.machine, location)()
        json.dumps(FISH.final_state(s.machine), allow_nan=False)
        if s.last is not None:
            json.dumps(FISH.trace(s.machine, s.last), allow_nan=False)
        if outcome.reason.value != "limit":
            break


def test_the_empty_program_and_blank_rows_have_a_view():
    for text in ("", "\n\n\n", "#!/bin/fish\n", "\n\n1n;"):
        s = session(text, "")
        s.step(5)
        assert s.view().boards[0].rows
