"""Parse 15 program text (spec `fifteen.md`, rules 1–6).

``parse(text, filename) -> Program`` or raises :class:`~esodbg.engines.base.ParseError` whose
diagnostics give the 1-based line and column of the first problem, the way the original
interpreter stops at its first error.
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import Diagnostic, ParseError, Span, plural
from ..language import DEFAULT_INT_BITS


class Program(NamedTuple):
    """A parsed 15 program.

    ``puzzle[r][c]`` is the piece label at (r, c) (0 = the empty space); ``commands[r][c]`` the
    command written on the backboard there (0–2 characters); ``spans[r][c]`` where that command
    is in the source (for highlighting).
    """

    filename: str
    source: str
    puzzle: tuple[tuple[int, ...], ...]
    commands: tuple[tuple[str, ...], ...]
    spans: tuple[tuple[Span, ...], ...]
    warnings: tuple[Diagnostic, ...] = ()  # none: every problem is an error
    bits: int = DEFAULT_INT_BITS  # the bound on a memory's size (--max-int-bits: ..integers)

    @property
    def rows(self) -> int:
        return len(self.puzzle)

    @property
    def cols(self) -> int:
        return len(self.puzzle[0])


def _cells(raw: str) -> list[tuple[str, int, int]]:
    """Split a line at commas: each cell stripped, with its 1-based start and end column
    (end exclusive; an empty cell gets a zero-width range where it would be)."""
    cells = []
    start = 0
    for piece in raw.split(","):
        body = piece.strip()
        col = start + (piece.index(body) if body else len(piece) - len(piece.lstrip()))
        cells.append((body, col + 1, col + 1 + len(body)))
        start += len(piece) + 1
    return cells


def _block(lines: list[str], i: int) -> tuple[int, int]:
    """Skip blank lines from ``i``; return (first, end) of the block of non-blank lines there."""
    while i < len(lines) and not lines[i].strip():
        i += 1
    end = i
    while end < len(lines) and lines[end].strip():
        end += 1
    return i, end


def parse(text: str, filename: str = "<program>") -> Program:
    """Parse a 15 program; raise ``ParseError`` naming line:col and what was expected."""

    def fail(line: int, col: int, message: str) -> ParseError:
        return ParseError([Diagnostic(filename, line, col, message)])

    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")

    # Rules 1–2: the puzzle block, integers, rectangular, labels exactly 0 … n-1.
    first, end = _block(lines, 0)
    if first == end:
        raise fail(first + 1 if first < len(lines) else len(lines), 1, "expected the puzzle: rows of comma-separated piece numbers")
    puzzle = _valid_puzzle(lines[first:end])
    if puzzle is None:  # something is wrong: go cell by cell to the first problem, to say where
        puzzle = _checked_puzzle(lines, first, end, fail)
    return _commands(text, lines, end, filename, puzzle, fail)


def _valid_puzzle(rows: list[str]) -> list[tuple[int, ...]] | None:
    """The puzzle's rows if they are valid (rules 1–2), else ``None``: the fast way, with no
    positions kept (a 1 MB puzzle has 100,000 pieces).  ``int`` ignores the whitespace around a
    number as ``str.strip`` does, so it accepts exactly the cells :func:`_checked_puzzle` does."""
    try:
        puzzle = [tuple(int(cell) for cell in row.split(",")) for row in rows]
    except ValueError:
        return None
    width = len(puzzle[0])
    if any(len(row) != width for row in puzzle):
        return None
    n = len(puzzle) * width
    labels = {label for row in puzzle for label in row}
    return puzzle if len(labels) == n and min(labels) == 0 and max(labels) == n - 1 else None


def _checked_puzzle(lines: list[str], first: int, end: int, fail) -> list[tuple[int, ...]]:
    """The puzzle in ``lines[first:end]``, or its first problem (rules 1–2) raised at its line
    and column."""
    puzzle: list[tuple[int, ...]] = []
    seen: dict[int, tuple[int, int]] = {}
    for i in range(first, end):
        row = []
        for body, col, _ in _cells(lines[i]):
            try:
                label = int(body)
            except ValueError:
                raise fail(i + 1, col, f"invalid puzzle label {body!r}: expected an integer") from None
            if label in seen:
                raise fail(i + 1, col, f"piece {label} appears twice (first at line {seen[label][0]}, column {seen[label][1]})")
            seen[label] = (i + 1, col)
            row.append(label)
        if puzzle and len(row) != len(puzzle[0]):
            raise fail(i + 1, 1, f"puzzle is not rectangular: this row has {plural(len(row), 'piece')}, the first row has {len(puzzle[0])}")
        puzzle.append(tuple(row))
    n = len(puzzle) * len(puzzle[0])
    for label, (line, col) in seen.items():
        if not 0 <= label < n:
            raise fail(line, col, f"piece {label} is out of range: a {len(puzzle)}x{len(puzzle[0])} puzzle has pieces 0 to {n - 1}")
    # n distinct labels all in range means every label 0 … n-1 is there exactly once.
    return puzzle


def _commands(text: str, lines: list[str], end: int, filename: str, puzzle: list[tuple[int, ...]], fail) -> Program:
    """Rules 3–5: the command block after the puzzle (which ends at line ``end``), same shape,
    commands of at most two characters; the program."""
    cfirst, cend = _block(lines, end)
    if cfirst == cend:
        last = len(lines)
        raise fail(last, len(lines[-1]) + 1, "missing command block: expected a blank line and then "
                   f"{plural(len(puzzle), 'row')} of {plural(len(puzzle[0]), 'comma-separated command')} after the puzzle")
    commands: list[tuple[str, ...]] = []
    spans: list[tuple[Span, ...]] = []
    for i in range(cfirst, cend):
        cells = _cells(lines[i])
        for body, col, _ in cells:
            if len(body) > 2:
                raise fail(i + 1, col, f"command {body!r} is longer than two characters (a move, then one opcode)")
        if len(cells) != len(puzzle[0]):
            raise fail(i + 1, 1, f"command row has {plural(len(cells), 'command')}, the puzzle is {len(puzzle[0])} wide")
        commands.append(tuple(body for body, _, _ in cells))
        spans.append(tuple(Span(i + 1, col, i + 1, end_col) for _, col, end_col in cells))
    if len(commands) != len(puzzle):
        raise fail(cend, 1, f"command block has {plural(len(commands), 'row')}, the puzzle has {len(puzzle)}")
    return Program(filename, text, tuple(puzzle), tuple(commands), tuple(spans))
