"""``esodbg dap``: the Debug Adapter Protocol on stdin and stdout, for VS Code, Neovim (nvim-dap),
Helix, Emacs (dap-mode) and any other editor that speaks it (:mod:`.server`; set-ups in
``docs/editors.md``)."""

from __future__ import annotations

import sys


def serve() -> int:
    """Serve one editor on this process's stdin and stdout until it disconnects.  Stdout carries
    the protocol and nothing else: anything printed goes to stderr."""
    from .protocol import Reader, Writer
    from .server import Server

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must never corrupt the protocol
    return Server(Reader(stdin), Writer(stdout)).serve()
