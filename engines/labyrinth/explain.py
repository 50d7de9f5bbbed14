"""What a Labyrinth maze means, for editors and the debugger: what each command does (spec
`labyrinth.md` "Commands"), which way a junction turns for each sign of the top (D2–D5), and the
notes ``check`` and the language server give: a maze with no command (G4), commands no
corridor from the start reaches (as information: the program still runs)."""

from __future__ import annotations

from ..base import Diagnostic, plural
from .machine import DX, DY, count, open_mask, turn
from .parser import COMMANDS, SHIFTS, Program

WORDS = ("north", "east", "south", "west")
ARROWS = "▲▶▼◀"  # by direction, as the board draws the IP

DOES = {
    '"': "no-op (a corridor cell that does nothing)",
    "'": "no-op (the reference's debug command; esodbg shows the state itself)",
    "@": "end the program",
    "_": "push 0",
    ")": "increment the top", "(": "decrement the top",
    "+": "pop y, pop x; push x + y", "-": "pop y, pop x; push x − y", "*": "pop y, pop x; push x × y",
    "/": "pop y, pop x; push x / y rounded down (y = 0: a runtime error)",
    "%": "pop y, pop x; push x mod y, with the sign of y (y = 0: a runtime error)",
    "`": "negate the top", "&": "pop y, pop x; push x AND y (bitwise)", "|": "pop y, pop x; push x OR y (bitwise)",
    "$": "pop y, pop x; push x XOR y (bitwise)", "~": "pop v; push NOT v (−v − 1)",
    ":": "duplicate the top of the main stack", ";": "pop the top of the main stack and drop it",
    "}": "move the top of the main stack onto the auxiliary stack",
    "{": "move the top of the auxiliary stack onto the main stack",
    "=": "swap the tops of the main and auxiliary stacks",
    "#": "push the depth of the main stack (implicit zeros not counted)",
    ",": "read a byte of input and push it (−1 at the end)",
    "?": "read an integer from the input (skipping what comes before its sign or digits) and push it (0 at the end)",
    ".": "pop v; write the byte v mod 256", "!": "pop v; write it in decimal", "\\": "write a line feed",
    "<": "pop k; rotate row y + k one cell to the left (the pointer rides along if it is on that row)",
    ">": "pop k; rotate row y + k one cell to the right (the pointer rides along if it is on that row)",
    "^": "pop k; rotate column x + k one cell up (the pointer rides along if it is on that column)",
    "v": "pop k; rotate column x + k one cell down (the pointer rides along if it is on that column)",
}


SHORT = {
    '"': "no-op", "'": "no-op", "@": "end", "_": "push 0", ")": "top + 1", "(": "top − 1", "+": "x + y", "-": "x − y",
    "*": "x × y", "/": "x / y, floored", "%": "x mod y", "`": "negate", "&": "x AND y", "|": "x OR y", "$": "x XOR y",
    "~": "NOT v", ":": "duplicate", ";": "drop", "}": "main → aux", "{": "aux → main", "=": "swap the tops",
    "#": "push the depth", ",": "read a byte", "?": "read an integer", ".": "write a byte", "!": "write a number",
    "\\": "write a line feed", "<": "rotate row y+k ◀", ">": "rotate row y+k ▶", "^": "rotate column x+k ▲",
    "v": "rotate column x+k ▼",
}


def short(ch: str) -> str:
    """What the command ``ch`` does, in a few words (the debugger's panel)."""
    return f"10·top ± {ch}" if "0" <= ch <= "9" else SHORT[ch]


def describe(ch: str) -> str:
    """What the command ``ch`` does (a digit: extends the top)."""
    if "0" <= ch <= "9":
        return f"pop v; push 10v + {ch} (10v − {ch} if v < 0): digits write numbers"
    return DOES[ch]


def turns(mask: int) -> list[tuple[int, tuple[int, int, int]]]:
    """At a cell with open neighbours ``mask``, for each direction the pointer can arrive
    heading (from an open neighbour), the directions a negative, zero and positive top send it
    (−2: random, D6)."""
    return [(d, (turn(mask, d, -1), turn(mask, d, 0), turn(mask, d, 1)))
            for d in range(4) if mask >> ((d + 2) & 3) & 1]


def way(d: int) -> str:
    return "random (D6)" if d == -2 else f"{ARROWS[d]} {WORDS[d]}"


def hover(program: Program, line: int, col: int) -> str | None:
    """What the cell at ``line``:``col`` (1-based, characters) is, as Markdown: a wall, or what
    its command does; at a junction (three or four corridors) which way each sign of the top
    turns the pointer, for each way it can come in.  ``None`` past the end of a line."""
    x, y = col - 1, line - 1
    if not (0 <= y < len(program.lines) and 0 <= x < len(program.lines[y])):
        return None
    ch = program.lines[y][x]
    if ch not in COMMANDS:
        shown = repr(ch) if not ch.isprintable() or ch == " " else f"`{ch}`"
        extra = " (only lower-case `v` is a command)" if ch == "V" else ""
        return f"**wall** at ({x}, {y}): {shown} is no command{extra}"
    text = f"**`{ch}`** at ({x}, {y}): {describe(ch)}"
    mask = open_mask(list(program.cells), program.width, program.height, x, y)
    n = count(mask)
    if n >= 3:
        rows = [f"- heading {WORDS[d]}: negative → {way(neg)}, zero → {way(zero)}, positive → {way(pos)}"
                for d, (neg, zero, pos) in turns(mask)]
        text += f"\n\n**junction**, {n} corridors (as the maze is first):\n" + "\n".join(rows)
    elif n == 0:
        text += "\n\nno corridor leads on: the pointer stays here, running it again (D1)"
    elif ch in SHIFTS:
        text += "\n\n(the maze changes under the pointer: the picture of its corridors changes too)"
    return text


def notes(program: Program) -> tuple[Diagnostic, ...]:
    """A warning for a maze with no command (G4: nothing runs), and information for each group
    of commands the start's corridors never reach — unless a reached command rotates the maze,
    which may bring them in."""
    if program.start is None:
        return (Diagnostic(program.filename, 1, 1, "the maze has no command: every character is a wall, and "
                           "the program ends at once (G4)", "warning"),)
    w, h, cells = program.width, program.height, program.cells
    seen = _flood(cells, w, h, program.start[1] * w + program.start[0])
    if any(chr(cells[i]) in SHIFTS for i in seen):
        return ()
    found = []
    for i, v in enumerate(cells):
        if v > 0 and i not in seen:
            group = _flood(cells, w, h, i)
            seen |= group
            x, y = i % w, i // w
            found.append(Diagnostic(program.filename, y + 1, x + 1,
                                    f"unreachable: no corridor from the start ({program.start[0]}, "
                                    f"{program.start[1]}) leads to {'this command' if len(group) == 1 else 'these ' + plural(len(group), 'command')}",
                                    "information", y + 1, x + 2))
    return tuple(found)


def _flood(cells: tuple[int, ...], w: int, h: int, first: int) -> set[int]:
    """The cells of the corridors joined to cell ``first`` (four neighbours, no walls)."""
    seen = {first}
    todo = [first]
    while todo:
        i = todo.pop()
        x, y = i % w, i // w
        for d in range(4):
            nx, ny = x + DX[d], y + DY[d]
            j = ny * w + nx
            if 0 <= nx < w and 0 <= ny < h and cells[j] > 0 and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen
