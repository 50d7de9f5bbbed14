"""``esodbg lsp`` started as editors start it (a process on stdio) and driven by pytest-lsp's
client: diagnostics appear as a program breaks and clear as it is fixed, semantic tokens and
hover in every language, document symbols, bad input answered and survived."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from esodbg.app.lsp.tokens import TYPES

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
}


@pytest.mark.parametrize("name", EXAMPLE)
async def test_hover_explains_the_code_of_every_language(client, name):
    path, (line, character), says = EXAMPLE[name]
    uri = open_doc(client, path, path.read_text("utf-8", errors="replace"))
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri),
                                                                      types.Position(line, character)))
    assert hover is not None and says in hover.contents.value, hover


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
    ("scrabble", [("SAT", "string"), ("-1", "number")]), ("gcg", [("#player1", "keyword"), ("Player 1", "string")])])
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
