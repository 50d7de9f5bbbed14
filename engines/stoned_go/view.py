"""What a Stoned-Go state looks like (spec `stoned-go.md` D2, D5): the board around the stones
and the cursor, the registers, the call stack and the last step; the source with every command's
span.

The board shows the bounding box of the stones and the cursor, at most :data:`WINDOW` wide and
high (centred on the cursor when the box is bigger: stones may be 2**63 apart).  Cell roles:
``stone-black``, ``stone-white``, ``empty``, and ``cursor`` for the cursor's point (its glyph is
the stone there, if any).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ..base import CellRef, Span, StepRecord
from ..view import Cell, Code, Grid, Panel, Value, View
from .board import unpack
from .machine import BOARD, C_ENTRIES, C_POINT, COLOURS, F_BLOCK, F_COLOUR, F_DEPTH, F_ENV, F_KIND, F_POINT, SUB, TOP

if TYPE_CHECKING:
    from .machine import StonedGoMachine
    from .parser import Program

WINDOW = 61  # most columns and rows drawn
GLYPHS = {0: "●", 1: "○"}
KIND_NAMES = {TOP: "top level", 1: "trigger", SUB: "subprogram"}
_codes: WeakKeyDictionary = WeakKeyDictionary()  # machine -> its program's Code, built once


def code(program: Program) -> Code:
    """The source as the code board: each command's span and label (a command's index is its
    place in ``program.commands``), all marked ``code``."""
    steps = tuple((c.span, c.text) for c in program.commands)
    marks = [(c.span, "code") for c in program.commands]
    marks += [(c.close, "code") for c in program.commands if c.close is not None and c.close != c.span]
    return Code(steps, tuple(sorted(set(marks))))


def _code(machine: StonedGoMachine) -> Code:
    if machine not in _codes:
        _codes[machine] = code(machine.program)
    return _codes[machine]


def _window(lo: int, hi: int, centre: int) -> tuple[int, int]:
    """``[lo, hi]`` cut to at most WINDOW around ``centre``."""
    if hi - lo < WINDOW:
        return lo, hi
    start = min(max(lo, centre - WINDOW // 2), hi - WINDOW + 1)
    return start, start + WINDOW - 1


def _point(p: tuple[int, int]) -> str:
    return f"({p[0]}, {p[1]})"


def board(machine: StonedGoMachine, changed: set[int]) -> Grid:
    """The board panel: the bounding box of stones and cursor (cut to :data:`WINDOW`)."""
    points = [unpack(k) for k in machine.board] + [(machine.x, machine.y)]
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1 = _window(min(xs), max(xs), machine.x)
    y0, y1 = _window(min(ys), max(ys), machine.y)
    stones = machine.board
    row_key = 1 << 65
    rows = []
    for y in range(y0, y1 + 1):
        row = []
        for x in range(x0, x1 + 1):
            key = y * row_key + x
            stone = stones.get(key)
            glyph = GLYPHS[stone[0]] if stone is not None else "·"
            role = "cursor" if (x, y) == (machine.x, machine.y) else (
                f"stone-{COLOURS[stone[0]]}" if stone is not None else "empty")
            row.append(Cell(glyph, role, changed=key in changed))
        rows.append(tuple(row))
    return Grid(BOARD, "Board", tuple(rows), row0=y0, col0=x0, compact=True)


def _stack(machine: StonedGoMachine) -> tuple[Value, ...]:
    rows = []
    for kind, item, extra in machine.frames():
        if kind == "capture":
            left = len(item[C_ENTRIES]) - extra
            if left:
                rows.append(Value("  pending", f"{left} more trigger{'s' if left > 1 else ''}",
                                  note=f"capture by {_point(unpack(item[C_POINT]))}"))
            continue
        frame, pc = item, extra
        command = machine._cmd[pc]
        name = KIND_NAMES[frame[F_KIND]]
        if frame[F_KIND] == TOP:
            where = ""
        else:
            where = f" {GLYPHS[frame[F_COLOUR]]} {_point(unpack(frame[F_POINT]))}"
            if frame[F_KIND] == SUB:
                name += f" #{frame[F_ENV]}"
        label = machine.block_command(frame[F_BLOCK]).span if frame[F_KIND] != TOP else None
        note = f"block at {label.line}:{label.col}" if label else ""
        rows.append(Value(f"{name}{where}", command.text if command else "—", current=not rows,
                          note=f"depth {frame[F_DEPTH]}" + (f" · {note}" if note else "")))
    return tuple(rows) or (Value("—", "no frame"),)


def _last_step(machine: StonedGoMachine, last: StepRecord | None) -> tuple[Value, ...]:
    """The step that led here: its command and what it touched (D5, D6)."""
    if last is None:
        return (Value("—", "no step yet"),)
    pc = last.before.registers[3]  # registers: x, y, h, pc, …
    command = machine._cmd[pc]
    rows = [Value(f"step {last.step}", command.text if command else "?",
                  note=f"line {command.span.line}" if command else "")]
    for key, kind in machine.touch:
        rows.append(Value(kind, _point(unpack(key))))
    if last.stop is not None:
        rows.append(Value("stop", last.stop.value))
    return tuple(rows)


def view(machine: StonedGoMachine, last: StepRecord | None) -> View:
    """The presentation model of ``machine``'s state; ``last`` is the step that led to it."""
    changed = {c.key for c in last.changes} if last is not None else set()
    before = last.before.registers if last is not None else None
    command = machine.command()
    registers = (
        Value("cursor", _point((machine.x, machine.y)), before is not None and before[:2] != (machine.x, machine.y)),
        Value("flag", machine.flag, before is not None and before[2] != machine.h),
        Value("depth", str(machine.depth)),
        Value("step", f"{machine.steps:,}"),
        Value("stones", f"{len(machine.board):,}"),
    )
    at = CellRef(BOARD, machine.y, machine.x)
    next_text = ""
    span: Span | None = None
    if command is not None:
        span = command.span
        via = " via " + " -> ".join(f"<{c.name}> at {c.span.line}:{c.span.col}" for c in command.via) if command.via else ""
        next_text = f"{command.text} at {_point((machine.x, machine.y))}{via}"
    return View(
        boards=(board(machine, changed),),
        panels=(Panel("registers", "Registers", registers),
                Panel("stack", "Call stack (innermost first)", _stack(machine), grow=True),
                Panel("last", "Last step", _last_step(machine, last))),
        location=at,
        span=span,
        code=_code(machine),
        next=next_text,
    )
