"""``esodbg dap``: the Debug Adapter Protocol on stdin and stdout, for VS Code, Neovim (nvim-dap),
Helix, Emacs (dap-mode) and any other editor that speaks it (:mod:`.server`; set-ups in
``docs/editors.md``)."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import NoReturn


def serve() -> NoReturn:
    """Serve one editor on this process's stdin and stdout until it disconnects, then end the
    process (exit code 0).  Stdout carries the protocol and nothing else: anything printed goes to
    stderr."""
    from ..wire import Reader
    from .protocol import Writer
    from .server import Server

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must never corrupt the protocol
    code = Server(Reader(stdin), Writer(stdout)).serve()
    # Exit now: the reader thread is blocked reading stdin (and a loader thread may still be reading
    # a program), and the interpreter's teardown aborts on a stream a daemon thread holds.
    for stream in (stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # the editor gone, a stream closed
            stream.flush()
    os._exit(code)
