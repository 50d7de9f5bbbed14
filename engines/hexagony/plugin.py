"""The Hexagony implementation the plugin object delegates to (see :mod:`esodbg.engines.language`).

Cells are named ``(row, col)``, 0-based, the column counted within the row (spec "Names"), as
the text hexagon is read: the default :func:`~esodbg.engines.base.cell_name`.  The final state
and the trace are documented in ``docs/hexagony.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..base import CellRef, NamedRef, Span, StepRecord
from ..names import Names, data_name, unknown_data
from . import LANGUAGE
from .commands import (ADD, CHOOSE_IP, COPY, DEC, DIGIT, DIV, EDGE_NAMES, EDGE_WRITERS, INC, MIRROR, MOD,
                       MP_BACK_LEFT, MP_BACK_RIGHT, MP_BRANCH, MP_LEFT, MP_REVERSE, MP_RIGHT, MUL, NEG, NEXT_IP,
                       PREV_IP, SUB, TURN_POS, neighbour)
from .explain import hover, layout  # noqa: F401  (for editors)
from .hexagon import CORNER, DIRECTIONS
from .lattice import MEMORY, edge_of_cell
from .machine import BOARD, HexagonyMachine, edge_ref
from .parser import Program, decode, encode, parse  # noqa: F401  (the implementation's functions)

machine = HexagonyMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "counters", "places", "places_on",
           "place_of", "decode",
           "encode", "hover", "layout", "marks", "reads", "writers", "watch_stops", "span", "inspect", "breakable", "data_at"]

MP_MOVERS = frozenset({MP_LEFT, MP_RIGHT, MP_REVERSE, MP_BACK_LEFT, MP_BACK_RIGHT, MP_BRANCH})
SWITCHERS = frozenset({NEXT_IP, PREV_IP, CHOOSE_IP})


def view(m: HexagonyMachine, last: StepRecord | None, recent: tuple[StepRecord, ...] = ()):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last, recent)


def inspect(m: HexagonyMachine, at: CellRef):
    from .view import inspect as build

    return build(m, at)


def breakable(at) -> str | None:
    """The memory lattice shows data: a breakpoint goes on the hexagon's cells only."""
    if isinstance(at, CellRef) and at.board == MEMORY:
        return "the memory lattice is data, not code: D sets a data breakpoint on the edge under the cursor"
    return None


def data_at(cell: CellRef) -> str | None:
    """A memory lattice cell's edge, ``mem[q,r,D]`` (``None`` on a hexagon's centre)."""
    if cell.board != MEMORY:
        return None
    edge = edge_of_cell(cell)
    return edge_name(edge) if edge is not None else None


# ----- where things are -------------------------------------------------------------------------
def places(program: Program) -> tuple[tuple[Span, CellRef], ...]:
    """Every cell the source writes a command in, in reading order: an editor's breakpoint at
    a line and column is the cell of the command written there."""
    geo = program.hexagon
    spans = program.spans
    return tuple((spans[geo.starts[row] + col], CellRef(BOARD, row, col)) for row in range(geo.rows)
                 for col in range(geo.lens[row]) if geo.starts[row] + col < program.code)


def places_on(program: Program, line: int) -> list[tuple[Span, CellRef]]:
    """The places on the 1-based ``line`` (those of :func:`places` there): its code
    characters, each the cell it fills."""
    spans = program.spans
    if not 0 < line < len(spans._lines) + 1:
        return []
    geo, start = program.hexagon, spans._lines[line - 1]
    k = spans.before[line - 1]
    out = []
    for offset in spans.on_line(line - 1):
        col = offset - start + 1
        out.append((Span(line, col, line, col + 1), CellRef(BOARD, *geo.place(k))))
        k += 1
    return out


def place_of(program: Program, at) -> Span | None:
    """Where the hexagon's cell ``at`` is written (``None``: padding, or no cell of the hexagon)."""
    geo = program.hexagon
    if not isinstance(at, CellRef) or at.board != BOARD or not geo.holds(at.row, at.col):
        return None
    k = geo.index(at.row, at.col)
    return program.spans[k] if k < program.code else None


def marks(program: Program) -> tuple[CellRef, ...]:
    """The cells a backtick marks (S3, D3): the debugger sets a breakpoint on each when it opens
    the program, where the reference's ``-d`` prints its state."""
    geo = program.hexagon
    return tuple(CellRef(BOARD, *geo.place(k)) for k in program.marks)


def span(m: HexagonyMachine) -> Span | None:
    at = m.location()
    return m.program.spans[m.program.hexagon.index(at.row, at.col)]


# ----- the state as JSON ------------------------------------------------------------------------
def edge_name(key: tuple[int, int, int]) -> str:
    """``mem[q,r,D]``, the data location of a memory edge."""
    q, r, d = key
    return f"mem[{q},{r},{EDGE_NAMES[d]}]"


def _ip(m: HexagonyMachine, i: int) -> dict:
    row, col, d = m.ips[i]
    q, r = m.program.hexagon.axial(row, col)
    return {"row": row, "col": col, "q": q, "r": r, "dir": DIRECTIONS[d]}


def final_state(m: HexagonyMachine, max_steps: int | None = None) -> dict:
    """``file_name``, ``size`` (side length), ``status``, ``steps``, ``exit_code``, ``output``,
    ``active`` and ``next`` (IP indices), ``ips`` (six ``{row, col, q, r, dir}``), ``mp``
    (``{q, r, edge, cw}``), ``memory`` (every non-zero edge ``[q, r, D, value]``, sorted),
    ``error`` (``null`` or ``{message, step, at: [row, col]}``)."""
    fault = m.fault
    return {"file_name": m.program.filename, "size": m.program.size, "status": m.status.value, "steps": m.steps,
            "exit_code": 1 if fault else 0, "output": m.output.text(), "active": m.active, "next": m.next,
            "ips": [_ip(m, i) for i in range(6)],
            "mp": {"q": m.mq, "r": m.mr, "edge": EDGE_NAMES[m.md], "cw": bool(m.mcw)},
            "memory": [[q, r, EDGE_NAMES[d], v] for (q, r, d), v in m.edges()],
            "error": None if fault is None else {"message": fault.message, "step": fault.step,
                                                 "at": [fault.at.row, fault.at.col]}}


def trace(m: HexagonyMachine, record: StepRecord) -> dict:
    """One line a step: ``step``, ``ip`` (the IP that ran), ``at`` [row, col], ``cmd`` (the
    character), then after the step ``dir`` of that IP, ``mp`` [q, r, D, cw] and ``value``
    (the current edge), and ``active`` (the IP that runs next)."""
    at = record.at
    ran = record.before.registers[5]
    cmd = m.program.cells[m.program.hexagon.index(at.row, at.col)]
    return {"step": record.step, "ip": ran, "at": [at.row, at.col], "cmd": cmd, "dir": DIRECTIONS[m.ips[ran][2]],
            "mp": [m.mq, m.mr, EDGE_NAMES[m.md], bool(m.mcw)], "value": m.value(), "active": m.active}


# ----- names, data locations, events ------------------------------------------------------------
class Edges:
    """The memory as an expression reads it: ``mem[q, r, 'E']`` (D a name, ``NE``, ``E`` or
    ``SE``, or its number 0, 1, 2) is an edge's value, 0 where nothing was written."""

    __slots__ = ("_machine",)

    def __init__(self, machine: HexagonyMachine) -> None:
        self._machine = machine

    def __getitem__(self, key):
        if not (isinstance(key, tuple) and len(key) == 3 and isinstance(key[0], int) and isinstance(key[1], int)):
            raise TypeError("mem is indexed by (q, r, D), e.g. mem[0, 0, 'E']")
        return self._machine.edge(key[0], key[1], _edge(key[2]))

    def __len__(self) -> int:
        return len(self._machine.mem)  # the edges that are not 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Edges) and self._machine.mem == other._machine.mem

    __hash__ = None  # type: ignore[assignment]  # a view of something that changes

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{edge_name(edge)[4:-1]}: {v}" for edge, v in self._machine.edges()) + "}"

    def frozen(self) -> tuple:
        return tuple(self._machine.edges())

    def data_items(self) -> list[tuple[str, int]]:
        """Each edge written (not 0) as ``(its data location, its value)``: what an editor's
        Variables view expands ``mem`` into, each edge watchable (``mem[0,0,E]``)."""
        return [(edge_name(edge), v) for edge, v in self._machine.edges()]


def _edge(d) -> int:
    if isinstance(d, int) and 0 <= d < 3:
        return d
    if isinstance(d, str) and d in EDGE_NAMES:
        return EDGE_NAMES.index(d)
    raise ValueError(f"an edge is NE, E or SE, not {d!r}")


def _cell_char(m: HexagonyMachine) -> str:
    row, col, _ = m.ips[m.active]
    return m.program.cells[m.program.hexagon.index(row, col)]


def variables(m: HexagonyMachine) -> Names:
    """``mp``, ``left``, ``right``, ``mem``, ``edge``, ``cw``, ``ip``, ``ips``, ``pos``, ``dir``,
    ``cmd`` (``LANGUAGE.names``)."""
    return Names({
        "mp": m.value, "left": lambda: m.edge(*m.neighbour(False)),
        "right": lambda: m.edge(*m.neighbour(True)), "mem": lambda: Edges(m),
        "edge": lambda: (m.mq, m.mr, EDGE_NAMES[m.md]), "cw": lambda: bool(m.mcw), "ip": lambda: m.active,
        "ips": lambda: tuple((row, col, DIRECTIONS[d]) for row, col, d in m.ips),
        "pos": lambda: m.ips[m.active][:2], "dir": lambda: DIRECTIONS[m.ips[m.active][2]],
        "cmd": lambda: _cell_char(m)})


def data(m: HexagonyMachine, text: str) -> Callable[[], Any]:
    """``mp``, ``left``, ``right``, ``mem[q,r,D]``, ``pointer`` (the MP ``(q, r, D, cw)``),
    ``ip``, ``ip0`` … ``ip5`` (``(row, col, direction)``)."""
    name, args, _ = data_name(text)
    forms = [form.name for form in LANGUAGE.data_locations]
    if name == "mem" and len(args) == 3 and isinstance(args[0], int) and isinstance(args[1], int) \
            and args[2] in EDGE_NAMES:
        q, r, d = args[0], args[1], EDGE_NAMES.index(args[2])
        return lambda: m.edge(q, r, d)
    if not args:
        if name == "mp":
            return m.value
        if name in ("left", "right"):
            right = name == "right"
            return lambda: m.edge(*m.neighbour(right))
        if name == "pointer":
            return lambda: (m.mq, m.mr, EDGE_NAMES[m.md], bool(m.mcw))
        if name == "ip":
            return lambda: m.active
        if len(name) == 3 and name[:2] == "ip" and name[2] in "012345":
            i = int(name[2])
            return lambda: (m.ips[i][0], m.ips[i][1], DIRECTIONS[m.ips[i][2]])
    raise unknown_data(text, forms)


def counters(m: HexagonyMachine) -> tuple[int, int, int]:
    """``wrap``, ``corner``, ``switch`` (``LANGUAGE.events``)."""
    return (m.wraps, m.corners, m.switches)


# ----- where did a value come from --------------------------------------------------------------
def reads(m: HexagonyMachine, location: str) -> tuple[str, ...]:
    """The data locations the next step reads to make what it writes to ``location``, most
    direct first: ``+`` makes the current edge from its left and right neighbours, chosen by the
    MP (``pointer``); ``&`` from one of them, chosen by the edge itself; a digit, ``)``, ``(``
    and ``~`` from the edge itself; ``{`` ``}`` ``=`` ``"`` ``'`` ``^`` make the MP from the MP
    (``^`` reading the edge too), which moves ``mp``, ``left`` and ``right`` onto other edges;
    ``[`` ``]`` make the next IP from ``ip``, ``#`` from the edge.  A letter, ``,`` and ``?``
    read none (the code, the input)."""
    name, args, canonical = data_name(location)
    program = m.program
    row, col, _ = m.ips[m.active]
    k = program.hexagon.index(row, col)
    op, here = program.ops[k], edge_name((m.mq, m.mr, m.md))
    left, right = edge_name(m.neighbour(False)), edge_name(m.neighbour(True))
    if canonical in (here, "mp") and op in EDGE_WRITERS:
        if op in (DIGIT, INC, DEC, NEG):
            return (here,)
        if op in (ADD, SUB, MUL, DIV, MOD):
            return (left, right, "pointer")
        if op == COPY:
            return (right if m.value() > 0 else left, here, "pointer")
        return ()
    if op in MP_MOVERS and (canonical == "pointer" or canonical in ("mp", "left", "right")):
        moved = _moved(m, op)
        if canonical == "pointer":
            return ("pointer", here) if op == MP_BRANCH else ("pointer",)
        q, r, d, cw = moved
        s = (q, r, d) if canonical == "mp" else neighbour(q, r, d, cw, canonical == "right")[:3]
        return (edge_name(s), "pointer")
    if canonical == "ip" and op in SWITCHERS:
        return (here,) if op == CHOOSE_IP else ("ip",)
    if name == f"ip{m.active}" and not args:  # the IP that runs moves on from where it is
        return (canonical, here) if _branches(m) else (canonical,)
    return ()


def _branches(m: HexagonyMachine) -> bool:
    """Whether the edge's value decides where the active IP goes next: a branch (``<`` hit going
    E, ``>`` going W, C1) or a move out through a corner (W3)."""
    program = m.program
    row, col, d = m.ips[m.active]
    geo = program.hexagon
    k = geo.index(row, col)
    if program.ops[k] == MIRROR:
        mirror = program.params[k]
        if mirror == 4 and d == 0 or mirror == 5 and d == 3:
            return True
        d = TURN_POS[mirror * 6 + d]
    return geo.move(row, col, d, True)[1] == CORNER


def _moved(m: HexagonyMachine, op: int) -> tuple[int, int, int, int]:
    """The MP after the MP command ``op`` (M3)."""
    q, r, d, cw = m.mq, m.mr, m.md, m.mcw
    if op == MP_REVERSE:
        return q, r, d, cw ^ 1
    if op in (MP_BACK_LEFT, MP_BACK_RIGHT):
        q, r, d, cw = neighbour(q, r, d, cw ^ 1, op == MP_BACK_LEFT)
        return q, r, d, cw ^ 1
    return neighbour(q, r, d, cw, op == MP_RIGHT or op == MP_BRANCH and m.value() > 0)


def watch_stops(m: HexagonyMachine, location: str) -> list[tuple[NamedRef, frozenset[str]]] | None:
    """``mem[q,r,D]``: the write stop on the edge (an edge writer about to run with the memory
    pointer on it: the machine's ``WRITE`` flag); ``None`` for the rest, which have their
    ``writers`` (Language ``watch_stops``)."""
    name, args, _ = data_name(location)
    if name == "mem" and len(args) == 3 and isinstance(args[0], int) and isinstance(args[1], int) \
            and args[2] in EDGE_NAMES:
        return [(edge_ref(args[0], args[1], EDGE_NAMES.index(args[2])), frozenset({"write"}))]
    return None


def writers(m: HexagonyMachine, location: str) -> Iterable[CellRef] | None:
    """The cells whose commands may change ``location``: the edge writers for ``mem[…]``, the MP
    commands too for ``mp``, ``left`` and ``right``, ``[`` ``]`` ``#`` for ``ip``; any cell may
    move an IP."""
    name, args, _ = data_name(location)
    if name == "mem" and args:
        ops = EDGE_WRITERS
    elif name == "mp" and not args:
        ops = EDGE_WRITERS | MP_MOVERS
    elif name in ("left", "right", "pointer") and not args:
        ops = MP_MOVERS
    elif name == "ip" and not args:
        ops = SWITCHERS
    else:
        return None
    program = m.program
    geo = program.hexagon
    return [CellRef(BOARD, row, col) for row in range(geo.rows) for col in range(geo.lens[row])
            if program.ops[geo.starts[row] + col] in ops]
