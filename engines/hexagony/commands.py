"""Hexagony's commands (spec `hexagony.md` S6, A, M3, I, C) as the step loop reads them: each
cell pre-decoded into an opcode and a parameter, and the tables of the mirrors and of the
memory pointer's neighbours.

Opcodes are small integers (``Final``: the compiled loop inlines them).  A digit's parameter is
its value; a character that is no command (A4) is :data:`SET` with its code point; a mirror is
:data:`MIRROR` with its index in :data:`MIRRORS`.
"""

from __future__ import annotations

from math import isqrt
from typing import Final

NOP: Final = 0
HALT: Final = 1
DIGIT: Final = 2
INC: Final = 3
DEC: Final = 4
ADD: Final = 5
SUB: Final = 6
MUL: Final = 7
DIV: Final = 8
MOD: Final = 9
NEG: Final = 10
GET_BYTE: Final = 11
GET_INT: Final = 12
PUT_BYTE: Final = 13
PUT_INT: Final = 14
SKIP: Final = 15
MIRROR: Final = 16
PREV_IP: Final = 17
NEXT_IP: Final = 18
CHOOSE_IP: Final = 19
MP_LEFT: Final = 20
MP_RIGHT: Final = 21
MP_REVERSE: Final = 22
MP_BACK_LEFT: Final = 23
MP_BACK_RIGHT: Final = 24
MP_BRANCH: Final = 25
COPY: Final = 26
SET: Final = 27

MIRRORS: Final = "/\\_|<>"

# The commands that write the current edge (A, M3's &, I1–I3): no other changes memory.
EDGE_WRITERS: Final = frozenset({DIGIT, INC, DEC, NEG, ADD, SUB, MUL, DIV, MOD, SET, COPY, GET_BYTE, GET_INT})

# Outgoing direction by mirror and incoming direction (C1), directions 0 E … 5 NE clockwise;
# TURN_POS when the current edge is > 0, TURN_NEG otherwise (they differ only at the branches:
# `<` hit going E, `>` hit going W).  Index: mirror * 6 + direction.
TURN_POS: Final = [4, 3, 2, 1, 0, 5,   # /
                   2, 1, 0, 5, 4, 3,   # \
                   0, 5, 4, 3, 2, 1,   # _
                   3, 2, 1, 0, 5, 4,   # |
                   1, 4, 3, 0, 3, 2,   # <
                   3, 0, 5, 4, 1, 0]   # >
TURN_NEG: Final = [4, 3, 2, 1, 0, 5,
                   2, 1, 0, 5, 4, 3,
                   0, 5, 4, 3, 2, 1,
                   3, 2, 1, 0, 5, 4,
                   5, 4, 3, 0, 3, 2,
                   3, 0, 5, 2, 1, 0]

# Memory edges: D is 0 NE, 1 E, 2 SE.  The left and right neighbours of the MP (M2), by
# D * 2 + cw: the change of q and r, the neighbour's D and the flag the MP gets there.
EDGE_NAMES: Final = ("NE", "E", "SE")
LEFT_DQ: Final = [0, 1, 0, 0, 0, -1]
LEFT_DR: Final = [-1, -1, 0, 1, 0, 1]
LEFT_D: Final = [2, 2, 0, 0, 1, 1]
LEFT_CW: Final = [1, 0, 0, 1, 0, 1]
RIGHT_DQ: Final = [0, 0, 1, 0, 0, -1]
RIGHT_DR: Final = [-1, 0, -1, 0, 1, 1]
RIGHT_D: Final = [1, 1, 2, 2, 0, 0]
RIGHT_CW: Final = [0, 1, 0, 1, 1, 0]

_OPS = {".": NOP, "@": HALT, ")": INC, "(": DEC, "+": ADD, "-": SUB, "*": MUL, ":": DIV, "%": MOD, "~": NEG,
        ",": GET_BYTE, "?": GET_INT, ";": PUT_BYTE, "!": PUT_INT, "$": SKIP, "[": PREV_IP, "]": NEXT_IP,
        "#": CHOOSE_IP, "{": MP_LEFT, "}": MP_RIGHT, "=": MP_REVERSE, '"': MP_BACK_LEFT, "'": MP_BACK_RIGHT,
        "^": MP_BRANCH, "&": COPY}


def decode(c: str) -> tuple[int, int]:
    """The opcode and parameter of the cell holding the character ``c`` (S6, A4)."""
    op = _OPS.get(c)
    if op is not None:
        return op, 0
    if "0" <= c <= "9":
        return DIGIT, ord(c) - 48
    m = MIRRORS.find(c)
    if m >= 0 and len(c) == 1:
        return MIRROR, m
    return SET, ord(c)


def is_command(c: str) -> bool:
    """Whether ``c`` is one of the command characters (S6); any other sets the edge (A4)."""
    return decode(c)[0] != SET


def edge_key(q: int, r: int, d: int) -> int:
    """The memory store's key of the edge ``(q, r, D)``: a one-to-one numbering of all edges
    (q and r of any size, folded to naturals, 0, −1, 1, −2… → 0, 1, 2, 3…, then paired by
    Szudzik's function; then × 3 + D).  An integer key hashes and compares at once, where a
    tuple's would cost the step loop a third of its time on memory moves."""
    a = 2 * q if q >= 0 else -2 * q - 1
    b = 2 * r if r >= 0 else -2 * r - 1
    return (a * a + a + b if a >= b else a + b * b) * 3 + d


def edge_of(key: int) -> tuple[int, int, int]:
    """The edge ``(q, r, D)`` whose key is ``key`` (:func:`edge_key`'s inverse)."""
    pair, d = divmod(key, 3)
    s = isqrt(pair)
    rest = pair - s * s
    a, b = (rest, s) if rest < s else (s, rest - s)
    return (a // 2 if a % 2 == 0 else -(a + 1) // 2), (b // 2 if b % 2 == 0 else -(b + 1) // 2), d


def neighbour(q: int, r: int, d: int, cw: int, right: bool) -> tuple[int, int, int, int]:
    """The MP ``(q, r, D, cw)`` moved to its left or right neighbour (M2)."""
    s = d * 2 + cw
    if right:
        return q + RIGHT_DQ[s], r + RIGHT_DR[s], RIGHT_D[s], RIGHT_CW[s]
    return q + LEFT_DQ[s], r + LEFT_DR[s], LEFT_D[s], LEFT_CW[s]


SHOWN_DIGITS: Final = 40  # a number longer than this is shown cut (its digits counted)


def digits(v: int) -> int:
    """How many decimal digits ``v`` has (without writing it out: a bignum may be huge)."""
    size = abs(v)
    count = int(size.bit_length() * 0.30102999566398120) + 1  # 2^(b-1) <= size < 2^b: this, or one less
    return count - 1 if count > 1 and size < 10 ** (count - 1) else count


def shown(v: int) -> str:
    """``v`` in decimal for messages and panels: whole up to :data:`SHOWN_DIGITS` digits, else
    its first digits and how many there are (a bignum of a million digits is not drawn)."""
    if -10 ** SHOWN_DIGITS < v < 10 ** SHOWN_DIGITS:
        return str(v)
    count = digits(v)
    return f"{'-' if v < 0 else ''}{abs(v) // 10 ** (count - 12)}…({count} digits)"
