"""The editor's breakpoints and the session's: four kinds of request, one set of breakpoints.

An editor sends its breakpoints in four independent sets, each replacing the set before:
*source* breakpoints by line and column (``setBreakpoints``), *function* breakpoints
(``setFunctionBreakpoints``: here a breakpoint spec, ``cell:2,3``, ``event:output``…, the form
``exec --break`` takes), *data* breakpoints (``setDataBreakpoints``: a data location such as
``acc`` or ``mem[3]``) and *exception filters* (``setExceptionBreakpoints``: the language's events).
:class:`EditorBreakpoints` keeps the four sets and makes the session's
:class:`~esodbg.engines.breakpoints.Breakpoints` their union (:meth:`EditorBreakpoints.apply`);
a target set by two of them takes the later set's filters.

Source breakpoints go on the *places* of the program's text (:meth:`Language.places
<esodbg.engines.language.Language.places>`): a line and column on the place there (or the next
one on the line); a line alone (VS Code's gutter click, every nvim-dap breakpoint) is the line
itself, a :class:`~esodbg.engines.breakpoints.RowRef` that stops each time the program comes onto
it (:meth:`EditorBreakpoints.row`; docs/editors.md, "Line breakpoints: the rule").  A place no
breakpoint can go on comes back ``verified: false`` with the reason.

Positions: the editor's lines and columns are 1- or 0-based as it said in ``initialize``, and
columns count UTF-16 code units; ours are 1-based characters (:class:`~esodbg.app.positions.Positions`).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from typing import Any

from esodbg.engines.base import CellRef, Location, Span
from esodbg.engines.breakpoints import DataRef, EventRef, HitCondition, RowRef, Target
from esodbg.engines.debugger import Session
from esodbg.engines.expressions import Expression, ExpressionError, Message
from esodbg.engines.language import Language
from esodbg.engines.spec import parse_spec

from ..positions import Positions

ALL = "all"  # the breakpoint mode that stops at every kind
# A function breakpoint named LINE:COLUMN: the place at that position of the text (a client that
# sends no columns, nvim-dap, sets a cell breakpoint so: docs/editors.md)
TEXT_POSITION = re.compile(r"\s*(\d+)\s*:\s*(\d+)\s*\Z")


class RequestError(Exception):
    """A request that cannot be done; ``str(error)`` is the response's message."""


def modes(language: Language) -> list[dict]:
    """DAP breakpoint modes for a language whose cells stop at several kinds of touch (the
    ``t`` key's choices): each kind alone, and all of them; no mode is the language's default."""
    kinds = language.breakpoint_kinds
    if len(kinds) < 2:
        return []
    default = "+".join(sorted(language.default_kinds))
    found = [{"mode": kind, "label": kind.capitalize(), "appliesTo": ["source"],
              "description": f"stop only at {kind} (no mode: {default})"} for kind in kinds]
    if frozenset(kinds) != language.default_kinds:
        found.append({"mode": ALL, "label": "All", "appliesTo": ["source"],
                      "description": "stop at " + ", ".join(kinds)})
    return found


def filters(language: Language) -> list[dict]:
    """The language's events as DAP exception filters (a runtime error always stops, so the
    ``error`` event is none of them)."""
    return [{"filter": event.name, "label": f"Event: {event.name}", "description": event.help, "default": False,
             "supportsCondition": True,
             "conditionDescription": "stop only when this holds, e.g. step > 100 (the state names, as in watches)"}
            for event in language.all_events if event.name != "error"]


def _titles(languages: list[Language]) -> str:
    titles = [language.title for language in languages]
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def all_filters(languages: Iterable[Language]) -> list[dict]:
    """Every language's events as DAP exception filters, for the ``initialize`` response: VS Code
    reads its Breakpoints view's event checkboxes from that response only, before it knows the
    program.  One filter an event name, its label naming the languages that have it (every
    language: ``output``, ``input``); a filter the launched program's language lacks is answered
    unverified, saying so (:meth:`EditorBreakpoints.set_exceptions`)."""
    languages = list(languages)
    by_name: dict[str, list[Language]] = {}
    helps: dict[str, str] = {}
    for language in languages:
        for event in language.all_events:
            if event.name != "error":
                by_name.setdefault(event.name, []).append(language)
                helps.setdefault(event.name, event.help)
    found = []
    for name, have in by_name.items():
        which = "every language" if len(have) == len(languages) else _titles(have)
        found.append({"filter": name, "label": f"Event: {name} ({which})", "description": helps[name] +
                      ("" if len(have) == len(languages) else f" — {which} only"), "default": False,
                      "supportsCondition": True,
                      "conditionDescription": "stop only when this holds, e.g. step > 100 (the state names, as in "
                                              "watches)"})
    return found


def all_modes(languages: Iterable[Language]) -> list[dict]:
    """Every language's breakpoint modes (its kinds of touch, and ``all``), for the ``initialize``
    response (VS Code reads its "Edit Mode" choices there only), each description naming the
    languages that have it; a mode the launched language lacks is refused with why."""
    languages = [language for language in languages if len(language.breakpoint_kinds) >= 2]
    by_mode: dict[str, list[Language]] = {}
    for language in languages:
        for mode in modes(language):
            by_mode.setdefault(mode["mode"], []).append(language)
    found = []
    for mode, have in by_mode.items():
        what = "stop at every kind of touch the language has" if mode == ALL else f"stop only at {mode}"
        found.append({"mode": mode, "label": mode.capitalize(), "appliesTo": ["source"],
                      "description": f"{what} ({_titles(have)})"})
    return found


class Wanted:
    """One breakpoint the editor wants: its target, the kinds of touch (a cell's), its filters'
    texts and the id the editor knows it by."""

    __slots__ = ("at", "kinds", "condition", "hit_condition", "log_message", "id")

    def __init__(self, at: Target, kinds: frozenset[str] | None, condition: str | None, hit_condition: str | None,
                 log_message: str | None, id: int) -> None:
        self.at, self.kinds, self.id = at, kinds, id
        self.condition, self.hit_condition, self.log_message = condition, hit_condition, log_message


class EditorBreakpoints:
    """The editor's four sets of breakpoints for one program (see the module docstring); ``source``
    is the program's DAP source (its name and path), which a breakpoint with a place names."""

    def __init__(self, language: Language, program: Any, names: Iterable[str], positions: Positions,
                 source: dict) -> None:
        self.language, self.program, self.positions, self.source = language, program, positions, source
        self.names = frozenset(names)
        # A language that reads its places a line at a time (Language.places_by_line) is asked
        # for a line's when a request needs them, never for all of them at once; the others'
        # places are read on a thread of their own (seconds on a 1 MB program): a request that
        # needs them waits for them, the others are answered meanwhile (issue 44).
        self._places: tuple[tuple[Span, Location], ...] = ()
        self._by_line: dict[int, list[tuple[Span, Location]]] = {}
        self._spans: dict[Location, Span | None] = {}  # each location's first place
        self._ready = threading.Event()
        self._lazy = language.places_by_line
        if not self._lazy:
            threading.Thread(target=self._read_places, name="esodbg dap places", daemon=True).start()
        self.sets: dict[str, list[Wanted]] = {"source": [], "function": [], "data": [], "exception": []}
        self._ids: dict[Target, int] = {}
        self._rows: dict[RowRef, Span] = {}  # the line breakpoints made, and their spans

    def _read_places(self) -> None:
        try:
            places = self.language.places(self.program)
        except Exception:  # noqa: BLE001 — a plugin's bug: no places, rather than a dead adapter
            places = ()
        by_line: dict[int, list[tuple[Span, Location]]] = {}
        spans: dict[Location, Span] = {}
        for place in places:
            by_line.setdefault(place[0].line, []).append(place)
            spans.setdefault(place[1], place[0])
        self._places, self._by_line, self._spans = places, by_line, spans
        self._ready.set()

    @property
    def places(self) -> tuple[tuple[Span, Location], ...]:
        """Where breakpoints go in the program's text (:meth:`Language.places`), in reading order
        (read here, the first time, for a language that reads them a line at a time)."""
        if self._lazy and not self._ready.is_set():
            self._read_places()
        self._ready.wait()
        return self._places

    def on_line(self, line: int) -> list[tuple[Span, Location]]:
        """The places that start on ``line`` (ours), in reading order."""
        if self._lazy:
            found = self._by_line.get(line)
            if found is None:
                found = self._by_line[line] = self.language.places_on(self.program, line) \
                    if 0 < line <= len(self.positions.lines) else []
            return found
        self._ready.wait()
        return self._by_line.get(line, [])

    def id_of(self, at: Target) -> int:
        """A stable id for the target ``at`` (the same whichever request set it)."""
        return self._ids.setdefault(at, len(self._ids) + 1)

    # ----- checking a request's filters -------------------------------------------------------
    def _filters(self, item: dict) -> tuple[str | None, str | None, str | None]:
        """The condition, hit condition and log message of ``item``, checked (RequestError)."""
        texts = []
        for key, check in (("condition", lambda t: Expression(t, self.names)), ("hitCondition", HitCondition.parse),
                           ("logMessage", lambda t: Message(t, self.names))):
            text = item.get(key)
            if text is not None and not isinstance(text, str):
                raise RequestError(f"{key} must be a string")
            if text is not None and text.strip():
                try:
                    check(text)
                except ExpressionError as error:
                    raise RequestError(str(error)) from None
                texts.append(text)
            else:
                texts.append(None)
        return texts[0], texts[1], texts[2]

    def _verified(self, wanted: Wanted, span: Span | None, note: str | None = None) -> dict:
        out: dict[str, Any] = {"id": wanted.id, "verified": True}
        if note is not None:  # set, but worth saying (a cell outside its growing board now)
            out["message"] = note
        if span is not None:  # where it is written in the program
            out.update(self.positions.span_out(span), source=self.source)
        return out

    def span_of(self, at: Target) -> Span | None:
        """Where ``at`` is written in the program's text (its first place; a line's places), if anywhere."""
        if isinstance(at, RowRef):
            return self._rows.get(at)
        if self._lazy:
            if at not in self._spans:
                try:
                    self._spans[at] = self.language.place_of(self.program, at)
                except (LookupError, TypeError, ValueError):  # a location of no place (a data location)
                    self._spans[at] = None
            return self._spans[at]
        self._ready.wait()
        return self._spans.get(at)

    # ----- the four requests ------------------------------------------------------------------
    def _replace(self, kind: str, items: list, read) -> list[dict]:
        """Make the set ``kind`` what ``read`` reads of each of ``items``: ``(target, kinds,
        (condition, hit condition, log message), span)``, and a note for the editor after them
        if there is one.  One answer per item, in order; an item
        ``read`` refuses (RequestError, ValueError) comes back unverified with why."""
        wanted, answers = [], []
        for item in items:
            try:
                at, kinds, filters, span, *note = read(item)
            except (RequestError, ValueError) as error:
                answer = {"verified": False, "message": str(error)}
                if isinstance(item, dict) and isinstance(item.get("line"), int):
                    answer["line"] = item["line"]
                answers.append(answer)
                continue
            entry = Wanted(at, kinds, *filters, self.id_of(at))
            wanted.append(entry)
            answers.append(self._verified(entry, span, *note))
        self.sets[kind] = wanted
        return answers

    def set_source(self, items: list) -> list[dict]:
        """``setBreakpoints`` on the program's own source (line, column, mode, filters)."""
        def read(item):
            if not isinstance(item, dict) or not isinstance(item.get("line"), int):
                raise RequestError("a source breakpoint needs a line (an integer)")
            line = self.positions.line_in(item["line"])
            column = item.get("column")
            place = self.place(line, self.positions.column_in(line, column) if isinstance(column, int) else None) \
                if isinstance(column, int) else self.row(line)
            if isinstance(place, str):
                raise RequestError(place)
            span, at = place
            return at, self._kinds(item.get("mode"), at), self._filters(item), span
        return self._replace("source", items, read)

    def place(self, line: int, col: int | None) -> tuple[Span, Location] | str:
        """The place a breakpoint at ``line`` (and ``col``, ours) goes on, or why there is none."""
        on_line = self.on_line(line) or ([] if self._lazy else  # a line at a time: each place on one line
                                         [(span, at) for span, at in self.places if span.line < line <= span.end_line])
        if not on_line:
            return self.why_not(line)
        if col is None:
            return on_line[0]
        for span, at in on_line:
            if span.line < line or span.col <= col < span.end_col or span.col == col:
                return span, at
        after = [(span, at) for span, at in on_line if span.col > col]
        return after[0] if after else on_line[-1]

    def row(self, line: int) -> tuple[Span, Location | RowRef] | str:
        """The breakpoint a line with no column means (VS Code's gutter click, every nvim-dap
        breakpoint): the line itself, a :class:`RowRef` stopping each time the program comes
        onto it — its places, and on a board the cells between them (a space the IP crosses is
        on the line too) — shown as the span from its first place to its last.  A line with one
        place is that place; a place that starts on an earlier line, the place."""
        on_line = self.on_line(line)
        if not on_line:
            return self.place(line, None)
        cells: dict[Location, None] = dict.fromkeys(at for _, at in on_line)
        rows: dict[tuple[str, int], list[int]] = {}
        for at in cells:
            if isinstance(at, CellRef):
                rows.setdefault((at.board, at.row), []).append(at.col)
        for (board, row), cols in rows.items():
            for col in range(min(cols), max(cols) + 1):
                cell = CellRef(board, row, col)
                if cell not in cells and self.language.breakable(cell) is None:
                    cells[cell] = None
        span = Span(line, on_line[0][0].col, on_line[-1][0].end_line, on_line[-1][0].end_col)
        if len(cells) == 1:
            return on_line[0]
        at = RowRef(line, tuple(cells))
        self._rows[at] = span
        return span, at

    def why_not(self, line: int) -> str:
        """Why no breakpoint goes on ``line`` (ours)."""
        if self._lazy:  # the first and the last line with places, looked for from each end
            count = len(self.positions.lines)
            first = next((n for n in range(1, count + 1) if self.on_line(n)), None)
            if first is not None:
                last = next(n for n in range(count, first - 1, -1) if self.on_line(n))
                what = "cell" if isinstance(self.on_line(first)[0][1], CellRef) else "command"
                return f"no {what} on line {line - self.positions.line_base}" \
                       f" (they are on lines {first - self.positions.line_base} to {last - self.positions.line_base})"
        if not self.places:
            boards = self.language.data_boards()
            example = f"cell:{boards[0]}:{self.language.cell_form}" if boards else "event:output"
            return (f"a {self.language.title} program's breakpoints go on board cells the program reaches as it "
                    f"runs, not on its text: add a function breakpoint such as {example}, or a data breakpoint "
                    "on a cell from the Variables view")
        lines = sorted({span.line for span, _ in self.places})
        what = "cell" if isinstance(self.places[0][1], CellRef) else "command"
        return f"no {what} on line {line - self.positions.line_base}" \
               f" (they are on lines {lines[0] - self.positions.line_base} to {lines[-1] - self.positions.line_base})"

    def _kinds(self, mode: Any, at: Location) -> frozenset[str]:
        language = self.language
        if mode is None or not isinstance(at, (tuple, RowRef)) or len(language.breakpoint_kinds) < 2:
            return language.default_kinds
        if mode == ALL:
            return frozenset(language.breakpoint_kinds)
        if mode in language.breakpoint_kinds:
            return frozenset({mode})
        raise RequestError(f"no breakpoint mode {mode!r} in {language.title} (its modes are: "
                           f"{', '.join(language.breakpoint_kinds)}, all)")

    def set_function(self, items: list, session: Session) -> list[dict]:
        """``setFunctionBreakpoints``: each ``name`` a breakpoint spec (``cell:2,3 if acc > 5``);
        the item's own condition and hit condition, when given, replace the spec's."""
        def read(item):
            name = item.get("name") if isinstance(item, dict) else None
            if not isinstance(name, str) or not name.strip():
                raise RequestError("a function breakpoint's name is a breakpoint spec, e.g. cell:1,2 or event:output")
            position = TEXT_POSITION.match(name)
            if position is not None:  # LINE:COLUMN of the text, as the editor counts them: the place there
                line = self.positions.line_in(int(position.group(1)))
                if not 1 <= line <= len(self.positions.lines):
                    raise RequestError(f"{name}: the program has no line {position.group(1)}")
                place = self.place(line, self.positions.column_in(line, int(position.group(2))))
                if isinstance(place, str):
                    raise RequestError(place)
                span, at = place
                return at, self._kinds(item.get("mode"), at), self._filters(item), span
            spec = parse_spec(name, self.language, session.first_view)  # SpecError is a ValueError
            if isinstance(spec.at, DataRef):
                self.language.data(session.machine, spec.at.name)  # ValueError if the program has no such place
            condition, hit, log = self._filters({"condition": spec.condition, "hitCondition": spec.hit_condition,
                                                 "logMessage": spec.log_message})
            mine = self._filters(item)
            return spec.at, spec.kinds, (mine[0] or condition, mine[1] or hit, log), self.span_of(spec.at), spec.note
        return self._replace("function", items, read)

    def set_data(self, items: list, session: Session) -> list[dict]:
        """``setDataBreakpoints``: each ``dataId`` a data location the program has (write access)."""
        def read(item):
            data_id = item.get("dataId") if isinstance(item, dict) else None
            if not isinstance(data_id, str):
                raise RequestError("a data breakpoint needs a dataId (a data location)")
            if item.get("accessType", "write") != "write":
                raise RequestError(f"{data_id}: only write access (a step that changes it) can be watched")
            at = DataRef(session.language.data_location(data_id))
            session.language.data(session.machine, at.name)
            condition, hit, _ = self._filters(item)
            return at, None, (condition, hit, None), None
        return self._replace("data", items, read)

    def set_exceptions(self, names: list, options: list) -> list[dict]:
        """``setExceptionBreakpoints``: the events to stop at (``filters``), and those of
        ``filterOptions`` with their conditions."""
        events = {event.name for event in self.language.all_events}

        def read(item):
            name, condition = item
            if not isinstance(name, str) or name not in events:
                theirs = ", ".join(sorted(events - {"error"}))
                raise RequestError(f"{self.language.title} has no event {name!r}: this filter does not apply to "
                                   f"the program (its events: {theirs})")
            return EventRef(name), None, (self._filters({"condition": condition})[0], None, None), None
        chosen = [(name, None) for name in names] + [
            (option.get("filterId"), option.get("condition")) for option in options if isinstance(option, dict)]
        return self._replace("exception", chosen, read)

    # ----- the session's breakpoints -----------------------------------------------------------
    def apply(self, session: Session) -> None:
        """Make ``session``'s breakpoints the union of the four sets (a target in two takes the
        later set's filters); a breakpoint that stays keeps its hit count."""
        union: dict[Target, Wanted] = {}
        for entries in self.sets.values():
            for entry in entries:
                union[entry.at] = entry
        breakpoints = session.breakpoints
        for bp in list(breakpoints):
            if bp.at not in union:
                breakpoints.remove(bp.at)
        for at, entry in union.items():  # set again: a breakpoint whose kinds stay keeps its hit count
            try:
                breakpoints.set(at, entry.kinds, condition=entry.condition, hit_condition=entry.hit_condition,
                                log_message=entry.log_message)
            except ValueError:  # checked when the editor sent it; a restarted program may lack it
                continue
