"""The engine contract every language's machine implements.

A language (its plugin object is :class:`~esodbg.engines.language.Language`) parses text into a
program or raises :class:`ParseError` with :class:`Diagnostic` s, and runs a program on a
:class:`Machine`.  Where a step runs — and where breakpoints go — is a :data:`Location`: a
:class:`CellRef` on a board (15) or a :class:`CodeRef` to a command of a text program
(MessiScript); a breakpoint may also be on a :class:`NamedRef`, what a language names in a form of
its own (a step that runs Piet's ``push``).

A machine has exactly one implementation of its semantics, :meth:`Machine.run` — the fast path
that executes up to ``limit`` steps and stops early at halt, error, missing input or a compiled
breakpoint.  Everything else is generic and built on it here:

* :meth:`Machine.step` runs one step and returns a :class:`StepRecord` whose ``changes`` are
  found by diffing the machine's stores (its mutable lists/dicts; a list grows or shrinks only at
  its end, as a stack does), or just
  the keys :meth:`Machine.may_change` names, so a step on a long tape stays O(1) — the record is
  both the undo record and the "what changed in the last step" the views highlight;
* :meth:`Machine.undo` applies a record backwards; :meth:`Machine.snapshot` /
  :meth:`Machine.restore` save and load the whole state (snapshots compare equal iff the states
  are equal).

A step that fails at run time is atomic: the engine checks before it mutates, so the failed step
changes nothing but ``status``/``fault`` and counts as a step (``steps`` + 1).  Stepping back from
it returns to the state just before.
"""

from __future__ import annotations

import enum
import re
from abc import ABC, abstractmethod
from typing import Any, Iterable, NamedTuple

from .iobuf import InputLog, Output


class Span(NamedTuple):
    """A source range: 1-based ``line``/``col``, ``end_col`` exclusive, on one or more lines."""

    line: int
    col: int
    end_line: int
    end_col: int


class CellRef(NamedTuple):
    """A cell of a named board: ``board`` is the board's stable name, ``row``/``col`` 0-based."""

    board: str
    row: int
    col: int

    def __str__(self) -> str:  # a language names its cells its own way: Language.where
        return f"{self.board} {cell_name(self)}"


_PAIR = r"\s*(\()?\s*(-?\d+)\s*,\s*(-?\d+)\s*(?(1)\))\s*\Z"  # compiled on first use (re caches it)


def read_pair(text: str) -> tuple[int, int] | None:
    """Two integers written ``a,b`` or ``(a, b)`` (any spaces), or ``None`` if ``text`` is not that."""
    match = re.match(_PAIR, text)
    return (int(match.group(2)), int(match.group(3))) if match else None


def cell_name(cell: CellRef) -> str:
    """A cell's name by default: ``(row, col)``, 0-based (15 and Tic Tac Toe Grow write it so)."""
    return f"({cell.row}, {cell.col})"


def read_cell(text: str, board: str) -> CellRef:
    """The cell ``ROW,COL`` (or ``(ROW, COL)``) of ``board``, 0-based; ``ValueError`` otherwise."""
    pair = read_pair(text)
    if pair is None:
        raise ValueError(f"{text.strip()!r} is not a cell: write ROW,COL (0-based), e.g. 2,3")
    return CellRef(board, *pair)


def plural(n: int, noun: str, spec: str = "") -> str:
    """``n`` and ``noun``, the noun in the plural unless ``n`` is 1: ``1 new cell``, ``3 new
    cells``; ``spec`` formats the number (``","``: ``1,000 steps``)."""
    return f"{n:{spec}} {noun}{'' if n == 1 else 's'}"


def xy_cell_name(cell: CellRef) -> str:
    """A cell named ``(x, y)``, x the column, as the grid languages write it (Befunge,
    Labyrinth; a :class:`CellRef`'s row is y and its col x)."""
    return f"({cell.col}, {cell.row})"


def read_xy_cell(text: str, board: str) -> CellRef:
    """The cell ``X,Y`` (or ``(x, y)``) of ``board``, x the column; ``ValueError`` otherwise."""
    pair = read_pair(text)
    if pair is None:
        raise ValueError(f"{text.strip()!r} is not a cell: write X,Y (x the column, y the row, from 0), e.g. 3,0")
    return CellRef(board, pair[1], pair[0])


class CodeRef(NamedTuple):
    """A step location of a program whose code is text rather than a board: the ``index``-th
    entry (0-based) of the view's :attr:`~esodbg.engines.view.Code.steps`, e.g. a MessiScript
    command or loop test."""

    index: int  # type: ignore[assignment]  # a field named as tuple's method, as the DAP names it

    def __str__(self) -> str:
        return f"command {self.index + 1}"


class NamedRef(NamedTuple):
    """A location a language names in a spec form of its own (:attr:`~esodbg.engines.language.Language.spec_forms`),
    neither a cell nor a command of a text: Piet's ``command:push``, the steps that run ``push``.
    ``form`` is the spec's prefix (``command``), ``name`` what it names (``push``).  A machine
    lists it in :meth:`Machine.next_touches` (kind ``exec``) and compiles it in
    :meth:`Machine.compile_stops`; no step *runs* at one (:meth:`Machine.location` is never one)."""

    form: str
    name: str

    def __str__(self) -> str:
        return f"{self.form} {self.name}"


# Where a step runs and where breakpoints go: a board cell, or a command of a text program (and,
# for breakpoints only, what a language names its own way).
Location = CellRef | CodeRef | NamedRef


class Diagnostic(NamedTuple):
    """One problem found in a program's text, at a 1-based line and column (in characters).
    ``severity`` is ``error`` (the program cannot run), ``warning`` (it runs; see a program's
    ``warnings``) or ``information`` (a note for editors: ``exec`` and ``run`` leave it out).
    ``end_line``/``end_col`` (exclusive) say where the problem's text ends when the engine knows
    it (a MessiScript command's span); :meth:`end` finds it otherwise."""

    file: str
    line: int
    col: int
    message: str
    severity: str = "error"
    end_line: int | None = None
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.severity}: {self.message}"

    def end(self, text: str) -> tuple[int, int]:
        """Where the problem's text ends in the program ``text``: 1-based line and exclusive
        column.  The engine's end when it gave one; else the end of the word at line:col (a run
        of letters and digits, or of other non-blank characters), at least one character long:
        what an editor underlines."""
        if self.end_line is not None and self.end_col is not None:
            return self.end_line, self.end_col
        lines = text.split("\n", self.line) if self.line > 0 else []  # no further than this line
        line = lines[self.line - 1].rstrip("\r") if len(lines) >= self.line > 0 else ""
        start = end = self.col - 1
        if start < len(line) and not line[start].isspace():
            word = line[start].isalnum()
            while end < len(line) and not line[end].isspace() and line[end].isalnum() == word:
                end += 1
        return self.line, max(end, start + 1) + 1


class ParseError(Exception):
    """The program text is not a valid program; ``diagnostics`` says where and why (at least one)."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(map(str, self.diagnostics)))


class Status(enum.Enum):
    """Where a machine is: able to run, finished normally, or stopped by a runtime error."""

    READY = "ready"
    HALTED = "halted"
    ERROR = "error"


class Stop(enum.Enum):
    """Why running stopped.  Engines return the first four; the debugger core adds the rest."""

    HALTED = "halted"  # the program finished normally
    ERROR = "error"  # a runtime error (see Machine.fault)
    NEEDS_INPUT = "needs input"  # the next step reads input that has not arrived; nothing ran
    BREAKPOINT = "breakpoint"  # arrived at a compiled stop location
    LIMIT = "limit"  # ran the number of steps asked for
    BUDGET = "step budget"  # the debugger's step budget is used up
    INTERRUPTED = "interrupted"  # cancelled by the user
    START = "start"  # reverse execution reached step 0
    CURSOR = "cursor"  # run to cursor arrived at its target (Session.run_to)
    FOUND = "found"  # went to the step a question was about: what wrote a value, or an output


class Fault(NamedTuple):
    """A runtime error: what went wrong, at which step (1-based) and where."""

    message: str
    step: int
    at: Location
    span: Span | None

    def __str__(self) -> str:
        return f"step {self.step}, {self.at}: {self.message}"


MISSING: Any = object()  # in a Change: the key (or list index) did not exist before / after


class Change(NamedTuple):
    """One value a step changed: ``store[key]`` went from ``old`` to ``new``."""

    store: str
    key: Any
    old: Any
    new: Any


class Frame(NamedTuple):
    """A machine's scalar state: its counters, where it is in the input and output, and the
    language's own registers (:meth:`Machine.registers`)."""

    steps: int
    status: Status
    fault: Fault | None
    in_pos: int
    out_len: int
    registers: tuple


class StepRecord(NamedTuple):
    """What one step did; enough to undo it and to show what changed.

    ``step`` is the step's number (the machine's ``steps`` after it), ``at`` where it ran,
    ``output`` the text it wrote, ``input_used`` the input characters it consumed, ``stop`` is
    ``HALTED``/``ERROR`` if it ended the run.  ``before`` is the machine's scalar state before
    the step (for undo, and for views that show what a register was).  ``events`` is what the
    language names the step did, for languages that name it (Stoned-Go's D5 events, as dicts);
    ``()`` otherwise.
    """

    step: int
    at: Location
    changes: tuple[Change, ...]
    output: str
    input_used: str
    stop: Stop | None
    before: Frame
    events: tuple = ()


class Machine(ABC):
    """A running program.  Subclasses implement the language; see the module docstring.

    Attributes every machine has: ``program``, ``input`` (shared :class:`InputLog`), ``in_pos``
    (this machine's cursor in it), ``output``, ``steps`` (steps executed), ``status``, ``fault``.
    """

    def __init__(self, program: Any, input: InputLog, output: Output) -> None:
        self.program = program
        self.input = input
        self.in_pos = 0
        self.output = output
        self.steps = 0
        self.status = Status.READY
        self.fault: Fault | None = None

    # ----- what a language implements ---------------------------------------------------------
    @abstractmethod
    def run(self, limit: int, stops: Any = None) -> Stop:
        """Execute up to ``limit`` steps (``limit`` ≥ 1).

        Returns ``LIMIT`` after ``limit`` steps, else the reason it stopped early: ``HALTED`` or
        ``ERROR`` (``status``/``fault`` set), ``NEEDS_INPUT`` (the next step needs input that has
        not arrived; nothing of that step ran), or ``BREAKPOINT`` (a step ended at a location in
        ``stops``, a value made by :meth:`compile_stops`).  On a machine that is not ``READY``
        returns its ``HALTED``/``ERROR`` at once.
        """

    @abstractmethod
    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> Any:
        """Turn enabled breakpoints — ``(location, kinds)`` pairs — into the form :meth:`run`
        checks cheaply (``None`` if empty).  Locations the language cannot reach, and kinds it
        does not have, are ignored."""

    def next_touches(self) -> Iterable[tuple[Location, str]]:
        """What the next step touches, as ``(location, kind)`` pairs: a breakpoint at one of the
        locations with that kind stops before the step.  By default the next step runs at
        :meth:`location` (kind ``exec``) and touches nothing else."""
        return ((self.location(), "exec"),)

    # Units of stepping coarser than one step (Language.units, coarsest first; ``level`` is an
    # index into them).  A unit that partitions the run (Tic Tac Toe Grow's keystroke) needs only
    # unit_start; one that depends on where it began (Stoned-Go's step over/out, D3) overrides
    # unit_mark, unit_done and unit_back too.
    def unit_start(self, level: int) -> int:
        """The step at which the current unit ``level`` began."""
        return self.steps

    def unit_mark(self, level: int) -> Any:
        """Taken before the first step of a unit: what :meth:`unit_done` compares with."""
        return None

    def unit_done(self, level: int, mark: Any) -> bool:
        """After a step: has the unit begun with ``mark`` ended?  By default, when a new one
        begins here."""
        return self.unit_start(level) == self.steps

    def unit_back(self, level: int) -> int | frozenset[Location] | None:
        """The step that stepping back one unit lands on, if the machine can tell, or the
        locations where the unit began (the debugger goes back to the latest earlier arrival at
        one of them, or to step 0); else ``None``: the debugger goes to the start of the current
        unit, or of the one before at a start."""
        return None

    @abstractmethod
    def location(self) -> Location:
        """Where the next step will run."""

    @abstractmethod
    def stores(self) -> tuple[tuple[str, Any], ...]:
        """The machine's mutable containers (lists or dicts) by name, for diffing and undo."""

    def may_change(self) -> tuple[tuple[str, Any], ...] | None:
        """The ``(store, key)`` pairs the next step may change, if the language knows them
        cheaply (a key past the end of a list means the step may append there); ``None`` means
        "diff every store".  Lets :meth:`step` stay O(1) on big, growing stores."""
        return None

    @abstractmethod
    def registers(self) -> tuple:
        """The language's scalar state, as a tuple of immutable values."""

    @abstractmethod
    def set_registers(self, regs: tuple) -> None:
        """Load what :meth:`registers` returned, then recompute any derived state."""

    def fail(self, message: str, at: Location, span: Span | None) -> Stop:
        """End the run with a runtime error at ``at`` (its source ``span``): the failing step
        counts and changes nothing else (the engine checks before it mutates: module docstring)."""
        self.steps += 1
        self.status = Status.ERROR
        self.fault = Fault(message, self.steps, at, span)
        return Stop.ERROR

    def end_output(self) -> None:
        """The run ends where it is, not at a halt or an error (``--max-steps`` spent, Ctrl+C):
        write any output held back (a byte machine's unfinished UTF-8 sequence).  Nothing by
        default."""

    # ----- generic machinery ------------------------------------------------------------------
    def _frame(self) -> Frame:
        return Frame(self.steps, self.status, self.fault, self.in_pos, self.output.length, self.registers())

    def _load_frame(self, frame: Frame) -> None:
        self.steps, self.status, self.fault, self.in_pos, out_len, regs = frame
        self.output.set_length(out_len)
        self.set_registers(regs)

    def step(self) -> StepRecord | Stop:
        """Run one step and return its record, or the :class:`Stop` that kept it from running
        (``NEEDS_INPUT``, or ``HALTED``/``ERROR`` if the machine already stopped)."""
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        at = self.location()
        before = self._frame()
        keys = self.may_change()
        if keys is None:
            copies = [(name, store.copy()) for name, store in self.stores()]
        else:
            stores = dict(self.stores())
            olds = [_get(stores[name], key) for name, key in keys]
        reason = self.run(1)
        if reason is Stop.NEEDS_INPUT:
            return reason
        if keys is None:
            changes = [change for (name, old), (_, new) in zip(copies, self.stores())
                       for change in _diff(name, old, new)]
        else:
            changes = [Change(name, key, old, new) for (name, key), old in zip(keys, olds)
                       if (new := _get(stores[name], key)) != old]
        out_len, in_pos = before.out_len, before.in_pos
        output = self.output.text(out_len) if self.output.length > out_len else ""
        return StepRecord(
            step=self.steps,
            at=at,
            changes=tuple(changes),
            output=output,
            input_used=self.input.text[in_pos : self.in_pos],
            stop=reason if reason in (Stop.HALTED, Stop.ERROR) else None,
            before=before,
        )

    def undo(self, record: StepRecord) -> None:
        """Put the machine back in the state before ``record``'s step (it must be the last step).
        Changes are undone newest first, so items a step appended to a list are deleted from
        its end, and items it popped come back from the highest index down (the list grows to
        hold each)."""
        stores = dict(self.stores())
        for change in record.changes[::-1]:
            store = stores[change.store]
            if change.old is MISSING:
                del store[change.key]
            else:
                if isinstance(store, list) and change.key >= len(store):
                    store.extend([None] * (change.key + 1 - len(store)))  # filled as the lower ones come back
                store[change.key] = change.old
        self._load_frame(record.before)

    def snapshot(self) -> tuple:
        """The whole state as an immutable, hashable value; equal iff the states are equal."""
        stores = tuple(
            (name, tuple(sorted(store.items())) if isinstance(store, dict) else _frozen(store))
            for name, store in self.stores()
        )
        return (self._frame(), stores)

    def restore(self, snapshot: tuple) -> None:
        """Load a state saved by :meth:`snapshot` (the output is set back to its length then)."""
        frame, stores = snapshot
        for (name, store), (_, saved) in zip(self.stores(), stores):
            store.clear()
            if isinstance(store, dict):
                store.update(saved)
            elif isinstance(saved, Pieces):
                for piece in saved:
                    store.extend(piece)
            else:
                store.extend(saved)
        self._load_frame(frame)


PIECE = 1 << 16  # items of a list a snapshot copies in one call


class Pieces(tuple):
    """A long list's snapshot: tuples of :data:`PIECE` items.  Copied whole, a 1 MB program's
    grid (3 M cells) was one call of 30 ms holding the interpreter lock, and other threads (the
    adapter's request loop) waited; between two pieces they get their turn."""

    __slots__ = ()


def _frozen(items: list) -> tuple:
    """``items`` as a tuple, or as :class:`Pieces` if it is longer than :data:`PIECE`."""
    if len(items) <= PIECE:
        return tuple(items)
    return Pieces(tuple(items[start:start + PIECE]) for start in range(0, len(items), PIECE))


def _get(store: list | dict, key: Any) -> Any:
    """``store[key]``, or :data:`MISSING` if there is no such key (or index)."""
    if isinstance(store, dict):
        return store.get(key, MISSING)
    return store[key] if key < len(store) else MISSING


def _diff(name: str, old: list | dict, new: list | dict) -> Iterable[Change]:
    """The changes from ``old`` to ``new``: keys added or removed (dicts), changed values, and
    items appended or removed at a list's end."""
    keys: Iterable[Any] = old.keys() | new.keys() if isinstance(old, dict) and isinstance(new, dict) \
        else _unlike(old, new)
    for key in keys:
        a, b = _get(old, key), _get(new, key)
        if a != b:
            yield Change(name, key, a, b)


BLOCK = 4096  # list items compared at once by _unlike


def _unlike(old: list, new: list) -> Iterable[int]:
    """The indices where ``old`` and ``new`` may differ: those of each block of :data:`BLOCK`
    items that does not compare equal (at C speed: a step changes a few items of what may be a
    list of millions, Befunge-98's Funge-space), and those past the shorter one's end."""
    n = min(len(old), len(new))
    for start in range(0, n, BLOCK):
        end = min(start + BLOCK, n)
        if old[start:end] != new[start:end]:
            yield from range(start, end)
    yield from range(n, max(len(old), len(new)))
