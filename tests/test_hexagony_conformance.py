"""Conformance: every recorded Hexagony case gives exactly the reference's output, exit status
and step count (spec ``hexagony.md``; the cases and how they were made: ``tests/hexagony_cases.py``).

Program, input and output are bytes stored as surrogateescape-decoded text.  Exit 0 is ``@``,
1 a runtime error (R1), 2 a source that is not UTF-8 (S1), 3 ``--max-steps`` spent (T4, at
the budget the case records: the reference ran exactly that many ticks).  The cases run in
process, and a sample of them through ``esodbg exec`` too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.hexagony.commands import MIRROR
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name

from conftest import CORPUS

HEXAGONY = by_name("hexagony")
REASONS = {0: Stop.HALTED, 1: Stop.ERROR, 3: Stop.BUDGET}
SAMPLE = 25  # every SAMPLE-th case runs through `esodbg exec` too
CASES = [json.loads(line) for line in (CORPUS / "hexagony" / "cases.jsonl").read_text("utf-8").splitlines()]


def raw(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def parse(case: dict):
    return HEXAGONY.parse(HEXAGONY.decode(raw(case["program"]), "case.hxg"), "case.hxg")


IN_PROCESS = [case for case in CASES if case["exit"] != 2]


def test_the_corpus_holds_random_and_targeted_cases():
    targeted = [case for case in CASES if "rule" in case]
    assert len(CASES) - len(targeted) >= 400 and len(targeted) >= 60
    assert len({case["name"] for case in CASES}) == len(CASES)
    assert {case["exit"] for case in CASES} == {0, 1, 2, 3}
    assert all(case["note"] for case in CASES if case["source"] == "spec")
    rules = {case["rule"][0] for case in targeted}
    assert rules == set("STWMAICR")


@pytest.mark.parametrize("case", IN_PROCESS, ids=lambda case: case["name"])
def test_in_process_output_end_and_steps_are_exact(case):
    s = Session(HEXAGONY, parse(case), case["input"], budget=case["max_steps"])
    outcome = s.continue_()
    s.machine.end_output()  # exec writes what a run cut short held back (an unfinished UTF-8 sequence)
    assert raw(s.output.text()) == raw(case["stdout"])
    assert outcome.reason is REASONS[case["exit"]], s.machine.fault
    if "steps" in case:
        assert s.steps == case["steps"]


def test_invalid_utf8_does_not_decode():
    for case in CASES:
        if case["exit"] == 2:
            with pytest.raises(UnicodeDecodeError):
                parse(case)


@pytest.mark.parametrize("case", CASES[::SAMPLE] + [case for case in CASES if case["exit"] == 2],
                         ids=lambda case: case["name"])
def test_exec_stdout_and_exit_code_are_exact(case, tmp_path):
    source = tmp_path / "case.hxg"
    source.write_bytes(raw(case["program"]))
    given = tmp_path / "input"
    given.write_bytes(raw(case["input"]))
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--max-steps", str(case["max_steps"]),
                             "--input-file", str(given), str(source)],
                            capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    assert result.stdout == raw(case["stdout"]), result.stderr.decode("utf-8", "replace")
    assert result.returncode == case["exit"], result.stderr.decode("utf-8", "replace")


def test_the_random_cases_reach_every_mirror_and_corner():
    """Between them the cases hit every mirror from every direction (and each branch both
    ways, C1) and leave hexagons of sides 2 to 6 through corners with both signs (W3)."""
    mirrors, corners = set(), Counter()
    for case in IN_PROCESS:
        program = parse(case)
        m = HEXAGONY.machine(program, InputLog(case["input"], True), OutputLog())
        geo = program.hexagon
        for _ in range(min(case["max_steps"], 3000)):
            row, col, d = m.ips[m.active]
            k = geo.index(row, col)
            if program.ops[k] == MIRROR:
                branch = (program.params[k], d) in ((4, 0), (5, 3))
                mirrors.add((program.params[k], d, m.value() > 0 if branch else None))
            before = m.corners
            if m.run(1) is not Stop.LIMIT:
                break
            if m.corners > before:
                corners[geo.n, m.value() > 0] += 1
    assert len(mirrors) == 6 * 6 + 2
    assert all(corners[n, sign] for n in range(2, 7) for sign in (True, False))
