"""What Befunge-93 and Befunge-98 machines share (spec `befunge.md`): 64-bit arithmetic (rule 8),
the cell's character and the stop flags.  Byte input and output (rules 2, 11) and the seeded ``?``
(rule 10) are the core's :class:`~esodbg.engines.bytemachine.ByteMachine`, which the other grid
languages that read and write bytes share.
"""

from __future__ import annotations

from typing import Final

from ..bytemachine import EOF, NEEDS, ByteMachine  # noqa: F401  (the dialects take them from here)

BOARD: Final = "space"  # the board's name in CellRefs and views: Funge-space
WIDTH: Final = 80  # the Befunge-93 playfield (rule 7); Final: the compiled loops inline them
HEIGHT: Final = 25
# |v| ≤ SMALL: no 64-bit wrapping to do (and a compiled int stays unboxed).  2⁶² − 1, not 2⁶²:
# mypyc's short ints end there, and a bound past them was a boxed constant that every comparison
# of a compiled loop converted (a call into CPython per + - *).
SMALL: Final = (1 << 62) - 1
MASK = (1 << 64) - 1
SIGN = 1 << 63
EXEC: Final = 1  # a cell's stop flags: an IP executes it, a `p`/`s` writes it
WRITE: Final = 2
SPACES = " \t\n\v\f\r"  # what C's isspace skips (rule 11)


def char(value: int) -> str:
    """A cell's value as a character, if it is a printable one ('' otherwise)."""
    return chr(value) if 32 < value < 127 else ""


def wrap64(v: int) -> int:
    """``v`` as a signed 64-bit integer, wrapping (rule 8)."""
    v &= MASK
    return v - (1 << 64) if v & SIGN else v


def cdiv(b: int, a: int) -> int:
    """``b / a`` truncated toward zero, as C divides (``a`` ≠ 0; −2⁶³ / −1 = −2⁶³, rule 10)."""
    q = abs(b) // abs(a)
    return wrap64(q if (b < 0) == (a < 0) else -q)


def cmod(b: int, a: int) -> int:
    """``b % a`` with the sign of ``b``, as C's ``%`` (``a`` ≠ 0; rule 10)."""
    r = abs(b) % abs(a)
    return -r if b < 0 else r


def sync(stack: list, depth: int, s: int, t: int) -> None:
    """Make ``stack`` a whole stack again after a compiled loop that kept its top two items in
    native integers, ``t`` on top and ``s`` under it (0 where the stack is shallower), the list
    holding the ``depth - 2`` items below them (and stale ones past those)."""
    if depth >= 2:
        del stack[depth - 2:]
        stack.append(s)
        stack.append(t)
    else:
        stack.clear()
        if depth == 1:
            stack.append(t)
