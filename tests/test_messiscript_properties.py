"""Property tests (hypothesis) for MessiScript: time travel is exact (also across input reads
and loop tests), and the parser only ever raises its own diagnostics, with spans that point at
the command names in the user's text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from esodbg.engines.registry import by_name
from esodbg.engines.base import ParseError
from esodbg.engines.debugger import Session
from esodbg.engines.messiscript.parser import parse

from time_travel import assert_time_travel_is_exact

MESSISCRIPT = by_name("messiscript")

WORDS = ["pelota", "Pelota", "argentino", "fútbol", "futbol", "ídolo", "la", "pelo\nta", "(mundial)"]
SIMPLE = [
    "La mueve Messi por la derecha", "la mueve messi por la izquierda", "La pisa Messi", "Juega Messi",
    "Gambetea Messi", "Siempre Messi", "Encara Messi", "Ankara messi", "Corre Messi", "Amaga Messi",
    "Suma Messi", "Resta Messi", "Multiplica Messi", "Divide Messi", "Empata Messi", "Desempata Messi",
    "Es mayor o igual Messi", "Es menor o igual Messi", "Es mayor Messi", "Es menor Messi", "¡gol!",
    "# a comment that is ignored",
]


@st.composite
def bodies(draw, depth=0):
    """A list of sentences; loops nest up to two deep and are always closed."""
    sentences = []
    for _ in range(draw(st.integers(0, 6))):
        choice = draw(st.integers(0, 9))
        if choice < 3:
            sentences.append("Va Messi, " + " ".join(draw(st.lists(st.sampled_from(WORDS), max_size=5))))
        elif choice == 9 and depth < 2:
            sentences += ["Sigue Messi", *draw(bodies(depth + 1)), "Vuelve Messi"]
        else:
            sentences.append(draw(st.sampled_from(SIMPLE)))
    return sentences


@st.composite
def programs(draw):
    return ". ".join(["La agarra Messi", *draw(bodies()), "¡Gol!"])


inputs = st.text(alphabet="0123456789-a \n", max_size=30)


@settings(max_examples=150, deadline=None)
@given(programs(), inputs, st.integers(0, 80), st.randoms(use_true_random=False))
def test_forward_n_then_back_n_is_identity_and_replay_is_identical(src, text, n, rnd):
    s = Session(MESSISCRIPT, parse(src, "p.messi"), text, interval=4, undo_records=3)
    assert_time_travel_is_exact(s, n, rnd)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=80), st.text(alphabet="lagrmesiv .\n\r¡!İIÍ", max_size=80), programs()))
def test_parser_returns_a_program_or_diagnostics_never_anything_else(text):
    try:
        program = parse(text, "p.messi")
    except ParseError as error:
        assert error.diagnostics and all(d.line >= 1 and d.col >= 1 for d in error.diagnostics)
    else:
        lines = program.source.split("\n")
        for command in program.commands:  # each span starts at its command's name
            span = command.span
            assert lines[span.line - 1][span.col - 1:].lower().startswith(command.name)
