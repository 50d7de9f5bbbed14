"""What the debugger shows of a Labyrinth run (issue 38, spec "What the debugger shows"): the
maze as a board — walls filled, commands on the corridors, junctions marked with their shape, the
IP with its arrow — a rotation drawn over the step that makes it (the row or column marked with
its arrow, the wrapped cell again in the margin it left by), the way each step chose explained,
main and auxiliary stacks side by side top first with the implicit zeros; and the frames users
ask to see, at 80x24 and 120x40: a junction decision, a row shift carrying the IP, both stacks
deep."""

from __future__ import annotations

from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name
from esodbg.engines.view import View

from conftest import EXAMPLES

LAB = by_name("labyrinth")
# A corridor east, down and west to a `<` that rotates its own row: the IP rides it one cell west,
# the `@` wraps from the west edge to the east one, then `!` and back to the `<` again.
RIDE = '_"""\n   "\n@!<"\n'
# Five values onto the auxiliary stack, then main grows ten deep (29 steps).
DEEP = '_1_2_3_4_5_6}}}}}_7_8_9:::###"\n' + " " * 29 + "@\n"
# The column at x = 1 rotates down under a `v` next to it (k = 1), carrying no IP.
COLUMN = '_1v\n"\n"\n"""\n'


def session(text: str, steps: int) -> Session:
    s = Session(LAB, LAB.parse(text, "t.lab"), "", True)
    s.step(steps)
    assert s.steps == steps
    return s


def panel(view: View, name: str):
    (found,) = [p for p in view.panels if p.name == name]
    return found


def values(view: View, name: str) -> dict[str, str]:
    return {v.name: v.value for v in panel(view, name).values}


def cell(view: View, x: int, y: int):
    board = view.boards[0]
    return board.rows[y - board.row0][x - board.col0]


def test_walls_are_walls_commands_corridors_and_junctions_show_their_shape():
    view = session((EXAMPLES / "labyrinth" / "counter.lab").read_text(), 0).view()
    board = view.boards[0]
    assert board.look == "chars" and (board.row0, board.col0) == (-1, -1)  # a margin of one cell all round
    assert cell(view, 1, 1).role == "wall" and cell(view, 1, 1).glyph == " "
    assert (cell(view, 1, 0).glyph, cell(view, 1, 0).role) == (":", "path")
    assert (cell(view, 10, 0).role, cell(view, 10, 0).sub) == ("junction", "┬")  # west, east and south meet
    assert (cell(view, 0, 0).role, cell(view, 0, 0).sub) == ("ip", "▶")
    assert cell(view, -1, 0) is None and cell(view, 12, 3) is None  # the margin holds no cell
    letters = session("1Ab!@\n", 0).view()
    assert (cell(letters, 1, 0).glyph, cell(letters, 1, 0).role) == ("A", "wall")  # a wall keeps its character


def test_the_way_each_step_chose_is_explained():
    counter = (EXAMPLES / "labyrinth" / "counter.lab").read_text()
    assert values(session(counter, 11).view(), "pointer")["way"] == "3 neighbours, top 9 → right ▼ south"
    assert values(session(counter, 2).view(), "pointer")["way"] == "2 neighbours, not back → ▶ east"
    assert values(session("1\n", 3).view(), "pointer")["way"] == "0 neighbours: stays"
    assert values(session('"1)!\n@\n', 4).view(), "pointer")["way"] == "1 neighbour → ◀ west (a dead end)"
    side_zero = session('_""!@\n  "\n  @\n', 3).view()
    assert values(side_zero, "pointer")["way"] == "3 neighbours, top 0 → straight on ▶ east"
    stem = session('   "\n   #\n@!9"7!@\n', 3).view()  # down the stem into the bar with a 0
    assert values(stem, "pointer")["way"] == "3 neighbours, top 0 → straight on is a wall, so back ▲ north"
    rand = session("_v2\n3 !\n\"!@\n", 14).view()
    assert values(rand, "pointer")["way"].startswith("2 neighbours left and right, top 0 → at random ")


def test_a_row_shift_carrying_the_ip_is_drawn_moving():
    view = session(RIDE, 7).view()  # the `<` at (2, 2) rotated row 2 left; the IP rode to x 1, went on to x 0
    board = view.boards[0]
    assert values(view, "pointer")["shift"] == "row 2 ◀, IP rode along"
    assert board.caption == "4×3 · row 2 ◀ rotated left, the IP rode along"
    assert board.axes[1][2 - board.row0] == "◀2"
    row = [cell(view, x, 2) for x in range(-1, 4)]
    assert [(c.glyph, c.role) for c in row] == [("@", "ghost"), ("!", "ip"), ("<", "moved"), ('"', "moved"),
                                                ("@", "moved")]
    assert [c.sub for c in row] == ["◀"] * 5  # the IP faces west too
    assert not any(c.changed for c in row)  # drawn as moved, not as changed: the IP stands out
    assert "shift" not in values(session(RIDE, 8).view(), "pointer")  # only over the step that made it


def test_a_column_shift_is_drawn_moving_down_with_the_wrapped_cell_below():
    view = session(COLUMN, 3).view()
    assert values(view, "pointer")["shift"] == "column 0 ▼" and view.boards[0].caption == "3×4 · column 0 ▼ rotated down"
    assert (cell(view, 0, 4).glyph, cell(view, 0, 4).role, cell(view, 0, 4).sub) == ('"', "ghost", "▼")
    assert [cell(view, 0, y).role for y in range(4)] == ["moved"] * 4 and view.boards[0].axes[0][1] == "▼"


def test_stacks_side_by_side_top_first_with_the_implicit_zeros():
    view = session(DEEP, 29).view()
    rows = panel(view, "stacks").values
    assert panel(view, "stacks").title == "Stacks, top first"
    assert [(v.name, v.value) for v in rows[:4]] == [("", "main │ aux"), ("depth", "  10 │ 5"), ("[0]", "   9 │ 2"),
                                                   ("[1]", "   8 │ 3")]
    assert [(v.name, v.value) for v in rows[6:9]] == [("[4]", "   9 │ 6"), ("[5]", "   9 │ ·"), ("[6]", "   9 │ ·")]
    assert (rows[-1].value, rows[-1].note) == ("   0 │ 0", "implicit zeros")
    assert [v.changed for v in rows[2:4]] == [True, False]  # the last # pushed main[0]


# ----- frames --------------------------------------------------------------------------------------
FRAMES = [
    ("junction", "counter.lab", None, ["1", "1", "n"]),  # the T after `+`: top 9 turns it right, south
    ("ride", "ride.lab", RIDE, ["7", "n"]),  # `<` rotated its own row: the IP rode it west
    ("deep", "deep.lab", DEEP, ["2", "9", "n"]),  # main ten deep, auxiliary five
]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, file, text, keys", FRAMES, ids=[frame[0] for frame in FRAMES])
def test_labyrinth_frames(snap_compare, monkeypatch, tmp_path, name, file, text, keys, size):
    folder = EXAMPLES / "labyrinth"
    if text is not None:
        folder = tmp_path
        (folder / file).write_text(text)
    monkeypatch.chdir(folder)  # paths on screen short and the same on every machine
    app = DebuggerApp(LAB, Path(file), "", restore=False, remember=False)
    assert snap_compare(app, press=keys, terminal_size=size)


async def test_quote_cells_are_breakpoints_when_the_debugger_opens_the_program(tmp_path, monkeypatch):
    """D8: where the reference's -d prints its state, the debugger stops: every `'` cell is a
    breakpoint on load (LANGUAGE.marks), and continue stops before the `'` runs."""
    monkeypatch.chdir(tmp_path)
    Path("marked.lab").write_text("_1'2'!@\n")
    assert [LAB.where(at) for at in LAB.marks(LAB.parse("_1'2'!@\n", "marked.lab"))] == ["maze (2, 0)", "maze (4, 0)"]
    app = DebuggerApp(LAB, Path("marked.lab"), "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert {LAB.cell_name(bp.at) for bp in app.session.breakpoints} == {"(2, 0)", "(4, 0)"}
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session.steps == 2 and LAB.cell_name(app.session.machine.location()) == "(2, 0)"


async def test_run_on_a_maze_with_no_command_says_there_is_nothing_to_run(tmp_path, monkeypatch):
    """Issue 43 item 5: a maze with no command halts before its first step; the status line says
    there is nothing to run, not that the program reached @ (it has none)."""
    monkeypatch.chdir(tmp_path)
    Path("walls.lab").write_text("abc\nxyz\n")
    app = DebuggerApp(LAB, Path("walls.lab"), "", restore=False, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        status = str(app.query_one("#status").render())
        assert "nothing to run: the maze has no command" in status and "reached @" not in status
