"""What a Labyrinth state looks like (spec `labyrinth.md`, "What the debugger shows").

The maze as it is now, two columns a cell: walls filled in (a wall's own character dimmed on
it), commands on the corridors, junctions marked with the shape of the corridors that meet there
(``├ ┤ ┬ ┴ ┼``), the pointer with its direction's arrow.  The step that rotated a row or column
draws that row or column moving: each of its cells followed by the arrow of the rotation, and the
cell that wrapped round shown a second time, faded, in the margin it left by — the row drawn
displaced by one cell — with the row's label and the caption saying which way it went.  The
board keeps a margin of one cell around the maze for that (off the maze: no cells there).

The panels: the pointer (where, which way, the command under it, and how the last step chose its
way: "3 neighbours, top −4 → left"), and the two stacks side by side, top first, as the reference
prints them, with the implicit zeros below them noted.
"""

from __future__ import annotations

from ..base import MISSING, StepRecord
from ..view import Cell, Grid, Panel, Value, View, arrow, quote
from .explain import ARROWS, WORDS, short
from .machine import BOARD, DX, DY, LabyrinthMachine, count, open_mask, turn
from .parser import SHIFTS, char

WINDOW = (160, 80)  # at most this many columns and rows of a big maze are drawn, around the pointer
SHAPES = {0b0111: "├", 0b1101: "┤", 0b1110: "┬", 0b1011: "┴", 0b1111: "┼"}  # bits: N E S W
ROTATIONS = {"<": ("row", "◀", "left"), ">": ("row", "▶", "right"), "^": ("column", "▲", "up"),
             "v": ("column", "▼", "down")}
STACK_ROWS = 200  # rows of the stacks listed at most


class Shift:
    """The rotation the last step made: ``kind`` (``row``/``column``), its ``index``, the command,
    and whether the pointer rode along (X2)."""

    __slots__ = ("kind", "index", "cmd", "rode")

    def __init__(self, kind: str, index: int, cmd: str, rode: bool) -> None:
        self.kind, self.index, self.cmd, self.rode = kind, index, cmd, rode

    def moved(self, m: LabyrinthMachine) -> set[tuple[int, int]]:
        """The cells (x, y) it moved."""
        if self.kind == "row":
            return {(x, self.index) for x in range(m.width)}
        return {(self.index, y) for y in range(m.height)}

    def ghost(self, m: LabyrinthMachine) -> tuple[tuple[int, int], tuple[int, int]]:
        """Where the cell that wrapped round is drawn again (in the margin it left by), and where it is now."""
        w, h, i = m.width, m.height, self.index
        return {"<": ((-1, i), (w - 1, i)), ">": ((w, i), (0, i)), "^": ((i, -1), (i, h - 1)),
                "v": ((i, h), (i, 0))}[self.cmd]

    def describe(self, short: bool = False) -> str:
        """``row 2 ◀ rotated left, the IP rode along``; ``short``: without ``rotated left``."""
        _, mark, way = ROTATIONS[self.cmd]
        return f"{self.kind} {self.index} {mark}" + ("" if short else f" rotated {way}") + \
            ((", the IP rode along" if not short else ", IP rode along") if self.rode else "")


def last_shift(m: LabyrinthMachine, last: StepRecord | None) -> Shift | None:
    """The rotation ``last`` made, if it made one: its command is the one under the pointer's
    cell before the move, its offset the main stack's top it popped (X1)."""
    if last is None or last.stop is not None or not last.changes or m.program.start is None:
        return None
    x0, y0 = last.before.registers[:2]
    i0 = y0 * m.width + x0
    cmd = char(next((c.old for c in last.changes if c.store == "grid" and c.key == i0), m.grid[i0]))
    if cmd not in SHIFTS:
        return None
    popped = len(m.main)  # the slot the offset was popped from (none if the stack was empty: 0)
    k = next((c.old for c in last.changes if c.store == "main" and c.key == popped and c.old is not MISSING), 0)
    if cmd in "<>":
        return Shift("row", (y0 + k) % m.height, cmd, k % m.height == 0)
    return Shift("column", (x0 + k) % m.width, cmd, k % m.width == 0)


def decision(m: LabyrinthMachine, last: StepRecord | None) -> str:
    """How the last step chose its way (D1–D6), e.g. ``3 neighbours, top −4 → left ▲ north``:
    the choice is made where the pointer was after the command, from the maze and the main
    stack's top as they are now (moving changes neither)."""
    if last is None or last.stop is not None or m.program.start is None:
        return ""
    d0 = last.before.registers[2]
    here = open_mask(m.grid, m.width, m.height, m.x, m.y)
    if not here:  # the pointer only stays where no corridor leads on (it always stands on a command)
        return "0 neighbours: stays"
    px, py = m.x - DX[m.d], m.y - DY[m.d]
    mask = open_mask(m.grid, m.width, m.height, px, py)
    n = count(mask)
    top = f"top {m.main[-1] if m.main else 0}".replace("-", "−")
    zero = not m.main or m.main[-1] == 0
    chosen = f"{ARROWS[m.d]} {WORDS[m.d]}"
    rel = {d0: "straight on", (d0 + 1) & 3: "right", (d0 + 2) & 3: "back", (d0 + 3) & 3: "left"}[m.d]
    if n == 1:
        return f"1 neighbour → {chosen}" + (" (a dead end)" if rel == "back" else "")
    if n == 2:
        if mask >> ((d0 + 2) & 3) & 1:
            return f"2 neighbours, not back → {chosen}"
        if mask >> d0 & 1:
            return f"2 neighbours, straight on → {chosen}"
        return f"2 neighbours left and right, {top} → {'at random ' if zero else ''}{rel} {chosen}"
    aim = turn(mask, d0, 0 if zero else m.main[-1])
    asked = "straight on" if zero else "right" if m.main[-1] > 0 else "left"
    if aim != {"straight on": d0, "right": (d0 + 1) & 3, "left": (d0 + 3) & 3}[asked]:
        return f"{n} neighbours, {top} → {asked} is a wall, so {rel} {chosen}"
    return f"{n} neighbours, {top} → {rel} {chosen}"


def _stacks(m: LabyrinthMachine, last: StepRecord | None) -> Panel:
    """Main and auxiliary side by side, top first (the reference's ``main … | … aux``, each top
    against the bar), a row a depth, and below them the implicit zeros."""
    main, aux = m.main, m.aux
    changed: set[int] = set()
    if last is not None:
        for c in last.changes:
            if c.store == "main":
                changed.add(len(main) - 1 - c.key)
            elif c.store == "aux":
                changed.add(len(aux) - 1 - c.key)
    depth = max(len(main), len(aux))
    shown = min(depth, STACK_ROWS)
    left = [str(main[-1 - i]) if i < len(main) else "·" for i in range(shown)]
    right = [str(aux[-1 - i]) if i < len(aux) else "·" for i in range(shown)]
    width = max([len("main"), *map(len, left)])
    rows = [Value("", f"{'main':>{width}} │ aux"),
            Value("depth", f"{len(main):>{width}} │ {len(aux)}", bool(changed))]
    rows += [Value(f"[{i}]", f"{left[i]:>{width}} │ {right[i]}", i in changed) for i in range(shown)]
    if depth > shown:
        rows.append(Value("…", f"{depth - shown:,} more below"))
    rows.append(Value("…", f"{'0':>{width}} │ 0", note="implicit zeros"))
    return Panel("stacks", "Stacks, top first", tuple(rows), grow=True)


def _pointer(m: LabyrinthMachine, last: StepRecord | None, shift: Shift | None) -> Panel:
    if m.program.start is None:
        return Panel("pointer", "Pointer", (Value("maze", "no command: nothing runs (G4)"),))
    ch = char(m.grid[m.y * m.width + m.x])
    n = count(open_mask(m.grid, m.width, m.height, m.x, m.y))
    rows = [Value("ip", f"({m.x}, {m.y}) {ARROWS[m.d]} {WORDS[m.d]}", last is not None),
            Value("cmd", ch, note=short(ch) + (f" · a junction of {n}" if n >= 3 else ""), current=n >= 3)]
    explained = decision(m, last)
    if explained:
        rows.append(Value("way", explained))
    if shift is not None:
        rows.append(Value("shift", shift.describe(short=True), True))
    return Panel("pointer", "Pointer", tuple(rows))


def view(m: LabyrinthMachine, last: StepRecord | None) -> View:
    """The presentation model of ``m``'s state; ``last`` is the step that led to it."""
    w, h, grid = m.width, m.height, m.grid
    shift = last_shift(m, last)
    moved = shift.moved(m) if shift is not None else set()
    ghost_at, ghost_of = shift.ghost(m) if shift is not None else ((-9, -9), (0, 0))
    mark = ROTATIONS[shift.cmd][1] if shift is not None else ""
    # Cells a rotation moved are drawn by their role, not as changed: the IP stays in sight among them.
    changed = {c.key for c in last.changes if c.store == "grid"} - {y * w + x for x, y in moved} \
        if last is not None else set()
    ip = (m.x, m.y) if m.program.start is not None else None
    x0, x1, y0, y1 = -1, w, -1, h  # the maze and its margin
    if w + 2 > WINDOW[0]:
        x0 = max(-1, min(m.x - WINDOW[0] // 2, w + 1 - WINDOW[0]))
        x1 = x0 + WINDOW[0] - 1
    if h + 2 > WINDOW[1]:
        y0 = max(-1, min(m.y - WINDOW[1] // 2, h + 1 - WINDOW[1]))
        y1 = y0 + WINDOW[1] - 1
    rows = []
    for y in range(y0, y1 + 1):
        row: list[Cell | None] = []
        for x in range(x0, x1 + 1):
            if (x, y) == ghost_at:
                v = grid[ghost_of[1] * w + ghost_of[0]]
                row.append(Cell(char(v) if v > 0 else " ", "ghost", mark))
                continue
            if not (0 <= x < w and 0 <= y < h):
                row.append(None)
                continue
            v = grid[y * w + x]
            i = y * w + x
            if (x, y) == ip:
                row.append(Cell(char(v), "ip", arrow(DX[m.d], DY[m.d]), i in changed))
            elif v <= 0:
                glyph = char(v)
                row.append(Cell(glyph if glyph.isprintable() and glyph != " " else " ",
                                "moved" if (x, y) in moved else "wall", mark if (x, y) in moved else "", i in changed))
            else:
                mask = open_mask(grid, w, h, x, y)
                role = "moved" if (x, y) in moved else "junction" if count(mask) >= 3 else "path"
                sub = mark if (x, y) in moved else SHAPES.get(mask, "")
                row.append(Cell(char(v), role, sub, i in changed))
        rows.append(tuple(row))
    xs = [str(x) if 0 <= x < w else "" for x in range(x0, x1 + 1)]
    ys = [str(y) if 0 <= y < h else "" for y in range(y0, y1 + 1)]
    if shift is not None and shift.kind == "row" and y0 <= shift.index <= y1:
        ys[shift.index - y0] = f"{mark}{shift.index}"
    if shift is not None and shift.kind == "column" and x0 <= shift.index <= x1:
        xs[shift.index - x0] = mark
    caption = f"{w}×{h}" + (f" · {shift.describe()}" if shift is not None else "")
    board = Grid(BOARD, "Maze", tuple(rows), row0=y0, col0=x0, look="chars", axes=(tuple(xs), tuple(ys)),
                 caption=caption)
    nxt = ""
    if ip is not None:
        nxt = quote(char(grid[m.y * w + m.x]))
    return View(boards=(board,), panels=(_pointer(m, last, shift), _stacks(m, last)), location=m.location(),
                span=m.program.span(m.x, m.y) if ip is not None else None, next=nxt,
                ended="" if m.program.start is not None else "nothing to run: the maze has no command")
