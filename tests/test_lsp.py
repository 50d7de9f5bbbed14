"""``esodbg lsp`` started as editors start it (a process on stdio) and driven by pytest-lsp's
client: diagnostics appear as a program breaks and clear as it is fixed, semantic tokens and
hover in every language, document symbols, bad input answered and survived."""

from __future__ import annotations

import asyncio
import json
import subprocess
import threading
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from esodbg.app.lsp.tokens import TYPES, encode

from conftest import EXAMPLES, ROOT

PROGRAMS = ROOT / "tests" / "programs"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "esodbg.app", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities(),
                                                               root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()


def open_doc(client: LanguageClient, path: Path, text: str | None = None, language: str = "") -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri, language, 1, text if text is not None else path.read_text("utf-8"))))
    return uri


async def published(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """The diagnostics published next for ``uri``."""
    while True:
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 20)
        if uri in client.diagnostics:
            return list(client.diagnostics.pop(uri))


def check_json(path: Path) -> list[dict]:
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "check", "--format", "json", str(path)],
                            capture_output=True, text=True, timeout=60)
    return json.loads(result.stdout)


@pytest.mark.parametrize("name, fixed", [("bad_label.15", ("1,x", "1,0")), ("second_bar.sgo", ("<bar> +1 <bar>", "<bar> +1"))])
async def test_diagnostics_appear_as_check_reports_them_and_clear_when_fixed(client, tmp_path, name, fixed):
    path = tmp_path / name
    path.write_text((PROGRAMS / name).read_text("utf-8"), "utf-8")
    uri = open_doc(client, path)
    found = await published(client, uri)
    expected = check_json(path)
    assert [(d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.message,
             d.severity) for d in found] == \
        [(e["line"] - 1, e["column"] - 1, e["end"]["line"] - 1, e["end"]["column"] - 1, e["message"],
          types.DiagnosticSeverity.Error) for e in expected]
    text = path.read_text("utf-8").replace(*fixed)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=uri), [types.TextDocumentContentChangeWholeDocument(text)]))
    assert await published(client, uri) == []


async def test_the_grammar_reports_what_the_engine_did_not_reach(client, tmp_path):
    """15's engine stops at its first error, as the original does; the grammar reads on."""
    path = tmp_path / "two.15"
    text = "1,x\n2,y\n\n>_,<_\n>_,<_\n"
    uri = open_doc(client, path, text)
    found = await published(client, uri)
    assert found[0].severity == types.DiagnosticSeverity.Error and "invalid puzzle label 'x'" in found[0].message
    assert [(d.severity, d.range.start.line, d.range.start.character) for d in found[1:]] == \
        [(types.DiagnosticSeverity.Warning, 1, 1)] and found[1].message.startswith("syntax: ")


async def test_a_syntax_error_over_the_engines_is_not_said_twice(client, tmp_path):
    """An unclosed loop: the grammar's error covers the whole program, the engine's names the
    loop; only the engine's is reported."""
    path = tmp_path / "contar.messi"
    text = (EXAMPLES / "messiscript" / "contar.messi").read_text("utf-8").replace("Vuelve Messi.", "")
    (found,) = await published(client, open_doc(client, path, text))
    assert found.range.start.line == 11 and "opens a loop that no" in found.message


EXAMPLE = {  # a program of every language, a position (0-based line, character) and what its hover says
    "fifteen": (EXAMPLES / "fifteen" / "hello.15", (7, 6), "**`<+`** · cell (1, 2)"),
    "messiscript": (EXAMPLES / "messiscript" / "hola_mundo.messi", (0, 20), "from a cell of 0 it makes **10**"),
    "ttg": (EXAMPLES / "ttg" / "sigma.ttg", (0, 4), "`r`**\n\nTyped onto the mainBoard"),
    "stoned-go": (EXAMPLES / "stoned-go" / "chain_reaction.sgo", (20, 2), "**`<domino>`** — expands to 21 commands"),
    "scrabble": (EXAMPLES / "scrabble" / "hello_world.scrabble", (4, 0), "**ADD** scores 5: `cell += 5`"),
    "gcg": (EXAMPLES / "scrabble" / "doug_v_emely.gcg", (2, 1), "**WINDY** scores 32"),
    "befunge93": (EXAMPLES / "befunge" / "hello.b93", (1, 2), "the run `055` pushes 0, 5, 5"),
    "befunge98": (EXAMPLES / "befunge" / "roman.b98", (1, 3), 'in the string `"AMOR"`'),
    "hexagony": (EXAMPLES / "hexagony" / "fibonacci.hxg", (2, 1), "**`+`** add: edge := left + right (A2)  \n"
                                                                 "cell (2, 0) · axial (q, r) = (-2, 0)"),
    "fish": (EXAMPLES / "fish" / "hello.fish", (0, 22), "**`a`** at (22, 0): push 10\n\nthe run `a6` pushes 10, 6"),
    "brainfuck": (EXAMPLES / "brainfuck" / "hello.b", (5, 11), "its match: `]` at line 6, column 49"),
    "labyrinth": (EXAMPLES / "labyrinth" / "counter.lab", (0, 10),
                  "heading east: negative → ▼ south, zero → ▶ east, positive → ▼ south"),
    "piet": (EXAMPLES / "piet" / "hello.apiet", (0, 10), "**codel (10, 0)**: dark red, block of 30 codels"),
    "aheui": (EXAMPLES / "aheui" / "countdown.aheui", (1, 4), "**타** = ㅌ + ㅏ\n\n- ㅌ **subtract**"),
}


@pytest.mark.parametrize("name", EXAMPLE)
async def test_hover_explains_the_code_of_every_language(client, name):
    path, (line, character), says = EXAMPLE[name]
    uri = open_doc(client, path, path.read_text("utf-8", errors="replace"))
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri),
                                                                      types.Position(line, character)))
    assert hover is not None and says in hover.contents.value, hover


async def test_befunge_diagnostics_and_fingerprint_loads(client, tmp_path):
    """A Befunge-93 line past 80 bytes and a string its row never closes are warnings (the
    program still runs); a Befunge-98 fingerprint load is a symbol."""
    wide = tmp_path / "wide.b93"
    wide.write_text("v" + " " * 85 + "x\n\"abc\n")
    found = await published(client, open_doc(client, wide))
    assert [(d.range.start.line, d.severity, d.message.split(":")[0]) for d in found] == [
        (0, types.DiagnosticSeverity.Warning, "line 1 is 87 bytes wide"),
        (1, types.DiagnosticSeverity.Warning, 'this " opens a string that its row never closes')]
    uri = open_doc(client, EXAMPLES / "befunge" / "roman.b98")
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri)))
    assert [s.name for s in symbols] == ["ROMA"] and symbols[0].range.start.line == 1


async def test_hexagony_side_note_and_the_hexagon_layout_action(client, tmp_path):
    """The side length and how full the hexagon is, as information (issue 36); the code action
    that lays the program out as its hexagon, the reference's -g picture, which reads back as
    the same program; no action once it is laid out."""
    path = tmp_path / "line.hxg"
    path.write_text("H;e;`l;o;@", "utf-8")
    uri = open_doc(client, path)
    (note,) = await published(client, uri)
    assert note.severity == types.DiagnosticSeverity.Information
    assert note.message == "a hexagon of side 3: 19 cells, 9 from the source (47 %), 10 of padding '.'; side 2 holds 7"
    whole = types.Range(types.Position(0, 0), types.Position(0, 10))
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), whole, types.CodeActionContext(diagnostics=[])))
    (action,) = actions
    assert action.title == "Lay out as a hexagon (side 3)" and action.kind == types.CodeActionKind.RefactorRewrite
    (edit,) = action.edit.changes[uri]
    assert edit.range == whole
    assert edit.new_text == "   H ; e\n  ;`l ; o\n ; @ . . .\n  . . . .\n   . . .\n"
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=uri), [types.TextDocumentContentChangeWholeDocument(
            edit.new_text)]))
    (laid,) = await published(client, uri)  # the same program: its padding written out
    assert laid.message.startswith("a hexagon of side 3: 19 cells, 19 from the source")
    assert not await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), whole, types.CodeActionContext(diagnostics=[])))


async def test_fish_diagnostics_hover_in_a_string_and_jumps(client, tmp_path):
    """A ><> jump written with constant coordinates that land outside the codebox is a warning
    (the program still runs: rule 11); hover in a string says what it pushes; each such jump is
    a symbol."""
    far = tmp_path / "far.fish"
    far.write_text("'ab'o9a.\n1n;\n")
    found = await published(client, open_doc(client, far))
    assert [(d.range.start.line, d.range.start.character, d.range.end.character, d.severity) for d in found] == [
        (0, 5, 8, types.DiagnosticSeverity.Warning)]
    assert "jumps to (9, 10), outside the codebox: row 10 is below the last row (1)" in found[0].message
    uri = open_doc(client, far)
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri),
                                                                      types.Position(0, 2)))
    assert "in the string `'ab'` (2 values pushed" in hover.contents.value
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri)))
    assert [(s.name, s.range.start.line, s.range.start.character) for s in symbols] == [("jump to (9, 10)", 0, 5)]


async def test_a_fish_shell_script_is_not_taken_for_a_fish_program(client, tmp_path):
    """``.fish`` is the fish shell's ending too: a shell script (a ``#!`` line running fish, or
    its ``function``/``set``/``end`` lines) gets no diagnostics and no hover from esodbg, while a
    ><> program beside it does."""
    for name, text in [("prompt.fish", "#!/usr/bin/env fish\nset -l x 1\necho $x\n"),
                       ("greet.fish", "function greet\n    echo hello $argv\nend\n")]:
        path = tmp_path / name
        path.write_text(text)
        uri = open_doc(client, path, language="fish")
        assert await published(client, uri) == []
        hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri),
                                                                          types.Position(1, 1)))
        assert hover is None
    program = tmp_path / "far.fish"
    program.write_text("'ab'o9a.\n1n;\n")  # a jump outside the codebox: a warning
    assert await published(client, open_doc(client, program, language="fish-esolang")) != []


async def test_brainfuck_unmatched_bracket_runs_and_nested_loops(client, tmp_path):
    """A Brainfuck program's first unmatched bracket is its error, at its line and column (rule
    13); hover on a run says what the whole run does; the loops are the outline, nested."""
    bad = tmp_path / "bad.b"
    bad.write_text("+++[>++\n<-]]\n")
    (found,) = await published(client, open_doc(client, bad))
    assert (found.range.start.line, found.range.start.character, found.message) == (1, 3, "unmatched ]")
    uri = open_doc(client, EXAMPLES / "brainfuck" / "triangle.b")
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri),
                                                                      types.Position(10, 8)))
    assert "the run `>>>` moves the pointer +3" in hover.contents.value
    loops = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(uri)))
    assert [s.name for s in loops] == ["[>+++++++<-]", "[>+[->>>+>+…<.>]<<.<<-]"]
    assert [s.name for s in loops[1].children] == ["[->>>+>+<<<<]", "[-<<<<+>>>>]", "[-<.>]"]
    assert loops[1].range.start.line == 8 and loops[1].range.end.line == 15


async def test_labyrinth_notes_a_maze_with_no_command_and_code_no_corridor_reaches(client, tmp_path):
    """No command: a warning (nothing runs, G4).  Commands the start's corridors never reach:
    information, one note a group at its first cell; none once a rotation is reachable (it may
    bring them in)."""
    empty = tmp_path / "walls.lab"
    (found,) = await published(client, open_doc(client, empty, "walls only\n"))
    assert found.severity == types.DiagnosticSeverity.Warning and "no command" in found.message
    islands = tmp_path / "islands.lab"
    found = await published(client, open_doc(client, islands, '1!@ 23\n\n"" 4\n'))
    assert [(d.severity, d.range.start.line, d.range.start.character, d.message.split(":")[0]) for d in found] == [
        (types.DiagnosticSeverity.Information, 0, 4, "unreachable"),
        (types.DiagnosticSeverity.Information, 2, 0, "unreachable"),
        (types.DiagnosticSeverity.Information, 2, 3, "unreachable")]
    assert "these 2 commands" in found[0].message
    rotating = tmp_path / "rotating.lab"
    assert await published(client, open_doc(client, rotating, '1<@ 23\n')) == []


async def test_aheui_notes_lines_of_jamo_and_a_board_with_no_syllable(client, tmp_path):
    """A line with no syllable but Hangul jamo (decomposed NFD text, or jamo typed one by one):
    information — they are comments, never composed (B3) — with the line composed where NFC
    makes syllables of it.  A line with no Hangul at all is a comment line (a title, a ``#!``):
    nothing to say.  A board with no syllable: a warning (B5)."""
    import unicodedata

    path = tmp_path / "jamo.aheui"
    text = "# prints 2\n반망희\n" + unicodedata.normalize("NFD", "반망희") + "\nㅂㅏ ㄴ\n"
    found = await published(client, open_doc(client, path, text))
    assert [(d.severity, d.range.start.line, d.range.start.character, d.range.end.character) for d in found] == [
        (types.DiagnosticSeverity.Information, 2, 0, 8), (types.DiagnosticSeverity.Information, 3, 0, 4)]
    assert "only Hangul jamo" in found[0].message and "NFC" in found[0].message and "`반망희`" in found[0].message
    assert "`" not in found[1].message.split("(B3)")[1]  # compatibility jamo compose to nothing
    board = tmp_path / "nosyllable.aheui"
    (found,) = await published(client, open_doc(client, board, "hello\nworld\n"))
    assert found.severity == types.DiagnosticSeverity.Warning and "no Hangul syllable" in found.message


async def test_no_hover_on_what_is_not_code(client, tmp_path):
    prose = tmp_path / "prose.messi"
    prose.write_text("La agarra Messi. Un partido tranquilo en el estadio. ¡gol!\n", "utf-8")
    for path, position in ((EXAMPLES / "stoned-go" / "chain_reaction.sgo", (0, 5)),  # a comment
                           (prose, (0, 25)),  # prose between commands
                           (EXAMPLES / "scrabble" / "hello_world.scrabble", (0, 3)),  # a comment
                           (EXAMPLES / "fifteen" / "hello.15", (12, 2))):  # the trailer after the commands
        uri = open_doc(client, path)
        assert await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(*position))) is None, path.name


def decode(data: list[int], text: str) -> list[tuple[str, str]]:
    """Semantic tokens as (the text they cover, their type)."""
    lines, line, start, out = text.split("\n"), 0, 0, []
    for i in range(0, len(data), 5):
        delta, offset, length, kind = data[i:i + 4]
        line, start = line + delta, (start + offset if delta == 0 else offset)
        out.append((lines[line].encode("utf-16-le")[2 * start:2 * (start + length)].decode("utf-16-le"), TYPES[kind]))
    return out


@pytest.mark.parametrize("name, covers", [
    ("fifteen", [("07", "number"), ("<+", "operator"), ("<", "operator"), ("X", "function")]),  # tokens that touch join
    ("messiscript", [("Va Messi", "function")]), ("ttg", [("r", "keyword"), ("Σ", "function"), ("7", "number")]),
    ("stoned-go", [("# Chain reaction: a row of dominoes.  Each white stone sits in atari (black on three", "comment"),
                   ("domino", "macro")]),
    ("scrabble", [("SAT", "string"), ("-1", "number")]), ("gcg", [("#player1", "keyword"), ("Player 1", "string")]),
    ("fish", [('"!dlrow ,olleH"', "string"), ("0a", "number"), (":", "function"), ("?!;", "keyword"), ("o", "function")]),
    ("aheui", [("# counts down by two from 8: prints 8642", "comment"), ("타", "operator"), ("추", "keyword"),
               ("희", "keyword")]),
    ("piet", [("llllllllllddddddddddt", "string"), ("vvvvn", "function"), ("j", "number"), ("sssssk", "type"),
              ("i", "keyword")])])  # by hue: a run of one hue's letters is one token
async def test_semantic_tokens_come_from_the_grammars_highlights(client, name, covers):
    path = EXAMPLE[name][0]
    text = path.read_text("utf-8", errors="replace")
    uri = open_doc(client, path, text)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
        types.TextDocumentIdentifier(uri)))
    tokens = decode(full.data, text)
    assert all(token in tokens for token in covers), tokens[:40]
    some = await client.text_document_semantic_tokens_range_async(types.SemanticTokensRangeParams(
        types.TextDocumentIdentifier(uri), types.Range(types.Position(0, 0), types.Position(3, 0))))
    assert decode(some.data, text) == [t for t, line in zip(tokens, _lines(full.data)) if line <= 3]


def _lines(data: list[int]) -> list[int]:
    line, out = 0, []
    for i in range(0, len(data), 5):
        line += data[i]
        out.append(line)
    return out


async def test_document_symbols_list_stoned_go_macros_and_messiscript_loops(client):
    uri = open_doc(client, EXAMPLES / "stoned-go" / "macro_arg.sgo")
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(uri)))
    assert [(s.name, s.kind, s.detail, s.selection_range.start.line) for s in symbols] == [
        ("twice", types.SymbolKind.Function, "takes an argument", 3), ("step", types.SymbolKind.Function,
                                                                      "takes an argument", 4)]
    uri = open_doc(client, EXAMPLES / "messiscript" / "fibonacci.messi")
    loops = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        types.TextDocumentIdentifier(uri)))
    assert [s.name for s in loops] == ["sigue messi · line 92", "sigue messi · line 103", "sigue messi · line 112"]
    assert [s.name for s in loops[2].children] == ["sigue messi · line 118", "sigue messi · line 136",
                                                    "sigue messi · line 145"]


async def test_bad_input_gets_a_clear_answer_and_the_server_goes_on(client, tmp_path):
    latin = tmp_path / "latin.15"
    latin.write_bytes(b"0,1\n\n>_,<\xe9\n")
    uri = open_doc(client, latin, latin.read_bytes().decode("latin-1"))
    assert any("not UTF-8 text (byte 0xe9)" in d.message and d.range.start.line == 2 for d in await published(client, uri))
    unknown = tmp_path / "notes.xyz"
    uri = open_doc(client, unknown, "hello")
    (found,) = await published(client, unknown.as_uri())
    assert "esodbg has no language for '.xyz' files" in found.message
    huge = tmp_path / "huge.15"
    uri = open_doc(client, huge, "0" * 10_000_000)
    (found,) = await published(client, uri)
    assert "10.0 million characters" in found.message and "esodbg check" in found.message
    with pytest.raises(Exception, match="is not open: send textDocument/didOpen first"):
        await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier((tmp_path / "never.15").as_uri()), types.Position(0, 0)))
    uri = open_doc(client, EXAMPLES / "fifteen" / "hello.15")  # still answering
    assert await published(client, uri) == []


# ----- what no well-behaved client sends (issue 34): byte by byte, through tests/lsp_wire.py -----

@pytest.fixture
def wire():
    from lsp_wire import Wire

    server = Wire()
    server.initialize()
    yield server
    server.close()


HELLO = (EXAMPLES / "fifteen" / "hello.15").as_uri()


def hover_message(line, character=0) -> dict:
    return {"jsonrpc": "2.0", "id": "h", "method": "textDocument/hover",
            "params": {"textDocument": {"uri": HELLO}, "position": {"line": line, "character": character}}}


def answered(wire, timeout: float = 60) -> None:
    """The server still reads and answers: a request after whatever came before gets its response."""
    response = wire.response(wire.request("textDocument/documentSymbol", {"textDocument": {"uri": HELLO}}), timeout)
    assert "result" in response or "is not open" in response["error"]["message"], response


@pytest.mark.parametrize("header", ["content-length: {}\r\n\r\n", "Content-Length:{}\r\n\r\n", "Content-Length: {}\n\n",
                                    "CONTENT-LENGTH :  {}\r\nContent-Type: application/json\r\n\r\n"])
def test_headers_as_written_by_hand_are_read(wire, header):
    wire.notify("textDocument/didOpen", {"textDocument": {"uri": HELLO, "languageId": "", "version": 1,
                                                          "text": (EXAMPLES / "fifteen" / "hello.15").read_text()}})
    wire.send(hover_message(7, 6), header)
    assert "cell (1, 2)" in wire.response("h")["result"]["contents"]["value"]
    answered(wire)


@pytest.mark.parametrize("header, says", [
    ("Content-Length: 0\r\n\r\n", "bad Content-Length '0'"), ("Content-Length: 0x7c\r\n\r\n", "bad Content-Length '0x7c'"),
    ("Content-Length: \u00b2\r\n\r\n", "bad Content-Length"), ("Content-Length: -5\r\n\r\n", "bad Content-Length '-5'"),
    ("Content-Length: 1000000000\r\n\r\n", "a body of 1000000000 bytes: at most 67,108,864 are read"),
    ("Content-Length: 9223372036854775808\r\n\r\n", "a body of 9223372036854775808 bytes"),
    ("Content-Length: 1" + "0" * 5000 + "\r\n\r\n", "a body of 100000000000000000000000000000… bytes"),
    ("Content-Length: 12\r\n\r\n", "the body is not JSON"),  # shorter than the body: the rest is skipped
], ids=["0", "hex", "superscript", "negative", "1e9", "2**63", "5001 digits", "short"])
def test_a_header_that_cannot_be_read_gets_an_error_and_the_next_message_is_read(wire, header, says):
    wire.send(hover_message(0), header)
    error = wire.frame()
    assert error["id"] is None and error["error"]["code"] in (-32600, -32700) and says in error["error"]["message"]
    answered(wire)


def test_a_length_too_long_gives_the_next_message_back_and_a_stray_body_is_dropped(wire):
    body = json.dumps(hover_message(0))
    wire.send(hover_message(0), "Content-Length: %d\r\n\r\n" % (len(body) + 10))  # takes in the next header
    symbols = wire.request("textDocument/documentSymbol", {"textDocument": {"uri": HELLO}})
    error = wire.frame()
    assert (error["id"], error["error"]["code"]) == (None, -32700) and "not JSON" in error["error"]["message"]
    assert wire.frame()["id"] == symbols  # the message whose header it took in is read all the same
    wire.send_raw(b'{"jsonrpc": "2.0", "id": "s", "method": "shutdown"}')  # a body with no header: dropped,
    symbols = wire.request("textDocument/documentSymbol", {"textDocument": {"uri": HELLO}})  # this one read
    error = wire.frame()
    assert (error["id"], error["error"]["code"]) == (None, -32600) and "bytes before a header" in error["error"]["message"]
    assert wire.frame()["id"] == symbols


def test_bodies_that_are_not_json_get_parse_errors(wire):
    for body, says in ((b"[" * 100_000, "nested too deeply"), (b'{"a": "\xff"}', "not UTF-8 (byte 7)"),
                       (b"{nope", "not JSON")):
        wire.send(body)
        error = wire.frame()
        assert (error["id"], error["error"]["code"]) == (None, -32700) and says in error["error"]["message"]
    for body in (b"[]", b"3", b'[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]'):
        assert wire.send(body) is None and wire.frame()["error"]["code"] == -32600
    answered(wire)


@pytest.mark.parametrize("position, says", [
    ({"line": -1, "character": 0}, "Position.line should be in range [0:2147483647], but was -1"),
    ({"line": 2 ** 31, "character": 0}, "but was 2147483648"),
    ({"line": 1.5, "character": 0}, "expected an integer, got 1.5 @ $.params.position.line"),
    ({"line": True, "character": 0}, "expected an integer, got True"),
    ({"line": "3", "character": 0}, "expected an integer, got '3'"),
    ({"line": 0}, "required field missing @ $.params.position.character"),
])
def test_a_request_with_bad_params_gets_invalid_params(wire, position, says):
    response = wire.response(wire.request("textDocument/hover", {"textDocument": {"uri": HELLO}, "position": position}))
    assert response["error"]["code"] == -32602 and says in response["error"]["message"], response


def test_nan_or_no_params_get_invalid_params_too(wire):
    wire.send(b'{"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {"textDocument": {"uri": "'
              + HELLO.encode() + b'"}, "position": {"line": NaN, "character": 0}}}')
    assert "expected an integer, got nan" in wire.response(7)["error"]["message"]
    response = wire.response(wire.request("textDocument/hover"))
    assert response["error"] == {"code": -32602, "message": "bad params for textDocument/hover: required field "
                                                            "missing @ $.params"}
    assert wire.response(wire.request("no/such"))["error"]["code"] == -32601  # unknown, with no params: not -32602
    for message in ({"jsonrpc": "1.0", "id": 8, "method": "shutdown"}, {"jsonrpc": "2.0", "id": [8], "method": "x"},
                    {"jsonrpc": "2.0", "id": 8, "method": 5}, {"jsonrpc": "2.0", "id": 8}):
        wire.send(message)
        error = wire.frame()
        assert error["error"]["code"] == -32600 and error["id"] in (8, None), (message, error)


def test_after_shutdown_requests_get_invalid_request_and_exit_ends_it(wire):
    assert wire.response(wire.request("shutdown"))["result"] is None
    response = wire.response(wire.request("textDocument/hover", {"textDocument": {"uri": HELLO},
                                                                 "position": {"line": 0, "character": 0}}))
    assert response["error"]["code"] == -32600 and "shut down" in response["error"]["message"]
    wire.notify("exit", None)
    assert wire.process.wait(30) == 0 and b"Traceback" not in wire.stderr and b"Fatal" not in wire.stderr


def test_frames_are_valid_utf8_json_whatever_the_client_sent(wire):
    """Lone surrogates in a method, a URI and a text: every frame is still UTF-8 JSON without them
    (the wire checks each frame as it reads it)."""
    assert "Method Not Found: x\ufffd" in wire.response(wire.request("x\ud800", {}))["error"]["message"]
    uri = "file:///tmp/\udc00.15"
    wire.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "", "version": 1, "text": "0,1"}})
    frame = wire.frame()
    assert frame["method"] == "textDocument/publishDiagnostics" and frame["params"]["uri"] == "file:///tmp/\ufffd.15"
    answered(wire)


def test_a_document_with_a_lone_surrogate_is_checked_and_hovered(wire):
    uri = (EXAMPLES / "fifteen" / "nowhere.15").as_uri()
    text = (EXAMPLES / "fifteen" / "hello.15").read_text().replace("\n", "\n# \ud800\n", 1)
    wire.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "", "version": 1, "text": text}})
    frame = wire.frame()
    assert frame["method"] == "textDocument/publishDiagnostics"
    first = frame["params"]["diagnostics"][0]
    assert first["message"].startswith("a lone surrogate U+D800: not a character") and \
        first["range"]["start"] == {"line": 1, "character": 2}
    response = wire.response(wire.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                                 "position": {"line": 8, "character": 6}}))
    assert "error" not in response, response
    tokens = wire.response(wire.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}}))
    assert tokens["result"]["data"]


def test_a_semantic_tokens_range_past_the_end_has_none_and_a_reversed_one_is_refused(wire):
    wire.notify("textDocument/didOpen", {"textDocument": {"uri": HELLO, "languageId": "", "version": 1,
                                                          "text": (EXAMPLES / "fifteen" / "hello.15").read_text()}})
    ask = lambda start, end: wire.response(wire.request("textDocument/semanticTokens/range", {  # noqa: E731
        "textDocument": {"uri": HELLO}, "range": {"start": {"line": start, "character": 0},
                                                  "end": {"line": end, "character": 0}}}))
    assert ask(500, 900)["result"] == {"data": []}
    assert ask(8, 900)["result"]["data"]
    refused = ask(9, 2)["error"]
    assert refused == {"code": -32602, "message": "the range ends (2:0) before it starts (9:0)"}


def test_a_hover_past_the_end_is_answered_with_nothing(wire):
    assert wire.response(wire.request("textDocument/hover", {"textDocument": {"uri": HELLO},
                                                             "position": {"line": 2 ** 31 - 1, "character": 2 ** 31 - 1}}))


# ----- work linear in the text (issue 34) --------------------------------------------------------

def test_semantic_tokens_of_a_long_non_ascii_line_are_made_in_linear_time():
    """A 1 MB one-line program of emoji and commands (104 s when each token decoded its line's
    start again).  The bound has slack for a loaded machine; benchmarks/lsp.py measures."""
    import time

    from esodbg.app.lsp.documents import Document

    text = "1,2 " + "\U0001F600 1,2 " * 111_111
    document = Document("file:///tmp/long.15", text, 1)
    start = time.thread_time()  # the CPU time of this thread: a loaded machine's wait is not counted
    tokens = document.tokens()
    assert time.thread_time() - start < 15
    # Each group "😀 1,2 " is 7 UTF-16 units: the emoji (a comment, two units), then the numbers.
    assert len(tokens) == 3 * 111_111 + 2 and tokens[-3:] == [(0, 777_774, 2, 3, 0), (0, 777_777, 1, 1, 0),
                                                              (0, 777_779, 1, 1, 0)]
    short = "1,2 \U0001F600 é 1,2 "
    assert decode(encode(Document("file:///tmp/short.15", short, 1).tokens()), short) == [
        ("1", "number"), ("2", "number"), ("\U0001F600", "comment"), ("é", "comment"), ("1", "number"), ("2", "number")]


def big_stoned_go() -> str:
    """A Stoned-Go program of 200 KB, of benchmarks/grammars.py's kind (whose 1 MB one the
    benchmark times: these tests count the lexer's calls, a fifth of it shows them as well)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_grammars", ROOT / "benchmarks" / "grammars.py")
    generators = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generators)
    return generators.PROGRAMS["stoned-go"](200_000)


def lexes(monkeypatch) -> list:
    """The calls of Stoned-Go's lexer that hover and symbols make from now on."""
    from esodbg.engines.stoned_go import explain

    lexed = []
    real = explain.lex
    monkeypatch.setattr(explain, "lex", lambda *args: lexed.append(args) or real(*args))
    return lexed


def test_stoned_go_hover_reads_a_program_once(monkeypatch):
    """Hover on a 1 MB program lexed it again each time (2 s): now once a program (a document
    version)."""
    from esodbg.app.lsp.documents import Document

    text = big_stoned_go()
    document = Document("file:///tmp/big.sgo", text, 1)
    document.analyse()
    line = len(text.split("\n")) // 2 + 1
    lexed = lexes(monkeypatch)
    first = document.language.hover(document.program, line, 2)
    again = document.language.hover(document.program, line, 2)
    assert again == first and "expands to" in first and len(lexed) == 1


def test_the_check_reads_ahead_what_the_first_hover_needs(monkeypatch):
    """The first hover after each change of a 1 MB Stoned-Go program took 2–4 s (it read the
    macros): the check reads them once it has published the diagnostics, so that hover, and the
    outline, only look them up."""
    from esodbg.app.lsp import server as lsp_server

    text = big_stoned_go()
    server = lsp_server.EsodbgServer()
    published = []
    monkeypatch.setattr(server, "publish", published.append)
    lexed = lexes(monkeypatch)

    async def change() -> None:
        server.open("file:///tmp/big.sgo", text, 2, 0)
        await server.checks["file:///tmp/big.sgo"]

    asyncio.run(change())
    document = server.documents["file:///tmp/big.sgo"]
    assert published == [document] and len(lexed) == 1
    line = len(text.split("\n")) // 2 + 1
    assert "expands to" in document.language.hover(document.program, line, 2)
    assert document.symbols() and len(lexed) == 1


def test_a_huge_file_under_the_document_is_not_read(tmp_path):
    """The check reads the file on disk too (for bytes the editor hides); a file of 8 GiB there
    (sparse) must not be read into memory: the editor's text is checked, nothing else said."""
    from esodbg.app.lsp.documents import Document

    path = tmp_path / "huge.15"
    with open(path, "wb") as file:
        file.truncate(2 ** 33)
    document = Document(path.as_uri(), (EXAMPLES / "fifteen" / "hello.15").read_text(), 1)
    document.analyse()
    assert document.program is not None and document.diagnostics == []


def test_a_hover_waits_for_the_analysis_not_for_the_outline_read_ahead(monkeypatch):
    """The check reads the outline ahead once it has published the diagnostics; a hover must not
    wait for that (issue 44: a 1 MB Brainfuck program's first hover waited 4–6.5 s for its loops'
    outline).  Here the read-ahead never ends until told: the document is ready for a hover anyway."""
    from esodbg.app.lsp import server as lsp_server
    from esodbg.app.lsp.documents import Document

    server = lsp_server.EsodbgServer()
    monkeypatch.setattr(server, "publish", lambda document: None)
    release = threading.Event()
    monkeypatch.setattr(Document, "symbols", lambda self: release.wait(30) and ())

    async def hover_while_reading_ahead() -> bool:
        uri = "file:///tmp/loops.b"
        server.open(uri, "+[->+<]\n" * 1000, 1, 0)
        hover = asyncio.ensure_future(server.analysed(uri))
        done, _ = await asyncio.wait([hover], timeout=20)  # (not wait_for: a cancelled wait would go on)
        reading = not server.checks[uri].done()  # the read-ahead still under way
        release.set()
        await server.checks[uri]
        return hover in done and hover.result().program is not None and reading

    assert asyncio.run(hover_while_reading_ahead())
