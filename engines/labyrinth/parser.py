"""Read a Labyrinth program's text into its maze (spec `labyrinth.md` G1–G4).

The maze is a flat tuple of ``W × H`` cell codes, cell ``(x, y)`` at ``y * W + x``: a command
is its character's code point (all are ASCII, > 0), a wall is minus its character's code point
(≤ 0: a space, a letter, a tab, a CR, anything not a command, and the padding of short lines).
So "is this a wall" is ``code <= 0`` in the step loop, and the character stays for the view.
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import Diagnostic, Span

COMMANDS = "\"'@_0123456789)(+-*/%`&|$~:;}{=#,?.!\\<>^v"  # G3: every other character is a wall
SHIFTS = "<>^v"
PAD = -32  # the padding of a short line: a wall, drawn as a space (G2)


def code(ch: str) -> int:
    """The cell code of the character ``ch`` (module docstring)."""
    return ord(ch) if ch in COMMANDS else -ord(ch)


def char(value: int) -> str:
    """The character of a cell code."""
    return chr(-value if value <= 0 else value)


class Program(NamedTuple):
    """A parsed Labyrinth program: ``width`` × ``height`` cells (``cells``, module docstring),
    the start cell ``start`` (``(x, y)``, G4) or ``None`` when the maze has no command, the
    source ``lines`` (for spans) and the options (``seed``)."""

    filename: str
    source: str
    width: int
    height: int
    cells: tuple[int, ...]
    start: tuple[int, int] | None
    lines: tuple[str, ...]
    options: dict
    warnings: tuple[Diagnostic, ...] = ()

    def span(self, x: int, y: int) -> Span | None:
        """Where the source character of cell ``(x, y)`` is written (1-based, in characters), or
        ``None`` for the padding of a short line."""
        if not 0 <= y < len(self.lines) or not 0 <= x < len(self.lines[y]):
            return None
        return Span(y + 1, x + 1, y + 1, x + 2)


def decode(data: bytes, filename: str) -> str:
    """A program file's text: UTF-8, strictly (G1: invalid UTF-8 is an error, exit 2), a leading
    BOM kept (the reference reads it as a character, a wall)."""
    return data.decode("utf-8")


def rows_of(text: str) -> list[str]:
    """The rows of the maze (G2): the text split at LF only, trailing empty lines dropped."""
    rows = text.split("\n")
    while rows and rows[-1] == "":
        rows.pop()
    return rows


def parse(text: str, filename: str, options: dict) -> Program:
    """The maze of ``text`` (never an error: every text is a maze, G2–G4), without warnings (the
    plugin's ``parse`` adds :func:`.explain.notes`)."""
    rows = rows_of(text)
    width = max((len(row) for row in rows), default=0)
    cells = []
    for row in rows:
        cells += [code(ch) for ch in row]
        cells += [PAD] * (width - len(row))
    start = next(((i % width, i // width) for i, v in enumerate(cells) if v > 0), None)
    return Program(filename, text, width, len(rows), tuple(cells), start, tuple(rows), options)
