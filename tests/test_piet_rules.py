"""Piet's rules, one test (or more) per rule of spec ``piet.md``, quoting its number.  The recorded
cases (``tests/corpus/piet/cases.jsonl``, checked by ``test_piet_conformance.py``) pin the same
rules against npiet on many more pictures; here are what they cannot show: the command line (exit
codes, messages, bytes), the state after a step (DP, CC, the stack), the spec dialect (npiet has
none), atomic errors, and esodbg's decisions.

Programs are painted by ``examples/piet/paint.py``: a strip of blocks, one command a step."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from esodbg.engines.base import ParseError, Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.piet.machine import COMMANDS, command_of
from esodbg.engines.registry import by_name, for_file

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "piet"))
import paint  # noqa: E402

PIET = by_name("piet")
RGB, LETTERS = paint.RGB, paint.LETTERS


def apiet(ops: list, height: int = 3) -> str:
    return "".join("".join(LETTERS[c] for c in row[:-1]) + ("@" if row[-1] == paint.BLACK else LETTERS[row[-1]]) + "\n"
                   for row in paint.strip(ops, height))


def num(n: int) -> list:
    """Ops that push ``n``."""
    if n > 0:
        return [("size", n), "push"]
    if n == 0:
        return [("size", 1), "push", "not"]
    return [("size", 1), "push", ("size", 1 - n), "push", "subtract"]


def session(text: str, data: str = "", options: dict | None = None, budget: int = 100_000,
            name: str = "t.apiet") -> Session:
    return Session(PIET, PIET.parse(text, name, options), data, True, budget)


def run(text: str, data: str = "", options: dict | None = None, budget: int = 100_000) -> Session:
    s = session(text, data, options, budget)
    s.continue_()
    return s


def out(s: Session) -> bytes:
    return s.output.text().encode("utf-8", "surrogateescape")


def ops_out(ops: list, data: str = "", dialect: str | None = None) -> bytes:
    return out(run(apiet(ops), data, {"dialect": dialect}))


def esodbg(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    budget = () if "--max-steps" in args else ("--max-steps", "100000")  # a run that loops stops
    return subprocess.run([sys.executable, "-m", "esodbg.app", *args, *budget], input=stdin, capture_output=True,
                          timeout=60)


def picture(codels: list[list[int]], size: int = 1, fmt: str = "PNG", mode: str = "RGB") -> bytes:
    h, w = len(codels), len(codels[0])
    image = Image.new("RGB", (w * size, h * size))
    image.putdata([(rgb >> 16, rgb >> 8 & 255, rgb & 255) for row in codels for _ in range(size)
                   for rgb in row for _ in range(size)])
    if mode == "P":
        image = image.convert("P", palette=Image.Palette.ADAPTIVE)
    elif mode != "RGB":
        image = image.convert(mode)
    data = io.BytesIO()
    image.save(data, format=fmt)
    return data.getvalue()


HI = [[RGB[c] for c in row] for row in paint.strip(paint.text_ops("Hi"))]


# ----- files (F) ------------------------------------------------------------------------------
def test_every_ending_is_piet():
    for name in ("p.png", "p.gif", "p.ppm", "p.apiet", "p.ascii-piet"):
        assert for_file(name) is PIET


def test_f1_the_decoder_is_chosen_by_content_a_gif_named_png_loads(tmp_path):
    path = tmp_path / "hi.png"
    path.write_bytes(picture(HI, 2, "GIF"))
    done = esodbg("exec", str(path))
    assert (done.returncode, done.stdout) == (0, b"Hi")


def test_f1_a_greymap_named_ppm_is_no_picture_exit_2(tmp_path):
    path = tmp_path / "grey.ppm"
    path.write_bytes(b"P5\n1 1\n255\n\x00")
    done = esodbg("exec", str(path))
    assert done.returncode == 2 and done.stdout == b"" and b"not a picture" in done.stderr


def test_f1_a_broken_png_is_exit_2(tmp_path):
    path = tmp_path / "broken.png"
    path.write_bytes(picture(HI)[:40])
    assert esodbg("exec", str(path)).returncode == 2


def test_f2_alpha_is_dropped_not_blended_and_palettes_expanded(tmp_path):
    for mode in ("RGBA", "P"):
        path = tmp_path / f"hi-{mode}.png"
        path.write_bytes(picture(HI, 3, "PNG", mode))
        assert esodbg("exec", str(path)).stdout == b"Hi", mode


def test_f2_grey_png_is_read_as_grey_rgb():
    data = picture([[0xFFFFFF, 0x000000]], 1, "PNG", "L")
    program = PIET.parse(data.decode("latin-1"), "g.png", {"codel_size": 1})
    assert program.codels == (18, 19)


def test_f3_plain_ppm_with_maxval_85_is_scaled():
    w, h = len(HI[0]), len(HI)
    body = " ".join(f"{(rgb >> 16) // 3} {(rgb >> 8 & 255) // 3} {(rgb & 255) // 3}" for row in HI for rgb in row)
    text = f"P3\n# a comment\n{w} {h}\n85\n{body}\n"
    assert out(run_file(text, "hi.ppm")) == b"Hi"


def run_file(text: str, name: str, options: dict | None = None) -> Session:
    s = Session(PIET, PIET.parse(text, name, options), "", True, 100_000)
    s.continue_()
    return s


def test_f3_binary_ppm_runs():
    w, h = len(HI[0]), len(HI)
    data = f"P6\n{w} {h}\n255\n".encode() + bytes(b for row in HI for rgb in row for b in (rgb >> 16, rgb >> 8 & 255, rgb & 255))
    assert out(run_file(data.decode("latin-1"), "hi.ppm")) == b"Hi"


def test_f4_unknown_colours_white_black_or_error(tmp_path):
    # l ? X  with X unknown: as white the slide goes on into the block after it; as black it stops
    codels = [[RGB[1], 0x808080, RGB[2]]]
    text = picture(codels).decode("latin-1")
    white = PIET.parse(text, "u.png", {"codel_size": 1})
    assert white.codels == (1, 18, 2) and white.unknown == frozenset({1})
    black = PIET.parse(text, "u.png", {"codel_size": 1, "unknown_colour": "black"})
    assert black.codels == (1, 19, 2)
    with pytest.raises(ParseError, match=r"pixel \(1, 0\) has the colour #808080"):
        PIET.parse(text, "u.png", {"codel_size": 1, "unknown_colour": "error"})
    near = PIET.parse(picture([[RGB[1], 0xFEFFFF]]).decode("latin-1"), "n.png", {"codel_size": 1})
    assert near.codels[1] == 18 and near.unknown == frozenset({1})  # FEFFFF is no white (no tolerance)


def test_f5_ascii_piet_layouts_read_the_same_codels():
    lines = PIET.parse("tl\nd\n", "a.apiet").codels
    assert lines == (0, 1, 2, 19)  # short rows padded with black
    assert PIET.parse("tLD", "a.apiet").codels == (0, 1, 2, 19)  # upper case ends a row
    assert PIET.parse("tl\r\n\r\nd\r\n", "a.apiet").codels == (0, 1, 2, 19)  # CRLF; empty lines skipped
    assert PIET.parse("? @\n_", "a.apiet").codels == (18, 19, 19, 18, 19, 19)


def test_f5_any_other_character_is_an_error_with_its_position(tmp_path):
    with pytest.raises(ParseError) as error:
        PIET.parse("tl\ntxl\n", "a.apiet")
    d = error.value.diagnostics[0]
    assert (d.line, d.col) == (2, 2) and "'x'" in d.message
    with pytest.raises(ParseError):
        PIET.parse("é", "a.apiet")
    with pytest.raises(ParseError):
        PIET.parse("\n\n", "a.apiet")
    path = tmp_path / "a.apiet"
    path.write_text("tl\n")
    assert esodbg("exec", str(path), "--codel-size", "2").returncode == 2


def test_f6_the_codel_size_is_guessed_as_npiet_guesses_and_can_be_given():
    program = PIET.parse(picture(HI, 4).decode("latin-1"), "hi.png")
    assert (program.codel_size, program.guessed, program.width) == (4, True, len(HI[0]))
    given = PIET.parse(picture(HI, 4).decode("latin-1"), "hi.png", {"codel_size": 2})
    assert (given.codel_size, given.guessed, given.width) == (2, False, 2 * len(HI[0]))
    # every run at least 8 pixels: the guess is the larger size (the picture is read at it)
    assert PIET.parse(picture([[RGB[1], RGB[2]]], 8).decode("latin-1"), "x.png").codel_size == 8


def test_f6_a_codel_size_that_does_not_divide_is_exit_2(tmp_path):
    path = tmp_path / "hi.png"
    path.write_bytes(picture(HI, 4))
    done = esodbg("exec", str(path), "--codel-size", "3")
    assert done.returncode == 2 and b"does not divide" in done.stderr


def test_f6_each_codel_takes_its_top_left_pixel():
    image = Image.new("RGB", (4, 2), (255, 0, 0))
    image.putpixel((1, 0), (0x80, 0x80, 0x80))  # not top-left of its codel: never looked at
    image.putpixel((2, 0), (0, 0, 0))
    data = io.BytesIO()
    image.save(data, format="PNG")
    program = PIET.parse(data.getvalue().decode("latin-1"), "c.png", {"codel_size": 2})
    assert program.codels == (1, 19) and not program.unknown


# ----- the machine, steps (M, T) -------------------------------------------------------------
def test_c1_the_command_table():
    assert command_of(1, 2) == 1 and COMMANDS[command_of(1, 2)] == "push"  # red → dark red
    assert COMMANDS[command_of(2, 0)] == "push"  # dark → light wraps
    assert COMMANDS[command_of(1, 4)] == "add" and COMMANDS[command_of(16, 1)] == "add"  # magenta → red
    assert COMMANDS[command_of(1, 17)] == "out_number" and COMMANDS[command_of(1, 15)] == "out_char"
    assert sorted({command_of(c, n) for c in range(18) for n in range(18)}) == list(range(18))


def test_t1_start_on_black_ends_at_once_start_on_white_runs():
    s = run(" l\n")
    assert s.machine.status is Status.HALTED and s.steps == 0
    s = session("?ld\n")
    s.step()  # from the white codel into red: no command
    assert (s.machine.pos, s.machine.stack) == (1, [])


def test_t2_t4_a_block_every_exit_of_which_faces_a_wall_ends_the_program():
    s = run(apiet(num(3) + ["out_number"]))
    assert out(s) == b"3" and s.machine.status is Status.HALTED and s.steps == 3  # push, out, the slide in


def test_t2_failures_alternate_toggle_cc_then_rotate_dp():
    # a lone block: right fails (toggle CC), right again (rotate DP down), down fails…
    s = session("l\n")
    assert s.machine.status is Status.HALTED and s.steps == 0
    # 2x1: red then dark red below; from red DP right fails, CC toggles, fails, DP turns down: push
    s = session("l\nd\n")
    s.step()
    m = s.machine
    assert (m.pos, m.dp, m.cc, m.stack) == (1, 1, 1, [1])


def test_t3_a_slide_across_white_is_one_step_without_command():
    s = session(apiet(num(2) + [("white", 3), "out_number"]))
    s.step()
    assert s.machine.stack == [2]
    s.step()  # across the white: no command
    assert s.machine.stack == [2] and s.steps == 2
    s.step()
    assert s.machine.stack == [] and out(s) == b"2"


def test_t5_a_budget_of_exactly_the_steps_ends_normally_one_fewer_is_exit_3(tmp_path):
    path = tmp_path / "p.apiet"
    path.write_text(apiet(num(3) + ["out_number"]))
    exact = esodbg("exec", str(path), "--max-steps", "3")
    short = esodbg("exec", str(path), "--max-steps", "2")
    assert (exact.returncode, exact.stdout) == (0, b"3")
    assert (short.returncode, short.stdout) == (3, b"3")


# ----- white (W) ------------------------------------------------------------------------------
def test_w1_npiet_a_slide_into_a_wall_stops_in_white_and_loops():
    s = run("ttle??\n", budget=100)
    assert s.machine.status is Status.READY and out(s) == b"2" * 17  # npiet prints the same


def test_w2_spec_a_slide_into_a_wall_turns_and_a_retrace_ends_the_program():
    s = run("l?\n ?\n", options={"dialect": "spec"})
    assert s.machine.status is Status.HALTED and s.steps == 0  # npiet -v11 too
    s = run("l?\n ?\n", options={"dialect": "npiet"}, budget=50)
    assert s.machine.status is Status.READY


# ----- commands (C2, C3) ------------------------------------------------------------------------
@pytest.mark.parametrize("ops, expected", [
    (num(5) + num(3) + ["add", "out_number"], b"8"),
    (num(5) + num(3) + ["subtract", "out_number"], b"2"),
    (num(5) + num(3) + ["multiply", "out_number"], b"15"),
    (num(-7) + num(2) + ["divide", "out_number"], b"-3"),
    (num(7) + num(-2) + ["divide", "out_number"], b"-3"),
    (num(-7) + num(-2) + ["divide", "out_number"], b"3"),
    (num(7) + num(0) + ["divide", "out_number"], b"99999999"),
    (num(-7) + num(3) + ["mod", "out_number"], b"-1"),
    (num(7) + num(-3) + ["mod", "out_number"], b"1"),
    (num(-7) + num(-3) + ["mod", "out_number"], b"-1"),
    (num(0) + ["not", "out_number"], b"1"),
    (num(5) + num(3) + ["greater", "out_number"], b"1"),
    (num(3) + num(5) + ["greater", "out_number"], b"0"),
    (num(4) + ["duplicate", "out_number", "out_number"], b"44"),
    (num(4) + num(9) + ["pop", "out_number"], b"4"),
    (num(2) + num(3) + num(4) + num(5) + num(3) + num(1) + ["roll"] + ["out_number"] * 4, b"4352"),
    (num(2) + num(3) + num(4) + num(5) + num(3) + num(-1) + ["roll"] + ["out_number"] * 4, b"3542"),
    (num(2) + num(3) + num(4) + num(5) + num(3) + num(4) + ["roll"] + ["out_number"] * 4, b"4352"),  # mod depth
    (num(7) + num(-1) + num(3) + ["roll", "out_number"], b"7"),  # negative depth: both popped
    (num(7) + num(5) + num(1) + ["roll", "out_number"], b"7"),  # too deep: both popped
    (num(7) + num(0) + num(-1) + ["roll", "out_number"], b"0"),  # depth 0, negative count: top := 0
    (num(7) + num(0) + num(1) + ["roll", "out_number"], b"7"),
    (num(65) + num(256) + ["add", "out_char"], b"A"),
    (num(-1) + ["out_char"], b"\xff"),
    (["add", "subtract", "out_number"] + num(1) + ["add", "out_number"], b"1"),  # too few values: nothing
])
def test_c2_npiet_commands(ops, expected):
    assert ops_out(ops) == expected


def test_c2_mod_by_zero_is_a_runtime_error_r1(tmp_path):
    path = tmp_path / "p.apiet"
    path.write_text(apiet(num(5) + ["out_number"] + num(7) + num(0) + ["mod", "out_number"]))
    done = esodbg("exec", str(path))
    assert done.returncode == 1 and done.stdout == b"5" and b"mod by zero" in done.stderr


def test_c2_in_number_reads_as_scanf():
    ops = ["in_number", "out_number"] * 4 + ["in_char", "out_char"]
    assert ops_out(ops, "12 -5 +7 x") == b"12-57x"
    assert ops_out(["in_number", "in_number", "in_char", "out_char", "out_number"], "-x5 9") == b"x"
    assert ops_out(["in_number", "out_number"], "") == b""


def test_c2_in_char_reads_bytes_and_255_is_0():
    assert ops_out(["in_char", "out_number", "in_char", "out_number"], "é") == b"195169"
    assert ops_out(["in_char", "out_number"], "\udcff") == b"0"
    assert ops_out(["in_char", "out_number"], "\udcff", "spec") == b"255"


def commands_in(ops: list) -> int:
    return sum(1 for op in ops if isinstance(op, str))


@pytest.mark.parametrize("value, dp", [(1, 1), (-1, 3), (6, 2), (4, 0), (-6, 2)])
def test_c2_pointer_turns_dp_clockwise_b_mod_4_floored(value, dp):
    ops = num(value) + ["pointer"]
    s = session(apiet(ops))
    for _ in range(commands_in(ops)):
        s.step()
    assert s.machine.dp == dp and s.machine.stack == []


@pytest.mark.parametrize("value, cc_npiet, cc_spec", [(3, 1, 1), (2, 0, 0), (-1, 0, 1), (0, 0, 0)])
def test_c2_c3_switch(value, cc_npiet, cc_spec):
    ops = num(value) + ["switch"]
    for dialect, cc in (("npiet", cc_npiet), ("spec", cc_spec)):
        s = session(apiet(ops), options={"dialect": dialect})
        for _ in range(commands_in(ops)):
            s.step()
        assert s.machine.cc == cc, dialect


def test_c3_spec_dialect():
    assert ops_out(num(-7) + num(2) + ["divide", "out_number"], dialect="spec") == b"-4"
    assert ops_out(num(-7) + num(3) + ["mod", "out_number"], dialect="spec") == b"2"
    assert ops_out(num(7) + num(-3) + ["mod", "out_number"], dialect="spec") == b"-2"
    assert ops_out(num(7) + num(0) + ["mod", "pop", "out_number"], dialect="spec") == b"7"  # ignored
    assert ops_out(num(7) + num(0) + ["divide", "pop", "out_number"], dialect="spec") == b"7"
    assert ops_out(num(7) + num(-1) + num(3) + ["roll", "out_number"], dialect="spec") == b"3"  # stays


# ----- runtime errors and the integer bound ------------------------------------------------------
def test_the_integer_bound_fails_before_anything_changes(tmp_path):
    ops = num(9) + sum((["duplicate", "multiply"] for _ in range(8)), []) + ["out_number"]
    path = tmp_path / "p.apiet"
    path.write_text(apiet(ops))
    done = esodbg("exec", str(path), "--max-int-bits", "64")
    assert done.returncode == 1 and b"integer too large" in done.stderr and b"block at" in done.stderr
    assert esodbg("exec", str(path)).returncode == 0
    s = run(apiet(ops), options={"max_int_bits": 64})
    assert s.machine.status is Status.ERROR and s.machine.stack == [9 ** 16, 9 ** 16]


def test_exec_bytes_are_exact(tmp_path):
    path = tmp_path / "p.apiet"
    path.write_text(apiet(num(200) + ["out_char"] + num(10) + ["out_char"]))
    assert esodbg("exec", str(path)).stdout == b"\xc8\n"


def test_stepping_back_restores_codel_dp_cc_stack_and_input():
    s = session(apiet(["in_char", "duplicate", "out_char"] + num(1) + ["pointer"]), "AB", budget=300)
    s.continue_()
    end = s.machine.snapshot()
    while s.steps:
        assert s.step_back().reason is not Stop.ERROR
    assert s.machine.pos == 0 and s.machine.in_pos == 0 and s.machine.stack == []
    s.continue_()
    assert s.machine.snapshot() == end


# ----- debugging: breakpoints, data, where a value came from, editors ----------------------------
def example(name: str):
    path = Path(__file__).resolve().parent.parent / "examples" / "piet" / name
    return PIET.parse(PIET.decode(path.read_bytes(), str(path)), str(path))


def test_a_codel_breakpoint_stops_on_arrival_a_block_breakpoint_anywhere_in_the_block():
    from esodbg.engines.base import CellRef

    s = Session(PIET, example("countdown.png"), "", True, 10_000)
    s.breakpoints.set(CellRef("picture", 0, 5), {"exec"})  # L0, (5, 0): every lap arrives there
    assert [s.continue_().step for _ in range(3)] == [1, 13, 25]
    # ttle?? loops: the IP comes back into the block tt at (1, 0), never at (0, 0)
    s = session("ttle??\n", budget=30)
    s.breakpoints.set(CellRef("picture", 0, 0), {"exec"})
    assert s.continue_().reason is Stop.BUDGET
    s = session("ttle??\n", budget=30)
    s.breakpoints.set(CellRef("picture", 0, 0), {"block"})
    outcome = s.continue_()
    assert outcome.reason is Stop.BREAKPOINT and outcome.step == 6 and s.machine.pos == 1


COUNTDOWN = str(Path(__file__).resolve().parent.parent / "examples" / "piet" / "countdown.png")


def spec_session(program, spec: str, written: str, budget: int = 10_000) -> Session:
    """A session of ``program`` with the breakpoint ``spec`` set as ``exec --break`` sets it;
    ``written``, how it is written back (and read back to the same breakpoint)."""
    from esodbg.engines.spec import format_spec, parse_spec

    s = Session(PIET, program, "", True, budget)
    bp = parse_spec(spec, PIET, s.first_view).set_in(s.breakpoints)
    again = parse_spec(written, PIET, s.first_view)
    assert format_spec(bp, PIET) == written and (again.at, again.kinds or PIET.default_kinds) == (bp.at, bp.kinds)
    return s


def test_codel_spec_stops_before_a_step_that_starts_on_the_codel():
    s = spec_session(example("countdown.png"), "codel:5,0", "cell:picture:5,0")
    assert [s.continue_().step for _ in range(3)] == [1, 13, 25]  # every lap arrives at (5, 0)
    ran = esodbg("exec", COUNTDOWN, "--break", "codel:5,0 hit 3")
    assert ran.returncode == 4 and ran.stdout == b"54"
    assert "stopped at step 25 at (5, 0) ↑: breakpoint cell:picture:5,0 hit 3 (hit 3)".encode() in ran.stderr


def test_block_spec_stops_anywhere_in_the_block_of_the_codel(tmp_path):
    # ttle?? loops: the IP comes back into the block tt at (1, 0), never at (0, 0)
    s = spec_session(PIET.parse("ttle??\n", "t.apiet"), "block:0,0", "cell:picture:0,0/block", budget=30)
    outcome = s.continue_()
    assert outcome.reason is Stop.BREAKPOINT and outcome.step == 6 and s.machine.pos == 1
    assert spec_session(PIET.parse("ttle??\n", "t.apiet"), "codel:0,0", "cell:picture:0,0", budget=30).continue_().reason is Stop.BUDGET
    path = tmp_path / "trap.apiet"
    path.write_text("ttle??\n")
    ran = esodbg("exec", str(path), "--break", "block:0,0")
    assert ran.returncode == 4 and ran.stdout == b"2"
    assert "stopped at step 6 at (0, 0) ↰ (the next step at (1, 0) ←): breakpoint cell:picture:0,0/block (hit 1)".encode() \
        in ran.stderr
    assert esodbg("exec", str(path), "--break", "codel:0,0", "--max-steps", "30").returncode == 3


def test_command_spec_stops_before_every_step_that_runs_the_command_and_no_other():
    """Before each step whose move runs NAME, whatever the codel, DP and CC it starts from."""
    traced = Session(PIET, example("counter.png"), "", True, 10_000)
    expected = []
    while traced.machine.status is Status.READY:
        if traced.evaluate("command") == "push":
            expected.append(traced.steps)
        traced.step()
    s = spec_session(example("counter.png"), "command:push", "command:push")
    stops = []
    while (outcome := s.continue_()).reason is Stop.BREAKPOINT:
        assert s.evaluate("command") == "push"
        stops.append(outcome.step)
    assert outcome.reason is Stop.HALTED and stops == [step for step in expected if step > 0] and len(stops) > 3
    ran = esodbg("exec", COUNTDOWN, "--break", "command:out_number")
    assert ran.returncode == 4 and ran.stdout == b""
    assert "stopped at step 2 at (6, 0) →, before command out_number: breakpoint command:out_number (hit 1)".encode() \
        in ran.stderr


def test_an_unknown_command_name_is_refused_with_the_valid_ones():
    from esodbg.engines.spec import SpecError, parse_spec

    s = Session(PIET, example("countdown.png"), "", True)
    with pytest.raises(SpecError, match="no Piet command 'in_num' .*push, pop, add, .*, out_number, out_char"):
        parse_spec("command:in_num", PIET, s.first_view)
    ran = esodbg("exec", COUNTDOWN, "--break", "command:output")
    assert ran.returncode == 2 and b"no Piet command 'output' (the commands are: push, pop," in ran.stderr
    ran = esodbg("exec", COUNTDOWN, "--break", "codel:15,0")
    assert ran.returncode == 2 and b"15 cells wide and 6 high" in ran.stderr


def test_the_command_unit_steps_to_the_next_command_that_is_not_push_or_pop_and_back():
    """ttle??: push (tt → l), out(number), a slide that stops in white, back across it into e,
    multiply (e → l), pop, push again: the unit passes over push, pop and the moves that run none."""
    assert [unit.name for unit in PIET.units] == ["command", "colour"]
    s = session("ttle??\n", budget=100)
    assert [(s.step(unit=0).step, s.evaluate("command")) for _ in range(4)] == [
        (1, "out_number"), (4, "multiply"), (7, "out_number"), (10, "multiply")]
    assert [s.step_back(unit=0).step for _ in range(4)] == [7, 4, 1, 0]
    s = session(apiet(num(3) + ["out_number"]))
    assert s.step(unit=0).step == 1 and s.step(unit=0).reason is Stop.HALTED and out(s) == b"3"


def test_the_colour_unit_passes_over_white_until_the_ip_is_on_a_colour_block_again():
    s = session("ttle??\n", budget=100)
    assert [(s.step(unit=1).step, s.evaluate("colour")) for _ in range(4)] == [
        (1, "red"), (2, "dark magenta"), (4, "dark magenta"), (5, "red")]  # 2 → 4: stopped in white at (5, 0)
    assert [s.step_back(unit=1).step for _ in range(4)] == [4, 2, 1, 0]


def test_data_locations_and_names():
    s = Session(PIET, example("countdown.png"), "", True, 10_000)
    s.step()
    s.step()
    assert s.evaluate("stack[0]") == 5 and s.evaluate("depth") == 2 and s.evaluate("dp") == "right"
    assert s.evaluate("colour") == PIET.impl.colour_name(s.machine.codels[s.machine.pos])
    from esodbg.engines.piet.plugin import data
    assert data(s.machine, "stack[1]")() == 5 and data(s.machine, "ip")() == (6, 0, "right", "left")
    assert data(s.machine, "block")()[1] == 1
    with pytest.raises(ValueError):
        data(s.machine, "tape[0]")


def test_reads_say_where_a_value_comes_from():
    from esodbg.engines.piet.plugin import reads

    s = Session(PIET, PIET.parse(apiet(num(5) + num(3) + ["add"]), "r.apiet"), "", True)
    assert reads(s.machine, "stack[0]") == ("block",)  # push: the size of the block left
    s.step(), s.step()
    assert reads(s.machine, "stack[0]") == ("stack[1]", "stack[0]")  # add
    s = Session(PIET, PIET.parse(apiet(num(2) + num(3) + num(4) + num(3) + num(1) + ["roll"]), "r.apiet"), "", True)
    for _ in range(5):
        s.step()
    assert reads(s.machine, "stack[0]") == ("stack[3]",)  # 2 3 4 → roll 3 1 → 4 2 3: the new top was 3


def test_places_hover_and_editing():
    from esodbg.engines.piet.plugin import hover, not_editable, places

    program = PIET.parse("lld\nl d\n", "p.apiet")
    assert [(span.line, span.col, (at.col, at.row)) for span, at in places(program)] == [
        (1, 1, (0, 0)), (1, 2, (1, 0)), (1, 3, (2, 0)), (2, 1, (0, 1)), (2, 3, (2, 1))]
    assert hover(program, 1, 2).startswith("**codel (1, 0)**: red, block of 3 codels")
    assert "into the dark red right: push" in hover(program, 1, 2)
    assert not_editable("p.apiet") is None and "read-only" in not_editable("p.png")


def test_any_number_within_the_bound_is_read_even_one_a_sentinel_was_once():
    """in(number) tells "a number", "no number" and "input still to come" apart from the value:
    −2⁷⁰ and −2⁷¹ (once the reader's "needs input" and "end of input") are read as numbers."""
    for n in (-(1 << 70), -(1 << 71)):
        assert ops_out(["in_number", "out_number"], f"{n}\n") == str(n).encode()
