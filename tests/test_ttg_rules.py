"""One test per rule of spec `ttg.md` (the R numbers are in the test names)."""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

from esodbg.engines.base import CellRef, Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name
from esodbg.engines.ttg.parser import parse
from esodbg.engines.ttg.boards import Board, Shape, memory3, norm
from esodbg.engines.ttg.events import Exec, Stopped, Update, Write
from esodbg.engines.ttg.machine import LIMIT

TTG = by_name("ttg")

SQUARE = Board.square().shape


def run(text: str, name: str = "t.ttg") -> Session:
    s = Session(TTG, parse(text, name))
    assert s.continue_().reason is Stop.HALTED
    return s


def numbered(order) -> str:
    """An order on the 3x3 as the page draws it: each cell's position, rows joined by /."""
    grid = [[0] * 3 for _ in range(3)]
    for i, (r, c) in enumerate(order, 1):
        grid[r][c] = i
    return "/".join("".join(map(str, row)) for row in grid)


def test_r1_keystrokes_crlf_bom_and_trailing_newline():
    p = parse("a\r\nb\rc\n", "x.ttg")
    assert p.keys == ("a", "\n", "b", "\r", "c", "\n")
    assert p.warnings and "newline" in p.warnings[0].message and p.warnings[0].severity == "warning"
    assert parse("abc", "x.ttg").warnings == ()


def test_r2_special_keys():
    m = run("x\b").machine  # Backspace is never written: it undoes x's board update
    assert m.main.shape.size == 9 and dict(m.main.values) == {(0, 0): "x"} and m.depth == 1
    assert run("\x7f").machine.main.get((0, 0)) == "\x7f"  # DEL is an ordinary character


def test_r4_memory3_from_the_basename_and_name_option():
    assert numbered([]) == "000/000/000"
    assert dict(memory3("wow.txt").values) == {(0, 1): 1, (0, 2): 1, (1, 0): 1, (1, 2): 1, (2, 0): 1, (2, 1): 1}
    assert memory3("").values == Board.square().values
    program = TTG.parse("", "dir/a.ttg", {"name": "wow.txt"})
    assert run_program(program).machine.m3 == memory3("wow.txt")
    assert parse("", "some/dir/wow.txt").name == "wow.txt"


def test_r4_a_name_that_is_not_utf8_uses_its_raw_bytes():
    name = os.fsdecode(b"\xe9t\xff.ttg")  # how Python hands over such a name (PEP 383)
    # 0xe9 = 11101001, "t" = 0x74 = 01110100: the first nine bits are 111 010 010
    assert sorted(memory3(name).values) == [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]
    assert memory3("\ud800x").shape.size == 9  # a lone surrogate no file system gives: no error
    assert memory3("é") == memory3(os.fsdecode("é".encode()))  # a UTF-8 name is its UTF-8 bytes


def run_program(program) -> Session:
    s = Session(TTG, program)
    s.continue_()
    return s


def test_r5_norm():
    assert norm("7") == 7 and norm("0") is None and norm(0) is None and norm("a") == "a" and norm(12) == 12


def test_r6_growth_from_occupied_non_space_cells_only():
    board = Board.square({(0, 2): "X"})
    grown, new = board.updated()
    assert sorted(new) == [(-1, 2), (0, 3)]  # the page's first growth picture
    spaced, new = Board.square({(0, 2): " "}).updated()
    assert new == []


def test_r7_boards_start_3x3():
    m = Session(TTG, parse("", "t.ttg")).machine
    assert all(b.shape.size == 9 for b in (m.main, m.m1, m.m2, m.m3))


def test_r9_settings_decode_and_42():
    m = Session(TTG, parse("", "t.ttg")).machine
    assert m.settings() == ("L", "L", 0, 0)  # all 0: Left, Left, turn left, S read as 1
    m.m2 = Board.square({(0, 0): 1, (0, 1): 1, (1, 1): 1, (2, 0): 42})
    assert m.settings() == ("D", "L", 1, 4)  # cells 1-2: 11 down; 3-4: 00 left; 5: right; 6-9: 0100


def test_r9_typing_starts_right_and_k_at_1():
    m = run("ab").machine
    assert (m.main.get((0, 0)), m.main.get((0, 1)), m.D) == ("a", "b", "R")


def test_r11_walk_orders_match_the_page():
    assert numbered(SQUARE.walk("L", 0)) == "132/849/756"
    assert numbered(SQUARE.walk("R", 1)) == "123/894/765"
    assert numbered(SQUARE.walk("U", 0)) == "178/354/269"


def test_r12_typing_orders_match_the_page():
    assert [numbered(SQUARE.typing_order(d)) for d in "RLUD"] == ["123/456/789", "132/465/798", "147/369/258",
                                                                   "147/258/369"]


def test_r12_typing_cell_agrees_with_the_order_on_ragged_boards():
    shape = Shape.of([(0, 0), (0, 1), (1, -1), (1, 0), (1, 2), (2, 1), (-1, 1)])
    for d in "RLUD":
        order = shape.typing_order(d)
        assert sorted(order) == sorted(shape.reading())
        assert [shape.typing_cell(d, k) for k in range(1, len(order) + 1)] == order


def test_r13_halted_ignores_later_keystrokes():
    m = run("\bhior").machine
    assert m.keystrokes == 1 and m.broken


def test_r14_order_wraps_to_cell_1():
    m = run(" " * 9 + "A").machine  # Spaces never grow the board
    assert m.main.get((0, 0)) == "A" and m.k == 2


def test_r15_c_only_pass_rotates_without_r():
    m = run("abc").machine
    assert m.main.turns == 1


def test_r16_update_after_a_stopped_pass_applies_to_the_new_main():
    m = run("hello world", "wow.txt").machine
    assert m.main.shape.size > 9 and m.main.get((0, 0)) == "w"


def test_r17_backspace_undoes_update_run_write_and_keeps_output():
    s = run("hior\b\b\bx")
    assert s.output.text() == "hi" and s.machine.main.get((0, 3)) == "x"


def test_r20_put_goes_to_the_first_available_cell_and_0_puts_nothing():
    m = run("0a r").machine
    assert dict(m.m1.values) == {(0, 0): "a", (0, 2): " "}  # walk Left/turn left: cells 1, 2


def test_r21_overflow_swaps_sets_d_and_stops():
    m = run("hello world", "wow.txt").machine
    assert m.D == "L" and m.m1.get((0, 1)) == "e"


def test_r21_double_overflow_swaps_memory2():
    # A full memory1 swaps with a mainBoard that is full too (9 Spaces and an r fill 10 cells).
    s = run(" " * 8 + "r" + "a")
    m = s.machine
    assert m.m2.shape.size == 9


def test_r22_crop3x3_forces_cells_into_existence():
    board = Board(Shape.of([(0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]), Board.square({(1, 1): "3"}).values)
    crop = board.crop3x3()
    assert crop.shape.size == 9 and dict(crop.values) == {(1, 0): 3}  # from the top-left cell (0, 1)


def test_r23_r_is_not_data():
    assert run("r").machine.m1.values == Board.square().values


def test_r24_o_prints_numbers_in_reading_order():
    assert run("123aor").output.text() == "132"


def test_r25_t_takes_the_next_square_without_running_it():
    m = run("t!r").machine  # t puts "!" as data; the ! is consumed, so r still runs as a no-op
    assert "!" in m.m1.values.values()


def test_r27_rotation_turns_the_picture_and_cells_keep_their_coordinates():
    board = Board.square({(0, 0): "a", (0, 1): "b"})
    turned = board.rotated()
    pictured = [[turned.get(cell) for cell in line] for line in turned.grid()[2]]
    assert pictured == [[None, None, "a"], [None, None, "b"], [None, None, None]]  # top row → right column
    assert turned.get((0, 0)) == "a" and turned.physical((0, 0)) == (0, 0) and turned.logical((0, 0)) == (0, 0)
    assert turned.top_left() == (2, 0) and turned.shape is board.shape  # O(1): nothing is rebuilt
    assert turned.rotated().rotated().rotated() == board


def test_r27_the_pass_goes_on_after_the_turned_cell():
    # r c a / b _ _ : after c turns the board, reading order is b r / c / a, so the pass goes
    # on with a (after c's new place) and b, now before it, never runs.
    m = TTG.machine(parse("r", "t.ttg"), InputLog(""), OutputLog())  # the machine alone: its boards are set
    m.load_boards(Board.square({(0, 0): "r", (0, 1): "c", (0, 2): "a", (1, 0): "b"}))
    assert m.run(100) is Stop.HALTED
    assert sorted(m.m1.values.values()) == ["a"] and m.main.turns == 1


def test_r28_arithmetic_and_division_by_zero():
    assert run("50/o%or").output.text() == "54255"
    assert run("ab+or").output.text() == "aabb"  # cell 3 (0, 1) := "ab"; o prints a, ab, b in reading order


def test_r29_question_mark_clears_and_restarts():
    m = run("r?x").machine  # ? clears x and puts it, restarts: r, then ? with an Empty next square
    assert m.main.get((0, 2)) is None and list(m.m1.values.values()) == ["x"]


def test_r30_arrows_and_flip():
    assert run("<r").machine.D == "L"
    assert run("|r").machine.D == "L"


def test_r32_save_and_call_chain():
    assert run("t@sxsdy@or", "save_call.ttg").output.text() == "yxy"


def test_r33_skip():
    m = run("!ar").machine  # a is skipped: nothing is put
    assert "a" not in m.m1.values.values()


def pass_over(cells: str, m1: Board | None = None):
    """The machine after one keystroke ``r`` whose pass runs ``cells`` (the mainBoard's cells
    in reading order, from (0, 0) of a board wide enough; the first must be ``r``)."""
    m = TTG.machine(parse("r", "t.ttg"), InputLog(""), OutputLog())
    m.load_boards(Board.square({divmod(i, 9): ch for i, ch in enumerate(cells)}, size=9), m1)
    assert m.run(1000) is Stop.HALTED
    return m


@pytest.mark.parametrize("cells, put", [
    ("r!!XY", ["Y"]),  # R33's first example: `!!X Y` skips `!` and `X`, runs `Y`
    ("r!!!XY", ["Y"]),  # R33's second: `!!!X Y` skips `!`, `!` and `X`
    ("r!XY", ["Y"]),
    ("r!!X!YZ", ["Z"]),  # `!` and X skipped; the third `!` runs and skips Y
])
def test_r33_a_skipped_bang_leaves_the_pending_count_as_it_is(cells, put):
    m = pass_over(cells, Board.square(size=4))
    assert list(m.m1.values.values()) == put


def test_r33_pending_skips_end_with_the_frame():
    # @ calls a copy of memory1, whose last command is `!`: the skip it leaves pending ends with
    # that frame, so the caller's next command `a` runs.
    m = pass_over("r@a", Board.square({(2, 2): "!"}))
    assert "a" in m.m1.values.values()
    # and a pass that ends with a `!` pending does not skip the next keystroke's first command
    s = run("a!rb")
    assert sorted(s.machine.m1.values.values()) == ["a", "a", "b"]


def test_r35_sigma_numbers_then_characters():
    assert run("2a7Σr").output.text() == "9a"


def test_r36_escape_puts_the_next_command():
    m = run("#or").machine
    assert "o" in m.m1.values.values()


def test_r41_limit_resets_the_main_board():
    m = Session(TTG, parse("r", "t.ttg")).machine  # the machine alone: its start state is edited
    m.load_boards(Board.square({(r, c): "x" for r in range(101) for c in range(100)}, size=101),
                  Board.square(size=110))  # room for every put: no overflow
    assert m.run(10**6) is Stop.HALTED
    assert len(m.m1.values) == LIMIT - 1  # r, then 9999 puts; the 10001st action never runs
    assert not m.main.values and m.main.shape.size > 101 * 101 - 1  # emptied, shape kept (and updated)


def test_r42_output_of_numbers_is_decimal():
    assert run("2p r").output.text().startswith("2")


def test_r43_units_of_stepping():
    s = Session(TTG, parse("abr", "t.ttg"))
    s.step(1, 0)
    assert s.machine.keystrokes == 1 and s.steps == 2  # write + update
    s.step(1, 1)
    assert s.steps == 3  # the write phase of b
    s.step_back(1, 0)
    assert s.machine.keystrokes == 1 and s.steps == 2


def test_r44_step_back_restores_output():
    s = run("hior")
    s.step_back(1, 0)
    assert s.output.text() == ""


@pytest.mark.parametrize("kinds, stops_before", [
    ({"exec"}, Exec), ({"write"}, Write), ({"data"}, Exec), ({"grow"}, Update),
])
def test_r45_breakpoint_kinds(kinds, stops_before):
    s = Session(TTG, parse("ab r", "t.ttg"))
    cell = {"exec": CellRef("main", 0, 1), "write": CellRef("main", 0, 1), "data": CellRef("memory1", 0, 0),
            "grow": CellRef("main", -1, 1)}[next(iter(kinds))]
    s.breakpoints.toggle(cell, frozenset(kinds))
    outcome = s.continue_()
    assert outcome.reason is Stop.BREAKPOINT
    assert type(s.machine.next) is stops_before
    assert any(ref == cell and kind in kinds for ref, kind in s.machine.next_touches())


def test_r46_view_draws_empty_space_and_enter():
    s = run(" \n")
    view = s.view()
    glyphs = {cell.glyph for row in view.boards[0].rows for cell in row if cell}
    assert {"⎵", "⏎", "_"} <= glyphs


# ----- Limits (docs/ttg.md "Limits"): a run that would outgrow memory stops with a runtime
# error at the step, keeping its output; stepping back from it is exact.

def run_capped(text: str, **caps) -> Session:
    s = Session(TTG, replace(parse(text, "t.ttg"), **caps))
    assert s.continue_().reason is Stop.ERROR and s.machine.status is Status.ERROR
    return s


def test_limit_max_cells_stops_growth_keeping_output():
    s = run_capped("hior" + "abcdefgh", max_cells=20)
    m = s.machine
    assert s.output.text().startswith("hi")  # what the passes wrote before is kept
    assert "the mainBoard would grow to" in m.fault.message and "--max-cells" in m.fault.message
    assert m.main.shape.size <= 20 and m.fault.step == s.steps
    assert m.fault.span is not None and m.fault.at.board == "main"
    before = s.steps
    s.step_back()  # the failed step changed nothing but status and fault
    assert s.steps == before - 1 and m.status is Status.READY and type(m.next) is Stopped


def test_limit_max_cells_for_g_stops_at_the_g():
    s = run_capped("arg", max_cells=12)  # the g's pass would grow memory1 from 9 to 13 cells
    assert s.machine.fault.message.startswith("memory1 would grow to 13 cells, past the cap of 12 cells")
    assert s.machine.fault.at == CellRef("main", 0, 2) and s.machine.m1.shape.size == 9


def held(text: str) -> int:
    s = Session(TTG, parse(text, "t.ttg"))
    s.continue_()
    return s.machine.held()


def test_limit_max_history_stops_before_a_keystroke_and_backspace_gives_room_back():
    s = run_capped("abcdefghij", max_history=12)
    m = s.machine
    assert "--max-history" in m.fault.message and m.held() > 12 and m.keystrokes < 10
    assert m.fault.at == CellRef("main", *m.main.typing_cell(m.D, m.k))  # where the keystroke would go
    # a Backspace pops a record, and what the states after it held is released
    assert held("abx\b\b") == held("ab") < held("abx")
    assert held("abr\b\b\b") == held("ab")  # the update, the run and the write of r


def test_limit_r5_numbers_and_strings_have_an_engine_limit(monkeypatch):
    """A Num past --max-int-bits (the bound that keeps a step short: engines/integers.py) and a
    Str past 10 million characters are R5's engine-limit errors."""
    from esodbg.engines.ttg import machine
    s = run_capped("99*r", max_int_bits=6)  # 9 · 9 = 81 needs 7 bits
    assert "*: integer too large" in s.machine.fault.message and "engine's limit (R5)" in s.machine.fault.message
    assert "more than 6 bits" in s.machine.fault.message
    s = run_capped("99+r", max_int_bits=4)  # 9 + 9 = 18 needs 5 bits
    assert "+: integer too large" in s.machine.fault.message
    monkeypatch.setattr(machine, "MAX_DIGITS", 1)
    s = run_capped("ab+r")  # "a" + "b" is 2 characters
    assert "string of 2 characters" in s.machine.fault.message
