"""What a Befunge program's code means, for editors (``esodbg lsp``): hover on a cell says what
its instruction does (spec `befunge.md` rules 10 and 21) and, in a run of digits or a string,
what the run pushes when the instruction pointer crosses it going east; document symbols list
Befunge-98's fingerprint loads (``"AMOR"4(`` loads ROMA)."""

from __future__ import annotations

import re

from ..base import Span
from ..language import Symbol
from .parser import Program

COMMON = {
    "+": "pop a, b; push b + a", "-": "pop a, b; push b − a", "*": "pop a, b; push b · a",
    "/": "pop a, b; push b / a, truncated", "%": "pop a, b; push b mod a (the sign of b)",
    "!": "pop a; push 1 if a is 0, else 0", "`": "pop a, b; push 1 if b > a, else 0",
    ">": "go east (right)", "<": "go west (left)", "^": "go north (up)", "v": "go south (down)",
    "?": "go a random direction", "_": "pop; go east if it is 0, else west",
    "|": "pop; go south if it is 0, else north", '"': "string mode: push every cell up to the next \"",
    ":": "duplicate the top value", "\\": "swap the top two values", "$": "pop and drop the top value",
    ".": "pop; write it as a decimal number and a space", ",": "pop; write it as a byte (its value mod 256)",
    "#": "trampoline: jump over the next cell", "g": "pop y, x; push the value of cell (x, y)",
    "p": "pop y, x, v; write v into cell (x, y)", "&": "read a number from the input; push it",
    "~": "read a byte from the input; push it", "@": "end the program",
}
EXTRA93 = {"/": "pop a, b; push b / a, truncated (a = 0: a runtime error)",
           "%": "pop a, b; push b mod a, the sign of b (a = 0: a runtime error)",
           "g": "pop y, x; push the value of cell (x, y) (0 outside the 80×25 playfield)",
           "p": "pop y, x, v; write v's low byte into cell (x, y) (nothing outside the playfield)",
           "&": "read a number from the input; push it (−1 if there is none)",
           "~": "read a byte from the input; push it (−1 at the end)"}
EXTRA98 = {
    "/": "pop a, b; push b / a, truncated (0 if a is 0)", "%": "pop a, b; push b mod a (0 if a is 0)",
    "@": "end this instruction pointer (the program ends with the last)",
    "g": "pop y, x; push the value of cell (x, y) + the storage offset",
    "p": "pop y, x, v; write v into cell (x, y) + the storage offset",
    "&": "read a number from the input; push it (at the end: reflect)",
    "~": "read a byte from the input; push it (at the end: reflect)",
    "'": "push the next cell's value and jump over it", "s": "pop v; write it into the next cell and jump over it",
    ";": "jump to the next ; (comments take no time)", "j": "pop n; jump n cells (backwards if n < 0)",
    "k": "pop n; run the next instruction n times (0: skip it)", "q": "pop v; end the program with exit code v",
    "r": "reflect: reverse the direction", "[": "turn left", "]": "turn right",
    "w": "pop a, b; turn left if b < a, right if b > a", "x": "pop dy, dx; fly with delta (dx, dy)",
    "z": "do nothing", "n": "empty the stack", "{": "pop n; begin a block: a new stack with n values moved onto it",
    "}": "pop n; end the block: n values moved back, the stack dropped", "u": "pop n; move n values from the stack below",
    "t": "split: a new instruction pointer, going the other way", "y": "pop n; push system information",
    "(": "pop n and a fingerprint's name; load it", ")": "pop n and a fingerprint's name; unload it",
    "i": "read a file into Funge-space (with --allow-files)", "o": "write Funge-space to a file (with --allow-files)",
    "=": "run a shell command (with --allow-shell)",
}
# "EMAN" and its length, and a ( a few cells on (a jump may come between: "AMOR"4#v( ).
LOADS = re.compile(rb'"([A-Z0-9 ]{1,8})"([1-8])[^"(]{0,4}\(')


def describe(c: int, dialect: int) -> str:
    """What the instruction ``c`` (a cell's value) does in Befunge-``dialect``."""
    ch = chr(c) if 0 <= c < 128 else ""
    if "0" <= ch <= "9":
        return f"push {ch}"
    if dialect == 98 and "a" <= ch <= "f":
        return f"push {c - 87}"
    extra = EXTRA93 if dialect == 93 else EXTRA98
    if ch in extra:
        return extra[ch]
    if ch in COMMON:
        return COMMON[ch]
    if ch == " ":
        return "nothing (a step)" if dialect == 93 else "nothing (passed in no time)"
    if dialect == 98 and "A" <= ch <= "Z":
        return "run the semantics of the fingerprint loaded on this letter (none: reflect)"
    return "nothing (a step)" if dialect == 93 else "reflect (not an instruction)"


def hover(program: Program, line: int, col: int) -> str | None:
    """What the cell at ``line``:``col`` (1-based, characters) does, as Markdown; in a string or
    a run of digits, what it pushes too."""
    y = line - 1
    if not 0 <= y < len(program.lines):
        return None
    raw = program.lines[y]
    text = raw.decode("utf-8", "surrogateescape")
    if not 0 <= col - 1 < len(text):
        return None
    x = len(text[:col - 1].encode("utf-8", "surrogateescape"))
    c = raw[x]
    shown = f"`{chr(c)}`" if 32 < c < 127 else "a space" if c == 32 else f"the byte {c}"
    parts = [f"**{shown}** at ({x}, {y}): {describe(c, program.dialect)}"]
    quotes = [i for i, b in enumerate(raw) if b == 34]
    before = sum(1 for i in quotes if i < x)
    if c != 34 and before % 2 == 1:  # inside a string (read east): what it pushes
        start = max(i for i in quotes if i < x)
        end = next((i for i in quotes if i > x), len(raw))
        string = raw[start + 1:end].decode("utf-8", "surrogateescape")
        parts = [f"in the string `\"{string}\"` ({len(raw[start + 1:end])} cells pushed, the last on top)"]
    elif 48 <= c <= 57:
        lo, hi = x, x
        while lo > 0 and 48 <= raw[lo - 1] <= 57:
            lo -= 1
        while hi + 1 < len(raw) and 48 <= raw[hi + 1] <= 57:
            hi += 1
        if hi > lo:
            digits = raw[lo:hi + 1].decode()
            parts.append(f"the run `{digits}` pushes {', '.join(digits)} (one value a digit)")
    return "\n\n".join(parts)


def symbols(program: Program) -> tuple[Symbol, ...]:
    """Befunge-98's fingerprint loads written ``"EMAN"n(`` (the name backwards, as ``(`` pops it)."""
    if program.dialect != 98:
        return ()
    found = []
    for y, raw in enumerate(program.lines):
        for match in LOADS.finditer(raw):
            name = match.group(1)[::-1].decode()
            start, end = match.start(), match.end()
            span = Span(y + 1, start + 1, y + 1, end + 1)
            found.append(Symbol(name, "function", span, f"loads the fingerprint {name}"))
    return tuple(found)
