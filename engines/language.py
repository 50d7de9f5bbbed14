"""What a language plugin is: one :class:`Language` object per language package.

A language package ``engines/<lang>/`` (or any installed package) exports a :class:`Language`
and registers it under the entry-point group ``esodbg.languages`` (see :mod:`.registry`).  The
object itself is light — names, extensions, options, units, breakpoint kinds, roles — so finding
the language of a file imports nothing heavy.  Its behaviour lives in the package's
*implementation* module, imported the first time it is needed, which defines:

``parse(text, filename, options) -> program``
    The program (a value with at least ``source: str`` and ``warnings: tuple[Diagnostic, ...]``),
    or :class:`~esodbg.engines.base.ParseError`.  ``options`` maps each of the language's
    :attr:`Language.options` (by :attr:`Option.dest`) to its value, ``None`` when not given.
``machine(program, input, output) -> Machine``
    A :class:`~esodbg.engines.base.Machine` at step 0.
``view(machine, last) -> View``
    The presentation model (:mod:`.view`) of a state; ``last`` is the step that led to it.
``final_state(machine, max_steps) -> dict``
    The state as one JSON document (``esodbg exec --final-state``); ``max_steps`` is the run's
    ``--max-steps`` budget, or ``None``.  A language whose state says how the run ended
    (:attr:`Language.says_interrupted`) takes a third argument, ``interrupted``: the run was cut
    short by Ctrl+C or SIGTERM.
``trace(machine, record) -> dict``
    One JSON object for the step ``record`` just ran (``esodbg exec --trace``).
``parse_error_state(error, filename, options, max_steps) -> dict`` (optional)
    ``exec --final-state`` for a program that did not parse (``error``, the
    :class:`~esodbg.engines.base.ParseError` ``parse`` raised with ``options``); by default
    :func:`parse_error_state`'s shape.
``summary(machine) -> str`` (optional)
    What ``esodbg exec`` prints for a language whose programs write no output (with
    :attr:`Language.says_interrupted`, ``summary(machine, interrupted)``).
``exit_code(machine) -> int`` (optional)
    The exit status of a run that ended normally (Befunge-98's ``q`` gives its own); 0 by default.
``counted(machine) -> int`` (optional)
    What ``--max-steps`` counts, if not every machine step (Scrabble counts executed words,
    not the placing of a play); it must never grow faster than ``machine.steps``.
``export(machine, name) -> bytes`` (optional)
    The state written in the format of the language's :class:`Export` ``name`` (Stoned-Go's
    board as SGF).
``decode(data, filename) -> str`` (optional)
    The text of a program file; the default is UTF-8 (a leading BOM dropped).  Raises
    ``UnicodeDecodeError`` for a file that is not text.
``not_editable(filename) -> str | None`` (optional)
    Why a program file cannot be edited as text (a Piet picture: the editor does not open it), or
    ``None``; every file is editable by default.
``encode(text, filename) -> bytes`` (optional)
    The bytes of a program file whose text is ``text``, as the debugger's editor saves it; the
    default is UTF-8 (a GCG record keeps its declared ``#character-encoding``).
``variables(machine) -> Mapping[str, Any]`` (optional)
    The state as the names of :attr:`Language.names`, for breakpoint conditions, log messages and
    watches: a :class:`~esodbg.engines.names.Names` computing a value only when it is looked up.
``data(machine, name) -> Callable[[], Any]`` (optional)
    A getter for the data location ``name`` (one of the forms :attr:`Language.data_locations`
    lists, read with :func:`~esodbg.engines.names.data_name`), for data breakpoints; raises
    ``ValueError`` with a message if the program has no such location.
``reads(machine, location) -> Iterable[str]`` (optional)
    The data locations (canonical, as ``data`` reads them) whose values the next step reads to
    make what it writes to the data location ``location``, most direct first: ``acc + mem[3]``
    reads ``acc`` then ``mem[3]``, and then what chose them (a position, a label).  A value from
    input or from the code reads none.  Where did a value come from (:mod:`.provenance`)
    follows the first; by default a step reads none, and a chain ends at its first link.
``writers(machine, location) -> Iterable[Location] | None`` (optional)
    The step locations whose steps may change the data location ``location`` (the cells whose
    command writes the accumulator), or ``None`` if any step may (the default): finding the
    writer of a value then runs the fast loop between them instead of looking after every
    step.  It must not leave one out (the search would miss a writer).
``watch_stops(machine, location) -> Iterable[tuple[Location, frozenset[str]]] | None`` (optional)
    Machine stops, ``(location, kinds)`` pairs as breakpoints are, such that before every step
    that may change the data location ``location`` the machine's ``next_touches`` lists one of
    them (``(location, kind)``, the kind among its kinds) and its compiled loop, given them with
    the breakpoints, stops there: a Brainfuck ``tape[N]``'s write stop on cell ``N``, a Befunge
    cell's (a ``p`` about to write it).  A data breakpoint on ``location`` then runs the fast
    loop from one such arrival to the next and only the step after it one at a time, so that it
    costs about what those stops cost.  ``None`` (the default): the stops of ``writers`` (``exec``
    at each), or, without them, the value is compared after every step.  It must not leave one
    out (the breakpoint would miss a change that a later step undoes).
``counters(machine) -> tuple`` (optional)
    One count per event of :attr:`Language.events`, in order, each never going down as the
    machine runs forwards and going up exactly at the steps its event happens (event breakpoints
    compare them between steps).  Cheap: the core reads them between runs of the fast loop.
``places(program) -> tuple[tuple[Span, Location], ...]`` (optional)
    Where breakpoint locations are written in the program's text, in reading order: a 15
    cell's command, a MessiScript command, a Scrabble tile on its square.  An editor sets
    breakpoints by line and column on these (``esodbg dap``).  A language whose locations the
    text does not fix (a board the program fills as it runs) has none.
``places_on(program, line) -> list[tuple[Span, Location]]``, ``place_of(program, at) -> Span | None`` (optional, both)
    The places that start on the 1-based ``line`` (those of ``places`` there, in the same
    order), and where the location ``at`` is first written (its first place's span): for a
    language whose places each lie on one line, read one line at a time, so that an editor's
    breakpoints on a 1 MB program never wait for the whole program's places (``esodbg dap``).
``span(machine) -> Span | None`` (optional)
    The source of the next step, cheaply (by default the view's ``span``, which builds the whole view).
``frames(machine) -> list[CallFrame]`` (optional)
    The call stack, innermost first (Stoned-Go's triggers and subprograms); by default one frame
    at :meth:`Language.span`.
``marks(program) -> tuple[Location, ...]`` (optional)
    Where the program's text asks for breakpoints (Hexagony's backtick debug marks): the
    debugger sets one on each when it opens the program.  None by default.
``layout(program) -> tuple[str, str] | None`` (optional)
    The program's text rewritten in its canonical layout (Hexagony's hexagon), with a title for
    the editor's code action that offers it; ``None`` (the default) when there is none.
``breakable(at) -> str | None`` (optional)
    Why no breakpoint can go on the location ``at`` (a cell of a board that shows data, not
    code), or ``None``; the default refuses only commands of languages without
    :attr:`Language.code_breakpoints`.
``data_at(cell) -> str | None`` (optional)
    The data location a board cell shows (a Hexagony memory edge's ``mem[q,r,D]``), for a data
    breakpoint set on the board, or ``None``; by default the cells of the boards
    :attr:`Language.data_locations` names (``puzzle(ROW,COL)``).
``show_cell(cell, value) -> str | None`` (optional)
    A board cell's value as the debugger's board draws it (Befunge's code point 46 as ``'.'``),
    for an editor's Variables view; ``None``: the value as expressions show it (the default).
``hover(program, line, col) -> str | None`` (optional)
    What the code at a 1-based line and column (in characters) means, as Markdown (the command
    a 15 tile runs, the value a MessiScript sentence makes…), or ``None`` where it is no code (a
    comment, prose): what an editor shows on hover (``esodbg lsp``).
``symbols(program) -> tuple[Symbol, ...]`` (optional)
    The named parts of a program an editor lists (Stoned-Go's macros, MessiScript's loops, a
    GCG record's moves); none by default.
``read_target(form, text, view) -> tuple[Target, frozenset[str] | None]`` (optional)
    The breakpoint target a spec of one of the language's own forms (:attr:`Language.spec_forms`)
    names: ``form`` is its prefix (``command``), ``text`` what follows the colon, ``view`` the
    program's first view; the target (a :class:`~esodbg.engines.base.CellRef` with its kinds, a
    :class:`~esodbg.engines.base.NamedRef`…) and its kinds (``None`` for a target that has none).
    Raises ``ValueError`` saying what the form takes (the valid names).  Needed with ``spec_forms``.
``cell_name(cell) -> str`` (optional)
    The name of the board cell ``cell`` (a :class:`~esodbg.engines.base.CellRef`), without its
    board, as the language's spec and its players write it: Stoned-Go's point ``(4, 0)`` is
    ``(x, y)``, a Scrabble square is ``H8``.  By default :func:`cell_name`'s ``(row, col)``.
    Every front end names a cell with it (:meth:`Language.cell_name`): status line, panels,
    breakpoint lists and specs, data locations, reports, editors.
``read_cell(text, board) -> CellRef`` (optional)
    The cell of the board ``board`` that ``text`` names, in the forms ``cell_name`` writes (with
    or without its parentheses and spaces) and any the language also accepts; raises
    ``ValueError`` saying the forms it reads.  By default :func:`read_cell`'s ``ROW,COL``.
``bounds(machine, board) -> tuple[int, int, int, int] | None`` (optional)
    ``(first row, first col, rows, cols)`` of the cells of the data board ``board`` (one a
    ``NAME(CELL)`` data form names, such as ``puzzle(ROW,COL)``), in its cells' coordinates,
    cheaply; by default the bounding box of the view's grid of that name.

The docs page ``docs/plugins.md`` walks through a whole language built this way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import PurePath
from typing import Any, NamedTuple

from .base import CellRef, CodeRef, Location, Machine, ParseError, Span, Status, cell_name, read_cell
from .iobuf import InputLog, Output
from .names import Names, board_location, data_name, unknown_data


class Option(NamedTuple):
    """A language's own command-line option, offered by ``run``, ``exec`` and ``check``.

    ``name`` is the flag without its dashes (``max-depth`` → ``--max-depth``); ``type`` is
    ``str``, ``int`` or ``bool`` (a flag that takes no value); ``choices`` limits a ``str``,
    ``minimum`` an ``int`` (the command line refuses a smaller value, exit 2).  The value reaches
    ``parse`` under :attr:`dest`, or ``None`` when the option was not given (the language applies
    its default, which ``default`` documents)."""

    name: str
    help: str
    type: type = str
    choices: tuple[str, ...] = ()
    default: Any = None
    metavar: str | None = None
    minimum: int | None = None

    @property
    def dest(self) -> str:
        return self.name.replace("-", "_")


DEFAULT_INT_BITS = 1 << 16

# The option of every language with unbounded integers: the bound that keeps a step short (its
# checks and why: engines/integers.py).  Here, not there, so a plugin object stays light.
INT_BITS_OPTION = Option(
    "max-int-bits",
    f"The largest integer a step may make, in bits (default {DEFAULT_INT_BITS:,}, about 19,700 decimal "
    "digits): a step that would make a larger one is a runtime error, so no step runs long. Raise it "
    "for programs that need bigger numbers; each doubling makes the slowest steps about three times slower.",
    int, default=DEFAULT_INT_BITS, metavar="BITS", minimum=64)


class Unit(NamedTuple):
    """A unit of stepping coarser than one step (Tic Tac Toe Grow's keystroke): ``key`` steps
    one forwards, its upper case goes back to the unit's start.  ``request`` is the Debug Adapter
    Protocol request an editor steps by it with: ``next`` (step over) or ``stepOut``; ``None``
    for neither (``next`` and ``stepOut`` then run one step)."""

    name: str
    key: str
    help: str = ""
    request: str | None = None


class Symbol(NamedTuple):
    """A named part of a program (an editor's outline): ``kind`` is ``function`` (a macro),
    ``block`` (a loop) or ``event`` (a move of a game); ``span`` where it is written (``select``
    the part of it that names it, if narrower); ``children`` the symbols inside it."""

    name: str
    kind: str
    span: Span
    detail: str = ""
    select: Span | None = None
    children: tuple = ()


class CallFrame(NamedTuple):
    """A frame of a call stack: what runs (``name``) and the source where it goes on."""

    name: str
    span: Span | None


class Export(NamedTuple):
    """A file format a language writes its state in: ``esodbg exec --NAME FILE`` after a run,
    and the debugger's export key (a file ``<program>-step<N>.<suffix>``)."""

    name: str
    help: str
    suffix: str


class Help(NamedTuple):
    """A name a language declares (a state name, a data location form, an event) and what it is;
    ``note``, what an editor's Variables view says beside the name (a stack's ``top first``)."""

    name: str
    help: str
    note: str = ""


# The names and events every language has, before its own (Language.all_names, .all_events).
GENERIC_NAMES = (Help("step", "steps run so far"), Help("output_length", "characters of output written so far"))
OUTPUT, INPUT, ERROR = (Help("output", "a step writes output"), Help("input", "a step reads input"),
                        Help("error", "a step stops with a runtime error"))


def parse_error_state(error: ParseError) -> dict:
    """The final state of a program that did not parse, in every language (issue 28, after
    Stoned-Go's D7): ``{"outcome": "parse_error", "error": {"phase", "line", "col",
    "message"}}``, the first error's (``check``'s line and column, 1-based); ``phase`` is the
    error's own (``decode`` for a file that is not text), else ``parse``."""
    first = next((d for d in error.diagnostics if d.severity == "error"), error.diagnostics[0])
    return {"outcome": "parse_error", "error": {"phase": getattr(error, "phase", "parse"), "line": first.line,
                                                "col": first.col, "message": first.message}}


@dataclass(frozen=True)
class Language:
    """A language esodbg knows: what the core, the CLI and the app need to find, parse, run and
    show its programs (see the module docstring for the implementation module's functions).

    ``units`` are the units of stepping coarser than one step, coarsest first (a machine's
    :meth:`~esodbg.engines.base.Machine.unit_start` takes an index into them).  A breakpoint can
    stop at the kinds of touch in ``breakpoint_kinds``; a new one stops at ``default_kinds``.
    ``roles`` are the roles the language's views give board cells and code marks, styled by the
    TCSS file ``styles`` in its package.  ``grammar`` names its tree-sitter grammar (files whose
    ending is in ``grammar_by_suffix`` have the grammar named there, or none: :meth:`grammar_for`), ``docs``
    its page (a path from the repository root).

    Power debugging (conditions, watches, data and event breakpoints) comes from three
    declarations: ``names`` (state names for expressions, the implementation's ``variables``),
    ``data_locations`` (the forms of data locations, its ``data``) and ``events`` (its own
    events, its ``counters``); every language also has :data:`GENERIC_NAMES` and the events
    ``output``, ``error`` and, if it reads input, ``input``.
    """

    name: str  # stable id: --lang, the entry-point name
    title: str  # what users call it
    extensions: tuple[str, ...]  # file name endings, with the dot, lower case
    implementation: str  # module defining parse, machine, view, final_state, trace (…)
    docs: str
    options: tuple[Option, ...] = ()
    units: tuple[Unit, ...] = ()
    breakpoint_kinds: tuple[str, ...] = ("exec",)
    default_kinds: frozenset[str] = frozenset({"exec"})
    reads_input: bool = True  # False: programs never read input (the debugger shows no input pane)
    writes_output: bool = True  # False: programs never write output (no output pane; exec prints a summary)
    halted: str = "the program finished"  # what a normal halt means, for status lines
    end_of_input: str = "then a read is a runtime error"  # what reading does once the input ended (the help's Ctrl+D)
    roles: tuple[str, ...] = ()
    styles: str | None = None
    grammar: str | None = None
    grammar_by_suffix: tuple[tuple[str, str | None], ...] = ()  # (file ending, grammar or None) for files with their own format
    names: tuple[Help, ...] = ()
    # breakpoint spec targets of its own, beside cell:, code:, data: and event: (Piet's codel:X,Y,
    # command:NAME): the implementation's read_target reads them
    spec_forms: tuple[Help, ...] = ()
    data_locations: tuple[Help, ...] = ()  # forms, e.g. Help("mem[N]", "piece N's memory")
    events: tuple[Help, ...] = ()
    exports: tuple[Export, ...] = ()
    recent_steps: int = 1  # step records a view is shown: above 1, its view takes the latest as `recent`
    # What a view can follow when a state holds several (Befunge-98: "instruction pointer"): its
    # view then takes `follow`, the id of the one its panels show (View.follows lists the ids)
    follows: str = ""
    code_breakpoints: bool = False  # its machine stops at commands (CodeRef) of its text, not only at cells
    says_interrupted: bool = False  # its final_state and summary say how the run ended: told when Ctrl+C ended it
    cell_form: str = "ROW,COL"  # how a cell is written (the implementation's read_cell), for hints: X,Y, SQUARE
    pictures: bool = False  # its boards are pictures (cells of their own colour, Cell.rgb): z zooms them out
    bytes_io: bool = False  # its input and output are bytes (Befunge): kept exactly, as surrogateescape text
    # (file ending, rule): a file with that ending is this language's when rule(its bytes) holds, where
    # other languages list the ending too (.bf: Brainfuck's content rule; registry.for_file)
    claims: tuple[tuple[str, Callable[[bytes], bool]], ...] = ()

    @cached_property
    def impl(self):
        """The implementation module (imported on first use)."""
        return importlib.import_module(self.implementation)

    def parse(self, text: str, filename: str, options: dict[str, Any] | None = None):
        """The program in ``text`` (read from ``filename``); raises ``ParseError``."""
        return self.impl.parse(text, filename, {option.dest: None for option in self.options} | (options or {}))

    def machine(self, program, input: InputLog, output: Output) -> Machine:
        return self.impl.machine(program, input, output)

    def view(self, machine: Machine, last, recent: tuple = (), follow: str | None = None):
        """The :class:`~esodbg.engines.view.View` of ``machine``; ``last`` is the step that led
        here, ``recent`` up to :attr:`recent_steps` records of the latest steps (oldest first),
        ``follow`` the id of what its panels follow (:attr:`follows`; ``None``: what runs next)."""
        more = {"follow": follow} if self.follows else {}
        view = self.impl.view(machine, last, recent, **more) if self.recent_steps > 1 \
            else self.impl.view(machine, last, **more)
        if getattr(self.impl, "cell_name", None) is not None:  # its cells are named its own way
            view = replace(view, name_cell=self.impl.cell_name)
        return view

    def final_state(self, machine: Machine, max_steps: int | None = None, interrupted: bool = False) -> dict:
        """``exec --final-state``; ``interrupted``: Ctrl+C or SIGTERM ended the run (told to a
        language that :attr:`says_interrupted`)."""
        if self.says_interrupted:
            return self.impl.final_state(machine, max_steps, interrupted)
        return self.impl.final_state(machine, max_steps)

    def trace(self, machine: Machine, record) -> dict:
        return self.impl.trace(machine, record)

    def parse_error_state(self, error: ParseError, filename: str, options: dict[str, Any] | None = None,
                          max_steps: int | None = None) -> dict:
        """``exec --final-state`` for a program that did not parse with ``options``: the
        implementation's own (Stoned-Go's D7 shape), else :func:`parse_error_state`'s."""
        own = getattr(self.impl, "parse_error_state", None)
        if own is None:
            return parse_error_state(error)
        return own(error, filename, {option.dest: None for option in self.options} | (options or {}), max_steps)

    def summary(self, machine: Machine, interrupted: bool = False) -> str | None:
        """What ``exec`` prints for a run whose programs write no output, or ``None``;
        ``interrupted`` as for :meth:`final_state`."""
        summary = getattr(self.impl, "summary", None)
        if summary is None:
            return None
        return summary(machine, interrupted) if self.says_interrupted else summary(machine)

    def counted(self, machine: Machine) -> int:
        """What ``--max-steps`` counts: by default every step."""
        counted = getattr(self.impl, "counted", None)
        return counted(machine) if counted is not None else machine.steps

    def exit_code(self, machine: Machine) -> int:
        """The exit status of a run that ended normally: 0, or the program's own (Befunge-98's ``q``)."""
        own = getattr(self.impl, "exit_code", None)
        return own(machine) if own is not None else 0

    # ----- where things are ----------------------------------------------------------------------
    def places(self, program) -> tuple[tuple[Span, Location], ...]:
        """Where breakpoint locations are written in ``program``'s text, in reading order (the
        implementation's optional ``places``; none by default)."""
        places = getattr(self.impl, "places", None)
        return tuple(places(program)) if places is not None else ()

    @property
    def places_by_line(self) -> bool:
        """Whether the implementation reads its places a line at a time (``places_on`` and
        ``place_of``): each place on one line."""
        return getattr(self.impl, "places_on", None) is not None and getattr(self.impl, "place_of", None) is not None

    def places_on(self, program, line: int) -> list[tuple[Span, Location]]:
        """The places that start on ``line`` (1-based), in reading order: those of
        :meth:`places` there (read on their own where :attr:`places_by_line`)."""
        if self.places_by_line:
            return list(self.impl.places_on(program, line))
        return [place for place in self.places(program) if place[0].line == line]

    def place_of(self, program, at: Location) -> Span | None:
        """Where ``at`` is first written in ``program``'s text (its first place), if anywhere."""
        if self.places_by_line:
            return self.impl.place_of(program, at)
        return next((span for span, where in self.places(program) if where == at), None)

    def marks(self, program) -> tuple[Location, ...]:
        """Where ``program``'s text asks for breakpoints (the implementation's optional
        ``marks``; none by default)."""
        marks = getattr(self.impl, "marks", None)
        return tuple(marks(program)) if marks is not None else ()

    def layout(self, program) -> tuple[str, str] | None:
        """``(title, text)``: ``program`` rewritten in its language's canonical layout, or ``None``."""
        layout = getattr(self.impl, "layout", None)
        return layout(program) if layout is not None else None

    def hover(self, program, line: int, col: int) -> str | None:
        """What the code at ``line``:``col`` (1-based, characters) of ``program`` means, as
        Markdown, or ``None`` (no code there, or the language explains none)."""
        hover = getattr(self.impl, "hover", None)
        return hover(program, line, col) if hover is not None else None

    def symbols(self, program) -> tuple[Symbol, ...]:
        """The named parts of ``program`` (its macros, loops, moves), outermost first."""
        symbols = getattr(self.impl, "symbols", None)
        return tuple(symbols(program)) if symbols is not None else ()

    def span(self, machine: Machine) -> Span | None:
        """The source of the next step (a runtime error's, once the machine stopped at one)."""
        if machine.fault is not None:
            return machine.fault.span
        span = getattr(self.impl, "span", None)
        return span(machine) if span is not None else self.view(machine, None).span

    def frames(self, machine: Machine) -> list[CallFrame]:
        """The call stack, innermost first: the implementation's optional ``frames``, else one
        frame, the program, at :meth:`span`."""
        frames = getattr(self.impl, "frames", None)
        if frames is not None and machine.fault is None:
            return list(frames(machine))
        return [CallFrame(self.title, self.span(machine))]

    def bounds(self, machine: Machine, board: str) -> tuple[int, int, int, int] | None:
        """``(first row, first col, rows, cols)`` of the data board ``board``'s cells in their
        coordinates, or ``None`` if the state has no such board (see the module docstring)."""
        bounds = getattr(self.impl, "bounds", None)
        if bounds is not None:
            return bounds(machine, board)
        for grid in self.view(machine, None).boards:
            if grid.name == board:
                cells = [grid.ref(grid.row0 + r, grid.col0 + c) for r, row in enumerate(grid.rows)
                         for c, cell in enumerate(row) if cell is not None]
                if not cells:
                    return None
                rows, cols = [cell.row for cell in cells], [cell.col for cell in cells]
                return min(rows), min(cols), max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
        return None

    def data_boards(self) -> tuple[str, ...]:
        """The boards the language's data locations name (``puzzle`` for ``puzzle(ROW,COL)``):
        the forms ``NAME(CELL)`` with :attr:`cell_form` in the parentheses."""
        return tuple(form.name.partition("(")[0] for form in self.data_locations
                     if form.name.endswith(f"({self.cell_form})"))

    # ----- naming cells -------------------------------------------------------------------------
    def cell_name(self, cell: CellRef) -> str:
        """The name of ``cell`` without its board, as the language writes it: ``(2, 4)`` (row,
        col: 15, Tic Tac Toe Grow), ``(4, 0)`` (x, y: Stoned-Go), ``H8`` (a Scrabble square).
        The implementation's ``cell_name``, else :func:`cell_name`."""
        return getattr(self.impl, "cell_name", cell_name)(cell)

    def cell_text(self, cell: CellRef) -> str:
        """:meth:`cell_name` without spaces or outer parentheses, as specs and data locations
        write it: ``2,4`` in ``cell:puzzle:2,4`` and ``puzzle(2,4)``, ``H8`` in ``board(H8)``."""
        name = self.cell_name(cell).replace(" ", "")
        return name[1:-1] if name.startswith("(") and name.endswith(")") else name

    def read_cell(self, text: str, board: str) -> CellRef:
        """The cell of ``board`` that ``text`` names (:meth:`cell_name`'s form, with or without
        spaces and parentheses); ``ValueError`` saying the forms the language reads."""
        return getattr(self.impl, "read_cell", read_cell)(text, board)

    def where(self, location: Location) -> str:
        """A location with its board, for messages: ``puzzle (1, 2)``, ``board H8``, ``command 3``."""
        if isinstance(location, CellRef):
            return f"{location.board} {self.cell_name(location)}"
        return str(location)

    def data_location(self, text: str) -> str:
        """``text`` as a canonical data location (``mem[ 3 ]`` → ``mem[3]``, ``board( h8 )`` →
        ``board(H8)``): a cell of a data board (:meth:`data_boards`) named as :meth:`cell_text`
        names it.  ``ValueError`` if ``text`` is no data location's form (it may still be one the
        program lacks: :meth:`data` says)."""
        found = board_location(text)
        if found is not None and found[0] in self.data_boards():
            board, inside = found
            return f"{board}({self.cell_text(self.read_cell(inside, board))})"
        return data_name(text)[2]

    def data_cell(self, name: str) -> CellRef | None:
        """The board cell the data location ``name`` is (``puzzle(2,4)``), or ``None`` if it is not
        one; ``ValueError`` for a cell the language cannot read."""
        found = board_location(name)
        if found is None or found[0] not in self.data_boards():
            return None
        return self.read_cell(found[1], found[0])

    @property
    def spec_prefixes(self) -> tuple[str, ...]:
        """The prefixes of :attr:`spec_forms` (``command`` for ``command:NAME``)."""
        return tuple(form.name.partition(":")[0] for form in self.spec_forms)

    def read_target(self, form: str, text: str, view) -> tuple[Any, frozenset[str] | None]:
        """The breakpoint target and kinds a spec ``FORM:TEXT`` of one of :attr:`spec_forms`
        names in the program whose first view is ``view`` (the implementation's ``read_target``);
        ``ValueError`` with what the form takes."""
        return self.impl.read_target(form, text, view)

    def breakable(self, at: Location) -> str | None:
        """Why a breakpoint cannot go on ``at`` in this language, or ``None`` if it can: a
        command of the text is a place only where the machine stops at commands."""
        if isinstance(at, CodeRef) and not self.code_breakpoints:
            return f"{self.title} breakpoints go on board cells, not on commands of the text"
        own = getattr(self.impl, "breakable", None)
        return own(at) if own is not None else None

    def grammar_for(self, path: str | PurePath) -> str | None:
        """The tree-sitter grammar of the program file ``path``: by its ending, else :attr:`grammar`."""
        name = str(path).lower()
        return next((grammar for suffix, grammar in self.grammar_by_suffix if name.endswith(suffix)), self.grammar)

    def inspect(self, machine: Machine, at: CellRef):
        """A :class:`~esodbg.engines.view.Panel` about the cell ``at`` the user put the board
        cursor on, replacing the view's panel of the same name while the board has focus (the
        group and liberties of a Go stone), or ``None``: the implementation's optional ``inspect``."""
        inspect = getattr(self.impl, "inspect", None)
        return inspect(machine, at) if inspect is not None else None

    def export(self, machine: Machine, name: str) -> bytes:
        """The state in the format of the export ``name`` (one of :attr:`exports`)."""
        return self.impl.export(machine, name)

    def decode(self, data: bytes, filename: str) -> str:
        """The text of a program file (``UnicodeDecodeError`` if it is not text)."""
        decode = getattr(self.impl, "decode", None)
        if decode is not None:
            return decode(data, filename)
        return data.decode("utf-8-sig")

    def not_editable(self, filename: str) -> str | None:
        """Why the program file ``filename`` cannot be edited as text (a Piet picture), or
        ``None``: the implementation's optional ``not_editable``."""
        own = getattr(self.impl, "not_editable", None)
        return own(filename) if own is not None else None

    def encode(self, text: str, filename: str) -> bytes:
        """The bytes of a program file whose text is ``text``, as :meth:`decode` reads it back
        (``UnicodeEncodeError`` if the file's encoding cannot hold a character)."""
        encode = getattr(self.impl, "encode", None)
        if encode is not None:
            return encode(text, filename)
        return text.encode("utf-8")

    # ----- power debugging ----------------------------------------------------------------------
    @property
    def all_names(self) -> tuple[Help, ...]:
        """Every name an expression may read: the generic ones, then the language's."""
        return GENERIC_NAMES + self.names

    @property
    def all_events(self) -> tuple[Help, ...]:
        """Every event an event breakpoint may name: ``output`` (if the language writes
        output), ``input`` (if it reads input), ``error``, then the language's own."""
        return (*((OUTPUT,) if self.writes_output else ()), *((INPUT,) if self.reads_input else ()),
                ERROR) + self.events

    def variables(self, machine: Machine) -> Mapping[str, Any]:
        """The state names of :attr:`all_names` for ``machine``, each computed when read."""
        own = getattr(self.impl, "variables", None)
        values = own(machine) if own is not None else {}
        getters = {"step": lambda: machine.steps, "output_length": lambda: machine.output.length}
        if isinstance(values, Names):  # its getters directly: one call a name read, not two
            getters.update(values.getters)
        else:
            getters.update((name, lambda name=name: values[name]) for name in values)
        return Names(getters)

    def show_cell(self, cell: CellRef, value: Any) -> str | None:
        """A board cell's value as the debugger's board draws it (a code point as its
        character), for an editor's Variables view: the implementation's optional
        ``show_cell(cell, value)``, else ``None`` (the value as expressions show it)."""
        own = getattr(self.impl, "show_cell", None)
        return own(cell, value) if own is not None else None

    def data(self, machine: Machine, name: str) -> Callable[[], Any]:
        """A getter for the data location ``name`` of ``machine``'s program (``ValueError`` with
        a message if there is none)."""
        data = getattr(self.impl, "data", None)
        if data is None:
            raise unknown_data(name, ())
        return data(machine, name)

    def reads(self, machine: Machine, location: str) -> tuple[str, ...]:
        """The data locations the next step reads to make what it writes to ``location``
        (canonical), most direct first (the implementation's optional ``reads``; none by
        default)."""
        reads = getattr(self.impl, "reads", None)
        return tuple(reads(machine, location)) if reads is not None else ()

    def writers(self, machine: Machine, location: str) -> frozenset[Location] | None:
        """The step locations whose steps may change the data location ``location``, or
        ``None``: any step may (the implementation's optional ``writers``)."""
        writers = getattr(self.impl, "writers", None)
        found = writers(machine, location) if writers is not None else None
        return frozenset(found) if found is not None else None

    def watch_stops(self, machine: Machine, location: str) -> frozenset[tuple[Location, frozenset[str]]] | None:
        """The machine stops, ``(location, kinds)`` pairs, before every step that may change the
        data location ``location`` (the implementation's optional ``watch_stops``; else an arrival
        at each of :meth:`writers`, with :attr:`default_kinds`), or ``None``: any step may."""
        own = getattr(self.impl, "watch_stops", None)
        found = own(machine, location) if own is not None else None
        if found is not None:
            return frozenset((at, frozenset(kinds)) for at, kinds in found)
        writers = self.writers(machine, location)
        return frozenset((at, self.default_kinds) for at in writers) if writers is not None else None

    def data_at(self, cell: CellRef) -> str | None:
        """The data location of a board cell, for a data breakpoint set on the board:
        ``BOARD(CELL)`` with the cell as :meth:`cell_text` writes it, if the language declares
        the board as data (:meth:`data_boards`), else ``None`` (the board is not memory one can
        watch); the implementation's optional ``data_at`` decides first."""
        own = getattr(self.impl, "data_at", None)
        if own is not None and (name := own(cell)) is not None:
            return name
        return f"{cell.board}({self.cell_text(cell)})" if cell.board in self.data_boards() else None

    def event(self, machine: Machine, name: str) -> Callable[[], Any]:
        """A getter whose value changes exactly at the steps the event ``name`` happens
        (``ValueError`` if the language has no such event)."""
        if name not in {event.name for event in self.all_events}:
            known = ", ".join(event.name for event in self.all_events)
            raise ValueError(f"{self.title} has no event {name!r} (these are: {known})")
        if name == OUTPUT.name:
            output = machine.output
            return lambda: output.length
        if name == INPUT.name:
            return lambda: machine.in_pos
        if name == ERROR.name:
            return lambda: machine.status is Status.ERROR
        counters, i = self.impl.counters, [event.name for event in self.events].index(name)
        return lambda: counters(machine)[i]

    def style_sheet(self) -> str:
        """The TCSS that styles the language's roles ("" if it has none)."""
        if self.styles is None:
            return ""
        from importlib import resources  # the debugger's need only: slow to import

        package = self.implementation.rpartition(".")[0]
        return resources.files(package).joinpath(self.styles).read_text("utf-8")

    def option(self, dest: str) -> Option | None:
        return next((option for option in self.options if option.dest == dest), None)
