"""Sessions that remember (engines/sessions.py): a program file's breakpoints and watches saved, then
restored into a fresh session of the same (or a changed) program; damaged files, files of another
format or language; one file per program path.  Every test keeps its state in its own
``$ESODBG_STATE_DIR`` under ``tmp_path``: nothing here touches the user's state dir."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from esodbg.engines import sessions
from esodbg.engines import registry
from esodbg.engines.base import CellRef, CodeRef, Stop
from esodbg.engines.breakpoints import DataRef, EventRef
from esodbg.engines.debugger import Session
from esodbg.engines.spec import format_spec, parse_spec

from conftest import EXAMPLES, examples_of

FIFTEEN = registry.by_name("fifteen")
# A 2×3 puzzle: six pieces (mem[0]…mem[5]), the empty square at (1, 1).
TWO_ROWS = "1,2,3\n4,0,5\n\n>?,<_,<!\n^_,>=,<_\n"
# The same program cut to one row: three pieces, no row 1.
ONE_ROW = "0,1,2\n\n>?,>=,<_\n"


@pytest.fixture(autouse=True)
def state(tmp_path, monkeypatch) -> Path:
    """This test's state dir."""
    monkeypatch.setenv(sessions.STATE_DIR_ENV, str(tmp_path / "state"))
    return tmp_path / "state"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return path


def fifteen(path: Path, text: str | None = None, input_text: str = "7\n") -> Session:
    """A fresh session of the 15 program in ``path`` (written with ``text`` first, if given)."""
    if text is not None:
        write(path, text)
    return Session(FIFTEEN, FIFTEEN.parse(path.read_text("utf-8"), str(path)), input_text)


def described(session: Session) -> list[tuple]:
    """Every breakpoint of ``session`` field by field, and its watches."""
    bps = [(bp.at, bp.kinds, bp.enabled, bp.condition and bp.condition.text,
            bp.hit_condition and str(bp.hit_condition), bp.log_message and bp.log_message.text)
           for bp in session.breakpoints]
    return bps + [("watch", watch.text) for watch in session.watches]


def add(session: Session, *specs: str) -> None:
    for spec in specs:
        parse_spec(spec, session.language, session.first_view).set_in(session.breakpoints)


# ----- save, then load ------------------------------------------------------------------------
def test_every_kind_of_breakpoint_and_the_watches_come_back(tmp_path, state):
    program = write(tmp_path / "prog.15", TWO_ROWS)
    s = fifteen(program)
    add(s, "cell:puzzle:1,1/exec if acc > 2 hit >= 2 log acc={acc} at {pos}",
        "cell:0,2", "data:mem[3] hit 3", "data:acc if acc % 2 == 0", "data:puzzle(1,2)", "data:pos",
        "event:output log wrote {output_length}", "event:input hit % 2", "event:error", "event:solved if step > 1")
    s.breakpoints.set_enabled(CellRef("puzzle", 0, 2), False)
    s.breakpoints.set_enabled(EventRef("input"), False)
    s.watches.add("acc * 2")
    s.watches.add("[m for m in mem if m]")
    file = sessions.save(program, s)
    assert file is not None and file.parent == state / "sessions" and file.is_file()
    assert [p.name for p in file.parent.iterdir()] == [file.name]  # no temporary file left behind

    fresh = fifteen(program)
    restored, dropped = sessions.load(program, fresh)
    assert dropped == []
    assert described(fresh) == described(s)
    assert restored == [format_spec(bp, FIFTEEN) for bp in s.breakpoints] + \
        ["watch acc * 2", "watch [m for m in mem if m]"]
    assert [watch.current for watch in fresh.watches] == [watch.current for watch in s.watches]
    assert all(bp.hits(fresh.steps) == 0 for bp in fresh.breakpoints)


def test_restored_breakpoints_stop_where_the_originals_do(tmp_path):
    program = write(tmp_path / "99.15", (EXAMPLES / "fifteen" / "99.15").read_text("utf-8"))
    s = fifteen(program)
    add(s, "data:acc hit 5", "cell:2,4 if acc < 97", "event:output log {acc}")
    sessions.save(program, s)
    fresh = fifteen(program)
    sessions.load(program, fresh)
    for _ in range(3):
        outcomes = [session.continue_() for session in (s, fresh)]
        assert outcomes[0].reason is Stop.BREAKPOINT and outcomes[0].step > 0
        assert [(o.reason, o.step, o.message, o.breakpoint.at) for o in outcomes[:1]] == \
            [(o.reason, o.step, o.message, o.breakpoint.at) for o in outcomes[1:]]
    assert s.log and [entry.text for entry in s.log] == [entry.text for entry in fresh.log]


@pytest.mark.parametrize("language", [pytest.param(language, id=language.name) for language in registry.languages()])
def test_every_language_gets_its_breakpoints_back(tmp_path, language):
    """A location breakpoint with every kind the language has, a data breakpoint, each event with
    every filter: all restored, whatever the language."""
    example = next(path for path in examples_of(language) if not path.name.startswith("err_"))
    program = tmp_path / example.name
    program.write_bytes(example.read_bytes())

    def fresh() -> Session:
        return Session(language, language.parse(language.decode(program.read_bytes(), str(program)), str(program)))

    s = fresh()
    view = s.first_view
    kinds = "+".join(sorted(language.breakpoint_kinds))
    specs = [f"cell:{board.name}:0,0/{kinds} hit >= 2" for board in view.boards
             if language.breakable(CellRef(board.name, 0, 0)) is None]  # not on a board of data (Hexagony's memory)
    if view.code is not None and language.code_breakpoints:
        specs.append(f"code:{len(view.code.steps)} if step > 0")
    register = next(form.name for form in language.data_locations if "[" not in form.name and "(" not in form.name)
    specs.append(f"data:{register} log {register} is {{{register}}}")
    specs += [f"event:{event.name} if step > 2 hit % 3 log {{step}}" for event in language.all_events]
    add(s, *specs)
    s.breakpoints.set_enabled(EventRef(language.all_events[-1].name), False)
    s.watches.add("step")
    sessions.save(program, s)
    restored = fresh()
    assert sessions.load(program, restored)[1] == []
    assert described(restored) == described(s)


def test_what_a_spec_cannot_hold_still_comes_back_exactly(tmp_path):
    """A condition with Python's ``a if c else b`` (a spec would be cut at its ``if``) and a log
    message with outer spaces, set through the core's API as the app may."""
    program = write(tmp_path / "prog.15", TWO_ROWS)
    s = fifteen(program)
    s.breakpoints.set(DataRef("acc"), condition="acc if acc > 1 else 0", log_message="  acc {acc}  ")
    s.breakpoints.set(CellRef("puzzle", 0, 0), condition="cmd == ' log hit if '")
    sessions.save(program, s)
    fresh = fifteen(program)
    assert sessions.load(program, fresh)[1] == []
    assert described(fresh) == described(s)


# ----- nothing to remember ----------------------------------------------------------------------
def test_nothing_to_remember_removes_the_file(tmp_path, state):
    program = write(tmp_path / "prog.15", TWO_ROWS)
    s = fifteen(program)
    assert sessions.save(program, s) is None and not (state / "sessions").exists()  # no file, none made
    add(s, "data:acc")
    watch = s.watches.add("acc")
    file = sessions.save(program, s)
    assert file.is_file()
    s.breakpoints.remove(DataRef("acc"))
    assert sessions.save(program, s) == file and file.is_file()  # a watch is still something
    s.watches.remove(watch)
    assert sessions.save(program, s) is None and not file.exists()
    assert sessions.load(program, fifteen(program)) == ([], [])  # no file: nothing restored, nothing said


# ----- a changed program ------------------------------------------------------------------------
def test_a_changed_program_keeps_what_still_makes_sense_and_says_what_was_dropped(tmp_path):
    program = write(tmp_path / "prog.15", TWO_ROWS)
    s = fifteen(program)
    add(s, "cell:puzzle:1,1 if acc > 0",  # row 1 goes
        "cell:0,2 hit 2",  # still on the board
        "data:mem[4]",  # piece 4 goes
        "data:mem[1] if mem[1] > 3",  # piece 1 stays
        "data:puzzle(1,2)",  # row 1 goes
        "data:acc", "event:solved", "event:output log {acc}")
    s.watches.add("mem[4]")  # a valid expression in any 15 program (it fails to evaluate here, and says so)
    s.watches.add("acc + 1")
    sessions.save(program, s)

    write(program, ONE_ROW)
    changed = fifteen(program)
    restored, dropped = sessions.load(program, changed)
    assert restored == ["cell:puzzle:0,2 hit 2", "data:mem[1] if mem[1] > 3", "data:acc", "event:solved",
                        "event:output log {acc}", "watch mem[4]", "watch acc + 1"]
    assert [bp.at for bp in changed.breakpoints] == [CellRef("puzzle", 0, 2), DataRef("mem[1]"), DataRef("acc"),
                                                     EventRef("solved"), EventRef("output")]
    assert len(dropped) == 3
    cell, mem, board = dropped
    assert cell.startswith("breakpoint cell:puzzle:1,1 if acc > 0: ") and "(1, 1) is not on the board puzzle, which is 3 cells wide and 1 high" in cell
    assert mem.startswith("breakpoint data:mem[4]: ") and "not a data location" in mem
    assert board.startswith("breakpoint data:puzzle(1,2): ") and "not a data location" in board
    assert changed.watches[0].current.error and "IndexError" in changed.watches[0].current.text


def test_a_program_with_fewer_commands_drops_the_breakpoints_past_its_end(tmp_path):
    language = registry.by_name("messiscript")
    program = write(tmp_path / "prog.messi", "La agarra Messi. Va Messi. Va Messi. Va Messi.\n¡gol!\n")

    def fresh() -> Session:
        return Session(language, language.parse(program.read_text("utf-8"), str(program)))

    s = fresh()
    add(s, "code:2 log {pos}", "code:5", "data:tape[3]")
    sessions.save(program, s)
    write(program, "La agarra Messi. Va Messi.\n¡gol!\n")  # 3 commands, not 5
    changed = fresh()
    restored, dropped = sessions.load(program, changed)
    assert restored == ["code:2 log {pos}", "data:tape[3]"]  # a tape grows: every cell is a location
    assert [bp.at for bp in changed.breakpoints] == [CodeRef(1), DataRef("tape[3]")]
    assert len(dropped) == 1 and dropped[0].startswith("breakpoint code:5: ") and "from 1 to 3" in dropped[0]


def test_a_cell_a_growing_board_reaches_later_is_kept(tmp_path):
    """A cell off the board at step 0 when it was saved (Tic Tac Toe Grow's board grows there)
    is not a cell the program lost."""
    language = registry.by_name("ttg")
    program = write(tmp_path / "prog.ttg", "abcdefghijkl")

    def fresh() -> Session:
        return Session(language, language.parse(program.read_text("utf-8"), str(program)))

    s = fresh()
    assert s.first_view.cell(CellRef("main", 5, 5)) is None
    add(s, "cell:main:5,5/grow", "cell:memory1:1,1")
    sessions.save(program, s)
    write(program, "abc")
    changed = fresh()
    assert sessions.load(program, changed) == (["cell:main:5,5/grow", "cell:memory1:1,1"], [])


# ----- files that cannot be restored --------------------------------------------------------------
def remembered(program: Path) -> Path:
    """The session file of ``program``, written by a save (so its directory exists)."""
    s = fifteen(program, TWO_ROWS)
    add(s, "data:acc")
    return sessions.save(program, s)


@pytest.mark.parametrize("content, why", [
    (b"{not json", "could not be read"),
    (b"\xff\xfe\x00garbage", "could not be read"),
    (b"", "could not be read"),
    (b"[1, 2]", "damaged"),
    (b'{"format": 1, "language": "fifteen", "breakpoints": {"at": "data:acc"}, "watches": []}', "damaged"),
    (b'{"format": 1, "language": "fifteen", "breakpoints": [], "watches": "acc"}', "damaged"),
])
def test_a_corrupt_file_restores_nothing_and_says_why(tmp_path, content, why):
    program = tmp_path / "prog.15"
    file = remembered(program)
    file.write_bytes(content)
    s = fifteen(program)
    restored, dropped = sessions.load(program, s)
    assert restored == [] and len(dropped) == 1 and why in dropped[0] and str(file) in dropped[0]
    assert not len(s.breakpoints) and not len(s.watches)


def test_damaged_entries_are_dropped_one_by_one(tmp_path):
    program = tmp_path / "prog.15"
    file = remembered(program)
    data = json.loads(file.read_text("utf-8"))
    good = data["breakpoints"][0]
    data["breakpoints"] = [42, {"at": 5}, {"at": "data:acc", "condition": 3}, {"at": "data:pos", "enabled": "no"},
                           {"at": "data:pos if acc > 1"}, {"at": "nowhere:1"}, good]
    data["watches"] = [7, "acc >", "acc"]
    file.write_text(json.dumps(data), "utf-8")
    s = fifteen(program)
    restored, dropped = sessions.load(program, s)
    assert restored == ["data:acc", "watch acc"]
    assert len(dropped) == 8
    assert all("damaged" in message for message in dropped[:5])
    assert "a breakpoint is cell:ROW,COL" in dropped[5]
    assert dropped[6].startswith("watch 7") and dropped[7].startswith("watch acc >")
    assert [bp.at for bp in s.breakpoints] == [DataRef("acc")] and [w.text for w in s.watches] == ["acc"]


@pytest.mark.parametrize("version", [0, 3, "1", None, True])
def test_a_file_of_another_format_restores_nothing_and_says_why(tmp_path, version):
    program = tmp_path / "prog.15"
    file = remembered(program)
    data = json.loads(file.read_text("utf-8"))
    data["format"] = version
    file.write_text(json.dumps(data), "utf-8")
    s = fifteen(program)
    restored, dropped = sessions.load(program, s)
    assert restored == [] and len(dropped) == 1 and "format" in dropped[0] and "nothing restored" in dropped[0]
    assert not len(s.breakpoints)


def test_a_file_of_another_language_restores_nothing_and_says_why(tmp_path):
    program = tmp_path / "prog.15"
    messiscript = registry.by_name("messiscript")
    s = Session(messiscript, messiscript.parse("La agarra Messi. Va Messi.\n¡gol!\n", str(program)))
    add(s, "code:1", "data:cell")
    sessions.save(program, s)  # the same path, opened as MessiScript before
    fresh = fifteen(program, TWO_ROWS)
    restored, dropped = sessions.load(program, fresh)
    assert restored == [] and len(dropped) == 1 and "'messiscript'" in dropped[0] and "nothing restored" in dropped[0]
    assert not len(fresh.breakpoints)


# ----- one file per program -------------------------------------------------------------------------
def test_programs_with_the_same_name_in_different_directories_have_their_own_files(tmp_path):
    first, second = tmp_path / "a" / "prog.15", tmp_path / "b" / "prog.15"
    one, two = fifteen(first, TWO_ROWS), fifteen(second, TWO_ROWS)
    add(one, "data:acc")
    add(two, "event:output")
    files = sessions.save(first, one), sessions.save(second, two)
    assert files[0] != files[1] and all(file.name.startswith("prog.15.") for file in files)
    assert sessions.load(first, fifteen(first))[0] == ["data:acc"]
    assert sessions.load(second, fifteen(second))[0] == ["event:output"]


def test_a_program_has_one_file_however_its_path_is_written(tmp_path, monkeypatch):
    program = write(tmp_path / "dir" / "prog.15", TWO_ROWS)
    monkeypatch.chdir(tmp_path / "dir")
    assert sessions.session_file("prog.15") == sessions.session_file(program) \
        == sessions.session_file(tmp_path / "dir" / ".." / "dir" / "prog.15")
    (tmp_path / "link.15").symlink_to(program)
    assert sessions.session_file(tmp_path / "link.15") == sessions.session_file(program)


def test_a_long_program_name_still_makes_a_file(tmp_path):
    program = write(tmp_path / ("x" * 240 + ".15"), TWO_ROWS)
    s = fifteen(program)
    add(s, "data:acc")
    file = sessions.save(program, s)
    assert len(os.fsencode(file.name)) <= 255 and sessions.load(program, fifteen(program))[0] == ["data:acc"]


def test_the_state_dir_is_the_environment_s_else_the_platform_s(tmp_path, monkeypatch, state):
    assert sessions.state_dir() == state
    assert sessions.session_file(tmp_path / "prog.15").parent == state / "sessions"
    monkeypatch.delenv(sessions.STATE_DIR_ENV)
    import platformdirs

    assert sessions.state_dir() == Path(platformdirs.user_state_dir("esodbg"))  # read, never written here


# ----- a file from before each language named its cells its own way -------------------------------
@pytest.mark.parametrize("language, example, saved, restored, at", [
    # format 1 wrote ROW,COL: Stoned-Go's row 0, col 4 is the point (4, 0); its data form was already X,Y
    ("stoned-go", "ladder.sgo", ["cell:board:0,4/arrive", "data:board(3,0)"], ["cell:board:4,0/arrive", "data:board(3,0)"],
     [CellRef("board", 0, 4), DataRef("board(3,0)")]),
    # a Scrabble square in row 7, column 5 is F8, in a cell and in a data location
    ("scrabble", "doug_v_emely.gcg", ["cell:board:7,5/word", "data:board(7,5)"], ["cell:board:F8/word", "data:board(F8)"],
     [CellRef("board", 7, 5), DataRef("board(F8)")]),
    # 15 names cells (row, col) as before: nothing changes
    ("fifteen", "99.15", ["cell:puzzle:1,2", "data:puzzle(3,0)"], ["cell:puzzle:1,2", "data:puzzle(3,0)"],
     [CellRef("puzzle", 1, 2), DataRef("puzzle(3,0)")]),
])
def test_a_format_1_session_restores_its_cells_where_they_were(language, example, saved, restored, at):
    """Issue 33: format 1 wrote every cell as ROW,COL; its breakpoints come back on the same cells,
    written as the language names them now, and are saved in format 2."""
    language = registry.by_name(language)
    path = EXAMPLES / language.name / example
    s = Session(language, language.parse(language.decode(path.read_bytes(), str(path)), str(path)), "")
    data = {"format": 1, "program": str(path), "language": language.name, "watches": [],
            "breakpoints": [{"at": spec, "condition": None, "hit_condition": None, "log_message": None,
                             "enabled": True, "on_board": True} for spec in saved]}
    assert sessions.restore(data, s) == (restored, [])
    assert [bp.at for bp in s.breakpoints] == at
    dumped = sessions.dump(path, s)
    assert dumped["format"] == 2 and [entry["at"] for entry in dumped["breakpoints"]] == restored
