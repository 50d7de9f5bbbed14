"""The Befunge-98 implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`; what both dialects share is in :mod:`.plugin`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import StepRecord
from ..names import Names, code_point
from ..space import Space
from . import LANGUAGE98 as LANGUAGE
from .b98 import ANYWHERE, IP, Befunge98Machine
from .explain import hover, symbols  # noqa: F401  (for editors)
from .parser import Program, decode, encode, parse as parse_text  # noqa: F401  (decode, encode: the files' bytes)
from .plugin import BOARD, WRITE_KIND, cell_watch_stops, reads as reads_of
from .plugin import (cell_name, char, data_getter, error, names, places, read_cell,  # noqa: F401
                     span, trace_line, view)

machine = Befunge98Machine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "watch_stops", "counters", "places",
           "span", "decode", "encode", "cell_name", "read_cell", "exit_code", "hover", "symbols", "reads"]


def parse(text: str, filename: str, options: dict) -> Program:
    return parse_text(text, filename, options, 98)


def exit_code(m: Befunge98Machine) -> int:
    """``q``'s value mod 256, or 0 when the last instruction pointer reached ``@`` (rule 3)."""
    return m.exit_code


def _peek(m: Befunge98Machine) -> Callable[[int], int]:
    return m.ip.peek if m.ips else (lambda i: 0)


def ip_state(ip: IP) -> dict:
    """An instruction pointer: ``id``, ``pos``, ``delta``, ``offset`` ([x, y]), ``string_mode``,
    ``stacks`` (bottom stack first, each bottom first)."""
    return {"id": ip.id, "pos": [ip.x, ip.y], "delta": [ip.dx, ip.dy], "offset": [ip.ox, ip.oy],
            "string_mode": ip.smode, "stacks": [ip.stack(level) for level in range(len(ip.depths))]}


def written(m: Befunge98Machine) -> list[list[int]]:
    """``[x, y, value]`` of every cell whose value is not the source's (32: erased), by y then x."""
    return [[x, y, v] for x, y, v in m.space.differences(Space(m.program.cells))]


def final_state(m: Befunge98Machine, max_steps: int | None = None) -> dict:
    """``file_name``, ``dialect`` 98, ``status``, ``steps``, ``exit_code``, ``output``, ``ips``
    (each as :func:`ip_state`, in the order they run; ``current`` the index of the next),
    ``box`` (``[min x, min y, max x, max y]`` of Funge-space, ``null`` if empty), ``written``,
    ``error``."""
    space = m.space
    return {"file_name": m.program.filename, "dialect": 98, "status": m.status.value, "steps": m.steps,
            "exit_code": 1 if m.fault else m.exit_code, "output": m.output.text(),
            "ips": [ip_state(ip) for ip in m.ips], "current": m.current,
            "box": None if space.empty else [space.min_x, space.min_y, space.max_x, space.max_y],
            "written": written(m), "error": error(m)}


def trace(m: Befunge98Machine, record: StepRecord) -> dict:
    """The IP that ran (``ip``, its id) and its state after the step (:func:`plugin.trace_line`)."""
    at = record.at
    before = record.before.registers
    ran = before[0][before[1]] if before[1] < len(before[0]) else before[0][-1]
    key = (at.col, at.row)
    store, index = m.space.key(*key)
    cmd = next((c.old for c in record.changes if c.store == store and c.key == index), m.space.get(*key))
    if not isinstance(cmd, int):
        cmd = 32  # the step wrote a cell that held nothing
    ip = next((ip for ip in m.ips if ip.id == ran[0]), None)
    if ip is None:  # it died in this step
        return trace_line(record, ran[0], cmd, (at.col, at.row), (ran[3], ran[4]), [], False)
    return trace_line(record, ip.id, cmd, (ip.x, ip.y), (ip.dx, ip.dy), ip.stack(len(ip.depths) - 1), ip.smode)


def _pos(m: Befunge98Machine) -> tuple[int, int] | None:
    return (m.ip.x, m.ip.y) if m.ips else None


def _delta(m: Befunge98Machine) -> tuple[int, int] | None:
    return (m.ip.dx, m.ip.dy) if m.ips else None


def _offset(m: Befunge98Machine) -> tuple[int, int] | None:
    return (m.ip.ox, m.ip.oy) if m.ips else None


def _id(m: Befunge98Machine) -> int | None:
    return m.ip.id if m.ips else None


def _mode(m: Befunge98Machine) -> bool:
    return bool(m.ips and m.ip.smode)


def variables(m: Befunge98Machine) -> Names:
    """Both dialects' names, and ``ip``, ``ips``, ``offset``, ``stacks``, of the IP that runs
    next (once every IP has ended, ``pos``, ``delta`` and ``offset`` are (0, 0), ``ip`` ``None``)."""
    def stack() -> list[int]:
        return m.ip.stack(len(m.ip.depths) - 1)[::-1] if m.ips else []

    def pos() -> tuple[int, int]:
        return _pos(m) or (0, 0)

    return names(m, stack, pos, lambda: _delta(m) or (0, 0), lambda: _mode(m), m.space.get,
                 m.space.state, lambda: char(m.space.get(*pos())),
                 {"ip": lambda: _id(m), "ips": lambda: len(m.ips), "offset": lambda: _offset(m) or (0, 0),
                  "stacks": lambda: len(m.ip.depths) if m.ips else 0})


def data(m: Befunge98Machine, text: str) -> Callable[[], Any]:
    """``stack[N]``, ``space(X,Y)`` (any cell), ``pos``, ``delta``, ``mode``, ``offset``, ``ip``."""
    forms = tuple(form.name for form in LANGUAGE.data_locations)
    return data_getter(m, text, forms, lambda: _peek(m), lambda: _pos(m), lambda: _delta(m), lambda: _mode(m),
                       m.space.get, {"offset": lambda: _offset(m) or (0, 0), "ip": lambda: _id(m)})


def watch_stops(m: Befunge98Machine, location: str) -> list | None:
    """``space(X,Y)``: the write stop on the cell (a ``p`` or ``s`` about to write it) and
    :data:`~.b98.ANYWHERE` (a tick that may write cells the machine cannot name before it: ``k``
    repeating a writer, ``i``, a fingerprint's letter; a cell's write stop stops there too);
    ``None`` for the rest (Language ``watch_stops``)."""
    stops = cell_watch_stops(location)
    return None if stops is None else [*stops, (ANYWHERE, WRITE_KIND)]


def counters(m: Befunge98Machine) -> tuple[int, ...]:
    """``wrap``, ``write``, ``split``, ``death``, ``reflect`` (:attr:`LANGUAGE98.events <.Language.events>`)."""
    return m.counts


def reads(m: Befunge98Machine, location: str) -> tuple[str, ...]:
    """What the next step (the next IP's) reads to make ``location`` (:func:`.plugin.reads`)."""
    if not m.ips:
        return ()
    ip = m.ip
    at = m.location()
    x, y = at.col, at.row
    cmd = m.space.get(x, y)
    fetched = written = None
    if ip.smode:
        fetched = f"{BOARD}({x},{y})"
    elif cmd == 103:
        fetched = f"{BOARD}({ip.peek(1) + ip.ox},{ip.peek(0) + ip.oy})"
    elif cmd == 39:
        fetched = f"{BOARD}({x + ip.dx},{y + ip.dy})"
    target = m._writes(ip, x, y) if not ip.smode else None
    if target is not None:
        written = f"{BOARD}({target[0]},{target[1]})"
    return reads_of(cmd, ip.smode, location, fetched, written)


def show_cell(cell, value):
    """A cell of Funge-space as the board draws it: its character (the number where it is none)."""
    return code_point(value)
