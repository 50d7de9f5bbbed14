"""Snapshot tests of rendered frames (pytest-textual-snapshot).  The SVGs live in
tests/__snapshots__/; after a deliberate UI change, look at them, then `pytest --snapshot-update`."""

from __future__ import annotations

from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.engines.registry import for_file

from conftest import EXAMPLES

SIZE = (120, 40)
SMALL = (80, 24)  # the smallest supported terminal
PROGRAMS = Path(__file__).parent / "programs"


@pytest.fixture
def in_dir(monkeypatch):
    """Run from a directory so paths shown on screen are short and the same on every machine."""
    def chdir(path: Path) -> None:
        monkeypatch.chdir(path)
    return chdir


def app(in_dir, folder: Path, name: str, preset: str | None = None) -> DebuggerApp:
    in_dir(folder)
    return DebuggerApp(for_file(name), Path(name), preset)


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def continue_to_stop(pilot) -> None:
    await pilot.press("c")
    await settle(pilot)


def test_hello_first_frame(snap_compare, in_dir):
    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "hello.15"), terminal_size=SIZE)


def test_hello_after_5_steps(snap_compare, in_dir):
    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "hello.15"), press=["5", "n"], terminal_size=SIZE)


def test_stopped_at_a_cell_breakpoint(snap_compare, in_dir):
    async def run_before(pilot):
        # Focus the board, move the cursor from the start cell (1, 2) to (2, 4), set a breakpoint.
        await pilot.press("tab", "down", "right", "right", "enter", "escape", "c")
        await settle(pilot)

    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "99.15"), run_before=run_before, terminal_size=SIZE)


def test_after_stepping_back(snap_compare, in_dir):
    async def run_before(pilot):
        await continue_to_stop(pilot)
        await pilot.press("left", "left", "3", "N")

    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "hello.15"), run_before=run_before, terminal_size=SIZE)


def test_at_halt(snap_compare, in_dir):
    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "99.15"), run_before=continue_to_stop, terminal_size=SIZE)


def test_runtime_error(snap_compare, in_dir):
    assert snap_compare(app(in_dir, PROGRAMS, "div_zero.15"), run_before=continue_to_stop, terminal_size=SIZE)


def test_parse_error_screen(snap_compare, in_dir):
    assert snap_compare(app(in_dir, PROGRAMS, "bad_label.15"), terminal_size=SIZE)


def test_waiting_for_input(snap_compare, in_dir):
    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "truth.15"), press=["n"], terminal_size=SIZE)


def test_help_screen(snap_compare, in_dir):
    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "hello.15"), press=["question_mark"], terminal_size=SIZE)


# ----- MessiScript: the source is the code board --------------------------------------------------
MESSI = EXAMPLES / "messiscript"


def test_messi_first_frame(snap_compare, in_dir):
    assert snap_compare(app(in_dir, MESSI, "hola_mundo.messi"), terminal_size=SIZE)


def test_messi_inside_a_loop(snap_compare, in_dir):
    assert snap_compare(app(in_dir, MESSI, "hola_mundo.messi"), press=["4", "0", "n"], terminal_size=SIZE)


def test_messi_after_va_messi_shows_the_word_breakdown(snap_compare, in_dir):
    assert snap_compare(app(in_dir, MESSI, "hola_mundo.messi"), press=["2", "n"], terminal_size=SIZE)


def test_messi_stopped_at_a_command_breakpoint(snap_compare, in_dir):
    async def run_before(pilot):
        # Focus the code pane, move the command cursor to the first `la pisa messi` (line 8).
        await pilot.press("tab", *["down"] * 12, "enter", "escape", "c")
        await settle(pilot)

    assert snap_compare(app(in_dir, MESSI, "hola_mundo.messi"), run_before=run_before, terminal_size=SIZE)


def test_messi_waiting_for_input(snap_compare, in_dir):
    assert snap_compare(app(in_dir, MESSI, "contar.messi"), run_before=continue_to_stop, terminal_size=SIZE)


def test_messi_structure_error(snap_compare, in_dir):
    assert snap_compare(app(in_dir, PROGRAMS, "unclosed_loop.messi"), terminal_size=SIZE)


# ----- Tic Tac Toe Grow: the page's example (wow.txt) and a board grown every way -------------------

def wow(in_dir) -> DebuggerApp:
    return app(in_dir, EXAMPLES / "ttg", "wow.txt")


def test_ttg_wow_at_start(snap_compare, in_dir):
    assert snap_compare(wow(in_dir), terminal_size=SIZE)


def test_ttg_wow_mid_run(snap_compare, in_dir):
    # Nine keystrokes (the r starts the first pass), then six micro-steps into the pass.
    assert snap_compare(wow(in_dir), press=["9", "k", "6", "n"], terminal_size=SIZE)


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
def test_ttg_wow_at_the_overflow_swap(snap_compare, in_dir, size):
    async def run_before(pilot):
        session = pilot.app.session
        while type(session.machine.next).__name__ != "Swap":
            session.step()
        session.step()  # the swap itself: mainBoard and memory1 change places, D := Left
        pilot.app.render_state()
        await pilot.pause()

    assert snap_compare(wow(in_dir), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
def test_ttg_inside_nested_at_frames_with_a_breakpoint(snap_compare, in_dir, size):
    async def run_before(pilot):
        # Into the pass of the last keystroke, where @ calls save 1 and that frame calls save 0
        # (long micro-step lines), then a breakpoint on the cursor's cell (its ● on the board).
        await pilot.press("2", "7", "n", "b")
        await pilot.pause()

    assert snap_compare(app(in_dir, EXAMPLES / "ttg", "save_call.ttg"), run_before=run_before, terminal_size=size)


def test_ttg_wow_at_the_end(snap_compare, in_dir):
    async def run_before(pilot):
        await continue_to_stop(pilot)

    assert snap_compare(wow(in_dir), run_before=run_before, terminal_size=SIZE)


def test_ttg_board_grown_in_four_directions(snap_compare, in_dir):
    async def run_before(pilot):
        await continue_to_stop(pilot)

    assert snap_compare(app(in_dir, EXAMPLES / "ttg", "four_ways.ttg"), run_before=run_before, terminal_size=SIZE)


def test_ttg_data_breakpoint_hit_on_memory1(snap_compare, in_dir):
    async def run_before(pilot):
        # Focus memory1 (its cursor starts at (0, 0)); t sets a breakpoint, then cycles its kinds
        # exec+write → exec → write → data.
        await pilot.press("tab", "tab", "t", "t", "t", "t", "escape", "c")
        await settle(pilot)
        pilot.app.clear_notifications()  # t's notes last 3 s: a frame must not depend on how long the run took
        await settle(pilot)

    assert snap_compare(wow(in_dir), run_before=run_before, terminal_size=SIZE)


# ----- Every language at every supported size: the first frame and one mid-run ----------------------

LANGUAGE_FRAMES = [
    ("fifteen", "99.15", ["2", "0", "n"]),  # twenty steps: the empty square has moved off the start
    ("messiscript", "hola_mundo.messi", ["1", "2", "n"]),  # inside the loop, a va messi explained
    ("ttg", "wow.txt", ["9", "k", "6", "n"]),  # nine keystrokes, six micro-steps into the first pass
]


@pytest.mark.parametrize("size", [SMALL, SIZE, (200, 60)], ids=["80x24", "120x40", "200x60"])
@pytest.mark.parametrize("mid_run", [False, True], ids=["first", "mid-run"])
@pytest.mark.parametrize("folder, name, keys", LANGUAGE_FRAMES, ids=[case[0] for case in LANGUAGE_FRAMES])
def test_every_language_at_every_size(snap_compare, in_dir, folder, name, keys, mid_run, size):
    assert snap_compare(app(in_dir, EXAMPLES / folder, name), press=keys if mid_run else [], terminal_size=size)


# ----- Befunge: the states its users ask to see (issue 35) -----------------------------------------

BEFUNGE_FRAMES = [
    ("hello.b93", ["9", "n"]),  # 93 in string mode: "!dlroW ,olleH" half pushed
    ("rewrite.b93", ["1", "8", "n"]),  # 93 just after a p rewrote the cell the pointer comes back to
    ("threads.b98", ["1", "2", "n"]),  # 98 with three IPs after two t's
    ("stacks.b98", ["7", "n"]),  # 98 just after { opened a stack: the stack of stacks and the offset
]


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, keys", BEFUNGE_FRAMES, ids=[case[0] for case in BEFUNGE_FRAMES])
def test_befunge_states(snap_compare, in_dir, name, keys, size):
    assert snap_compare(app(in_dir, EXAMPLES / "befunge", name), press=keys, terminal_size=size)


# ----- Stoned-Go: a capture, triggers three deep, a subprogram's end, a macro-made parse error ------

STONED_GO_FRAMES = [
    ("single_capture.sgo", ["1", "3", "n"]),  # the capture: the taken stone drawn ×, its trigger starts
    ("chain_reaction.sgo", ["1", "5", "3", "n"]),  # a trigger inside a trigger inside a trigger
    ("subprogram.sgo", ["7", "5", "n"]),  # the ? that ends the first <fill> activation
]


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, keys", STONED_GO_FRAMES, ids=[case[0].removesuffix(".sgo") for case in STONED_GO_FRAMES])
def test_stoned_go_frames(snap_compare, in_dir, name, keys, size):
    assert snap_compare(app(in_dir, EXAMPLES / "stoned-go", name), press=keys, terminal_size=size)


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
def test_stoned_go_parse_error_made_by_a_macro(snap_compare, in_dir, size):
    # The second top-level | comes from the second <bar> call: the error names that call site.
    assert snap_compare(app(in_dir, PROGRAMS, "second_bar.sgo"), terminal_size=size)


# ----- Scrabble: a PRINT, a strict-rule diagnostic, a GCG game at a bingo, a loose board --------------

SCRABBLE_FRAMES = [
    ("hi.scrabble", ["2", "3", "n"]),  # the PRINT has just printed "Hi"
    ("doug_v_emely.gcg", ["1", "5", "n"]),  # 10B DONATES, a bingo, just put down; its words run next
    ("hello_world.scrabble", ["4", "n"]),  # the original's hello world: loose, negative coordinates
]


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, keys", SCRABBLE_FRAMES, ids=[case[0].split(".")[0] for case in SCRABBLE_FRAMES])
def test_scrabble_frames(snap_compare, in_dir, name, keys, size):
    assert snap_compare(app(in_dir, EXAMPLES / "scrabble", name), press=keys, terminal_size=size)


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
def test_scrabble_strict_rule_diagnostic(snap_compare, in_dir, size):
    # The second play touches no tile already down: the error names the play, the square and the rule.
    assert snap_compare(app(in_dir, PROGRAMS, "disconnected.scrabble"), terminal_size=size)


# ----- Power debugging (issue 17): the lists' tabs, the timeline ------------------------------------
def typed(text: str) -> list[str]:
    """The keys that type ``text`` in a prompt, then Enter."""
    names = {" ": "space", "{": "left_curly_bracket", "}": "right_curly_bracket", "%": "percent_sign",
             "<": "less_than_sign", ">": "greater_than_sign", "=": "equals_sign", "*": "asterisk"}
    return [names.get(char, char) for char in text] + ["enter"]


async def power_session(pilot) -> None:
    """99.15 with a conditional cell breakpoint with a hit condition, a data breakpoint (disabled),
    a log point on output and a watch, continued to the second stop.  Each prompt's text is put
    in at once (typing it a key at a time, a frame a key, took seconds: that is test_power_ui's)."""
    from textual.widgets import Input

    for key, text in (("B", "cell:puzzle:2,0 if acc < 60 hit % 2"), ("B", "data:acc"),
                      ("B", "event:output log acc={acc}"), ("w", "acc * 2")):
        await pilot.press(key)
        await pilot.pause()
        pilot.app.screen.query_one(Input).value = text
        await pilot.press("enter")
        await pilot.pause()
    pilot.app.session.breakpoints.set_enabled(power_breakpoint("data:acc", pilot.app), False)
    await continue_to_stop(pilot)
    await continue_to_stop(pilot)


def power_breakpoint(spec: str, app_: DebuggerApp):
    from esodbg.engines.spec import parse_spec

    return parse_spec(spec, app_.language, app_.session.first_view).at


@pytest.mark.parametrize("tab", ["breakpoints", "watches", "log"])
@pytest.mark.parametrize("size", [SIZE, SMALL], ids=["120x40", "80x24"])
def test_power_debugging_tabs_and_timeline(snap_compare, in_dir, tab, size):
    async def run_before(pilot):
        await power_session(pilot)
        pilot.app.debugger.query_one("#lists").active = f"tab-{tab}"
        await pilot.pause()

    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "99.15"), run_before=run_before, terminal_size=size)


def test_power_debugging_breakpoint_prompt_with_an_error(snap_compare, in_dir):
    assert snap_compare(app(in_dir, EXAMPLES / "fifteen", "99.15"),
                        press=["B", *typed("cell:puzzle:2,0 if acc >")], terminal_size=SIZE)


# ----- Edit mode (issue 16): a diagnostic underlined with its message, the unsaved-changes question ----

async def edit_with_a_problem(pilot) -> None:
    """E, then a label that is not a number typed into the puzzle, checked."""
    from esodbg.app.widgets.editor import ProgramEditor

    await pilot.press("E")
    await pilot.pause()
    editor = pilot.app.screen.query_one(ProgramEditor)
    editor.move_cursor((2, 0))
    editor.insert("x")
    # The check and the grammar's parse run a moment after the last keystroke, in threads: wait
    # until both have shown (a loaded machine takes longer than any fixed pause).
    for _ in range(400):
        await pilot.pause(0.05)
        if editor.diagnostics and pilot.app.screen.timer is None and editor._reparse_timer is None:
            break
    await settle(pilot)


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
def test_editor_showing_a_diagnostic(snap_compare, in_dir, size, tmp_path):
    (tmp_path / "hello.15").write_bytes((EXAMPLES / "fifteen" / "hello.15").read_bytes())
    assert snap_compare(app(in_dir, tmp_path, "hello.15"), run_before=edit_with_a_problem, terminal_size=size)


def test_editor_asks_before_leaving_unsaved_changes(snap_compare, in_dir, tmp_path):
    async def run_before(pilot):
        await edit_with_a_problem(pilot)
        await pilot.press("escape")

    (tmp_path / "hello.15").write_bytes((EXAMPLES / "fifteen" / "hello.15").read_bytes())
    assert snap_compare(app(in_dir, tmp_path, "hello.15"), run_before=run_before, terminal_size=SIZE)
