"""Conformance: every MessiScript program of the corpus gives exactly its expected output for
its input, and the state after every command equals its trace (spec `messiscript.md`,
"Observed examples").

The traces come from the original interpreter, which records each command it executes and a
``<loop end>`` when a loop exits; it does not record the tests that enter a loop body.  We make
every loop test a step, so a trace row is one of our steps, skipping tests that passed.
"""

from __future__ import annotations

import json

import pytest

from esodbg.engines.registry import by_name
from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session

from conftest import CORPUS, EXAMPLES

MESSISCRIPT = by_name("messiscript")

EXPECTED = CORPUS / "messiscript"


def program_and_input(name: str) -> tuple[str, str]:
    """``contar.in_5`` → (the ``contar.messi`` example, the text of ``contar.in_5.stdin``)."""
    stdin = EXPECTED / f"{name}.stdin"
    return name.split(".")[0], stdin.read_text("utf-8") if stdin.exists() else ""


def session(name: str) -> Session:
    program, input_text = program_and_input(name)
    path = EXAMPLES / "messiscript" / f"{program}.messi"
    return Session(MESSISCRIPT, MESSISCRIPT.parse(path.read_text("utf-8"), str(path)), input_text)


@pytest.mark.parametrize("out", sorted(EXPECTED.glob("*.out")), ids=lambda p: p.stem)
def test_output_is_byte_exact(out):
    s = session(out.stem)
    assert s.continue_().reason is Stop.HALTED
    assert s.output.text().encode("utf-8") == out.read_bytes()


@pytest.mark.parametrize("trace", sorted(EXPECTED.glob("*.trace.jsonl")), ids=lambda p: p.name)
def test_state_after_every_command_matches_trace(trace):
    s = session(trace.name.removesuffix(".trace.jsonl"))
    m = s.machine
    program = m.program
    rows = [json.loads(line) for line in trace.read_text("utf-8").splitlines()]
    for row in rows:
        while True:  # our steps up to the next one the original records
            command = program.commands[m.location().index]
            record = s.step()
            assert record.reason is not Stop.ERROR, m.fault
            entered = command.loop is not None and m.passes[command.loop] > 0  # a test that passed
            if not entered:
                break
        if command.loop is not None:
            loop = program.loops[command.loop]
            assert row["cmd"] == "<loop end>" and row["body_len"] == loop.body_len
        else:
            assert row["cmd"] == command.name and row["content"] == command.content
        assert row["depth"] == len(command.loops) + 1
        assert (m.pos, m.clip, m.tape) == (row["pos"], row["clip"], row["array"]), f"after row {row['n']}"
    assert m.status.value == "halted" and s.steps >= len(rows)
