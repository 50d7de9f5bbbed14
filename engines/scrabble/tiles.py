"""The fixed facts of the game (spec `scrabble.md`, rules 1, 5, 7 and the command table): letter
values, the bag, both premium layouts, the command names, and how squares are named."""

from __future__ import annotations

LOOSE, STRICT = "loose", "strict"  # the two rule sets

# Rule 1: standard English letter values; a blank is worth 0.
VALUES: dict[str, int] = dict(zip(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    (1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10),
))

# Rule 7: one bag of 100 tiles; "?" is a blank.
BAG: dict[str, int] = dict(zip(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ?",
    (9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1, 2),
))

SIZE = 15  # the strict board is SIZE × SIZE
CENTRE = (7, 7)  # H8, as (y, x)
COLUMNS = "ABCDEFGHIJKLMNO"  # standard notation: column letter = x

# Premium squares, row = y, column = x.  W = triple word, w = double word, L = triple letter,
# l = double letter.  Rule 7: the real board (the centre star H8 is a double word square).
STRICT_LAYOUT = (
    "W..l...W...l..W",
    ".w...L...L...w.",
    "..w...l.l...w..",
    "l..w...l...w..l",
    "....w.....w....",
    ".L...L...L...L.",
    "..l...l.l...l..",
    "W..l...w...l..W",
    "..l...l.l...l..",
    ".L...L...L...L.",
    "....w.....w....",
    "l..w...l...w..l",
    "..w...l.l...w..",
    ".w...L...L...w.",
    "W..l...W...l..W",
)
# Rule 5 (impl): the original's pattern, read at (|x| mod 15, |y| mod 15), so it repeats and
# mirrors across both axes; it is not the real board.
LOOSE_LAYOUT = (
    "w...l..WW..l...",
    ".l...l....l...l",
    "..L...L..L...L.",
    "...w...........",
    "l...w..ll......",
    ".l...w........l",
    "..L...w......L.",
    "W...l..WW.l....",
    "W...l..WW..l...",
    "..L......w...L.",
    ".l........w...l",
    "l......ll..w...",
    "............w..",
    "..L...L..L...L.",
    ".l...l....l...l",
)
# premium code -> (letter multiplier, word multiplier)
MULTIPLIERS = {".": (1, 1), "l": (2, 1), "L": (3, 1), "w": (1, 2), "W": (1, 3)}
PREMIUM_ROLES = {".": "empty", "l": "premium-dl", "L": "premium-tl", "w": "premium-dw", "W": "premium-tw"}

COMMANDS = ("NEXT", "PREV", "SET", "REMOVE", "ADD", "MINUS", "TIMES", "DIVIDE", "MODULO", "PRINT",
            "REPEAT", "IF", "ENDIF")


def premium(rules: str, y: int, x: int) -> str:
    """The premium code of square (y, x) under ``rules`` (strict: the square must be on the
    board)."""
    if rules == STRICT:
        return STRICT_LAYOUT[y][x]
    return LOOSE_LAYOUT[abs(y) % SIZE][abs(x) % SIZE]


def on_board(y: int, x: int) -> bool:
    """True if (y, x) is on the strict 15×15 board."""
    return 0 <= y < SIZE and 0 <= x < SIZE


def square_name(y: int, x: int) -> str:
    """A square as users write it: ``H8 (7,7)`` on the standard board, else ``(x,y)``."""
    if on_board(y, x):
        return f"{COLUMNS[x]}{y + 1} ({x},{y})"
    return f"({x},{y})"
