"""``esodbg lsp`` against a seeded fuzzer (issue 34): well over 10,000 messages a run — valid
requests and notifications, the same with params mutated (negative, huge, fractional, NaN, wrong
types, lone surrogates), random JSON, bodies with bytes flipped, and every framing the issue
names (headers in other cases and spacings, LF-only lines, ``Content-Length`` 0, ``0x7c``, ``²``,
2⁶³, shorter than the body), interleaved.  The server must stay up, answer every request it could
read, write only valid UTF-8 JSON frames (tests/lsp_wire.py checks each), never answer −32603
(an internal error: for input, however bad, it is the server's bug), and stay within a bounded
memory.  ``ESODBG_FUZZ_SEED`` replays a run; ``ESODBG_FUZZ_MESSAGES`` makes it longer."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from pathlib import Path

from conftest import EXAMPLES
from lsp_wire import Wire

SEED = int(os.environ.get("ESODBG_FUZZ_SEED", "34"))
MESSAGES = int(os.environ.get("ESODBG_FUZZ_MESSAGES", "12000"))

PROGRAMS = [EXAMPLES / "fifteen" / "hello.15", EXAMPLES / "messiscript" / "hola_mundo.messi",
            EXAMPLES / "ttg" / "sigma.ttg", EXAMPLES / "stoned-go" / "macro_arg.sgo",
            EXAMPLES / "scrabble" / "hello_world.scrabble"]
URIS = [f"file:///fuzz/{i}{path.suffix}" for i, path in enumerate(PROGRAMS)] + ["file:///fuzz/x.txt", "untitled:1"]
ODD = [-1, -2 ** 31, 2 ** 31, 2 ** 63, 10 ** 30, 1.5, float("nan"), float("inf"), None, True, "", "3", "\ud800",
       [], {}, [1, 2], {"line": 0}, 0, 1, 7]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Fuzzer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.texts = [path.read_text("utf-8", errors="replace") for path in PROGRAMS]
        self.next_id = 0

    def position(self) -> dict:
        rng = self.rng
        return {"line": rng.choice([0, 1, 3, 8, 20, 400]), "character": rng.choice([0, 1, 2, 5, 40, 1000])}

    def text(self) -> str:
        rng = self.rng
        base = rng.choice(self.texts)
        cut = rng.randrange(len(base) + 1)
        extra = rng.choice(["", "\ud800", "😀", "é", "\x00", "\r\n", "}", "(", "{a:", "<a>", "Vuelve Messi.", "1,x"])
        return (base[:cut] + extra + base[cut:])[:3000]

    def valid(self) -> tuple[dict, bool]:
        """A well-formed message and whether it is a request."""
        rng = self.rng
        uri = rng.choice(URIS)
        document = {"uri": uri}
        kind = rng.random()
        if kind < 0.06:
            return {"method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": "", "version": rng.randrange(100), "text": self.text()}}}, False
        if kind < 0.10:
            return {"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": rng.randrange(100)}, "contentChanges": [{"text": self.text()}]}}, False
        if kind < 0.12:
            return {"method": "textDocument/didClose", "params": {"textDocument": document}}, False
        if kind < 0.14:
            return {"method": "$/cancelRequest", "params": {"id": rng.randrange(self.next_id + 1)}}, False
        method, params = rng.choice([
            ("textDocument/hover", {"textDocument": document, "position": self.position()}),
            ("textDocument/semanticTokens/full", {"textDocument": document}),
            ("textDocument/semanticTokens/range", {"textDocument": document, "range": {
                "start": self.position(), "end": self.position()}}),
            ("textDocument/documentSymbol", {"textDocument": document}),
            ("workspace/symbol", {"query": "a"}), ("no/such\ud800", {}), ("textDocument/completion", None),
        ])
        return {"method": method, **({"params": params} if params is not None else {})}, True

    def mutate(self, value, depth: int = 0):
        """``value`` with one leaf (or a whole part) replaced by something odd."""
        rng = self.rng
        if isinstance(value, dict) and value and depth < 6 and rng.random() < 0.8:
            key = rng.choice(list(value))
            if rng.random() < 0.15:
                return {k: v for k, v in value.items() if k != key}
            return {**value, key: self.mutate(value[key], depth + 1)}
        if isinstance(value, list) and value and depth < 6 and rng.random() < 0.8:
            index = rng.randrange(len(value))
            return value[:index] + [self.mutate(value[index], depth + 1)] + value[index + 1:]
        return rng.choice(ODD)

    def body(self, message: dict) -> bytes:
        return json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8", "surrogatepass")

    def frame(self) -> tuple[bytes, int | None]:
        """One frame's bytes and the id of a request the server must answer (``None``: it may not
        be able to read one)."""
        rng = self.rng
        message, request = self.valid()
        if request:
            self.next_id += 1
            message = {"id": self.next_id, **message}
        kind = rng.random()
        if kind < 0.45:  # as a client sends it
            return b"Content-Length: %d\r\n\r\n" % len(body := self.body(message)) + body, message.get("id")
        if kind < 0.70:  # params mutated: still a request the server reads, with a good id
            mutated = {**message, "params": self.mutate(message.get("params", {}))}
            return b"Content-Length: %d\r\n\r\n" % len(body := self.body(mutated)) + body, message.get("id")
        if kind < 0.78:  # headers as people write them
            header = rng.choice(["content-length: %d\r\n\r\n", "Content-Length:%d\r\n\r\n", "Content-Length: %d\n\n",
                                 "Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"])
            body = self.body(message)
            return (header % len(body)).encode() + body, message.get("id")
        if kind < 0.84:  # a header that cannot be read: refused, the body skipped
            header = rng.choice(["Content-Length: 0", "Content-Length: 0x7c", "Content-Length: \u00b2",
                                 "Content-Length: 9223372036854775808", "Content-Length: 99999999999", "Content-Length: -1",
                                 "Content-Length: " + "9" * 5000, "X-Nothing: 1"])
            return header.encode() + b"\r\n\r\n" + self.body(message), None
        if kind < 0.88:  # shorter than its body: that message is lost, the next is read
            body = self.body(message)
            return b"Content-Length: %d\r\n\r\n" % rng.randrange(1, len(body)) + body, None
        if kind < 0.93:  # bytes flipped: maybe not UTF-8, not JSON, not a message
            body = bytearray(self.body(message))
            after = body.find(b'"method"')  # not in the id: that could make another request's id
            for _ in range(rng.randrange(1, 4)):
                body[rng.randrange(after, len(body))] = rng.randrange(256)
            return b"Content-Length: %d\r\n\r\n" % len(body) + bytes(body), None
        if kind < 0.96:  # random JSON, maybe with an id (answered if it is a valid one)
            value = rng.choice([[], 3, "x", None, {"id": "r"}, {"jsonrpc": "2.0"}, {"jsonrpc": "2.0", "id": {"a": 1}},
                                {"jsonrpc": "1.0", "id": "r", "method": "x"}, {"jsonrpc": "2.0", "method": 5},
                                [{"jsonrpc": "2.0", "id": "r", "method": "shutdown"}], "\ud800",
                                {"jsonrpc": "2.0", "id": "r", "result": self.mutate({"a": [1]})}])
            body = json.dumps(value).encode("utf-8", "surrogatepass")
            return b"Content-Length: %d\r\n\r\n" % len(body) + body, None
        body = rng.choice([b"[" * 50_000, b'{"a":' * 20_000, b"NaN", b"\xff\xfe", b"{" + b" " * 100_000])
        return b"Content-Length: %d\r\n\r\n" % len(body) + body, None


def test_the_language_server_survives_a_fuzzer_and_answers_every_request():
    rng = random.Random(SEED)
    fuzzer = Fuzzer(rng)
    wire = Wire()
    try:
        wire.initialize()
        expected: set[int] = set()
        answered: dict[int, int] = {}
        internal: list[dict] = []
        frames = 0
        done = threading.Event()

        def read() -> None:  # frames as they come: the server must never wait for us
            nonlocal frames
            while not done.is_set() or expected - set(answered):
                try:
                    frame = wire.frame(timeout=120)
                except AssertionError as error:
                    internal.append({"frame": str(error)})
                    return
                frames += 1
                if "method" not in frame and "id" in frame and isinstance(frame["id"], int):
                    answered[frame["id"]] = answered.get(frame["id"], 0) + 1
                if frame.get("error", {}).get("code") == -32603 or "jsonrpc" not in frame:
                    internal.append(frame)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        start = time.monotonic()
        sent = 0
        early = None
        while sent < MESSAGES:
            data, msg_id = fuzzer.frame()
            if msg_id is not None:
                expected.add(msg_id)
            wire.send_raw(data)
            sent += 1
            if sent == 1000:
                early = rss_mb(wire.process.pid)
        done.set()
        # The last messages: a request that must be answered after everything before it.
        fuzzer.next_id += 1
        expected.add(fuzzer.next_id)
        wire.send({"jsonrpc": "2.0", "id": fuzzer.next_id, "method": "textDocument/documentSymbol",
                   "params": {"textDocument": {"uri": URIS[0]}}})
        reader.join(180)
        took = time.monotonic() - start
        late = rss_mb(wire.process.pid)
        assert wire.process.poll() is None, f"the server died: {wire.stderr[-3000:]!r}"
        assert not internal, internal[:5]
        missing = sorted(expected - set(answered))
        assert not missing, f"{len(missing)} requests never answered, e.g. {missing[:10]}"
        assert all(count == 1 for count in answered.values()), "a request answered twice"
        assert late < 600 and late - early < 200, f"memory: {early:.0f} MB after 1,000 messages, {late:.0f} MB at the end"
        print(f"seed {SEED}: {sent} messages, {len(expected)} requests, {frames} frames in {took:.1f} s; "
              f"RSS {early:.0f} -> {late:.0f} MB")
        # Then shutdown: requests are refused as the specification says; exit ends it with 0.
        shutdown = wire.request("shutdown")
        assert wire.response(shutdown)["result"] is None
        refused = wire.response(wire.request("textDocument/hover", {"textDocument": {"uri": URIS[0]},
                                                                    "position": {"line": 0, "character": 0}}))
        assert refused["error"]["code"] == -32600
        wire.notify("exit", None)
        assert wire.process.wait(30) == 0
        assert b"Traceback" not in wire.stderr, wire.stderr[-3000:]
    finally:
        wire.close()
