"""What a Befunge state looks like (spec `befunge.md`, "What the debugger shows"): Funge-space as
the code board — each cell's instruction, every instruction pointer on its cell with its
direction, cells ``p``/``s`` changed marked — the stack (98: the stack of stacks), the
registers and, for 98, the list of instruction pointers.

Funge-98's space is unbounded: the board is its box plus a margin, cut to :data:`WINDOW` cells
around the pointer that runs next, with the coordinates on its edges.
"""

from __future__ import annotations

from ..base import StepRecord
from ..view import Cell, Grid, Panel, Value, View, arrow as direction, quote, stack_panel
from .common import HEIGHT, WIDTH
from .common import BOARD, char

MARGIN = 1  # blank cells around Funge-98's box
WINDOW = (200, 100)  # at most this many columns and rows of Funge-98's space are drawn


def glyph(value: int) -> str:
    """How a cell's value is drawn: its character, ``·`` for a blank, ``¤`` for a value that is
    no printable character (the inspector says which)."""
    if value == 32:
        return "·"
    return chr(value) if 32 < value < 127 else "¤"


def _next(cmd: int, smode: bool) -> str:
    """What the status line says the next step does: the instruction, quoted as itself; in
    string mode ``push`` it, but the ``"`` that ends string mode says so."""
    if smode:
        return f"{quote(chr(34))} ends the string" if cmd == 34 else f"push {quote(glyph(cmd))}"
    return quote(glyph(cmd))


OTHER_ARROWS = {"▶": "▷", "◀": "◁", "▲": "△", "▼": "▽"}  # another instruction pointer: hollow, never a digit


def _value(name: str, v: int, changed: bool = False, current: bool = False) -> Value:
    c = char(v)
    return Value(name, str(v), changed, current, f"'{c}'" if c else "")


def _stack(title: str, name: str, values: list[int], changed: bool) -> Panel:
    """A stack, top first, each value in decimal and as its character when printable."""
    return stack_panel(name, title, values, int(changed), note=lambda v: f"'{c}'" if (c := char(v)) else "")


def view(machine, last: StepRecord | None, follow: str | None = None) -> View:
    """The presentation model of ``machine``'s state; ``last`` is the step that led to it;
    ``follow`` the id of the Befunge-98 instruction pointer the panels show (``None`` or an IP
    that is gone: the one that runs next)."""
    if machine.program.dialect == 93:
        return _view93(machine, last)
    return _view98(machine, last, follow)


def _changed(last: StepRecord | None, store: str) -> set:
    return {change.key for change in last.changes if change.store == store} if last is not None else set()


def _view93(m, last: StepRecord | None) -> View:
    first = m.program.cells
    changed = _changed(last, "space")
    at = (m.x, m.y)
    rows = []
    for y in range(HEIGHT):
        row = []
        for x in range(WIDTH):
            i = y * WIDTH + x
            v = m.space[i]
            if (x, y) == at:
                role, sub = "ip", direction(m.dx, m.dy)
            else:
                role = "written" if v != first[i] else "blank" if v == 32 else "code"
                sub = ""
            row.append(Cell(glyph(v), role, sub, i in changed))
        rows.append(tuple(row))
    grid = Grid(BOARD, "Funge-space (80×25)", tuple(rows), look="chars",
                axes=(tuple(str(x) for x in range(WIDTH)), tuple(str(y) for y in range(HEIGHT))))
    cmd = m.space[m.y * WIDTH + m.x]
    registers = (
        Value("pos", f"({m.x}, {m.y})", last is not None),
        Value("delta", f"{direction(m.dx, m.dy)} ({m.dx}, {m.dy})"),
        _value("cmd", cmd),
        Value("string mode", "on" if m.smode else "off", current=m.smode),
        Value("depth", str(len(m.stack))),
    )
    return View(boards=(grid,),
                panels=(Panel("registers", "Registers", registers),
                        _stack("Stack (top first)", "stack", m.stack, bool(_changed(last, "stack")))),
                location=m.location(), span=m.program.span(m.x, m.y),
                next=_next(cmd, m.smode))


def _view98(m, last: StepRecord | None, follow: str | None) -> View:
    from .fingerprints import loaded

    space = m.space
    ips = m.ips
    active = m.ip if ips else None
    loc = m.location()
    others = {(ip.x, ip.y): ip for ip in ips if ip is not active}
    changed = {at for change in last.changes if (at := space.cell(change.store, change.key)) is not None} \
        if last is not None else set()
    first = m.program.cell
    if space.empty:
        x0 = y0 = 0
        x1 = y1 = 0
    else:
        x0, x1 = space.min_x - MARGIN, space.max_x + MARGIN
        y0, y1 = space.min_y - MARGIN, space.max_y + MARGIN
    if active is not None:  # a pointer flying outside: the board reaches it
        x0, x1 = min(x0, loc.col), max(x1, loc.col)
        y0, y1 = min(y0, loc.row), max(y1, loc.row)
    cx, cy = loc.col, loc.row
    if x1 - x0 + 1 > WINDOW[0]:
        x0 = max(x0, cx - WINDOW[0] // 2)
        x1 = x0 + WINDOW[0] - 1
    if y1 - y0 + 1 > WINDOW[1]:
        y0 = max(y0, cy - WINDOW[1] // 2)
        y1 = y0 + WINDOW[1] - 1
    rows = []
    for y in range(y0, y1 + 1):
        row = []
        for x in range(x0, x1 + 1):
            v = space.get(x, y)
            if active is not None and (x, y) == (loc.col, loc.row):
                role, sub = "ip", direction(active.dx, active.dy)
            elif (x, y) in others:
                other = others[(x, y)]  # its direction, hollow: a digit beside a cell read as code (10)
                role, sub = "ip-other", OTHER_ARROWS.get(direction(other.dx, other.dy), "◇")
            else:
                role = "written" if first(x, y) != v else "blank" if v == 32 else "code"
                sub = ""
            row.append(Cell(glyph(v), role, sub, (x, y) in changed))
        rows.append(tuple(row))
    grid = Grid(BOARD, "Funge-space", tuple(rows), row0=y0, col0=x0, look="chars", extent="window",
                axes=(tuple(str(x) for x in range(x0, x1 + 1)), tuple(str(y) for y in range(y0, y1 + 1))),
                caption="" if space.empty else
                f"box ({space.min_x}, {space.min_y})–({space.max_x}, {space.max_y})")
    panels = []
    shown = next((ip for ip in ips if str(ip.id) == follow), None)
    if active is not None:
        ip = shown or active
        cmd = space.get(*m.runs_at(ip))
        runs = "" if ip is active else f", followed (ip {active.id} runs next)"
        registers = [
            Value("ip", f"{ip.id}" + (f" of {len(ips)}" if len(ips) > 1 else "") + runs),
            Value("pos", f"({ip.x}, {ip.y})", last is not None),
            Value("delta", f"{direction(ip.dx, ip.dy)} ({ip.dx}, {ip.dy})"),
            _value("cmd", cmd),
            Value("string mode", "on" if ip.smode else "off", current=ip.smode),
            Value("offset", f"({ip.ox}, {ip.oy})"),
            Value("stacks", str(len(ip.depths))),
        ]
        fingerprints = loaded(ip)
        if fingerprints:
            registers.append(Value("fingerprints", " ".join(f"{k}:{v}" for k, v in fingerprints.items())))
        panels.append(Panel("registers", "Registers", tuple(registers)))
        panels.append(Panel("ips", "Instruction pointers", tuple(
            Value(f"ip {p.id}", f"({p.x}, {p.y}) {direction(p.dx, p.dy)}", current=p is ip,
                  note=f"depth {p.depths[-1]}" + (" \"" if p.smode else "")
                  + (" · runs next" if p is active and p is not ip else "")) for p in ips), listing=True))
        levels = len(ip.depths)
        stack = _stack("Stack (top first)" if levels == 1 else f"TOSS (top first), {levels - 1} below",
                       "stack", ip.stack(levels - 1), bool(_changed(last, "stacks")))
        # The stacks under the TOSS, a line each (SOSS first), their top values first.
        below = tuple(Value("SOSS" if level == levels - 2 else f"stack {levels - 1 - level}",
                            " ".join(map(str, ip.stack(level)[::-1][:20])) or "(empty)")
                      for level in range(levels - 2, -1, -1))
        panels.append(Panel(stack.name, stack.title, stack.values + below, grow=True))
        span = m.program.span(loc.col, loc.row)
        nxt = _next(space.get(loc.col, loc.row), active.smode) + (f" (ip {active.id})" if len(ips) > 1 else "")
    else:
        panels += [Panel("registers", "Registers", (Value("ips", "none left"),)),
                   Panel("ips", "Instruction pointers", (), listing=True),
                   Panel("stack", "Stack (top first)", (), grow=True)]
        span, nxt = None, ""
    return View(boards=(grid,), panels=tuple(panels), location=loc, span=span, next=nxt,
                follows=tuple(str(ip.id) for ip in ips), followed=None if shown is None else str(shown.id))
