"""What the Befunge-93 and Befunge-98 implementations share (see :mod:`esodbg.engines.language`);
:mod:`.plugin93` and :mod:`.plugin98` add each dialect's ``parse`` and ``machine``.

The final state and the trace are documented in ``docs/befunge.md``.  Cells are named as
Befunge programmers write them, ``(x, y)`` with x the column (spec "What the debugger shows"):
a :class:`CellRef`'s row is y and its col x."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import CellRef, Span, StepRecord
from ..base import read_xy_cell as read_cell, xy_cell_name as cell_name  # noqa: F401  (cells are (x, y))
from ..names import Cells, Names, Points, data_name, unknown_data
from .common import BOARD, char  # noqa: F401  (the dialects' plugins take them from here)
from .parser import Program


def view(m, last, follow: str | None = None):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last, follow)


def span(m) -> Span | None:
    """The source of the cell the next step runs, as the view says it, without drawing the view
    (the heat map asks it at every step of a replay)."""
    if not getattr(m, "ips", True):  # Befunge-98 with every instruction pointer gone
        return None
    at = m.location()
    return m.program.span(at.col, at.row)


def places(program: Program) -> tuple[tuple[Span, CellRef], ...]:
    """Every cell the source writes an instruction in (not a space): a line breakpoint at line
    L, column C is the cell (C−1, L−1).  Befunge-98's ``;…;`` comments are none (with their
    ``;``): the IP skips them in no time along the line, so a breakpoint there would never stop
    (one at a column there goes on the next cell after it)."""
    out = []
    for y, line in enumerate(program.lines):
        if program.dialect == 93 and y >= 25:
            break
        comment = False
        for x, b in enumerate(line[:80] if program.dialect == 93 else line):
            if b == 59 and program.dialect == 98:  # ;
                comment = not comment
                continue
            if b != 32 and not comment:
                span = program.span(x, y)
                if span is not None:
                    out.append((span, CellRef(BOARD, y, x)))
    return tuple(out)


def error(m) -> dict | None:
    fault = m.fault
    if fault is None:
        return None
    return {"message": fault.message, "step": fault.step, "at": [fault.at.col, fault.at.row]}


def data_getter(m, text: str, forms: tuple[str, ...], stack: Callable[[], Any], pos: Callable[[], tuple[int, int]],
                delta: Callable[[], tuple[int, int]], mode: Callable[[], bool], cell: Callable[[int, int], Any],
                more: dict[str, Callable[[], Any]]) -> Callable[[], Any]:
    """The getter of the data location ``text``: ``stack[N]``, ``space(X,Y)``, ``pos``,
    ``delta``, ``mode`` and the dialect's ``more``; ``ValueError`` naming ``forms`` otherwise."""
    name, args, _ = data_name(text)
    if name == "stack" and len(args) == 1 and args[0] >= 0:
        return lambda i=args[0]: stack()(i)
    if name == BOARD and len(args) == 2:
        return lambda x=args[0], y=args[1]: cell(x, y)
    simple = {"pos": pos, "delta": delta, "mode": mode, **more}
    if name in simple and not args:
        return simple[name]
    raise unknown_data(text, list(forms))


WRITE_KIND = frozenset({"write"})


def cell_watch_stops(location: str) -> list[tuple[CellRef, frozenset[str]]] | None:
    """The stop before every step that may change ``space(X,Y)`` (Language ``watch_stops``): the
    write stop on the cell (a ``p`` about to write it); ``None`` for the other data locations
    (a stack slot, the pointer: nearly any step may change them)."""
    name, args, _ = data_name(location)
    if name == BOARD and len(args) == 2:
        return [(CellRef(BOARD, args[1], args[0]), WRITE_KIND)]
    return None


def names(m, stack: Callable[[], list[int]], pos, delta, mode, cell: Callable[[int, int], int],
          space: Callable[[], Any], cmd, more: dict[str, Callable[[], Any]]) -> Names:
    """The state names of both dialects (``LANGUAGE93.names``), plus ``more``: ``stack`` is the
    stack top first (``stack[0]`` the top, 0 below the bottom), ``space`` Funge-space as a board
    (``space[x, y]``; ``space()`` its whole state, what a watch keeps)."""
    return Names({"pos": pos, "delta": delta, "stack": lambda: Cells(stack(), 0), "depth": lambda: len(stack()),
                  "mode": mode, "space": lambda: Points(cell, space, BOARD), "cmd": cmd, **more})


def trace_line(record: StepRecord, ip: int | None, cmd: int, pos: tuple[int, int], delta: tuple[int, int],
               stack: list[int], smode: bool) -> dict:
    """One ``--trace`` line: ``step``, ``ip`` (98), ``at`` [x, y] and ``cmd`` (the instruction
    that ran, as a character, or its value if it is not printable), then the pointer's ``pos``,
    ``delta``, ``string_mode`` and its ``stack`` (bottom first) after the step."""
    line = {"step": record.step}
    if ip is not None:
        line["ip"] = ip
    at = record.at
    line.update({"at": [at.col, at.row], "cmd": char(cmd) or cmd, "pos": list(pos), "delta": list(delta),
                 "string_mode": smode, "stack": stack})
    return line


# ----- where did a value come from (reads) ------------------------------------------------------
# What an instruction pops and pushes, by character: (popped, pushed).  The pushed values are
# made from the popped ones (POPS_MAKE) or from the code, the input or Funge-space (the rest).
SHIFTS = {**{c: (2, 1) for c in "+-*/%`g"}, "!": (1, 1), ":": (1, 2), "\\": (2, 2),
          **{c: (1, 0) for c in "$_|.,s"}, "p": (3, 0)}
PUSH_ONE = "0123456789abcdef'&~"


def reads(cmd: int, smode: bool, location: str, fetched: str | None, written: str | None) -> tuple[str, ...]:
    """The data locations the next step reads to make the value it writes to ``location``
    (``stack[N]`` or ``space(X,Y)``), most direct first (Language ``reads``): ``+`` makes
    ``stack[0]`` from ``stack[1]`` and ``stack[0]`` as they were, and the values under them
    move up; ``g`` makes it from the cell it reads (``fetched``), then the coordinates that chose
    it; ``p`` writes ``space(X,Y)`` (``written``) from ``stack[2]``, chosen by ``stack[1]`` and
    ``stack[0]``; string mode pushes the cell under the pointer (``fetched``)."""
    name, args, canonical = data_name(location)
    ch = chr(cmd) if 0 <= cmd < 128 else ""
    if name == BOARD:
        if ch == "p" and not smode and canonical == written:
            return ("stack[2]", "stack[1]", "stack[0]")
        if ch == "s" and not smode and canonical == written:
            return ("stack[0]",)
        return ()
    if name != "stack" or len(args) != 1:
        return ()
    i = args[0]
    if smode and ch == '"':
        return ()  # the closing quote pushes nothing
    if smode or ch in PUSH_ONE:  # one value pushed: a cell (string mode, '), the code or input
        if i == 0:
            return (fetched,) if (smode or ch == "'") and fetched else ()
        return (f"stack[{i - 1}]",)
    if ch not in SHIFTS:
        return ()
    popped, pushed = SHIFTS[ch]
    if i >= pushed:
        return (f"stack[{i - pushed + popped}]",)
    if ch == "g":
        return (fetched, "stack[1]", "stack[0]") if fetched else ("stack[1]", "stack[0]")
    if ch == ":":
        return ("stack[0]",)
    if ch == "\\":
        return (f"stack[{1 - i}]",)
    if ch == "!":
        return ("stack[0]",)
    return ("stack[1]", "stack[0]")  # + - * / % `: b then a
