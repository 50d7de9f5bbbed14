"""What editors show of a Hexagony program (``esodbg lsp``): hover on a command (what it does,
and where its cell is on the hexagon), and the program laid out as the hexagon (a code action)."""

from __future__ import annotations

import bisect

from .commands import SET, decode
from .parser import Program

WHAT = {
    ".": "no-op",
    "@": "halt: the program ends (T2)",
    ")": "increment: edge + 1 (A1)",
    "(": "decrement: edge − 1 (A1)",
    "~": "negate: edge := −edge (A1)",
    "+": "add: edge := left + right (A2)",
    "-": "subtract: edge := left − right (A2)",
    "*": "multiply: edge := left × right (A2)",
    ":": "divide: edge := ⌊left / right⌋, rounding toward −∞; right = 0 is a runtime error (A3, R1)",
    "%": "modulo: edge := left − right·⌊left / right⌋ (the sign of right); right = 0 is a runtime error (A3, R1)",
    ",": "read a byte: edge := the byte (0–255), or −1 at the end of input (I2)",
    "?": "read an integer: skip to a sign or digit, read the digits; edge := the number, 0 if none (I3)",
    ";": "write a byte: edge mod 256 (I4)",
    "!": "write the edge in decimal (I4)",
    "$": "skip: jump over the next cell (W4)",
    "/": "mirror /: E→NW, SE→W, SW→SW, W→SE, NW→E, NE→NE (C1)",
    "\\": "mirror \\: E→SW, SE→SE, SW→E, W→NE, NW→NW, NE→W (C1)",
    "_": "mirror _: E→E, SE→NE, SW→NW, W→W, NW→SW, NE→SE (C1)",
    "|": "mirror |: E→W, SE→SW, SW→SE, W→E, NW→NE, NE→NW (C1)",
    "<": "branch <: coming from the west (going E) turn SE if the edge > 0, else NE; "
         "SE→NW, SW→W, W→E, NW→W, NE→SW (C1)",
    ">": "branch >: coming from the east (going W) turn NW if the edge > 0, else SW; "
         "E→W, SE→E, SW→NE, NW→SE, NE→E (C1)",
    "[": "previous IP: the IP before this one runs next (C3)",
    "]": "next IP: the IP after this one runs next (C3)",
    "#": "choose IP: IP (edge mod 6) runs next (C3)",
    "{": "MP to its left neighbour (M3)",
    "}": "MP to its right neighbour (M3)",
    "=": "reverse the MP: left and right swap (M3)",
    '"': "MP back and to the left: = } = (M3)",
    "'": "MP back and to the right: = { = (M3)",
    "^": "MP to the right neighbour if the edge > 0, else to the left (M3)",
    "&": "copy: edge := right if the edge > 0, else left (M3)",
}


def what(c: str) -> str:
    """What the command ``c`` does, in a line."""
    if c in WHAT:
        return WHAT[c]
    if "0" <= c <= "9":
        return f"digit {c}: edge := 10·edge + {c} (10·edge − {c} if the edge is negative) (A4)"
    op, code = decode(c)
    assert op == SET
    return f"set: edge := {code}, the code point of {_named(c)} (A4)"


def _named(c: str) -> str:
    return f"'{c}'" if c.isprintable() and not c.isspace() else f"U+{ord(c):04X}"


def _cell(program: Program, line: int, col: int) -> int | None:
    """The index of the cell whose character is written at ``line``:``col``, or ``None``."""
    spans = program.spans
    k = bisect.bisect_left(spans, (line, col), 0, program.code, key=lambda span: (span.line, span.col))
    return k if k < program.code and spans[k][:2] == (line, col) else None


def hover(program: Program, line: int, col: int) -> str | None:
    """What the command at ``line``:``col`` does and where its cell is (``(row, col)`` and
    axial ``(q, r)``); a backtick's debug mark; ``None`` on whitespace."""
    k = _cell(program, line, col)
    if k is None:
        text = program.source.split("\n")[line - 1] if 0 < line <= program.source.count("\n") + 1 else ""
        if 0 < col <= len(text) and text[col - 1] == "`":
            return ("**`` ` ``** debug mark: the next command's cell gets a breakpoint when the debugger opens the "
                    "program (the reference's `-d` prints the state there); it changes nothing else (S3, D3)")
        return None
    c = program.cells[k]
    geo = program.hexagon
    row, column = geo.place(k)
    q, r = geo.axial(row, column)
    mark = "  \n*debug-marked: a breakpoint when the debugger opens it*" if k in program.marks else ""
    shown = f"`{c}`" if c != "`" and c.isprintable() and not c.isspace() else _named(c)
    return f"**{shown}** {what(c)}  \ncell ({row}, {column}) · axial (q, r) = ({q}, {r}) · side {program.size}{mark}"


def layout(program: Program) -> tuple[str, str]:
    """The program laid out as its hexagon (the reference's ``-g`` picture, with the code in
    it): a title for the editor's action and the new text.  It reads back as the same program."""
    text = program.hexagon.text(list(program.cells), frozenset(program.marks))
    return f"Lay out as a hexagon (side {program.size})", text + "\n"

