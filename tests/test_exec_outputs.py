"""``esodbg exec --trace`` and ``--final-state`` against the corpus: the 15 and MessiScript traces
line for line, the Tic Tac Toe Grow final states exactly; and both on a runtime error and at the
--max-steps budget."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CORPUS, EXAMPLES

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"


def exec_(*args, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", "exec", *map(str, args)], input=stdin,
                          capture_output=True, text=True, timeout=120)


def stdin_of(trace: Path) -> str:
    stdin = trace.with_name(trace.name.replace(".trace.jsonl", ".stdin"))
    return stdin.read_text("utf-8") if stdin.exists() else ""


@pytest.mark.parametrize("trace", sorted((CORPUS / "fifteen").glob("*.trace.jsonl")), ids=lambda p: p.name)
def test_fifteen_trace_is_the_corpus_trace(trace, tmp_path):
    program = EXAMPLES / "fifteen" / f"{trace.name.split('.')[0]}.15"
    exec_(program, "--trace", tmp_path / "t.jsonl", stdin=stdin_of(trace))
    assert (tmp_path / "t.jsonl").read_text().splitlines() and \
        [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()] == \
        [json.loads(line) for line in trace.read_text().splitlines()]


@pytest.mark.parametrize("trace", sorted((CORPUS / "messiscript").glob("*.trace.jsonl")), ids=lambda p: p.name)
def test_messiscript_trace_has_the_corpus_rows(trace, tmp_path):
    """Our trace has a line per step; the original records no loop test that enters its body
    (our ``<loop test>`` lines) and numbers its rows itself (``n``)."""
    program = EXAMPLES / "messiscript" / f"{trace.name.split('.')[0]}.messi"
    exec_(program, "--trace", tmp_path / "t.jsonl", stdin=stdin_of(trace))
    ours = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    theirs = [json.loads(line) for line in trace.read_text().splitlines()]
    assert [step for step, row in enumerate(ours, 1) if row["n"] != step] == []
    strip = lambda rows: [{k: v for k, v in row.items() if k != "n"} for row in rows if row["cmd"] != "<loop test>"]
    assert strip(ours) == strip(theirs)


@pytest.mark.parametrize("expected", sorted((SHARED / "ttg").glob("*.expected.json")), ids=lambda p: p.stem)
def test_ttg_final_state_is_the_corpus_state(expected, tmp_path):
    name = expected.name.removesuffix(".expected.json")
    program = next((EXAMPLES / "ttg").glob(f"{name}.*"))
    result = exec_(program, "--final-state", tmp_path / "state.json")
    assert result.returncode == 0
    assert json.loads((tmp_path / "state.json").read_text()) == json.loads(expected.read_text())


def test_final_state_on_stdout_comes_after_the_output_and_a_newline():
    result = exec_(EXAMPLES / "ttg" / "wow.txt", "--final-state", "-")
    output, state = result.stdout.rsplit("\n", 2)[:2]
    assert output == "wehllwehlll " and json.loads(state)["output"] == "wehllwehlll "


def test_trace_and_final_state_at_a_runtime_error_and_at_the_budget(tmp_path):
    truth = EXAMPLES / "fifteen" / "truth.15"
    result = exec_(truth, "--final-state", tmp_path / "s.json", "--trace", tmp_path / "t.jsonl", stdin="")
    state = json.loads((tmp_path / "s.json").read_text())
    assert result.returncode == 1 and state["status"] == "error" and "end of input" in state["error"]["message"]
    assert len((tmp_path / "t.jsonl").read_text().splitlines()) == state["steps"]  # the failed step is a step too
    result = exec_(truth, "--input", "1", "--max-steps", "10", "--final-state", "-", "--trace", tmp_path / "t.jsonl")
    assert result.returncode == 3 and json.loads(result.stdout.splitlines()[-1])["steps"] == 10
    assert len((tmp_path / "t.jsonl").read_text().splitlines()) == 10
