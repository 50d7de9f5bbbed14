"""Program input and output as the engines see them.

Input is an append-only log with a *closed* flag; each machine keeps only a cursor (an int) into
it.  Because the log only grows, re-executing from a checkpoint with the same cursor consumes
exactly the same characters, which is what makes step back across input reads exact.

Output is either an in-memory log whose end can be moved (the debugger, so stepping back takes
output back) or a stream (``esodbg exec``, so an endless printer uses no memory).
"""

from __future__ import annotations

import io
from typing import Protocol, TextIO


class InputLog:
    """Everything the program has been given as input so far.

    ``text`` only grows (:meth:`feed`); ``closed`` becomes true at end of input and never goes
    back.  Readers keep their own cursor, so one log can serve many re-executions.
    """

    __slots__ = ("text", "closed")

    def __init__(self, text: str = "", closed: bool = False) -> None:
        self.text = text
        self.closed = closed

    def feed(self, text: str) -> None:
        """Append ``text``.  Raises ``ValueError`` if the input is already closed."""
        if self.closed:
            raise ValueError("input is closed")
        self.text += text

    def close(self) -> None:
        """Mark end of input: a reader that needs more now gets end-of-input."""
        self.closed = True

    def read_line(self, pos: int) -> tuple[str, int] | None:
        """The line starting at ``pos`` (without its newline) and the position after it.

        Returns ``None`` if no complete line is there yet and the log is open (the caller must
        ask for more input).  At end of a closed log an unterminated last line is a line; at the
        very end, returns ``("", pos)`` with ``pos == len(text)`` — callers check
        :meth:`at_end` first.
        """
        text = self.text
        nl = text.find("\n", pos)
        if nl >= 0:
            return text[pos:nl], nl + 1
        if not self.closed:
            return None
        return text[pos:], len(text)

    def at_end(self, pos: int) -> bool:
        """True if nothing is left at ``pos`` and nothing more will come."""
        return self.closed and pos >= len(self.text)

    def pending(self, pos: int) -> str:
        """The input still queued after ``pos`` (for display)."""
        return self.text[pos:]


class Output(Protocol):
    """Where a machine writes program output.  ``length`` counts characters written so far."""

    length: int

    def write(self, text: str) -> None: ...

    def set_length(self, length: int) -> None: ...


class OutputLog:
    """Program output kept in memory, for the debugger.

    :meth:`set_length` moves the end of the output back (step back) or forward again (restoring
    a later checkpoint).  Text past the end is kept, not destroyed: runs are deterministic, so
    re-executing from a state writes exactly the characters that are already there.
    """

    __slots__ = ("_buf", "length")

    def __init__(self) -> None:
        self._buf = io.StringIO()
        self.length = 0

    def write(self, text: str) -> None:
        self._buf.write(text)
        self.length += len(text)

    def set_length(self, length: int) -> None:
        """Make the output the first ``length`` characters ever written at this position."""
        if length != self.length:
            self._buf.seek(length)
            self.length = length

    def text(self, start: int = 0) -> str:
        """The output from character ``start`` to the current end."""
        self._buf.seek(start)
        text = self._buf.read(self.length - start)
        self._buf.seek(self.length)
        return text


class StreamOutput:
    """Program output written straight to a text stream (headless runs).  Cannot be taken back."""

    __slots__ = ("_write", "length")

    def __init__(self, stream: TextIO) -> None:
        self._write = stream.write
        self.length = 0

    def write(self, text: str) -> None:
        self._write(text)
        self.length += len(text)

    def set_length(self, length: int) -> None:
        if length != self.length:
            raise RuntimeError("a stream's output cannot be taken back")
