"""The Tic Tac Toe Grow implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`).

The final state is the corpus shape (``shared/corpus/ttg/*.expected.json``, described in its
``INDEX.md``); the trace fields are documented in ``docs/ttg.md``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..base import Span, StepRecord
from ..names import Names, Points, data_name, unknown_data
from . import LANGUAGE
from .boards import Board, display
from .events import Exec, Halt, LimitReset, OverflowWrite, Return, Stopped, Swap, SwapMemory2, Undo, Update, Write
from .explain import hover
from .machine import MAIN, MEMORY1, MEMORY2, MEMORY3, TTGMachine
from .parser import Program, parse as parse_text
from .view import SPECIAL

machine = TTGMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "counters", "span", "bounds",
           "hover"]


def view(m, last):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def parse(text: str, filename: str, options: dict) -> Program:
    """The keystrokes of ``text`` (R1); ``options``: ``name`` (run as if the file were called
    so, R4), ``max_cells``, ``max_history`` (docs/ttg.md, "Limits")."""
    program = parse_text(text, filename)
    caps = {key: options[key] for key in ("max_cells", "max_history") if options.get(key) is not None}
    if options.get("name") is not None:
        caps["name"] = options["name"]
    return replace(program, **caps) if caps else program


def grid(board: Board) -> list[list]:
    """A board as drawn, over its bounding box: ``None`` off the board, ``""`` Empty, else the
    value (a Num as a number)."""
    return [[None if cell is None else board.get(cell) or "" for cell in line] for line in board.grid()[2]]


def ascii_picture(board: Board) -> list[str]:
    """The page's ``|_|`` picture of a board as drawn (R46): a line of ``_`` over the top row,
    then a line per row — each cell ``|`` and its value's first character (``_`` for Empty, ``⎵``
    Space, ``⏎`` Enter), a wall after the last cell, and ``_`` below an off-board place where
    the row beneath has a cell (the top of that cell)."""
    rows = grid(board)
    width = max(len(row) for row in rows)

    def on(r: int, c: int) -> bool:
        return 0 <= r < len(rows) and 0 <= c < width and rows[r][c] is not None

    def char(value) -> str:
        if value == "":
            return "_"
        text = display(value)
        return SPECIAL.get(text, text[0])

    lines = ["".join("__" if on(0, c) else "  " for c in range(width)).rstrip()]
    for r in range(len(rows)):
        line = ""
        for c in range(width + 1):
            line += "|" if on(r, c) or on(r, c - 1) else " "
            line += char(rows[r][c]) if on(r, c) else "_" if on(r + 1, c) else " "
        lines.append(line.rstrip())
    return lines


def _board(board: Board) -> dict:
    return {"grid": grid(board), "ascii": ascii_picture(board)}


def final_state(m: TTGMachine, max_steps: int | None = None) -> dict:
    """The corpus shape: ``file_name``, ``output``, ``halted`` (a Backspace at the start broke
    the program, R17), ``steps`` (keystrokes processed), ``direction`` (D), ``next_order_index``
    (k), ``boards`` (``main``, ``memory1``, ``memory2``, ``memory3``: ``grid`` and ``ascii``),
    ``saved_states`` (the same for each save), ``undo_depth`` (Backspace records),
    ``program_keystrokes``."""
    return {
        "file_name": m.program.name, "output": m.output.text(), "halted": m.broken, "steps": m.keystrokes,
        "direction": m.D, "next_order_index": m.k,
        "boards": {role: _board(m.board(role)) for role in (MAIN, MEMORY1, MEMORY2, MEMORY3)},
        "saved_states": [_board(m.saves[i]) for i in range(len(m.saves))],
        "undo_depth": m.depth, "program_keystrokes": list(m.keys),
    }


def trace(m: TTGMachine, record: StepRecord) -> dict:
    """``step`` (the micro-step), ``keystroke`` (1-based, the one the micro-step belongs to),
    ``event`` (R43's word for it: write, exec, skip, escape, return, update, swap, owrite,
    swap2, limit, backspace, halt, undo, stop), ``at`` (``[board, row, col]`` where it ran),
    ``output`` (what it wrote)."""
    at = record.at
    event = m.event
    name = event.mode if type(event) is Exec and event.mode != "run" else EVENT_NAMES[type(event)]
    return {"step": record.step, "keystroke": m.key_index, "event": name, "at": [at.board, at.row, at.col],
            "output": record.output}


EVENT_NAMES = {Write: "write", Exec: "exec", Return: "return", Update: "update", Swap: "swap", OverflowWrite: "owrite",
               SwapMemory2: "swap2", LimitReset: "limit", Halt: "halt", Undo: "undo", Stopped: "stop"}


# ----- power debugging (docs/ttg.md, "In the debugger") -----------------------------------------
BOARDS = (MAIN, MEMORY1, MEMORY2, MEMORY3)


def _points(m: TTGMachine, role: str) -> Points:
    return Points(lambda row, col: m.board(role).get((row, col)), lambda: m.board(role), role)


def variables(m: TTGMachine) -> Names:
    """``D``, ``k``, ``keystroke``, the four boards, ``output`` (:attr:`LANGUAGE.names
    <.Language.names>`)."""
    getters: dict[str, Callable[[], Any]] = {"D": lambda: m.D, "k": lambda: m.k, "keystroke": lambda: m.key_index}
    getters.update((role, lambda role=role: _points(m, role)) for role in BOARDS)
    getters["output"] = lambda: m.output.text()
    return Names(getters)


def data(m: TTGMachine, text: str) -> Callable[[], Any]:
    """``main(ROW,COL)``, ``memory1(ROW,COL)``, ``memory2(ROW,COL)``, ``memory3(ROW,COL)`` (any
    cell: boards grow), ``D``, ``k``."""
    name, args, _ = data_name(text)
    if name in BOARDS and len(args) == 2:
        return lambda: m.board(name).get(args)
    if name in ("D", "k") and not args:
        return (lambda: m.D) if name == "D" else (lambda: m.k)
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def span(m: TTGMachine) -> Span | None:
    """The keystroke about to start or under way (``None`` before the first and at the end)."""
    cur = m.keystroke()
    return m.program.spans[cur] if 0 <= cur < len(m.keys) else None


def bounds(m: TTGMachine, name: str) -> tuple[int, int, int, int] | None:
    """The bounding box of the board ``name``'s cells, in the coordinates its data locations
    and cell breakpoints use (they stay with a cell as the board turns, R27)."""
    if name not in BOARDS:
        return None
    shape = m.board(name).shape
    rows, cols = shape.row_keys, shape.col_keys
    return rows[0], cols[0], rows[len(rows) - 1] - rows[0] + 1, cols[len(cols) - 1] - cols[0] + 1


def counters(m: TTGMachine) -> tuple[int, int, int, int, int]:
    """``grow`` (cells grown), ``rotate``, ``save``, ``restore`` (Backspace undos), ``swap``."""
    return m.grown, m.rotations, m.saves_made, m.undos, m.swaps
