"""Conformance: every Stoned-Go program of the corpus ends in exactly its expected final state
(spec `stoned-go.md` D7; `tests/corpus/stoned-go/INDEX.md`), run headless and through the
debugger; parse errors compare phase, line and column (and everything else but the message).

Harness directives are comments at the top of a case: ``# @dialect base`` (default inner-loop)
and ``# @step_limit N`` (default 10000).  The programs run from ``examples/stoned-go/``.
"""

from __future__ import annotations

import json
import re

import pytest

from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.stoned_go import LANGUAGE
from esodbg.engines.stoned_go.errors import SourceError
from esodbg.engines.stoned_go.lexer import decode
from esodbg.engines.stoned_go.machine import StonedGoMachine
from esodbg.engines.stoned_go.parser import parse
from esodbg.engines.stoned_go.state import DEFAULT_STEP_LIMIT, final_state, parse_error_state

from conftest import CORPUS, EXAMPLES

EXPECTED = CORPUS / "stoned-go"
PROGRAMS = EXAMPLES / "stoned-go"
CASES = sorted(p.name.removesuffix(".expected.json") for p in EXPECTED.glob("*.expected.json"))


def directives(text: str) -> tuple[bool, int]:
    """(base dialect?, step limit) from the case's ``# @…`` comments."""
    limit = re.search(r"^# @step_limit (\d+)", text, re.M)
    return bool(re.search(r"^# @dialect base\s*$", text, re.M)), int(limit.group(1)) if limit else DEFAULT_STEP_LIMIT


def result(case: str, via_session: bool) -> dict:
    path = PROGRAMS / f"{case}.sgo"
    text = decode(path.read_bytes(), str(path))  # bytes, so CR LF files keep their CRs (0.3)
    base, limit = directives(text)
    try:
        program = parse(text, str(path), {"base": base})
    except SourceError as error:
        return parse_error_state(error, case, base=base, step_limit=limit)
    if via_session:
        s = Session(LANGUAGE, program, budget=limit)
        s.continue_()
        machine = s.machine
    else:
        machine = StonedGoMachine(program, InputLog(), OutputLog())
        machine.keep_log()
        machine.run(limit)
    return final_state(machine, case, step_limit=limit)


def test_the_examples_are_the_corpus_programs():
    for case in CASES:
        assert (PROGRAMS / f"{case}.sgo").read_bytes() == (EXPECTED / f"{case}.sgo").read_bytes()


@pytest.mark.parametrize("via_session", [False, True], ids=["exec", "debugger"])
@pytest.mark.parametrize("case", CASES)
def test_final_state_is_exact(case, via_session):
    expected = json.loads((EXPECTED / f"{case}.expected.json").read_text("utf-8"))
    got = result(case, via_session)
    if expected["error"] is not None and expected["outcome"] == "parse_error":
        assert got["error"].pop("message") and expected["error"].pop("message")  # a suggestion only
    assert got == expected


# ----- our own examples -----------------------------------------------------------------------------

def run_example(name: str) -> dict:
    path = PROGRAMS / f"{name}.sgo"
    machine = StonedGoMachine(parse(path.read_text("utf-8"), str(path)), InputLog(), OutputLog())
    machine.keep_log()
    machine.run(DEFAULT_STEP_LIMIT)
    return final_state(machine, step_limit=DEFAULT_STEP_LIMIT)


def picture(state: dict, colour: str = "black") -> list[str]:
    """The stones of ``colour`` over their bounding box, ``o`` a stone, ``.`` none."""
    points = {tuple(s["pos"]) for s in state["stones"] if s["colour"] == colour}
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return ["".join("o" if (x, y) in points else "." for x in range(min(xs), max(xs) + 1))
            for y in range(min(ys), max(ys) + 1)]


def test_example_ladder():
    st = run_example("ladder")
    assert (st["outcome"], st["steps"], st["cursor"]) == ("halted", 105, [12, 6])
    staircase = [[1, 1], [1, 2], [2, 2], [2, 3], [3, 3], [3, 4], [4, 4], [4, 5]]
    assert st["captures"] == [{"step": 80, "placed_at": [4, 6], "placed_colour": "black",
                               "captured_colour": "white", "stones": staircase, "depth": 0}]
    assert [t["pos"] for t in st["triggers"]] == staircase  # reading order (C5)
    assert [s["pos"] for s in st["stones"] if s["colour"] == "white"] == [[x, 6] for x in range(5, 13)]


def test_example_chain_reaction():
    st = run_example("chain_reaction")
    assert (st["outcome"], st["steps"], st["cursor"]) == ("halted", 172, [25, 0])
    assert [t["depth"] for t in st["triggers"]] == list(range(1, 9))  # each domino one deeper (T3)
    assert [c["depth"] for c in st["captures"]] == list(range(8))
    assert [c["stones"] for c in st["captures"]] == [[[3 * i, 0]] for i in range(8)]
    assert {s["colour"] for s in st["stones"]} == {"black"}


def test_example_macro_library():
    st = run_example("macro_library")
    assert (st["outcome"], st["steps"], st["cursor"]) == ("halted", 286, [1, 7])
    assert picture(st) == ["oooooooo"] + ["o......o"] * 6 + ["oooooooo"]
    (capture,) = st["captures"]
    assert capture["placed_at"] == [6, 6] and capture["captured_colour"] == "white" == capture["placed_colour"]
    assert capture["stones"] == [[x, y] for y in range(1, 7) for x in range(1, 7)]  # suicide (C3)
    assert len(st["triggers"]) == 36 and {t["before_step"] for t in st["triggers"]} == {capture["step"] + 1}


def test_example_subprogram():
    st = run_example("subprogram")
    assert (st["outcome"], st["steps"], st["cursor"]) == ("halted", 135, [6, 5])
    assert [(t["pos"], t["kind"]) for t in st["triggers"]] == [([0, 0], "subprogram"), ([0, 3], "subprogram")]
    white = {tuple(s["pos"]) for s in st["stones"] if s["colour"] == "white"}
    assert {(x, 2) for x in range(8)} <= white and {(x, 5) for x in range(6)} <= white
    assert (6, 2) in white and (6, 5) not in white  # each row stops at its wall


def test_example_picture():
    st = run_example("picture")
    assert (st["outcome"], st["steps"], st["captures"]) == ("halted", 158, [])
    assert picture(st) == [
        ".ooo...ooo.",
        "o.....o...o",
        "o.oo..o...o",
        "o..o..o...o",
        ".ooo...ooo.",
    ]
