"""``esodbg lsp`` driven byte by byte, for what a well-behaved client (pytest-lsp's) cannot send:
broken framing, bad JSON, bad params.  Every frame the server writes is checked as it is read:
``Content-Length`` framing, strict UTF-8, JSON with no NaN and no lone surrogate."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


class BadFrame(AssertionError):
    pass


def _strict(value: Any) -> None:
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise BadFrame(f"a lone surrogate in {value[:80]!r}")
    elif isinstance(value, list):
        for item in value:
            _strict(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _strict(key)
            _strict(item)


def _no_constant(name: str) -> Any:
    raise BadFrame(f"{name} is not JSON")


class Wire:
    """A server process; ``frames`` gets each message it writes (a :class:`BadFrame` if one is
    not valid)."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "esodbg.app", "lsp", *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.frames: queue.Queue = queue.Queue()
        self.next_id = 0
        self.stderr = b""
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        for line in self.process.stderr:
            self.stderr = (self.stderr + line)[-20000:]

    def _read(self) -> None:
        out = self.process.stdout
        try:
            while True:
                header = out.readline()
                if not header:
                    break
                match = re.fullmatch(rb"Content-Length: (\d+)\r\n", header)
                if not match:
                    raise BadFrame(f"bad header {header!r}")
                while (line := out.readline()) != b"\r\n":  # Content-Type may follow
                    if not re.fullmatch(rb"[A-Za-z-]+: [^\r\n]*\r\n", line):
                        raise BadFrame(f"bad header {line!r}")
                body = out.read(int(match.group(1)))
                value = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
                _strict(value)
                self.frames.put(value)
        except (BadFrame, ValueError) as error:
            self.frames.put(BadFrame(str(error)))
        self.frames.put(EOFError())

    def send_raw(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: Any, headers: str = "Content-Length: {}\r\n\r\n") -> None:
        body = json.dumps(message).encode("utf-8", "surrogatepass") if not isinstance(message, bytes) else message
        self.send_raw(headers.format(len(body)).encode() + body)

    def request(self, method: str, params: Any = None, **extra: Any) -> int:
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, **extra}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.next_id

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def frame(self, timeout: float = 60) -> dict:
        """The next frame the server writes (AssertionError if it is not valid or none comes)."""
        try:
            value = self.frames.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no frame in {timeout} s; stderr: {self.stderr[-2000:]!r}") from None
        if isinstance(value, BaseException):
            raise AssertionError(f"{value!r}; stderr: {self.stderr[-2000:]!r}")
        return value

    def response(self, msg_id: Any, timeout: float = 60) -> dict:
        """The response to ``msg_id`` (frames before it are skipped)."""
        while True:
            frame = self.frame(timeout)
            if "method" not in frame and frame.get("id") == msg_id:
                return frame

    def initialize(self) -> None:
        self.response(self.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {
            "workspace": {"applyEdit": True}, "textDocument": {"hover": {"dynamicRegistration": False}}}}))
        self.notify("initialized", {})

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(30)
