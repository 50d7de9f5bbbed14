"""The Debug Adapter Protocol's base protocol: messages framed by a ``Content-Length`` header.

Each message is ``Content-Length: N\\r\\n\\r\\n`` and then N bytes of UTF-8 JSON.  No maintained
Python library implements the adapter side (design.md, "Editors and browsers"), and the
framing is small: :class:`Reader` reads messages, :class:`Writer` writes them (one at a time,
from any thread).

Bad framing never ends the adapter: :meth:`Reader.read` raises :class:`FramingError` saying what
was wrong and is ready for the next message (it resynchronises on the next header block).
"""

from __future__ import annotations

import json
import threading
from typing import Any, BinaryIO

MAX_BODY = 64 * 1024 * 1024  # bytes: a longer body is refused (and skipped), never read into memory
MAX_HEADER = 8192  # bytes in one header line at most


class FramingError(Exception):
    """A message that could not be read: a header without a valid ``Content-Length``, a body that
    is not UTF-8 JSON.  ``str(error)`` says what was wrong."""


class Reader:
    """Reads messages from ``stream`` (binary)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def read(self) -> Any:
        """The next message's JSON value (usually a dict; any JSON value, ``null`` too).  Raises
        :class:`FramingError` for a message that cannot be read (the next call reads the message
        after it), ``EOFError`` at the end of the stream."""
        length, problem = None, None
        while True:
            line = self.stream.readline(MAX_HEADER)
            if not line:
                raise EOFError  # inside a header block too: nothing more will come
            if line in (b"\r\n", b"\n"):
                if length is None and problem is None:
                    continue  # blank lines between messages
                break
            name, colon, value = line.decode("latin-1").partition(":")
            if not colon:
                problem = problem or f"bad header line {line[:60]!r}: expected 'Name: value'"
            elif name.strip().lower() == "content-length":
                text = value.strip()
                if not text.isdigit():
                    problem = problem or f"bad Content-Length {text[:20]!r}: expected a number of bytes"
                else:
                    length = int(text)
        if problem is None and length is None:
            problem = "a header without Content-Length"
        if problem is not None:
            raise FramingError(problem)
        if length > MAX_BODY:
            self._skip(length)
            raise FramingError(f"a body of {length:,} bytes: at most {MAX_BODY:,} are read")
        body = self.stream.read(length)
        if len(body) < length:
            raise EOFError  # the stream ended inside the body
        try:
            return json.loads(body.decode("utf-8"))
        except UnicodeDecodeError as error:
            raise FramingError(f"the body is not UTF-8 (byte {error.start})") from None
        except ValueError as error:
            raise FramingError(f"the body is not JSON: {error}") from None

    def _skip(self, length: int) -> None:
        while length > 0:
            chunk = self.stream.read(min(length, 1 << 20))
            if not chunk:
                return
            length -= len(chunk)


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
            body = json.dumps({"seq": self._seq, **message}, ensure_ascii=False).encode("utf-8", "surrogatepass")
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
