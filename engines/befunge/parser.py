"""Read a Befunge program's bytes into its first Funge-space (spec `befunge.md` rules 2, 6, 13).

A program is bytes, never decoded (rule 2): the text esodbg reads a file into is its bytes
decoded as UTF-8 with ``surrogateescape`` (:func:`decode`), so encoding it back gives the bytes
exactly, and an ``é`` is two cells.  Befunge has no syntax errors: every byte is a cell.  The only
diagnostics are Befunge-93's warnings for what its 80×25 playfield cuts off (rule 6).
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import Diagnostic, Span, plural
from .common import HEIGHT, WIDTH  # the Befunge-93 playfield (rule 7)


class Program(NamedTuple):
    """A parsed Befunge program.

    ``dialect`` is 93 or 98.  ``cells`` holds the first Funge-space: for 93 the whole 80×25
    playfield, row by row (cell ``(x, y)`` at ``y * 80 + x``, signed bytes, rule 7); for 98 its
    rows as bytes, row ``y``'s byte ``x`` the value of cell ``(x, y)`` (form feeds dropped, rule
    13; a space is a blank cell, which the source does not write).
    ``lines`` are the source's lines as bytes (for the code pane's spans); ``options`` the
    language options (``allow_files``, ``allow_shell``, ``seed``)."""

    filename: str
    source: str
    dialect: int
    cells: tuple
    lines: tuple[bytes, ...]
    options: dict
    warnings: tuple[Diagnostic, ...] = ()

    def span(self, x: int, y: int) -> Span | None:
        """Where the source byte of cell ``(x, y)`` is written (1-based line and column in
        characters), or ``None`` for a cell the source leaves blank."""
        if not 0 <= y < len(self.lines) or not 0 <= x < len(self.lines[y]):
            return None
        line = self.lines[y]
        col = x if line.isascii() else len(line[:x].decode("utf-8", "surrogateescape"))
        return Span(y + 1, col + 1, y + 1, col + 2)

    def cell(self, x: int, y: int) -> int:
        """The value a Befunge-98 source gives cell ``(x, y)`` of the first Funge-space (32, a
        space, where it gives none)."""
        rows = self.cells
        return rows[y][x] if 0 <= y < len(rows) and 0 <= x < len(rows[y]) else 32


def decode(data: bytes, filename: str) -> str:
    """A program file's text: its bytes as UTF-8 with ``surrogateescape`` (every file is a program)."""
    return data.decode("utf-8", "surrogateescape")


def encode(text: str, filename: str) -> bytes:
    """The bytes of a program whose text is ``text`` (the inverse of :func:`decode`)."""
    return text.encode("utf-8", "surrogateescape")


def parse(text: str, filename: str, options: dict, dialect: int) -> Program:
    """The program in ``text`` for Befunge-``dialect`` (93 or 98)."""
    data = encode(text, filename)
    if dialect == 93:
        return _parse93(text, data, filename, options)
    return _parse98(text, data, filename, options)


def _parse93(text: str, data: bytes, filename: str, options: dict) -> Program:
    """Rule 6: LF ends a line, a CR just before it is dropped; the first 80 bytes of the first
    25 lines are cells; a byte ≥ 128 is ``b − 256`` (rule 7)."""
    rows = data.split(b"\n")
    if rows and rows[-1] == b"":
        rows.pop()  # the last line's LF ends it; it starts no line
    rows = [row[:-1] if row.endswith(b"\r") else row for row in rows]
    cells = [32] * (WIDTH * HEIGHT)
    warnings = []
    for y, row in enumerate(rows[:HEIGHT]):
        for x, b in enumerate(row[:WIDTH]):
            cells[y * WIDTH + x] = b - 256 if b >= 128 else b
        if len(row) > WIDTH:
            col = len(row[:WIDTH].decode("utf-8", "surrogateescape")) + 1
            warnings.append(Diagnostic(filename, y + 1, col, f"line {y + 1} is {len(row)} bytes wide: Befunge-93 "
                                       f"reads the first {WIDTH}, the rest is not part of the program", "warning",
                                       y + 1, len(row.decode("utf-8", "surrogateescape")) + 1))
    warnings += _open_strings([row[:WIDTH] for row in rows[:HEIGHT]], filename)  # the playfield's cells only
    if len(rows) > HEIGHT:
        warnings.append(Diagnostic(filename, HEIGHT + 1, 1, f"the program has {plural(len(rows), 'line')}: "
                                   f"Befunge-93 reads the first {HEIGHT}, the rest is not part of the program",
                                   "warning"))
    return Program(filename, text, 93, tuple(cells), tuple(rows), options, tuple(warnings))


def _parse98(text: str, data: bytes, filename: str, options: dict) -> Program:
    """Rule 13: LF, CR and CRLF end lines; form feed is ignored; a space writes nothing."""
    # Form feed: ignored (Funge-98: a new plane in Trefunge).  Rows stay bytes, a 5 MB program's
    # first Funge-space a few big objects rather than a tuple a cell.
    rows = tuple(data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").replace(b"\f", b"").split(b"\n"))
    lines = tuple(line.rstrip(b"\r") for line in data.split(b"\n"))
    # No warning of strings left open on their row: Befunge-98 programs read strings in every
    # direction (Mycology has dozens), so it would be noise.
    return Program(filename, text, 98, rows, lines, options)


def _open_strings(rows: list[bytes], filename: str) -> list[Diagnostic]:
    """A warning for each row whose last ``"`` opens a string the row never closes (read east):
    the program still runs, string mode going on as the pointer wraps the 80-cell torus, which
    is rarely meant.  ``rows`` are the playfield's, cut at 80 cells: a ``"`` past them is not
    part of the program (another warning says so)."""
    found = []
    for y, row in enumerate(rows):
        quotes = [x for x, b in enumerate(row) if b == 34]
        if len(quotes) % 2:
            col = len(row[:quotes[-1]].decode("utf-8", "surrogateescape")) + 1
            found.append(Diagnostic(filename, y + 1, col, 'this " opens a string that its row never closes: '
                                    "string mode goes on as the instruction pointer wraps", "warning"))
    return found
