"""The Hexagony examples (``examples/hexagony/``, our own) run in esodbg exactly as in the
reference: each writes the bytes, takes the steps and ends with the exit status that
``tests/corpus/hexagony/examples.json`` records from ``hexagony.rb`` given the input it lists
(``tests/hexagony_cases.py --examples-only`` records it); ``fibonacci.hxg`` never halts and
is recorded cut at its ``max_steps``."""

from __future__ import annotations

import json

import pytest

from esodbg.engines.base import CellRef, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name, for_file

from conftest import CORPUS, EXAMPLES

HEXAGONY = by_name("hexagony")
FOLDER = EXAMPLES / "hexagony"
EXPECTED = json.loads((CORPUS / "hexagony" / "examples.json").read_text("utf-8"))
EXITS = {0: Stop.HALTED, 1: Stop.ERROR, 3: Stop.BUDGET}


def run(name: str) -> Session:
    path = FOLDER / name
    program = HEXAGONY.parse(HEXAGONY.decode(path.read_bytes(), str(path)), str(path))
    s = Session(HEXAGONY, program, EXPECTED[name]["input"], budget=EXPECTED[name].get("max_steps", 100_000))
    s.outcome = s.continue_()
    return s


def test_every_example_has_its_expected_run():
    assert sorted(p.name for p in FOLDER.glob("*.hxg")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_runs_as_in_the_reference(name):
    want = EXPECTED[name]
    s = run(name)
    assert for_file(FOLDER / name) is HEXAGONY
    assert s.output.text().encode("utf-8", "surrogateescape") == want["stdout"].encode("utf-8", "surrogateescape")
    assert (s.outcome.reason, s.steps) == (EXITS[want["exit"]], want["steps"])


def test_six_ips_each_ip_runs_in_turn():
    s = run("six_ips.hxg")
    assert s.machine.active == 5 and s.machine.switches == 5
    assert s.output.text() == "012345"


def test_fibonacci_turns_around_one_vertex_and_its_mark_is_a_breakpoint():
    s = run("fibonacci.hxg")
    assert len(s.machine.mem) == 3  # the MP goes round the three edges of one vertex
    assert HEXAGONY.marks(s.program) == (CellRef("hexagon", 2, 0),)
