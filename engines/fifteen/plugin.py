"""The 15 implementation the plugin object delegates to (see :mod:`esodbg.engines.language`).

The final state and the trace are documented in ``docs/fifteen.md``; a trace line holds every
field of the corpus traces (``shared/corpus/fifteen/*.trace.jsonl``) with the same names."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..base import CellRef, Span, Status, StepRecord
from ..names import Cells, Names, data_name, unknown_data
from ..integers import bits_of
from . import LANGUAGE
from .explain import hover
from .machine import ADD, BOARD, BRANCH, DIV, IN, LOAD, MOVE, MUL, SLIDE, STORE, SUB, SWAP, ZERO, FifteenMachine
from .parser import Program, parse as parse_text

machine = FifteenMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "reads", "writers", "counters", "places",
           "span", "hover"]


def view(m, last):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def parse(text: str, filename: str, options: dict) -> Program:
    return parse_text(text, filename)._replace(bits=bits_of(options))


def places(program: Program) -> tuple[tuple[Span, CellRef], ...]:
    """Each cell's command in the command block (rule 3: the backboard under the puzzle): a
    breakpoint there stops when the empty square arrives on the cell."""
    return tuple((span, CellRef(BOARD, r, c)) for r, row in enumerate(program.spans) for c, span in enumerate(row))


def span(m: FifteenMachine) -> Span:
    """The command under the empty square."""
    at = m.location()
    return m.program.spans[at.row][at.col]


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


# ----- power debugging (docs/fifteen.md, "In the debugger") -------------------------------------
def _pos(m: FifteenMachine) -> tuple[int, int]:
    at = m.location()
    return at.row, at.col


def variables(m: FifteenMachine) -> Names:
    """``acc``, ``mem``, ``pos``, ``steps``, ``cmd`` (:attr:`LANGUAGE.names <.Language.names>`)."""
    memory = m.memory

    def cmd() -> str:
        row, col = _pos(m)
        return m.program.commands[row][col]

    return Names({"acc": lambda: memory[0], "mem": lambda: Cells(memory), "pos": lambda: _pos(m),
                  "steps": lambda: m.steps, "cmd": cmd})


def data(m: FifteenMachine, text: str) -> Callable[[], Any]:
    """``acc``, ``mem[N]`` (0 ≤ N < the number of cells), ``pos``, ``puzzle(ROW,COL)``."""
    name, args, _ = data_name(text)
    memory, board, cols = m.memory, m.board, m.cols
    if name == "acc" and not args:
        return lambda: memory[0]
    if name == "pos" and not args:
        return lambda: _pos(m)
    if name == "mem" and len(args) == 1 and 0 <= args[0] < len(memory):
        return lambda i=args[0]: memory[i]
    if name == BOARD and len(args) == 2 and 0 <= args[0] < len(board) // cols and 0 <= args[1] < cols:
        return lambda i=args[0] * cols + args[1]: board[i]
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def reads(m: FifteenMachine, location: str) -> tuple[str, ...]:
    """What the next step reads to make the value it writes to ``location`` (``mem[0]`` is
    ``acc``), most direct first.  A memory effect (rule 13) reads its operands, then the piece
    that names the memory (``puzzle(ROW,COL)`` of the neighbour) and ``pos``: ``<+`` makes
    ``acc`` from ``acc`` and ``mem[L]``, ``<@`` from ``mem[L]``, ``<=`` makes ``mem[L]`` from
    ``acc``, ``<~`` each from the other.  A move (rules 11-12) makes ``pos`` and the cells it
    swaps from ``pos`` (and ``acc`` for a branch, which it chose by); a piece's label moves from
    the cell it came from.  ``<?`` and ``<0`` make ``acc`` from input and from the code: none."""
    name, args, _ = data_name(location)
    if name == "mem" and args == (0,):
        name, args = "acc", ()
    p, cols = m._p, m.cols
    kind, q, effect = m._kind[p], m._dest[p], m._arg[p]

    def cell(i: int) -> str:
        return f"{BOARD}({i // cols},{i % cols})"

    control = ("acc", "pos") if kind == BRANCH else ("pos",)
    if kind == BRANCH:
        q = q if m.memory[0] else effect
    if name in ("acc", "mem"):
        if kind != MOVE or effect < ADD or q < 0:
            return ()  # input (?), zero (0), or no memory effect at all
        label = m.board[q]
        memory, via = f"mem[{label}]", (cell(q), "pos")
        if name == "acc":
            operands = {ADD: ("acc", memory), SUB: ("acc", memory), MUL: ("acc", memory), DIV: ("acc", memory),
                        LOAD: (memory,), SWAP: (memory,)}.get(effect)
        else:
            operands = ("acc",) if effect in (STORE, SWAP) and args == (label,) else None
        return operands + via if operands is not None else ()
    if name == "pos":
        return control
    if name == BOARD and len(args) == 2:
        i = args[0] * cols + args[1]
        path = m._paths.get(p, ()) if kind == SLIDE else ((q,) if q >= 0 else ())
        # The empty square walks p → path[0] → path[1] …: each cell it leaves takes the label
        # of the next one; the last one it reaches is left empty (0, from the code).
        walk = (p, *path)
        if i in walk[:-1]:
            return (cell(walk[walk.index(i) + 1]), *control)
    return ()


def writers(m: FifteenMachine, location: str) -> list[CellRef] | None:
    """The cells whose command may change ``location``: ``acc`` only the memory effects that
    write it and ``?``, ``0`` (rule 13); ``mem[L]`` only ``=`` and ``~``; a cell of the puzzle
    the cell itself (the empty square leaves it) and the cells whose move or slide may bring
    the empty square to it (rules 11–12); ``pos``, any move (``None``)."""
    name, args, _ = data_name(location)
    cell = partial(CellRef, BOARD)
    if name == BOARD and len(args) == 2:
        i = args[0] * m.cols + args[1]
        return [cell(*divmod(j, m.cols)) for j, (kind, dest, arg) in enumerate(zip(m._kind, m._dest, m._arg))
                if j == i or dest == i or kind == BRANCH and arg == i or i in m._paths.get(j, ())]
    if name == "mem" and args == (0,):
        name = "acc"
    effects = {"acc": (IN, ZERO, ADD, SUB, MUL, DIV, LOAD, SWAP), "mem": (STORE, SWAP)}.get(name)
    if effects is None:
        return None
    return [cell(*divmod(i, m.cols)) for i, (kind, effect) in enumerate(zip(m._kind, m._arg))
            if kind == MOVE and effect in effects]


def counters(m: FifteenMachine) -> tuple[int]:
    """``solved``: 1 once the puzzle is solved (the step that solves it halts the program)."""
    return (int(m.status is Status.HALTED),)
