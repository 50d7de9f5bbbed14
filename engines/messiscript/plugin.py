"""The MessiScript implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`).

The final state and the trace are documented in ``docs/messiscript.md``; a trace line holds the
fields of the corpus traces (``shared/corpus/messiscript/*.trace.jsonl``) with the same names."""

from __future__ import annotations

from ..base import StepRecord
from .machine import MessiMachine
from .parser import Program, parse as parse_text

machine = MessiMachine
__all__ = ["parse", "machine", "view", "final_state", "trace"]


def view(m, last):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def parse(text: str, filename: str, options: dict) -> Program:
    return parse_text(text, filename)  # MessiScript has no options


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
