"""The Labyrinth implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`): parse, the machine, the view, the final state and trace, the
state's names and data locations, events, where a value came from, and what editors ask.

Cells are named as the spec names them, ``(x, y)`` with x the column (spec "What the debugger
shows"): a :class:`CellRef`'s row is y and its col x."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import CellRef, Span, StepRecord
from ..base import read_xy_cell as read_cell, xy_cell_name as cell_name  # noqa: F401  (cells are (x, y))
from ..names import Cells, Names, Points, data_name, unknown_data
from . import LANGUAGE
from .explain import hover, notes  # noqa: F401  (hover: for editors)
from .machine import BOARD, NAMES, LabyrinthMachine
from .parser import Program, char, decode, parse as parse_text  # noqa: F401  (decode: the file's text)

machine = LabyrinthMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "watch_stops", "counters", "places",
           "places_on", "place_of", "decode", "cell_name", "read_cell", "hover", "reads", "span", "marks"]


def parse(text: str, filename: str, options: dict) -> Program:
    """The maze, with the editor's notes as its warnings: a maze with no command, code no
    corridor from the start reaches (:func:`.explain.notes`)."""
    program = parse_text(text, filename, options)
    return program._replace(warnings=notes(program))


def view(m: LabyrinthMachine, last: StepRecord | None):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def span(m: LabyrinthMachine) -> Span | None:
    """The source of the cell the pointer is on: the character that is there now may have come
    from elsewhere (a rotation), but a position's source is the text written there (X3)."""
    return m.program.span(m.x, m.y) if m.program.start is not None else None


def places(program: Program) -> tuple[tuple[Span, CellRef], ...]:
    """Every cell the source writes a command in: a line breakpoint at line L, column C is the
    cell (C−1, L−1), as the maze is first (rotations move what is there, not the positions, X3)."""
    out = []
    for i, v in enumerate(program.cells):
        if v > 0:
            x, y = i % program.width, i // program.width
            out.append((Span(y + 1, x + 1, y + 1, x + 2), CellRef(BOARD, y, x)))
    return tuple(out)


def places_on(program: Program, line: int) -> list[tuple[Span, CellRef]]:
    """The places on the 1-based ``line`` (those of :func:`places` there): its row's commands."""
    y, w = line - 1, program.width
    if not 0 <= y < program.height:
        return []
    return [(Span(line, x + 1, line, x + 2), CellRef(BOARD, y, x)) for x in range(w) if program.cells[y * w + x] > 0]


def place_of(program: Program, at) -> Span | None:
    """Where the cell ``at`` is written (``None``: no command there, or off the maze)."""
    if not isinstance(at, CellRef) or at.board != BOARD or not (0 <= at.row < program.height
                                                                and 0 <= at.col < program.width):
        return None
    if program.cells[at.row * program.width + at.col] <= 0:
        return None
    return Span(at.row + 1, at.col + 1, at.row + 1, at.col + 2)


def marks(program: Program) -> tuple[CellRef, ...]:
    """The cells that hold ``'``, where the reference's ``-d`` prints its state (D8): the
    debugger sets a breakpoint on each when it opens the program (the cell, wherever rotations
    take the ``'`` later, X3)."""
    return tuple(CellRef(BOARD, i // program.width, i % program.width) for i, v in enumerate(program.cells)
                 if v == 39)


def maze_rows(m: LabyrinthMachine) -> list[str]:
    """The maze as it is now, a string a row (padding as spaces)."""
    w = m.width
    return ["".join(char(v) for v in m.grid[y * w:(y + 1) * w]) for y in range(m.height)]


def final_state(m: LabyrinthMachine, max_steps: int | None = None) -> dict:
    """``file_name``, ``status``, ``steps``, ``exit_code``, ``output``, ``pos`` ([x, y]; ``null``
    when the maze has no command), ``dir`` (``N`` ``E`` ``S`` ``W``), ``main`` and ``aux``
    (bottom first), ``maze`` (its rows as they are now), ``shifts``, ``error`` (``null`` or
    ``{message, step, at}``)."""
    fault = m.fault
    error = None if fault is None else {"message": fault.message, "step": fault.step,
                                        "at": [fault.at.col, fault.at.row]}
    return {"file_name": m.program.filename, "status": m.status.value, "steps": m.steps,
            "exit_code": 1 if fault else 0, "output": m.output.text(),
            "pos": [m.x, m.y] if m.program.start is not None else None, "dir": NAMES[m.d],
            "main": list(m.main), "aux": list(m.aux), "maze": maze_rows(m), "shifts": m.shifts, "error": error}


def trace(m: LabyrinthMachine, record: StepRecord) -> dict:
    """One line a step: ``step``, ``at`` [x, y] and ``cmd`` (the command that ran), then the
    pointer's ``pos`` and ``dir`` and both stacks (bottom first) after the step."""
    at = record.at
    i = at.row * m.width + at.col
    cmd = next((c.old for c in record.changes if c.store == "grid" and c.key == i), m.grid[i])
    return {"step": record.step, "at": [at.col, at.row], "cmd": char(cmd), "pos": [m.x, m.y], "dir": NAMES[m.d],
            "main": list(m.main), "aux": list(m.aux)}


# ----- power debugging ------------------------------------------------------------------------
def _cell(m: LabyrinthMachine, x: int, y: int) -> str | None:
    return char(m.grid[y * m.width + x]) if 0 <= x < m.width and 0 <= y < m.height else None


def _top(stack: list[int]) -> Callable[[int], int]:
    return lambda i: stack[-1 - i] if i < len(stack) else 0


def neighbours(m: LabyrinthMachine, x: int, y: int) -> int:
    """How many of the four neighbours of ``(x, y)`` are not walls (off the maze: walls)."""
    w, h, grid = m.width, m.height, m.grid
    return sum(1 for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
               if 0 <= nx < w and 0 <= ny < h and grid[ny * w + nx] > 0)


def variables(m: LabyrinthMachine) -> Names:
    """The names of :attr:`LANGUAGE.names <.Language.names>`."""
    return Names({
        "pos": lambda: (m.x, m.y), "dir": lambda: NAMES[m.d],
        "main": lambda: Cells(m.main[::-1], 0), "aux": lambda: Cells(m.aux[::-1], 0),
        "depth": lambda: len(m.main), "aux_depth": lambda: len(m.aux),
        "top": lambda: m.main[-1] if m.main else 0,
        "cmd": lambda: _cell(m, m.x, m.y) or "", "neighbours": lambda: neighbours(m, m.x, m.y),
        "maze": lambda: Points(lambda x, y: _cell(m, x, y), lambda: tuple(m.grid), BOARD),
        "width": lambda: m.width, "height": lambda: m.height,
    })


def watch_stops(m: LabyrinthMachine, location: str) -> list[tuple[CellRef, frozenset[str]]] | None:
    """``maze(X,Y)``: the shift stop on the cell (only a rotation moves what it holds); ``None``
    for the rest (Language ``watch_stops``)."""
    name, args, _ = data_name(location)
    if name == BOARD and len(args) == 2:
        return [(CellRef(BOARD, args[1], args[0]), frozenset({"shift"}))]
    return None


def data(m: LabyrinthMachine, text: str) -> Callable[[], Any]:
    """``main[N]``, ``aux[N]`` (N ≥ 0; 0 below the bottom), ``depth``, ``ip`` (``(x, y, dir)``),
    ``maze(X,Y)`` (a cell of the maze: its character now)."""
    name, args, _ = data_name(text)
    if name in ("main", "aux") and len(args) == 1 and args[0] >= 0:
        stack = m.main if name == "main" else m.aux
        return lambda i=args[0]: stack[-1 - i] if i < len(stack) else 0
    if name == BOARD and len(args) == 2 and 0 <= args[0] < m.width and 0 <= args[1] < m.height:
        return lambda x=args[0], y=args[1]: _cell(m, x, y)
    if name == "depth" and not args:
        return lambda: len(m.main)
    if name == "ip" and not args:
        return lambda: (m.x, m.y, NAMES[m.d])
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def counters(m: LabyrinthMachine) -> tuple[int, int, int, int]:
    """``shift``, ``junction``, ``stall``, ``random`` (:attr:`LANGUAGE.events <.Language.events>`)."""
    return (m.shifts, m.junctions, m.stalls, m.randoms)


# ----- where did a value come from (reads) ------------------------------------------------------
# What a command does to the main stack: (popped, pushed).  The pushed value is made from the
# popped ones, or from something else (MADE_FROM).
MAIN = {**{c: (2, 1) for c in "+-*/%&|$"}, **{c: (1, 1) for c in "0123456789)(`~"}, ":": (0, 1), "_": (0, 1),
        "#": (0, 1), ",": (0, 1), "?": (0, 1), "{": (0, 1), "=": (1, 1), ";": (1, 0), "!": (1, 0), ".": (1, 0),
        "}": (1, 0), **{c: (1, 0) for c in "<>^v"}}
AUX = {"}": (0, 1), "{": (1, 0), "=": (1, 1)}


def _stack_reads(name: str, i: int, popped: int, pushed: int, made: tuple[str, ...]) -> tuple[str, ...]:
    """What ``name[i]`` after the step was before it: the pushed values were ``made`` from
    something; the values under them moved by ``popped − pushed``."""
    if i < pushed:
        return made
    return (f"{name}[{i - pushed + popped}]",)


def reads(m: LabyrinthMachine, location: str) -> tuple[str, ...]:
    """The data locations the next step reads to make what it writes to ``location``, most
    direct first (Language ``reads``): ``+`` makes ``main[0]`` from ``main[1]`` and ``main[0]``
    as they were, and the values under them move up; a digit extends ``main[0]``; ``}`` moves
    ``main[0]`` to ``aux[0]``; ``#`` pushes ``depth``; a rotation makes each cell it moves from
    its neighbour on the row or column, chosen by ``main[0]``.  Input and ``_`` read nothing."""
    if m.program.start is None:
        return ()
    cmd = char(m.grid[m.y * m.width + m.x])
    name, args, _ = data_name(location)
    if name == "main" and len(args) == 1 and cmd in MAIN:
        popped, pushed = MAIN[cmd]
        made: tuple[str, ...] = ()
        if popped == 2:
            made = ("main[1]", "main[0]")
        elif cmd in "0123456789)(`~:":
            made = ("main[0]",)
        elif cmd == "#":
            made = ("depth",)
        elif cmd in "{=":
            made = ("aux[0]",)
        return _stack_reads("main", args[0], popped, pushed, made)
    if name == "aux" and len(args) == 1 and cmd in AUX:
        popped, pushed = AUX[cmd]
        return _stack_reads("aux", args[0], popped, pushed, ("main[0]",))
    if name == BOARD and len(args) == 2 and cmd in "<>^v":
        x, y = args
        dx, dy = {"<": (1, 0), ">": (-1, 0), "^": (0, 1), "v": (0, -1)}[cmd]
        return (f"{BOARD}({(x + dx) % m.width},{(y + dy) % m.height})", "main[0]")
    return ()


def show_cell(cell, value):
    """A cell of the maze as the board draws it: its character, a wall said to be one."""
    return "' ' (wall)" if value == " " else None
