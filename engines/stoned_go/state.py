"""A run's observable result (spec `stoned-go.md` D7), one step's events (D5), a summary.

:func:`final_state` gives exactly the JSON shape of `shared/corpus/stoned-go/*.expected.json`;
:func:`parse_error_state` the same shape for a program that did not parse; :func:`step_json` one
``--trace`` line.  Points are ``[x, y]``; stones and captured stones are in reading order (C5).
"""

from __future__ import annotations

from pathlib import Path

from ..base import Status, StepRecord
from ..iobuf import InputLog, OutputLog
from .board import unpack
from .errors import SourceError, Via
from .machine import COLOURS, F_DEPTH, Log, StonedGoMachine

DEFAULT_STEP_LIMIT = 10_000  # the corpus harness's default (`# @step_limit N`)


def _via(via: Via) -> list[dict]:
    return [{"macro": c.name, "line": c.span.line, "col": c.span.col} for c in via]


def _point(key: int) -> list[int]:
    return list(unpack(key))


def _replayed_log(machine: StonedGoMachine) -> Log:
    """The log of ``machine``'s run: the one it kept, or a fresh run's to the same step (runs
    are deterministic) if it kept none or moved in time."""
    if machine.log is not None:
        return machine.log
    fresh = StonedGoMachine(machine.program, InputLog("", True), OutputLog())
    fresh.keep_log()
    if machine.steps:
        fresh.run(machine.steps)
    return fresh.log  # type: ignore[return-value]


def _shape(case: str, dialect: str, outcome: str, steps: int, step_limit: int, cursor: list[int],
           direction: str, stones: list, captures: list, triggers: list, error: dict | None) -> dict:
    return {
        "case": case, "dialect": dialect, "outcome": outcome, "halted": outcome == "halted", "steps": steps,
        "step_limit": step_limit, "cursor": cursor, "direction": direction, "stones": stones,
        "captures": captures, "triggers": triggers, "error": error,
    }


def final_state(machine: StonedGoMachine, case: str | None = None, *, step_limit: int | None = None,
                interrupted: bool = False) -> dict:
    """D7 for the machine's current state.  ``case`` defaults to the program file's stem;
    ``step_limit`` is the limit the run was given — a machine that is still running has outcome
    ``step_limit`` (D4), or ``interrupted`` if Ctrl+C or SIGTERM ended the run
    (``interrupted``; ``esodbg exec``'s addition to D7).  Without a limit the field is the steps
    run when the outcome is ``step_limit``, else ``null``."""
    program = machine.program
    log = _replayed_log(machine)
    still = "interrupted" if interrupted else "step_limit"
    outcome = {Status.HALTED: "halted", Status.ERROR: "runtime_error"}.get(machine.status, still)
    if step_limit is None and outcome == "step_limit":
        step_limit = machine.steps
    error = None
    if machine.status is Status.ERROR:
        fault = machine.fault
        command = machine._cmd[machine.fault_pc]  # type: ignore[index]
        error = {"phase": "runtime", "line": fault.span.line, "col": fault.span.col,  # type: ignore[union-attr]
                 "message": fault.message, "via": _via(command.via)}  # type: ignore[union-attr]
    stones = [{"pos": _point(key), "colour": COLOURS[stone[0]]} for key, stone in sorted(machine.board.items())]
    captures = [{"step": step, "placed_at": _point(key), "placed_colour": COLOURS[colour],
                 "captured_colour": COLOURS[captured], "stones": [_point(k) for k in keys], "depth": depth}
                for step, key, colour, captured, keys, depth in log.captures]
    triggers = [{"before_step": before, "pos": _point(key), "colour": COLOURS[colour], "depth": depth,
                 "kind": "subprogram" if kind == 2 else "plain"}
                for before, key, colour, depth, kind in log.triggers]
    return _shape(case if case is not None else Path(program.filename).stem, program.dialect, outcome,
                  machine.steps, step_limit, [machine.x, machine.y], machine.flag, stones, captures, triggers, error)


def parse_error_state(error: SourceError, case: str, *, base: bool = False,
                      step_limit: int | None = DEFAULT_STEP_LIMIT) -> dict:
    """D7 for a program that did not parse: outcome ``parse_error``, 0 steps, the start state,
    and the error's phase, position, message and via."""
    return _shape(case, "base" if base else "inner-loop", "parse_error", 0, step_limit, [0, 0], "horizontal",
                  [], [], [], {"phase": error.phase, "line": error.line, "col": error.col,
                               "message": error.message, "via": _via(error.via)})


def step_json(machine: StonedGoMachine, record: StepRecord) -> dict:
    """One ``--trace`` line for the step ``record`` just ran (:meth:`StonedGoMachine.step`):
    ``step``, ``command`` (its text), ``span`` ``[line, col, end_line, end_col]``, ``via``
    (``[{macro, line, col}]``, outermost first), ``depth`` (of the frame that ran it), ``cursor``
    and ``flag`` after it, and ``events`` (D5, in order, as the record holds them;
    docs/stoned-go.md lists their fields)."""
    pc, frame = record.before.registers[3:5]
    command = machine._cmd[pc]
    return {"step": record.step, "command": command.text, "span": list(command.span), "via": _via(command.via),
            "depth": frame[F_DEPTH], "cursor": [machine.x, machine.y], "flag": machine.flag,
            "events": list(record.events)}


def summary(machine: StonedGoMachine, interrupted: bool = False) -> str:
    """A few lines for ``esodbg exec`` without ``--final-state``: outcome (``interrupted``:
    Ctrl+C or SIGTERM ended the run), steps, cursor and flag, stones by colour, captures."""
    status = machine.status
    if status is Status.HALTED:
        outcome = "halted: a ? found a stone"
    elif status is Status.ERROR:
        fault = machine.fault
        outcome = f"runtime error at {fault.span.line}:{fault.span.col}: {fault.message}"  # type: ignore[union-attr]
    else:
        outcome = "interrupted" if interrupted else "stopped at the step limit"
    black = sum(1 for stone in machine.board.values() if stone[0] == 0)
    return (f"{outcome}\n"
            f"steps {machine.steps:,} · cursor ({machine.x}, {machine.y}) {machine.flag} · depth {machine.depth}\n"
            f"stones {len(machine.board):,} ({black:,} black, {len(machine.board) - black:,} white) · "
            f"captures {machine.captures:,} ({machine.taken:,} stone{'s' if machine.taken != 1 else ''})")
