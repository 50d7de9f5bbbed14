"""Conformance: every recorded ><> case gives exactly fish.py's output, exit status and step
count (spec ``fish.md``; the cases and how they were made: ``tests/fish_cases.py``).

A case's ``source`` is ``fish.py`` (recorded from it, its steps counted by its ``Interpreter``)
or ``spec`` (the spec's Decision departs from fish.py, or fish.py never ends: the case's ``note``
says which).  Exit 0 is a halt, 1 a runtime error, 3 ``--max-steps`` spent.  Every case runs in
process; a sample also runs through ``esodbg exec``, byte for byte.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from conftest import CORPUS

FISH = by_name("fish")
CASES = [json.loads(line) for line in (CORPUS / "fish" / "cases.jsonl").read_text("utf-8").splitlines()]
REASONS = {0: Stop.HALTED, 1: Stop.ERROR, 3: Stop.BUDGET}
SAMPLE = 25  # every SAMPLE-th case runs through `esodbg exec` too


def options(case: dict) -> dict:
    return {"stack": None, "value": None, "seed": None, **case.get("options", {})}


def test_the_corpus_holds_random_and_targeted_cases():
    targeted = [case for case in CASES if "rule" in case]
    assert len(CASES) - len(targeted) >= 300 and len(targeted) >= 150
    assert len({case["name"] for case in CASES}) == len(CASES), "names repeat"
    assert all(case["note"] for case in CASES if case["source"] == "spec")
    rules = {case["rule"] for case in targeted}
    assert rules >= set(range(2, 36)) - {16}, sorted(set(range(2, 36)) - rules)  # rule 16 (x) is random


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["name"])
def test_in_process_output_end_and_steps_are_exact(case):
    program = FISH.parse(case["program"], f"{case['name']}.fish", options(case))
    s = Session(FISH, program, case["input"], budget=case["max_steps"])
    outcome = s.continue_()
    assert s.output.text() == case["stdout"]
    assert outcome.reason is REASONS[case["exit"]], s.machine.fault
    if "steps" in case:  # fish.py counted them (spec rule 4)
        assert s.steps == case["steps"]
    if case["exit"] == 1:
        assert "something smells fishy..." in s.machine.fault.message


@pytest.mark.parametrize("case", CASES[::SAMPLE], ids=lambda case: case["name"])
def test_exec_stdout_and_exit_code_are_exact(case, tmp_path):
    source = tmp_path / "case.fish"
    source.write_bytes(case["program"].encode("utf-8"))
    given = tmp_path / "input"
    given.write_bytes(case["input"].encode("utf-8"))
    argv = [sys.executable, "-m", "esodbg.app", "exec", "--max-steps", str(case["max_steps"]),
            "--input-file", str(given), str(source)]
    for name, value in case.get("options", {}).items():
        argv += [f"--{name}", value]
    result = subprocess.run(argv, capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    assert result.stdout == case["stdout"].encode("utf-8"), result.stderr.decode("utf-8", "replace")
    assert result.returncode == case["exit"], result.stderr.decode("utf-8", "replace")
    if case["exit"] == 1:
        assert b"something smells fishy..." in result.stderr
