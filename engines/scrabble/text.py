"""Read a ``.scrabble`` file (spec `scrabble.md`, "Text format"): one play a line, ``#``
comments, a first-line ``#rules strict|loose`` pragma.

A play is ``TILES X,Y across|down`` (``.`` skips a square; lower case is a blank standing for
that letter) or board notation ``8H WORD`` (across) / ``H8 WORD`` (down) on the 15×15 board,
where ``.`` or a letter in parentheses is a tile already on the board.
"""

from __future__ import annotations

import re

from ..base import Diagnostic, Span
from .game import NEW, SKIP, THROUGH, Item, Written
from .tiles import COLUMNS, LOOSE, STRICT

PRAGMA = re.compile(r"#rules(?:\s+(\S*))?\s*$")  # the first line, if it is this, is the pragma
TOKEN = re.compile(r"\S+")
ACROSS_POS = re.compile(r"(\d+)([A-Za-z])$")  # 8H: row, then column
DOWN_POS = re.compile(r"([A-Za-z])(\d+)$")  # H8: column, then row
COORDS = re.compile(r"\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*$")


def lines_of(text: str) -> list[str]:
    """The text's lines, CRLF and CR counting as LF (so line numbers match any editor's)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def read_text_program(text: str, filename: str) -> tuple[str | None, list[Written], list[Diagnostic]]:
    """The rule set the pragma names (``None`` if there is no pragma), the plays in order, and
    the syntax errors found (every line is read, so all of them are reported)."""
    errors: list[Diagnostic] = []
    plays: list[Written] = []
    rules = None
    for number, line in enumerate(lines_of(text), 1):
        if number == 1 and (pragma := PRAGMA.match(line)):
            if pragma.group(1) in (STRICT, LOOSE):
                rules = pragma.group(1)
            else:
                col = pragma.start(1) + 1 if pragma.group(1) else len(line) + 1
                errors.append(Diagnostic(filename, 1, col, "the #rules pragma names strict or loose"))
            continue
        code = line.split("#", 1)[0]
        tokens = [(m.group(), m.start() + 1) for m in TOKEN.finditer(code)]
        if not tokens:
            continue
        try:
            plays.append(_play(number, code, tokens))
        except LineError as bad:
            errors.append(Diagnostic(filename, number, bad.col, bad.message))
    return rules, plays, errors


class LineError(Exception):
    """A syntax error at column ``col`` of the line being read."""

    def __init__(self, col: int, message: str) -> None:
        self.col, self.message = col, message


def _play(line: int, code: str, tokens: list[tuple[str, int]]) -> Written:
    first, col = tokens[0]
    end = tokens[-1][1] + len(tokens[-1][0])
    span = Span(line, col, line, end)
    across, down = ACROSS_POS.match(first), DOWN_POS.match(first)
    if across or down:
        return _board_notation(line, span, tokens, across, down)
    items = []
    for i, ch in enumerate(first):
        if ch == ".":
            items.append(Item(SKIP, None, False, col + i))
        elif "A" <= ch <= "Z" or "a" <= ch <= "z":
            items.append(Item(NEW, ch.upper(), ch.islower(), col + i))
        else:
            raise LineError(col + i, f"bad character {ch!r} in the tiles: letters A-Z, a-z (a blank) and '.' only")
    if len(tokens) < 3:
        if len(tokens) == 2 and "," in tokens[1][0]:
            raise LineError(end, "expected a direction (across or down) after the coordinates")
        raise LineError(tokens[1][1] if len(tokens) > 1 else end,
                   "expected coordinates X,Y and a direction (across or down) after the tiles")
    start = tokens[1][1]
    where = code[start - 1:tokens[-2][1] - 1 + len(tokens[-2][0])]
    coords = COORDS.match(where)
    if not coords:
        raise LineError(start, f"bad coordinate {where!r}: expected two integers X,Y")
    word, word_col = tokens[-1]
    direction = word.lower()
    if direction not in ("across", "down"):
        raise LineError(word_col, f"unknown direction {word!r}: expected across or down")
    x, y = int(coords.group(1)), int(coords.group(2))
    return Written(line, span, "".join(where.split()), direction, first, y, x, tuple(items), False)


def _board_notation(line: int, span: Span, tokens: list[tuple[str, int]], across, down) -> Written:
    """``8H WORD`` / ``H8 WORD``: through tiles as ``.`` or in parentheses."""
    first, col = tokens[0]
    letter, row = (across.group(2), across.group(1)) if across else (down.group(1), down.group(2))
    x, y = ord(letter.upper()) - ord("A"), int(row) - 1
    if not (0 <= x < len(COLUMNS) and 0 <= y < len(COLUMNS)):
        raise LineError(col, f"position {first} is off the board: columns A-O, rows 1-15")
    if len(tokens) != 2:
        raise LineError(tokens[2][1] if len(tokens) > 2 else span.end_col + 1,
                   "expected one word after the position" if len(tokens) < 2 else "unexpected text after the word")
    word, wcol = tokens[1]
    return Written(line, span, first, "across" if across else "down", word, y, x, tuple(word_items(word, wcol)), True)


def word_items(word: str, col: int, letters: str = NEW) -> list[Item]:
    """The squares of a word in board notation (also GCG's): ``.`` a tile already there,
    ``(XY)`` tiles already there with their letters, other letters played with mode ``letters``
    (lower case: a blank).  Raises :class:`LineError` at the offending column."""
    items = []
    inside = None  # column of the open parenthesis, if inside one
    for i, ch in enumerate(word):
        at = col + i
        if ch == "(":
            if inside is not None:
                raise LineError(at, "parentheses do not nest")
            inside = at
        elif ch == ")":
            if inside is None or inside == at - 1:
                raise LineError(at, "unmatched ')'" if inside is None else "empty parentheses")
            inside = None
        elif ch == ".":
            if inside is not None:
                raise LineError(at, "'.' inside parentheses: write the letter that is on the board")
            items.append(Item(SKIP, None, False, at))
        elif "A" <= ch <= "Z" or "a" <= ch <= "z":
            mode = THROUGH if inside is not None else letters
            items.append(Item(mode, ch.upper(), ch.islower(), at))
        else:
            raise LineError(at, f"bad character {ch!r}: letters A-Z (a-z for a blank), '.' and parentheses only")
    if inside is not None:
        raise LineError(inside, "unclosed '('")
    return items
