"""The Stoned-Go implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`): ``parse``, ``machine``, ``view``, ``inspect``, ``final_state``,
``trace``, ``summary``, ``decode``, ``export``, ``cell_name`` and ``read_cell`` (a point is ``(x, y)``).
The final state and the trace are documented in docs/stoned-go.md."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath
from typing import Any

from ..base import ParseError, Span, Status, StepRecord
from ..iobuf import InputLog, Output
from ..language import parse_error_state as default_parse_error_state
from ..names import Names, Points, data_name, unknown_data
from . import LANGUAGE
from .board import pack, unpack
from .explain import hover, symbols
from .lexer import decode
from .machine import COLOURS, HI, LO, StonedGoMachine
from .parser import parse
from .errors import SourceError
from .state import final_state as _final_state, parse_error_state as _parse_error_state, step_json, summary
from .view import cell_name, frames, inspect, read_cell, view

__all__ = ["parse", "machine", "view", "inspect", "final_state", "parse_error_state", "trace", "summary", "decode", "export", "variables",
           "data", "reads", "counters", "span", "frames", "bounds", "hover", "symbols", "cell_name", "read_cell"]


def machine(program, input: InputLog, output: Output) -> StonedGoMachine:
    """A machine at step 0 that keeps its :class:`~.machine.Log`, so ``exec --final-state`` does
    not run the program twice; the log is dropped the first time the machine goes back in time
    (``final_state`` then replays the run)."""
    m = StonedGoMachine(program, input, output)
    m.keep_log()
    return m


def final_state(m: StonedGoMachine, max_steps: int | None = None, interrupted: bool = False) -> dict:
    """D7 (the corpus's ``expected.json`` shape), the case named after the program file;
    ``step_limit`` is ``--max-steps``; ``interrupted``: Ctrl+C or SIGTERM ended the run."""
    return _final_state(m, step_limit=max_steps, interrupted=interrupted)


def parse_error_state(error: ParseError, filename: str, options: dict[str, Any], max_steps: int | None) -> dict:
    """D7 for a program that did not parse (the corpus's ``err_*.expected.json``): the start
    state and the error's phase, position, message and via."""
    if not isinstance(error, SourceError):  # not one of the phases' errors (none is known)
        return default_parse_error_state(error)
    return _parse_error_state(error, PurePath(filename).stem, base=bool(options.get("base")), step_limit=max_steps)


def trace(m: StonedGoMachine, record: StepRecord) -> dict:
    """One JSON object for the step ``record`` just ran (D5; :func:`.state.step_json`)."""
    return step_json(m, record)



def export(m: StonedGoMachine, name: str) -> bytes:
    """``sgf``: the board as an SGF file (:mod:`.export`)."""
    from .export import sgf

    return sgf(m)


# ----- power debugging (docs/stoned-go.md, "Stepping and breakpoints") --------------------------
def _colour(m: StonedGoMachine, x: int, y: int) -> str | None:
    stone = m.board.get(pack(x, y))
    return COLOURS[stone[0]] if stone is not None else None


def variables(m: StonedGoMachine) -> Names:
    """``x``, ``y``, ``flag``, ``depth``, ``stones``, ``stone``, ``captures`` (:attr:`LANGUAGE.names
    <.Language.names>`)."""
    board = m.board
    stone = Points(lambda x, y: _colour(m, x, y), lambda: frozenset((k, v[0]) for k, v in board.items()), "stone")
    return Names({"x": lambda: m.x, "y": lambda: m.y, "flag": lambda: m.flag, "depth": lambda: m.depth,
                  "stones": lambda: len(board), "stone": lambda: stone, "captures": lambda: m.captures})


def data(m: StonedGoMachine, text: str) -> Callable[[], Any]:
    """``board(X,Y)`` (any point), ``x``, ``y``, ``flag``."""
    name, args, _ = data_name(text)
    if name == "board" and len(args) == 2:
        return lambda: _colour(m, *args)
    if not args and name in ("x", "y", "flag"):
        return {"x": lambda: m.x, "y": lambda: m.y, "flag": lambda: m.flag}[name]
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def reads(m: StonedGoMachine, location: str) -> tuple[str, ...]:
    """What the next step (D1) reads to make the value it writes to ``location``, most direct
    first (issue 28).  A move ``+n``/``-n`` (R2) makes ``x`` (horizontal flag) or ``y``
    (vertical) from that coordinate and ``flag``, which chose the axis, and makes ``flag`` from
    ``flag`` (it flips); ``/`` (R3) makes ``flag`` from ``flag``.  The rest make no value from a
    location: a placement (R4) makes the cursor's point from the code (the colour is written in
    the command; the cursor only addresses it, so the chain ends there); the stones it captures
    (C1-C5) become empty by the capture rule, not from any one location's value (the stones
    and liberties around the group decided it), so the chain ends at the capturing placement;
    ``?`` (R6, V5) and a ``|`` pass (R5) write no data, nor does a failing move (R8).  Triggers
    and subprograms (T1-T5, V2) start between steps and move nothing (S6, V3); their commands
    read as above (R1).  No step after a halt or an error."""
    name = data_name(location)[0]
    command = m.command()
    if m.status is not Status.READY or command is None:
        return ()
    kind = command.kind
    if kind == "flip":
        return ("flag",) if name == "flag" else ()
    if kind != "move" or not LO <= (m.x if m.h else m.y) + command.value <= HI:
        return ()  # board(X,Y): placed from the code or captured; R8: a failing move writes nothing
    if name == "flag":
        return ("flag",)
    return (name, "flag") if name == ("x" if m.h else "y") else ()


def span(m: StonedGoMachine) -> Span | None:
    """The command about to run."""
    command = m.command()
    return command.span if command is not None else None


def bounds(m: StonedGoMachine, name: str) -> tuple[int, int, int, int] | None:
    """The smallest box holding every stone and the cursor, in (row, col) = (y, x) (S4)."""
    if name != "board":
        return None
    xs, ys = [m.x], [m.y]
    for key in m.board:
        x, y = unpack(key)
        xs.append(x)
        ys.append(y)
    return min(ys), min(xs), max(ys) - min(ys) + 1, max(xs) - min(xs) + 1


def counters(m: StonedGoMachine) -> tuple[int, int]:
    """``capture`` (capture sets so far), ``trigger`` (triggers started so far)."""
    return m.captures, m.triggered
