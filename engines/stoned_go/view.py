"""What a Stoned-Go state looks like (spec `stoned-go.md` D2, D5): the board around the stones
and the cursor, the registers, the call stack and the last step; the source with every command's
span.

The board is drawn as a Go board (look ``points``): the bounding box of the stones and the
cursor with :data:`MARGIN` empty points around, at most :data:`WINDOW` wide and high (centred on
the cursor when the box is bigger: stones may be 2**63 apart), x labelled along the top and y
down the side.  Cell roles: ``stone-black`` ``●``, ``stone-white`` ``○``, ``empty`` ``┼``, and
``captured`` ``×`` for a stone the last step captured — shown being removed, for that one
frame.  The cursor is the view's location (the board draws it in brackets); the stone the last
step placed is marked changed; the caption gives the cursor and its direction flag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ..base import CellRef, Span, StepRecord, read_pair
from ..language import CallFrame
from ..view import Cell, Code, Grid, Panel, Value, View
from .board import ROW, pack, unpack
from .machine import BOARD, C_ENTRIES, C_POINT, COLOURS, F_BLOCK, F_COLOUR, F_DEPTH, F_ENV, F_KIND, F_POINT, SUB, TOP

if TYPE_CHECKING:
    from .machine import StonedGoMachine
    from .parser import Program

WINDOW = 61  # most columns and rows drawn
MARGIN = 2  # empty points drawn around the stones and the cursor
GLYPHS = {0: "●", 1: "○"}
FLAGS = {"horizontal": "↔", "vertical": "↕"}
GROUP_SHOWN = 10_000  # stones of the group at the cursor counted at most
KIND_NAMES = {TOP: "top level", 1: "trigger", SUB: "subprogram"}
_codes: WeakKeyDictionary = WeakKeyDictionary()  # machine -> its program's Code, built once


def code(program: Program) -> Code:
    """The source as the code board: each command's span and label (a command's index is its
    place in ``program.commands``), all marked ``code``."""
    commands = program.commands
    steps = tuple((c.span, c.text) for c in commands)
    # Every mark is ``code``: sort the spans bare, each once (macros repeat their bodies'), from
    # first-seen order, which is mostly source order already (a sort of runs, not of a shuffle).
    spans = dict.fromkeys(c.span for c in commands)
    spans.update(dict.fromkeys(c.close for c in commands if c.close is not None))
    return Code(steps, tuple((span, "code") for span in sorted(spans)))


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


def cell_name(at: CellRef) -> str:
    """A point as the spec writes it (S3): ``(x, y)``; a :class:`CellRef`'s row is y."""
    return _point((at.col, at.row))


def read_cell(text: str, board: str) -> CellRef:
    """The point ``X,Y`` (or ``(x, y)``) of ``board``; ``ValueError`` otherwise."""
    pair = read_pair(text)
    if pair is None:
        raise ValueError(f"{text.strip()!r} is not a point: write X,Y (x grows to the right, y downwards), e.g. 3,0")
    return CellRef(board, pair[1], pair[0])


def board(machine: StonedGoMachine, changed: set[int]) -> Grid:
    """The board: the bounding box of stones and cursor, widened by :data:`MARGIN` and cut to
    :data:`WINDOW`; the stones the last step captured, shown being removed."""
    points = [unpack(k) for k in machine.board] + [(machine.x, machine.y)]
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1 = _window(min(xs) - MARGIN, max(xs) + MARGIN, machine.x)
    y0, y1 = _window(min(ys) - MARGIN, max(ys) + MARGIN, machine.y)
    stones = machine.board
    just_captured = {key for key, kind in machine.touch if kind == "capture"}
    rows = []
    for y in range(y0, y1 + 1):
        row = []
        for x in range(x0, x1 + 1):
            key = pack(x, y)
            stone = stones.get(key)
            glyph = GLYPHS[stone[0]] if stone is not None else "×" if key in just_captured else "┼"
            role = f"stone-{COLOURS[stone[0]]}" if stone is not None else "captured" if key in just_captured else "empty"
            row.append(Cell(glyph, role, changed=key in changed and stone is not None))
        rows.append(tuple(row))
    axes = (tuple(str(x) for x in range(x0, x1 + 1)), tuple(str(y) for y in range(y0, y1 + 1)))
    caption = f"cursor ({machine.x}, {machine.y}) {FLAGS[machine.flag]}"
    return Grid(BOARD, "Board", tuple(rows), row0=y0, col0=x0, look="points", axes=axes, caption=caption,
                extent="window")  # an infinite board (S4)


def _group(machine: StonedGoMachine, x: int, y: int) -> Panel:
    """The group of the stone at ``(x, y)`` and its liberties (C2's "no liberty" is what
    captures it), counted up to :data:`GROUP_SHOWN` stones."""
    return Panel("group", f"Group at {_point((x, y))}", _group_values(machine, pack(x, y)))


def inspect(machine: StonedGoMachine, at: CellRef) -> Panel:
    """The group under the board cursor (issue 14: liberties on demand)."""
    return _group(machine, at.col, at.row)


def _group_values(machine: StonedGoMachine, start: int) -> tuple[Value, ...]:
    stone = machine.board.get(start)
    if stone is None:
        return (Value("—", "no stone here"),)
    group, liberties, todo = {start}, set(), [start]
    while todo and len(group) < GROUP_SHOWN:
        p = todo.pop()
        for n in (p - ROW, p - 1, p + 1, p + ROW):
            other = machine.board.get(n)
            if other is None:
                liberties.add(n)
            elif other[0] == stone[0] and n not in group:
                group.add(n)
                todo.append(n)
    shown = ", ".join(_point(unpack(k)) for k in sorted(liberties)[:6]) + (" …" if len(liberties) > 6 else "")
    return (Value("colour", f"{GLYPHS[stone[0]]} {COLOURS[stone[0]]}"),
            Value("stones", f"{len(group):,}" + ("+" if todo else "")),
            Value("liberties", f"{len(liberties):,}", note=shown))


def _stack(machine: StonedGoMachine) -> tuple[Value, ...]:
    rows = []
    for kind, item, extra in machine.frames():
        if kind == "capture":
            left = len(item[C_ENTRIES]) - extra
            if left:
                rows.append(Value("  pending", f"{left} more trigger{'s' if left > 1 else ''}",
                                  note=f"capture by {_point(unpack(item[C_POINT]))}"))
            continue
        name, text, note, at = _frame(machine, item, extra)
        rows.append(Value(name, text, current=not rows, note=note, span=at))
    return tuple(rows) or (Value("—", "no frame"),)


def _frame(machine: StonedGoMachine, frame: tuple, pc: int) -> tuple[str, str, str, Span | None]:
    """A running or waiting frame (T5): its name, the command it goes on with, a note (depth,
    block) and the source where it goes on."""
    command = machine._cmd[pc]
    name = KIND_NAMES[frame[F_KIND]] + (f" #{frame[F_ENV]}" if frame[F_KIND] == SUB else "")
    if frame[F_KIND] != TOP:
        name += f" {GLYPHS[frame[F_COLOUR]]} {_point(unpack(frame[F_POINT]))}"
    block = machine.block_command(frame[F_BLOCK]) if frame[F_KIND] != TOP else None
    note = f"block at {block.span.line}:{block.span.col}" if block else ""
    at = command.span if command else block.close if block else None  # where the frame goes on
    return name, command.text if command else "(end of block)", f"depth {frame[F_DEPTH]}" + \
        (f" · {note}" if note else ""), at


def frames(machine: StonedGoMachine) -> list[CallFrame]:
    """The trigger and subprogram frames (T5), innermost first, each named with the command it
    goes on with: what a debugger's call stack shows."""
    return [CallFrame(f"{name}: {text}", at) for kind, item, extra in machine.frames() if kind == "frame"
            for name, text, _, at in (_frame(machine, item, extra),)]


def _recent(machine: StonedGoMachine, recent: tuple[StepRecord, ...]) -> tuple[Value, ...]:
    """The latest steps, newest first: each step's command, then its D5 events (move, flip,
    place, capture, trigger start and end, loop pass, halt…) as ``--trace`` gives them."""
    if not recent:
        return (Value("—", "no step yet"),)
    rows = []
    for record in reversed(recent):
        command = machine._cmd[record.before.registers[3]]  # registers: x, y, h, pc, …
        rows.append(Value(f"step {record.step:,}", command.text, current=not rows,
                          note=f"line {command.span.line}" if command else ""))
        for event in record.events:
            details = ", ".join(f"{k} {_describe(v)}" for k, v in event.items() if k != "event")
            rows.append(Value("  " + event["event"].replace("_", " "), details))
    return tuple(rows)


def _describe(value) -> str:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return _point(value)
    if isinstance(value, list):
        return " ".join(_describe(v) for v in value)
    return str(value)


def view(machine: StonedGoMachine, last: StepRecord | None, recent: tuple[StepRecord, ...] = ()) -> View:
    """The presentation model of ``machine``'s state; ``last`` is the step that led to it,
    ``recent`` the latest steps (oldest first, ``last`` among them)."""
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
    also: tuple[Span, ...] = ()
    if command is not None:
        span = command.span
        via = " via " + " -> ".join(f"<{c.name}> at {c.span.line}:{c.span.col}" for c in command.via) if command.via else ""
        next_text = f"{command.text} at {_point((machine.x, machine.y))}{via}"
        also = (command.via[0].span,) if command.via else ()  # D2: the outermost call site, too
    panels = [Panel("registers", "Registers", registers),
              Panel("stack", "Call stack (innermost first)", _stack(machine), grow=True, listing=True)]
    # D2: the macro calls that made the next command (the panel is there in every state: a
    # view's panels stay the same from step to step).
    via = tuple(Value(f"<{c.name}>", f"line {c.span.line}:{c.span.col}") for c in command.via) if command else ()
    panels.append(Panel("via", "Made by macros (outermost first)", via or (Value("—", "not made by a macro"),)))
    panels += [Panel("events", "Recent steps: their events (D5)", _recent(machine, recent)),
               _group(machine, machine.x, machine.y)]
    return View(
        boards=(board(machine, changed),),
        panels=tuple(panels),
        location=at,
        span=span,
        code=_code(machine),
        next=next_text,
        also=also,
    )
