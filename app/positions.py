"""Positions as editors count them: the Debug Adapter Protocol and the Language Server Protocol
both give lines and columns 0- or 1-based (LSP: always 0-based) and columns in UTF-16 code units;
esodbg counts 1-based lines and columns in characters (:class:`~esodbg.engines.base.Span`)."""

from __future__ import annotations

import bisect
import re

from esodbg.engines.base import Span

_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")  # characters of two UTF-16 code units


class Positions:
    """Converts between our 1-based character positions and the editor's (``lines1``/``columns1``:
    whether its lines and columns start at 1; columns in UTF-16 code units) on ``text``'s lines.

    ``bom_hidden``: ``text`` is a file as read from disk, which the editor opened itself, and it
    dropped a leading byte-order mark (VS Code's text model, Neovim's ``'bomb'``): a language that
    keeps U+FEFF as a character (a cell) has it at our column 1 of line 1, where the editor has
    none, so that line's editor columns count from the character after it; the BOM's own span
    is an empty one at the line's start."""

    def __init__(self, text: str, lines1: bool = True, columns1: bool = True, bom_hidden: bool = False) -> None:
        self.lines = text.split("\n")
        self.line_base, self.column_base = (0 if lines1 else 1), (0 if columns1 else 1)
        self.bom = 1 if bom_hidden and text.startswith("\ufeff") else 0  # columns line 1 has that the editor has not
        self._astral: dict[int, list[int]] = {}  # line -> the 0-based indices of its characters past U+FFFF

    def wide(self, line: int) -> list[int]:
        """Where ``line``'s characters of two UTF-16 units are (found once: a Tic Tac Toe Grow
        program is one line, maybe of a million keystrokes)."""
        found = self._astral.get(line)
        if found is None:
            text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
            found = self._astral[line] = [m.start() for m in _ASTRAL.finditer(text)]
        return found

    def column_out(self, line: int, col: int) -> int:
        """The editor's column for our ``col`` on our ``line`` (a hidden BOM: its first column)."""
        hidden = self.bom if line == 1 else 0
        return max(col + bisect.bisect_left(self.wide(line), col - 1) - hidden, 1) - self.column_base

    def column_in(self, line: int, column: int) -> int:
        """Our column for the editor's ``column`` on our ``line`` (inside a character of two
        units: the character after it)."""
        units = column + self.column_base - 1 + (self.bom if line == 1 else 0)  # UTF-16 units before the position
        wide, col = self.wide(line), units + 1
        for index in wide:  # each wide character before the position takes a column back
            if index >= col - 1:
                break
            col -= 1
        return col + ((col - 1) + bisect.bisect_left(wide, col - 1) < units)  # inside a wide one: the next

    def line_in(self, line: int) -> int:
        return line + self.line_base

    def span_out(self, span: Span) -> dict[str, int]:
        """``line``, ``column``, ``endLine``, ``endColumn`` (exclusive) of ``span`` for the editor."""
        return {"line": span.line - self.line_base, "column": self.column_out(span.line, span.col),
                "endLine": span.end_line - self.line_base, "endColumn": self.column_out(span.end_line, span.end_col)}
