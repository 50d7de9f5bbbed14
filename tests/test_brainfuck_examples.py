"""The Brainfuck examples (``examples/brainfuck/``) run in esodbg exactly as in bfref: each writes
the bytes, ends with the exit status and takes the steps that ``tests/corpus/brainfuck/examples.json``
records from bfref (``benchmarks/bfref.c``) given the input it lists."""

from __future__ import annotations

import json

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name, for_file

from conftest import CORPUS, EXAMPLES

FOLDER = EXAMPLES / "brainfuck"
EXPECTED = json.loads((CORPUS / "brainfuck" / "examples.json").read_text("utf-8"))
BF = by_name("brainfuck")


def run(name: str) -> tuple[Session, Stop]:
    path = FOLDER / name
    program = BF.parse(BF.decode(path.read_bytes(), str(path)), str(path))
    s = Session(BF, program, EXPECTED[name]["input"], budget=10 * EXPECTED[name]["steps"] + 100)
    return s, s.continue_().reason


def written(s: Session) -> bytes:
    return s.output.text().encode("utf-8", "surrogateescape")


def test_every_example_has_its_expected_run():
    assert sorted(p.name for p in FOLDER.iterdir() if p.suffix == ".b") == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_extension_names_the_language(name):
    assert for_file(FOLDER / name) is BF


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_runs_as_in_bfref(name):
    want = EXPECTED[name]
    s, reason = run(name)
    assert written(s) == want["stdout"].encode("utf-8", "surrogateescape")
    assert reason is Stop.HALTED and want["exit"] == 0 and s.steps == want["steps"]


def test_quine_prints_its_own_source():
    assert written(run("quine.b")[0]) == (FOLDER / "quine.b").read_bytes()


def test_binary_leaves_64_on_its_bits():
    """Seven bits at cells 2, 4, … 14, lowest first, each 1 for a 0 bit and 2 for a 1 bit: after
    64 increments they read 1000000."""
    s, _ = run("binary.b")
    bits = [s.names["tape"][2 + 2 * i] - 1 for i in range(7)]
    assert sum(bit << i for i, bit in enumerate(bits)) == 64
