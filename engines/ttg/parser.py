"""Reading a Tic Tac Toe Grow program (spec `ttg.md` §A): the file is the keystrokes typed.

Every text is a valid program, so :func:`parse` never fails; a file that ends in a newline gets
a warning, because that newline is a real Enter keystroke (R1) and usually an editor's doing, and
so does an empty file, which halts at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import repeat
from pathlib import PurePath

from ..base import Diagnostic, Span
from ..language import DEFAULT_INT_BITS
from . import MAX_CELLS, MAX_HISTORY

BACKSPACE = "\b"  # R2: U+0008
ENTER = "\n"
SIGMA = "\u03a3"  # R2: Σ, Alt+2020 in CP437
SPANS_AT_ONCE = 65536  # spans built in one C call: a signal (Ctrl+C) waits for the call to end




@dataclass(frozen=True)
class Program:
    """``keys`` are the keystrokes in file order (R1: one per code point, CR LF read as one LF);
    ``spans[i]`` is where keystroke ``i`` is in ``source``.  ``name`` is the file name memory3
    is made from (R4: the basename, extension included).

    ``max_cells`` and ``max_history`` are the caps that keep a run within memory (docs/ttg.md,
    "Limits"): no board may grow past ``max_cells`` on-board cells, and no keystroke starts
    while the Backspace history (R17) holds more than ``max_history`` — counted as the
    micro-steps and grown cells of the states it keeps.  Reaching one is a runtime error."""

    filename: str
    name: str
    source: str
    keys: tuple[str, ...]
    spans: tuple[Span, ...]
    warnings: tuple[Diagnostic, ...] = ()
    max_cells: int = MAX_CELLS
    max_history: int = MAX_HISTORY
    max_int_bits: int = DEFAULT_INT_BITS  # a Num's size (R5's engine limit: --max-int-bits, ..integers)


def parse(text: str, filename: str) -> Program:
    """The program in ``text`` (already decoded, BOM dropped), read from ``filename``."""
    keys: list[str] = []
    spans: list[Span] = []
    # Line by line, not a Python step per keystroke (a 1 MB program is a million of them); a
    # span built by tuple.__new__ skips the Python-level NamedTuple constructor.
    new_span = partial(tuple.__new__, Span)
    lines = text.split("\n")
    for line, chars in enumerate(lines, 1):
        enter = line < len(lines)  # every line but the last ends in an Enter keystroke
        if enter and chars.endswith("\r"):  # R1: CR LF is one Enter, at the CR's column
            chars = chars[:-1]
        keys.extend(chars)
        if enter:
            keys.append(ENTER)
        count = len(chars) + enter
        for first in range(1, count + 1, SPANS_AT_ONCE):  # in pieces: Ctrl+C is seen between two
            end = min(first + SPANS_AT_ONCE, count + 1)
            spans.extend(map(new_span, zip(repeat(line), range(first, end), repeat(line), range(first + 1, end + 1))))
    warnings = ()
    if not keys:
        warnings = (Diagnostic(filename, 1, 1, "the file is empty: no keystroke is typed, so the program halts at "
                               "once with no output", "warning"),)
    elif keys[-1] == ENTER:
        span = spans[-1]
        warnings = (Diagnostic(filename, span.line, span.col,
                               "the file ends in a newline, which is typed as a last Enter keystroke "
                               "(R1); remove it if it is not meant", "warning"),)
    return Program(filename, PurePath(filename).name, text, tuple(keys), tuple(spans), warnings)
