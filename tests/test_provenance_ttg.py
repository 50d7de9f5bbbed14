"""Where did this value come from (issue 28) in Tic Tac Toe Grow: the chains checked against a
brute-force search over the run's trace (:mod:`provenance_check`), and ``reads`` rule by rule
(spec `ttg.md`; the R numbers are in the test names)."""

from __future__ import annotations

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name
from esodbg.engines.ttg import machine as ttg_machine
from esodbg.engines.ttg.boards import Board, Shape
from esodbg.engines.ttg.events import Backspace, Exec, LimitReset, OverflowWrite, Swap, SwapMemory2, Update, Write
from provenance_check import LIMIT, check_chains, check_writers, run

TTG = by_name("ttg")
SETTINGS = ("memory2(0,2)", "memory2(1,0)", "memory2(1,1)")  # memdir and turn: the walk that chose the cell

# (example, locations asked about): every kind of location each example changes, and the kinds of
# micro-step that change them (writes, puts, t, d, @, arithmetic, <, swaps, the overflow write,
# c, Backspace restores).
EXAMPLES = [
    ("ttg/wow.txt", ["D", "k", "main(0,0)", "main(0,1)", "main(1,1)", "main(0,-4)", "main(1,3)", "memory1(-1,-3)",
                     "memory1(0,1)", "memory1(0,-4)", "memory1(2,2)", "memory1(1,0)"]),
    ("ttg/o_numbers.ttg", ["k", "main(0,3)", "memory1(0,0)", "memory1(0,1)", "memory1(1,1)"]),
    ("ttg/arith_zero.ttg", ["k", "main(0,6)", "memory1(0,0)", "memory1(0,1)"]),
    ("ttg/rotate_c.ttg", ["k", "main(0,0)", "main(0,2)", "main(1,0)"]),
    ("ttg/undo.ttg", ["k", "main(0,3)", "memory1(0,0)", "memory1(0,2)"]),
    ("ttg/save_call.ttg", ["k", "memory1(0,0)", "memory1(0,1)", "memory1(0,2)"]),
    ("ttg/four_ways.ttg", ["D", "main(0,1)", "main(1,2)", "main(2,2)", "memory1(0,0)", "memory1(1,3)",
                           "memory1(-2,0)"]),
    ("ttg/dir_left.ttg", ["D", "memory1(2,1)"]),
]

# Programs of the kinds of micro-step no example has: ?, #, |, Enter, arithmetic on one operand,
# p, a put from an @ frame, the memory1↔memory2 swap (memory2 from memory3, with and without
# R10.2's reset of cells 6-9).
PROGRAMS = [
    ("r?x", "t.ttg", ["main(0,2)", "memory1(0,0)"]),
    ("#or", "t.ttg", ["memory1(0,0)"]),
    ("v\nr|r", "t.ttg", ["D", "k"]),
    ("abp+r", "t.ttg", ["memory1(0,0)", "memory1(0,1)"]),
    ("53p-r", "t.ttg", ["memory1(0,0)", "memory1(0,1)"]),
    ("ab@r", "t.ttg", ["memory1(0,1)", "memory1(1,1)"]),
    ("   1r 1r", "t.ttg", ["D", "k", "main(1,0)", "main(1,2)", "memory1(0,0)", "memory1(1,2)", "memory1(2,1)",
                          "memory2(0,1)", "memory2(1,2)"]),
    ("   1r 1r", "h.ttg", ["D", "k", "memory1(0,0)", "memory2(0,1)", "memory2(2,2)", "memory2(1,1)"]),
]


def session(text: str, name: str) -> Session:
    """A session of ``text`` run as the file ``name`` (it feeds memory3, R4) to its end."""
    s = Session(TTG, TTG.parse(text, name, {}), "", True, budget=LIMIT)
    s.continue_()
    return s


@pytest.mark.parametrize("example, locations", EXAMPLES, ids=[case[0] for case in EXAMPLES])
def test_the_writers_and_chains_of_the_examples_are_the_brute_force_s(example, locations):
    s = run("ttg", example)
    check_writers(s, locations, samples=20)
    check_chains(s, locations)


@pytest.mark.parametrize("text, name, locations", PROGRAMS, ids=[repr(case[0]) + case[1] for case in PROGRAMS])
def test_the_writers_and_chains_of_the_other_step_kinds_are_the_brute_force_s(text, name, locations):
    s = session(text, name)
    check_writers(s, locations, samples=20)
    check_chains(s, locations)


def test_the_writers_and_chains_of_the_action_limit_reset_are_the_brute_force_s(monkeypatch):
    monkeypatch.setattr(ttg_machine, "LIMIT", 3)  # R41 after 3 actions: a small program reaches it
    s = session("abxr", "t.ttg")
    check_writers(s, ["main(0,0)", "main(0,3)", "memory1(0,0)"])
    check_chains(s, ["main(0,0)", "main(0,3)", "memory1(0,0)"])


# ----- reads, rule by rule ---------------------------------------------------------------------
def before(text: str, found, name: str = "t.ttg", boards: tuple = ()):
    """The machine of ``text`` (run as ``name``; ``boards``: the mainBoard and memory1 to start
    from) just before the first micro-step for which ``found(machine.next)`` holds."""
    m = TTG.machine(TTG.parse(text, name, {}), InputLog(""), OutputLog())
    if boards:
        m.load_boards(*boards)
    while not found(m.next):
        assert not isinstance(m.step(), Stop)
    return m


def runs(value: str, mode: str = "run"):
    """The micro-step that runs (or escapes, or skips) a cell holding ``value``."""
    return lambda ev: type(ev) is Exec and ev.value == value and ev.mode == mode


def is_(kind: type):
    return lambda ev: type(ev) is kind


def made(m, *locations: str) -> list[tuple[str, ...]]:
    """What the next micro-step reads to make each of ``locations``, which it must change."""
    getters = [TTG.data(m, location) for location in locations]
    old = [get() for get in getters]
    found = [TTG.reads(m, location) for location in locations]
    m.step()
    for location, value, get in zip(locations, old, getters):
        assert (value, type(value)) != (get(), type(get())), f"{location} did not change"
    return found


def unchanged(m, *locations: str) -> list[tuple[str, ...]]:
    """What the next micro-step reads to make each of ``locations``, which it must not change."""
    getters = [TTG.data(m, location) for location in locations]
    old = [get() for get in getters]
    found = [TTG.reads(m, location) for location in locations]
    m.step()
    assert [get() for get in getters] == old
    return found


def test_a_typed_character_comes_from_the_code_and_k_from_k_R14():
    m = before("ab", lambda ev: type(ev) is Write and ev.key == "b")
    assert made(m, "main(0,1)", "k") == [(), ("k",)]


def test_a_data_cell_is_put_from_the_main_cell_it_runs_then_the_walk_settings_R20_R37_R5():
    m = before("a7r", runs("a"))
    assert TTG.reads(m, "memory1(0,2)") == () and TTG.reads(m, "main(0,0)") == ()  # not written
    assert made(m, "memory1(0,0)") == [("main(0,0)", *SETTINGS)]
    assert made(m, "memory1(0,2)") == [("main(0,1)", *SETTINGS)]  # the digit 7, stored as the Num 7 (R5)


def test_a_space_is_data_put_from_its_cell_R34():
    m = before(" r", runs(" "))
    assert made(m, "memory1(0,0)") == [("main(0,0)", *SETTINGS)]


def test_t_puts_the_next_square_R25():
    m = before("t!r", runs("t"))
    assert made(m, "memory1(0,0)") == [("main(0,1)", *SETTINGS)]


def test_question_mark_clears_its_square_from_the_code_and_puts_it_R29():
    m = before("r?x", lambda ev: runs("?")(ev) and ev.ops)  # once x is typed after it
    assert made(m, "main(0,2)", "memory1(0,0)") == [(), ("main(0,2)", *SETTINGS)]


def test_an_escaped_command_is_put_from_its_cell_R36():
    m = before("#or", runs("o", "escape"))
    assert made(m, "memory1(0,0)") == [("main(0,1)", *SETTINGS)]


def test_a_skipped_command_writes_nothing_R33():
    m = before("!ar", runs("a", "skip"))
    assert unchanged(m, "memory1(0,0)") == [()]


def test_arithmetic_makes_cell_3_from_cells_1_and_2_of_the_walk_R28():
    # the walk (Left, turn left) is 132/849/756: cells 1, 2, 3 are (0,0), (0,2), (0,1)
    m = before("ab+r", runs("+"))
    assert made(m, "memory1(0,1)") == [("memory1(0,0)", "memory1(0,2)", *SETTINGS)]
    m = before("50/r", runs("/"))  # 5 / Empty = 42 (the 0 put nothing)
    assert made(m, "memory1(0,1)") == [("memory1(0,0)", "memory1(0,2)", *SETTINGS)]


def test_arithmetic_whose_result_is_cell_2_s_value_reads_cell_2_first_R28():
    m = before("abp+r", runs("+"))  # p emptied cell 1: "" + "b" is b's value
    assert made(m, "memory1(0,1)") == [("memory1(0,2)", "memory1(0,0)", *SETTINGS)]
    m = before("53p-r", runs("-"))  # 0 - 3: made from cell 2's 3
    assert made(m, "memory1(0,1)") == [("memory1(0,2)", "memory1(0,0)", *SETTINGS)]


def test_p_and_d_empty_memory1_from_the_code_R32():
    m = before("apr", runs("p"))
    assert made(m, "memory1(0,0)") == [()]
    m = before("adr", runs("d"))
    assert made(m, "memory1(0,0)") == [()]


def test_a_put_from_an_at_frame_s_private_copy_reads_no_location_R32():
    m = before("ab@r", runs("@"))
    m.step()  # the call: a frame on a copy of memory1 (a at (0,0), b at (0,2))
    assert m.frames[-1].board is not None and m.next.value == "a"
    assert made(m, "memory1(0,1)") == [()]


def test_an_arrow_sets_D_from_the_code_flip_and_enter_from_D_R30():
    m = before("<r", runs("<"))
    assert made(m, "D") == [()]
    m = before("|r", runs("|"))
    assert made(m, "D") == [("D",)]
    m = before("v\nr", runs("\n"))  # D is Down (v ran first): Enter makes it Left
    assert made(m, "D") == [("D",)]


def test_the_overflow_swap_moves_each_cell_from_the_other_board_and_D_from_memory2_R21_1():
    m = before("hello world", is_(Swap), "wow.txt")
    assert made(m, "main(0,0)", "memory1(0,0)", "D") == [("memory1(0,0)",), ("main(0,0)",),
                                                         ("memory2(0,0)", "memory2(0,1)")]


def test_the_overflow_write_is_the_put_value_the_swap_moved_into_memory1_R21_2():
    m = before("hello world", is_(OverflowWrite), "wow.txt")
    cell = m.next.cell  # the e the pass ran at main (0,1), now memory1 (0,1)
    assert m.m1.get((0, 1)) == "e" == m.next.value
    assert made(m, f"memory1({cell[0]},{cell[1]})") == [("memory1(0,1)", *SETTINGS)]


def test_the_memory2_swap_moves_memory2_to_memory1_and_the_crop_to_memory2_D_and_k_from_it_R21_2a_R22_R10_3():
    # A mainBoard of 1s whose 3x3 from the top-left cell lacks (1,2), (2,1), (2,2) and whose r is
    # below it: the crop is valid (R10.1) and reads 11 11 1 0100: D := Down, k := 4 (R9).
    shape = Shape.of([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0), (3, 0)])
    main = Board(shape, Board.square({cell: "1" for cell in shape.reading()}, size=4).values).set((3, 0), "r")
    m1 = Board.square({(r, c): "x" for r in range(3) for c in range(3)})  # full: the first put overflows
    m = before("1", is_(SwapMemory2), boards=(main, m1))
    assert made(m, "memory1(0,0)", "memory2(0,0)", "memory2(2,0)", "D", "k") == [
        ("memory2(0,0)",), ("memory1(0,0)",), ("memory1(2,0)",), ("memory1(0,0)", "memory1(0,1)"),
        ("memory1(2,0)", "memory1(1,2)", "memory1(2,1)", "memory1(2,2)")]  # the cell holding a 1 first
    assert (m.D, m.k) == ("D", 4)
    assert type(m.next) is OverflowWrite and m.next.cell == (0, 0)
    assert TTG.reads(m, "memory1(0,0)") == ()  # the overflow write after it: the value is gone (cropped)


def test_the_memory2_swap_takes_memory3_when_the_crop_is_invalid_R10_1():
    m = before("   1r 1r", is_(SwapMemory2))  # memory3 of t.ttg: 011/101/000, S = 8
    assert made(m, "memory2(0,1)", "memory2(1,2)", "D", "k") == [
        ("memory3(0,1)",), ("memory3(1,2)",), ("memory3(0,1)", "memory3(0,0)"),
        ("memory3(1,2)", "memory3(2,0)", "memory3(2,1)", "memory3(2,2)")]


def test_the_memory2_swap_writes_0001_from_the_code_when_s_is_not_1_to_9_R10_2():
    m = before("   1r 1r", is_(SwapMemory2), "h.ttg")  # memory3 of h.ttg: 011/010/000, S = 0
    assert made(m, "memory2(0,1)", "memory2(2,2)", "k") == [("memory3(0,1)",), (), ()]
    assert m.k == 1


def test_the_action_limit_empties_the_main_board_from_the_code_R41(monkeypatch):
    monkeypatch.setattr(ttg_machine, "LIMIT", 3)
    m = before("abxr", is_(LimitReset))
    assert made(m, "main(0,0)", "main(0,3)") == [(), ()]


def test_a_rotation_changes_no_location_cells_keep_their_coordinates_R27():
    m = before("abc", runs("c"))
    assert unchanged(m, "main(0,0)", "main(0,2)", "main(2,0)", "D") == [(), (), (), ()]
    assert m.main.turns == 1


def test_growth_changes_no_location_a_grown_cell_is_empty_as_it_was_off_the_board_R6_R16_R26_R31():
    m = before("ab", is_(Update))
    assert unchanged(m, "main(0,3)", "main(-1,0)") == [(), ()] and m.main.get((0, 3)) is None
    m = before("aur", runs("u"))
    assert unchanged(m, "main(0,3)", "main(-1,0)") == [(), ()]
    m = before("agr", runs("g"))
    assert unchanged(m, "memory1(-1,0)", "memory1(0,0)") == [(), ()]


def test_a_backspace_restores_values_no_location_holds_now_R17():
    m = before("hior\b\b\b", is_(Backspace))  # undoes the update: nothing changes
    m.step()
    assert made(m, "memory1(0,0)", "memory1(0,2)") == [(), ()]  # undoes the run
    assert made(m, "main(0,3)", "k") == [(), ()]  # undoes the write
