"""One line of text for a breakpoint of any kind: what ``esodbg exec --break`` takes, the
debugger's command palette reads and remembered sessions store.

::

    SPEC   = TARGET [" if " CONDITION] [" hit " HIT] [" log " MESSAGE]
    TARGET = "cell:" [BOARD ":"] CELL ["/" KIND ["+" KIND]…]           a board cell (the first board
                                                                     if BOARD is left out)
           | "code:" N                                               the N-th command (1-based)
           | "data:" LOCATION                                        a data location: acc, mem[3], memory1(0,1)
           | "event:" NAME                                           output, input, error, or the language's
           | FORM ":" TEXT                                           a form of the language's own
                                                                     (Language.spec_forms: Piet's
                                                                     codel:X,Y, block:X,Y, command:NAME)
    HIT    = N | ">=" N | "%" N

``if`` and ``hit`` come in either order, before ``log`` (whose message is the rest of the line).
``CELL`` is a cell as its language names it (:meth:`~esodbg.engines.language.Language.read_cell`:
``ROW,COL`` by default, ``X,Y`` in Stoned-Go, a square such as ``H8`` in Scrabble).  For example
``cell:main:2,3 if acc > 5``, ``code:12 hit >= 3``, ``data:tape[5]``, ``event:output log wrote
{output_length} characters``.

A cell a breakpoint can never reach is refused with the board's extent: one off a board that
never grows.  One off a board that grows (:attr:`~esodbg.engines.view.Grid.extent`) is taken,
with a :attr:`Spec.note` saying it is outside the board now.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .base import CellRef, CodeRef, NamedRef
from .breakpoints import Breakpoint, Breakpoints, DataRef, EventRef, Target
from .language import Language
from .view import View

CLAUSES = ("if", "hit", "log")
_CELL = re.compile(r"(?:([^:/,()\s]+):)?([^:/]+?)\s*(?:/([\w+-]+))?\Z")


class SpecError(ValueError):
    """A breakpoint spec that cannot be read; ``str(error)`` says why."""


class Spec(NamedTuple):
    """A breakpoint spec read: its target, the location kinds it asks for (a cell's: the
    language's defaults if the spec names none; ``None`` for other targets), the filters'
    texts (``None``: none) and a ``note`` a front end shows the user when it sets it (a cell
    outside its growing board now), or ``None``."""

    at: Target
    kinds: frozenset[str] | None = None
    condition: str | None = None
    hit_condition: str | None = None
    log_message: str | None = None
    note: str | None = None

    def set_in(self, breakpoints: Breakpoints) -> Breakpoint:
        """Set this breakpoint (replacing one on the same target); raises ``ValueError`` (an
        ``ExpressionError`` for a bad filter, a message for a data location the program lacks)."""
        return breakpoints.set(self.at, self.kinds, condition=self.condition, hit_condition=self.hit_condition,
                               log_message=self.log_message)


def _split(text: str) -> list[str]:
    """``text`` cut before each clause keyword (``if``, ``hit``, ``log``) that stands alone
    outside quotes and brackets; nothing is cut after ``log``."""
    pieces, start, depth, quote, i = [], 0, 0, None, 0
    while i < len(text):
        char = text[i]
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char.isspace() and depth == 0:
            word = re.match(r"\s+(\w+)(?=\s|\Z)", text[i:])
            if word and word.group(1) in CLAUSES:
                pieces.append(text[start:i])
                start = i + len(word.group(0)) - len(word.group(1))
                if word.group(1) == "log":
                    break
                i += len(word.group(0))
                continue
        i += 1
    pieces.append(text[start:])
    return pieces


def parse_spec(text: str, language: Language, view: View) -> Spec:
    """Read a breakpoint spec for a program of ``language`` whose first view is ``view`` (the
    cells and commands a breakpoint may be on).  Raises :class:`SpecError`.  Expressions and
    data locations are checked when the spec is set (:meth:`Spec.set_in`)."""
    target, *clauses = _split(text.strip())
    filters: dict[str, str] = {}
    for clause in clauses:
        keyword, _, rest = clause.strip().partition(" ")
        if keyword in filters:
            raise SpecError(f"{text!r}: '{keyword}' is given twice")
        if not rest.strip():
            raise SpecError(f"{text!r}: '{keyword}' needs {'a message' if keyword == 'log' else 'an expression'}")
        filters[keyword] = rest.strip()
    at, kinds = _target(target.strip(), language, view)
    note = None
    if isinstance(at, CellRef) and view.cell(at) is None:
        note = _off_board(text, at, language, view)
    return Spec(at, kinds, filters.get("if"), filters.get("hit"), filters.get("log"), note)


def _off_board(text: str, at: CellRef, language: Language, view: View) -> str | None:
    """The note for a breakpoint on a cell off its board in ``view`` (the program's first
    state), or ``None`` (the board is larger than its grid shows); raises :class:`SpecError`
    for a board that never grows, naming its extent."""
    grid = view.grid(at.board)
    if grid is None or grid.extent == "window":
        return None
    name = language.cell_name(at)
    if grid.extent == "grows":
        return f"{name} is outside the board {at.board} now: the breakpoint stops once the board grows to it"
    cells = [grid.ref(grid.row0 + r, grid.col0 + c) for r, row in enumerate(grid.rows)
             for c, cell in enumerate(row) if cell is not None]
    if not cells:
        raise SpecError(f"{text!r}: the board {at.board} has no cells")
    first, last = min(cells, key=lambda ref: (ref.row, ref.col)), max(cells, key=lambda ref: (ref.row, ref.col))
    rows, cols = len(grid.rows), max(len(row) for row in grid.rows)
    raise SpecError(f"{text!r}: {name} is not on the board {at.board}, which is {cols} cells wide and {rows} high, from "
                    f"{language.cell_name(first)} to {language.cell_name(last)}: the breakpoint could never stop")


def _target(text: str, language: Language, view: View) -> tuple[Target, frozenset[str] | None]:
    kind, _, rest = text.partition(":")
    if kind == "cell":
        boards = [grid.name for grid in view.boards]
        if not boards:
            raise SpecError(f"{text!r}: a {language.title} program has no board; use code:N")
        match = _CELL.match(rest)
        if match is None:
            example = language.cell_text(CellRef(boards[0], 2, 3))
            raise SpecError(f"{text!r}: write cell:[BOARD:]{language.cell_form}[/KIND+KIND], e.g. cell:{example}")
        board, name, kinds = match.groups()
        if board is not None and board not in boards:
            raise SpecError(f"{text!r}: no board {board!r} (the boards are: {', '.join(boards)})")
        try:
            cell = language.read_cell(name, board or boards[0])
        except ValueError as error:
            raise SpecError(f"{text!r}: {error}") from None
        chosen = language.default_kinds
        if kinds is not None:
            chosen = frozenset(kinds.split("+"))
            unknown = chosen - set(language.breakpoint_kinds)
            if unknown:
                raise SpecError(f"{text!r}: no kind {', '.join(sorted(unknown))} (a {language.title} breakpoint "
                                f"stops at: {', '.join(language.breakpoint_kinds)})")
        return cell, chosen
    if kind == "code":
        steps = len(view.code.steps) if view.code is not None and language.code_breakpoints else 0
        if not steps:
            raise SpecError(f"{text!r}: a {language.title} program has no commands to break at; "
                            f"use cell:{language.cell_form}")
        if not rest.strip().isdigit() or not 1 <= int(rest) <= steps:
            raise SpecError(f"{text!r}: write code:N with N from 1 to {steps} (the command's number)")
        return CodeRef(int(rest) - 1), None
    if kind == "data":
        try:
            return DataRef(language.data_location(rest)), None
        except ValueError as error:
            raise SpecError(f"{text!r}: {error}") from None
    if kind == "event":
        events = [event.name for event in language.all_events]
        if rest.strip() not in events:
            raise SpecError(f"{text!r}: no event {rest.strip()!r} (the events are: {', '.join(events)})")
        return EventRef(rest.strip()), None
    if kind in language.spec_prefixes:
        try:
            return language.read_target(kind, rest.strip(), view)
        except ValueError as error:
            raise SpecError(f"{text!r}: {error}") from None
    raise SpecError(f"{text!r}: a breakpoint is {', '.join(forms(language)[:-1])} or {forms(language)[-1]}")


def forms(language: Language) -> list[str]:
    """The targets a spec of ``language`` may name, as hints write them: ``cell:X,Y``, ``code:N``,
    ``data:LOCATION``, ``event:NAME``, then the language's own (:attr:`Language.spec_forms`)."""
    return [f"cell:{language.cell_form}", "code:N", "data:LOCATION", "event:NAME",
            *(form.name for form in language.spec_forms)]


def format_spec(bp: Breakpoint, language: Language) -> str:
    """The spec of ``bp``, a breakpoint in a program of ``language`` (which :func:`parse_spec`
    reads back to the same breakpoint)."""
    at = bp.at
    if isinstance(at, NamedRef):  # a language's own (Piet's command:push)
        text = f"{at.form}:{at.name}"
    elif isinstance(at, CellRef):
        kinds = "" if bp.kinds == language.default_kinds else "/" + "+".join(sorted(bp.kinds))
        text = f"cell:{at.board}:{language.cell_text(at)}{kinds}"
    elif isinstance(at, CodeRef):
        text = f"code:{at.index + 1}"
    elif isinstance(at, DataRef):
        text = f"data:{at.name}"
    else:
        text = f"event:{at.name}"
    if bp.condition is not None:
        text += f" if {bp.condition.text}"
    if bp.hit_condition is not None:
        text += f" hit {bp.hit_condition}"
    if bp.log_message is not None:
        text += f" log {bp.log_message.text}"
    return text
