"""The ><> machine (spec `fish.md` rules 4, 7–33), exactly as fish.py behaves where the spec does
not decide otherwise.

State, laid out so the core's generic undo covers every step (base.py):

* the codebox (:mod:`.codebox`): the stores ``grid``, ``far``, ``extents`` and the register ``H``;
* every stack of the stack of stacks in ONE list store, ``stack``, bottom stack first: a new
  stack (``[``) is where its values already are, so ``bases`` (a register) holds where each
  stack above the bottom one begins, and ``]`` just forgets its base; ``regs`` (a register)
  holds each stack's register, ``None`` when empty (rule 21);
* the instruction pointer: ``(x, y)`` is the cell the **next** step runs (fish.py keeps the
  cell it last ran and moves first: the same moves, one step apart), ``(dx, dy)``, string mode
  (``smode``: the quote's code point, 0 when off), the pending skip; the seeded generator of
  ``x``.

A step is one tick of fish.py (rule 4): run (or skip) the cell at ``(x, y)``, then move (rule 9).
The step loop keeps the state in locals and writes it back when it stops.
"""

from __future__ import annotations

from typing import Final, Iterable

from ..base import CellRef, Location, Machine, Status, Stop
from ..compiled import mypyc_attr
from ..integers import bits_of, message, oversized, product_oversized
from ..iobuf import InputLog, Output
from ..seeded import next_random
from .codebox import first_box
from .numbers import Smell, arith, coordinate, divide, popped, show, text, truncate
from .parser import Program

BOARD: Final = "code"  # the codebox's name in CellRefs, views and data locations (code(X,Y))
EXEC: Final = 1  # a cell's stop flags: the pointer arrives to run it, a p writes it
WRITE: Final = 2
TOP_CODE: Final = 0x10FFFF  # the last code point: a cell above it is no instruction (rule 7)
# (dx, dy) of x's four directions, in fish.py's order: > < v ^ (rule 16)
DIRECTIONS: Final = ((1, 0), (-1, 0), (0, 1), (0, -1))


def instruction(v: object) -> int:
    """The instruction a cell holding ``v`` executes as (rule 7): its code point truncated
    toward zero, 32 (a space) for a value ≤ 0, −1 for one past the last code point."""
    c = v if isinstance(v, int) else int(v)  # type: ignore[call-overload]
    if c <= 0:
        return 32
    return c if c <= TOP_CODE else -1


def _runs_p(grid: list, far: dict, width: int, height: int, x: int, y: int, smode: int, skip: bool) -> bool:
    """Whether the next step, at ``(x, y)``, runs a ``p`` (its cell's value truncates to 112:
    :func:`instruction`), for the write stops."""
    if smode or skip:
        return False
    v = grid[y * width + x] if x < width and y < height else far.get((x, y), 0)
    return 112 <= v < 113


def name(c: int) -> str:
    """An instruction as a message writes it."""
    if c < 0:
        return "a cell past the last code point"
    if c == 32:
        return "a space"
    ch = chr(c)
    return f"`{ch}`" if ch.isprintable() else f"U+{c:04X}"


@mypyc_attr(native_class=False)
class FishMachine(Machine):
    """A running ><> program.  See :class:`~esodbg.engines.base.Machine` for the contract."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.box = first_box(program.width, program.height, program.grid, program.far, program.extents, program.top)
        self.stack: list = list(program.stack)
        self.bases: tuple = ()  # where each stack above the bottom one begins in `stack`
        self.regs: tuple = (None,)  # each stack's register, bottom first (None: empty)
        self.dx, self.dy = 1, 0
        self.x, self.y = self.box.advance(-1, 0, 1, 0)  # fish.py starts at (-1, 0) (rule 9)
        self.smode = 0  # the quote of string mode (rule 19), 0 when off
        self.skip = False  # ! or ? asked to skip the next cell (rule 13)
        self.rng = program.seed & ((1 << 64) - 1)
        self.bits = bits_of(program.options)  # the bound on an integer's size (..integers)
        self.began = 0  # the step the string being read began at (the unit "string")
        self.wraps = self.writes = self.jumps = 0  # the events

    # ----- the contract -----------------------------------------------------------------------
    def stores(self) -> tuple:
        box = self.box
        return (("grid", box.grid), ("far", box.far), ("extents", box.extents), ("stack", self.stack))

    def registers(self) -> tuple:
        return (self.x, self.y, self.dx, self.dy, self.smode, self.skip, self.box.top, self.bases, self.regs,
                self.rng, self.began, self.wraps, self.writes, self.jumps)

    def set_registers(self, regs: tuple) -> None:
        (self.x, self.y, self.dx, self.dy, self.smode, self.skip, self.box.top, self.bases, self.regs,
         self.rng, self.began, self.wraps, self.writes, self.jumps) = regs

    @property
    def base(self) -> int:
        """Where the current stack begins in ``stack``."""
        return self.bases[-1] if self.bases else 0

    def current(self) -> list:
        """The current stack, bottom first (a copy)."""
        return self.stack[self.base:]

    def cmd(self) -> int:
        """The instruction of the cell the next step runs (:func:`instruction`)."""
        return instruction(self.box.get(self.x, self.y))

    def may_change(self) -> tuple[tuple[str, object], ...]:
        """The cell's row extent (the pointer touches it), the top of the current stack and the
        slot above it — the whole stack for ``r { }`` and a ``]`` that empties it — and the
        cell (and extent) a ``g`` or ``p`` touches."""
        if self.skip:
            return ()
        box = self.box
        keys: list[tuple[str, object]] = []
        if self.x > box.extent(self.y):
            keys.append(("extents", self.y))
        n, base = len(self.stack), self.base
        c = self.cmd()
        low = max(base, n - 3)
        if not self.smode and (c == 114 or c == 123 or c == 125):  # r { }
            low = base
        elif not self.smode and c == 93 and not self.bases:  # ] on the only stack: emptied
            low = 0
        keys += [("stack", i) for i in range(low, n + 1)]
        if not self.smode and (c == 103 or c == 112):
            at = self._target(c)
            if at is not None:
                keys.append(box.key(at[0], at[1]))
                if at[1] >= 0:
                    keys.append(("extents", at[1]))
        return tuple(keys)

    def _target(self, c: int) -> tuple[int, int] | None:
        """The cell the ``g`` (103) or ``p`` (112) at the pointer reads or writes, if its
        coordinates are there and are integers."""
        stack, base = self.stack, self.base
        need = 3 if c == 112 else 2
        if len(stack) - base < need:
            return None
        y, x = stack[-1], stack[-2]
        if isinstance(x, int) and isinstance(y, int):
            return x, y
        return None

    def unit_start(self, level: int) -> int:
        """The unit "string" (LANGUAGE.units): from the step of a string's opening quote to its
        closing one; any other step is a unit of its own."""
        return self.began if self.smode else self.steps

    def location(self) -> CellRef:
        return CellRef(BOARD, self.y, self.x)

    def next_touches(self) -> list[tuple[Location, str]]:
        """Exec at the pointer's cell; a ``p`` there writes its target too.  A program that has
        ended touches nothing more."""
        if self.status is not Status.READY:
            return []
        out: list[tuple[Location, str]] = [(self.location(), "exec")]
        if not self.skip and not self.smode and self.cmd() == 112:
            at = self._target(112)
            if at is not None:
                out.append((CellRef(BOARD, at[1], at[0]), "write"))
        return out

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> dict | None:
        """``{(x, y): flags}`` (:data:`EXEC`, :data:`WRITE`)."""
        stops: dict[tuple[int, int], int] = {}
        for at, kinds in breakpoints:
            if isinstance(at, CellRef) and at.board == BOARD:
                flags = (EXEC if "exec" in kinds else 0) | (WRITE if "write" in kinds else 0)
                if flags:
                    stops[(at.col, at.row)] = stops.get((at.col, at.row), 0) | flags
        return stops or None

    def _hit(self, stops: dict) -> bool:
        """Whether the next step touches a cell of ``stops`` as its flags ask."""
        flags: int = stops.get((self.x, self.y), 0)
        if flags & EXEC:
            return True
        if not self.skip and not self.smode and self.cmd() == 112:
            at = self._target(112)
            return at is not None and bool(stops.get(at, 0) & WRITE)
        return False

    # ----- execution --------------------------------------------------------------------------
    def _fail(self, message: str) -> Stop:
        """A runtime error at the pointer (rule 34; Machine.fail)."""
        c = self.cmd()
        what = "string mode" if self.smode and c >= 0 else name(c)
        return self.fail(f"something smells fishy... {what}: {message}", self.location(),
                         self.program.span(self.x, self.y))

    def run(self, limit: int, stops: dict | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        box = self.box
        grid, far, extents, stack = box.grid, box.far, box.extents, self.stack
        width, height = box.width, box.height
        x, y, dx, dy = self.x, self.y, self.dx, self.dy
        smode, skip, top = self.smode, self.skip, box.top
        base = self.base
        wraps = self.wraps
        bits: int = self.bits
        ry: int = extents.get(y, -1)  # R(y) of the pointer's row
        # a write stop somewhere: only then does the loop look at what a p writes
        watching = stops is not None and any(flags & WRITE for flags in stops.values())
        reason = Stop.LIMIT
        done = 0
        try:
            while done < limit:
                if skip:  # rule 13: the skipped cell is a step, and is not touched
                    skip = False
                else:
                    if x > ry:  # the pointer touches its cell (rule 8): only a cell past the extent moves it
                        extents[y] = x
                        ry = x
                        if y > top:
                            top = y
                    v = grid[y * width + x] if x < width and y < height else far.get((x, y), 0)
                    c: int = v if isinstance(v, int) else int(v)  # type: ignore[call-overload]
                    if c <= 0:
                        c = 32
                    elif c > TOP_CODE:
                        raise Smell("a cell past the last code point is no instruction (rule 7)")
                    if smode:  # rule 19
                        if c == smode:
                            smode = 0
                        else:
                            stack.append(c)
                    elif c == 32:
                        pass
                    elif 48 <= c <= 57:
                        stack.append(c - 48)
                    elif 97 <= c <= 102:
                        stack.append(c - 87)
                    elif c == 62:
                        dx, dy = 1, 0
                    elif c == 60:
                        dx, dy = -1, 0
                    elif c == 118:
                        dx, dy = 0, 1
                    elif c == 94:
                        dx, dy = 0, -1
                    elif c == 47:  # / (rule 12)
                        dx, dy = -dy, -dx
                    elif c == 92:  # \
                        dx, dy = dy, dx
                    elif c == 124:  # |
                        dx = -dx
                    elif c == 95:  # _
                        dy = -dy
                    elif c == 35:  # #
                        dx, dy = -dx, -dy
                    elif c == 43 or c == 45 or c == 42 or c == 37:  # + - * % (rule 17)
                        if len(stack) - base < 2:
                            raise Smell(_short(2, len(stack) - base))
                        a = stack[-1]
                        b = stack[-2]
                        if isinstance(a, int) and isinstance(b, int) and (c != 37 or a != 0):
                            ia: int = a
                            ib: int = b
                            if c == 42 and product_oversized(ib, ia, bits):
                                raise Smell(message(bits))
                            ir = ib + ia if c == 43 else ib - ia if c == 45 else ib * ia if c == 42 else ib % ia
                            if oversized(ir, bits):
                                raise Smell(message(bits))
                            r: object = ir
                        else:
                            r = arith(c, popped(b), popped(a))
                        stack.pop()
                        stack[-1] = r
                    elif c == 58:  # :
                        if len(stack) - base < 1:
                            raise Smell(_short(1, 0))
                        stack.append(stack[-1])
                    elif c == 63:  # ? (rule 13)
                        if len(stack) - base < 1:
                            raise Smell(_short(1, 0))
                        a = popped(stack[-1])
                        stack.pop()
                        if a == 0:
                            skip = True
                    elif c == 33:  # !
                        skip = True
                    elif c == 39 or c == 34:  # ' " (rule 19)
                        smode = c
                        self.began = self.steps + done
                    elif c == 110:  # n (rules 25, 30)
                        if len(stack) - base < 1:
                            raise Smell(_short(1, 0))
                        a = popped(stack[-1])
                        stack.pop()
                        self.output.write(text(a))
                    elif c == 111:  # o (rule 24)
                        if len(stack) - base < 1:
                            raise Smell(_short(1, 0))
                        a = popped(stack[-1])
                        k = truncate(a)
                        if not 0 <= k <= TOP_CODE or 0xD800 <= k <= 0xDFFF:
                            raise Smell(f"{show(a)} is no character to write (0 to 0x10FFFF, no surrogate)")
                        stack.pop()
                        self.output.write(chr(k))
                    elif c == 59:  # ; (rule 28)
                        done += 1
                        self._save(x, y, dx, dy, smode, skip, top, wraps)
                        self.steps += done
                        self.status = Status.HALTED
                        return Stop.HALTED
                    elif c == 61 or c == 40 or c == 41:  # = ( ) (rule 18)
                        if len(stack) - base < 2:
                            raise Smell(_short(2, len(stack) - base))
                        a = popped(stack[-1])
                        b = popped(stack[-2])
                        t = b == a if c == 61 else b < a if c == 40 else b > a  # type: ignore[operator]
                        stack.pop()
                        stack[-1] = 1 if t else 0
                    elif c == 44:  # , (rules 17, 29)
                        if len(stack) - base < 2:
                            raise Smell(_short(2, len(stack) - base))
                        r = divide(popped(stack[-2]), popped(stack[-1]))
                        stack.pop()
                        stack[-1] = r
                    elif c == 126:  # ~ (rule 20)
                        if len(stack) - base < 1:
                            raise Smell(_short(1, 0))
                        popped(stack[-1])
                        stack.pop()
                    elif c == 36:  # $
                        if len(stack) - base < 2:
                            raise Smell(_short(2, len(stack) - base))
                        a = popped(stack[-1])
                        b = popped(stack[-2])
                        stack[-2] = a
                        stack[-1] = b
                    elif c == 64:  # @: the top value two down
                        if len(stack) - base < 3:
                            raise Smell(_short(3, len(stack) - base))
                        a = popped(stack[-1])
                        b = popped(stack[-2])
                        d = popped(stack[-3])
                        stack[-3] = a
                        stack[-2] = d
                        stack[-1] = b
                    elif c == 108:  # l
                        stack.append(len(stack) - base)
                    elif c == 114:  # r
                        stack[base:] = stack[base:][::-1]
                    elif c == 125:  # }: the top to the bottom
                        if len(stack) - base < 1:
                            raise Smell(_short(1, 0))
                        a = popped(stack[-1])
                        stack.pop()
                        stack.insert(base, a)
                    elif c == 123:  # {: the bottom to the top
                        if len(stack) - base < 1:
                            raise Smell(_short(1, 0))
                        a = popped(stack[base])
                        del stack[base]
                        stack.append(a)
                    elif c == 38:  # & (rule 21)
                        regs = self.regs
                        held = regs[-1]
                        if held is None:
                            if len(stack) - base < 1:
                                raise Smell("the register is empty and so is the stack: & has nothing to take")
                            a = popped(stack[-1])
                            stack.pop()
                            self.regs = regs[:-1] + (a,)
                        else:
                            stack.append(held)
                            self.regs = regs[:-1] + (None,)
                    elif c == 103:  # g (rule 27)
                        if len(stack) - base < 2:
                            raise Smell(_short(2, len(stack) - base))
                        gy = coordinate(popped(stack[-1]), "y")
                        gx = coordinate(popped(stack[-2]), "x")
                        stack.pop()
                        stack[-1] = grid[gy * width + gx] if 0 <= gx < width and 0 <= gy < height \
                            else far.get((gx, gy), 0)
                        box.top = top
                        box.touch(gx, gy)
                        top = box.top
                        ry = extents.get(y, -1)
                    elif c == 112:  # p
                        if len(stack) - base < 3:
                            raise Smell(_short(3, len(stack) - base))
                        py = coordinate(popped(stack[-1]), "y")
                        px = coordinate(popped(stack[-2]), "x")
                        v = popped(stack[-3])
                        del stack[-3:]
                        box.top = top
                        box.put(px, py, v)
                        top = box.top
                        ry = extents.get(y, -1)
                        self.writes += 1
                    elif c == 105:  # i (rule 26)
                        pos = self.in_pos
                        if pos < len(self.input.text):
                            stack.append(ord(self.input.text[pos]))
                            self.in_pos = pos + 1
                        elif self.input.closed:
                            stack.append(-1)
                        else:
                            reason = Stop.NEEDS_INPUT
                            break
                    elif c == 46:  # . (rule 14)
                        if len(stack) - base < 2:
                            raise Smell(_short(2, len(stack) - base))
                        ty = coordinate(popped(stack[-1]), "y")
                        tx = coordinate(popped(stack[-2]), "x")
                        if tx < 0 or ty < 0:
                            raise Smell(f"the jump to ({tx}, {ty}) goes to a negative coordinate")
                        del stack[-2:]
                        box.top = top
                        x, y = box.advance(tx, ty, dx, dy)  # the target itself is not run (rule 11)
                        ry = extents.get(y, -1)
                        self.jumps += 1
                        done += 1
                        if stops is not None and ((x, y) in stops or watching and _runs_p(grid, far, width, height, x, y,
                                                                                           smode, skip)):
                            self._save(x, y, dx, dy, smode, skip, top, wraps)
                            if self._hit(stops):
                                reason = Stop.BREAKPOINT
                                break
                        continue
                    elif c == 91:  # [ (rule 22)
                        if len(stack) - base < 1:
                            raise Smell(_short(1, 0))
                        count = truncate(popped(stack[-1]))
                        stack.pop()
                        have = len(stack) - base
                        if count > 0:
                            base = len(stack) - (count if count < have else have)
                        elif count < 0:
                            base = base + (-count if -count < have else have)
                        else:
                            base = len(stack)
                        self.bases = self.bases + (base,)
                        self.regs = self.regs + (None,)
                    elif c == 93:  # ] (rule 23)
                        if self.bases:
                            self.bases = self.bases[:-1]
                            self.regs = self.regs[:-1]
                            base = self.bases[-1] if self.bases else 0
                        else:
                            del stack[:]
                            self.regs = (None,)
                    elif c == 120:  # x (rule 16)
                        self.rng, z = next_random(self.rng)
                        dx, dy = DIRECTIONS[z >> 62]
                    else:  # rule 28
                        raise Smell("not an instruction (rule 28)")
                # move (rule 9): a vertical move wraps at H, a horizontal one at the row's extent
                if dy == 0:
                    x += dx
                    if dx > 0:
                        if x > ry:
                            x = 0
                            wraps += 1
                    elif x < 0:
                        x = ry if ry > 0 else 0
                        wraps += 1
                else:
                    y += dy
                    if y > top:
                        y = 0
                        wraps += 1
                    elif y < 0:
                        y = top if top > 0 else 0
                        wraps += 1
                    ry = extents.get(y, -1)
                done += 1
                if stops is not None and ((x, y) in stops or watching and _runs_p(grid, far, width, height, x, y,
                                                                                   smode, skip)):
                    self._save(x, y, dx, dy, smode, skip, top, wraps)
                    if self._hit(stops):
                        reason = Stop.BREAKPOINT
                        break
        except Smell as error:
            self._save(x, y, dx, dy, smode, skip, top, wraps)
            self.steps += done
            return self._fail(error.message)
        self._save(x, y, dx, dy, smode, skip, top, wraps)
        self.steps += done
        return reason

    def _save(self, x: int, y: int, dx: int, dy: int, smode: int, skip: bool, top: int, wraps: int) -> None:
        self.x, self.y, self.dx, self.dy, self.smode, self.skip = x, y, dx, dy, smode, skip
        self.box.top = top
        self.wraps = wraps


def _short(need: int, have: int) -> str:
    """The error of an instruction that pops more values than the stack holds (rule 31)."""
    return f"pops {need} {'value' if need == 1 else 'values'} but the stack holds {have}"
