"""Property tests (hypothesis): time travel is exact, and the parser only ever raises its own
diagnostics."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from esodbg.engines.base import ParseError
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name
from esodbg.engines.fifteen.parser import parse

from time_travel import assert_time_travel_is_exact

FIFTEEN = by_name("fifteen")

# `*` is left out: repeated squaring makes numbers of astronomical size within 60 steps.
FIRST = "^v<>^v<>_x"
SECOND = "^v<>?!X0+-/@=~_Q"


@st.composite
def programs(draw):
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(2 if rows == 1 else 1, 4))
    labels = draw(st.permutations(range(rows * cols)))
    cmds = [draw(st.sampled_from(FIRST)) + draw(st.sampled_from(SECOND + " ")).strip() for _ in labels]
    puzzle = "\n".join(",".join(map(str, labels[r * cols:(r + 1) * cols])) for r in range(rows))
    commands = "\n".join(",".join(cmds[r * cols:(r + 1) * cols]) for r in range(rows))
    return f"{puzzle}\n\n{commands}\n"


inputs = st.text(alphabet="0123456789-ab \n", max_size=30)


@settings(max_examples=150, deadline=None)
@given(programs(), inputs, st.integers(0, 60), st.randoms(use_true_random=False))
def test_forward_n_then_back_n_is_identity_and_replay_is_identical(src, text, n, rnd):
    s = Session(FIFTEEN, parse(src, "p.15"), text, interval=4, undo_records=3)
    assert_time_travel_is_exact(s, n, rnd)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=80), st.text(alphabet="0123,\n <>^v_!? x-+", max_size=80), programs()))
def test_parser_returns_a_program_or_diagnostics_never_anything_else(text):
    try:
        program = parse(text, "p.15")
    except ParseError as error:
        assert error.diagnostics and all(d.line >= 1 and d.col >= 1 for d in error.diagnostics)
    else:
        assert len(program.commands) == len(program.puzzle)
