"""What the debugger shows of a Piet run (issue 46, spec "What the debugger shows"): the picture as
codels, each in its own colour (``Cell.rgb``) with its ascii-piet letter so that it reads as text
without colour; the current block, the IP with the DP arrow, the exit codel with the CC arrow and
the neighbour it faces; a white slide's path and the walls that blocked failed attempts; the
panels (IP, next move with the command and what it would do to the stack, the last step's events,
the palette from the current colour, the stack top first); and frames at 80x24 and 120x40, in
colour and with NO_COLOR."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name
from esodbg.engines.view import View

from conftest import EXAMPLES

sys.path.insert(0, str(EXAMPLES / "piet"))
import paint  # noqa: E402

PIET = by_name("piet")


def session(text: str, steps: int, data: str = "", options: dict | None = None) -> Session:
    s = Session(PIET, PIET.parse(text, "t.apiet", options), data, True)
    for _ in range(steps):
        s.step()
    return s


def panel(view: View, name: str):
    (found,) = [p for p in view.panels if p.name == name]
    return found


def values(view: View, name: str) -> dict[str, str]:
    return {v.name: v.value for v in panel(view, name).values}


def cell(view: View, x: int, y: int):
    board = view.boards[0]
    return board.rows[y - board.row0][x - board.col0]


def test_codels_carry_their_colour_and_letter_black_is_a_dot():
    view = session("lm?\n d@\n", 0).view()
    assert (cell(view, 0, 0).glyph, cell(view, 0, 0).rgb) == ("l", 0xFF0000)
    assert (cell(view, 2, 0).glyph, cell(view, 2, 0).rgb) == ("?", 0xFFFFFF)
    assert (cell(view, 0, 1).glyph, cell(view, 0, 1).rgb) == ("·", 0x000000)


def test_the_ip_exit_and_next_codel_are_marked():
    view = session("llm\nll \n", 0).view()
    assert cell(view, 0, 0).sub == "→" and cell(view, 0, 0).role == "ip"
    assert cell(view, 1, 0).sub == "↰" and cell(view, 1, 0).role == "exit"  # rightmost column, top (CC left)
    assert cell(view, 2, 0).sub == "◦"
    assert cell(view, 0, 1).sub == "•" and cell(view, 0, 1).role == "current"  # the rest of the block


def test_next_move_says_the_change_the_command_and_what_it_does_now():
    text = "".join(
        "".join(paint.LETTERS[c] for c in row[:-1]) + ("@" if row[-1] == paint.BLACK else paint.LETTERS[row[-1]]) + "\n"
        for row in paint.strip([("size", 7), "push", ("size", 1), "push", "not", "divide", "out_number"]))
    s = session(text, 3)
    got = values(s.view(), "next")
    assert got["does"] == "divide 7 / 0 → 99999999"
    assert "divide" in got["change"]
    s = session("ldf\n", 1)  # one value, then add
    assert values(s.view(), "next")["does"] == "add: needs 2, has 1 → nothing"


def test_a_slide_and_blocked_attempts_are_drawn_and_told():
    s = session("ttle??\n", 3)  # the third step slides into the dead end and stops in white
    view = s.view()
    assert cell(view, 4, 0).sub == "·" and cell(view, 4, 0).role == "slide"
    events = [v.value for v in panel(view, "events").values]
    assert events == ["slide 4,0 → 5,0 (2 white)", "stop in white at 5,0"]
    s.step()
    events = [v.value for v in panel(s.view(), "events").values]
    assert events[0] == "toggle CC → right, rotate DP → down (the edge)"
    assert cell(s.view(), 4, 0).sub in ("·", "◦", "")


def test_the_palette_labels_every_other_colour_with_its_command():
    rows = panel(session("l\n", 0).view(), "palette").values
    assert len(rows) == 17
    got = {v.name: v.value for v in rows}
    assert got["d dark red"] == "push" and got["t light red"] == "pop" and got["n yellow"] == "add"


def test_the_stack_is_top_first():
    s = session(paint_text([("size", 3), "push", ("size", 5), "push"]), 2)
    assert [(v.name, v.value) for v in panel(s.view(), "stack").values] == [("[0]", "5"), ("[1]", "3")]


def paint_text(ops: list) -> str:
    return "".join("".join(paint.LETTERS[c] for c in row[:-1])
                   + ("@" if row[-1] == paint.BLACK else paint.LETTERS[row[-1]]) + "\n" for row in paint.strip(ops))


# ----- frames --------------------------------------------------------------------------------------
FRAMES = [
    ("slide", "echo.png", ["3", "n"]),  # echo.png after its slide across three white codels
    ("counter", "counter.apiet", ["1", "2", "n"]),  # the counter mid-way, 1 2 printed
]


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no_color"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, file, keys", FRAMES, ids=[frame[0] for frame in FRAMES])
def test_piet_frames(snap_compare, monkeypatch, name, file, keys, size, colour):
    monkeypatch.chdir(EXAMPLES / "piet")  # paths on screen short and the same on every machine
    if not colour:
        monkeypatch.setenv("NO_COLOR", "1")
    app = DebuggerApp(PIET, Path(file), "Q", restore=False, remember=False)
    assert snap_compare(app, press=keys, terminal_size=size)


async def test_a_picture_opens_read_only_and_ascii_piet_in_the_editor(monkeypatch):
    from esodbg.app.screens.editor import EditorScreen

    monkeypatch.chdir(EXAMPLES / "piet")
    app = DebuggerApp(PIET, Path("echo.png"), "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("E")
        await pilot.pause()
        assert not isinstance(app.screen, EditorScreen)
        assert any("read-only" in n.message for n in app._notifications)
    app = DebuggerApp(PIET, Path("echo.apiet"), "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)


# ----- a big picture zoomed out: ▀ half blocks, two codels a terminal cell -------------------------
def big_png(folder: Path) -> Path:
    """paint.big(): 179 × 44 codels, too big at two columns a codel at 80×24 and 120×40."""
    from PIL import Image

    codels = paint.big()
    image = Image.new("RGB", (len(codels[0]), len(codels)))
    image.putdata([(paint.RGB[c] >> 16, paint.RGB[c] >> 8 & 255, paint.RGB[c] & 255) for row in codels for c in row])
    image.save(folder / "zoom.png")
    return folder / "zoom.png"


def board_view(app):
    from esodbg.app.widgets.board import BoardView

    return app.debugger.query_one(BoardView)


async def test_a_big_picture_is_zoomed_out_into_half_blocks_and_z_zooms_in_and_out(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    big_png(tmp_path)
    app = DebuggerApp(PIET, Path("zoom.png"), "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = board_view(app)
        assert board.half and board.virtual_size.height == 1 + (44 + 1) // 2  # the axis, then two rows a line
        line = "".join(segment.text for segment in board.render_line(3))  # rows 4 and 5 of the band
        assert "▀" in line
        top = "".join(segment.text for segment in board.render_line(1))  # rows 0 and 1: the IP's codel (0, 0)
        assert top.split()[1].startswith("→")  # after the row label: the DP arrow on the IP's codel
        from esodbg.engines.base import CellRef
        app.session.breakpoints.set(CellRef("picture", 5, 3))  # codel (3, 5): line 3, the lower half
        app.render_state()
        await pilot.pause()
        line = "".join(segment.text for segment in board.render_line(3))
        assert line.split(" ", 2)[2][3] == "●"  # after the label "4 ": column 3
        await pilot.press("z")
        await pilot.pause()
        assert not board.half and board.virtual_size.height == 1 + 44
        await pilot.press("z")
        await pilot.pause()
        assert board.half
        await pilot.press("question_mark")  # the help says which key zooms
        await pilot.pause()
        keys = dict(app.screen.rows()[0][1])
        assert keys["z"].startswith("zoom the picture out (two cells a terminal cell, as ▀ half blocks")
    app = DebuggerApp(PIET, EXAMPLES / "piet" / "echo.png", "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:  # a picture that fits keeps two columns a codel
        await pilot.pause()
        assert not board_view(app).half


async def test_without_colour_a_big_picture_keeps_its_letters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    big_png(tmp_path)
    app = DebuggerApp(PIET, Path("zoom.png"), "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        assert not board_view(app).half and any("needs colour" in n.message for n in app._notifications)


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no_color"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_big_picture_frames(snap_compare, tmp_path, monkeypatch, size, colour):
    monkeypatch.chdir(tmp_path)
    big_png(tmp_path)
    if not colour:
        monkeypatch.setenv("NO_COLOR", "1")
    app = DebuggerApp(PIET, Path("zoom.png"), "", restore=False, remember=False)
    assert snap_compare(app, press=["n", "n", "n"], terminal_size=size)


async def test_the_breakpoint_prompt_takes_the_spec_names_and_lists_them():
    """``B``: the prompt's hint names codel:X,Y, block:X,Y and command:NAME; an unknown command
    keeps the prompt with the valid ones; command:out_number stops before the out(number)."""
    from esodbg.app.screens.prompt import PromptScreen
    from esodbg.engines.base import NamedRef, Stop

    app = DebuggerApp(PIET, EXAMPLES / "piet" / "countdown.png", "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("B")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen)
        hint = " ".join(str(label.render()) for label in app.screen.query("Label, Static"))
        assert "codel:X,Y" in hint and "block:X,Y" in hint and "command:NAME" in hint
        await pilot.press(*"command:outnum", "enter")
        await pilot.pause()
        error = str(app.screen.query_one("#prompt-error").render())
        assert isinstance(app.screen, PromptScreen) and "no Piet command 'outnum'" in error and "out_number" in error
        await pilot.press(*["backspace"] * 6, *"out", "underscore", *"number", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert NamedRef("command", "out_number") in app.session.breakpoints
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.outcome.reason is Stop.BREAKPOINT and app.session.steps == 2
        assert "breakpoint command out_number" in str(app.query_one("#status").render())
