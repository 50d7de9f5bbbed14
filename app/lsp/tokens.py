"""Semantic tokens: a grammar's highlight captures as the Language Server Protocol sends colours.

The capture names (the common ones of ``highlights.scm``) become standard token types
(:data:`CAPTURES`); plain punctuation gets none.  Tokens never overlap (where captures do, the one
later in the query wins), a capture over several lines gives a token on each, and tokens of one
type that touch are one token: a Tic Tac Toe Grow program's run of letters is one string, not a
token a keystroke (a 1 MB program's tokens would otherwise be tens of MB of JSON).
"""

from __future__ import annotations

import bisect
import itertools
import operator

import tree_sitter
from lsprotocol import types

from esodbg.grammars.highlight import Highlighter


TYPES = ["keyword", "number", "string", "comment", "operator", "function", "macro", "variable", "parameter",
         "property", "type"]
MODIFIERS = ["defaultLibrary", "readonly"]
CAPTURES = {  # capture -> (token type, modifier bits); a capture falls back to its parent name
    "keyword": ("keyword", 0), "number": ("number", 0), "string": ("string", 0), "comment": ("comment", 0),
    "operator": ("operator", 0), "punctuation.special": ("operator", 0), "function": ("function", 0),
    "function.builtin": ("function", 1), "function.macro": ("macro", 0), "variable": ("variable", 0),
    "variable.parameter": ("parameter", 0), "constant": ("variable", 2), "label": ("property", 0),
    "type": ("type", 0),  # ascii-piet's cyan codels (type.builtin)
}
LEGEND = types.SemanticTokensLegend(token_types=TYPES, token_modifiers=MODIFIERS)

# The UTF-16 units of the character a UTF-8 byte starts: none for a continuation byte (0x80–0xBF),
# two for the first of four (0xF0–0xF7: past U+FFFF), else one.
_UTF16_UNITS = bytes(0 if 0x80 <= byte < 0xC0 else 2 if byte >= 0xF0 else 1 for byte in range(256))

# A token: (0-based line, UTF-16 start, UTF-16 length, type, modifier bits).
Token = tuple[int, int, int, int, int]


def token_type(capture: str) -> tuple[int, int] | None:
    """The legend index and modifier bits of a capture, or ``None`` for no token."""
    while capture:
        if capture in CAPTURES:
            kind, modifiers = CAPTURES[capture]
            return TYPES.index(kind), modifiers
        capture = capture.rpartition(".")[0]
    return None


def make(highlighter: Highlighter, first: int = 0, last: int | None = None) -> list[Token]:
    """The tokens of 0-based lines ``first``…``last`` (default: to the end; lines past the end
    have none), in order."""
    query = highlighter.query
    lines = highlighter.byte_lines
    last = len(lines) - 1 if last is None else min(last, len(lines) - 1)
    if first > last:  # past the end of the text
        return []
    cursor = tree_sitter.QueryCursor(query)
    if first or last < len(lines) - 1:
        cursor.set_point_range((first, 0), (last + 1, 0))
    rank = {query.capture_name(i): i for i in range(query.capture_count)}
    starts = highlighter.line_starts
    pieces: list[tuple[int, int, int, int, int, int]] = []  # (row, byte start, byte end, query order, type, bits)
    for capture, nodes in cursor.captures(highlighter.tree.root_node).items():
        kind = token_type(capture)
        if kind is None:
            continue
        order, (number, bits) = rank[capture], kind
        # Byte offsets, not points: a node's points are two objects made for it, and a 1 MB Tic
        # Tac Toe Grow program is half a million nodes.
        if len(starts) == 1:  # one line: the offsets are the columns
            pieces += [(0, node.start_byte, node.end_byte, order, number, bits) for node in nodes]
            continue
        for node in nodes:
            a, b = node.start_byte, node.end_byte
            row, end_row = bisect.bisect_right(starts, a) - 1, bisect.bisect_right(starts, b) - 1
            start, end = a - starts[row], b - starts[end_row]
            if row == end_row:
                pieces.append((row, start, end, order, number, bits))
            else:  # one piece on each line it covers
                pieces.append((row, start, len(lines[row]), order, number, bits))
                pieces += [(r, 0, len(lines[r]), order, number, bits) for r in range(row + 1, end_row)]
                pieces.append((end_row, 0, end, order, number, bits))
    pieces.sort()
    out: list[Token] = []
    for row, line in itertools.groupby(pieces, operator.itemgetter(0)):
        if first <= row <= last:
            _emit(list(line), highlighter, out)
    return out


def _emit(line: list[tuple], highlighter: Highlighter, out: list[Token]) -> None:
    """One line's pieces (sorted) onto ``out``: cut where they overlap, those of one type that
    touch joined (in bytes, before the columns are worked out: a line of a million keystrokes is
    a million pieces and a few tokens), then in UTF-16 columns."""
    starts, ends = [piece[1] for piece in line], [piece[2] for piece in line]
    if any(map(operator.lt, starts[1:], ends[:-1])):
        line = _cut(sorted(line, key=lambda piece: piece[3]))  # rare: the later capture wins
    row = line[0][0]
    runs: list[list[int]] = []  # [byte start, byte end, type, bits]
    for _, start, end, _, kind, bits in line:
        if end <= start:
            continue
        if runs and runs[-1][1] == start and runs[-1][2] == kind and runs[-1][3] == bits:
            runs[-1][1] = end
        else:
            runs.append([start, end, kind, bits])
    data = highlighter.byte_lines[row]
    if data.isascii():  # a byte a column
        out += [(row, start, end - start, kind, bits) for start, end, kind, bits in runs]
        return
    # Columns counted as the runs go along the line (they are in order), each byte of it once.
    units, at, column = data.translate(_UTF16_UNITS), 0, 0
    for start, end, kind, bits in runs:
        column += sum(units[at:start])
        length = sum(units[start:end])
        out.append((row, column, length, kind, bits))
        at, column = end, column + length


def _cut(pieces: list[tuple]) -> list[tuple]:
    """One line's pieces in query order, made not to overlap: each cuts the ones before it."""
    kept: list[tuple] = []
    for piece in pieces:
        start, end = piece[1], piece[2]
        cut = []
        for other in kept:
            a, b = other[1], other[2]
            if b <= start or a >= end:
                cut.append(other)
                continue
            if a < start:
                cut.append((other[0], a, start, *other[3:]))
            if b > end:
                cut.append((other[0], end, b, *other[3:]))
        kept = cut + [piece]
    return sorted(kept, key=lambda piece: piece[1])


def encode(tokens: list[Token]) -> list[int]:
    """Tokens as LSP sends them: five numbers a token, its line and start relative to the token
    before (the first's to the start of the text)."""
    data: list[int] = []
    previous_line = previous_start = 0
    for row, start, length, kind, bits in tokens:
        delta = row - previous_line
        data += (delta, start - previous_start if delta == 0 else start, length, kind, bits)
        previous_line, previous_start = row, start
    return data
