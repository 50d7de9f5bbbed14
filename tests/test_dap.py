"""``esodbg dap`` byte by byte: the framing, every message it sends valid against the protocol's
types (PyPI ``dap-types``), bad input answered and survived (and fuzzed: tests/test_dap_fuzz.py),
launches as VS Code and nvim-dap send them, positions in UTF-16 columns, the language's
capabilities.  The editor's view of it —
VS Code's own client over every language — is in ``tests/dap/`` (tests/test_dap_vscode.py)."""

from __future__ import annotations

import io
import json
import os
import threading

import pytest

from esodbg.app.dap.breakpoints import filters, modes
from esodbg.app.positions import Positions
from esodbg.app.dap.protocol import Writer
from esodbg.app.wire import MAX_BODY, FramingError, Reader
from esodbg.app.files import MAX_FILE
from esodbg.engines import registry

from conftest import EXAMPLES, ROOT, examples_of
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
        + b"Content-Length: abc\r\n\r\n"  # a bad length; what follows up to the next header is its rest
        + b"no colon here\r\n\r\n" + frame('{"seq": 4}')
        + b"no colon here\r\n\r\n"  # not a header
        + frame(b"\xff\xfe") + frame("{nope") + frame('[1, 2]') + frame("null") + frame('{"seq": 5}')
        + b"Content-Length: 50\r\n\r\n{\"seq\"")  # the stream ends inside a body
    reader = Reader(stream)
    assert [reader.read(), reader.read(), reader.read()] == [{"seq": 1}, {"seq": 2}, {"seq": 3}]
    with pytest.raises(FramingError, match="bad Content-Length 'abc'"):
        reader.read()
    assert reader.read() == {"seq": 4}
    for why in ("bad header line", "not UTF-8", "not JSON"):
        with pytest.raises(FramingError, match=why):
            reader.read()
    assert reader.read() == [1, 2]  # JSON, but no message: the server answers that
    assert reader.read() is None  # null, which is not the end
    assert reader.read() == {"seq": 5}
    with pytest.raises(EOFError):
        reader.read()


GOOD = frame('{"seq": 7}')
UNREADABLE = [  # (bytes, what the error says): each followed by a good message, which must be read
    (b"Content-Length: \xc2\xb2\r\n\r\n{}", "bad Content-Length"),  # "²": str.isdigit() says yes
    ("Content-Length: ٣\r\n\r\n{}".encode(), "bad Content-Length"),  # an Arabic-Indic 3
    (b"Content-Length: 0x7c\r\n\r\n" + frame("{}")[-2:], "bad Content-Length"),
    (b"Content-Length: 0\r\n\r\n{\"seq\": 1}", "not JSON"),
    (b"Content-Length: 3\r\n\r\n{\"seq\": 1, \"type\": \"request\"}", "not JSON"),  # shorter than the body
    (b"Content-Length: 60\r\n\r\n{\"seq\": 1}", "not JSON"),  # longer: the next message is inside it
    (b"Content-Length: 11\r\n\r\n{\"seq\": 1}", "not JSON"),  # one byte longer: the next header's "C"
    (b"Content-Length: " + b"9" * 5000 + b"\r\n\r\n{}", "at most"),  # int() refuses 5,000 digits
    (b"Content-Length: 9223372036854775808\r\n\r\n{}", "at most"),  # 2**63: never waited for
    (frame("[" * 990 + "]" * 990), "nested too deep"),
    (frame('{"seq": NaN}'), "NaN is not JSON"),
    (b'{"seq": 1}', "bytes before a header"),  # a body without its header
    (b"garbage\r\n\r\n", "bad header line"),
    (b"Content-Type: x\r\n\r\n", "without Content-Length"),
]


@pytest.mark.parametrize("data, why", UNREADABLE, ids=[repr(data[:24]) for data, _ in UNREADABLE])
def test_an_unreadable_message_is_an_error_and_the_next_one_is_read(data, why):
    reader = Reader(io.BytesIO(data + GOOD + GOOD))
    with pytest.raises(FramingError, match=why):
        reader.read()
    assert [reader.read(), reader.read()] == [{"seq": 7}, {"seq": 7}]


@pytest.mark.parametrize("header", [b"content-length: 10\r\n\r\n", b"Content-Length:10\r\n\r\n",
                                    b"Content-Length: 10\n\n", b"CONTENT-LENGTH \t:\t10 \r\n\r\n"])
def test_headers_are_read_in_any_case_spacing_and_line_ending(header):
    reader = Reader(io.BytesIO(header + b'{"seq": 1}' + GOOD))
    assert [reader.read(), reader.read()] == [{"seq": 1}, {"seq": 7}]


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
    with pytest.raises(FramingError, match="at most"):  # and the body is dropped up to the next header
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


def test_writer_writes_valid_utf8_whatever_a_string_holds():
    out = io.BytesIO()
    Writer(out).response(3, "x\ud800", error="unknown request 'x\ud800'")  # a command echoed as it came
    body = out.getvalue().split(b"\r\n\r\n", 1)[1]
    assert json.loads(body.decode("utf-8"))["command"] == "x\ufffd"


# ----- every message valid, every language --------------------------------------------------
def first_example(language) -> str:
    return str(next(p for p in examples_of(language) if not p.name.startswith("err_")))


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


# ----- launch ---------------------------------------------------------------------------------
# What VS Code puts in a launch beside the configuration's own keys (VS Code 1.9x), and nvim-dap.
VSCODE = {"type": "esodbg", "request": "launch", "name": "Debug the open program", "__configurationTarget": 6,
          "__sessionId": "6f0e2ac1-7c4e-4e0b-9d36-0a4a3c2f1b7e"}
NVIM_DAP = {"type": "esodbg", "request": "launch", "name": "esodbg: this program"}


@pytest.mark.parametrize("language", [pytest.param(language, id=language.name) for language in registry.languages()])
def test_a_launch_from_vscode_or_nvim_dap_stops_on_entry_in_every_language(language):
    """The configuration's name and the client's own keys are not the language's options (Tic
    Tac Toe Grow has one called name): every language launches."""
    program = first_example(language)
    for client_keys in (VSCODE, NVIM_DAP):
        with Client() as client:
            client.launch(program, stopOnEntry=True, **client_keys)
            client.request("configurationDone")
            assert client.stopped()["reason"] == "entry"
        assert client.invalid == []


def memory3(client: Client) -> dict[str, str]:
    """Tic Tac Toe Grow's memory3 (built from the file's name) as cell -> value."""
    def variables(reference: int) -> list[dict]:
        return client.request("variables", {"variablesReference": reference})["body"]["variables"]

    boards = client.request("scopes", {"frameId": 1})["body"]["scopes"][1]["variablesReference"]
    board = next(board for board in variables(boards) if board["name"] == "memory3")
    return {cell["name"]: cell["value"] for row in variables(board["variablesReference"])
            for cell in variables(row["variablesReference"])}


def test_tic_tac_toe_grows_name_is_an_option_and_a_configurations_name_is_not():
    program = str(EXAMPLES / "ttg" / "sigma.ttg")
    seen = {}
    for key, arguments in (("plain", {}), ("named", {"name": "a configuration"}),
                           ("option", {"options": {"name": "other.ttg"}}), ("old form", {"max-cells": 10**6})):
        with Client() as client:
            client.launch(program, stopOnEntry=True, **arguments)
            client.request("configurationDone")
            client.stopped()
            seen[key] = memory3(client)
    assert seen["named"] == seen["plain"] == seen["old form"] != seen["option"]


LAUNCH_ERRORS = [
    ({"options": {"max-depth": -1}}, "chain_reaction.sgo", "'options': max_depth must be an int >= 0"),
    ({"options": {"max-cells": 5}}, "truth.15", "'max-cells' is not an option of 15 (its options: max-int-bits"),
    ({"options": {"rules": "loose"}, "rules": "strict"}, "hi.scrabble", "'rules' is given twice"),
    ({"options": []}, "truth.15", "'options' must be an object"),
    ({"options": {"base": "yes"}}, "chain_reaction.sgo", "'base' must be a boolean"),
    ({"program": "~nosuchuser/x.15"}, None, "there is no user 'nosuchuser' to expand '~nosuchuser' for"),
    ({"program": "/tmp/x\u0000.15"}, None, "a file name cannot hold a NUL character"),
    ({"program": "truth.15", "stdinFile": "~nosuchuser/in"}, None, "'stdinFile' '~nosuchuser/in': there is no user"),
    ({"program": "/dev/zero", "lang": "fifteen"}, None, "/dev/zero: it is a device, not a regular file"),
    ({"program": "/tmp", "lang": "fifteen"}, None, "/tmp: it is a directory, not a regular file"),
]


@pytest.mark.parametrize("arguments, example, error", LAUNCH_ERRORS, ids=[error for *_, error in LAUNCH_ERRORS])
def test_a_bad_launch_says_what_is_wrong(arguments, example, error):
    if example is not None:
        arguments = {"program": str(next(EXAMPLES.glob(f"*/{example}"))), **arguments}
    with Client() as client:
        client.request("initialize", {"adapterID": "esodbg"})
        response = client.request("launch", arguments, ok=False)
        assert error in response["message"] and response["body"]["error"]["showUser"]
        client.request("threads")  # and it goes on
    assert client.invalid == []
    assert b"internal error" not in client.stderr


def test_launch_refuses_a_fifo_and_a_file_too_big_before_reading_them(tmp_path):
    fifo, big = tmp_path / "in.15", tmp_path / "big.15"
    os.mkfifo(fifo)
    with open(big, "wb") as file:
        file.truncate(MAX_FILE + 1)  # sparse: no 16 MB written
    with Client() as client:
        client.request("initialize", {"adapterID": "esodbg"})
        assert "in.15: it is a FIFO, not a regular file" in client.request("launch", {"program": str(fifo)},
                                                                           ok=False)["message"]
        assert f"big.15: it is over {MAX_FILE:,} bytes" in client.request("launch", {"program": str(big)},
                                                                          ok=False)["message"]
        program = str(EXAMPLES / "fifteen" / "truth.15")
        assert "in.15: it is a FIFO" in client.request("launch", {"program": program, "stdinFile": str(fifo)},
                                                       ok=False)["message"]


def test_disconnect_is_answered_while_a_launch_still_reads_its_program(tmp_path):
    program = tmp_path / "slow.sgo"
    program.write_text("+1 +1 -1 " * 400_000 + "|", "utf-8")  # seconds to parse (and then refused)
    with Client() as client:
        client.request("initialize", {"adapterID": "esodbg"})
        launch = client.send("launch", {"program": str(program)})
        assert "still being read" in client.request("stackTrace", {"threadId": 1}, ok=False)["message"]
        client.response(client.send("disconnect"), timeout=5)
        assert "disconnected before the program was read" in client.response(launch, timeout=1)["message"]
        assert client.process.wait(10) == 0


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


def test_a_befunge_line_and_column_breakpoint_is_the_cell_there(tmp_path):
    """Befunge is where an editor's line and column mean a cell: line L, column C is (C−1, L−1);
    the locations of a line are its instruction cells."""
    program = tmp_path / "two.b93"
    program.write_text("v  @\n>1.^\n")  # down, then 1 . and up to the @
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": {"path": str(program)},
                                                   "breakpoints": [{"line": 2, "column": 3}]})["body"]["breakpoints"]
        assert answer[0]["verified"] and (answer[0]["line"], answer[0]["column"]) == (2, 3)
        places = client.request("breakpointLocations", {"source": {"path": str(program)}, "line": 2})["body"]
        assert [(b["line"], b["column"]) for b in places["breakpoints"]] == [(2, 1), (2, 2), (2, 3), (2, 4)]
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (frame["line"], frame["column"]) == (2, 3) and frame["name"] == "Befunge-93 · step 3"  # the cell (2, 1)


def test_a_hexagony_line_and_column_breakpoint_is_the_command_written_there(tmp_path):
    """Hexagony's cells are not where the text puts them: a line and column breakpoint goes on
    the cell of the command written there, whatever the layout; a line's locations are its
    commands (whitespace and backticks are none)."""
    program = tmp_path / "line.hxg"
    program.write_text("1 ) `!\n( @\n")  # cells 1 ) ! ( @ . .: the ! is the cell (1, 0) on the middle row
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": {"path": str(program)},
                                                   "breakpoints": [{"line": 1, "column": 6}]})["body"]["breakpoints"]
        assert answer[0]["verified"] and (answer[0]["line"], answer[0]["column"]) == (1, 6)
        places = client.request("breakpointLocations", {"source": {"path": str(program)}, "line": 1})["body"]
        assert [(b["line"], b["column"]) for b in places["breakpoints"]] == [(1, 1), (1, 3), (1, 6)]
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (frame["line"], frame["column"]) == (1, 6) and frame["name"] == "Hexagony · step 2"
        scopes = client.request("scopes", {"frameId": frame["id"]})["body"]["scopes"]
        names = {variable["name"] for scope in scopes for variable in client.request(
            "variables", {"variablesReference": scope["variablesReference"]})["body"]["variables"]}
        assert {"mp", "left", "right", "ip", "ips"} <= names


def test_a_fish_line_and_column_breakpoint_is_the_cell_there(tmp_path):
    """><> too: line L, column C is the cell (C−1, L−1), under a #! line (L−2); the locations of
    a line are its instruction cells (not its spaces); the frame names the cell and the step."""
    program = tmp_path / "two.fish"
    program.write_text("#!/usr/bin/env fish\nv  ;\n>1n^\n")  # down, then 1 n and up to the ;
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": {"path": str(program)},
                                                   "breakpoints": [{"line": 3, "column": 3}]})["body"]["breakpoints"]
        assert answer[0]["verified"] and (answer[0]["line"], answer[0]["column"]) == (3, 3)
        places = client.request("breakpointLocations", {"source": {"path": str(program)}, "line": 2})["body"]
        assert [(b["line"], b["column"]) for b in places["breakpoints"]] == [(2, 1), (2, 4)]
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (frame["line"], frame["column"]) == (3, 3) and frame["name"] == "><> · step 3"  # the cell (2, 1)


def test_a_brainfuck_line_and_column_breakpoint_is_the_command_there(tmp_path):
    """A Brainfuck breakpoint goes on the command written at its line and column (a line alone:
    the line's first command); the locations of a line are its commands, comments not; a line
    with none says where the commands are; a data breakpoint on a tape cell from the variables."""
    program = tmp_path / "loop.b"
    program.write_text("+++\nthree [-] times\n+.\n")
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": {"path": str(program)}, "breakpoints": [
            {"line": 2, "column": 8}, {"line": 3}, {"line": 5}]})
        found = answer["body"]["breakpoints"]
        assert [(b["verified"], b.get("column")) for b in found] == [(True, 8), (True, 1), (False, None)]
        assert "no command on line 5 (they are on lines 1 to 3)" in found[2]["message"]
        places = client.request("breakpointLocations", {"source": {"path": str(program)}, "line": 2})["body"]
        assert [(b["line"], b["column"]) for b in places["breakpoints"]] == [(2, 7), (2, 8), (2, 9)]
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (frame["line"], frame["column"]) == (2, 8) and frame["name"] == "Brainfuck · step 4"


def test_a_labyrinth_line_and_column_breakpoint_is_the_cell_there_and_a_shift_mode_stops_before_a_rotation(tmp_path):
    """Labyrinth's line L, column C is the cell (C−1, L−1); a line's locations are its command
    cells, not its walls; the mode ``shift`` stops before the rotation that moves the cell."""
    program = tmp_path / "turn.lab"
    program.write_text('_1"v\n@A "\n !""\n')  # east; v brings the @ down column 0; down, west to it
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": {"path": str(program)}, "breakpoints": [
            {"line": 3, "column": 2}, {"line": 2, "column": 1, "mode": "shift"}]})["body"]["breakpoints"]
        assert answer[0]["verified"] and (answer[0]["line"], answer[0]["column"]) == (3, 2)
        places = client.request("breakpointLocations", {"source": {"path": str(program)}, "line": 2})["body"]
        assert [(b["line"], b["column"]) for b in places["breakpoints"]] == [(2, 1), (2, 4)]  # not A, not the space
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (frame["line"], frame["column"]) == (1, 4) and frame["name"] == "Labyrinth · step 3"  # v moves (0, 1)
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (frame["line"], frame["column"]) == (3, 2)  # the `!` at (1, 2)


@pytest.mark.parametrize("language", [pytest.param(language, id=language.name) for language in registry.languages()])
def test_breakpoint_modes_are_the_languages_kinds(language):
    found = modes(language)
    if len(language.breakpoint_kinds) < 2:
        assert found == []
    else:
        assert [mode["mode"] for mode in found][:len(language.breakpoint_kinds)] == list(language.breakpoint_kinds)
    assert "error" not in [f["filter"] for f in filters(language)]  # a runtime error always stops


PICTURES_AND_TEXT = (".txt", ".png", ".gif", ".ppm")  # VS Code keeps plain text and shows pictures itself


def test_the_vscode_extension_offers_every_language_and_launch_option():
    """editors/vscode/package.json, written by hand, stays true to the registry and the adapter:
    every language's extensions (TTG's .txt and Piet's pictures aside: VS Code keeps plain text and
    shows pictures itself), breakpoints allowed
    in each, and every launch argument with its type, the languages' own in ``options``."""
    from esodbg.app.dap.server import LAUNCH

    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text("utf-8"))
    contributes = package["contributes"]
    languages = {entry["id"]: entry["extensions"] for entry in contributes["languages"]}
    ids = {"fish": "fish-esolang"}  # the fish shell's extensions own "fish" and .fish (claimed by content)
    assert languages == {ids.get(language.name, language.name): [e for e in language.extensions
                                                                  if e not in PICTURES_AND_TEXT + (".fish",)]
                         for language in registry.languages()}
    assert [entry["language"] for entry in contributes["breakpoints"]] == list(languages)
    (debugger,) = contributes["debuggers"]
    assert debugger["type"] == "esodbg" and debugger["languages"] == list(languages)
    properties = debugger["configurationAttributes"]["launch"]["properties"]
    kinds = {bool: "boolean", int: "integer", str: "string"}
    options = {option.name: option for language in registry.languages() for option in language.options}
    assert set(properties) == set(LAUNCH)  # the languages' options in "options": no clash with a client's "name"
    assert set(properties["options"]["properties"]) == set(options)
    for name, option in options.items():
        schema = properties["options"]["properties"][name]
        assert kinds[option.type] in ([schema["type"]] if isinstance(schema["type"], str) else schema["type"]), name
        assert [str(choice) for choice in schema.get("enum", [])][:len(option.choices)] == list(option.choices), name
        for language in registry.languages():  # the description names every language the option is for
            if option in language.options:
                assert language.title in schema["description"].split("]")[0], (name, language.title)


def test_the_vscode_manifest_is_generated_from_the_registry():
    """The manifest's languages, description and options schema are what editors/vscode/manifest.py
    makes of the registered languages (run it after adding a language or an option)."""
    import subprocess
    import sys

    result = subprocess.run([sys.executable, str(ROOT / "editors" / "vscode" / "manifest.py"), "--check"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_a_numeric_choice_may_be_given_as_a_number():
    """``{"cell-size": 16}`` in launch.json (the schema offers 16 and "16") is Brainfuck's 16-bit cells."""
    program = EXAMPLES / "brainfuck" / "hello.b"
    with Client() as client:
        client.request("initialize", {"adapterID": "esodbg"})
        answer = client.request("launch", {"program": str(program), "stopOnEntry": True,
                                           "options": {"cell-size": 16}})
        assert answer["success"], answer
        client.event("initialized")
    with Client() as client:
        client.request("initialize", {"adapterID": "esodbg"})
        answer = client.request("launch", {"program": str(program), "options": {"cell-size": 12}}, ok=False)
        assert not answer["success"] and "'cell-size' is one of: 8, 16, 32, unbounded" in answer["message"]


def test_the_places_are_read_off_the_request_loop(monkeypatch):
    """A 1 MB program's places take seconds to read (issue 44: Befunge-98's 3.8 s on the request
    loop, ><>'s, Brainfuck's…): the adapter's breakpoints are made at once and read them on a
    thread of their own, a request that needs them waiting; and the launch builds the session on
    the loader thread, not on the loop."""
    from esodbg.app.dap.breakpoints import EditorBreakpoints
    from esodbg.app.dap.server import Server, _Load

    language = registry.by_name("befunge93")
    program = EXAMPLES / "befunge" / "countdown.b93"
    parsed = language.parse(program.read_text("utf-8"), str(program))
    release = threading.Event()
    real = language.places
    monkeypatch.setattr(type(language), "places", lambda self, p: (release.wait(10), real(p))[1])
    made = []
    maker = threading.Thread(target=lambda: made.append(EditorBreakpoints(
        language, parsed, (), Positions(parsed.source), {"path": str(program)})))
    maker.start()
    maker.join(5)
    assert made, "making the editor's breakpoints waited for the places"
    release.set()
    assert made[0].row(1)[0].line == 1 and made[0].on_line(2)
    launch = Server._read(_Load({"program": str(program)}, language, program, {}, None, lambda launch: None))
    assert launch.session is not None and launch.session.steps == 0


def test_piet_function_breakpoints_take_the_spec_names_codel_block_and_command():
    """On a picture (no text to put a line breakpoint on), function breakpoints ``codel:X,Y``,
    ``block:X,Y`` and ``command:NAME``; an unknown command comes back unverified with the valid ones."""
    program = EXAMPLES / "piet" / "countdown.png"
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setFunctionBreakpoints", {"breakpoints": [
            {"name": "command:out_number"}, {"name": "codel:5,0 hit 2"}, {"name": "command:print"}]})["body"]
        assert [b["verified"] for b in answer["breakpoints"]] == [True, True, False]
        assert "no Piet command 'print' (the commands are: push, pop" in answer["breakpoints"][2]["message"]
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        stop = client.stopped()
        assert stop["reason"] == "function breakpoint" and "command out_number" in stop["description"]
        assert client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]["name"] == "Piet · step 2"
        client.request("continue", {"threadId": 1})
        client.stopped()
        assert client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]["name"] == "Piet · step 13"
        client.request("setFunctionBreakpoints", {"breakpoints": [{"name": "block:6,0"}]})  # the block d at (6, 0)
        client.request("reverseContinue", {"threadId": 1})
        assert client.stopped()["reason"] == "function breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        names = {v["name"]: v["value"] for v in client.request("variables", {"variablesReference": client.request(
            "scopes", {"frameId": frame["id"]})["body"]["scopes"][0]["variablesReference"]})["body"]["variables"]}
        assert frame["name"] == "Piet · step 2" and names["pos"] == "(6, 0)"


def test_a_piet_line_and_column_breakpoint_is_the_codel_there_and_a_block_mode_stops_in_its_block(tmp_path):
    """On ascii-piet, line L, column C is codel (C−1, L−1); black codels are no locations; the mode
    ``block`` stops when the IP enters any codel of the block."""
    program = tmp_path / "countdown.apiet"
    program.write_text((EXAMPLES / "piet" / "countdown.apiet").read_text())
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": {"path": str(program)}, "breakpoints": [
            {"line": 1, "column": 6}, {"line": 3, "column": 12, "mode": "block"}]})["body"]["breakpoints"]
        assert answer[0]["verified"] and (answer[0]["line"], answer[0]["column"]) == (1, 6)
        places = client.request("breakpointLocations", {"source": {"path": str(program)}, "line": 3})["body"]
        assert [(b["line"], b["column"]) for b in places["breakpoints"]] == [(3, 6), (3, 12), (3, 13), (3, 15)]
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (frame["line"], frame["column"]) == (1, 6) and frame["name"] == "Piet · step 1"


def test_aheui_columns_are_utf16_units_a_cell_after_an_astral_character_included(tmp_path):
    """Aheui's cells are code points: a syllable is one UTF-16 unit, an emoji (a comment cell) two,
    so on ``바😀반우`` the cell (2, 0) ``반`` is column 4 for VS Code, and a column inside the emoji
    is the cell after it; a line breakpoint is the row (its span in UTF-16 units too)."""
    program = tmp_path / "emoji.aheui"
    program.write_text("바😀반우\n희망😀어\n", "utf-8")  # right along row 0, down at 우, left along row 1
    source = {"path": str(program)}
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": source, "breakpoints": [
            {"line": 1, "column": 2}, {"line": 1, "column": 3}, {"line": 2}]})["body"]["breakpoints"]
        assert [(b["line"], b["column"], b["endColumn"]) for b in answer] == [(1, 2, 4), (1, 4, 5), (2, 1, 6)]
        assert all(b["verified"] for b in answer)
        places = client.request("breakpointLocations", {"source": source, "line": 2})["body"]["breakpoints"]
        assert [(b["column"], b["endColumn"]) for b in places] == [(1, 2), (2, 3), (3, 5), (5, 6)]
        client.request("configurationDone")
        client.stopped()
        columns = []
        for _ in range(3):
            client.request("continue", {"threadId": 1})
            assert client.stopped()["reason"] == "breakpoint"
            top = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
            columns.append((top["line"], top["column"], top["endColumn"]))
        assert columns == [(1, 2, 4), (1, 4, 5), (2, 5, 6)]  # the emoji, 반, then 어 where row 1 begins
        client.request("stepIn", {"threadId": 1})
        client.stopped()
        top = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (top["line"], top["column"], top["endColumn"]) == (2, 3, 5)  # the emoji on row 1
    with Client() as client:  # an editor counting columns from 0
        client.request("initialize", {"adapterID": "esodbg", "linesStartAt1": True, "columnsStartAt1": False})
        client.request("launch", {"program": str(program), "stopOnEntry": True})
        client.event("initialized")
        answer = client.request("setBreakpoints", {"source": source, "breakpoints": [{"line": 1, "column": 3}]})
        assert (answer["body"]["breakpoints"][0]["column"], answer["body"]["breakpoints"][0]["endColumn"]) == (3, 4)


def test_a_leading_bom_kept_as_a_cell_is_no_column_for_the_editor(tmp_path):
    """An editor drops a file's leading BOM (VS Code's text model, Neovim's 'bomb'), so where a
    language keeps it as a cell (Aheui, B2) line 1's editor columns start after it: column 3 of
    ``\\ufeff아반망희`` is 망, the cell (3, 0), reached at step 6."""
    program = tmp_path / "bom.aheui"
    program.write_text("\ufeff아반망희\n아오\n", "utf-8")  # BOM down, 아 right, 오 up, then 아 반 망 희 on row 0
    source = {"path": str(program)}
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        answer = client.request("setBreakpoints", {"source": source, "breakpoints": [{"line": 1, "column": 3}]})
        assert [(b["column"], b["endColumn"]) for b in answer["body"]["breakpoints"]] == [(3, 4)]
        places = client.request("breakpointLocations", {"source": source, "line": 1})["body"]["breakpoints"]
        assert [(b["column"], b["endColumn"]) for b in places] == [(1, 1), (1, 2), (2, 3), (3, 4), (4, 5)]
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "breakpoint"
        top = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert (top["line"], top["column"], top["name"]) == (1, 3, "Aheui · step 5")  # 5 steps run, 망 next
    zeros = Positions("\ufeffab\ncd", lines1=False, columns1=False, bom_hidden=True)
    assert zeros.column_in(1, 0) == 2 and zeros.column_out(1, 2) == 0 and zeros.column_out(1, 1) == 0
    assert zeros.column_in(2, 0) == 1 and zeros.column_out(2, 1) == 0


LINE_TEXTS = {  # programs with what a line's places must get right: blank lines, CR, tabs, non-ASCII, marks
    "hexagony": "  ?\r\n\n\t}=`~ 1é\n.\u00e9\U0001F600 ;@  \n\n`!",
    "brainfuck": "+[->\r\n\n\t+<] é..\n\U0001F600,\n\n>.",
    "fish": "#!/usr/bin/env fish\n 1n ;\n\n  é\U0001F600 o\n",
    "labyrinth": " 1 \n\n  é\U0001F600 !\n@\n",
}


@pytest.mark.parametrize("language", [language for language in registry.languages() if language.places_by_line],
                         ids=lambda language: language.name)
def test_a_language_that_reads_its_places_a_line_at_a_time_reads_the_same_places(language):
    """``places_on`` and ``place_of`` (issue 44: a 1 MB program's places are never read all at
    once by the adapter) give exactly what ``places`` gives, line by line and location by location."""
    texts = [path.read_text("utf-8") for path in examples_of(language)]
    texts.append(LINE_TEXTS.get(language.name, ""))
    for text in texts:
        program = language.parse(text, "prog")
        places = language.places(program)
        lines = text.split("\n")
        for line in range(0, len(lines) + 2):
            assert language.places_on(program, line) == [place for place in places if place[0].line == line]
        first: dict = {}
        for span, at in places:
            first.setdefault(at, span)
        for at, span in first.items():
            assert language.place_of(program, at) == span
        assert language.place_of(program, "nowhere") is None


def test_a_line_at_a_time_the_adapter_never_reads_every_place(monkeypatch):
    """Hexagony and Brainfuck read their places a line at a time: the editor's breakpoints on a
    line, a column, a gutter click, a cell's span and a line with none are answered without the
    whole program's places (seconds on 1 MB), and as they were."""
    from esodbg.app.dap.breakpoints import EditorBreakpoints

    for name, line, column in (("hexagony", 3, 5), ("brainfuck", 3, 2)):
        language = registry.by_name(name)
        text = LINE_TEXTS[name]
        program = language.parse(text, "prog")
        every = language.places(program)
        monkeypatch.setattr(type(language), "places", lambda self, p: pytest.fail("read every place"))
        breakpoints = EditorBreakpoints(language, program, (), Positions(text), {"path": "prog"})
        answers = breakpoints.set_source([{"line": line, "column": column}, {"line": line}, {"line": 2}])
        assert answers[0]["verified"] and answers[1]["verified"] and not answers[2]["verified"]
        assert answers[2]["message"].startswith(f"no {'cell' if name == 'hexagony' else 'command'} on line 2 "
                                                "(they are on lines 1 to 6)")
        place = next(place for place in every if place[0].line == line and place[0].col >= column)
        assert (answers[0]["line"], answers[0]["column"]) == (line, place[0].col)
        assert breakpoints.span_of(place[1]) == next(span for span, at in every if at == place[1])
        monkeypatch.undo()
