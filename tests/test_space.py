"""engines/space.py, Funge-space: the loaded program's box dense, every other cell sparse (a far
write costs one entry), the box exact as cells are written and erased, a line of flight
wrapping back into the box at its far edge (spec `befunge.md` rules 14 and 17), and every write
undone exactly by the core's generic undo."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg.engines.base import CellRef, Machine, Stop
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.space import Space


def box(space: Space):
    return None if space.empty else (space.min_x, space.max_x, space.min_y, space.max_y)


def model_box(cells: dict):
    xs = [x for (x, _), v in cells.items() if v != 32]
    ys = [y for (_, y), v in cells.items() if v != 32]
    return (min(xs), max(xs), min(ys), max(ys)) if xs else None


def loaded(rows: list[bytes]) -> dict:
    """What a list of rows puts in Funge-space, as a dict (the model the tests compare with)."""
    return {(x, y): b for y, row in enumerate(rows) for x, b in enumerate(row)}


def test_far_apart_writes_cost_what_was_written():
    space = Space()
    space.put(10 ** 9, -10 ** 9, 65)
    space.put(-10 ** 9, 10 ** 9, 66)
    assert len(space.far) == 2 and box(space) == (-10 ** 9, 10 ** 9, -10 ** 9, 10 ** 9)
    assert space.get(10 ** 9, -10 ** 9) == 65 and space.get(0, 0) == 32


def test_the_box_shrinks_as_cells_are_erased_and_writing_a_blank_stores_nothing():
    space = Space()
    for x, y in ((0, 0), (5, 2), (9, 7)):
        space.put(x, y, 1)
    space.put(3, 3, 32)
    assert (3, 3) not in space.far and box(space) == (0, 9, 0, 7)
    space.put(9, 7, 32)
    assert box(space) == (0, 5, 0, 2)
    space.put(0, 0, 32)
    assert box(space) == (5, 5, 2, 2)
    space.put(5, 2, 32)
    assert box(space) is None and space.far == {} and space.far_rows == {} and space.far_cols == {}


def test_a_loaded_program_is_dense_and_its_box_leaves_out_blank_edges():
    space = Space([b"", b"   ab", b"  c", b"    "])
    assert (space.width, space.height, len(space.grid)) == (5, 4, 20) and space.far == {}
    assert box(space) == (2, 4, 1, 2)
    assert [space.get(x, 1) for x in range(-1, 6)] == [32, 32, 32, 32, ord("a"), ord("b"), 32]
    assert space.get(2, 2) == ord("c") and space.get(2, -1) == 32 and space.get(2, 4) == 32
    assert Space([b"   ", b""]).empty and Space().empty


def test_reads_and_writes_inside_and_outside_the_box_and_at_negative_coordinates():
    space = Space([b"ab", b"cd"])
    space.put(1, 1, -7)  # in the grid: any value, not only a byte
    space.put(-3, -2, 2 ** 70)  # outside: sparse
    space.put(5, 0, 120)
    assert space.key(1, 1) == ("grid", 3) and space.key(-3, -2) == ("far", (-3, -2))
    assert space.get(1, 1) == -7 and space.get(-3, -2) == 2 ** 70 and space.get(5, 0) == 120
    assert space.far == {(-3, -2): 2 ** 70, (5, 0): 120} and box(space) == (-3, 5, -2, 1)
    assert space.cell("grid", 3) == (1, 1) and space.cell("far", (-3, -2)) == (-3, -2)
    assert space.cell("far_rows", 0) is None


def test_the_box_after_far_writes_comes_back_to_the_program_when_they_are_erased():
    space = Space([b" x ", b"y z"])
    assert box(space) == (0, 2, 0, 1)
    space.put(-10 ** 12, 10 ** 12, 1)
    assert box(space) == (-10 ** 12, 2, 0, 10 ** 12)
    space.put(-10 ** 12, 10 ** 12, 32)
    assert box(space) == (0, 2, 0, 1)
    space.put(0, 1, 32)  # the grid's own edges move in too
    assert box(space) == (1, 2, 0, 1)
    space.put(2, 1, 32)
    assert box(space) == (1, 1, 0, 0)
    space.put(1, 0, 32)
    assert box(space) is None and space.get(1, 0) == 32
    space.put(7, -7, 5)  # an empty space grows again from one cell
    assert box(space) == (7, 7, -7, -7)


def test_a_ragged_source_keeps_its_long_line_past_the_grid_sparse():
    rows = [b"#" * 50_000] + [b"." for _ in range(100)]
    space = Space(rows)
    assert len(space.grid) < 3 * sum(map(len, rows)) and space.far  # not 50,000 × 101 cells
    assert all(space.get(x, y) == v for (x, y), v in loaded(rows).items())
    assert space.get(49_999, 1) == 32 and box(space) == (0, 49_999, 0, 100)


def test_the_box_is_always_the_least_rectangle_of_the_non_blank_cells():
    rnd = random.Random(7)
    rows = [bytes(rnd.choice(b"  ab") for _ in range(rnd.randint(0, 6))) for _ in range(5)]
    space = Space(rows)
    cells = loaded(rows)
    for _ in range(3000):
        x, y, v = rnd.randint(-6, 9), rnd.randint(-6, 9), rnd.choice((32, 32, 1, 2))
        space.put(x, y, v)
        cells[(x, y)] = v
        assert box(space) == model_box(cells)
    assert all(space.get(x, y) == cells.get((x, y), 32) for x in range(-7, 11) for y in range(-7, 11))


def test_differences_are_the_cells_unlike_the_first_space():
    rows = [b"ab ", b"c"]
    space = Space(rows)
    space.put(0, 0, 32)
    space.put(2, 0, 9)
    space.put(-1, 5, 4)
    space.put(1, 0, ord("b"))  # written back as it was: no difference
    assert space.differences(Space(rows)) == [(0, 0, 32), (2, 0, 9), (-1, 5, 4)]


def test_wrap_comes_back_along_the_line_at_the_far_edge():
    space = Space([b"a        b"])
    assert space.wrap(9, 0, 1, 0) == (0, 0)  # east from x = 9: x = 0 (rule 17's example)
    assert space.wrap(8, 0, 3, 0) == (2, 0)  # delta (3, 0) from x = 8: x = 2
    assert space.wrap(0, 0, -1, 0) == (9, 0)
    assert space.wrap(-1, 0, -1, 0) == (9, 0)  # just outside, after a jump: the far edge


def test_wrap_of_a_line_that_never_meets_the_box_is_none():
    space = Space()
    assert space.wrap(0, 0, 1, 0) is None  # nothing stored
    space.put(0, 0, 1)
    assert space.wrap(0, 5, 1, 0) is None  # the row y = 5 misses the box
    assert space.wrap(3, 3, 0, 0) is None  # no delta, outside
    space.put(4, 4, 1)
    assert space.wrap(4, 4, 1, 1) == (0, 0)  # diagonal


class Writer(Machine):
    """A machine whose steps are writes into a space: the core's generic undo, snapshot and
    restore at work on the space's stores and box, as in a Befunge-98 machine."""

    def __init__(self, rows: list[bytes], writes: list[tuple[int, int, int]]) -> None:
        super().__init__(None, InputLog(""), OutputLog())
        self.space = Space(rows)
        self.writes = writes

    def run(self, limit: int, stops=None) -> Stop:
        for _ in range(limit):
            if self.steps == len(self.writes):
                return Stop.HALTED
            self.space.put(*self.writes[self.steps])
            self.steps += 1
        return Stop.LIMIT

    def compile_stops(self, breakpoints):
        return None

    def location(self):
        return CellRef("space", 0, 0)

    def stores(self):
        return self.space.stores()

    def registers(self):
        return self.space.box()

    def set_registers(self, regs):
        self.space.set_box(regs)


ROWS = st.lists(st.binary(max_size=6).map(lambda b: bytes(c if c % 3 else 32 for c in b)), max_size=5)
WRITES = st.lists(st.tuples(st.integers(-8, 10), st.integers(-8, 10),
                            st.sampled_from((32, 32, 0, 1, 65, -1, 2 ** 64))), max_size=40)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ROWS, WRITES)
def test_random_writes_then_undo_give_the_identical_state(rows, writes):
    machine = Writer(rows, writes)
    first = machine.snapshot()
    records = [machine.step() for _ in writes]
    cells = loaded(rows)
    for x, y, v in writes:
        cells[(x, y)] = v
    assert box(machine.space) == model_box(cells)
    assert all(machine.space.get(x, y) == cells.get((x, y), 32) for x in range(-9, 12) for y in range(-9, 12))
    last = machine.snapshot()
    for record in reversed(records):
        machine.undo(record)
    assert machine.snapshot() == first and machine.space.state() == Space(rows).state()
    assert box(machine.space) == box(Space(rows))
    machine.restore(last)
    assert machine.snapshot() == last and box(machine.space) == model_box(cells)
