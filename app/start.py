"""The ``esodbg`` command's first code: Ctrl+C and SIGTERM are answered from its first instant.

Importing the command line (click and esodbg's modules) takes a tenth of a second or more; a
signal in that time would otherwise end the process with Python's traceback, or, for SIGTERM,
kill it with no word.  This module imports nothing heavy: it sets the signals to raise
``KeyboardInterrupt``, imports :mod:`esodbg.app.cli`, and runs :func:`~esodbg.app.cli.entry`,
which handles them as every command does from then on (exit 130, "esodbg: interrupted").
"""

from __future__ import annotations

import os
import signal
import sys


def main() -> None:
    """The ``esodbg`` command (and ``python -m esodbg.app``)."""
    for sig in (signal.SIGINT, signal.SIGTERM):  # (SIGINT may come ignored: see cli.entry)
        signal.signal(sig, signal.default_int_handler)
    try:
        from esodbg.app import cli
    except KeyboardInterrupt:
        sys.stderr.write("esodbg: interrupted\n")
        sys.stderr.flush()
        os._exit(130)  # exitcodes.INTERRUPTED, not imported: it is what was being imported
    cli.entry()
