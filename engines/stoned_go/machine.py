"""The Stoned-Go machine (spec `stoned-go.md` S, R, C, T, V, D).

**Locations.**  A location is the cursor's intersection, ``CellRef("board", y, x)`` (row = y,
col = x: x grows right, y grows down, S4), in absolute coordinates (R2, D6).  The source span of
the command about to run is reported separately (:meth:`StonedGoMachine.command`, the view's
``span``).

**Decoding.**  Every body is laid out once into flat arrays indexed by a program counter: an op
(MOVE, BAR, FLIP, HALT, PLACE), an argument (the amount; a PLACE's block) and the pc that follows.
A loop's last command leads back to its ``|`` and the ``|`` to the loop's first command (R5); a
plain trigger's last command leads to pc 0, the END sentinel.

**State.**  The board is a mutable dict ``key -> (colour, block, env)`` (S1, S2; keys from
:mod:`.board`) — the one store: a step changes at most the placed point and the stones it
captures, which :meth:`may_change` names exactly (it computes the capture set in advance), so a
recorded step costs O(its captures) however big the board — a persistent map would tax every
placement of the fast path instead.  Everything else is immutable values
in :meth:`registers`, so a snapshot or undo record shares them: the cursor, the flag, the pc, the
running frame, the rest of the call stack as a linked list of nodes, the activation counter, what
the last step touched (for breakpoints, D6) and where "step back over" lands (D3).

**Frames (T5).**  The running frame is ``(kind, point, colour, block, env, depth, entered)``:
kind TOP, PLAIN (a trigger) or SUB (a subprogram, V2); the captured stone's point, colour and
block; ``env`` the activation ``?`` belongs to (0 = the top level, V4); the trigger depth (T6);
the step count when it was pushed.  Below it the stack holds ``(EXEC, frame, pc, below)`` — a
frame waiting for its captures' triggers — and ``(CAP, capture, next, below)`` — a capture set
and the index of the next entry to trigger.  A capture is ``(step, point, colour,
captured colour, entries, depth, pc)``, each entry ``(point, stone)`` in reading order (C5, T2).

**Between steps (T5).**  Starting and ending triggers takes no step; the machine does that work
at the end of the step that led to it (:meth:`_settle`), so between steps the running frame is
always about to run a command.  A T7 error there ends the step that led to it and adds no step.

**Breakpoints (D6)** pause *after* the step that caused them: :meth:`next_touches` reports what
the step that led here touched (arrive, place, capture, and the triggers that started after it),
which the debugger core checks after every step; :meth:`run` checks the compiled sets itself.

**Activations (V2–V6).**  A subprogram's activation is a number (``acts`` counts them); it is
alive exactly while its SUB frame is on the stack — every way a SUB frame leaves the stack ends
the activation (V5) — so ``?`` walks the stack to find it, and not finding it is V6's error.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..compiled import mypyc_attr

from ..base import CellRef, Fault, Location, Machine, Status, StepRecord, Stop
from ..iobuf import InputLog, Output
from .board import ROW, captured, pack, unpack
from .parser import BLACK, Body, Command, Program

BOARD = "board"  # the board's name in CellRefs and views
END, MOVE, BAR, FLIP, HALT, PLACE = range(6)  # ops; pc 0 is END
OPS = {"move": MOVE, "bar": BAR, "flip": FLIP, "halt": HALT, "place": PLACE}
TOP, PLAIN, SUB = range(3)  # frame kinds
F_KIND, F_POINT, F_COLOUR, F_BLOCK, F_ENV, F_DEPTH, F_ENTERED = range(7)  # frame items
EXEC, CAP = range(2)  # stack node tags
C_STEP, C_POINT, C_COLOUR, C_CAPTURED, C_ENTRIES, C_DEPTH, C_PC = range(7)  # capture items
COLOURS = ("black", "white")  # colour 0, 1
KINDS = ("arrive", "place", "capture", "trigger")  # breakpoint kinds (D6)
OUT, OVER = range(2)  # D3: the language's units coarser than one step (one step is step into)
LO, HI = -(2**63), 2**63 - 1  # L6, R8
TOP_FRAME = (TOP, None, None, None, 0, 0, 0)


class Log:
    """What ``final_state`` reports besides the state (D7): every capture and trigger start,
    in order.  ``captures``: ``(step, point, colour, captured colour, keys, depth)``;
    ``triggers``: ``(before_step, point, colour, depth, kind)``; points and keys packed."""

    __slots__ = ("captures", "triggers")

    def __init__(self) -> None:
        self.captures: list[tuple] = []
        self.triggers: list[tuple] = []


@mypyc_attr(native_class=False)  # compiled (setup.py) on a Python base class: a plugin's machine may be Python
class StonedGoMachine(Machine):
    """A running Stoned-Go program; see :class:`~esodbg.engines.base.Machine` for the contract
    and the module docstring for the state.

    :meth:`step` puts the step's D5 events in its record's ``events``: the command's own (move,
    flip, place, loop pass, halt…) then those its rare paths emitted (captures, trigger starts
    and ends, subprogram ends, errors); ``step_events`` keeps the rare ones as ``(step, events,
    failed)``.  :meth:`run` collects nothing (the hot loop stays as it is).  ``log``: a
    :class:`Log` while one is being kept (:meth:`keep_log`)."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.max_depth = program.max_depth
        self.board: dict[int, tuple] = {}
        self.x = self.y = 0  # S3
        self.h = True  # S5: horizontal
        self.frame: tuple | None = TOP_FRAME
        self.stack: tuple | None = None
        self.acts = 0
        self.captures = self.taken = 0  # capture sets so far, and the stones in them
        self.triggered = 0  # triggers started so far (for event breakpoints)
        self.touch: tuple = ()  # (key, kind) pairs the last step touched (D6)
        self.back = (0, 0)  # (step, target): where stepping back over from that step lands (D3)
        self.fault_pc: int | None = None
        self.log: Log | None = None
        self.step_events: tuple = (0, (), False)
        self._events: list[dict] | None = None
        self._stops: Any = None
        self._hit = False
        self._capt: tuple | None = None  # (step, keys) of the last capture, for self.touch
        self._trig: tuple | None = None  # (step, keys) of the last step's trigger starts
        self._failed_command = False
        self._decode(program)
        self.pc = self._main_entry

    # ----- decoding ----------------------------------------------------------------------------
    def _decode(self, program: Program) -> None:
        """Lay every body out in the flat arrays (iteratively: blocks nest to any depth)."""
        self._ops, self._args, self._nxt, self._col = [END], [0], [0], [0]
        self._cmd: list[Command | None] = [None]
        self._entry: list[int] = []  # per block: the pc of its first command (END if empty)
        self._sub: list[bool] = []  # per block: a subprogram (V1)
        self._block_cmd: list[Command] = []
        todo: list[tuple[int, Body]] = []
        self._main_entry = self._layout(program.main, todo)
        while todo:
            block, body = todo.pop()
            self._entry[block] = self._layout(body, todo)

    def _emit(self, command: Command, todo: list) -> int:
        """Append one command; returns its pc.  A placement's trigger block is queued."""
        pc = len(self._ops)
        op = OPS[command.kind]
        arg = command.value
        if op == PLACE:
            arg = len(self._entry)
            self._entry.append(END)
            self._sub.append(command.body.subprogram)  # type: ignore[union-attr]
            self._block_cmd.append(command)
            todo.append((arg, command.body))
        self._ops.append(op)
        self._args.append(arg)
        self._nxt.append(END)
        self._col.append(0 if command.colour == BLACK else 1)
        self._cmd.append(command)
        return pc

    def _layout(self, body: Body, todo: list) -> int:
        """Append one body's commands; returns its entry pc.  Blocks inside are queued."""
        nxt = self._nxt
        init = [self._emit(c, todo) for c in body.init]
        if body.bar is None:  # a plain trigger ends at END (T5)
            for a, b in zip(init, init[1:]):
                nxt[a] = b
            return init[0] if init else END
        bar = self._emit(body.bar, todo)
        loop = [self._emit(c, todo) for c in body.loop]
        chain = init + [bar] + loop + [bar]  # R5: init, |, loop, |, loop, …
        for a, b in zip(chain, chain[1:]):
            nxt[a] = b
        return chain[0]

    # ----- the contract -------------------------------------------------------------------------
    def stores(self):
        return (("board", self.board),)

    def may_change(self):
        """The placed point and the stones the placement will capture (computed in advance), or
        nothing: no other step changes the board (C1)."""
        if self.status is not Status.READY or self._ops[self.pc] != PLACE:
            return ()
        key = pack(self.x, self.y)
        board = self.board
        if key in board:
            return ()
        colour = self._col[self.pc]
        board[key] = (colour,)
        try:
            dead = captured(board, key, colour)
        finally:
            del board[key]
        return (("board", key),) + tuple(("board", k) for k in dead if k != key)

    def registers(self) -> tuple:
        return (self.x, self.y, self.h, self.pc, self.frame, self.stack, self.acts, self.captures, self.taken,
                self.touch, self.back, self.fault_pc, self.triggered)

    def set_registers(self, regs: tuple) -> None:
        (self.x, self.y, self.h, self.pc, self.frame, self.stack, self.acts, self.captures, self.taken,
         self.touch, self.back, self.fault_pc, self.triggered) = regs
        self.log = None  # the machine moved in time: a kept log no longer describes this run

    def location(self) -> CellRef:
        return CellRef(BOARD, self.y, self.x)

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> tuple | None:
        """D6: per kind (arrive, place, capture, trigger) the set of packed points, or ``None``."""
        sets: list[set[int]] = [set(), set(), set(), set()]
        for at, kinds in breakpoints:
            if isinstance(at, CellRef) and at.board == BOARD:
                for i, kind in enumerate(KINDS):
                    if kind in kinds:
                        sets[i].add(pack(at.col, at.row))
        if not any(sets):
            return None
        return tuple(s or None for s in sets)

    def next_touches(self) -> list[tuple[CellRef, str]]:
        """D6: what the step that led here touched — the cursor it arrived at, the stone it
        placed, the stones it captured, the triggers that started after it — as ``(point, kind)``.
        The debugger pauses *after* such a step (D6), so this describes the last step."""
        out = []
        for key, kind in self.touch:
            x, y = unpack(key)
            out.append((CellRef(BOARD, y, x), kind))
        return out

    # D3: step over and out depend on the depth they began at, so they override the core's
    # unit_mark / unit_done / unit_back (base.Machine); levels OUT, OVER.
    def unit_mark(self, level: int) -> int:
        """Taken before the first step of a unit: the depth at (or above) which it is done."""
        depth = self.depth
        return depth - 1 if level == OUT and depth > 0 else depth

    def unit_done(self, level: int, mark: int) -> bool:
        """After a step: over is done when the depth is back to (or below) the mark — the
        step's triggers ran to completion; out when the running trigger/subprogram frame is gone
        (at the top level, whose frame never goes, out is over)."""
        return self.depth <= mark

    def unit_back(self, level: int) -> int:
        """The step that stepping back one unit lands on (``steps`` > 0): over, the latest
        earlier state at this depth or above — before the capture whose triggers just ended, if
        they did; out, the state before the capture that started the running frame."""
        if level == OUT and self.depth > 0:
            return self.stack[1][C_STEP] - 1  # type: ignore[index]  # the running frame's capture node
        if self.back[0] == self.steps:
            return self.back[1]
        return self.steps - 1

    # ----- reading the state ----------------------------------------------------------------------
    @property
    def depth(self) -> int:
        """T6: trigger and subprogram frames on the stack."""
        if self.frame is not None:
            return self.frame[F_DEPTH]
        return self.stack[1][C_DEPTH] if self.stack is not None else 0  # a T7 error left a capture on top

    def command(self) -> Command | None:
        """The command the next step runs (``None`` once the machine stopped with no frame)."""
        return self._cmd[self.pc] if self.frame is not None else None

    def frames(self) -> list[tuple]:
        """The call stack, innermost first: ``("frame", frame, pc)`` and ``("capture", capture,
        next entry)`` rows."""
        rows = []
        if self.frame is not None:
            rows.append(("frame", self.frame, self.pc))
        node = self.stack
        while node is not None:
            rows.append(("frame" if node[0] == EXEC else "capture", node[1], node[2]))
            node = node[3]
        return rows

    def block_command(self, block: int) -> Command:
        """The placement command of block number ``block``."""
        return self._block_cmd[block]

    def keep_log(self) -> None:
        """Start keeping a :class:`Log` (only from step 0: ``ValueError`` otherwise)."""
        if self.steps:
            raise ValueError("a log can only be kept from step 0")
        self.log = Log()

    # ----- running ----------------------------------------------------------------------------
    def step(self) -> StepRecord | Stop:
        """One recorded step (see the base class), keeping its D5 events in ``step_events``."""
        self._events, self._failed_command = [], False
        try:
            record = super().step()
        finally:
            events, self._events = self._events, None
        self.step_events = (self.steps, tuple(events), self._failed_command)
        if isinstance(record, Stop):
            return record
        own = () if self._failed_command else self._own_event(record.before.registers)  # an error event says why
        return record._replace(events=own + tuple(events))

    def _own_event(self, before: tuple) -> tuple[dict, ...]:
        """The D5 event of the command itself, read off the state before the step and now."""
        x, y, _, pc = before[:4]
        op, point = self._ops[pc], [x, y]
        if op == MOVE:
            return ({"event": "move", "from": point, "to": [self.x, self.y], "flag": self.flag},)
        if op == FLIP:
            return ({"event": "flip", "flag": self.flag},)
        if op == BAR:
            return ({"event": "loop_pass", "activation": before[4][F_ENV]},)
        if op == PLACE:
            if (pack(x, y), "place") in self.touch:
                return ({"event": "place", "at": point, "colour": self._cmd[pc].colour},)
            return ({"event": "place_noop", "at": point},)
        if pack(x, y) not in self.board:  # '?' does not change the board: empty before too
            return ({"event": "halt_noop", "at": point},)
        if self.status is Status.HALTED:
            return ({"event": "halt", "at": point},)
        return ()

    def run(self, limit: int, stops: tuple | None = None) -> Stop:
        """The semantics, as fast as Python allows: cursor, flag and pc live in locals; anything
        rare (a capture, ``?`` on a stone, a trigger's end) is a method call."""
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        ops, args, nxts, cols = self._ops, self._args, self._nxt, self._col
        board = self.board
        x, y, h, pc = self.x, self.y, self.h, self.pc
        env = self.frame[F_ENV]  # type: ignore[index]
        base = self.steps
        arrive = place = None
        if stops is not None:
            arrive, place = stops[0], stops[1]
        self._stops = stops
        self._hit = False
        self._capt = self._trig = None
        done = 0
        arrived = placed = -1
        hit = False
        while done < limit:
            op = ops[pc]
            if op == MOVE:  # R2
                done += 1
                if h:
                    n = x + args[pc]
                    if n > HI or n < LO:
                        self._fail_command(pc, x, y, h, base + done, "cursor coordinate overflow")
                        break
                    x = n
                else:
                    n = y + args[pc]
                    if n > HI or n < LO:
                        self._fail_command(pc, x, y, h, base + done, "cursor coordinate overflow")
                        break
                    y = n
                h = not h
                pc = nxts[pc]
                arrived = done
                if arrive is not None and y * ROW + x in arrive:
                    hit = True
                    break
            elif op == BAR:  # R5: a loop pass is a step
                done += 1
                pc = nxts[pc]
            elif op == HALT:  # R6, V5
                done += 1
                if y * ROW + x in board:
                    self.x, self.y, self.h, self.pc, self.steps = x, y, h, pc, base + done
                    self._halt()
                    if self.status is not Status.READY:
                        break
                    pc, env = self.pc, self.frame[F_ENV]  # type: ignore[index]
                    if self._hit:
                        break
                else:
                    pc = nxts[pc]
            elif op == PLACE:  # R4
                done += 1
                key = y * ROW + x
                if key in board:
                    pc = nxts[pc]
                else:
                    colour = cols[pc]
                    board[key] = (colour, args[pc], env)
                    placed = done
                    dead = captured(board, key, colour)
                    if dead:
                        self.x, self.y, self.h, self.steps = x, y, h, base + done
                        self._capture(pc, key, colour, dead)
                        if self.status is not Status.READY:
                            break
                        pc, env = self.pc, self.frame[F_ENV]  # type: ignore[index]
                    else:
                        pc = nxts[pc]
                    if self._hit or place is not None and key in place:
                        hit = True
                        break
            elif op == FLIP:  # R3
                done += 1
                h = not h
                pc = nxts[pc]
            else:  # END: the last step finished a trigger; its tail belongs to that step (T5)
                self.x, self.y, self.h, self.pc, self.steps = x, y, h, pc, base + done
                self._settle(base + done, {})
                if self.status is not Status.READY:
                    break
                pc, env = self.pc, self.frame[F_ENV]  # type: ignore[index]
                if self._hit:
                    break
        if self.status is Status.READY:
            self.x, self.y, self.h, self.pc, self.steps = x, y, h, pc, base + done
            if ops[pc] == END:  # the last step finished a trigger: settle before stopping
                self._settle(base + done, {})
        self._touched(arrived == done, placed == done)
        if self.status is Status.HALTED:
            return Stop.HALTED
        if self.status is Status.ERROR:
            return Stop.ERROR
        return Stop.BREAKPOINT if hit or self._hit else Stop.LIMIT

    def _touched(self, arrived: bool, placed: bool) -> None:
        """Record what the last step touched (D6), for :meth:`touched`."""
        step = self.steps
        key = pack(self.x, self.y)
        touch = []
        if arrived:
            touch.append((key, "arrive"))
        if placed:
            touch.append((key, "place"))
        if self._capt is not None and self._capt[0] == step:
            touch.extend((k, "capture") for k in self._capt[1])
        if self._trig is not None and self._trig[0] == step:
            touch.extend((k, "trigger") for k in self._trig[1])
        self.touch = tuple(touch)

    # ----- the rare paths -------------------------------------------------------------------------
    def _fail(self, pc: int, step: int, message: str, at: CellRef) -> None:
        """R7: stop with a runtime error; the state stays as it is."""
        self.steps = step
        self.status = Status.ERROR
        self.fault_pc = pc
        self.fault = Fault(message, step, at, self._cmd[pc].span)  # type: ignore[union-attr]
        if self._events is not None:
            self._events.append({"event": "error", "message": message})

    def _fail_command(self, pc: int, x: int, y: int, h: bool, step: int, message: str) -> None:
        """A command that cannot run (R8, V6): it changes nothing but counts as a step."""
        self.x, self.y, self.h, self.pc = x, y, h, pc
        self._failed_command = True
        self._fail(pc, step, message, CellRef(BOARD, y, x))

    def _halt(self) -> None:
        """``?`` on a stone: halt (R6), or end the subprogram it belongs to (V5), or V6's error."""
        pc, frame = self.pc, self.frame
        env = frame[F_ENV]  # type: ignore[index]
        if env == 0:
            self.status = Status.HALTED
            return
        popped: dict[int, int] = {}
        if frame[F_KIND] == SUB and frame[F_ENV] == env:  # type: ignore[index]
            node = self.stack  # the activation's own frame is running
        else:
            node = self.stack
            while node is not None:
                if node[0] == CAP:
                    popped[node[1][C_DEPTH]] = node[1][C_STEP]
                elif node[1][F_KIND] == SUB and node[1][F_ENV] == env:
                    node = node[3]
                    break
                node = node[3]
            else:
                self._fail_command(pc, self.x, self.y, self.h, self.steps,
                                   "'?' would terminate a subprogram that has already ended")
                return
        if self._events is not None:
            self._events.append({"event": "subprogram_end", "activation": env})
        self.frame, self.stack = None, node  # the capture node that started the activation
        self._settle(self.steps, popped)

    def _capture(self, pc: int, key: int, colour: int, dead: list[int]) -> None:
        """C5: remove the capture set at once, remember it in reading order (T2), then run its
        triggers (T1) — the frame continues after them at the next command."""
        board, step, frame = self.board, self.steps, self.frame
        entries = tuple((k, board.pop(k)) for k in dead)
        captured_colour = entries[0][1][0]
        depth = frame[F_DEPTH]  # type: ignore[index]
        cap = (step, key, colour, captured_colour, entries, depth, pc)
        self.captures += 1
        self.taken += len(dead)
        self._capt = (step, dead)
        if self.log is not None:
            self.log.captures.append((step, key, colour, captured_colour, tuple(dead), depth))
        if self._events is not None:
            self._events.append({"event": "capture", "stones": [list(unpack(k)) for k in dead],
                                 "colour": COLOURS[captured_colour], "at": list(unpack(key)), "depth": depth})
        stops = self._stops
        if stops is not None and stops[2] is not None and not stops[2].isdisjoint(dead):
            self._hit = True
        self.stack = (CAP, cap, 0, (EXEC, frame, self._nxt[pc], self.stack))
        self.frame = None
        self._settle(step, {})

    def _settle(self, step: int, popped: dict[int, int]) -> None:
        """T5 between steps, as the tail of step ``step``: pop finished triggers and exhausted
        capture frames, start the next entries' triggers (T1–T3, T7, T8, V2), until a frame has a
        command to run.  ``popped`` maps depth → step of the capture frames popped so far in this
        step, which is where stepping back over lands (D3)."""
        ops, entry, sub = self._ops, self._entry, self._sub
        frame, pc, stack = self.frame, self.pc, self.stack
        events, log, stops = self._events, self.log, self._stops
        watch = stops[3] if stops is not None else None
        started: list[int] = []
        while True:
            if frame is not None:
                if ops[pc] != END:
                    break
                if events is not None:  # a finished plain trigger (subprograms never end here)
                    events.append({"event": "trigger_end", "at": list(unpack(frame[F_POINT]))})
                frame = None  # its capture node is on top of the stack now
            _, cap, index, below = stack  # type: ignore[misc]
            entries = cap[C_ENTRIES]
            if index == len(entries):  # exhausted: the frame that captured goes on
                popped[cap[C_DEPTH]] = cap[C_STEP]
                _, frame, pc, stack = below
                continue
            depth = cap[C_DEPTH]
            point, (colour, block, env) = entries[index]
            if depth >= self.max_depth:  # T7
                self.frame, self.pc, self.stack = None, END, stack
                self._trig = (step, started)
                self._fail(cap[C_PC], step, f"trigger nesting depth limit exceeded (max_depth {self.max_depth})",
                           CellRef(BOARD, *reversed(unpack(cap[C_POINT]))))
                return
            stack = (CAP, cap, index + 1, below)
            kind = PLAIN
            if sub[block]:  # V2: a new activation
                self.acts += 1
                env, kind = self.acts, SUB
            frame = (kind, point, colour, block, env, depth + 1, step)
            pc = entry[block]
            started.append(point)
            self.triggered += 1
            if log is not None:
                log.triggers.append((step + 1, point, colour, depth + 1, kind))
            if events is not None:
                events.append({"event": "trigger_start", "at": list(unpack(point)), "colour": COLOURS[colour],
                               "depth": depth + 1, "kind": "subprogram" if kind == SUB else "plain",
                               "activation": env if kind == SUB else None, "before_step": step + 1})
            if watch is not None and point in watch:
                self._hit = True
        self.frame, self.pc, self.stack = frame, pc, stack
        if started:
            self._trig = (step, started)
        depth = frame[F_DEPTH]
        if depth in popped:
            self.back = (step, popped[depth] - 1)

    @property
    def flag(self) -> str:
        """The direction flag's name (S5)."""
        return "horizontal" if self.h else "vertical"
