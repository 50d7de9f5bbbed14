"""Decode and lex Stoned-Go source (spec `stoned-go.md` L1–L8, 0.3).

:func:`decode` turns file bytes into text (L1); :func:`lex` turns text into :class:`Token` s or
raises :class:`~.errors.SourceError` (phase ``lex``) at the first problem, left to right.
Positions are 1-based ``line:col``; ``col`` counts code points, a tab counts 1, only LF ends a
line (0.3).  A leading BOM is dropped before counting (so ``col`` 1 is the first character after
it).
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple

from ..base import Span
from .errors import SourceError, char_name

BOM = "\ufeff"
MAX_MOVE = 2**53 - 1  # L6

# Token kinds.  After macro expansion only MOVE, FLIP, HALT and the brackets and BAR remain (P).
MOVE, FLIP, HALT, BAR = "move", "/", "?", "|"
OPEN_B, CLOSE_B, OPEN_W, CLOSE_W = "[", "]", "(", ")"
BANG, END_DEF, END_CALL = "!", "}", ">"  # macro punctuation (M3, M5)
DEF, CALL, CALL_OPEN = "def", "call", "call_open"  # L7: {NAME:  <NAME>  <NAME:
SINGLE = frozenset("/?|[]()!}>")  # L4
CLOSER_OF = {OPEN_B: CLOSE_B, OPEN_W: CLOSE_W}

_WS = "[ \t\n\x0b\x0c\r]"  # L2: SP HT LF VT FF CR and nothing else
_SKIP = re.compile(rf"(?:{_WS}+|#[^\n]*)*")  # L2, L3: whitespace and comments
_DIGITS = re.compile(r"[0-9]+")  # L5e: ASCII digits only
_NAME = re.compile(r"[^ \t\n\x0b\x0c\r#<>{}:]+")  # M1
_NEWLINE = re.compile("\n")


class Token(NamedTuple):
    """One lexical token.  ``value`` is the signed amount of a MOVE and the macro name of DEF,
    CALL and CALL_OPEN (``None`` otherwise); ``span`` is where its text is (a MOVE runs from its
    sign to its last digit, possibly over comments and lines)."""

    kind: str
    value: int | str | None
    span: Span


class Positions:
    """Maps string indices of one text to 1-based (line, col) (0.3)."""

    def __init__(self, text: str) -> None:
        self.newlines = [m.start() for m in _NEWLINE.finditer(text)]

    def __call__(self, i: int) -> tuple[int, int]:
        line = bisect.bisect_left(self.newlines, i)
        start = self.newlines[line - 1] + 1 if line else 0
        return line + 1, i - start + 1

    def span(self, start: int, end: int) -> Span:
        return Span(*self(start), *self(end))


def decode(data: bytes, filename: str) -> str:
    """File bytes → program text (L1): UTF-8, a leading BOM dropped.  Raises ``SourceError``
    (phase ``decode``) at the first byte that is not valid UTF-8."""
    if data.startswith(BOM.encode()):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start].decode("utf-8")
        line, col = Positions(before)(len(before))
        raise SourceError("decode", filename, line, col, f"invalid UTF-8 byte 0x{data[error.start]:02X}") from None


def eof_position(text: str) -> tuple[int, int]:
    """Where the next character after ``text`` would be (0.3)."""
    return Positions(text)(len(text))


def lex(text: str, filename: str) -> list[Token]:
    """``text`` (without BOM) → tokens, or ``SourceError`` (phase ``lex``) at the first error."""
    at = Positions(text)
    n = len(text)
    skip, name_re, digits_re = _SKIP.match, _NAME.match, _DIGITS.match
    tokens: list[Token] = []

    def fail(i: int, message: str) -> SourceError:
        return SourceError("lex", filename, *at(i), message)

    def found(j: int) -> str:
        return "end of file" if j >= n else char_name(text[j])

    i = skip(text, 0).end()
    while i < n:
        c = text[i]
        if c in SINGLE:  # L4
            tokens.append(Token(c, None, at.span(i, i + 1)))
            end = i + 1
        elif c == "+" or c == "-":  # L5: sign, whitespace or comments, then digits
            j = skip(text, i + 1).end()
            m = digits_re(text, j)
            if m is None:
                raise fail(i, f"expected digits after {c!r}, found {found(j)}")
            digits = m.group().lstrip("0")
            if len(digits) > 16 or int(digits or "0") > MAX_MOVE:  # L6 (length first: no huge int())
                raise fail(i, f"number too large: a move is at most 2^53-1 = {MAX_MOVE}")
            value = int(digits or "0")
            end = m.end()
            tokens.append(Token(MOVE, value if c == "+" else -value, at.span(i, end)))
        elif "0" <= c <= "9":  # L5c
            raise fail(i, "number without a preceding '+' or '-'")
        elif c == "{" or c == "<":  # L7, M1
            j = skip(text, i + 1).end()
            m = name_re(text, j)
            if m is None:
                raise fail(j, f"expected a macro name after {c!r}, found {found(j)}")
            name = m.group()
            k = skip(text, m.end()).end()
            closer = text[k] if k < n else ""
            if c == "{" and closer == ":":
                kind = DEF
            elif c == "<" and closer == ">":
                kind = CALL
            elif c == "<" and closer == ":":
                kind = CALL_OPEN
            else:
                expected = "':'" if c == "{" else "'>' or ':'"
                raise fail(k, f"expected {expected} after the macro name {name!r}, found {found(k)}")
            end = k + 1
            tokens.append(Token(kind, name, at.span(i, end)))
        else:  # L8
            raise fail(i, f"unexpected character {char_name(c)}")
        i = skip(text, end).end()
    return tokens
