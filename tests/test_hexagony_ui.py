"""What the debugger shows of a Hexagony run (issue 36, spec "What the debugger shows"): the
hexagon in the board widget's ``hex`` look with the six IPs and the active IP's trail, the
memory lattice around the MP, the IPs and the edges; the wrap and corner said as they happen;
the backtick marks as breakpoints; frames at 80×24 and 120×40."""

from __future__ import annotations

from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.widgets.board import BoardView
from esodbg.engines.base import CellRef
from esodbg.engines.breakpoints import DataRef
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from conftest import EXAMPLES

HEXAGONY = by_name("hexagony")
FOLDER = EXAMPLES / "hexagony"
SIZES = [(80, 24), (120, 40)]


def session(name: str, steps: int = 0, given: str = "") -> Session:
    path = FOLDER / name
    s = Session(HEXAGONY, HEXAGONY.parse(path.read_text("utf-8"), str(path)), given)
    if steps:
        s.step(steps)
    return s


def board(view, name: str):
    return next(grid for grid in view.boards if grid.name == name)


def panel(view, name: str):
    return next(p for p in view.panels if p.name == name)


# ----- the view ---------------------------------------------------------------------------------
def test_the_hexagon_is_drawn_as_the_reference_lays_it_out():
    view = session("fibonacci.hxg").view()
    hexagon = board(view, "hexagon")
    assert hexagon.look == "hex" and hexagon.indents == (2, 1, 0, 1, 2)
    assert ["".join(cell.glyph for cell in row) for row in hexagon.rows] == ["}1'", "....", "+!}=Ċ", "....", ";.."]
    active = hexagon.rows[0][0]
    assert (active.role, active.sub) == ("ip", "→")
    others = {(r, c): cell.role for r, row in enumerate(hexagon.rows) for c, cell in enumerate(row)
              if cell.role.startswith("ip") and cell.role != "ip"}
    assert others == {(0, 2): "ip1", (2, 4): "ip2", (4, 2): "ip3", (4, 0): "ip4", (2, 0): "ip5"}


def test_the_debug_mark_is_shown_and_wide_characters_stand_in():
    view = session("fibonacci.hxg", 3).view()  # IP 5's cell (2, 0) is the marked +; IP 0 is on it
    hexagon = board(view, "hexagon")
    assert hexagon.rows[2][0].role == "ip"
    s = Session(HEXAGONY, HEXAGONY.parse("a..`b😀", "x.hxg"))
    rows = board(s.view(), "hexagon").rows
    assert rows[1][1].role == "mark" and rows[1][2].glyph == "¤"  # a wide character takes one column as ¤


def test_the_active_ips_recent_path_is_traced():
    s = session("countdown.hxg", 20)
    hexagon = board(s.view(), "hexagon")
    path = {(r, c) for r, row in enumerate(hexagon.rows) for c, cell in enumerate(row) if cell.role == "path"}
    ran = {(record.at.row, record.at.col) for record in list(s.history.undo)[-HEXAGONY.recent_steps:]}
    assert path and path <= ran and (s.machine.ips[0][0], s.machine.ips[0][1]) not in path


def test_wraps_and_corners_are_said_in_next():
    s = session("fibonacci.hxg", 7)  # on the Ċ at the east corner: it leaves through the corner next
    assert "corner next: > 0 → (4, 0), ≤ 0 → (0, 0)" in s.view().next
    s.step()
    assert "corner, edge > 0 → (4, 0)" in s.view().next
    s = session("fibonacci.hxg", 3)  # moved east off the top row to the middle row
    assert "wrapped → (2, 0)" in s.view().next


def test_the_memory_lattice_around_the_mp():
    s = session("squares.hxg", 3)  # 1, then " and & copied the 1 onto a fresh edge
    view = s.view()
    memory = board(view, "memory")
    cells = {(memory.row0 + r, memory.col0 + c): cell for r, row in enumerate(memory.rows)
             for c, cell in enumerate(row)}
    mp = [(at, cell) for at, cell in cells.items() if cell.role == "edge-mp"]
    assert len(mp) == 1 and mp[0][1].glyph.strip().endswith("1") and mp[0][1].changed
    assert HEXAGONY.data_at(CellRef("memory", *mp[0][0])) == "mem[%d,%d,%s]" % (
        s.machine.mq, s.machine.mr, ("NE", "E", "SE")[s.machine.md])
    assert sum(cell.role == "edge-left" for cell in cells.values()) == 1
    assert sum(cell.role == "edge-right" for cell in cells.values()) == 1
    assert memory.indents == tuple(row % 2 for row in range(memory.row0, memory.row0 + len(memory.rows)))
    edges = panel(view, "edges")
    assert [value.value for value in edges.values] == ["1", "1"]


def test_the_state_and_ip_panels():
    view = session("six_ips.hxg", 4).view()  # IP 0 ran { 0 ! ]: IP 1 is active
    state = {value.name: value for value in panel(view, "state").values}
    assert state["ip"].value == "1" and state["ip"].changed
    assert state["MP"].value == "(0, 0, NE)"
    ips = panel(view, "ips")
    assert ips.listing and len(ips.values) == 6
    assert [value.current for value in ips.values] == [False, True, False, False, False, False]
    assert ips.values[0].value.startswith("(0, 4) →")  # IP 0 moved on to the corner before it stopped


def test_inspect_a_cell_and_an_edge():
    s = session("fibonacci.hxg")
    cell = HEXAGONY.inspect(s.machine, CellRef("hexagon", 2, 4))
    values = {value.name: value.value for value in cell.values}
    assert values["cell"] == "(2, 4)" and values["E out"] == "> 0 → (4, 0), ≤ 0 → (0, 0)"
    assert values["source"] == "line 3, column 10"
    edge = HEXAGONY.inspect(s.machine, CellRef("memory", 0, 1))
    assert edge.values[0].value == "mem[0,0,E]"


def test_the_memory_board_takes_data_breakpoints_not_code_ones():
    assert HEXAGONY.breakable(CellRef("memory", 0, 1)) is not None
    assert HEXAGONY.breakable(CellRef("hexagon", 0, 1)) is None
    assert HEXAGONY.data_at(CellRef("memory", 0, 1)) == "mem[0,0,E]"
    assert HEXAGONY.data_at(CellRef("memory", 0, 0)) is None  # a memory hexagon's centre
    assert HEXAGONY.data_at(CellRef("hexagon", 0, 0)) is None


# ----- in the app -------------------------------------------------------------------------------
async def test_backtick_marks_are_breakpoints_on_load(monkeypatch):
    monkeypatch.chdir(FOLDER)
    app = DebuggerApp(HEXAGONY, Path("fibonacci.hxg"), "", restore=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert [bp.at for bp in app.session.breakpoints] == [CellRef("hexagon", 2, 0)]
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session.steps == 3 and app.session.machine.location() == CellRef("hexagon", 2, 0)


async def test_d_on_a_memory_edge_sets_a_data_breakpoint(monkeypatch):
    monkeypatch.chdir(FOLDER)
    app = DebuggerApp(HEXAGONY, Path("squares.hxg"), "", restore=False)
    async with app.run_test(size=(120, 40)) as pilot:
        memory = app.screen.query_one("#board-memory", BoardView)
        memory.focus()
        memory.place_cursor(CellRef("memory", -1, 0))  # the MP's edge (0, 0, E) is at lattice row 0
        memory.place_cursor(CellRef("memory", 0, 1))
        await pilot.press("D")
        assert DataRef("mem[0,0,E]") in app.session.breakpoints
        await pilot.press("enter")  # no code breakpoint on the memory
        assert CellRef("memory", 0, 1) not in app.session.breakpoints


# ----- frames -----------------------------------------------------------------------------------
FRAMES = [
    ("fibonacci.hxg", ["c", "c"], "side-3"),  # at the marked + a second time: the MP has turned round its vertex
    ("squares.hxg", ["4", "0", "n"], "side-6"),  # the MP walked off, the squares left behind on the lattice
    ("six_ips.hxg", ["4", "n"], "ip-switch"),  # IP 0 handed over with ]: IP 1 runs next
    ("fibonacci.hxg", ["8", "n", "5", "n"], "corner"),  # (the mark stops at step 3) out through the east corner, v > 0
    ("squares.hxg", ["3", "n"], "copy"),  # & has just copied the 1 onto a fresh edge
]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, keys, what", FRAMES, ids=[frame[2] for frame in FRAMES])
def test_hexagony_frames(snap_compare, monkeypatch, name, keys, what, size):
    monkeypatch.chdir(FOLDER)
    assert snap_compare(DebuggerApp(HEXAGONY, Path(name), "", restore=False), press=keys, terminal_size=size)


# ----- units and breakpoint kinds ---------------------------------------------------------------
def test_the_ip_unit_runs_until_another_ip_is_active_and_back():
    s = session("six_ips.hxg")
    s.step(unit=0)  # IP 0 runs { 0 ! ]: four steps
    assert (s.steps, s.machine.active) == (4, 1)
    s.step(unit=0)
    assert (s.steps, s.machine.active) == (8, 2)
    s.step_back(unit=0)
    assert (s.steps, s.machine.active) == (4, 1)
    s.step(2)
    s.step_back(unit=0)  # to the start of the current unit
    assert s.steps == 4


def test_the_output_unit_runs_until_the_next_output_and_back():
    s = session("countdown.hxg")
    s.step(unit=1)
    assert s.output.text() == "10" and s.last.output == "10"
    s.step(unit=1)
    assert s.output.text() == "10\n" and s.last.output == "\n"
    at = s.steps
    s.step(unit=1)
    s.step_back(unit=1)
    assert s.steps == at


def test_a_wrap_breakpoint_stops_only_after_an_arrival_across_an_edge():
    s = session("fibonacci.hxg")  # (a session of the core: the debug mark sets no breakpoint here)
    s.breakpoints.set(CellRef("hexagon", 4, 0), {"wrap"})  # the corner leads there; never by a plain move
    s.breakpoints.set(CellRef("hexagon", 2, 1), {"wrap"})  # reached from (2, 0): never a wrap
    outcome = s.continue_()
    assert outcome.breakpoint.at == CellRef("hexagon", 4, 0) and s.steps == 8 and s.machine.arrived == 2
    assert (CellRef("hexagon", 4, 0), "wrap") in s.machine.next_touches()
    s.continue_()
    assert s.steps == 16 and s.machine.location() == CellRef("hexagon", 4, 0)


# ----- names and data locations -------------------------------------------------------------------
def test_an_edge_is_a_data_location_of_three_indices():
    from esodbg.engines.names import data_name

    assert data_name(" mem[ 0, -1 ,NE ] ") == ("mem", (0, -1, "NE"), "mem[0,-1,NE]")
    assert HEXAGONY.data_location("mem[0, 0, E]") == "mem[0,0,E]"
    for bad in ("stack[x]", "space[1,E]", "mem[0,0]"):  # one index is a number; two are (a,b)
        with pytest.raises(ValueError, match="not a data location"):
            data_name(bad)
    s = session("squares.hxg", 3)
    assert HEXAGONY.data(s.machine, "mem[0,0,SE]")() == 1 and HEXAGONY.data(s.machine, "mp")() == 1
    assert HEXAGONY.data(s.machine, "pointer")() == (0, 0, "SE", False)
    assert HEXAGONY.data(s.machine, "ip3")() == (10, 5, "W")
    for bad in ("mem[0,0,X]", "ip6", "mem[a,0,E]"):
        with pytest.raises(ValueError, match="not a data location here"):
            HEXAGONY.data(s.machine, bad)
    names = s.names
    assert names["mem"][0, 0, "SE"] == 1 == names["mem"][0, 0, 2] and names["edge"] == (0, 0, "SE")
    assert s.evaluate("mem[0, 0, 'E'] + left") == 2


def test_where_a_square_came_from():
    """squares.hxg's first square: * made it from its left and right neighbours (chosen by the
    MP), the left one a copy & made of the 1 the program wrote first."""
    from esodbg.engines import provenance

    s = session("squares.hxg")
    while s.machine.program.cells[s.machine.program.hexagon.index(*s.machine.location()[1:])] != "*":
        s.step()
    m = s.machine
    here = "mem[%d,%d,%s]" % (m.mq, m.mr, ("NE", "E", "SE")[m.md])
    left, right = ("mem[%d,%d,%s]" % (q, r, ("NE", "E", "SE")[d]) for q, r, d in (m.neighbour(False), m.neighbour(True)))
    assert HEXAGONY.reads(m, "mp") == HEXAGONY.reads(m, here) == (left, right, "pointer")
    s.step()
    links, end = provenance.chain(s, here)
    assert [link.text for link in links] == ["*", "&", "1"] and end.reason == provenance.INITIAL  # 1 made from the 0 before
    assert links[1].location in (left, right) and links[1].reads[1:] == (links[1].location, "pointer")


def test_what_the_memory_pointer_moves_read():
    s = session("six_ips.hxg")  # IP 0 starts on a {
    assert HEXAGONY.reads(s.machine, "pointer") == ("pointer",)
    assert HEXAGONY.reads(s.machine, "mp") == ("mem[0,0,NE]", "pointer")
    assert HEXAGONY.reads(s.machine, "mem[0,0,E]") == ()  # { writes no edge
    assert set(HEXAGONY.writers(s.machine, "ip")) == {CellRef("hexagon", *at) for at in
                                                      ((0, 3), (3, 7), (7, 5), (8, 1), (5, 0))}


async def test_the_hex_boards_are_drawn_on_the_panes_background(monkeypatch):
    """The hex look's indents and the padding of its shorter rows have the board's background
    (as every look's cells and gaps: test_app)."""
    monkeypatch.chdir(FOLDER)
    app = DebuggerApp(HEXAGONY, Path("squares.hxg"), "", restore=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("5", "n")
        await pilot.pause()
        for view in app.query(BoardView):
            for y in range(view.size.height):
                strip = view.render_line(y)
                assert strip.cell_length == view.size.width
                assert all(segment.style is not None and segment.style.bgcolor is not None for segment in strip)


async def test_at_80x24_the_memory_board_keeps_its_border_and_the_panels_fit_their_column(monkeypatch):
    """Issue 43 item 4: at 80×24 the Memory board ran past its row (no bottom border) and the
    three panels past their column, whose scrollbar stood beside them as a stray ``▁``."""
    monkeypatch.chdir(FOLDER)
    app = DebuggerApp(HEXAGONY, Path("squares.hxg"), "", restore=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4", "0", "n")
        await pilot.pause()
        memory = next(board for board in app.query(BoardView) if board.board.name == "memory")
        row = app.screen.query_one("#memory")
        assert memory.region.bottom <= row.region.bottom  # its bottom border drawn
        right = app.screen.query_one("#right")
        assert right.max_scroll_y == 0 and not right.show_vertical_scrollbar
        for panel in right.query(".panel"):
            assert panel.region.bottom <= right.region.bottom and panel.region.height >= 3
        ips = app.screen.query_one("#panel-ips")
        current = next(i for i, value in enumerate(ips.values) if value.current)
        assert ips.scroll_offset.y <= current < ips.scroll_offset.y + ips.scrollable_content_region.height
