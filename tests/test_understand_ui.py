"""Understanding a run in the app (issue 28): where did this value come from (Y and the Why tab),
the heat map (H), the step that wrote an output line (the Output pane) and output on the
timeline — in every registered language — and their frames at 80×24 and 120×40."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.screens.prompt import PromptScreen
from esodbg.app.widgets.board import BoardView
from esodbg.app.widgets.debuglists import WhyPane
from esodbg.app.widgets.heat import levels
from esodbg.app.widgets.panes import OutputView
from esodbg.app.widgets.timeline import Timeline
from esodbg.engines import registry
from esodbg.engines.base import CellRef, Stop
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name, for_file

from conftest import EXAMPLES

FIFTEEN = by_name("fifteen")
HELLO, COUNTDOWN = EXAMPLES / "fifteen" / "hello.15", EXAMPLES / "fifteen" / "99.15"
# An example of each registered language (the toy language registered from outside has its own
# tests) and a data location it changes.
EXAMPLE = {"fifteen": ("fifteen/hello.15", "acc"), "messiscript": ("messiscript/hola_mundo.messi", "tape[0]"),
           "ttg": ("ttg/o_numbers.ttg", "memory1(0,0)"), "stoned-go": ("stoned-go/chain_reaction.sgo", "x"),
           "scrabble": ("scrabble/hello_world.scrabble", "stack[0]"),
           "befunge93": ("befunge/sieve.b93", "stack[0]"), "befunge98": ("befunge/threads.b98", "space(3,7)"),
           "hexagony": ("hexagony/squares.hxg", "mem[0,1,E]"),
           "fish": ("fish/squares.fish", "code(9,2)"),
           "brainfuck": ("brainfuck/triangle.b", "tape[3]"),
           "labyrinth": ("labyrinth/counter.lab", "main[1]"), "piet": ("piet/countdown.png", "stack[0]"),
           "aheui": ("aheui/storages.aheui", "storage(21,0)")}  # (countdown.aheui's last step, ㅎ, pops its storage)


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def ask(pilot, text: str | None = None) -> None:
    """``Y``, and if it asks, ``text`` typed over the prompt's suggestion (``None``: the suggestion)."""
    await pilot.press("Y")
    await pilot.pause()
    if isinstance(pilot.app.screen, PromptScreen):
        if text is not None:
            pilot.app.screen.query_one("Input").value = text
        await pilot.press("enter")
    await settle(pilot)


def status(app) -> str:
    return str(app.debugger.query_one("#status").render())


async def test_y_on_a_board_cell_goes_back_to_the_step_that_wrote_it_and_lists_the_chain():
    app = DebuggerApp(FIFTEEN, HELLO, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        board = app.debugger.query_one(BoardView)
        board.focus()
        board.place_cursor(CellRef("puzzle", 4, 4))
        await pilot.pause()
        await ask(pilot)
        assert app.outcome.reason is Stop.FOUND and app.session.steps == 24
        assert "puzzle(4,4) = 29, written at step 24 by `>X` at puzzle (4, 4)" in status(app)
        pane = app.debugger.query_one(WhyPane)
        assert app.debugger.query_one("#lists").active == "tab-why"
        assert [v.name for v in pane.values] == ["puzzle(4,4)", "step 24"]
        assert pane.values[1].note == "'>X' from puzzle(4,5),pos"


async def test_y_again_follows_what_the_step_read_and_enter_on_a_link_goes_back_to_it():
    app = DebuggerApp(FIFTEEN, HELLO, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        await ask(pilot, "acc")
        assert app.session.steps == 23 and "acc = 111, written at step 23 by `>+` at puzzle (4, 3)" in status(app)
        await ask(pilot)  # the prompt suggests the first location that step read: acc
        await ask(pilot, "mem[25]")  # read by step 20: its initial value
        assert [link.step for link in app.why_links] == [23, 20]
        assert app.why_end.reason == "initial" and app.why_end.location == "mem[25]"
        assert "mem[25] = 25: the initial value" in status(app)
        pane = app.debugger.query_one(WhyPane)
        assert pane.values[-1].name == "step 0" and "the initial value" in pane.values[-1].note
        pane.focus()
        await pilot.press("down", "down")  # the header row, then the first link
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.steps == 23


async def test_y_refuses_a_location_the_language_lacks_and_keeps_the_prompt():
    app = DebuggerApp(FIFTEEN, HELLO, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("Y")
        await pilot.pause()
        app.screen.query_one("Input").value = "tape[3]"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen)
        error = str(app.screen.query_one("#prompt-error").render())
        assert "not a data location here" in error and "mem[N], pos, puzzle(ROW,COL)" in error  # not markup
        await pilot.press("escape")
        assert app.session.steps == 0 and not app.why_links


async def test_the_heat_map_counts_the_steps_up_to_the_one_shown_and_follows_step_back():
    app = DebuggerApp(FIFTEEN, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3", "0", "n", "H")
        await settle(pilot)
        board = app.debugger.query_one(BoardView)

        def expected(steps: int) -> dict:
            machine = FIFTEEN.machine(app.session.program, InputLog("", True), OutputLog())
            ran = Counter()
            for _ in range(steps):
                ran[machine.location()] += 1
                machine.run(1)
            return {app.session.view().boards[0].place(at): level for at, level in levels(ran).items()}

        assert board.heat == expected(30)
        await pilot.press("1", "0", "N")
        await settle(pilot)
        assert app.session.steps == 20 and board.heat == expected(20)
        assert "ran " in board.border_subtitle and "× at the cursor" in board.border_subtitle
        await pilot.press("H")
        await settle(pilot)
        assert board.heat == {} and "ran" not in board.border_subtitle


async def test_enter_on_an_output_line_goes_to_the_step_that_wrote_it():
    app = DebuggerApp(FIFTEEN, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        output = app.debugger.query_one(OutputView)
        output.focus()
        await pilot.press("up", "up", "up", "enter")  # the third line from the end: "3"
        await settle(pilot)
        session = app.session
        assert app.outcome.reason is Stop.FOUND and session.output.text().endswith("\n4\n3\n")
        assert session.last.output == "3\n" and "wrote '3'" in status(app)  # the step that wrote the line


async def test_the_timeline_marks_the_stretches_in_which_output_was_written():
    app = DebuggerApp(FIFTEEN, HELLO, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        timeline = app.debugger.query_one(Timeline)
        machine = FIFTEEN.machine(app.session.program, InputLog("", True), OutputLog())
        wrote = []
        while machine.run(1) in (Stop.LIMIT, Stop.HALTED) and machine.steps <= 24:
            if machine.output.length > sum(1 for _ in wrote):
                wrote.append(machine.steps)
            if machine.status.value != "ready":
                break
        assert list(timeline.output) == wrote  # 24 steps over 100 columns: a step a cell of the grid
        await pilot.click(Timeline, offset=(1 + timeline._column(wrote[1], timeline.columns()), 0))
        await settle(pilot)
        assert app.session.steps == wrote[1]


@pytest.mark.parametrize("name", sorted(EXAMPLE))
async def test_every_language_answers_why_and_draws_its_heat_map(name):
    example, location = EXAMPLE[name]
    path = EXAMPLES / example
    app = DebuggerApp(for_file(path), path, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        here = app.session.steps
        await ask(pilot, location)
        assert app.outcome.reason is Stop.FOUND and app.why_links and app.session.steps == app.why_links[0].step < here
        await pilot.press("H")
        await settle(pilot)
        assert app._heat is not None and app._heat.steps == app.session.steps
        assert sum(app._heat.at.values()) == app.session.steps


def test_every_registered_language_is_covered_here():
    assert set(EXAMPLE) == {language.name for language in registry.languages()} - {"toy"}


# ----- frames -------------------------------------------------------------------------------------
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def program(monkeypatch, path: Path) -> DebuggerApp:
    monkeypatch.chdir(path.parent)  # paths on screen short and the same on every machine
    return DebuggerApp(for_file(path.name), Path(path.name), "", restore=False, remember=False)


async def heat_of_99(pilot) -> None:
    await pilot.press("2", "0", "0", "n", "H")
    await settle(pilot)


async def chain_of_acc_in_hello(pilot) -> None:
    await pilot.press("c")
    await settle(pilot)
    for asked in ("acc", None, None):  # then what each step read, twice
        await ask(pilot, asked)


async def heat_of_hola_mundo(pilot) -> None:
    await pilot.press("c")
    await settle(pilot)  # H once the run has stopped: pressed while it ran, the frame raced it
    await pilot.press("H")
    await settle(pilot)


FRAMES = {"heat-map": (COUNTDOWN, heat_of_99), "chain": (HELLO, chain_of_acc_in_hello),
          "heat-map-of-text": (EXAMPLES / "messiscript" / "hola_mundo.messi", heat_of_hola_mundo)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("frame", FRAMES)
def test_frames(snap_compare, monkeypatch, frame, size):
    path, run_before = FRAMES[frame]
    assert snap_compare(program(monkeypatch, path), run_before=run_before, terminal_size=SIZES[size])
