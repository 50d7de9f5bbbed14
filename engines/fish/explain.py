"""What a ><> program's code means, for editors (``esodbg lsp``): hover on a cell says what its
instruction does (spec `fish.md` rules 12–28) and, in a run of digits or a string, what the run
pushes when the instruction pointer crosses it going right; document symbols list the ``.``
jumps written with constant coordinates, and where they land."""

from __future__ import annotations

from ..base import Span
from ..language import Symbol
from .parser import JUMP, Program

MEANINGS = {
    ">": "go right", "<": "go left", "^": "go up", "v": "go down",
    "/": "mirror: right ↔ up, left ↔ down", "\\": "mirror: right ↔ down, left ↔ up",
    "|": "mirror: turn back if moving sideways", "_": "mirror: turn back if moving up or down",
    "#": "mirror: turn back whatever the direction",
    "x": "go a random direction", "!": "skip the next cell", "?": "pop; skip the next cell if it is 0",
    ".": "pop y, x; jump to cell (x, y) (it is not run: the next step moves on from it)",
    "+": "pop a, b; push b + a", "-": "pop a, b; push b − a", "*": "pop a, b; push b · a",
    ",": "pop a, b; push b / a (a true division: a float unless exact)",
    "%": "pop a, b; push b mod a (the sign of a)",
    "=": "pop a, b; push 1 if b = a, else 0", "(": "pop a, b; push 1 if b < a, else 0",
    ")": "pop a, b; push 1 if b > a, else 0",
    "'": "string mode: push every cell up to the next '", '"': 'string mode: push every cell up to the next "',
    ":": "duplicate the top value", "~": "pop and drop the top value", "$": "swap the top two values",
    "@": "move the top value two down (1 2 3 → 3 1 2)", "}": "move the top value to the bottom",
    "{": "move the bottom value to the top", "r": "reverse the stack", "l": "push the stack's length",
    "[": "pop n; move the top n values to a new stack", "]": "remove the stack, its values onto the one below",
    "&": "pop into the register if it is empty, else push its value and empty it",
    "o": "pop; write it as a character", "n": "pop; write it as a number",
    "i": "read a character; push its code point (−1 at the end of the input)",
    "g": "pop y, x; push the value of cell (x, y)", "p": "pop y, x, v; write v into cell (x, y)",
    ";": "end the program", " ": "nothing (a step)",
}


def describe(ch: str) -> str:
    """What the character ``ch`` does when it runs."""
    if "0" <= ch <= "9" or "a" <= ch <= "f":
        return f"push {int(ch, 16)}"
    return MEANINGS.get(ch, "not an instruction: a runtime error if it runs")


def hover(program: Program, line: int, col: int) -> str | None:
    """What the cell at ``line``:``col`` (1-based, characters) does, as Markdown; in a string or
    a run of digits, what it pushes too."""
    y = line - 1 - program.first
    if not 0 <= y < len(program.lines) or not 0 <= col - 1 < len(program.lines[y]):
        return None
    row = program.lines[y]
    x = col - 1
    ch = row[x]
    shown = "a space" if ch == " " else f"`{ch}`" if ch.isprintable() else f"U+{ord(ch):04X}"
    parts = [f"**{shown}** at ({x}, {y}): {describe(ch)}"]
    string = _string_at(row, x)
    if string is not None:
        quote, start, end = string
        body = row[start + 1:end]
        return f"in the string `{quote}{body}{quote if end < len(row) else ''}` ({len(body)} values pushed, " \
               f"the last on top{'' if end < len(row) else '; it goes on past the end of the row'})"
    if ch in "0123456789abcdef":
        lo, hi = x, x
        while lo > 0 and row[lo - 1] in "0123456789abcdef":
            lo -= 1
        while hi + 1 < len(row) and row[hi + 1] in "0123456789abcdef":
            hi += 1
        if hi > lo:
            digits = row[lo:hi + 1]
            parts.append(f"the run `{digits}` pushes {', '.join(str(int(d, 16)) for d in digits)} (one value a digit)")
    return "\n\n".join(parts)


def _string_at(row: str, x: int) -> tuple[str, int, int] | None:
    """The string (its quote, where it opens and closes) that the cell ``x`` of ``row`` is in,
    reading the row left to right; ``None`` if it is in none (a quote is in none)."""
    quote, start = None, 0
    for i, ch in enumerate(row):
        if quote is None:
            if ch in "'\"":
                if i == x:
                    return None
                quote, start = ch, i
        elif ch == quote:
            if i == x:
                return None
            if start < x < i:
                return quote, start, i
            quote = None
    if quote is not None and start < x:
        return quote, start, len(row)
    return None


def symbols(program: Program) -> tuple[Symbol, ...]:
    """Each ``XY.`` jump (two hex digits just before a ``.``, read left to right) and where it
    lands."""
    found = []
    for y, row in enumerate(program.lines):
        for match in JUMP.finditer(row):
            tx, ty = int(match.group(1), 16), int(match.group(2), 16)
            line = y + program.first + 1
            found.append(Symbol(f"jump to ({tx}, {ty})", "event", Span(line, match.start() + 1, line, match.end() + 1),
                                f"from ({match.end() - 1}, {y})"))
    return tuple(found)
