"""The Scrabble implementation the plugin object delegates to (see
:mod:`esodbg.engines.language`): ``parse``, ``machine``, ``view``, ``final_state``, ``trace``
and ``decode`` (GCG files have their own encoding rules).  The JSON shapes are in
``docs/scrabble.md``."""

from __future__ import annotations

from .gcg import decode_gcg
from .machine import ScrabbleMachine, executed_words
from .program import is_gcg, parse
from .state import final_state as state, trace
from .view import view

machine = ScrabbleMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "decode", "counted"]


def final_state(m: ScrabbleMachine, max_steps: int | None = None) -> dict:
    return state(m)


def counted(m: ScrabbleMachine) -> int:
    """``--max-steps`` counts executed words (skipped ones too), not the placing of plays."""
    return executed_words(m)


def decode(data: bytes, filename: str) -> str:
    """The text of a program file: a ``.gcg`` by :func:`decode_gcg` (never fails), anything else
    as UTF-8 with a leading BOM dropped (``UnicodeDecodeError`` if it is not)."""
    return decode_gcg(data) if is_gcg(filename) else data.decode("utf-8-sig")
