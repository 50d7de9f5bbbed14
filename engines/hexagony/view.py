"""What a Hexagony state looks like (spec `hexagony.md`, "What the debugger shows").

Two boards, both drawn in the board widget's ``hex`` look (rows offset by half a cell):

* ``hexagon``: the code as the reference's ``-g`` lays it out, the active IP's cell highlighted
  with its direction's arrow, the five others each in its own colour (role ``ip0`` … ``ip5``), the
  cells the active IP ran in the last steps dimly traced, debug-marked cells underlined;
* ``memory``: the edges around the memory pointer as a hexagonal lattice (:mod:`.lattice`),
  each edge's value on it, zero edges dim, the current edge with an arrow to the end the MP
  points at, its left and right neighbours (what ``+`` reads) in their colours.

Panels: the state (the active IP, its command, the current edge and its neighbours, the MP),
the six IPs, and every edge that is not 0.
"""

from __future__ import annotations

import unicodedata

from ..base import CellRef, StepRecord, plural
from ..view import Cell, Grid, Panel, Value, View
from .commands import (ADD, CHOOSE_IP, COPY, DEC, DIGIT, DIV, EDGE_NAMES, GET_BYTE, GET_INT, HALT, INC, MIRROR, MOD,
                       MP_BACK_LEFT, MP_BACK_RIGHT, MP_BRANCH, MP_LEFT, MP_REVERSE, MP_RIGHT, MUL, NEG, NEXT_IP, NOP,
                       PREV_IP, PUT_BYTE, PUT_INT, SET, SKIP, SUB, TURN_NEG, TURN_POS, digits, edge_of,
                       shown)
from .explain import what
from .hexagon import ARROWS, CORNER, DIRECTIONS
from .lattice import MEMORY, edge_at, edge_of_cell, lattice
from .machine import BOARD, HexagonyMachine

LATTICE_ROWS = 2  # lattice rows drawn above and below the current edge's
LATTICE_COLS = 5  # lattice columns drawn left and right of it
VALUE_WIDTH = 5  # columns an edge's value takes on the lattice
# A cell's role by its command's class, coloured as the grammar's highlights colour the source.
ROLES = {NOP: "blank", HALT: "flow", SKIP: "flow", PREV_IP: "flow", NEXT_IP: "flow", CHOOSE_IP: "flow",
         MIRROR: "mirror", DIGIT: "digit", SET: "letter", GET_BYTE: "io", GET_INT: "io", PUT_BYTE: "io", PUT_INT: "io",
         **{op: "arithmetic" for op in (INC, DEC, ADD, SUB, MUL, DIV, MOD, NEG)},
         **{op: "memory" for op in (MP_LEFT, MP_RIGHT, MP_REVERSE, MP_BACK_LEFT, MP_BACK_RIGHT, MP_BRANCH, COPY)}}
EDGES_SHOWN = 200  # non-zero edges the panel lists
WINDOW = 121  # rows of the hexagon drawn at most (side 62 and more: those around the active IP)


def glyph(c: str) -> str:
    """How a cell's character is drawn: itself if it takes one column, else ``¤`` (a wide,
    combining, blank or unprintable one; the state panel names it)."""
    if c.isprintable() and not c.isspace() and unicodedata.east_asian_width(c) not in "WF" \
            and not unicodedata.combining(c):
        return c
    return "¤"


def brief(v: int) -> str:
    """``v`` in about :data:`VALUE_WIDTH` columns: itself, or its first digit and power of ten
    (``3e12``)."""
    if -10 ** (VALUE_WIDTH - 1) < v < 10 ** VALUE_WIDTH:
        return str(v)
    size = digits(v)
    return f"{'-' if v < 0 else ''}{abs(v) // 10 ** (size - 1)}e{size - 1}"


# ----- the memory lattice -----------------------------------------------------------------------
_POINTS = {(-1, 0): "↑", (1, 0): "↓", (-1, 1): "↗", (1, 1): "↘", (1, -1): "↙", (-1, -1): "↖"}


def _memory(m: HexagonyMachine, changed: set) -> Grid:
    here = (m.mq, m.mr, m.md)
    left, right = m.neighbour(False), m.neighbour(True)
    Rc, Xc = lattice(*here)
    (Rl, Xl), (Rr, Xr) = lattice(*left), lattice(*right)
    # the end of the current edge the MP points at: where its two neighbours meet
    point = _POINTS.get(((Rl + Rr - 2 * Rc > 0) - (Rl + Rr - 2 * Rc < 0), (Xl + Xr - 2 * Xc > 0) - (Xl + Xr - 2 * Xc < 0)), "•")
    x0 = (Xc - LATTICE_COLS) & ~1  # even: every row's cells then share one first column
    rows, indents = [], []
    for R in range(Rc - LATTICE_ROWS, Rc + LATTICE_ROWS + 1):
        row = []
        for X in range(x0 + R % 2, x0 + 2 * LATTICE_COLS + 2, 2):
            edge = edge_at(R, X)
            if edge is None:
                row.append(Cell(f"{'·':^{VALUE_WIDTH}}", "vertex"))
                continue
            v = m.edge(*edge)
            role = ("edge-mp" if edge == here else "edge-left" if edge == left else "edge-right" if edge == right
                    else "edge" if v else "edge-zero")
            text = f"{point}{brief(v)}" if edge == here else brief(v)
            row.append(Cell(f"{text:^{VALUE_WIDTH}}", role, "", edge in changed))
        rows.append(tuple(row))
        indents.append(R % 2)
    return Grid(MEMORY, "Memory", tuple(rows), row0=Rc - LATTICE_ROWS, col0=x0 // 2, look="hex", extent="window",
                indents=tuple(indents), focus=(Rc, Xc // 2),
                caption=f"MP ({m.mq}, {m.mr}, {EDGE_NAMES[m.md]}) {'cw' if m.mcw else 'ccw'}")


# ----- the hexagon ------------------------------------------------------------------------------
def _hexagon(m: HexagonyMachine, recent: tuple[StepRecord, ...]) -> Grid:
    program = m.program
    geo = program.hexagon
    active = m.active
    at_row, at_col, at_d = m.ips[active]
    others: dict[tuple[int, int], int] = {}
    for i in range(5, -1, -1):  # the lowest number shows where two share a cell
        if i != active:
            others[m.ips[i][:2]] = i
    # the cells the active IP ran in the latest steps (the records of the steps it ran)
    path = {(record.at.row, record.at.col) for record in recent if record.before.registers[5] == active}
    marks = set(program.marks)
    first = min(max(at_row - WINDOW // 2, 0), max(geo.rows - WINDOW, 0))  # a big hexagon: the rows around the IP
    rows = []
    for i in range(first, min(first + WINDOW, geo.rows)):
        row = []
        for j in range(geo.lens[i]):
            k = geo.starts[i] + j
            c = program.cells[k]
            if (i, j) == (at_row, at_col):
                role, sub = "ip", ARROWS[at_d]
            elif (i, j) in others:  # (no number in the gap: a breakpoint's label shows a cell's sub-glyph)
                role, sub = f"ip{others[i, j]}", ""
            elif (i, j) in path:
                role, sub = "path", ""
            else:
                role, sub = "mark" if k in marks else ROLES[program.ops[k]], ""
            row.append(Cell(glyph(c), role, sub))
        rows.append(tuple(row))
    shown = "" if len(rows) == geo.rows else f" · rows {first}–{first + len(rows) - 1} of {geo.rows}"
    return Grid(BOARD, f"Hexagon · side {geo.n}{shown}", tuple(rows), row0=first, look="hex",
                indents=tuple(geo.rows - geo.lens[i] for i in range(first, first + len(rows))), extent="window"
                if len(rows) < geo.rows else "fixed")


# ----- panels -----------------------------------------------------------------------------------
def _named(c: str) -> str:
    return f"'{c}'" if glyph(c) == c else f"U+{ord(c):04X}"


def _came(m: HexagonyMachine, last: StepRecord | None) -> str:
    """How the last step's IP came to its cell, if across an edge or a corner (W2, W3)."""
    if last is None or m.arrived == 0:
        return ""
    row, col, _ = m.ips[m.active]
    if m.arrived == CORNER:
        v = m.value()
        return f"corner, edge {'> 0' if v > 0 else '≤ 0'} → ({row}, {col})"
    return f"wrapped → ({row}, {col})"


def _exits(m: HexagonyMachine) -> str:
    """Where the active IP goes if its next move leaves through a corner: by the edge's sign
    (W3).  Its direction after the command (a mirror turns it first)."""
    program = m.program
    row, col, d = m.ips[m.active]
    k = program.hexagon.index(row, col)
    if program.ops[k] == MIRROR:
        t = program.params[k] * 6 + d
        d = TURN_POS[t] if m.value() > 0 else TURN_NEG[t]
    for direction, pos, neg in program.hexagon.corner_exits(row, col):
        if direction == d:
            return f"corner next: > 0 → {pos}, ≤ 0 → {neg}"
    return ""


def view(m: HexagonyMachine, last: StepRecord | None, recent: tuple[StepRecord, ...] = ()) -> View:
    """The presentation model of ``m``'s state; ``last`` is the step that led to it, ``recent``
    the latest steps' records (oldest first)."""
    program = m.program
    geo = program.hexagon
    changed = {edge_of(change.key) for change in last.changes} if last is not None else set()
    row, col, d = m.ips[m.active]
    k = geo.index(row, col)
    c = program.cells[k]
    q, r = geo.axial(row, col)
    here = (m.mq, m.mr, m.md)
    moved = last is not None and last.before.registers[:4] != (m.mq, m.mr, m.md, m.mcw)
    state = [
        Value("ip", str(m.active), last is not None and last.before.registers[5] != m.active,
              note="" if m.next == m.active else f"then ip {m.next}"),
        Value("cmd", _named(c), note=what(c).split(":")[0]),
        Value("mp", shown(m.value()), here in changed or moved, True, "the current edge"),
        Value("left", shown(m.edge(*m.neighbour(False))), moved),
        Value("right", shown(m.edge(*m.neighbour(True))), moved),
        Value("MP", f"({m.mq}, {m.mr}, {EDGE_NAMES[m.md]})", moved, note="cw" if m.mcw else "ccw"),
    ]
    ips = []
    for i, (ip_row, ip_col, ip_d) in enumerate(m.ips):
        ip_q, ip_r = geo.axial(ip_row, ip_col)
        ips.append(Value(f"ip {i}", f"({ip_row}, {ip_col}) {ARROWS[ip_d]} {DIRECTIONS[ip_d]}", current=i == m.active,
                         note=f"q,r {ip_q},{ip_r}" + (" · next" if i == m.next != m.active else "")))
    edges = sorted(m.edges(), key=lambda item: (item[0][1], item[0][0], item[0][2]))  # by row of hexagons
    listed = tuple(Value(f"{eq},{er},{EDGE_NAMES[ed]}", shown(v), (eq, er, ed) in changed, (eq, er, ed) == here)
                   for (eq, er, ed), v in edges[:EDGES_SHOWN])
    if len(edges) > EDGES_SHOWN:
        listed += (Value("…", f"{len(edges) - EDGES_SHOWN} more"),)
    nxt = " · ".join(part for part in (f"ip {m.active} {ARROWS[d]} {_named(c)}", _came(m, last), _exits(m)) if part)
    return View(boards=(_hexagon(m, recent), _memory(m, changed)),
                panels=(Panel("state", f"State · axial ({q}, {r})", tuple(state)),
                        Panel("ips", "Instruction pointers", tuple(ips), listing=True),
                        Panel("edges", f"Memory: {plural(len(edges), 'edge')} not 0", listed or (Value("(all 0)", ""),),
                              grow=True)),
                location=m.location(), span=program.spans[k], next=nxt)


def inspect(m: HexagonyMachine, at: CellRef) -> Panel | None:
    """The state panel's place, while the board cursor is on a cell: a hexagon cell's command,
    coordinates and corner exits; a memory edge's coordinates and value."""
    program = m.program
    geo = program.hexagon
    if at.board == BOARD and geo.holds(at.row, at.col):
        k = geo.index(at.row, at.col)
        c = program.cells[k]
        q, r = geo.axial(at.row, at.col)
        values = [Value("cell", f"({at.row}, {at.col})", note=f"axial q,r {q},{r}"),
                  Value("cmd", _named(c), note=what(c))]
        if program.spans[k] is not None:
            span = program.spans[k]
            values.append(Value("source", f"line {span.line}, column {span.col}"))
        else:
            values.append(Value("source", "padding"))
        for direction, pos, neg in geo.corner_exits(at.row, at.col):
            values.append(Value(f"{DIRECTIONS[direction]} out", f"> 0 → {pos}, ≤ 0 → {neg}", note="corner (W3)"))
        ips = [str(i) for i, ip in enumerate(m.ips) if ip[:2] == (at.row, at.col)]
        if ips:
            values.append(Value("IPs here", " ".join(ips)))
        return Panel("state", f"Cell ({at.row}, {at.col})", tuple(values))
    if at.board == MEMORY:
        edge = edge_of_cell(at)
        title = f"Memory ({at.row}, {at.col})"
        if edge is None:
            return Panel("state", title, (Value("hexagon", "a memory hexagon's centre: its edges around it"),))
        eq, er, ed = edge
        return Panel("state", title, (Value("edge", f"mem[{eq},{er},{EDGE_NAMES[ed]}]"),
                                              Value("value", shown(m.edge(*edge)))))
    return None

