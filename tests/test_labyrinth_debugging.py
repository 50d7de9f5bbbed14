"""Debugging Labyrinth (issue 38): where a value came from (a sum reads the two values it popped,
a digit the value it extends, a rotated cell its neighbour), cell breakpoints of both kinds
(*exec*, and *shift*: before the rotation that moves the cell) forwards and backwards, data
breakpoints on a cell of the maze and on the pointer, and the names conditions read."""

from __future__ import annotations

import subprocess
import sys

from esodbg.engines.base import CellRef, Stop
from esodbg.engines.breakpoints import DataRef
from esodbg.engines.debugger import Session
from esodbg.engines.provenance import NO_READS, INITIAL, chain
from esodbg.engines.registry import by_name

from conftest import EXAMPLES

LAB = by_name("labyrinth")
CONVEYOR = EXAMPLES / "labyrinth" / "conveyor.lab"


def session(text: str, data: str = "") -> Session:
    return Session(LAB, LAB.parse(text, "t.lab"), data, True, 100_000)


def test_a_sum_reads_the_two_values_it_popped_and_a_digit_the_value_it_extends():
    s = session("_3_4+5!@\n")
    s.step(6)  # 3, 4, + makes 7, 5 extends it to 75
    links, end = chain(s, "main[0]")
    assert [(link.step, link.location, link.value, link.text, link.reads) for link in links] == [
        (6, "main[0]", 75, "5", ("main[0]",)),
        (5, "main[0]", 7, "+", ("main[1]", "main[0]")),
        (3, "main[1]", 3, "_", ("main[0]",)),  # the 3 moved down under the pushed 0
        (2, "main[0]", 3, "3", ("main[0]",))]
    assert end.reason == INITIAL and end.value == 0  # 3 extended the implicit zero


def test_values_moved_between_the_stacks_and_input_read_nothing():
    s = session("?}{:@\n", "42")
    s.step(4)
    links, end = chain(s, "main[1]")
    assert [(link.step, link.location, link.text) for link in links] == [
        (4, "main[1]", ":"), (3, "main[0]", "{"), (2, "aux[0]", "}"), (1, "main[0]", "?")]
    assert end.reason == NO_READS


def test_a_rotated_cell_came_from_its_neighbour_chosen_by_the_offset():
    s = session(CONVEYOR.read_text())
    s.step(4)  # the first `v`: column 11 down by one
    [link] = chain(s, "maze(11,2)", depth=1)[0]
    assert link.step == 4 and link.text == "v" and link.reads == ("maze(11,1)", "main[0]")


def test_a_shift_breakpoint_stops_before_each_rotation_that_moves_the_cell_both_ways():
    s = Session(LAB, LAB.parse(CONVEYOR.read_text(), "conveyor.lab"), "", True, 10_000)
    s.breakpoints.set(CellRef("maze", 5, 11), {"shift"})  # a wall of the rotating column
    found = []
    while (outcome := s.continue_()).reason is Stop.BREAKPOINT:
        found.append(outcome.step)
        assert s.machine.grid[s.machine.y * s.machine.width + s.machine.x] == ord("v")  # not run yet
    assert found == [3, 6, 33, 36, 63, 66, 93, 96, 123, 126, 153, 156, 183, 186, 213, 216, 243, 246, 273, 276]
    back = []
    while (outcome := s.reverse_continue()).reason is Stop.BREAKPOINT:
        back.append(outcome.step)
    assert back == found[::-1]


def test_a_shift_breakpoint_on_a_cell_no_rotation_moves_never_stops():
    s = Session(LAB, LAB.parse(CONVEYOR.read_text(), "conveyor.lab"), "", True, 10_000)
    s.breakpoints.set(CellRef("maze", 5, 10), {"shift"})
    assert s.continue_().reason is Stop.HALTED


def test_exec_break_on_shift_and_on_a_maze_cell_changing(tmp_path):
    shift = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--break", "cell:11,0/shift", str(CONVEYOR)],
                           capture_output=True, timeout=60)
    assert shift.returncode == 4 and b"step 3" in shift.stderr and b"11,0/shift" in shift.stderr
    data = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--break", "data:maze(11,2)", str(CONVEYOR)],
                          capture_output=True, timeout=60)
    assert data.returncode == 4 and b"step 4" in data.stderr  # the first `v` brought a wall down onto it


def test_data_breakpoints_on_the_pointer_and_the_depth():
    s = session('_""!@\n  "\n  @\n')
    s.breakpoints.set(DataRef("ip"))
    assert s.continue_().step == 1  # every move changes it
    s = session("1:::;;#@\n")
    s.breakpoints.set(DataRef("depth"), condition="depth == 4")
    assert s.continue_().step == 4 and s.evaluate("main[0]") == 1


def test_conditions_read_the_spec_names():
    s = session((EXAMPLES / "labyrinth" / "counter.lab").read_text())
    s.breakpoints.set(CellRef("maze", 0, 10), condition="top == 5 and dir == 'E' and neighbours == 3")
    outcome = s.continue_()
    assert outcome.reason is Stop.BREAKPOINT and s.evaluate("main[0]") == 5 and s.evaluate("pos") == (10, 0)
    assert s.evaluate("maze[10, 0]") == '"' and s.evaluate("cmd") == '"' and s.evaluate("(width, height)") == (12, 3)
