"""``esodbg dap`` byte by byte: the framing, every message it sends valid against the protocol's
types (PyPI ``dap-types``), bad input answered and survived (thousands of random and mutated
messages), positions in UTF-16 columns, the language's capabilities.  The editor's view of it —
VS Code's own client over every language — is in ``tests/dap/`` (tests/test_dap_vscode.py)."""

from __future__ import annotations

import io
import json
import random
import threading

import pytest

from esodbg.app.dap.breakpoints import filters, modes
from esodbg.app.positions import Positions
from esodbg.app.dap.protocol import MAX_BODY, FramingError, Reader, Writer
from esodbg.engines import registry

from conftest import EXAMPLES, ROOT
from dap_client import Client, validate

PROGRAMS = ROOT / "tests" / "programs"


def frame(body: bytes | str) -> bytes:
    data = body.encode() if isinstance(body, str) else body
    return b"Content-Length: %d\r\n\r\n%s" % (len(data), data)


# ----- the framing ----------------------------------------------------------------------------
def test_reader_reads_messages_and_resynchronises_after_bad_ones():
    stream = io.BytesIO(
        frame('{"seq": 1}') + b"\r\n" + frame('{"seq": 2}')  # a blank line between messages is fine
        + b"Content-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"seq\": 3}\n"  # other headers too
        + b"Content-Length: abc\r\n\r\n"  # a bad length
        + b"no colon here\r\n\r\n"  # not a header
        + frame(b"\xff\xfe") + frame("{nope") + frame('[1, 2]') + frame("null") + frame('{"seq": 4}')
        + b"Content-Length: 50\r\n\r\n{\"seq\"")  # the stream ends inside a body
    reader = Reader(stream)
    assert [reader.read(), reader.read(), reader.read()] == [{"seq": 1}, {"seq": 2}, {"seq": 3}]
    for why in ("bad Content-Length 'abc'", "bad header line", "not UTF-8", "not JSON"):
        with pytest.raises(FramingError, match=why):
            reader.read()
    assert reader.read() == [1, 2]  # JSON, but no message: the server answers that
    assert reader.read() is None  # null, which is not the end
    assert reader.read() == {"seq": 4}
    with pytest.raises(EOFError):
        reader.read()


def test_a_body_too_big_is_skipped_not_read():
    class Huge(io.RawIOBase):  # MAX_BODY + 1 bytes of body, then one message; never held whole
        def __init__(self):
            self.parts = [b"Content-Length: %d\r\n\r\n" % (MAX_BODY + 1), None, frame('{"seq": 9}')]
            self.left = MAX_BODY + 1

        def readinto(self, buffer):
            if self.parts and self.parts[0] is not None:
                data = self.parts.pop(0)
            elif self.parts and self.left:
                data = b"x" * min(len(buffer), self.left)
                self.left -= len(data)
                if not self.left:
                    self.parts.pop(0)
            elif self.parts:
                self.parts.pop(0)
                data = self.parts.pop(0) if self.parts else b""
            else:
                data = b""
            buffer[:len(data)] = data
            return len(data)

        def readable(self):
            return True

    reader = Reader(io.BufferedReader(Huge(), 1 << 16))
    with pytest.raises(FramingError, match="at most"):
        reader.read()
    assert reader.read() == {"seq": 9}


def test_writer_numbers_messages_and_never_interleaves_them():
    out = io.BytesIO()
    writer = Writer(out)
    threads = [threading.Thread(target=lambda i=i: [writer.event("output", {"output": f"{i}-{n}\n" * 50})
                                                    for n in range(50)]) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    reader = Reader(io.BytesIO(out.getvalue()))
    messages = [reader.read() for _ in range(200)]
    assert [m["seq"] for m in messages] == list(range(1, 201))
    with pytest.raises(EOFError):
        reader.read()
    writer.response(7, "launch", error="bad {thing}", show=True)
    last = json.loads(out.getvalue().rsplit(b"\r\n\r\n", 1)[1])
    assert last["body"]["error"] == {"id": 1, "format": "bad {thing}", "showUser": True}
    validate(last, "launch")


# ----- every message valid, every language --------------------------------------------------
def first_example(language) -> str:
    folder = EXAMPLES / language.name
    return str(next(p for p in sorted(folder.iterdir()) if p.suffix in language.extensions
                    and not p.name.startswith("err_")))


@pytest.mark.parametrize("language", [pytest.param(language, id=language.name) for language in registry.languages()])
def test_every_message_of_a_whole_session_is_valid_dap(language):
    """A session that asks everything an editor asks — every variable expanded — in every
    language: each message the adapter sends validates against DAP 1.70's types."""
    program = first_example(language)
    with Client() as client:
        initialized = client.request("initialize", {"adapterID": "esodbg"})["body"]
        assert initialized["supportsStepBack"] and initialized["supportsDataBreakpoints"]
        client.request("launch", {"program": program, "stopOnEntry": True, "stopAtEnd": True})
        capabilities = client.event("capabilities")["body"]["capabilities"]
        assert capabilities["exceptionBreakpointFilters"] == filters(language)
        client.event("initialized")
        client.request("setBreakpoints", {"source": {"path": program}, "breakpoints": [{"line": 1}, {"line": 3}]})
        client.request("setExceptionBreakpoints", {"filters": []})
        client.request("configurationDone")
        assert client.stopped()["reason"] == "entry"
        for request in ("next", "stepIn", "next", "stepOut", "stepBack", "next"):
            client.request(request, {"threadId": 1})
            client.stopped()
            expand_everything(client)
        client.request("reverseContinue", {"threadId": 1})
        client.stopped()
        client.request("evaluate", {"expression": "step + 1", "context": "hover"})
        client.request("evaluate", {"expression": "no such name", "context": "hover"}, ok=False)
    assert client.invalid == []


def expand_everything(client: Client) -> None:
    frames = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"]
    todo = [scope["variablesReference"] for scope in
            client.request("scopes", {"frameId": frames[0]["id"]})["body"]["scopes"]]
    seen = 0
    while todo and seen < 200:
        reference = todo.pop()
        seen += 1
        for variable in client.request("variables", {"variablesReference": reference, "count": 40})["body"]["variables"]:
            if variable["variablesReference"]:
                todo.append(variable["variablesReference"])
            info = client.request("dataBreakpointInfo", {"variablesReference": reference, "name": variable["name"]})
            assert "dataId" in info["body"]


# ----- bad input ----------------------------------------------------------------------------
BAD = [
    ({"command": "nonsense"}, "unknown request 'nonsense'"),
    ({}, "a request needs a command"),
    ({"command": "launch", "arguments": []}, "arguments must be a JSON object"),
    ({"command": "launch", "arguments": {"program": 7}}, "launch needs 'program'"),
    ({"command": "launch", "arguments": {"program": "x.15", "maxSteps": 0}}, "'maxSteps' must be a whole number"),
    ({"command": "launch", "arguments": {"program": "x.15", "maxSteps": 1.5}}, "'maxSteps' must be a whole number"),
    ({"command": "launch", "arguments": {"program": "x.15", "stopOnEntry": "yes"}}, "'stopOnEntry' must be a bool"),
    ({"command": "launch", "arguments": {"program": "x.unknown"}}, "cannot tell the language"),
    ({"command": "launch", "arguments": {"program": "x.15", "lang": "cobol"}}, "no language 'cobol'"),
    ({"command": "next", "arguments": {"threadId": 1}}, "no program: send launch first"),
    ({"command": "variables", "arguments": {"variablesReference": 1}}, "no program: send launch first"),
    ({"command": "attach", "arguments": {}}, "esodbg cannot attach"),
]


@pytest.mark.parametrize("message, error", BAD, ids=[error for _, error in BAD])
def test_a_bad_request_gets_a_message_that_says_what_was_wrong(message, error):
    with Client() as client:
        rest = {key: value for key, value in message.items() if key != "command"}
        seq = client.send(message.get("command", ""), **rest)
        response = client.response(seq)
        assert response["success"] is False and error in response["message"]
        client.request("initialize", {"adapterID": "esodbg"})  # and it goes on
    assert client.invalid == []


def test_requests_while_running_wait_for_pause_and_bad_targets_are_refused():
    program = str(EXAMPLES / "fifteen" / "truth.15")
    with Client() as client:
        client.launch(program, stdin="1\n")
        client.request("configurationDone")
        for command, arguments in (("stackTrace", {"threadId": 1}), ("next", {"threadId": 1}),
                                   ("evaluate", {"expression": "acc"})):
            assert "the program is running: pause it first" in client.request(command, arguments, ok=False)["message"]
        client.request("pause", {"threadId": 1})
        assert client.stopped()["reason"] == "pause"
        assert "no thread 2" in client.request("next", {"threadId": 2}, ok=False)["message"]
        assert "no goto target 5" in client.request("goto", {"threadId": 1, "targetId": 5}, ok=False)["message"]
        assert "no variables 999" in client.request("variables", {"variablesReference": 999}, ok=False)["message"]
        other = client.request("setBreakpoints", {"source": {"path": "/elsewhere.15"}, "breakpoints": [{"line": 1}]})
        assert other["body"]["breakpoints"][0]["verified"] is False
    assert client.invalid == []


def test_thousands_of_random_and_mutated_messages_are_each_answered():
    """No crash, nothing but framed messages on stdout, no internal error, and exactly one
    response to every framed message, whatever it holds."""
    rng = random.Random(24)
    program = str(EXAMPLES / "fifteen" / "99.15")
    valid = [
        ("next", {"threadId": 1}), ("stepBack", {"threadId": 1}), ("stepIn", {"threadId": 1, "granularity": "line"}),
        ("stepOut", {"threadId": 1}), ("reverseContinue", {"threadId": 1}), ("pause", {"threadId": 1}),
        ("stackTrace", {"threadId": 1, "startFrame": 0, "levels": 20}), ("scopes", {"frameId": 1}),
        ("variables", {"variablesReference": 1, "start": 0, "count": 10}), ("threads", {}),
        ("evaluate", {"expression": "acc + mem[3]", "context": "watch"}),
        ("evaluate", {"expression": "goto 5", "context": "repl"}),
        ("setBreakpoints", {"source": {"path": program}, "breakpoints": [{"line": 8, "condition": "acc > 1"}]}),
        ("setFunctionBreakpoints", {"breakpoints": [{"name": "cell:2,0 hit 2"}]}),
        ("setDataBreakpoints", {"breakpoints": [{"dataId": "acc"}]}),
        ("setExceptionBreakpoints", {"filters": ["output"]}),
        ("dataBreakpointInfo", {"name": "mem[3]"}), ("breakpointLocations", {"source": {"path": program}, "line": 8}),
        ("gotoTargets", {"source": {"path": program}, "line": 8, "column": 1}), ("goto", {"threadId": 1, "targetId": 1}),
        ("exceptionInfo", {"threadId": 1}), ("source", {"source": {"path": program}}),
        ("restart", {}), ("terminate", {}), ("launch", {"program": program}), ("initialize", {"adapterID": "x"}),
        ("configurationDone", {}), ("continue", {"threadId": 1}),
    ]
    junk = [None, True, -1, 0, 2**40, 1.5, "", "x" * 300, "\u0000\ud83d", [], [1, "a"], {}, {"a": {"b": []}}]

    def mutate(value):
        if isinstance(value, dict) and value and rng.random() < 0.5:
            value = dict(value)
            key = rng.choice(list(value))
            if rng.random() < 0.3:
                del value[key]
            else:
                value[key] = mutate(value[key]) if rng.random() < 0.5 else rng.choice(junk)
            return value
        return rng.choice(junk) if rng.random() < 0.3 else value

    with Client() as client:
        client.launch(program, stopOnEntry=True)
        client.request("configurationDone")
        client.stopped()
        framed = 0  # messages that want an answer
        for i in range(3000):
            command, arguments = rng.choice(valid)
            kind = rng.random()
            if kind < 0.6:
                message = {"seq": 10_000 + i, "type": "request", "command": command, "arguments": mutate(arguments)}
            elif kind < 0.8:
                message = mutate({"seq": 10_000 + i, "type": rng.choice(["request", "event", "response", 3]),
                                  "command": rng.choice([command, "", "nonsense", None, "__init__", "do_launch"]),
                                  "arguments": arguments})
            else:
                message = rng.choice(junk)
            client.send_raw(frame(json.dumps(message)))
            # Every message is answered but a response (to a request the adapter never makes).
            framed += not (isinstance(message, dict) and message.get("type") == "response")
        client.send_raw(b"Content-Length: nope\r\n\r\n" + b"garbage\r\n\r\n")  # two header blocks, both bad
        seq = client.send("threads")
        client.response(seq, timeout=60)  # everything before it has been answered
        answered = [m for m in map(json.loads, client.raw) if m.get("type") == "response"]
        assert len(answered) == framed + 2 + client.seq, (len(answered), framed, client.seq)
        assert client.process.poll() is None
    stderr = client.process.stderr.read() if not client.process.stderr.closed else b""
    assert client.invalid == []
    assert b"internal error" not in stderr and b"Traceback" not in stderr


# ----- positions ------------------------------------------------------------------------------
def test_columns_are_utf16_code_units_and_bases_follow_the_client():
    text = "a\U0001F600b = c\nx"
    ones = Positions(text)
    assert ones.column_out(1, 3) == 4  # 'b' is the third character, the fourth UTF-16 unit
    assert ones.column_in(1, 4) == 3
    assert ones.column_in(1, 3) == 3  # inside the surrogate pair: the character after it
    zeros = Positions(text, lines1=False, columns1=False)
    assert zeros.column_out(1, 3) == 3 and zeros.line_in(0) == 1 and zeros.column_in(1, 3) == 3
    from esodbg.engines.base import Span
    assert zeros.span_out(Span(1, 3, 2, 2)) == {"line": 0, "column": 3, "endLine": 1, "endColumn": 1}


def test_a_breakpoint_after_an_astral_character_comes_back_at_its_utf16_column(tmp_path):
    program = tmp_path / "emoji.messi"
    program.write_text("La agarra Messi. Va Messi, \U0001F600 tremendo. La mueve Messi por la derecha.\n¡gol!\n",
                       "utf-8")
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": {"path": str(program)},
                                                   "breakpoints": [{"line": 1, "column": 41}]})["body"]["breakpoints"]
        # "La mueve…" is the 40th character, after 😀 (one character, two UTF-16 units): column 41.
        assert answer[0]["verified"] and (answer[0]["column"], answer[0]["endColumn"]) == (41, 71)
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        assert client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]["column"] == 41


@pytest.mark.parametrize("language", [pytest.param(language, id=language.name) for language in registry.languages()])
def test_breakpoint_modes_are_the_languages_kinds(language):
    found = modes(language)
    if len(language.breakpoint_kinds) < 2:
        assert found == []
    else:
        assert [mode["mode"] for mode in found][:len(language.breakpoint_kinds)] == list(language.breakpoint_kinds)
    assert "error" not in [f["filter"] for f in filters(language)]  # a runtime error always stops


def test_the_vscode_extension_offers_every_language_and_launch_option():
    """editors/vscode/package.json, written by hand, stays true to the registry and the adapter:
    every language's extensions (TTG's .txt aside: VS Code keeps plain text), breakpoints allowed
    in each, and every launch argument with its type."""
    from esodbg.app.dap.server import LAUNCH

    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text("utf-8"))
    contributes = package["contributes"]
    languages = {entry["id"]: entry["extensions"] for entry in contributes["languages"]}
    assert languages == {language.name: [e for e in language.extensions if e != ".txt"]
                         for language in registry.languages()}
    assert [entry["language"] for entry in contributes["breakpoints"]] == list(languages)
    (debugger,) = contributes["debuggers"]
    assert debugger["type"] == "esodbg" and debugger["languages"] == list(languages)
    properties = debugger["configurationAttributes"]["launch"]["properties"]
    kinds = {bool: "boolean", int: "integer", str: "string"}
    options = {option.name: option for language in registry.languages() for option in language.options}
    assert set(properties) == set(LAUNCH) | set(options)
    for name, option in options.items():
        assert properties[name]["type"] == kinds[option.type], name
        assert properties[name].get("enum", []) == list(option.choices), name
