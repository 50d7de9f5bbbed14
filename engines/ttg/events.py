"""The records of a Tic Tac Toe Grow run, each a named type (spec `ttg.md` R43).

* A micro-step is an *event*: one of the ``NamedTuple`` s below, whose type says what it is (the
  machine dispatches on it).  The machine always holds its next event fully planned, and the
  last one done, for the view and the trace.
* An :data:`Exec` carries the *ops* it applies: the primitive effects of executing one cell.
* A :class:`Frame` is one level of the pass's call stack (R19, R32).
* A :class:`Record` is one entry of the Backspace history (R17), holding a :class:`State`.

They are immutable values, so states share them freely (a snapshot is a tuple of references).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..base import CellRef
from .boards import Board, CellValue, Coord


# ----- events (R43) ------------------------------------------------------------------------------
class Write(NamedTuple):
    """R14: the typed ``key`` goes to ``cell``, order position ``k``."""
    cell: Coord
    key: str
    k: int


class Backspace(NamedTuple):
    """R17: undo the last phase, ``undoes`` (write, run, update), or break the program (``None``)."""
    undoes: str | None


class Undo(NamedTuple):
    """Done: a Backspace undid the last ``kind`` of phase."""
    kind: str


class Halt(NamedTuple):
    """Done: a Backspace at the start wrote ``text`` and broke the program."""
    text: str


class Update(NamedTuple):
    """R16: the mainBoard becomes ``board``, grown by the ``new`` cells."""
    board: Board
    new: list[Coord]


class Exec(NamedTuple):
    """R19–R37: the pass reaches ``cell`` (holding ``value``) of the top frame, and ``mode`` is
    ``run`` (the ``ops`` are its effect), ``skip`` (R33) or ``escape`` (R36).  ``since`` is the
    cell the scan came from (``None``: the frame's start)."""
    cell: Coord
    value: CellValue
    mode: str
    ops: tuple[Any, ...]
    since: Coord | None


class Return(NamedTuple):
    """R32: the called frame ended."""


class LimitReset(NamedTuple):
    """R41: 10,000 actions: the mainBoard empties and the code stops."""


class Swap(NamedTuple):
    """R21.1: memory1 is full: mainBoard and memory1 change places, then ``value`` is put."""
    value: CellValue | None


class OverflowWrite(NamedTuple):
    """R21.2: ``value`` goes to ``cell`` of the new memory1, and the code stops."""
    value: CellValue | None
    cell: Coord


class SwapMemory2(NamedTuple):
    """R21.2a: still full: memory1 and memory2 change places, then ``value`` is put."""
    value: CellValue | None


class Stopped(NamedTuple):
    """A limit (docs/ttg.md "Limits"): the run stops with the runtime error ``message`` at
    ``at``, in keystroke ``key`` (0-based)."""
    message: str
    at: CellRef
    key: int


# ----- the ops of an Exec -----------------------------------------------------------------------
class Put(NamedTuple):
    """R20: put ``value`` (normalised; ``None`` is a 0, which puts nothing) into memory1's first
    available ``cell``; ``None``: memory1 is full (R21)."""
    value: CellValue | None
    cell: Coord | None


class Out(NamedTuple):
    """R42: write ``text``."""
    text: str


class SetMemory(NamedTuple):
    """Assign memory1's ``cell`` (arithmetic R28, ``p`` R32); ``None`` empties it."""
    cell: Coord
    value: CellValue | None


class SetFrameCell(NamedTuple):
    """``?`` (R29): assign ``cell`` of the frame's own board."""
    cell: Coord
    value: CellValue | None


class NewMemory1(NamedTuple):
    """Replace memory1 by ``board``: ``how`` is ``clear`` (``d``) or ``grow`` (``g``, by ``cells``)."""
    board: Board
    how: str
    cells: list[Coord]


class NewMain(NamedTuple):
    """Replace the mainBoard by ``board``: ``how`` is ``grow`` (``u``, by ``cells``) or ``rotate`` (``c``)."""
    board: Board
    how: str
    cells: list[Coord]


class SetDirection(NamedTuple):
    """R30: D := ``d``."""
    d: str


class SkipNext(NamedTuple):
    """``!`` (R33)."""


class EscapeNext(NamedTuple):
    """``#`` (R36)."""


class Consume(NamedTuple):
    """``t`` (R25): the scan resumes after ``cell``."""
    cell: Coord


class RestartFrame(NamedTuple):
    """``?`` (R29): restart the frame."""


class Call(NamedTuple):
    """``@`` (R32): run a new frame on ``board``: save ``chain`` (``-1``: memory1's copy)."""
    board: Board
    chain: int


class Save(NamedTuple):
    """``s`` (R32): save memory1."""


# ----- the pass's call stack ---------------------------------------------------------------------
@dataclass(slots=True)
class Frame:
    """One frame of the pass (R19): its ``board`` (``None``: the live mainBoard, else an ``@``
    frame's private copy), the ``cell`` the scan is at (``None``: before the first), pending
    ``skip`` count (R33) and ``escape`` (R36), and ``chain``: which save it runs (``None`` for the
    main frame, ``-1`` for memory1's copy; R32)."""

    board: Board | None
    cell: Coord | None = None
    skip: int = 0
    escape: bool = False
    chain: int | None = None

    def frozen(self) -> tuple:
        return (self.board, self.cell, self.skip, self.escape, self.chain)


# ----- the Backspace history (R17) ----------------------------------------------------------------
class State(NamedTuple):
    """What a Backspace record keeps (R17): the four boards, D, k and the saves."""
    main: Board
    m1: Board
    m2: Board
    m3: Board
    D: str
    k: int
    saves: Any  # an immutables.Map: index → Board


class Record(NamedTuple):
    """A Backspace record (R17): the ``state`` before a phase of ``kind`` (write, run, update),
    the records before it (``rest``, ``None`` at the bottom), and what the history ``held`` then
    (the machine's ``max_history`` count)."""
    kind: str
    state: State
    rest: Record | None
    held: int
