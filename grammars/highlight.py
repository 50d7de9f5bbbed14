"""The highlight captures of a program's text with its tree-sitter grammar (issue 16), line by
line, for the lines asked for: the debugger's code pane and editor draw them, the language server
turns them into semantic tokens (``esodbg lsp``).

The text is parsed once; the highlights query runs only over the rows asked for
(``QueryCursor.set_point_range``), so a pane over a 1 MB program asks for one screen at a time.
Tree-sitter counts columns in bytes; :meth:`Highlighter.line` gives them in characters.  The
capture names are the common ones Neovim and Helix use (``keyword``, ``function.call``…).
"""

from __future__ import annotations

from functools import cache
from itertools import accumulate

import tree_sitter

from . import highlights, language


# 1 for a byte that starts a character in UTF-8, 0 for a continuation byte (0x80–0xBF).
_STARTS = bytes(0 if 0x80 <= byte < 0xC0 else 1 for byte in range(256))
BLOCK = 4096  # bytes between two kept counts of characters on a long non-ASCII line


@cache
def _query(grammar: str) -> tree_sitter.Query:
    return tree_sitter.Query(language(grammar), highlights(grammar))


class Highlighter:
    """The highlight captures of ``text`` parsed with the grammar ``grammar`` (a name of
    :data:`esodbg.grammars.NAMES`), computed for the lines asked for and kept."""

    def __init__(self, grammar: str, text: str) -> None:
        self.lines = text.split("\n")
        self.byte_lines = [line.encode("utf-8") for line in self.lines]  # tree-sitter counts bytes
        self.line_starts = list(accumulate((len(line) + 1 for line in self.byte_lines[:-1]), initial=0))  # bytes
        self.tree = tree_sitter.Parser(language(grammar)).parse("\n".join(self.lines).encode("utf-8"))
        self.query = _query(grammar)
        self._done: dict[int, list[tuple[int, int, str]]] = {}
        self._columns: dict[int, tuple[bytes, list[int]] | None] = {}  # row -> (:meth:`char`'s index; None: ASCII)

    def ready(self, index: int) -> bool:
        """True if line ``index``'s captures are known (:meth:`prepare` ran over it)."""
        return index in self._done

    def line(self, index: int) -> list[tuple[int, int, str]]:
        """The captures on 0-based line ``index``: ``(start, end, capture)`` in characters,
        end exclusive, in the query's order (a later capture on the same text wins)."""
        if index not in self._done:
            self.prepare(index, index)
        return self._done.get(index, [])

    def prepare(self, first: int, last: int) -> None:
        """Run the query over lines ``first``…``last`` (0-based, inclusive) at once and keep
        what it finds for each of them."""
        first, last = max(first, 0), min(last, len(self.lines) - 1)
        if first > last:
            return
        cursor = tree_sitter.QueryCursor(self.query)
        cursor.set_point_range((first, 0), (last + 1, 0))
        found: dict[int, list[tuple[int, int, str]]] = {i: [] for i in range(first, last + 1)}
        for _, captures in cursor.matches(self.tree.root_node):
            for name, nodes in captures.items():
                for node in nodes:
                    self._add(found, node.start_point, node.end_point, name)
        self._done.update(found)

    def _add(self, found: dict, start: tuple[int, int], end: tuple[int, int], name: str) -> None:
        """One capture, split into its pieces on each line it covers (those being prepared)."""
        for row in range(start[0], end[0] + 1):
            if row not in found:
                continue
            a = start[1] if row == start[0] else 0
            b = end[1] if row == end[0] else len(self.byte_lines[row])
            if b > a:
                found[row].append((self.char(row, a), self.char(row, b), name))

    def char(self, row: int, column: int) -> int:
        """The character column of byte ``column`` of 0-based line ``row`` (tree-sitter's points
        count bytes).  Constant time, not the length of the line: a Tic Tac Toe Grow program is
        one line, maybe of a million non-ASCII keystrokes, and each token asks."""
        if not 0 <= row < len(self.byte_lines):
            return column
        index = self._index(row)
        if index is None:
            return column
        starts, counts = index
        column = min(column, len(starts))
        block = column // BLOCK
        return counts[block] + starts.count(1, block * BLOCK, column)

    def _index(self, row: int) -> tuple[bytes, list[int]] | None:
        """Line ``row``'s character starts (a byte each: 1 where a character starts) and the
        number of characters before each :data:`BLOCK` of its bytes; ``None`` for an ASCII line
        (a byte a character).  Made once a line."""
        if row in self._columns:
            return self._columns[row]
        data = self.byte_lines[row]
        index = None
        if not data.isascii():
            starts = data.translate(_STARTS)
            counts = [0]
            for block in range(0, len(starts), BLOCK):
                counts.append(counts[-1] + starts.count(1, block, block + BLOCK))
            index = (starts, counts)
        self._columns[row] = index
        return index
