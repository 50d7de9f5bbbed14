"""The Befunge-93 implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`; what both dialects share is in :mod:`.plugin`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import StepRecord
from ..names import Names, code_point, data_name, unknown_data
from . import LANGUAGE93 as LANGUAGE
from .b93 import Befunge93Machine
from .explain import hover, symbols  # noqa: F401  (for editors)
from .common import HEIGHT, WIDTH
from .parser import Program, decode, encode, parse as parse_text  # noqa: F401  (the files. bytes)
from .plugin import reads as reads_of
from .plugin import (BOARD, cell_name, cell_watch_stops, char, data_getter, error, names, places, read_cell,  # noqa: F401
                     span, trace_line, view)

machine = Befunge93Machine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "watch_stops", "counters", "places", "span", "decode",
           "encode", "cell_name", "read_cell", "exit_code", "hover", "symbols", "reads"]


def parse(text: str, filename: str, options: dict) -> Program:
    return parse_text(text, filename, options, 93)


def exit_code(m: Befunge93Machine) -> int:
    """A program that reached ``@`` exits 0 (rule 3)."""
    return 0


def _cell(m: Befunge93Machine, x: int, y: int) -> int:
    return m.space[y * WIDTH + x] if 0 <= x < WIDTH and 0 <= y < HEIGHT else 0


def _peek(m: Befunge93Machine) -> Callable[[int], int]:
    stack = m.stack
    return lambda i: stack[-1 - i] if i < len(stack) else 0


def written(m: Befunge93Machine) -> list[list[int]]:
    """``[x, y, value]`` of every cell whose value is not the source's."""
    first = m.program.cells
    return [[i % WIDTH, i // WIDTH, v] for i, v in enumerate(m.space) if v != first[i]]


def final_state(m: Befunge93Machine, max_steps: int | None = None) -> dict:
    """``file_name``, ``dialect`` 93, ``status``, ``steps``, ``exit_code``, ``output``, ``pos``
    and ``delta`` ([x, y]), ``string_mode``, ``stack`` (bottom first), ``written`` (cells that
    differ from the source, ``[x, y, value]``), ``error`` (``null`` or ``{message, step, at}``)."""
    return {"file_name": m.program.filename, "dialect": 93, "status": m.status.value, "steps": m.steps,
            "exit_code": 1 if m.fault else 0, "output": m.output.text(), "pos": [m.x, m.y], "delta": [m.dx, m.dy],
            "string_mode": m.smode, "stack": list(m.stack), "written": written(m), "error": error(m)}


def trace(m: Befunge93Machine, record: StepRecord) -> dict:
    at = record.at
    i = at.row * WIDTH + at.col
    cmd = next((c.old for c in record.changes if c.store == "space" and c.key == i), m.space[i])
    return trace_line(record, None, cmd, (m.x, m.y), (m.dx, m.dy), list(m.stack), m.smode)


def variables(m: Befunge93Machine) -> Names:
    """``pos``, ``delta``, ``stack``, ``depth``, ``mode``, ``space``, ``cmd``."""
    return names(m, lambda: m.stack[::-1], lambda: (m.x, m.y), lambda: (m.dx, m.dy), lambda: m.smode,
                 lambda x, y: _cell(m, x, y), lambda: tuple(m.space), lambda: char(m.space[m.y * WIDTH + m.x]), {})


def data(m: Befunge93Machine, text: str) -> Callable[[], Any]:
    """``stack[N]``, ``space(X,Y)`` (0 ≤ x < 80, 0 ≤ y < 25), ``pos``, ``delta``, ``mode``."""
    name, args, _ = data_name(text)
    forms = tuple(form.name for form in LANGUAGE.data_locations)
    if name == BOARD and len(args) == 2 and not (0 <= args[0] < WIDTH and 0 <= args[1] < HEIGHT):
        raise unknown_data(text, list(forms))
    return data_getter(m, text, forms, lambda: _peek(m), lambda: (m.x, m.y), lambda: (m.dx, m.dy),
                       lambda: m.smode, lambda x, y: _cell(m, x, y), {})


def watch_stops(m: Befunge93Machine, location: str) -> list | None:
    """``space(X,Y)``: the write stop on the cell (only ``p`` writes the playfield); ``None`` for
    the rest (Language ``watch_stops``)."""
    return cell_watch_stops(location)


def counters(m: Befunge93Machine) -> tuple[int, int]:
    """``wrap``, ``write`` (:attr:`LANGUAGE93.events <.Language.events>`)."""
    return (m.wraps, m.writes)


def reads(m: Befunge93Machine, location: str) -> tuple[str, ...]:
    """What the next step reads to make ``location`` (:func:`.plugin.reads`)."""
    cmd = m.space[m.y * WIDTH + m.x]
    stack = m.stack
    fetched = written = None
    if cmd == 103 and not m.smode:  # g: the cell it reads (outside the playfield: 0, from nowhere)
        x, y = (stack[-2] if len(stack) > 1 else 0), (stack[-1] if stack else 0)
        fetched = f"{BOARD}({x},{y})" if 0 <= x < WIDTH and 0 <= y < HEIGHT else None
    elif m.smode:
        fetched = f"{BOARD}({m.x},{m.y})"
    if cmd == 112 and not m.smode:
        at = m._target()
        written = f"{BOARD}({at % WIDTH},{at // WIDTH})" if at >= 0 else None
    return reads_of(cmd, m.smode, location, fetched, written)


def show_cell(cell, value):
    """A cell of Funge-space as the board draws it: its character (the number where it is none)."""
    return code_point(value)
