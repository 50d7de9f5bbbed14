"""One test per numbered rule of spec `fifteen.md` (test names carry the rule number)."""

from __future__ import annotations

import pytest

from esodbg.engines.base import CellRef, ParseError, Status, Stop
from esodbg.engines.fifteen.machine import FifteenMachine
from esodbg.engines.fifteen.parser import parse
from esodbg.engines.iobuf import InputLog, OutputLog


def machine(src: str, input_text: str = "", closed: bool = True) -> FifteenMachine:
    return FifteenMachine(parse(src, "t.15"), InputLog(input_text, closed), OutputLog())


def diagnostic(src: str):
    with pytest.raises(ParseError) as error:
        parse(src, "t.15")
    (d,) = error.value.diagnostics
    assert d.file == "t.15"
    return d


def one_step(command: str, acc: int = 10, edge: bool = False, input_text: str = ""):
    """Run ``command`` once on a 1x3 puzzle.  Not at the edge, its move ``<`` slides piece 2
    (memory 2) into the empty space; at the edge (empty space in column 0) ``<`` fails."""
    src = "0,2,1\n\n" + command + ",>_,<_\n" if edge else "2,0,1\n\n>_," + command + ",<_\n"
    m = machine(src, input_text)
    m.memory[0] = acc
    reason = m.run(1)
    return m, reason


# ----- program text ------------------------------------------------------------------------------
def test_rule1_blocks_blank_lines_and_spaces_around_commas():
    p = parse("\n\n  1 , 0  \n\n\n  >_ , <_ \n", "t.15")
    assert p.puzzle == ((1, 0),)
    assert p.commands == ((">_", "<_"),)


def test_rule1_spans_point_at_each_command_in_the_source():
    p = parse("1,0\n\n >_ ,<!\n", "t.15")
    assert [tuple(s) for s in p.spans[0]] == [(3, 2, 3, 4), (3, 6, 3, 8)]


def test_rule2_labels_follow_int_rules():
    assert parse("02, +1, 00\n\n>_,>_,>_\n", "t.15").puzzle == ((2, 1, 0),)


@pytest.mark.parametrize(("src", "line", "col", "words"), [
    ("1,x\n\n>_,>_\n", 1, 3, "invalid puzzle label 'x'"),
    ("1,0\n2\n\n>_,>_\n>_,>_\n", 2, 1, "not rectangular"),
    ("1,1,0\n\n>_,>_,>_\n", 1, 3, "appears twice"),
    ("1,5,0\n\n>_,>_,>_\n", 1, 3, "out of range"),
])
def test_rule2_bad_puzzles_are_diagnosed_with_line_and_column(src, line, col, words):
    d = diagnostic(src)
    assert (d.line, d.col) == (line, col)
    assert words in d.message


def test_rule3_command_of_three_characters_is_an_error_spaces_inside_count():
    d = diagnostic("1,0\n\n> !,<_\n")
    assert (d.line, d.col) == (3, 1)
    assert "longer than two characters" in d.message


def test_rule3_empty_command_from_trailing_comma_is_allowed():
    assert parse("0,1,2\n\n>_,<!,\n", "t.15").commands == ((">_", "<!", ""),)


def test_rule4_text_after_a_blank_line_is_ignored():
    assert parse("1,0\n\n>_,<_\n\nthis is a comment, not code\n", "t.15").commands == ((">_", "<_"),)


def test_rule4_text_right_after_the_commands_is_more_rows_and_a_size_error():
    d = diagnostic("1,0\n\n>_,<_\n^_,v_\n")
    assert (d.line, d.col) == (4, 1)
    assert "command block has 2 rows, the puzzle has 1" in d.message


@pytest.mark.parametrize("src", ["1,0\n", "1,0\n\n\n", "1,0"])
def test_rule5_missing_command_block_is_an_error_not_a_hang(src):
    d = diagnostic(src)
    assert "missing command block" in d.message


def test_rule6_command_row_width_is_checked_per_row():
    d = diagnostic("1,0\n2,3\n\n>_,<_\n>_\n")
    assert (d.line, d.col) == (5, 1)
    assert "command row has 1 command, the puzzle is 2 wide" in d.message


def test_rule6_command_block_height_is_checked_at_the_end():
    d = diagnostic("1,0\n2,3\n\n>_,<_\n")
    assert (d.line, d.col) == (4, 1)


def test_rule6_empty_program_says_what_was_expected():
    assert "expected the puzzle" in diagnostic("\n\n").message


# ----- machine state -----------------------------------------------------------------------------
def test_rule7_commands_stay_on_the_backboard_while_pieces_slide():
    m = machine("1,2,0\n\n>_,>_,<_\n")
    m.run(1)
    assert m.board == [1, 0, 2]
    assert m.location() == CellRef("puzzle", 0, 1)
    assert m.program.commands[0][1] == ">_"  # the command under the empty space now


def test_rule8_memory_belongs_to_the_piece_and_travels_with_it():
    m = machine("0,1,2\n\n>?,>=,<_\n", "7\n")
    assert m.memory == [0, 1, 2]  # memory[k] = k, accumulator 0
    assert m.run(10) is Stop.HALTED
    assert m.board == [1, 2, 0]
    assert m.memory == [7, 1, 7]  # piece 2 (now at column 1) got the accumulator


def test_rule9_the_empty_space_is_the_instruction_pointer():
    m = machine("1,0,2\n\n>_,<_,<_\n")
    assert m.location() == CellRef("puzzle", 0, 1)
    m.run(1)
    assert m.location() == CellRef("puzzle", 0, 0)
    assert m.board[0] == 0


# ----- one step ----------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["__", "", "x!", "!>"])
def test_rule10_first_character_must_be_a_move_else_runtime_error(command):
    m, reason = one_step(command)
    assert reason is Stop.ERROR and m.status is Status.ERROR
    assert m.fault.at == CellRef("puzzle", 0, 1)
    assert repr(command) in m.fault.message and "not a move" in m.fault.message


def test_rule10_unknown_second_character_is_a_no_op():
    m, reason = one_step("<Q")
    assert reason is Stop.LIMIT
    assert m.board == [0, 2, 1] and m.memory == [10, 1, 2]


def test_rule11_move_swaps_and_fails_at_the_edge():
    m, _ = one_step("<_")
    assert m.board == [0, 2, 1]
    m, _ = one_step("<_", edge=True)
    assert m.board == [0, 2, 1] and m.steps == 1  # nothing moved, the step still counts
    m.run(1)
    assert m.steps == 2 and m.location() == CellRef("puzzle", 0, 0)  # the same command again


def test_rule12_same_moves_slide_to_the_edge():
    m = machine("1,0,2,3\n\n>_,<<,>_,>_\n")
    m.run(1)
    assert m.board == [0, 1, 2, 3]
    m = machine("0,1,2,3\n\n>>,>_,>_,>_\n")
    assert m.run(1) is Stop.HALTED and m.steps == 1 and m.board == [1, 2, 3, 0]


@pytest.mark.parametrize(("acc", "board"), [(0, [2, 1, 0]), (5, [0, 2, 1])])
def test_rule12_different_moves_branch_on_the_accumulator(acc, board):
    m, _ = one_step("<>", acc=acc)
    assert m.board == board


@pytest.mark.parametrize(("command", "acc", "memory2", "output"), [
    ("<+", 12, 2, ""), ("<-", 8, 2, ""), ("<*", 20, 2, ""), ("</", 5, 2, ""),
    ("<@", 2, 2, ""), ("<=", 10, 10, ""), ("<~", 2, 10, ""), ("<0", 0, 2, ""),
    ("<!", 10, 2, "10\n"), ("<X", 10, 2, "\n"), ("<_", 10, 2, ""),
])
def test_rule13_effects_use_the_piece_that_just_moved(command, acc, memory2, output):
    m, reason = one_step(command)
    assert reason is Stop.LIMIT and m.board == [0, 2, 1]
    assert m.memory[0] == acc and m.memory[2] == memory2
    assert m.output.text() == output


def test_rule13_division_rounds_down():
    m, _ = one_step("</", acc=-7)
    assert m.memory[0] == -4


@pytest.mark.parametrize(("command", "acc", "output"), [
    ("<+", 10, ""), ("<=", 10, ""), ("<~", 10, ""), ("</", 10, ""),  # memory effects skipped
    ("<!", 10, "10\n"), ("<X", 10, "\n"), ("<0", 0, ""), ("<?", 42, ""),  # I/O effects still happen
])
def test_rule13_failed_move_skips_memory_effects_but_not_io(command, acc, output):
    m, reason = one_step(command, edge=True, input_text="42\n")
    assert reason is Stop.LIMIT and m.board == [0, 2, 1]
    assert m.memory == [acc, 1, 2] and m.output.text() == output


def test_rule14_solved_start_still_runs_one_step():
    m = machine("1,0\n\n<_,<_\n")
    assert m.run(1) is Stop.LIMIT and m.board == [0, 1]


def test_rule14_halts_when_solved_after_a_step():
    m = machine("1,0,2\n\n>_,>_,<_\n")
    assert m.run(100) is Stop.HALTED and m.steps == 1 and m.status is Status.HALTED
    assert m.run(1) is Stop.HALTED and m.steps == 1  # a halted machine runs no more


# ----- input -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "values"), [
    ("a12\n", [97, 12]), ("12a\n", [49, 50, 97]), ("-5\n", [-5]), ("\n\n 7 \n", [7]), ("1_000\n3", [1000, 3]),
])
def test_rule15_whole_line_integer_else_one_character(text, values):
    m = machine("0,1,2\n\n<?,>_,<_\n", text)
    got = []
    for _ in values:
        assert m.run(1) is Stop.LIMIT
        got.append(m.memory[0])
    assert got == values


def test_rule15_open_input_asks_for_more_and_changes_nothing():
    m = machine("0,1,2\n\n<?,>_,<_\n", "4", closed=False)  # no newline yet: not a whole line
    assert m.run(1) is Stop.NEEDS_INPUT and m.steps == 0
    m.input.feed("2\n")
    assert m.run(1) is Stop.LIMIT and m.memory[0] == 42


def test_rule16_end_of_input_is_a_runtime_error_keeping_output():
    m = machine("0,1,2\n\n>!,>?,<_\n", "")
    assert m.run(5) is Stop.ERROR
    assert "end of input" in m.fault.message
    assert m.fault.step == 2 and m.fault.at == CellRef("puzzle", 0, 1)
    assert m.output.text() == "0\n"


# ----- runtime errors ----------------------------------------------------------------------------
def test_rule17_division_by_a_zero_memory_is_a_runtime_error():
    m = machine("2,0,1\n\n>_,</,<_\n")
    m.memory[2] = 0
    assert m.run(5) is Stop.ERROR
    assert "division by zero" in m.fault.message and m.fault.at == CellRef("puzzle", 0, 1)


@pytest.mark.parametrize("acc", [-1, 0x110000])
def test_rule17_X_outside_unicode_is_a_runtime_error(acc):
    m, reason = one_step("<X", acc=acc)
    assert reason is Stop.ERROR and str(acc) in m.fault.message


def test_failing_step_is_atomic_and_counted():
    m = machine("2,0,1\n\n>_,</,<_\n")
    m.memory[2] = 0
    before = (list(m.board), list(m.memory))
    m.run(1)
    assert (m.board, m.memory) == before and m.steps == 1 and m.fault.span.line == 3
