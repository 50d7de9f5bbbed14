"""What a 15 state looks like (spec `fifteen.md`, "For the debugger"): the puzzle with each piece
over the command written on the backboard, the empty space (instruction pointer) marked, pieces
already at their solved position marked ``home``; the accumulator and every piece's memory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import StepRecord
from ..view import Grid, Cell, Panel, Value, View
from .machine import BOARD

if TYPE_CHECKING:
    from .machine import FifteenMachine


def view(machine: FifteenMachine, last: StepRecord | None) -> View:
    """The presentation model of ``machine``'s state; ``last`` is the step that led to it."""
    changed_cells = set()
    changed_memory = set()
    if last is not None:
        for change in last.changes:
            (changed_cells if change.store == "board" else changed_memory).add(change.key)
    program, cols = machine.program, machine.cols
    rows = []
    for r, commands in enumerate(program.commands):
        row = []
        for c, command in enumerate(commands):
            i = r * cols + c
            label = machine.board[i]
            if label == 0:
                role, glyph = "ip", ""
            else:
                role, glyph = ("home" if label == i + 1 else "tile"), str(label)
            row.append(Cell(glyph, role, command, i in changed_cells))
        rows.append(tuple(row))
    at = machine.location()
    memory = machine.memory
    registers = (
        Value("accumulator", str(memory[0]), 0 in changed_memory),
        Value("ip (empty)", f"({at.row}, {at.col})", bool(changed_cells)),
        Value("command", repr(program.commands[at.row][at.col])),
        Value("input line", repr(machine.inbuf)),
    )
    pieces = tuple(Value(f"piece {k}", str(memory[k]), k in changed_memory) for k in range(1, len(memory)))
    return View(
        boards=(Grid(BOARD, "Puzzle", tuple(rows)),),
        panels=(Panel("registers", "Registers", registers),
                Panel("memory", "Piece memory", pieces, columns=True, grow=True)),
        location=at,
        span=program.spans[at.row][at.col],
    )
