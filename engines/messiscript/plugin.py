"""The MessiScript implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`).

The final state and the trace are documented in ``docs/messiscript.md``; a trace line holds the
fields of the corpus traces (``shared/corpus/messiscript/*.trace.jsonl``) with the same names."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..base import CodeRef, Span, StepRecord
from ..integers import bits_of
from ..names import Cells, Names, data_name, unknown_data
from . import LANGUAGE
from .explain import hover, symbols
from .machine import ADD, ADD_K, AFFINE, COPY, DIV, IN_CHR, IN_INT, LEFT, LT, PASTE, RIGHT, ZERO, MessiMachine
from .parser import Program, parse as parse_text

machine = MessiMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "reads", "writers", "places", "span",
           "hover", "symbols"]


def view(m, last):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def places(program: Program) -> tuple[tuple[Span, CodeRef], ...]:
    """Every command (rules 3-9): a breakpoint on one stops when control arrives there."""
    return tuple((command.span, CodeRef(i)) for i, command in enumerate(program.commands))


def span(m: MessiMachine) -> Span | None:
    """The command about to run (``None`` at the end)."""
    commands = m.program.commands
    return commands[m.pc].span if m.pc < len(commands) else None


def parse(text: str, filename: str, options: dict) -> Program:
    return dataclasses.replace(parse_text(text, filename), bits=bits_of(options))


def final_state(m: MessiMachine, max_steps: int | None = None) -> dict:
    """``file_name``, ``status`` (ready, halted, error), ``steps``, ``output``, ``position``,
    ``clipboard``, ``tape`` (every cell), ``error`` (``null`` or ``{message, step, line, col}``)."""
    fault = m.fault
    return {
        "file_name": m.program.filename, "status": m.status.value, "steps": m.steps, "output": m.output.text(),
        "position": m.pos, "clipboard": m.clip, "tape": list(m.tape),
        "error": None if fault is None else {"message": fault.message, "step": fault.step, "line": fault.span.line,
                                             "col": fault.span.col},
    }


def trace(m: MessiMachine, record: StepRecord) -> dict:
    """The corpus fields ``n`` (the step), ``depth`` (loops around the command, plus one),
    ``cmd``, ``content`` (a command's text after its name), ``pos``, ``clip``, ``array`` (the
    tape).  A loop test that leaves its loop is ``cmd: "<loop end>"`` with ``body_len``, as in
    the corpus; one that enters the body — a step the original does not record — is
    ``cmd: "<loop test>"``."""
    command = m.program.commands[record.at.index]
    row = {"n": record.step, "depth": len(command.loops) + 1}
    if command.loop is None:
        row |= {"cmd": command.name, "content": command.content}
    elif m.passes[command.loop]:
        row |= {"cmd": "<loop test>"}
    else:
        row |= {"cmd": "<loop end>", "body_len": m.program.loops[command.loop].body_len}
    return row | {"pos": m.pos, "clip": m.clip, "array": list(m.tape)}


# ----- power debugging (docs/messiscript.md, "In the debugger") ---------------------------------
def variables(m: MessiMachine) -> Names:
    """``cell``, ``pos``, ``clip``, ``tape`` (:attr:`LANGUAGE.names <.Language.names>`)."""
    tape = m.tape
    return Names({"cell": lambda: tape[m.pos], "pos": lambda: m.pos, "clip": lambda: m.clip,
                  "tape": lambda: Cells(tape, missing=0)})


def data(m: MessiMachine, text: str) -> Callable[[], Any]:
    """``tape[N]`` (N ≥ 0; a cell the tape has not grown to yet is 0), ``cell``, ``pos``, ``clip``."""
    name, args, _ = data_name(text)
    tape = m.tape
    if name == "tape" and len(args) == 1 and args[0] >= 0:
        return lambda i=args[0]: tape[i] if i < len(tape) else 0
    if not args and name in ("cell", "pos", "clip"):
        return {"cell": lambda: tape[m.pos], "pos": lambda: m.pos, "clip": lambda: m.clip}[name]
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def reads(m: MessiMachine, location: str) -> tuple[str, ...]:
    """What the next command reads to make the value it writes to ``location``, most direct
    first (the command table): a ``va messi`` makes the cell from the cell; ``amaga messi`` from
    ``clip``; ``suma messi`` … ``es menor messi`` from the cell and ``clip``; ``corre messi``
    makes ``clip`` from the cell; a move makes ``pos`` from ``pos``.  Then ``pos``, which chose
    the cell.  ``encara messi`` and the input commands make the cell from the code and from
    input: none.  ``cell`` is the cell at the position: a move makes it the next cell's value,
    read from that cell (then ``pos``)."""
    name, args, _ = data_name(location)
    kind, pos = m._kind[m.pc], m.pos
    cell = f"tape[{pos}]"
    if kind in (RIGHT, LEFT):  # the position moves: the cell at it is another tape cell
        to = pos + 1 if kind == RIGHT else max(pos - 1, 0)
        return ("pos",) if name == "pos" else (f"tape[{to}]", "pos") if name == "cell" and to != pos else ()
    if name == "pos":
        return ()
    if name == "clip":
        return (cell, "pos") if kind == COPY else ()
    if name == "cell" or name == "tape" and args == (pos,):
        if kind in (ADD_K, AFFINE):
            return (cell, "pos")
        if kind == PASTE:
            return ("clip", "pos")
        if ADD <= kind <= LT:  # the clipboard's arithmetic and comparisons (DIV by 0 writes none)
            return (cell, "clip", "pos") if kind != DIV or m.clip else ()
    return ()  # zero, input, or a command that does not write there


def writers(m: MessiMachine, location: str) -> list[CodeRef] | None:
    """The commands that may change ``location``: a tape cell, those that write the cell at the
    position (``va messi``, ``encara messi``, ``amaga messi``, the clipboard's arithmetic and
    comparisons, the input commands), and for ``cell`` the moves too; ``clip``, ``corre
    messi``; ``pos``, the moves."""
    name, _, _ = data_name(location)
    cell = {ADD_K, AFFINE, ZERO, PASTE, IN_CHR, IN_INT, *range(ADD, LT + 1)}
    kinds = {"tape": cell, "cell": cell | {RIGHT, LEFT}, "clip": {COPY}, "pos": {RIGHT, LEFT}}.get(name)
    if kinds is None:
        return None
    return [CodeRef(i) for i, kind in enumerate(m._kind[:-1]) if kind in kinds]
