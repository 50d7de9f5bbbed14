"""Brainfuck rules the recorded cases (tests/corpus/brainfuck/cases.jsonl, one or more per rule
4–15 and random programs against bfref) leave to tests of their own: files and languages (rule
1), bytes (2), the options on the command line (3), exit codes and streams of ``esodbg exec``
(4), the parse error's message (13) and the runtime error's (15), the step counts of the folded
operations (the spec's "Speed anchors"), and esodbg's decisions (docs/brainfuck.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from esodbg.engines.base import ParseError, Status, Stop
from esodbg.engines.brainfuck import LANGUAGE, is_brainfuck
from esodbg.engines.brainfuck.ops import BLOCK, LOOP, SCAN, build
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name, for_file

BF, B93 = by_name("brainfuck"), by_name("befunge93")


def esodbg(*args: str, stdin: bytes = b"", cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *args], input=stdin, capture_output=True, timeout=60,
                          cwd=cwd)


def machine(text: str, data: str = "", **options):
    m = BF.machine(BF.parse(text, "t.b", options), InputLog(data, True), OutputLog())
    return m


def run(text: str, data: str = "", limit: int = 1_000_000, **options):
    m = machine(text, data, **options)
    m.run(limit)
    return m


def written(m) -> bytes:
    return m.output.text().encode("utf-8", "surrogateescape")


# ----- rule 1: files -----------------------------------------------------------------------------
@pytest.mark.parametrize("content, brainfuck", [
    (b"", True),  # an empty file
    (b"+++.\n", True),
    (b"+.]", True),  # only commands: Brainfuck, even unbalanced (its parse error comes from Brainfuck)
    (b"add one + then print .\n[-]\n", True),  # comments, and brackets nested properly
    (b"words [ and [ more ] ] words", True),
    (b">:#,_@\n", False),  # Befunge-93: no bracket
    (b"v [ ]] <\n", False),  # a ] before its [
    (b"[ left open >\n", False),
    (b"1.@", False),
])
def test_rule_1_content_decides_a_bf_file(content, brainfuck, tmp_path):
    path = tmp_path / "prog.bf"
    path.write_bytes(content)
    assert is_brainfuck(content) is brainfuck
    assert for_file(path) is (BF if brainfuck else B93)


def test_rule_1_b_is_always_brainfuck_and_lang_always_wins(tmp_path):
    befunge_looking = tmp_path / "prog.b"
    befunge_looking.write_bytes(b">:#,_@\n")
    assert for_file(befunge_looking) is BF
    bf_named = tmp_path / "prog.bf"
    bf_named.write_bytes(b"words ]+.")  # Befunge-93 by content
    assert for_file(bf_named) is B93
    result = esodbg("exec", "--lang", "brainfuck", str(bf_named))
    assert result.returncode == 2 and b"prog.bf:1:7: error: unmatched ]" in result.stderr


def test_rule_1_esodbg_languages_says_how_bf_is_decided():
    listing = esodbg("languages").stdout.decode()
    assert ".bf: is Brainfuck if its non-blank characters are all +-<>[]., or it has [ ] pairs, all nested " \
           "properly (--lang always decides)" in listing
    assert ".bf: unless it is Brainfuck by content (see brainfuck; --lang always decides)" in listing


# ----- rule 2: bytes -------------------------------------------------------------------------------
def test_rule_2_every_other_byte_is_a_comment_and_io_is_bytes(tmp_path):
    path = tmp_path / "p.b"
    path.write_bytes(b"#!+\xff\xfe+ caf\xc3\xa9 ,.,.,.")  # # ! non-UTF-8 and UTF-8 bytes: comments
    result = esodbg("exec", str(path), stdin=b"\xc3\xa9\n")
    assert result.returncode == 0 and result.stdout == b"\xc3\xa9\n"
    m = run("#+!+.")
    assert written(m) == b"\x02" and m.steps == 3


# ----- rule 3: options --------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [["--cell-size", "7"], ["--cell-size", "64"], ["--overflow", "clamp"],
                                 ["--eof", "1"], ["--tape-length", "0"], ["--tape-length", "x"]])
def test_rule_3_bad_option_values_are_usage_errors(bad, tmp_path):
    path = tmp_path / "p.b"
    path.write_bytes(b"+.")
    result = esodbg("exec", *bad, str(path))
    assert result.returncode == 2 and result.stdout == b""


def test_rule_3_options_reach_the_machine(tmp_path):
    path = tmp_path / "p.b"
    path.write_bytes(b"+++,.")
    for eof, byte in (("keep", b"\x03"), ("0", b"\x00"), ("-1", b"\xff")):
        assert esodbg("exec", "--eof", eof, str(path)).stdout == byte
    m = machine("-")
    assert m.mask == 255 and not m.strict
    assert machine("-", cell_size="unbounded", overflow="error").mask == -1  # unbounded never overflows
    assert machine("-", cell_size="32", overflow="error").strict


# ----- rule 4: exit codes and streams -------------------------------------------------------------
def test_rule_4_exit_codes_and_the_output_so_far(tmp_path):
    for name, code, args, out in (("ok.b", b"+.", [], b"\x01"), ("err.b", b"+++.<", [], b"\x03"),
                                  ("parse.b", b"+.]", [], b""), ("budget.b", b"+.+.+.", ["--max-steps", "3"], b"\x01")):
        (tmp_path / name).write_bytes(code)
        result = esodbg("exec", *args, str(tmp_path / name))
        assert (result.returncode, result.stdout) == ({"ok.b": 0, "err.b": 1, "parse.b": 2, "budget.b": 3}[name], out)


def test_rule_4_output_kept_on_a_budget_stop_even_half_a_character(tmp_path):
    """A budget that stops after the first byte of a UTF-8 sequence still writes that byte
    (exec writes the byte machine's pending bytes: Machine.end_output)."""
    path = tmp_path / "half.b"
    path.write_bytes(b"-------------------------------------------------------------.[]")  # 0xC3, then a loop
    result = esodbg("exec", "--max-steps", "100", str(path))
    assert result.returncode == 3 and result.stdout == b"\xc3"
    result = esodbg("exec", "--max-steps", "100", "--break", "code:63", str(path))
    assert result.stdout == b"\xc3"


# ----- rules 13 and 15: messages -----------------------------------------------------------------
def test_rule_13_parse_error_names_file_line_column_and_writes_nothing(tmp_path):
    path = tmp_path / "p.b"
    path.write_bytes(b"++++++++[>++++++++<-]>+.\n]")
    result = esodbg("exec", str(path))
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode().strip() == f"{path}:2:1: error: unmatched ]"
    check = esodbg("check", str(path))
    assert check.returncode == 2 and f"{path}:2:1: error: unmatched ]" in check.stderr.decode()


def test_rule_13_columns_count_characters_or_bytes_of_a_file_that_is_not_utf8():
    with pytest.raises(ParseError) as utf8:
        BF.parse("éé]", "t.b")
    assert (utf8.value.diagnostics[0].line, utf8.value.diagnostics[0].col) == (1, 3)
    with pytest.raises(ParseError) as raw:
        BF.parse(b"\xc3\xa9\xff]".decode("utf-8", "surrogateescape"), "t.b")
    assert raw.value.diagnostics[0].col == 4  # bytes: the file is not UTF-8


def test_rule_15_runtime_error_names_step_line_and_column(tmp_path):
    path = tmp_path / "p.b"
    path.write_bytes(b"+++.\n  <")
    result = esodbg("exec", str(path))
    assert result.returncode == 1 and result.stdout == b"\x03"
    assert f"{path}:2:3: runtime error at step 5: < on cell 0" in result.stderr.decode()


def test_rule_15_a_failing_step_changes_nothing_but_the_status():
    m = run("+>+>+<<<")
    assert m.status is Status.ERROR and m.steps == 8 and m.ptr == 0 and m.tape == [1, 1, 1] and m.pc == 7
    full = run("+" * 255 + "+", overflow="error")
    assert full.status is Status.ERROR and full.steps == 256 and full.tape == [255]


# ----- the speed anchors: folded operations, step counts exact ------------------------------------
def test_folded_operations_are_recognised():
    program = BF.parse("+++[-]>[->+>++<<]<[>]", "t.b")
    ops = build(program.code, program.match, program.options).ops
    assert ops[0].kind == BLOCK and ops[0].cost == 3 and (ops[0].pairs, ops[0].o0, ops[0].d0) == (1, 0, 3)
    assert ops[3].kind == LOOP and ops[5].kind == LOOP  # [-]: at its [ and at its ]
    assert ops[7].kind == LOOP and ops[16].kind == LOOP  # a multiply loop: +1 at offset 1, +2 at offset 2
    assert (ops[7].pairs, ops[7].o0, ops[7].d0, ops[7].o1, ops[7].d1, ops[7].step) == (2, 1, 1, 2, 2, -1)
    assert ops[18].kind == SCAN and ops[20].kind == SCAN and ops[18].move == 1  # [>]
    cut = build(program.code, program.match, program.options, frozenset({1, 9})).ops
    assert cut[0].kind == BLOCK and cut[0].cost == 1 and cut[1].kind == BLOCK  # a run cut at a breakpoint
    assert cut[7].kind != LOOP and cut[3].kind == LOOP  # a loop holding one is not folded


@pytest.mark.parametrize("text, steps, options", [
    ("+++[-]", 3 + 1 + 2 * 3, {}),  # [-] on v: 1 + 2v
    ("+++[+]", 3 + 1 + 2 * 253, {}),  # [+] on 3 in 8-bit: 1 + 2·253
    ("+++[+]", 3 + 1 + 2 * 65533, {"cell_size": "16"}),
    ("+++++[->+>+++<<]", 5 + 1 + 5 * 10, {}),  # a body of 9 run 5 times: 1 + 5·(9+1)
    ("+>+>+>+<<<[>]", 10 + 1 + 4 * 2, {}),  # a scan: 1 + passes·2
    ("+>>+>>+>><<<<<<[>>]", 15 + 1 + 3 * 3, {}),  # cells 0, 2, 4 set: three passes
])
def test_folded_operations_keep_step_counts_exact(text, steps, options):
    m = run(text, **options)
    assert m.status is Status.HALTED and m.steps == steps
    stepped = machine(text, **options)
    while stepped.run(1) is Stop.LIMIT:
        pass
    assert stepped.steps == steps and stepped.snapshot() == m.snapshot()


def test_a_budget_inside_a_folded_loop_stops_at_its_step():
    m = run("++++++++++[->+++<]", limit=25)  # 10 + [ + 3 passes of 5 (- > +++ <) ]... cut at 25
    stepped = machine("++++++++++[->+++<]")
    for _ in range(25):
        stepped.run(1)
    assert m.snapshot() == stepped.snapshot() and m.steps == 25


def test_overflow_error_on_a_folded_run_fails_at_its_step():
    m = run("+" * 250 + "++++++++++", overflow="error")
    assert m.status is Status.ERROR and m.fault.step == 256 and m.tape == [255]


def test_a_folded_move_left_fails_at_the_command_that_leaves_the_tape():
    """The spec's example: a folded <<< from cell 1 fails at its second <, after 1 step."""
    m = run("><<<")
    assert m.status is Status.ERROR and m.fault.step == 3 and m.fault.at.index == 2


def test_tape_grows_as_far_as_the_pointer_goes_and_tape_length_bounds_it():
    m = run("+[>+]", limit=2001)  # one cell a pass, 2001 = 1 + 1 + 2·... steps: the tape keeps growing
    assert len(m.tape) > 300 and m.ptr == len(m.tape) - 1
    bounded = run("+[>+]", tape_length=10)
    assert bounded.status is Status.ERROR and bounded.ptr == 9 and len(bounded.tape) == 10


# ----- decisions (docs/brainfuck.md) -------------------------------------------------------------
def test_an_empty_program_has_ended_before_its_first_step():
    s = Session(BF, BF.parse("only a comment", "t.b"), "")
    assert s.machine.status is Status.HALTED and s.continue_().reason is Stop.HALTED and s.steps == 0


def test_eof_minus_one_is_the_largest_value_of_sized_cells():
    assert run(",", eof="-1", cell_size="32").tape == [2 ** 32 - 1]
    assert run(",", eof="-1", cell_size="unbounded").tape == [-1]


def test_the_language_object_is_light():
    assert LANGUAGE.name == "brainfuck" and LANGUAGE.extensions == (".b", ".bf") and LANGUAGE.bytes_io
