"""Captures (spec `stoned-go.md` C2–C5) against sgfmill 1.1.1, a Go library, on random placement
sequences: the set of stones after every placement, and the stones each placement removed.

sgfmill's ``Board.play`` follows the same capture rules — opponent groups first, self-capture
(suicide) allowed, no ko — so the two agree wherever the boards agree.  Its board is finite
(19×19, edges take liberties) and ours is infinite (S1), so:

* on an **open region** the random stones stay in rows and columns 3–15: every point next to a
  stone is on both boards, and no edge is ever touched;
* for **edges and corners** our board gets a wall of a third colour just outside 0–18: a wall
  stone takes a liberty exactly like an edge, it is never captured (the ring has liberties on its
  outside) and no stone joins its group.
"""

from __future__ import annotations

import random

import pytest
from sgfmill import boards

from esodbg.engines.stoned_go.board import captured, pack, unpack

SIZE = 19
WALL = 2  # a colour neither black (0) nor white (1)
SGF_COLOUR = ("b", "w")


class Pair:
    """Our board (a dict of packed points, as the machine keeps it) and sgfmill's, side by side."""

    def __init__(self, walled: bool) -> None:
        self.ours: dict[int, tuple] = {}
        self.theirs = boards.Board(SIZE)
        if walled:
            for i in range(-1, SIZE + 1):
                for x, y in ((i, -1), (i, SIZE), (-1, i), (SIZE, i)):
                    self.ours[pack(x, y)] = (WALL,)
        self.placements = self.captures = self.suicides = 0

    def play(self, x: int, y: int, colour: int) -> None:
        """Place on both (R4, C1–C5) and compare the stones and the capture set."""
        before = self.stones()
        key = pack(x, y)
        self.ours[key] = (colour,)
        dead = captured(self.ours, key, colour)
        for k in dead:
            del self.ours[k]
        self.theirs.play(y, x, SGF_COLOUR[colour])
        self.placements += 1
        after = self.stones()
        assert after == self.sgfmill_stones(), f"placement {self.placements} at {(x, y)}"
        removed = (before | {((x, y), colour)}) - after
        assert [unpack(k) for k in dead] == sorted((p for p, _ in removed), key=lambda p: (p[1], p[0]))
        assert dead == sorted(dead)  # reading order (C5)
        self.captures += bool(dead)
        self.suicides += key in dead

    def stones(self) -> set:
        return {(unpack(k), s[0]) for k, s in self.ours.items() if s[0] != WALL}

    def sgfmill_stones(self) -> set:
        return {((col, row), SGF_COLOUR.index(c)) for (row, col) in self.theirs.board_points
                if (c := self.theirs.get(row, col)) is not None}

    def empty(self, xs: range, ys: range) -> list[tuple[int, int]]:
        return [(x, y) for y in ys for x in xs if pack(x, y) not in self.ours]


def play_randomly(pair: Pair, rnd: random.Random, xs: range, ys: range, moves: int) -> None:
    """``moves`` placements on random empty points of the region, random colours (so suicide,
    multi-group captures and ko shapes all come up)."""
    for _ in range(moves):
        points = pair.empty(xs, ys)
        if not points:
            return
        x, y = rnd.choice(points)
        pair.play(x, y, rnd.randrange(2))


def test_open_region_ten_thousand_placements():
    rnd = random.Random(20261123)
    placements = captures = suicides = 0
    for _ in range(50):
        pair = Pair(walled=False)
        play_randomly(pair, rnd, range(3, 16), range(3, 16), 220)
        placements, captures, suicides = (placements + pair.placements, captures + pair.captures,
                                          suicides + pair.suicides)
    assert placements >= 10_000 and captures > 500 and suicides > 50, (placements, captures, suicides)


@pytest.mark.parametrize("region", [
    (range(0, 19), range(0, 19)),  # the whole board: every edge
    (range(0, 5), range(0, 5)), (range(14, 19), range(0, 5)), (range(0, 5), range(14, 19)),
    (range(14, 19), range(14, 19)),  # the four corners
    (range(0, 19), range(0, 3)),  # along the top edge
], ids=["board", "corner-tl", "corner-tr", "corner-bl", "corner-br", "edge"])
def test_edges_and_corners(region):
    rnd = random.Random(hash(tuple(region[0]) + tuple(region[1])) & 0xFFFF)
    for _ in range(15):
        play_randomly(Pair(walled=True), rnd, *region, 120)


@pytest.mark.parametrize("moves", [
    [(0, 0, 1), (1, 0, 0), (0, 1, 0)],  # a corner stone captured by two
    [(4, 0, 1), (3, 0, 0), (5, 0, 0), (4, 1, 0)],  # an edge stone captured by three
    [(1, 0, 1), (0, 1, 1), (0, 0, 0)],  # suicide in the corner
    [(1, 0, 1), (2, 0, 0), (1, 1, 0), (0, 1, 1), (0, 0, 0)],  # no liberty, but it captures first (C2)
    [(0, 0, 1), (2, 0, 1), (0, 1, 0), (2, 1, 0), (3, 0, 0), (1, 0, 0)],  # two groups at once
    [(1, 0, 0), (2, 1, 0), (4, 0, 1), (3, 1, 1), (2, 0, 1), (3, 0, 0), (2, 0, 1), (3, 0, 0)],  # edge ko, retaken
], ids=["corner", "edge", "corner-suicide", "opponent-first", "two-groups", "ko"])
def test_shapes(moves):
    pair = Pair(walled=True)
    for x, y, colour in moves:
        pair.play(x, y, colour)
    assert pair.placements == len(moves)
