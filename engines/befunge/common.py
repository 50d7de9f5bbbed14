"""What Befunge-93 and Befunge-98 machines share (spec `befunge.md`): 64-bit arithmetic (rule 8),
byte input and output (rules 2, 11), the seeded ``?`` (rule 10) and the stop flags.

Input and output are bytes (rule 2).  The input log holds text, the bytes decoded as UTF-8 with
``surrogateescape``; a machine reads it a byte at a time with a cursor ``(in_pos, in_byte)``: the
character at ``in_pos`` and how many of its bytes are read.  Output is written as text too: bytes
below 128 as they are, a complete UTF-8 sequence as its character, any other byte as its
``surrogateescape`` character (U+DC80…U+DCFF), so ``output.encode("utf-8", "surrogateescape")``
is exactly the bytes written; an unfinished sequence waits in ``pending`` until the next byte
completes or breaks it, or the program ends.
"""

from __future__ import annotations

import codecs

from typing import Final

from ..compiled import mypyc_attr
from ..base import Machine

BOARD: Final = "space"  # the board's name in CellRefs and views: Funge-space
WIDTH: Final = 80  # the Befunge-93 playfield (rule 7); Final: the compiled loops inline them
HEIGHT: Final = 25
SMALL: Final = 1 << 62  # |v| below this: no 64-bit wrapping to do (and a compiled int stays unboxed)
MASK = (1 << 64) - 1
SIGN = 1 << 63
EXEC, WRITE = 1, 2  # a cell's stop flags: an IP executes it, a `p`/`s` writes it
NEEDS = -(1 << 70)  # what a read returns when the input it needs has not arrived
EOF = -(1 << 71)  # what a read returns at the end of the input
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


def drain(pending: bytes, final: bool) -> tuple[str, bytes]:
    """The text of the bytes ``pending`` (module docstring) and what must still wait: a valid but
    unfinished UTF-8 sequence at the end, unless ``final`` (Python's own incremental decoder)."""
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    text = decoder.decode(pending, final)
    return text, decoder.getstate()[0]


DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"


def _digit(b: int, base: int) -> int:
    """The digit the byte ``b`` is in ``base``, or −1."""
    d = DIGITS.find(chr(b)) if 0 <= b < 128 else -1
    return d if 0 <= d < base else -1


@mypyc_attr(native_class=False)
class ByteMachine(Machine):
    """A machine that reads and writes bytes (module docstring) and draws ``?`` from a seeded
    generator whose state is a register (so stepping back and forth replays the same choices)."""

    in_byte: int
    pending: bytes
    rng: int

    def _start_bytes(self, seed: int) -> None:
        self.in_byte = 0
        self.pending = b""
        self.rng = seed & MASK

    # ----- output -------------------------------------------------------------------------------
    def put_byte(self, b: int) -> None:
        """Write the byte ``b`` (0…255)."""
        if b < 0x80 and not self.pending:
            self.output.write(chr(b))
            return
        text, self.pending = drain(self.pending + bytes((b,)), False)
        if text:
            self.output.write(text)

    def put_text(self, text: str) -> None:
        """Write ASCII ``text`` (a number ``.`` prints)."""
        if self.pending:
            done, self.pending = drain(self.pending, True)
            text = done + text
        self.output.write(text)

    def flush(self) -> None:
        """The program ended: write an unfinished sequence's bytes as they are."""
        if self.pending:
            text, self.pending = drain(self.pending, True)
            self.output.write(text)

    # ----- input --------------------------------------------------------------------------------
    def peek_byte(self) -> int:
        """The next input byte (0…255) without reading it, or :data:`NEEDS` / :data:`EOF`."""
        text, pos = self.input.text, self.in_pos
        if pos >= len(text):
            return EOF if self.input.closed else NEEDS
        c = text[pos]
        if c < "\x80" and self.in_byte == 0:
            return ord(c)
        return c.encode("utf-8", "surrogateescape")[self.in_byte]

    def take_byte(self) -> None:
        """Read past the byte :meth:`peek_byte` gave."""
        c = self.input.text[self.in_pos]
        if c < "\x80" or self.in_byte + 1 == len(c.encode("utf-8", "surrogateescape")):
            self.in_pos += 1
            self.in_byte = 0
        else:
            self.in_byte += 1

    def read_number(self, base: int = 10) -> int:
        """Befunge-98's ``&`` in ``base`` (2…36, digits past 9 lower-case letters; FINGERPRINT
        BASE reads other bases): skip what is no digit, read digits while the value stays
        ≤ 2⁶³−1 (the digit that would pass it stays unread), drop a line end just after the
        number.  Returns the value, :data:`EOF`, or :data:`NEEDS` (then nothing is read)."""
        saved = (self.in_pos, self.in_byte)
        while True:
            b = self.peek_byte()
            if b == NEEDS:
                self.in_pos, self.in_byte = saved
                return NEEDS
            if b == EOF:
                return EOF
            if _digit(b, base) >= 0:
                break
            self.take_byte()
        value = 0
        while True:
            b = self.peek_byte()
            if b == NEEDS:
                self.in_pos, self.in_byte = saved
                return NEEDS
            d = _digit(b, base) if b >= 0 else -1
            if d < 0 or value * base + d > MASK >> 1:
                break
            value = value * base + d
            self.take_byte()
        if b == 13:
            self.take_byte()
            b = self.peek_byte()
            if b == NEEDS:
                self.in_pos, self.in_byte = saved
                return NEEDS
        if b == 10:
            self.take_byte()
        return value

    # ----- ? ------------------------------------------------------------------------------------
    def random4(self) -> int:
        """0…3, uniformly (splitmix64 on the ``rng`` register)."""
        self.rng = state = (self.rng + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return (z ^ (z >> 31)) >> 62
