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

import tree_sitter

from . import highlights, language


@cache
def _query(grammar: str) -> tree_sitter.Query:
    return tree_sitter.Query(language(grammar), highlights(grammar))


class Highlighter:
    """The highlight captures of ``text`` parsed with the grammar ``grammar`` (a name of
    :data:`esodbg.grammars.NAMES`), computed for the lines asked for and kept."""

    def __init__(self, grammar: str, text: str) -> None:
        self.lines = text.split("\n")
        self.byte_lines = [line.encode("utf-8") for line in self.lines]  # tree-sitter counts bytes
        self.tree = tree_sitter.Parser(language(grammar)).parse("\n".join(self.lines).encode("utf-8"))
        self.query = _query(grammar)
        self._done: dict[int, list[tuple[int, int, str]]] = {}

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
            data = self.byte_lines[row]
            a = start[1] if row == start[0] else 0
            b = end[1] if row == end[0] else len(data)
            if b > a:
                found[row].append((self._char(data, a), self._char(data, b), name))

    def char(self, row: int, column: int) -> int:
        """The character column of byte ``column`` of 0-based line ``row`` (tree-sitter's points
        count bytes)."""
        return self._char(self.byte_lines[row], column) if 0 <= row < len(self.byte_lines) else column

    @staticmethod
    def _char(data: bytes, column: int) -> int:
        """The character column of byte ``column`` of a line's UTF-8 ``data``."""
        return column if data.isascii() else len(data[:column].decode("utf-8", errors="ignore"))
