"""What the debugger shows of a Stoned-Go run (issue 14, spec D2, D5) and the board as SGF: the
view model at the step of a capture, inside nested triggers and at a macro-made command; the board
drawn as a Go board; ``exec --sgf`` and the debugger's ``e``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sgfmill import sgf

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.files import load_program
from esodbg.engines.debugger import Session
from esodbg.engines.stoned_go import LANGUAGE
from esodbg.engines.stoned_go.board import unpack
from esodbg.engines.stoned_go.export import TooBig, sgf as to_sgf
from esodbg.engines.view import View

from conftest import EXAMPLES
from screen import screen_lines

SGO = EXAMPLES / "stoned-go"


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def session_at(name: str, steps: int, folder: Path = SGO) -> Session:
    session = Session(LANGUAGE, load_program(folder / name, LANGUAGE, {}))
    session.step(steps)
    assert session.steps == steps
    return session


def panel(view: View, name: str) -> list[tuple[str, str, str]]:
    (found,) = [p for p in view.panels if p.name == name]
    return [(value.name, value.value, value.note) for value in found.values]


def cells(view: View) -> dict[tuple[int, int], tuple[str, str]]:
    """(x, y) -> (glyph, role) for every point of the drawn board."""
    (grid,) = view.boards
    return {(grid.col0 + c, grid.row0 + r): (cell.glyph, cell.role)
            for r, row in enumerate(grid.rows) for c, cell in enumerate(row)}


# ----- the view model ---------------------------------------------------------------------------

def test_the_step_of_a_capture_shows_the_captured_stone_being_removed_and_its_events():
    # single_capture.sgo: step 13 is the black [ ] at (2, 1) that captures the white stone at (1, 1).
    view = session_at("single_capture.sgo", 13).view()
    board = cells(view)
    assert board[(1, 1)] == ("×", "captured")
    assert board[(2, 1)] == ("●", "stone-black")
    assert board[(3, 1)] == ("┼", "empty")
    events = [name for name, _, _ in panel(view, "events")]
    assert events[:4] == ["step 13", "  place", "  capture", "  trigger start"]
    assert events[4:6] == ["step 12", "  move"]  # the steps before it, newest first
    assert view.boards[0].caption == "cursor (2, 1) ↔"
    # One step on, the captured point is an empty point again.
    session = session_at("single_capture.sgo", 14)
    assert cells(session.view())[(1, 1)] == ("┼", "empty")


def test_the_board_is_the_stones_and_cursor_with_a_margin_and_axes():
    view = session_at("single_capture.sgo", 10).view()
    (grid,) = view.boards
    xs = [unpack(key)[0] for key in session_at("single_capture.sgo", 10).machine.board] + [1]
    assert grid.look == "points"
    assert grid.col0 == min(xs) - 2 and len(grid.axes[0]) == len(grid.rows[0])
    assert grid.axes[0][0] == str(grid.col0) and grid.axes[1][0] == str(grid.row0)


def test_nested_triggers_are_stack_frames_innermost_first():
    # chain_reaction.sgo: step 153 starts the third trigger inside the first two (T3).
    view = session_at("chain_reaction.sgo", 153).view()
    stack = panel(view, "stack")
    assert [name for name, _, _ in stack] == ["trigger ○ (6, 0)", "trigger ○ (3, 0)", "trigger ○ (0, 0)", "top level"]
    assert [note.split(" · ")[0] for _, _, note in stack] == ["depth 3", "depth 2", "depth 1", "depth 0"]
    assert stack[1][1] == "(end of block)"  # the outer triggers resume after their [ ]: their blocks end there


def test_a_command_made_by_a_macro_shows_its_call_site_too():
    # chain_reaction.sgo's +3 at step 153 comes from <domino>, called at line 21.
    view = session_at("chain_reaction.sgo", 153).view()
    assert panel(view, "via") == [("<domino>", "line 21:19", "")]
    (call,) = view.also
    assert (call.line, call.col) == (21, 19)
    assert view.next == "+3 at (7, 0) via <domino> at 21:19"


def test_the_end_of_a_subprogram_is_an_event_of_its_step():
    view = session_at("subprogram.sgo", 75).view()
    assert [name for name, _, _ in panel(view, "events")][:2] == ["step 75", "  subprogram end"]


def test_the_events_of_a_step_are_shown_after_stepping_back_to_it():
    # Step back from 16 to 13: the capture and the trigger start are still the events of step 13.
    session = session_at("single_capture.sgo", 16)
    session.step_back(3)
    events = panel(session.view(), "events")
    assert [name for name, _, _ in events][:4] == ["step 13", "  place", "  capture", "  trigger start"]
    # And after a step back far past the recent-step records (re-executed from a checkpoint).
    session = Session(LANGUAGE, load_program(SGO / "chain_reaction.sgo", LANGUAGE, {}), interval=64, undo_records=8)
    session.continue_()  # halts at step 172
    session.step_back(172 - 153)
    assert [name for name, _, _ in panel(session.view(), "events")][:4] == [
        "step 153", "  place", "  capture", "  trigger start"]


def test_the_group_at_the_cursor_counts_its_liberties():
    # Step 12: the cursor is on the empty point (2, 1), the last liberty of the white stone.
    assert panel(session_at("single_capture.sgo", 12).view(), "group") == [("—", "no stone here", "")]
    colour, stones, liberties = panel(session_at("single_capture.sgo", 13).view(), "group")
    assert colour[1] == "● black" and stones[1] == "1" and liberties[1] == "4"
    assert liberties[2] == "(2, 0), (1, 1), (3, 1), (2, 2)"


# ----- the board drawn ------------------------------------------------------------------------------

async def test_the_board_is_drawn_as_a_go_board_with_the_cursor_in_brackets():
    app = DebuggerApp(LANGUAGE, SGO / "single_capture.sgo", "")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "3", "n")
        await settle(pilot)
        lines = screen_lines(app)
    rows = {line.split("│")[1].split()[0]: line for line in lines if line.startswith("│") and "─┼" in line}
    # Row y=1: black (0, 1), the captured × at (1, 1), the cursor's black stone (2, 1) in brackets.
    assert "●─×[●]" in rows["1"].replace(" ", "")
    assert "cursor (2, 1) ↔ · step 13" in "\n".join(lines)


# ----- SGF ---------------------------------------------------------------------------------------

def esodbg(*args, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *map(str, args)], capture_output=True, text=True,
                          timeout=60, cwd=cwd)


def stones(data: bytes) -> tuple[int, set, set]:
    """An SGF file's size and its black and white setup stones, in sgfmill's (row, col)."""
    game = sgf.Sgf_game.from_bytes(data)
    black, white, _ = game.get_root().get_setup_stones()
    return game.get_size(), black, white


def test_exec_sgf_writes_the_final_board_for_any_go_viewer(tmp_path):
    target = tmp_path / "board.sgf"
    result = esodbg("exec", SGO / "single_capture.sgo", "--sgf", target)
    assert result.returncode == 0, result.stderr
    size, black, white = stones(target.read_bytes())
    # Stones: black (0,1) (1,0) (1,2) (2,1), white (11,1); the square from (0,0) is 12 wide;
    # sgfmill's rows count up from the bottom, Stoned-Go's y down from the top.
    assert size == 12
    assert black == {(10, 0), (11, 1), (9, 1), (10, 2)} and white == {(10, 11)}
    assert "top-left point of this board is (0, 0)" in sgf.Sgf_game.from_bytes(target.read_bytes()).get_root().get("C")


def test_exec_sgf_says_why_a_board_too_wide_for_sgf_cannot_be_written(tmp_path):
    (tmp_path / "wide.sgo").write_text("[ ] +30 [ ] ?|")
    result = esodbg("exec", tmp_path / "wide.sgo", "--sgf", tmp_path / "wide.sgf")
    assert result.returncode == 2
    assert "cannot write" in result.stderr and "31×31 points" in result.stderr and "26×26" in result.stderr
    assert not (tmp_path / "wide.sgf").exists()


def test_sgf_of_a_state_too_wide_raises_too_big():
    session = Session(LANGUAGE, LANGUAGE.parse("[ ] +26 [ ] ?|", "wide.sgo", {}))
    session.step(3)
    with pytest.raises(TooBig):
        to_sgf(session.machine)


def test_sgf_is_not_an_option_of_other_languages(tmp_path):
    result = esodbg("exec", EXAMPLES / "fifteen" / "hello.15", "--sgf", tmp_path / "x.sgf")
    assert result.returncode == 2 and "--sgf has no meaning for 15" in result.stderr


async def test_e_in_the_debugger_asks_where_to_write_the_board_and_says_where_it_went(tmp_path, monkeypatch):
    """``e`` asks for the file (the default named by the step, in the current directory), writes
    it on Enter and says where; an existing file is overwritten only on a second Enter."""
    from esodbg.app.screens.prompt import PromptScreen
    from textual.widgets import Input

    monkeypatch.chdir(tmp_path)
    app = DebuggerApp(LANGUAGE, SGO / "single_capture.sgo", "")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "3", "n")
        await settle(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen)  # nothing written without asking
        assert app.screen.query_one(Input).value == "single_capture-step13.sgf" and not list(tmp_path.iterdir())
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PromptScreen)
        written = tmp_path / "single_capture-step13.sgf"
        assert any(str(written) in str(n.message) for n in app._notifications)
        (tmp_path / "mine").mkdir()
        (tmp_path / "mine" / "keep.sgf").write_text("mine")
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one(Input).value = "mine/keep.sgf"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and (tmp_path / "mine" / "keep.sgf").read_text() == "mine"
        assert "exists" in str(app.screen.query_one("#prompt-error").render())
        await pilot.press("escape")
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one(Input).value = "mine"  # a directory: the default name in it
        await pilot.press("enter")
        await pilot.pause()
    size, black, white = stones(written.read_bytes())
    assert len(black) == 4 and white == set()  # the white stone was just captured
    assert (tmp_path / "mine" / "single_capture-step13.sgf").read_bytes() == written.read_bytes()


# ----- the board cursor, the call stack pane -------------------------------------------------------

async def test_the_group_panel_follows_the_board_cursor_and_home_brings_it_back():
    app = DebuggerApp(LANGUAGE, SGO / "chain_reaction.sgo", "")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "5", "3", "n")
        await settle(pilot)
        await pilot.press("tab")  # the board's cursor starts where the program is: (7, 0)
        await pilot.pause()
        group = app.screen.query_one("#panel-group")
        assert group.border_title == "Group at (7, 0)"
        await pilot.press("left", "left", "left")
        await pilot.pause()
        assert group.border_title == "Group at (4, 0)"
        assert "liberties 6" in "\n".join(screen_lines(app))
        await pilot.press("home")
        await pilot.pause()
        assert group.border_title == "Group at (7, 0)"


async def test_selecting_a_stack_frame_shows_where_it_goes_on_in_the_code():
    from esodbg.app.widgets.panes import ListingView
    from esodbg.app.widgets.source import SourceView

    app = DebuggerApp(LANGUAGE, SGO / "chain_reaction.sgo", "")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "5", "3", "n")
        await settle(pilot)
        frames = app.screen.query_one("#panel-stack", ListingView)
        source = app.screen.query_one(SourceView)
        frames.focus()
        await pilot.pause()
        await pilot.press("down")  # the innermost frame: the next command, +3 on line 15
        await pilot.pause()
        assert (source.selected.line, source.selected.col) == (15, 6)
        await pilot.press("down")  # the trigger that set it off goes on at its block's end, the ) of line 15
        await pilot.pause()
        assert (source.selected.line, source.selected.col) == (15, 16)
        await pilot.press("down", "down", "down")  # the top level, at the ? of line 24
        await pilot.pause()
        assert (frames.selected, source.selected.line) == (3, 24)
        app.screen.query_one("#board-board").focus()  # leaving the pane clears the selection
        await pilot.pause()
        assert source.selected is None


async def test_b_on_a_command_in_the_code_pane_says_breakpoints_go_on_points():
    """Stoned-Go stops at board points (D6): ``b`` on a command of the code pane sets nothing
    (a breakpoint there would never stop) and says why; on the board it sets one."""
    from esodbg.app.widgets.source import SourceView

    app = DebuggerApp(LANGUAGE, SGO / "single_capture.sgo", "")
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.query_one(SourceView).focus()
        await pilot.pause()
        await pilot.press("b", "h")
        await pilot.pause()
        assert len(app.session.breakpoints) == 0 and app.session.steps == 0 and not app.running
        assert any("go on board cells" in str(n.message) for n in app._notifications)
        app.screen.query_one("#board-board").focus()
        await pilot.press("b")
        assert len(app.session.breakpoints) == 1
