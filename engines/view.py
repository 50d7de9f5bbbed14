"""The presentation model: what a language shows, in terms the app renders without knowing the
language.

A :class:`View` holds

* named :class:`Grid` s of :class:`Cell` s (a glyph, an optional sub-glyph such as the command
  under a 15 piece, and a *role* the app styles through TCSS classes, e.g. ``tile``, ``ip``);
* :class:`Panel` s of :class:`Value` s: registers, memory, a tape with its pointer, a loop stack,
  an explanation of the last step — each a titled list the app draws the same way;
* for a program whose code is text, its :class:`Code`: the span of every step location and
  styled parts of the text (what the parser reads, which words count);
* the location and source span of the next step.

Output, input and run status come from the debugger session, not from the view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .base import CellRef, CodeRef, Location, NamedRef, Span, cell_name


@dataclass(frozen=True, slots=True)
class Cell:
    """One board cell: ``glyph`` is its main text, ``sub`` a second line (may be empty),
    ``role`` how to style it, ``changed`` true if the last step changed it.  ``rgb``, if given,
    is the cell's own colour (``0xRRGGBB``, a Piet codel's): the board draws it as the cell's
    background over the role's style (the nearest colour on a 256-colour terminal), and without
    colour (NO_COLOR, text snapshots) only the glyph shows, so the glyph must say the colour too."""

    glyph: str
    role: str
    sub: str = ""
    changed: bool = False
    rgb: int | None = None


@dataclass(frozen=True, slots=True)
class Grid:
    """A board as drawn: a grid of cells.  ``rows[r][c]`` is the cell drawn at coordinate ``(row0 + r, col0 + c)``;
    ``None`` is a coordinate that is off the board.  ``name`` is the stable id breakpoints use.

    ``turns`` counts quarter turns clockwise the board has made since its cells got their
    :class:`CellRef` s (Tic Tac Toe Grow's ``c``): a breakpoint stays on its cell as the board
    turns.

    ``look`` is how its cells are drawn: ``tiles`` (a tile with the glyph over the sub-glyph),
    ``compact`` (a short tile per cell, no sub-glyph), ``squares`` (three columns a cell, no
    gaps: the glyph then a short sub-glyph, as a Scrabble board's letter and value), ``chars``
    (two columns a cell, no gaps: the glyph's first character then the sub-glyph's, as
    Befunge's Funge-space and its instruction pointer's arrow), or
    ``points`` (each cell a point of a grid joined by lines, as a Go board is drawn: the glyph,
    then ``─`` to the next point), or ``wide`` (as ``chars``, but the glyph takes exactly two
    terminal cells by its width on a terminal, a wide character filling them and a narrow one
    padded: Aheui's Hangul syllables beside one-column comments), or ``hex`` (as ``chars``, each cell as wide as the widest
    glyph, the rows shifted right by ``indents``: a hexagonal lattice, Hexagony's hexagon).
    ``indents``, for ``hex``, shifts each row right by that many half cells.  ``focus`` is the
    cell a board that the program does not run on keeps centred in sight, its cursor on it (a
    memory pointer's, a tape's data pointer's).
    ``axes``, if given, labels the columns and the rows (a label per column, a label per row,
    drawn along the top and the left edge); ``caption`` is a short line under the board.

    ``extent`` says what a cell off the grid is: ``fixed`` — not on the board, ever (a
    breakpoint there could never stop: it is refused); ``grows`` — not on the board yet (cells
    join it as the program runs: Tic Tac Toe Grow's mainBoard); ``window`` — the grid shows part of
    a larger board (Stoned-Go's infinite one), so the cell may be on it.

    ``width`` is how many columns a ``tiles`` cell's glyph and sub-glyph take (3 by default; a
    Brainfuck tape of 32-bit cells takes 10)."""

    name: str
    title: str
    rows: tuple[tuple[Cell | None, ...], ...]
    row0: int = 0
    col0: int = 0
    turns: int = 0
    look: str = "tiles"
    axes: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    caption: str = ""
    extent: str = "fixed"
    indents: tuple[int, ...] = ()
    width: int = 3  # columns a ``tiles`` cell's glyph takes (wider for long values: a 32-bit tape cell)
    focus: tuple[int, int] | None = None  # (row, col): the cell a board the program is not on keeps in sight

    def ref(self, row: int, col: int) -> CellRef:
        """The :class:`CellRef` of the cell drawn at ``(row, col)``."""
        for _ in range(self.turns):
            row, col = -col, row
        return CellRef(self.name, row, col)

    def place(self, ref: CellRef) -> tuple[int, int]:
        """Where the cell ``ref`` is drawn (``ref`` must name this board)."""
        row, col = ref.row, ref.col
        for _ in range(self.turns):
            row, col = col, -row
        return row, col


@dataclass(frozen=True, slots=True)
class Value:
    """A named value (a register, a memory cell, a counted word); ``note`` is a remark shown
    after it (e.g. a cell's character); ``changed`` true if the last step changed it,
    ``current`` true if it is where the machine is (e.g. the tape pointer); ``span`` the source
    it stands for (a stack frame's position), shown when the user selects it."""

    name: str
    value: str
    changed: bool = False
    current: bool = False
    note: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Panel:
    """A titled list of values.  ``name`` is its stable id; ``columns`` lays a long uniform list
    out in as many columns as fit; ``grow`` gives it the spare height; ``listing`` makes it a
    list of one line a row (stack frames, plays), kept scrolled to its ``current`` row, whose
    rows the user can select: a selected row's ``span`` is shown in the code."""

    name: str
    title: str
    values: tuple[Value, ...]
    columns: bool = False
    grow: bool = False
    listing: bool = False


@dataclass(frozen=True, slots=True)
class Code:
    """A program whose code is text (the source is the "code board").

    ``steps[i]`` is the span and a short label of :class:`CodeRef` ``(i)``.  ``marks`` style parts
    of the text by role: ``code`` for every piece of text the parser reads as a command (the
    rest is shown dimmed: prose and comments it ignores), and language roles such as ``noun``,
    ``adjective``, ``negate``.  Spans are 1-based, end exclusive (see :class:`Span`).
    """

    steps: tuple[tuple[Span, str], ...]
    marks: tuple[tuple[Span, str], ...]


@dataclass(frozen=True, slots=True)
class View:
    """Everything a language shows about one state.  Its boards and panels are the same ones,
    in the same order, in every state of a run (the debugger lays its panes out once)."""

    boards: tuple[Grid, ...]
    panels: tuple[Panel, ...]
    location: Location | None  # where the next step runs
    span: Span | None  # the source text of the next step
    code: Code | None = None
    next: str = ""  # what the next step does, when "at <location>" does not say it all
    also: tuple[Span, ...] = ()  # more source to point at with the next step (a macro's call site)
    # The ids of what the panels can follow (Language.follows: Befunge-98's instruction pointers),
    # in order, and the one they follow (None: the one that runs next).
    follows: tuple[str, ...] = ()
    followed: str | None = None
    # Why the program has ended, when its language's ``halted`` does not say it (a Labyrinth maze
    # with no command halts before its first step: there is nothing to run).
    ended: str = ""
    # The name of a cell without its board, as its language writes it (Language.cell_name sets it).
    name_cell: Callable[[CellRef], str] = field(default=cell_name, compare=False, repr=False)

    def cell(self, ref: CellRef) -> Cell | None:
        """The cell ``ref`` names, or ``None`` if its board has no such cell (off the board)."""
        for board in self.boards:
            if board.name == ref.board:
                r, c = board.place(ref)
                r, c = r - board.row0, c - board.col0
                if 0 <= r < len(board.rows) and 0 <= c < len(board.rows[r]):
                    return board.rows[r][c]
        return None

    @property
    def text_is_board(self) -> bool:
        """Whether the program's text is its code board, a line a row and a character a cell (a
        ``chars`` board the program runs on: Befunge's Funge-space, ><>'s codebox, a Labyrinth
        maze): its source keeps its lines whole, as the board does, never wrapped."""
        return self.code is None and bool(self.boards) and self.boards[0].look == "chars"

    def grid(self, board: str) -> Grid | None:
        """The board called ``board``, or ``None``."""
        return next((grid for grid in self.boards if grid.name == board), None)

    def describe(self, location: Location) -> str:
        """A short human name for a location: ``(2, 4) <!`` (a cell, named as its language
        names cells, and its command), ``H8 ₁`` (a Scrabble square and its tile) or ``line 3 va
        messi`` (a command of a text program), ``tape[2]`` (a cell of a board the program does not
        run on: one with a ``focus``, named as its data is), ``command push`` (a language's own
        location, :class:`~esodbg.engines.base.NamedRef`)."""
        if isinstance(location, NamedRef):
            return str(location)
        if isinstance(location, CodeRef):
            if self.code is None or not 0 <= location.index < len(self.code.steps):
                return str(location)
            span, label = self.code.steps[location.index]
            return f"line {span.line} {label}"
        grid = self.grid(location.board)
        if grid is not None and grid.focus is not None:  # a data board's cell (a tape's): named as data
            return f"{location.board}[{self.name_cell(location)}]"  # is, without its value, which changes
        cell = self.cell(location)
        what = (cell.sub or cell.glyph) if cell is not None else ""
        board = f"{location.board} " if len(self.boards) > 1 else ""
        return f"{board}{self.name_cell(location)}" + (f" {what}" if what else "")


ARROWS = {(1, 0): "▶", (-1, 0): "◀", (0, -1): "▲", (0, 1): "▼"}  # an IP's direction (dx, dy), y down


def arrow(dx: int, dy: int) -> str:
    """The arrow a grid language draws an instruction pointer moving ``(dx, dy)`` with (y grows
    downward), ``(dx,dy)`` for a delta that is no unit step (Befunge-98's ``x``)."""
    return ARROWS.get((dx, dy), f"({dx},{dy})")


def quote(char: str) -> str:
    """A character as a status line quotes it: itself between single quotes, never escaped
    (``'\\'`` is a backslash), a single quote between double ones; a control character as
    Python writes it (``'\\n'``)."""
    if not char.isprintable():
        return repr(char)
    return f'"{char}"' if char == "'" else f"'{char}'"


STACK_SHOWN = 200  # values of a stack a panel lists (the top ones)


def stack_panel(name: str, title: str, values: Sequence, changed: int = 0, empty: str = "pops give 0",
                note: Callable[[object], str] | None = None, shown: int = STACK_SHOWN) -> Panel:
    """A stack as a panel, top first (the grid languages' stacks: design.md "Board languages").

    ``values`` is the stack bottom first (a list whose end is the top, as the engines keep it);
    each row is ``[i]`` (0 the top) and the value, with ``note(value)`` after it (a value's
    character); the top ``changed`` rows are marked changed.  Past ``shown`` rows, one says how
    many more are below; an empty stack is one row saying so, and what popping it does
    (``empty``)."""
    top = values[::-1][:shown]
    rows = tuple(Value(f"[{i}]", str(v), i < changed, False, note(v) if note else "") for i, v in enumerate(top))
    if len(values) > shown:
        rows += (Value("…", f"{len(values) - shown} more below"),)
    return Panel(name, title, rows or (Value("(empty)", empty),), grow=True)
