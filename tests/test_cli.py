"""The command line as a user runs it: streams, exit codes, help, and exec not importing the UI."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from children import default_sigint, handles
from conftest import CORPUS, EXAMPLES

FIFTEEN = EXAMPLES / "fifteen"


def esodbg(*args: str, input_text: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *map(str, args)], input=input_text,
                          capture_output=True, text=True, timeout=60)


def test_exec_writes_output_byte_exactly_and_exits_0():
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(FIFTEEN / "99.15")],
                            capture_output=True, timeout=60)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout == (CORPUS / "fifteen" / "99.out").read_bytes()


@pytest.mark.parametrize("how", ["stdin", "--input", "--input-file"])
def test_exec_takes_input_from_stdin_or_options(how, tmp_path):
    args = ["exec", FIFTEEN / "truth.15"]
    if how == "--input":
        args += ["--input", "0\n"]
    elif how == "--input-file":
        (tmp_path / "in.txt").write_text("0\n")
        args += ["--input-file", tmp_path / "in.txt"]
    result = esodbg(*args, input_text="0\n" if how == "stdin" else "")
    assert (result.returncode, result.stdout, result.stderr) == (0, "0\n", "")


def test_exec_runtime_error_exits_1_names_step_and_cell_and_keeps_output(tmp_path):
    prog = tmp_path / "e.15"
    prog.write_text("0,1,2\n\n>!,>?,<_\n")
    result = esodbg("exec", prog, input_text="")
    assert result.returncode == 1 and result.stdout == "0\n"
    assert f"{prog}:3:4: runtime error at step 2, cell puzzle (0, 1)" in result.stderr
    assert "end of input" in result.stderr and "Traceback" not in result.stderr


def test_exec_parse_error_exits_2_with_file_line_col(tmp_path):
    prog = tmp_path / "p.15"
    prog.write_text("1,x\n\n>_,<_\n")
    result = esodbg("exec", prog)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{prog}:1:3: error: invalid puzzle label 'x'")


@pytest.mark.parametrize(("args", "words"), [
    (["exec", "no/such/file.15"], "cannot read program"),
    (["exec", "README.md"], "cannot tell the language"),
    (["exec", "--max-steps", "0", FIFTEEN / "hello.15"], "--max-steps"),
    (["exec", FIFTEEN / "hello.15", "--input", "1", "--input-file", "x"], "not both"),
])
def test_bad_usage_exits_2(args, words):
    result = esodbg(*args)
    assert result.returncode == 2 and words in result.stderr


def test_exec_not_utf8_is_a_clear_error(tmp_path):
    prog = tmp_path / "b.15"
    prog.write_bytes(b"1,0\n\n>_,<\xff\n")
    result = esodbg("exec", prog)
    assert result.returncode == 2 and f"{prog}:3:5: program is not UTF-8" in result.stderr


def test_exec_budget_exhausted_exits_3_keeping_output():
    result = esodbg("exec", FIFTEEN / "truth.15", "--max-steps", "7", input_text="1\n")
    assert result.returncode == 3 and result.stdout == "1\n" * 5  # steps 1-2 read and branch, 3-7 print
    assert "stopped after 7 steps" in result.stderr


def test_lang_option_overrides_the_extension(tmp_path):
    prog = tmp_path / "hello.txt"
    prog.write_text((FIFTEEN / "hello.15").read_text())
    result = esodbg("exec", "--lang", "fifteen", prog)
    assert (result.returncode, result.stdout) == (0, "Hello")


def test_check_reports_ok_or_diagnostics(tmp_path):
    assert esodbg("check", FIFTEEN / "hello.15").stdout.strip().endswith("ok (15)")
    prog = tmp_path / "m.15"
    prog.write_text("1,0\n")
    result = esodbg("check", prog)
    assert result.returncode == 2 and "missing command block" in result.stderr


def test_check_format_json_gives_editors_each_problem_with_its_extent(tmp_path):
    """check --format json: a JSON array on stdout of {file, line, column, end, severity,
    message}; the end is the engine's (a MessiScript command) or the end of the word at the
    position; exit 2 with an error, 0 with none or only warnings."""
    prog = tmp_path / "bad.15"
    prog.write_text("1,2\n3,xyz\n")
    result = esodbg("check", "--format", "json", prog)
    assert result.returncode == 2 and result.stderr == ""
    assert json.loads(result.stdout) == [{
        "file": str(prog), "line": 2, "column": 3, "end": {"line": 2, "column": 6}, "severity": "error",
        "message": "invalid puzzle label 'xyz': expected an integer"}]
    ok = esodbg("check", "--format", "json", FIFTEEN / "hello.15")
    assert (ok.returncode, json.loads(ok.stdout)) == (0, [])
    empty = tmp_path / "empty.ttg"
    empty.write_text("")
    warned = esodbg("check", "--format", "json", empty)
    assert warned.returncode == 0 and [d["severity"] for d in json.loads(warned.stdout)] == ["warning"]
    messi = tmp_path / "m.messi"
    messi.write_text("Toca Messi.\nLe pega Messiiii... ¡gol!", "utf-8")
    [problem] = json.loads(esodbg("check", "--format", "json", messi).stdout)
    assert (problem["line"], problem["column"], problem["end"]) == (2, 21, {"line": 2, "column": 26})


@pytest.mark.parametrize("content, problem", [
    (b"\xff\xfe", {"line": 1, "column": 1, "message": "program is not UTF-8 text (byte 0xff)"}),
    (None, {"line": 1, "column": 1, "message": "cannot read program"}),
])
def test_check_format_json_reports_an_unreadable_file_as_a_diagnostic(tmp_path, content, problem):
    prog = tmp_path / "x.15"
    if content is not None:
        prog.write_bytes(content)
    result = esodbg("check", "--format", "json", prog)
    [found] = json.loads(result.stdout)
    assert result.returncode == 2 and found["message"].startswith(problem.pop("message"))
    assert {key: found[key] for key in problem} == problem


@pytest.mark.parametrize("command, codes", [
    ([], ["0", "1", "2", "3", "4", "130"]), (["exec"], ["0", "1", "2", "3", "4", "130"]),
    (["run"], ["0", "1", "2", "130"]), (["check"], ["0", "2", "130"]),
])
def test_help_is_complete_and_lists_only_the_exit_codes_each_command_returns(command, codes):
    result = esodbg(*command, "--help")
    assert result.returncode == 0 and ".15" in result.stdout
    listed = result.stdout.split("Exit codes:")[1].split()
    assert [word for word in listed if word.isdigit()] == codes


@pytest.mark.parametrize("command, protocol", [("dap", "Debug Adapter Protocol"), ("lsp", "Language Server Protocol")])
def test_the_editor_servers_are_commands_that_say_where_their_set_ups_are(command, protocol):
    listing = esodbg("--help").stdout
    assert re.search(rf"^  {command} +Serve the {protocol.split()[0]}", listing, re.M), listing
    text = " ".join(esodbg(command, "--help").stdout.split())
    assert f"Serve the {protocol} on stdin and stdout" in text and "docs/editors.md" in text


def test_run_help_speaks_of_the_input_pane_and_command_breakpoints():
    text = " ".join(esodbg("run", "--help").stdout.split())
    assert "Input pane" in text and "I/O pane" not in text and "commands, where a language's code is text: MessiScript, Brainfuck" in text


def test_lang_is_case_insensitive():
    result = esodbg("exec", FIFTEEN / "hello.15", "--lang", "FIFTEEN")
    assert result.returncode == 0 and result.stdout == "Hello"


def interrupt(args: list, after: float, stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    """Run esodbg, send it Ctrl+C (SIGINT) ``after`` seconds after it started handling it, and
    wait for it."""
    process = subprocess.Popen([sys.executable, "-m", "esodbg.app", *map(str, args)], stdin=stdin,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint)
    handles(process.pid)
    time.sleep(after)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=20)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def test_exec_interrupted_reports_the_real_step_and_exits_130():
    result = interrupt(["exec", FIFTEEN / "truth.15", "--input", "1"], after=1.5)  # prints 1 forever
    assert result.returncode == 130 and "Traceback" not in result.stderr and "Aborted" not in result.stderr
    step = int(result.stderr.split("interrupted at step ")[1].split()[0])
    assert step > 1000
    assert result.stdout == "1\n" * (step - 2)  # exactly the output of the steps it ran (2: read, branch)


def test_exec_interrupted_while_waiting_for_input_exits_130():
    result = interrupt(["exec", FIFTEEN / "truth.15"], after=1.0, stdin=subprocess.PIPE)
    assert result.returncode == 130 and "interrupted at step 0" in result.stderr and "Traceback" not in result.stderr


def test_interrupted_while_reading_a_big_program_exits_130(tmp_path):
    program = tmp_path / "big.ttg"
    program.write_text("ab" * 3_000_000, "utf-8")  # seconds of parsing and typing
    result = interrupt(["exec", program], after=1.0)
    assert result.returncode == 130 and "interrupted" in result.stderr
    assert "Aborted" not in result.stderr and "Traceback" not in result.stderr


def test_exec_does_not_import_textual():
    code = ("import sys; from esodbg.app.cli import main\n"
            "try:\n    main(['exec', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
            "print('textual' in sys.modules, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code, str(FIFTEEN / "hello.15")], capture_output=True, text=True)
    assert result.stdout == "Hello" and result.stderr.strip() == "False"


# ----- MessiScript -----------------------------------------------------------------------------
MESSI = EXAMPLES / "messiscript"


def test_messi_exec_reads_lines_from_stdin_and_writes_output_byte_exactly():
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(MESSI / "fibonacci.messi")],
                            input=b"10\n", capture_output=True, timeout=60)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout == (CORPUS / "messiscript" / "fibonacci.in_10.out").read_bytes()


def test_messi_structure_errors_are_diagnostics_with_line_and_column_exit_2(tmp_path):
    prog = tmp_path / "p.messi"
    prog.write_text("Va Messi, la pelota.\nSigue Messi.\n")
    result = esodbg("check", prog)
    assert result.returncode == 2 and result.stdout == ""
    assert f"{prog}:1:1: error: the program must start with \"la agarra messi\"" in result.stderr
    assert f"{prog}:2:1: error: \"sigue messi\" opens a loop" in result.stderr


def test_messi_end_of_input_exits_1_at_the_command_keeping_output(tmp_path):
    prog = tmp_path / "p.messi"
    prog.write_text("La agarra Messi. Juega Messi.\nSiempre Messi. ¡gol!")
    result = esodbg("exec", prog, input_text="")
    assert result.returncode == 1 and result.stdout == "0"
    assert f"{prog}:2:1: runtime error at step 3: siempre messi: end of input" in result.stderr


# ----- Tic Tac Toe Grow ----------------------------------------------------------------------------

def test_ttg_exec_wow_is_byte_exact():
    result = esodbg("exec", str(EXAMPLES / "ttg" / "wow.txt"))
    assert result.returncode == 0 and result.stdout == "wehllwehlll "


def test_ttg_name_option_changes_memory3(tmp_path):
    program = tmp_path / "x.ttg"
    program.write_text("hello world", "utf-8")
    assert esodbg("exec", str(program), "--name", "wow.txt").stdout == "wehllwehlll "


def test_ttg_trailing_newline_warns_but_runs(tmp_path):
    program = tmp_path / "nl.ttg"
    program.write_text("hior\n", "utf-8")
    result = esodbg("exec", str(program))
    # The Enter is a keystroke: it runs the pass once more (R1), which is why it is worth a warning.
    assert result.returncode == 0 and result.stdout == "hihhii"
    assert "nl.ttg:1:5: warning: the file ends in a newline" in result.stderr


def test_name_is_refused_for_languages_that_ignore_names():
    result = esodbg("exec", str(EXAMPLES / "fifteen" / "hello.15"), "--name", "x")
    assert result.returncode == 2 and "--name has no meaning" in result.stderr


NOT_UTF8 = b"\xe9t\xff.ttg"  # bytes >= 0x80 that are not UTF-8, as a file system may hold them


def test_ttg_name_that_is_not_utf8_runs_with_its_raw_bytes(tmp_path):
    """R4 takes the name's bytes exactly as the file system gives them (docs/ttg.md); a name
    given to --name the same way is the same name, and check agrees with exec."""
    directory = os.fsencode(tmp_path)
    with open(os.path.join(directory, NOT_UTF8), "wb") as f:
        f.write(b"hello world")
    named = os.path.join(directory, NOT_UTF8)
    wow = str(EXAMPLES / "ttg" / "wow.txt")
    runs = [subprocess.run([sys.executable, "-m", "esodbg.app", *args], capture_output=True, timeout=60)
            for args in (["exec", named], ["check", named], [b"exec", wow.encode(), b"--name", NOT_UTF8])]
    for result in runs:
        assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert runs[0].stdout == runs[2].stdout == b"wehllwehlll "  # the same program under the same name
    assert b": ok (Tic Tac Toe Grow)" in runs[1].stdout


def test_ttg_empty_file_warns_and_halts(tmp_path):
    program = tmp_path / "empty.ttg"
    program.write_text("", "utf-8")
    result = esodbg("exec", str(program))
    assert result.returncode == 0 and result.stdout == ""
    assert "empty.ttg:1:1: warning: the file is empty" in result.stderr
    assert "warning: the file is empty" in esodbg("check", str(program)).stderr


def test_exec_break_stops_at_the_first_hit_keeping_the_output_and_exits_4():
    full = (CORPUS / "fifteen" / "99.out").read_text()
    result = esodbg("exec", FIFTEEN / "99.15", "--break", "cell:puzzle:2,0 if acc == 50")
    assert result.returncode == 4
    assert result.stdout and full.startswith(result.stdout) and len(result.stdout) < len(full)
    assert result.stderr.startswith("esodbg: stopped at step ") and "if acc == 50" in result.stderr


def test_exec_break_data_breakpoint_says_what_changed():
    result = esodbg("exec", FIFTEEN / "99.15", "--break", "data:acc hit 3")
    assert result.returncode == 4 and "acc: " in result.stderr and " → " in result.stderr


def test_exec_log_points_write_to_stderr_and_do_not_stop():
    plain = esodbg("exec", FIFTEEN / "hello.15")
    result = esodbg("exec", FIFTEEN / "hello.15", "--break", "event:output log wrote {output_length}")
    assert (result.returncode, result.stdout) == (0, plain.stdout)
    lines = result.stderr.splitlines()
    assert lines and all(re.fullmatch(r"step \d+: wrote \d+", line) for line in lines)


@pytest.mark.parametrize("spec, says", [("cell:2,4 if acc >", "invalid syntax"), ("event:nope", "no event"),
                                        ("data:nope", "not a data location"),
                                        ("cell:9,9", "(9, 9) is not on the board puzzle, which is 6 cells wide and 4 high, from "
                                                     "(0, 0) to (3, 5): the breakpoint could never stop")])
def test_exec_break_with_a_bad_spec_exits_2_naming_it(spec, says):
    result = esodbg("exec", FIFTEEN / "99.15", "--break", spec)
    assert result.returncode == 2 and result.stdout == ""
    assert f"--break {spec!r}" in result.stderr and says in result.stderr


def test_a_board_s_size_reads_as_its_panel_does_in_an_x_y_language():
    """Befunge-93's playfield is 80 wide and 25 high (its panel says 80×25; issue 43)."""
    result = esodbg("exec", EXAMPLES / "befunge" / "countdown.b93", "--break", "cell:99,99")
    assert result.returncode == 2
    assert "which is 80 cells wide and 25 high, from (0, 0) to (79, 24)" in result.stderr


# ----- exec --final-state for a program that does not parse (issue 28) --------------------------
SYNTAX_ERRORS = {".15": "1,x\n\n>_,<_\n", ".messi": "la agarra messi.\nvuelve messi.\n¡gol!",
                 ".scrabble": "#rules tight\nSET 0,0 across", ".sgo": "+[\n|\n"}


@pytest.mark.parametrize("suffix", sorted(SYNTAX_ERRORS))
def test_final_state_of_a_parse_error_names_check_s_line_and_column(suffix, tmp_path):
    prog = tmp_path / f"bad{suffix}"
    prog.write_text(SYNTAX_ERRORS[suffix], encoding="utf-8")
    (problem,) = [p for p in json.loads(esodbg("check", prog, "--format", "json").stdout) if p["severity"] == "error"][:1]
    result = esodbg("exec", prog, "--final-state", "-")
    assert result.returncode == 2 and result.stdout.startswith("\n")
    state = json.loads(result.stdout)
    assert state["outcome"] == "parse_error"
    assert (state["error"]["line"], state["error"]["col"]) == (problem["line"], problem["column"])
    assert state["error"]["phase"] in {"parse", "lex", "macro"} and state["error"]["message"]
    assert f"{prog}:{problem['line']}:{problem['column']}: error:" in result.stderr  # still said on stderr


@pytest.mark.parametrize("suffix", [".15", ".messi", ".scrabble", ".sgo", ".ttg"])  # a .gcg always decodes
def test_final_state_of_a_file_that_is_not_text_is_a_decode_error(suffix, tmp_path):
    prog, out = tmp_path / f"bad{suffix}", tmp_path / "state.json"
    prog.write_bytes(b"ok\n\xff\n")
    result = esodbg("exec", prog, "--final-state", out)
    assert result.returncode == 2 and result.stdout == ""
    state = json.loads(out.read_text("utf-8"))
    assert state["outcome"] == "parse_error"
    assert {k: state["error"][k] for k in ("phase", "line", "col")} == {"phase": "decode", "line": 2, "col": 1}


@pytest.mark.parametrize("case", ["err_sign", "err_missing_bar"])
def test_final_state_of_a_stoned_go_parse_error_is_the_corpus_d7_state(case):
    result = esodbg("exec", CORPUS / "stoned-go" / f"{case}.sgo", "--final-state", "-", "--max-steps", "10000")
    expected = json.loads((CORPUS / "stoned-go" / f"{case}.expected.json").read_text("utf-8"))
    state = json.loads(result.stdout)
    assert result.returncode == 2
    # The message is a suggestion (D7): phase, line and col are what must agree.
    assert {**state, "error": {**state["error"], "message": ""}} == {**expected, "error": {**expected["error"], "message": ""}}



@pytest.mark.parametrize("command", ["exec", "check"])
@pytest.mark.parametrize("program, option, value", [("stoned-go/ladder.sgo", "--max-depth", "-1"),
                                                    ("ttg/wow.txt", "--max-cells", "0"),
                                                    ("ttg/wow.txt", "--max-history", "-5")])
def test_a_language_options_value_below_its_minimum_is_bad_usage(command, program, option, value):
    """A max-depth of -1 was a Python traceback; caps below 1 ran and failed at the first growth."""
    result = esodbg(command, EXAMPLES / program, option, value)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"Invalid value for '{option}': {value} is not in the range" in result.stderr


@pytest.mark.parametrize("args, code", [(("languages",), 0), (("check", str(FIFTEEN / "hello.15")), 0),
                                        (("check", "--format", "json", str(FIFTEEN / "hello.15")), 0),
                                        (("check", "--format", "json", "-"), 2)],
                         ids=["languages", "check", "check-json", "check-json-missing"])
def test_a_reader_gone_leaves_the_documented_exit_code(args, code):
    """``esodbg check F | true`` (issue 43): stdout's reader has gone before a byte is written;
    the command exits with its own code, quietly."""
    read, write = os.pipe()
    os.close(read)  # every write to stdout fails with EPIPE
    process = subprocess.run([sys.executable, "-m", "esodbg.app", *args], stdout=write, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, timeout=60)
    os.close(write)
    assert process.returncode == code, process.stderr
    assert b"Traceback" not in process.stderr and b"Exception ignored" not in process.stderr
