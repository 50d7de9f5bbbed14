"""The Debug Adapter Protocol's base protocol: messages framed by a ``Content-Length`` header.

Each message is ``Content-Length: N\\r\\n\\r\\n`` and then N bytes of UTF-8 JSON.  No maintained
Python library implements the adapter side (design.md, "Editors and browsers"), and the
framing is small: :class:`Reader` reads messages, :class:`Writer` writes them (one at a time,
from any thread).

Bad framing never ends the adapter: :meth:`Reader.read` raises :class:`FramingError` saying what
was wrong and is ready for the next message.  What it accepts (docs/editors.md, "The protocol"):
header names in any case, any spaces around the value, lines ended by CRLF or LF alone, other
headers (ignored); a ``Content-Length`` of ASCII digits.  After a message it could not read (a
bad header, a body that is not UTF-8 JSON, one too long) it resynchronises on the next
``Content-Length`` header, wherever it starts: the bytes before it, a body's tail when the
length given was short, are dropped.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any, BinaryIO

MAX_BODY = 64 * 1024 * 1024  # bytes: a longer body is refused and never read into memory
MAX_HEADER = 8192  # bytes in one header line at most
HEADER = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)  # where a message starts
NAME = b"content-length"
SURROGATE = re.compile("[\ud800-\udfff]")
LENGTH = re.compile(rb"[ \t]*([0-9]+)[ \t]*")  # ASCII digits only: int() takes "²" and "٣" too


class FramingError(Exception):
    """A message that could not be read: a header without a valid ``Content-Length``, a body that
    is not UTF-8 JSON (or nested too deep to read).  ``str(error)`` says what was wrong."""


class Reader:
    """Reads messages from ``stream`` (binary)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
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
            if self._lost:  # dropping the rest of a message that could not be read
                if found is None:
                    if len(line) == MAX_HEADER and not line.endswith(b"\n"):
                        self._ahead = line[-20:] + self._ahead  # a header cut in two by the line's limit
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
            elif name.strip().lower() == b"content-length":
                digits = LENGTH.fullmatch(value)
                if digits is None:
                    problem = problem or f"bad Content-Length {value.strip()[:20].decode('latin-1')!r}: " \
                                         "expected a number of bytes in ASCII digits"
                else:  # a length of more than 12 digits is past any limit: never made an int of thousands of digits
                    length = int(digits[1]) if len(digits[1]) <= 12 else MAX_BODY + 1
        if problem is None and length is None:
            problem = "a header without Content-Length"
        if problem is None and length > MAX_BODY:
            problem = f"a body of {length:,} bytes: at most {MAX_BODY:,} are read"
        if problem is not None:
            self._lost = True
            raise FramingError(problem)
        body = self._body(length)
        if len(body) < length:
            raise EOFError  # the stream ended inside the body
        try:
            return json.loads(body.decode("utf-8"), parse_constant=_no_constant)
        except UnicodeDecodeError as error:
            problem = f"the body is not UTF-8 (byte {error.start})"
        except RecursionError:
            problem = "the body is JSON nested too deep to read"
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
        raise FramingError(problem)

    def _line(self) -> bytes:
        """The next line (with its end of line; at most MAX_HEADER bytes), what was read ahead first."""
        if not self._ahead:
            return self.stream.readline(MAX_HEADER)
        end = self._ahead.find(b"\n", 0, MAX_HEADER)
        if end < 0 and len(self._ahead) < MAX_HEADER:
            line, self._ahead = self._ahead, b""
            return line + self.stream.readline(MAX_HEADER - len(line))
        end = end + 1 if end >= 0 else MAX_HEADER
        line, self._ahead = self._ahead[:end], self._ahead[end:]
        return line

    def _body(self, length: int) -> bytes:
        head, self._ahead = self._ahead[:length], self._ahead[length:]
        return head + self.stream.read(length - len(head)) if len(head) < length else head


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")  # Python's json reads NaN and Infinity; no peer may rely on it


class Writer:
    """Writes messages to ``stream`` (binary), numbering them (``seq``); safe to call from any
    thread: a message is written whole before the next one starts."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self._lock = threading.Lock()
        self._seq = 0
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        """Write ``message`` with the next ``seq``.  A reader that went away is not an error: the
        adapter has no one left to tell, and stops reading soon after."""
        with self._lock:
            if self.closed:
                return
            self._seq += 1
            text = json.dumps({"seq": self._seq, **message}, ensure_ascii=False)
            try:
                body = text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate (a name echoed from a request): no UTF-8 has it
                body = SURROGATE.sub("\ufffd", text).encode("utf-8")
            try:
                self.stream.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
                self.stream.flush()
            except (BrokenPipeError, ValueError, OSError):
                self.closed = True

    def event(self, event: str, body: dict[str, Any] | None = None) -> None:
        self.send({"type": "event", "event": event, **({"body": body} if body is not None else {})})

    def response(self, request_seq: int, command: str, body: dict[str, Any] | None = None,
                 error: str | None = None, show: bool = False) -> None:
        """The response to request ``request_seq``: success with ``body``, or failure with the
        message ``error`` (``show``: the editor should show it to the user, e.g. a launch that
        failed)."""
        message: dict[str, Any] = {"type": "response", "request_seq": request_seq, "command": command,
                                   "success": error is None}
        if error is not None:
            message["message"] = error
            if show:
                message["body"] = {"error": {"id": 1, "format": error, "showUser": True}}
        elif body is not None:
            message["body"] = body
        self.send(message)
