"""What a Stoned-Go program's text means, for an editor (spec `stoned-go.md`): a command's
effect (R2–R6, P1), a macro call's expansion and a definition's argument (M2–M9), and the macros
as an outline.  Comments are no code: they get no hover."""

from __future__ import annotations

import bisect
import threading
from typing import NamedTuple

from ..base import Span
from ..language import Symbol
from .lexer import BANG, BAR, CLOSE_B, CLOSE_W, DEF, END_DEF, FLIP, HALT, MOVE, OPEN_B, OPEN_W, Token, lex
from .macros import _structure
from .parser import Program

SHOWN = 12  # commands of an expansion listed at most

TOKENS = {
    FLIP: "flips the direction flag; the cursor stays (R3)",
    HALT: "if a stone is on the cursor's point, halts the program (inside a subprogram: ends it; R6, V5); "
          "otherwise does nothing",
    BAR: "the `|` between the initialization part and the loop part, which runs again and again (P1, R5); "
         "passing it is one step",
    OPEN_B: "places a black stone at the cursor with the commands up to its `]` as its trigger program, "
            "run if the stone is captured (R4, T1); nothing if a stone is there",
    OPEN_W: "places a white stone at the cursor with the commands up to its `)` as its trigger program, "
            "run if the stone is captured (R4, T1); nothing if a stone is there",
    CLOSE_B: "ends a black stone's trigger program", CLOSE_W: "ends a white stone's trigger program",
    BANG: "the macro's argument, put here each time the macro is called (M5)",
}


def _inside(span: Span, line: int, col: int) -> bool:
    return (span.line, span.col) <= (line, col) < (span.end_line, span.end_col)


class _Read(NamedTuple):
    """What hover and symbols read of one program, found once: its tokens, macro definitions and
    call sites (lexed again: the program keeps only the expanded commands), where each token
    starts, and each place a command's text or the call sites it came through start (with the
    command's index), sorted: what a call's expansions are looked up in."""

    tokens: list[Token]
    definitions: list
    calls: list
    starts: list[tuple[int, int]]
    places: list[tuple[tuple[int, int], int]]


_READ: dict[int, tuple[Program, _Read]] = {}  # by id: a Program is not hashable; the last few kept
_KEEP = 4  # programs: an editor's open files, hovered in turn
_lock = threading.Lock()


def _macros(program: Program) -> _Read:
    """:class:`_Read` of ``program``, made once (a hover on a 1 MB program took 2 s, mostly lexing
    the text again each time)."""
    with _lock:
        kept = _READ.get(id(program))
        if kept is not None and kept[0] is program:
            return kept[1]
    tokens = lex(program.source, program.filename)
    _, definitions, calls = _structure(tokens, lambda token, message: ValueError(message))
    places = sorted(((span.line, span.col), command.index) for command in program.commands
                    for span in (command.span, *(entry.span for entry in command.via)))
    read = _Read(tokens, definitions, calls, [(t.span.line, t.span.col) for t in tokens], places)
    with _lock:
        _READ[id(program)] = (program, read)
        while len(_READ) > _KEEP:
            del _READ[next(iter(_READ))]
    return read


def hover(program: Program, line: int, col: int) -> str | None:
    """What is at ``line``:``col`` (1-based, characters): a macro call's expansion, a macro
    definition's argument and uses, or a command."""
    read = _macros(program)
    tokens, definitions, calls = read.tokens, read.definitions, read.calls
    around = [call for call in calls if _inside(call.site.span, line, col)]
    if around:  # the innermost: a call written in another's argument
        return _call(program, max(around, key=lambda call: (call.site.span.line, call.site.span.col)), calls)
    at = bisect.bisect_right(read.starts, (line, col)) - 1  # the last token starting here or before
    token = tokens[at] if at >= 0 else None
    if token is None or not (_inside(token.span, line, col) or (token.span.line, token.span.col) == (line, col)):
        return None
    if token.kind == DEF:
        definition = next(d for d in definitions if d.token is token)
        uses = sum(1 for t in definition.body if isinstance(t, Token) and t.kind == BANG)
        called = sum(1 for call in calls if call.name == token.value)
        argument = f"takes an argument (`<{token.value}:…>`), put where its body has `!` ({uses} time" \
                   f"{'s' if uses != 1 else ''})" if uses else f"takes no argument (`<{token.value}>`)"
        return f"**macro `{token.value}`** — {argument}; called {called} time{'s' if called != 1 else ''} (M2–M5)"
    if token.kind == MOVE:
        amount = token.value
        return f"**`{amount:+d}`** — moves the cursor {abs(amount)} {'forwards' if amount >= 0 else 'backwards'} " \
               "along the direction flag (x if horizontal, y if vertical), then flips the flag (R2)"
    if token.kind in TOKENS:
        return f"**`{token.kind}`** — {TOKENS[token.kind]}"
    return None


def _call(program: Program, call, calls: list) -> str:
    """A call site: its macro, its argument, and what it expands to (each time it does)."""
    name = f"<{call.name}{':…' if call.arg is not None else ''}>"
    in_argument = any(other is not call and other.owner == call.owner and _within(call.site.span, other.site.span)
                      for other in calls)
    runs = _expansions(program, call.site, in_argument)
    if not runs:
        return f"**`{name}`** — calls the macro `{call.name}`, which makes no command here"
    first = runs[0]
    listed = " ".join(f"`{command.text}`" for command in first[:SHOWN]) + (" …" if len(first) > SHOWN else "")
    why = "its argument is put in" if in_argument else f"`{call.owner}` is" if call.owner else "it is"
    times = f" ({len(runs)} times: once each time {why})" if len(runs) > 1 else ""
    return f"**`{name}`** — expands to {len(first)} command{'s' if len(first) != 1 else ''}{times}: {listed} (M9)"


def _expansions(program: Program, site, in_argument: bool) -> list[list]:
    """The runs of commands a call made, one run each time it was expanded.  A command came from
    the call if the call is in its ``via`` chain, or it was written inside the call's text (its
    argument), or through a call written there.  A call in a macro's body is expanded once each
    time the macro is, which ``via`` tells apart; one written in another call's argument, once
    each time that argument is put in with ``!`` (M5), which leaves no trace in ``via``: those
    runs are told apart where one starts over with the same command."""
    runs: list[list] = []
    last = None  # (index, key) of the last command taken
    # Only the commands with their text or a call they came through inside the call's text can
    # come from it: those, from the sorted places, not every command of the program.
    places = _macros(program).places
    span = site.span
    lo = bisect.bisect_left(places, ((span.line, span.col), -1))
    hi = bisect.bisect_left(places, ((span.end_line, span.end_col), -1))
    for index in sorted({index for _, index in places[lo:hi]}):
        command = program.commands[index]
        key = _key(command, site)
        if key is None:
            continue
        if last is None or index != last[0] + 1 or key != last[1] or \
                in_argument and (command.span, command.via) == (runs[-1][0].span, runs[-1][0].via):
            runs.append([])
        runs[-1].append(command)
        last = (index, key)
    return runs


def _key(command, site):
    """Which expansion of the call ``site`` a command belongs to (the calls that led to it), or
    ``None`` if it does not come from that call."""
    via = command.via
    if site in via:
        return via[:via.index(site) + 1]
    for i, entry in enumerate(via):
        if _within(entry.span, site.span):
            return via[:i] + (site,)
    return via + (site,) if _within(command.span, site.span) else None


def _within(inner: Span, outer: Span) -> bool:
    return (outer.line, outer.col) <= (inner.line, inner.col) and \
        (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def symbols(program: Program) -> tuple[Symbol, ...]:
    """Each macro definition, from its ``{NAME:`` to its ``}``."""
    tokens, definitions = _macros(program)[:2]
    found = []
    for definition in definitions:
        start = tokens.index(definition.token)
        end = next(t for t in tokens[start + 1:] if t.kind == END_DEF)
        uses = any(isinstance(t, Token) and t.kind == BANG for t in definition.body)
        found.append(Symbol(definition.name, "function", Span(definition.token.span.line, definition.token.span.col,
                                                               end.span.end_line, end.span.end_col),
                            "takes an argument" if uses else "", definition.token.span))
    return tuple(found)
