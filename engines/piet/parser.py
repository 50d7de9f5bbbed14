"""Read a Piet program into codels, colour blocks and exits (spec `piet.md`, F1–F7, M2).

A picture's bytes reach :func:`parse` as text (:func:`decode` reads a picture file as Latin-1, so
every byte is one character and :func:`parse` gets the bytes back exactly); ascii-piet text
(F5) is read as it is.  The decoder is chosen by content (F1): the PNG signature, ``GIF8``
(both through Pillow), ``P6``/``P3`` (our PPM reader, F3); anything else named ``.png``,
``.gif`` or ``.ppm`` is no picture (exit 2), and any other file is ascii-piet.

A codel is a colour number (:data:`WHITE`, :data:`BLACK`, or ``hue * 3 + lightness`` with hue
0–5 red…magenta and lightness 0 light, 1 normal, 2 dark).  The codels are ``width × height``,
codel ``(x, y)`` at ``y * width + x``.  Colour blocks (M2) are found once, by a flood fill, with
each block's size and, for each of the eight (DP, CC) pairs, its exit codel and the codel next
to it (T2) — so a step of the machine looks its move up instead of walking the block.
"""

from __future__ import annotations

import io
from typing import NamedTuple

from ..base import Diagnostic, ParseError

WHITE = 18
BLACK = 19
HUES = ("red", "yellow", "green", "cyan", "blue", "magenta")
LIGHTS = ("light", "normal", "dark")
# F4: the 20 colours, by RGB
RGB = (0xFFC0C0, 0xFF0000, 0xC00000, 0xFFFFC0, 0xFFFF00, 0xC0C000, 0xC0FFC0, 0x00FF00, 0x00C000,
       0xC0FFFF, 0x00FFFF, 0x00C0C0, 0xC0C0FF, 0x0000FF, 0x0000C0, 0xFFC0FF, 0xFF00FF, 0xC000C0,
       0xFFFFFF, 0x000000)
COLOUR_OF = {rgb: i for i, rgb in enumerate(RGB)}
# F5: ascii-piet letters, by colour number (the lower-case form; upper case ends a row)
LETTERS = "tldvnfrjbskcqiaume? "
UPPER = "TLDVNFRJBSKCQIAUME_@"
LETTER_OF = {ch: i for i, ch in enumerate(LETTERS)} | {ch: i for i, ch in enumerate(UPPER)}
PICTURES = (".png", ".gif", ".ppm")
TEXTS = (".apiet", ".ascii-piet")
# DP: 0 right, 1 down, 2 left, 3 up (clockwise); CC: 0 left, 1 right
DX = (1, 0, -1, 0)
DY = (0, 1, 0, -1)


def colour_name(c: int) -> str:
    """``dark red``, ``red`` (normal), ``white``, ``black``."""
    if c == WHITE:
        return "white"
    if c == BLACK:
        return "black"
    light = c % 3
    return ("light " if light == 0 else "" if light == 1 else "dark ") + HUES[c // 3]


class Program(NamedTuple):
    """A parsed Piet program (module docstring).  ``blocks`` per codel: its block's number, or −1
    (white, black); per block: ``colours``, ``sizes``, ``firsts`` (its first codel in reading
    order); per block and (DP, CC) at ``b * 8 + dp * 2 + cc``: ``exits`` (the exit codel) and
    ``nexts`` (the codel next to it in DP's direction, −1 off the picture).  ``unknown``: the
    codels whose pixel was no Piet colour (read as white or black, F4); ``codel_size`` and
    whether it was ``guessed`` (F6); ``kind``: ``png``, ``gif``, ``ppm`` or ``ascii-piet``."""

    filename: str
    source: str
    width: int
    height: int
    codels: tuple[int, ...]
    blocks: tuple[int, ...]
    colours: tuple[int, ...]
    sizes: tuple[int, ...]
    firsts: tuple[int, ...]
    exits: tuple[int, ...]
    nexts: tuple[int, ...]
    unknown: frozenset[int]
    codel_size: int
    guessed: bool
    kind: str
    options: dict
    warnings: tuple[Diagnostic, ...] = ()
    members: tuple[tuple[int, ...], ...] = ()  # the codels of each block, in reading order

    def colour(self, x: int, y: int) -> int:
        """The colour of codel ``(x, y)``; :data:`BLACK` off the picture."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.codels[y * self.width + x]
        return BLACK

    def ascii(self) -> str:
        """The codels as ascii-piet, a line a row (F5)."""
        w = self.width
        rows = []
        for y in range(self.height):
            row = self.codels[y * w:(y + 1) * w]
            rows.append("".join(LETTERS[c] for c in row[:-1]) + ("@" if row[-1] == BLACK else LETTERS[row[-1]]) + "\n")
        return "".join(rows)


def decode(data: bytes, filename: str) -> str:
    """The program file's text: ascii-piet files as UTF-8 (F5 refuses anything not ASCII in
    :func:`parse`), every other file as Latin-1 — a byte a character, so a picture's bytes come
    back exactly."""
    if filename.lower().endswith(TEXTS) and not _is_picture(data):
        return data.decode("utf-8")
    return data.decode("latin-1")


def encode(text: str, filename: str) -> bytes:
    """The bytes :func:`decode` read ``text`` from."""
    if filename.lower().endswith(TEXTS):
        return text.encode("utf-8")
    return text.encode("latin-1")


def _is_picture(data: bytes) -> bool:
    return data[:8] == b"\x89PNG\r\n\x1a\n" or data[:4] == b"GIF8" or data[:2] in (b"P6", b"P3")


def _fail(filename: str, message: str, line: int = 1, col: int = 1) -> ParseError:
    return ParseError([Diagnostic(filename, line, col, message)])


# ----- pictures ------------------------------------------------------------------------------------
def read_pillow(data: bytes, filename: str) -> tuple[int, int, list[int]]:
    """A PNG or GIF's pixels as RGB integers (F2): Pillow decodes; palettes expanded, alpha
    dropped (not blended), 16-bit samples cut to their high byte, grey read as grey RGB."""
    from PIL import Image

    try:
        image = Image.open(io.BytesIO(data))
        image.seek(0)
        image.load()
    except Exception as error:  # Pillow's errors for broken files are many kinds
        raise _fail(filename, f"cannot read the picture: {error}") from None
    w, h = image.size
    mode = image.mode
    if mode in ("I;16", "I;16B", "I;16L", "I"):  # 16-bit grey: the high byte (F2)
        values = list(image.getdata())
        pixels = [((v >> 8) & 255) * 0x10101 for v in values] if mode != "I" or max(values, default=0) > 255 \
            else [(v & 255) * 0x10101 for v in values]
        return w, h, pixels
    if mode != "RGB":
        image = image.convert("RGBA").convert("RGB") if mode in ("P", "PA") else image.convert("RGB")
    raw = image.tobytes()
    return w, h, [raw[i] << 16 | raw[i + 1] << 8 | raw[i + 2] for i in range(0, len(raw), 3)]


def read_ppm(data: bytes, filename: str) -> tuple[int, int, list[int]]:
    """A ``P6`` or ``P3`` PPM (F3): netpbm header with comments; a maxval other than 255 is
    scaled to 0–255, ``round(v·255/maxval)``."""
    binary = data[:2] == b"P6"
    pos = 2
    fields: list[int] = []
    while len(fields) < 3:
        while pos < len(data) and (data[pos] in b" \t\r\n\x0b\x0c" or data[pos] == 35):
            if data[pos] == 35:  # a comment to the line's end
                while pos < len(data) and data[pos] not in b"\r\n":
                    pos += 1
            else:
                pos += 1
        start = pos
        while pos < len(data) and 48 <= data[pos] <= 57:
            pos += 1
        if start == pos:
            raise _fail(filename, "not a PPM picture: its header needs width, height and maxval")
        fields.append(int(data[start:pos]))
    w, h, maxval = fields
    if w <= 0 or h <= 0:
        raise _fail(filename, "the picture is empty (no pixels)")
    if not 1 <= maxval <= 65535:
        raise _fail(filename, f"bad PPM maxval {maxval} (1–65535)")
    n = w * h * 3
    if binary:
        pos += 1  # one whitespace byte after maxval
        size = 2 if maxval > 255 else 1
        body = data[pos:pos + n * size]
        if len(body) < n * size:
            raise _fail(filename, f"the PPM picture is cut short: {w}×{h} pixels need {n * size} bytes, "
                                  f"it has {len(body)}")
        samples = list(body) if size == 1 else [body[i] << 8 | body[i + 1] for i in range(0, n * 2, 2)]
    else:
        words = data[pos:].split()
        if len(words) < n or not all(word.isdigit() for word in words[:n]):
            raise _fail(filename, f"the plain PPM picture is cut short or has a sample that is no number "
                                  f"({w}×{h} pixels need {n} samples)")
        samples = [int(word) for word in words[:n]]
        if any(s > maxval for s in samples):
            raise _fail(filename, f"a PPM sample is above maxval {maxval}")
    if maxval != 255:
        samples = [(s * 255 * 2 + maxval) // (2 * maxval) for s in samples]  # round half up
    return w, h, [samples[i] << 16 | samples[i + 1] << 8 | samples[i + 2] for i in range(0, n, 3)]


def guess_codel_size(w: int, h: int, colours: list[int]) -> int:
    """F6: the length of the shortest run of equal colours along any pixel row or column (a run
    ends at the picture's edge too)."""
    best = w + 1
    for y in range(h):
        row = colours[y * w:(y + 1) * w]
        start = 0
        for x in range(1, w):
            if row[x] != row[x - 1]:
                best = min(best, x - start)
                start = x
        best = min(best, w - start)
    for x in range(w):
        start = 0
        prev = colours[x]
        for y in range(1, h):
            c = colours[y * w + x]
            if c != prev:
                best = min(best, y - start)
                start = y
                prev = c
        best = min(best, h - start)
    return best


def picture_codels(data: bytes, filename: str, options: dict) -> tuple[int, int, list[int], frozenset[int], int, bool, str]:
    """The codels of a picture file: width, height, colours, the unknown ones, codel size,
    guessed, kind (F1–F4, F6)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" or data[:4] == b"GIF8":
        kind = "png" if data[:1] == b"\x89" else "gif"
        w, h, pixels = read_pillow(data, filename)
    else:
        kind = "ppm"
        w, h, pixels = read_ppm(data, filename)
    if w <= 0 or h <= 0:
        raise _fail(filename, "the picture is empty (no pixels)")
    unknown_as = options.get("unknown_colour") or "white"
    colours = []
    unknown_pixels = set()
    for i, rgb in enumerate(pixels):
        c = COLOUR_OF.get(rgb)
        if c is None:
            if unknown_as == "error":
                raise _fail(filename, f"pixel ({i % w}, {i // w}) has the colour #{rgb:06X}, which is no Piet colour "
                                      "(--unknown-colour error; white or black read it as that colour)")
            c = BLACK if unknown_as == "black" else WHITE
            unknown_pixels.add(i)
        colours.append(c)
    given = options.get("codel_size")
    size = given if given is not None else guess_codel_size(w, h, colours)
    if size < 1 or w % size or h % size:
        how = "given" if given is not None else "guessed"
        raise _fail(filename, f"the codel size {size} ({how}) does not divide the picture's {w}×{h} pixels"
                    + ("" if given is not None else "; give one with --codel-size N"))
    cw, ch = w // size, h // size
    codels = [colours[(y * size) * w + x * size] for y in range(ch) for x in range(cw)]
    unknown = frozenset(y * cw + x for y in range(ch) for x in range(cw) if (y * size) * w + x * size in unknown_pixels)
    return cw, ch, codels, unknown, size, given is None, kind


def ascii_codels(text: str, filename: str) -> tuple[int, int, list[int]]:
    """F5: ascii-piet's codels; rows end at an upper-case letter or a line end, empty lines are
    skipped, short rows padded with black."""
    rows: list[list[int]] = []
    row: list[int] = []
    line, col = 1, 0
    ended = False  # the row just ended at an upper-case letter
    for ch in text:
        col += 1
        if ch == "\n":
            if row:
                rows.append(row)
            elif not ended:
                pass  # an empty line is skipped
            row, line, col, ended = [], line + 1, 0, False
            continue
        if ch == "\r":
            continue
        c = LETTER_OF.get(ch)
        if c is None:
            shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
            raise _fail(filename, f"{shown} is no ascii-piet codel (letters t l d v n f r j b s k c q i a u m e, "
                                  "? white, space black, upper case ends a row)", line, col)
        row.append(c)
        ended = False
        if ch in UPPER:
            rows.append(row)
            row, ended = [], True
    if row:
        rows.append(row)
    if not rows:
        raise _fail(filename, "an ascii-piet program needs at least one codel")
    w = max(len(r) for r in rows)
    codels = [c for r in rows for c in r + [BLACK] * (w - len(r))]
    return w, len(rows), codels


# ----- blocks ------------------------------------------------------------------------------------
def find_blocks(w: int, h: int, codels: list[int]) -> tuple[list[int], list[int], list[int], list[int],
                                                             list[int], list[int], list[tuple[int, ...]]]:
    """M2 and T2: the block of every codel, each block's colour, size and first codel, and its
    eight exit codels and their neighbours, by (DP, CC)."""
    blocks = [-1] * (w * h)
    colours: list[int] = []
    sizes: list[int] = []
    firsts: list[int] = []
    exits: list[int] = []
    nexts: list[int] = []
    groups: list[tuple[int, ...]] = []
    for start in range(w * h):
        c = codels[start]
        if c >= WHITE or blocks[start] >= 0:
            continue
        b = len(colours)
        blocks[start] = b
        todo = [start]
        members = []
        while todo:
            i = todo.pop()
            members.append(i)
            x, y = i % w, i // w
            for j, ok in ((i - 1, x > 0), (i + 1, x < w - 1), (i - w, y > 0), (i + w, y < h - 1)):
                if ok and blocks[j] < 0 and codels[j] == c:
                    blocks[j] = b
                    todo.append(j)
        colours.append(c)
        groups.append(tuple(sorted(members)))
        sizes.append(len(members))
        firsts.append(start)
        xs = [i % w for i in members]
        ys = [i // w for i in members]
        for dp in range(4):
            for cc in range(2):
                # the codels furthest in DP, then the one furthest toward CC's side (T2)
                if dp == 0:
                    edge = max(xs)
                    line = [y for x, y in zip(xs, ys) if x == edge]
                    ex, ey = edge, (min(line) if cc == 0 else max(line))
                elif dp == 1:
                    edge = max(ys)
                    line = [x for x, y in zip(xs, ys) if y == edge]
                    ex, ey = (max(line) if cc == 0 else min(line)), edge
                elif dp == 2:
                    edge = min(xs)
                    line = [y for x, y in zip(xs, ys) if x == edge]
                    ex, ey = edge, (max(line) if cc == 0 else min(line))
                else:
                    edge = min(ys)
                    line = [x for x, y in zip(xs, ys) if y == edge]
                    ex, ey = (min(line) if cc == 0 else max(line)), edge
                exits.append(ey * w + ex)
                nx, ny = ex + DX[dp], ey + DY[dp]
                nexts.append(ny * w + nx if 0 <= nx < w and 0 <= ny < h else -1)
    return blocks, colours, sizes, firsts, exits, nexts, groups


def parse(text: str, filename: str, options: dict) -> Program:
    """The program in ``text`` (module docstring); :class:`ParseError` for a file that is no
    picture or no ascii-piet (F1–F6)."""
    name = filename.lower()
    data = text.encode("latin-1") if all(ord(ch) < 256 for ch in text) else b""
    if data and _is_picture(data):
        w, h, codels, unknown, size, guessed, kind = picture_codels(data, filename, options)
        source = ""
    elif name.endswith(PICTURES):
        raise _fail(filename, "not a picture esodbg reads: a PNG, a GIF, or a P6 or P3 PPM, found by its content")
    else:
        if options.get("codel_size") is not None:
            raise _fail(filename, "--codel-size is for pictures: an ascii-piet codel is one character (F5)")
        w, h, codels = ascii_codels(text, filename)
        unknown, size, guessed, kind = frozenset(), 1, False, "ascii-piet"
        source = text
    blocks, colours, sizes, firsts, exits, nexts, groups = find_blocks(w, h, codels)
    program = Program(filename, source, w, h, tuple(codels), tuple(blocks), tuple(colours), tuple(sizes),
                      tuple(firsts), tuple(exits), tuple(nexts), unknown, size, guessed, kind, options,
                      members=tuple(groups))
    if kind != "ascii-piet":
        program = program._replace(source=program.ascii())
    return program
