"""``esodbg lsp``: the Language Server Protocol on stdin and stdout, for VS Code, Neovim, Helix
and any other editor (:mod:`.server`; set-ups in ``docs/editors.md``)."""

from __future__ import annotations

import os
import signal
import sys
from typing import NoReturn

from esodbg.app.exitcodes import INTERRUPTED


def serve() -> int:
    """Serve one editor on this process's stdin and stdout until it exits (returns 0); Ctrl+C or
    SIGTERM exits 130 at once (:func:`interrupted`).  Stdout carries the protocol and nothing
    else: anything printed goes to stderr."""
    from .server import make_server

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must never corrupt the protocol
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, interrupted)
    make_server().start_io(stdin, stdout)
    return 0


def interrupted(signum: int, frame) -> NoReturn:
    """Ctrl+C or SIGTERM: exit 130 now.  pygls would take a KeyboardInterrupt as the end of the
    session and then wait for its thread reading stdin, until the editor closes it; the server
    has nothing to save."""
    os.write(2, b"esodbg: interrupted\n")
    os._exit(INTERRUPTED)
