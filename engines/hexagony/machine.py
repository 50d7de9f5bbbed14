"""The Hexagony machine (spec `hexagony.md` T, W, M, A, I, C, R), exactly as the reference
``hexagony.rb`` behaves.

State: the memory, a dict store ``mem`` holding only the edges that are not 0, so stepping back
diffs just what changed, keyed by the edge ``(q, r, D)`` (D: 0 NE, 1 E, 2 SE) numbered by
:func:`~.commands.edge_key` (:meth:`HexagonyMachine.edge` and :meth:`HexagonyMachine.edges`
read it by ``(q, r, D)``); and registers —
the memory pointer ``(mq, mr, md, mcw)``, the six IPs ``ips`` (a tuple of ``(row, col,
direction)``), the active IP and the one that runs next (``[`` ``]`` ``#`` set it), the byte
input cursor and pending output bytes (:class:`~esodbg.engines.bytemachine.ByteMachine`), and
the counters the events and units read.

A step is one tick of the reference (T2): the command under the active IP runs, the IP moves
one cell (wrapping with the current edge's value after the command, W1–W3), and the next IP
becomes the active one.  The step loop (:meth:`HexagonyMachine.run`) keeps everything in locals,
the current edge's value too (written through to ``mem`` when it changes), and writes the
registers back when it stops; it is compiled by mypyc.
"""

from __future__ import annotations

import sys
from typing import Final, Iterable

from ..base import CellRef, Location, NamedRef, Status, Stop
from ..bytemachine import EOF, NEEDS, ByteMachine
from ..compiled import mypyc_attr
from ..integers import Oversized, message, oversized, product_oversized
from ..iobuf import InputLog, Output
from .commands import (ADD, CHOOSE_IP, COPY, DEC, DIGIT, DIV, EDGE_NAMES, EDGE_WRITERS, GET_BYTE, GET_INT, HALT, INC, LEFT_CW, LEFT_D, LEFT_DQ,
                       LEFT_DR, MIRROR, MP_BACK_LEFT, MP_BACK_RIGHT, MP_BRANCH, MP_LEFT, MP_REVERSE, MP_RIGHT,
                       MUL, NEG, NEXT_IP, NOP, PREV_IP, PUT_BYTE, PUT_INT, RIGHT_CW, RIGHT_D, RIGHT_DQ, RIGHT_DR, SET,
                       SKIP, SUB, TURN_NEG, TURN_POS, edge_key, edge_of, shown)
from .parser import Program

BOARD: Final = "hexagon"  # the code board's name in CellRefs and views
EXEC: Final = 1  # a cell's stop flags: an IP is about to execute it…
WRAP: Final = 2  # …having just come to it across an edge or a corner
WRITE: Final = 4  # …whose command writes the current edge, when a write stop is on that edge
EDGE: Final = "mem"  # the form of an edge's NamedRef: NamedRef("mem", "q,r,D"), where its write stops go

# Integers are unbounded (A2, R2): a program may print a number of any length, as the reference
# does, so Python's limit on int-to-decimal conversion (4,300 digits) is lifted.
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)


@mypyc_attr(native_class=False)
class HexagonyMachine(ByteMachine):
    """A running Hexagony program.  See :class:`~esodbg.engines.base.Machine` for the contract."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.mem: dict[int, int] = {}  # edge_key(q, r, D) -> the edge's value, never 0
        self.mq, self.mr, self.md, self.mcw = 0, 0, 1, 0  # M2: the MP starts at (0, 0, E), not clockwise
        # T1: the IPs start at the six corners, each heading along the edge clockwise from it.
        self.ips: tuple[tuple[int, int, int], ...] = tuple(
            (row, col, d) for d, (row, col) in enumerate(program.hexagon.corners()))
        self.active = 0
        self.next = 0
        self.wraps = 0  # moves across an edge or a corner (the event wrap)
        self.corners = 0  # moves through a corner (the event corner)
        self.switches = 0  # steps after which another IP is active (the event switch)
        self.began = 0  # the step at which the active IP became active (the unit "ip")
        self.wrote = 0  # the step count just after the latest step that wrote output (the unit "output")
        self.arrived = 0  # how the active IP came to its cell: 0 a plain move (or it just became active), 1 an edge, 2 a corner
        self._start_bytes(0)

    # ----- the contract -----------------------------------------------------------------------
    def stores(self) -> tuple:
        return (("mem", self.mem),)

    def may_change(self) -> tuple[tuple[str, object], ...]:
        """The current edge only: no command writes any other."""
        return (("mem", edge_key(self.mq, self.mr, self.md)),)

    def registers(self) -> tuple:
        return (self.mq, self.mr, self.md, self.mcw, self.ips, self.active, self.next, self.in_byte, self.pending,
                self.wraps, self.corners, self.switches, self.began, self.wrote, self.arrived)

    def set_registers(self, regs: tuple) -> None:
        (self.mq, self.mr, self.md, self.mcw, self.ips, self.active, self.next, self.in_byte, self.pending,
         self.wraps, self.corners, self.switches, self.began, self.wrote, self.arrived) = regs

    def unit_start(self, level: int) -> int:
        """Units (LANGUAGE.units): 0 "ip", from the step another IP became active; 1 "output",
        from the step after the latest output."""
        return self.began if level == 0 else self.wrote

    def location(self) -> CellRef:
        row, col, _ = self.ips[self.active]
        return CellRef(BOARD, row, col)

    def next_touches(self) -> list[tuple[Location, str]]:
        """Exec at the active IP's cell; wrap too if it came there across an edge or a corner;
        write at the current edge (``NamedRef("mem", "q,r,D")``) if the command writes it (what
        the data breakpoints' watch stops use: no breakpoint a user sets goes there)."""
        at = self.location()
        out: list[tuple[Location, str]] = [(at, "exec")]
        if self.arrived:
            out.append((at, "wrap"))
        if self.program.ops[self.program.hexagon.index(at.row, at.col)] in EDGE_WRITERS:
            out.append((edge_ref(self.mq, self.mr, self.md), "write"))
        return out

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> list[int] | None:
        """A flag per cell index (:data:`EXEC`, :data:`WRAP`, :data:`WRITE`), then the keys of the
        edges a write stop is on (``NamedRef("mem", "q,r,D")``, kind ``write``: the data
        breakpoints' watch stops; :meth:`run` stops before an edge writer runs with the memory
        pointer on one of them)."""
        geo = self.program.hexagon
        flags = [0] * geo.count
        edges: set[int] = set()
        for at, kinds in breakpoints:
            if isinstance(at, CellRef) and at.board == BOARD and geo.holds(at.row, at.col):
                flags[geo.index(at.row, at.col)] |= (EXEC if "exec" in kinds else 0) | (WRAP if "wrap" in kinds else 0)
            elif isinstance(at, NamedRef) and at.form == EDGE and "write" in kinds:
                q, r, d = at.name.split(",")
                edges.add(edge_key(int(q), int(r), EDGE_NAMES.index(d)))
        if edges:
            ops = self.program.ops
            for k in range(min(geo.count, len(ops))):
                if ops[k] in EDGE_WRITERS:
                    flags[k] |= WRITE
        return flags + sorted(edges) if any(flags) else None

    # ----- reading memory -----------------------------------------------------------------------
    def value(self) -> int:
        """The current edge's value."""
        return self.mem.get(edge_key(self.mq, self.mr, self.md), 0)

    def edge(self, q: int, r: int, d: int) -> int:
        """The value of the edge ``(q, r, D)``."""
        return self.mem.get(edge_key(q, r, d), 0)

    def edges(self) -> list[tuple[tuple[int, int, int], int]]:
        """Every edge that is not 0 and its value, sorted by ``(q, r, D)``."""
        return sorted((edge_of(key), v) for key, v in self.mem.items())

    def neighbour(self, right: bool) -> tuple[int, int, int]:
        """The left or right neighbour of the MP, as an edge ``(q, r, D)`` (M2)."""
        s = self.md * 2 + self.mcw
        if right:
            return (self.mq + RIGHT_DQ[s], self.mr + RIGHT_DR[s], RIGHT_D[s])
        return (self.mq + LEFT_DQ[s], self.mr + LEFT_DR[s], LEFT_D[s])

    # ----- execution --------------------------------------------------------------------------
    def run(self, limit: int, stops: list[int] | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        program: Program = self.program
        ops: list[int] = program.ops
        params: list[int] = program.params
        geo = program.hexagon
        lens: list[int] = geo.lens
        starts: list[int] = geo.starts
        exits: dict[int, int] = geo.exits
        nrows: int = geo.rows
        middle: int = geo.n - 1
        width: int = geo.width
        mem: dict[int, int] = self.mem
        turn_pos, turn_neg = TURN_POS, TURN_NEG  # the tables in locals: a global is a lookup each time
        left_dq, left_dr, left_d, left_cw = LEFT_DQ, LEFT_DR, LEFT_D, LEFT_CW
        right_dq, right_dr, right_d, right_cw = RIGHT_DQ, RIGHT_DR, RIGHT_D, RIGHT_CW
        q: int = self.mq
        r: int = self.mr
        e: int = self.md
        cw: int = self.mcw
        # The current edge lives in v while the loop runs, written back to mem when the MP leaves it
        # and when the loop stops (no command reads the current edge from mem: its neighbours are
        # other edges); key is made again only when the MP moves.
        key: int = edge_key(q, r, e)
        v: int = mem.get(key, 0)
        held: int = v  # what mem holds for the current edge: written back only if v differs
        ips = list(self.ips)
        a: int = self.active
        nx: int = self.next
        row, col, d = ips[a]
        wraps: int = self.wraps
        corners: int = self.corners
        switches: int = self.switches
        began: int = self.began
        wrote: int = self.wrote
        arrived: int = self.arrived
        steps: int = self.steps
        bits: int = program.bits
        watched: set[int] = set(stops[geo.count:]) if stops is not None else set()  # compile_stops' edges
        done: int = 0
        reason = Stop.LIMIT
        while done < limit:
            k = starts[row] + col
            op = ops[k]
            skipped = 0  # how a $ crossed the hexagon's side: 0 inside, 1 an edge, 2 a corner
            if op == NOP:
                pass
            elif op == MIRROR:
                t = params[k] * 6 + d
                d = turn_pos[t] if v > 0 else turn_neg[t]
            elif op <= NEG:
                if op == DIGIT:  # A4
                    n = v * 10 + params[k] if v >= 0 else v * 10 - params[k]
                    if oversized(n, bits):
                        return self._error(message(bits), mem, key, v, q, r, e, cw, ips, a, nx, row, col, d,
                                           wraps, corners, switches, began, wrote, arrived, steps + done)
                    v = n
                elif op == INC:
                    v += 1
                elif op == DEC:
                    v -= 1
                elif op == NEG:
                    v = -v
                elif op == HALT:  # T2: the IP does not move; the step counts
                    done += 1
                    _store(mem, key, v)
                    self._save(q, r, e, cw, ips, a, nx, row, col, d)
                    self._counters(wraps, corners, switches, began, wrote, arrived)
                    self.steps = steps + done
                    self.status = Status.HALTED
                    self.flush()
                    return Stop.HALTED
                else:  # A2, A3: the left and right neighbours
                    s = e * 2 + cw
                    left: int = mem.get(edge_key(q + left_dq[s], r + left_dr[s], left_d[s]), 0)
                    right: int = mem.get(edge_key(q + right_dq[s], r + right_dr[s], right_d[s]), 0)
                    if op == ADD or op == SUB or op == MUL:
                        if op == MUL and product_oversized(left, right, bits):
                            n = 0
                            too_big = True
                        else:
                            n = left + right if op == ADD else left - right if op == SUB else left * right
                            too_big = oversized(n, bits)
                        if too_big:
                            return self._error(message(bits), mem, key, v, q, r, e, cw, ips, a, nx, row, col, d,
                                               wraps, corners, switches, began, wrote, arrived, steps + done)
                        v = n
                    elif right == 0:  # R1: division by zero
                        return self._error(f"division by zero: {shown(left)} {':' if op == DIV else '%'} 0",
                                           mem, key, v, q, r, e, cw, ips, a, nx, row, col, d,
                                           wraps, corners, switches, began, wrote, arrived, steps + done)
                    elif op == DIV:
                        v = left // right  # A3: floored, as Ruby divides
                    else:
                        v = left % right  # %: the rest of A3
            elif op == SET:  # A4: any other character sets the edge to its code point
                v = params[k]
            elif op <= MP_BRANCH and op >= MP_LEFT:  # M3: the memory pointer moves
                if op == MP_REVERSE:
                    cw ^= 1
                else:
                    if op == MP_BRANCH:
                        right_move = v > 0
                    else:
                        right_move = op == MP_RIGHT or op == MP_BACK_LEFT
                    back = op == MP_BACK_LEFT or op == MP_BACK_RIGHT
                    if back:
                        cw ^= 1
                    s = e * 2 + cw
                    if right_move:
                        q, r, e, cw = q + right_dq[s], r + right_dr[s], right_d[s], right_cw[s]
                    else:
                        q, r, e, cw = q + left_dq[s], r + left_dr[s], left_d[s], left_cw[s]
                    if back:
                        cw ^= 1
                    if v != held:
                        _store(mem, key, v)
                    key = edge_key(q, r, e)
                    v = mem.get(key, 0)
                    held = v
            elif op == SKIP:  # W4: one extra move first, with the same wrapping (rare: no need to inline it)
                (row, col), skipped = geo.move(row, col, d, v > 0)
                if skipped:
                    wraps += 1
                    if skipped == 2:
                        corners += 1
            elif op == NEXT_IP:  # C3
                nx = (a + 1) % 6
            elif op == PREV_IP:
                nx = (a + 5) % 6
            elif op == CHOOSE_IP:
                nx = v % 6
            elif op == COPY:  # M3: &
                s = e * 2 + cw
                if v > 0:
                    v = mem.get(edge_key(q + right_dq[s], r + right_dr[s], right_d[s]), 0)
                else:
                    v = mem.get(edge_key(q + left_dq[s], r + left_dr[s], left_d[s]), 0)
            elif op == PUT_BYTE:  # I4
                self.put_byte(v % 256)
                wrote = steps + done + 1
            elif op == PUT_INT:
                self.put_text(str(v))
                wrote = steps + done + 1
            elif op == GET_BYTE or op == GET_INT:  # I1–I3
                if op == GET_BYTE:
                    got: int | None = self.read_byte()
                    if got == NEEDS:
                        got = None
                    elif got == EOF:
                        got = -1
                else:
                    try:
                        got = self.read_integer(bits)
                    except Oversized:
                        return self._error(message(bits), mem, key, v, q, r, e, cw, ips, a, nx, row, col, d,
                                           wraps, corners, switches, began, wrote, arrived, steps + done)
                if got is None:
                    reason = Stop.NEEDS_INPUT
                    break
                v = got
            # T2: the IP moves (W1–W3 with the edge's value after the command): Hexagon.move inlined
            if d == 0:
                row2, col2 = row, col + 1
            elif d == 3:
                row2, col2 = row, col - 1
            elif d < 3:
                row2, col2 = row + 1, col + (1 if row < middle else 0) - (1 if d == 2 else 0)
            else:
                row2, col2 = row - 1, col - (1 if row <= middle else 0) + (1 if d == 5 else 0)
            if 0 <= row2 < nrows and 0 <= col2 < lens[row2]:
                row, col = row2, col2
                kind = skipped
            else:
                to = exits[((starts[row] + col) * 6 + d) * 2 + (1 if v > 0 else 0)]
                row, col = (to >> 2) // width, (to >> 2) % width
                kind = to & 3
                wraps += 1
                if kind == 2:
                    corners += 1
                elif skipped == 2:
                    kind = 2
            done += 1
            if nx != a:  # T2: the next IP becomes the active one
                ips[a] = (row, col, d)
                a = nx
                row, col, d = ips[a]
                switches += 1
                began = steps + done
                arrived = 0
            else:
                arrived = kind
            if stops is not None:
                flags = stops[starts[row] + col]
                if flags & EXEC or (flags & WRAP and arrived) or (flags & WRITE and key in watched):
                    reason = Stop.BREAKPOINT
                    break
        _store(mem, key, v)
        self._save(q, r, e, cw, ips, a, nx, row, col, d)
        self._counters(wraps, corners, switches, began, wrote, arrived)
        self.steps = steps + done
        return reason

    def _save(self, q: int, r: int, e: int, cw: int, ips: list[tuple[int, int, int]], a: int, nx: int,
              row: int, col: int, d: int) -> None:
        ips[a] = (row, col, d)
        self.mq, self.mr, self.md, self.mcw = q, r, e, cw
        self.ips = tuple(ips)
        self.active, self.next = a, nx

    def _counters(self, wraps: int, corners: int, switches: int, began: int, wrote: int, arrived: int) -> None:
        self.wraps, self.corners, self.switches = wraps, corners, switches
        self.began, self.wrote, self.arrived = began, wrote, arrived

    def _error(self, message: str, mem: dict[int, int], key: int, v: int, q: int, r: int, e: int, cw: int,
               ips: list[tuple[int, int, int]], a: int, nx: int, row: int, col: int, d: int, wraps: int,
               corners: int, switches: int, began: int, wrote: int, arrived: int, steps: int) -> Stop:
        """The step loop's runtime error: its locals saved as they were before the failing step
        (which changes nothing else), then :meth:`_fail`."""
        _store(mem, key, v)
        self._save(q, r, e, cw, ips, a, nx, row, col, d)
        self._counters(wraps, corners, switches, began, wrote, arrived)
        self.steps = steps
        return self._fail(message)

    def _fail(self, message: str) -> Stop:
        """A runtime error at the active IP (R1, and an integer past the bound; Machine.fail)."""
        at = self.location()
        return self.fail(message, at, self.program.spans[self.program.hexagon.index(at.row, at.col)])



def edge_ref(q: int, r: int, d: int) -> NamedRef:
    """The location of the edge ``(q, r, D)`` in touches and write stops."""
    return NamedRef(EDGE, f"{q},{r},{EDGE_NAMES[d]}")


def _store(mem: dict[int, int], key: int, v: int) -> None:
    """Write the edge ``key``'s value ``v`` back to the memory, which holds no 0 (M1)."""
    if v != 0:
        mem[key] = v
    elif key in mem:
        del mem[key]
