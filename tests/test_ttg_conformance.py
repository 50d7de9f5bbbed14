"""Conformance: every Tic Tac Toe Grow program of the corpus, run under its own file name, gives
exactly its ``.out`` and ends in the state of its ``.expected.json``: all four boards cell by cell
(over their bounding boxes), D, the next order index k, the saves, the Backspace history depth,
halted and the keystrokes processed (spec `ttg.md`; the corpus `INDEX.md`)."""

from __future__ import annotations

import json

import pytest

from esodbg.engines.base import Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name
from esodbg.engines.ttg.boards import Board

from conftest import CORPUS, EXAMPLES

TTG = by_name("ttg")

EXPECTED = CORPUS / "ttg"
CASES = sorted(EXPECTED.glob("*.expected.json"), key=lambda p: p.name)


def program_path(name: str):
    return next(p for p in (EXAMPLES / "ttg").iterdir() if p.stem == name)


def finished(name: str) -> Session:
    path = program_path(name)
    s = Session(TTG, TTG.parse(path.read_text("utf-8"), str(path)))
    assert s.continue_().reason is Stop.HALTED
    return s


def grid(board: Board) -> list[list]:
    """The corpus' picture of a board as drawn: rows over its bounding box, ``None`` off the
    board, ``""`` Empty, else the value."""
    return [[None if cell is None else board.get(cell) or "" for cell in line] for line in board.grid()[2]]


@pytest.mark.parametrize("out", sorted(EXPECTED.glob("*.out")), ids=lambda p: p.stem)
def test_output_is_byte_exact(out):
    assert finished(out.stem).output.text().encode("utf-8") == out.read_bytes()


@pytest.mark.parametrize("expected", CASES, ids=lambda p: p.name.removesuffix(".expected.json"))
def test_final_state_matches(expected):
    want = json.loads(expected.read_text("utf-8"))
    s = finished(want["file_name"].rsplit(".", 1)[0])
    m = s.machine
    assert m.program.name == want["file_name"]
    assert list(m.keys) == want["program_keystrokes"]
    for role, board in want["boards"].items():
        assert grid(m.board(role)) == board["grid"], role
    assert [grid(m.saves[i]) for i in range(len(m.saves))] == [save["grid"] for save in want["saved_states"]]
    assert (m.D, m.k, m.depth, m.keystrokes) == (want["direction"], want["next_order_index"],
                                                want["undo_depth"], want["steps"])
    assert m.broken == want["halted"]
    assert m.status is Status.HALTED  # every corpus program runs out of keystrokes or breaks
    assert s.output.text() == want["output"]
