"""The Brainfuck implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`).

The final state and the trace are documented in ``docs/brainfuck.md``.  Locations are
:class:`~esodbg.engines.base.CodeRef` s: command ``i`` of the command list (comments not
counted), written ``code:N`` with N = i + 1 in breakpoint specs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..base import CellRef, CodeRef, Span, StepRecord, read_pair
from ..names import Cells, Names, board_location, data_name, unknown_data
from . import LANGUAGE
from .explain import hover, symbols  # noqa: F401  (for editors)
from .machine import BOARD, BrainfuckMachine
from .ops import counted as counted_loop  # (not `counted`: the name of an implementation hook)
from .parser import IN, LEFT, MINUS, PLUS, RIGHT, Program, decode, encode  # noqa: F401  (the files: bytes)
from .parser import parse as parse_text

machine = BrainfuckMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "reads", "writers", "watch_stops", "places",
           "places_on", "place_of", "span", "hover", "symbols", "decode", "encode", "cell_name", "read_cell"]


def parse(text: str, filename: str, options: dict) -> Program:
    return parse_text(text, filename, options)


def view(m, last):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def places(program: Program) -> tuple[tuple[Span, CodeRef], ...]:
    """Every command: a line breakpoint at line L, column C is the command written there."""
    return tuple((span, CodeRef(i)) for i, span in enumerate(program.spans))


def places_on(program: Program, line: int) -> list[tuple[Span, CodeRef]]:
    """The commands written on the 1-based ``line`` (those of :func:`places` there)."""
    return [(span, CodeRef(i)) for i, span in program.spans_on(line)]


def place_of(program: Program, at) -> Span | None:
    """Where command ``at`` is written (``None`` for the end, past the last command)."""
    if not isinstance(at, CodeRef) or not 0 <= at.index < len(program.code):
        return None
    return program.span(at.index)


def span(m: BrainfuckMachine) -> Span | None:
    """The command about to run (``None`` at the end)."""
    return m.program.span(m.pc) if m.pc < len(m.program.code) else None


def _error(m: BrainfuckMachine) -> dict | None:
    fault = m.fault
    if fault is None:
        return None
    return {"message": fault.message, "step": fault.step, "command": fault.at.index + 1, "line": fault.span.line,
            "col": fault.span.col}


def final_state(m: BrainfuckMachine, max_steps: int | None = None) -> dict:
    """``file_name``, ``status`` (ready, halted, error), ``steps``, ``exit_code``, ``output``,
    ``ptr``, ``tape`` (every cell up to the rightmost the pointer reached), ``error`` (``null`` or
    ``{message, step, command, line, col}``, ``command`` as ``code:N`` counts)."""
    return {"file_name": m.program.filename, "status": m.status.value, "steps": m.steps,
            "exit_code": 1 if m.fault else 0, "output": m.output.text(), "ptr": m.ptr, "tape": list(m.tape),
            "error": _error(m)}


def trace(m: BrainfuckMachine, record: StepRecord) -> dict:
    """``step``, ``command`` (N of ``code:N``), ``cmd`` (the command's character), then ``ptr``
    and ``cell`` (its value) after the step."""
    i = record.at.index
    return {"step": record.step, "command": i + 1, "cmd": chr(m.program.code[i]), "ptr": m.ptr, "cell": m.tape[m.ptr]}


# ----- power debugging (docs/brainfuck.md, "In the debugger") -----------------------------------
def depth(m: BrainfuckMachine) -> int:
    """How many loops the next command is inside (its ``]`` counts as inside, its ``[`` not)."""
    program = m.program
    return program.depths[m.pc]


def variables(m: BrainfuckMachine) -> Names:
    """``tape``, ``ptr``, ``cell``, ``steps``, ``depth`` (:attr:`LANGUAGE.names <.Language.names>`)."""
    tape = m.tape
    return Names({"tape": lambda: Cells(tape, missing=0), "ptr": lambda: m.ptr, "cell": lambda: tape[m.ptr],
                  "steps": lambda: m.steps, "depth": lambda: depth(m)})


def _location(text: str) -> tuple[str, tuple[int, ...]]:
    """A data location's name and indices: ``tape[N]`` and the tape board's ``tape(N)`` are both
    ``("tape", (N,))``; ``ValueError`` for text that is no data location's form."""
    found = board_location(text)
    if found is not None and found[0] == BOARD and found[1].strip().isdigit():
        return BOARD, (int(found[1]),)
    name, args, _ = data_name(text)
    return name, args


def data(m: BrainfuckMachine, text: str) -> Callable[[], Any]:
    """``tape[N]`` or ``tape(N)`` (N ≥ 0, within ``--tape-length``; a cell the tape has not
    grown to yet is 0) and ``ptr``."""
    name, args = _location(text)
    tape = m.tape
    if name == BOARD and len(args) == 1 and 0 <= args[0] < m.edge:
        return lambda i=args[0]: tape[i] if i < len(tape) else 0
    if name == "ptr" and not args:
        return lambda: m.ptr
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def cell_name(cell: CellRef) -> str:
    """A tape cell is named by its index: ``5``."""
    return str(cell.col) if cell.board == BOARD else f"({cell.row}, {cell.col})"


def read_cell(text: str, board: str) -> CellRef:
    """The tape cell ``N`` (an index from 0; also ``(N)``, and ``0,N`` as a one-row board's row
    and column); ``ValueError`` otherwise."""
    pair = read_pair(text)
    try:
        index = pair[1] if pair is not None and pair[0] == 0 else int(text.strip().removeprefix("(").removesuffix(")"))
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not a tape cell: write its index, e.g. 5") from None
    if index < 0:
        raise ValueError(f"{index} is not a tape cell: the tape starts at 0")
    return CellRef(board, 0, index)


def reads(m: BrainfuckMachine, location: str) -> tuple[str, ...]:
    """What the next command reads to make the value it writes to ``location`` (Language
    ``reads``): ``+``/``-`` make the cell from itself, then ``ptr`` (which chose it); inside a
    loop that runs as many times as its tested cell says (``[->+<]``, ``[->++>+<<]``: a move or
    multiply loop), a ``+``/``-`` on another cell reads the tested cell first, the source of
    what the loop moves (the spec's "reads are per source command").  ``>``/``<`` make ``ptr``
    from ``ptr``.  ``,`` makes the cell from input: none."""
    name, args = _location(location)
    code, pc = m.program.code, m.pc
    if pc >= len(code):
        return ()
    c = code[pc]
    if name == "ptr" and not args:
        return ("ptr",) if c == LEFT or c == RIGHT else ()
    if name != BOARD or args != (m.ptr,) or c not in (PLUS, MINUS):
        return ()
    own = (f"{BOARD}[{m.ptr}]", "ptr")
    offset = loop_offsets(m.program).get(pc, 0)
    return (f"{BOARD}[{m.ptr - offset}]", *own) if offset else own


@lru_cache(maxsize=8)
def loop_offsets(program: Program) -> dict[int, int]:
    """For each ``+``/``-`` in the body of a counted loop (one that runs as many times as its
    tested cell says: :func:`.ops.counted`), the offset of the cell it changes from the tested
    cell."""
    code, match = program.code, program.match
    found: dict[int, int] = {}
    for o, c in enumerate(code):
        if c == 91 and counted_loop(code, o, match[o]):
            pos = 0
            for i in range(o + 1, match[o]):
                pos += {RIGHT: 1, LEFT: -1}.get(code[i], 0)
                if code[i] in (PLUS, MINUS):
                    found[i] = pos
    return found


WRITE_KIND = frozenset({"write"})


def watch_stops(m: BrainfuckMachine, location: str) -> list[tuple[CellRef, frozenset[str]]] | None:
    """The stop before every step that may change ``location`` (Language ``watch_stops``): for
    a tape cell, the write stop on it (a ``+ - ,`` with the pointer there: the plan's write
    flags); ``None`` for the rest (``ptr`` has its ``writers``)."""
    name, args = _location(location)
    if name == BOARD and len(args) == 1:
        return [(CellRef(BOARD, 0, args[0]), WRITE_KIND)]
    return None


def writers(m: BrainfuckMachine, location: str) -> list[CodeRef] | None:
    """The commands that may change ``location``: a tape cell, ``+ - ,``; ``ptr``, ``< >``."""
    name, args = _location(location)
    if name == BOARD and len(args) == 1:
        kinds = (PLUS, MINUS, IN)
    elif name == "ptr" and not args:
        kinds = (LEFT, RIGHT)
    else:
        return None
    return [CodeRef(i) for i, c in enumerate(m.program.code) if c in kinds]
