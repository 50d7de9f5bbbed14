"""What a Piet state looks like (spec `piet.md`, "What the debugger shows").

The picture as codels, two columns a codel, each in its own true colour (``Cell.rgb``) with its
ascii-piet letter (black ``·``), so the board reads as text without colour.  On it: every codel
of the current block marked ``•``, the IP's codel with the DP arrow, the exit codel of the next
attempt with the CC arrow (``↰`` left, ``↱`` right) and the neighbour it faces ``◦``; after a
step, the white slide's path ``·`` and the codels that blocked failed attempts ``×``.

Panels: the IP (codel, DP, CC), the current block, the next move (exit codel, neighbour, the
colour change and its command, what it would do to the stack now), the last step's events, the
palette of commands from the current colour, the picture (codel size, guessed or given, dialect)
and the stack, top first.
"""

from __future__ import annotations

from ..base import StepRecord
from ..view import Cell, Grid, Panel, Value, View, stack_panel
from .explain import ARROWS, CC_ARROWS, CC_WORDS, change, effect, move
from .machine import BOARD, COMMANDS, WORDS, PietMachine, command_of
from .parser import BLACK, LETTERS, RGB, WHITE, colour_name

WINDOW = (120, 80)  # at most this many codels a row and rows of a big picture are drawn, around the IP


def members(m: PietMachine) -> tuple[tuple[int, ...], ...]:
    """The codels of each block (found once, with the blocks: Program.members)."""
    return m.program.members


def _xy(m: PietMachine, i: int) -> str:
    return f"({i % m.width}, {i // m.width})"


def view(m: PietMachine, last: StepRecord | None) -> View:
    w, h = m.width, m.height
    pos = m.pos
    b = m.blocks[pos]
    here = move(m, pos, m.dp, m.cc) if m.codels[0] != BLACK else None
    block = set(members(m)[b]) if b >= 0 else {pos}
    subs: dict[int, str] = {i: "•" for i in block}
    roles: dict[int, str] = {i: "current" for i in block}
    events: tuple[str, ...] = ()
    if last is not None:
        regs = last.before.registers
        before = move(m, regs[0], regs[1], regs[2])
        events = before.events
        for i in before.slide:
            subs[i], roles[i] = "·", "slide"
        for _, n, blocked in before.attempts:
            if blocked and n >= 0:
                subs[n], roles[n] = "×", "blocked"
    if here is not None and m.status.value == "ready":
        first = here.attempts[0] if here.attempts else None
        if first is not None:
            ex, n, _ = first
            subs[ex], roles[ex] = CC_ARROWS[m.cc], "exit"
            if n >= 0:
                subs[n], roles[n] = "◦", "next"
    subs[pos], roles[pos] = ARROWS[m.dp], "ip"
    x0 = max(0, min(pos % w - WINDOW[0] // 2, w - WINDOW[0]))
    y0 = max(0, min(pos // w - WINDOW[1] // 2, h - WINDOW[1]))
    rows = []
    for y in range(y0, min(h, y0 + WINDOW[1])):
        row = []
        for x in range(x0, min(w, x0 + WINDOW[0])):
            i = y * w + x
            c = m.codels[i]
            glyph = "·" if c == BLACK else LETTERS[c]
            role = roles.get(i, "unknown" if i in m.program.unknown else "codel")
            row.append(Cell(glyph, role, subs.get(i, "?" if i in m.program.unknown else ""), rgb=RGB[c]))
        rows.append(tuple(row))
    p = m.program
    size = "given" if not p.guessed else "guessed"
    caption = f"{w}×{h} codels of {p.codel_size} px ({size})" if p.kind != "ascii-piet" else f"{w}×{h} codels (ascii-piet)"
    grid = Grid(BOARD, "Picture", tuple(rows), row0=y0, col0=x0, look="chars",
                axes=(tuple(str(x) for x in range(x0, x0 + len(rows[0]) if rows else x0)),
                      tuple(str(y) for y in range(y0, y0 + len(rows)))),
                caption=caption)
    if last is not None and last.stop is not None and m.fault is not None:
        events += (f"error: {m.fault.message}",)
    panels = [_pointer(m, last), _next(m, here), stack_panel("stack", "Stack", m.stack, _changed(m, last),
                                                              empty="empty: commands that need values do nothing"),
              _events(events), _palette(m)]
    at = m.location()
    nxt = ""
    if here is not None and here.to >= 0 and here.command:
        nxt = f"{COMMANDS[here.command]} → {_xy(m, here.to)}"
    elif here is not None and here.to >= 0:
        nxt = f"no command → {_xy(m, here.to)}"
    return View((grid,), tuple(panels), at, None, next=nxt)


def _changed(m: PietMachine, last: StepRecord | None) -> int:
    if last is None:
        return 0
    n = len(m.stack)
    keys = [c.key for c in last.changes if c.store == "stack" and c.key < n]
    return n - min(keys) if keys else 0


def _pointer(m: PietMachine, last: StepRecord | None) -> Panel:
    before = last.before.registers if last is not None else None
    b = m.blocks[m.pos]
    c = m.codels[m.pos]
    size = m.sizes[b] if b >= 0 else 1
    xs = [i % m.width for i in members(m)[b]] if b >= 0 else [m.pos % m.width]
    ys = [i // m.width for i in members(m)[b]] if b >= 0 else [m.pos // m.width]
    p = m.program
    values = (
        Value("codel", _xy(m, m.pos), before is not None and before[0] != m.pos, note=colour_name(c)),
        Value("DP", f"{ARROWS[m.dp]} {WORDS[m.dp]}", before is not None and before[1] != m.dp),
        Value("CC", f"{CC_ARROWS[m.cc]} {CC_WORDS[m.cc]}", before is not None and before[2] != m.cc),
        Value("block", f"{colour_name(c)}, {size}" if b >= 0 else "white codel",
              note=f"box ({min(xs)},{min(ys)})–({max(xs)},{max(ys)})" if b >= 0 else ""),
        Value("codel size", f"{p.codel_size}" + (" (guessed)" if p.guessed else " (given)" if p.kind != "ascii-piet" else "")),
        Value("dialect", "spec" if m.spec else "npiet"),
    )
    return Panel("ip", "IP", values)


def _next(m: PietMachine, here) -> Panel:
    if m.status.value != "ready" or here is None:
        return Panel("next", "Next move", (Value("—", "the program has ended"),))
    if here.to < 0:
        return Panel("next", "Next move", (Value("end", here.events[-1] if here.events else "no move"),))
    ex, n, _ = here.attempts[-1]
    values = [Value("exit", _xy(m, ex) + f" {ARROWS[here.dp]}{CC_ARROWS[here.cc]}"),
              Value("into", _xy(m, n) if n >= 0 else "—", note=colour_name(m.codels[n]) if n >= 0 else "")]
    fails = sum(1 for a in here.attempts if a[2])
    if fails:
        values.append(Value("blocked", f"{fails} attempt{'s' if fails > 1 else ''}"))
    if here.command:
        b = m.blocks[m.pos]
        values.append(Value("change", change(m.codels[m.pos], m.codels[here.to])))
        values.append(Value("does", effect(m, here.command, m.sizes[b] if b >= 0 else 1)))
    else:
        values.append(Value("does", here.events[-1] if here.events else "no command"))
    return Panel("next", "Next move", tuple(values))


def _events(events: tuple[str, ...]) -> Panel:
    return Panel("events", "Last step", tuple(Value("•", e) for e in events) or (Value("—", "no step yet"),))


def _palette(m: PietMachine) -> Panel:
    """The command from the current colour into each of the other 17 colours."""
    c = m.codels[m.pos]
    if c >= WHITE:
        return Panel("palette", "Palette", (Value("white", "no command leaves white"),))
    values = tuple(Value(f"{LETTERS[n]} {colour_name(n)}", COMMANDS[command_of(c, n)]) for n in range(18) if n != c)
    return Panel("palette", f"Palette from {colour_name(c)}", values, columns=True)
