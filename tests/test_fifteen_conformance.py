"""Conformance: every 15 program of the corpus gives exactly its expected output, and the state
after every step equals its trace (spec `fifteen.md`, "Observed examples")."""

from __future__ import annotations

import json

import pytest

from esodbg.engines.registry import by_name
from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session

from conftest import CORPUS, EXAMPLES

FIFTEEN = by_name("fifteen")

EXPECTED = CORPUS / "fifteen"


def cases():
    """(program name, input text or None, expected-output file) for every *.out in the corpus."""
    for out in sorted(EXPECTED.glob("*.out")):
        name, _, rest = out.name.partition(".")
        stdin = EXPECTED / out.name.replace(".first20lines", "").replace(".out", ".stdin")
        yield pytest.param(name, stdin.read_text() if stdin.exists() else "", out, id=out.stem)


def session(name: str, input_text: str) -> Session:
    path = EXAMPLES / "fifteen" / f"{name}.15"
    return Session(FIFTEEN, FIFTEEN.parse(path.read_text(), str(path)), input_text)


@pytest.mark.parametrize(("name", "input_text", "out"), list(cases()))
def test_output_is_byte_exact(name, input_text, out):
    s = session(name, input_text)
    expected = out.read_text()
    if ".first20lines" in out.name:  # a program that never halts: compare its first 20 lines
        while s.output.text().count("\n") < 20:
            assert s.step().reason is Stop.LIMIT
        assert s.output.text() == expected
    else:
        assert s.continue_().reason is Stop.HALTED
        assert s.output.text() == expected


def traces():
    for trace in sorted(EXPECTED.glob("*.trace.jsonl")):
        name = trace.name.split(".")[0]
        stdin = EXPECTED / trace.name.replace(".trace.jsonl", ".stdin")
        yield pytest.param(name, stdin.read_text() if stdin.exists() else "", trace, id=trace.name)


@pytest.mark.parametrize(("name", "input_text", "trace"), list(traces()))
def test_state_after_every_step_matches_trace(name, input_text, trace):
    s = session(name, input_text)
    rows = [json.loads(line) for line in trace.read_text().splitlines()]
    for row in rows:
        before = s.machine.location()
        program = s.program
        assert [before.row, before.col] == row["at"]
        assert program.commands[before.row][before.col] == row["cmd"]
        s.step()
        m = s.machine
        after = m.location()
        assert m.steps == row["step"]
        assert [after.row, after.col] == row["to"]
        assert m.memory[0] == row["acc"]
        assert m.memory == row["memory"]
        assert [m.board[r * m.cols:(r + 1) * m.cols] for r in range(program.rows)] == row["puzzle"]
    assert s.machine.status.value == "halted"
