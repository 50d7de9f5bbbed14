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
from .events import (Consume, Exec, Halt, LimitReset, OverflowWrite, Put, Return, SetDirection, SetFrameCell, SetMemory,
                     Stopped, Swap, SwapMemory2, Undo, Update, Write)
from .explain import hover
from .machine import M2_CELLS, MAIN, MEMORY1, MEMORY2, MEMORY3, TTGMachine, m2_bits, start_number
from .parser import ENTER, Program, parse as parse_text
from .view import SPECIAL

machine = TTGMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "reads", "counters", "span",
           "bounds", "hover"]


def view(m, last):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def parse(text: str, filename: str, options: dict) -> Program:
    """The keystrokes of ``text`` (R1); ``options``: ``name`` (run as if the file were called
    so, R4), ``max_cells``, ``max_history``, ``max_int_bits`` (docs/ttg.md, "Limits")."""
    program = parse_text(text, filename)
    caps = {key: options[key] for key in ("max_cells", "max_history", "max_int_bits") if options.get(key) is not None}
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


# memory2's cells 3, 4 (memdir) and 5 (turn): the walk that chooses a put's cell (R9, R11)
WALK_SETTINGS = ("memory2(0,2)", "memory2(1,0)", "memory2(1,1)")


def _at(board: str, cell) -> str:
    return f"{board}({cell[0]},{cell[1]})"


def reads(m: TTGMachine, location: str) -> tuple[str, ...]:
    """What the next micro-step (R43, ``m.next``) reads to make the value it writes to
    ``location``, most direct first: the cell the value comes from, then what chose where it
    goes.  By kind of micro-step:

    * a write (R14) makes its cell from the keystroke (none) and ``k`` from ``k``;
    * a put (R20: a data cell R37, R34's Space, ``#``'s escaped cell R36, ``t``'s and ``?``'s
      next square R25, R29) makes its memory1 cell from the ``main`` cell it takes, then memory2's
      cells 3-5 (memdir, turn: the walk that chose the cell, R9, R11); ``?`` makes the square it
      clears, ``p`` the cell it pops (R32) and ``d`` memory1 (R32) Empty: from the code, none;
    * arithmetic (R28) makes cell 3 from cells 1 and 2 of memory1's walk, then memory2's cells
      3-5; when the result of ``+``/``-`` is the other operand's value (an operand that counts
      as nothing: Empty, or a Str in numbers), that operand comes first;
    * an arrow (R30) makes ``D`` from the code (none); ``|`` and Enter from ``D``;
    * the main↔memory1 swap (R21.1) makes each ``main`` cell from the ``memory1`` cell of the
      same coordinates, each ``memory1`` cell from the ``main`` cell, and ``D`` from memory2's
      cells 1-2 (R9);
    * the overflow write (R21.2) makes its memory1 cell from the memory1 cell the swap moved the
      put's source to (the frame's current cell), then memory2's cells 3-5;
    * the memory1↔memory2 swap (R21.2a) makes each ``memory1`` cell from the ``memory2`` cell,
      each ``memory2`` cell from the ``memory1`` cell the 3x3 crop takes it from (R22), or from
      ``memory3``'s when the check resets memory2 (R10.1); cells 6-9 written 0 0 0 1 (R10.2)
      from the code; ``D`` and ``k`` from the sources of the new memory2's cells 1-2 and 6-9
      (R10.3; none for the k of a reset to 0 0 0 1, which is 1 from the code).

    Where a swap makes ``D`` or ``k`` from memory2's bits (R9), the cells holding a 1 bit come
    first (they made the number), then those holding 0.

    None (``()``) for the rest: a rotation (R27), a board update, ``u`` and ``g`` (R6) change
    no location's value (cells keep their coordinates when the board turns, and a grown cell is
    Empty as it was off the board); the action-limit reset (R41) empties the mainBoard (from the
    code); a Backspace (R17) restores each location's own earlier value, which no location
    holds now (the chain cannot follow it); a put from an ``@`` frame (R32), and the overflow
    write of such a put, of ``?``'s (whose square the step cleared) or after the memory1↔memory2
    swap, take a value no data location holds any more (a private copy, a cleared or a cropped
    cell)."""
    name, args, _ = data_name(location)
    ev = m.next
    kind = type(ev)
    if kind is Exec:
        return _exec_reads(m, ev, name, args)
    if kind is Write:
        return ("k",) if name == "k" else ()
    if kind is Swap:  # R21.1: the boards change places, cells keeping their coordinates
        if name == MAIN:
            return (_at(MEMORY1, args),)
        if name == MEMORY1:
            return (_at(MAIN, args),)
        if name == "D":
            return _bits_first(m.m2, ((0, 0), (0, 1)), {cell: _at(MEMORY2, cell) for cell in M2_CELLS})
        return ()
    if kind is OverflowWrite:  # R21.2: the put's value, now in memory1 where the swap moved it
        if name != MEMORY1 or args != ev.cell or ev.value is None or type(m.event) is not Swap or not m.frames:
            return ()
        frame = m.frames[-1]
        source = frame.cell
        if frame.board is not None or source is None or not _same(m.m1.get(source), ev.value):
            return ()
        return (_at(MEMORY1, source), *WALK_SETTINGS)
    if kind is SwapMemory2:
        return _swap2_reads(m, name, args)
    return ()  # Update, LimitReset, Backspace (R17), Return, Stopped, the end


def _same(a, b) -> bool:
    return a == b and a.__class__ is b.__class__


def _exec_reads(m: TTGMachine, ev: Exec, name: str, args: tuple) -> tuple[str, ...]:
    """An executed cell's ops (R19-R37); a skipped one (R33) writes nothing."""
    on_main = m.frames[-1].board is None
    source = ev.cell  # where a put's value comes from: the cell run or escaped, or t's/?'s square
    for op in ev.ops:
        kind = type(op)
        if kind is Consume or kind is SetFrameCell:
            source = op.cell
            if kind is SetFrameCell and on_main and name == MAIN and args == op.cell:
                return ()  # ? clears its square: Empty, from the code
        elif kind is Put:
            if name == MEMORY1 and args == op.cell and op.value is not None:
                return (_at(MAIN, source), *WALK_SETTINGS) if on_main else ()  # an @ frame's copy: no location
        elif kind is SetMemory:
            if name == MEMORY1 and args == op.cell:
                return () if ev.value == "p" else _arithmetic_reads(m, ev.value)  # p pops: Empty, from the code
        elif kind is SetDirection:
            if name == "D":
                return ("D",) if ev.value == "|" or ev.value == ENTER else ()
    return ()  # d (Empty from the code), u, g, c (no value changes), o, p's output, Σ, r, !, #, s, @


def _arithmetic_reads(m: TTGMachine, op: str) -> tuple[str, ...]:
    """R28: cell 3 := cell 1 op cell 2 (memory1's walk order)."""
    _, memdir, turn, _ = m.settings()
    walk = m.m1.walk(memdir, turn)
    a, b = m.m1.get(walk[0]), m.m1.get(walk[1])
    operands = (_at(MEMORY1, walk[0]), _at(MEMORY1, walk[1]))
    if op in "+-":
        concat = op == "+" and (a.__class__ is str or b.__class__ is str)
        counts = (lambda v: v is not None) if concat else (lambda v: v.__class__ is int)
        if not counts(a) and counts(b):  # the result is b's value (or its negation)
            operands = operands[::-1]
    return (*operands, *WALK_SETTINGS)


def _bits_first(board, cells, names: dict) -> tuple[str, ...]:
    """The sources (``names``) of memory2's ``cells`` read as bits (R9), those holding a 1
    first; a cell whose source is the code (``None``) is left out."""
    bits = m2_bits(board)
    index = {cell: i for i, cell in enumerate(M2_CELLS)}
    ordered = sorted(cells, key=lambda cell: not bits[index[cell]])
    return tuple(names[cell] for cell in ordered if names.get(cell) is not None)


def _swap2_reads(m: TTGMachine, name: str, args: tuple) -> tuple[str, ...]:
    """R21.2a, R22, R10: memory1 := memory2; memory2 := checked(crop3x3(memory1)); D, k from it."""
    if name == MEMORY1:
        return (_at(MEMORY2, args),)
    if name not in (MEMORY2, "D", "k"):
        return ()
    m1 = m.m1
    crop = m1.crop3x3()
    r0, c0 = m1.physical(m1.top_left())
    sources = {cell: _at(MEMORY1, m1.logical((r0 + cell[0], c0 + cell[1]))) for cell in M2_CELLS}
    board = crop
    for i, cell in enumerate(M2_CELLS):  # R10.1: a value other than Empty, 1 (or 42 in cell 7)
        v = crop.get(cell)
        if v is not None and (v.__class__ is not int or v != 1 and not (i == 6 and v == 42)):
            board, sources = m.m3, {cell: _at(MEMORY3, cell) for cell in M2_CELLS}
            break
    if not 1 <= start_number(m2_bits(board)) <= 9:  # R10.2: cells 6-9 are written 0 0 0 1
        for cell, v in zip(M2_CELLS[5:], (None, None, None, 1)):
            board = board.set(cell, v)
            sources[cell] = None
    if name == MEMORY2:
        source = sources.get(tuple(args))
        return (source,) if source is not None else ()
    if name == "D":
        return _bits_first(board, M2_CELLS[:2], sources)
    return _bits_first(board, M2_CELLS[5:], sources)


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
