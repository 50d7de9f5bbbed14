"""Property tests (hypothesis) for Scrabble: both parsers only ever raise their own diagnostics
(on random text, on bytes decoded as a GCG file, and on mutated corpus files), and time travel
is exact on random loose programs (loops, skipped words and runtime errors included)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.base import ParseError, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.scrabble import LANGUAGE
from esodbg.engines.scrabble.gcg import decode_gcg
from esodbg.engines.scrabble.program import parse

from conftest import CORPUS
from time_travel import assert_time_travel_is_exact

SOURCES = sorted((CORPUS / "scrabble").glob("*.scrabble")) + sorted((CORPUS / "scrabble" / "gcg").glob("*.gcg"))[:8]
TEXTS = [(path.suffix, decode_gcg(path.read_bytes())) for path in SOURCES]


def check(text: str, filename: str, options=None) -> None:
    """``parse`` gives a program whose plays lie on their lines, or diagnostics with positions."""
    try:
        program = parse(text, filename, options)
    except ParseError as error:
        assert error.diagnostics and all(d.line >= 1 and d.col >= 1 for d in error.diagnostics)
    else:
        lines = program.source.split("\n")
        for play in program.plays:
            assert 1 <= play.line <= len(lines) and play.span.line == play.line


TEXT_ATOMS = st.sampled_from([
    "SET", "add", "8H", "H8", "o15", "A1", " ", "  ", "\t", "0", "-1", "+2", ",", "across", "down", "#", "#rules",
    " strict", " loose", "\n", "\r\n", "\r", "(", ")", "(OR)", ".", "é", "\x00", "99999999999999999999",
])
GCG_ATOMS = st.sampled_from([
    ">a:", ">b: ", "#player1 a A", "#character-encoding UTF-8", "8H", "H8", "SET", "S.T", "(E)", "+6", "-6", "6",
    "+0", "--", "-", "-AB", "-3", "(challenge)", "(time)", "(AB)", " ", "\n", "\r\n", "?", "seT", "#note x",
])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(TEXT_ATOMS, max_size=14).map("".join)),
       st.sampled_from([None, "loose", "strict"]))
def test_scrabble_parser_raises_only_parse_errors(text, rules):
    check(text, "p.scrabble", {"rules": rules, "dictionary": "none"})


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=80).map(decode_gcg), st.lists(GCG_ATOMS, max_size=16).map("".join)))
def test_gcg_reader_raises_only_parse_errors(text):
    check(text, "p.gcg")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEXTS), st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 3),
                                                  st.text(alphabet="A.(e)8H-+ \n1", max_size=3)), max_size=4))
def test_mutated_corpus_files_give_programs_or_diagnostics(source, edits):
    suffix, text = source
    for at, kind, piece in edits:
        at %= len(text) + 1
        if kind == 0:
            text = text[:at] + piece + text[at:]  # insert
        elif kind == 1:
            text = text[:at] + text[at + len(piece) + 1:]  # delete
        else:
            text = text[:at] + piece + text[at + len(piece):]  # replace
    check(text, f"p{suffix}", {"dictionary": "none"})


# Loose plays each on a row of their own (one word a play), with commands, no-op words and
# blanks, so the scores (and REPEAT's jumps) vary; an occasional cross play forms two words.
WORDS = ["SET", "set", "Set", "ADD", "aDd", "MINUS", "minuS", "TIMES", "tImes", "NEXT", "PREV", "REMOVE",
         "DIVIDE", "MODULO", "modulO", "PRINT", "REPEAT", "rePeat", "Repeat", "IF", "ENDIF", "CAT", "zz"]


@st.composite
def loose_programs(draw):
    lines = []
    for k in range(draw(st.integers(0, 10))):
        word = draw(st.sampled_from(WORDS))
        lines.append(f"{word} {draw(st.integers(-3, 3))},{2 * k} across")
        if draw(st.integers(0, 5)) == 0:  # a tile under the first letter: a word down as well
            lines.append(f"{draw(st.sampled_from('ET'))} {int(lines[-1].split()[1].split(',')[0])},{2 * k + 1} down")
    return "\n".join(lines)


@settings(max_examples=150, deadline=None)
@given(loose_programs(), st.integers(0, 80), st.randoms(use_true_random=False))
def test_forward_n_then_back_n_is_identity_and_replay_is_identical(src, n, rnd):
    s = Session(LANGUAGE, parse(src, "p.scrabble"), interval=4, undo_records=3)
    assert_time_travel_is_exact(s, n, rnd)


@settings(max_examples=100, deadline=None)
@given(loose_programs(), st.integers(1, 40))
def test_play_unit_steps_back_to_exactly_the_starts_it_stepped_to(src, n):
    s = Session(LANGUAGE, parse(src, "p.scrabble"))
    starts = [0]
    for _ in range(n):
        if s.step(unit=0).reason is not Stop.LIMIT:
            break
        starts.append(s.steps)
    s.goto(starts[-1])
    for start in reversed(starts[:-1]):
        s.step_back(unit=0)
        assert s.steps == start
