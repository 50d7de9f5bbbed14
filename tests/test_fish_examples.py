"""The ><> examples (``examples/fish/``) run in esodbg exactly as in fish.py: each writes the text
and takes the steps that ``tests/corpus/fish/examples.json`` records from it, given the input it
lists (spec `fish.md`; how the corpus was made: ``examples/fish/README.md``)."""

from __future__ import annotations

import json

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Outcome, Session
from esodbg.engines.registry import by_name, for_file

from conftest import CORPUS, EXAMPLES

FOLDER = EXAMPLES / "fish"
EXPECTED = json.loads((CORPUS / "fish" / "examples.json").read_text("utf-8"))
FISH = by_name("fish")
BUDGET = 100_000  # steps: every example ends within 1,300; more means it went wrong


def run(name: str) -> tuple[Session, Outcome]:
    path = FOLDER / name
    program = FISH.parse(FISH.decode(path.read_bytes(), str(path)), str(path))
    s = Session(FISH, program, EXPECTED[name]["input"], budget=BUDGET)
    return s, s.continue_()


def test_every_example_has_its_expected_run():
    assert sorted(p.name for p in FOLDER.glob("*.fish")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_extension_names_the_language(name):
    assert for_file(FOLDER / name) is FISH


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_runs_as_in_the_reference(name):
    want = EXPECTED[name]
    s, outcome = run(name)
    assert s.output.text() == want["stdout"]
    assert outcome.reason is (Stop.HALTED if want["exit"] == 0 else Stop.ERROR)
    assert s.steps == want["steps"]


def test_quine_prints_its_own_source():
    assert run("quine.fish")[0].output.text() == (FOLDER / "quine.fish").read_text("utf-8")


def test_rewrite_leaves_the_digit_it_wrote_last():
    s, _ = run("rewrite.fish")
    assert s.names["code"][0, 0] == ord("9")  # the loop ended on 9 + 1 = ':' without writing it
    assert s.names["ip"] == (15, 0)  # the ; that ended it


def test_stacks_keeps_the_count_in_the_register():
    s = Session(FISH, FISH.parse((FOLDER / "stacks.fish").read_text("utf-8"), "stacks.fish"), "")
    s.step(8)  # "hfis" and 3[: two stacks
    assert (s.names["depth"], list(s.names["stack"])) == (2, [ord(c) for c in "fis"])
    s.step(4)  # r ] l &
    assert (s.names["depth"], s.names["register"], list(s.names["stack"])) == (1, 4, [ord(c) for c in "hsif"])
