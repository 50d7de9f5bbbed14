"""What the language server knows of one open program: its text, its language, and what the
engine and the grammar make of it — diagnostics (the ones ``esodbg check --format json``
gives, plus the grammar's syntax errors where the engine says nothing), highlight captures, the
parsed program for hover and symbols.

A :class:`Document` is one version of a text, analysed once (:meth:`Document.analyse`, on a
worker thread: a big program takes a while) and then only read.
"""

from __future__ import annotations

import bisect
import threading
from functools import cached_property
from pathlib import Path
from urllib.parse import unquote, urlparse

import tree_sitter

from esodbg.engines import registry
from esodbg.engines.base import Diagnostic, ParseError
from esodbg.engines.language import Language, Symbol
from esodbg.grammars.highlight import Highlighter

from ..files import MAX_FILE, LoadError, paused_gc, read_program
from ..positions import Positions
from ..wire import SURROGATE
from .tokens import Token, make

# Characters checked as you type (a longer file gets a word about `esodbg check`): the limit of
# the files the editor servers read, files.MAX_FILE, in characters (4 Mi of 4 bytes each).
MAX_TEXT = MAX_FILE // 4


def path_of(uri: str) -> Path:
    """The file a ``file:`` URI names (any other URI: its path part, for its extension)."""
    return Path(unquote(urlparse(uri).path))


class Document:
    """One version of an open document; ``language`` is ``None`` for a file esodbg has no
    language for (its only diagnostic says so).  ``lone`` is ``(index, surrogate, count)`` of
    the lone surrogates the text came with (read as U+FFFD; a warning says where), else ``None``."""

    def __init__(self, uri: str, text: str, version: int | None = None) -> None:
        # JSON can carry a lone surrogate ("\ud800"), which is no character and cannot be UTF-8:
        # read as U+FFFD (one UTF-16 unit too, so the editor's columns stay right), and said.
        lone = SURROGATE.search(text)
        self.lone = (lone.start(), lone.group(), len(SURROGATE.findall(text))) if lone else None
        if lone:
            text = SURROGATE.sub("\ufffd", text)
        self.uri, self.text, self.version = uri, text, version
        self.path = path_of(uri)
        self.language: Language | None = registry.for_file(self.path, text.encode("utf-8", "surrogatepass"))
        self.positions = Positions(text, lines1=False, columns1=False)
        self.program = None  # the parsed program, once analysed and if it parses
        self.diagnostics: list[Diagnostic] = []
        self.analysed = False
        self._tokens: list[Token] | None = None  # the whole text's, once made
        self.encoded: list[int] | None = None  # the whole text's as the server sends them, once made
        self._tokens_lock = threading.Lock()
        self._symbols: tuple[Symbol, ...] | None = None
        self._symbols_lock = threading.Lock()

    @property
    def too_big(self) -> bool:
        return len(self.text) > MAX_TEXT

    def analyse(self) -> None:
        """Parse the text with the language's engine (and, if it does not parse, read the
        grammar's syntax errors too); on a file on disk that is not text in its encoding, say
        where.  Never raises."""
        with paused_gc():
            self._analyse()
        if self.lone is not None:
            at, char, count = self.lone
            line = self.text.count("\n", 0, at) + 1
            col = at - (self.text.rfind("\n", 0, at) + 1) + 1
            more = f" (and {count - 1} more)" if count > 1 else ""
            message = f"a lone surrogate U+{ord(char):04X}{more}: not a character (the editor sent text that is " \
                      "not Unicode); read as U+FFFD"
            self.diagnostics.insert(0, Diagnostic(str(self.path), line, col, message, "warning", line, col + 1))
        self.analysed = True

    def _analyse(self) -> None:
        language = self.language
        if language is None and any(self.path.suffix.lower() in known.extensions for known in registry.languages()):
            # An ending a language claims by content, on a file that is not that language (a fish
            # shell script's .fish): not esodbg's file, so nothing to say about it.
            self.diagnostics = []
            return
        if language is None:
            known = ", ".join(f"{ext} ({lang.title})" for lang in registry.languages() for ext in lang.extensions)
            self.diagnostics = [Diagnostic(str(self.path), 1, 1, f"esodbg has no language for "
                                           f"'{self.path.suffix or self.path.name}' files (it knows: {known})",
                                           "warning")]
            return
        if self.too_big:
            self.diagnostics = [Diagnostic(str(self.path), 1, 1, f"this file has {len(self.text) / 1e6:.1f} million "
                                           f"characters: esodbg checks up to {MAX_TEXT / 1e6:.1f} million as you "
                                           "type; run `esodbg check` on it", "warning")]
            return
        found: list[Diagnostic] = []
        if self.path.is_file():  # what the editor shows may hide bytes the file really has
            try:
                read_program(self.path, language, MAX_FILE)  # never a FIFO, nor a file of 300 MB
            except LoadError as error:
                if error.undecodable:  # what this reading is for; the editor's text is checked anyway
                    found.append(error.diagnostic(str(self.path)))
        try:
            self.program = language.parse(self.text, str(self.path))
            found += self.program.warnings
        except ParseError as error:
            found += error.diagnostics
            lines = {d.line for d in found}  # a syntax error over one of them is the same problem, said worse
            found += [d for d in self.syntax_errors() if not any(d.line <= line <= d.end_line for line in lines)]
        except Exception as error:  # an engine bug must not end the server: say it where the editor looks
            found.append(Diagnostic(str(self.path), 1, 1, f"esodbg could not check this file (internal error: "
                                                           f"{error!r})"))
        self.diagnostics = found

    def symbols(self) -> tuple[Symbol, ...]:
        """The parsed program's named parts (:meth:`Language.symbols`), read once; none if it
        does not parse.  Reading them also reads what the language's hovers need (Stoned-Go's
        macros: 2–4 s on 1 MB), so the server reads them as soon as a text is checked."""
        if self.program is None or self.language is None:
            return ()
        with self._symbols_lock:
            if self._symbols is None:
                self._symbols = self.language.symbols(self.program)
            return self._symbols

    @cached_property
    def highlighter(self) -> Highlighter | None:
        """The grammar's highlight captures of the text (``None``: no grammar, or too big)."""
        grammar = self.language.grammar_for(self.path) if self.language is not None else None
        return Highlighter(grammar, self.text) if grammar is not None and not self.too_big else None

    def tokens(self, first: int = 0, last: int | None = None) -> list[Token]:
        """The semantic tokens (:mod:`.tokens`) of 0-based lines ``first``…``last`` (default: to
        the end).  The whole text's are made once and kept (an editor asks for them after every
        change it makes); a range is read from them if they are made, else the query runs over
        those lines only (one screen of a 1 MB program takes milliseconds)."""
        highlighter = self.highlighter
        if highlighter is None:
            return []
        whole = self._tokens
        if whole is None and first == 0 and (last is None or last >= len(highlighter.lines) - 1):  # all of it
            with self._tokens_lock, paused_gc():  # two requests at once: made once
                if self._tokens is None:
                    self._tokens = make(highlighter)
                whole = self._tokens
        if whole is None:
            return make(highlighter, first, last)
        lo = bisect.bisect_left(whole, (first,))
        hi = len(whole) if last is None else bisect.bisect_left(whole, (last + 1,))
        return whole[lo:hi]

    def syntax_errors(self) -> list[Diagnostic]:
        """The grammar's ERROR and MISSING nodes as warnings (the engine is the judge of what
        runs; these say where else the text does not read as the language)."""
        highlighter = self.highlighter
        if highlighter is None:
            return []
        found, cursor = [], [highlighter.tree.root_node]
        while cursor and len(found) < 100:
            node = cursor.pop()
            if node.is_error or node.is_missing:
                found.append(self._syntax(node, highlighter))
            elif node.has_error:
                cursor.extend(reversed(node.children))
        return found

    def _syntax(self, node: tree_sitter.Node, highlighter: Highlighter) -> Diagnostic:
        (row, start), (end_row, end) = node.start_point, node.end_point
        col = highlighter.char(row, start) + 1
        end_col = highlighter.char(end_row, end) + 1
        if node.is_missing:
            message = f"syntax: {node.type!r} is missing here"
        else:
            text = self.text.split("\n", row + 1)[row][col - 1:col + 19] if row == end_row else ""
            message = f"syntax: this does not read as {self.language.title}" + (f" ({text.strip()!r})" if text.strip()
                                                                                 else "")
        return Diagnostic(str(self.path), row + 1, col, message, "warning", end_row + 1, max(end_col, col + 1))

