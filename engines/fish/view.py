"""What a ><> state looks like (spec `fish.md`, "What the debugger shows"): the codebox as the code
board — rows drawn padded to the widest row, the cells past a row's extent dimmed (they are not
in the row for wrapping), the instruction pointer on its cell with its direction, in string
mode or with a skip pending in a colour of its own, the cells ``p`` changed marked, values that
are no printable character written as numbers — the registers, and the stack of stacks.

A board cell is two columns: the character, then the pointer's arrow.  A value that is no
character one column wide is drawn as its number when that fits the two columns (−9…99), else as
``¤``; the inspector (the board cursor on a cell) gives every cell's value.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from ..base import CellRef, StepRecord, plural
from ..view import Cell, Grid, Panel, Value, View, quote
from .explain import describe
from .machine import BOARD, FishMachine, instruction
from .numbers import show

ARROWS = {(1, 0): "▶", (-1, 0): "◀", (0, -1): "▲", (0, 1): "▼"}
WINDOW = (200, 100)  # at most this many columns and rows of the codebox are drawn, around the pointer
SHOWN = 200  # values of the current stack the panel lists (the top ones)
# A number cell's role suffix by the parity of its column: two numbers side by side get grounds of
# two shades, so that 16 beside 25 does not read 1625.
NUMBER = ("-number", "-number-alt")


def char(v: object) -> str:
    """The character a value is, if it is drawn as one: printable and one column wide."""
    if not isinstance(v, int) or not 32 < v <= 0x10FFFF or 0xD800 <= v <= 0xDFFF:
        return ""
    ch = chr(v)
    if not ch.isprintable() or unicodedata.combining(ch) or unicodedata.east_asian_width(ch) in "WF":
        return ""
    return ch


@lru_cache(maxsize=4096)
def glyph(v: object) -> tuple[str, str, bool]:
    """How a cell's value is drawn: ``(glyph, second column, is a number)``: its character;
    ``·`` for 0 (a space); a value that is no drawable character as its number over the two
    columns if it fits (−9…99), else ``¤``."""
    if v == 0:
        return "·", "", False
    ch = char(v)
    if ch:
        return ch, "", False
    digits = show(v)
    if len(digits) <= 2:
        return digits[0], digits[1:], True
    return "¤", "", True


def direction(dx: int, dy: int) -> str:
    return ARROWS.get((dx, dy), f"({dx},{dy})")


def _changed(last: StepRecord | None) -> set:
    """The cells the last step wrote, as ``(store, key)`` (:meth:`.Codebox.key`)."""
    if last is None:
        return set()
    return {(change.store, change.key) for change in last.changes if change.store in ("grid", "far")}


def bounds(m: FishMachine) -> tuple[int, int, int, int]:
    """``(x0, y0, x1, y1)``: the codebox drawn — every row to ``H`` and every column to the
    widest row's extent, the pointer, and cells written at negative coordinates — cut to
    :data:`WINDOW` around the pointer."""
    box = m.box
    x0 = min([0] + [x for (x, y) in box.far if x < 0])
    y0 = min([0] + [y for (x, y) in box.far if y < 0])
    x1 = max(max(box.extents.values(), default=0), m.x)
    y1 = max(box.top, m.y, 0)
    if x1 - x0 + 1 > WINDOW[0]:
        x0 = max(x0, m.x - WINDOW[0] // 2)
        x1 = x0 + WINDOW[0] - 1
    if y1 - y0 + 1 > WINDOW[1]:
        y0 = max(y0, m.y - WINDOW[1] // 2)
        y1 = y0 + WINDOW[1] - 1
    return x0, y0, x1, y1


def board(m: FishMachine, last: StepRecord | None) -> Grid:
    box, program = m.box, m.program
    changed = _changed(last)
    x0, y0, x1, y1 = bounds(m)
    ip_role = "ip-skip" if m.skip else "ip-string" if m.smode else "ip"
    rows = []
    for y in range(y0, y1 + 1):
        extent = box.extent(y) if 0 <= y <= box.top else -1
        row = []
        for x in range(x0, x1 + 1):
            v = box.get(x, y)
            g, sub, is_number = glyph(v)
            was = box.key(x, y) in changed
            if (x, y) == (m.x, m.y):
                role, sub = ip_role, direction(m.dx, m.dy)
            elif v != program.value(x, y):
                role = "written" + NUMBER[x % 2] if is_number else "written"
            elif not 0 <= x <= extent:
                role = "outside"
            elif is_number:
                role = NUMBER[x % 2][1:]
            else:
                role = "blank" if v == 0 else "code"
            row.append(Cell(g, role, sub, was))
        rows.append(tuple(row))
    flags = [f"string mode {chr(m.smode)}" if m.smode else "", "skip pending" if m.skip else ""]
    caption = " · ".join(f for f in flags if f) or plural(box.top + 1, "row")
    return Grid(BOARD, "Codebox", tuple(rows), row0=y0, col0=x0, look="chars", extent="grows",
                axes=(tuple(str(x) for x in range(x0, x1 + 1)), tuple(str(y) for y in range(y0, y1 + 1))),
                caption=caption)


def _value(name: str, v: object, changed: bool = False, current: bool = False) -> Value:
    if v is None:
        return Value(name, "(empty)", changed, current)
    ch = char(v)
    return Value(name, show(v), changed, current, f"'{ch}'" if ch else "")


def registers(m: FishMachine, last: StepRecord | None) -> Panel:
    c = m.cmd()
    before = last.before.registers if last is not None else None
    if c < 0:
        what = "past the last code point"
    elif m.smode:
        what = "ends the string" if c == m.smode else f"pushes {c}"
    else:
        what = describe(chr(c))
    v = m.box.get(m.x, m.y)
    ch = char(v)
    flags = f"string {chr(m.smode)}" if m.smode else "skip pending" if m.skip else "normal"
    values = (
        Value("ip", f"({m.x}, {m.y})", last is not None),
        Value("dir", f"{direction(m.dx, m.dy)} ({m.dx}, {m.dy})", before is not None and before[2:4] != (m.dx, m.dy)),
        Value("cmd", f"'{ch}' {show(v)}" if ch else show(v), note=("skipped" if m.skip else what)),
        Value("mode", flags, before is not None and before[4:6] != (m.smode, m.skip), current=flags != "normal"),
        _value("register", m.regs[-1], before is not None and before[8][-1:] != m.regs[-1:]),
        Value("depth", plural(len(m.regs), "stack")),
        Value("extent", f"R({m.y}) = {m.box.extent(m.y)}", note=f"H = {m.box.top}"),
    )
    return Panel("registers", "Registers", values)


def stacks(m: FishMachine, last: StepRecord | None) -> Panel:
    """The current stack, top first, each value named as the data location ``stack[N]`` (0 the
    bottom), with its character; then each stack below, a line each (the next one first), its
    values bottom first and its register."""
    base = m.base
    current = m.stack[base:]
    changed = {change.key - base for change in last.changes if change.store == "stack"} if last is not None else set()
    rows = [_value(f"[{i}]", current[i], i in changed) for i in range(len(current) - 1, max(-1, len(current) - 1 - SHOWN), -1)]
    if len(current) > SHOWN:
        rows.append(Value("…", f"{len(current) - SHOWN} more below"))
    if not current:
        rows.append(Value("(empty)", "a pop is an error"))
    starts = (0, *m.bases)
    ends = (*m.bases, len(m.stack))
    for level in range(len(m.bases) - 1, -1, -1):
        values = m.stack[starts[level]:ends[level]]
        shown = " ".join(show(v) for v in values[-20:])
        register = m.regs[level]
        rows.append(Value(f"stack {level + 1}", ("… " if len(values) > 20 else "") + (shown or "(empty)"),
                          note="register " + ("empty" if register is None else show(register))))
    depth = len(m.regs)
    title = "Stack (top first)" if depth == 1 else f"Stack {depth} (top first), {depth - 1} below"
    return Panel("stack", title, tuple(rows), grow=True)


def view(m: FishMachine, last: StepRecord | None) -> View:
    """The presentation model of ``m``'s state; ``last`` is the step that led to it."""
    c = m.cmd()
    shown = chr(c) if c > 0 else "?"
    nxt = f"skip {quote(shown)}" if m.skip else f"push {quote(shown)}" if m.smode and c != m.smode \
        else f"{quote(shown)} ends the string" if m.smode else quote(shown)
    return View(boards=(board(m, last),), panels=(registers(m, last), stacks(m, last)), location=m.location(),
                span=m.program.span(m.x, m.y), next=nxt)


def inspect(m: FishMachine, at: CellRef) -> Panel | None:
    """The cell under the board cursor: its value, the character it runs as, whether it is in its
    row (rule 8), and what the source had there."""
    if at.board != BOARD:
        return None
    x, y = at.col, at.row
    v = m.box.get(x, y)
    c = instruction(v)
    extent = m.box.extent(y) if 0 <= y <= m.box.top else -1
    values = (
        _value("value", v),
        Value("runs as", "no instruction" if c < 0 else "a space" if c == 32 else repr(chr(c)),
              note="" if c < 0 else describe(chr(c))),
        Value("in its row", "yes" if 0 <= x <= extent else "no", note=f"R({y}) = {extent}"),
        _value("source had", m.program.value(x, y)),
    )
    return Panel("registers", f"Cell ({x}, {y})", values)
