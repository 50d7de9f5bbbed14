"""Semantic tokens: a grammar's highlight captures as the Language Server Protocol sends colours.

The capture names (the common ones of ``highlights.scm``) become standard token types
(:data:`CAPTURES`); plain punctuation gets none.  Tokens never overlap (where captures do, the one
later in the query wins), a capture over several lines gives a token on each, and tokens of one
type that touch are one token: a Tic Tac Toe Grow program's run of letters is one string, not a
token a keystroke (a 1 MB program's tokens would otherwise be tens of MB of JSON).
"""

from __future__ import annotations

import bisect

import tree_sitter
from lsprotocol import types

from esodbg.grammars.highlight import Highlighter

from ..positions import Positions

TYPES = ["keyword", "number", "string", "comment", "operator", "function", "macro", "variable", "parameter",
         "property"]
MODIFIERS = ["defaultLibrary", "readonly"]
CAPTURES = {  # capture -> (token type, modifier bits); a capture falls back to its parent name
    "keyword": ("keyword", 0), "number": ("number", 0), "string": ("string", 0), "comment": ("comment", 0),
    "operator": ("operator", 0), "punctuation.special": ("operator", 0), "function": ("function", 0),
    "function.builtin": ("function", 1), "function.macro": ("macro", 0), "variable": ("variable", 0),
    "variable.parameter": ("parameter", 0), "constant": ("variable", 2), "label": ("property", 0),
}
LEGEND = types.SemanticTokensLegend(token_types=TYPES, token_modifiers=MODIFIERS)

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


def make(highlighter: Highlighter, positions: Positions, first: int = 0, last: int | None = None) -> list[Token]:
    """The tokens of 0-based lines ``first``…``last`` (default: to the end), in order."""
    query = highlighter.query
    lines = highlighter.byte_lines
    last = len(lines) - 1 if last is None else min(last, len(lines) - 1)
    cursor = tree_sitter.QueryCursor(query)
    if first or last < len(lines) - 1:
        cursor.set_point_range((first, 0), (last + 1, 0))
    rank = {query.capture_name(i): i for i in range(query.capture_count)}
    pieces: list[tuple[int, int, int, int, int, int]] = []  # (row, byte start, byte end, query order, type, bits)
    for capture, nodes in cursor.captures(highlighter.tree.root_node).items():
        kind = token_type(capture)
        if kind is None:
            continue
        order, (number, bits) = rank[capture], kind
        for node in nodes:
            (row, start), (end_row, end) = node.start_point, node.end_point
            if row == end_row:
                pieces.append((row, start, end, order, number, bits))
            else:  # one piece on each line it covers
                pieces.append((row, start, len(lines[row]), order, number, bits))
                pieces += [(r, 0, len(lines[r]), order, number, bits) for r in range(row + 1, end_row)]
                pieces.append((end_row, 0, end, order, number, bits))
    pieces.sort()
    out: list[Token] = []
    row, line = -1, []
    for piece in pieces:
        if piece[0] != row:
            if line:
                _emit(line, highlighter, positions, out)
            row, line = piece[0], []
        if first <= row <= last:
            line.append(piece)
    if line:
        _emit(line, highlighter, positions, out)
    return out


def _emit(line: list[tuple], highlighter: Highlighter, positions: Positions, out: list[Token]) -> None:
    """One line's pieces (sorted) onto ``out``: cut where they overlap, in UTF-16 columns, those
    of one type that touch joined."""
    if any(line[k][1] < line[k - 1][2] for k in range(1, len(line))):
        line = _cut(sorted(line, key=lambda piece: piece[3]))  # rare: the later capture wins
    row = line[0][0]
    data = highlighter.byte_lines[row]
    plain = data.isascii()
    wide = () if plain else positions.wide(row + 1)
    for _, start, end, _, kind, bits in line:
        if end <= start:
            continue
        if not plain:
            start, end = highlighter.char(row, start), highlighter.char(row, end)
            if wide:
                start, end = start + bisect.bisect_left(wide, start), end + bisect.bisect_left(wide, end)
        previous = out[-1] if out else None
        if previous is not None and previous[0] == row and previous[1] + previous[2] == start \
                and previous[3] == kind and previous[4] == bits:
            out[-1] = (row, previous[1], end - previous[1], kind, bits)
        else:
            out.append((row, start, end - start, kind, bits))


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
