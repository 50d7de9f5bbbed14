"""Hexagony's rules, one or more tests each, named by the spec's rule numbers (spec
``hexagony.md``).  Programs here are our own, small, and laid out by hand or by :func:`path`
(the code along IP 0's first path: the top row, then the middle row)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from esodbg.engines.base import CellRef, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.hexagony.commands import MIRRORS, TURN_NEG, TURN_POS, neighbour
from esodbg.engines.hexagony.explain import what
from esodbg.engines.hexagony.hexagon import CORNER, DIRECTIONS, EDGE, VECTORS, cells_of, hexagon, side
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name

HEXAGONY = by_name("hexagony")


def path(code: str) -> str:
    """``code`` along IP 0's first path in the least hexagon holding it: the top row, then
    (moving east off its end, W2) the middle row; the other cells ``.``."""
    n = 1
    while 3 * n - 1 < len(code) or n == 1 and len(code) > 1:  # side 1's top row is its middle row
        n += 1
    rows = [["."] * (2 * n - 1 - abs(n - 1 - i)) for i in range(2 * n - 1)]
    rows[0][:len(code[:n])] = code[:n]
    rows[n - 1][:len(code[n:])] = code[n:]
    return "\n".join(" " * (2 * n - 1 - len(row)) + " ".join(row) for row in rows) + "\n"


def run(text: str, given: str = "", budget: int = 10_000) -> tuple[Session, Stop]:
    s = Session(HEXAGONY, HEXAGONY.parse(text, "rule.hxg"), given, budget=budget)
    return s, s.continue_().reason


def output(text: str, given: str = "", budget: int = 10_000) -> bytes:
    s, _ = run(text, given, budget)
    s.machine.end_output()
    return s.output.text().encode("utf-8", "surrogateescape")


def machine(text: str, given: str = ""):
    return HEXAGONY.machine(HEXAGONY.parse(text, "rule.hxg"), InputLog(given, True), OutputLog())


def exec_(tmp_path, program: bytes, *args: str, given: bytes = b"") -> subprocess.CompletedProcess:
    source = tmp_path / "p.hxg"
    source.write_bytes(program)
    return subprocess.run([sys.executable, "-m", "esodbg.app", "exec", *args, str(source)], input=given,
                          capture_output=True, timeout=60)


# ----- S: source --------------------------------------------------------------------------------
def test_s1_invalid_utf8_is_a_parse_error_exit_2(tmp_path):
    result = exec_(tmp_path, b"a\xff!@")
    assert result.returncode == 2 and result.stdout == b""
    assert b"p.hxg:1:2" in result.stderr and b"UTF-8" in result.stderr


def test_s1_a_bom_is_a_command_not_dropped(tmp_path):
    assert exec_(tmp_path, "\ufeff!@".encode()).stdout == b"65279"


def test_s2_ascii_whitespace_is_deleted_and_nothing_else():
    program = HEXAGONY.parse(" 1\t2\n3\r4\x0b5\x0c!@", "x.hxg")
    assert program.cells == "12345!@" and program.size == 2
    assert HEXAGONY.parse("\u00a0\u3000\u2003", "x.hxg").code == 3  # S2: Unicode spaces are commands (S6)
    assert output("\u00a0!@") == b"160"


def test_s3_backticks_are_deleted_and_mark_the_next_command():
    program = HEXAGONY.parse("`1`2!`@", "x.hxg")
    assert program.cells == "12!@..." and program.marks == (0, 1, 3)
    assert HEXAGONY.parse("1!@`", "x.hxg").marks == (3,)  # the first padding cell
    assert HEXAGONY.parse("abcdefg`", "x.hxg").marks == ()  # no padding: nothing
    assert HEXAGONY.parse("``a", "x.hxg").marks == (0,)


def test_s4_side_length_and_padding():
    assert [side(count) for count in (0, 1, 2, 7, 8, 19, 20, 37, 38)] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert [cells_of(n) for n in range(1, 7)] == [1, 7, 19, 37, 61, 91]
    program = HEXAGONY.parse("abcdefgh", "x.hxg")
    assert program.size == 3 and program.cells[8:] == "." * 11 and program.code == 8
    assert HEXAGONY.parse("abcdefg", "x.hxg").size == 2
    empty = HEXAGONY.parse(" \n\t", "x.hxg")
    assert empty.size == 1 and empty.cells == "."


def test_s4_the_empty_program_never_halts():
    _, reason = run("", budget=10)
    assert reason is Stop.BUDGET


def test_s5_rows_columns_and_axial_coordinates():
    g = hexagon(3)
    assert g.lens == [3, 4, 5, 4, 3] and g.starts == [0, 3, 7, 12, 16]
    assert [g.axial(0, j) for j in range(3)] == [(0, -2), (1, -2), (2, -2)]
    assert [g.axial(2, j) for j in range(5)] == [(-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0)]
    for row in range(g.rows):
        for col in range(g.lens[row]):
            q, r = g.axial(row, col)
            assert max(abs(q), abs(r), abs(q + r)) <= 2 and g.cell(q, r) == (row, col)
    assert g.cell(3, 0) is None and g.cell(2, 1) is None
    # as interpreter.rb -g draws it: each cell a space (a backtick if marked) and its character
    assert g.text(["."] * 19, frozenset({7})) == "   . . .\n  . . . .\n`. . . . .\n  . . . .\n   . . ."


def test_s6_commands_and_the_characters_that_set_the_edge():
    assert output(path("H!é!π!😀!@")) == b"72233960128512"
    for c in ".@0123456789)(+-*:%~,?;!$_|/\\<>[]#{}\"'=^&":
        assert not what(c).startswith("set")
    assert what("A").startswith("set: edge := 65")


# ----- T: IPs and steps -------------------------------------------------------------------------
def test_t1_six_ips_start_at_the_corners_heading_clockwise():
    m = machine("." * 19)
    assert m.ips == ((0, 0, 0), (0, 2, 1), (2, 4, 2), (4, 2, 3), (4, 0, 4), (2, 0, 5))
    g = hexagon(3)
    assert [g.axial(row, col) for row, col, _ in m.ips] == [(0, -2), (2, -2), (2, 0), (0, 2), (-2, 2), (-2, 0)]
    assert [DIRECTIONS[d] for _, _, d in m.ips] == ["E", "SE", "SW", "W", "NW", "NE"]
    assert m.active == 0 and VECTORS[1] == (0, 1)
    assert machine("").ips == tuple((0, 0, d) for d in range(6))  # side 1: all on the one cell


def test_t2_at_halts_without_moving_and_counts():
    s, reason = run("@")
    assert reason is Stop.HALTED and s.steps == 1 and s.machine.ips[0] == (0, 0, 0)


def test_t2_the_command_then_the_move_then_the_next_ip():
    m = machine(path("]..."))  # ] at (0, 0): IP 0 still moves, then IP 1 is active
    m.run(1)
    assert m.ips[0][:2] == (0, 1) and m.active == 1 and m.location() == CellRef("hexagon", 0, 1)


def test_t3_every_command_is_a_step_the_skipped_cell_is_not(tmp_path):
    s, reason = run(path("1$2!@"))
    assert reason is Stop.HALTED and s.steps == 4 and s.output.text() == "1"


@pytest.mark.parametrize("budget, code, out", [(4, 0, b"1"), (3, 3, b"1")])
def test_t4_max_steps(tmp_path, budget, code, out):
    result = exec_(tmp_path, path("1$2!@").encode(), "--max-steps", str(budget))
    assert (result.returncode, result.stdout) == (code, out)


def test_t4_the_failing_step_counts(tmp_path):
    program = path("1)0:").encode()  # : on step 4 (left 0, right 0)
    assert exec_(tmp_path, program, "--max-steps", "4").returncode == 1
    assert exec_(tmp_path, program, "--max-steps", "3").returncode == 3
    assert exec_(tmp_path, b"", "--max-steps", "10").returncode == 3


# ----- W: wrapping ------------------------------------------------------------------------------
def test_w1_side_1_every_move_comes_back():
    assert output("!", budget=3) == b"000"
    assert hexagon(1).move(0, 0, 4, True) == ((0, 0), EDGE)


def test_w2_edges_negate_and_swap():
    g = hexagon(4)
    assert g.move(1, 4, 0, True) == ((4, 0), EDGE)  # east off row 1 lands at the start of row 4
    assert g.move(0, 3, 0, False) == ((3, 0), EDGE)  # east off the north-east corner: an edge, not its tip
    # the formula: pivot x -> (-q, q+r), pivot y -> (-r, -q), pivot z -> (q+r, -r)
    for row in range(g.rows):
        for col in range(g.lens[row]):
            q, r = g.axial(row, col)
            for d, (dq, dr) in enumerate(VECTORS):
                x, z = q + dq, r + dr
                out = [abs(x) >= 4, abs(x + z) >= 4, abs(z) >= 4]
                if sum(out) != 1:
                    continue
                landed = (-q, q + r) if out[0] else (-r, -q) if out[1] else (q + r, -r)
                assert g.move(row, col, d, True) == (g.cell(*landed), EDGE)


def test_w2_the_direction_never_changes():
    m = machine(path("))))"))  # IP 0 runs east across the top row and on into the middle one
    for _ in range(5):
        m.run(1)
        assert m.ips[0][2] == 0


@pytest.mark.parametrize("v, landed", [(1, (4, 0)), (0, (0, 0)), (-1, (0, 0))])
def test_w3_east_corner_by_the_edge_sign(v, landed):
    g = hexagon(3)
    assert g.move(2, 4, 0, v > 0) == (landed, CORNER)


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_w3_every_corner_as_the_east_one_turned(n):
    """W3's example, turned to each corner: out of corner k (IP k's first cell) through its tip,
    v > 0 goes to corner k + 2, v ≤ 0 to corner k − 2; no other move leaves a corner that way."""
    g = hexagon(n)
    corners = g.corners()
    for k, (row, col) in enumerate(corners):
        exits = g.corner_exits(row, col)
        assert len(exits) == 1
        d, pos, neg = exits[0]
        assert DIRECTIONS[d] == ("NW", "NE", "E", "SE", "SW", "W")[k]
        assert (pos, neg) == (corners[(k + 2) % 6], corners[(k - 2) % 6])
    assert sum(len(g.corner_exits(row, col)) for row in range(g.rows) for col in range(g.lens[row])) == 6


def test_w3_runs_with_the_value_after_the_command():
    text = "  . . .\n . . . .\n) . . . !\n . . . .\n  @ . .\n"  # ) then along the middle row: v=1 > 0
    assert output(text) == b"1"
    m = machine("  . . .\n . . . .\n. . . ) (\n . . . .\n  . . .\n")  # v 1 then 0 at the east corner
    m.run(8)
    assert m.ips[0] == (0, 0, 0) and m.corners == 1


def test_w4_skip_jumps_one_cell_even_across_an_edge():
    s, _ = run(path("1!$"), budget=30)
    assert s.output.text().startswith("1")
    m = machine(".$.....")  # side 2: the $ at (0, 1) going east skips (1, 0), across the edge
    m.run(2)
    assert m.ips[0][:2] == (1, 1) and m.wraps == 1


# ----- M: memory ----------------------------------------------------------------------------------
def test_m2_the_neighbour_table():
    table = {(0, 0): ((0, -1, 2, 1), (0, -1, 1, 0)), (0, 1): ((1, -1, 2, 0), (0, 0, 1, 1)),
             (1, 0): ((0, 0, 0, 0), (1, -1, 2, 0)), (1, 1): ((0, 1, 0, 1), (0, 0, 2, 1)),
             (2, 0): ((0, 0, 1, 0), (0, 1, 0, 1)), (2, 1): ((-1, 1, 1, 1), (-1, 1, 0, 0))}
    for (d, cw), (left, right) in table.items():
        assert neighbour(0, 0, d, cw, False) == left and neighbour(0, 0, d, cw, True) == right


def test_m3_left_and_right_check():
    assert output(path("7{3':!@")) == b"2"
    assert output(path("7}3\":!@")) == b"0"  # left 3, right 7: 3 : 7
    assert output(path("7}3\"-!@")) == b"-4"


def test_m3_reverse_points_the_mp_at_the_other_end():
    assert output(path("7{3'=-!@")) == b"0"  # the other end's neighbours are two fresh edges
    assert output(path("7{3'==-!@")) == b"4"  # and back


def test_m3_branch_and_copy():
    assert output(path("7{3'&!@")) == b"7"  # v ≤ 0: the left neighbour
    assert output(path("7{3')&!@")) == b"3"  # v > 0: the right one
    s, _ = run(path(")^"), budget=2)
    assert (s.machine.mq, s.machine.mr, s.machine.md) == (1, -1, 2)  # v > 0: moved right
    s, _ = run(path("^"), budget=1)
    assert (s.machine.mq, s.machine.mr, s.machine.md) == (0, 0, 0)  # v ≤ 0: left


def test_m1_only_edges_not_0_are_stored():
    s, _ = run(path("5{)("), budget=4)
    assert s.machine.edges() == [((0, 0, 1), 5)] and len(s.machine.mem) == 1


# ----- A: arithmetic ------------------------------------------------------------------------------
def test_a1_increment_decrement_negate():
    assert output(path("))(~!@")) == b"-1"


@pytest.mark.parametrize("a, b, q, r", [(7, 2, 3, 1), (-7, 2, -4, 1), (7, -2, -4, -1), (-7, -2, 3, -1),
                                        (0, -5, 0, 0)])
def test_a3_floored_division_and_modulo(a, b, q, r):
    def load(x: str) -> str:  # the number x on the current edge, from digits (and ~)
        return x.lstrip("-") + ("~" if x.startswith("-") else "")

    setup = load(str(a)) + "{" + load(str(b)) + "'"  # M3's check: then left = a, right = b
    assert output(path(setup + ":!@")) == str(q).encode()
    assert output(path(setup + "%!@")) == str(r).encode()


def test_a2_integers_are_unbounded():
    assert output(path("9999999999{9999999999'*!@")) == str(9999999999 ** 2).encode()


def test_a4_digits_and_characters():
    assert output(path("5~5!@")) == b"-55"
    assert output(path("1~23!@")) == b"-123"


# ----- I: input and output ------------------------------------------------------------------------
def test_i2_bytes_and_end_of_input():
    assert output(path(",!,!@"), "A") == b"65-1"
    assert output(path(",!{,!@"), "é") == b"195169"


@pytest.mark.parametrize("given, want", [("12 -5 +7 x", b"12-570"), ("--5 +-6", b"0-50-6")])
def test_i3_integers(given, want):
    assert output(path("?!{?!{?!{?!@"), given) == want


def test_i3_the_byte_after_a_number_is_read_next():
    assert output(path("?!{,!{?!{,!{,!@"), "12a34b") == b"12973498-1"
    assert output(path("?!{?!@"), "abc-0012def 99") == b"-1299"
    assert output(path("?!@"), "") == b"0"


def test_i4_bytes_mod_256_written_raw():
    assert output(path("(;@")) == b"\xff"
    assert output(path("300;@")) == b","
    assert output(path("200;{195;{169;@")) == b"\xc8\xc3\xa9"


def test_i5_no_newline_added(tmp_path):
    assert exec_(tmp_path, path("1!@").encode()).stdout == b"1"


# ----- C: control flow ----------------------------------------------------------------------------
def test_c1_the_mirror_table():
    spec = {"/": "NW W SW SE E NE", "\\": "SW SE E NE NW W", "_": "E NE NW W SW SE", "|": "W SW SE E NE NW",
            "<": "b NW W E W SW", ">": "W E NE b SE E"}
    for m, row in spec.items():
        for d, out in enumerate(row.split()):
            i = MIRRORS.index(m) * 6 + d
            if out == "b":  # the branches: < going E, > going W
                assert (DIRECTIONS[TURN_POS[i]], DIRECTIONS[TURN_NEG[i]]) == (("SE", "NE") if m == "<" else ("NW", "SW"))
            else:
                assert DIRECTIONS[TURN_POS[i]] == DIRECTIONS[TURN_NEG[i]] == out


def test_c1_a_mirror_turns_the_ip_before_it_moves():
    m = machine(path("\\.."))  # \ going E: SW
    m.run(1)
    assert m.ips[0] == (1, 0, 2)


def test_c3_switching_ips():
    m = machine(path("]"))
    m.run(1)
    assert (m.active, m.next) == (1, 1)
    m = machine(path("["))
    m.run(1)
    assert m.active == 5
    m = machine(path("(#"))  # -1 mod 6 = 5
    m.run(2)
    assert m.active == 5
    m = machine(path("99999999999999999999#"))  # any size: 99999999999999999999 mod 6 = 3
    m.run(21)
    assert m.active == 3
    m = machine(path("#"))  # choosing itself changes nothing
    m.run(1)
    assert (m.active, m.switches) == (0, 0)


def test_c3_the_new_ip_runs_the_cell_it_stands_on():
    text = "  ] . !\n . . . .\n. . . . .\n . . . .\n  . . .\n"  # IP 1 starts on the ! at (0, 2)
    s, _ = run(text, budget=2)
    assert s.output.text() == "0"


# ----- R: runtime errors --------------------------------------------------------------------------
def test_r1_division_by_zero_stops_at_its_step_keeping_output(tmp_path):
    result = exec_(tmp_path, path("1!:").encode())
    assert result.returncode == 1 and result.stdout == b"1"
    assert b"runtime error at step 3" in result.stderr and b"division by zero" in result.stderr
    s, reason = run(path("1!%"))
    assert reason is Stop.ERROR and s.steps == 3 and s.machine.fault.at == CellRef("hexagon", 1, 0)


def test_r1_the_failing_step_changes_nothing():
    m = machine(path("12:"))
    m.run(2)
    before = m.snapshot()
    m.run(1)
    assert m.snapshot()[1] == before[1] and m.registers() == before[0].registers


def test_r3_a_program_that_never_halts(tmp_path):
    result = exec_(tmp_path, b"!", "--max-steps", "5")
    assert (result.returncode, result.stdout) == (3, b"00000")


# ----- D: decisions -------------------------------------------------------------------------------
def test_d3_debug_marks_print_nothing_and_become_breakpoints(tmp_path):
    result = exec_(tmp_path, path("1`!@").encode())
    assert result.stdout == b"1" and result.returncode == 0
    program = HEXAGONY.parse(path("1`!@"), "x.hxg")
    assert HEXAGONY.marks(program) == (CellRef("hexagon", 0, 1),)


def test_t4_a_budget_stop_writes_the_bytes_it_held_back(tmp_path):
    """240 starts a four-byte UTF-8 sequence the program never finishes: exec cut by the budget
    still writes it, as the reference wrote it (a byte machine holds such bytes back until the
    sequence completes: Machine.end_output)."""
    result = exec_(tmp_path, path("240;").encode(), "--max-steps", "4")
    assert (result.returncode, result.stdout) == (3, b"\xf0")


def test_marks_and_commands_of_a_text_with_wide_characters_and_backticks_on_many_lines():
    """The parse finds each backtick's command by counting the code between backticks, and
    decodes only the cells past ASCII one by one: the same marks, opcodes and parameters as
    counting and decoding every character."""
    from esodbg.engines.hexagony.commands import decode as decode_command
    from esodbg.engines.hexagony.parser import parse as parse_hexagony

    text = " `é 1\n\t;`\U0001F600`\n\n` ..`\r\n@`"
    program = parse_hexagony(text, "prog")
    code = [c for c in text if c not in " \t\n\r\x0b\x0c`"]
    expected, seen = set(), 0
    for c in text:
        if c == "`":
            expected.add(seen)
        elif c not in " \t\n\r\x0b\x0c":
            seen += 1
    assert program.marks == tuple(sorted(expected - ({len(code)} if len(code) >= len(program.cells) else set())))
    assert [(op, param) for op, param in zip(program.ops, program.params)] == [decode_command(c) for c in program.cells]
