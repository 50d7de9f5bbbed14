"""The state of a machine as names an expression reads, and data locations a watchpoint watches.

A language plugin gives the debugger core two views of a state, both computing only what is
asked for (a long tape is never copied to read one cell):

* ``variables(machine)`` — a :class:`Names` mapping from the language's documented names (15
  ``acc``, MessiScript ``tape``…) to their values now, for breakpoint conditions, log messages
  and watches (:mod:`.expressions`).  Containers are read-only views: :class:`Cells` (a list
  store, indexed by position) and :class:`Points` (a board, indexed by a ``(a, b)`` pair).
* ``data(machine, name)`` — a getter for one *data location* (DAP's data breakpoint target):
  ``acc``, ``mem[3]``, ``memory1(0,1)``… written in one of the three forms :func:`data_name`
  reads, or a board cell named as its language names cells (``board(H8)``, :func:`board_location`).

Values an expression sees must compare equal exactly when the states do, so that a watch knows
whether it changed: :func:`freeze` turns a view into an immutable copy (a tuple, a board value).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any


class Names(Mapping):
    """A read-only mapping whose values are computed when looked up: ``getters`` maps each name
    to a function of no arguments returning its current value."""

    __slots__ = ("getters",)

    def __init__(self, getters: Mapping[str, Callable[[], Any]]) -> None:
        self.getters = dict(getters)

    def __getitem__(self, name: str) -> Any:
        return self.getters[name]()

    def __iter__(self) -> Iterator[str]:
        return iter(self.getters)

    def __len__(self) -> int:
        return len(self.getters)

    def __contains__(self, name: object) -> bool:
        return name in self.getters


class Cells(Sequence):
    """A read-only view of a list store (a tape, a stack, piece memory): ``cells[i]`` (negative
    ``i`` from the end), ``len``, iteration, ``in``, slices (a tuple).  ``missing`` is the value
    of a cell past the end of a store that grows as it is used (a tape's unvisited cells are 0);
    ``None`` makes such an index an ``IndexError``."""

    __slots__ = ("_items", "_missing")

    def __init__(self, items: list, missing: Any = None) -> None:
        self._items = items
        self._missing = missing

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self._items[index])
        if self._missing is not None and index >= len(self._items):
            return self._missing
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Cells):
            return self._items == other._items
        return isinstance(other, (list, tuple)) and list(self._items) == list(other)

    __hash__ = None  # a view of something that changes

    def __repr__(self) -> str:
        return repr(self._items)

    def frozen(self) -> tuple:
        return tuple(self._items)


class Points:
    """A read-only view of a board: ``board[a, b]`` is the value at the point ``(a, b)`` — a
    ``(row, col)`` or an ``(x, y)``, as the language documents — or ``None`` where there is
    none (an empty or off-board point).  ``get`` reads a point; ``state`` returns an immutable
    value of the whole board, equal exactly when the boards are (for :func:`freeze`)."""

    __slots__ = ("_get", "_state", "_label")

    def __init__(self, get: Callable[[int, int], Any], state: Callable[[], Any], label: str) -> None:
        self._get, self._state, self._label = get, state, label

    def __getitem__(self, point):
        if not (isinstance(point, tuple) and len(point) == 2 and all(isinstance(v, int) for v in point)):
            raise TypeError(f"{self._label} is indexed by a pair of integers, e.g. {self._label}[0, 1]")
        return self._get(*point)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Points) and self._state() == other._state()

    __hash__ = None

    def __repr__(self) -> str:
        return f"<{self._label}>"

    def frozen(self):
        return FrozenBoard(self._label, self._state())


class FrozenBoard:
    """A board's value at one stop (what a watch keeps): compares by the board's state."""

    __slots__ = ("label", "state")

    def __init__(self, label: str, state: Any) -> None:
        self.label, self.state = label, state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FrozenBoard) and self.label == other.label and self.state == other.state

    def __hash__(self) -> int:
        return hash((self.label, self.state))

    def __repr__(self) -> str:
        return f"<{self.label}>"


def freeze(value: Any) -> Any:
    """``value`` as an immutable value that stays as it is when the machine moves on."""
    frozen = getattr(type(value), "frozen", None)
    return frozen(value) if frozen is not None else value


# ----- data locations -----------------------------------------------------------------------
_ITEM = r"(?:-?\d+|[A-Za-z_][A-Za-z_0-9]*)"
# The patterns are compiled on first use (re caches them), not at import: every command's start.
_DATA = (r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*(?:\[\s*(-?\d+)\s*\]|\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)"
         rf"|\[\s*({_ITEM}(?:\s*,\s*{_ITEM}){{2,}})\s*\])?\s*\Z")


def data_name(text: str) -> tuple[str, tuple, str]:
    """Read a data location: ``name`` (a register), ``name[i]`` (a cell of a list store),
    ``name(a,b)`` (a point of a board) or ``name[a,b,c…]`` (three or more indices, each an
    integer or a word: Hexagony's memory edge ``mem[0,-1,NE]``).  Returns ``(name, indices,
    canonical text)`` — the canonical text has no spaces, e.g. ``("memory1", (0, 1),
    "memory1(0,1)")``; a word index is a ``str``.  Raises ``ValueError`` for anything else."""
    match = re.match(_DATA, text)
    if match is None:
        raise ValueError(f"{text.strip()!r} is not a data location: write NAME, NAME[i], NAME(a,b) or NAME[a,b,c]")
    name, index, a, b, items = match.groups()
    if items is not None:
        indices = tuple(int(item) if item.lstrip("-").isdigit() else item for item in re.split(r"\s*,\s*", items))
        return name, indices, f"{name}[{','.join(map(str, indices))}]"
    if index is not None:
        return name, (int(index),), f"{name}[{int(index)}]"
    if a is not None:
        return name, (int(a), int(b)), f"{name}({int(a)},{int(b)})"
    return name, (), name


_BOARD = r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*\(([^()]*)\)\s*\Z"


def board_location(text: str) -> tuple[str, str] | None:
    """``NAME(CELL)`` split into ``(NAME, CELL)`` (``board(H8)`` → ``("board", "H8")``), or
    ``None`` if ``text`` is not of that form.  What names the cell is the language's
    (:meth:`~esodbg.engines.language.Language.read_cell`)."""
    match = re.match(_BOARD, text)
    return (match.group(1), match.group(2)) if match else None


def unknown_data(text: str, forms: Sequence[str]) -> ValueError:
    """The error for a data location a language does not have: it lists the ``forms`` it has."""
    return ValueError(f"{text.strip()!r} is not a data location here (these are: {', '.join(forms)})"
                      if forms else "this language has no data locations")


def code_point(value: Any) -> str | None:
    """A board cell's value as a board of code draws it (Befunge's and ><>'s Funge-space): the
    character of a code point that is a printable character, as ``'>'`` (``' '`` a space);
    ``None`` for any other value (shown as the number it is)."""
    if type(value) is int and 32 <= value < 0x110000 and not 0xD800 <= value < 0xE000 \
            and (value == 32 or chr(value).isprintable()):
        return repr(chr(value))
    return None
