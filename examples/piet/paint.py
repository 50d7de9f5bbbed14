"""Paint Piet programs from a list of commands (ours: esodbg's examples are made by this script).

    python examples/piet/paint.py            # writes every example below as .png and .apiet

A program is a strip of colour blocks, left to right, H codels high: each block fills whole
columns top down (so its exit with DP right and CC left is the top codel of its rightmost
column, in row 0), and each next block's colour is the change that runs the command.
``("size", N)`` makes the next block N codels (before a ``push``, the value pushed); ``("white", K)`` puts K white codels in row 0
(crossed without a command). The strip ends in a trap: two white codels, then a block of three
codels whose every exit faces black (T4), so the program ends.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAMES = ("none", "push", "pop", "add", "subtract", "multiply", "divide", "mod", "not", "greater",
         "pointer", "switch", "duplicate", "roll", "in_number", "in_char", "out_number", "out_char")
RGB = (0xFFC0C0, 0xFF0000, 0xC00000, 0xFFFFC0, 0xFFFF00, 0xC0C000, 0xC0FFC0, 0x00FF00, 0x00C000,
       0xC0FFFF, 0x00FFFF, 0x00C0C0, 0xC0C0FF, 0x0000FF, 0x0000C0, 0xFFC0FF, 0xFF00FF, 0xC000C0,
       0xFFFFFF, 0x000000)
LETTERS = "tldvnfrjbskcqiaume? "
WHITE, BLACK = 18, 19


def next_colour(c: int, command: str) -> int:
    """The colour after ``c`` whose change runs ``command`` (C1)."""
    k = NAMES.index(command)
    hue, light = k // 3, k % 3
    return ((c // 3 + hue) % 6) * 3 + (c % 3 + light) % 3


def strip(ops: list, height: int = 3) -> list[list[int]]:
    """The codels (rows of colour numbers) of the program ``ops`` (module docstring)."""
    columns: list[list[int]] = []  # each a column of ``height`` codels
    colour = 1  # red

    def block(c: int, n: int) -> None:
        full, part = divmod(n, height)
        for _ in range(full):
            columns.append([c] * height)
        if part:
            columns.append([c] * part + [BLACK] * (height - part))

    pending = 1  # the size of the block being painted
    for op in ops:
        name, arg = (op, None) if isinstance(op, str) else op
        if name == "size":
            pending = arg
            continue
        if name == "white":
            block(colour, pending)
            for _ in range(arg):
                columns.append([WHITE] + [BLACK] * (height - 1))
            pending = 1
            continue
        block(colour, pending)
        colour = next_colour(colour, name)
        pending = 1
    block(colour, pending)
    # the trap: two white codels, then a block of three codels every exit of which faces black
    columns.append([WHITE] + [BLACK] * (height - 1))
    columns.append([WHITE, 2] + [BLACK] * (height - 2))
    columns.append([2, 2] + [BLACK] * (height - 2))
    columns.append([BLACK] * height)
    return [[col[y] for col in columns] for y in range(height)]


def push_ops(n: int) -> list:
    """Push ``n`` (≥ 1): a block of n codels, then push."""
    return [("size", n), "push"]


def text_ops(text: str) -> list:
    """Print ``text``: each byte pushed as a sum of pushes of at most 30, then out(char)."""
    ops: list = []
    for ch in text.encode():
        first = min(ch, 30)
        ops += push_ops(first)
        rest = ch - first
        while rest:
            k = min(rest, 30)
            ops += push_ops(k) + ["add"]
            rest -= k
        ops.append("out_char")
    return ops


def write(name: str, codels: list[list[int]], scale: int = 8) -> None:
    """``name.png`` (``scale`` pixels a codel) and ``name.apiet``."""
    from PIL import Image

    h, w = len(codels), len(codels[0])
    image = Image.new("RGB", (w * scale, h * scale))
    pixels = image.load()
    for y in range(h * scale):
        for x in range(w * scale):
            rgb = RGB[codels[y // scale][x // scale]]
            pixels[x, y] = (rgb >> 16, rgb >> 8 & 255, rgb & 255)
    image.save(HERE / f"{name}.png")
    lines = []
    for row in codels:
        line = "".join(LETTERS[c] for c in row[:-1]) + ("@" if row[-1] == BLACK else LETTERS[row[-1]])
        lines.append(line)
    (HERE / f"{name}.apiet").write_text("\n".join(lines) + "\n")


def countdown(n: int) -> list[list[int]]:
    """A loop with white slides: prints n, n−1, …, 1 (no separator) and ends.  Row 0 holds a block
    of n codels (push n) and the loop's blocks L0…L9 (duplicate, out(number), push 1, subtract,
    duplicate, not, pointer, duplicate, pop); past L9 the edge turns the DP down a white column,
    the IP stops in white at the bottom, turns left and slides along the bottom row to a block R,
    which turns it up a white column into L0 again.  When the count reaches 0, pointer turns the DP
    down at L7: a white slide into a trap of three codels, and the program ends."""
    loop = ["duplicate", "out_number", "push", "subtract", "duplicate", "not", "pointer", "duplicate", "pop"]
    x0 = n
    width, height = x0 + len(loop) + 1, 6
    grid = [[BLACK] * width for _ in range(height)]
    for x in range(n):
        grid[0][x] = 1  # red, n codels: push n
    colour = next_colour(1, "push")
    grid[0][x0] = colour
    for i, command in enumerate(loop):
        colour = next_colour(colour, command)
        grid[0][x0 + 1 + i] = colour
    xk = width - 1
    for y in range(1, height):
        grid[y][xk] = WHITE  # down the right edge
    for x in range(x0 + 1, xk):
        grid[height - 1][x] = WHITE  # back along the bottom
    grid[height - 1][x0] = 13  # R: blue, turns the IP up
    for y in range(1, height - 1):
        grid[y][x0] = WHITE  # up into L0
    xp = x0 + 7  # L7, where pointer turns the DP down when the count is 0
    grid[1][xp] = grid[2][xp] = WHITE
    grid[3][xp] = grid[3][xp - 1] = grid[2][xp - 1] = 16  # the trap: magenta
    return grid


def big(text: str = "Zoom!\n", rows: int = 40) -> list[list[int]]:
    """A picture too big to show at two columns a codel (the tests' zoomed-out board): the program
    that prints ``text``, then a black row, then ``rows`` rows of colour blocks in diagonal bands
    crossed by white lines, which the IP never reaches (the black row walls them off)."""
    top = strip(text_ops(text))
    width = len(top[0])
    band = [[WHITE if (x + 2 * y) % 29 == 0 else (x // 6 + y // 4) % 18 for x in range(width)] for y in range(rows)]
    return top + [[BLACK] * width] + band


EXAMPLES = {
    # prints "Hi!\n"
    "hello": text_ops("Hi!\n"),
    # counts: prints 1 2 3 4 5, each number made from the one before by push 1, add
    "counter": push_ops(1) + ["duplicate", "out_number"] + text_ops(" ")
    + sum(([*push_ops(1), "add", "duplicate", "out_number", *text_ops(" ")] for _ in range(4)), [])
    + push_ops(10) + ["out_char"],
    # reads a number and prints its square: in(number), duplicate, multiply, out(number)
    "square": ["in_number", "duplicate", "multiply", "out_number"] + text_ops("\n"),
    # reads a character and prints it twice, crossing white between
    "echo": ["in_char", "duplicate", ("white", 3), "out_char", ("white", 2), "out_char"] + text_ops("\n"),
}


def main() -> int:
    for name, ops in EXAMPLES.items():
        write(name, strip(ops))
    write("countdown", countdown(5))
    return 0


if __name__ == "__main__":
    sys.exit(main())
