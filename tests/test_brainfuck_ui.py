"""Brainfuck frames as its users ask to see them (spec ``brainfuck.md``, "What the debugger
shows"), at 80x24 and 120x40: the tape board around the pointer, the code with the next command
and its matching bracket, the loop stack; wide tiles for 32-bit cells; a runtime error; the units
of stepping and the tape board's breakpoints through the keys.  The SVGs are in
``tests/__snapshots__/test_brainfuck_ui/``: after a deliberate change, look at them, then
``pytest tests/test_brainfuck_ui.py --snapshot-update``."""

from __future__ import annotations

from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.widgets.board import BoardView
from esodbg.engines.base import CellRef, Stop
from esodbg.engines.breakpoints import DataRef
from esodbg.engines.registry import by_name

from conftest import EXAMPLES

BF = by_name("brainfuck")
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
FRAMES = [
    ("triangle.b", None, ["1", "5", "0", "n"]),  # two loops deep, copying a cell: the loop stack, changed cells
    ("triangle.b", None, ["1", "4", "6", "n"]),  # at a ], its matching [ pointed at too
    ("binary.b", None, ["6", "0", "0", "n"]),  # the bits on the tape, mid-count
    ("wide.b", {"cell_size": "32"}, ["9", "n"]),  # 32-bit cells: wide tiles
    ("left.b", None, ["c"]),  # a runtime error: < on cell 0
]
PROGRAMS = {"wide.b": "-[->+>++<<]>>--.\n", "left.b": "+++.\n<\n"}


def app(monkeypatch, tmp_path: Path, name: str, options: dict | None = None) -> DebuggerApp:
    folder = EXAMPLES / "brainfuck"
    if name in PROGRAMS:
        folder = tmp_path
        (tmp_path / name).write_text(PROGRAMS[name])
    monkeypatch.chdir(folder)  # a short path on screen, the same on every machine
    return DebuggerApp(BF, Path(name), "", options=options, restore=False, remember=False)


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("name, options, keys", FRAMES, ids=[f"{name}-{''.join(keys)}" for name, _, keys in FRAMES])
def test_brainfuck_states(snap_compare, monkeypatch, tmp_path, name, options, keys, size):
    assert snap_compare(app(monkeypatch, tmp_path, name, options), press=keys, terminal_size=size)


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_unit_keys_step_over_a_loop_through_an_iteration_and_out(monkeypatch, tmp_path):
    """``o`` at a ``[`` runs the whole loop, ``O`` goes back before it; ``i`` runs one pass to the
    ``]`` test; ``u`` runs to the end of the innermost loop."""
    async with app(monkeypatch, tmp_path, "triangle.b").run_test(size=(120, 40)) as pilot:
        s = pilot.app.session
        code = s.program.code
        while code[s.machine.pc] != ord("["):
            await pilot.press("n")
            await settle(pilot)
        opened = s.machine.pc
        await pilot.press("o")
        await settle(pilot)
        assert s.machine.pc == s.program.match[opened] + 1 and s.machine.tape[3] == 42
        await pilot.press("O")
        await settle(pilot)
        assert s.machine.pc == opened
        await pilot.press("n", "i")
        await settle(pilot)
        assert s.machine.pc == s.program.match[opened] and s.machine.tape[3] == 7
        await pilot.press("u")
        await settle(pilot)
        assert s.machine.pc == s.program.match[opened] + 1 and s.machine.tape[3] == 42


async def test_b_and_d_on_the_tape_board_watch_a_cell(monkeypatch, tmp_path):
    """On the tape board, ``b`` puts a write breakpoint on the cell under the cursor (it stops
    before a step writes it) and ``D`` a data breakpoint (it stops after a step changes it)."""
    async with app(monkeypatch, tmp_path, "counter.b").run_test(size=(120, 40)) as pilot:
        board = pilot.app.query_one(BoardView)
        board.focus()
        await pilot.press("right", "right", "right", "b", "D")
        s = pilot.app.session
        assert {bp.at for bp in s.breakpoints} == {CellRef("tape", 0, 3), DataRef("tape(3)")}
        await pilot.press("escape", "c")
        await settle(pilot)
        assert pilot.app.outcome.reason is Stop.BREAKPOINT and s.machine.ptr == 3
        assert chr(s.program.code[s.machine.pc]) in "+-,"  # about to write cell 3
        await pilot.press("c")
        await settle(pilot)
        assert pilot.app.outcome.reason is Stop.BREAKPOINT and s.machine.tape[3] == 1  # it changed


async def test_a_tape_breakpoint_is_listed_as_its_cell(monkeypatch, tmp_path):
    """Issue 43 item 5: the breakpoints list names a tape breakpoint ``tape[2]``, not ``2 0``
    (the index then the value, read as two numbers)."""
    async with app(monkeypatch, tmp_path, "counter.b").run_test(size=(120, 40)) as pilot:
        board = pilot.app.query_one(BoardView)
        board.focus()
        await pilot.press("right", "right", "b", "escape")
        await pilot.pause()
        rows = pilot.app.query_one("#breakpoints").values
        assert [row.value for row in rows] == ["tape[2]"]
