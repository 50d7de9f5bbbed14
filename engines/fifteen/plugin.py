"""The 15 implementation the plugin object delegates to (see :mod:`esodbg.engines.language`).

The final state and the trace are documented in ``docs/fifteen.md``; a trace line holds every
field of the corpus traces (``shared/corpus/fifteen/*.trace.jsonl``) with the same names."""

from __future__ import annotations

from ..base import StepRecord
from .machine import FifteenMachine
from .parser import Program, parse as parse_text

machine = FifteenMachine
__all__ = ["parse", "machine", "view", "final_state", "trace"]


def view(m, last):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def parse(text: str, filename: str, options: dict) -> Program:
    return parse_text(text, filename)  # 15 has no options


def _puzzle(m: FifteenMachine) -> list[list[int]]:
    return [m.board[r * m.cols:(r + 1) * m.cols] for r in range(m.program.rows)]


def final_state(m: FifteenMachine, max_steps: int | None = None) -> dict:
    """``file_name``, ``status`` (ready, halted, error), ``steps``, ``output``, ``accumulator``,
    ``memory`` (by piece label, ``memory[0]`` the accumulator), ``puzzle`` (rows of labels, 0 the
    empty square), ``empty`` ([row, col]), ``input_line`` (what is left of the line read last),
    ``error`` (``null`` or ``{message, step, line, col}``)."""
    at = m.location()
    fault = m.fault
    return {
        "file_name": m.program.filename, "status": m.status.value, "steps": m.steps, "output": m.output.text(),
        "accumulator": m.memory[0], "memory": list(m.memory), "puzzle": _puzzle(m), "empty": [at.row, at.col],
        "input_line": m.inbuf,
        "error": None if fault is None else {"message": fault.message, "step": fault.step, "line": fault.span.line,
                                             "col": fault.span.col},
    }


def trace(m: FifteenMachine, record: StepRecord) -> dict:
    """The corpus trace fields: ``step``, ``at`` (the empty square before the step), ``cmd``
    (the command there), ``to`` (the empty square after), ``acc``, ``memory``, ``puzzle``."""
    to = m.location()
    at = record.at
    return {"step": record.step, "at": [at.row, at.col], "cmd": m.program.commands[at.row][at.col],
            "to": [to.row, to.col], "acc": m.memory[0], "memory": list(m.memory), "puzzle": _puzzle(m)}
