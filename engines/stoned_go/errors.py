"""Errors in a Stoned-Go program's text (spec `stoned-go.md` 0.2, 0.3).

Every error is a :class:`SourceError` — a :class:`~esodbg.engines.base.ParseError` with exactly
one diagnostic (the first error met, 0.2) plus the ``phase`` it was met in (``decode``, ``lex``,
``macro``, ``parse``) and, for a token that came out of a macro expansion, its ``via``: the call
sites it was expanded through, outermost first (0.3).  The message names the via chain too, so a
plain ``ParseError`` reader sees it.
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import Diagnostic, ParseError, Span

PHASES = ("decode", "lex", "macro", "parse")


class CallSite(NamedTuple):
    """Where a macro was called: its ``name`` and the ``span`` of the whole call, ``<`` to ``>``."""

    name: str
    span: Span


Via = tuple[CallSite, ...]


def describe_via(via: Via) -> str:
    """``" (via <a> at 3:1 -> <b> at 2:5)"``, or ``""`` for a token written at top level."""
    if not via:
        return ""
    return " (via " + " -> ".join(f"<{c.name}> at {c.span.line}:{c.span.col}" for c in via) + ")"


class SourceError(ParseError):
    """A program that cannot run: ``phase`` (one of :data:`PHASES`), one diagnostic at 1-based
    ``line``/``col``, and the ``via`` chain of the token at fault."""

    def __init__(self, phase: str, file: str, line: int, col: int, message: str, via: Via = ()) -> None:
        super().__init__([Diagnostic(file, line, col, message + describe_via(via))])
        self.phase = phase
        self.line = line
        self.col = col
        self.message = message  # without the via chain
        self.via = via


def char_name(ch: str) -> str:
    """How an error message shows one character: ``'a'``, or ``U+00A0`` if it is not visible."""
    return repr(ch) if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"
