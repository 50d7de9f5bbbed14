"""Labyrinth's rules, one test (or more) per rule of spec ``labyrinth.md``, quoting its number.
The recorded cases (``tests/corpus/labyrinth/cases.jsonl``, checked by
``test_labyrinth_conformance.py``) pin the same rules against the reference on many more mazes;
here are what they cannot show: the command line (exit codes, messages, bytes), the state after
each step (where the pointer is, which way it faces, the maze after a rotation), atomic errors,
and esodbg's decisions (D6–D9)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from esodbg.engines.base import Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.labyrinth.machine import turn
from esodbg.engines.labyrinth.plugin import maze_rows
from esodbg.engines.registry import by_name, for_file

LAB = by_name("labyrinth")
N, E, S, W = range(4)


def session(text: str, data: str = "", options: dict | None = None, budget: int = 100_000,
            closed: bool = True) -> Session:
    return Session(LAB, LAB.parse(text, "t.lab", options), data, closed, budget)


def run(text: str, data: str = "", options: dict | None = None, budget: int = 100_000) -> Session:
    s = session(text, data, options, budget)
    s.continue_()
    return s


def out(s: Session) -> bytes:
    return s.output.text().encode("utf-8", "surrogateescape")


def esodbg(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *args], input=stdin, capture_output=True, timeout=60)


def steps_to(s: Session, n: int) -> None:
    while s.steps < n:
        assert s.step().reason is Stop.LIMIT


# ----- files and the command line --------------------------------------------------------------
def test_both_endings_are_labyrinth():
    assert for_file("maze.lab") is LAB and for_file("maze.labyrinth") is LAB


def test_g1_invalid_utf8_is_a_parse_error_exit_2(tmp_path):
    path = tmp_path / "bad.lab"
    path.write_bytes(b"1!@\xff\n")
    done = esodbg("exec", str(path))
    assert done.returncode == 2 and done.stdout == b"" and b"bad.lab:1:4" in done.stderr


def test_g1_a_bom_is_a_character_a_wall(tmp_path):
    """The reference reads a BOM as a character (a wall), so the start is the cell after it."""
    path = tmp_path / "bom.lab"
    path.write_bytes("\ufeff1!@\n".encode())
    program = LAB.parse(LAB.decode(path.read_bytes(), str(path)), str(path))
    assert program.start == (1, 0) and esodbg("exec", str(path)).stdout == b"1"


def test_exit_codes_and_the_output_kept(tmp_path):
    (tmp_path / "ok.lab").write_text("12!@\n")
    (tmp_path / "zero.lab").write_text("12!_/@\n")
    (tmp_path / "loop.lab").write_text("!\n")
    assert (esodbg("exec", str(tmp_path / "ok.lab")).returncode, esodbg("exec", str(tmp_path / "ok.lab")).stdout) \
        == (0, b"12")
    error = esodbg("exec", str(tmp_path / "zero.lab"))
    assert error.returncode == 1 and error.stdout == b"12" and b"division by zero" in error.stderr
    assert b"(4, 0)" in error.stderr and b"step 5" in error.stderr  # R1: names the step and the cell
    budget = esodbg("exec", "--max-steps", "5", str(tmp_path / "loop.lab"))
    assert budget.returncode == 3 and budget.stdout == b"00000" and b"--max-steps" in budget.stderr  # T3


# ----- the grid (G) ----------------------------------------------------------------------------
def test_g2_lines_split_at_lf_only_a_cr_is_a_wall_and_trailing_empty_lines_go():
    p = LAB.parse("1!\r\n\n@\r\n\n\n", "t.lab")
    assert (p.width, p.height) == (3, 3)  # the CR is a cell; the inner empty line a row; the trailing ones gone
    assert p.cells[2] < 0 and p.cells[3:6] == (-32, -32, -32)


def test_g2_one_code_point_one_cell_short_lines_padded_with_walls():
    p = LAB.parse("é1\n\U0001f600\n", "t.lab")
    assert (p.width, p.height) == (2, 2) and p.start == (1, 0) and p.cells[3] == -32


def test_g3_every_other_character_is_a_wall():
    from esodbg.engines.labyrinth.parser import COMMANDS

    assert set(COMMANDS) == set("\"'@_0123456789)(+-*/%`&|$~:;}{=#,?.!\\<>^v")
    p = LAB.parse("V v[ ]\tAé", "t.lab")
    assert [v > 0 for v in p.cells] == [False, False, True, False, False, False, False, False, False]


def test_g4_start_first_command_in_reading_order_facing_east():
    s = session("ab\n  x7\n1\n")
    assert (s.machine.x, s.machine.y, s.machine.d) == (3, 1, E)


def test_g4_no_command_nothing_runs():
    for text in ("", "\n\n", "abc\n  \tV\n"):
        s = run(text)
        assert s.machine.status is Status.HALTED and s.steps == 0 and out(s) == b""


# ----- stacks (K) ------------------------------------------------------------------------------
def test_k1_unbounded_integers():
    assert out(run("_99999999999999999999::**:*!@\n")) == str((10 ** 20 - 1) ** 6).encode()


def test_k2_implicit_zeros_pops_change_nothing_pushes_are_real():
    s = run(";;{+!@\n")
    assert out(s) == b"0" and s.machine.main == [] and s.machine.aux == []
    s = run(":=@\n")
    assert s.machine.main == [0] and s.machine.aux == [0]  # `:` then `=` on empty stacks: a 0 on each


# ----- a step (T) ------------------------------------------------------------------------------
def test_t1_the_step_at_at_counts_and_ends_the_run():
    s = run('1!"@\n')
    assert s.steps == 4 and s.machine.status is Status.HALTED


def test_t1_the_direction_is_chosen_after_the_command_from_its_top():
    """A `)` at a 3-way junction turns right: the top it made (1), not the 0 before it."""
    s = session('_)"\n "\n')
    steps_to(s, 2)
    assert (s.machine.x, s.machine.y, s.machine.d) == (1, 1, S)


def test_t2_every_command_is_a_step_even_a_stall():
    s = run("1\n", budget=7)
    assert s.steps == 7 and s.machine.main == [1111111]


def test_t3_max_steps_counts_steps(tmp_path):
    (tmp_path / "a.lab").write_text('1!"@\n')
    assert esodbg("exec", "--max-steps", "4", str(tmp_path / "a.lab")).returncode == 0
    assert esodbg("exec", "--max-steps", "3", str(tmp_path / "a.lab")).returncode == 3


# ----- choosing the direction (D) --------------------------------------------------------------
def mask(*dirs: int) -> int:
    return sum(1 << d for d in dirs)


def test_d1_no_neighbour_stays_facing_the_same_way():
    assert turn(0, E, 5) == -1
    s = session("1\n")
    s.step()
    assert (s.machine.x, s.machine.y, s.machine.d, s.machine.stalls) == (0, 0, E, 1)


def test_d2_one_neighbour_goes_there_a_dead_end_turns_around():
    assert turn(mask(W), E, 0) == W and turn(mask(N), E, -3) == N
    s = run('"1)!\n@\n')  # the `!` dead end runs once and turns back; `)` and `1` run again
    assert out(s) == b"2" and s.steps == 8 and s.machine.main == [11]


def test_d3_two_neighbours_not_back_else_straight_else_by_the_top():
    assert turn(mask(W, S), E, 0) == S  # came from the west: the other one
    assert turn(mask(E, W), E, -5) == E
    assert turn(mask(E, S), E, 0) == E  # neither behind (the start, or a shift): straight on
    assert turn(mask(N, S), E, -1) == N and turn(mask(N, S), E, 1) == S  # left / right by the sign
    assert turn(mask(N, S), E, 0) == -2  # zero: at random (D6)


def test_d4_three_neighbours_left_straight_right_else_the_opposite():
    t_from_side = mask(W, E, S)  # heading east along the bar of a T whose stem goes south
    assert turn(t_from_side, E, 0) == E and turn(t_from_side, E, 2) == S and turn(t_from_side, E, -2) == S
    t_from_stem = mask(E, W, S)  # heading north up the stem into the bar
    assert turn(t_from_stem, N, -1) == W and turn(t_from_stem, N, 1) == E and turn(t_from_stem, N, 0) == S


def test_d5_four_neighbours():
    cross = mask(N, E, S, W)
    assert (turn(cross, E, -9), turn(cross, E, 0), turn(cross, E, 9)) == (N, E, S)


def test_d4_d5_count_as_junctions():
    s = run('_""!@\n  "\n  @\n')
    assert out(s) == b"0" and s.machine.junctions == 1


def test_d6_the_random_turn_replays_and_depends_on_the_seed():
    """A rotation leaves the pointer between a left and a right corridor with a zero top: the
    turn is random, from the seeded generator (the same seed, the same run) and stepping back
    then forwards again makes the same choice."""
    text = "_v2\n3 !\n\"!@\n"  # reaches the random turn at its 14th step
    outputs = set()
    for seed in range(8):
        first, again = run(text, options={"seed": seed}), run(text, options={"seed": seed})
        assert out(first) == out(again) and first.machine.randoms >= 1
        outputs.add(out(first))
    assert len(outputs) == 2  # both ways are taken by some seed
    s = session(text, options={"seed": 3})
    s.continue_()
    end = s.machine.snapshot()
    s.goto(10)
    s.continue_()
    assert s.machine.snapshot() == end


# ----- commands (C) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, printed", [
    ("_7_2/!@", "3"), ("_7`_2/!@", "-4"), ("_7_2`/!@", "-4"), ("_7`_2`/!@", "3"),
    ("_7_2%!@", "1"), ("_7`_2%!@", "1"), ("_7_2`%!@", "-1"),
    ("_12`_10&!@", "0"), ("_12`_10|!@", "-2"), ("_1`_255&!@", "255"), ("_5~!@", "-6"), ("_6_3$!@", "5"),
    ("5`5!@", "-55"), ("_9)!@", "10"), ("_9(!@", "8"), ("_3_4*!@", "12"), ("_3_4-!@", "-1"), ("_3_4+!@", "7"),
])
def test_c_arithmetic_floored_and_bitwise_as_infinite_twos_complement(text, printed):
    assert out(run(text + "\n")) == printed.encode()


def test_c_stack_commands():
    assert run("1}2}3{{=@\n").machine.main == [3, 2, 0] and run("1}2}3{{=@\n").machine.aux == [1]
    assert run("7:#@\n").machine.main == [7, 7, 2]


def test_c_output_bytes_mod_256_and_newline():
    assert out(run("_1`._200._256+.\\@\n")) == b"\xff\xc8\x00\n"


@pytest.mark.parametrize("data, printed", [
    ("12 -5 +7 x", "12,-5,7,0"), ("abc-0012def 99", "-12,99,0,0"), ("--5 +-6", "0,-5,0,-6"), ("", "0,0,0,0"),
])
def test_c_question_reads_integers_as_the_spec_says(data, printed):
    s = run("?}?}?}?}{!{!{!{!@\n", data)
    assert out(s) == "".join(reversed(printed.split(","))).encode()


def test_c_question_then_comma_the_byte_after_the_number_stays_unread():
    assert out(run("?!,!?!,!,!@\n", "12a34b")) == b"129734" + b"98" + b"-1"


def test_c_comma_reads_bytes_and_minus_one_at_the_end():
    assert out(run(",!,!,!@\n", "é")) == b"195169-1"


def test_input_that_has_not_come_waits_and_nothing_of_the_step_runs():
    s = session(",!@\n", closed=False)
    assert s.continue_().reason is Stop.NEEDS_INPUT and s.steps == 0
    s.input.feed("A")
    s.continue_()
    assert out(s) == b"65"


def test_d8_the_quote_is_a_plain_no_op_in_exec(tmp_path):
    (tmp_path / "d.lab").write_text("'1!@\n")
    done = esodbg("exec", str(tmp_path / "d.lab"))
    assert (done.stdout, done.stderr, done.returncode) == (b"1", b"", 0)


# ----- rotations (X) ---------------------------------------------------------------------------
def test_x1_rows_rotate_whole_padding_included_and_the_offset_is_floored():
    s = session('1<\n"\n!@a\n')
    steps_to(s, 2)  # `<` pops 1: row (0 + 1) mod 3 = 1 rotates left, its padding with it
    assert maze_rows(s.machine) == ["1< ", '  "', "!@a"]
    s = session('_1`<\n"\n\n')
    steps_to(s, 4)  # k = −1: row (0 − 1) mod 2 = 1 (the trailing empty line is no row, G2)
    assert maze_rows(s.machine) == ["_1`<", '   "']


def test_x1_each_rotation_by_one_cell():
    base = ["123", "456", "789"]
    for cmd, k, want in [("<", 1, ["123", "564", "789"]), (">", 1, ["123", "645", "789"]),
                         ("^", 1, ["153", "486", "729"]), ("v", 1, ["183", "426", "759"])]:
        m = session(cmd + "\n".join(base)[1:] + "\n").machine  # the rotation on the pointer's cell (0, 0)
        m.main.append(k)
        m.run(1)
        assert maze_rows(m) == [cmd + want[0][1:], *want[1:]], cmd


def test_x2_the_pointer_rides_its_own_row_and_wraps():
    assert out(run("_<!@\n")) == b"0"
    assert out(run("<@!5\n")) == b"5"
    s = session("<@!5\n")
    s.step()  # rode from x 0 off the west edge to x 3 with its `<`, then went west to the 5
    assert (s.machine.x, s.machine.y, s.machine.d) == (2, 0, W) and maze_rows(s.machine) == ["@!5<"]


def test_x2_the_pointer_rides_its_own_column_and_wraps():
    s = session('v\n!"\n@\n')
    s.step()  # k = 0: its own column moves down, the pointer with it to (0, 1), then east (D4, top 0)
    assert (s.machine.x, s.machine.y, s.machine.d) == (1, 1, E) and maze_rows(s.machine) == ["@ ", 'v"', "! "]
    s = session('^\n!\n@"\n')
    s.step()  # up past the top edge: the pointer wraps to the bottom row with its `^`, then east
    assert (s.machine.x, s.machine.y, s.machine.d) == (1, 2, E) and maze_rows(s.machine) == ["! ", "@ ", '^"']


def test_x3_a_rotation_of_another_row_changes_the_corridors_the_choice_sees():
    assert out(run("1>\n!\n @\n")) == b"0"  # brings `!` under the pointer: it goes down
    assert out(run('"_1<\n   "\n  !@\n')) == b"1"  # takes the cell under it away: it turns back


# ----- runtime errors (R) ----------------------------------------------------------------------
@pytest.mark.parametrize("text", ["12!_/@\n", "3!%@\n", "/@\n"])
def test_r1_division_by_zero_is_atomic_and_keeps_the_output(text):
    s = session(text)
    while (outcome := s.step()).reason is Stop.LIMIT:
        before = (list(s.machine.main), list(s.machine.aux), s.machine.x, s.machine.y, s.steps)
    assert outcome.reason is Stop.ERROR and s.machine.fault is not None
    assert "division by zero" in s.machine.fault.message
    if text != "/@\n":
        assert (s.machine.main, s.machine.aux, s.machine.x, s.machine.y, s.steps - 1) == before
    s.step_back()
    assert s.machine.status is Status.READY


def test_r2_nothing_else_fails():
    s = run("_99999999999999999999`<>^v;;;{{{}}}=#~`..!!@\n", budget=1000)
    assert s.machine.status is Status.HALTED


# ----- notes for editors ----------------------------------------------------------------------------
def test_unreachable_code_is_information_that_check_json_gives_and_exec_does_not_print(tmp_path):
    import json

    path = tmp_path / "island.lab"
    path.write_text("1!@ 23\n")
    notes = json.loads(esodbg("check", "--format", "json", str(path)).stdout)
    assert [(n["line"], n["column"], n["severity"]) for n in notes] == [(1, 5, "information")]
    done = esodbg("exec", str(path))
    assert (done.stdout, done.stderr, done.returncode) == (b"1", b"", 0)
    (tmp_path / "walls.lab").write_text("no commands here\n")
    empty = esodbg("exec", str(tmp_path / "walls.lab"))
    assert empty.returncode == 0 and b"warning" in empty.stderr and b"no command" in empty.stderr  # G4
