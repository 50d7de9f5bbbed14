"""Conformance: every recorded Labyrinth case gives exactly the reference's output, exit status
and step count (spec ``labyrinth.md``; the cases and how they were made: ``tests/labyrinth_cases.py``,
from ``labyrinth.rb``).  Input and output are bytes stored as surrogateescape-decoded text.
Exit 0 is ``@``, 1 division by zero (R1), 2 a file that is not UTF-8 (G1: only the command line
reads files), 3 ``--max-steps`` spent (T3).  The cases run in process, and a sample of them (and
every exit-2 case) through ``esodbg exec``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from conftest import CORPUS

LAB = by_name("labyrinth")
CASES = [json.loads(line) for line in (CORPUS / "labyrinth" / "cases.jsonl").read_text("utf-8").splitlines()]
REASONS = {0: Stop.HALTED, 1: Stop.ERROR, 3: Stop.BUDGET}
SAMPLE = 25  # every SAMPLE-th in-process case runs through `esodbg exec` too


def raw(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


IN_PROCESS = [case for case in CASES if case["exit"] != 2]
THROUGH_EXEC = [case for case in CASES if case["exit"] == 2] + IN_PROCESS[::SAMPLE]


def test_the_corpus_holds_random_stuck_and_targeted_cases():
    targeted = [case for case in CASES if "rule" in case]
    rules = {case["rule"] for case in targeted}
    assert len([c for c in CASES if c["name"].startswith("random-")]) >= 300
    assert len([c for c in CASES if c["name"].startswith("stuck-")]) >= 20
    assert {"G1", "G2", "G3", "G4", "K2", "T1", "T3", "D1", "D2", "D3", "D4", "D5", "C", "X1", "X2", "X3", "R1"} <= rules
    assert len({case["name"] for case in CASES}) == len(CASES)
    assert sum(1 for c in CASES if c["exit"] == 1) >= 20  # division by zero, kept output


@pytest.mark.parametrize("case", IN_PROCESS, ids=lambda case: case["name"])
def test_in_process_output_end_and_steps_are_exact(case):
    program = LAB.parse(case["program"], f"{case['name']}.lab")
    s = Session(LAB, program, case["input"], budget=case["max_steps"])
    outcome = s.continue_()
    assert raw(s.output.text()) == raw(case["stdout"])
    assert outcome.reason is REASONS[case["exit"]], s.machine.fault
    assert s.steps == case["steps"]


@pytest.mark.parametrize("case", THROUGH_EXEC, ids=lambda case: case["name"])
def test_exec_stdout_and_exit_code_are_exact(case, tmp_path):
    source = tmp_path / "case.lab"
    source.write_bytes(raw(case["program"]))
    given = tmp_path / "input"
    given.write_bytes(raw(case["input"]))
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--max-steps", str(case["max_steps"]),
                             "--input-file", str(given), str(source)],
                            capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    assert result.stdout == raw(case["stdout"]), result.stderr.decode("utf-8", "replace")
    assert result.returncode == case["exit"], result.stderr.decode("utf-8", "replace")
