"""Read a Brainfuck program (spec `brainfuck.md` rules 2, 3, 12, 13): its command bytes, where
each is written, and its brackets matched before anything runs.

A program is bytes (rule 2): the text esodbg reads a file into is its bytes decoded as UTF-8 with
``surrogateescape`` (:func:`decode`), so encoding it back gives the bytes exactly.  The eight bytes
``+ - < > [ ] . ,`` are the commands; every other byte is a comment.  Command ``i`` (0-based,
comments not counted) is what ``code:N`` (N = i + 1) and a :class:`~esodbg.engines.base.CodeRef`
``(i)`` name.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import cached_property
from typing import NamedTuple

from ..base import Diagnostic, ParseError, Span

COMMANDS = b"+-<>[].,"
_NOT_COMMANDS = bytes(b for b in range(256) if b not in COMMANDS)
_BRACKETS = re.compile(rb"[\[\]]")
_COMMAND = re.compile(rb"[-+<>\[\].,]")
SPAN_BYTES = 4096  # bytes of source a count of commands covers (Program.offset)
# The commands as the machine reads them: their bytes.
PLUS, MINUS, LEFT, RIGHT, OPEN, CLOSE, OUT, IN = COMMANDS


class Options(NamedTuple):
    """The language options (rule 3) as the machine uses them: ``bits`` a cell holds (8, 16, 32;
    0 for unbounded), ``overflow_error`` (``--overflow error``), ``eof`` (``keep``, ``0``,
    ``-1``), ``tape_length`` (0: the tape grows to the right as far as the program goes)."""

    bits: int = 8
    overflow_error: bool = False
    eof: str = "keep"
    tape_length: int = 0

    @property
    def mask(self) -> int:
        """``2^bits − 1``; −1 for unbounded cells (``v & −1`` is ``v``: no wrapping)."""
        return (1 << self.bits) - 1 if self.bits else -1

    @property
    def strict(self) -> bool:
        """``+``/``-`` beyond the cell range are runtime errors (never for unbounded cells)."""
        return self.overflow_error and self.bits > 0


def options_of(given: dict) -> Options:
    """The :class:`Options` of the language options ``given`` (by dest, ``None`` for the default)."""
    size = given.get("cell_size") or "8"
    return Options(0 if size == "unbounded" else int(size), (given.get("overflow") or "wrap") == "error",
                   given.get("eof") or "keep", given.get("tape_length") or 0)


def decode(data: bytes, filename: str) -> str:
    """A program file's text: its bytes as UTF-8 with ``surrogateescape`` (every file is a program)."""
    return data.decode("utf-8", "surrogateescape")


def encode(text: str, filename: str) -> bytes:
    """The bytes of a program whose text is ``text`` (the inverse of :func:`decode`; a lone
    surrogate an editor sent is written as its three bytes)."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


class Program:
    """A parsed Brainfuck program.

    ``code`` is the command bytes in order (comments removed), ``match[i]`` the index of the
    bracket matching command ``i`` (−1 for a command that is no bracket), ``options`` the
    :class:`Options`.  Where each command is written is computed when first asked for
    (:meth:`span`, :attr:`spans`): ``exec`` needs it only for a runtime error."""

    def __init__(self, filename: str, source: str, data: bytes, code: bytes, match: list[int],
                 options: Options) -> None:
        self.filename = filename
        self.source = source
        self.data = data
        self.code = code
        self.match = match
        self.options = options
        self.warnings: tuple[Diagnostic, ...] = ()

    def __len__(self) -> int:
        return len(self.code)

    @cached_property
    def _counts(self) -> list[int]:
        """How many commands the source holds before each :data:`SPAN_BYTES` of bytes."""
        counts, n, data = [0], 0, self.data
        for start in range(0, len(data), SPAN_BYTES):
            n += len(data[start:start + SPAN_BYTES].translate(None, _NOT_COMMANDS))
            counts.append(n)
        return counts

    def offset(self, i: int) -> int:
        """The byte offset of command ``i`` in the source."""
        block = bisect_right(self._counts, i) - 1
        start = block * SPAN_BYTES
        seen = self._counts[block]
        for match in _COMMAND.finditer(self.data, start):
            if seen == i:
                return match.start()
            seen += 1
        raise IndexError(i)

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and column (in characters of :attr:`source`) of the byte at ``offset``."""
        data = self.data
        start = data.rfind(b"\n", 0, offset) + 1
        line = data.count(b"\n", 0, start) + 1
        prefix = data[start:offset]
        return line, (len(prefix) if prefix.isascii() else len(prefix.decode("utf-8", "surrogateescape"))) + 1

    def span(self, i: int) -> Span:
        """Where command ``i`` is written (one character)."""
        if "spans" in self.__dict__:
            return self.spans[i]
        line, col = self.position(self.offset(i))
        return Span(line, col, line, col + 1)

    @cached_property
    def spans(self) -> tuple[Span, ...]:
        """Where every command is written, in order (the debugger's code pane)."""
        out = []
        data = self.data
        for number, raw in enumerate(data.split(b"\n"), 1):
            if not raw.translate(None, _NOT_COMMANDS):
                continue
            ascii_ = raw.isascii()
            text = raw if ascii_ else raw.decode("utf-8", "surrogateescape")
            for col, c in enumerate(text, 1):
                if (c in COMMANDS) if ascii_ else (c in "+-<>[].,"):
                    out.append(Span(number, col, number, col + 1))
        return tuple(out)

    @cached_property
    def line_starts(self) -> list[int]:
        """The byte offset at which each line of the source begins."""
        return [0] + [m.end() for m in re.finditer(rb"\n", self.data)]

    def spans_on(self, line: int) -> list[tuple[int, Span]]:
        """Each command written on the 1-based ``line``, ``(its index, where it is written)``, in
        order (those of :attr:`spans` on that line), read from that line alone."""
        starts, data = self.line_starts, self.data
        if not 0 < line <= len(starts):
            return []
        start = starts[line - 1]
        raw = data[start:starts[line] - 1 if line < len(starts) else len(data)]
        if not raw.translate(None, _NOT_COMMANDS):
            return []
        block = start // SPAN_BYTES
        i = self._counts[block] + len(data[block * SPAN_BYTES:start].translate(None, _NOT_COMMANDS))
        ascii_ = raw.isascii()
        text = raw if ascii_ else raw.decode("utf-8", "surrogateescape")
        out = []
        for col, c in enumerate(text, 1):
            if (c in COMMANDS) if ascii_ else (c in "+-<>[].,"):
                out.append((i, Span(line, col, line, col + 1)))
                i += 1
        return out

    @cached_property
    def parents(self) -> list[int]:
        """For each command (and the end), the ``[`` of the innermost loop it is in, or −1: a
        loop ``[`` … ``]`` holds the commands after its ``[`` up to its ``]`` (the test that
        repeats it)."""
        return self._nesting[0]

    @cached_property
    def depths(self) -> list[int]:
        """For each command (and the end), how many loops it is in (as :attr:`parents`)."""
        return self._nesting[1]

    @cached_property
    def _nesting(self) -> tuple[list[int], list[int]]:
        parents, depths, open_ = [], [], []
        for i, c in enumerate(self.code):
            parents.append(open_[-1] if open_ else -1)
            depths.append(len(open_))
            if c == 91:
                open_.append(i)
            elif c == 93:
                open_.pop()
        return parents + [-1], depths + [0]

    def command(self, at: int) -> int:
        """The index of the command written at byte ``at`` of the source, or −1 (a comment)."""
        if not 0 <= at < len(self.data) or self.data[at] not in COMMANDS:
            return -1
        block = at // SPAN_BYTES
        return self._counts[block] + len(self.data[block * SPAN_BYTES:at].translate(None, _NOT_COMMANDS))

    def at(self, line: int, col: int) -> int:
        """The index of the command at 1-based ``line``:``col`` (characters), or −1."""
        data = self.data
        start = 0
        for _ in range(line - 1):
            start = data.find(b"\n", start) + 1
            if start == 0:
                return -1
        end = data.find(b"\n", start)
        raw = data[start:end if end >= 0 else len(data)]
        text = raw.decode("utf-8", "surrogateescape")
        if not 1 <= col <= len(text):
            return -1
        return self.command(start + len(encode(text[:col - 1], "")))


def parse(text: str, filename: str, given: dict) -> Program:
    """The program in ``text`` with the language options ``given``; :class:`ParseError` for the
    first unmatched bracket in source order (rule 13)."""
    data = encode(text, filename)
    code = data.translate(None, _NOT_COMMANDS)
    match = [-1] * len(code)
    open_: list[int] = []
    for found in _BRACKETS.finditer(code):
        i = found.start()
        if code[i] == 91:
            open_.append(i)
        elif open_:
            j = open_.pop()
            match[i], match[j] = j, i
        else:
            raise ParseError([_unmatched(data, code, filename, i, "]", match)])
    program = Program(filename, text, data, code, match, options_of(given))
    if open_:
        raise ParseError([_unmatched(data, code, filename, open_[0], "[", match)])
    return program


def _unmatched(data: bytes, code: bytes, filename: str, i: int, bracket: str, match: list[int]) -> Diagnostic:
    """Rule 13's error for the unmatched ``bracket`` at command ``i``: its line and column count
    characters (UTF-8 code points), or bytes if the file is not valid UTF-8."""
    program = Program(filename, "", data, code, match, Options())
    offset = program.offset(i)
    try:
        data.decode("utf-8")
        line, col = program.position(offset)
    except UnicodeDecodeError:
        start = data.rfind(b"\n", 0, offset) + 1
        line, col = data.count(b"\n", 0, start) + 1, offset - start + 1
    return Diagnostic(filename, line, col, f"unmatched {bracket}", "error", line, col + 1)
