"""Moments and notes (issue 45): a run opened at a step, a share of the run or a spec's first hit
(run --at, g, serve's --at and ?at=), the command that opens the moment shown, and notes pinned to
steps — the Notes tab, remembered with the session, kept across an edit only where they still
mean the same, printed by `esodbg notes`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.screens.prompt import PromptScreen
from esodbg.app.widgets.debuglists import NotesPane
from esodbg.engines import moments
from esodbg.engines.debugger import Session
from esodbg.engines.moments import Moment
from esodbg.engines.notes import Note
from esodbg.engines.query import Queries
from esodbg.engines.registry import by_name

from conftest import EXAMPLES
from test_understand_ui import settle

BEFUNGE = by_name("befunge93")
COUNTDOWN = EXAMPLES / "befunge" / "countdown.b93"  # 243 steps; prints 10 … 1 at (5, 0)


def program():
    return BEFUNGE.parse(COUNTDOWN.read_text(), str(COUNTDOWN))


def session() -> Session:
    return Session(BEFUNGE, program(), "", True)


# ----- moments -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, moment", [("40", Moment(step=40)), ("1,000", Moment(step=1000)),
                                          ("50%", Moment(percent=50.0)), ("12.5 %", Moment(percent=12.5)),
                                          ("break:cell:5,0 hit 3", Moment(spec="cell:5,0 hit 3"))])
def test_a_moment_reads_each_form(text, moment):
    assert moments.parse(text) == moment
    assert moments.parse(str(moment)) == moment


@pytest.mark.parametrize("text", ["", "-3", "101%", "half", "break:", "4x"])
def test_a_moment_that_is_not_one_says_the_forms(text):
    with pytest.raises(ValueError, match="N%"):
        moments.parse(text)


def test_a_share_of_the_run_is_that_far_through_its_steps():
    assert moments.step_of(Moment(percent=50), session()) == round(243 / 2)
    assert moments.step_of(Moment(percent=100), session()) == 243


def test_break_spec_is_where_exec_break_stops():
    s = session()
    queries = Queries(session(), ["cell:5,0 hit 3"])
    queries.session.continue_(on_arrival=queries.arrived)
    assert moments.step_of(Moment(spec="cell:5,0 hit 3"), s) == queries.queries[0].hits[0].step
    assert s.steps == 0  # the session asked stays where it was


@pytest.mark.parametrize("moment, said", [(Moment(spec="cell:20,20"), "never hit"),
                                          (Moment(spec="cell:200,1"), "not on the board")])
def test_a_spec_that_finds_nothing_says_why(moment, said):
    with pytest.raises(ValueError, match=said):
        moments.step_of(moment, session())


def test_a_share_of_a_run_that_does_not_end_says_so():
    fifteen = by_name("fifteen")
    truth = EXAMPLES / "fifteen" / "truth.15"  # with input 1: endless
    s = Session(fifteen, fifteen.parse(truth.read_text(), str(truth)), "1\n", True)
    with pytest.raises(ValueError, match="does not end within 5,000 steps"):
        moments.step_of(Moment(percent=50), s, longest=5_000)


# ----- run --at, g, the command of a moment ------------------------------------------------------
@pytest.mark.parametrize("at, step", [(Moment(step=40), 40), (Moment(percent=50), 122),
                                      (Moment(spec="cell:5,0 log {stack[0]}"), 5)])
async def test_the_debugger_opens_at_the_moment(at, step):
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False, at=at)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.session.steps == step


async def test_a_moment_that_cannot_be_found_is_said_and_the_debugger_stays_at_0():
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False, at=Moment(spec="cell:20,20"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.session.steps == 0
        assert any("never hit" in str(n.message) for n in app._notifications)


@pytest.mark.parametrize("typed, step", [("25%", 61), ("break:cell:5,0 hit 2", 19), ("+7", 7)])
async def test_g_takes_a_share_and_a_spec_too(typed, step):
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        app.screen.query_one("Input").value = typed
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.steps == step


def test_run_at_a_moment_that_is_not_one_is_exit_2_before_any_screen():
    done = subprocess.run([sys.executable, "-m", "esodbg.app", "run", str(COUNTDOWN), "--at", "half"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "'half' is not a moment of the run" in done.stderr


async def test_the_command_of_a_moment_opens_the_same_state(tmp_path):
    app = DebuggerApp(BEFUNGE, COUNTDOWN, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3", "3", "n")
        await settle(pilot)
        command = app.moment_command()
        app.action_copy_moment()
        await pilot.pause()
        assert any(command == str(n.message) for n in app._notifications)
    assert command == f"esodbg run {COUNTDOWN} --lang befunge93 --input '' --at 33"
    words = __import__("shlex").split(command)
    opened = DebuggerApp(BEFUNGE, COUNTDOWN, words[words.index("--input") + 1], restore=False, remember=False,
                         at=moments.parse(words[-1]))
    async with opened.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert opened.session.steps == 33 and opened.session.machine.snapshot() == app.session.machine.snapshot()


# ----- notes ---------------------------------------------------------------------------------------
async def note(pilot, text: str) -> None:
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PromptScreen)
    pilot.app.screen.query_one("Input").value = text
    await pilot.press("enter")
    await pilot.pause()


async def test_a_note_is_pinned_to_the_step_listed_and_gone_back_to(tmp_path):
    path = tmp_path / "count.b93"
    path.write_text(COUNTDOWN.read_text())
    app = DebuggerApp(BEFUNGE, path, "")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("5", "n")
        await settle(pilot)
        await note(pilot, "prints the first number")
        await pilot.press("2", "0", "n")
        await settle(pilot)
        await note(pilot, "twenty-five")
        assert list(app.session.notes) == [Note(5, "prints the first number", "space (5, 0)"),
                                           Note(25, "twenty-five", app.language.where(app.session.machine.location()))]
        assert app.debugger.query_one("#lists").active == "tab-notes"
        pane = app.debugger.query_one(NotesPane)
        pane.focus()
        await pilot.press("up")  # the first key selects the note at or before the step shown (25), then up
        await pilot.press("up", "enter")
        await settle(pilot)
        assert app.session.steps == 5
    done = subprocess.run([sys.executable, "-m", "esodbg.app", "notes", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:4] == [
        "# Notes on count.b93", "", "- **Step 5** (at space (5, 0)): prints the first number",
        f"  `esodbg run {path} --at 5`"]
    reopened = DebuggerApp(BEFUNGE, path, "")
    async with reopened.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert [n.text for n in reopened.session.notes] == ["prints the first number", "twenty-five"]


async def test_an_edit_keeps_the_notes_that_still_mean_the_same(tmp_path):
    path = tmp_path / "count.b93"
    path.write_text(COUNTDOWN.read_text())
    app = DebuggerApp(BEFUNGE, path, "")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("5", "n")
        await settle(pilot)
        await note(pilot, "first print")
        await pilot.press("2", "3", "0", "n")
        await settle(pilot)
        await note(pilot, "near the end")
        path.write_text(COUNTDOWN.read_text().replace("55+", "14+", 1))  # from 5: the same place at step 5
        app._saved()
        app._show_program()
        await settle(pilot)
        assert [n.text for n in app.session.notes] == ["first print"]
        assert any("near the end" in str(n.message) for n in app._notifications)


def test_notes_of_a_file_without_any_say_so_on_stderr(tmp_path):
    done = subprocess.run([sys.executable, "-m", "esodbg.app", "notes", str(tmp_path / "none.b93")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == "" and "no notes for" in done.stderr
