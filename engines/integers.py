"""The bound on integer size that keeps every step short (issue 43).

A language with unbounded integers (Hexagony, ><>, Labyrinth, Piet, Aheui…) can make a number
that doubles its length every few steps: ``2:`` / ``*"`` in Labyrinth squares its top every lap.
One multiply, division or decimal conversion of a number of millions of bits takes seconds to
minutes in CPython with the GIL held, so no signal, ``q`` or Ctrl+C is answered meanwhile.  esodbg
therefore refuses to make an integer of more than ``bits`` bits (default :data:`DEFAULT_BITS`,
the option ``--max-int-bits`` every such language declares: ``language.INT_BITS_OPTION``): the step that would make one is a runtime error, checked
before anything changes, naming the limit and the option.  Measured on the 2-core machine at
the default (65,536 bits, 19,729 decimal digits): a multiply takes 3 ms, a division 14 ms, a
decimal conversion 7 ms; at 2^20 bits the same take 0.3 s, 5 s and 4 s.

Only what can grow a number needs a check: a sum or difference (one bit a step), a product (the
sizes add), a digit appended (``v * 10 + d``).  An increment needs none: reaching the bound one
unit at a time takes 2^bits steps.

The checks are fast where values are machine words (two comparisons of tagged ints in the
compiled loops); ``bit_length`` is asked only of big ones."""

from __future__ import annotations

from typing import Final

from .language import DEFAULT_INT_BITS as DEFAULT_BITS, INT_BITS_OPTION as OPTION

WORD: Final = (1 << 62) - 1  # mypyc's short ints: comparisons with it stay inline


def oversized(v: int, bits: int) -> bool:
    """True when ``v`` (any sign) has more than ``bits`` bits of magnitude."""
    return (v > WORD or v < -WORD or bits < 62) and v.bit_length() > bits


def product_oversized(a: int, b: int, bits: int) -> bool:
    """True when ``a * b`` would have more than ``bits`` bits, told without multiplying when the
    factors' sizes settle it (the product has their sum of bits, or one fewer)."""
    if -WORD <= a <= WORD and -WORD <= b <= WORD:
        return 124 > bits and (a * b).bit_length() > bits
    n = a.bit_length() + b.bit_length()
    if n <= bits:
        return False
    return n > bits + 1 or (a * b).bit_length() > bits


def message(bits: int) -> str:
    """The runtime error's words: what the limit is and how to raise it."""
    return f"integer too large: the result would have more than {bits:,} bits (raise --max-int-bits)"


def from_text(text: str, bits: int) -> int:
    """``int(text)`` (Python's rules: spaces, a sign, underscores), refusing a number of more than
    ``bits`` bits before converting it (a conversion's time grows with the square of the digits).
    Raises ``ValueError`` for what is no integer, :class:`Oversized` for one too large."""
    if len(text) > bits // 4:  # maybe too many digits: count them first (bits // 4 < 0.30103 bits)
        digits = text.strip().lstrip("+-").replace("_", "").lstrip("0")
        if digits.isdigit() and len(digits) > bits * 30103 // 100000 + 1:
            raise Oversized(bits)
    v = int(text)
    if oversized(v, bits):
        raise Oversized(bits)
    return v


class Oversized(Exception):
    """A number read from the input would have more than ``bits`` bits: the reading step is a
    runtime error (:func:`message`), nothing read."""

    def __init__(self, bits: int) -> None:
        super().__init__(message(bits))
        self.bits = bits


def bits_of(options: dict | None) -> int:
    """The bound the language options ask for (``max_int_bits``), else :data:`DEFAULT_BITS`."""
    given = (options or {}).get(OPTION.dest)
    return DEFAULT_BITS if given is None else int(given)
