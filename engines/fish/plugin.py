"""The ><> implementation the plugin object delegates to (see :mod:`esodbg.engines.language`).

Cells are named as ><> programmers and fish.py write them, ``(x, y)`` with x the column (a
:class:`CellRef`'s row is y and its col x): a cell breakpoint is ``cell:X,Y``, the data location
``code(X,Y)``.  The final state and the trace are documented in ``docs/fish.md``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import CellRef, Span, StepRecord
from ..base import read_xy_cell as read_cell, xy_cell_name as cell_name  # noqa: F401  (cells are (x, y))
from ..names import Cells, Names, Points, code_point, data_name, unknown_data
from . import LANGUAGE
from .explain import hover, symbols  # noqa: F401  (for editors)
from .machine import BOARD, FishMachine, instruction
from .numbers import BIG
from .parser import Program, parse  # noqa: F401

machine = FishMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "watch_stops", "counters", "places",
           "places_on", "place_of", "decode", "cell_name", "read_cell", "hover", "symbols", "reads", "span", "inspect"]


def decode(data: bytes, filename: str) -> str:
    """A program file's text: UTF-8 (rule 5), a byte-order mark kept as the cell it is in
    fish.py (U+FEFF, no instruction)."""
    return data.decode("utf-8")


def view(m: FishMachine, last: StepRecord | None):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def inspect(m: FishMachine, at: CellRef):
    from .view import inspect as build

    return build(m, at)


def span(m: FishMachine) -> Span | None:
    return m.program.span(m.x, m.y)


def places(program: Program) -> tuple[tuple[Span, CellRef], ...]:
    """Every cell the source writes an instruction in (not a space): a line breakpoint at line
    L, column C is the cell (C−1, L−1−first), ``first`` being 1 under a ``#!`` line."""
    out = []
    for y, line in enumerate(program.lines):
        for x, ch in enumerate(line):
            if ch != " ":
                out.append((Span(y + program.first + 1, x + 1, y + program.first + 1, x + 2), CellRef(BOARD, y, x)))
    return tuple(out)


def places_on(program: Program, line: int) -> list[tuple[Span, CellRef]]:
    """The places on the 1-based ``line`` (those of :func:`places` there): its row's
    instructions, each its cell."""
    y = line - 1 - program.first
    if not 0 <= y < len(program.lines):
        return []
    return [(Span(line, x + 1, line, x + 2), CellRef(BOARD, y, x)) for x, ch in enumerate(program.lines[y]) if ch != " "]


def place_of(program: Program, at) -> Span | None:
    """Where the cell ``at`` is written (``None``: a space, or no cell of the first codebox)."""
    if not isinstance(at, CellRef) or at.board != BOARD or not 0 <= at.row < len(program.lines):
        return None
    row = program.lines[at.row]
    if not 0 <= at.col < len(row) or row[at.col] == " ":
        return None
    line = at.row + program.first + 1
    return Span(line, at.col + 1, line, at.col + 2)


# ----- JSON -------------------------------------------------------------------------------------
def number(v: Any) -> Any:
    """A value as JSON holds it: an integer or a float; an infinity, a NaN and an integer of more
    than 4000 digits as a string (``"inf"``, ``"nan"``, the digits)."""
    if isinstance(v, float) and not v - v == 0.0:
        return repr(v)
    if isinstance(v, int) and not -BIG < v < BIG:
        from .numbers import text

        return text(v)
    return v


def stacks(m: FishMachine) -> list[list]:
    """The stack of stacks, the bottom stack first, each bottom first."""
    starts = (0, *m.bases)
    ends = (*m.bases, len(m.stack))
    return [[number(v) for v in m.stack[a:b]] for a, b in zip(starts, ends)]


def written(m: FishMachine) -> list[list]:
    """``[x, y, value]`` of every cell whose value is not the source's, by y then x."""
    box, program = m.box, m.program
    out = []
    for i, v in enumerate(box.grid):
        x, y = i % box.width, i // box.width
        if v != program.value(x, y):
            out.append([x, y, number(v)])
    first = {at: v for at, v in program.far}
    for (x, y), v in box.far.items():
        if first.get((x, y)) != v:
            out.append([x, y, number(v)])
    out += [[x, y, 0] for (x, y) in first if (x, y) not in box.far]
    return sorted(out, key=lambda c: (c[1], c[0]))


def error(m: FishMachine) -> dict | None:
    fault = m.fault
    if fault is None:
        return None
    return {"message": fault.message, "step": fault.step, "at": [fault.at.col, fault.at.row]}


def mode(m: FishMachine) -> str | None:
    return chr(m.smode) if m.smode else None


def final_state(m: FishMachine, max_steps: int | None = None) -> dict:
    """``file_name``, ``status``, ``steps``, ``exit_code``, ``output``, ``ip`` and ``dir``
    ([x, y]), ``string_mode`` (the quote, or null), ``skip``, ``stacks`` (the stack of stacks,
    bottom stack first, each bottom first), ``registers`` (each stack's, null when empty),
    ``extents`` ([[y, R(y)], …] of the rows with cells), ``last_row`` (H), ``written``
    (cells that differ from the source, ``[x, y, value]``), ``error`` (null or ``{message,
    step, at}``)."""
    return {"file_name": m.program.filename, "status": m.status.value, "steps": m.steps,
            "exit_code": 1 if m.fault else 0, "output": m.output.text(), "ip": [m.x, m.y], "dir": [m.dx, m.dy],
            "string_mode": mode(m), "skip": m.skip, "stacks": stacks(m),
            "registers": [None if r is None else number(r) for r in m.regs],
            "extents": [[y, r] for y, r in sorted(m.box.extents.items())], "last_row": m.box.top,
            "written": written(m), "error": error(m)}


def _ran(record: StepRecord, m: FishMachine) -> object:
    """The value of the cell the step ``record`` ran, before it ran (a ``p`` may write it)."""
    at = record.at
    key = m.box.key(at.col, at.row)
    return next((c.old for c in record.changes if (c.store, c.key) == key), m.box.get(at.col, at.row))


def trace(m: FishMachine, record: StepRecord) -> dict:
    """``step``, ``at`` [x, y] and ``cmd`` (the instruction run, as a character, or its value when
    it is not a printable one), ``skipped`` (the step skipped its cell), then the pointer's
    ``ip``, ``dir``, ``string_mode`` and the current ``stack`` (bottom first) after the step."""
    at = record.at
    old = _ran(record, m)
    c = instruction(old) if isinstance(old, (int, float)) else 32
    skipped = bool(record.before.registers[5])
    return {"step": record.step, "at": [at.col, at.row], "cmd": chr(c) if 32 <= c < 0xD800 and chr(c).isprintable()
            else number(old), "skipped": skipped, "ip": [m.x, m.y], "dir": [m.dx, m.dy], "string_mode": mode(m),
            "stack": [number(v) for v in m.current()]}


# ----- power debugging ------------------------------------------------------------------------------
def variables(m: FishMachine) -> Names:
    """``ip``, ``dir``, ``stack``, ``register``, ``depth``, ``steps``, ``mode``, ``skip``,
    ``code``, ``cmd``, ``input``, ``output`` (LANGUAGE.names)."""
    def cmd() -> str:
        c = m.cmd()
        return chr(c) if c >= 0 else ""

    return Names({"ip": lambda: (m.x, m.y), "dir": lambda: (m.dx, m.dy), "stack": lambda: Cells(m.current()),
                  "register": lambda: m.regs[-1], "depth": lambda: len(m.regs), "steps": lambda: m.steps,
                  "mode": lambda: mode(m), "skip": lambda: m.skip,
                  "code": lambda: Points(m.box.get, lambda: (tuple(m.box.grid), frozenset(m.box.far.items())), BOARD),
                  "cmd": cmd, "input": lambda: m.input.text[:m.in_pos], "output": lambda: m.output.text()})


def _stack_value(m: FishMachine, i: int) -> Any:
    current = m.current()
    return current[i] if -len(current) <= i < len(current) else None


def watch_stops(m: FishMachine, location: str) -> list[tuple[CellRef, frozenset[str]]] | None:
    """``code(X,Y)``: the write stop on the cell (only ``p`` writes the codebox); ``None`` for the
    rest (Language ``watch_stops``)."""
    name, args, _ = data_name(location)
    if name == BOARD and len(args) == 2:
        return [(CellRef(BOARD, args[1], args[0]), frozenset({"write"}))]
    return None


def data(m: FishMachine, text: str) -> Callable[[], Any]:
    """``stack[N]`` (N from the bottom of the current stack, negative from the top; ``None`` where
    the stack has no such value), ``code(X,Y)``, ``register``, ``ip``, ``dir``, ``depth``."""
    name, args, _ = data_name(text)
    if name == "stack" and len(args) == 1:
        return lambda i=args[0]: _stack_value(m, i)
    if name == BOARD and len(args) == 2:
        return lambda x=args[0], y=args[1]: m.box.get(x, y)
    simple = {"register": lambda: m.regs[-1], "ip": lambda: (m.x, m.y), "dir": lambda: (m.dx, m.dy),
              "depth": lambda: len(m.regs)}
    if name in simple and not args:
        return simple[name]
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def counters(m: FishMachine) -> tuple[int, int, int]:
    """``wrap``, ``write``, ``jump`` (LANGUAGE.events)."""
    return (m.wraps, m.writes, m.jumps)


# What an instruction pops and pushes when its pushes are made from what it pops: (pops, pushes).
BINARY = frozenset(map(ord, "+-*,%=()"))
NET = {**{c: (2, 1) for c in BINARY}, ord(":"): (1, 2), ord("$"): (2, 2), ord("@"): (3, 3), ord("g"): (2, 1),
       ord("?"): (1, 0), ord("~"): (1, 0), ord("n"): (1, 0), ord("o"): (1, 0), ord("p"): (3, 0), ord("."): (2, 0),
       ord("l"): (0, 1), ord("i"): (0, 1), **{ord(c): (0, 1) for c in "0123456789abcdef"}}


def reads(m: FishMachine, location: str) -> tuple[str, ...]:
    """The data locations the next step reads to make the value it writes to ``location`` (most
    direct first; ``stack[N]`` as the current stack is indexed before the step, from its
    bottom): ``+`` makes ``stack[n-2]`` from ``stack[n-2]`` and ``stack[n-1]``; ``g`` makes it
    from the cell it reads, then the coordinates; ``p`` writes ``code(X,Y)`` from
    ``stack[n-3]``, chosen by ``stack[n-2]`` and ``stack[n-1]``; string mode pushes the cell's
    value; ``&`` moves the top into the register and back; ``$ @ r { } [ ]`` move values."""
    if m.skip:
        return ()
    name, args, canonical = data_name(location)
    c = m.cmd()
    n = len(m.stack) - m.base
    at = f"{BOARD}({m.x},{m.y})"
    if m.smode:
        if name == "stack" and len(args) == 1 and c != m.smode and _after(args[0], n + 1) == n:
            return (at,)
        return ()
    if name == BOARD:
        target = m._target(112) if c == 112 else None
        if target is not None and canonical == f"{BOARD}({target[0]},{target[1]})":
            return (f"stack[{n - 3}]", f"stack[{n - 2}]", f"stack[{n - 1}]")
        return ()
    if name == "register" and c == 38:
        return (f"stack[{n - 1}]",) if m.regs[-1] is None and n else ()
    if name == "ip" and c == 46 and n >= 2:
        return (f"stack[{n - 2}]", f"stack[{n - 1}]")
    if name != "stack" or len(args) != 1:
        return ()
    return _stack_reads(m, c, n, args[0])


def _stack_reads(m: FishMachine, c: int, n: int, i: int) -> tuple[str, ...]:
    """What makes ``stack[i]`` (of the current stack after the step; negative from its top) in
    a step running the instruction ``c`` on a current stack of ``n`` values."""
    if c == 38:  # &: the register pushed, or the top taken away
        return ("register",) if m.regs[-1] is not None and _after(i, n + 1) == n else ()
    if c in (114, 123, 125) and n:  # r { }: every value moves
        k = _after(i, n)
        if not 0 <= k < n:
            return ()
        source = n - 1 - k if c == 114 else (k + 1) % n if c == 123 else (k - 1) % n
        return (f"stack[{source}]",)
    if c == 91 and n:  # [: the new stack is the top of the old one
        count = m.stack[-1]
        count = count if isinstance(count, int) else int(count) if isinstance(count, float) and count - count == 0 else 0
        have = n - 1
        moved = min(count, have) if count > 0 else have - min(-count, have) if count < 0 else 0
        k = _after(i, moved)
        return (f"stack[{have - moved + k}]",) if 0 <= k < moved else ()
    if c == 93 and m.bases:  # ]: the stack below, with this one on top
        below = (m.bases[-2] if len(m.bases) > 1 else 0)
        size = len(m.stack) - below
        k = _after(i, size) + below - m.base
        return (f"stack[{k}]",) if 0 <= k < n else ()
    if c not in NET:
        return ()
    pops, pushes = NET[c]
    after = n - pops + pushes
    k = _after(i, after)
    if not n - pops <= k < after:
        return ()  # below what the step pops: it did not write it
    if c in BINARY:
        return (f"stack[{n - 2}]", f"stack[{n - 1}]")
    if c == 58:  # :
        return (f"stack[{n - 1}]",)
    if c == 36:  # $
        return (f"stack[{n - 1}]",) if k == n - 2 else (f"stack[{n - 2}]",)
    if c == 64:  # @: a, c, b from c, b, a
        return (f"stack[{(n - 1, n - 3, n - 2)[k - (n - 3)]}]",)
    if c == 103:  # g: the cell, then the coordinates
        target = m._target(103)
        cell = (f"{BOARD}({target[0]},{target[1]})",) if target is not None else ()
        return (*cell, f"stack[{n - 2}]", f"stack[{n - 1}]")
    return ()  # a digit, l, i: from the code, the stack's length, the input


def _after(i: int, length: int) -> int:
    """A ``stack[i]`` index from the bottom, in a stack of ``length`` values (negative ``i``
    counts from the top)."""
    return i + length if i < 0 else i


def show_cell(cell, value):
    """A cell of Funge-space as the board draws it: its character (the number where it is none)."""
    return code_point(value)
