"""The Stoned-Go implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`): ``parse``, ``machine``, ``view``, ``final_state``, ``trace``,
``summary``, ``decode``.  The final state and the trace are documented in docs/stoned-go.md."""

from __future__ import annotations

from ..base import StepRecord
from ..iobuf import InputLog, Output
from .lexer import decode
from .machine import StonedGoMachine
from .parser import parse
from .state import final_state as _final_state, step_json, summary
from .view import view

__all__ = ["parse", "machine", "view", "final_state", "trace", "summary", "decode"]


def machine(program, input: InputLog, output: Output) -> StonedGoMachine:
    """A machine at step 0 that keeps its :class:`~.machine.Log`, so ``exec --final-state`` does
    not run the program twice; the log is dropped the first time the machine goes back in time
    (``final_state`` then replays the run)."""
    m = StonedGoMachine(program, input, output)
    m.keep_log()
    return m


def final_state(m: StonedGoMachine, max_steps: int | None = None) -> dict:
    """D7 (the corpus's ``expected.json`` shape), the case named after the program file;
    ``step_limit`` is ``--max-steps``."""
    return _final_state(m, step_limit=max_steps)


def trace(m: StonedGoMachine, record: StepRecord) -> dict:
    """One JSON object for the step ``record`` just ran (D5; :func:`.state.step_json`)."""
    return step_json(m, record)

