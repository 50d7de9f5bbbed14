"""What a Brainfuck program's text means, for editors (``esodbg lsp``): hover on a command says
what it does (spec `brainfuck.md` rules 8–12) — for a run of ``+``/``-`` or ``<``/``>`` what the
whole run adds or moves, for a bracket where its match is and, for a loop the fast loop folds,
what it amounts to — and the loops are the document's symbols, nested as written."""

from __future__ import annotations

import re

from ..base import Span
from ..language import Symbol
from .ops import counted
from .parser import Program

_BRACKETS = re.compile(rb"[\[\]\n]")

EFFECTS = {
    "+": "adds 1 to the current cell (wrapping, or an error with `--overflow error`)",
    "-": "subtracts 1 from the current cell (wrapping, or an error with `--overflow error`)",
    ">": "moves the data pointer one cell right (the tape grows; past `--tape-length`: an error)",
    "<": "moves the data pointer one cell left (left of cell 0: an error)",
    "[": "if the current cell is 0, jumps past its matching `]`",
    "]": "if the current cell is not 0, jumps back to just after its matching `[`",
    ".": "writes the current cell as one byte (its value mod 256)",
    ",": "reads one byte of input into the current cell (at the end of input: `--eof`)",
}


def _where(program: Program, i: int) -> str:
    span = program.span(i)
    return f"line {span.line}, column {span.col} (command {i + 1})"


def _run(code: bytes, i: int, members: bytes) -> tuple[int, int]:
    """The run of commands from ``members`` around command ``i``: its first and end index."""
    lo = hi = i
    while lo > 0 and code[lo - 1] in members:
        lo -= 1
    while hi < len(code) and code[hi] in members:
        hi += 1
    return lo, hi


def _loop(program: Program, o: int) -> str:
    """What the loop opened at ``o`` amounts to, when the fast loop folds it."""
    code, c = program.code, program.match[o]
    body = code[o + 1:c]
    if body in (b"-", b"+"):
        return f"\n\n`[{body.decode()}]` sets the cell to 0 (one pass a {'decrement' if body == b'-' else 'increment'})"
    if body and (set(body) == {62} or set(body) == {60}):
        way = "right" if body[0] == 62 else "left"
        return f"\n\n`[{body.decode()}]` finds the nearest cell holding 0, {len(body)} cell{'s' * (len(body) > 1)} " \
               f"at a time to the {way}"
    if counted(code, o, c):
        pos, adds = 0, {}
        for b in body:
            pos += {62: 1, 60: -1}.get(b, 0)
            if b in b"+-" and pos:
                adds[pos] = adds.get(pos, 0) + (1 if b == 43 else -1)
        moves = [f"cell {offset:+d} gets {'+' if k > 0 else '−'}{abs(k) if abs(k) != 1 else ''}v"
                 for offset, k in adds.items() if k]
        return f"\n\na counted loop: with v in the cell, {', '.join(moves) or 'no other cell changes'}; " \
               f"then the cell is 0 ({len(body)} commands a pass: 1 + v·{len(body) + 1} steps)"
    return ""


def hover(program: Program, line: int, col: int) -> str | None:
    """The command at ``line``:``col`` (1-based, characters) and what it does, as Markdown."""
    i = program.at(line, col)
    if i < 0:
        return None
    code = program.code
    ch = chr(code[i])
    parts = [f"**`{ch}`** {EFFECTS[ch]}"]
    if ch in "+-":
        lo, hi = _run(code, i, b"+-")
        if hi - lo > 1:
            net = sum(1 if b == 43 else -1 for b in code[lo:hi])
            parts.append(f"the run `{code[lo:hi].decode()}` adds {net} ({hi - lo} steps)")
    elif ch in "<>":
        lo, hi = _run(code, i, b"<>")
        if hi - lo > 1:
            net = sum(1 if b == 62 else -1 for b in code[lo:hi])
            parts.append(f"the run `{code[lo:hi].decode()}` moves the pointer {net:+d} ({hi - lo} steps)")
    elif ch in "[]":
        j = program.match[i]
        o = min(i, j)
        parts.append(f"its match: `{chr(code[j])}` at {_where(program, j)}{_loop(program, o)}")
    return "\n\n".join(parts)


def _bracket_spans(program: Program) -> dict[int, Span]:
    """Where each bracket is written, by its command index: one pass over the text (the k-th
    bracket of the text is the k-th of the code)."""
    code, data = program.code, program.data
    indices = [i for i, c in enumerate(code) if c == 91 or c == 93]
    out: dict[int, Span] = {}
    line, line_start, k = 1, 0, 0
    for found in _BRACKETS.finditer(data):
        at = found.start()
        if data[at] == 10:
            line, line_start = line + 1, at + 1
            continue
        prefix = data[line_start:at]
        col = (len(prefix) if prefix.isascii() else len(prefix.decode("utf-8", "surrogateescape"))) + 1
        out[indices[k]] = Span(line, col, line, col + 1)
        k += 1
    return out


def symbols(program: Program) -> tuple[Symbol, ...]:
    """Every loop, from its ``[`` to its ``]``, with the loops inside it as children."""
    code, match = program.code, program.match
    spans = _bracket_spans(program)  # read once: one span at a time counts the lines before it again
    stack: list[list] = [[]]
    for i, c in enumerate(code):
        if c == 91:
            stack.append([])
        elif c == 93:
            children = stack.pop()
            o = match[i]
            start, end = spans[o], spans[i]
            name = f"[{code[o + 1:i].decode()}]" if i - o <= 24 else f"[{code[o + 1:o + 11].decode()}…{code[i - 10:i].decode()}]"
            stack[-1].append(Symbol(name, "block", Span(start.line, start.col, end.line, end.col + 1),
                                    f"{i - o - 1} commands, {len(children)} loop{'s' * (len(children) != 1)} inside",
                                    start, tuple(children)))
    return tuple(stack[0])
