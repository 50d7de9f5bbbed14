"""Conformance: every recorded Befunge case gives exactly its reference's output and exit status
(spec ``befunge.md``; the cases and how they were made: ``tests/befunge_cases.py``).

A case's ``source`` is ``bef.c`` or ``cfunge`` (recorded from that reference) or ``spec`` (the
spec's Decision departs from the reference, or the reference never ends: the case's ``note``
says which).  Program, input and output are bytes stored as surrogateescape-decoded text (spec
rule 2).  Exit 0 is a halt, 1 a runtime error, 3 ``--max-steps`` spent; any other exit (and any
a 98 reference gave that is not 0: cfunge has no runtime errors) is a ``q`` code, which only the
command line shows, so those cases run through ``esodbg exec``.  The rest run in process, and a
sample of them through ``esodbg exec`` too.
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

DIALECTS = ("93", "98")
OPTIONS = {"allow_files": None, "allow_shell": None}
REASONS = {0: Stop.HALTED, 1: Stop.ERROR, 3: Stop.BUDGET}
SAMPLE = 40  # every SAMPLE-th in-process case runs through `esodbg exec` too


def raw(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def load(dialect: str) -> list[dict]:
    lines = (CORPUS / f"befunge{dialect}" / "cases.jsonl").read_text("utf-8").splitlines()
    return [dict(json.loads(line), dialect=dialect) for line in lines]


CASES = [case for dialect in DIALECTS for case in load(dialect)]


def quits(case: dict) -> bool:
    """Whether the case ends by a Befunge-98 ``q`` with a code the command line alone shows."""
    return case["dialect"] == "98" and (case["exit"] not in REASONS or case["source"] == "cfunge" and case["exit"])


def case_id(case: dict) -> str:
    return f"{case['dialect']}-{case['name']}"


IN_PROCESS = [case for case in CASES if not quits(case)]
THROUGH_EXEC = [case for case in CASES if quits(case)] + IN_PROCESS[::SAMPLE]


def test_the_corpus_holds_random_and_targeted_cases_of_both():
    for dialect in DIALECTS:
        cases = [case for case in CASES if case["dialect"] == dialect]
        targeted = [case for case in cases if "rule" in case]
        assert len(cases) - len(targeted) >= 150 and len(targeted) >= 40, dialect
        assert len({case["name"] for case in cases}) == len(cases), f"{dialect}: names repeat"
        assert all(case["note"] for case in cases if case["source"] == "spec")


@pytest.mark.parametrize("case", IN_PROCESS, ids=case_id)
def test_in_process_output_and_end_are_exact(case):
    language = by_name(f"befunge{case['dialect']}")
    program = language.parse(case["program"], f"{case['name']}.b{case['dialect']}", dict(OPTIONS))
    s = Session(language, program, case["input"], budget=case["max_steps"])
    outcome = s.continue_()
    assert raw(s.output.text()) == raw(case["stdout"])
    assert outcome.reason is REASONS[case["exit"]], s.machine.fault
    if "steps" in case:  # bef.c counted them (spec rule 4)
        assert s.steps == case["steps"]


@pytest.mark.parametrize("case", THROUGH_EXEC, ids=case_id)
def test_exec_stdout_and_exit_code_are_exact(case, tmp_path):
    source = tmp_path / f"case.b{case['dialect']}"
    source.write_bytes(raw(case["program"]))
    given = tmp_path / "input"
    given.write_bytes(raw(case["input"]))
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--lang", f"befunge{case['dialect']}",
                             "--max-steps", str(case["max_steps"]), "--input-file", str(given), str(source)],
                            capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    assert result.stdout == raw(case["stdout"]), result.stderr.decode("utf-8", "replace")
    assert result.returncode == case["exit"], result.stderr.decode("utf-8", "replace")
