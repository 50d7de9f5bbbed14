"""><> rules (spec ``fish.md``), one or more tests each, quoting the rule.  The recorded cases
(tests/corpus/fish/cases.jsonl: one or more per rule and random programs, against fish.py) check
the output, the end and the steps; these check what the cases cannot see — the machine's state
(the extents and H of rule 8, the stacks), the command line (rules 1–3), the seeded ``x`` (rule
16), atomic errors (rule 31–34) — and esodbg's decisions (docs/fish.md)."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from esodbg.engines.base import ParseError, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.fish.numbers import Smell, arith, divide, normal, popped, text
from esodbg.engines.registry import by_name, for_file

FISH = by_name("fish")


def session(code: str, data: str = "", options: dict | None = None, closed: bool = True,
            budget: int = 100_000) -> Session:
    return Session(FISH, FISH.parse(code, "t.fish", options), data, closed, budget)


def run(code: str, data: str = "", options: dict | None = None, budget: int = 100_000) -> Session:
    s = session(code, data, options, budget=budget)
    s.continue_()
    return s


def out(code: str, data: str = "", options: dict | None = None) -> str:
    return run(code, data, options).output.text()


def esodbg(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *args], input=stdin, capture_output=True, timeout=60)


# ----- esodbg (rules 1–4) ---------------------------------------------------------------------------
def test_rule_1_fish_files_are_fish():
    assert for_file("a.fish") is FISH and FISH.name == "fish"


def test_rule_2_the_stack_options_push_characters_then_values():
    s = session("n;", options={"stack": "hé", "value": "2.0 0.25 1e3 -7"})
    assert list(s.names["stack"]) == [104, 233, 2, 0.25, 1000, -7]
    assert type(s.names["stack"][2]) is int  # 2.0 → 2


def test_rule_2_a_value_that_is_no_number_is_a_usage_error(tmp_path):
    with pytest.raises(ParseError, match="'x' is not a number"):
        FISH.parse("n;", "t.fish", {"value": "1 x"})
    (tmp_path / "t.fish").write_text("n;")
    result = esodbg("exec", str(tmp_path / "t.fish"), "--value", "1 x")
    assert result.returncode == 2 and b"--value" in result.stderr


def test_rule_3_exit_codes_and_the_fishy_message(tmp_path):
    for name, code, want_out, want_exit in (("ok", "1n;", b"1", 0), ("bad", "1n+", b"1", 1), ("loop", "1n", b"111", 3)):
        (tmp_path / f"{name}.fish").write_text(code)
        result = esodbg("exec", "--max-steps", "7", str(tmp_path / f"{name}.fish"))
        assert (result.stdout, result.returncode) == (want_out, want_exit), result.stderr
    error = esodbg("exec", str(tmp_path / "bad.fish")).stderr.decode()
    assert "something smells fishy..." in error and "(2, 0)" in error and "`+`" in error and "pops 2 values" in error
    (tmp_path / "latin.fish").write_bytes(b"\xe9n;")
    assert esodbg("exec", str(tmp_path / "latin.fish")).returncode == 2  # not UTF-8


def test_rule_4_steps_are_ticks():
    assert run("1n;").steps == 3 and run("1!n;").steps == 4
    assert run("'ab'ooo", budget=10).steps == 7  # 4 string cells, o, o, and the o that fails
    s = session("1n", budget=7)
    assert s.continue_().reason is Stop.BUDGET and s.output.text() == "111"


def test_rule_4_a_run_whose_last_allowed_step_is_the_semicolon_ends_normally():
    s = session("1n;", budget=3)
    assert s.continue_().reason is Stop.HALTED


# ----- source and codebox (rules 5–11) ----------------------------------------------------------------
def test_rule_5_line_ends_and_characters():
    for code in ("v\n>1n;", "v\r\n>1n;", "v\r>1n;"):
        assert out(code) == "1"
    assert out("'🐟é'nn;") == "233128031"  # one cell each


def test_rule_5_a_byte_order_mark_is_a_cell_as_in_fish_py():
    text = FISH.decode("\ufeff1n;".encode("utf-8"), "t.fish")
    s = run(text)
    assert s.machine.fault is not None and s.steps == 1  # U+FEFF is no instruction


def test_rule_6_a_hashbang_line_is_dropped():
    s = run("#!/usr/bin/env fish\n2n;")
    assert s.output.text() == "2" and s.program.first == 1
    assert FISH.places(s.program)[0][0].line == 2  # row 0 is the file's line 2


def test_rule_7_cells_hold_numbers_and_run_truncated():
    assert out("1 n01gn;") == "10"  # a space holds 0
    assert out("'A'2*1+2,d0p'  'nn;") == "3265"  # 65.5 is pushed truncated in string mode
    assert out("ff*4-2,b0p5 ;") == "5"  # 110.5 written over the space runs as n
    s = run("ff*:*:*:*40p")  # 225^4 > 0x10FFFF: no instruction
    assert s.machine.fault is not None and "past the last code point" in s.machine.fault.message


def test_rule_7_a_big_codebox_is_copied_in_pieces_and_is_the_machines_own():
    """The first codebox is copied a piece at a time (other threads run between pieces: a 1 MB
    program's launch answers the debugger's requests meanwhile, issue 44): every cell, extent
    and far cell, in a codebox of several pieces, and writing it leaves the program as it was."""
    from esodbg.engines.fish.codebox import PIECE

    rows = 3 * PIECE // 200 + 1
    long = 5000  # past parser.DENSE cells in all: the rest of this line is far cells
    code = "\n".join(["1" * 199 + str(y % 10) for y in range(rows)]) + "\n" + "2" * long + "\n;"
    s = session(code)
    box, program = s.machine.box, s.machine.program
    assert len(box.grid) == len(program.grid) > 3 * PIECE and box.grid == list(program.grid)
    assert program.far and box.far == dict(program.far) and box.extents == dict(program.extents) and box.top == program.top
    box.put(0, 0, 7)
    assert program.grid[0] == ord("1") and box.get(0, 0) == 7


def test_rule_8_touched_cells_make_the_extents_and_h():
    s = session("0ag~ ;\n\n\n")  # g reads (0, 10): row 10 exists now
    box = s.machine.box
    assert (box.top, box.extent(0), box.extent(1)) == (0, 5, -1)  # trailing blank lines are no rows
    s.step(3)
    assert (box.top, box.extent(10)) == (10, 0)
    s = session("0afp;")  # p at (10, 15)
    s.step(4)
    assert (s.machine.box.top, s.machine.box.extent(15)) == (15, 10)
    s = session("301-a2*p;")  # p at (-1, 20): H grows, no row extent from a negative x (Decision)
    s.step(8)
    assert (s.machine.box.top, s.machine.box.extent(20)) == (20, -1)


def test_rule_8_running_a_cell_touches_it_skipping_does_not():
    s = session("v\n\n>   ^")  # the IP goes up column 4 from row 2: (4, 1) and (4, 0) are run
    box = s.machine.box
    s.step(9)
    assert box.extent(1) == 4 and box.extent(0) == 4
    s = session("v\n!\n\n;")  # ! skips the blank row's (0, 2): not touched
    s.continue_()
    assert (s.steps, s.machine.box.extent(2), s.machine.fault) == (4, -1, None)


def test_rule_8_the_spec_example_wraps_before_trailing_blank_lines():
    assert out("\\\n'\n\\ln;\n\n\n") == "2"


def test_rule_9_ragged_rows_wrap_after_their_own_last_character():
    assert out("  v\nn;>7n!\n       Z") == "7"
    assert out("<;n1") == "1"  # left from x = 0: the row's last character


def test_rule_9_a_row_with_no_cell_wraps_to_column_0_both_ways():
    s = session("")  # the empty program: spaces at (0, 0) forever (fish.py crashes; Decision)
    s.step(10)
    assert (s.machine.x, s.machine.y, s.machine.fault) == (0, 0, None)


def test_rule_10_a_far_g_extends_the_row():
    s = session("ff*3g~;")
    s.step(5)
    assert s.machine.box.extent(3) == 225


def test_rule_11_jumps():
    assert out("l?!vo;\n   >'k'c5.") == "k"
    assert out("30.n9n;") == "9"  # the target is not run
    s = session("<;n1.0f")  # a far x moving left: the far cells are walked as spaces, and touched
    s.step(4)
    assert (s.machine.x, s.machine.y) == (14, 0) and s.machine.box.extent(0) == 6
    s.step(1)
    assert s.machine.box.extent(0) == 14


# ----- instructions (rules 12–28) ---------------------------------------------------------------------
@pytest.mark.parametrize("mirror, before, after", [
    ("/", (1, 0), (0, -1)), ("/", (0, 1), (-1, 0)), ("\\", (1, 0), (0, 1)), ("\\", (0, -1), (-1, 0)),
    ("|", (1, 0), (-1, 0)), ("|", (0, 1), (0, 1)), ("_", (1, 0), (1, 0)), ("_", (0, 1), (0, -1)),
    ("#", (1, 0), (-1, 0)), ("#", (0, -1), (0, 1))])
def test_rule_12_mirrors(mirror, before, after):
    arrow = {(1, 0): ">", (-1, 0): "<", (0, 1): "v", (0, -1): "^"}[before]
    s = session(f"{arrow}{mirror}" if before[1] == 0 else f"{arrow}\n{mirror}")  # < and ^ wrap onto the mirror
    s.step(2)
    assert s.names["dir"] == after


def test_rule_13_skips():
    assert out("1!2n;") == "1"
    assert out("0?n5n;") == "5" and out("61?n5n;") == "65"
    s = session("1!n;")
    s.step(2)
    assert s.names["skip"] is True and s.view().next.startswith("skip")


def test_rule_14_jump_errors():
    for code in ("01-0.", "001-.", "1.", "12,0."):
        assert run(code).machine.fault is not None, code


def test_rule_15_hex_digits():
    assert out("abcdef0nnnnnnn;") == "0151413121110"
    assert run("A").machine.fault is not None


def test_rule_16_x_is_seeded_and_stepping_back_replays_it():
    grid = "vx<\n>x^\n^x<\n"  # a maze of x: where the IP goes depends on each draw
    runs = {}
    for seed in (0, 1, 2, 3):
        s = session(grid + "\n", options={"seed": seed})
        s.step(60)
        runs[seed] = (s.machine.x, s.machine.y, s.machine.rng)
        again = session(grid + "\n", options={"seed": seed})
        again.step(60)
        assert (again.machine.x, again.machine.y, again.machine.rng) == runs[seed]
        s.goto(20)
        s.goto(60)
        assert (s.machine.x, s.machine.y, s.machine.rng) == runs[seed]
    assert len(set(runs.values())) > 1


def test_rules_17_and_18_arithmetic_and_comparisons():
    assert out("35-n72,n93,n07-3%n703-%nf2,2%n;") == "-23.532-21.5"
    assert out("22=n23(n32)n42,2=n;") == "1111"


def test_rule_19_strings_wrap_and_the_other_quote_is_pushed():
    assert out("'o;") == ";"
    assert out("'\"'o\"'\"o;") == "\"'"
    s = session("'ab'")
    s.step(1)
    assert s.names["mode"] == "'" and s.machine.unit_start(0) == 0


def test_rule_20_stack_instructions():
    assert out("123@nnn;") == "213" and out("123}nnn;") == "213" and out("123{nnn;") == "132"
    assert out("123rnnn;") == "123" and out("12$nn;") == "12" and out("56~n5:nn;") == "555"


def test_rule_21_each_stack_has_its_register():
    assert out("7&11[8&&n]&n;") == "87"
    s = session("7&1[")
    s.step(4)
    assert s.machine.regs == (7, None) and s.names["register"] is None


def test_rule_22_new_stacks_move_values_in_order():
    s = session("1234562[")
    s.step(8)
    assert list(s.names["stack"]) == [5, 6] and s.names["depth"] == 2
    for code, moved in (("123459[", [1, 2, 3, 4, 5]), ("1234502-[", [3, 4, 5]), ("123450[", []),
                        ("1234509-[", []), ("1234552,[", [4, 5])):
        s = session(code)
        s.step(len(code))
        assert list(s.names["stack"]) == moved, code


def test_rule_23_closing_the_only_stack_empties_it_and_its_register():
    s = session("5&123]")
    s.step(6)
    assert list(s.names["stack"]) == [] and s.machine.regs == (None,) and s.machine.fault is None


def test_rule_24_o_writes_characters():
    assert out("ff*8+o0oa9oo;") == "é\x00\t\n"
    for code in ("01-o", "ff*:*:*o"):
        assert run(code).machine.fault is not None
    s = run("o", options={"value": "55296"})  # 0xD800, a surrogate: an error (Decision)
    assert "no surrogate" in s.machine.fault.message


def test_rule_25_n_writes_nothing_but_the_number():
    assert out("1n2n;") == "12"


def test_rule_26_i_reads_characters_and_waits_for_input_that_has_not_come():
    assert out("iiinnn;", "é\r") == "-113233"
    s = session("in;", closed=False)
    assert s.continue_().reason is Stop.NEEDS_INPUT and s.steps == 0
    s.feed_input("🐟")
    assert s.continue_().reason is Stop.HALTED and s.output.text() == "128031"


def test_rule_27_g_and_p_anywhere():
    assert out("701-01-p01-01-gn99gn;") == "70"
    assert out("12,99p99gn;") == "0.5"
    assert "not an integer" in run("12,0g").machine.fault.message


def test_rule_28_semicolon_space_and_invalid_characters():
    assert out("  1n  ;") == "1"
    for code in ("z", "\t", "`", "é", "A"):
        assert "not an instruction" in run(code).machine.fault.message, code


# ----- numbers (rules 29–30) -------------------------------------------------------------------------
def test_rule_29_pops_make_integral_floats_integers():
    assert normal(2.0) == 2 and type(normal(2.0)) is int and type(normal(-0.0)) is int
    assert type(normal(0.5)) is float and math.isinf(normal(float("inf")))
    with pytest.raises(Smell, match="infinity"):
        popped(float("inf"))
    with pytest.raises(Smell, match="NaN"):
        popped(float("nan"))


def test_rule_29_arithmetic_is_pythons():
    assert arith(43, 10 ** 30, 1) == 10 ** 30 + 1 and arith(37, -7, 3) == 2 and arith(37, 7, -3) == -2
    assert arith(37, 7.5, 2) == 1.5 and math.isinf(arith(42, 1e308, 10.0))
    with pytest.raises(Smell, match="too large"):
        arith(43, 10 ** 400, 0.5)
    with pytest.raises(Smell, match="modulo by zero"):
        arith(37, 1.5, 0)


def test_rule_29_division():
    assert divide(1, 2) == 0.5 and divide(15 ** 16, 2) == 3284204177856445440
    assert divide(10 ** 400, 10 ** 399) == 10  # exact quotient, rounded once
    assert math.isinf(divide(1e308, 0.1))  # a double quotient that overflows: an infinity
    for b, a, message in ((1, 0, "division by zero"), (10 ** 400, 1, "too large"), (10 ** 400, 0.5, "too large")):
        with pytest.raises(Smell, match=message):
            divide(b, a)


def test_rule_29_an_infinity_is_an_error_only_when_popped():
    s = run("1n*:1n;", options={"value": "1e308 2.5"})  # 10^308 · 2.5 overflows: an infinity, copied
    assert s.output.text() == "11" and s.machine.fault is None and s.names["stack"][-1] == float("inf")
    s = run("*n;", options={"value": "1e308 2.5"})
    assert "infinity" in s.machine.fault.message


def test_rule_30_n_formats():
    assert [text(v) for v in (5, -5, 0.5, 1 / 3, 1e-08, -2.5, 1e22)] == \
        ["5", "-5", "0.5", "0.3333333333333333", "1e-08", "-2.5", "1e+22"]


def test_rule_30_huge_integers_print_in_full():
    """A **Decision** (docs/fish.md): Python refuses to write an integer of more than 4,300 digits."""
    assert text(10 ** 5000) == "1" + "0" * 5000
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        for v in (7 ** 9000, -(3 ** 20000) + 1, 10 ** 4000 - 1, 10 ** 4000):
            assert text(v) == str(v)
    finally:
        sys.set_int_max_str_digits(limit)


# ----- errors (rules 31–35) ---------------------------------------------------------------------------
@pytest.mark.parametrize("code", ["+", "1-", "1*", "1,", "1%", "1=", "1(", "1)", "?", "1.", "1$", "12@", "~", "{",
                                  "}", "&", "[", "n", "o", "12p", "1g", ":"])
def test_rule_31_popping_an_empty_stack_is_an_error(code):
    s = run(code)
    assert s.machine.fault is not None and "something smells fishy" in s.machine.fault.message


@pytest.mark.parametrize("code, options, stack", [("12@", None, [1, 2]), ("5$", None, [5]), ("12,3p", None, [0.5, 3]),
                                                  ("*1$", {"value": "1e308 2.5"}, [float("inf"), 1])])
def test_rule_34_an_error_changes_nothing_but_the_status(code, options, stack):
    s = run(code, options=options)
    assert s.machine.fault is not None and s.machine.fault.step == s.steps
    assert [v for v in s.names["stack"]] == stack
    assert (s.machine.x, s.machine.y) == (len(code) - 1, 0)  # the IP stays on the failing cell


def test_rule_35_not_errors():
    assert out("129[ln]ln;") == "22" and out("123]ln;") == "0" and out("ff*:*ff*:*gn;") == "0"
    assert out("iiin;", "a") == "-1"
    s = run("\"ab", budget=30)  # a string running around its row, forever
    assert s.machine.fault is None and s.steps == 30
