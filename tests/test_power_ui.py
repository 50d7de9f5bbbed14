"""Power debugging in the app (issue 17): the prompts (B, w, g), run to cursor (h), the
breakpoints, watches and log tabs, the timeline and its hit keys ([ ]), and sessions that
remember breakpoints and watches per program file."""

from __future__ import annotations

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.screens.prompt import PromptScreen
from esodbg.app.widgets.board import BoardView
from esodbg.app.widgets.debuglists import BreakpointsPane, WatchesPane
from esodbg.app.widgets.timeline import Timeline
from esodbg.engines.base import CellRef, Stop
from esodbg.engines.breakpoints import DataRef, EventRef
from esodbg.engines.registry import by_name, languages

from conftest import EXAMPLES, examples_of
from screen import screen_lines

FIFTEEN, MESSISCRIPT = by_name("fifteen"), by_name("messiscript")
COUNTDOWN = EXAMPLES / "fifteen" / "99.15"
KEYS = {" ": "space", "[": "left_square_bracket", "]": "right_square_bracket", "{": "left_curly_bracket",
        "}": "right_curly_bracket", "%": "percent_sign", ">": "greater_than_sign", "=": "equals_sign"}


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def answer(pilot, key: str, text: str) -> None:
    """Press ``key``, type ``text`` in its prompt and press Enter."""
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(pilot.app.screen, PromptScreen)
    await pilot.press(*(KEYS.get(char, char) for char in text), "enter")
    await settle(pilot)


def error_shown(app) -> str:
    return str(app.screen.query_one("#prompt-error").render())


async def test_a_breakpoint_of_any_kind_from_a_spec_and_a_bad_spec_keeps_the_prompt():
    app = DebuggerApp(FIFTEEN, COUNTDOWN)
    async with app.run_test(size=(120, 40)) as pilot:
        await answer(pilot, "B", "data:nope")
        assert isinstance(app.screen, PromptScreen) and "not a data location" in error_shown(app)
        await pilot.press("escape")
        assert not isinstance(app.screen, PromptScreen) and not len(app.session.breakpoints)
        await answer(pilot, "B", "data:acc if acc % 10 == 0")
        assert not isinstance(app.screen, PromptScreen)
        bp = app.session.breakpoints.get(DataRef("acc"))
        assert bp is not None and bp.condition.text == "acc % 10 == 0"
        await pilot.press("c")
        await settle(pilot)
        assert app.outcome.reason is Stop.BREAKPOINT and app.session.machine.memory[0] % 10 == 0
        status = str(app.query_one("#status").render())
        assert "breakpoint data acc" in status and "acc: " in status and "→" in status


async def test_the_breakpoints_list_enables_edits_and_deletes_the_selected_one():
    app = DebuggerApp(FIFTEEN, COUNTDOWN)
    async with app.run_test(size=(120, 40)) as pilot:
        await answer(pilot, "B", "event:output hit >= 3")
        pane = app.query_one(BreakpointsPane)
        pane.focus()
        await pilot.press("space")  # the first key acts on the first row
        assert not app.session.breakpoints.get(EventRef("output")).enabled
        await pilot.press("space")
        assert app.session.breakpoints.get(EventRef("output")).enabled
        await pilot.press("enter")
        await pilot.pause()
        field = app.screen.query_one("#prompt-input")
        assert field.value == "event:output hit >= 3"  # the spec to edit
        field.value = "event:output hit 5"
        await pilot.press("enter")
        await settle(pilot)
        assert str(app.session.breakpoints.get(EventRef("output")).hit_condition) == "5"
        pane.focus()
        await pilot.press("d")
        assert not len(app.session.breakpoints)
        await pilot.pause()
        assert any("none — b on a cell" in line for line in screen_lines(app))


async def test_a_watch_shows_its_value_and_the_previous_one_when_it_changed():
    app = DebuggerApp(FIFTEEN, COUNTDOWN)
    async with app.run_test(size=(120, 40)) as pilot:
        await answer(pilot, "w", "acc+")
        assert isinstance(app.screen, PromptScreen) and error_shown(app)  # not an expression
        await pilot.press("escape")
        await answer(pilot, "w", "acc * 2")
        watch = app.session.watches[0]
        before = watch.current.text
        await pilot.press("n", "n", "n")
        assert watch.changed and watch.previous.text != watch.current.text
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "acc * 2" in text and f"was {watch.previous.text}" in text and before != watch.current.text
        app.query_one(WatchesPane).focus()
        await pilot.press("delete")
        assert not len(app.session.watches)


async def test_goto_takes_a_step_or_a_move_and_refuses_words():
    app = DebuggerApp(FIFTEEN, COUNTDOWN)
    async with app.run_test(size=(120, 40)) as pilot:
        await answer(pilot, "g", "1,000")  # the countdown halts before: goto stops there
        assert app.session.steps == 604 and app.outcome.reason is Stop.HALTED
        await answer(pilot, "g", "300")
        assert app.session.steps == 300
        await answer(pilot, "g", "-250")
        assert app.session.steps == 50
        await answer(pilot, "g", "+5")
        assert app.session.steps == 55
        await answer(pilot, "g", "soon")
        assert isinstance(app.screen, PromptScreen) and "step number" in error_shown(app)


async def test_run_to_cursor_stops_on_the_cell_under_the_board_cursor():
    app = DebuggerApp(FIFTEEN, COUNTDOWN)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(BoardView)
        board.focus()
        await pilot.press("down", "left", "left", "left")  # (2, 2): the loop's <+
        target = board.cursor_location
        await pilot.press("h")
        await settle(pilot)
        assert app.outcome.reason is Stop.CURSOR and app.session.steps > 0
        assert (target, "exec") in app.session.machine.next_touches()


async def test_log_points_fill_the_log_tab_and_the_timeline_marks_hits():
    app = DebuggerApp(FIFTEEN, COUNTDOWN)
    async with app.run_test(size=(120, 40)) as pilot:
        await answer(pilot, "B", "event:output log acc is {acc}")
        await answer(pilot, "B", "cell:puzzle:2,0 hit % 10")
        await pilot.press("c")
        await settle(pilot)
        first = app.session.steps
        assert app.outcome.reason is Stop.BREAKPOINT and app.session.log
        app.query_one("#lists").active = "tab-log"
        await pilot.pause()
        assert any(f"step {app.session.log[0].step:,}  acc is " in line for line in screen_lines(app))
        await pilot.press("c")
        await settle(pilot)
        second = app.session.steps
        timeline = app.query_one(Timeline)
        assert timeline.end == second and "◆" in str(timeline.render())
        await pilot.press("left_square_bracket")  # back to the previous hit of any breakpoint
        await settle(pilot)
        output_hits = app.session.breakpoints.get(EventRef("output")).arrivals
        assert app.session.steps == max(step for step in [*output_hits, first] if step < second)
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert app.session.steps > first


async def test_clicking_the_timeline_goes_to_that_step():
    app = DebuggerApp(FIFTEEN, COUNTDOWN)
    async with app.run_test(size=(120, 40)) as pilot:
        await answer(pilot, "g", "400")
        await pilot.click(Timeline, offset=(1, 0))  # the track's first column (after the padding): step 0
        await settle(pilot)
        assert app.session.steps == 0
        assert app.query_one(Timeline).end == 400  # the timeline keeps how far the session went


async def test_sessions_remember_breakpoints_and_watches_unless_told_not_to(tmp_path):
    program = tmp_path / "99.15"
    program.write_bytes(COUNTDOWN.read_bytes())
    app = DebuggerApp(FIFTEEN, program)
    async with app.run_test(size=(120, 40)) as pilot:
        await answer(pilot, "B", "cell:puzzle:2,0 if acc < 50 hit >= 2")
        await answer(pilot, "w", "acc // 10")
        await pilot.press("q")
    again = DebuggerApp(FIFTEEN, program)
    async with again.run_test(size=(120, 40)) as pilot:
        bp = again.session.breakpoints.get(CellRef("puzzle", 2, 0))
        assert bp.condition.text == "acc < 50" and str(bp.hit_condition) == ">= 2"
        assert [watch.text for watch in again.session.watches] == ["acc // 10"]
        await pilot.press("q")
    clean = DebuggerApp(FIFTEEN, program, restore=False)
    async with clean.run_test(size=(120, 40)) as pilot:
        assert not len(clean.session.breakpoints) and not len(clean.session.watches)
        await pilot.press("q")


async def test_a_changed_program_keeps_what_still_makes_sense_and_says_what_was_dropped(tmp_path):
    program = tmp_path / "prog.messi"
    program.write_text((EXAMPLES / "messiscript" / "hola_mundo.messi").read_text("utf-8"), "utf-8")
    app = DebuggerApp(MESSISCRIPT, program)
    async with app.run_test(size=(120, 40)) as pilot:
        await answer(pilot, "B", "code:40")
        await answer(pilot, "B", "event:output if cell > 3")
        await pilot.press("q")
    lines = (EXAMPLES / "messiscript" / "hola_mundo.messi").read_text("utf-8").splitlines()
    program.write_text("\n".join(lines[:3] + ["¡gol!"]) + "\n", "utf-8")  # a few commands, no 40th
    again = DebuggerApp(MESSISCRIPT, program)
    async with again.run_test(size=(120, 40)) as pilot:
        assert list(bp.at for bp in again.session.breakpoints) == [EventRef("output")]
        restored, dropped = again.remembered
        assert len(dropped) == 1 and "code:40" in dropped[0]
        await pilot.press("q")


@pytest.mark.parametrize("language", [language for language in languages() if examples_of(language)],
                         ids=lambda language: language.name)
async def test_d_on_a_board_cell_toggles_a_data_breakpoint_on_it_in_every_language_with_a_board(language):
    app = DebuggerApp(language, examples_of(language)[0], "")
    async with app.run_test(size=(120, 40)) as pilot:
        boards = app.query(BoardView)
        if not boards or app.session is None:
            assert language.name not in HAVE_DATA_CELLS
            return
        cell = boards.first().cursor_location
        name = language.data_at(cell)
        await pilot.press("D")
        if name is None:
            assert not len(app.session.breakpoints) and language.name not in HAVE_DATA_CELLS
            return
        assert DataRef(name) in app.session.breakpoints  # set() refuses unknown locations
        await pilot.press("D")
        assert not len(app.session.breakpoints)


HAVE_DATA_CELLS = {"fifteen", "ttg", "stoned-go", "scrabble"}  # a cell of their first example's board is a data location
