"""Property tests (hypothesis) for Stoned-Go: the parser only ever raises its own diagnostics;
time travel is exact through captures, triggers and subprograms; capture sets are what Go says."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.base import ParseError, Status
from esodbg.engines.debugger import Session
from esodbg.engines.stoned_go import LANGUAGE
from esodbg.engines.stoned_go.board import ROW, captured, pack
from esodbg.engines.stoned_go.errors import PHASES, SourceError
from esodbg.engines.stoned_go.parser import parse

from conftest import EXAMPLES
from time_travel import assert_time_travel_is_exact

SOURCES = sorted(p.read_text("utf-8") for p in (EXAMPLES / "stoned-go").glob("*.sgo"))
ALPHABET = "+-0123456789 \n\t/?|[](){}<>:!#ab\u00e9\u00a0"


def check_parse(text: str, base: bool = False) -> None:
    """``parse`` gives a program or a single SourceError diagnostic at a real position."""
    try:
        program = parse(text, "p.sgo", {"base": base})
    except ParseError as error:
        assert isinstance(error, SourceError) and error.phase in PHASES
        assert len(error.diagnostics) == 1 and error.line >= 1 and error.col >= 1
        lines = text.split("\n")
        assert error.line <= len(lines) + 1
    else:
        assert program.main.bar is not None and program.commands[-1] is not None


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.text(max_size=80), st.text(alphabet=ALPHABET, max_size=120)), st.booleans())
def test_parser_on_random_text_returns_a_program_or_diagnostics(text, base):
    check_parse(text, base)


@st.composite
def mutated(draw):
    """A program of examples/stoned-go with a few random cuts, insertions and copies."""
    text = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 12)))
        how = draw(st.sampled_from(["cut", "insert", "copy"]))
        if how == "cut":
            text = text[:i] + text[j:]
        elif how == "insert":
            text = text[:i] + draw(st.text(alphabet=ALPHABET, min_size=1, max_size=6)) + text[i:]
        else:
            text = text[:i] + text[i:j] + text[i:]
    return text


@settings(max_examples=400, deadline=None)
@given(mutated(), st.booleans())
def test_parser_on_mutated_programs_returns_a_program_or_diagnostics(text, base):
    check_parse(text, base)


def test_parser_on_deep_nesting_does_not_recurse():
    deep = 20_000
    check_parse("[" * deep + "]" * deep + "|")
    check_parse("(" * deep + "|")
    names = "".join(f"{{m{i}:<m{i + 1}>}}" for i in range(3000)) + "{m3000:+1}<m0>|"
    assert parse(names, "p.sgo").commands[0].value == 1
    check_parse("{a:" + "<a:" * 5000 + ">" * 5000 + "}|")


# ----- random programs ------------------------------------------------------------------------------

# Four stones around the cursor, back in the middle with the flag as it was.  Under a vertical
# flag every move transposes, and so does the ring, which is symmetric: the snippet works either way.
RING = "+1 +0 {0} -1 +0 -1 +0 {0} +1 +0 / +1 {0} / -1 / -1 {0} / +1"


@st.composite
def block(draw, depth: int, colour: str) -> str:
    body = draw(commands(depth + 1))
    if draw(st.integers(0, 2)) == 0:  # a subprogram: its loop ends when it finds a stone
        body = f"{body} | {draw(commands(depth + 1))} ?"
    return f"[ {body} ]" if colour == "b" else f"( {body} )"


@st.composite
def commands(draw, depth: int) -> str:
    """Commands that keep the cursor near the origin and place many stones, so captures,
    suicides, chains of triggers and subprograms (inner-loop) all happen: an "eye" is a ring of
    one colour and then a stone of the other in the middle, which captures itself at once."""
    out = []
    for _ in range(draw(st.integers(0, 7 if depth == 0 else 4))):
        kind = draw(st.sampled_from("mmmfpPq" + ("bBeee" if depth < 3 else "")))
        if kind == "m":
            out.append(draw(st.sampled_from(["+1", "-1", "+0", "+2", "-2"])))
        elif kind == "f":
            out.append("/")
        elif kind == "q":
            out.append("?")
        elif kind in "pP":
            out.append("[ ]" if kind == "p" else "( )")
        elif kind == "e":
            colour = draw(st.sampled_from("bw"))
            ring = "( )" if colour == "b" else "[ ]"
            out.append(RING.format(ring) + " " + draw(block(depth, colour)))
        else:
            out.append(draw(block(depth, "b" if kind == "b" else "w")))
    return " ".join(out)


@st.composite
def programs(draw) -> str:
    return f"{draw(commands(0))} | {draw(commands(0))}"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.integers(0, 120), st.randoms(use_true_random=False))
def test_time_travel_is_exact(src, n, rnd):
    s = Session(LANGUAGE, parse(src, "p.sgo"), interval=4, undo_records=3)
    assert_time_travel_is_exact(s, n, rnd)


ERRORS = {  # (program, options): every runtime error, at the end of a run with triggers
    "T7": (RING.format("( )") + " [ +5 +0 " + RING.format("[ ]") + " ( +1 ) ] |", {"max_depth": 1}),
    "V6": ("+1 +0 ( ) -2 +0 ( ) +1 +0 / +1 ( ) / -2 ( ) / +1 [ +20 +0 ( ? ) | ? ] "
           "+1 +0 [ ] -2 +0 [ ] +1 +0 / +1 [ ] / -2 [ ] |", {}),
    "R8": (f"{RING.format('( )')} [ ( ) ] | +{2**53 - 1} +0", {}),
}


@settings(max_examples=30, deadline=None)  # ten walks a program (R8's 3,096 steps take 0.4 s a walk)
@given(st.sampled_from(sorted(ERRORS)), st.randoms(use_true_random=False))
def test_time_travel_is_exact_through_runtime_errors(name, rnd):
    src, options = ERRORS[name]
    s = Session(LANGUAGE, parse(src, "p.sgo", options), interval=4, undo_records=3, budget=5000)
    s.continue_()
    assert s.machine.status is Status.ERROR, name
    n = s.steps
    s = Session(LANGUAGE, parse(src, "p.sgo", options), interval=4, undo_records=3)
    assert_time_travel_is_exact(s, n + 5, rnd)
    assert s.machine.status is Status.ERROR or s.steps < n


@settings(max_examples=150, deadline=None)
@given(programs(), st.integers(1, 300), st.integers(0, 2))
def test_run_in_chunks_equals_step_by_step(src, n, max_depth):
    """``run`` in any chunks and ``step`` one at a time reach the same states (so checkpoints and
    re-execution are exact); a small ``max_depth`` brings in T7 errors."""
    program = parse(src, "p.sgo", {"max_depth": max_depth})
    a, b = Session(LANGUAGE, program), Session(LANGUAGE, program)
    a.goto(n)
    while b.steps < a.steps and b.machine.status is Status.READY:
        b.step()
    assert a.machine.snapshot() == b.machine.snapshot()


def test_random_programs_do_capture():
    """The generator is worth its salt: its programs capture, nest triggers and enter subprograms."""
    from hypothesis import find

    from esodbg.engines.iobuf import InputLog, OutputLog
    from esodbg.engines.stoned_go.machine import StonedGoMachine

    def busy(src: str) -> bool:
        m = StonedGoMachine(parse(src, "p.sgo"), InputLog(), OutputLog())
        m.keep_log()
        m.run(300)
        return {t[4] for t in m.log.triggers} == {1, 2} and max(t[3] for t in m.log.triggers) >= 2

    assert find(programs(), busy, settings=settings(max_examples=1000, database=None))


# ----- capture sequences ------------------------------------------------------------------------------

def groups_have_liberties(board: dict) -> bool:
    """C6: every group on the board has a liberty."""
    for key, stone in board.items():
        seen, todo, free = {key}, [key], False
        while todo and not free:
            p = todo.pop()
            for n in (p - 1, p + 1, p - ROW, p + ROW):
                if n not in board:
                    free = True
                elif n not in seen and board[n][0] == stone[0]:
                    seen.add(n)
                    todo.append(n)
        if not free:
            return False
    return True


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(0, 1)), max_size=120))
def test_capture_sequences(moves):
    board: dict[int, tuple] = {}
    for x, y, colour in moves:
        key = pack(x, y)
        if key in board:
            continue  # R4: nothing happens
        board[key] = (colour,)
        dead = captured(board, key, colour)
        assert dead == sorted(set(dead))  # C5: reading order, each stone once
        if dead:
            colours = {board[k][0] for k in dead}
            assert len(colours) == 1  # one colour: opponents (C2), or the own group (C3)
            if key in dead:  # C3 only when C2 took nothing: the whole own group
                assert colours == {colour}
            else:
                assert colours == {1 - colour}
        for k in dead:
            del board[k]
        if dead and key not in dead:
            assert key in board
        assert groups_have_liberties(board)  # C6
