"""Property tests (hypothesis) for Befunge-93 and Befunge-98: time travel is exact through
everything a random program does — ``p`` writes into the code, the stack growing and
shrinking, input read byte by byte, string mode; for 98 the stack of stacks, ``t`` splitting an
IP, IPs dying, Funge-space growing and its box shrinking, ``k``, fingerprints — and the
step-by-step path (``step``, which builds undo records) ends in the state the fast loop reaches."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.base import CellRef, Stop
from esodbg.engines.befunge.b93 import MIRROR_MIN
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
    # 98's may_change names the cell a p or s writes inside the grid: writes that land there
    snippets = () if language is B93 else ("00p", "10p", "'a21p", "5s", "1t", "32p")
    text = data.draw(program(alphabet, 4, 12, snippets))
    stepped = session(language, text, "12 7\n")
    fast = session(language, text, "12 7\n")
    if language is B98:
        fast.machine.clock = stepped.machine.clock  # y's clock: the run's start, taken when the machine was made
    assert_steps_match_the_fast_loop(stepped, fast, 80)


# Befunge-93's loop keeps the stack's top two items in native integers and the rest in the list,
# and a run of MIRROR_MIN steps or more reads the cells from a bytes copy that each p keeps up
# (Befunge93Machine.run): what reaches below the top two items — p's third operand, g and p deep
# in a stack, strings, : and \\ on a short stack — and p of bytes past 127 come as snippets.
SNIPPETS93 = ('"abcdef"', "123456", "99g", "1234p", "55+9p", "00p", "::", "\\\\", "$$$", "1-:", "&~", "0/", "0%",
              "99*:*00p", "99*:*10p", '"x"20p', "00g")


def _in_short_runs(machine, limit: int, stops, short: int) -> Stop:
    """``limit`` steps as runs of ``short`` steps (fewer than MIRROR_MIN: the cells read from
    the list), until one stops for another reason than its limit."""
    end = machine.steps + limit
    while True:
        got = machine.run(min(short, end - machine.steps), stops)
        if got is not Stop.LIMIT or machine.steps >= end:
            return got


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(ALPHABET93, 5, 14, SNIPPETS93), INPUT,
       st.lists(st.one_of(st.integers(1, 40), st.integers(MIRROR_MIN, MIRROR_MIN + 300)), min_size=1, max_size=6),
       st.integers(0, 4), st.integers(0, 13), st.sampled_from([None, {"exec"}, {"write"}, {"exec", "write"}]))
def test_befunge93_runs_of_any_length_match_one_step_at_a_time(text, data, chunks, row, col, kinds):
    """Runs of random lengths end where as many runs of one step each end (a long run, where
    as many runs of 61 steps end) — the same states (stack included, exact), the same stops at
    a breakpoint on a random cell, the same output and errors — with and without the breakpoint
    (without it, spaces pass in an inner loop)."""
    fast, slow = session(B93, text, data), session(B93, text, data)
    cell = CellRef("space", row, col)
    for limit in chunks:
        for breaking in (False, True):
            stops = fast.machine.compile_stops([(cell, frozenset(kinds))]) if breaking and kinds else None
            got = fast.machine.run(limit, stops)
            assert got == _in_short_runs(slow.machine, limit, stops, 1 if limit < MIRROR_MIN else 61)
            assert fast.machine.snapshot() == slow.machine.snapshot()
            assert fast.machine.stack == slow.machine.stack
    assert fast.output.text() == slow.output.text()
    assert fast.machine.fault == slow.machine.fault


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(ALPHABET93, 5, 14, SNIPPETS93), INPUT, st.integers(0, 2 ** 32))
def test_befunge93_playfield_bytes_kept_between_runs_follow_undo_and_restore(text, data, seed):
    """A long run keeps its bytes copy of the playfield for the runs after it; undo and restore
    write the list under it, and the runs after them read the cells as they are then: steps
    undone give the state before them back, and the runs that follow (long ones, and steps
    whose p writes) end where a machine that never had the copy ends."""
    rng = random.Random(seed)
    machine = session(B93, text, data).machine
    machine.run(MIRROR_MIN)
    start = machine.snapshot()
    records = []
    for _ in range(rng.randint(1, 40)):
        record = machine.step()
        if not hasattr(record, "changes"):
            break
        records.append(record)
    for record in reversed(records):
        machine.undo(record)
    assert machine.snapshot() == start
    machine.run(MIRROR_MIN + rng.randint(0, 100))
    for _ in range(rng.randint(1, 40)):
        machine.run(1)
    machine.restore(start)
    machine.run(MIRROR_MIN + rng.randint(0, 100))
    plain = session(B93, text, data).machine  # no copy kept: every run shorter than MIRROR_MIN
    _in_short_runs(plain, machine.steps, None, 61)
    assert plain.snapshot() == machine.snapshot()


# A countdown from 125² whose end writes @ with p at (6, 0), a cell each round passes.
COUNTDOWN_THEN_P = '"}}"*>  1-:v\n     ^     _"@"60p^\n'


def test_befunge93_undo_and_restore_drop_the_playfield_bytes_a_long_run_kept():
    """Steps undone, or a snapshot restored, from after the p back to rounds before it: the
    next rounds pass (6, 0) as the space it is again (bytes kept from before the undo would
    hold the @ and halt them)."""
    probe = session(B93, COUNTDOWN_THEN_P, "").machine
    stops = probe.compile_stops([(CellRef("space", 0, 6), frozenset({"write"}))])
    assert probe.run(10 ** 6, stops) is Stop.BREAKPOINT  # before the p
    at_p = probe.steps
    machine = session(B93, COUNTDOWN_THEN_P, "").machine
    machine.run(at_p - 40)  # a long run: its bytes are kept
    before = machine.snapshot()
    records = [machine.step() for _ in range(60)]  # through the p
    assert machine.space[6] == 64
    for record in reversed(records):
        machine.undo(record)
    assert machine.snapshot() == before
    assert machine.run(30) is Stop.LIMIT  # a round passes (6, 0)
    machine.run(MIRROR_MIN)  # past the p, bytes kept again
    machine.restore(before)
    assert machine.run(30) is Stop.LIMIT


# What makes a lone IP leave Befunge98Machine._fast for a tick of _tick and come back: k, t, {
# } u, y, fingerprints, input, @ and unknown cells; and what it runs itself: ; regions, string
# mode across a wrap, spaces to skip, p into the code ahead, s, ', j, x.
SWITCHES = (ROMA, "1t", "3k1", "2k:", '"a b"', ";x y;", "  ", "9a*9p", "00p", "1j", "s", "'a", "11x", "4y",
            "2{", "1}", "1u", "&", "~")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(ALPHABET98, 5, 14, SWITCHES), INPUT, st.lists(st.integers(1, 40), min_size=1, max_size=8),
       st.integers(0, 4), st.integers(0, 13))
def test_befunge98_fast_loop_runs_each_tick_as_the_tick_does(text, data, chunks, row, col):
    """Runs of random lengths through the fast loop and the same runs tick by tick (``fast_loop``
    off) end in the same states, with the same stops at an exec and a write breakpoint on a
    random cell, the same output and the same errors."""
    fast, slow = session(B98, text, data), session(B98, text, data)
    slow.machine.fast_loop = False
    slow.machine.clock = fast.machine.clock
    cell = CellRef("space", row, col)
    for limit in chunks:
        for stops in (None, fast.machine.compile_stops([(cell, frozenset({"exec", "write"}))])):
            assert fast.machine.run(limit, stops) == slow.machine.run(limit, stops)
            assert fast.machine.snapshot() == slow.machine.snapshot()
    assert fast.output.text() == slow.output.text()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program(ALPHABET98, 5, 14, SWITCHES), INPUT, st.integers(0, 2 ** 32))
def test_befunge98_time_travel_through_the_fast_loop_is_exact(text, data, seed):
    """Checkpoints re-executed by runs that go in and out of the fast loop (module docstring)."""
    assert_time_travel_is_exact(session(B98, text, data), 160, random.Random(seed))
