"""The Aheui machine (spec `aheui.md`), as rpaheui 1.2.5 behaves but where the spec departs.

The board is decoded once (:mod:`.parser`): each cell an integer ``command << 10 | vowel << 5 |
final`` (or ``COMMENT``), the vertical moves precomputed, so a step is O(1).

The 28 storages (S1): 26 stacks and the pipe ``ㅎ`` are lists, their tops at the end; the queue
``ㅇ`` is a dict from positions to values, its front at ``qhead`` and its back before ``qtail``
(registers), so taking from the front and adding at either end are O(1) and each changes one key
(what the core's undo records diff).  The pipe's ``last`` is the value last pushed onto it (C6).

A step (T1): the vowel sets or reflects the momentum, the command runs (or, with too few values,
nothing changes and the momentum is reversed, R1), then the cursor moves (W1–W4).  The step loop
keeps the state in locals and is compiled by mypyc.
"""

from __future__ import annotations

from typing import Final, Iterable

from ..base import CellRef, Location, Status, Stop
from ..bytemachine import EOF, NEEDS as NEEDS_INPUT, ByteMachine
from ..compiled import mypyc_attr
from ..integers import Oversized, bits_of, message, oversized, product_oversized
from ..iobuf import InputLog, Output
from .parser import Program

BOARD: Final = "board"  # the board's name in CellRefs, views and data locations
QUEUE: Final = 21
PIPE: Final = 27
EXEC: Final = 1
FFFD: Final = "\ufffd"
READ: Final = 0  # what read_aheui_number found: a number,
NO_NUMBER: Final = 1  # no digit (the end of the input too),
WAITING: Final = 2  # or input still to come


@mypyc_attr(native_class=False)
class AheuiMachine(ByteMachine):
    """A running Aheui program.  See :class:`~esodbg.engines.base.Machine` for the contract:
    its stores are the 27 stack lists (``s0`` … ``s27``, no ``s21``) and the queue dict ``q``;
    its registers the cursor ``x``, ``y``, direction ``d`` (0 right, 1 down, 2 left, 3 up),
    speed ``s``, the selected storage ``sel``, the queue's ends, the pipe's last push, the exit
    value and the event counters."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.cells: list[int] = list(program.cells)
        self.starts: list[int] = list(program.starts)
        self.lengths: list[int] = list(program.lengths)
        self.vmoves: list[int] = list(program.vmoves)
        self.bits = bits_of(program.options)
        self.stacks: list[list[int]] = [[] for _ in range(28)]
        self.q: dict[int, int] = {}
        self.qhead = 0
        self.qtail = 0
        self.last = 0  # the pipe's last push (C6)
        self.x = 0
        self.y = program.start if program.start is not None else 0
        self.d = 1  # down, speed 1 (B4)
        self.s = 1
        self.sel = 0
        self.exit_value = 0
        # event counters (LANGUAGE.events): reflect, reverse, wrap, select, output, input
        self.reflects = 0
        self.reverses = 0
        self.wraps = 0
        self.selects = 0
        self.outputs = 0
        self.inputs = 0
        self._start_bytes(0)
        if program.start is None:
            self.status = Status.HALTED  # B5: no cell, nothing runs

    # ----- the contract -----------------------------------------------------------------------
    def stores(self) -> tuple:
        st = self.stacks
        return tuple((f"s{i}", st[i]) for i in range(28) if i != QUEUE) + (("q", self.q),)

    def registers(self) -> tuple:
        return (self.x, self.y, self.d, self.s, self.sel, self.qhead, self.qtail, self.last, self.exit_value,
                self.in_byte, self.pending, self.rng, self.reflects, self.reverses, self.wraps, self.selects,
                self.outputs, self.inputs)

    def set_registers(self, regs: tuple) -> None:
        (self.x, self.y, self.d, self.s, self.sel, self.qhead, self.qtail, self.last, self.exit_value,
         self.in_byte, self.pending, self.rng, self.reflects, self.reverses, self.wraps, self.selects,
         self.outputs, self.inputs) = regs

    def _keys(self, i: int) -> list[tuple[str, object]]:
        if i == QUEUE:
            h, t = self.qhead, self.qtail
            keys: list[tuple[str, object]] = [("q", h - 1), ("q", h), ("q", h + 1)]
            if t > h + 1:  # each key once: an undo record holds one change a key
                keys.append(("q", t))
            return keys
        n = len(self.stacks[i])
        return [(f"s{i}", k) for k in range(max(0, n - 2), n + 1)]

    def may_change(self) -> tuple[tuple[str, object], ...]:
        """The selected storage's first two values and the slot beyond them, and for ``ㅆ`` the
        slot its destination pushes into: a step is O(1)."""
        if self.status is not Status.READY:
            return ()
        keys = self._keys(self.sel)
        c = self.cells[self.starts[self.y] + self.x]
        if c >= 0 and c >> 10 == 10 and (c & 31) != self.sel:
            keys += self._keys(c & 31)
        return tuple(keys)

    def location(self) -> CellRef:
        return CellRef(BOARD, self.y, self.x)

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> list[int] | None:
        """A flag a cell (by its index in ``cells``): stop when the cursor arrives there."""
        flags = [0] * len(self.cells)
        for at, kinds in breakpoints:
            if isinstance(at, CellRef) and at.board == BOARD and "exec" in kinds \
                    and 0 <= at.row < len(self.lengths) and 0 <= at.col < self.lengths[at.row]:
                flags[self.starts[at.row] + at.col] = EXEC
        return flags if any(flags) else None

    # ----- the unit of stepping (LANGUAGE.units): until the selected storage changes -----------
    def unit_mark(self, level: int) -> object:
        """Another storage selected, or a value pushed, popped or changed in the one selected:
        every command that touches it changes its count or its first two values."""
        return (self.sel, self.size(self.sel), self.peek(self.sel, 0), self.peek(self.sel, 1))

    def unit_done(self, level: int, mark: object) -> bool:
        return self.unit_mark(level) != mark

    # ----- storages (for the views and the plugin) --------------------------------------------
    def size(self, i: int) -> int:
        return self.qtail - self.qhead if i == QUEUE else len(self.stacks[i])

    def values(self, i: int) -> list[int]:
        """Storage ``i``'s values, the next to pop first."""
        if i == QUEUE:
            return [self.q[k] for k in range(self.qhead, self.qtail)]
        return self.stacks[i][::-1]

    def peek(self, i: int, n: int) -> int | None:
        """The ``n``-th value ``ㅁ`` would take from storage ``i`` (0 the next), or ``None``."""
        if i == QUEUE:
            return self.q.get(self.qhead + n) if 0 <= n < self.qtail - self.qhead else None
        st = self.stacks[i]
        return st[-1 - n] if 0 <= n < len(st) else None

    # ----- input (I2, I3) ---------------------------------------------------------------------
    def read_aheui_number(self) -> tuple[int, int]:
        """``ㅂㅇ`` (I2): an optional ``-`` then at least one ASCII digit, then one space, tab or
        LF consumed.  ``(READ, value)``, ``(NO_NUMBER, 0)`` (no digit, at the end of the input
        too: the step fails, atomically, nothing read) or ``(WAITING, 0)`` (nothing read): flags
        apart from the value, which may be any integer within the bound (a sentinel value could
        be read from the input).  Raises :class:`~esodbg.engines.integers.Oversized`, nothing
        read, for a number past the bound (``--max-int-bits``)."""
        saved_pos, saved_byte = self.in_pos, self.in_byte
        b = self.peek_byte()
        sign = 1
        if b == 45:
            sign = -1
            self.take_byte()
            b = self.peek_byte()
        value = 0
        digits = 0
        while b >= 48 and b <= 57:
            value = value * 10 + (b - 48)
            if oversized(value, self.bits):
                self.in_pos, self.in_byte = saved_pos, saved_byte
                raise Oversized(self.bits)
            digits += 1
            self.take_byte()
            b = self.peek_byte()
        if b == NEEDS_INPUT:
            self.in_pos, self.in_byte = saved_pos, saved_byte
            return WAITING, 0
        if digits == 0:
            self.in_pos, self.in_byte = saved_pos, saved_byte
            return NO_NUMBER, 0
        if b == 32 or b == 9 or b == 10:
            self.take_byte()
        return READ, sign * value

    def read_char(self) -> int:
        """``ㅂㅎ`` (I3): the first byte says how many bytes to take (fewer at the end); their
        code point if they are valid UTF-8, else −1; −1 at the end of input; a stray
        continuation byte gives −1 and is consumed.  :data:`NEEDS_INPUT`: nothing read."""
        saved_pos, saved_byte = self.in_pos, self.in_byte
        b = self.peek_byte()
        if b == NEEDS_INPUT:
            return NEEDS_INPUT
        if b == EOF:
            return -1
        n = 1 if b < 0x80 else 1 if b < 0xC0 else 2 if b < 0xE0 else 3 if b < 0xF0 else 4
        taken = bytearray()
        for _ in range(n):
            b = self.peek_byte()
            if b == NEEDS_INPUT:
                self.in_pos, self.in_byte = saved_pos, saved_byte
                return NEEDS_INPUT
            if b == EOF:
                break
            taken.append(b)
            self.take_byte()
        if 0x80 <= taken[0] < 0xC0:
            return -1
        try:
            text = bytes(taken).decode("utf-8")
        except UnicodeDecodeError:
            return -1
        return ord(text) if len(text) == 1 else -1

    # ----- execution --------------------------------------------------------------------------
    def run(self, limit: int, stops: list[int] | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        cells = self.cells
        starts = self.starts
        lengths = self.lengths
        vmoves = self.vmoves
        stacks = self.stacks
        q = self.q
        bits: int = self.bits
        x: int = self.x
        y: int = self.y
        d: int = self.d
        s: int = self.s
        sel: int = self.sel
        qhead: int = self.qhead
        qtail: int = self.qtail
        st: list[int] = stacks[sel]
        reason = Stop.LIMIT
        done = 0
        while done < limit:
            i = starts[y] + x
            c = cells[i]
            if c >= 0:
                cmd = c >> 10
                v = (c >> 5) & 31
                # ----- the vowel (M2), into nd and ns: the step commits them after its command, so
                # a step that fails or waits for input leaves the momentum as it was
                nd = d
                ns = s
                reflected = False
                if v != 0:
                    if v <= 8:
                        nd = (v - 1) & 3
                        ns = 1 if v <= 4 else 2
                    elif v == 11 or (v == 9 and (d & 1) == 1) or (v == 10 and (d & 1) == 0):
                        nd = (d + 2) & 3
                        reflected = True
                # ----- the command (C), or a reversal for too few values (R1)
                if cmd != 0 and cmd != 1 and cmd != 11 and cmd != 13 and cmd != 15:
                    n = qtail - qhead if sel == QUEUE else len(st)
                    if cmd == 7:  # ㅂ push
                        f = c & 31
                        if f == 21 or f == 27:
                            if f == 21:
                                try:
                                    got, val = self.read_aheui_number()
                                except Oversized:
                                    self._save(x, y, d, s, sel, qhead, qtail)
                                    self.steps += done
                                    return self.fail(f"number input: {message(bits)}", self.location(),
                                                     self.program.span(x, y))
                                if got == WAITING:
                                    reason = Stop.NEEDS_INPUT
                                    break
                                if got == NO_NUMBER:
                                    self._save(x, y, d, s, sel, qhead, qtail)
                                    self.steps += done
                                    return self.fail("number input: no number here (I2)", self.location(),
                                                     self.program.span(x, y))
                            else:
                                val = self.read_char()
                                if val == NEEDS_INPUT:
                                    reason = Stop.NEEDS_INPUT
                                    break
                            self.inputs += 1
                        else:
                            val = STROKES_[f]
                        if sel == QUEUE:
                            q[qtail] = val
                            qtail += 1
                        else:
                            st.append(val)
                            if sel == PIPE:
                                self.last = val
                    elif cmd == 9:  # ㅅ select
                        sel = c & 31
                        st = stacks[sel]
                        self.selects += 1
                    elif cmd == 18:  # ㅎ end (E1)
                        if n == 0:
                            val = 0
                        elif sel == QUEUE:
                            qhead += 1
                            val = q.pop(qhead - 1)
                        else:
                            val = st.pop()
                        self.exit_value = val % 256
                        done += 1
                        if reflected:
                            self.reflects += 1
                        self._save(x, y, nd, ns, sel, qhead, qtail)
                        self.steps += done
                        self.status = Status.HALTED
                        self.flush()
                        return Stop.HALTED
                    elif n < NEEDS_[cmd]:  # R1
                        nd = (nd + 2) & 3
                        self.reverses += 1
                    elif cmd == 6:  # ㅁ pop
                        if sel == QUEUE:
                            qhead += 1
                            val = q.pop(qhead - 1)
                        else:
                            val = st.pop()
                        f = c & 31
                        if f == 21:
                            self.put_text(str(val))
                            self.outputs += 1
                        elif f == 27:
                            self.put_text(chr(val) if 0 < val <= 0x10FFFF and not 0xD800 <= val <= 0xDFFF
                                          else FFFD)
                            self.outputs += 1
                    elif cmd == 14:  # ㅊ branch
                        if sel == QUEUE:
                            qhead += 1
                            val = q.pop(qhead - 1)
                        else:
                            val = st.pop()
                        if val == 0:
                            nd = (nd + 2) & 3
                    elif cmd == 8:  # ㅃ duplicate (C6)
                        if sel == QUEUE:
                            qhead -= 1
                            q[qhead] = q[qhead + 1]
                        elif sel == PIPE:
                            st.append(self.last)
                        else:
                            st.append(st[-1])
                    elif cmd == 17:  # ㅍ swap
                        if sel == QUEUE:
                            a = q[qhead]
                            q[qhead] = q[qhead + 1]
                            q[qhead + 1] = a
                        else:
                            a = st[-1]
                            st[-1] = st[-2]
                            st[-2] = a
                    elif cmd == 10:  # ㅆ move (C9)
                        f = c & 31
                        if sel == QUEUE:
                            val = q[qhead]
                        else:
                            val = st[-1]
                        if f != sel or sel == QUEUE:
                            if sel == QUEUE:
                                del q[qhead]
                                qhead += 1
                            else:
                                st.pop()
                            if f == QUEUE:
                                q[qtail] = val
                                qtail += 1
                            else:
                                stacks[f].append(val)
                                if f == PIPE:
                                    self.last = val
                    else:  # arithmetic and ㅈ: pop a, pop b, push b ⊕ a
                        if sel == QUEUE:
                            a = q[qhead]
                            b = q[qhead + 1]
                        else:
                            a = st[-1]
                            b = st[-2]
                        if cmd == 3:
                            val = b + a
                            if oversized(val, bits):
                                self._save(x, y, d, s, sel, qhead, qtail)
                                self.steps += done
                                return self.fail(message(bits), self.location(), self.program.span(x, y))
                        elif cmd == 16:
                            val = b - a
                            if oversized(val, bits):
                                self._save(x, y, d, s, sel, qhead, qtail)
                                self.steps += done
                                return self.fail(message(bits), self.location(), self.program.span(x, y))
                        elif cmd == 4:
                            if product_oversized(a, b, bits):
                                self._save(x, y, d, s, sel, qhead, qtail)
                                self.steps += done
                                return self.fail(message(bits), self.location(), self.program.span(x, y))
                            val = b * a
                        elif cmd == 12:
                            val = 1 if b >= a else 0
                        else:
                            if a == 0:
                                self._save(x, y, d, s, sel, qhead, qtail)
                                self.steps += done
                                what = "division" if cmd == 2 else "remainder"
                                sign = "ㄴ" if cmd == 2 else "ㄹ"
                                return self.fail(f"{what} by zero ({b} {sign} 0, A1)", self.location(),
                                                 self.program.span(x, y))
                            val = b // a if cmd == 2 else b % a
                        if sel == QUEUE:
                            del q[qhead]
                            del q[qhead + 1]
                            qhead += 2
                            q[qtail] = val
                            qtail += 1
                        else:
                            st.pop()
                            st[-1] = val
                d = nd
                s = ns
                if reflected:
                    self.reflects += 1
            # ----- the move (W1–W4)
            if d == 0:
                x += s
                if x >= lengths[y]:
                    x = 0
                    self.wraps += 1
            elif d == 2:
                x -= s
                if x < 0:
                    x = lengths[y] - 1
                    self.wraps += 1
            else:
                ny = vmoves[4 * i + (d - 1) + (s - 1)]
                if (ny <= y) if d == 1 else (ny >= y):
                    self.wraps += 1
                y = ny
            done += 1
            if stops is not None and stops[starts[y] + x]:
                reason = Stop.BREAKPOINT
                break
        self._save(x, y, d, s, sel, qhead, qtail)
        self.steps += done
        return reason

    def _save(self, x: int, y: int, d: int, s: int, sel: int, qhead: int, qtail: int) -> None:
        self.x, self.y, self.d, self.s, self.sel, self.qhead, self.qtail = x, y, d, s, sel, qhead, qtail


# Module-level copies the loop indexes (mypyc: lists, not rebuilt Final tuples)
NEEDS_: list[int] = [0, 0, 2, 2, 2, 2, 1, 0, 1, 0, 1, 0, 2, 0, 1, 0, 2, 2, 0]
STROKES_: list[int] = [0, 2, 4, 4, 2, 5, 5, 3, 5, 7, 9, 9, 7, 9, 9, 8, 4, 4, 6, 2, 4, -1, 3, 4, 3, 4, 4, -1]
