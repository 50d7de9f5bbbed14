"""Write Brainfuck programs of our own from small Python descriptions: the benchmark's Mandelbrot
renderer (``benchmarks/programs/mandelbrot.b``) and the rot13 example (``examples/brainfuck/rot13.b``).

    .venv/bin/python benchmarks/bfgen.py mandelbrot > benchmarks/programs/mandelbrot.b
    .venv/bin/python benchmarks/bfgen.py rot13 > examples/brainfuck/rot13.b

:class:`Gen` is a small assembler over 8-bit cells: named cells, the pointer moved between them,
loops and conditionals on a cell, copies through scratch cells, and comments (any text, with the
eight command characters spelled out so that a comment stays a comment).  Its output runs under
the default options (8-bit cells that wrap, ``--eof keep``).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager

SPELLED = {"+": " plus ", "-": " minus ", "<": " lt ", ">": " gt ", "[": "(", "]": ")", ".": " ", ",": " "}


class Gen:
    """Brainfuck code being written: ``cells`` hands out cells (and takes scratch ones back),
    ``at`` moves the pointer, the rest write commands at named cells."""

    def __init__(self) -> None:
        self.code: list[str] = []
        self.ptr = 0
        self.used: set[int] = set()

    # ----- cells and the pointer ----------------------------------------------------------------
    def cell(self) -> int:
        """A free cell (holding 0), the lowest."""
        c = 0
        while c in self.used:
            c += 1
        self.used.add(c)
        return c

    def cells(self, n: int) -> list[int]:
        return [self.cell() for _ in range(n)]

    def free(self, *cells: int) -> None:
        """Give back scratch cells (each must hold 0 again)."""
        self.used.difference_update(cells)

    def at(self, c: int) -> None:
        self.code.append(">" * (c - self.ptr) if c > self.ptr else "<" * (self.ptr - c))
        self.ptr = c

    def emit(self, text: str) -> None:
        self.code.append(text)

    def comment(self, text: str) -> None:
        """A comment on a line of its own."""
        self.code.append("\n" + "".join(SPELLED.get(ch, ch) for ch in text) + "\n")

    def text(self) -> str:
        lines, line = [], ""
        for piece in "".join(self.code).split("\n"):
            if not piece:
                continue
            if any(ch in "+-<>[].," for ch in piece):  # code: wrapped at 100 columns
                for ch in piece:
                    line += ch
                    if len(line) >= 100:
                        lines.append(line)
                        line = ""
            else:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(piece.strip())
        if line:
            lines.append(line)
        return "\n".join(lines) + "\n"

    def tcell(self) -> int:
        """A *testable* cell ``x``: three cells ``x``, ``x+1`` (held at 1) and ``x+2`` (held at 0),
        which :meth:`if_zero` and :meth:`if_else` need to test ``x`` in a few steps."""
        x = 0
        while {x, x + 1, x + 2} & self.used:
            x += 1
        self.used.update((x, x + 1, x + 2))
        self.add(x + 1, 1)
        return x

    def tfree(self, *cells: int) -> None:
        """Give back testable cells (each holding 0 again)."""
        for x in cells:
            self.add(x + 1, -1)
            self.used.difference_update((x, x + 1, x + 2))

    # ----- values ---------------------------------------------------------------------------------
    def add(self, c: int, n: int) -> None:
        n %= 256
        self.at(c)
        self.emit("+" * n if n <= 128 else "-" * (256 - n))

    def clear(self, c: int) -> None:
        self.at(c)
        self.emit("[-]")

    def set(self, c: int, n: int) -> None:
        self.clear(c)
        self.add(c, n)

    def move(self, src: int, *targets: tuple[int, int]) -> None:
        """``target += factor · src`` for each ``(target, factor)``; ``src`` becomes 0."""
        self.at(src)
        self.emit("[-")
        for target, factor in targets:
            self.add(target, factor)
        self.at(src)
        self.emit("]")

    def copy(self, src: int, *targets: int) -> None:
        """``target += src`` for each target; ``src`` keeps its value (through a scratch cell)."""
        t = self.cell()
        self.move(src, *((target, 1) for target in targets), (t, 1))
        self.move(t, (src, 1))
        self.free(t)

    # ----- control ------------------------------------------------------------------------------------
    @contextmanager
    def loop(self, c: int):
        """While ``c`` is not 0 (the body must leave the pointer anywhere: it comes back)."""
        self.at(c)
        self.emit("[")
        yield
        self.at(c)
        self.emit("]")

    @contextmanager
    def when(self, flag: int):
        """If ``flag`` is not 0 (it is cleared: a scratch flag)."""
        with self.loop(flag):
            yield
            self.clear(flag)

    @contextmanager
    def unless(self, flag: int):
        """If ``flag`` is 0; ``flag`` is cleared."""
        other = self.cell()
        self.add(other, 1)
        with self.when(flag):
            self.clear(other)
        with self.when(other):
            yield
        self.free(other)

    def if_else(self, x: int, nonzero, zero) -> None:
        """Branch on the testable cell ``x`` (:meth:`tcell`) in O(1), keeping it: ``nonzero()``
        writes the code run when ``x`` is not 0, ``zero()`` the code run when it is.  The idiom
        ``[N>-]>[-Z>]<+<`` (``x+1`` at 1, ``x+2`` at 0): a nonzero ``x`` runs N and clears the
        flag, the pointer left on ``x+2``; a zero one reaches the flag and runs Z, ending on
        ``x+2`` too; then the flag is set back."""
        self.at(x)
        self.emit("[")
        nonzero()
        self.at(x)
        self.emit(">-]>[-")
        self.ptr = x + 1
        zero()
        self.at(x + 1)
        self.emit(">]<+<")
        self.ptr = x

    @contextmanager
    def if_nonzero(self, x: int):
        """If the testable cell ``x`` is not 0 (the body starts and must end at ``x``)."""
        self.at(x)
        self.emit("[")
        yield
        self.at(x)
        self.emit(">-]>[->]<+<")
        self.ptr = x

    @contextmanager
    def if_zero(self, x: int):
        """If the testable cell ``x`` is 0."""
        self.at(x)
        self.emit("[>-]>[-")
        self.ptr = x + 1
        yield
        self.at(x + 1)
        self.emit(">]<+<")
        self.ptr = x

    def is_zero(self, c: int, flag: int) -> None:
        """``flag += 1`` if ``c`` is 0 (``c`` keeps its value)."""
        t = self.cell()
        self.add(flag, 1)
        self.copy(c, t)
        with self.when(t):
            self.add(flag, -1)
        self.free(t)

    def below(self, c: int, n: int, flag: int) -> None:
        """``flag = 1`` if ``c < n`` (unsigned), else 0 (``c`` keeps its value): ``c`` reaches 0
        within ``n`` decrements exactly when it is below ``n``."""
        count, t = self.cell(), self.cell()
        self.clear(flag)
        self.copy(c, t)
        self.add(count, n)
        with self.loop(count):
            self.is_zero(t, flag)
            self.add(t, -1)
            self.add(count, -1)
        self.clear(t)
        self.free(count, t)


# ----- rot13 ---------------------------------------------------------------------------------------
def rot13() -> str:
    g = Gen()
    x, u, letter, low = g.cells(4)
    g.comment("rot13: writes its input with every ASCII letter moved 13 places along the alphabet")
    g.comment("(the other bytes as they are); made by benchmarks/bfgen.py")
    g.comment("cells: 0 the byte   1 its place from A or a   2 3 flags   4 on scratch")
    g.comment("read the first byte (at the end of input the cell stays 0: the loop ends)")
    g.at(x)
    g.emit(",")
    with g.loop(x):
        for base in (65, 97):  # a letter moved stays in its case: the second test never sees it
            g.comment(f"is it a letter from {chr(base)}: its place from {chr(base)} below 26?")
            g.clear(u)
            g.copy(x, u)
            g.add(u, -base)
            g.below(u, 26, letter)
            with g.when(letter):
                g.comment("the first 13 letters move on 13 and the others back 13")
                g.below(u, 13, low)
                g.add(x, -13)
                with g.when(low):
                    g.add(x, 26)
        g.clear(u)
        g.comment("write it; clear the cell; read the next byte")
        g.at(x)
        g.emit(".")
        g.clear(x)
        g.emit(",")
    return g.text()


# ----- the Mandelbrot set --------------------------------------------------------------------------
# Fixed point with S = 32 (1.0 is 32); a number is a sign cell (0 plus, 1 minus) and a magnitude
# cell; products are 16-bit, a low and a high cell.  Escape when |z| reaches 2 (|zr| or |zi| >= 64,
# or zr² + zi² >= 4·32²).
S = 32
WIDTH, HEIGHT, MAX_ITERATIONS = 56, 27, 30
RE0, DRE = -68, 2  # the columns: real parts from -2.125 in steps of 1/16
IM0, DIM = -39, 3  # the rows: imaginary parts from -1.21875 in steps of 3/32
SHADES = ((3, "."), (5, ":"), (7, "-"), (10, "="), (14, "+"), (19, "*"), (25, "%"))  # by escape iteration


class Num:
    """A signed fixed-point number: ``s`` its sign cell, ``m`` its magnitude (a testable cell)."""

    def __init__(self, g: Gen) -> None:
        self.s, self.m = g.cell(), g.tcell()


class Mandelbrot(Gen):
    """The Mandelbrot renderer's macros: 16-bit products and quotients, signed additions, tests."""

    def inc16(self, lo: int, hi: int) -> None:
        """``(hi, lo) += 1``: the carry when ``lo`` wraps to 0 (``lo`` testable)."""
        self.add(lo, 1)
        with self.if_zero(lo):
            self.add(hi, 1)

    def mul(self, a: int, b: int, lo: int, hi: int) -> None:
        """``(hi, lo) = a · b`` (16-bit), ``a`` and ``b`` kept: ``b`` times ``a`` increments."""
        self.clear(lo)
        self.clear(hi)
        i, j = self.cell(), self.cell()
        self.copy(b, i)
        with self.loop(i):
            self.add(i, -1)
            self.copy(a, j)
            with self.loop(j):
                self.add(j, -1)
                self.inc16(lo, hi)
        self.free(i, j)

    def add16(self, lo: int, hi: int, lo2: int, hi2: int) -> None:
        """``(hi, lo) += (hi2, lo2)``, the second kept."""
        self.copy(hi2, hi)
        t = self.cell()
        self.copy(lo2, t)
        with self.loop(t):
            self.add(t, -1)
            self.inc16(lo, hi)
        self.free(t)

    def quotient(self, lo: int, hi: int, d: int, q: int) -> None:
        """``q = (hi, lo) // d`` for d dividing 256 (the number is used up): ``hi · 256/d`` and
        then ``lo`` counted down, ``d`` at a time."""
        self.clear(q)
        self.move(hi, (q, 256 // d))
        c = self.tcell()
        self.add(c, d)
        with self.loop(lo):
            self.add(lo, -1)
            self.add(c, -1)
            with self.if_zero(c):
                self.add(q, 1)
                self.add(c, d)
        self.clear(c)
        self.tfree(c)

    def below_t(self, x: int, n: int, flag: int) -> None:
        """``flag = 1`` if ``x < n`` (unsigned), else 0; ``x`` kept: a copy of ``x`` reaches 0
        within ``n`` decrements exactly when it is below ``n`` (O(1) tests)."""
        t, count = self.tcell(), self.cell()
        self.clear(flag)
        self.copy(x, t)
        self.add(count, n)
        with self.loop(count):
            with self.if_zero(t):
                self.add(flag, 1)
            self.add(t, -1)
            self.add(count, -1)
        self.clear(t)
        self.tfree(t)
        self.free(count)

    def flip(self, s: int) -> None:
        """A sign cell 0 ↔ 1."""
        t = self.cell()
        self.add(t, 1)
        self.move(s, (t, -1))
        self.move(t, (s, 1))
        self.free(t)

    def sadd(self, a: Num, b: Num) -> None:
        """``a += b`` in sign and magnitude, ``b`` kept: with equal signs the magnitudes add; else
        ``b``'s magnitude is taken from ``a``'s one unit at a time, and if ``a``'s reaches 0
        first, its sign flips and the rest is added."""
        d, minus, t = self.tcell(), self.tcell(), self.cell()
        self.copy(a.s, d)
        self.copy(b.s, d)
        self.add(d, -1)  # 0 exactly when the signs differ
        with self.if_zero(d):
            self.add(minus, 1)
        self.clear(d)
        self.copy(b.m, t)
        with self.loop(t):
            self.add(t, -1)

            def take() -> None:
                def down() -> None:
                    self.add(a.m, -1)

                def across() -> None:
                    self.clear(minus)
                    self.flip(a.s)
                    self.add(a.m, 1)
                self.if_else(a.m, down, across)

            self.if_else(minus, take, lambda: self.add(a.m, 1))
        self.clear(minus)
        self.tfree(d, minus)
        self.free(t)


def mandelbrot() -> str:
    g = Mandelbrot()
    g.comment("mandelbrot: the Mandelbrot set in ASCII, 56 by 27 characters (benchmarks/bfgen.py made it,")
    g.comment("esodbg's benchmark: about 2 billion commands); fixed point numbers (1.0 is 32) in sign and")
    g.comment("magnitude cells, 16 bit products in two cells")
    cr, ci, zr, zi, tmp = Num(g), Num(g), Num(g), Num(g), Num(g)
    plo, phi, ilo, ihi, slo, shi = g.tcell(), g.cell(), g.tcell(), g.cell(), g.tcell(), g.cell()
    rows, cols, run, k, esc, small, big, ch = g.cell(), g.cell(), g.cell(), g.cell(), g.tcell(), g.cell(), g.cell(), g.cell()
    g.comment("the first row's imaginary part")
    g.add(ci.s, 1)
    g.add(ci.m, -IM0)
    g.add(rows, HEIGHT)
    with g.loop(rows):
        g.comment("a row: the first column's real part")
        g.clear(cr.s)
        g.clear(cr.m)
        g.add(cr.s, 1)
        g.add(cr.m, -RE0)
        g.add(cols, WIDTH)
        with g.loop(cols):
            g.comment("a point: z = 0 then z = z times z plus c until it escapes or the iterations run out")
            for num in (zr, zi):
                g.clear(num.s)
                g.clear(num.m)
            g.clear(k)
            g.add(run, 1)
            with g.loop(run):
                g.add(k, 1)
                g.comment("escaped when the real or the imaginary part reaches 2")
                g.below_t(zr.m, 2 * S, small)
                g.below_t(zi.m, 2 * S, big)
                g.move(big, (small, 1))
                g.add(small, -2)  # 0 when both are below 2
                with g.loop(small):
                    g.clear(small)
                    g.add(esc, 1)
                with g.if_zero(esc):
                    g.comment("squares of the parts and their sum: escaped when it reaches 4")
                    g.mul(zr.m, zr.m, plo, phi)
                    g.mul(zi.m, zi.m, ilo, ihi)
                    g.clear(slo)
                    g.clear(shi)
                    g.add16(slo, shi, plo, phi)
                    g.add16(slo, shi, ilo, ihi)
                    g.clear(slo)
                    g.below_t(shi, 4 * S * S // 256, small)
                    g.clear(shi)
                    g.add(esc, 1)
                    g.move(small, (esc, -1))
                with g.if_zero(esc):
                    g.comment("z = (zr squared minus zi squared plus cr, 2 zr zi plus ci)")
                    g.mul(zr.m, zi.m, slo, shi)
                    g.quotient(slo, shi, S // 2, tmp.m)
                    signs = g.cell()
                    g.copy(zr.s, signs)
                    g.copy(zi.s, signs)
                    with g.loop(signs):  # the product's sign: the signs' sum mod 2
                        g.add(signs, -1)
                        g.flip(tmp.s)
                    g.free(signs)
                    g.clear(zi.s)
                    g.clear(zi.m)
                    g.move(tmp.s, (zi.s, 1))
                    g.move(tmp.m, (zi.m, 1))
                    g.sadd(zi, ci)
                    g.clear(zr.s)
                    g.clear(zr.m)
                    g.quotient(plo, phi, S, zr.m)
                    g.quotient(ilo, ihi, S, tmp.m)
                    g.add(tmp.s, 1)
                    g.sadd(zr, tmp)
                    g.clear(tmp.s)
                    g.clear(tmp.m)
                    g.sadd(zr, cr)
                g.clear(plo)
                g.clear(phi)
                g.clear(ilo)
                g.clear(ihi)
                g.comment("go on while not escaped and below the iteration limit")
                g.clear(run)
                with g.if_zero(esc):
                    g.below_t(k, MAX_ITERATIONS, run)
                g.clear(esc)
            g.comment("the shade of the point by how soon it escaped (or the set itself)")
            g.set(ch, ord(" "))
            for limit, shade in SHADES:
                g.below_t(k, limit, small)
                g.add(big, 1)
                g.move(small, (big, -1))
                with g.loop(big):
                    g.set(ch, ord(shade))
                    g.clear(big)
            g.below_t(k, MAX_ITERATIONS, small)
            g.add(big, 1)
            g.move(small, (big, -1))
            with g.loop(big):
                g.set(ch, ord("#"))
                g.clear(big)
            g.at(ch)
            g.emit(".")
            g.comment("the next column")
            d = Num(g)
            g.add(d.m, DRE)
            g.sadd(cr, d)
            g.clear(d.m)
            g.free(d.s)
            g.tfree(d.m)
            g.add(cols, -1)
        g.set(ch, 10)
        g.at(ch)
        g.emit(".")
        g.comment("the next row")
        d = Num(g)
        g.add(d.m, DIM)
        g.sadd(ci, d)
        g.clear(d.m)
        g.free(d.s)
        g.tfree(d.m)
        g.add(rows, -1)
    return g.text()


def main() -> int:
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    makers = {"rot13": rot13, "mandelbrot": mandelbrot}
    if what not in makers:
        print(f"usage: bfgen.py {'|'.join(makers)}", file=sys.stderr)
        return 2
    sys.stdout.write(makers[what]())
    return 0


if __name__ == "__main__":
    sys.exit(main())
