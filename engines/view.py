"""The presentation model: what a language shows, in terms the app renders without knowing the
language.

A :class:`View` holds named :class:`Board` s of :class:`Cell` s (a glyph, an optional sub-glyph
such as the command under a 15 piece, and a *role* the app styles through TCSS classes, e.g.
``tile``, ``ip``, ``home``), registers and memory as :class:`Value` s, and the source span of the
next step.  Output, input and run status come from the debugger session, not from the view.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import CellRef, Span


@dataclass(frozen=True, slots=True)
class Cell:
    """One board cell: ``glyph`` is its main text, ``sub`` a second line (may be empty),
    ``role`` how to style it, ``changed`` true if the last step changed it."""

    glyph: str
    role: str
    sub: str = ""
    changed: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    """A grid of cells.  ``rows[r][c]`` is the cell at coordinate ``(row0 + r, col0 + c)``;
    ``None`` is a coordinate that is off the board.  ``name`` is the stable id breakpoints use."""

    name: str
    title: str
    rows: tuple[tuple[Cell | None, ...], ...]
    row0: int = 0
    col0: int = 0


@dataclass(frozen=True, slots=True)
class Value:
    """A named value (a register, a memory cell); ``changed`` true if the last step changed it."""

    name: str
    value: str
    changed: bool = False


@dataclass(frozen=True, slots=True)
class View:
    """Everything a language shows about one state."""

    boards: tuple[Board, ...]
    registers: tuple[Value, ...]
    memory_title: str
    memory: tuple[Value, ...]
    location: CellRef | None  # where the next step runs
    span: Span | None  # the source text of the next step

    def cell(self, ref: CellRef) -> Cell | None:
        """The cell ``ref`` names, or ``None`` if its board has no such cell (off the board)."""
        for board in self.boards:
            if board.name == ref.board:
                r, c = ref.row - board.row0, ref.col - board.col0
                if 0 <= r < len(board.rows) and 0 <= c < len(board.rows[r]):
                    return board.rows[r][c]
        return None
