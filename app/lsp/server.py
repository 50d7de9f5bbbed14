"""``esodbg lsp``: a Language Server Protocol server (pygls 2) for every registered language.

What it gives an editor, from the engines and the grammars (nothing written per language here):

* diagnostics on open and on every change (full sync; a change is checked once the typing
  pauses for :data:`SETTLE` seconds, on a worker thread): :mod:`.documents`;
* semantic tokens, full and by range, from each grammar's highlight query, under the standard
  token types (:mod:`.tokens`), so an editor without our tree-sitter queries still colours;
* hover that explains the code under the pointer (:meth:`Language.hover
  <esodbg.engines.language.Language.hover>`), and document symbols (its ``symbols``);
* a code action rewriting the program in its language's layout (:meth:`Language.layout
  <esodbg.engines.language.Language.layout>`: Hexagony's hexagon), when it has one.

LSP positions are 0-based, columns in UTF-16 code units (:class:`~esodbg.app.positions.Positions`).
A request about a document that was never opened is an error response that says so; nothing a
client sends ends the server.
"""

from __future__ import annotations

import asyncio

import cattrs
from lsprotocol import types
from lsprotocol.converters import get_converter
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from esodbg.engines import installed
from esodbg.engines.base import Diagnostic, Span
from esodbg.engines.language import Symbol

from .documents import Document
from .tokens import LEGEND, encode

SEVERITIES = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
              "information": types.DiagnosticSeverity.Information}
SETTLE = 0.15  # seconds without a change before a program is checked again

SEVERITIES = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
              "information": types.DiagnosticSeverity.Information}
SYMBOL_KINDS = {"function": types.SymbolKind.Function, "block": types.SymbolKind.Namespace,
                "event": types.SymbolKind.Event}


class EsodbgServer(LanguageServer):
    """The server, with the open documents (by URI) and their pending checks."""

    def __init__(self) -> None:
        super().__init__("esodbg", installed.version() or "0", text_document_sync_kind=types.TextDocumentSyncKind.Full,
                         converter_factory=_converter)
        self.documents: dict[str, Document] = {}
        self.checks: dict[str, asyncio.Task] = {}
        self.ready: dict[str, asyncio.Event] = {}  # set once the document's latest text is analysed

    def document(self, uri: str) -> Document:
        """The open document ``uri`` (JsonRpcInvalidParams if it was never opened)."""
        document = self.documents.get(uri)
        if document is None:
            raise JsonRpcInvalidParams(f"{uri} is not open: send textDocument/didOpen first")
        return document

    async def analysed(self, uri: str) -> Document:
        """The open document ``uri``, once its latest text has been analysed (not waiting for
        what the check reads ahead after publishing its diagnostics)."""
        check, ready = self.checks.get(uri), self.ready.get(uri)
        if check is not None and not check.done() and ready is not None:
            waiting = asyncio.ensure_future(ready.wait())
            await asyncio.wait([waiting, check], return_when=asyncio.FIRST_COMPLETED)  # a cancelled check too
            waiting.cancel()
        document = self.document(uri)
        if not document.analysed:
            await asyncio.get_running_loop().run_in_executor(self.thread_pool, document.analyse)
        return document

    async def tokens(self, uri: str, first: int = 0, last: int | None = None) -> list[int]:
        """The semantic tokens of the open document ``uri`` (0-based lines ``first``…``last``),
        made on the worker: a big text's take a while."""
        document = self.document(uri)
        loop = asyncio.get_running_loop()
        if first == 0 and last is None:  # the whole text's, encoded once
            if document.encoded is None:
                document.encoded = await loop.run_in_executor(self.thread_pool, lambda: encode(document.tokens()))
            return document.encoded
        return encode(await loop.run_in_executor(self.thread_pool, document.tokens, first, last))

    def open(self, uri: str, text: str, version: int | None, settle: float) -> None:
        """A new text for ``uri``: checked after ``settle`` seconds (a later text replaces it)."""
        self.documents[uri] = document = Document(uri, text, version)
        self.ready[uri] = asyncio.Event()
        previous = self.checks.get(uri)
        if previous is not None:
            previous.cancel()
        self.checks[uri] = asyncio.get_running_loop().create_task(self._check(document, settle))

    async def _check(self, document: Document, settle: float) -> None:
        if settle:
            await asyncio.sleep(settle)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.thread_pool, document.analyse)
        if self.documents.get(document.uri) is document:  # still the latest text
            self.ready[document.uri].set()
            self.publish(document)
            # Read ahead what the first hover and the outline will ask for (a cancelled check
            # leaves it to them); a hover waits for the analysis only, never for this (issue 44:
            # a 1 MB Brainfuck program's first hover waited seconds for its loops).
            await loop.run_in_executor(self.thread_pool, document.symbols)

    def publish(self, document: Document) -> None:
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=document.uri, version=document.version,
            diagnostics=[self.diagnostic(document, d) for d in document.diagnostics]))

    @staticmethod
    def diagnostic(document: Document, found: Diagnostic) -> types.Diagnostic:
        end_line, end_col = found.end(document.text)
        return types.Diagnostic(
            range=_range(document, Span(found.line, found.col, end_line, end_col)), message=found.message,
            severity=SEVERITIES.get(found.severity, types.DiagnosticSeverity.Warning),
            source="esodbg")


def _converter() -> cattrs.Converter:
    """lsprotocol's converter, with integers that are integers: cattrs would take a line 1.5 as 1,
    ``true`` as 1 and ``"3"`` as 3 (InvalidParams, not a guess)."""
    converter = get_converter()
    converter.register_structure_hook(int, _integer)
    converter.register_structure_hook(bool, lambda value, _: bool(value))  # bool is an int: as it was, not strict
    return converter


def _integer(value, _) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _range(document: Document, span: Span) -> types.Range:
    out = document.positions.span_out(span)
    return types.Range(types.Position(out["line"], out["column"]), types.Position(out["endLine"], out["endColumn"]))


def make_server() -> EsodbgServer:
    """A server with every feature registered (a new one for each process, or test)."""
    server = EsodbgServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: EsodbgServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        ls.open(item.uri, item.text, item.version, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: EsodbgServer, params: types.DidChangeTextDocumentParams) -> None:
        document = ls.documents.get(params.text_document.uri)
        text = document.text if document is not None else ""
        for change in params.content_changes:  # full sync: each change is the whole text
            text = change.text
        ls.open(params.text_document.uri, text, params.text_document.version, SETTLE)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: EsodbgServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        check = ls.checks.pop(uri, None)
        ls.ready.pop(uri, None)
        if check is not None:
            check.cancel()
        if ls.documents.pop(uri, None) is not None:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: EsodbgServer, params: types.HoverParams) -> types.Hover | None:
        document = await ls.analysed(params.text_document.uri)
        if document.program is None:
            return None  # it does not parse: the diagnostics say why
        line = document.positions.line_in(params.position.line)
        if line > len(document.positions.lines):
            return None  # past the end: nothing there
        col = document.positions.column_in(line, params.position.character)
        # On the worker: a hover before the check has read ahead reads the program (Stoned-Go's macros).
        text = await asyncio.get_running_loop().run_in_executor(ls.thread_pool, document.language.hover,
                                                                document.program, line, col)
        if text is None:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.RefactorRewrite]))
    async def code_action(ls: EsodbgServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        document = await ls.analysed(params.text_document.uri)
        if document.program is None or document.language is None:
            return []
        laid = await asyncio.get_running_loop().run_in_executor(ls.thread_pool, document.language.layout,
                                                                document.program)
        if laid is None or laid[1] == document.text:
            return []
        title, text = laid
        lines = document.positions.lines
        end = types.Position(len(lines) - 1, document.positions.column_out(len(lines), len(lines[-1]) + 1))
        edit = types.TextEdit(types.Range(types.Position(0, 0), end), text)
        return [types.CodeAction(title, kind=types.CodeActionKind.RefactorRewrite,
                                 edit=types.WorkspaceEdit(changes={params.text_document.uri: [edit]}))]

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
    async def tokens_full(ls: EsodbgServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
        return types.SemanticTokens(data=await ls.tokens(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
    async def tokens_range(ls: EsodbgServer, params: types.SemanticTokensRangeParams) -> types.SemanticTokens:
        start, end = params.range.start, params.range.end
        if (end.line, end.character) < (start.line, start.character):
            raise JsonRpcInvalidParams(f"the range ends ({end.line}:{end.character}) before it starts "
                                       f"({start.line}:{start.character})")
        # Lines past the end have no tokens (an editor may ask just after the text shrank).
        return types.SemanticTokens(data=await ls.tokens(params.text_document.uri, start.line, end.line))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def symbols(ls: EsodbgServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        document = await ls.analysed(params.text_document.uri)
        found = await asyncio.get_running_loop().run_in_executor(ls.thread_pool, document.symbols)
        return [_symbol(document, symbol) for symbol in found]

    return server


def _symbol(document: Document, found: Symbol) -> types.DocumentSymbol:
    whole = _range(document, found.span)
    return types.DocumentSymbol(name=found.name, kind=SYMBOL_KINDS.get(found.kind, types.SymbolKind.Object),
                                range=whole, selection_range=_range(document, found.select) if found.select else whole,
                                detail=found.detail or None,
                                children=[_symbol(document, child) for child in found.children] or None)
