"""What a Tic Tac Toe Grow state looks like (spec `ttg.md` R46): the four boards drawn in the
page's ``|_|`` spirit — on-board Empty cells as ``_``, off-board coordinates blank, Space as
``⎵``, Enter as ``⏎`` — with the typing cursor (where the next character goes, R14) and the
cell the pass runs next; the settings memory2 encodes; the keystrokes as a tape; the call
stack of ``@`` frames; the saves; and the micro-step that just ran, with the cells it changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..view import Cell, Grid, Panel, Value, View
from .boards import Board, display
from .machine import ACTIONS, CALL, MAIN, MEMORY1, MEMORY2, MEMORY3
from .parser import BACKSPACE, SIGMA

if TYPE_CHECKING:
    from .machine import TTGMachine

TITLES = {MAIN: "mainBoard", MEMORY1: "memory1", MEMORY2: "memory2", MEMORY3: "memory3"}
DIRECTIONS = {"L": "← left", "U": "↑ up", "R": "→ right", "D": "↓ down"}
PICTURE_CELLS = 36  # the biggest save drawn as a picture
SAVES_SHOWN = 20  # the newest saves listed (a program may save thousands of times)
SPECIAL = {" ": "⎵", "\n": "⏎", "\t": "⇥", BACKSPACE: "⌫"}


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
    return Grid(name, TITLES[name], tuple(grid), r0, c0, turns=board.turns, compact=True)


def describe_event(m: TTGMachine, ev: tuple | None) -> str:
    """One line for a micro-step (R43's vocabulary)."""
    if ev is None:
        return ""
    kind = ev[0]
    if kind == "write":
        return f"write {glyph(ev[2])} at order {ev[3]}, cell {at(ev[1])}"
    if kind == "backspace":
        return f"Backspace: undo the last {ev[1]}" if ev[1] else "Backspace at the start: the program breaks"
    if kind == "undo":
        return f"Backspace undid the last {ev[1]}"
    if kind == "halt":
        return "Backspace at the start: output hello world, halt"
    if kind == "update":
        return f"board update: {len(ev[2])} new cells" if ev[2] else "board update: no new cells"
    if kind == "exec":
        _, cell, value, mode, ops, _ = ev
        what = {"skip": "skip", "escape": "escaped"}.get(mode, "exec")
        effects = [effect(op) for op in ops]
        where = at(cell) if m.frames and m.frames[-1][0] is None else f"@ frame {at(cell)}"
        return f"{what} {glyph(value)} at {where}" + (": " + ", ".join(effects) if effects else "")
    if kind == "return":
        return "return from the @ frame"
    if kind == "limit":
        return "10000 actions: the mainBoard resets, the code stops"
    if kind == "swap":
        return f"memory1 is full: swap mainBoard ↔ memory1, then put {show(ev[1])}"
    if kind == "owrite":
        return f"put {show(ev[1])} into memory1 {at(ev[2])}, stop"
    if kind == "swap2":
        return f"still full: swap memory1 ↔ memory2, then put {show(ev[1])}"
    if kind == "fault":
        return f"stop: {ev[1]}"
    return kind


def at(cell) -> str:
    """A cell as ``(r,c)``: event lines are long, the panel is narrow."""
    return f"({cell[0]},{cell[1]})"


def show(value) -> str:
    return "0 (nothing)" if value is None else glyph(value)


def effect(op: tuple) -> str:
    name = op[0]
    if name == "put":
        return f"put {show(op[1])} → memory1 {at(op[2])}" if op[2] is not None \
            else f"put {show(op[1])}: memory1 full"
    if name == "out":
        return f"output {glyph(op[1]) if len(op[1]) == 1 else repr(op[1])}"
    if name == "mset":
        return f"memory1 {at(op[1])} := {show(op[2]) if op[2] is not None else 'empty'}"
    if name == "fset":
        return f"clear {at(op[1])}"
    if name == "dir":
        return f"D := {DIRECTIONS[op[1]]}"
    if name in ("m1", "main"):
        board = "memory1" if name == "m1" else "mainBoard"
        return {"clear": f"clear {board}", "rotate": f"rotate {board} clockwise"}.get(
            op[2], f"grow {board} by {len(op[3])} cells")
    return {"skip": "skip the next command", "escape": "escape the next command", "consume": "take the next square",
            "restart": "restart the frame", "save": "save memory1", "call": "call"}[name]


def changed_cells(m: TTGMachine, ev: tuple | None) -> dict[str, set]:
    """The cells the last micro-step changed or added, by board."""
    out = {MAIN: set(), MEMORY1: set(), MEMORY2: set()}
    if ev is None:
        return out
    kind = ev[0]
    if kind == "write":
        out[MAIN].add(ev[1])
    elif kind == "owrite":
        out[MEMORY1].add(ev[2])
    elif kind == "update":
        out[MAIN].update(ev[2])
    elif kind in ("swap", "limit", "undo"):
        out[MAIN].update(m.main.shape.reading())
        if kind != "limit":
            out[MEMORY1].update(m.m1.shape.reading())
    elif kind == "swap2":
        out[MEMORY1].update(m.m1.shape.reading())
        out[MEMORY2].update(m.m2.shape.reading())
    elif kind == "exec":
        for op in ev[4]:
            if op[0] == "put" and op[2] is not None or op[0] == "mset":
                out[MEMORY1].add(op[2] if op[0] == "put" else op[1])
            elif op[0] == "fset" and m.frames and m.frames[-1][0] is None:
                out[MAIN].add(op[1])
            elif op[0] in ("m1", "main"):
                board = out[MEMORY1 if op[0] == "m1" else MAIN]
                board.update(op[3] if op[2] == "grow" else (m.m1 if op[0] == "m1" else m.main).shape.reading())
    return out


def picture(board: Board) -> str:
    """A board as drawn, on one line with rows separated by ``/`` (the saves list); a board too
    big to read that way (a memory1 that ``g`` grew) by its size."""
    if board.shape.size > PICTURE_CELLS:
        return f"{board.shape.size:,} cells, {len(board.values):,} values"
    return "/".join("".join("_" if board.get(cell) is None else glyph(board.get(cell))[0]
                            for cell in line if cell is not None) for line in board.grid()[2])


def view(m: TTGMachine, last=None) -> View:
    """The presentation model of ``m``'s state."""
    ev = m.next
    changed = changed_cells(m, m.event)
    cursor = m.main.typing_cell(m.D, m.k if m.k <= m.main.shape.size else 1)  # R14: where the next character goes
    marks_main = {cursor: "typing"}
    here = m.location()
    if ev is not None and ev[0] == "exec" and m.frames and m.frames[-1][0] is None:
        marks_main[ev[1]] = "ip"
    marks_m1 = {ev[2]: "ip"} if ev is not None and ev[0] == "owrite" else {}
    boards = (draw(MAIN, m.main, marks_main, changed[MAIN]), draw(MEMORY1, m.m1, marks_m1, changed[MEMORY1]),
              draw(MEMORY2, m.m2, {}, changed[MEMORY2]), draw(MEMORY3, m.m3, {}, set()))
    maindir, memdir, turn, s = m.settings()
    n = len(m.keys)
    starting = ev is not None and ev[0] in ("write", "backspace")
    cur = m.key_index if starting else m.key_index - 1  # the keystroke about to start or under way
    phase = {None: "—", "write": "write", "backspace": "Backspace", "update": "update", "exec": "pass",
             "return": "pass", "limit": "pass", "swap": "pass (overflow)", "owrite": "pass (overflow)",
             "swap2": "pass (overflow)", "fault": "limit"}[ev[0] if ev else None]
    frame = m.frames[-1] if m.frames else None
    registers = (
        Value("keystroke", f"{cur + 1} of {n}" if cur >= 0 else f"0 of {n}",
              note=glyph(m.keys[cur]) if 0 <= cur < n else ""),
        Value("phase", phase, current=True),
        Value("D (typing)", DIRECTIONS[m.D], changed=bool(m.event and (m.event[0] in ("swap", "swap2") or m.event[0] == "exec" and any(op[0] == "dir" for op in m.event[4])))),
        Value("k (next index)", str(m.k), note=f"cursor {cursor}"),
        Value("pass", {"full": "full (r)", "c": "c-only", None: "none"}[m.pass_kind],
              note=f"{m.actions:,} actions" if m.pass_kind else ""),
        Value("pending", ("skip ×%d" % frame[2] if frame and frame[2] else "") + (" escape" if frame and frame[3] else "") or "—"),
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
        target = "memory1 copy" if f[4] == -1 else f"save {f[4]}"
        frames.append(Value(f"@ {depth}", target, current=depth == len(m.frames) - 1, note=str(f[1] or "")))
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
