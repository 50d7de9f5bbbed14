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
    SIGTERM exits 130 at once (:func:`interrupted`).  pygls handles the messages; reading them is
    the base protocol both editor servers speak (:mod:`esodbg.app.wire`: what it accepts and
    refuses is said there), the loop and writing them :mod:`.framing`'s.  Stdout carries the
    protocol and nothing else: anything printed goes to stderr."""
    import asyncio
    import logging
    import threading

    from . import framing
    from .server import make_server

    # The reader thread waits on stdin to the end; on a stream of its own, not sys.stdin, which the
    # interpreter's exit closes (a thread inside sys.stdin then is a fatal error at exit).
    stdin, stdout = os.fdopen(os.dup(sys.stdin.fileno()), "rb"), sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must never corrupt the protocol
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, interrupted)
    # Every problem reaches the editor as an error response or a message; pygls' log would only
    # add tracebacks on stderr (the editor's log) for input the client got wrong.
    logging.getLogger("pygls").setLevel(logging.CRITICAL)
    server = make_server()
    server._stop_event = threading.Event()  # as pygls' start_io sets it; framing.run reads it
    server.protocol.set_writer(framing.Writer(stdout))
    try:
        asyncio.run(framing.run(server, stdin))
    except (BrokenPipeError, KeyboardInterrupt, SystemExit):  # SystemExit: the editor sent exit
        pass
    finally:
        server.shutdown()
    return 0


def interrupted(signum: int, frame) -> NoReturn:
    """Ctrl+C or SIGTERM: exit 130 now.  pygls would take a KeyboardInterrupt as the end of the
    session and then wait for its thread reading stdin, until the editor closes it; the server
    has nothing to save."""
    os.write(2, b"esodbg: interrupted\n")
    os._exit(INTERRUPTED)
