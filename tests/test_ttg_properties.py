"""Property tests (hypothesis) for Tic Tac Toe Grow: random keystroke streams only ever end in
a defined way (every keystroke typed, or a Backspace break); time travel is exact at every unit
of stepping — micro-step, phase, keystroke (R43, R44)."""

from __future__ import annotations

import bisect
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from esodbg.engines.base import Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name
from esodbg.engines.ttg.parser import parse
from esodbg.engines.ttg.boards import Board, Shape
from esodbg.engines.ttg.lines import Line
from esodbg.engines.ttg.machine import ACTION_KEYS

from time_travel import assert_time_travel_is_exact

TTG = by_name("ttg")

# Every action (R39), data characters, digits, Space, Enter, Backspace, and a multi-byte letter.
KEYS = list(ACTION_KEYS) + list("ax7 0é") + ["\b"]
streams = st.text(alphabet=st.sampled_from(KEYS), max_size=40)


def session(text: str, **history) -> Session:
    return Session(TTG, parse(text, "prop.ttg"), **history)


@settings(max_examples=150, deadline=None)
@given(streams)
def test_random_keystrokes_end_in_a_defined_way(text):
    s = session(text)
    outcome = s.continue_()
    assert outcome.reason is Stop.HALTED and s.machine.status is Status.HALTED
    m = s.machine
    assert m.keystrokes == len(text) or m.broken
    assert m.m2.shape.size == 9  # R7: memory2 is always exactly 3x3
    for board in (m.main, m.m1, m.m2, m.m3):
        assert all(v != 0 and not (isinstance(v, str) and v in "0123456789" and len(v) == 1)
                   for v in board.values.values()) or board is m.main  # R5: memory holds no 0, no digit chars


@settings(max_examples=60, deadline=None)
@given(streams, st.integers(0, 2**32))
def test_time_travel_by_micro_step_is_exact(text, seed):
    # Small history settings so checkpoints, thinning and re-execution are all exercised.
    assert_time_travel_is_exact(session(text, interval=7, undo_records=5), 300, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(streams, st.integers(0, 1))
def test_forward_and_back_by_phase_and_keystroke(text, level):
    s = session(text, interval=11, undo_records=3)
    m = s.machine
    starts = [(m.snapshot(), s.output.text())]
    while m.status is Status.READY:
        before = s.steps
        s.step(1, level)
        assert s.steps > before
        assert m.unit_start(level) == s.steps or m.status is not Status.READY  # landed on a unit boundary
        starts.append((m.snapshot(), s.output.text()))
    for state in reversed(starts[:-1]):
        s.step_back(1, level)
        assert (m.snapshot(), s.output.text()) == state
    assert s.steps == 0


cells = st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=30)


@settings(max_examples=200, deadline=None)
@given(cells, st.integers(1, 3), st.data())
def test_a_turned_board_reads_like_the_board_drawn_turned(coords, turns, data):
    """R27 by O(1) turns: every order of a board turned ``turns`` times (reading, next square,
    typing orders, walks, first non-Empty cells) is the order of a fresh board whose cells sit
    where the turned board draws them."""
    board = Board(Shape.of(coords), Board.square().values)
    values = {cell: data.draw(st.sampled_from("ab")) for cell in data.draw(st.sets(st.sampled_from(sorted(coords))))}
    for cell, value in values.items():
        board = board.set(cell, value)
    for _ in range(turns):
        board = board.rotated()
    drawn = Board(Shape.of(map(board.physical, coords)), Board.square().values)
    for cell, value in values.items():
        drawn = drawn.set(board.physical(cell), value)
    p = board.physical
    assert [p(c) for c in board.shape.reading(board.turns)] == list(drawn.shape.reading())
    assert p(board.top_left()) == drawn.top_left()
    for cell in coords:
        after = board.after(cell)
        assert (after and p(after)) == drawn.after(p(cell))
        nxt = board.next_value(cell)
        assert (nxt and p(nxt)) == drawn.next_value(p(cell))
    for d in "LURD":
        assert [p(c) for c in board.shape.typing_order(d, board.turns)] == drawn.shape.typing_order(d)
        for turn in (0, 1):
            assert [p(c) for c in board.walk(d, turn)] == list(drawn.walk(d, turn))
    assert board.in_reading_order() == drawn.in_reading_order()
    assert board.crop3x3() == drawn.crop3x3()


def scan(board: Board) -> list:
    cells, cell = [], board.next_value(None)
    while cell is not None:
        cells.append(cell)
        cell = board.next_value(cell)
    return cells


@settings(max_examples=100, deadline=None)
@given(streams)
def test_the_kept_scan_order_is_always_the_reading_order(text):
    """The non-Empty cells a pass scans are sorted once and then handed from board to board
    (R19); every board the run has — the live ones, the saves, every Backspace record — must
    still scan exactly its non-Empty cells in reading order as drawn."""
    m = TTG.machine(parse(text, "prop.ttg"), InputLog(""), OutputLog())
    while m.run(1) is Stop.LIMIT:
        boards = [m.main, m.m1, *m.saves.values(), *(f.board for f in m.frames if f.board is not None)]
        record = m.history
        while record is not None:
            boards.extend((record.state.main, record.state.m1))
            record = record.rest
        for board in boards:
            assert scan(board) == [c for c in board.shape.reading(board.turns) if c in board.values]


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(-40, 40), min_size=1), st.lists(st.sets(st.integers(-50, 50)), max_size=4),
       st.integers(-60, 60))
def test_a_line_of_runs_behaves_as_its_sorted_list(values, additions, x):
    """A board's rows and columns are kept as runs (`lines.Line`, for linear memory); every
    question the orders ask must answer as the plain sorted list of its cells would."""
    line = Line.of(values)
    for added in additions:
        line = line.with_values(added - values)
        values = values | added
    plain = sorted(values)
    assert list(line) == plain and list(reversed(line)) == plain[::-1] and len(line) == len(plain)
    assert [line[i] for i in range(-len(plain), len(plain))] == plain + plain
    assert line.rank(x) == bisect.bisect_left(plain, x) and line.rank_after(x) == bisect.bisect_right(plain, x)
    assert (x in line) == (x in values)
    for i, value in enumerate(plain):  # a step along the line on the torus (R11), both ways
        assert line.following(value) == plain[(i + 1) % len(plain)]
        assert line.preceding(value) == plain[i - 1]
    assert all(start > end for end, start in zip(line.ends, line.starts[1:]))  # runs kept maximal (ends exclusive)
