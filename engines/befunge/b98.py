"""The Befunge-98 machine (spec `befunge.md` rules 4, 13–28): unbounded Funge-space, the stack of
stacks, concurrent instruction pointers, ``k``, ``y``, files and ``=`` only when allowed, and
fingerprints (:mod:`.fingerprints`).

State, laid out so the core's generic undo covers every step (base.py): Funge-space is a
:class:`~esodbg.engines.space.Space` (the program's box a list store, the cells outside it and
their counts dict stores, the box as registers); every stack of every IP is in one dict store,
``stacks[(ip id, level, index)]`` (level 0 the bottom stack, index 0 a stack's bottom), each
IP's stack sizes in its registers; fingerprints' own data in the dict store ``data``.  An IP is
a small object rebuilt from its registers (:meth:`IP.state`).

A step is one IP's tick (rule 4): the IPs run in list order, ``current`` the next to run.  A lone
IP runs its common ticks in :meth:`Befunge98Machine._fast`, its registers and top stack in locals
(the interpreter's speed); every other tick, and every tick of several IPs, in ``_tick``.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Final, Iterable

from ..compiled import mypyc_attr

from .. import installed
from ..base import CellRef, Location, NamedRef, Status, Stop
from ..iobuf import InputLog, Output
from ..space import Space
from . import MAX_REPEAT
from .common import BOARD, EOF, EXEC, NEEDS, SMALL, WRITE, ByteMachine, cdiv, cmod, sync, wrap64
from .parser import Program

if TYPE_CHECKING:  # mypyc's native integers; plain ints when the module runs as Python
    from mypy_extensions import i64

DIRECTIONS = ((1, 0), (-1, 0), (0, -1), (0, 1))
HANDPRINT = 0x45534F44  # "ESOD" (rule 25)
SPACE: Final = 32  # Final: the compiled loop inlines them (a global is a dict lookup)
SEMI: Final = 59
QUOTE: Final = 34
# What one step may do (--max-repeat, default MAX_REPEAT; Decisions, docs/befunge.md), so that no
# step runs long (about a microsecond a repetition): a { } or u that would add more cells than this
# reflects, as cfunge does when it cannot allocate them; a k that would repeat an instruction
# more times than this is a runtime error, unless repeating it is the same as running it a few
# times (turning, a no-op); and a k's repetitions, a repeated k's included, with the cells they
# move, stop with a runtime error where they pass it.  HEAVY are the instructions whose one run
# may add, drop or move many cells: under k each repetition of one is charged the cells it moved,
# not 1 (a repeated { of 60,000 cells is 60,000).
HEAVY = frozenset(b"{}utyn()i" + bytes(range(65, 91)))
# The instructions whose tick changes at most the top three cells of the IP's top stack and the
# two above them, and for p and s one cell of Funge-space: what may_change names for them.
NARROW = frozenset(b"0123456789abcdef><^v+-*/%`!:\\$.,_|#?r[]wxzjg'\"&~ps")
# What n repetitions of these come to: the same as running them n mod PERIOD times (a period
# of 1: once, if n > 0).
PERIODS = {ord(c): period for c, period in (*((c, 1) for c in "><^vz"), ("r", 2), ("[", 4), ("]", 4))}
# What :meth:`Befunge98Machine.next_touches` lists, kind "write", before a tick that may write
# Funge-space at cells it does not name (:meth:`Befunge98Machine._wild`): a ``k`` repeating a
# writer, ``i``, a fingerprint's letter.  A cell's write stop stops there too (it may be written).
ANYWHERE = NamedRef(BOARD, "any cell")


@mypyc_attr(native_class=False)
class IP:
    """An instruction pointer (rule 16): ``id``, position, delta, storage offset, string mode
    (``space_due``: a wrap in string mode owes the string one space, rule 19), the sizes of its
    stacks (bottom first; its cells are in the machine's ``stacks``), and each letter's stack of
    fingerprint semantics (rule 28: ``sem[0]`` is ``A``'s, top last)."""

    def __init__(self, id: int, x: int, y: int, dx: int, dy: int, ox: int, oy: int, smode: bool,
                 space_due: bool, depths: list[int], sem: list[tuple[int, ...]], cells: dict, began: int = 0) -> None:
        self.id, self.x, self.y, self.dx, self.dy, self.ox, self.oy = id, x, y, dx, dy, ox, oy
        self.smode, self.space_due = smode, space_due
        self.began = began  # the step its string began at (the unit "string")
        self.depths = depths
        self.sem = sem
        self.cells = cells
        self.dead = False
        self.reflects = 0  # reflections in the running tick (the event reflect; not state: reset each tick)

    def state(self) -> tuple:
        """The IP as immutable registers."""
        return (self.id, self.x, self.y, self.dx, self.dy, self.ox, self.oy, self.smode, self.space_due,
                tuple(self.depths), tuple(self.sem), self.began)

    # ----- the top stack (TOSS) ---------------------------------------------------------------
    def push(self, v: int) -> None:
        level = len(self.depths) - 1
        n = self.depths[level]
        self.cells[(self.id, level, n)] = v
        self.depths[level] = n + 1

    def pop(self) -> int:
        """The top value, removed; 0 if the stack is empty (rule 8)."""
        level = len(self.depths) - 1
        n = self.depths[level]
        if n == 0:
            return 0
        self.depths[level] = n - 1
        return self.cells.pop((self.id, level, n - 1))

    def peek(self, i: int = 0) -> int:
        """The value ``i`` below the top (0: the top), 0 below the bottom."""
        level = len(self.depths) - 1
        n = self.depths[level]
        return self.cells[(self.id, level, n - 1 - i)] if i < n else 0

    def push_vector(self, x: int, y: int) -> None:
        self.push(x)
        self.push(y)

    def pop_vector(self) -> tuple[int, int]:
        y = self.pop()
        return self.pop(), y

    def clear(self) -> None:
        """Empty the top stack (``n``)."""
        level = len(self.depths) - 1
        cells, key = self.cells, self.id
        for i in range(self.depths[level]):
            del cells[(key, level, i)]
        self.depths[level] = 0

    def push_all(self, values: Iterable[int]) -> None:
        """Push ``values``, the first first (so the last is on top)."""
        level = len(self.depths) - 1
        n = self.depths[level]
        cells, key = self.cells, self.id
        for v in values:
            cells[(key, level, n)] = v
            n += 1
        self.depths[level] = n

    def push_string(self, text: bytes) -> None:
        """A 0"gnirts": the bytes, then 0 under them, so the first byte is on top."""
        self.push(0)
        self.push_all(reversed(text))

    def pop_string(self) -> bytes:
        out = bytearray()
        while True:
            v = self.pop()
            if v == 0:
                return bytes(out)
            out.append(v & 255)

    def stack(self, level: int) -> list[int]:
        """The stack ``level`` (0 the bottom one), bottom first."""
        return [self.cells[(self.id, level, i)] for i in range(self.depths[level])]

    def reflect(self) -> None:
        """Reverse the delta: ``r``, and what rule 20 and the refusals make reflect."""
        self.dx, self.dy = -self.dx, -self.dy
        self.reflects += 1


@mypyc_attr(native_class=False)
class Befunge98Machine(ByteMachine):
    """A running Befunge-98 program.  See :class:`~esodbg.engines.base.Machine` for the contract."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.space = Space(program.cells)
        self.stacks: dict[tuple[int, int, int], int] = {}
        self.data: dict = {}  # fingerprints' own state (the fingerprints package)
        self.ips: list[IP] = [IP(0, 0, 0, 1, 0, 0, 0, False, False, [0], [()] * 26, self.stacks)]
        self.current = 0  # the IP that runs next
        self.next_id = 1
        self.exit_code = 0  # q's (rule 3)
        self.tick_began = 0  # the step the current tick began at (the unit "tick")
        self.counts: tuple[int, ...] = (0, 0, 0, 0, 0)  # wraps, writes, splits, deaths, reflects (the events)
        self.allow_files = bool(program.options.get("allow_files"))
        self.allow_shell = bool(program.options.get("allow_shell"))
        self.max_repeat: int = program.options.get("max_repeat") or MAX_REPEAT
        # What the running k tick may still do (repetitions and cells moved), and where its k is:
        # set as a k tick begins (_tick), spent by _iterate.
        self.work_left = 0
        self.k_at = (0, 0)
        # Whether run() takes the common ticks of a lone IP in _fast; off, every tick goes through
        # _tick (the tests compare the two).
        self.fast_loop = True
        # The clock y and the time fingerprints read (:meth:`now`) starts at the run's start and
        # runs a microsecond a step, so that running a step again (stepping back and forth, a
        # checkpoint re-executed) gives the same values.
        self.clock = time.time()
        self._start_bytes(program.options.get("seed") or 0)
        self.sysinfo_tail: list[int] = []  # y's cells that never change: the file, the environment

    # ----- the contract -----------------------------------------------------------------------
    def stores(self) -> tuple:
        return (*self.space.stores(), ("stacks", self.stacks), ("data", self.data))

    def may_change(self) -> tuple[tuple[str, object], ...] | None:
        """The next tick's changes when its instruction is NARROW (or it is a string-mode tick):
        the running IP's top stack's top three cells and the two above them, and the cell a ``p``
        or ``s`` writes inside the grid; ``None`` (every store compared) for the rest, so that a
        step of a program with a deep stack or a big Funge-space costs its own cells."""
        if not self.ips or self.current >= len(self.ips):
            return None
        ip = self.ips[self.current]
        level = len(ip.depths) - 1
        depth = ip.depths[level]
        keys: list[tuple[str, object]] = [("stacks", (ip.id, level, i)) for i in range(max(0, depth - 3), depth + 2)]
        if ip.smode:
            return tuple(keys)
        x, y = self.runs_at(ip)
        c = self.space.get(x, y)
        if c not in NARROW:
            return None
        if c == 112 or c == 115:
            target = _target(c, x, y, ip.dx, ip.dy, ip.ox, ip.oy, ip.peek(0), ip.peek(1))
            store, key = self.space.key(*target) if target is not None else ("far", None)
            if store != "grid":
                return None  # a cell outside the grid: its counts change too
            keys.append((store, key))
        return tuple(keys)

    def registers(self) -> tuple:
        return (tuple(ip.state() for ip in self.ips), self.current, self.next_id, self.exit_code,
                self.space.box(), self.in_byte, self.pending, self.rng, self.counts, self.tick_began)

    def set_registers(self, regs: tuple) -> None:
        (ips, self.current, self.next_id, self.exit_code, box, self.in_byte, self.pending, self.rng,
         self.counts, self.tick_began) = regs
        self.space.set_box(box)
        self.ips = [IP(i, x, y, dx, dy, ox, oy, sm, due, list(depths), list(sem), self.stacks, began)
                    for i, x, y, dx, dy, ox, oy, sm, due, depths, sem, began in ips]

    def unit_start(self, level: int) -> int:
        """Units (LANGUAGE98.units): 0, the tick (every IP once, rule 4), began when the first IP
        in the list last ran; 1, a whole string of the IP that runs next, from its opening ``"``."""
        if level == 0:
            return self.tick_began
        ip = self.ip if self.ips else None
        return ip.began if ip is not None and ip.smode else self.steps

    @property
    def ip(self) -> IP:
        """The IP that runs next (the last one, once all died)."""
        return self.ips[self.current] if self.current < len(self.ips) else self.ips[-1]

    def location(self) -> CellRef:
        """The cell the next IP runs: where it stands, past spaces and ``;`` regions (rule 18)."""
        if not self.ips:
            return CellRef(BOARD, 0, 0)
        x, y = self.runs_at(self.ip)
        return CellRef(BOARD, y, x)

    def runs_at(self, ip: IP) -> tuple[int, int]:
        """The cell ``ip`` runs when its turn comes: where it stands, past spaces and ``;``
        regions unless it is in string mode (rule 18)."""
        at = (ip.x, ip.y) if ip.smode else self._skip(ip.x, ip.y, ip.dx, ip.dy)
        return at if at is not None else (ip.x, ip.y)

    def next_touches(self) -> list[tuple[Location, str]]:
        """Exec where the next IP runs; the cell a ``p`` or ``s`` there writes, or
        :data:`ANYWHERE` before a tick that may write cells it cannot name (:meth:`_wild`)."""
        at = self.location()
        out: list[tuple[Location, str]] = [(at, "exec")]
        if self.ips and not self.ip.smode:
            ip = self.ip
            target = self._writes(ip, at.col, at.row)
            if target is not None:
                out.append((CellRef(BOARD, target[1], target[0]), "write"))
            elif self._wild(ip, self.space.get(at.col, at.row), at.col, at.row, ip.dx, ip.dy):
                out.append((ANYWHERE, "write"))
        return out

    def _writes(self, ip: IP, x: int, y: int) -> tuple[int, int] | None:
        """The cell the instruction at ``(x, y)`` writes when ``ip`` runs it: ``p`` and ``s``."""
        return _target(self.space.get(x, y), x, y, ip.dx, ip.dy, ip.ox, ip.oy, ip.peek(0), ip.peek(1))

    def _wild(self, ip: IP, c: int, x: int, y: int, dx: int, dy: int) -> bool:
        """Whether the instruction ``c`` at ``(x, y)``, run by ``ip`` going ``(dx, dy)``, may
        write Funge-space at cells :meth:`_writes` does not name: ``i`` (when files are
        allowed), a letter with fingerprint semantics, a ``k`` repeating one of them or ``p``,
        ``s`` or ``k``.  They all run in :meth:`_tick`, never in :meth:`_fast`."""
        if c == 107:  # k: what it repeats
            at = self._repeated(x, y, dx, dy)
            if at is None:
                return False
            c = self.space.get(at[0], at[1])
            if c == 112 or c == 115 or c == 107:
                return True
        if c == 105:
            return self.allow_files
        return 65 <= c <= 90 and len(ip.sem[c - 65]) > 0

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> dict | None:
        """``{(x, y): flags}`` (:data:`EXEC`, :data:`WRITE`).  A cell's write stop stops before
        every tick that may write it: a ``p`` or ``s`` that writes it, and every tick that may
        write cells :meth:`next_touches` does not name (:data:`ANYWHERE`, which itself adds
        nothing: it stops only with a cell's write stop)."""
        stops: dict[tuple[int, int], int] = {}
        for at, kinds in breakpoints:
            if isinstance(at, CellRef) and at.board == BOARD:
                flags = (EXEC if "exec" in kinds else 0) | (WRITE if "write" in kinds else 0)
                if flags:
                    stops[(at.col, at.row)] = stops.get((at.col, at.row), 0) | flags
        return stops or None

    def _hit(self, stops: dict) -> bool:
        """Whether the next tick stops at one of ``stops`` (:meth:`compile_stops`)."""
        at = self.location()
        x, y = at.col, at.row
        if stops.get((x, y), 0) & EXEC:
            return True
        if not self.ips or self.ip.smode:
            return False
        ip = self.ip
        return self._write_stop(stops, self.space.get(x, y), x, y, ip.dx, ip.dy, ip.ox, ip.oy, ip.peek(0), ip.peek(1),
                                ip)

    def _write_stop(self, stops: dict, c: int, x: int, y: int, dx: int, dy: int, ox: int, oy: int, top: int,
                    second: int, ip: IP) -> bool:
        """Whether the instruction ``c`` at ``(x, y)``, not in string mode, stops at a write stop
        of ``stops`` (``top`` and ``second`` the IP's top two values): a ``p`` or ``s`` writing
        a cell that has one, or a tick that may write cells :meth:`next_touches` cannot name
        (:meth:`_wild`) while any cell has one.  :meth:`_hit` and :meth:`_fast` (with its
        registers) both ask it."""
        if c == 112 or c == 115:
            target = _target(c, x, y, dx, dy, ox, oy, top, second)
            return target is not None and bool(stops.get(target, 0) & WRITE)
        if c == 107 or c == 105 or 65 <= c <= 90:
            return self._wild(ip, c, x, y, dx, dy) and any(flags & WRITE for flags in stops.values())
        return False

    # ----- movement (rules 17, 18) ------------------------------------------------------------
    def move(self, ip: IP, counted: bool = True) -> bool:
        """The normal move: ``p + delta``, wrapping back into the box if that is outside it.
        Returns whether it wrapped (the event ``wrap``, when ``counted``: the moves of the IP
        that runs).  A line that never meets the box leaves the IP outside, flying: its next
        tick finds nothing to run (a runtime error, rule 17)."""
        ahead = (ip.x + ip.dx, ip.y + ip.dy)
        at = self.space.step(ip.x, ip.y, ip.dx, ip.dy)
        ip.x, ip.y = at if at is not None else ahead
        if at is None or at == ahead:
            return False
        if counted:
            self._count(0)
        return True

    def _count(self, event: int) -> None:
        counts = list(self.counts)
        counts[event] += 1
        self.counts = tuple(counts)

    def _skip(self, x: int, y: int, dx: int, dy: int) -> tuple[int, int] | None:
        """Where an IP at ``(x, y)`` going ``(dx, dy)`` finds its next instruction, passing
        spaces and ``;`` regions in no time (rule 18); ``None`` if it would pass forever."""
        space = self.space
        get = space.get
        c = get(x, y)
        if c != SPACE and c != SEMI:
            return x, y
        comment = False
        for _ in range(space.rounds(2)):  # twice along the line and nothing found: it never will be
            if comment:
                if c == SEMI:
                    comment = False
            elif c == SEMI:
                comment = True
            elif c != SPACE:
                return x, y
            at = self.space.step(x, y, dx, dy)
            if at is None:
                return None
            x, y = at
            c = get(x, y)
        return None

    # ----- the tick ---------------------------------------------------------------------------
    def _fail(self, ip: IP, message: str, at: tuple[int, int] | None = None) -> Stop:
        """A runtime error of ``ip`` at ``at`` (default: where it stands); nothing else changes."""
        x, y = at if at is not None else (ip.x, ip.y)
        return self.fail(message, CellRef(BOARD, y, x), self.program.span(x, y))

    def run(self, limit: int, stops: dict | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        done = 0
        while done < limit:
            if self.fast_loop and len(self.ips) == 1:
                n, stop = self._fast(limit - done, stops)
                done += n
                if stop is not None:
                    return stop
                if done >= limit:
                    break
            ip = self.ips[self.current]
            reason = self._tick(ip)
            if ip.reflects:
                ip.reflects = 0
                self._count(4)
            if reason is not None:
                if reason is Stop.NEEDS_INPUT:
                    return reason
                if reason is Stop.ERROR:
                    return reason
                # HALTED: q, or the last IP died
                self.steps += 1
                self.status = Status.HALTED
                self.flush()
                return Stop.HALTED
            self.steps += 1
            done += 1
            if ip.dead:
                self.ips.remove(ip)  # the next one slides into its place: it runs in this tick (rule 24)
                if not self.ips:
                    self.current = 0
                    self.status = Status.HALTED
                    self.flush()
                    return Stop.HALTED
            else:
                self.current += 1
            if self.current >= len(self.ips):
                self.current = 0
                self.tick_began = self.steps
            if stops is not None and self._hit(stops):
                return Stop.BREAKPOINT
        return Stop.LIMIT

    def _fast(self, limit: int, stops: dict | None) -> tuple[int, Stop | None]:
        """Run the only IP for up to ``limit`` (≥ 1) ticks, each exactly as :meth:`_tick` runs
        it, with its registers in locals: the common instructions, string mode, spaces and ``;``.
        It returns before a tick it leaves to :meth:`_tick` (``t k ( ) { } u n i o = y q @ & ~``,
        fingerprint letters, any other cell, an IP that finds nothing to run), with the IP as
        that tick expects it.  Returns the ticks run and ``BREAKPOINT`` if one of ``stops``
        (:meth:`compile_stops`) stopped it, else ``None``.

        The top stack is ``t``, ``s`` and a list, ``toss``, over the cells
        ``stacks[(id, level, base…)]``: it begins empty (``base`` the stack's depth) and takes
        cells from the store only when a tick may pop more than it holds (:meth:`_refill`), so a
        run costs its own ticks, not the stack's depth; the registers, the counts and the cells
        go back at the end."""
        ip = self.ips[0]
        space = self.space
        grid, width, height, far = space.grid, space.width, space.height, space.far
        min_x, max_x, min_y, max_y, empty = space.min_x, space.max_x, space.min_y, space.max_y, space.empty
        gw: i64 = width
        x, y, dx, dy, ox, oy = ip.x, ip.y, ip.dx, ip.dy, ip.ox, ip.oy
        smode, due, began = ip.smode, ip.space_due, ip.began
        cells = self.stacks
        iid = ip.id
        level = len(ip.depths) - 1
        base = ip.depths[level]
        # The top two cells are 64-bit native integers, t and s (0 where the stack is shallower:
        # rule 23's implicit zeros), as in the Befunge-93 loop; ``toss`` holds the cells below
        # them (exact below ``depth - 2``, stale ones past it), ``depth`` how many the loop
        # holds, so the ticks that keep within the top two neither box an integer nor resize
        # the list.  The cells below ``base`` stay in the store until a tick may pop them.
        toss: list = []
        n: i64 = 0  # len(toss) (≥ depth - 2)
        depth: i64 = 0
        t: i64 = 0
        s: i64 = 0
        a: i64
        b: i64
        r: i64
        v: i64 = 0  # what the tick pushes, if push (after the dispatch)
        push = False
        c: i64
        wraps = writes = reflects = 0
        start = self.steps
        stop: Stop | None = None
        # The stops are looked at before a tick, where its cell is known (spaces passed): an exec
        # stop only inside the box around them, a write stop only on a p or an s.
        sx0, sy0, sx1, sy1, writing = _stop_box(stops)
        done = 0
        while done < limit:
            if base > 0 and depth < 3:  # no tick here pops more than three
                sync(toss, depth, s, t)
                base = _refill(toss, cells, iid, level, base)
                n = len(toss)
                depth = n
                t = toss[n - 1] if n >= 1 else 0
                s = toss[n - 2] if n >= 2 else 0
            if smode:  # rule 19, as _string_tick
                if done > 0 and sx0 <= x <= sx1 and sy0 <= y <= sy1 and stops is not None \
                        and stops.get((x, y), 0) & EXEC:
                    stop = Stop.BREAKPOINT
                    break
                passing = False
                if due:
                    v = SPACE
                    push = True
                    due = False
                    passing = True
                else:
                    c = grid[y * width + x] if 0 <= x < width and 0 <= y < height else far.get((x, y), SPACE)
                    if c == QUOTE:
                        smode = False
                    else:
                        v = c
                        push = True
                        passing = c == SPACE
                    nx, ny = x + dx, y + dy
                    if not empty and min_x <= nx <= max_x and min_y <= ny <= max_y:
                        x, y = nx, ny
                    else:
                        at = space.wrap(x, y, dx, dy)
                        if at is None:
                            x, y = nx, ny
                        else:
                            x, y = at
                            wraps += 1
                            if smode and not passing:
                                due = True
                if passing:
                    for _ in range(space.rounds(2)):
                        if (grid[y * width + x] if 0 <= x < width and 0 <= y < height
                                else far.get((x, y), SPACE)) != SPACE:
                            break
                        nx, ny = x + dx, y + dy
                        if not empty and min_x <= nx <= max_x and min_y <= ny <= max_y:
                            x, y = nx, ny
                        else:
                            at = space.wrap(x, y, dx, dy)
                            if at is None:
                                x, y = nx, ny
                            else:
                                x, y = at
                                wraps += 1
            else:
                if 0 <= x < width and 0 <= y < height:
                    row: i64 = y  # native: a product of two tagged ints is a call
                    col: i64 = x
                    c = grid[row * gw + col]
                else:
                    c = far.get((x, y), SPACE)
                px, py = x, y  # where the IP stands if the tick is left to _tick
                if c == SPACE and (dx or dy) and not empty and min_x <= x <= max_x and min_y <= y <= max_y:
                    # rule 18: spaces pass in no time.  Along the grid first: a line from inside
                    # the box to a cell that is not blank stays inside it (the box is convex)
                    x += dx
                    y += dy
                    c = SEMI  # off the grid, or a ; region: _skip's way from the start
                    while 0 <= x < width and 0 <= y < height:
                        row = y
                        col = x
                        ahead: i64 = grid[row * gw + col]
                        if ahead != SPACE:
                            c = ahead
                            break
                        x += dx
                        y += dy
                    if c == SEMI:
                        x, y = px, py
                if c == SPACE or c == SEMI:
                    found = self._skip(x, y, dx, dy)
                    if found is None:
                        break
                    x, y = found
                    c = grid[y * width + x] if 0 <= x < width and 0 <= y < height else far.get((x, y), SPACE)
                if done > 0 and stops is not None and (
                        sx0 <= x <= sx1 and sy0 <= y <= sy1 and stops.get((x, y), 0) & EXEC
                        or writing and (c == 112 or c == 115 or c == 107 or c == 105 or 65 <= c <= 90)
                        and self._write_stop(stops, c, x, y, dx, dy, ox, oy, t, s, ip)):
                    x, y = px, py  # where the IP stands: the spaces before the cell pass with the tick
                    stop = Stop.BREAKPOINT
                    break
                if 48 <= c <= 57:
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
                elif c == 43 or c == 45 or c == 42 or c == 96 or c == 47 or c == 37 or c == 103:
                    # + - * ` / % g pop two and push one: b's place (s) takes the result
                    a = t
                    b = s
                    if c == 43 or c == 45 or c == 42:
                        r = b + a if c == 43 else b - a if c == 45 else b * a
                        if not -SMALL <= r <= SMALL:
                            r = wrap64(r)
                    elif c == 96:
                        r = 1 if b > a else 0
                    elif c == 103:  # g: b is x, a is y
                        gx: int = b  # not 64-bit: the offset may carry the sum past 2^63 (rule 14)
                        gy: int = a
                        r = space.get(gx + ox, gy + oy)
                    elif a == 0:  # rule 15: a zero divisor gives 0
                        r = 0
                    else:
                        r = cdiv(b, a) if c == 47 else cmod(b, a)
                    t = r
                    if depth >= 3:
                        s = toss[depth - 3]
                    else:
                        s = 0
                    if depth > 1:
                        depth -= 1
                    else:
                        depth = 1
                elif c == 95 or c == 124 or c == 36 or c == 46 or c == 44 or c == 106 or c == 115:
                    # _ | $ . , j s pop one value
                    a = t
                    t = s
                    if depth >= 3:
                        s = toss[depth - 3]
                    else:
                        s = 0
                    if depth > 0:
                        depth -= 1
                    # not `if a`: mypyc boxes a native int to test it
                    if c == 95:
                        dx, dy = (-1, 0) if a != 0 else (1, 0)
                    elif c == 124:
                        dx, dy = (0, -1) if a != 0 else (0, 1)
                    elif c == 46:
                        self.put_text(f"{a} ")
                    elif c == 44:
                        self.put_byte(a & 255)
                    elif c == 106:  # j
                        jump: int = a  # not 64-bit: the IP may land far outside the box (rule 17)
                        x += jump * dx
                        y += jump * dy
                    elif c == 115:  # s
                        x += dx
                        y += dy
                        space.put(x, y, a)
                        writes += 1
                        min_x, max_x, min_y, max_y, empty = space.min_x, space.max_x, space.min_y, space.max_y, space.empty
                elif c == 58:  # : (empty: two 0s, rule 23)
                    if depth == 0:
                        depth = 2
                    else:
                        v = t
                        push = True
                elif c == 35:  # # (rule 17: no wrapping)
                    x += dx
                    y += dy
                elif 97 <= c <= 102:
                    v = c - 87
                    push = True
                elif c == 33:
                    if depth > 0:
                        t = 0 if t != 0 else 1
                    else:
                        t = 1
                        depth = 1
                elif c == 92:  # \ (the missing operand is a 0)
                    if depth >= 2:
                        t, s = s, t
                    else:
                        s, t = t, 0
                        depth = 2
                elif c == QUOTE:
                    smode = True
                    began = start + done
                elif c == 112:  # p: pops y, x and the value
                    a = t
                    b = s
                    value: i64 = toss[depth - 3] if depth >= 3 else 0
                    if depth >= 4:
                        t = toss[depth - 4]
                        s = toss[depth - 5] if depth >= 5 else 0
                        depth -= 3
                    else:
                        t = 0
                        s = 0
                        depth = 0
                    wx: int = b  # as g's
                    wy: int = a
                    space.put(wx + ox, wy + oy, value)
                    writes += 1
                    min_x, max_x, min_y, max_y, empty = space.min_x, space.max_x, space.min_y, space.max_y, space.empty
                elif c == 39:  # '
                    x += dx
                    y += dy
                    v = space.get(x, y)
                    push = True
                elif c == 63:
                    dx, dy = DIRECTIONS[self.random4()]
                elif c == 114:  # r
                    dx, dy = -dx, -dy
                    reflects += 1
                elif c == 91:
                    dx, dy = dy, -dx
                elif c == 93:
                    dx, dy = -dy, dx
                elif c == 119 or c == 120:  # w x pop two
                    a = t
                    b = s
                    t = toss[depth - 3] if depth >= 3 else 0
                    s = toss[depth - 4] if depth >= 4 else 0
                    depth = depth - 2 if depth >= 2 else 0
                    if c == 120:  # x: b is dx, a is dy
                        dx = b
                        dy = a
                    elif b < a:
                        dx, dy = dy, -dx
                    elif b > a:
                        dx, dy = -dy, dx
                elif c != 122:  # z does nothing; the rest is _tick's
                    x, y = px, py
                    break
                nx, ny = x + dx, y + dy
                if not empty and min_x <= nx <= max_x and min_y <= ny <= max_y:
                    x, y = nx, ny
                else:
                    at = space.wrap(x, y, dx, dy)
                    if at is None:
                        x, y = nx, ny
                    else:
                        x, y = at
                        wraps += 1
                        if smode:
                            due = True  # a string that has just begun wraps: the empty space is a space
            if push:  # v goes on top, s down into the list
                push = False
                if depth >= 2:
                    k: i64 = depth - 2
                    if k < n:
                        toss[k] = s
                    else:
                        toss.append(s)
                        n += 1
                s = t
                t = v
                depth += 1
            done += 1
        sync(toss, depth, s, t)
        ip.x, ip.y, ip.dx, ip.dy = x, y, dx, dy
        ip.smode, ip.space_due, ip.began = smode, due, began
        ip.depths[level] = base + len(toss)
        for i in range(len(toss)):
            cells[(iid, level, base + i)] = toss[i]
        if done:
            self.steps = start + done
            self.tick_began = start + done  # one IP: each tick is a whole tick (rule 4)
            if wraps or writes or reflects:
                w, p, t_, d, rf = self.counts
                self.counts = (w + wraps, p + writes, t_, d, rf + reflects)
        if stop is None and done >= limit and stops is not None and self._hit(stops):
            stop = Stop.BREAKPOINT  # the last tick arrived at one: the next run must not pass it
        return done, stop

    def _tick(self, ip: IP) -> Stop | None:
        """Run ``ip`` once.  ``None``: done (``ip.dead`` if it died); else why the run stops
        (nothing of the tick happened for ``NEEDS_INPUT`` and ``ERROR``)."""
        if ip.smode:
            return self._string_tick(ip)
        at = self._skip(ip.x, ip.y, ip.dx, ip.dy)
        if at is None:
            return self._fail(ip, "the instruction pointer finds no instruction on its line ever again: only "
                                  "spaces and ;…; comments, or a line that misses Funge-space (rules 17, 18)")
        c = self.space.get(at[0], at[1])
        if c == 107:  # k: a step that would run long fails before it changes anything
            if ip.peek(0) > self.max_repeat:
                found = self._repeated(at[0], at[1], ip.dx, ip.dy)
                repeated = self.space.get(found[0], found[1]) if found is not None else None
                if repeated is not None and repeated not in PERIODS:
                    return self._fail(ip, f"k would repeat {chr(repeated) if 32 < repeated < 127 else repeated!r} "
                                          f"{ip.peek(0):,} times in one step: more than esodbg runs "
                                          f"({self.max_repeat:,}; raise --max-repeat)", at)
            self.work_left = self.max_repeat
            self.k_at = at
        if c == 126 or c == 38:  # ~ & may need input that has not come: find out before moving
            if self._input_value(c == 38, peek=True) == NEEDS:
                return Stop.NEEDS_INPUT
        ip.x, ip.y = at
        end = self.execute(ip, c)
        if end is not None:
            return end
        if not ip.dead and self.move(ip) and ip.smode:
            ip.space_due = True  # a string that has just begun wraps: the empty space is a space (rule 19)
        return None

    def _string_tick(self, ip: IP) -> Stop | None:
        """A tick in string mode (rule 19): push the cell; a run of spaces pushes one space."""
        space = self.space
        if ip.space_due:  # a wrap crossed empty space: one space, and the run goes on
            ip.push(SPACE)
            ip.space_due = False
            self._pass_spaces(ip)
            return None
        c = space.get(ip.x, ip.y)
        if c == QUOTE:
            ip.smode = False
            self.move(ip)
        elif c == SPACE:
            ip.push(SPACE)
            self.move(ip)
            self._pass_spaces(ip)
        else:
            ip.push(c)
            if self.move(ip):
                ip.space_due = True
        return None

    def _pass_spaces(self, ip: IP) -> None:
        space = self.space
        for _ in range(space.rounds(2)):
            if space.get(ip.x, ip.y) != SPACE:
                return
            self.move(ip)

    # ----- instructions -----------------------------------------------------------------------
    def execute(self, ip: IP, c: int) -> Stop | None:
        """Run the instruction ``c`` for ``ip`` where it stands (no move after: the tick does
        that).  Returns ``HALTED`` for ``q`` (and for the last ``@``: the tick marks the IP
        dead), else ``None``."""
        if 48 <= c <= 57:
            ip.push(c - 48)
        elif 97 <= c <= 102:
            ip.push(c - 87)
        elif c == 62:
            ip.dx, ip.dy = 1, 0
        elif c == 60:
            ip.dx, ip.dy = -1, 0
        elif c == 94:
            ip.dx, ip.dy = 0, -1
        elif c == 118:
            ip.dx, ip.dy = 0, 1
        elif c == 43:
            a = ip.pop()
            r = ip.pop() + a
            ip.push(r if -SMALL <= r <= SMALL else wrap64(r))
        elif c == 45:
            a = ip.pop()
            r = ip.pop() - a
            ip.push(r if -SMALL <= r <= SMALL else wrap64(r))
        elif c == 42:
            a = ip.pop()
            r = ip.pop() * a
            ip.push(r if -SMALL <= r <= SMALL else wrap64(r))
        elif c == 47 or c == 37:  # rule 15: a zero divisor gives 0
            a = ip.pop()
            b = ip.pop()
            ip.push(0 if a == 0 else cdiv(b, a) if c == 47 else cmod(b, a))
        elif c == 33:
            ip.push(0 if ip.pop() else 1)
        elif c == 96:
            a = ip.pop()
            ip.push(1 if ip.pop() > a else 0)
        elif c == 95:
            ip.dx, ip.dy = (-1, 0) if ip.pop() else (1, 0)
        elif c == 124:
            ip.dx, ip.dy = (0, -1) if ip.pop() else (0, 1)
        elif c == 63:
            ip.dx, ip.dy = DIRECTIONS[self.random4()]
        elif c == QUOTE:
            ip.smode = True
            ip.began = self.steps
        elif c == 58:  # : (empty: two 0s, rule 23)
            a = ip.pop()
            ip.push(a)
            ip.push(a)
        elif c == 92:
            a = ip.pop()
            b = ip.pop()
            ip.push(a)
            ip.push(b)
        elif c == 36:
            ip.pop()
        elif c == 46:
            self.put_text(f"{ip.pop()} ")
        elif c == 44:
            self.put_byte(ip.pop() & 255)
        elif c == 35:  # # (rule 17: no wrapping)
            ip.x += ip.dx
            ip.y += ip.dy
        elif c == 103:
            x, y = ip.pop_vector()
            ip.push(self.space.get(x + ip.ox, y + ip.oy))
        elif c == 112:
            x, y = ip.pop_vector()
            self.space.put(x + ip.ox, y + ip.oy, ip.pop())
            self._count(1)
        elif c == 38 or c == 126:
            value = self._input_value(c == 38, peek=False)
            if value == EOF:
                ip.reflect()
            else:
                ip.push(value)
        elif c == 64:  # @ ends its own IP (rule 24)
            ip.dead = True
            self._count(3)
        elif c == 39:  # '
            ip.x += ip.dx
            ip.y += ip.dy
            ip.push(self.space.get(ip.x, ip.y))
        elif c == 115:  # s
            ip.x += ip.dx
            ip.y += ip.dy
            self.space.put(ip.x, ip.y, ip.pop())
            self._count(1)
        elif c == 106:  # j
            n = ip.pop()
            ip.x += n * ip.dx
            ip.y += n * ip.dy
        elif c == 107:  # k
            return self._iterate(ip)
        elif c == 113:  # q
            self.exit_code = ip.pop() & 255
            return Stop.HALTED
        elif c == 114:
            ip.reflect()
        elif c == 91:
            ip.dx, ip.dy = ip.dy, -ip.dx
        elif c == 93:
            ip.dx, ip.dy = -ip.dy, ip.dx
        elif c == 119:
            a = ip.pop()
            b = ip.pop()
            if b < a:
                ip.dx, ip.dy = ip.dy, -ip.dx
            elif b > a:
                ip.dx, ip.dy = -ip.dy, ip.dx
        elif c == 120:
            ip.dx, ip.dy = ip.pop_vector()
        elif c == 122:
            pass
        elif c == 110:
            ip.clear()
        elif c == 123:
            self._begin_block(ip)
        elif c == 125:
            self._end_block(ip)
        elif c == 117:
            self._under(ip)
        elif c == 116:
            self._split(ip)
        elif c == 121:
            self._sysinfo(ip)
        elif c == 40 or c == 41:
            from .fingerprints import load

            load(self, ip, c == 40)
        elif 65 <= c <= 90:
            stack = ip.sem[c - 65]
            if stack:
                from .fingerprints import run

                return run(self, ip, stack[-1], c)
            ip.reflect()
        elif c == 105 and self.allow_files:
            from .files import read_file

            read_file(self, ip)
        elif c == 111 and self.allow_files:
            from .files import write_file

            write_file(self, ip)
        elif c == 61 and self.allow_shell:
            from .files import shell

            shell(self, ip)
        else:  # rule 20: unknown cells reflect
            ip.reflect()
        return None

    def _repeated(self, x: int, y: int, dx: int, dy: int) -> tuple[int, int] | None:
        """Where the instruction is that the ``k`` at ``(x, y)`` repeats, for an IP going
        ``(dx, dy)``: the next one along the delta, past spaces and ``;`` regions (``None``: none
        on the line)."""
        start = self.space.step(x, y, dx, dy)
        return self._skip(start[0], start[1], dx, dy) if start is not None else None

    def _iterate(self, ip: IP) -> Stop | None:
        """``k`` (rule 22)."""
        n = ip.pop()
        if n < 0:
            ip.reflect()
            return None
        at = self._repeated(ip.x, ip.y, ip.dx, ip.dy)
        if at is not None and n > self.work_left:  # more than the step may still do (_tick)
            period = PERIODS.get(self.space.get(at[0], at[1]), 0)
            if period == 0:  # a repeated k's count: _tick could not see it coming
                return self._overrun(ip)
            n = min(n, 1) if period == 1 else n % period
            if n == 0:  # the same as not running it, but the IP still stays on the k
                return None
        if at is None:
            return None  # nothing to repeat on the line: the next tick says so
        if n == 0:
            ip.x, ip.y = at
            return None
        c = self.space.get(at[0], at[1])
        heavy = c in HEAVY
        home = (ip.x, ip.y)
        for _ in range(n):
            self.work_left -= 1
            if self.work_left < 0:
                return self._overrun(ip)
            if heavy and not ip.smode:  # charged the cells it adds, drops, moves ({ } u) or copies (t)
                cells = sum(ip.depths)
                moves = abs(ip.peek(0)) if c == 123 or c == 125 or c == 117 else 0
                end = self.execute(ip, c)
                self.work_left -= abs(sum(ip.depths) - cells) + (cells if c == 116 else 0) \
                    + (moves if moves <= self.max_repeat else 0)  # (past it they reflect)
                if end is not None:
                    return end
                if ip.dead:
                    break
                continue
            if ip.smode:  # a repeated " began a string: the next ones end it, anything else is pushed
                if c == QUOTE:
                    ip.smode = False
                else:
                    ip.push(c)
                continue
            if c == 107:  # a repeated k runs from its own cell
                ip.x, ip.y = at
                end = self.execute(ip, c)
                if (ip.x, ip.y) == at:
                    ip.x, ip.y = home
            else:
                end = self.execute(ip, c)
            if end is not None:
                return end
            if ip.dead or c == 64:
                break
        return None

    def _overrun(self, ip: IP) -> Stop:
        """The runtime error of a k tick whose repetitions pass what one step may do (a repeated
        k's count, or the cells repeated instructions move): what ran of it stays done."""
        return self._fail(ip, f"k's repetitions pass what esodbg runs in one step ({self.max_repeat:,} "
                              "repetitions and cells moved; raise --max-repeat)", self.k_at)

    def _begin_block(self, ip: IP) -> None:
        """``{`` (rule 23)."""
        n = ip.pop()
        if abs(n) > self.max_repeat:
            ip.reflect()
            return
        level = len(ip.depths) - 1
        moved = []
        if n > 0:
            moved = [ip.pop() for _ in range(n)][::-1]  # bottom first, zeros for the missing
        ip.depths.append(0)
        for v in moved:
            ip.push(v)
        cells = self.stacks
        if n < 0:
            for _ in range(-n):
                d = ip.depths[level]
                cells[(ip.id, level, d)] = 0
                ip.depths[level] = d + 1
        for v in (ip.ox, ip.oy):
            d = ip.depths[level]
            cells[(ip.id, level, d)] = v
            ip.depths[level] = d + 1
        ip.ox, ip.oy = ip.x + ip.dx, ip.y + ip.dy

    def _soss_pop(self, ip: IP) -> int:
        level = len(ip.depths) - 2
        d = ip.depths[level]
        if d == 0:
            return 0
        ip.depths[level] = d - 1
        return self.stacks.pop((ip.id, level, d - 1))

    def _soss_push(self, ip: IP, v: int) -> None:
        level = len(ip.depths) - 2
        d = ip.depths[level]
        self.stacks[(ip.id, level, d)] = v
        ip.depths[level] = d + 1

    def _end_block(self, ip: IP) -> None:
        """``}`` (rule 23)."""
        if len(ip.depths) == 1:
            ip.reflect()
            return
        n = ip.pop()
        if n > self.max_repeat:
            ip.reflect()
            return
        ip.oy = self._soss_pop(ip)
        ip.ox = self._soss_pop(ip)
        if n > 0:
            moved = [ip.pop() for _ in range(n)][::-1]
            for v in moved:
                self._soss_push(ip, v)
        elif n < 0:  # past the SOSS's bottom a pop takes nothing (rule 8): only its cells matter
            for _ in range(min(-n, ip.depths[-2])):
                self._soss_pop(ip)
        while ip.depths[-1]:
            ip.pop()
        ip.depths.pop()

    def _under(self, ip: IP) -> None:
        """``u`` (rule 23)."""
        if len(ip.depths) == 1:
            ip.reflect()
            return
        n = ip.pop()
        if abs(n) > self.max_repeat:
            ip.reflect()
            return
        if n > 0:
            for _ in range(n):
                ip.push(self._soss_pop(ip))
        elif n < 0:
            for _ in range(-n):
                self._soss_push(ip, ip.pop())

    def _split(self, ip: IP) -> None:
        """``t`` (rule 24): a copy, its delta reversed and moved once, just before its parent."""
        child = IP(self.next_id, ip.x, ip.y, -ip.dx, -ip.dy, ip.ox, ip.oy, ip.smode, False, list(ip.depths),
                   list(ip.sem), self.stacks)
        self.next_id += 1
        self._count(2)
        cells = self.stacks
        for level, depth in enumerate(ip.depths):
            for i in range(depth):
                cells[(child.id, level, i)] = cells[(ip.id, level, i)]
        self.move(child, False)
        at = self.ips.index(ip)
        self.ips.insert(at, child)
        self.current = at + 1  # the parent's place: it goes on after this tick as before

    def now(self) -> float:
        """The run's clock, in seconds since the epoch: its start plus a microsecond a step."""
        return self.clock + self.steps * 1e-6

    def sysinfo(self, ip: IP) -> list[int]:
        """``y``'s cells (rule 25), top first, with ``n`` already popped."""
        flags = 0x01 | (0x06 if self.allow_files else 0) | (0x08 if self.allow_shell else 0)
        space = self.space
        least = (space.min_x, space.min_y) if not space.empty else (0, 0)
        size = (space.max_x - space.min_x, space.max_y - space.min_y) if not space.empty else (0, 0)
        now = time.gmtime(self.now())
        cells = [flags, 8, HANDPRINT, _version(), 1 if self.allow_shell else 0, ord("/"), 2, ip.id, 0,
                 ip.y, ip.x, ip.dy, ip.dx, ip.oy, ip.ox, least[1], least[0], size[1], size[0],
                 (now.tm_year - 1900) * 65536 + now.tm_mon * 256 + now.tm_mday,
                 now.tm_hour * 65536 + now.tm_min * 256 + now.tm_sec,
                 len(ip.depths)]
        cells += [ip.depths[level] for level in range(len(ip.depths) - 1, -1, -1)]
        if not self.sysinfo_tail:
            tail = self.sysinfo_tail
            for arg in (self.program.filename,):
                tail += list(arg.encode("utf-8", "surrogateescape")) + [0]
            tail += [0, 0]
            for name, value in sorted(os.environ.items()):
                tail += list(f"{name}={value}".encode("utf-8", "surrogateescape")) + [0]
            tail += [0]
        return cells + self.sysinfo_tail

    def _sysinfo(self, ip: IP) -> None:
        """``y`` (rule 25)."""
        n = ip.pop()
        cells = self.sysinfo(ip)
        if n <= 0:
            ip.push_all(reversed(cells))
        elif n <= len(cells):
            ip.push(cells[n - 1])
        else:
            ip.push(ip.peek(n - len(cells) - 1))

    # ----- input (rule 21's & and ~) ----------------------------------------------------------
    def _input_value(self, number: bool, peek: bool) -> int:
        """The value ``&`` (``number``) or ``~`` reads, :data:`EOF` (reflect) or :data:`NEEDS`;
        with ``peek`` nothing is read."""
        if not number:
            b = self.peek_byte()
            if b >= 0 and not peek:
                self.take_byte()
            return b
        saved = (self.in_pos, self.in_byte)
        value = self.read_number()
        if peek:
            self.in_pos, self.in_byte = saved
        return value


_VERSION: list[int] = []  # _version's answer, once found


def _stop_box(stops: dict | None) -> tuple[int, int, int, int, bool]:
    """For :meth:`Befunge98Machine._fast`: the box ``(x0, y0, x1, y1)`` around the cells with
    an exec stop (an empty box, x0 > x1, if none) and whether any cell has a write stop."""
    x0, y0, x1, y1, writing = 1, 1, 0, 0, False
    if stops is not None:
        first = True
        for (x, y), flags in stops.items():
            if flags & WRITE:
                writing = True
            if flags & EXEC:
                if first:
                    x0, y0, x1, y1, first = x, y, x, y, False
                else:
                    x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
    return x0, y0, x1, y1, writing


def _target(c: int, x: int, y: int, dx: int, dy: int, ox: int, oy: int, top: int,
            second: int) -> tuple[int, int] | None:
    """The cell the instruction ``c`` at ``(x, y)`` writes, run by an IP going ``(dx, dy)`` with
    storage offset ``(ox, oy)`` and ``top`` and ``second`` its top two values: ``p``'s and
    ``s``'s; ``None`` for the rest."""
    if c == 112:
        return second + ox, top + oy
    if c == 115:
        return x + dx, y + dy
    return None


def _refill(toss: list, cells: dict[tuple[int, int, int], int], iid: int, level: int, base: int) -> int:
    """Move up to 8 of the cells below ``toss`` (``stacks[(iid, level, i)]`` for ``i`` <
    ``base``) from the store to the bottom of ``toss``; returns the new ``base``."""
    n = min(base, 8)
    toss[0:0] = [cells.pop((iid, level, i)) for i in range(base - n, base)]
    return base - n


def _version() -> int:
    """esodbg's version as y's cell 4: its digits (0.7.0 → 70; 0 if it is not installed), read
    once a process."""
    if not _VERSION:
        _VERSION.append(int("".join(ch for ch in (installed.version() or "") if ch.isdigit()) or "0"))
    return _VERSION[0]
