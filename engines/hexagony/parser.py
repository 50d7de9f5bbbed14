"""Read a Hexagony source into its hexagon (spec `hexagony.md` S1–S6).

The file is UTF-8 (S1: :func:`decode` is strict, and keeps a leading BOM, which is a command
like any other character, as in the reference).  ASCII whitespace is deleted (S2), then the
backticks, each marking the command after it (S3); the code points left fill the smallest
hexagon that holds them, row by row, padded with ``.`` (S4, S5).  Every cell is pre-decoded
into an opcode and a parameter (:mod:`.commands`).  Hexagony has no syntax errors.
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import Diagnostic, Span, plural
from .commands import decode as decode_command
from .hexagon import Hexagon, cells_of, hexagon, side

WHITESPACE = frozenset(" \t\n\r\x0b\x0c")  # S2: these six, and nothing else


class Program(NamedTuple):
    """A parsed Hexagony program.

    ``cells`` holds each cell's character, row by row (``.`` for padding); ``code`` how many of
    them the source wrote (the rest is padding); ``spans`` where each cell's character is
    written in the source (``None`` for padding); ``marks`` the indices of the cells a backtick
    marks (S3), sorted; ``ops`` and ``params`` each cell's opcode and parameter."""

    filename: str
    source: str
    size: int
    cells: tuple[str, ...]
    code: int
    spans: tuple[Span | None, ...]
    marks: tuple[int, ...]
    ops: list[int]
    params: list[int]
    warnings: tuple[Diagnostic, ...] = ()  # the side note (information)

    @property
    def hexagon(self) -> Hexagon:
        return hexagon(self.size)


def decode(data: bytes, filename: str) -> str:
    """A program file's text: strict UTF-8 (S1: anything else is an error, exit 2), a leading
    BOM kept (U+FEFF is a command setting the edge to 65279, as the reference reads it)."""
    return data.decode("utf-8")


def encode(text: str, filename: str) -> bytes:
    return text.encode("utf-8")


def parse(text: str, filename: str, options: dict | None = None) -> Program:
    """The program in ``text`` (never fails: every text is a Hexagony program)."""
    kept: list[str] = []
    spans: list[Span | None] = []
    marks: list[int] = []
    marked = False
    line, col = 1, 1
    for c in text:
        if c == "\n":
            line, col = line + 1, 1
            continue
        if c in WHITESPACE:
            col += 1
            continue
        if c == "`":
            marked = True  # S3: the next command gets a debug mark
        else:
            if marked:
                marks.append(len(kept))
                marked = False
            kept.append(c)
            spans.append(Span(line, col, line, col + 1))
        col += 1
    code = len(kept)
    n = side(code)
    total = cells_of(n)
    if marked and code < total:
        marks.append(code)  # a backtick at the very end marks the first padding cell
    cells = kept + ["."] * (total - code)
    spans += [None] * (total - code)
    decoded = [decode_command(c) for c in cells]
    return Program(filename, text, n, tuple(cells), code, tuple(spans), tuple(marks),
                   [op for op, _ in decoded], [param for _, param in decoded], (side_note(filename, n, code),))


def side_note(filename: str, size: int, code: int) -> Diagnostic:
    """Information for editors (severity ``information``: ``exec`` and ``run`` leave it out):
    the hexagon's side and how full the source makes it."""
    total = cells_of(size)
    message = (f"a hexagon of side {size}: {plural(total, 'cell')}, {code} from the source "
               f"({100 * code // total} %), {total - code} of padding '.'")
    if size > 1:
        message += f"; side {size - 1} holds {cells_of(size - 1)}"
    return Diagnostic(filename, 1, 1, message, "information")
