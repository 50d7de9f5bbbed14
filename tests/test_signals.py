"""Ctrl+C (SIGINT) and SIGTERM end every command within a second of the signal, the way the
command quits, with the exit code its ``--help`` lists (130; ``serve``: 0) and never a
traceback — wherever it was started from: each child here starts with SIGINT at its default
(:func:`children.default_sigint`), and ``esodbg`` handles it even if it came ignored.

Each test signals the command only once it is demonstrably busy or ready (output written, CPU
spent, the screen drawn, a response sent), and times the signal to the exit."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from esodbg.engines.befunge import MAX_REPEAT

from children import busy, default_sigint, handles
from conftest import EXAMPLES
from dap_client import Client
from terminal import Terminal

SIGNALS = pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
BOUND = 1.0  # seconds from the signal to the exit (the bound)
TRUTH = EXAMPLES / "fifteen" / "truth.15"  # with input 1, prints 1 forever


STARTED: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def no_child_left():
    """A test that fails before its signal leaves no esodbg running (an endless exec would spin on)."""
    yield
    while STARTED:
        process = STARTED.pop()
        if process.poll() is None:
            process.kill()
            process.wait(10)


def start(*args: str | Path, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, **options) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "esodbg.app", *map(str, args)], stdin=stdin, stdout=stdout,
                               stderr=subprocess.PIPE, preexec_fn=default_sigint, **options)
    STARTED.append(process)
    return process


def ended(process: subprocess.Popen, sig: int) -> tuple[float, int]:
    """Send ``sig`` to ``process``: (seconds until it exited, its exit code)."""
    handles(process.pid, sig)
    begun = time.monotonic()
    process.send_signal(sig)
    code = process.wait(30)
    return time.monotonic() - begun, code


def wait_until(condition, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


@SIGNALS
def test_exec_stops_between_two_steps_writes_its_results_and_exits_130(tmp_path, sig):
    out, state = tmp_path / "out", tmp_path / "state.json"
    with out.open("wb") as stdout:
        process = start("exec", TRUTH, "--input", "1", "--final-state", state, stdout=stdout)
        wait_until(lambda: out.stat().st_size > 0)
        seconds, code = ended(process, sig)
    stderr = process.stderr.read().decode()
    assert code == 130 and seconds < BOUND, (code, seconds, stderr)
    assert "Traceback" not in stderr
    step = int(re.search(r"interrupted at step (\d+)", stderr).group(1))
    assert json.loads(state.read_text())["steps"] == step
    assert out.read_text() == "1\n" * (step - 2)  # exactly the output of the steps it ran (2: read, branch)


@SIGNALS
@pytest.mark.parametrize("final_state", [False, True], ids=["summary", "final-state"])
def test_stoned_go_exec_of_an_endless_program_says_interrupted(tmp_path, sig, final_state):
    program = tmp_path / "endless.sgo"
    program.write_text("|+1\n")
    process = start("exec", program, *(["--final-state", "-"] if final_state else []))
    busy(process.pid, 1.5)  # a run of seconds, well past the start (imports and parsing take 0.15-0.7 s of CPU)
    seconds, code = ended(process, sig)
    stdout, stderr = process.stdout.read().decode(), process.stderr.read().decode()
    assert code == 130 and seconds < BOUND, (code, seconds, stderr)
    assert "Traceback" not in stderr and "step limit" not in stdout
    step = int(re.search(r"interrupted at step (\d+)", stderr).group(1))
    if final_state:
        state = json.loads(stdout.strip())
        assert (state["outcome"], state["halted"], state["steps"], state["step_limit"]) == \
            ("interrupted", False, step, None)
    else:
        assert stdout.splitlines()[0] == "interrupted" and stdout.splitlines()[1].startswith(f"steps {step:,} ·")


@SIGNALS
def test_check_of_a_huge_file_exits_130_while_parsing(tmp_path, sig):
    program = tmp_path / "huge.ttg"
    program.write_text("ab" * 1_000_000, "utf-8")  # a second of parsing
    process = start("check", program)
    busy(process.pid, 0.4)  # started and reading (Python and esodbg's imports take 0.15 s)
    seconds, code = ended(process, sig)
    stdout, stderr = process.stdout.read().decode(), process.stderr.read().decode()
    assert code == 130 and seconds < BOUND, (code, seconds, stdout, stderr)
    assert stdout == "" and stderr.strip() == "esodbg: interrupted"  # (click starts a line after a ^C)


@SIGNALS
def test_run_quits_as_q_does_remembers_its_session_and_restores_the_terminal(tmp_path, sig):
    program = tmp_path / "truth.15"
    program.write_bytes(TRUTH.read_bytes())
    from esodbg.engines import sessions

    t = Terminal("run", str(program), "--input", "1")
    try:
        t.wait_for(b"PAUSED")
        t.press(b"w")  # a watch: the session has something to remember
        t.wait_for(b"an expression over")
        t.press(b"acc\r")
        t.wait_for(b"Watches 1")
        t.press(b"c")
        t.wait_for(b"RUNNING")
        drawn = len(t.output)
        seconds, code = ended(t.process, sig)
        t.read(0.2)  # what it wrote last
        assert code == 130 and seconds < BOUND, (code, seconds)
        assert b"Traceback" not in t.output
        assert b"\x1b[?1049l" in t.output[drawn:]  # left the alternate screen: the terminal is the shell's again
        assert json.loads(sessions.session_file(program).read_text())["watches"] == ["acc"]
    finally:
        t.close()


@SIGNALS
def test_dap_exits_130_while_a_continue_runs(sig):
    with Client() as client:
        client.launch(str(TRUTH), stdin="1\n")
        client.request("configurationDone")
        client.event("output")  # running, and writing
        seconds, code = ended(client.process, sig)
        stderr = client.process.stderr.read().decode()
    assert code == 130 and seconds < BOUND, (code, seconds, stderr)
    assert stderr.strip() == "esodbg: interrupted"


def lsp_message(body: dict) -> bytes:
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(data), data)


@SIGNALS
def test_lsp_exits_130_at_once(sig):
    process = start("lsp", stdin=subprocess.PIPE)
    process.stdin.write(lsp_message({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                     "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
    process.stdin.flush()
    assert process.stdout.readline().startswith(b"Content-Length:")  # it answered: serving
    seconds, code = ended(process, sig)  # stdin still open: the editor has not gone
    stderr = process.stderr.read().decode()
    process.stdin.close()
    assert code == 130 and seconds < BOUND, (code, seconds, stderr)
    assert stderr.strip() == "esodbg: interrupted"


@SIGNALS
def test_serve_stops_with_0(sig):
    process = start("serve", TRUTH, "--port", "0", "--no-restore", stdin=subprocess.PIPE, start_new_session=True)
    assert b"Serving" in process.stdout.readline()
    seconds, code = ended(process, sig)
    stderr = process.stderr.read().decode()
    assert code == 0 and seconds < BOUND, (code, seconds, stderr)
    assert "Traceback" not in stderr


# Steps that each take milliseconds (issue 43): a ><> program squares 2 fifteen times, then prints
# that 32,769-bit number forever (each `n` a decimal conversion of ~4 ms).  Chunks of a fixed
# number of steps would leave the signal unanswered for many seconds.
PRINTER = "2" + ":*" * 15 + "v\n" + " " * 31 + ":\n" + " " * 31 + "n\n"


# Befunge-98's slowest steps (issue 43): a k of 65,536 pushes (--max-repeat's default), n, a print.
REPEATER = ">88*:*4*4*k1n1.\n"
assert MAX_REPEAT == 1 << 16, "the repeater's k is the most a step may repeat"
# Ready: output written past this many bytes, and this much CPU used.  The repeater's output
# waits in a buffer, so its CPU says it runs: past its imports (~0.15 s, more on a loaded machine).
SLOW = pytest.mark.parametrize("program,ready,cpu", [("printer.fish", 100_000, 0.3), ("repeater.b98", -1, 1.5)],
                               ids=["printer", "repeater"])


@SIGNALS
@SLOW
def test_exec_answers_at_once_where_each_step_is_slow(tmp_path, sig, program, ready, cpu):
    path, out = tmp_path / program, tmp_path / "out"
    path.write_text(PRINTER if program.endswith(".fish") else REPEATER)
    with out.open("wb") as stdout:
        process = start("exec", path, stdout=stdout)
        wait_until(lambda: out.stat().st_size > ready)
        busy(process.pid, cpu)
        seconds, code = ended(process, sig)
    stderr = process.stderr.read().decode()
    assert code == 130 and seconds < BOUND, (code, seconds, stderr)
    assert "Traceback" not in stderr and "Fatal" not in stderr
    assert re.search(r"interrupted at step \d+", stderr)


@pytest.mark.parametrize("program,options", [
    ("printer.fish", ()),
    # The maze that squares its top every lap, with a bound far above the default: near its
    # end one multiply takes a quarter of a second.
    ("square.lab", ("--max-int-bits", str(1 << 20))),
    # Steps of 50-100 ms in the compiled loop, which holds the interpreter lock throughout: the
    # UI thread fell behind on frames (each a few ms of lock a step), and after a few seconds
    # q took 5 s and more.  At 120x40 a frame costs the most.
    ("repeater.b98", ()),
], ids=["printer", "square", "repeater"])
def test_q_quits_the_debugger_within_a_second_while_big_numbers_run(tmp_path, program, options):
    path = tmp_path / program
    path.write_text({"fish": PRINTER, "lab": "2:\n\"*\n", "b98": REPEATER}[program.rsplit(".", 1)[1]])
    repeater = program.endswith(".b98")
    t = Terminal("run", str(path), "--no-restore", *options, size=(120, 40) if repeater else (100, 30))
    try:
        t.wait_for(b"PAUSED")
        t.press(b"c")
        busy(t.process.pid, 3.0 if repeater else 0.5)  # running: the worker is in the big numbers
        t.press(b"q")
        begun = time.monotonic()
        code = t.exit_code(30)  # reading what it draws meanwhile
        seconds = time.monotonic() - begun
        assert seconds < BOUND and code == 0, (seconds, code)
        assert b"Traceback" not in t.output
    finally:
        t.close()


def test_ctrl_c_in_a_library_run_is_a_clean_keyboard_interrupt(tmp_path):
    """A script (or pytest) running the engines as a library gets Ctrl+C as a KeyboardInterrupt
    within a second, between two chunks of the compiled loop: never a hang, never an abort
    (issue 43: an interrupted big multiply once gave "Fatal Python error: Aborted")."""
    path = tmp_path / "printer.fish"
    path.write_text(PRINTER)
    script = ("import sys\nfrom esodbg.engines.registry import for_file\nfrom esodbg.engines.debugger import Session\n"
              f"language = for_file({str(path)!r})\n"
              f"session = Session(language, language.parse(open({str(path)!r}).read(), {str(path)!r}, "
              "{'max_int_bits': 1 << 20}))\n"
              "print('running', flush=True)\nsession.continue_()\nprint('ended', session.machine.status, flush=True)\n")
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=default_sigint)
    STARTED.append(process)
    assert process.stdout.readline() == b"running\n"
    busy(process.pid, 0.5)
    begun = time.monotonic()
    process.send_signal(signal.SIGINT)
    code = process.wait(30)
    assert time.monotonic() - begun < BOUND
    stderr = process.stderr.read().decode()
    assert code == -signal.SIGINT and "KeyboardInterrupt" in stderr, (code, stderr)  # killed by SIGINT, as Python ends one
    assert "Fatal Python error" not in stderr


def test_a_signal_python_cannot_raise_where_it_lands_still_ends_the_command():
    """A KeyboardInterrupt that lands in a weakref callback (or a ``__del__``, or the garbage
    collector: all run inside imports and parsing) is one Python prints and drops; the command
    must still end as for any Ctrl+C (as CI once saw: a SIGTERM during an import, and exit 0)."""
    script = """if True:
        import time, weakref
        from esodbg.app import cli
        def main(**_):
            class Parsed: pass
            def dropped(_):
                raise KeyboardInterrupt  # as the signal handler does, here where Python drops it
            parsed = Parsed()
            keep = weakref.ref(parsed, dropped)
            del parsed
            time.sleep(20)  # the rest of a long parse
        cli.main = main
        cli.entry()
    """
    begun = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 130 and time.monotonic() - begun < 10, (done.returncode, done.stderr)
    assert done.stderr.strip() == "esodbg: interrupted"


@SIGNALS
def test_a_signal_while_the_command_line_is_imported_ends_the_command_the_same_way(sig):
    """esodbg's first code sets the signals before importing its command line (a tenth of a
    second and more): here that import is made to take 20 s, and the signal comes during it."""
    script = """if True:
        import importlib.abc, sys, time
        class Slow(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name == "esodbg.app.cli":
                    print("importing", flush=True)
                    time.sleep(20)
                return None
        sys.meta_path.insert(0, Slow())
        from esodbg.app.start import main
        main()
    """
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=default_sigint)
    STARTED.append(process)
    assert process.stdout.readline() == b"importing\n"
    seconds, code = ended(process, sig)
    assert code == 130 and seconds < BOUND, (code, seconds)
    assert process.stderr.read().decode() == "esodbg: interrupted\n"
