"""The program editor's text area (issue 16): Textual's ``TextArea`` with the language's
tree-sitter grammar registered as its language (so it highlights as the code pane does), and the
engine's diagnostics drawn on the lines they are about: the problem's text underlined, its
message after the line's end.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import work
from textual.document._document import Document, EditResult, Location
from textual.document._syntax_aware_document import SyntaxAwareDocument
from textual.document._wrapped_document import WrappedDocument
from textual.widgets import TextArea
from tree_sitter import Tree

from esodbg import grammars
from esodbg.engines.base import Diagnostic

from ..highlight import THEME

# A problem's text: underlined on a tinted background (the grammar's colours, applied after these,
# would hide a foreground colour).
ROWS_AT_ONCE = 64  # rows whose highlights one query finds (a screen and some)
REPARSE_AFTER = 0.15  # seconds after the last keystroke before the grammar parses the text again

UNDERLINE = {"error": Style(underline=True, bgcolor="#6b1a1a"), "warning": Style(underline=True, bgcolor="#5c4a00")}
SUFFIX = "   ● "  # between a line and its problem's message
MESSAGE = {"error": Style(color="bright_red", italic=True), "warning": Style(color="yellow", italic=True)}


class ProgramEditor(TextArea):
    """A program's text, highlighted with the grammar ``grammar`` (a name of
    :data:`esodbg.grammars.NAMES`, or ``None``: plain text), showing :attr:`diagnostics`."""

    def __init__(self, text: str, grammar: str | None, **kwargs) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = ()
        self._lines: list[tuple[int, int, Diagnostic]] = []  # each problem's first and last 0-based line
        # 0-based line -> (start, end, severity) in characters of each problem on it, and the
        # message shown after the line (its first problem's).
        self._marks: dict[int, list[tuple[int, int, str]]] = {}
        self._messages: dict[int, tuple[str, str]] = {}
        super().__init__(text, theme=THEME, show_line_numbers=True, soft_wrap=False, tab_behavior="indent", **kwargs)
        if grammar is not None:
            self.register_language(grammar, grammars.language(grammar), grammars.highlights(grammar))
            self.language = grammar

    def show_diagnostics(self, diagnostics: tuple[Diagnostic, ...]) -> None:
        """Draw ``diagnostics`` (of the text as it is now), replacing the ones drawn before."""
        self.diagnostics = diagnostics
        self._marks, self._messages, self._lines = {}, {}, []
        text, document = self.text, self.document
        for d in diagnostics:
            end_line, end_col = d.end(text)
            self._lines.append((d.line - 1, end_line - 1, d))
            for line in range(d.line - 1, end_line):  # a problem over several lines: a piece on each
                start = d.col - 1 if line == d.line - 1 else 0
                if line == end_line - 1:
                    end = end_col - 1
                else:
                    end = len(document.get_line(line)) if line < document.line_count else 0
                self._marks.setdefault(line, []).append((start, end, d.severity))
            self._messages.setdefault(d.line - 1, (d.severity, d.message))
        self._line_cache.clear()  # Textual caches rendered lines by position and selection, not by our marks
        self._refresh_size()
        self.refresh()

    def problem_at(self, line: int) -> Diagnostic | None:
        """The first diagnostic on the 0-based ``line``, if any."""
        return next((d for first, last, d in self._lines if first <= line <= last), None)

    def _set_document(self, text: str, language: str | None) -> None:
        super()._set_document(text, language)
        # Soft wrap is off: one row per line, counted at once (WrappedDocument sums over every
        # line each time it is asked, which is once per row drawn: a second a keystroke on a
        # 100,000-line program).
        self.wrapped_document.__class__ = _OneRowPerLine
        if isinstance(self.document, SyntaxAwareDocument):
            self.document.__class__ = _ParsedLater
            self.document.edits = 0
        self._reparse_timer = None

    def edit(self, edit) -> EditResult:
        """An edit, drawn at once; the grammar parses the text again a moment after the last
        one, in a thread (:class:`_ParsedLater`)."""
        result = super().edit(edit)
        if isinstance(self.document, _ParsedLater):
            if self._reparse_timer is not None:
                self._reparse_timer.stop()
            self._reparse_timer = self.set_timer(REPARSE_AFTER, self._reparse)
        return result

    def _reparse(self) -> None:
        self._reparse_timer = None  # (fired: a parse is under way, no longer pending)
        document = self.document
        assert isinstance(document, _ParsedLater)
        # The source Textual gives the parser: every line with its newline, the last one's too.
        self._parse(document.edits, (document.text + document.newline).encode("utf-8"), document.syntax_tree.copy())

    @work(thread=True, exclusive=True, group="reparse")
    def _parse(self, edits: int, source: bytes, old: Tree) -> None:
        """Parse ``source`` (the text after ``edits`` edits) with the old tree, edited to match,
        off the UI thread; the new tree is taken only if no edit came since."""
        tree = self.document._parser.parse(source, old)
        self.app.call_from_thread(self._parsed, edits, tree)

    def _parsed(self, edits: int, tree: Tree) -> None:
        document = self.document
        if isinstance(document, _ParsedLater) and document.edits == edits:
            document.syntax_tree = tree
            self._build_highlight_map()
            self.refresh()

    def _build_highlight_map(self) -> None:
        """Forget the highlights: :class:`_Highlights` finds them for the rows drawn, a few
        screens at a time.  (``TextArea`` would query the whole file after every keystroke: 3 s
        for a 1 MB program.)"""
        self._line_cache.clear()
        self._highlights = _Highlights(self)

    def _refresh_size(self) -> None:
        """``TextArea``'s virtual size, widened to hold the messages after their lines (it
        crops every line to the document's widest)."""
        super()._refresh_size()
        document, width = self.document, self.virtual_size.width
        for line, (_, message) in self._messages.items():
            if line < document.line_count:
                width = max(width, self.gutter_width + len(document.get_line(line)) + len(SUFFIX) + len(message) + 1)
        self.virtual_size = self.virtual_size.with_width(width)

    def get_line(self, line_index: int) -> Text:
        """The line as ``TextArea`` draws it, with its problems underlined and its first
        problem's message after its end (drawn only: the document is unchanged)."""
        line = super().get_line(line_index)
        for start, end, severity in self._marks.get(line_index, ()):
            line.stylize(UNDERLINE[severity], start, max(end, start + 1))
        message = self._messages.get(line_index)
        if message is not None:
            severity, text = message
            line.append(SUFFIX + text, MESSAGE[severity])
        return line


class _ParsedLater(SyntaxAwareDocument):
    """Textual's syntax-aware document whose edits only move the syntax tree's nodes along
    (``Tree.edit``): :class:`ProgramEditor` parses again after the last keystroke.  (Textual
    parses at every edit, on the UI thread: a quarter of a second on a 1 MB Tic Tac Toe Grow
    program, whose grammar, a flat run of keystrokes, gains nothing from the old tree.)  Until
    then the highlights are the old tree's, moved with the text.  ``edits`` counts the edits.
    The text is joined once an edit (``TextArea`` asks for all of it at every row it draws)."""

    edits: int
    _joined: str | None = None

    @property
    def text(self) -> str:
        if self._joined is None:
            self._joined = super().text
        return self._joined

    @property
    def syntax_tree(self) -> Tree:
        return self._syntax_tree

    @syntax_tree.setter
    def syntax_tree(self, tree: Tree) -> None:
        self._syntax_tree = tree

    def replace_range(self, start: Location, end: Location, text: str) -> EditResult:
        """``SyntaxAwareDocument.replace_range`` but for the parse."""
        top, bottom = sorted((start, end))
        start_byte, start_point = self._location_to_byte_offset(top), self._location_to_point(top)
        old_end_byte, old_end_point = self._location_to_byte_offset(bottom), self._location_to_point(bottom)
        result = Document.replace_range(self, start, end, text)
        self._joined = None
        self._syntax_tree.edit(start_byte=start_byte, old_end_byte=old_end_byte,
                               new_end_byte=start_byte + len(text.encode("utf-8")), start_point=start_point,
                               old_end_point=old_end_point, new_end_point=self._location_to_point(result.end_location))
        self.edits += 1
        return result

    def _location_to_byte_offset(self, location: Location) -> int:
        """The UTF-8 byte offset of ``location``: the lines above joined and encoded at once
        (Textual encodes them one by one, in Python: 40 ms a keystroke at the end of 1 MB)."""
        lines, (row, column) = self._lines, location
        above = len(self.newline.join(lines[:row]).encode("utf-8")) + len(self.newline) if row else 0
        return above + (len(lines[row][:column].encode("utf-8")) if row < len(lines) else 0)


class _OneRowPerLine(WrappedDocument):
    """A wrapped document that never wraps: its height is its number of lines."""

    @property
    def height(self) -> int:
        return self.document.line_count


class _Highlights(dict):
    """``TextArea``'s map of highlights (0-based row -> ``(start, end, capture)``, in bytes,
    ``end`` ``None`` for the rest of the row), filled on demand: a row asked for has the
    highlight query run over the :data:`ROWS_AT_ONCE` rows around it."""

    def __init__(self, editor: TextArea) -> None:
        super().__init__()
        self.editor = editor

    def __bool__(self) -> bool:
        """True when there is a query: ``TextArea`` draws no highlights from an empty map."""
        return self.editor._highlight_query is not None

    def __missing__(self, row: int) -> list:
        editor = self.editor
        first = row - row % ROWS_AT_ONCE
        last = first + ROWS_AT_ONCE - 1
        for r in range(first, last + 1):
            self[r] = []
        query = editor._highlight_query
        for name, nodes in editor.document.query_syntax_tree(query, (first, 0), (last + 1, 0)).items():
            for node in nodes:
                (start_row, start_col), (end_row, end_col) = node.start_point, node.end_point
                for r in range(max(start_row, first), min(end_row, last) + 1):
                    self[r].append((start_col if r == start_row else 0, end_col if r == end_row else None, name))
        return self[row]
