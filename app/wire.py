"""The base protocol both editor servers speak (``esodbg dap`` and ``esodbg lsp``): messages framed
by a ``Content-Length`` header.

Each message is header lines, an empty line, then ``Content-Length`` bytes of UTF-8 JSON
(``Content-Length: N\\r\\n\\r\\n`` and the body, as clients write it).  :class:`Reader` reads
them, :func:`frame` makes one; each server answers what could not be read in its own way (the
adapter with an error response, the language server with JSON-RPC's errors).

Bad framing never ends a server: :meth:`Reader.read` raises :class:`FramingError` saying what was
wrong and is ready for the next message.  What it accepts (docs/editors.md, "The protocol both
servers read"): header names in any case, spaces (or none) around the colon and the value, lines
ended by CRLF or LF alone, other headers (``Content-Type``, ignored), blank lines between
messages; a ``Content-Length`` of ASCII digits over 0 (``int()`` takes ``²`` and ``٣`` too; an
empty body is no JSON).  A body over :data:`MAX_BODY` bytes is refused and never read into
memory, whatever the number.  After a message it could not read (a bad header, a body that is
not UTF-8 JSON, one too long) it resynchronises on the next ``Content-Length`` header, wherever
it starts: the bytes before it (a body's tail when the length given was short, a refused body)
are dropped, a length too long that took in the next message's header gives that message back.
"""

from __future__ import annotations

import json
import re
from typing import Any, BinaryIO

MAX_BODY = 64 * 1024 * 1024  # bytes: a 4-million-character document, each character JSON-escaped, fits
MAX_LINE = 64 * 1024  # bytes of a header line at most (skipped bytes are read this many at a time)
HEADER = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)  # where a message starts
NAME = b"content-length"
LENGTH = re.compile(rb"[ \t]*([0-9]+)[ \t]*")  # ASCII digits only: int() takes "²" and "٣" too
SURROGATE = re.compile("[\ud800-\udfff]")  # in a str from JSON only lone ones are left: no character
_CARRY = 64  # bytes of a line cut at MAX_LINE kept for the next piece: a header cut in two is found


class FramingError(Exception):
    """A message that could not be read; ``str(error)`` says what was wrong.  ``body``: False
    when its header could not be read (a bad line, no valid ``Content-Length``, bytes before a
    header), True when its body was read and is not UTF-8 JSON (or is nested too deep to read)."""

    def __init__(self, message: str, body: bool = False) -> None:
        super().__init__(message)
        self.body = body


class Reader:
    """Reads messages from ``stream`` (binary, blocking).  ``constants``: whether ``NaN`` and
    ``Infinity``, which are not JSON, are read as floats (for a server that answers them where
    they stand, as params that do not fit) rather than refused."""

    def __init__(self, stream: BinaryIO, constants: bool = False) -> None:
        self.stream = stream
        self.constants = constants
        self._ahead = b""  # bytes read that belong to what comes next (a message found inside another's bytes)
        self._lost = False  # a message could not be read: what comes before the next header is its rest

    def read(self) -> Any:
        """The next message's JSON value (usually a dict; any JSON value, ``null`` too).  Raises
        :class:`FramingError` for a message that cannot be read (the next call reads the message
        after it), ``EOFError`` at the end of the stream."""
        length, problem, started = None, None, False
        while True:
            line = self._line()
            if not line:
                raise EOFError  # inside a header block too: nothing more will come
            found = HEADER.search(line)
            cut = len(line) == MAX_LINE and not line.endswith(b"\n")
            if self._lost:  # dropping the rest of a message that could not be read
                if found is None or (cut and found.start() > 0):  # a header cut by the limit: read it whole
                    if cut:
                        self._ahead = line[found.start() if found else -_CARRY:] + self._ahead
                    continue
                line, self._lost = line[found.start():], False
            elif found is not None and found.start() > 0:  # a header after other bytes: the message starts there
                self._ahead = line[found.start():] + self._ahead
                raise FramingError(f"bytes before a header: {line[:min(found.start(), 60)]!r}")
            if line.strip(b"\r\n") == b"":
                if not started:
                    continue  # blank lines between messages
                break
            started = True
            name, colon, value = line.rstrip(b"\r\n").partition(b":")
            if not colon:
                problem = problem or f"bad header line {line[:60]!r}: expected 'Name: value'"
            elif name.strip().lower() == NAME:
                length, problem = _length(value, problem)
        if problem is None and length is None:
            problem = "a header without Content-Length"
        if problem is not None:
            self._lost = True
            raise FramingError(problem)
        body = self._body(length)
        if len(body) < length:
            raise EOFError  # the stream ended inside the body
        try:
            return json.loads(body.decode("utf-8"), parse_constant=None if self.constants else _no_constant)
        except UnicodeDecodeError as error:
            problem = f"the body is not UTF-8 (byte {error.start})"
        except RecursionError:
            problem = "the body is JSON nested too deeply to read"
        except ValueError as error:
            problem = f"the body is not JSON: {error}"
        # A Content-Length too long takes in the next message's header (or its first bytes); too
        # short, leaves the body's tail before the next header: either way, read on from the next
        # header.
        found = HEADER.search(body, 1)
        if found is not None:
            self._ahead = body[found.start():] + self._ahead
        else:
            start = next((len(body) - n for n in range(min(len(body) - 1, len(NAME)), 0, -1)
                          if NAME.startswith(body[-n:].lower())), len(body))
            self._ahead = body[start:] + self._ahead
        self._lost = True
        raise FramingError(problem, body=True)

    def _line(self) -> bytes:
        """The next line (with its end of line; at most MAX_LINE bytes), what was read ahead first."""
        if not self._ahead:
            return self.stream.readline(MAX_LINE)
        end = self._ahead.find(b"\n", 0, MAX_LINE)
        if end < 0 and len(self._ahead) < MAX_LINE:
            line, self._ahead = self._ahead, b""
            return line + self.stream.readline(MAX_LINE - len(line))
        end = end + 1 if end >= 0 else MAX_LINE
        line, self._ahead = self._ahead[:end], self._ahead[end:]
        return line

    def _body(self, length: int) -> bytes:
        head, self._ahead = self._ahead[:length], self._ahead[length:]
        return head + self.stream.read(length - len(head)) if len(head) < length else head


def _length(value: bytes, problem: str | None) -> tuple[int | None, str | None]:
    """A ``Content-Length`` header's value read: (the length, None), or (None, what is wrong with
    it); a problem found before in the block is kept."""
    digits = LENGTH.fullmatch(value)
    if digits is None:
        shown = value.strip()[:20].decode("utf-8", "replace")
        return None, problem or f"bad Content-Length {shown!r}: expected a number of bytes, in ASCII digits"
    number = digits[1].lstrip(b"0")
    if not number:
        return None, problem or f"bad Content-Length {digits[1][:20].decode()!r}: an empty body is not JSON"
    if len(number) > 12 or int(number) > MAX_BODY:  # never an int() of thousands of digits
        shown = digits[1][:30].decode() + ("…" if len(digits[1]) > 30 else "")
        return None, problem or f"a body of {shown} bytes: at most {MAX_BODY:,} are read"
    return int(number), problem


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")  # Python's json reads NaN and Infinity; no peer may rely on it


def frame(value: Any) -> bytes:
    """``value`` as one frame: ``Content-Length: N\\r\\n\\r\\n`` and N bytes of UTF-8 JSON.  A lone
    surrogate in a string (one the client sent, echoed: JSON's ``\\ud800`` gives them), which no
    UTF-8 can hold, is written as U+FFFD."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        body = text.encode("utf-8")
    except UnicodeEncodeError:
        body = SURROGATE.sub("\ufffd", text).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
