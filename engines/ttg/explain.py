"""What a Tic Tac Toe Grow program's text means, for an editor (spec `ttg.md`): each character is
a keystroke (R1), typed onto the mainBoard (R14); what it does when a pass runs the board is
its action (R23–R37)."""

from __future__ import annotations

import bisect

from .parser import BACKSPACE, ENTER, SIGMA, Program

# R23–R37: what each action does when the pass runs its cell.
ACTIONS = {
    "r": "the run marker: while an `r` is on the mainBoard, every keystroke runs the board (R15, R23); run, it does nothing",
    "o": "outputs memory1: every number in it if its first value is a number, else every character (R24)",
    "t": "takes the next square and puts its value into memory1, without running it (R25)",
    "c": "turns the mainBoard a quarter turn clockwise (R27)",
    "u": "updates the mainBoard now: it grows around its written cells (R26)",
    "+": "memory1's cell 3 := cell 1 + cell 2 (strings join; R28)",
    "-": "memory1's cell 3 := cell 1 − cell 2 (R28)",
    "*": "memory1's cell 3 := cell 1 × cell 2 (R28)",
    "/": "memory1's cell 3 := cell 1 ÷ cell 2, truncated; by 0 it is 42 (R28)",
    "%": "memory1's cell 3 := cell 1 mod cell 2; mod 0 is mod 42 (R28)",
    "?": "if the next square holds a value: clears it, puts the value into memory1 and runs this frame again (R29)",
    "^": "the typing direction becomes up (R30)", "v": "the typing direction becomes down (R30)",
    "<": "the typing direction becomes left (R30)", ">": "the typing direction becomes right (R30)",
    "|": "the typing direction turns round (R30)",
    "g": "updates memory1 now, and the code goes on after the `g` (R31)",
    "d": "empties memory1 (R32)", "p": "outputs memory1's first value and empties its cell (R32)",
    "s": "saves memory1: the next `@` calls it (R32)",
    "@": "calls the last save (inside a call: the save before it; with none, memory1's code) (R32)",
    "!": "skips the next command (R33)", "#": "puts the next character into memory1 instead of running it (R36)",
    SIGMA: "outputs the sum of memory1's numbers, then its characters (R35)",
    ENTER: "Enter: if the typing direction is down, it becomes left (R30)",
}


def key(char: str) -> str:
    """What the keystroke ``char`` does."""
    if char == BACKSPACE:
        return "Backspace: undoes the last write, run or board update; with nothing to undo, it outputs " \
               "`hello world` and the program halts (R17)"
    typed = "typed onto the mainBoard at the typing position (R14)"
    if char == " ":
        return f"Space: {typed}; an empty value that takes room but never makes the board grow (R34); run, it " \
               "puts a space into memory1"
    if char in ACTIONS:
        return f"{typed}; when the pass runs it, {ACTIONS[char]}"
    if char.isdigit():
        return f"{typed}: the number {char} (R5); run, it puts {char} into memory1 (R37)"
    return f"{typed}; run, it puts `{char}` into memory1 (R37)"


def hover(program: Program, line: int, col: int) -> str | None:
    """The keystroke at ``line``:``col`` (1-based, characters): which one it is, and what it does."""
    spans = program.spans
    i = bisect.bisect_right(spans, (line, col, 1 << 62, 0)) - 1  # the last keystroke starting at or before it
    if i < 0 or not (spans[i].line, spans[i].col) <= (line, col) < (spans[i].end_line, spans[i].end_col):
        return None
    char = program.keys[i]
    shown = {ENTER: "Enter", BACKSPACE: "Backspace", " ": "Space"}.get(char, char)
    meaning = key(char)
    return f"**keystroke {i + 1:,} of {len(program.keys):,}: `{shown}`**\n\n{meaning[0].upper()}{meaning[1:]}."
