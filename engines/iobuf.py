"""Program input and output as the engines see them.

Input is an append-only log with a *closed* flag; each machine keeps only a cursor (an int) into
it.  Because the log only grows, re-executing from a checkpoint with the same cursor consumes
exactly the same characters, which is what makes step back across input reads exact.

Output is either an in-memory log whose end can be moved (the debugger, so stepping back takes
output back) or a stream (``esodbg exec``, so an endless printer uses no memory).
"""

from __future__ import annotations

import bisect
import io
from typing import IO, Protocol, TextIO


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

    def text(self, start: int = 0) -> str: ...


class OutputLog:
    """Program output kept for the debugger: exact for stepping back, compact, and bounded in
    memory however long a program prints.

    ``length`` is the current end, in characters.  :meth:`set_length` moves it back (step back)
    or forward again (restoring a later checkpoint).  Text past the end is kept, not destroyed:
    runs are deterministic, so re-executing from a state writes exactly the characters that are
    already there — a write below the stored end only moves the end.

    The text is kept in chunks of ``chunk_chars`` characters (a ``str`` of ASCII costs a byte a
    character; ``io.StringIO`` costs four).  Past ``memory_chars`` characters in memory, the
    oldest chunks move to a temporary file as UTF-8 (surrogates kept with ``surrogatepass``) and
    are read back only if asked for (:meth:`text` far back).
    """

    __slots__ = ("length", "_stored", "_chunks", "_starts", "_where", "_pending", "_pending_len", "_file",
                 "_in_memory", "_memory_chars", "_chunk_chars")

    def __init__(self, memory_chars: int = 16 * 1024 * 1024, chunk_chars: int = 65536) -> None:
        self.length = 0
        self._stored = 0  # characters kept (≥ length)
        self._chunks: list[str | None] = []  # full chunks; None once moved to the file
        self._starts: list[int] = []  # character offset of each chunk
        self._where: list[tuple[int, int]] = []  # (file offset, bytes) of each chunk moved to the file
        self._pending: list[str] = []  # the writes after the last full chunk
        self._pending_len = 0
        self._file: IO[bytes] | None = None
        self._in_memory = 0  # characters in self._chunks still in memory
        self._memory_chars = memory_chars
        self._chunk_chars = chunk_chars

    def write(self, text: str) -> None:
        n = len(text)
        if self.length == self._stored:  # appending: the common case, kept short (it runs per output step)
            self._pending.append(text)
            self._pending_len += n
            self._stored = self.length = self.length + n
            if self._pending_len >= self._chunk_chars:
                self._seal()
            return
        end = self.length + n
        if end > self._stored:  # a rerun reached the end of what was kept: store the rest
            self.length = self._stored
            self.write(text[n - (end - self._stored):])
        self.length = end

    def _seal(self) -> None:
        """Make the pending writes a chunk; past the memory allowance, spill old chunks."""
        self._starts.append(self._stored - self._pending_len)
        self._chunks.append("".join(self._pending))
        self._where.append((-1, 0))
        self._in_memory += self._pending_len
        self._pending, self._pending_len = [], 0
        if self._in_memory > self._memory_chars:
            self._spill()

    def _spill(self) -> None:
        """Move the oldest chunks in memory to the file until half the allowance is free."""
        if self._file is None:
            import tempfile  # only a program that prints megabytes needs it (and it is slow to import)

            self._file = tempfile.TemporaryFile()
        file = self._file
        for i, chunk in enumerate(self._chunks):
            if self._in_memory <= self._memory_chars // 2:
                break
            if chunk is not None:
                data = chunk.encode("utf-8", "surrogatepass")
                file.seek(0, io.SEEK_END)
                self._where[i] = (file.tell(), len(data))
                file.write(data)
                self._chunks[i] = None
                self._in_memory -= len(chunk)

    def _chunk(self, i: int) -> str:
        chunk = self._chunks[i]
        if chunk is None:
            offset, size = self._where[i]
            assert self._file is not None  # a chunk not in memory was spilled to the file
            self._file.seek(offset)
            chunk = self._file.read(size).decode("utf-8", "surrogatepass")
        return chunk

    def set_length(self, length: int) -> None:
        """Make the output the first ``length`` characters ever written at this position."""
        self.length = length

    def text(self, start: int = 0) -> str:
        """The output from character ``start`` to the current end."""
        end = self.length
        if start >= end:
            return ""
        parts: list[str] = []
        pending_start = self._stored - self._pending_len
        if end > pending_start:  # the newest writes, read from their end backwards
            pos = self._stored
            for piece in reversed(self._pending):
                pos -= len(piece)
                if pos < end:
                    parts.append(piece[max(start - pos, 0):end - pos])
                if pos <= start:
                    break
            parts.reverse()
            end = pending_start
        if start < end:
            i = bisect.bisect_right(self._starts, start) - 1
            body = []
            while i < len(self._chunks) and self._starts[i] < end:
                chunk, at = self._chunk(i), self._starts[i]
                body.append(chunk[max(start - at, 0):end - at])
                i += 1
            parts[:0] = body
        return "".join(parts)


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


class NoOutput:
    """An output that keeps only its length (a machine replaying a run writes nowhere)."""

    __slots__ = ("length",)

    def __init__(self) -> None:
        self.length = 0

    def write(self, text: str) -> None:
        self.length += len(text)

    def set_length(self, length: int) -> None:
        self.length = length

    def text(self, start: int = 0) -> str:
        return ""


class RecordingOutput(OutputLog):
    """Program output written straight to a stream and kept too (``esodbg exec --final-state``,
    whose final state includes the output)."""

    __slots__ = ("_stream_write",)

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self._stream_write = stream.write

    def write(self, text: str) -> None:
        self._stream_write(text)
        super().write(text)
