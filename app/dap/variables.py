"""The state of a stopped program as the Debug Adapter Protocol's scopes and variables.

Two scopes, for every language: **State** — the language's documented names (``acc``, ``mem``,
``tape``…, the names conditions and watches read), a sequence expanding into its items, paged;
and **Boards** — each board a data location form names (``puzzle(ROW,COL)``, ``board(X,Y)``,
``board(SQUARE)``), expanding into its rows (each named by its first and last cells) and each row
into its cells, every cell named and its value read through its data location (``board(H8)``).
Nothing builds the language's whole view: a board is read row by row, as the editor expands it, so
a step on a 100×100 board costs what the rows shown cost.

A variable that is a data location (``acc``, ``mem[3]``, ``main(2,5)``) can carry a data
breakpoint: :meth:`Variables.data_location` names it for ``dataBreakpointInfo``; and it has a
history (``evaluate`` of ``history LOCATION``: :mod:`.history`), which VS Code's Variables view
offers on the variables marked ``__vscodeVariableMenuContext: data``.

References (``variablesReference``) hold only while the program stays stopped
(:meth:`Variables.clear` at every move), as the protocol says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from esodbg.engines.base import CellRef
from esodbg.engines.debugger import Session
from esodbg.engines.expressions import show
from esodbg.engines.names import Cells, Points

PREVIEW = 12  # cells of a row shown in the row's value
NOTE = re.compile(r" \([^()]*\)\Z")  # a name's note, as the State scope shows it: "stack (top first)"
STATE, BOARDS = "State", "Boards"
# A variable that is a data location says so to VS Code (its context key debugProtocolVariableMenuContext),
# whose Variables view then offers the extension's "Show Value History" on it (editors/vscode).
MENU, DATA = "__vscodeVariableMenuContext", "data"


class _Ref:
    """What a ``variablesReference`` stands for: ``children(start, count)`` lists its variables;
    ``data(name)`` is the data location of the child called ``name`` (``None``: not one)."""

    __slots__ = ("children", "data")

    def __init__(self, children: Callable[[int, int | None], list[dict]],
                 data: Callable[[str], str | None] = lambda name: None) -> None:
        self.children, self.data = children, data


class Variables:
    """The variables of one session while it is stopped."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._refs: list[_Ref] = []
        self._getters: dict[CellRef, Callable[[], Any] | None] = {}  # a board cell's value, kept all session long

    def clear(self) -> None:
        """The program moved: every reference handed out is void."""
        self._refs.clear()

    def _ref(self, ref: _Ref) -> int:
        self._refs.append(ref)
        return len(self._refs)

    def listing(self, children: Callable[[int, int | None], list[dict]]) -> int:
        """A reference whose variables are ``children(start, count)`` (a variable's history:
        :mod:`.history`)."""
        return self._ref(_Ref(children))

    def get(self, reference: int) -> _Ref | None:
        return self._refs[reference - 1] if 0 < reference <= len(self._refs) else None

    # ----- scopes -----------------------------------------------------------------------------
    def scopes(self) -> list[dict]:
        """State, and Boards if the language has data boards."""
        names = self.session.names
        scopes = [{"name": STATE, "presentationHint": "locals", "namedVariables": len(names), "expensive": False,
                   "variablesReference": self._ref(_Ref(self._state, self._named))}]
        boards = self.session.language.data_boards()
        if boards:
            scopes.append({"name": BOARDS, "namedVariables": len(boards), "expensive": False,
                           "variablesReference": self._ref(_Ref(self._boards))})
        return scopes

    def _state(self, start: int, count: int | None) -> list[dict]:
        names = self.session.names
        notes = {help.name: help.note for help in self.session.language.all_names if help.note}
        out = []
        for name in names:
            # A name with its note: "stack (top first)"; its evaluateName is the name itself.
            label = f"{name} ({notes[name]})" if name in notes else name
            try:
                value = names[name]
            except Exception as error:  # a name with no value in this state (the language says why)
                out.append({"name": label, "value": f"<unavailable: {error}>", "variablesReference": 0})
                continue
            out.append(self.variable(label, value, name))
        return out

    def _named(self, name: str) -> str | None:
        """``name`` itself (without a note: ``stack (top first)`` is ``stack``), when it is a data
        location (``acc``, ``main(2,5)``), else ``None``."""
        name = NOTE.sub("", name)
        return name if self._is_data(name) else None

    def _is_data(self, location: str) -> bool:
        """Whether ``location`` (any expression a variable has) is a data location of the program."""
        try:
            self.session.language.data(self.session.machine, location)
        except (ValueError, LookupError, TypeError):  # no location, or none the program has
            return False
        return True

    # ----- values -----------------------------------------------------------------------------
    def variable(self, name: str, value: Any, expression: str | None = None) -> dict:
        """A variable for ``value``; a sequence or mapping expands into its items (paged: the
        editor asks for a range at a time); ``expression`` is how an expression reads it."""
        var: dict[str, Any] = {"name": name, "value": show(value), "variablesReference": 0}
        if expression is not None:
            var["evaluateName"] = expression
            if self._is_data(expression):
                var[MENU] = DATA
        items = getattr(value, "data_items", None)  # a memory of named data locations (Hexagony's edges)
        if isinstance(value, Points):
            var["value"] = f"{value!r} (see Boards)"
        elif callable(items):
            found = items()
            var["variablesReference"] = self._ref(_Ref(
                lambda start, count: [self.variable(name, v, name) for name, v in found[start:_end(start, count)]],
                self._named))
            var["namedVariables"] = len(found)
        elif isinstance(value, (Cells, list, tuple)) and len(value):
            var["variablesReference"] = self._ref(_Ref(self._items(value, expression), self._item_data(expression)))
            var["indexedVariables"] = len(value)
        elif isinstance(value, Mapping) and value:
            items = list(value.items())
            var["variablesReference"] = self._ref(_Ref(
                lambda start, count: [self.variable(repr(k), v, f"{expression}[{k!r}]" if expression else None)
                                      for k, v in items[start:_end(start, count)]]))
            var["namedVariables"] = len(items)
        return var

    def _items(self, value: Sequence, expression: str | None) -> Callable[[int, int | None], list[dict]]:
        def children(start: int, count: int | None) -> list[dict]:
            return [self.variable(f"[{i}]", value[i], f"{expression}[{i}]" if expression else None)
                    for i in range(start, min(_end(start, count), len(value)))]
        return children

    def _item_data(self, expression: str | None) -> Callable[[str], str | None]:
        def data(name: str) -> str | None:
            if expression is None or not name.startswith("[") or not name.endswith("]"):
                return None
            location = f"{expression}{name}"
            return location if self._is_data(location) else None
        return data

    # ----- boards -----------------------------------------------------------------------------
    def _boards(self, start: int, count: int | None) -> list[dict]:
        session = self.session
        out = []
        for board in session.language.data_boards():
            bounds = session.language.bounds(session.machine, board)
            if bounds is None:
                continue
            row0, col0, rows, cols = bounds
            ref = self._ref(_Ref(self._rows(board, row0, col0, rows, cols)))
            first = session.language.cell_name(CellRef(board, row0, col0))
            out.append({"name": board, "value": f"{rows}×{cols} from {first}", "variablesReference": ref,
                        "namedVariables": rows})
        return out

    def _rows(self, board: str, row0: int, col0: int, rows: int, cols: int) -> Callable[[int, int | None], list[dict]]:
        name = self.session.language.cell_name

        def children(start: int, count: int | None) -> list[dict]:
            out = []
            for r in range(row0 + start, row0 + min(_end(start, count), rows)):
                preview = " ".join(_cell_text(self._cell(board, r, c), self.session.language.show_cell,
                                              CellRef(board, r, c)) for c in range(col0, col0 + min(cols, PREVIEW)))
                ref = self._ref(_Ref(self._cells(board, r, col0, cols), self._named))
                # A row by its first and last cells, named as the language names cells: A8 … O8, (0, 3) … (9, 3).
                label = f"{name(CellRef(board, r, col0))} … {name(CellRef(board, r, col0 + cols - 1))}"
                out.append({"name": label, "value": preview + (" …" if cols > PREVIEW else ""),
                            "variablesReference": ref, "indexedVariables": cols})
            return out
        return children

    def _cells(self, board: str, row: int, col0: int, cols: int) -> Callable[[int, int | None], list[dict]]:
        language = self.session.language

        def children(start: int, count: int | None) -> list[dict]:
            out = []
            for c in range(col0 + start, col0 + min(_end(start, count), cols)):
                at = CellRef(board, row, c)
                name = language.data_at(at)
                out.append({"name": name, "value": self._shown(at, self._cell(board, row, c)),
                            "variablesReference": 0, "evaluateName": name, **({MENU: DATA} if name else {})})
            return out
        return children

    def _shown(self, at: CellRef, value: Any) -> str:
        """A board cell's value as the debugger's board draws it (the language's
        :meth:`~esodbg.engines.language.Language.show_cell`), else as expressions show it."""
        if value is None:
            return show(value)
        shown = self.session.language.show_cell(at, value)
        return shown if shown is not None else show(value)

    def _cell(self, board: str, row: int, col: int) -> Any:
        at = CellRef(board, row, col)
        getter = self._getters.get(at, False)
        if getter is False:
            name = self.session.language.data_at(at)
            try:
                getter = self.session.language.data(self.session.machine, name) if name else None
            except ValueError:
                getter = None
            self._getters[at] = getter
        return getter() if getter is not None else None

    # ----- data breakpoints --------------------------------------------------------------------
    def data_location(self, reference: int, name: str) -> str | None:
        """The data location of the child ``name`` of ``reference``, or ``None``."""
        ref = self.get(reference)
        return ref.data(name) if ref is not None else None


def _end(start: int, count: int | None) -> int:
    return start + count if count else 1 << 62


def _cell_text(value: Any, shown: Callable[[CellRef, Any], str | None], at: CellRef) -> str:
    """A cell in a row's preview: short, ``·`` for none, as the board draws it if the language says."""
    if value is None:
        return "·"
    drawn = shown(at, value)
    if drawn is not None:
        return drawn[1:-1] if drawn.startswith("'") and len(drawn) == 3 else drawn
    return value if isinstance(value, str) and value.strip() and len(value) <= 3 else show(value, 8)
