"""What the debugger shows of a ><> run (spec `fish.md`, "What the debugger shows"): the codebox
with rows padded to the widest, the cells past a row's extent dimmed, the pointer with its
direction and its string-mode and skip flags, the cells ``p`` changed, values that are no
character as numbers; the registers; the stack of stacks with each stack's register; and frames
of the states its users ask to see, at 80×24 and 120×40."""

from __future__ import annotations

from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.engines.base import CellRef
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from conftest import EXAMPLES

FISH = by_name("fish")
FOLDER = EXAMPLES / "fish"


def at(name: str, steps: int, data: str = "") -> Session:
    path = FOLDER / name
    s = Session(FISH, FISH.parse(path.read_text("utf-8"), name), data)
    s.step(steps)
    assert s.steps == steps
    return s


def cell(s: Session, x: int, y: int):
    return s.view().cell(CellRef("code", y, x))


def panel(s: Session, name: str):
    (found,) = [p for p in s.view().panels if p.name == name]
    return found


def test_rows_are_padded_to_the_widest_and_cells_past_a_rows_extent_are_dimmed():
    s = at("squares.fish", 0)
    (board,) = s.view().boards
    assert board.look == "chars" and len(board.rows) == 5 and {len(row) for row in board.rows} == {17}
    assert cell(s, 2, 0).role == "outside" and cell(s, 2, 1).role == "code"  # row 0 is "1v"
    assert cell(s, 0, 2).role == "outside"  # the blank row has no cell yet
    assert cell(s, 0, 1).role == "blank" and cell(s, 0, 1).glyph == "·"  # a space of the source


def test_the_pointer_shows_its_direction_and_its_flags():
    s = at("hello.fish", 8)  # in the string
    ip = cell(s, 8, 0)
    assert (ip.glyph, ip.sub, ip.role) == ("w", "▶", "ip-string")
    assert s.view().boards[0].caption == 'string mode "' and s.view().next == "push 'w'"
    s = at("counter.fish", 11)  # ? popped 0: the ; is skipped
    (ip,) = [c for row in s.view().boards[0].rows for c in row if c.role.startswith("ip")]
    assert ip.role == "ip-skip" and ip.glyph == ";" and s.view().next == "skip ';'"
    s = at("counter.fish", 2)  # the v turned it down
    assert cell(s, 1, 1).sub == "▼" and cell(s, 1, 1).role == "ip"


def test_cells_p_wrote_are_marked_and_values_that_are_no_character_are_numbers():
    s = at("squares.fish", 10)  # the first p wrote 1 at (1, 2)
    written = cell(s, 1, 2)
    assert (written.glyph, written.sub, written.role, written.changed) == ("1", "", "written-number-alt", True)
    s.step(8 * 16)  # every square written: a turn of the loop is 16 steps
    glyphs = [(cell(s, x, 2).glyph, cell(s, x, 2).sub) for x in range(1, 10)]
    assert glyphs == [("1", ""), ("4", ""), ("9", ""), ("1", "6"), ("2", "5"), ("$", ""), ("1", ""), ("@", ""),
                      ("Q", "")]
    assert [cell(s, x, 2).role for x in (4, 5, 6)] == ["written-number", "written-number-alt", "written"]  # 16 25 $
    inspected = FISH.inspect(s.machine, CellRef("code", 2, 4))
    assert inspected.title == "Cell (4, 2)" and inspected.values[0].value == "16"


def test_the_stack_of_stacks_and_each_register():
    s = at("stacks.fish", 8)  # after 3[
    stack = panel(s, "stack")
    assert stack.title == "Stack 2 (top first), 1 below"
    assert [(v.name, v.value, v.note) for v in stack.values] == [
        ("[2]", "115", "'s'"), ("[1]", "105", "'i'"), ("[0]", "102", "'f'"),
        ("stack 1", "104", "register empty")]
    s.step(4)  # r ] l &: one stack again, its register 4
    registers = {v.name: v for v in panel(s, "registers").values}
    assert registers["register"].value == "4" and registers["register"].changed
    assert registers["depth"].value == "1 stack"


# ----- frames -----------------------------------------------------------------------------------------
FRAMES = [
    ("hello.fish", ["8", "n"]),  # in string mode, half the string pushed
    ("counter.fish", ["1", "1", "n"]),  # a skip pending on the ;
    ("stacks.fish", ["8", "n"]),  # two stacks after 3[
    ("squares.fish", ["1", "5", "0", "n"]),  # the codebox as memory: numbers, a row stretched by the pointer
    ("rewrite.fish", ["2", "0", "n"]),  # p rewrote the digit the loop runs next
]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, keys", FRAMES, ids=[frame[0] for frame in FRAMES])
def test_fish_states(snap_compare, monkeypatch, name, keys, size):
    monkeypatch.chdir(FOLDER)  # a short path on screen, the same on every machine
    assert snap_compare(DebuggerApp(FISH, Path(name), None), press=keys, terminal_size=size)


# ----- stepping and breakpoints -------------------------------------------------------------------------
def test_the_string_unit_steps_over_a_whole_string_and_back():
    s = at("hello.fish", 2)  # on the opening quote
    s.step(1, unit=0)
    assert s.steps == 17 and s.machine.smode == 0 and s.view().next == "':'"  # past the closing quote
    s.step_back(1, unit=0)
    assert s.steps == 2
    s.step(5)  # inside the string: the unit ends at its closing quote too
    s.step(1, unit=0)
    assert s.steps == 17


def test_a_write_breakpoint_stops_before_the_p_that_writes_its_cell_and_exec_on_arrival():
    from esodbg.engines.spec import parse_spec

    s = at("squares.fish", 0)
    parse_spec("cell:code:3,2/write", FISH, s.first_view).set_in(s.breakpoints)
    outcome = s.continue_()
    assert outcome.step == 41 and s.machine.location() == CellRef("code", 1, 8)  # the p of k = 3
    assert s.machine.current()[-2:] == [3, 2]
    s = at("squares.fish", 0)
    parse_spec("cell:code:16,4", FISH, s.first_view).set_in(s.breakpoints)  # the ; is skipped 8 times first
    s.continue_()
    assert s.machine.skip and s.view().next == "skip ';'"
