"""Read a Hexagony source into its hexagon (spec `hexagony.md` S1–S6).

The file is UTF-8 (S1: :func:`decode` is strict, and keeps a leading BOM, which is a command
like any other character, as in the reference).  ASCII whitespace is deleted (S2), then the
backticks, each marking the command after it (S3); the code points left fill the smallest
hexagon that holds them, row by row, padded with ``.`` (S4, S5).  Every cell is pre-decoded
into an opcode and a parameter (:mod:`.commands`).  Hexagony has no syntax errors.
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections.abc import Sequence
from functools import cached_property
from typing import NamedTuple

from ..base import Diagnostic, Span, plural
from ..integers import DEFAULT_BITS, bits_of
from .commands import decode as decode_command
from .hexagon import Hexagon, cells_of, hexagon, side

CHUNK = 1 << 16  # characters one substitution reads (parse)
WHITESPACE = frozenset(" \t\n\r\x0b\x0c")  # S2: these six, and nothing else


class Program(NamedTuple):
    """A parsed Hexagony program.

    ``cells`` holds each cell's character, row by row (``.`` for padding), as one string;
    ``code`` how many of them the source wrote (the rest is padding); ``spans`` where each
    cell's character is written in the source (``None`` for padding: :class:`Spans`); ``marks`` the indices of the cells a backtick
    marks (S3), sorted; ``ops`` and ``params`` each cell's opcode and parameter."""

    filename: str
    source: str
    size: int
    cells: str
    code: int
    spans: Spans
    marks: tuple[int, ...]
    ops: list[int]
    params: list[int]
    warnings: tuple[Diagnostic, ...] = ()  # the side note (information)
    bits: int = DEFAULT_BITS  # the bound on an edge's size (--max-int-bits: ..integers)

    @property
    def hexagon(self) -> Hexagon:
        return hexagon(self.size)


def decode(data: bytes, filename: str) -> str:
    """A program file's text: strict UTF-8 (S1: anything else is an error, exit 2), a leading
    BOM kept (U+FEFF is a command setting the edge to 65279, as the reference reads it)."""
    return data.decode("utf-8")


def encode(text: str, filename: str) -> bytes:
    return text.encode("utf-8")


def parse(text: str, filename: str, options: dict | None = None) -> Program:
    """The program in ``text`` (never fails: every text is a Hexagony program).

    Made for 5 MB programs: the code is the text less whitespace and backticks (one C-level
    substitution), the opcodes and parameters of ASCII code are two byte translations, and where
    each character is written (:class:`Spans`) is found only when first asked."""
    # (64 KB at a time: a request thread of the debugger's gets its turn between two)
    code = "".join([_DROPPED.sub("", text[i:i + CHUNK]) for i in range(0, len(text), CHUNK)])
    n = side(len(code))
    total = cells_of(n)
    cells = code + "." * (total - len(code))
    spans = Spans(text, len(code), total)
    marks: tuple[int, ...] = ()
    if "`" in text:  # S3: each backtick marks the next command (the first padding cell at the very end)
        marked, k, before = set(), 0, 0
        for m in re.finditer("`", text):  # k: the code characters before it, counted from the last one on
            k += len(_DROPPED.sub("", text[before:m.start()]))
            before = m.start()
            marked.add(k)
        marks = tuple(sorted(marked - ({len(code)} if len(code) >= total else set())))
    # Each ASCII cell by two byte translations; the others (U+0080 on: a letter or a no-op) one by one.
    data = cells.encode("ascii", "replace")  # one byte a cell, '?' for each other
    ops, params = list(data.translate(_OP_BYTES)), list(data.translate(_PARAM_BYTES))
    if not cells.isascii():
        for m in _WIDE.finditer(cells):
            ops[m.start()], params[m.start()] = decode_command(m.group())
    return Program(filename, text, n, cells, len(code), spans, marks, ops, params,
                   (side_note(filename, n, len(code)),), bits_of(options))


_DROPPED = re.compile("[ \t\n\r\x0b\x0c`]")  # S2's six whitespace characters, and S3's backtick
_KEPT = re.compile("[^ \t\n\r\x0b\x0c`]")
_UNCOUNTED = b" \t\r\x0b\x0c`" + bytes(range(0x80, 0xC0))  # dropped but newlines, and UTF-8's continuation bytes
_WIDE = re.compile("[^\x00-\x7f]")  # a character no ASCII byte is
_OP_BYTES = bytes(decode_command(chr(c))[0] for c in range(256))  # by ASCII code: its opcode
_PARAM_BYTES = bytes(decode_command(chr(c))[1] % 256 for c in range(256))  # and its parameter (< 128 for ASCII)


class Spans(Sequence):
    """Where each cell's character is written in the source (:class:`Span`, 1-based, columns in
    characters), ``None`` for the padding: a sequence indexed like the cells, whose offsets are
    found the first time one is asked for (``exec`` of a program that halts asks none)."""

    def __init__(self, text: str, code: int, total: int) -> None:
        self.text, self.code, self.total = text, code, total
        self._on_line: dict[int, array] = {}  # line (0-based) -> the offsets of its code characters

    @cached_property
    def offsets(self) -> array:
        """The offset in the text of each code character, in order."""
        return array("q", (m.start() for m in _KEPT.finditer(self.text)))

    @cached_property
    def _lines(self) -> array:
        """The offset at which each line of the text begins."""
        return array("q", [0] + [m.end() for m in re.finditer("\n", self.text)])

    @cached_property
    def before(self) -> array:
        """How many code characters the text holds before each line (0-based): its UTF-8 with
        only the code's first bytes and the newlines left (one byte translation), where the
        newline ending line i has the code of lines 0 … i and i newlines before it."""
        kept = self.text.encode("utf-8", "surrogatepass").translate(None, _UNCOUNTED)
        return array("q", [0] + [m.start() - i for i, m in enumerate(re.finditer(b"\n", kept))])

    def line_end(self, i: int) -> int:
        """Where line ``i`` (0-based) ends in the text (its newline, if any, included)."""
        lines = self._lines
        return lines[i + 1] if i + 1 < len(lines) else len(self.text)

    def on_line(self, i: int) -> array:
        """The offsets of line ``i``'s code characters (0-based), found once a line."""
        found = self._on_line.get(i)
        if found is None:
            found = self._on_line[i] = array("q", (m.start() for m in
                                                   _KEPT.finditer(self.text, self._lines[i], self.line_end(i))))
        return found

    def line_of(self, k: int) -> int:
        """The line (0-based) code character ``k`` is written on."""
        return bisect.bisect_right(self.before, k) - 1

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(self.total))]
        if k < 0:
            k += self.total
        if not 0 <= k < self.total:
            raise IndexError(k)
        if k >= self.code:
            return None  # the padding
        if "offsets" in self.__dict__:  # every offset found already (a backtick's marks)
            offset = self.offsets[k]
            line = bisect.bisect_right(self._lines, offset)
        else:  # the line's only: a 1 MB program's first span needs no pass over the whole text
            i = self.line_of(k)
            offset, line = self.on_line(i)[k - self.before[i]], i + 1
        col = offset - self._lines[line - 1] + 1
        return Span(line, col, line, col + 1)


def side_note(filename: str, size: int, code: int) -> Diagnostic:
    """Information for editors (severity ``information``: ``exec`` and ``run`` leave it out):
    the hexagon's side and how full the source makes it."""
    total = cells_of(size)
    message = (f"a hexagon of side {size}: {plural(total, 'cell')}, {code} from the source "
               f"({100 * code // total} %), {total - code} of padding '.'")
    if size > 1:
        message += f"; side {size - 1} holds {cells_of(size - 1)}"
    return Diagnostic(filename, 1, 1, message, "information")
