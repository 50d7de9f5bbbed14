"""Property tests (hypothesis) for Brainfuck: time travel is exact through everything a random
program does — the tape growing, cells wrapping, input read byte by byte (a UTF-8 character is
several reads), output bytes that make a character only together, runtime errors — under every
cell size and option; stepping one command at a time (``step``, which builds undo records from
``may_change``) ends in the state the fast loop reaches with its folded operations; and a fast
run cut into random pieces (a budget, breakpoints anywhere) ends where one run ends."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.base import CodeRef
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from time_travel import assert_steps_match_the_fast_loop, assert_time_travel_is_exact

BF = by_name("brainfuck")
PIECES = ["+", "-", ">", "<", ".", ",", "[-]", "[+]", "[->+<]", "[->++>+++<<]", "[>]", "[<]", "[<<]", "[-<+>]",
          "++++", "----", ">>>", "<<", "+>+>+", "[.-]", "[,.]"]


@st.composite
def program(draw) -> str:
    """A balanced program of commands and the snippets the fast loop folds, loops nested."""
    def items(depth: int) -> str:
        out = []
        for _ in range(draw(st.integers(0, 6))):
            if depth < 2 and draw(st.integers(0, 5)) == 0:
                out.append("[" + draw(st.sampled_from(["-", "+", ""])) + items(depth + 1) + "]")
            else:
                out.append(draw(st.sampled_from(PIECES)))
        return "".join(out)
    return ">" * draw(st.integers(0, 3)) + "+" * draw(st.integers(0, 5)) + items(0)


OPTIONS = st.fixed_dictionaries({}, optional={
    "cell_size": st.sampled_from(["8", "16", "unbounded"]), "overflow": st.sampled_from(["wrap", "error"]),
    "eof": st.sampled_from(["keep", "0", "-1"]), "tape_length": st.integers(1, 8)})
INPUT = st.text(alphabet="ab\n\u00e9\u20ac", max_size=6)


def session(text: str, data: str, options: dict, **history) -> Session:
    return Session(BF, BF.parse(text, "random.b", dict(options)), data, True, **history)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(), INPUT, OPTIONS, st.integers(0, 2 ** 32))
def test_time_travel_is_exact(text, data, options, seed):
    s = session(text, data, options, interval=16)  # checkpoints every 16 steps: going back re-executes too
    assert_time_travel_is_exact(s, 150, random.Random(seed))


@settings(max_examples=80, deadline=None)
@given(program(), INPUT, OPTIONS)
def test_stepping_reaches_the_state_the_fast_loop_reaches(text, data, options):
    """Every step through ``Machine.step`` (undo records, ``may_change``) ends where one ``run``
    of the same number of steps ends: the keys a step names cover what it changes."""
    stepped = session(text, data, options)
    fast = session(text, data, options)
    assert_steps_match_the_fast_loop(stepped, fast, 300)


@settings(max_examples=80, deadline=None)
@given(program(), INPUT, OPTIONS, st.lists(st.integers(1, 40), max_size=8), st.sets(st.integers(0, 60), max_size=3))
def test_a_run_cut_anywhere_ends_where_one_run_ends(text, data, options, pieces, marks):
    """Budgets that end inside folded operations, and plans with breakpoints cutting runs and
    loops, change nothing but where the machine pauses."""
    whole = session(text, data, options).machine
    whole.run(2000)
    cut = session(text, data, options).machine
    stops = cut.compile_stops([(CodeRef(i), frozenset({"exec"})) for i in marks])
    for n in pieces:
        cut.run(n, stops)
    while cut.steps < whole.steps and cut.status.value == "ready":
        cut.run(whole.steps - cut.steps, stops)
    assert cut.snapshot() == whole.snapshot()
