"""Conformance: every recorded Brainfuck case gives exactly bfref's output, exit status and step
count (spec ``brainfuck.md``; the cases and how they were made: ``tests/brainfuck_cases.py``).

Program, input and output are bytes stored as surrogateescape-decoded text (rule 2).  Each case
runs in process through a debugger session with its budget (the fast loop, folding what it can),
again one step at a time with breakpoints on random commands (folding only between them), and
a sample of them through ``esodbg exec``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from esodbg.engines.base import CodeRef, ParseError, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from conftest import CORPUS

BF = by_name("brainfuck")
REASONS = {0: Stop.HALTED, 1: Stop.ERROR, 3: Stop.BUDGET}
FLAGS = {"cell_size": "--cell-size", "overflow": "--overflow", "eof": "--eof", "tape_length": "--tape-length"}
SAMPLE = 12  # every SAMPLE-th case runs through `esodbg exec` too
CASES = [json.loads(line) for line in (CORPUS / "brainfuck" / "cases.jsonl").read_text("utf-8").splitlines()]


def raw(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def case_id(case: dict) -> str:
    return case["name"]


def test_the_corpus_holds_random_cases_and_cases_for_every_rule():
    targeted = [case for case in CASES if "rule" in case]
    assert len(CASES) - len(targeted) >= 400 and len(targeted) >= 60
    assert {case["rule"] for case in targeted} >= set(range(4, 16))
    assert len({case["name"] for case in CASES}) == len(CASES)
    assert {case["exit"] for case in CASES} == {0, 1, 2, 3}


def session(case: dict) -> Session:
    program = BF.parse(case["program"], f"{case['name']}.b", dict(case["options"]))
    return Session(BF, program, case["input"], budget=case["max_steps"])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_in_process_output_end_and_steps_are_exact(case):
    if case["exit"] == 2:  # rule 13: the first unmatched bracket, before anything runs
        with pytest.raises(ParseError) as error:
            BF.parse(case["program"], "case.b", dict(case["options"]))
        found = error.value.diagnostics[0]
        assert [found.line, found.col, found.message] == case["error"]
        return
    s = session(case)
    outcome = s.continue_()
    s.machine.end_output()  # the run ends here as exec's does: a lead byte held back at a budget is written
    assert raw(s.output.text()) == raw(case["stdout"])
    assert outcome.reason is REASONS[case["exit"]], s.machine.fault
    assert s.steps == case["steps"]
    if case["exit"] == 1:  # rule 15: the failing command's line and column
        span = s.machine.fault.span
        assert [span.line, span.col] == case["error"][:2]


@pytest.mark.parametrize("case", [case for case in CASES if case["exit"] != 2][::3], ids=case_id)
def test_breakpoints_cut_folded_operations_exactly(case):
    """With breakpoints on random commands, continuing from stop to stop ends where the plain
    run ends, stopping at every arrival at a breakpoint (counted one step at a time)."""
    rnd = random.Random(case["name"])
    n = len(session(case).program.code)
    marks = {rnd.randrange(n) for _ in range(rnd.randint(1, 3))}
    s = session(case)
    for at in marks:
        s.breakpoints.toggle(CodeRef(at))
    stops = 0
    while (outcome := s.continue_()).reason is Stop.BREAKPOINT:
        assert s.machine.pc in marks
        stops += 1
        s.budget = case["max_steps"] - s.steps  # the budget is the whole run's, not each continue's
        if not s.budget:  # a breakpoint on its last step: the budget is spent (0 would be no budget)
            break
    s.machine.end_output()
    assert raw(s.output.text()) == raw(case["stdout"]) and s.steps == case["steps"]
    assert outcome.reason is REASONS[case["exit"]] or s.steps == case["max_steps"] and case["exit"] == 3
    stepped = session(case)  # the arrivals, counted one command at a time
    arrivals = 0
    while stepped.steps < case["steps"] and stepped.machine.status.value == "ready":
        stepped.machine.run(1)
        arrivals += stepped.machine.pc in marks and stepped.machine.status.value == "ready"
    assert stops == arrivals


@pytest.mark.parametrize("case", CASES[::SAMPLE], ids=case_id)
def test_exec_stdout_and_exit_code_are_exact(case, tmp_path):
    source = tmp_path / "case.b"
    source.write_bytes(raw(case["program"]))
    given = tmp_path / "input"
    given.write_bytes(raw(case["input"]))
    options = [arg for dest, value in case["options"].items() for arg in (FLAGS[dest], str(value))]
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", *options, "--max-steps",
                             str(case["max_steps"]), "--input-file", str(given), str(source)],
                            capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    assert result.stdout == raw(case["stdout"]), result.stderr.decode("utf-8", "replace")
    assert result.returncode == case["exit"], result.stderr.decode("utf-8", "replace")
    if case["exit"] in (1, 2):
        line, col = case["error"][:2]
        assert f"case.b:{line}:{col}: ".encode() in result.stderr
