"""The bound on integer size that keeps every step short (issue 43).

A language with unbounded integers (Hexagony, ><>, Labyrinth, Piet, Aheui…) can make a number
that doubles its length every few steps: ``2:`` / ``*"`` in Labyrinth squares its top every lap.
One multiply, division or decimal conversion of a number of millions of bits takes seconds to
minutes in CPython with the GIL held, so no signal, ``q`` or Ctrl+C is answered meanwhile.  esodbg
therefore refuses to make an integer of more than ``bits`` bits (default :data:`DEFAULT_BITS`,
the shared option ``--max-int-bits``): the step that would make one is a runtime error, checked
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

from .language import Option

DEFAULT_BITS: Final = 1 << 16
WORD: Final = (1 << 62) - 1  # mypyc's short ints: comparisons with it stay inline


def oversized(v: int, bits: int) -> bool:
    """True when ``v`` (any sign) has more than ``bits`` bits of magnitude."""
    return (v > WORD or v < -WORD) and v.bit_length() > bits


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
    return f"integer too large: the result would have more than {bits:,} bits (--max-int-bits {bits})"


OPTION: Final = Option(
    "max-int-bits",
    f"The largest integer a step may make, in bits (default {DEFAULT_BITS:,}, about 19,700 decimal "
    "digits): a step that would make a larger one is a runtime error, so no step runs for long. "
    "Raise it for programs that need bigger numbers; each doubling makes the slowest step about "
    "three times slower.",
    int, default=DEFAULT_BITS, metavar="BITS", minimum=64)


def bits_of(options: dict | None) -> int:
    """The bound the language options ask for (``max_int_bits``), else :data:`DEFAULT_BITS`."""
    given = (options or {}).get(OPTION.dest)
    return DEFAULT_BITS if given is None else int(given)
