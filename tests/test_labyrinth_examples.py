"""The Labyrinth examples (``examples/labyrinth/``) run in esodbg exactly as in the reference:
each writes the bytes and ends with the exit status that ``tests/corpus/labyrinth/examples.json``
records from ``labyrinth.rb`` (``ruby interpreter.rb FILE < INPUT``) given the input it lists."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name, for_file

from conftest import CORPUS, EXAMPLES

FOLDER = EXAMPLES / "labyrinth"
EXPECTED = json.loads((CORPUS / "labyrinth" / "examples.json").read_text("utf-8"))
LABYRINTH = by_name("labyrinth")
BUDGET = 100_000  # every example ends within a few thousand steps


def run(name: str) -> tuple[Session, Stop]:
    path = FOLDER / name
    program = LABYRINTH.parse(LABYRINTH.decode(path.read_bytes(), str(path)), str(path))
    s = Session(LABYRINTH, program, EXPECTED[name]["input"], budget=BUDGET)
    return s, s.continue_().reason


def test_every_example_has_its_expected_run():
    assert sorted(p.name for p in FOLDER.iterdir() if p.suffix == ".lab") == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_runs_as_in_the_reference(name):
    assert for_file(FOLDER / name) is LABYRINTH
    s, reason = run(name)
    assert s.output.text().encode("utf-8", "surrogateescape") == EXPECTED[name]["stdout"].encode("utf-8", "surrogateescape")
    assert (reason, EXPECTED[name]["exit"]) == (Stop.HALTED, 0)


def test_the_conveyor_rotates_its_own_maze():
    """conveyor.lab prints each digit as a rotation of its last column brings it to the probe:
    two rotations a lap, nine laps, then the ``@`` the column carried in ends it (X1, X3)."""
    s, _ = run("conveyor.lab")
    assert s.machine.shifts == 20 and s.output.text() == "".join(f"{d}\n" for d in range(1, 10))


def test_exec_writes_the_bytes(tmp_path):
    """``esodbg exec`` of cat.lab copies bytes ≥ 0x80 as they are (byte I/O)."""
    data = b"caf\xc3\xa9 \xff\x80\n"
    done = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(FOLDER / "cat.lab")], input=data,
                          capture_output=True, timeout=60)
    assert (done.stdout, done.returncode) == (data, 0)
