"""The Scrabble implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`): ``parse``, ``machine``, ``view``, ``final_state``, ``trace``,
``decode`` (GCG files have their own encoding rules), ``cell_name`` and ``read_cell`` (a square
is ``H8``).  The JSON shapes are in
``docs/scrabble.md``."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from ..base import CellRef, Span, Status
from ..names import Cells, Names, data_name, unknown_data
from . import LANGUAGE
from .explain import hover, symbols
from .game import PLACE
from .gcg import decode_gcg, encode_gcg
from .machine import (ADD, BOARD, DIVIDE, ENDIF, IF, MINUS, MODULO, NEXT, PREV, TIMES, ScrabbleMachine,
                      executed_words)
from .program import Program, is_gcg, parse
from .state import final_state as state, summary, trace
from .view import cell_name, read_cell, view

machine = ScrabbleMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "decode", "encode", "counted", "variables", "data", "counters",
           "places", "span", "hover", "symbols", "reads", "cell_name", "read_cell", "summary"]


def places(program: Program) -> tuple[tuple[Span, CellRef], ...]:
    """Each new tile of a play, where its letter is written, on the square it goes to: a
    breakpoint there stops when the play puts it down or a word over it is about to run.
    Letters are found in the play's tiles as written (``.`` and parenthesised letters are tiles
    already on the board), in the order :attr:`~.game.Play.placed` lists them."""
    lines = program.source.split("\n")
    found = []
    for play in program.plays:
        line = lines[play.line - 1] if 0 < play.line <= len(lines) else ""
        start = line.find(play.tiles, play.span.col - 1) if play.tiles else -1
        if start < 0:
            continue
        tiles, depth = iter(play.placed), 0
        for i, char in enumerate(play.tiles):
            if char in "()":
                depth += 1 if char == "(" else -1
            elif char.isalpha() and not depth and (tile := next(tiles, None)) is not None:
                col = start + i + 1
                found.append((Span(play.line, col, play.line, col + 1), CellRef(BOARD, tile.y, tile.x)))
    return tuple(found)


def span(m: ScrabbleMachine) -> Span | None:
    """The play about to be put down, or the play whose word runs next."""
    program, action = m.program, m.next_action()
    if action is not None:
        return program.plays[action[1]].span
    if m.pc < m.listed():
        return program.plays[program.words[m.pc].play].span
    return None


def final_state(m: ScrabbleMachine, max_steps: int | None = None) -> dict:
    return state(m)


def counted(m: ScrabbleMachine) -> int:
    """``--max-steps`` counts executed words (skipped ones too), not the placing of plays."""
    return executed_words(m)


def decode(data: bytes, filename: str) -> str:
    """The text of a program file: a ``.gcg`` by :func:`decode_gcg` (never fails), anything else
    as UTF-8 with a leading BOM dropped (``UnicodeDecodeError`` if it is not)."""
    return decode_gcg(data) if is_gcg(filename) else data.decode("utf-8-sig")


def encode(text: str, filename: str) -> bytes:
    """The bytes of a program file: a ``.gcg`` by :func:`encode_gcg`, anything else as UTF-8."""
    return encode_gcg(text) if is_gcg(filename) else text.encode("utf-8")


# ----- power debugging (docs/scrabble.md, "The machine") ----------------------------------------
def _word(m: ScrabbleMachine):
    """The word the next step runs, or ``None`` (a play comes next, or nothing does)."""
    return m.program.words[m.pc] if m.pc < m.listed() else None


def variables(m: ScrabbleMachine) -> Names:
    """``cell``, ``pointer``, ``stack``, ``word``, ``score``, ``depth`` (:attr:`LANGUAGE.names
    <.Language.names>`)."""
    stack = m.stack

    def word(attribute: str):
        found = _word(m)
        return getattr(found, attribute) if found is not None else None

    return Names({"cell": lambda: stack[m.pointer], "pointer": lambda: m.pointer, "stack": lambda: Cells(stack, 0),
                  "word": lambda: word("text"), "score": lambda: word("score"), "depth": lambda: m.depth})


def _square(m: ScrabbleMachine, row: int, col: int) -> Callable[[], Any]:
    """A getter for the letter on the square in row ``row`` (y), column ``col`` (x): its changes
    by action, looked up by the actions done so far."""
    after, letters = [0], [None]  # after[i] actions, the square holds letters[i]
    for i, (kind, index) in enumerate(m.program.actions):
        for tile in m.program.plays[index].placed:
            if (tile.y, tile.x) == (row, col):
                after.append(i + 1)
                letters.append((tile.letter.lower() if tile.blank else tile.letter) if kind == PLACE else None)
    return lambda: letters[bisect.bisect_right(after, m.acts) - 1]


def data(m: ScrabbleMachine, text: str) -> Callable[[], Any]:
    """``stack[N]`` (N ≥ 0), ``cell``, ``pointer``, ``depth``, ``board(SQUARE)`` (``board(H8)``)."""
    square = LANGUAGE.data_cell(text)  # ValueError for a square it cannot read
    if square is not None:
        return _square(m, square.row, square.col)
    name, args, _ = data_name(text)
    stack = m.stack
    if name == "stack" and len(args) == 1 and args[0] >= 0:
        return lambda i=args[0]: stack[i] if i < len(stack) else 0
    if not args and name in ("cell", "pointer", "depth"):
        return {"cell": lambda: stack[m.pointer], "pointer": lambda: m.pointer, "depth": lambda: m.depth}[name]
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def reads(m: ScrabbleMachine, location: str) -> tuple[str, ...]:
    """What the next step reads to make the value it writes to ``location`` (``cell`` is
    ``stack[pointer]``), most direct first; ``()`` if it writes none there or makes it from the
    code.  Putting a play down (rules 2, 8), or taking a GCG phony back, makes its squares from
    the code: none.  A word (the
    command table, n = its score, from the code): ``ADD``/``MINUS``/``TIMES`` and
    ``DIVIDE``/``MODULO`` (n ≠ 0; 0 is an error that writes nothing) make the cell from the cell,
    then ``pointer``; ``SET``/``REMOVE`` make it from the code: none; ``NEXT``/``PREV`` make
    ``pointer`` from ``pointer`` (``PREV`` at 0 is an error), and ``cell`` from the cell they move
    to, then ``pointer`` (the 0 ``NEXT`` appends is the value ``stack[N]`` already reads as); ``IF``
    on a 0 cell makes ``depth`` from the cell (its condition), ``depth`` (+1), ``pointer``.  A
    skipped ``IF``/``ENDIF`` (rule 10) makes ``depth`` from ``depth``.  ``PRINT``, ``REPEAT``, an
    ``IF`` on a non-zero cell, a stray ``ENDIF`` and other words (rule 9) write no data location."""
    if m.status is not Status.READY or m.pc >= m.listed():
        return ()  # nothing runs, or a play goes down (or is taken back): its letters come from the code
    name, args, _ = data_name(location)
    op, p = m._ops[m.pc], m.pointer
    if m.depth:  # rule 10: skipping; IF and ENDIF count the nesting
        return ("depth",) if name == "depth" and op in (IF, ENDIF) else ()
    if name == "depth":
        return (f"stack[{p}]", "depth", "pointer") if op == IF and not m.stack[p] else ()
    if op in (NEXT, PREV):
        to = p + 1 if op == NEXT else p - 1
        if to < 0:
            return ()  # PREV at the first cell: a runtime error, which changes nothing
        return ("pointer",) if name == "pointer" else (f"stack[{to}]", "pointer") if name == "cell" else ()
    if name == "cell" or name == "stack" and args == (p,):
        if op in (ADD, MINUS, TIMES) or op in (DIVIDE, MODULO) and m._args[m.pc]:
            return (f"stack[{p}]", "pointer")
    return ()  # SET/REMOVE (from the code), or a word that writes no data location


def counters(m: ScrabbleMachine) -> tuple[int, int]:
    """``bingo`` (bingos so far), ``print`` (characters printed: PRINT is the only output and
    always writes at least a newline, so this goes up exactly at PRINT steps)."""
    return m.bingos(), m.output.length
