"""``esodbg run`` in a real pseudo-terminal: quitting from any state ends the process at once, with
the exit code `run --help` lists for the state quit in."""

from __future__ import annotations

import pytest

from conftest import EXAMPLES
from terminal import Terminal

TRUTH = EXAMPLES / "fifteen" / "truth.15"


@pytest.fixture
def terminal():
    opened = []

    def open_(*args: str) -> Terminal:
        opened.append(Terminal(*map(str, args)))
        return opened[-1]

    yield open_
    for t in opened:
        t.close()


@pytest.mark.parametrize("key", [b"q", b"\x03"], ids=["q", "ctrl+c"])
def test_quit_while_running_ends_the_process_at_once(terminal, key):
    t = terminal("run", TRUTH, "--input", "1")  # prints forever
    t.wait_for(b"PAUSED")
    t.press(b"c")
    t.wait_for(b"RUNNING")
    t.read(0.5)
    t.press(key)
    assert t.exit_code(3) == 0  # not a screen gone blank over a process still spinning
    assert b"Traceback" not in t.output and b"Aborted" not in t.output


def test_quit_at_a_parse_error_exits_2(terminal, tmp_path):
    bad = tmp_path / "bad.15"
    bad.write_text("1,x\n\n>_,<_\n")
    t = terminal("run", bad)
    t.wait_for(b"cannot run")
    t.press(b"q")
    assert t.exit_code(3) == 2


def test_quit_at_a_runtime_error_exits_1(terminal):
    t = terminal("run", TRUTH, "--input", "")  # the first read finds the input closed
    t.wait_for(b"PAUSED")
    t.press(b"c")
    t.wait_for(b"ERROR")
    t.press(b"q")
    assert t.exit_code(3) == 1
