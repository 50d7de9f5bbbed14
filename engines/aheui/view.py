"""What an Aheui state looks like (spec `aheui.md`, "What the debugger shows").

The board in the ``wide`` look: every cell two terminal columns (a syllable fills them, a narrow
comment is padded, a control or zero-width character is a dim placeholder), then one column for
the cursor's arrow or the cell's vowel arrow.  Commands are coloured by group, comments dimmed,
positions past the end of a short row left blank (``None``: no cell).  The cursor's cell shows
its direction and speed (→ or ⇉); the cell the next step will move to (after wraps and jumps) is
marked, and the cell the last step ran on.

The panels: the cursor (position, momentum, the syllable decomposed, what the next step will do,
what the last step did: reflections, reversals, wraps) and the 28 storages, the selected one
marked, the non-empty ones with their values next-first, the empty ones on one line.
"""

from __future__ import annotations

import unicodedata

from ..base import StepRecord
from ..view import Cell, Grid, Panel, Value, View
from .explain import ARROWS, KINDS, describe, needs, storage_name
from .machine import BOARD, PIPE, QUEUE, AheuiMachine
from .parser import COMMENT, split

WINDOW = (120, 80)  # at most this many columns and rows of a big board are drawn, around the cursor
DIRS = ("right", "down", "left", "up")
MOVE_ARROWS = (("→", "↓", "←", "↑"), ("⇉", "⇊", "⇇", "⇈"))
GROUPS = {**dict.fromkeys("ㄱㄲㅇㅉㅋ", "nop"), **dict.fromkeys("ㄴㄷㄸㄹㅌㅈ", "calc"),
          **dict.fromkeys("ㅁㅂㅃㅍ", "io"), **dict.fromkeys("ㅅㅆ", "store"), **dict.fromkeys("ㅊㅎ", "control")}
SHOWN = 40  # values of a storage listed at most


def glyph(ch: str) -> str:
    """What a cell's character is drawn as: itself if it is printable with a width, else a dim
    placeholder (a tab, CR, BOM, a combining mark): ``·``."""
    if ch.isprintable() and unicodedata.category(ch) not in ("Mn", "Me", "Cf") and ch != " ":
        return ch
    return " " if ch == " " else "·"


def next_move(m: AheuiMachine) -> tuple[int, int, int, int, list[str]]:
    """Where the next step leaves the cursor — ``(x, y, d, s)`` — and what it will do on the way
    (``reflect``, ``reverse``, ``wrap``), without running it."""
    c = m.cells[m.starts[m.y] + m.x]
    d, s, said = m.d, m.s, []
    if c != COMMENT:
        v = (c >> 5) & 31
        if 1 <= v <= 8:
            d, s = (v - 1) & 3, 1 if v <= 4 else 2
        elif v == 11 or (v == 9 and d & 1) or (v == 10 and not d & 1):
            said.append(f"reflect {MOVE_ARROWS[s - 1][d]}→{MOVE_ARROWS[s - 1][(d + 2) & 3]}")
            d = (d + 2) & 3
        cmd = c >> 10
        n = (0, 0, 2, 2, 2, 2, 1, 0, 1, 0, 1, 0, 2, 0, 1, 0, 2, 2, 0)[cmd]
        held = m.size(m.sel)
        if held < n:
            said.append(f"reverse: needs {n}, {storage_name(m.sel)} holds {held}")
            d = (d + 2) & 3
        elif cmd == 14 and m.peek(m.sel, 0) == 0:
            said.append("ㅊ on 0: reverse")
            d = (d + 2) & 3
    x, y = m.x, m.y
    i = m.starts[y] + x
    if d == 0:
        x = x + s if x + s < m.lengths[y] else 0
        if x == 0 and m.x + s >= m.lengths[y]:
            said.append(f"wrap to x=0")
    elif d == 2:
        x = x - s if x - s >= 0 else m.lengths[y] - 1
        if m.x - s < 0:
            said.append(f"wrap to x={x}")
    else:
        ny = m.vmoves[4 * i + (d - 1) + (s - 1)]
        if (ny <= y) if d == 1 else (ny >= y):
            said.append(f"wrap to y={ny}")
        elif abs(ny - y) != s:
            said.append(f"jump to y={ny}")
        y = ny
    return x, y, d, s, said


def _storages(m: AheuiMachine, last: StepRecord | None) -> Panel:
    changed: set[str] = set()
    if last is not None:
        for c in last.changes:
            changed.add("ㅇ" if c.store == "q" else storage_name(int(c.store[1:])))
    rows = []
    empty = []
    for i in range(28):
        name = storage_name(i)
        label = "∅" if i == 0 else name
        kind = KINDS.get(i, "stack")
        n = m.size(i)
        if n == 0 and i != m.sel and i != PIPE:
            empty.append(label)
            continue
        vals = m.values(i)
        shown = " ".join(str(v) for v in vals[:SHOWN]) + (f" … ({n - SHOWN:,} more)" if n > SHOWN else "")
        ends = "front→back" if i == QUEUE else "top→"
        note = f"{kind} · {n}" + (f" · ㅃ pushes {m.last}" if i == PIPE else "")
        rows.append(Value(("▶" if i == m.sel else " ") + label, f"{ends} {shown}" if n else "(empty)",
                          name in changed, i == m.sel, note))
    if empty:
        rows.append(Value("empty", " ".join(empty)))
    return Panel("storages", "Storages (▶ selected)", tuple(rows), grow=True)


def _cursor(m: AheuiMachine, last: StepRecord | None) -> Panel:
    if m.program.start is None:
        return Panel("cursor", "Cursor", (Value("board", "no cell: nothing runs (B5)"),))
    ch = m.program.lines[m.y][m.x]
    rows = [Value("at", f"({m.x}, {m.y}) {MOVE_ARROWS[m.s - 1][m.d]} {DIRS[m.d]} {m.s}", last is not None),
            Value("cell", describe(ch), current=True)]
    parts = split(ch)
    if parts is not None:
        n = needs(ch)
        if n:
            held = m.size(m.sel)
            rows.append(Value("needs", f"{n} value{'s' if n > 1 else ''}, {storage_name(m.sel)} holds {held}"
                              + (" → reverses" if held < n else "")))
    x, y, d, s, said = next_move(m)
    rows.append(Value("next", f"({x}, {y}) {MOVE_ARROWS[s - 1][d]}" + (f" · {'; '.join(said)}" if said else "")))
    if last is not None and last.stop is None:
        x0, y0, d0, s0 = last.before.registers[:4]
        events = []
        regs = m.registers()
        names = ("reflect", "reverse", "wrap", "select", "output", "input")
        for k, word in enumerate(names):
            if regs[12 + k] > last.before.registers[12 + k]:
                events.append(word)
        rows.append(Value("last", f"({x0}, {y0}) {m.program.lines[y0][x0]}" +
                          (f" · {', '.join(events)}" if events else ""), bool(events)))
    rows.append(Value("selected", ("∅" if m.sel == 0 else storage_name(m.sel)) + f" ({KINDS.get(m.sel, 'stack')})"))
    return Panel("cursor", "Cursor", tuple(rows))


def view(m: AheuiMachine, last: StepRecord | None) -> View:
    """The presentation model of ``m``'s state; ``last`` is the step that led to it."""
    p = m.program
    h, w = p.height, p.width
    here = (m.x, m.y) if p.start is not None else None
    ahead = next_move(m)[:2] if here is not None and m.status.value == "ready" else None
    before = (last.at.col, last.at.row) if last is not None else None
    x0, x1, y0, y1 = 0, max(w, 1), 0, h
    if w > WINDOW[0]:
        x0 = max(0, min(m.x - WINDOW[0] // 2, w - WINDOW[0]))
        x1 = x0 + WINDOW[0]
    if h > WINDOW[1]:
        y0 = max(0, min(m.y - WINDOW[1] // 2, h - WINDOW[1]))
        y1 = y0 + WINDOW[1]
    rows = []
    for y in range(y0, y1):
        line = p.lines[y]
        row: list[Cell | None] = []
        for x in range(x0, x1):
            if x >= len(line):
                row.append(None)
                continue
            ch = line[x]
            parts = split(ch)
            if parts is None:
                role, sub = "comment", ""
            else:
                role, sub = GROUPS[parts[0]], ARROWS.get(parts[1], "")
            if (x, y) == here:
                role, sub = "cursor", MOVE_ARROWS[m.s - 1][m.d]
            elif (x, y) == ahead:
                role = "next"
            elif (x, y) == before:
                role = "path"
            row.append(Cell(glyph(ch), role, sub))
        rows.append(tuple(row))
    xs = tuple(str(x) for x in range(x0, x1))
    ys = tuple(str(y) for y in range(y0, y1))
    board = Grid(BOARD, "Board", tuple(rows), row0=y0, col0=x0, look="wide", axes=(xs, ys),
                 caption=f"{w}×{h} · {MOVE_ARROWS[m.s - 1][m.d]} {DIRS[m.d]} {m.s}")
    nxt = describe(p.lines[m.y][m.x]) if here is not None else ""
    return View(boards=(board,), panels=(_cursor(m, last), _storages(m, last)), location=m.location(),
                span=p.span(m.x, m.y) if here is not None else None, next=nxt)
