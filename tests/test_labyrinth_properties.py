"""Property tests (hypothesis) for Labyrinth over random mazes: time travel is exact through
everything a maze does — rotations of rows and columns carrying the pointer, both stacks growing
and shrinking, input read byte by byte and as integers, random turns; every step's undo record
(built from ``may_change``) undoes exactly and the step-by-step path ends where the fast loop
does; and the step loop's inlined direction choice is :func:`~esodbg.engines.labyrinth.machine.turn`."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.labyrinth.machine import DX, DY, open_mask, turn
from esodbg.engines.registry import by_name

from labyrinth_cases import random_maze
from time_travel import assert_steps_match_the_fast_loop, assert_time_travel_is_exact

LAB = by_name("labyrinth")
# Rotations and stack commands often, so that mazes change under the pointer and stacks move.
ALPHABET = "\"\"\"0123456789_)(+-*/%`&|$~:;}{=#,?.!\\'<>^v<>^v@      ABV"


@st.composite
def text_maze(draw, rows: int = 6, cols: int = 10) -> str:
    lines = [draw(st.text(alphabet=ALPHABET, min_size=1, max_size=cols)) for _ in range(draw(st.integers(1, rows)))]
    return "\n".join(lines) + "\n"


def maze():
    """Random text, or a maze of corridors as the conformance cases' generator carves them."""
    return st.one_of(text_maze(), st.integers(0, 2 ** 32).map(lambda seed: random_maze(random.Random(seed)).decode()))


INPUT = st.text(alphabet="0123456789 -+x\n\u00e9", max_size=12)


def session(text: str, data: str, seed: int = 0) -> Session:
    return Session(LAB, LAB.parse(text, "random.lab", {"seed": seed}), data, True,
                   interval=16)  # checkpoints every 16 steps: going back re-executes from them too


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maze(), INPUT, st.integers(0, 2 ** 32))
def test_time_travel_is_exact(text, data, seed):
    assert_time_travel_is_exact(session(text, data, seed), 120, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(maze(), INPUT)
def test_each_undo_record_is_exact_and_stepping_reaches_the_fast_loops_state(text, data):
    """Every step through ``Machine.step`` (undo records from ``may_change``) ends where one
    ``run`` of the same number of steps ends: the keys a step names cover what it changes,
    rotations included."""
    stepped = session(text, data)
    fast = session(text, data)
    assert_steps_match_the_fast_loop(stepped, fast, 100)


@settings(max_examples=60, deadline=None)
@given(maze(), INPUT, st.integers(0, 2 ** 32))
def test_the_loop_chooses_the_way_turn_says(text, data, seed):
    """After each step the pointer went where D1–D6 (``turn``) send it from the cell it stood on
    after the command, with the maze and the top as they are after the step."""
    s = session(text, data, seed)
    m = s.machine
    for _ in range(100):
        outcome = s.step()
        if outcome.reason is not Stop.LIMIT:
            break
        d0 = s.last.before.registers[2]
        top = m.main[-1] if m.main else 0
        if m.stalls != s.last.before.registers[8]:  # D1: it stayed, facing the same way
            assert open_mask(m.grid, m.width, m.height, m.x, m.y) == 0 and m.d == d0
            continue
        px, py = m.x - DX[m.d], m.y - DY[m.d]
        want = turn(open_mask(m.grid, m.width, m.height, px, py), d0, top)
        if want == -2:  # D6: left or right at random
            assert m.d in ((d0 + 1) & 3, (d0 + 3) & 3) and m.randoms == s.last.before.registers[9] + 1
        else:
            assert m.d == want
