"""Read an Aheui program's text into its board (spec `aheui.md` B1–B5, W3–W4).

The board is decoded once.  Row ``y`` is the ``y``-th line (split at LF only, B2); its cells are
its code points, kept in one flat tuple ``cells`` (row ``y`` from ``starts[y]``, ``lengths[y]``
long).  Each cell is one integer code (:func:`code`): ``command << 10 | vowel << 5 | final`` for
a syllable, :data:`COMMENT` for anything else — so the step loop never splits a syllable.

The vertical moves are decoded once too (W3, W4): for every cell and each of the four vertical
moves (down 1, down 2, up 1, up 2) the row the cursor lands on, after jumping the positions that
are no cells and wrapping at the top or bottom edge, in ``vmoves[4 * i + k]``.  A horizontal
move is arithmetic on the row's length (W1, W2).  So every move is O(1).
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import Diagnostic, Span

INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
FINALS = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"  # index 0: no final
FIRST, LAST = 0xAC00, 0xD7A3  # the Hangul syllables (B3)

# Commands: the initial's index (B3/C).
NOP_G, NOP_GG, DIV, ADD, MUL, MOD, POP, PUSH, DUP, SELECT, MOVE, NOP_O, CMP, NOP_JJ, BRANCH, NOP_K, SUB, \
    SWAP, END = range(19)
COMMENT = -1  # a cell that is no syllable (B3)

# What a command needs in the selected storage (R1); -1: nothing (no reversal ever).
NEEDS = (0, 0, 2, 2, 2, 2, 1, 0, 1, 0, 1, 0, 2, 0, 1, 0, 2, 2, 0)
# What ㅂ with each final pushes (C5): its strokes; -1 for ㅇ (a number) and ㅎ (a character).
STROKES = (0, 2, 4, 4, 2, 5, 5, 3, 5, 7, 9, 9, 7, 9, 9, 8, 4, 4, 6, 2, 4, -1, 3, 4, 3, 4, 4, -1)
QUEUE, PIPE = 21, 27  # the storages of the finals ㅇ and ㅎ (S1)

# Directions: 0 right, 1 down, 2 left, 3 up (reversing is + 2 mod 4).
RIGHT, DOWN, LEFT, UP = 0, 1, 2, 3
# What each medial does (M2): (direction, speed) it sets, or a reflection, or nothing.
KEEP, REFLECT_V, REFLECT_H, REFLECT = 0, 9, 10, 11  # ㅡ reflects a vertical move, ㅣ a horizontal one, ㅢ any
# A vowel action 1..8 sets direction (a - 1) % 4 at speed 1 + (a - 1) // 4.
VOWEL = (1, 0, 5, 0, 3, 0, 7, 0, 4, 0, 0, 0, 8, 2, 0, 0, 0, 6, REFLECT_V, REFLECT, REFLECT_H)


def code(ch: str) -> int:
    """The cell code of the character ``ch`` (module docstring): a syllable's command, vowel
    action (:data:`VOWEL`) and final; :data:`COMMENT` for every other character."""
    cp = ord(ch)
    if not FIRST <= cp <= LAST:
        return COMMENT
    s = cp - FIRST
    return (s // 588) << 10 | VOWEL[(s // 28) % 21] << 5 | s % 28


def split(ch: str) -> tuple[str, str, str] | None:
    """The initial, medial and final jamo of a syllable (the final ``""`` when it has none), or
    ``None`` for a comment."""
    cp = ord(ch)
    if not FIRST <= cp <= LAST:
        return None
    s = cp - FIRST
    return INITIALS[s // 588], MEDIALS[(s // 28) % 21], FINALS[s % 28].strip()


class Program(NamedTuple):
    """A parsed Aheui program (module docstring).  ``start`` is the first row with a cell
    (B4), ``None`` when the board has no cell (B5)."""

    filename: str
    source: str
    lines: tuple[str, ...]
    cells: tuple[int, ...]
    starts: tuple[int, ...]
    lengths: tuple[int, ...]
    vmoves: tuple[int, ...]
    start: int | None
    options: dict
    warnings: tuple[Diagnostic, ...] = ()

    @property
    def height(self) -> int:
        return len(self.lines)

    @property
    def width(self) -> int:
        return max(self.lengths, default=0)

    def is_cell(self, x: int, y: int) -> bool:
        return 0 <= y < len(self.lines) and 0 <= x < self.lengths[y]

    def span(self, x: int, y: int) -> Span | None:
        """Where the cell ``(x, y)`` is written (1-based, in code points), or ``None``."""
        return Span(y + 1, x + 1, y + 1, x + 2) if self.is_cell(x, y) else None


def decode(data: bytes, filename: str) -> str:
    """A program file's text: UTF-8, strictly (B1: invalid UTF-8 is an error, exit 2, at the first
    bad byte), a leading BOM kept as a cell (B2)."""
    return data.decode("utf-8")


def vertical_moves(lengths: tuple[int, ...] | list[int]) -> list[int]:
    """``vmoves`` (module docstring): for each cell, the rows that down 1, down 2, up 1 and up 2
    land on (W3, W4).  Column by column, the rows that have a cell there are walked from the
    bottom (for the moves down: the nearest row below at a distance the speed divides, else the
    column's first row) and from the top (for the moves up): O(cells)."""
    starts, total = [], 0
    for n in lengths:
        starts.append(total)
        total += n
    out = [0] * (4 * total)
    width = max(lengths, default=0)
    columns: list[list[int]] = [[] for _ in range(width)]
    for y, n in enumerate(lengths):
        for x in range(n):
            columns[x].append(y)
    for x, rows in enumerate(columns):
        top, bottom = rows[0], rows[-1]
        one, two = -1, [-1, -1]  # the nearest row with a cell below: any, and by parity
        for y in reversed(rows):
            i = 4 * (starts[y] + x)
            out[i] = one if one >= 0 else top
            out[i + 1] = two[y & 1] if two[y & 1] >= 0 else top
            one = two[y & 1] = y
        one, two = -1, [-1, -1]  # and above
        for y in rows:
            i = 4 * (starts[y] + x)
            out[i + 2] = one if one >= 0 else bottom
            out[i + 3] = two[y & 1] if two[y & 1] >= 0 else bottom
            one = two[y & 1] = y
    return out


def parse(text: str, filename: str, options: dict) -> Program:
    """The board of ``text`` (never an error once the text is decoded, B2–B5)."""
    lines = tuple(text.split("\n"))
    cells: list[int] = []
    starts, lengths = [], []
    for line in lines:
        starts.append(len(cells))
        lengths.append(len(line))
        cells += [code(ch) for ch in line]
    start = next((y for y, n in enumerate(lengths) if n), None)
    vm = vertical_moves(lengths) if cells else []
    return Program(filename, text, lines, tuple(cells), tuple(starts), tuple(lengths), tuple(vm), start, options)
