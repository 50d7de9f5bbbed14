"""The base protocol as ``esodbg lsp`` reads and writes it, in place of pygls' own loop (whose
reader died on a huge ``Content-Length`` and lost the framing for good after a header it did not
expect, and which left a request it could not read unanswered).

Reading is the base protocol both editor servers speak (:class:`esodbg.app.wire.Reader`: what
it accepts and refuses is said there), with ``NaN`` read as a float: it is answered where it
stands, as params that do not fit.  What cannot be read gets an error response (``id`` null, as
JSON-RPC says where the id cannot be read) and the server reads on: a header that cannot be read
InvalidRequest −32600, a body that is not UTF-8 JSON ParseError −32700, a message that is not a
JSON-RPC 2.0 request, notification or response InvalidRequest −32600.

Every request gets a response: params that do not fit the method (a position at line −1, 1.5,
NaN, 2³¹, or missing) get InvalidParams −32602 naming the field; after ``shutdown``, requests get
InvalidRequest (the specification's answer) and notifications but ``exit`` are dropped.

Writing (:class:`Writer`): every frame is UTF-8 JSON with no lone surrogate (a text the client
sent, a URI, may hold one; it is written as U+FFFD).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from typing import Any, BinaryIO

import cattrs
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer

from ..wire import FramingError, Reader, frame

PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602

logger = logging.getLogger(__name__)


class Writer(StdoutWriter):
    """pygls' stdout writer, made to write valid UTF-8 JSON only: pygls escapes every non-ASCII
    character (``ensure_ascii``), so a lone surrogate leaves it as ``\\udXXX``, which strict
    clients refuse; such a frame is written again as :func:`esodbg.app.wire.frame` writes one,
    U+FFFD in its place."""

    def __init__(self, stdout: BinaryIO) -> None:
        super().__init__(stdout)
        self._lock = threading.Lock()  # responses come from the loop, notifications from workers too

    def write(self, data: bytes) -> None:
        if b"\\ud" in data:  # rare: a surrogate pair (an emoji in a hover) or a lone surrogate
            data = frame(json.loads(data.partition(b"\r\n\r\n")[2]))
        with self._lock:
            super().write(data)


def _valid_id(value: Any) -> bool:
    return type(value) is int or isinstance(value, str)


def _error(server: LanguageServer, msg_id: Any, code: int, message: str) -> None:
    server.protocol._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}})


def _params_problem(error: BaseException) -> str:
    """What is wrong with a message's params, each problem with where it is
    (``… @ $.params.position.line``)."""
    cause = error.__cause__
    if isinstance(cause, cattrs.ClassValidationError):
        return "; ".join(cattrs.transform_error(cause, path="$", format_exception=_problem))
    return str(cause or error)


def _problem(error: BaseException, kind: Any) -> str:
    if type(error) is ValueError and str(error):  # lsprotocol's range checks and ours say it best
        return str(error)
    return cattrs.v.format_exception(error, kind)


def handle(server: LanguageServer, raw: Any) -> None:
    """One message's JSON value, checked and handed to pygls (or answered with an error)."""
    protocol = server.protocol
    if not isinstance(raw, dict):
        _error(server, None, INVALID_REQUEST, "a message must be a JSON object (LSP sends no batches)")
        return
    method, msg_id = raw.get("method"), raw.get("id")
    is_request = "id" in raw and "method" in raw
    if "method" not in raw:
        if "id" in raw and ("result" in raw or "error" in raw):
            _respond(server, raw)  # a response to a request of ours
        else:
            _error(server, msg_id if _valid_id(msg_id) else None, INVALID_REQUEST,
                   "a message needs a 'method' (or, as a response, an 'id' and a 'result' or 'error')")
        return
    if raw.get("jsonrpc") != "2.0" or not isinstance(method, str) or (is_request and not _valid_id(msg_id)):
        _error(server, msg_id if is_request and _valid_id(msg_id) else None, INVALID_REQUEST,
               "not a JSON-RPC 2.0 message: it needs \"jsonrpc\": \"2.0\", a string 'method' and, in a "
               "request, an integer or string 'id'")
        return
    if protocol._shutdown and method != "exit":  # pygls drops them silently; the spec wants an error
        if is_request:
            _error(server, msg_id, INVALID_REQUEST, f"the server is shut down: {method} is refused (send exit)")
        return
    if "params" not in raw and protocol.get_message_type(method) is None:
        raw = {**raw, "params": None}  # an unknown method: MethodNotFound, not a complaint about params
    try:
        message = protocol.structure_message(raw)
    except JsonRpcException as error:
        if is_request:
            _error(server, msg_id, INVALID_PARAMS, f"bad params for {method}: {_params_problem(error)}")
        else:
            logger.warning("a %s notification with bad params: %s", method, _params_problem(error))
        return
    if method == "$/cancelRequest" and not _valid_id(getattr(message.params, "id", None)):
        logger.warning("a $/cancelRequest without an integer or string id")  # pygls would look a dict up
        return
    try:
        protocol.handle_message(message)
    except Exception as error:  # a bug of pygls' or ours on some input: the server goes on
        logger.error("%s failed: %r", method, error)
        if is_request:
            _error(server, msg_id, -32603, f"esodbg could not handle {method}: {error!r}")


def _respond(server: LanguageServer, raw: dict) -> None:
    try:
        server.protocol.handle_message(server.protocol.structure_message(raw))
    except JsonRpcException as error:
        logger.warning("a response that cannot be read: %s", _params_problem(error))


async def run(server: LanguageServer, stdin: BinaryIO) -> None:
    """Read messages from ``stdin`` and hand them to ``server`` until the stream ends or the
    server stops (``exit`` raises SystemExit through here, as in pygls)."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue(16)  # a client faster than the server waits for it
    reader = Reader(stdin, constants=True)

    def reading() -> None:  # a daemon thread: one blocked on stdin must not hold the exit up
        while True:
            try:
                item: Any = reader.read()
            except (EOFError, OSError, ValueError):  # ValueError: stdin closed under us
                item = EOFError
            except FramingError as error:
                item = error
            try:
                asyncio.run_coroutine_threadsafe(queue.put(item), loop).result()
            except RuntimeError:  # the loop is closed: the server has stopped
                return
            if item is EOFError:
                return

    threading.Thread(target=reading, name="lsp-reader", daemon=True).start()
    while not server._stop_event.is_set():
        item = await queue.get()
        if item is EOFError:
            break
        if isinstance(item, FramingError):
            _error(server, None, PARSE_ERROR if item.body else INVALID_REQUEST, str(item))
        else:
            handle(server, item)
