"""The Query tab and a value's history as a plot (issue 45) in the app: every hit of a spec
across the run, as exec --query lists them, in every registered language; going to a hit; the
query following the run, running on to its end, stopping on Esc; asked again after an edit;
and their frames at 80×24 and 120×40."""

from __future__ import annotations

from pathlib import Path

import pytest

from esodbg.app import querying
from esodbg.app.debugapp import DebuggerApp
from esodbg.app.screens.plot import PlotScreen
from esodbg.app.screens.prompt import PromptScreen
from esodbg.app.widgets.board import BoardView
from esodbg.app.widgets.debuglists import QueryPane
from esodbg.engines.base import CellRef, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.query import Queries
from esodbg.engines.registry import by_name, for_file

from conftest import EXAMPLES
from test_understand_ui import EXAMPLE, SIZES, settle

BEFUNGE = by_name("befunge93")
COUNTDOWN = EXAMPLES / "befunge" / "countdown.b93"


async def query(pilot, spec: str | None = None) -> None:
    """``Q``, ``spec`` typed over the prompt's suggestion (``None``: the suggestion), Enter."""
    await pilot.press("Q")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PromptScreen)
    if spec is not None:
        pilot.app.screen.query_one("Input").value = spec
    await pilot.press("enter")
    await settle(pilot)


def expected(app, spec: str, steps: int | None) -> list[tuple]:
    """The hits exec --query's engine finds over the first ``steps`` steps (``None``: all)."""
    session = Session(app.language, app.session.program, app.session.input.text, True, steps)
    queries = Queries(session, [spec])
    session.continue_(on_arrival=queries.arrived)
    return [(hit.step, hit.location, hit.old, hit.new) for hit in queries.queries[0].hits]


def shown(app) -> list[tuple]:
    return [(hit.step, hit.location, hit.old, hit.new) for hit in app.queries.queries[0].hits]


@pytest.mark.parametrize("name", sorted(EXAMPLE))
async def test_every_language_lists_a_locations_history_and_goes_to_a_change(name):
    example, location = EXAMPLE[name]
    path = EXAMPLES / example
    app = DebuggerApp(for_file(path), path, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        end = app.session.steps
        await pilot.press("g")  # back to the middle: the query covers the run so far, not just to here
        await pilot.pause()
        app.screen.query_one("Input").value = str(end // 2)
        await pilot.press("enter")
        await settle(pilot)
        await query(pilot, f"data:{location}")
        assert app.debugger.query_one("#lists").active == "tab-query"
        assert app.query_looked == end and shown(app) == expected(app, f"data:{location}", end)
        assert shown(app), f"{location} never changed in {example}"
        pane = app.debugger.query_one(QueryPane)
        assert pane.has_focus and pane.hits == len(shown(app))
        before = [hit[0] for hit in shown(app) if hit[0] <= end // 2]
        await pilot.press("down")  # the first key selects the hit at or before the step shown
        if not before:  # none: the header row, then the first hit
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.steps == (before[-1] if before else shown(app)[0][0])


async def test_at_step_0_a_query_looks_ahead_over_the_run():
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await query(pilot, "cell:5,0 log {stack[0]}")
        assert app.query_ended.startswith("the whole run: it halted at step 243")
        assert [hit.message for hit in app.queries.queries[0].hits] == [str(n) for n in range(10, 0, -1)]
        assert app.session.steps == 0  # the debugger stays where it was


async def test_the_query_follows_the_run_and_x_runs_it_on_to_the_end():
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("4", "0", "n")
        await settle(pilot)
        await query(pilot, "data:stack[0]")
        assert app.query_looked == 40 and app.query_ended is None
        assert shown(app) == expected(app, "data:stack[0]", 40)
        await pilot.press("6", "0", "n")  # the run goes further: the query looks on
        await settle(pilot)
        await settle(pilot)
        assert app.query_looked == 100 and shown(app) == expected(app, "data:stack[0]", 100)
        app.debugger.query_one(QueryPane).focus()
        await pilot.press("x")
        await settle(pilot)
        assert app.query_ended.startswith("the whole run") and shown(app) == expected(app, "data:stack[0]", None)
        assert app.session.steps == 100


async def test_esc_stops_a_query_of_an_endless_run(monkeypatch):
    monkeypatch.setattr(querying, "AHEAD", 100_000)  # what it is does not matter here (a million took 10 s)
    path = EXAMPLES / "fifteen" / "truth.15"  # with input 1, prints 1 forever
    app = DebuggerApp(for_file(path), path, "1\n", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("Q")
        await pilot.pause()
        app.screen.query_one("Input").value = "event:output"
        await pilot.press("enter")
        await settle(pilot)  # AHEAD steps ahead
        assert app.query_looked == 100_000 and app.query_ended is None
        await pilot.press("x")  # on to the end, which never comes
        await pilot.pause(0.3)
        assert app.query_running
        await pilot.press("escape")
        await settle(pilot)
        assert not app.query_running and "stopped" in app.query_ended and app.queries.queries[0].hits


async def test_a_spec_that_cannot_be_read_keeps_the_prompt_with_the_reason():
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("Q")
        await pilot.pause()
        app.screen.query_one("Input").value = "data:nothing"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and "nothing" in str(app.screen.query_one("#prompt-error").render())
        assert app.queries is None


async def test_the_prompt_suggests_the_place_under_the_cursor():
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.debugger.query_one(BoardView)
        board.focus()
        board.place_cursor(CellRef("space", 0, 5))
        await pilot.pause()
        await pilot.press("Q")
        await pilot.pause()
        assert app.screen.query_one("Input").value == "data:space(5,0)"  # Funge-space is data: its history


async def test_p_plots_a_data_querys_history_and_enter_goes_to_the_chosen_change():
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await query(pilot, "data:stack[0]")
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PlotScreen)
        await pilot.press("right", "right", "enter")
        await settle(pilot)
        assert app.session.steps == shown(app)[2][0]


async def test_p_on_a_query_that_is_not_data_says_why_it_has_no_plot():
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await query(pilot, "cell:5,0")
        await pilot.press("p")
        await pilot.pause()
        assert not isinstance(app.screen, PlotScreen)
        assert any("not a data query" in str(n.message) for n in app._notifications)


async def test_an_edit_asks_the_query_again_of_the_new_program(tmp_path):
    path = tmp_path / "count.b93"
    path.write_text(COUNTDOWN.read_text())
    app = DebuggerApp(BEFUNGE, path, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await query(pilot, "cell:5,0 log {stack[0]}")
        assert len(app.queries.queries[0].hits) == 10
        path.write_text(COUNTDOWN.read_text().replace("55+", "14+", 1))  # from 5, not 10
        app._saved()  # what the editor's save does, then its closing
        app._show_program()
        await settle(pilot)
        await settle(pilot)
        assert [hit.message for hit in app.queries.queries[0].hits] == ["5", "4", "3", "2", "1"]


# ----- frames -------------------------------------------------------------------------------------
def program(monkeypatch, path: Path) -> DebuggerApp:
    monkeypatch.chdir(path.parent)
    return DebuggerApp(for_file(path.name), Path(path.name), "", restore=False, remember=False)


async def history_of_the_top(pilot) -> None:
    await pilot.press("c")
    await settle(pilot)
    await query(pilot, "data:stack[0]")


async def plot_of_the_top(pilot) -> None:
    await history_of_the_top(pilot)
    await pilot.press("p")
    await pilot.pause()
    await pilot.press("right", "right", "right")
    await pilot.pause()


FRAMES = {"query-tab": history_of_the_top, "plot": plot_of_the_top}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("frame", FRAMES)
def test_frames(snap_compare, monkeypatch, frame, size):
    assert snap_compare(program(monkeypatch, COUNTDOWN), run_before=FRAMES[frame], terminal_size=SIZES[size])
