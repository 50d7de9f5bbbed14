"""The debugger app driven with Textual's Pilot: keys change the session as the footer says."""

from __future__ import annotations

import os
from pathlib import Path

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.screens.help import HelpScreen
from esodbg.app.screens.parse_error import ParseErrorScreen
from esodbg.app.widgets.board import BoardView
from esodbg.app.widgets.source import SourceView
from esodbg.engines.registry import by_name
from esodbg.engines.base import CellRef, CodeRef, Status, Stop

from conftest import EXAMPLES
from screen import screen_lines

FIFTEEN, MESSISCRIPT, TTG = by_name("fifteen"), by_name("messiscript"), by_name("ttg")
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


async def test_restart_while_running_stops_the_run_and_restarts():
    app = DebuggerApp(FIFTEEN, TRUTH, "1\n")  # prints forever
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause(0.3)
        assert app.running and app.check_action("restart", ()) is True  # offered, and not greyed out
        await pilot.press("r")
        await settle(pilot)
        assert not app.running and app.session.steps == 0 and app.session.output.text() == ""


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


# ----- MessiScript: the code pane is the code board ------------------------------------------
HOLA = EXAMPLES / "messiscript" / "hola_mundo.messi"
CONTAR = EXAMPLES / "messiscript" / "contar.messi"


async def test_click_on_a_command_toggles_its_breakpoint_and_continue_stops_there():
    app = DebuggerApp(MESSISCRIPT, HOLA)
    async with app.run_test(size=(120, 40)) as pilot:
        source = app.query_one(SourceView)
        row = source._first_row[8]  # line 9: "La mueve Messi por la derecha." (command 13)
        await pilot.click(source, offset=(2 + source._gutter + 3, 1 + row))
        assert list(bp.at for bp in app.session.breakpoints) == [CodeRef(13)]
        await pilot.press("c")
        await settle(pilot)
        assert app.outcome.reason is Stop.BREAKPOINT and app.session.machine.location() == CodeRef(13)
        assert app.session.output.text() == "¡"


async def test_code_cursor_keys_b_and_reverse_continue_on_a_loop_test():
    app = DebuggerApp(MESSISCRIPT, HOLA)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("tab")
        assert isinstance(app.focused, SourceView)
        await pilot.press(*["down"] * 5, "enter", "escape")  # command 5: the first `sigue messi`
        assert CodeRef(5) in app.session.breakpoints
        await pilot.press("c")
        await settle(pilot)
        first = app.session.steps
        await pilot.press("c")  # each loop test is a step of its own: the next test stops again
        await settle(pilot)
        assert app.session.machine.location() == CodeRef(5) and app.session.steps == first + 5
        await pilot.press("C")
        await settle(pilot)
        assert app.session.steps == first
        await pilot.press("b")  # with nothing focused, b toggles at the code cursor
        assert CodeRef(5) not in app.session.breakpoints


async def test_step_back_across_a_typed_input_line_and_forward_again_reuses_it():
    app = DebuggerApp(MESSISCRIPT, CONTAR)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        assert app.outcome.reason is Stop.NEEDS_INPUT
        await pilot.press("3", "enter")
        await settle(pilot)
        assert app.session.output.text() == "3 2 1 0" and app.session.machine.status is Status.HALTED
        end = app.session.steps
        await pilot.press("9", "9", "9", "N")
        assert app.session.steps == 0 and app.session.machine.in_pos == 0
        await pilot.press("c")
        await settle(pilot)
        assert app.session.steps == end and app.session.output.text() == "3 2 1 0"


async def test_a_file_name_that_is_not_utf8_runs_and_draws(tmp_path):
    path = Path(os.fsdecode(os.path.join(os.fsencode(tmp_path), b"\xe9t\xff.ttg")))
    path.write_bytes(b"hello world")
    app = DebuggerApp(TTG, path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        assert app.session.output.text() == "wehllwehlll " and app.session.machine.status is Status.HALTED
        assert "\ufffd" in app.export_screenshot()  # the name is drawn, its undecodable bytes as �


# ----- Tic Tac Toe Grow's panes (issue 11) ---------------------------------------------------------

WOW = EXAMPLES / "ttg" / "wow.txt"


def pane_text(app, title: str) -> str:
    """The words inside the right-hand pane titled ``title``, joined (a wrapped line reads on)."""
    lines = screen_lines(app)
    top = next(i for i, line in enumerate(lines) if f"─ {title} " in line)
    left = lines[top].index("╭", lines[top].index(f"─ {title} ") - 3)
    inside = []
    for line in lines[top + 1:]:
        if line[left:left + 1] != "│":  # its bottom border, or the end of a column that scrolls
            break
        inside.append(line[left + 1:].split("│")[0])
    return " ".join(" ".join(inside).split())


def region_text(app, selector: str) -> str:
    """The words inside the widget ``selector`` (the lists' tabs, say), joined."""
    region = app.screen.query_one(selector).region
    lines = screen_lines(app)[region.y:region.bottom]
    return " ".join(" ".join(line[region.x:region.right] for line in lines).split())


async def test_ttg_micro_step_panel_shows_the_whole_event_at_every_width():
    for size in ((80, 24), (120, 40), (200, 60)):
        app = DebuggerApp(TTG, WOW)
        async with app.run_test(size=size) as pilot:
            session = app.session
            while type(session.machine.next).__name__ != "Swap":
                session.step()
            app.render_state()
            await pilot.pause()
            text = pane_text(app, "Micro-step")
            assert "next memory1 is full: swap mainBoard ↔ memory1, then put e" in text, size
            assert "…" not in text


async def test_ttg_keystroke_panel_values_stay_aligned_from_frame_to_frame():
    app = DebuggerApp(TTG, WOW)
    async with app.run_test(size=(120, 40)) as pilot:
        columns = set()
        for _ in range(4):
            await pilot.press("9", "n")
            line = next(line for line in screen_lines(app) if "│ phase " in line)
            columns.add(line.index(line.split("phase")[1].strip()))
        assert len(columns) == 1  # "write", "pass", "update" all start in the same column


async def test_ttg_t_cycles_breakpoint_kinds_names_each_and_says_so():
    app = DebuggerApp(TTG, WOW)
    async with app.run_test(size=(120, 40)) as pilot:
        seen, said = [], []
        for _ in range(6):
            await pilot.press("t")
            bp = next(iter(app.session.breakpoints))
            seen.append(bp.kinds)
            said.append([n.message for n in app._notifications][-1])  # read at once: a notification expires
            await pilot.pause()
            assert "+".join(sorted(bp.kinds)) in region_text(app, "#lists")
        assert seen == [{"exec", "write"}, {"exec"}, {"write"}, {"data"}, {"grow"}, {"exec", "write", "data", "grow"}]
        assert said[1].endswith("stops at: exec"), said


async def test_ttg_breakpoint_on_a_compact_board_is_drawn_as_a_dot():
    app = DebuggerApp(TTG, WOW)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        assert CellRef("main", 0, 0) in app.session.breakpoints
        assert "[●_ ]" in screen_lines(app)[1]  # the ● reads without colour, as on 15's boards


# ----- A newcomer at every terminal size (issue 12) ------------------------------------------------

NINETY_NINE = EXAMPLES / "fifteen" / "99.15"


async def test_the_footer_shows_help_and_quit_at_80_columns_and_no_cut_off_key():
    app = DebuggerApp(TTG, WOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = screen_lines(app)[-1]
        assert "? Help q Quit" in footer and footer.endswith("▏^p palette")
        assert footer.split("q Quit")[1].strip() == "▏^p palette"  # nothing half-shown before the palette key


async def test_below_the_smallest_size_a_notice_replaces_the_panes():
    app = DebuggerApp(FIFTEEN, HELLO)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "terminal is too small" in text and "80×24" in text and "Puzzle" not in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "too small" not in text and "Puzzle" in text


async def test_a_board_follows_the_instruction_pointer_at_80x24():
    app = DebuggerApp(FIFTEEN, NINETY_NINE)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardView)

        def row() -> int:
            return board.board.place(app.session.machine.location())[0] - board.board.row0

        session, first = app.session, None
        while first is None and session.steps < 2000:  # the first step below what the pane shows unscrolled (604)
            session.step()
            first = session.steps if row() >= 3 else None
        assert first is not None
        app.go_to_step(first - 1)  # (stepping there a key at a time, a frame a key, took seconds)
        await settle(pilot)
        assert row() < 3 and board.scroll_offset.y == 0
        await pilot.press("n")
        await pilot.pause()
        top = board.scroll_offset.y // 3  # tiles are three lines tall
        assert row() >= 3 and top <= row() < top + board.scrollable_content_region.height // 3  # wholly in sight


async def test_every_pane_keeps_at_least_a_row_at_80x24():
    app = DebuggerApp(MESSISCRIPT, HOLA)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "2", "n")
        await pilot.pause()
        assert "20" in pane_text(app, "Tape · 2 cells")  # the tape's cells, not just its borders
        assert "Breakpoints" in region_text(app, "#lists") and "none — b on a cell" in region_text(app, "#lists")
        assert "type a line, Enter" in pane_text(app, "Input") and "Ctrl+D ends" in region_text(app, "#input")


async def test_help_fits_80_columns_and_scrolls_with_the_arrows_at_once():
    app = DebuggerApp(TTG, WOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        lines = screen_lines(app)
        top = next(i for i, line in enumerate(lines) if line.startswith("╭───") and line.endswith("╮") and
                   "mainBoard" not in line)
        assert all(len(line) == 80 and line[-1] in "╮│" for line in lines[top:top + 8])  # its right border is there
        scroll = app.screen.query_one("#help")
        await pilot.press("down", "down", "down")
        assert scroll.scroll_offset.y == 3


async def test_a_long_status_line_ends_in_an_ellipsis_and_a_runtime_error_names_its_command_once(tmp_path):
    app = DebuggerApp(MESSISCRIPT, CONTAR, "")  # the first read finds no input: a runtime error
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        assert app.session.machine.status is Status.ERROR
        status = screen_lines(app)[-2]
        assert status.endswith("…") and status.count("end of input") <= 1
        message = app.session.machine.fault.message
        command = message.split(":")[0]
        assert status.count(command) == 1  # not "la agarra messi: la agarra messi: …"
        assert any(message in n.message for n in app._notifications)  # the whole message, once


async def test_the_command_palette_has_every_debugger_action_with_its_key():
    app = DebuggerApp(TTG, WOW)
    async with app.run_test(size=(120, 40)) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for title in ("Step (n / →)", "Back (N / p / ←)", "Continue (c)", "Rev-cont (C)", "Breakpoint (b)",
                      "Restart (r)", "Faster (+)", "Slower (-)", "Keystroke (k)", "Back keystroke (K)",
                      "Phase (s)", "Bp kinds (t)", "Quit (q)"):
            assert title in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"keystroke")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.machine.keystrokes == 1  # the palette ran "step one keystroke"


async def test_a_huge_panel_draws_its_first_values_and_the_changed_ones_and_counts_the_rest():
    from textual.app import App

    from esodbg.app.widgets.panes import VALUES_SHOWN, ValuesView
    from esodbg.engines.view import Value

    class One(App):
        def compose(self):
            yield ValuesView(id="values")

    values = tuple(Value(f"piece {i}", str(i), changed=i == 5000) for i in range(10_000))
    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = app.query_one(ValuesView)
        pane.show(values)
        await pilot.pause()
        drawn = pane.query_one(".content").content  # the rich Table it was given
        names = [str(cell) for cell in drawn.columns[0].cells]
        values_drawn = [str(cell) for cell in drawn.columns[1].cells]
        assert len(names) == VALUES_SHOWN + 2  # the first ones, the changed one, the count
        assert names[VALUES_SHOWN] == "piece 5000" and names[-1] == "…"
        assert values_drawn[-1].startswith(f"{10_000 - VALUES_SHOWN - 1:,} more")


async def test_a_huge_value_draws_its_start_and_end_and_counts_the_rest():
    """A number near the integer bound has 300,000 digits: laid out whole, it held the UI
    thread for seconds (q waited for it)."""
    from textual.app import App

    from esodbg.app.widgets.panes import VALUE_SHOWN, ValuesView
    from esodbg.engines.view import Value

    class One(App):
        def compose(self):
            yield ValuesView(id="values")

    digits = "1" + "0" * 299_998 + "7"
    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = app.query_one(ValuesView)
        pane.show((Value("top", digits), Value("next", "12")))
        await pilot.pause()
        drawn = [str(cell) for cell in pane.query_one(".content").content.columns[1].cells]
        assert drawn[1] == "12" and len(drawn[0]) < VALUE_SHOWN + 100
        assert drawn[0].startswith("10") and drawn[0].endswith("07")
        assert f"{300_000 - VALUE_SHOWN:,} characters not drawn" in drawn[0]


# ----- a first hour without a stumble (issue 33) ----------------------------------------------------

async def test_the_code_cursor_follows_the_program_until_the_user_moves_it():
    """``b`` right after stepping sets the breakpoint on the command about to run, in MessiScript
    as on a board; once the user moves the command cursor (the pane focused) it stays put."""
    app = DebuggerApp(MESSISCRIPT, CONTAR, "5\n")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3", "n")
        await pilot.pause()
        here = app.session.machine.location()
        assert isinstance(here, CodeRef) and here.index > 0
        await pilot.press("b")
        assert list(app.session.breakpoints.enabled_locations()) == [here]
        source = app.query_one(SourceView)
        source.focus()
        await pilot.press("up", "up")  # the user takes the cursor
        mine = source.cursor
        await pilot.press("n")
        await pilot.pause()
        assert source.cursor == mine
        await pilot.press("escape", "n")  # left the pane: it follows the program again
        await pilot.pause()
        assert source.cursor_location == app.session.machine.location()


async def test_the_focused_pane_is_unmistakable_and_l_reaches_the_breakpoints_list():
    from esodbg.app.widgets.debuglists import BreakpointsPane

    app = DebuggerApp(FIFTEEN, EXAMPLES / "fifteen" / "99.15")
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardView)
        assert board.styles.border_top[0] == "round"
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is board
        assert board.styles.border_top[0] == "heavy" and board.styles.border_title_background.a > 0
        await pilot.press("down", "left", "enter", "left", "enter")  # two breakpoints
        assert len(app.session.breakpoints) == 2
        await pilot.press("delete")  # Delete, Backspace and d remove the one under the cursor, in every pane
        assert len(app.session.breakpoints) == 1
        await pilot.press("l")  # one key to the list, whose keys are the same
        await pilot.pause()
        pane = app.query_one(BreakpointsPane)
        assert app.focused is pane and pane.selected == 0
        assert app.query_one("#lists").styles.border_top[0] == "heavy"
        await pilot.press("backspace")
        await pilot.pause()
        assert len(app.session.breakpoints) == 0


async def test_q_quits_from_the_help_as_the_help_says():
    app = DebuggerApp(FIFTEEN, HELLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert any("q quits" in str(text.render()) for text in app.screen.query("Static"))
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


async def test_at_80x24_the_timeline_and_the_input_prompt_show_and_no_toast_covers_the_status_line():
    from esodbg.engines import sessions
    from esodbg.engines.debugger import Session

    remembered = Session(MESSISCRIPT, MESSISCRIPT.parse(HOLA.read_text(), str(HOLA)))
    remembered.breakpoints.toggle(CodeRef(2))
    sessions.save(HOLA, remembered)
    app = DebuggerApp(MESSISCRIPT, HOLA)  # interactive input: the prompt is there
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert app._notifications and any(n.title == "Session restored" for n in app._notifications)
        assert "step 0 of 0" in lines[-3]  # the timeline, over the status line
        assert "type a line, Enter" in region_text(app, "#input") and "Ctrl+D ends" in region_text(app, "#input")
        status, lists = app.screen.query_one("#status").region, app.screen.query_one("#lists").region
        for toast in app.screen.query("Toast"):
            assert not toast.region.overlaps(status) and not toast.region.overlaps(lists)


async def test_every_board_is_drawn_on_the_panes_background():
    """No cell, gap or blank line of a board is left to the terminal's default background (black
    in a browser, another shade in each recording format)."""
    for language, path in ((FIFTEEN, HELLO), (TTG, WOW), (by_name("stoned-go"), EXAMPLES / "stoned-go" / "ladder.sgo"),
                           (by_name("scrabble"), EXAMPLES / "scrabble" / "boys3.gcg")):
        app = DebuggerApp(language, path, "")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for board in app.query(BoardView):
                for y in range(board.size.height):
                    assert all(segment.style is not None and segment.style.bgcolor is not None
                               for segment in board.render_line(y)), (language.name, board.id, y)


async def test_help_keys_column_is_sized_to_the_keys_at_both_sizes():
    """Issue 43 item 3: the keys' column was ~60 wide (one long key list could not wrap), leaving
    the descriptions 16–26 columns; now it is sized to the keys (a longer list wraps)
    and the descriptions take the rest: 50 columns and more at 80×24."""  # (the keys: at most 14)
    for size in ((80, 24), (120, 40)):
        app = DebuggerApp(FIFTEEN, HELLO)
        async with app.run_test(size=size) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            lines = screen_lines(app)
            row = next(line for line in lines if "step: run one command" in line)
            key, what = row.index("n / →"), row.index("step: run one command")
            assert what - key <= 14 + 2
            assert "step: run one command (10n: ten)" in row  # whole on its line
            right = next(line for line in lines if line.rstrip().endswith("╮"))
            assert len(right.rstrip()) - what >= 50 - 4  # the description's column: 50 and more


async def test_help_says_what_a_read_does_after_end_of_input_as_the_language_says():
    """Issue 43 item 3: Ctrl+D's line came from the app (``a later read is a runtime error``),
    wrong for Befunge, where ``~`` reads −1; a language without input has no input keys."""
    def said(language, name) -> str:
        screen = HelpScreen([], by_name(language))
        return " ".join(f"{key} {what}" for _, rows in screen.rows() for key, what in rows if key == name)
    assert "runtime error" in said("fifteen", "ctrl+d")
    assert "−1" in said("befunge93", "ctrl+d") and "runtime error" not in said("befunge93", "ctrl+d")
    assert "reflect" in said("befunge98", "ctrl+d")
    assert "--eof" in said("brainfuck", "ctrl+d")
    assert said("stoned-go", "ctrl+d") == ""  # no input prompt
    app = DebuggerApp(by_name("befunge93"), EXAMPLES / "befunge" / "hello.b93", "", restore=False, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark", "end")  # the input keys come last
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "end of input (then ~ and & push −1)" in text and "runtime error" not in text
