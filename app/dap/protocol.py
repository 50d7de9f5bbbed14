"""The Debug Adapter Protocol's messages as the adapter writes them: :class:`Writer` numbers
them (``seq``) and writes them one at a time, from any thread.  Reading them, and the framing
both ways, is the base protocol both editor servers speak (:mod:`esodbg.app.wire`).  No
maintained Python library implements the adapter side (design.md, "Editors and browsers").
"""

from __future__ import annotations

import threading
from typing import Any, BinaryIO

from ..wire import frame


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
            data = frame({"seq": self._seq, **message})  # a lone surrogate (a name echoed) as U+FFFD
            try:
                self.stream.write(data)
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
