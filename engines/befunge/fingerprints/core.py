"""What every fingerprint module shares (spec `befunge.md` rule 28): the :class:`Fingerprint`
record and the registry, and small helpers for semantics.

A semantics is a function ``(machine, ip) -> Stop | None`` run for one letter; it may pop, push,
move the IP (the normal move follows, as after any instruction) and read or write Funge-space.
State kept between instructions lives in the machine's ``data`` store under keys
``(NAME, int)`` (all keys of one fingerprint have the same shape, so the store sorts), with
immutable values: the debugger's undo covers it.  Time is the run's clock, randomness the
machine's seeded generator.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ..common import EOF, NEEDS, wrap64

if TYPE_CHECKING:
    from ...base import Stop
    from ..b98 import IP, Befunge98Machine

Semantics = Callable[["Befunge98Machine", "IP"], "Stop | None"]
LOW = -(1 << 63)


class Fingerprint(NamedTuple):
    """A fingerprint: its four-letter ``name`` and a table letter → semantics."""

    name: str
    letters: dict[str, Semantics]


def fingerprint_id(name: str) -> int:
    """The id ``(`` computes for ``name``: its bytes, base 256 (``NULL`` is 0x4E554C4C)."""
    f = 0
    for ch in name.encode("ascii"):
        f = f * 256 + ch
    return f


FINGERPRINTS: dict[int, Fingerprint] = {}
ID_MAX = 1 << 64  # every fingerprint's id is far below: ( and ) compute no id past it
REFLECT = 0  # the semantics entry that reflects (FING pushes it for an empty stack)


def semantics_of(f: int, letter: str) -> int:
    """The entry on a letter's semantics stack (``ip.sem``) for fingerprint ``f``'s ``letter``:
    ``f·256 + letter``, so a semantics moved to another letter (FING) keeps its meaning."""
    return f << 8 | ord(letter)


def register(fingerprint: Fingerprint) -> None:
    FINGERPRINTS[fingerprint_id(fingerprint.name)] = fingerprint


# ----- semantics builders ---------------------------------------------------------------------
def reflect(m, ip) -> None:
    ip.reflect()


def push_value(value: int) -> Semantics:
    def semantics(m, ip):
        ip.push(value)
    return semantics


def unary(op: Callable[[int], int]) -> Semantics:
    """Pop ``a``; push ``op(a)`` wrapped to 64 bits."""
    def semantics(m, ip):
        ip.push(wrap64(op(ip.pop())))
    return semantics


def binary(op: Callable[[int, int], int]) -> Semantics:
    """Pop ``a``, then ``b``; push ``op(b, a)`` wrapped to 64 bits."""
    def semantics(m, ip):
        a = ip.pop()
        ip.push(wrap64(op(ip.pop(), a)))
    return semantics


# ----- numbers as C computes them ---------------------------------------------------------------
def to_cell(x: float) -> int:
    """A float converted to a cell as C's cast does on x86-64: truncated; NaN or out of range
    gives -2⁶³ (what the processor's conversion returns)."""
    if math.isnan(x) or math.isinf(x):
        return LOW
    v = int(x)
    return v if LOW <= v < -LOW else LOW


def c_round(x: float) -> float:
    """C's ``round``: halves away from zero (Python's ``round`` goes to even)."""
    if math.isnan(x) or math.isinf(x):
        return x
    r = math.floor(abs(x))
    if abs(x) - r >= 0.5:
        r += 1
    return math.copysign(r, x)


# What an invalid operation gives on x86-64 (0/0, √−1, …): the processor's default NaN, whose
# sign bit is set, so C prints it "-nan".  (glibc's asin, acos and log10 give a positive one.)
NAN = -math.nan


def c_div(a: float, b: float) -> float:
    """IEEE division: a zero divisor gives ±infinity or NaN instead of an exception."""
    if b == 0:
        if math.isnan(a):
            return a
        if a == 0:
            return NAN
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def c_pow(a: float, b: float) -> float:
    """C's ``pow``: overflow gives ±infinity, 0 to a negative power +infinity (−infinity for
    −0 and an odd power), a negative base to a fractional power NaN."""
    try:
        return math.pow(a, b)
    except OverflowError:
        odd = b == math.floor(b) and math.fmod(b, 2) != 0
        return -math.inf if a < 0 and odd else math.inf
    except ValueError:
        if a == 0:
            odd = b == math.floor(b) and math.fmod(b, 2) != 0
            return -math.inf if odd and math.copysign(1.0, a) < 0 else math.inf
        return NAN


def c_math(f: Callable[[float], float], invalid: float = NAN) -> Callable[[float], float]:
    """``f`` as C's libm behaves: a domain error gives ``invalid`` (a NaN), a pole (log 0)
    −infinity, an overflow +infinity, where Python raises."""
    def g(x: float) -> float:
        try:
            return f(x)
        except ValueError:
            return -math.inf if x == 0 else invalid
        except OverflowError:
            return math.inf
    return g


def c_format(x: float) -> str:
    """C's ``printf("%f ", x)`` (glibc: ``-nan`` for a NaN with its sign set)."""
    if math.isnan(x):
        return ("-nan" if math.copysign(1.0, x) < 0 else "nan") + " "
    return "%f " % x


def random_below(m, n: int) -> int:
    """0 ≤ r < ``n`` (``n`` ≥ 1), uniformly, from the machine's seeded generator (two bits a
    draw, rejection above the largest multiple of ``n``)."""
    bits = (n.bit_length() + 2) & ~1
    top = 1 << bits
    limit = top - top % n
    while True:
        r = 0
        for _ in range(bits // 2):
            r = r << 2 | m.random4()
        if r < limit:
            return r % n


def micros(m) -> int:
    """The run's clock (:meth:`~esodbg.engines.befunge.b98.Befunge98Machine.now`) in whole
    microseconds since the epoch, counted exactly (a float of seconds loses the last one)."""
    return round(m.clock * 1_000_000) + m.steps


# ----- input ----------------------------------------------------------------------------------
def read_line(m) -> bytes | int:
    """Read the input up to and with the next LF; returns the line without it, :data:`EOF` at
    the end of the input, or :data:`NEEDS` if the line is not complete yet (nothing read)."""
    saved = (m.in_pos, m.in_byte)
    out = bytearray()
    while True:
        b = m.peek_byte()
        if b == NEEDS:
            m.in_pos, m.in_byte = saved
            return NEEDS
        if b == EOF:
            return bytes(out) if out else EOF
        m.take_byte()
        if b == 10:
            return bytes(out)
        out.append(b)

