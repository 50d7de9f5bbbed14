"""``esodbg lsp``: the Language Server Protocol on stdin and stdout, for VS Code, Neovim, Helix
and any other editor (:mod:`.server`; set-ups in ``docs/editors.md``)."""

from __future__ import annotations

import sys


def serve() -> int:
    """Serve one editor on this process's stdin and stdout until it exits.  Stdout carries the
    protocol and nothing else: anything printed goes to stderr."""
    from .server import make_server

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must never corrupt the protocol
    make_server().start_io(stdin, stdout)
    return 0
