"""What a Tic Tac Toe Grow state looks like (spec `ttg.md` R46): the four boards drawn in the
page's ``|_|`` spirit — on-board Empty cells as ``_``, off-board coordinates blank, Space as
``⎵``, Enter as ``⏎`` — with the typing cursor (where the next character goes, R14) and the
cell the pass runs next; the settings memory2 encodes; the keystrokes as a tape; the call
stack of ``@`` frames; the saves; and the micro-step that just ran, with the cells it changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import plural
from ..view import Cell, Grid, Panel, Value, View
from .boards import Board, display
from .events import (Backspace, Call, Consume, EscapeNext, Exec, Halt, LimitReset, NewMain, NewMemory1, Out,
                     OverflowWrite, Put, RestartFrame, Return, Save, SetDirection, SetFrameCell, SetMemory, SkipNext,
                     Stopped, Swap, SwapMemory2, Undo, Update, Write)
from .machine import ACTIONS, CALL, MAIN, MEMORY1, MEMORY2, MEMORY3
from .parser import BACKSPACE

if TYPE_CHECKING:
    from .machine import TTGMachine

TITLES = {MAIN: "mainBoard", MEMORY1: "memory1", MEMORY2: "memory2", MEMORY3: "memory3"}
DIRECTIONS = {"L": "← left", "U": "↑ up", "R": "→ right", "D": "↓ down"}
PICTURE_CELLS = 36  # the biggest save drawn as a picture
SAVES_SHOWN = 20  # the newest saves listed (a program may save thousands of times)
SPECIAL = {" ": "⎵", "\n": "⏎", "\t": "⇥", BACKSPACE: "⌫"}
PHASES = {type(None): "—", Write: "write", Backspace: "Backspace", Update: "update", Exec: "pass", Return: "pass",
          LimitReset: "pass", Swap: "pass (overflow)", OverflowWrite: "pass (overflow)", SwapMemory2: "pass (overflow)",
          Stopped: "limit"}  # the phase the next micro-step belongs to (R43)


def glyph(value) -> str:
    """A value as a cell shows it: Space ⎵, Enter ⏎, other control characters as ``^X``,
    Nums in decimal, long values cut to three characters with an ellipsis."""
    if value.__class__ is str and len(value) == 1:
        if value in SPECIAL:
            return SPECIAL[value]
        if ord(value) < 32 or ord(value) == 127:
            return "^" + chr(ord(value) ^ 64)
    text = display(value).replace("\n", "⏎").replace(" ", "⎵")
    return text if len(text) <= 3 else text[:2] + "…"


def role(value) -> str:
    if value is None:
        return "empty"
    if value.__class__ is int:
        return "num"
    return "action" if value in ACTIONS else "value"


def draw(name: str, board: Board, marks: dict, changed: set) -> Grid:
    """``board`` as drawn, over its bounding box; ``marks`` gives some cells a role (the cursor,
    the cell running next), ``changed`` the cells the last micro-step changed."""
    r0, c0, rows = board.grid()
    grid = []
    for line in rows:
        drawn = []
        for cell in line:
            if cell is None:
                drawn.append(None)
                continue
            value = board.get(cell)
            drawn.append(Cell("_" if value is None else glyph(value), marks.get(cell) or role(value),
                              changed=cell in changed))
        grid.append(tuple(drawn))
    # R6: the mainBoard and memory1 grow; memory2 is always 3×3 (R22) and memory3 never changes (R4).
    return Grid(name, TITLES[name], tuple(grid), r0, c0, turns=board.turns, look="compact",
                extent="grows" if name in (MAIN, MEMORY1) else "fixed")


def describe_event(m: TTGMachine, ev) -> str:
    """One line for a micro-step (R43's vocabulary)."""
    kind = type(ev)
    if kind is Write:
        return f"write {glyph(ev.key)} at order {ev.k}, cell {at(ev.cell)}"
    if kind is Backspace:
        return f"Backspace: undo the last {ev.undoes}" if ev.undoes else "Backspace at the start: the program breaks"
    if kind is Undo:
        return f"Backspace undid the last {ev.kind}"
    if kind is Halt:
        return "Backspace at the start: output hello world, halt"
    if kind is Update:
        return f"board update: {plural(len(ev.new), 'new cell')}" if ev.new else "board update: no new cells"
    if kind is Exec:
        what = {"skip": "skip", "escape": "escaped"}.get(ev.mode, "exec")
        effects = [effect(op) for op in ev.ops]
        where = at(ev.cell) if m.frames and m.frames[-1].board is None else f"@ frame {at(ev.cell)}"
        return f"{what} {glyph(ev.value)} at {where}" + (": " + ", ".join(effects) if effects else "")
    if kind is Return:
        return "return from the @ frame"
    if kind is LimitReset:
        return "10000 actions: the mainBoard resets, the code stops"
    if kind is Swap:
        return f"memory1 is full: swap mainBoard ↔ memory1, then put {show(ev.value)}"
    if kind is OverflowWrite:
        return f"put {show(ev.value)} into memory1 {at(ev.cell)}, stop"
    if kind is SwapMemory2:
        return f"still full: swap memory1 ↔ memory2, then put {show(ev.value)}"
    if kind is Stopped:
        return f"stop: {ev.message}"
    return ""


def at(cell) -> str:
    """A cell as ``(r,c)``: event lines are long, the panel is narrow."""
    return f"({cell[0]},{cell[1]})"


def show(value) -> str:
    return "0 (nothing)" if value is None else glyph(value)


def effect(op) -> str:
    """What one op of an :class:`Exec` does, in a few words."""
    kind = type(op)
    if kind is Put:
        return f"put {show(op.value)} → memory1 {at(op.cell)}" if op.cell is not None \
            else f"put {show(op.value)}: memory1 full"
    if kind is Out:
        return f"output {glyph(op.text) if len(op.text) == 1 else repr(op.text)}"
    if kind is SetMemory:
        return f"memory1 {at(op.cell)} := {show(op.value) if op.value is not None else 'empty'}"
    if kind is SetFrameCell:
        return f"clear {at(op.cell)}"
    if kind is SetDirection:
        return f"D := {DIRECTIONS[op.d]}"
    if kind in (NewMemory1, NewMain):
        board = "memory1" if kind is NewMemory1 else "mainBoard"
        return {"clear": f"clear {board}", "rotate": f"rotate {board} clockwise"}.get(
            op.how, f"grow {board} by {plural(len(op.cells), 'cell')}")
    return {SkipNext: "skip the next command", EscapeNext: "escape the next command", Consume: "take the next square",
            RestartFrame: "restart the frame", Save: "save memory1", Call: "call"}[kind]


def changed_cells(m: TTGMachine, ev) -> dict[str, set]:
    """The cells the last micro-step changed or added, by board."""
    out = {MAIN: set(), MEMORY1: set(), MEMORY2: set()}
    kind = type(ev)
    if kind is Write:
        out[MAIN].add(ev.cell)
    elif kind is OverflowWrite:
        out[MEMORY1].add(ev.cell)
    elif kind is Update:
        out[MAIN].update(ev.new)
    elif kind in (Swap, LimitReset, Undo):
        out[MAIN].update(m.main.shape.reading())
        if kind is not LimitReset:
            out[MEMORY1].update(m.m1.shape.reading())
    elif kind is SwapMemory2:
        out[MEMORY1].update(m.m1.shape.reading())
        out[MEMORY2].update(m.m2.shape.reading())
    elif kind is Exec:
        for op in ev.ops:
            kind = type(op)
            if kind is Put and op.cell is not None or kind is SetMemory:
                out[MEMORY1].add(op.cell)
            elif kind is SetFrameCell and m.frames and m.frames[-1].board is None:
                out[MAIN].add(op.cell)
            elif kind in (NewMemory1, NewMain):
                board = out[MEMORY1 if kind is NewMemory1 else MAIN]
                board.update(op.cells if op.how == "grow" else (m.m1 if kind is NewMemory1 else m.main).shape.reading())
    return out


def picture(board: Board) -> str:
    """A board as drawn, on one line with rows separated by ``/`` (the saves list); a board too
    big to read that way (a memory1 that ``g`` grew) by its size."""
    if board.shape.size > PICTURE_CELLS:
        return f"{plural(board.shape.size, 'cell', ',')}, {plural(len(board.values), 'value', ',')}"
    return "/".join("".join("_" if board.get(cell) is None else glyph(board.get(cell))[0]
                            for cell in line if cell is not None) for line in board.grid()[2])


def view(m: TTGMachine, last=None) -> View:
    """The presentation model of ``m``'s state."""
    ev = m.next
    changed = changed_cells(m, m.event)
    cursor = m.main.typing_cell(m.D, m.k if m.k <= m.main.shape.size else 1)  # R14: where the next character goes
    marks_main = {cursor: "typing"}
    here = m.location()
    if type(ev) is Exec and m.frames and m.frames[-1].board is None:
        marks_main[ev.cell] = "ip"
    marks_m1 = {ev.cell: "ip"} if type(ev) is OverflowWrite else {}
    boards = (draw(MAIN, m.main, marks_main, changed[MAIN]), draw(MEMORY1, m.m1, marks_m1, changed[MEMORY1]),
              draw(MEMORY2, m.m2, {}, changed[MEMORY2]), draw(MEMORY3, m.m3, {}, set()))
    maindir, memdir, turn, s = m.settings()
    n = len(m.keys)
    cur = m.keystroke()
    phase = PHASES[type(ev)]
    frame = m.frames[-1] if m.frames else None
    registers = (
        Value("keystroke", f"{cur + 1} of {n}" if cur >= 0 else f"0 of {n}",
              note=glyph(m.keys[cur]) if 0 <= cur < n else ""),
        Value("phase", phase, current=True),
        Value("D (typing)", DIRECTIONS[m.D], changed=type(m.event) in (Swap, SwapMemory2) or
              type(m.event) is Exec and any(type(op) is SetDirection for op in m.event.ops)),
        Value("k (next index)", str(m.k), note=f"cursor {cursor}"),
        Value("pass", {"full": "full (r)", "c": "c-only", None: "none"}[m.pass_kind],
              note=plural(m.actions, "action", ",") if m.pass_kind else ""),
        Value("pending", ("skip ×%d" % frame.skip if frame and frame.skip else "") +
              (" escape" if frame and frame.escape else "") or "—"),
        Value("Backspace depth", str(m.depth)),
    )
    settings = (
        Value("typing dir", DIRECTIONS[maindir], note="cells 1-2"),
        Value("memory dir", DIRECTIONS[memdir], note="cells 3-4"),
        Value("turn", "right" if turn else "left", note="cell 5"),
        Value("start", str(s) if 1 <= s <= 9 else f"{s} → 1", note="cells 6-9"),
    )
    frames = [Value("main", "mainBoard", current=len(m.frames) == 1)] if m.frames else []
    for depth, f in enumerate(m.frames[1:], 1):
        target = "memory1 copy" if f.chain == -1 else f"save {f.chain}"
        frames.append(Value(f"@ {depth}", target, current=depth == len(m.frames) - 1, note=str(f.cell or "")))
    frames = frames or [Value("", "no pass running")]
    count = len(m.saves)
    saves = [Value(f"save {i}", picture(m.saves[i])) for i in range(max(0, count - SAVES_SHOWN), count)]
    if count > SAVES_SHOWN:
        saves.insert(0, Value("saves", f"{count:,}", note=f"the last {SAVES_SHOWN} below"))
    saves = saves or [Value("saves", "none")]
    upcoming = describe_event(m, ev)
    step = (Value("last", describe_event(m, m.event) or "—", changed=True),
            Value("next", upcoming or "— (the end)", current=True))
    return View(
        boards=boards,
        panels=(Panel("registers", "Keystroke", registers),
                Panel("event", "Micro-step", step),
                Panel("settings", "Settings (memory2)", settings),
                Panel("frames", "Frames (@ calls) · saves (s)", (*frames, *saves), grow=True)),
        location=here if here.board != CALL else None,
        span=m.program.spans[cur] if 0 <= cur < n else None,
        next=upcoming,
    )
