"""The debugger app driven with Textual's Pilot: keys change the session as the footer says."""

from __future__ import annotations

from pathlib import Path

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.screens.help import HelpScreen
from esodbg.app.screens.parse_error import ParseErrorScreen
from esodbg.app.widgets.board import BoardView
from esodbg.engines import FIFTEEN
from esodbg.engines.base import CellRef, Status, Stop

from conftest import EXAMPLES

HELLO = EXAMPLES / "fifteen" / "hello.15"
TRUTH = EXAMPLES / "fifteen" / "truth.15"


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_step_keys_and_counts():
    app = DebuggerApp(FIFTEEN, HELLO)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n", "right")
        assert app.session.steps == 2
        await pilot.press("1", "0", "n")
        assert app.session.steps == 12
        await pilot.press("N", "left", "p")
        assert app.session.steps == 9
        await pilot.press("2", "0", "N")
        assert app.session.steps == 0


async def test_continue_runs_in_a_worker_to_halt_and_output_is_shown():
    app = DebuggerApp(FIFTEEN, HELLO)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        assert app.session.machine.status is Status.HALTED and app.outcome.reason is Stop.HALTED
        assert "Hello" in str(app.query_one("#output .content").render())


async def test_board_cursor_and_breakpoint_toggle_then_continue_and_reverse():
    app = DebuggerApp(FIFTEEN, EXAMPLES / "fifteen" / "99.15")
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(BoardView)
        assert board.cursor == (1, 5)  # starts on the instruction pointer
        await pilot.press("tab")
        assert app.focused is board
        await pilot.press("down", "left", "enter")  # arrows move the cursor while the board is focused
        assert CellRef("puzzle", 2, 4) in app.session.breakpoints
        assert app.session.steps == 0
        await pilot.press("escape", "c")
        await settle(pilot)
        assert app.outcome.reason is Stop.BREAKPOINT and app.session.machine.location() == CellRef("puzzle", 2, 4)
        first = app.session.steps
        await pilot.press("c")
        await settle(pilot)
        await pilot.press("C")
        await settle(pilot)
        assert app.session.steps == first
        await pilot.press("b")  # b toggles at the cursor, focused board or not
        assert CellRef("puzzle", 2, 4) not in app.session.breakpoints


async def test_click_on_a_cell_toggles_its_breakpoint():
    app = DebuggerApp(FIFTEEN, HELLO)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(BoardView)
        await pilot.click(board, offset=(2 + 6 * 3 + 2, 1 + 3 * 2))  # (row 2, col 3) past border/padding
        assert list(bp.at for bp in app.session.breakpoints) == [CellRef("puzzle", 2, 3)]


async def test_input_prompt_feeds_the_program_and_resumes():
    app = DebuggerApp(FIFTEEN, TRUTH)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        assert app.outcome.reason is Stop.NEEDS_INPUT and app.focused.id == "prompt"
        await pilot.press("0", "enter")
        await settle(pilot)
        assert app.session.machine.status is Status.HALTED and app.session.output.text() == "0\n"


async def test_ctrl_d_ends_input_and_the_read_becomes_a_runtime_error():
    app = DebuggerApp(FIFTEEN, TRUTH)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.press("ctrl+d")
        await settle(pilot)
        assert app.session.machine.status is Status.ERROR
        assert "end of input" in app.session.machine.fault.message


async def test_escape_interrupts_a_running_continue():
    app = DebuggerApp(FIFTEEN, TRUTH, "1\n")  # prints forever
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause(0.3)
        assert app.running
        await pilot.press("escape")
        await settle(pilot)
        assert not app.running and app.outcome.reason is Stop.INTERRUPTED and app.session.steps > 0


async def test_restart_goes_back_to_step_0_keeping_breakpoints():
    app = DebuggerApp(FIFTEEN, HELLO)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b", "5", "n", "r")
        assert app.session.steps == 0 and len(app.session.breakpoints) == 1 and app.session.output.text() == ""


async def test_help_lists_every_key():
    app = DebuggerApp(FIFTEEN, HELLO)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_parse_error_screen_reloads_the_fixed_file(tmp_path):
    prog = tmp_path / "p.15"
    prog.write_text("1,x\n\n>_,<_\n")
    app = DebuggerApp(FIFTEEN, prog)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, ParseErrorScreen)
        assert "p.15:1:3" in str(app.screen.query_one("#diagnostics").render())
        await pilot.press("n")  # debugger keys do nothing here
        prog.write_text("1,0\n\n>_,<_\n")
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, ParseErrorScreen) and app.session is not None
        await pilot.press("n")
        assert app.session.steps == 1


async def test_footer_hides_debugger_keys_without_a_program(tmp_path):
    prog = tmp_path / "p.15"
    prog.write_text("oops")
    app = DebuggerApp(FIFTEEN, prog)
    async with app.run_test(size=(120, 40)):
        assert app.check_action("step", ()) is False and app.check_action("quit", ()) is True
