"""Data breakpoints the fast loop watches (issue 48): a language's ``watch_stops`` put the stops
before every step that may change a data location into the machine's compiled loop, and a
continue steps one at a time only after them (``Session._run_writers``).

Each case is checked against the brute force — a fresh machine run one step at a time, the
location's value read after every step: a continue stops after exactly the steps that changed
it, a hit condition counts the same hits, and stepping back from where the fast path stopped
gives the state a plain run to that step gives.  Programs are the bundled examples and random
ones; nothing here is timed.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import EXAMPLES
from esodbg.engines import registry
from esodbg.engines.base import Status, Stop
from esodbg.engines.breakpoints import DataRef
from esodbg.engines.debugger import Guards, Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.names import freeze

LIMIT = 4000  # steps a case runs at most
NEVER = "1000000000"  # a hit condition no run here meets: every change counts, none stops

# (language, example under examples/ or a program's text, input, data locations: some the program
# changes, some it never does)
CASES = [
    ("befunge93", "befunge/sieve.b93", "", ["space(2,8)", "space(2,10)", "space(7,10)", "space(79,24)"]),
    ("befunge93", "befunge/rewrite.b93", "", ["space(1,0)", "space(0,1)", "space(79,24)"]),
    ("befunge98", "befunge/rewrite.b93", "", ["space(1,0)", "space(0,1)", "space(79,24)"]),  # p
    ("befunge98", "befunge/jumps.b98", "", ["space(6,8)", "space(6,7)", "space(7,8)", "space(-3,-3)"]),  # s
    ("befunge98", "befunge/threads.b98", "", ["space(0,7)", "space(7,7)", "space(1,0)", "space(2,5)"]),  # p, 3 IPs
    ("brainfuck", "brainfuck/counter.b", "", ["tape[0]", "tape[1]", "tape[3]", "tape[4]", "tape[9999]"]),
    ("brainfuck", "brainfuck/rot13.b", "Hello, World!\n", ["tape[0]", "tape[1]", "tape[2]", "tape[9999]"]),
    ("hexagony", "hexagony/fibonacci.hxg", "", ["mem[0,0,E]", "mem[0,0,NE]", "mem[0,0,SE]", "mem[5,5,E]",
                                                  "mem[-1,1,NE]"]),
    ("hexagony", "hexagony/six_ips.hxg", "", ["mem[0,0,E]", "mem[0,0,NE]", "mem[1,0,SE]", "mem[5,5,E]"]),
    ("hexagony", "hexagony/squares.hxg", "", ["mem[0,0,E]", "mem[0,0,NE]", "mem[0,0,SE]", "mem[5,5,E]"]),
    ("fish", "fish/rewrite.fish", "", ["code(0,0)", "code(1,0)", "code(0,1)", "code(30,30)"]),
    ("labyrinth", "labyrinth/conveyor.lab", "", ["maze(0,0)", "maze(11,2)", "maze(11,4)", "maze(3,0)"]),
]


def program_of(language, source: str, options: dict | None = None):
    path = EXAMPLES / source
    if "\n" not in source and path.suffix and path.exists():
        return language.parse(path.read_text("utf-8"), str(path), options)
    return language.parse(source, "random" + language.extensions[0], options)


def brute(language, program, input_text: str, location: str, limit: int = LIMIT) -> tuple[list[int], int]:
    """The steps after which ``location``'s value differs from its value before them, one step
    at a time on a fresh machine, and the step the run ended at (its end or ``limit``)."""
    machine = language.machine(program, InputLog(input_text, True), OutputLog())
    get = language.data(machine, location)
    before, changes = freeze(get()), []
    while machine.steps < limit and machine.status is Status.READY:
        if machine.run(1) is Stop.NEEDS_INPUT:
            break
        now = freeze(get())
        if now != before:
            changes.append(machine.steps)
        before = now
    return changes, machine.steps


def continues(language, program, input_text: str, location: str, end: int,
              hit_condition: str | None = None) -> tuple[list[int], Session]:
    """Where continues with a data breakpoint on ``location`` stop, up to step ``end``; and the
    session, at ``end``."""
    session = Session(language, program, input_text, True)
    bp = session.breakpoints.set(DataRef(location), hit_condition=hit_condition)
    assert bp is not None
    found = []
    while session.steps < end:
        session.budget = end - session.steps
        outcome = session.continue_()
        if outcome.reason is not Stop.BREAKPOINT:
            break
        found.append(outcome.step)
    return found, session


def watched(session: Session) -> bool:
    """Whether the session's data breakpoints run the fast loop between watch stops."""
    return session._compiled().guards is not None


def check(language_name: str, source: str, input_text: str, location: str, limit: int = LIMIT,
          options: dict | None = None) -> list[int]:
    """A continue stops at the brute force's changes of ``location``; a hit condition counts them."""
    language = registry.by_name(language_name)
    program = program_of(language, source, options)
    changes, end = brute(language, program, input_text, location, limit)
    found, session = continues(language, program, input_text, location, end)
    assert watched(session), location
    assert found == changes, location
    every_third, _ = continues(language, program, input_text, location, end, "% 3")
    assert every_third == changes[2::3], location
    _, counted = continues(language, program, input_text, location, end, NEVER)
    bp = next(iter(counted.breakpoints))
    assert bp.hits(counted.steps) == len(changes), location
    return changes


@pytest.mark.parametrize("language_name, source, input_text, locations", CASES, ids=[case[1] for case in CASES])
def test_a_watched_data_breakpoint_stops_where_the_brute_force_sees_a_change(language_name, source, input_text,
                                                                             locations):
    changed = [location for location in locations if check(language_name, source, input_text, location)]
    assert changed and len(changed) < len(locations)  # the cases watch locations that change and some that do not


def check_stops(language_name: str, source: str, input_text: str, location: str, limit: int = LIMIT,
                options: dict | None = None) -> None:
    """Every step that changes ``location`` comes right after a watch stop (the machine's next
    touches list one), and the machine's compiled loop, given the watch stops, stops exactly
    before the steps that touch one (the safety net of a continue, which compares the value
    after each stretch of the fast loop, would hide a stop left out)."""
    language = registry.by_name(language_name)
    program = program_of(language, source, options)
    guards = Guards.of(language.watch_stops(language.machine(program, InputLog("", True), OutputLog()), location))
    machine = language.machine(program, InputLog(input_text, True), OutputLog())
    get = language.data(machine, location)
    touched = set()  # the steps after which the next step touches a watch stop
    value = freeze(get())
    while machine.steps < limit and machine.status is Status.READY:
        guarded = guards.before(machine)
        if guarded and machine.steps:
            touched.add(machine.steps)
        if machine.run(1) is Stop.NEEDS_INPUT:
            break
        now = freeze(get())
        assert now == value or guarded, (location, machine.steps)
        value = now
    end = machine.steps
    if end and machine.status is Status.READY and guards.before(machine):
        touched.add(end)
    fast = language.machine(program, InputLog(input_text, True), OutputLog())
    stops, stopped = fast.compile_stops(guards.stops), set()
    while fast.steps < end:
        if fast.run(end - fast.steps, stops) is not Stop.BREAKPOINT:
            break
        stopped.add(fast.steps)
    assert stopped == touched, location


@pytest.mark.parametrize("language_name, source, input_text, locations", CASES, ids=[case[1] for case in CASES])
def test_the_machines_loop_stops_before_every_step_that_changes_a_watched_location(language_name, source, input_text,
                                                                                  locations):
    for location in locations:
        check_stops(language_name, source, input_text, location)


# Befunge-98's ticks that may write cells the machine cannot name before them (its next touches
# list ANYWHERE): a k repeating p (the k writes space(8,5), the p after it space(7,5)), ORTH's P
# (space(5,5)), and i (below)
K_PUT = """004pv
v   <
>04g1+:04p3%75 04g2%85 1kp 04g9`#@_v
^                                  <
"""
ORTH_PUT = """"HTRO"4($$0v
v          <
>1+:3%55P:9`#@_v
^              <
"""
WILD = [("befunge98", K_PUT, "", ["space(8,5)", "space(7,5)", "space(0,4)", "space(9,5)", "space(3,2)"]),
        ("befunge98", ORTH_PUT, "", ["space(5,5)", "space(5,3)", "space(0,0)"])]


@pytest.mark.parametrize("language_name, source, input_text, locations", WILD, ids=["k p", "ORTH P"])
def test_befunge98_ticks_that_write_cells_they_do_not_name_are_watched(language_name, source, input_text, locations):
    changed = [location for location in locations if check(language_name, source, input_text, location)]
    assert changed == locations[:len(changed)] and 0 < len(changed) < len(locations)
    for location in locations:
        check_stops(language_name, source, input_text, location)


# i reads a file over the cell at (0,5) that the p after it writes 0 again, ten times over
I_READ = """0v
v<
>1+ 0500"txt.ni"i $$$$ 005p :a`#@_v
^                                 <
"""


def test_befunge98_i_is_watched(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.txt").write_text("AB\n")
    options = {"allow_files": True}
    changes = check("befunge98", I_READ, "", "space(0,5)", options=options)
    assert len(changes) == 22  # i writes A, p writes 0: each of eleven times
    assert not check("befunge98", I_READ, "", "space(2,5)", options=options)
    for location in ("space(0,5)", "space(1,5)", "space(2,5)"):
        check_stops("befunge98", I_READ, "", location, options=options)


# ----- random programs ------------------------------------------------------------------------
def random_befunge93(rng: random.Random) -> str:
    alphabet = "0123456789+-*:\\$!`_|<>^v#pg  p  "
    return "\n".join("".join(rng.choice(alphabet) for _ in range(8)) for _ in range(5))


def random_befunge98(rng: random.Random) -> str:
    alphabet = "0123456789+-:\\$!`_|<>^v#pgs'\"  p  s  "
    return "\n".join("".join(rng.choice(alphabet) for _ in range(8)) for _ in range(5))


def random_brainfuck(rng: random.Random) -> str:
    out, depth = [], 0
    for _ in range(rng.randrange(5, 60)):
        c = rng.choice("+++--<>>>[]")
        if c == "[":
            depth += 1
        elif c == "]":
            if not depth:
                continue
            depth -= 1
        out.append(c)
    return "".join(out) + "]" * depth


def random_hexagony(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789+-*:%~()'\"{}=&_|/\\<>!$..a") for _ in range(rng.randrange(7, 37)))


def random_fish(rng: random.Random) -> str:
    alphabet = "012012abcpp:+><^v"
    return "\n".join("".join(rng.choice(alphabet) for _ in range(6)) for _ in range(3)) + "\n"


def random_labyrinth(rng: random.Random) -> str:
    alphabet = "0123456789+-*:_#<>^v\"'  $"
    return "\n".join("".join(rng.choice(alphabet) for _ in range(5)) for _ in range(4)) + "\n"


RANDOM = {
    "befunge93": (random_befunge93, ["space(0,0)", "space(1,1)", "space(2,0)", "space(3,4)"]),
    "befunge98": (random_befunge98, ["space(0,0)", "space(1,1)", "space(2,0)", "space(3,4)", "space(8,2)"]),
    "brainfuck": (random_brainfuck, ["tape[0]", "tape[1]", "tape[2]", "tape[3]"]),
    "hexagony": (random_hexagony, ["mem[0,0,E]", "mem[0,0,NE]", "mem[0,0,SE]", "mem[1,0,NE]", "mem[0,-1,SE]"]),
    "fish": (random_fish, ["code(0,0)", "code(1,0)", "code(1,1)", "code(2,2)", "code(0,2)", "code(2,1)"]),
    "labyrinth": (random_labyrinth, ["maze(0,0)", "maze(1,1)", "maze(4,3)"]),
}


def parses(language, text: str) -> bool:
    try:
        program_of(language, text)
    except Exception:  # a ParseError, or a program the parser refuses otherwise
        return False
    return True


@pytest.mark.parametrize("language_name", sorted(RANDOM))
def test_random_programs_stop_where_the_brute_force_sees_a_change(language_name):
    make, locations = RANDOM[language_name]
    language = registry.by_name(language_name)
    rng = random.Random(48)
    checked = changed = 0
    while checked < 12:
        text = make(rng)
        if not parses(language, text):
            continue
        checked += 1
        for location in locations:
            changed += bool(check(language_name, text, "ab", location, limit=600))
            check_stops(language_name, text, "ab", location, limit=600)
    assert changed  # some watched location changed somewhere


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(RANDOM)), st.integers(0, 1 << 30), st.integers(0, 4), st.integers(1, 40),
       st.integers(1, 400))
def test_stepping_back_from_a_fast_path_stop_gives_the_plain_runs_state(language_name, seed, which, back, budget):
    """Continue with a watched data breakpoint (to its stop or the budget), then step back: the
    state is that of a plain run to the same step, stores and registers alike."""
    make, locations = RANDOM[language_name]
    language = registry.by_name(language_name)
    text = make(random.Random(seed))
    if not parses(language, text):
        return
    program = program_of(language, text)
    session = Session(language, program, "ab", True, budget=budget)
    session.breakpoints.set(DataRef(locations[which % len(locations)]))
    assert watched(session)
    session.continue_()
    session.step_back(back)
    plain = language.machine(program, InputLog("ab", True), OutputLog())
    plain.run(session.steps)
    assert state(session.machine) == state(plain)


def state(machine) -> tuple:
    return (machine.steps, machine.status, freeze(machine.registers()),
            tuple((name, freeze(store)) for name, store in machine.stores()))
