"""engines/space.py, the sparse space of the grid languages: a cell costs what was written, the
box stays exact as cells are written and erased, and a line of flight wraps back into the box
at its far edge (spec `befunge.md` rules 14 and 17)."""

from __future__ import annotations

import random

from esodbg.engines.space import Space


def box(space: Space):
    return None if space.empty else (space.min_x, space.max_x, space.min_y, space.max_y)


def test_far_apart_writes_cost_what_was_written():
    space = Space()
    space.put(10 ** 9, -10 ** 9, 65)
    space.put(-10 ** 9, 10 ** 9, 66)
    assert len(space.cells) == 2 and box(space) == (-10 ** 9, 10 ** 9, -10 ** 9, 10 ** 9)
    assert space.get(10 ** 9, -10 ** 9) == 65 and space.get(0, 0) == 32


def test_the_box_shrinks_as_cells_are_erased_and_writing_a_blank_stores_nothing():
    space = Space()
    for x, y in ((0, 0), (5, 2), (9, 7)):
        space.put(x, y, 1)
    space.put(3, 3, 32)
    assert (3, 3) not in space.cells and box(space) == (0, 9, 0, 7)
    space.put(9, 7, 32)
    assert box(space) == (0, 5, 0, 2)
    space.put(0, 0, 32)
    assert box(space) == (5, 5, 2, 2)
    space.put(5, 2, 32)
    assert box(space) is None and space.cells == {} and space.row_count == {} and space.col_count == {}


def test_the_box_is_always_the_least_rectangle_of_the_stored_cells():
    rnd = random.Random(7)
    space = Space()
    for _ in range(3000):
        space.put(rnd.randint(-6, 6), rnd.randint(-6, 6), rnd.choice((32, 32, 1, 2)))
        xs = [x for x, _ in space.cells]
        ys = [y for _, y in space.cells]
        assert box(space) == ((min(xs), max(xs), min(ys), max(ys)) if xs else None)


def test_wrap_comes_back_along_the_line_at_the_far_edge():
    space = Space()
    space.put(0, 0, 1)
    space.put(9, 0, 1)
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
