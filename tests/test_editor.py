"""Edit mode (issue 16): ``E`` opens the program in an editor highlighted by its grammar, the
engine's diagnostics show as you type, saving writes the file and reloads the session keeping the
breakpoints that still fit, and leaving with unsaved changes asks first."""

from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path

import pytest
from rich.style import Style

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.screens.editor import EditorScreen, LeaveScreen
from esodbg.app.screens.parse_error import ParseErrorScreen
from esodbg.app.widgets.board import BoardView
from esodbg.app.widgets.editor import ProgramEditor
from esodbg.engines.base import CellRef, CodeRef, Diagnostic
from esodbg.engines.registry import by_name, for_file

from conftest import EXAMPLES

SIZE = (120, 40)
PROGRAMS = Path(__file__).parent / "programs"


def copy(tmp_path: Path, folder: str, name: str) -> Path:
    """A copy of ``examples/<folder>/<name>`` (``folder`` ``programs``: of ``tests/programs/``) to edit."""
    target = tmp_path / name
    shutil.copyfile((PROGRAMS if folder == "programs" else EXAMPLES / folder) / name, target)
    return target


async def checked(pilot) -> ProgramEditor:
    """The editor, once the text as it is now has been checked."""
    await pilot.pause()  # the Changed message of an edit just made
    screen = pilot.app.screen
    assert isinstance(screen, EditorScreen)
    while screen.timer is not None:
        await pilot.pause(0.05)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen.query_one(ProgramEditor)


async def open_editor(pilot) -> ProgramEditor:
    await pilot.pause()
    await pilot.press("E")
    return await checked(pilot)


async def type_at(pilot, location: tuple[int, int], text: str) -> ProgramEditor:
    editor = pilot.app.screen.query_one(ProgramEditor)
    editor.move_cursor(location)
    editor.insert(text)
    return await checked(pilot)


async def change_then_leave(pilot, text: str, key: str, answer: str) -> None:
    """Open the editor, type ``text`` at the start of line 13, press ``key`` to leave: the
    question about unsaved changes comes up, and ``answer`` answers it."""
    await open_editor(pilot)
    await type_at(pilot, (12, 0), text)
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(pilot.app.screen, LeaveScreen)
    await pilot.press(answer)
    await pilot.pause()


async def test_e_opens_the_program_highlighted_by_its_grammar_with_no_problems(tmp_path):
    program = copy(tmp_path, "fifteen", "hello.15")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        editor = await open_editor(pilot)
        assert editor.text == program.read_text("utf-8")
        assert editor.language == "fifteen" and editor.is_syntax_aware and editor.has_focus
        assert editor.diagnostics == () and "no problems" in str(app.screen.query_one("#editor-status").render())
        # The debugger's keys are off while typing: n is a letter here, not a step; nor are its
        # actions in the command palette.
        await pilot.press("n")
        assert app.session.steps == 0 and editor.text.startswith("n")
        assert not [c for c in app.get_system_commands(app.screen) if c.title.startswith("Step")]


async def test_a_problem_typed_is_underlined_with_its_message_on_the_line(tmp_path):
    program = copy(tmp_path, "fifteen", "hello.15")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        await open_editor(pilot)
        editor = await type_at(pilot, (2, 0), "x")
        [problem] = editor.diagnostics
        assert (problem.line, problem.col, problem.severity) == (3, 1, "error")
        assert problem.message == "invalid puzzle label 'x14': expected an integer"
        line = editor.get_line(2)
        assert line.plain == "x14,15,21,16,18,12   ● " + problem.message
        underlined = {i for i in range(len(line)) if any(span.start <= i < span.end and Style.parse(str(span.style))
                                                          .underline for span in line.spans)}
        assert underlined == set(range(3))  # the word at the problem: x14
        assert editor.problem_at(2) == problem and editor.problem_at(1) is None
        status = str(app.screen.query_one("#editor-status").render())
        assert "1 error" in status and "modified" in status and "3:1: error: invalid puzzle label" in status
        # Fixed: the problem goes.
        editor = await type_at(pilot, (2, 0), "")
        editor.move_cursor((2, 0))
        editor.action_delete_right()
        editor = await checked(pilot)
        assert editor.diagnostics == () and "● " not in editor.get_line(2).plain


async def test_f8_moves_the_cursor_to_the_next_problem(tmp_path):
    program = copy(tmp_path, "messiscript", "hola_mundo.messi")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        await open_editor(pilot)
        editor = await type_at(pilot, (0, 0), "Sigue Messi. ")  # a loop that never closes
        assert editor.diagnostics
        editor.move_cursor((0, 0))
        await pilot.press("f8")
        first = editor.diagnostics[0]
        assert editor.cursor_location == (first.line - 1, first.col - 1)


async def test_a_messiscript_problem_is_underlined_over_the_engines_span(tmp_path):
    """The engine gives the span of a MessiScript command: the underline covers it, not a word."""
    editor = ProgramEditor("La agarra Messi. Foo bar baz.\n", "messiscript")
    problem = Diagnostic("p.messi", 1, 18, "not a command", end_line=1, end_col=30)
    editor.show_diagnostics((problem,))
    line = editor.get_line(0)
    underlined = {i for i in range(len(line)) if any(span.start <= i < span.end and span.style.underline
                                                      for span in line.spans if isinstance(span.style, Style))}
    assert underlined == set(range(17, 29))


async def test_saving_writes_the_file_and_reloads_keeping_the_breakpoints_that_still_fit(tmp_path):
    """A 15 puzzle that loses its last column: the breakpoint on a cell still there is kept,
    the one on a cell gone is dropped (and said so), and the watch stays."""
    program = copy(tmp_path, "programs", "div_zero.15")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        kept, gone = CellRef("puzzle", 0, 1), CellRef("puzzle", 0, 2)
        app.session.breakpoints.toggle(kept)
        app.session.breakpoints.toggle(gone)
        app.session.watches.add("acc")
        await pilot.press("n")
        old = app.session
        editor = await open_editor(pilot)
        editor.load_text("0,1\n\n>=,</\n")
        editor = await checked(pilot)
        assert editor.diagnostics == ()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert program.read_text("utf-8") == "0,1\n\n>=,</\n"
        assert app.session is not old and app.session.steps == 0
        assert [bp.at for bp in app.session.breakpoints] == [kept]
        assert [watch.text for watch in app.session.watches] == ["acc"]
        assert any("(0, 2) is not on the board puzzle" in n.message for n in app._notifications)
        assert isinstance(app.screen, EditorScreen) and not app.screen.modified  # saving stays in the editor
        await pilot.press("escape")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is app.debugger and app.debugger.session is app.session
        [board] = app.debugger.query(BoardView)  # drawn again for the new program
        assert len(board.board.rows) == 1 and len(board.board.rows[0]) == 2
        tabs = app.debugger.query_one("#lists")
        assert str(tabs.get_tab("tab-breakpoints").label) == "Breakpoints 1"
        assert str(tabs.get_tab("tab-watches").label) == "Watches 1"


async def test_a_save_that_does_not_parse_shows_the_problem_and_keeps_the_breakpoints_for_the_fix(tmp_path):
    program = copy(tmp_path, "messiscript", "hola_mundo.messi")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.session.breakpoints.toggle(CodeRef(1))
        good = program.read_text("utf-8")
        editor = await open_editor(pilot)
        assert (await type_at(pilot, (0, 0), "Sigue Messi. ")).diagnostics
        await pilot.press("ctrl+s", "escape")
        await pilot.pause()
        assert app.session is None and isinstance(app.screen, ParseErrorScreen)
        await pilot.press("e")
        editor = await checked(pilot)
        editor.load_text(good)
        await checked(pilot)
        await pilot.press("ctrl+s", "escape")
        await pilot.pause()
        assert app.screen is app.debugger and [bp.at for bp in app.session.breakpoints] == [CodeRef(1)]


@pytest.mark.parametrize("answer, saved, stays", [("d", False, False), ("s", True, False), ("escape", False, True)])
async def test_leaving_with_unsaved_changes_asks_first(tmp_path, answer, saved, stays):
    program = copy(tmp_path, "fifteen", "hello.15")
    before = program.read_text("utf-8")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        await change_then_leave(pilot, "A comment. ", "escape", answer)
        assert program.read_text("utf-8") == (before.replace("Prints", "A comment. Prints") if saved else before)
        assert isinstance(app.screen, EditorScreen) if stays else app.screen is app.debugger


async def test_leaving_unchanged_asks_nothing_and_keeps_the_session(tmp_path):
    program = copy(tmp_path, "fifteen", "hello.15")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        session = app.session
        await open_editor(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.debugger and app.session is session and session.steps == 1


async def test_quitting_with_unsaved_changes_asks_first(tmp_path):
    program = copy(tmp_path, "fifteen", "hello.15")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        await change_then_leave(pilot, "x", "ctrl+c", "d")
    assert app.return_code == 0 and program.read_text("utf-8") == (EXAMPLES / "fifteen/hello.15").read_text("utf-8")


async def test_a_file_that_cannot_be_written_is_not_lost(tmp_path):
    program = copy(tmp_path, "fifteen", "hello.15")
    app = DebuggerApp(for_file(program), program, "")
    async with app.run_test(size=SIZE) as pilot:
        await open_editor(pilot)
        await type_at(pilot, (12, 0), "x")
        program.unlink()
        program.mkdir()  # where the file was, a directory: writing fails
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen) and app.screen.modified
        assert any("not saved" in n.message for n in app._notifications)


def test_a_gcg_record_is_saved_in_its_declared_encoding():
    gcg = by_name("scrabble")
    text = "#character-encoding ISO-8859-1\n#player1 José José\n"
    data = gcg.encode(text, "game.gcg")
    assert data == text.encode("iso-8859-1") and gcg.decode(data, "game.gcg") == text
    assert gcg.encode("#player1 José\n", "game.gcg") == "#player1 José\n".encode("utf-8")
    with pytest.raises(UnicodeEncodeError):
        gcg.encode("#character-encoding ISO-8859-1\n#player1 Łukasz\n", "game.gcg")


@pytest.mark.parametrize("path", sorted(p for p in EXAMPLES.rglob("*") if p.is_file() and for_file(p) is not None
                                       and for_file(p).grammar_for(p) is not None),  # (not Piet's pictures)
                         ids=lambda p: p.name)
def test_the_editor_finds_on_demand_the_highlights_textarea_finds_for_the_whole_file(path):
    """ProgramEditor queries the rows drawn, a few screens at a time; each row gets the captures
    TextArea's own whole-file pass gives it (the program is repeated over several of those
    windows, so that captures crossing their edges count)."""
    from textual.widgets import TextArea

    from esodbg.app.widgets.editor import ROWS_AT_ONCE

    language = for_file(path)
    once = language.decode(path.read_bytes(), str(path))
    text = "\n".join([once] * (3 * ROWS_AT_ONCE // (once.count("\n") + 1) + 1))
    editor = ProgramEditor(text, language.grammar_for(path))
    assert editor.is_syntax_aware
    lazy = editor._highlights
    TextArea._build_highlight_map(editor)  # Textual's: every row at once
    whole = editor._highlights
    rows = range(editor.document.line_count)
    assert [sorted(lazy[row]) for row in rows] == [sorted(whole[row]) for row in rows]
    assert any(whole[row] for row in rows)
    # The height it counts at once is the one Textual sums line by line.
    from textual.document._wrapped_document import WrappedDocument

    assert editor.wrapped_document.height == WrappedDocument.height.fget(editor.wrapped_document) == len(rows)


@pytest.mark.parametrize("folder, name", [("ttg", "wow.txt"), ("fifteen", "truth.15"), ("stoned-go", "chain_reaction.sgo"),
                                          ("messiscript", "fibonacci.messi")])
async def test_after_edits_the_tree_and_highlights_are_a_fresh_parses(tmp_path, folder, name):
    """Edits move the old tree along and the grammar parses again after the last one, in a
    thread (the keystroke does not wait): then the tree is the one a fresh parse of the text
    gives, and so are the highlights drawn."""
    from textual.document._syntax_aware_document import SyntaxAwareDocument
    from textual.widgets import TextArea

    from esodbg import grammars

    path = copy(tmp_path, folder, name)
    language = for_file(path)
    async with DebuggerApp(language, path, "").run_test(size=SIZE) as pilot:
        editor = await open_editor(pilot)
        editor.move_cursor((1, 0))
        editor.insert("ab\ncd")  # a paste of two lines
        editor.move_cursor((0, 1))
        editor.insert("x")
        editor.action_delete_left()
        editor.action_delete_left()
        editor.insert("\n")
        editor.undo()
        await checked(pilot)
        await pilot.pause(0.3)  # REPARSE_AFTER, then the thread
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        grammar = language.grammar_for(path)
        fresh = SyntaxAwareDocument(editor.text, grammars.language(grammar))  # Textual's parse of it
        assert str(editor.document.syntax_tree.root_node) == str(fresh._syntax_tree.root_node)
        rows = range(editor.document.line_count)
        lazy = [sorted(editor._highlights[row]) for row in rows]
        editor._highlights = defaultdict(list)
        TextArea._build_highlight_map(editor)  # Textual's: every row at once
        assert lazy == [sorted(editor._highlights[row]) for row in rows]
