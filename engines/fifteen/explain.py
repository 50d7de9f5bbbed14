"""What a 15 program's text means, for an editor's hover (spec `fifteen.md`, rules 7–15): the
command a cell of the command block runs, and a piece of the puzzle."""

from __future__ import annotations

from .parser import Program, _block, _cells

DIRECTIONS = {"^": "up", "v": "down", "<": "left", ">": "right"}
SLIDES = {"^": "the piece above slides down", "v": "the piece below slides up", "<": "the piece on its left slides right",
          ">": "the piece on its right slides left"}
# Rule 13: what the second character does after the move ("the piece": the one that just moved).
OPERATIONS = {
    "?": "read input into the accumulator (a number, else a character's code; rule 15)",
    "!": "write the accumulator as a decimal number and a newline",
    "X": "write the character whose code is the accumulator",
    "0": "set the accumulator to 0",
    "+": "add the piece's memory to the accumulator: `acc += mem[piece]`",
    "-": "subtract the piece's memory from the accumulator: `acc -= mem[piece]`",
    "*": "multiply the accumulator by the piece's memory: `acc *= mem[piece]`",
    "/": "divide the accumulator by the piece's memory, rounding down: `acc //= mem[piece]`",
    "@": "load the piece's memory: `acc = mem[piece]`",
    "=": "store the accumulator in the piece's memory: `mem[piece] = acc`",
    "~": "swap the accumulator and the piece's memory",
}


def command(text: str) -> str:
    """What the command ``text`` (0–2 characters) does, in a sentence or two."""
    if not text or text[0] not in DIRECTIONS:
        return (f"`{text}` is not a move: when the empty square arrives here the program stops with an error "
                "(rule 10)." if text else "An empty command: when the empty square arrives here the program stops "
                "with an error (rule 10).")
    move, op = text[0], text[1:]
    first = f"The empty square moves {DIRECTIONS[move]} ({SLIDES[move]})"
    if op == move:
        return f"Slide {DIRECTIONS[move]} to the edge: the empty square moves {DIRECTIONS[move]} until it cannot " \
               "(rule 12)."
    if op in DIRECTIONS:
        return f"If the accumulator is not 0, the empty square moves {DIRECTIONS[move]}; if it is 0, " \
               f"{DIRECTIONS[op]} (rule 12)."
    if op in OPERATIONS:
        edge = " At the edge the move fails: the memory operations are skipped, the rest still happens, and " \
               "the same command runs again (rule 13)." if op in "+-*/@=~" else ""
        return f"{first}, then {OPERATIONS[op]} (rule 13).{edge}"
    return f"{first}; then nothing: `{op}` is no operation (rule 13)." if op else f"{first} (rule 11)."


def hover(program: Program, line: int, col: int) -> str | None:
    """The command of the cell at ``line``:``col`` of the command block, or the piece of the
    puzzle written there (1-based, characters)."""
    for r, row in enumerate(program.spans):
        if row and row[0].line == line:
            for c, span in enumerate(row):
                if span.col <= col < max(span.end_col, span.col + 1):
                    text = program.commands[r][c]
                    return f"**`{text}`** · cell ({r}, {c})\n\n{command(text)}"
            return None
    lines = program.source.split("\n")
    first, end = _block(lines, 0)
    if first <= line - 1 < end:
        for c, (body, start, stop) in enumerate(_cells(lines[line - 1])):
            if start <= col < max(stop, start + 1):
                r = line - 1 - first
                label = program.puzzle[r][c]
                if label == 0:
                    return f"**the empty square** · ({r}, {c})\n\nThe instruction pointer: each step runs the " \
                           "command written under it, in the command block (rules 7, 9)."
                return f"**piece {label}** · ({r}, {c})\n\nIts memory starts at {label} and travels with it " \
                       "(rule 8)."
    return None
