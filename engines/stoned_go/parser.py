"""Parse Stoned-Go programs (spec `stoned-go.md` 0.1, 0.2, P1–P6).

``parse(text, filename, options) -> Program`` runs lex (L), the macro checks and expansion (M)
and the grammar (P) on the expanded stream, or raises :class:`~.errors.SourceError` — a
:class:`~esodbg.engines.base.ParseError` — for the first error in phase order (0.2).  It never
raises anything else on any text (the hypothesis tests check this); a bad ``options`` value is a
caller's mistake and raises ``ValueError``.

Options: ``base`` (bool, default ``False``: the inner-loop dialect, 0.1; ``True``: base, which
rejects ``|`` inside a block, P5) and ``max_depth`` (int ≥ 0, default 10,000: the trigger
nesting limit, T7); a ``None`` value means the default.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from ..base import Diagnostic, Span
from . import MAX_DEPTH
from .errors import SourceError, Via
from .lexer import BAR, BOM, CLOSER_OF as CLOSER, FLIP, HALT, MOVE, OPEN_B, OPEN_W, Token, eof_position, lex
from .macros import Expanded, expand

DEFAULTS: Mapping[str, Any] = MappingProxyType({"base": False, "max_depth": MAX_DEPTH})
BLACK, WHITE = "black", "white"


@dataclass(frozen=True, slots=True)
class Body:
    """A list of commands: a trigger program, or (with ``bar``) a program of two parts, an
    initialization part ``init`` and a loop part ``loop`` (P1, V1).  Without a bar every command
    is in ``init``."""

    init: tuple[Command, ...]
    bar: Command | None
    loop: tuple[Command, ...]

    @property
    def subprogram(self) -> bool:
        """True for a block whose body has its own ``|`` (V1)."""
        return self.bar is not None


class Command(NamedTuple):
    """One command of the expanded program (D1: one step each).

    ``kind`` is ``move`` (``value`` = the signed amount), ``flip`` (``/``), ``halt`` (``?``),
    ``place`` (a block: ``colour`` and trigger program ``body``) or ``bar`` (``|``, passed once
    per loop pass).  ``index`` is its position in :attr:`Program.commands`.  ``span`` is where its
    text is written (a block: opener to closer when both come from the same text, else the opener
    alone; ``close`` is the closer's span) and ``via`` the macro call sites it came through
    (0.3, D2)."""

    index: int
    kind: str
    span: Span
    via: Via
    value: int = 0
    colour: str | None = None
    body: Body | None = None
    close: Span | None = None

    @property
    def text(self) -> str:
        """A short label: ``+3``, ``/``, ``?``, ``|``, ``[…]`` / ``(…)`` (``[]`` if empty)."""
        if self.kind == "move":
            return f"{self.value:+d}" if self.value else "+0"
        if self.kind == "place":
            empty = self.body is not None and not self.body.init and self.body.bar is None
            return ("[" if self.colour == BLACK else "(") + ("" if empty else "…") + ("]" if self.colour == BLACK else ")")
        return {"flip": "/", "halt": "?", "bar": "|"}[self.kind]


@dataclass(frozen=True, slots=True)
class Program:
    """A parsed Stoned-Go program: the top-level ``main`` program (always with a bar, P1), every
    command in expanded-stream order, and how it was parsed."""

    source: str  # the text parsed (a leading BOM removed: spans index into this text)
    filename: str
    options: Mapping[str, Any]  # base, max_depth (defaults filled in)
    main: Body
    commands: tuple[Command, ...]
    warnings: tuple[Diagnostic, ...] = ()

    @property
    def base(self) -> bool:
        return bool(self.options["base"])

    @property
    def max_depth(self) -> int:
        return int(self.options["max_depth"])

    @property
    def dialect(self) -> str:
        return "base" if self.base else "inner-loop"


def _options(options: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The options with defaults filled in (a ``None`` value means "not given")."""
    merged = dict(DEFAULTS)
    for key, value in (options or {}).items():
        if key not in DEFAULTS:
            raise ValueError(f"unknown Stoned-Go option {key!r} (known: {', '.join(DEFAULTS)})")
        if value is not None:
            merged[key] = value
    depth = merged["max_depth"]
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise ValueError(f"max_depth must be an int >= 0, not {depth!r}")
    merged["base"] = bool(merged["base"])
    return MappingProxyType(merged)


def parse(text: str, filename: str, options: Mapping[str, Any] | None = None) -> Program:
    """Parse ``text`` (see the module docstring).  Raises ``SourceError`` (a ``ParseError``) with
    ``phase`` ``lex``, ``macro`` or ``parse``."""
    opts = _options(options)
    if text.startswith(BOM):
        text = text[1:]
    stream = expand(lex(text, filename), filename)
    main, commands = _grammar(stream, text, filename, opts["base"])
    return Program(text, filename, opts, main, commands)


class _Open:
    """A block (or the top level, ``opener`` None) being parsed."""

    __slots__ = ("opener", "via", "index", "parts", "bar")

    def __init__(self, opener: Token | None, via: Via, index: int) -> None:
        self.opener = opener
        self.via = via
        self.index = index  # the block command's index in Program.commands
        self.parts: list[list[Command]] = [[]]
        self.bar: Command | None = None

    def body(self) -> Body:
        init = tuple(self.parts[0])
        return Body(init, self.bar, tuple(self.parts[1]) if self.bar else ())


def _grammar(stream: list[Expanded], text: str, filename: str, base: bool) -> tuple[Body, tuple[Command, ...]]:
    """P1–P6 on the expanded stream (iterative: blocks nest to any depth)."""

    def fail(tok: Token, via: Via, message: str) -> SourceError:
        return SourceError("parse", filename, tok.span.line, tok.span.col, message, via)

    commands: list = []
    append = commands.append
    stack = [_Open(None, (), -1)]
    top = stack[-1]
    part = top.parts[-1]
    for tok, via in stream:
        kind = tok.kind
        if kind == MOVE:
            command = Command(len(commands), "move", tok.span, via, tok.value)
        elif kind == FLIP or kind == HALT:
            command = Command(len(commands), "flip" if kind == FLIP else "halt", tok.span, via)
        elif kind == OPEN_B or kind == OPEN_W:  # P4
            top = _Open(tok, via, len(commands))
            stack.append(top)
            part = top.parts[-1]
            append(None)  # filled when the block closes
            continue
        elif kind == BAR:
            if top.opener is not None and base:  # P5
                raise fail(tok, via, "'|' inside a block needs the inner-loop variant (the base dialect was asked for)")
            if top.bar is not None:  # P3, P5
                first = top.bar.span
                where = "at top level" if top.opener is None else "in one block"
                raise fail(tok, via, f"second '|' {where} (first at {first.line}:{first.col})")
            command = Command(len(commands), "bar", tok.span, via)
            top.bar = command
            append(command)
            part = []
            top.parts.append(part)
            continue
        else:  # a closer (nothing else survives the lexer and macro phases)
            opener = top.opener
            if opener is None:
                raise fail(tok, via, f"unexpected {kind!r}: no block is open")
            if CLOSER[opener.kind] != kind:
                raise fail(tok, via, f"expected {CLOSER[opener.kind]!r} to close {opener.kind!r} opened at "
                                     f"{opener.span.line}:{opener.span.col}, found {kind!r}")
            stack.pop()
            span = opener.span
            if top.via == via and (span.line, span.col) < (tok.span.line, tok.span.col):
                span = Span(span.line, span.col, tok.span.end_line, tok.span.end_col)
            command = Command(top.index, "place", span, top.via, 0, BLACK if opener.kind == OPEN_B else WHITE,
                              top.body(), tok.span)
            commands[top.index] = command
            top = stack[-1]
            part = top.parts[-1]
            part.append(command)
            continue
        append(command)
        part.append(command)
    if len(stack) > 1:  # P4: the innermost open block
        raise fail(top.opener, top.via, f"unclosed {top.opener.kind!r}: expected {CLOSER[top.opener.kind]!r}")  # type: ignore[union-attr]
    if top.bar is None:  # P2
        line, col = eof_position(text)
        raise SourceError("parse", filename, line, col, "missing '|' between the initialization part and the loop part")
    return top.body(), tuple(commands)
