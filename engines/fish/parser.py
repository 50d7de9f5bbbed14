"""Read a ><> program into its first codebox (spec `fish.md` rules 2, 5–8).

Every text is a program: each character (code point) is a cell, a space holding 0.  The only
errors are in the options (``--value`` that is no number); the warnings are ``.`` jumps written
with constant coordinates that land outside the codebox.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..base import Diagnostic, ParseError, Span
from .numbers import normal

DENSE = 1 << 22  # at most this many cells of the source's box go in the flat list (the rest in a dict)


class Program(NamedTuple):
    """A parsed ><> program.

    ``lines`` are the codebox's rows as text (row 0 first; a ``#!`` first line is not one:
    ``first`` is then 1, the source line of row 0 less one).  The first codebox: ``grid`` holds
    the cells of the rectangle ``width`` × ``height`` at the top left (cell ``(x, y)`` at
    ``y * width + x``, 0 where the source has no character), ``far`` the ``((x, y), value)`` of
    the source's cells outside it (a line too long for the rectangle); ``extents`` each row's
    ``R(y)`` (rule 8: the last column of its line; rows whose line is empty have none) and
    ``top`` ``H`` (the last row with a character, −1 if none); ``grid`` is a list that nothing
    changes (a machine copies it a piece at a time: a tuple of a 1 MB program's 3 M cells is one
    call of 60 ms that lets no other thread run).  ``stack`` is the first stack
    (``--stack`` then ``--value``, bottom first); ``seed`` ``x``'s seed."""

    filename: str
    source: str
    lines: tuple[str, ...]
    first: int
    width: int
    height: int
    grid: list
    far: tuple
    extents: tuple[tuple[int, int], ...]
    top: int
    stack: tuple
    seed: int
    options: dict
    warnings: tuple[Diagnostic, ...] = ()

    def span(self, x: int, y: int) -> Span | None:
        """Where the source character of cell ``(x, y)`` is written (1-based line and column in
        characters), or ``None`` for a cell the source has no character in."""
        if not 0 <= y < len(self.lines) or not 0 <= x < len(self.lines[y]):
            return None
        line = y + self.first + 1
        return Span(line, x + 1, line, x + 2)

    def value(self, x: int, y: int) -> object:
        """The cell's value in the source (0 for a space or no character)."""
        if 0 <= y < len(self.lines) and 0 <= x < len(self.lines[y]):
            return cell_value(self.lines[y][x])
        return 0


def cell_value(ch: str) -> int:
    """A source character's value (rule 7): its code point, a space 0."""
    return 0 if ch == " " else ord(ch)


def rows_of(text: str) -> tuple[list[str], int]:
    """The codebox's rows of ``text`` and how many source lines come before row 0: LF, CRLF and a
    lone CR end a line (rule 5); a first line starting with ``#!`` is dropped (rule 6)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[0].startswith("#!"):
        return lines[1:], 1
    return lines, 0


def initial_stack(options: dict, filename: str) -> tuple:
    """``--stack`` then ``--value`` (rule 2): code points, then numbers as fish.py's ``-v``
    reads them — Python's ``float`` of each, an integral one made an integer."""
    values: list = [ord(ch) for ch in options.get("stack") or ""]
    for word in (options.get("value") or "").split():
        try:
            number = float(word)
        except ValueError:
            raise ParseError([Diagnostic(filename, 1, 1, f"--value: {word!r} is not a number")]) from None
        values.append(normal(number))
    return tuple(values)


def parse(text: str, filename: str, options: dict) -> Program:
    """The program in ``text`` with the language options (``stack``, ``value``, ``seed``)."""
    stack = initial_stack(options, filename)
    lines, first = rows_of(text)
    while lines and not lines[-1]:
        lines.pop()  # trailing blank lines are not rows (rule 8)
    height = len(lines)
    width = max((len(line) for line in lines), default=0)
    if width * height > DENSE:  # a few very long lines: the rest of them in the dict
        width = max(1, DENSE // max(height, 1))
        height = min(height, DENSE // width)
    grid = [0] * (width * height)
    far = []
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            v = cell_value(ch)
            if x < width and y < height:
                grid[y * width + x] = v
            elif v:
                far.append(((x, y), v))
    extents = tuple((y, len(line) - 1) for y, line in enumerate(lines) if line)
    return Program(filename, text, tuple(lines), first, width, height, grid, tuple(far), extents,
                   len(lines) - 1, stack, options.get("seed") or 0, options, tuple(jump_warnings(lines, first, filename)))


JUMP = re.compile(r"([0-9a-f])([0-9a-f])\.")


def jump_warnings(lines: list[str], first: int, filename: str) -> list[Diagnostic]:
    """A warning for each ``XY.`` (two hex digits just before a ``.``, read left to right) whose
    target is outside the codebox: below the last row, or past the end of its row.  The jump is
    no error (rule 11) but is rarely meant: the next step wraps to row 0 or to the row's start
    (moving left, up or down, the pointer walks the far cells as spaces)."""
    found = []
    last = len(lines) - 1
    for y, line in enumerate(lines):
        for match in JUMP.finditer(line):
            tx, ty = int(match.group(1), 16), int(match.group(2), 16)
            if ty > last:
                why = f"row {ty} is below the last row ({last})"
            elif tx >= len(lines[ty]):
                why = f"row {ty} ends at column {len(lines[ty]) - 1}" if lines[ty] else f"row {ty} is empty"
            else:
                continue
            line_no = y + first + 1
            found.append(Diagnostic(filename, line_no, match.start() + 1,
                                    f"this . jumps to ({tx}, {ty}), outside the codebox: {why} (rule 11)",
                                    "warning", line_no, match.end() + 1))
    return found
