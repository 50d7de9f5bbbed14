"""What a Brainfuck state looks like (spec `brainfuck.md`, "What the debugger shows").

The tape is a board of one row: a window of :data:`WINDOW` cells around the data pointer, each a
tile with its value in decimal over its character, its index along the top; the pointer's cell is
highlighted (and kept in view as the board scrolls), the cells the last step changed are marked,
cells the pointer has not reached yet are dimmed.  Tiles widen for 16-bit, 32-bit and unbounded
cells.  The code is the source: every command is code, comments are dimmed, the next command is
highlighted and, at a bracket, its match.  Panels: the registers (pointer, cell, the next command,
loop depth, steps, input bytes read) and the loop stack (the ``[`` of every loop around the next command, innermost first).
"""

from __future__ import annotations

from ..base import CodeRef, StepRecord
from ..view import Cell, Code, Grid, Panel, Value, View
from .machine import BOARD, BrainfuckMachine
from .parser import Program


WINDOW = 64  # tape cells drawn: the board scrolls to keep the pointer's in view
BEFORE = 16  # of them, at most this many left of the pointer
WIDTHS = {8: 3, 16: 5, 32: 10}  # columns a value takes in a tile, by cell size
WIDEST = 12  # columns an unbounded cell's value takes at most (longer values end in …)
ESCAPES = {9: "\\t", 10: "\\n", 13: "\\r", 32: "␣"}
LOOPS_SHOWN = 30  # rows of the loop stack


def char(value: int) -> str:
    """How a cell reads as a character (its value mod 256 is what ``.`` writes): the printable
    ASCII character, an escape for tab, line feed and carriage return, ``␣`` for a space,
    nothing for any other value."""
    b = value & 255
    if 32 < b < 127:
        return chr(b)
    return ESCAPES.get(b, "")


def _shown(value: int, width: int) -> str:
    text = str(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def code(program: Program) -> Code:
    """The static part: every command's span (its label, the command) and marks: commands are
    code, brackets are ``loop``; the rest of the text is comments.  Made once per program."""
    if _code[0] is program:
        return _code[1]
    spans = program.spans
    steps = tuple((span, chr(c)) for span, c in zip(spans, program.code))
    marks = tuple((span, "loop" if c in b"[]" else "code") for span, c in zip(spans, program.code))
    _code[:] = [program, Code(steps, marks)]
    return _code[1]


_code: list = [None, None]  # the program code() was last asked for, and its Code


def tape_grid(machine: BrainfuckMachine, changed: set[int]) -> Grid:
    """The tape board: :data:`WINDOW` cells from at most :data:`BEFORE` left of the pointer."""
    tape, ptr, edge = machine.tape, machine.ptr, machine.edge
    start = max(0, ptr - BEFORE)
    end = min(edge, start + WINDOW)
    bits = machine.program.options.bits
    if bits:
        width = WIDTHS[bits]
    else:
        width = min(WIDEST, max([3] + [len(str(tape[i])) for i in range(start, min(end, len(tape)))]))
    cells = []
    for i in range(start, end):
        if i < len(tape):
            v = tape[i]
            role = "ptr" if i == ptr else "cell" if v else "zero"
            cells.append(Cell(_shown(v, width), role, char(v), i in changed))
        else:
            cells.append(Cell("0", "unvisited", ""))
    grid_caption = f"{len(tape):,} cell{'s' * (len(tape) != 1)} reached" + \
        (f" of {edge:,}" if machine.program.options.tape_length else "")
    return Grid(BOARD, "Tape", (tuple(cells),), col0=start, look="tiles", axes=(
        tuple(str(i) for i in range(start, end)), ("",)), caption=grid_caption, extent="window", width=width,
        focus=(0, ptr))


def loop_stack(machine: BrainfuckMachine) -> tuple[Value, ...]:
    """The ``[`` of every loop around the next command, innermost first: where it is written and
    its command number; at a ``[``, the loop it opens comes first, marked next."""
    program, pc = machine.program, machine.pc
    if pc >= len(program.code):
        return (Value("—", "the program ended"),)
    rows = []
    if program.code[pc] == 91:
        rows.append(_loop_row(program, pc, "next", False))
    o = program.parents[pc]
    while o >= 0 and len(rows) < LOOPS_SHOWN:
        rows.append(_loop_row(program, o, str(program.depths[o] + 1), not rows))
        o = program.parents[o]
    if not rows:
        return (Value("—", "not in a loop"),)
    return tuple(rows)


def _loop_row(program: Program, o: int, what: str, current: bool) -> Value:
    start, end = program.span(o), program.span(program.match[o])
    return Value(what, f"[ {start.line}:{start.col} … ] {end.line}:{end.col}", current=current,
                 note=f"code:{o + 1}", span=start)


def view(machine: BrainfuckMachine, last: StepRecord | None) -> View:
    """The presentation model of ``machine``'s state; ``last`` is the step that led to it."""
    program, tape, ptr, pc = machine.program, machine.tape, machine.ptr, machine.pc
    changed = {change.key for change in last.changes if change.store == "tape"} if last else set()
    before = last.before.registers[0] if last else ptr
    ended = pc >= len(program.code)
    value = tape[ptr]
    command = "" if ended else chr(program.code[pc])
    read = len(machine.input.text[:machine.in_pos].encode("utf-8", "surrogateescape")) + machine.in_byte
    registers = (
        Value("ptr", str(ptr), before != ptr, True),
        Value("cell", str(value), ptr in changed, note=f"'{char(value)}'" if char(value) else ""),
        Value("next", f"{command} (code:{pc + 1})" if command else "— the program ended"),
        Value("depth", str(program.depths[pc])),
        Value("steps", f"{machine.steps:,}"),
        Value("input", f"{read:,} byte{'s' * (read != 1)} read", bool(last and last.input_used)),
    )
    also = ()
    if command in ("[", "]"):
        also = (program.span(program.match[pc]),)
    return View(
        boards=(tape_grid(machine, changed),),
        panels=(Panel("registers", "Registers", registers), Panel("loops", "Loop stack (innermost first)",
                                                                  loop_stack(machine), listing=True)),
        location=None if ended else CodeRef(pc),
        span=None if ended else program.span(pc),
        code=code(program),
        also=also,
    )
