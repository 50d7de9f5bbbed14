"""One test per rule of the Aheui spec (``shared/specs/aheui.md``), each on a small board of our
own with the result the spec (and rpaheui, where the spec follows it) gives."""

from __future__ import annotations

import subprocess
import sys

import pytest

from esodbg.engines.aheui.parser import parse, split
from esodbg.engines.base import Status, Stop
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name

AHEUI = by_name("aheui")


def run(program: str, data: bytes = b"", limit: int = 10_000, **options):
    """``(exit, stdout bytes, steps)``: exit as ``esodbg exec`` gives it (3: the budget ran out)."""
    m = AHEUI.impl.machine(AHEUI.parse(program, "t.aheui", options), InputLog(data.decode("utf-8", "surrogateescape"),
                                                                             closed=True), OutputLog())
    m.run(limit)
    m.end_output()
    code = 1 if m.status is Status.ERROR else 3 if m.status is Status.READY else m.exit_value
    return code, m.output.text().encode("utf-8", "surrogateescape"), m.steps


def out(program: str, data: bytes = b"") -> bytes:
    return run(program, data)[1]


def exec_(tmp_path, program: bytes, data: bytes = b"", *args: str) -> subprocess.CompletedProcess:
    source = tmp_path / "p.aheui"
    source.write_bytes(program)
    return subprocess.run([sys.executable, "-m", "esodbg.app", "exec", *args, str(source)], input=data,
                          capture_output=True, timeout=60)


# ----- the board (B) ----------------------------------------------------------------------------
def test_b1_invalid_utf8_is_a_parse_error_at_its_byte(tmp_path):
    done = exec_(tmp_path, "반망희\n바".encode() + b"\xff")
    assert done.returncode == 2 and done.stdout == b""
    assert b":2:4:" in done.stderr  # line 2, byte column 4 (the core names the byte)


def test_b2_cr_bom_and_every_code_point_are_cells():
    assert run("반\r\n망희")[1] == b""  # the CR is a cell: 반's row is 2 long, down from (0,0)… 망 is below 반
    assert out("\ufeff\n반망희") == b"2"  # the BOM is a cell the cursor passes going down
    assert out("반😀망희") == b"2"  # an emoji is one cell, a comment
    p = parse("가\u0301나\n", "t", {})
    assert p.lengths == (3, 0)  # a combining mark is its own cell; the trailing LF makes an empty row


def test_b3_syllables_decompose_and_jamo_are_comments():
    assert split("밯") == ("ㅂ", "ㅏ", "ㅎ") and split("가") == ("ㄱ", "ㅏ", "") and split("ㅂ") is None
    assert out("반ㅂ망희") == b"2"  # the compatibility jamo is a comment that keeps the momentum
    assert out("반\u1107\u1161\u11ab망희") == b"2"  # conjoining jamo (an NFD 반) are three comments


def test_b4_the_cursor_starts_at_column_0_of_the_first_row_moving_down():
    assert out("\n\n분\n뭉\n희") == b"2"  # leading empty rows passed (no steps), then down
    assert run("\n\n분\n뭉\n희")[2] == 3


def test_b5_a_board_with_no_cell_runs_nothing_and_one_of_comments_forever():
    assert run("") == (0, b"", 0)
    assert run("\n\n\n") == (0, b"", 0)
    assert run("ab\ncd", limit=50) == (3, b"", 50)


# ----- momentum and moves (M, W) ----------------------------------------------------------------
def test_m2_vowels_set_direction_and_speed():
    assert out("반뱌다망희") == b"0"  # ㅑ right 2 jumps 다 (no add with one value… it is skipped)
    assert out("반바다망희") == b"2"


def test_m2_reflectors_keep_the_speed():
    # the snippet undefined/2steps-reflect: rpaheui keeps the speed, so this prints 0 forever
    code, stdout, _ = run("뷰\n\n맣\n\n므", limit=40)
    assert code == 3


def test_m3_the_vowel_first_then_the_reversal():
    # h_underflow_turns_back_after_the_vowel: 다 with one value, arriving down, vowel ㅏ → reversed: left
    assert run("부\n다희망", limit=20)[1] == b"0"


def test_w1_moving_right_past_the_row_end_lands_on_x0():
    assert out("밧망희\n") == b"2"
    assert run("반뱌뱌맣\n희", limit=8)[0] == 3
    assert run("바뱌망\n희")[0] in (0, 3)


def test_w1_two_cells_past_the_end_is_still_x0():
    # 바(push 0, →) 뱌(push 0, ⇉) from x=1 by 2 → 3 ≥ 3: x = 0, not 1
    code, stdout, steps = run("바뱌망", limit=3)
    assert steps == 3 and code == 3


def test_w2_moving_left_wraps_to_the_end_of_its_own_row():
    assert out("\n어\n반망희ㅇㅇㅇ\n희") == b""  # (0,1) 어 ← wraps to (0,1)… its own row has one cell
    assert out("어희멍벋\nㅇㅇㅇㅇㅇㅇ반") == b"3"  # 어 ← wraps to 벋 (its own row's end, not 반)


def test_w3_down_jumps_holes_and_restarts_at_the_top():
    assert out("분\n\n뭉\n희") == b"2"  # the empty row is jumped, not a step
    assert run("분\n\n뭉\n희")[2] == 3
    assert out("부\n반\n뮹\nㅇ\n망\n희") == b""  # ⇈ from row 2: up 2 → row 0


def test_w4_up_wraps_to_the_last_row_with_a_cell_in_the_column():
    assert out("반\n모\n\n희\nㅇㅇ") == b""  # 모 up from row 1 → row 0 반 → … ends on 희


def test_w5_a_move_is_not_a_step():
    assert run("아부\n희\n희\n희\nㅇ망희")[2] == 4  # T2's example: the three short rows are jumped


# ----- storages (S) and commands (C) ------------------------------------------------------------
def test_s1_the_storages_are_separate():
    assert out("반산받사망산망희") == b"23"


def test_s2_integers_are_unbounded_up_to_the_bound():
    big = "밤" + "밤따" * 40 + "망희"  # 4^41
    assert out(big) == str(4 ** 41).encode()


def test_s2_the_integer_bound_is_a_runtime_error():
    code, _, _ = run("밤빠따빠따빠따빠따빠따빠따빠따빠따빠따빠따빠따빠따망희", max_int_bits=64)
    assert code == 1


def test_c1_no_command_cells_ignore_the_final():
    assert out("반각깍칵짝앙망희") == b"2"


def test_c2_arithmetic_floors_and_takes_b_op_a():
    cases = {"다": b"5", "따": b"6", "타": b"-1", "나": b"0", "라": b"2"}
    for op, want in cases.items():
        assert out(f"반받{op}망희") == want
    assert out("받반타반반다나망희") == b"0"  # (3 − 2) = 1; 1 ÷ 4 = 0
    assert out("반받타반나망희") == b"-1"  # 2 − 3 = −1; −1 ÷ 2 = −1 (floored)
    assert out("반받타반라망희") == b"1"  # −1 mod 2 = 1 (floored)


def test_c2_arithmetic_on_the_queue_takes_both_from_the_front():
    assert out("상발반타망희") == b"-3"  # 2 − 5 on the queue; 3 on a stack
    assert out("발반타망희") == b"3"


def test_c3_compare():
    assert out("반받자망희") == b"0" and out("받반자망희") == b"1" and out("반반자망희") == b"1"


def test_c4_pop_writes_a_number_a_character_or_nothing():
    assert out("반망희") == b"2"
    assert out("반밤따밤따밤따맣희") == b"\x80".decode("latin-1").encode()  # 128 = U+0080
    assert out("반막희") == b""


def test_c5_push_strokes():
    finals = {"": 0, "ㄱ": 2, "ㄷ": 3, "ㅁ": 4, "ㄹ": 5, "ㅄ": 6, "ㄺ": 7, "ㅀ": 8, "ㄻ": 9}
    for final, n in finals.items():
        f = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ".index(final) if final else 0
        push = chr(0xAC00 + (7 * 21) * 28 + f)
        assert out(f"{push}망희") == str(n).encode()


def test_c6_duplicate_on_a_stack_the_queue_and_the_pipe():
    assert out("반빠다망희") == b"4"
    assert out("상반받빠망망망희") == b"223"  # the queue's copy goes to the front
    assert out("샇반받맘빠망망희") == b"32"  # the pipe repeats its last push: 2, 3, pop, dup → 2 3
    assert out("샇반받다빠망망희") == b"35"  # arithmetic is no push: 2,3 add, dup → 3 (last push) 5


def test_c7_swap():
    assert out("반받파망망희") == b"23"
    assert out("상반받파망망희") == b"32"


def test_c8_select():
    assert out("산반사망희") == b""  # 2 went to ㄴ; the empty stack reverses 망 … then 희 ends with 0


def test_c9_move_between_storages_and_to_itself():
    assert out("반받싼산망망희") == b"3"  # 3 moved to ㄴ, printed there; ㄴ then empty: 망 reverses
    assert out("상반받쌍망망희") == b"32"  # the queue moves its front to its back


def test_c10_branch():
    assert out("바추\n  희\n  반\n  망") == b""  # 0: reversed up → wraps to the bottom 망… (empty)
    assert out("반추\n  망\n  희") == b""


def test_r1_too_few_values_reverses_and_changes_nothing():
    assert out("반다망희") == b"4"  # h_underflow_retries: 다 reverses, 반 pushes again, 다 adds


def test_r2_a_reflector_reflects_the_arrival_every_visit():
    # h_reflect_on_revisit: one column 쁴 밴 추 맹 흐
    assert run("쁴\n밴\n추\n맹\n흐")[:2] == (2, b"2")
    # found by tests/aheui_cases.py (seed 4711): 틠 (ㅌ, ㅢ) met first going down with nothing to
    # subtract (reflect, then reverse: down again), then going up with 9 9 (subtract, reflect: down);
    # rpaheui reuses the first arrival's code on the second and exits 0
    assert run("틠폽됰흾\n빎혀늦\n딠썩윱햒\n햩빔엌쑁\n붱럺ㅂ \n땷꽯쭟햘\n") == (9, b"", 8)


# ----- input and output (I, O) ------------------------------------------------------------------
def test_i2_number_input():
    assert out("방방방망망망희", b"12\n-5\n7\n") == b"7-512"
    assert out("방방망망희", b"007 -0\t1234") == b"07"
    assert run("방방망망희", b"5\n\n6")[:2] == (1, b"")


def test_i2_a_failed_number_keeps_the_output():
    assert run("반망방망희", b"x") == (1, b"2", 3)


def test_i2_any_number_within_the_bound_is_read_even_one_a_sentinel_was_once():
    """ㅂㅇ tells "a number", "no number" and "input still to come" apart from the value: −2⁷⁰,
    −2⁷¹ and 2⁷¹−1 (once the reader's "needs input", "end of input" and "too large") are read."""
    for n in (-(1 << 70), -(1 << 71), (1 << 71) - 1):
        assert run("방망희", f"{n}\n".encode()) == (0, str(n).encode(), 3)
    data = InputLog(f"{-(1 << 70)}")  # interactive: more digits may come, so the step waits
    m = AHEUI.impl.machine(AHEUI.parse("방망희", "t.aheui", {}), data, OutputLog())
    assert m.run(10) is Stop.NEEDS_INPUT and m.steps == 0
    data.feed("0\n")
    data.close()
    assert m.run(10) is Stop.HALTED and m.output.text() == str(-(1 << 70) * 10)


def test_i2_a_number_past_the_bound_is_a_runtime_error_naming_the_step(tmp_path):
    assert run("방망희", f"{1 << 64}".encode(), max_int_bits=64)[:2] == (1, b"")
    assert run("방망희", f"{-(1 << 64) + 1}".encode(), max_int_bits=64) == (0, str(-(1 << 64) + 1).encode(), 3)
    done = exec_(tmp_path, "반망방망희".encode(), f"{1 << 64}".encode(), "--max-int-bits", "64")
    assert done.returncode == 1 and done.stdout == b"2"
    assert b"runtime error at step 3" in done.stderr and b"--max-int-bits" in done.stderr


def test_i2_then_a_character():
    assert out("방밯망망희", b"5x") == b"1205"


def test_i3_character_input():
    assert out("밯밯망망희", b"\xff\x00\x00\x00A") == b"65-1"
    assert out("밯망희", b"\xc3(") == b"-1"
    assert out("밯망희", "가".encode()) == b"44032"
    assert out("밯밯망망희") == b"-1-1"


def test_o1_character_output_of_invalid_values_is_fffd():
    assert out("바맣희") == "\ufffd".encode()
    assert out("반반타맣희") == "\ufffd".encode()


def test_a1_division_by_zero_is_a_runtime_error_at_its_step():
    assert run("반망반바나망희") == (1, b"2", 5)
    assert run("반망반바라망희") == (1, b"2", 5)


def test_e1_exit_code_is_the_value_mod_256():
    assert run("반받타희")[0] == 255
    assert run("희")[0] == 0
    assert run("상받희")[0] == 3


def test_t3_max_steps(tmp_path):
    assert exec_(tmp_path, "반망희".encode(), b"", "--max-steps", "3").returncode == 0
    done = exec_(tmp_path, "반망희".encode(), b"", "--max-steps", "2")
    assert done.returncode == 3 and done.stdout == b"2"
    assert exec_(tmp_path, "반반망바나망희".encode(), b"", "--max-steps", "5").returncode == 1
    assert exec_(tmp_path, "반반망바나망희".encode(), b"", "--max-steps", "4").returncode == 3


def test_e2_exec_exit_code_from_the_program(tmp_path):
    done = exec_(tmp_path, "밤밤따희".encode())
    assert done.returncode == 16 and done.stderr == b""
