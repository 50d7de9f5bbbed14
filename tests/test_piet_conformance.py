"""Conformance: every recorded Piet case gives exactly npiet 1.3e's output, exit status and step
count (spec ``piet.md``; the cases and how they were made: ``tests/piet_cases.py``).  Input and
output are bytes stored as surrogateescape-decoded text.  Exit 0 the program ended (T4), 1 mod by
zero (R1), 3 ``--max-steps`` spent (T5).  The cases run in process, and a sample of them through
``esodbg exec``.  npiet's own example programs (GPL-2: never committed) run when ``NPIET`` names
a built npiet whose ``examples/`` folder is beside it: esodbg's output must be npiet's."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from conftest import CORPUS

PIET = by_name("piet")
CASES = [json.loads(line) for line in (CORPUS / "piet" / "cases.jsonl").read_text("utf-8").splitlines()]
REASONS = {0: Stop.HALTED, 1: Stop.ERROR, 3: Stop.BUDGET}
SAMPLE = 20  # every SAMPLE-th case runs through `esodbg exec` too
OPTIONS = {"codel_size": "--codel-size", "unknown_colour": "--unknown-colour", "dialect": "--dialect"}


def raw(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def test_the_corpus_holds_every_format_budgets_errors_and_options():
    assert len([c for c in CASES if c["name"].startswith("random-")]) >= 300
    assert {c["ext"] for c in CASES} == {".png", ".gif", ".ppm", ".apiet"}
    assert {c["exit"] for c in CASES} == {0, 1, 3}
    assert len([c for c in CASES if c["name"].startswith("spec-")]) >= 50  # the spec dialect, from npiet -v11
    assert any(c["name"].startswith("exact-") for c in CASES) and any(c["name"].startswith("budget-") for c in CASES)
    assert any(c["options"].get("codel_size") for c in CASES)
    assert any(c["options"].get("unknown_colour") == "black" for c in CASES)
    assert sum(1 for c in CASES if c["stdout"]) >= 100
    assert len({case["name"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["name"])
def test_in_process_output_end_and_steps_are_exact(case):
    name = f"{case['name']}{case['ext']}"
    data = base64.b64decode(case["file"])
    program = PIET.parse(PIET.decode(data, name), name, case["options"])
    s = Session(PIET, program, case["input"], budget=case["max_steps"])
    outcome = s.continue_()
    s.machine.end_output()  # as exec ends a run cut short: an unfinished UTF-8 sequence's bytes are written
    assert raw(s.output.text()) == raw(case["stdout"])
    assert outcome.reason is REASONS[case["exit"]], s.machine.fault
    assert s.steps == case["steps"]


@pytest.mark.parametrize("case", CASES[::SAMPLE], ids=lambda case: case["name"])
def test_exec_stdout_and_exit_code_are_exact(case, tmp_path):
    source = tmp_path / f"case{case['ext']}"
    source.write_bytes(base64.b64decode(case["file"]))
    given = tmp_path / "input"
    given.write_bytes(raw(case["input"]))
    options = [arg for key, value in case["options"].items() for arg in (OPTIONS[key], str(value))]
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--max-steps", str(case["max_steps"]),
                             "--input-file", str(given), *options, str(source)],
                            capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    assert result.stdout == raw(case["stdout"]), result.stderr.decode("utf-8", "replace")
    assert result.returncode == case["exit"], result.stderr.decode("utf-8", "replace")


NPIET = os.environ.get("NPIET")
NPIET_EXAMPLES = sorted(p for p in (Path(NPIET).parent / "examples").glob("*") if p.suffix in (".png", ".gif", ".ppm")) \
    if NPIET else []
INPUTS = {"nprime": b"991\n"}


@pytest.mark.skipif(not NPIET, reason="NPIET names no built npiet 1.3e (its examples are GPL-2: not committed)")
@pytest.mark.parametrize("path", NPIET_EXAMPLES, ids=lambda path: path.name)
def test_npiets_own_examples_give_npiets_output(path, tmp_path):
    """F2: a GIF npiet refuses (``nprime-big.gif`` starts with a comment block) is compared with
    npiet on the same pixels saved as PNG."""
    stdin = INPUTS.get(path.stem.removesuffix("-big"), b"7\n")
    want = subprocess.run([NPIET, "-q", "-e", "200000", str(path)], input=stdin, capture_output=True, timeout=120)
    if want.returncode not in (0,) and path.suffix == ".gif":
        from PIL import Image

        png = tmp_path / (path.stem + ".png")
        Image.open(path).convert("RGB").save(png)
        want = subprocess.run([NPIET, "-q", "-e", "200000", str(png)], input=stdin, capture_output=True, timeout=120)
    got = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--max-steps", "200000", str(path)],
                         input=stdin, capture_output=True, timeout=120)
    assert got.stdout == want.stdout


# Programs of our own in npiet's Foogol (an ALGOL-like language), compiled by npiet-foogol (built
# beside npiet) into pictures that exercise what compiled code does: arithmetic, loops, branches.
FOOGOL = {
    "squares": 'begin integer i, s; i := 1; s := 0; while i < 31 do begin s := s + i * i; '
               'if s / 7 * 7 = s then prints ("seven "); printn (s); prints ("\\n"); i := i + 1 end end',
    "collatz": 'begin integer n, k; n := 27; k := 0; while n > 1 do begin if n / 2 * 2 = n then n := n / 2 '
               'else n := 3 * n + 1; k := k + 1; printn (n); prints (" ") end; printn (k) end',
    "hello": 'begin prints ("esodbg steps back\\n"); printn (6 * 7 - 100) end',
}


@pytest.mark.skipif(not NPIET, reason="NPIET names no built npiet 1.3e (and npiet-foogol beside it)")
@pytest.mark.parametrize("name", FOOGOL)
def test_programs_compiled_by_npiet_foogol_give_npiets_output(name, tmp_path):
    source, picture = tmp_path / f"{name}.foo", tmp_path / f"{name}.png"
    source.write_text(FOOGOL[name])
    subprocess.run([str(Path(NPIET).parent / "npiet-foogol"), "-q", "-o", str(picture), str(source)], check=True,
                   capture_output=True, timeout=60)
    want = subprocess.run([NPIET, "-q", "-e", "2000000", str(picture)], capture_output=True, timeout=120)
    got = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--max-steps", "2000000", str(picture)],
                         capture_output=True, timeout=120)
    assert got.stdout == want.stdout and want.stdout and got.returncode == 0
