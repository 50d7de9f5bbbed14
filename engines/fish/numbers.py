"""><>'s numbers (spec `fish.md` rules 17, 18, 29, 30): Python's integers and floats, exactly as
fish.py computes with them.

A value on a stack or in a cell is an ``int`` (any size) or a ``float``.  fish.py turns an
integral float into an integer at every pop (rule 29); esodbg does it when the float is *made*
(:func:`normal`), which no program can tell apart — ``:`` copies a value and a pop reads it, and
both see the same number — except for an infinity or a NaN, which stay floats on the stack and
are an error only when popped (:func:`popped`).  So a stack holds integers, non-integral finite
floats, and at most the infinities and NaNs that overflow left there.

A runtime error is a :class:`Smell` (fish.py's "something smells fishy..."): the functions here
raise it before anything changes, so the machine's failing step stays atomic.
"""

from __future__ import annotations

from typing import Final

INF: Final = float("inf")
BIG: Final = 10 ** 4000  # past this, str(int) refuses (Python ≥ 3.11's digit limit): write it in pieces


class Smell(Exception):
    """A ><> runtime error (rules 31–33); ``message`` says the cause."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def normal(v: float) -> object:
    """A float as fish.py's pop sees it: an integral finite float is the integer (``-0.0`` is 0);
    anything else stays the float (rule 29)."""
    if v - v == 0.0 and v == int(v):  # finite (inf - inf and nan - nan are nan) and integral
        return int(v)
    return v


def popped(v: object) -> object:
    """``v`` popped (rule 29, 32): an infinity or a NaN is an error; every other value is already
    normal."""
    if isinstance(v, float) and not v - v == 0.0:
        raise Smell("popped an infinity" if v == v else "popped a NaN")
    return v


def coordinate(v: object, what: str) -> int:
    """A popped ``v`` used as a coordinate of ``g``, ``p`` or ``.``: an integer (rules 14, 27,
    Decisions: a non-integral one is an error)."""
    if isinstance(v, int):
        return v
    raise Smell(f"{what} is {show(v)}, not an integer")


def arith(c: int, b: object, a: object) -> object:
    """``b + a``, ``b - a``, ``b * a`` or ``b % a`` (``c`` the instruction's code point; rule
    17), as Python computes them: exact on integers, a double when a float meets an integer (an
    integer too large for a double is an error), floor modulo with the sign of ``a``."""
    try:
        if c == 43:
            r = b + a  # type: ignore[operator]
        elif c == 45:
            r = b - a  # type: ignore[operator]
        elif c == 42:
            r = b * a  # type: ignore[operator]
        else:
            r = b % a  # type: ignore[operator]
    except ZeroDivisionError:
        raise Smell(f"modulo by zero ({show(b)} % 0)") from None
    except OverflowError:
        raise Smell("an integer too large for a double met a float") from None
    return normal(r) if isinstance(r, float) else r


def divide(b: object, a: object) -> object:
    """``b , a`` (rule 17, 29): both made doubles, then a true division; when one is an integer
    too large for a double, both stay as they are and Python divides them — two integers give
    the exact quotient rounded once (too large for a double: an error), an integer and a float
    are an error.  A double quotient that overflows is an infinity (an error when popped)."""
    x, y = b, a
    try:
        fa = float(a)  # type: ignore[arg-type]
        fb = float(b)  # type: ignore[arg-type]
        x, y = fb, fa
    except OverflowError:
        pass
    try:
        r = x / y  # type: ignore[operator]
    except ZeroDivisionError:
        raise Smell(f"division by zero ({show(b)} , 0)") from None
    except OverflowError:
        raise Smell("the quotient is too large for a double") from None
    return normal(r) if isinstance(r, float) else r


def less(b: object, a: object) -> bool:
    return b < a  # type: ignore[operator]


def greater(b: object, a: object) -> bool:
    return b > a  # type: ignore[operator]


def equal(b: object, a: object) -> bool:
    return b == a


def truncate(v: object) -> int:
    """A popped value truncated toward zero (``o``, ``[``, a cell's instruction: rules 7, 22, 24)."""
    return v if isinstance(v, int) else int(v)  # type: ignore[call-overload]


def text(v: object) -> str:
    """What ``n`` writes for the popped ``v`` (rule 30): an integer in decimal, a float as the
    shortest text that reads back to it (Python's ``repr``)."""
    if isinstance(v, int):
        return str(v) if -BIG < v < BIG else _long(v)
    return repr(v)


def _long(v: int) -> str:
    """A huge integer in decimal, in pieces below Python's digit limit (a **Decision**: fish.py
    on Python ≥ 3.11 fails on one of more than 4300 digits)."""
    if v < 0:
        return "-" + _long(-v)
    if v < BIG:
        return str(v)
    half = v.bit_length() * 30103 // 200000  # about half its digits (log10 2 ≈ 0.30103)
    high, low = divmod(v, 10 ** half)
    return _long(high) + _long(low).rjust(half, "0")


def show(v: object) -> str:
    """A value in a message: as ``n`` writes it (an infinity as ``inf``)."""
    if isinstance(v, float) and not v - v == 0.0:
        return repr(v)
    return text(v)
