"""A machine whose input and output are bytes: the grid languages that read and write bytes
(Befunge, Brainfuck, Hexagony, Labyrinth) share it (design.md, "Board languages").

The input log holds text, the bytes decoded as UTF-8 with ``surrogateescape``; a machine reads it
a byte at a time with a cursor ``(in_pos, in_byte)``: the character at ``in_pos`` and how many of
its bytes are read.  Output is written as text too: bytes below 128 as they are, a complete UTF-8
sequence as its character, any other byte as its ``surrogateescape`` character (U+DC80…U+DCFF), so
``output.encode("utf-8", "surrogateescape")`` is exactly the bytes written; an unfinished sequence
waits in ``pending`` until the next byte completes or breaks it, or the program ends.

A read that needs input that has not arrived yet (the debugger's interactive input) returns
:data:`NEEDS` and reads nothing, so the step can run again once the input comes; at the end of
the input a read returns :data:`EOF`.
"""

from __future__ import annotations

import codecs
from typing import Final

from .base import Location, Machine, Span, Stop
from .compiled import mypyc_attr
from .integers import Oversized, oversized
from .seeded import next_random

NEEDS: Final = -(1 << 70)  # what a read returns when the input it needs has not arrived
EOF: Final = -(1 << 71)  # what a read returns at the end of the input
MASK: Final = (1 << 64) - 1
DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"


def drain(pending: bytes, final: bool) -> tuple[str, bytes]:
    """The text of the bytes ``pending`` (module docstring) and what must still wait: a valid but
    unfinished UTF-8 sequence at the end, unless ``final`` (Python's own incremental decoder)."""
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    text = decoder.decode(pending, final)
    return text, decoder.getstate()[0]


def _digit(b: int, base: int) -> int:
    """The digit the byte ``b`` is in ``base``, or −1."""
    d = DIGITS.find(chr(b)) if 0 <= b < 128 else -1
    return d if 0 <= d < base else -1


@mypyc_attr(native_class=False)
class ByteMachine(Machine):
    """A machine that reads and writes bytes (module docstring) and draws random choices from a
    seeded generator whose state is a register (so stepping back and forth replays them).  A
    subclass calls :meth:`_start_bytes` in its constructor and keeps ``in_byte``, ``pending``
    and ``rng`` among its registers."""

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
        """Write ASCII ``text`` (a number printed in decimal)."""
        if self.pending:
            done, self.pending = drain(self.pending, True)
            text = done + text
        self.output.write(text)

    def flush(self) -> None:
        """The program ended: write an unfinished sequence's bytes as they are."""
        if self.pending:
            text, self.pending = drain(self.pending, True)
            self.output.write(text)

    def fail(self, message: str, at: Location, span: Span | None) -> Stop:
        """:meth:`Machine.fail`, and the output held back is written: the run has ended."""
        self.flush()
        return Machine.fail(self, message, at, span)

    def end_output(self) -> None:
        """The run was cut short: its unfinished sequence's bytes are written as they are."""
        self.flush()

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

    def read_byte(self) -> int:
        """The next input byte (0…255), read; or :data:`EOF` / :data:`NEEDS` (nothing read)."""
        b = self.peek_byte()
        if b >= 0:
            self.take_byte()
        return b

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

    def read_integer(self, bits: int) -> int | None:
        """Hexagony's and Labyrinth's ``?`` (hexagony.md I3, labyrinth.md "I/O"): skip bytes up
        to a ``+``, a ``-``, an ASCII digit or the end; read the sign if there is one; then the
        digits.  The byte after the number stays unread (the references' one-byte pushback is
        this cursor not moving past it).  Returns sign × value — 0 with no digits, and at the end
        of the input — or ``None`` when the input it needs has not arrived (nothing read).

        Raises :class:`~esodbg.engines.integers.Oversized`, nothing read, for a number of more
        than ``bits`` bits (the bound that keeps a step short: :mod:`~esodbg.engines.integers`)."""
        saved = (self.in_pos, self.in_byte)
        sign = 1
        while True:
            b = self.peek_byte()
            if b == NEEDS:
                self.in_pos, self.in_byte = saved
                return None
            if b == EOF or 48 <= b <= 57:
                break
            self.take_byte()
            if b == 43 or b == 45:
                sign = -1 if b == 45 else 1
                break
        value = 0
        while True:
            b = self.peek_byte()
            if b == NEEDS:
                self.in_pos, self.in_byte = saved
                return None
            if not 48 <= b <= 57:
                return sign * value
            value = value * 10 + b - 48
            if oversized(value, bits):
                self.in_pos, self.in_byte = saved
                raise Oversized(bits)
            self.take_byte()

    # ----- random choices -----------------------------------------------------------------------
    def random4(self) -> int:
        """0…3, uniformly, from the ``rng`` register."""
        self.rng, z = next_random(self.rng)
        return z >> 62
