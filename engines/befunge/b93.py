"""The Befunge-93 machine (spec `befunge.md` rules 4, 6–12), exactly as catseye's ``bef.c``
behaves where the spec does not decide otherwise.

The playfield is a flat list of 2,000 signed bytes, cell ``(x, y)`` at ``y * 80 + x``; the stack
a list of signed 64-bit integers (its top at the end; popping it empty gives 0, rule 8).  A step
is one cell executed, whatever it holds (rule 4).  The step loop reads cells directly (a ``p``
changes the code ahead of the instruction pointer): it is the interpreter's whole speed, so it
keeps the machine's state in locals (the stack's top two items in native integers) and writes it
back when it stops.  A long run reads the cells from a ``bytes`` copy of the playfield
(``_code``), made again at each ``p`` that changes a byte and kept between runs: whatever else
writes ``space`` (today ``undo`` and ``restore``) must set ``_code`` to ``None``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Iterable

from ..compiled import mypyc_attr

from ..base import CellRef, Location, Status, Stop, StepRecord
from ..iobuf import InputLog, Output
from .common import BOARD, EOF, EXEC, HEIGHT, NEEDS, SMALL, SPACES, WIDTH, WRITE, ByteMachine, cdiv, cmod, sync, wrap64
from .parser import Program

if TYPE_CHECKING:  # mypyc's native integers; plain ints when the module runs as Python
    from mypy_extensions import i64

LOW, HIGH = -(1 << 63), (1 << 63) - 1
MIRROR_MIN: Final = 4096  # a run of this many steps or more reads the cells from bytes (Befunge93Machine.run)

# (dx, dy) of > < ^ v, the order ? picks from (rule 10)
DIRECTIONS = ((1, 0), (-1, 0), (0, -1), (0, 1))


@mypyc_attr(native_class=False)
class Befunge93Machine(ByteMachine):
    """A running Befunge-93 program.  See :class:`~esodbg.engines.base.Machine` for the contract."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.space: list[int] = list(program.cells)
        self.stack: list[int] = []
        self.x = self.y = 0
        self.dx, self.dy = 1, 0
        self.smode = False  # string mode (rule 10's ")
        self.began = 0  # the step the string being pushed began at (the unit "string")
        self.wraps = 0  # moves across an edge (the event wrap)
        self.writes = 0  # p writes done (the event write)
        self._start_bytes(program.options.get("seed") or 0)
        self._code: bytes | None = None  # the playfield's bytes, kept between runs (run)

    # ----- the contract -----------------------------------------------------------------------
    def stores(self) -> tuple:
        return (("space", self.space), ("stack", self.stack))

    def may_change(self) -> tuple[tuple[str, object], ...]:
        """The stack's top three and the next cell above them (no step pops more than three or
        pushes more than two), and the cell a ``p`` writes."""
        n = len(self.stack)
        keys: list[tuple[str, object]] = [("stack", i) for i in range(max(0, n - 3), n + 2)]
        if not self.smode and self.space[self.y * WIDTH + self.x] == 112:  # p
            at = self._target()
            if at >= 0:
                keys.append(("space", at))
        return tuple(keys)

    def registers(self) -> tuple:
        return (self.x, self.y, self.dx, self.dy, self.smode, self.in_byte, self.pending, self.rng, self.wraps,
                self.writes, self.began)

    def set_registers(self, regs: tuple) -> None:
        (self.x, self.y, self.dx, self.dy, self.smode, self.in_byte, self.pending, self.rng, self.wraps,
         self.writes, self.began) = regs

    def unit_start(self, level: int) -> int:
        """The unit "string" (LANGUAGE93.units): from the step of a string's opening ``"`` to its
        closing one; any other step is a unit of its own."""
        return self.began if self.smode else self.steps

    def location(self) -> CellRef:
        return CellRef(BOARD, self.y, self.x)

    def next_touches(self) -> list[tuple[Location, str]]:
        """Exec at the instruction pointer's cell; a ``p`` writes its target too."""
        out: list[tuple[Location, str]] = [(self.location(), "exec")]
        if not self.smode and self.space[self.y * WIDTH + self.x] == 112:
            at = self._target()
            if at >= 0:
                out.append((CellRef(BOARD, at // WIDTH, at % WIDTH), "write"))
        return out

    def _target(self) -> int:
        """The cell index the ``p`` at the pointer would write, or −1 (out of range: rule 10)."""
        stack = self.stack
        return _target(stack[-2] if len(stack) > 1 else 0, stack[-1] if stack else 0)

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> list[int] | None:
        """A flag per cell (:data:`EXEC`: stop when the pointer arrives; :data:`WRITE`: stop
        before a ``p`` writes it), then one more: :data:`WRITE` if any cell has it (else the
        loop never looks at what a ``p`` writes)."""
        flags = [0] * (WIDTH * HEIGHT)
        for at, kinds in breakpoints:
            if isinstance(at, CellRef) and at.board == BOARD and 0 <= at.col < WIDTH and 0 <= at.row < HEIGHT:
                flags[at.row * WIDTH + at.col] |= (EXEC if "exec" in kinds else 0) | (WRITE if "write" in kinds else 0)
        if not any(flags):
            return None
        flags.append(WRITE if any(f & WRITE for f in flags) else 0)
        return flags

    # ----- execution --------------------------------------------------------------------------
    def _fail(self, message: str) -> Stop:
        """A runtime error at the pointer (Machine.fail)."""
        return self.fail(message, self.location(), self.program.span(self.x, self.y))

    def _number(self) -> int:
        """``&`` (rule 11): a number as glibc's ``fscanf("%ld")`` reads it, −1 if there is none or
        at the end of input, :data:`NEEDS` if the input so far cannot tell."""
        text, closed = self.input.text, self.input.closed
        pos, n = self.in_pos, len(text)
        if self.in_byte:
            return -1  # inside a character's bytes: no digit can come first
        while pos < n and text[pos] in SPACES:
            pos += 1
        sign = 1
        if pos < n and text[pos] in "+-":
            sign = -1 if text[pos] == "-" else 1
            pos += 1
        start = pos
        while pos < n and "0" <= text[pos] <= "9":
            pos += 1
        if pos == n and not closed:
            return NEEDS  # more whitespace, a sign or digits may come
        self.in_pos = pos  # what was skipped, a sign and the digits are read
        if pos == start:
            return -1
        return max(LOW, min(HIGH, sign * int(text[start:pos])))

    def run(self, limit: int, stops: list[int] | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        # The registers, the cell run and the operands are 64-bit native integers in the compiled
        # loop (no tag checks; its arithmetic wraps as rule 8 says, and the checks against SMALL
        # below make the Python one wrap too).
        # So are the stack's top two items, ``t`` and ``s`` (0 where the stack is shallower:
        # rule 8's implicit zeros), with ``depth`` its true depth: the list holds the items below
        # them, ``stack[:depth - 2]`` (past that, stale ones), so the steps that keep within the
        # top two items (most) neither make an integer object nor resize the list.  The list is
        # made exact again (sync) wherever the run ends, before anything reads ``self.stack``.
        # mypyc inlines no function: each pop is the same few lines.
        # A long run reads the cells from ``code``, bytes of their low bytes (a bytes object's
        # item is one load in the compiled loop; a list's is a call, a reference count and the
        # int's type and size to check), made again at each p that changes a cell's byte
        # (``scratch``, a bytearray, takes the byte first; the list stays the playfield) and
        # kept for the next run (self._code) until something else writes the list (undo,
        # restore).  A short run (a step from the debugger) without it reads the list: making
        # it would cost more than it saves.
        space: list = self.space
        kept = self._code
        code: bytes = b""
        if kept is not None:
            code = kept
        elif limit >= MIRROR_MIN:
            code = _bytes_of(space)
        mirrored = kept is not None or limit >= MIRROR_MIN
        scratch = bytearray()
        stack: list = self.stack
        n: i64 = len(stack)  # the list's length (≥ depth - 2)
        depth: i64 = n
        t: i64 = stack[n - 1] if n >= 1 else 0
        s: i64 = stack[n - 2] if n >= 2 else 0
        x: i64 = self.x
        y: i64 = self.y
        dx: i64 = self.dx
        dy: i64 = self.dy
        smode = self.smode
        wraps: i64 = self.wraps
        watching = stops is not None and stops[WIDTH * HEIGHT] != 0  # a write stop somewhere (compile_stops)
        reason = Stop.LIMIT
        end: i64 = limit
        done: i64 = 0
        v: i64 = 0  # what the step pushes, if push (after the dispatch)
        push = False
        while done < end:
            i: i64 = y * WIDTH + x
            c: i64
            if mirrored:  # not a conditional expression: mypyc makes an object of each side
                c = code[i]
            else:
                c = space[i]
            if smode:
                if c == 34:
                    smode = False
                else:
                    v = c - 256 if c >= 128 else c  # the cell's value, signed (code's bytes are not)
                    push = True
            elif c == 32:
                if stops is None:  # the spaces just ahead take a step each, without the dispatch
                    while done + 1 < end:
                        nx, ny = x + dx, y + dy
                        if not (0 <= nx < WIDTH and 0 <= ny < HEIGHT):
                            break
                        ahead: i64
                        if mirrored:
                            ahead = code[ny * WIDTH + nx]
                        else:
                            ahead = space[ny * WIDTH + nx]
                        if ahead != 32:
                            break
                        x, y = nx, ny
                        done += 1
            elif 48 <= c <= 57:
                v = c - 48
                push = True
            elif c == 62:
                dx, dy = 1, 0
            elif c == 60:
                dx, dy = -1, 0
            elif c == 94:
                dx, dy = 0, -1
            elif c == 118:
                dx, dy = 0, 1
            elif c == 95 or c == 124 or c == 36 or c == 46 or c == 44:  # _ | $ . , pop one value
                a: i64 = t
                t = s
                if depth >= 3:
                    s = stack[depth - 3]
                else:
                    s = 0
                if depth > 0:
                    depth -= 1
                # not `if a`: mypyc boxes a native int to test it; no tuples: it makes them
                if c == 95:
                    dx = -1 if a != 0 else 1
                    dy = 0
                elif c == 124:
                    dx = 0
                    dy = -1 if a != 0 else 1
                elif c == 46:
                    self.put_text(f"{a} ")
                elif c == 44:
                    self.put_byte(a & 255)
            elif c == 58:  # :
                if depth == 0:  # two 0s (rule 8)
                    depth = 2
                else:
                    v = t
                    push = True
            elif c == 43 or c == 45 or c == 42 or c == 47 or c == 37 or c == 96:  # + - * / % `
                a = t
                b: i64 = s
                r: i64
                if c == 43 or c == 45 or c == 42:
                    r = b + a if c == 43 else b - a if c == 45 else b * a
                    if not -SMALL <= r <= SMALL:
                        r = wrap64(r)
                elif c == 96:
                    r = 1 if b > a else 0
                elif a == 0:  # rule 10, Decision: a runtime error (bef.c asks the user)
                    self._save(x, y, dx, dy, smode, code if mirrored else None)
                    self.wraps = wraps
                    self.steps += done
                    sync(stack, depth, s, t)
                    return self._fail(f"division by zero ({b} {chr(c)} 0)")
                else:
                    r = cdiv(b, a) if c == 47 else cmod(b, a)
                t = r  # b's place takes the result
                if depth >= 3:
                    s = stack[depth - 3]
                else:
                    s = 0
                if depth > 1:
                    depth -= 1
                else:
                    depth = 1
            elif c == 34:
                smode = True
                self.began = self.steps + done
            elif c == 92:  # \
                if depth >= 2:
                    t, s = s, t
                else:  # the missing operand is a 0 (rule 8)
                    s, t = t, 0
                    depth = 2
            elif c == 35:  # #
                nx, ny = x + dx, y + dy
                if 0 <= nx < WIDTH and 0 <= ny < HEIGHT:
                    x, y = nx, ny
                else:
                    x, y = nx % WIDTH, ny % HEIGHT
                    wraps += 1
            elif c == 33:  # !
                if depth > 0:
                    t = 0 if t != 0 else 1
                else:
                    t = 1
                    depth = 1
            elif c == 103:  # g: pops y and x, pushes the cell
                gy: i64 = t
                gx: i64 = s
                if depth >= 3:
                    s = stack[depth - 3]
                    depth -= 1
                else:
                    s = 0
                    depth = 1
                got: i64 = space[gy * WIDTH + gx] if 0 <= gx < WIDTH and 0 <= gy < HEIGHT else 0
                t = got
            elif c == 112:  # p: pops y, x and the value
                py: i64 = t
                px: i64 = s
                pv: i64 = stack[depth - 3] if depth >= 3 else 0
                if depth >= 4:
                    t = stack[depth - 4]
                    s = stack[depth - 5] if depth >= 5 else 0
                    depth -= 3
                else:
                    t = 0
                    s = 0
                    depth = 0
                if 0 <= px < WIDTH and 0 <= py < HEIGHT:
                    pv &= 255
                    at: i64 = py * WIDTH + px
                    space[at] = pv - 256 if pv >= 128 else pv  # its low byte, signed (rule 7)
                    self.writes += 1
                    if mirrored:
                        was: i64 = code[at]
                        if was != pv:
                            if len(scratch) == 0:
                                scratch = bytearray(code)
                            scratch[at] = pv
                            code = bytes(scratch)
            elif c == 63:  # ?
                dx, dy = DIRECTIONS[self.random4()]
            elif c == 38:  # &
                value = self._number()
                if value == NEEDS:
                    reason = Stop.NEEDS_INPUT
                    break
                v = value
                push = True
            elif c == 126:  # ~
                got2 = self.peek_byte()  # not an i64 first: NEEDS and EOF are no 64-bit integers
                if got2 == NEEDS:
                    reason = Stop.NEEDS_INPUT
                    break
                if got2 == EOF:
                    v = -1
                else:
                    self.take_byte()
                    v = got2 - 256 if got2 >= 128 else got2
                push = True
            elif c == 64:  # @
                done += 1
                self._save(x, y, dx, dy, smode, code if mirrored else None)
                self.wraps = wraps
                self.steps += done
                sync(stack, depth, s, t)
                self.status = Status.HALTED
                self.flush()
                return Stop.HALTED
            # anything else: nothing, one step (rule 10)
            if push:  # v goes on top, s down into the list
                push = False
                if depth >= 2:
                    k: i64 = depth - 2
                    if k < n:
                        stack[k] = s
                    else:
                        stack.append(s)
                        n += 1
                s = t
                t = v
                depth += 1
            nx, ny = x + dx, y + dy
            if 0 <= nx < WIDTH and 0 <= ny < HEIGHT:
                x, y = nx, ny
            else:  # the torus (rule 9)
                x, y = nx % WIDTH, ny % HEIGHT
                wraps += 1
            done += 1
            if stops is not None:
                i = y * WIDTH + x
                if stops[i] & EXEC or watching and space[i] == 112 and not smode and _writes_stop(stops, s, t):
                    reason = Stop.BREAKPOINT
                    break
        self._save(x, y, dx, dy, smode, code if mirrored else None)
        self.wraps = wraps
        self.steps += done
        sync(stack, depth, s, t)
        return reason

    def _save(self, x: int, y: int, dx: int, dy: int, smode: bool, code: bytes | None) -> None:
        self.x, self.y, self.dx, self.dy, self.smode = x, y, dx, dy, smode
        self._code = code

    def undo(self, record: StepRecord) -> None:
        super().undo(record)
        self._code = None  # the playfield may have changed under it

    def restore(self, snapshot: tuple) -> None:
        super().restore(snapshot)
        self._code = None



def _target(s: int, t: int) -> int:
    """The cell index a ``p`` writes with ``t`` on top of the stack and ``s`` under it (0 for
    a missing item, rule 8), or −1 (out of range: rule 10)."""
    return t * WIDTH + s if 0 <= s < WIDTH and 0 <= t < HEIGHT else -1


def _writes_stop(stops: list[int], s: int, t: int) -> bool:
    """Whether the ``p`` the pointer is on, with ``t`` and ``s`` the stack's top two items,
    writes a cell with a write breakpoint."""
    at = _target(s, t)
    return at >= 0 and bool(stops[at] & WRITE)


def _bytes_of(space: list) -> bytes:
    """The cells' low bytes (the cells are signed bytes, rule 7)."""
    try:
        return bytes(space)
    except ValueError:  # a negative cell
        return bytes([v & 255 for v in space])
