"""The Aheui implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`): parse, the machine, the view, the final state and trace, the
exit code from ``ㅎ``, the state's names and data locations, events, where a value came from, and
what editors ask.

Cells are named ``(x, y)``, x the column in code points and y the row (spec "Names"): a
:class:`CellRef`'s row is y and its col x."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import CellRef, Span, StepRecord
from ..base import read_xy_cell as read_cell, xy_cell_name as cell_name  # noqa: F401  (cells are (x, y))
from ..names import Cells, Names, data_name, unknown_data
from . import LANGUAGE
from .explain import hover, notes, storage_index, storage_name  # noqa: F401  (hover: for editors)
from .machine import BOARD, PIPE, QUEUE, AheuiMachine
from .parser import Program, decode, parse as parse_text  # noqa: F401  (decode: the file's text)

machine = AheuiMachine
DIRS = ("right", "down", "left", "up")
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "counters", "places", "decode",
           "cell_name", "read_cell", "hover", "reads", "span", "exit_code"]


def parse(text: str, filename: str, options: dict) -> Program:
    """The board, with the editor's notes as its warnings (:func:`.explain.notes`)."""
    program = parse_text(text, filename, options)
    return program._replace(warnings=notes(program))


def view(m: AheuiMachine, last: StepRecord | None):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def exit_code(m: AheuiMachine) -> int:
    """``ㅎ``'s value mod 256 (E1), 0 for a board with no cell (B5)."""
    return m.exit_value


def span(m: AheuiMachine) -> Span | None:
    return m.program.span(m.x, m.y) if m.program.start is not None else None


def places(program: Program) -> tuple[tuple[Span, CellRef], ...]:
    """Every cell of the board, syllable or not: a line breakpoint at line L, column C (in code
    points) is the cell (C−1, L−1).  A character that is no syllable is a step too (the cursor
    stands on it and moves on), so a line of them is a line the program passes."""
    return tuple((Span(y + 1, x + 1, y + 1, x + 2), CellRef(BOARD, y, x))
                 for y, n in enumerate(program.lengths) for x in range(n))


def storages(m: AheuiMachine) -> dict[str, list[int]]:
    """The non-empty storages by name, each next value first."""
    return {storage_name(i): m.values(i) for i in range(28) if m.size(i)}


def final_state(m: AheuiMachine, max_steps: int | None = None) -> dict:
    """``file_name``, ``status``, ``steps``, ``exit_code``, ``output``, ``pos`` ([x, y]; ``null``
    for a board with no cell), ``dir``, ``speed``, ``selected``, ``storages`` (the non-empty
    ones by final jamo, ``none`` for the empty final; each next value first), ``pipe_last``,
    ``error`` (``null`` or ``{message, step, at}``)."""
    fault = m.fault
    error = None if fault is None else {"message": fault.message, "step": fault.step,
                                        "at": [fault.at.col, fault.at.row]}
    return {"file_name": m.program.filename, "status": m.status.value, "steps": m.steps,
            "exit_code": 1 if fault else m.exit_value, "output": m.output.text(),
            "pos": [m.x, m.y] if m.program.start is not None else None, "dir": DIRS[m.d], "speed": m.s,
            "selected": storage_name(m.sel), "storages": storages(m), "pipe_last": m.last, "error": error}


def trace(m: AheuiMachine, record: StepRecord) -> dict:
    """One line a step: ``step``, ``at`` [x, y] and ``cell`` (the character that ran), then the
    cursor's ``pos``, ``dir`` and ``speed``, the ``selected`` storage and its values after the step."""
    at = record.at
    ch = m.program.lines[at.row][at.col]
    return {"step": record.step, "at": [at.col, at.row], "cell": ch, "pos": [m.x, m.y], "dir": DIRS[m.d],
            "speed": m.s, "selected": storage_name(m.sel), "values": m.values(m.sel)}


# ----- power debugging ------------------------------------------------------------------------
class _Storages:
    """``storage[NAME][N]`` in expressions: indexable by a name or a number, then a position."""

    def __init__(self, m: AheuiMachine) -> None:
        self.m = m

    def __getitem__(self, key: Any) -> Cells:
        i = storage_index(str(key)) if not isinstance(key, int) else key
        return Cells(self.m.values(i), None)


class _Sizes:
    def __init__(self, m: AheuiMachine) -> None:
        self.m = m

    def __getitem__(self, key: Any) -> int:
        return self.m.size(storage_index(str(key)) if not isinstance(key, int) else key)


def variables(m: AheuiMachine) -> Names:
    """The names of :attr:`LANGUAGE.names <.Language.names>`."""
    return Names({
        "pos": lambda: (m.x, m.y), "dir": lambda: DIRS[m.d], "speed": lambda: m.s,
        "selected": lambda: storage_name(m.sel), "storage": lambda: _Storages(m), "size": lambda: _Sizes(m),
        "depth": lambda: m.size(m.sel), "top": lambda: m.peek(m.sel, 0), "last": lambda: m.last,
        "cmd": lambda: m.program.lines[m.y][m.x] if m.program.start is not None else "",
    })


def data(m: AheuiMachine, text: str) -> Callable[[], Any]:
    """``storage(S,N)``, ``size[S]`` (S the final's number 0–27), ``selected``, ``pipe_last``,
    ``cursor``.  (The core reads data locations as ``NAME``, ``NAME[i]`` or ``NAME(a,b)`` with
    ASCII names and integer indices: so a storage is named by its number here, by its jamo in
    expressions: ``storage['ㄱ'][0]``.)"""
    name, args, _ = data_name(text)
    if name == "storage" and len(args) == 2 and 0 <= args[0] < 28 and args[1] >= 0:
        return lambda i=args[0], k=args[1]: m.peek(i, k)
    if name == "size" and len(args) == 1 and 0 <= args[0] < 28:
        return lambda i=args[0]: m.size(i)
    if name == "selected" and not args:
        return lambda: m.sel
    if name == "pipe_last" and not args:
        return lambda: m.last
    if name == "cursor" and not args:
        return lambda: (m.x, m.y, DIRS[m.d], m.s)
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def counters(m: AheuiMachine) -> tuple[int, int, int, int]:
    """``reflect``, ``reverse``, ``wrap``, ``select`` (:attr:`LANGUAGE.events`; the core's own
    ``output`` and ``input`` events cover ``ㅁ`` and ``ㅂ``)."""
    return (m.reflects, m.reverses, m.wraps, m.selects)


# ----- where did a value come from (reads) ------------------------------------------------------
def reads(m: AheuiMachine, location: str) -> tuple[str, ...]:
    """The data locations the next step reads to make what it writes to ``location``: an
    arithmetic result from the selected storage's first two values, a duplicate from the first
    (the pipe's ``ㅃ`` from ``pipe.last``), a moved value from the selected storage's first;
    values beneath a pop or a push were one position nearer or further before.  Input and ``ㅂ``'s
    constants read nothing."""
    if m.program.start is None:
        return ()
    c = m.cells[m.starts[m.y] + m.x]
    try:
        name, args, _ = data_name(location)
    except ValueError:
        return ()
    if c < 0 or name != "storage" or len(args) != 2:
        return ()
    i, k = args
    cmd, f, sel = c >> 10, c & 31, m.sel
    held = m.size(sel)
    needs = (0, 0, 2, 2, 2, 2, 1, 0, 1, 0, 1, 0, 2, 0, 1, 0, 2, 2, 0)[cmd]
    if held < needs:
        return ()

    def at(j: int, k2: int) -> str:
        return f"storage({j},{k2})"

    if cmd in (2, 3, 4, 5, 12, 16) and i == sel:
        if sel == QUEUE:
            if k == held - 2:  # the result goes to the back
                return (at(sel, 1), at(sel, 0))
            return (at(sel, k + 2),)
        return (at(sel, 1), at(sel, 0)) if k == 0 else (at(sel, k + 1),)
    if cmd == 8 and i == sel:
        if sel == PIPE:
            return ("pipe_last",) if k == 0 else (at(sel, k - 1),)
        if sel == QUEUE:
            return (at(sel, 0),) if k == 0 else (at(sel, k - 1),)
        return (at(sel, 0),) if k == 0 else (at(sel, k - 1),)
    if cmd == 17 and i == sel and k < 2:
        return (at(sel, 1 - k),)
    if cmd == 10:
        if f == sel == QUEUE:
            return (at(sel, 0),) if k == held - 1 else (at(sel, k + 1),)
        if f == sel:
            return ()
        if i == f:
            pushed_at = m.size(f) if f == QUEUE else 0
            if k == pushed_at:
                return (at(sel, 0),)
            return (at(f, k - 1),) if f != QUEUE else ()
        if i == sel:
            return (at(sel, k + 1),)
    return ()
