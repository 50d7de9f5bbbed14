"""A small Debug Adapter Protocol client for pytest: starts ``esodbg dap`` as an editor does
(a process on stdin/stdout), sends requests, collects responses and events, and validates every
message the adapter sends against the protocol's types (PyPI ``dap-types``, DAP 1.70).

The real editor client, VS Code's own, drives the adapter in ``tests/dap/*.test.mjs``; this one
is for what a test needs to see byte by byte (framing, fuzzing, every message's shape)."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from typing import Any

import dap_types
from pydantic import TypeAdapter

EVENT = TypeAdapter(dap_types.DiscriminatedEvent)
REQUESTS = {cls.model_fields["command"].annotation.__args__[0]: cls for cls in vars(dap_types).values()
            if isinstance(cls, type) and issubclass(cls, dap_types.Request) and cls is not dap_types.Request
            and hasattr(cls.model_fields["command"].annotation, "__args__")}


def validate(message: dict, command: str | None) -> None:
    """Raise (pydantic's ValidationError) unless ``message`` is a valid DAP event, or a valid
    response to ``command``."""
    if message.get("type") == "event":
        EVENT.validate_python(message)
    elif command in REQUESTS:
        REQUESTS[command].discriminate_response(dap_types.Response.model_validate(message))
    else:
        dap_types.Response.model_validate(message)


class Client:
    """``esodbg dap`` in a process.  ``events`` collects events in order; every message is
    validated as it arrives (``invalid`` lists those that were not, with why)."""

    def __init__(self, env: dict | None = None) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "esodbg.app", "dap"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.seq = 0
        self.sent: dict[int, str] = {}  # seq -> command
        self.responses: dict[int, dict] = {}
        self.events: queue.Queue = queue.Queue()
        self.all_events: list[dict] = []
        self.invalid: list[tuple[dict, str]] = []
        self.raw: list[bytes] = []  # every message's bytes as read
        self.stderr = b""  # what the adapter wrote on stderr, once closed
        self._arrived = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        out = self.process.stdout
        while True:
            header = out.readline()
            if not header:
                return
            if not header.startswith(b"Content-Length: "):
                self.invalid.append(({}, f"not a header: {header!r}"))
                return
            length = int(header.split(b":")[1])
            if out.readline() != b"\r\n":
                self.invalid.append(({}, "no blank line after the header"))
                return
            body = out.read(length)
            self.raw.append(body)
            message = json.loads(body)
            try:
                validate(message, self.sent.get(message.get("request_seq")))
            except Exception as error:
                self.invalid.append((message, str(error)))
            with self._arrived:
                if message.get("type") == "response":
                    self.responses[message["request_seq"]] = message
                else:
                    self.events.put(message)
                    self.all_events.append(message)
                self._arrived.notify_all()

    def send_raw(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, command: str, arguments: dict | None = None, **extra: Any) -> int:
        self.seq += 1
        message = {"seq": self.seq, "type": "request", "command": command, **extra}
        if arguments is not None:
            message["arguments"] = arguments
        self.sent[self.seq] = command
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        return self.seq

    def response(self, seq: int, timeout: float = 10) -> dict:
        with self._arrived:
            if not self._arrived.wait_for(lambda: seq in self.responses, timeout):
                raise TimeoutError(f"no response to request {seq} ({self.sent.get(seq)})")
            return self.responses[seq]

    def request(self, command: str, arguments: dict | None = None, ok: bool = True) -> dict:
        """Send and wait for the response (which must succeed if ``ok``, fail if not)."""
        response = self.response(self.send(command, arguments))
        assert response["success"] is ok, response
        return response

    def event(self, name: str, timeout: float = 10) -> dict:
        """The next event called ``name`` (events before it of other names are skipped)."""
        end = time.monotonic() + timeout
        while True:
            try:
                event = self.events.get(timeout=max(end - time.monotonic(), 0.01))
            except queue.Empty:
                raise TimeoutError(f"no {name} event") from None
            if event["event"] == name:
                return event

    def launch(self, program: str, **arguments: Any) -> dict:
        """initialize, launch, configurationDone; returns the launch response."""
        self.request("initialize", {"adapterID": "esodbg", "linesStartAt1": True, "columnsStartAt1": True})
        launched = self.request("launch", {"program": str(program), **arguments})
        self.event("initialized")
        return launched

    def stopped(self, timeout: float = 10) -> dict:
        return self.event("stopped", timeout)["body"]

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.response(self.send("disconnect"), timeout=5)
            except (TimeoutError, BrokenPipeError, OSError):
                pass
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stderr = self.process.stderr.read()  # the adapter's log, for tests to look at after
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            stream.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
