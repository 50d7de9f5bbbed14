"""The Piet machine (spec `piet.md`, M, T, W, C, R), as npiet 1.3e behaves (``--dialect npiet``)
or as the page's 2008 clarification says (``--dialect spec``).

The codels, blocks and exits are the program's (:mod:`.parser`, found once); the state is the
current codel ``pos`` (``y * width + x``), ``dp`` (0 right, 1 down, 2 left, 3 up), ``cc`` (0
left, 1 right), the stack (a list of Python integers, its top at the end) and the input cursor.

A step (T2) is :func:`find_move` — at most eight attempts, each a look-up of the block's exit
and its neighbour, then a white slide if the neighbour is white (at most the picture's width or
height codels; in the spec dialect a slide that turns remembers its (codel, DP, CC) triples, so
it ends after at most 8 × the white codels) — then the command of the colour change.  A program
has ended when the next step would find no move (T4, W2's retrace): :meth:`PietMachine.run`
finds that out before it returns, so a run of exactly the steps a program takes ends it (T5).
The step loop keeps the state in locals and writes it back when it stops; it is compiled by mypyc
(the pure-Python fallback is the same code).
"""

from __future__ import annotations

from typing import Final, Iterable

from ..base import CellRef, Location, NamedRef, Status, Stop
from ..bytemachine import EOF, NEEDS, ByteMachine
from ..compiled import mypyc_attr
from ..integers import Oversized, bits_of, message, oversized, product_oversized
from ..iobuf import InputLog, Output
from .parser import BLACK, WHITE, Program

BOARD: Final = "picture"  # the board's name in CellRefs, views and data locations
WORDS: Final = ("right", "down", "left", "up")
COMMANDS: Final = ("none", "push", "pop", "add", "subtract", "multiply", "divide", "mod", "not", "greater",
                   "pointer", "switch", "duplicate", "roll", "in_number", "in_char", "out_number", "out_char")
NEEDED: Final = (0, 0, 1, 2, 2, 2, 2, 2, 1, 2, 1, 1, 1, 2, 0, 0, 1, 1)  # values each command needs (C2)
# What find_move found (the low three bits of its answer)
COMMAND: Final = 0  # a colour block to a colour block: the change's command runs
PLAIN: Final = 1  # a move that runs no command (white crossed, or a move from a white codel)
STOPPED: Final = 2  # W1: the slide met a wall; the IP stops on the last white codel
END: Final = 3  # T4: eight attempts failed
RETRACE: Final = 4  # W2: the slide retraced its route inside white
READ: Final = 0  # what read_piet_number found: a number,
NO_NUMBER: Final = 1  # the end of the input or no digit,
WAITING: Final = 2  # or input still to come
DIV_BY_ZERO: Final = 99999999  # what npiet pushes for a division by zero (C2)


def command_of(c: int, n: int) -> int:
    """The command (an index of :data:`COMMANDS`) of the change from colour ``c`` to colour
    ``n`` (C1): hue steps times 3 plus lightness steps, both forward."""
    return ((n // 3 - c // 3) % 6) * 3 + (n % 3 - c % 3) % 3


def find_move(codels: list[int], blocks: list[int], exits: list[int], nexts: list[int], w: int, h: int,
              pos: int, dp: int, cc: int, spec: bool) -> int:
    """The next move from codel ``pos`` with ``dp`` and ``cc`` (T2, W1, W2), packed in one int:
    ``((((to * 4 + dp) * 2 + cc) * 64 + fails) * 2 + slid) * 2 + turned) * 8 + kind``, ``to`` the
    codel the move goes to, ``dp`` and ``cc`` after the attempts, ``fails`` the failed attempts,
    ``slid`` whether it crossed white, ``turned`` whether a spec-dialect slide turned, ``kind``
    one of :data:`COMMAND`, :data:`PLAIN`, :data:`STOPPED`, :data:`END`, :data:`RETRACE`."""
    c = codels[pos]
    white = c == WHITE
    b = blocks[pos]
    fails = 0
    slid = 0
    turned = 0
    while fails < 8:
        if white:
            ex = pos
            x = ex % w
            y = ex // w
            nx = x + 1 if dp == 0 else x - 1 if dp == 2 else x
            ny = y + 1 if dp == 1 else y - 1 if dp == 3 else y
            n = ny * w + nx if 0 <= nx < w and 0 <= ny < h else -1
        else:
            k = b * 8 + dp * 2 + cc
            n = nexts[k]
        nc = codels[n] if n >= 0 else BLACK
        if nc == WHITE:
            slid = 1
            dx = 1 if dp == 0 else -1 if dp == 2 else 0
            dy = 1 if dp == 1 else -1 if dp == 3 else 0
            x = n % w
            y = n // w
            while True:  # slide (at most the picture's width or height)
                nx = x + dx
                ny = y + dy
                if 0 <= nx < w and 0 <= ny < h:
                    cn = codels[ny * w + nx]
                    if cn == WHITE:
                        x = nx
                        y = ny
                        continue
                    if cn != BLACK:
                        return packed(ny * w + nx, dp, cc, fails, slid, turned, PLAIN)
                if not spec:  # W1: stop on the last white codel
                    return packed(y * w + x, dp, cc, fails, slid, turned, STOPPED)
                # W2: turn (toggle CC, rotate DP) and slide on; a repeated triple ends the program
                seen: set[int] = set()
                while True:
                    cc = 1 - cc
                    dp = (dp + 1) & 3
                    turned = 1
                    triple = (y * w + x) * 8 + dp * 2 + cc
                    if triple in seen:
                        return packed(y * w + x, dp, cc, fails, slid, turned, RETRACE)
                    seen.add(triple)
                    dx = 1 if dp == 0 else -1 if dp == 2 else 0
                    dy = 1 if dp == 1 else -1 if dp == 3 else 0
                    nx = x + dx
                    ny = y + dy
                    if not (0 <= nx < w and 0 <= ny < h):
                        continue
                    cn = codels[ny * w + nx]
                    if cn == BLACK:
                        continue
                    if cn != WHITE:
                        return packed(ny * w + nx, dp, cc, fails, slid, turned, PLAIN)
                    x = nx
                    y = ny
                    while True:
                        nx = x + dx
                        ny = y + dy
                        if not (0 <= nx < w and 0 <= ny < h):
                            break
                        cn = codels[ny * w + nx]
                        if cn != WHITE:
                            break
                        x = nx
                        y = ny
                    if 0 <= nx < w and 0 <= ny < h and cn != BLACK:
                        return packed(ny * w + nx, dp, cc, fails, slid, turned, PLAIN)
        elif nc != BLACK:
            return packed(n, dp, cc, fails, slid, turned, PLAIN if white else COMMAND)
        # a wall: the attempt fails (T2)
        if white:
            cc = 1 - cc
            dp = (dp + 1) & 3
        elif fails & 1 == 0:
            cc = 1 - cc
        else:
            dp = (dp + 1) & 3
        fails += 1
    return packed(pos, dp, cc, fails, slid, turned, END)


def packed(to: int, dp: int, cc: int, fails: int, slid: int, turned: int, kind: int) -> int:
    """:func:`find_move`'s answer."""
    return (((((to * 4 + dp) * 2 + cc) * 64 + fails) * 2 + slid) * 2 + turned) * 8 + kind


@mypyc_attr(native_class=False)
class PietMachine(ByteMachine):
    """A running Piet program.  See :class:`~esodbg.engines.base.Machine` for the contract; the
    stack is its store, ``pos``, ``dp``, ``cc``, the input cursor and the event counters its
    registers."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.width = program.width
        self.height = program.height
        self.codels: list[int] = list(program.codels)
        self.blocks: list[int] = list(program.blocks)
        self.exits: list[int] = list(program.exits)
        self.nexts: list[int] = list(program.nexts)
        self.sizes: list[int] = list(program.sizes)
        self.table: list[int] = [command_of(c, n) for c in range(18) for n in range(18)]
        self.spec: bool = (program.options.get("dialect") or "npiet") == "spec"
        self.bits: int = bits_of(program.options)
        self.stack: list[int] = []
        self.pos = 0
        self.dp = 0
        self.cc = 0
        # the event counters (LANGUAGE.events): steps with a CC toggle, a DP rotation, a white
        # slide, a stop in white, a turn in white; commands ignored, divisions by zero, reads at
        # the end of the input; the program ended by a retrace
        self.toggles = 0
        self.rotations = 0
        self.slides = 0
        self.white_stops = 0
        self.turns = 0
        self.ignored = 0
        self.zero_divisions = 0
        self.input_ends = 0
        self.retraced = 0
        self._start_bytes(0)
        if self.codels[0] == BLACK:
            self.status = Status.HALTED  # T1: 0 steps
        elif self._ended():
            self.status = Status.HALTED

    # ----- the contract -----------------------------------------------------------------------
    def stores(self) -> tuple:
        return (("stack", self.stack),)

    def registers(self) -> tuple:
        return (self.pos, self.dp, self.cc, self.in_byte, self.pending, self.toggles, self.rotations, self.slides,
                self.white_stops, self.turns, self.ignored, self.zero_divisions, self.input_ends, self.retraced)

    def set_registers(self, regs: tuple) -> None:
        (self.pos, self.dp, self.cc, self.in_byte, self.pending, self.toggles, self.rotations, self.slides,
         self.white_stops, self.turns, self.ignored, self.zero_divisions, self.input_ends, self.retraced) = regs

    def move(self) -> int:
        """:func:`find_move` from where the machine is."""
        return find_move(self.codels, self.blocks, self.exits, self.nexts, self.width, self.height, self.pos,
                         self.dp, self.cc, self.spec)

    def next_command(self) -> int:
        """The command the next step runs (0: none, or no move)."""
        r = self.move()
        if r & 7 != COMMAND:
            return 0
        to = r >> 14
        return self.table[self.codels[self.pos] * 18 + self.codels[to]]

    def may_change(self) -> tuple[tuple[str, object], ...]:
        """The stack's top two and the slot above (no command pops more than two or pushes more
        than one), or for a roll the values it rolls: a step is O(1) but for a roll's depth."""
        n = len(self.stack)
        low = n - 2
        if self.status is Status.READY and n >= 2 and self.next_command() == 13:
            depth = self.stack[-2]
            if 0 < depth <= n - 2:
                low = n - 2 - depth
        return tuple(("stack", i) for i in range(max(0, low), n + 1))

    def location(self) -> CellRef:
        return CellRef(BOARD, self.pos // self.width, self.pos % self.width)

    def next_touches(self) -> list[tuple[Location, str]]:
        """Exec at the IP's codel; ``block`` at every codel of its block (a white codel is its own);
        exec at ``command NAME`` when the next step runs NAME."""
        w = self.width
        here: list[tuple[Location, str]] = [(self.location(), "exec")]
        cmd = self.next_command()
        if cmd:
            here.append((NamedRef("command", COMMANDS[cmd]), "exec"))
        b = self.blocks[self.pos]
        if b < 0:
            return here + [(self.location(), "block")]
        return here + [(CellRef(BOARD, i // w, i % w), "block") for i in self.program.members[b]]

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> list[int] | None:
        """A flag word per codel, which :meth:`run` tests after each step: bit 0, stop when the IP
        arrives at the codel (``exec``) or anywhere in its block (``block``: every codel of the
        block has it); bit ``1 + dp * 2 + cc``, stop when it arrives there with that DP and CC
        (``command NAME``: on each colour block, the (DP, CC) pairs from which the block's next
        move runs NAME, found once here with :func:`find_move`)."""
        w, h = self.width, self.height
        flags = [0] * (w * h)
        wanted = [False] * len(COMMANDS)
        for at, kinds in breakpoints:
            if isinstance(at, NamedRef) and at.form == "command" and at.name in COMMANDS[1:] and "exec" in kinds:
                wanted[COMMANDS.index(at.name)] = True
            if isinstance(at, CellRef) and at.board == BOARD and 0 <= at.col < w and 0 <= at.row < h:
                i = at.row * w + at.col
                if "exec" in kinds:
                    flags[i] = 1
                if "block" in kinds:
                    b = self.blocks[i]
                    if b < 0:
                        flags[i] = 1
                    else:
                        for j in self.program.members[b]:
                            flags[j] = 1
        if any(wanted):
            for b, members in enumerate(self.program.members):
                first = members[0]
                bits = 0
                for k in range(8):  # k = dp * 2 + cc
                    r = find_move(self.codels, self.blocks, self.exits, self.nexts, w, h, first, k >> 1, k & 1,
                                  self.spec)
                    if r & 7 == COMMAND and wanted[self.table[self.codels[first] * 18 + self.codels[r >> 14]]]:
                        bits |= 2 << k
                if bits:
                    for j in members:
                        flags[j] |= bits
        return flags if any(flags) else None

    # ----- units of stepping (LANGUAGE.units: command, colour) ----------------------------------
    def unit_done(self, level: int, mark: object) -> bool:
        """After a step: does the unit end here?  0 ``command``, when the next step runs a
        command other than push and pop (or none runs: the program has ended); 1 ``colour``, when
        the IP stands on a colour block (not on a white codel)."""
        if self.status is not Status.READY:
            return True
        if level == 0:
            return self.next_command() > 2
        return self.codels[self.pos] != WHITE

    def unit_back(self, level: int) -> frozenset[Location]:
        """Where the units begin, to go back to the latest earlier arrival at one: ``command``,
        before a command other than push and pop (``command NAME`` locations); ``colour``, on
        any codel of a colour block."""
        if level == 0:
            return frozenset(NamedRef("command", name) for name in COMMANDS[3:])
        w = self.width
        return frozenset(CellRef(BOARD, i // w, i % w) for i, c in enumerate(self.codels) if c < WHITE)

    # ----- execution --------------------------------------------------------------------------
    def _ended(self) -> bool:
        """Whether the next step finds no move (T4) or retraces (W2): the program has ended (a
        retrace is counted as an event of the step before it)."""
        k = self.move() & 7
        if k == RETRACE:
            self.retraced += 1
        return k == END or k == RETRACE

    def _fail(self, text: str, pos: int) -> Stop:
        """A runtime error (R1, the integer bound) at the step leaving codel ``pos``."""
        w = self.width
        b = self.blocks[pos]
        size = self.sizes[b] if b >= 0 else 1
        where = f"block at ({pos % w}, {pos // w}), {size} codel{'s' if size != 1 else ''}"
        return self.fail(f"step {self.steps + 1}, {where}: {text}", CellRef(BOARD, pos // w, pos % w), None)

    def read_piet_number(self) -> tuple[int, int]:
        """in(number) (C2): skip space, TAB, LF, VT, FF, CR; an optional sign; decimal digits.
        ``(READ, value)``, ``(NO_NUMBER, 0)`` (nothing pushed: the end of the input, or no digit —
        then the offending byte stays unread and a sign is lost) or ``(WAITING, 0)`` (nothing
        read): flags apart from the value, which may be any integer within the bound (a sentinel
        value could be read from the input).  Raises :class:`~esodbg.engines.integers.Oversized`,
        nothing read, for a number past the bound."""
        saved = (self.in_pos, self.in_byte)
        while True:
            b = self.peek_byte()
            if b == NEEDS:
                self.in_pos, self.in_byte = saved
                return WAITING, 0
            if b == EOF:
                return NO_NUMBER, 0
            if b == 32 or 9 <= b <= 13:
                self.take_byte()
                continue
            break
        sign = 1
        if b == 43 or b == 45:
            self.take_byte()
            sign = -1 if b == 45 else 1
        value = 0
        digits = 0
        while True:
            b = self.peek_byte()
            if b == NEEDS:
                self.in_pos, self.in_byte = saved
                return WAITING, 0
            if not 48 <= b <= 57:
                break
            value = value * 10 + b - 48
            digits += 1
            if oversized(value, self.bits):
                self.in_pos, self.in_byte = saved
                raise Oversized(self.bits)
            self.take_byte()
        return (READ, sign * value) if digits else (NO_NUMBER, 0)

    def run(self, limit: int, stops: list[int] | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        codels, blocks, exits, nexts = self.codels, self.blocks, self.exits, self.nexts
        sizes, table, stack = self.sizes, self.table, self.stack
        w: int = self.width
        h: int = self.height
        spec: bool = self.spec
        bits: int = self.bits
        pos: int = self.pos
        dp: int = self.dp
        cc: int = self.cc
        needed = [0, 0, 1, 2, 2, 2, 2, 2, 1, 2, 1, 1, 1, 2, 0, 0, 1, 1]  # NEEDED (a Final tuple is rebuilt at each use)
        reason = Stop.LIMIT
        done = 0
        while done < limit:
            r = find_move(codels, blocks, exits, nexts, w, h, pos, dp, cc, spec)
            kind = r & 7
            if kind == END or kind == RETRACE:
                if kind == RETRACE:
                    self.retraced += 1
                self.pos, self.dp, self.cc = pos, dp, cc
                self.steps += done
                self.status = Status.HALTED
                self.flush()
                return Stop.HALTED
            turned = r >> 3 & 1
            slid = r >> 4 & 1
            fails = r >> 5 & 63
            ncc = r >> 11 & 1
            ndp = r >> 12 & 3
            to = r >> 14
            if kind == COMMAND:
                c = codels[pos]
                cmd = table[c * 18 + codels[to]]
                n = len(stack)
                if n < needed[cmd]:
                    self.ignored += 1
                elif cmd == 1:  # push the size of the block left
                    stack.append(sizes[blocks[pos]])
                elif cmd == 2:  # pop
                    stack.pop()
                elif cmd == 3 or cmd == 4:  # add, subtract
                    v = stack[-2] + stack[-1] if cmd == 3 else stack[-2] - stack[-1]
                    if oversized(v, bits):
                        self._save_fail(pos, dp, cc, done)
                        return self._fail(f"{COMMANDS[cmd]}: {message(bits)}", pos)
                    stack.pop()
                    stack[-1] = v
                elif cmd == 5:  # multiply
                    if product_oversized(stack[-2], stack[-1], bits):
                        self._save_fail(pos, dp, cc, done)
                        return self._fail(f"multiply: {message(bits)}", pos)
                    v = stack[-2] * stack[-1]
                    stack.pop()
                    stack[-1] = v
                elif cmd == 6:  # divide: toward zero (npiet), floored (spec); by zero: 99999999 / ignored
                    bv = stack[-1]
                    av = stack[-2]
                    if bv == 0:
                        self.zero_divisions += 1
                        if not spec:
                            stack.pop()
                            stack[-1] = DIV_BY_ZERO
                    else:
                        q = av // bv
                        if not spec and q < 0 and q * bv != av:
                            q += 1
                        stack.pop()
                        stack[-1] = q
                elif cmd == 7:  # mod: sign of a (npiet), of b (spec); by zero: R1 / ignored
                    bv = stack[-1]
                    av = stack[-2]
                    if bv == 0:
                        if not spec:
                            self._save_fail(pos, dp, cc, done)
                            return self._fail(f"mod by zero ({av} mod 0)", pos)
                        self.zero_divisions += 1
                    else:
                        m = av % bv
                        if not spec and m != 0 and (m < 0) != (av < 0):
                            m -= bv
                        stack.pop()
                        stack[-1] = m
                elif cmd == 8:  # not
                    stack[-1] = 1 if stack[-1] == 0 else 0
                elif cmd == 9:  # greater
                    v = 1 if stack[-2] > stack[-1] else 0
                    stack.pop()
                    stack[-1] = v
                elif cmd == 10:  # pointer: clockwise b mod 4 (floored)
                    ndp = (ndp + stack.pop()) & 3
                elif cmd == 11:  # switch
                    v = stack.pop()
                    if spec:
                        if v & 1:  # |b| odd (Python's & on a negative is two's complement: odd stays odd)
                            ncc = 1 - ncc
                    elif v > 0 and v & 1:
                        ncc = 1 - ncc
                elif cmd == 12:  # duplicate
                    stack.append(stack[-1])
                elif cmd == 13:  # roll
                    count = stack[-1]
                    depth = stack[-2]
                    if spec and (depth < 0 or depth > n - 2):
                        self.ignored += 1
                    else:
                        stack.pop()
                        stack.pop()
                        if depth < 0 or depth > n - 2:
                            self.ignored += 1
                        elif depth == 0:
                            if count < 0 and n > 2 and not spec:
                                stack[-1] = 0  # npiet reads the slot the popped depth left (C2)
                        elif depth > 1:
                            k = count % depth
                            if k:
                                base = n - 2 - depth
                                part = stack[base:]
                                for j in range(depth):
                                    stack[base + (j + k) % depth] = part[j]
                elif cmd == 14:  # in(number)
                    try:
                        got, v = self.read_piet_number()
                    except Oversized:
                        self._save_fail(pos, dp, cc, done)
                        return self._fail(f"in(number): {message(bits)}", pos)
                    if got == WAITING:
                        reason = Stop.NEEDS_INPUT
                        break
                    if got == NO_NUMBER:
                        self.input_ends += 1
                    else:
                        stack.append(v)
                elif cmd == 15:  # in(char)
                    v = self.read_byte()
                    if v == NEEDS:
                        reason = Stop.NEEDS_INPUT
                        break
                    if v == EOF:
                        self.input_ends += 1
                    else:
                        stack.append(0 if v == 255 and not spec else v)
                elif cmd == 16:  # out(number)
                    self.put_text(str(stack.pop()))
                elif cmd == 17:  # out(char): the low 8 bits
                    self.put_byte(stack.pop() & 255)
            if fails:
                if codels[pos] == WHITE:
                    self.toggles += 1
                    self.rotations += 1
                else:
                    self.toggles += 1
                    if fails > 1:
                        self.rotations += 1
            if slid:
                self.slides += 1
            if turned:
                self.turns += 1
            if kind == STOPPED:
                self.white_stops += 1
            pos = to
            dp = ndp
            cc = ncc
            done += 1
            if stops is not None:
                f = stops[pos]
                if f and (f & 1 or f >> (dp * 2 + cc + 1) & 1):
                    reason = Stop.BREAKPOINT
                    break
        self.pos, self.dp, self.cc = pos, dp, cc
        self.steps += done
        if reason is not Stop.NEEDS_INPUT and self._ended():
            self.status = Status.HALTED
            self.flush()
            return Stop.HALTED
        return reason

    def _save_fail(self, pos: int, dp: int, cc: int, done: int) -> None:
        """Before a failing step: the steps before it are done."""
        self.pos, self.dp, self.cc = pos, dp, cc
        self.steps += done
