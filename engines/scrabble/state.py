"""JSON encoders of a Scrabble machine: the final state (the shape of the corpus's
``*.expected.json`` plus the plays; ``esodbg exec --final-state``) and one trace line per step
(``esodbg exec --trace``)."""

from __future__ import annotations

from typing import Any

from ..base import Status, StepRecord, Stop, plural
from . import LANGUAGE
from .machine import ScrabbleMachine, executed_words
from .tiles import COMMANDS


def summary(machine: ScrabbleMachine) -> str | None:
    """A few lines for ``esodbg exec`` without ``--final-state``, for a program whose words
    hold no ``PRINT`` (a game record, mostly: it can never write output, so its stdout would say
    nothing): the outcome, plays put down and words run, the stack and pointer, and a GCG
    record's final scores as recorded.  ``None`` for a program that can print: its stdout is its
    output, byte-exactly."""
    program = machine.program
    if any(word.text == "PRINT" for word in program.words):
        return None
    if machine.status is Status.HALTED:
        outcome = f"halted: {LANGUAGE.halted}"
    elif machine.status is Status.ERROR:
        fault = machine.fault
        where = f" at {fault.span.line}:{fault.span.col}" if fault.span else ""
        outcome = f"runtime error{where}: {fault.message}"
    else:
        outcome = "stopped at the step limit"
    words = executed_words(machine)
    stack = ", ".join(map(str, machine.stack[:20])) + (", …" if len(machine.stack) > 20 else "")
    lines = [outcome, f"{plural(machine.acts, 'play', ',')} put down · {plural(words, 'word', ',')} run · "
                      f"{plural(len(program.words), 'word', ',')} in the game",
             f"stack [{stack}] · pointer {machine.pointer}"]
    if program.gcg and program.events:
        totals: dict[str, int] = {}
        for event in program.events:
            totals[event.player] = event.cumulative
        lines.append("final scores (as recorded): " + " · ".join(f"{nick} {total}" for nick, total in totals.items()))
    return "\n".join(lines)


def final_state(machine: ScrabbleMachine) -> dict[str, Any]:
    """The machine's state as JSON-able data::

        {"execution_list": [[word, score], ...],   # the list so far (every word once the game is over)
         "executed_words": int,                     # word steps, skipped ones included
         "final_stack": [int, ...], "final_pointer": int,
         "output": str | None,                      # None if the output went to a stream
         "plays": [{"line", "position", "direction", "tiles", "words": [[word, score], ...],
                    "score", "bingo"} + GCG: {"player", "cumulative", "withdrawn"}, ...]}

    ``line`` is 1-based; ``position`` and ``tiles`` as written; ``words`` in execution order;
    ``score`` the whole move (bingo included); ``cumulative`` the recorded total after the move.
    """
    program = machine.program
    text = getattr(machine.output, "text", None)
    plays = []
    for play in program.plays:
        entry: dict[str, Any] = {
            "line": play.line, "position": play.position, "direction": play.direction, "tiles": play.tiles,
            "words": [[word.text, word.score] for word in play.words], "score": play.score, "bingo": play.bingo,
        }
        if program.gcg:
            entry.update(player=play.player, cumulative=play.cumulative, withdrawn=play.withdrawn)
        plays.append(entry)
    return {
        "execution_list": [[word.text, word.score] for word in program.words[:machine.listed()]],
        "executed_words": executed_words(machine),
        "final_stack": list(machine.stack),
        "final_pointer": machine.pointer,
        "output": text() if text is not None else None,
        "plays": plays,
    }


def trace(machine: ScrabbleMachine, record: StepRecord) -> dict[str, Any]:
    """One JSON object for the step ``record`` just ran.

    A word step: ``{"step", "index", "line", "word", "score", "command", "skipped", "stack",
    "pointer", "if_depth"}`` — the word's 0-based index in the execution list, the line of the
    play that formed it, its text and score, the command it is (``null`` for a no-op word),
    whether it was skipped (rule 10), and the state after it; a word that failed adds
    ``"error"`` (the state is the one before it).  An action: ``{"step", "action": "place" |
    "withdraw", "play" (1-based), "line", "position", "direction", "tiles"}``.
    """
    program = machine.program
    pc, _, depth, acts, _, _ = record.before.registers
    if machine.acts != acts:
        kind, index = program.actions[acts]
        play = program.plays[index]
        return {"step": record.step, "action": kind, "play": index + 1, "line": play.line,
                "position": play.position, "direction": play.direction, "tiles": play.tiles}
    word = program.words[pc]
    command = word.text if word.text in COMMANDS else None
    row = {
        "step": record.step, "index": pc, "line": program.plays[word.play].line, "word": word.text,
        "score": word.score, "command": command, "skipped": bool(depth) and command not in ("IF", "ENDIF"),
        "stack": list(machine.stack), "pointer": machine.pointer, "if_depth": machine.depth,
    }
    if record.stop is Stop.ERROR:
        row["error"] = machine.fault.message
    return row
