"""Property tests (hypothesis) for Befunge-93 and Befunge-98: time travel is exact through
everything a random program does — ``p`` writes into the code, the stack growing and
shrinking, input read byte by byte, string mode; for 98 the stack of stacks, ``t`` splitting an
IP, IPs dying, Funge-space growing and its box shrinking, ``k``, fingerprints — and the
step-by-step path (``step``, which builds undo records) ends in the state the fast loop reaches."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from time_travel import assert_steps_match_the_fast_loop, assert_time_travel_is_exact

B93, B98 = by_name("befunge93"), by_name("befunge98")
ALPHABET93 = "0123456789+-*/%!`><^v?_|\":\\$.,#gp&~@    "
# 98 adds its own letters; `(` and `)` with a count from the digits load NULL/ROMA rarely, so
# a few pushes of ROMA's id come as a snippet below.
# y is left to the snippets, with a count: a bare y pushes the whole environment (a thousand
# cells), which makes each example slow and proves nothing more.
ALPHABET98 = ALPHABET93 + "abcdef'sjkqr[]wxzn{}utIVXM;    "
ROMA = '"AMOR"4('  # loads ROMA: its letters I V X L C D M then push numbers


@st.composite
def program(draw, alphabet: str, rows: int, cols: int, snippets: tuple[str, ...] = ()) -> str:
    lines = []
    for _ in range(draw(st.integers(1, rows))):
        line = draw(st.text(alphabet=alphabet, min_size=1, max_size=cols))
        if snippets and draw(st.booleans()):
            at = draw(st.integers(0, len(line)))
            line = line[:at] + draw(st.sampled_from(snippets)) + line[at:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def session(language, text: str, data: str) -> Session:
    return Session(language, language.parse(text, f"random{language.extensions[0]}"), data, True,
                   interval=16)  # checkpoints every 16 steps: going back re-executes from them too


INPUT = st.text(alphabet="0123456789 -+x\n\u00e9", max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(ALPHABET93, 5, 14), INPUT, st.integers(0, 2 ** 32))
def test_befunge93_time_travel_is_exact(text, data, seed):
    assert_time_travel_is_exact(session(B93, text, data), 120, random.Random(seed))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(ALPHABET98, 5, 14, (ROMA, "1t", "2t", "3{", "1}", "2u", "5k1", "9a*9p", "8y", "3y", "7y")), INPUT,
       st.integers(0, 2 ** 32))
def test_befunge98_time_travel_is_exact(text, data, seed):
    assert_time_travel_is_exact(session(B98, text, data), 120, random.Random(seed))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([B93, B98]), st.data())
def test_stepping_reaches_the_state_the_fast_loop_reaches(language, data):
    """Every step through ``Machine.step`` (undo records, ``may_change``) ends where one
    ``run`` of the same number of steps ends: the keys a step names cover what it changes."""
    alphabet = ALPHABET93 if language is B93 else ALPHABET98
    text = data.draw(program(alphabet, 4, 12))
    stepped = session(language, text, "12 7\n")
    fast = session(language, text, "12 7\n")
    if language is B98:
        fast.machine.clock = stepped.machine.clock  # y's clock: the run's start, taken when the machine was made
    assert_steps_match_the_fast_loop(stepped, fast, 80)
