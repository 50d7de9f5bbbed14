"""Conformance (spec `scrabble.md`, "Observed examples", and `gcg.md`):

* every corpus program ends with exactly its ``*.expected.json``: the execution list (words,
  scores, their order), the number of words executed, the final stack, pointer and output;
* every tile placement of the 40 real games (972 placements) scores exactly the recorded
  ``+SCORE`` under the strict rules, and every running total is the recorded cumulative one.
"""

from __future__ import annotations

import json
import re

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.scrabble import LANGUAGE
from esodbg.engines.scrabble.gcg import decode_gcg
from esodbg.engines.scrabble.state import final_state
from esodbg.engines.scrabble.program import parse

from conftest import CORPUS, EXAMPLES

EXPECTED = CORPUS / "scrabble"
GAMES = sorted((EXPECTED / "gcg").glob("*.gcg"))
INDEX = {entry["file"]: entry for entry in json.loads((EXPECTED / "gcg" / "index.json").read_text("utf-8"))}


def test_the_corpus_holds_40_games_with_972_placements():
    assert len(GAMES) == len(INDEX) == 40
    assert sum(int(entry["placements"].split("/")[0]) for entry in INDEX.values()) == 972


@pytest.mark.parametrize("expected", sorted(EXPECTED.glob("*.expected.json")), ids=lambda p: p.name.split(".")[0])
def test_final_state_matches(expected):
    name = expected.name.removesuffix(".expected.json")
    path = EXPECTED / f"{name}.scrabble"
    s = Session(LANGUAGE, LANGUAGE.parse(path.read_text("utf-8"), str(path)))
    assert s.continue_().reason is Stop.HALTED
    got, want = final_state(s.machine), json.loads(expected.read_text("utf-8"))
    assert {key: got[key] for key in want} == want


@pytest.mark.parametrize("name", ["hello_world", "main"])
def test_examples_are_the_corpus_programs(name):
    assert (EXAMPLES / "scrabble" / f"{name}.scrabble").read_bytes() == (EXPECTED / f"{name}.scrabble").read_bytes()


def game(path):
    return parse(decode_gcg(path.read_bytes()), path.name)


def recorded(line: str) -> tuple[int, int]:
    """(+SCORE, cumulative) of an event line, read straight from the text: the last pair of a
    signed number and a number (Quackle writes cross-words after them)."""
    tokens = line.split()
    at = max(i for i in range(len(tokens) - 1)
             if re.fullmatch(r"[+-]\d+", tokens[i]) and re.fullmatch(r"[+-]?\d+", tokens[i + 1]))
    return int(tokens[at]), int(tokens[at + 1])


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_placement_scores_as_recorded(path):
    program = game(path)
    plays = program.plays
    assert f"{len(plays)}/{len(plays)}" == INDEX[path.name]["placements"]
    lines = decode_gcg(path.read_bytes()).splitlines()
    for play in plays:
        assert lines[play.line - 1].lstrip().startswith(">")
        assert (play.score, play.cumulative) == recorded(lines[play.line - 1]), (play.line, play.tiles, play.words)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_running_total_is_the_recorded_cumulative(path):
    program = game(path)
    totals: dict[str, int] = {}
    for event in program.events:
        score = event.score
        if event.kind == "withdrawn" and score == 0:  # old Quackle: "+0", the total still goes back
            score = -program.plays[event.play].score
        elif event.kind == "play":
            score = program.plays[event.play].score  # our strict score, not the recorded one
        totals[event.player] = totals.get(event.player, 0) + score
        assert totals[event.player] == event.cumulative, (event.line, event.player)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_game_runs_to_the_end(path):
    s = Session(LANGUAGE, game(path))
    outcome = s.continue_()
    assert outcome.reason in (Stop.HALTED, Stop.ERROR)
    state = final_state(s.machine)
    assert len(state["plays"]) == len(s.program.plays)
    if outcome.reason is Stop.HALTED:
        assert state["execution_list"] == [[w.text, w.score] for w in s.program.words]


# ----- the examples ------------------------------------------------------------------------------
EXAMPLE_OUTPUTS = {  # every .scrabble example and what it prints
    "hello_world.scrabble": "", "main.scrabble": "\n\x05\n", "hi.scrabble": "Hi\n", "loop.scrabble": "!H\n",
    "ok.scrabble": "O\nK\n",
}


def test_every_example_is_listed():
    assert sorted(p.name for p in (EXAMPLES / "scrabble").glob("*.scrabble")) == sorted(EXAMPLE_OUTPUTS)


@pytest.mark.parametrize("name", sorted(EXAMPLE_OUTPUTS))
def test_example_prints_its_output(name):
    path = EXAMPLES / "scrabble" / name
    program = LANGUAGE.parse(path.read_text("utf-8"), str(path))
    if name not in ("hello_world.scrabble", "main.scrabble"):  # ours: legal strict games, words checked
        assert program.rules == "strict" and program.dictionary == "ENABLE"
    s = Session(LANGUAGE, program)
    assert s.continue_().reason is Stop.HALTED
    assert s.output.text() == EXAMPLE_OUTPUTS[name]


def test_the_loop_example_loops_eight_times():
    path = EXAMPLES / "scrabble" / "loop.scrabble"
    s = Session(LANGUAGE, LANGUAGE.parse(path.read_text("utf-8"), str(path)))
    s.continue_()
    # 14 words, 7 more passes over IF … REPEAT (10 words), the last IF skipping 9, then 5 words
    assert final_state(s.machine)["executed_words"] == 14 + 7 * 10 + 10 + 5


@pytest.mark.parametrize("path", sorted((EXAMPLES / "scrabble").glob("*.gcg")), ids=lambda p: p.name)
def test_example_games_replay(path):
    s = Session(LANGUAGE, LANGUAGE.parse(LANGUAGE.decode(path.read_bytes(), path.name), path.name))
    assert s.continue_().reason in (Stop.HALTED, Stop.ERROR)
