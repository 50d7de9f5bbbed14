"""The plugin contract, checked on every registered language (engines/language.py): a language is
tested here the day it is registered, with its examples in ``examples/<name>/``.

* parsing random text and mutated examples raises nothing but our diagnostics;
* N steps forward then N back gives the identical state at every step, and replay is identical;
* ``continue`` to the end gives what ``esodbg exec`` gives: the output and the final state;
* the view builds at every step; the final state is JSON and round-trips;
* a breakpoint on a cell of each board the program runs on stops at the first step that
  arrives there;
* the first frame of each example renders (a snapshot);
* a cell is named one way everywhere (the language's), and its name reads back to it.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.app.debugapp import DebuggerApp
from esodbg.engines import registry
from esodbg.engines.base import CellRef, ParseError, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.language import Language

from conftest import examples_of
from time_travel import assert_time_travel_is_exact

LANGUAGES = registry.languages()
BUDGET = 20_000  # steps a run here goes at most (some examples count down from a million)
STEPS = 150  # steps the step-by-step checks take


def examples(language: Language) -> list[Path]:
    return examples_of(language)


def loadable(language: Language) -> list[Path]:
    """The examples that parse (some are deliberately broken, to show the errors)."""
    found = []
    for path in examples(language):
        try:
            parse(language, path)
        except ParseError:
            continue
        found.append(path)
    return found


def parse(language: Language, path: Path):
    return language.parse(language.decode(path.read_bytes(), str(path)), str(path))


def session(language: Language, path: Path, **history) -> Session:
    return Session(language, parse(language, path), "", True, BUDGET, **history)


EXAMPLE_CASES = [pytest.param(language, path, id=f"{language.name}-{path.name}")
                 for language in LANGUAGES for path in loadable(language)]
BY_LANGUAGE = [pytest.param(language, id=language.name) for language in LANGUAGES]


def test_every_language_has_examples():
    for language in LANGUAGES:
        assert loadable(language), f"{language.name}: no example in examples/{language.name}/"


@pytest.mark.parametrize("language", BY_LANGUAGE)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_parsing_raises_nothing_but_diagnostics(language, data):
    sources = [path.read_text("utf-8", "replace") for path in examples(language)]
    text = data.draw(st.one_of(
        st.text(max_size=120),
        st.sampled_from(sources).flatmap(lambda source: st.tuples(st.just(source), st.integers(0, len(source)),
                                                                  st.integers(0, 8), st.text(max_size=6)))
        .map(lambda cut: cut[0][:cut[1]] + cut[3] + cut[0][cut[1] + cut[2]:]),  # a mutated example
    ))
    try:
        language.parse(text, f"fuzz{language.extensions[0]}")
    except ParseError as error:
        assert error.diagnostics and all(d.line >= 1 and d.col >= 1 for d in error.diagnostics)


@pytest.mark.parametrize("language, path", EXAMPLE_CASES)
def test_time_travel_is_exact(language, path):
    assert_time_travel_is_exact(session(language, path, interval=16, undo_records=8), STEPS, random.Random(path.name))


@pytest.mark.parametrize("language, path", EXAMPLE_CASES)
def test_the_view_builds_at_every_step_and_the_final_state_round_trips(language, path):
    s = session(language, path)
    layout = None  # the boards and panels, which the debugger lays out once
    for _ in range(STEPS):
        view = s.view()
        assert view.boards or view.code is not None
        shape = ([board.name for board in view.boards], [(panel.name, panel.listing) for panel in view.panels])
        assert shape == (layout or shape), f"step {s.steps}: the view's boards or panels changed"
        layout = shape
        if s.step().reason is not Stop.LIMIT:
            break
    state = language.final_state(s.machine)
    assert json.loads(json.dumps(state)) == state


@pytest.mark.parametrize("language, path", EXAMPLE_CASES)
def test_continue_to_the_end_is_what_exec_gives(language, path):
    s = session(language, path)
    outcome = s.continue_()
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(path), "--input", "",
                             "--max-steps", str(BUDGET), "--final-state", "-"], capture_output=True, timeout=120)
    expected_code = {Stop.HALTED: 0, Stop.ERROR: 1, Stop.BUDGET: 3}[outcome.reason]
    assert result.returncode == expected_code, result.stderr
    # exec writes the output, a newline, then the state as one line
    output, _, state = result.stdout.decode("utf-8", "surrogatepass").removesuffix("\n").rpartition("\n")
    assert output == s.output.text()
    assert json.loads(state) == json.loads(json.dumps(language.final_state(s.machine, BUDGET)))


@pytest.mark.parametrize("language, path", EXAMPLE_CASES)
def test_a_cell_breakpoint_stops_at_the_first_step_that_touches_its_cell(language, path):
    s = session(language, path)
    first: dict[str, tuple[int, CellRef, str]] = {}  # board → the first step touching one of its cells, and how
    for _ in range(STEPS):
        if s.steps > 0:  # a breakpoint stops after at least one step
            for at, kind in s.machine.next_touches():
                if isinstance(at, CellRef):
                    first.setdefault(at.board, (s.steps, at, kind))
        if s.step().reason is not Stop.LIMIT:
            break
    for step, at, kind in first.values():
        fresh = session(language, path)
        fresh.breakpoints.toggle(at, frozenset({kind}))
        outcome = fresh.continue_()
        assert outcome.reason is Stop.BREAKPOINT and outcome.step <= step, (at, kind, step, outcome)
        assert (at, kind) in set(fresh.machine.next_touches())


@pytest.mark.parametrize("language, path", EXAMPLE_CASES)
def test_the_first_frame_renders(language, path, snap_compare, monkeypatch):
    monkeypatch.chdir(path.parent)  # a short path on screen, the same on every machine
    assert snap_compare(DebuggerApp(language, Path(path.name), ""), terminal_size=(100, 30))


@pytest.mark.parametrize("language, path", EXAMPLE_CASES)
def test_a_cell_is_named_one_way_everywhere_and_reads_back(language, path):
    """Issue 33: each language names a cell one way (``(row, col)``, Stoned-Go's ``(x, y)``, a
    Scrabble square ``H8``), and every place that names one — the view's description (status line,
    breakpoint list), messages (``where``), breakpoint specs, data locations, the editor's Boards
    variables, a panel about the cell — writes that name, which reads back to the same cell."""
    from esodbg.app.dap.variables import Variables
    from esodbg.engines.breakpoints import DataRef
    from esodbg.engines.spec import format_spec, parse_spec

    s = session(language, path)
    view = s.first_view
    cells = {grid.ref(grid.row0 + r, grid.col0 + c) for grid in view.boards for r, row in enumerate(grid.rows)
             for c, cell in enumerate(row) if cell is not None}
    for _ in range(STEPS):  # and the cells the run goes to
        cells |= {at for at, _ in s.machine.next_touches() if isinstance(at, CellRef) and view.grid(at.board)}
        if s.step().reason is not Stop.LIMIT:
            break
    cells = sorted(cells)
    cells = cells[:40] + cells[40:][-40:]  # a big board: its first and last cells
    for at in cells:
        name, text = language.cell_name(at), language.cell_text(at)
        assert language.read_cell(name, at.board) == at and language.read_cell(text, at.board) == at, (at, name)
        assert language.where(at) == f"{at.board} {name}"
        described = s.view().describe(at)
        # "board name what", or a data board's cell "board[name]" (a Brainfuck tape's tape[2]: issue 43)
        bare = (lambda text: text.removeprefix(f"{at.board} ").removeprefix(f"{at.board}["))  # noqa: E731
        assert bare(described).startswith(name), (at, described)
        spec = parse_spec(f"cell:{at.board}:{text}", language, view)
        assert spec.at == at
        if language.breakable(at) is None:  # (a board of data takes no code breakpoint: Hexagony's memory)
            bp = spec.set_in(s.breakpoints)
            assert format_spec(bp, language) == f"cell:{at.board}:{text}"
            assert bare(bp.describe(view)).startswith(name)
            s.breakpoints.remove(at)
        data = language.data_at(at)
        if data is not None:
            assert language.data_location(data) == data
            if at.board in language.data_boards():  # else the cell shows a location of another form (mem[q,r,D])
                assert data == f"{at.board}({text})" and language.data_cell(data) == at
            assert parse_spec(f"data:{data}", language, view).at == DataRef(data)
            language.data(s.machine, data)  # the program has the location
        panel = language.inspect(s.machine, at)
        if panel is not None:
            assert name in panel.title, (at, panel.title)
    variables = Variables(s)  # the editor's Boards scope: rows by their first and last cells, cells by data name
    scopes = {scope["name"]: scope["variablesReference"] for scope in variables.scopes()}
    for grid in variables.get(scopes["Boards"]).children(0, None) if "Boards" in scopes else ():
        for row in variables.get(grid["variablesReference"]).children(0, 3):
            first, _, last = row["name"].partition(" … ")
            in_row = variables.get(row["variablesReference"]).children(0, None)
            assert language.data_at(language.read_cell(first, grid["name"])) == in_row[0]["name"]
            assert language.data_at(language.read_cell(last, grid["name"])) == in_row[-1]["name"]
            for variable in in_row:
                assert language.data_at(language.data_cell(variable["name"])) == variable["name"]
