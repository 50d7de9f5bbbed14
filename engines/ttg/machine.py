"""The Tic Tac Toe Grow machine (spec `ttg.md` §E–§G).

One machine step is one **micro-step** (R43): one event — a write, the execution of one cell
(with its direct effect: a put, an output, a rotation…), a skipped cell, a frame's
return, an overflow swap, the overflow write, the action-limit reset, the board update, a
Backspace's undo or halt.  Keystrokes and phases are runs of micro-steps; the machine says
where the current ones began (:meth:`TTGMachine.unit_start`), so the debugger steps by any of
the three units, forwards and backwards.

The machine always knows its *next* event (``self.next``, one of :mod:`.events`), fully
planned: the cell it runs at and the primitive effects (ops) it will apply.  Planning before doing is what
lets a breakpoint pause *before* any micro-step that touches a cell (R45): the cells and the
kind of touch (exec, write, data, grow) are read off the plan.  Executing applies the plan;
there is no second implementation of any rule.

The whole state is immutable values (boards are persistent, see :mod:`.boards`), so a
snapshot, an undo record or a Backspace record (R17) is a tuple of references.
"""

from __future__ import annotations

from typing import Any, Iterable

import immutables

from ..base import CellRef, Fault, Location, Machine, Status, Stop
from ..integers import message, oversized, product_oversized
from ..iobuf import InputLog, Output
from .boards import DECODE, OPPOSITE, Board, D, L, R, U, display, memory3, norm
from .events import (Backspace, Call, Consume, EscapeNext, Exec, Frame, Halt, LimitReset, NewMain, NewMemory1, Out,
                     OverflowWrite, Put, Record, RestartFrame, Return, Save, SetDirection, SetFrameCell, SetMemory,
                     SkipNext, State, Stopped, Swap, SwapMemory2, Undo, Update, Write)
from .parser import BACKSPACE, ENTER, SIGMA, Program

LIMIT = 10000  # R41: actions per pass before the mainBoard resets
MAX_DIGITS = 10_000_000  # R5's engine limit on a Str's characters (a Num's is --max-int-bits: ..integers)
ACTION_KEYS = "rotcu+-*/%?^v<>gdps@!|#\n" + SIGMA  # R39, in the page's order
ACTIONS = frozenset(ACTION_KEYS)
ARROWS = {"^": U, "v": D, "<": L, ">": R}
HELLO = "hello world"  # R17: Backspace at the start
MAIN, MEMORY1, MEMORY2, MEMORY3 = "main", "memory1", "memory2", "memory3"
CALL = "@frame"  # location board of a cell in an @ frame's private copy (not one of the four)
M2_CELLS = tuple(divmod(i, 3) for i in range(9))  # memory2 cells 1..9 in reading order (R9)
ROLE_ATTRS = {MAIN: "main", MEMORY1: "m1", MEMORY2: "m2", MEMORY3: "m3"}  # role -> machine attribute


def m2_bits(m2: Board) -> list[int]:
    """R9: memory2's cells 1..9 as bits — 1 for Num 1, or Num 42 in cell 7; 0 otherwise."""
    return [1 if v == 1 or (i == 6 and v == 42) else 0 for i, v in enumerate(map(m2.get, M2_CELLS))]


def start_number(bits: list[int]) -> int:
    """R9: the binary number in cells 6..9 (the machine reads it as 1 outside 1..9)."""
    return 8 * bits[5] + 4 * bits[6] + 2 * bits[7] + bits[8]


class Limit(Exception):
    """A planned micro-step would pass a limit (docs/ttg.md "Limits"): the step becomes a
    runtime error instead, with this message."""


class TTGMachine(Machine):
    """A running Tic Tac Toe Grow program.  See :class:`~esodbg.engines.base.Machine` for the
    contract.  Locations are :class:`~esodbg.engines.base.CellRef` s on the boards ``main``,
    ``memory1``, ``memory2``, ``memory3`` in the cells' own coordinates (stable under growth
    and rotation, R45)."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.keys = program.keys
        self.main = Board.square()  # R7
        self.m1 = Board.square()
        self.m2 = Board.square()
        self.m3 = memory3(program.name)  # R4
        self.D = R  # R8, R9: D starts Right
        self.k = 1  # R8: S read as 1 (memory2 is all 0 at the start)
        self.saves = immutables.Map()  # index -> Board: O(log n) to add to and to keep, however many
        self.history: Record | None = None  # R17: the last Backspace record (they are linked)
        self.depth = 0  # records in history
        # What the records hold (Program.max_history): micro-steps and grown cells since the
        # start, less those of the states a Backspace undid.  Kept as a base (held, steps,
        # grown) so that counting costs the hot loop nothing; grown counts grown cells.
        self.grown = 0
        self.held_from = (0, 0, 0)
        # Events so far, for event breakpoints (Language.events): rotations (c), saves (s),
        # Backspace undos and overflow swaps.  Never taken back by a Backspace: they count what
        # happened, not what the state holds.
        self.rotations = self.saves_made = self.undos = self.swaps = 0
        self.key_index = 0  # the next keystroke
        self.keystrokes = 0  # keystrokes processed (R13's step count)
        self.broken = False  # R17: Backspace at the start halted the program
        self.frames: list[Frame] = []  # the pass's call stack (R19, R32)
        self.pass_kind: str | None = None  # "full" (an r), "c" (a c-only pass) or None (R15)
        self.actions = 0  # R41
        self.event: tuple | None = None  # the last micro-step done, an event of .events (for the view)
        self.marks = (0, 0)  # steps at which the current keystroke and the current phase began
        self._settings_cache: tuple[Board, tuple] | None = None
        self.next: tuple | None = None  # the next micro-step, planned (an event); None at the end
        self._start_keystroke()

    def load_boards(self, main: Board | None = None, m1: Board | None = None) -> None:
        """Replace the mainBoard and/or memory1 before the next keystroke (which is planned
        again).  For tests and benchmarks that need a position no short program reaches; call it
        only between keystrokes, on a machine no :class:`~esodbg.engines.debugger.Session` owns."""
        self.main = main or self.main
        self.m1 = m1 or self.m1
        self._start_keystroke()

    # ----- the contract -------------------------------------------------------------------------
    def stores(self):
        return ()  # everything is in registers(): immutable values shared between states

    def may_change(self):
        return ()

    def registers(self) -> tuple:
        return (self.main, self.m1, self.m2, self.m3, self.D, self.k, self.saves, self.history, self.depth,
                self.grown, self.held_from, self.key_index, self.keystrokes, self.broken,
                tuple(frame.frozen() for frame in self.frames), self.pass_kind, self.actions, self.event, self.marks,
                self.next, self.rotations, self.saves_made, self.undos, self.swaps)

    def set_registers(self, regs: tuple) -> None:
        (self.main, self.m1, self.m2, self.m3, self.D, self.k, self.saves, self.history, self.depth,
         self.grown, self.held_from, self.key_index, self.keystrokes, self.broken, frames, self.pass_kind,
         self.actions, self.event, self.marks, self.next, self.rotations, self.saves_made, self.undos,
         self.swaps) = regs
        self.frames = [Frame(*frame) for frame in frames]

    def location(self) -> Location:
        """The cell the next micro-step runs at (the mainBoard's top-left cell when it has no
        cell of its own: an update, a return, a swap, or at the end)."""
        ev = self.next
        kind = type(ev)
        if kind is Write:
            return self._ref(MAIN, ev.cell)
        if kind is Exec:
            return self._ref(MAIN, ev.cell) if self.frames[-1].board is None else CellRef(CALL, *ev.cell)
        if kind is OverflowWrite:
            return self._ref(MEMORY1, ev.cell)
        if kind is Stopped:
            return ev.at
        return self._ref(MAIN, self.main.top_left())

    def keystroke(self) -> int:
        """The index of the keystroke about to start or under way (-1 before the first)."""
        return self.key_index if type(self.next) in (Write, Backspace) else self.key_index - 1

    def unit_start(self, level: int) -> int:
        """The step at which the current keystroke (``level`` 0) or phase (1) began (R43)."""
        return self.marks[level]

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> Any:
        """``{(board, row, col): kinds}``, or ``None``."""
        stops = {(at.board, at.row, at.col): kinds for at, kinds in breakpoints if isinstance(at, CellRef)}
        return stops or None

    def next_touches(self) -> list[tuple[CellRef, str]]:
        """R45: the cells the next micro-step touches and how: ``exec`` (run, skipped, escaped;
        in a c-only pass also the inert cells passed over on the way to the next ``c``), ``write`` (a typed character), ``data`` (read as the next square, cleared,
        written, popped) and ``grow`` (about to join a board)."""
        ev = self.next
        kind = type(ev)
        if kind is Write:
            return [(self._ref(MAIN, ev.cell), "write")]
        if kind is OverflowWrite:
            return [(self._ref(MEMORY1, ev.cell), "data")]
        if kind is Update:
            return [(self._ref(MAIN, cell), "grow") for cell in ev.new]
        if kind is not Exec:
            return []
        on_main = self.frames[-1].board is None
        out = [(self.location(), "exec")]
        if self.pass_kind == "c":  # the inert cells the scan passes over on its way to this c
            cell = self.main.next_value(ev.since)
            while cell != ev.cell:
                out.append((self._ref(MAIN, cell), "exec"))
                cell = self.main.next_value(cell)
        for op in ev.ops:
            kind = type(op)
            if kind is Put and op.cell is not None or kind is SetMemory:
                out.append((self._ref(MEMORY1, op.cell), "data"))
            elif kind in (SetFrameCell, Consume) and on_main:
                out.append((self._ref(MAIN, op.cell), "data"))
            elif kind is NewMemory1 and op.how == "clear":
                out.extend((self._ref(MEMORY1, cell), "data") for cell in self.m1.values)
            elif kind in (NewMemory1, NewMain) and op.how == "grow":
                board = MEMORY1 if kind is NewMemory1 else MAIN
                out.extend((self._ref(board, cell), "grow") for cell in op.cells)
        return out

    @staticmethod
    def _ref(board: str, cell) -> CellRef:
        return CellRef(board, *cell)  # a cell keeps its coordinates through growth and turns

    def board(self, name: str) -> Board:
        """The board playing role ``name`` now."""
        return getattr(self, ROLE_ATTRS[name])

    def _hit(self, stops: dict) -> bool:
        for ref, kind in self.next_touches():
            kinds = stops.get(ref)
            if kinds is not None and kind in kinds:
                return True
        return False

    def run(self, limit: int, stops: Any = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        do = self._do
        end = self.steps + limit
        while self.steps < end:
            self.steps += 1
            ev = self.next
            do[type(ev)](self, ev)
            if self.next is None:  # the end, or a runtime error (a limit)
                if self.status is Status.ERROR:
                    return Stop.ERROR
                self.status = Status.HALTED
                return Stop.HALTED
            if stops is not None and self._hit(stops):
                return Stop.BREAKPOINT
        return Stop.LIMIT

    # ----- memory2, the settings (R9) ------------------------------------------------------------
    def settings(self) -> tuple[str, str, int, int]:
        """``(maindir, memdir, turn, S)`` decoded from memory2 (R9); ``S`` is the number the
        bits give, which the machine reads as 1 when it is not in 1..9."""
        cached = self._settings_cache
        if cached is not None and cached[0] is self.m2:
            return cached[1]
        bits = m2_bits(self.m2)
        result = (DECODE[bits[0], bits[1]], DECODE[bits[2], bits[3]], bits[4], start_number(bits))
        self._settings_cache = (self.m2, result)
        return result

    def _memory_order(self) -> tuple[str, int]:
        _, memdir, turn, _ = self.settings()
        return memdir, turn

    # ----- keystrokes (R13, R14, R17) ----------------------------------------------------------------
    def _state(self) -> State:
        """What a Backspace record holds (R17): the four boards, D, k and the saves."""
        return State(self.main, self.m1, self.m2, self.m3, self.D, self.k, self.saves)

    def _push(self, kind: str, applied: bool = False) -> None:
        """Push a Backspace record of the state now: the state before the current micro-step,
        or after it if ``applied`` (the run record, pushed once the write is done)."""
        self.history = Record(kind, self._state(), self.history, self.held() - (not applied))
        self.depth += 1

    def held(self) -> int:
        """What the Backspace history holds now, in :attr:`Program.max_history`'s units."""
        held, steps, grown = self.held_from
        return held + self.steps - steps + self.grown - grown

    def _grown(self, board: Board, role: str) -> tuple[Board, list]:
        """``board.updated()`` (R6), unless the board would pass ``max_cells`` (:class:`Limit`)."""
        grown, new = board.updated()
        cap = self.program.max_cells
        if grown.shape.size > cap:
            raise Limit(f"{role} would grow to {grown.shape.size:,} cells, past the cap of {cap:,} cells a board "
                        f"(--max-cells)")
        return grown, new

    def _plan_fault(self, message: str, at: CellRef, key: int) -> None:
        """Make the next micro-step the runtime error ``message`` at ``at``, in keystroke ``key``."""
        self.next = Stopped(message, at, key)

    def _fault(self, ev: Stopped) -> None:
        """A limit was reached: the run stops here with nothing else changed (base.py)."""
        self.event = ev
        self.status = Status.ERROR
        self.fault = Fault(ev.message, self.steps, ev.at, self.program.spans[ev.key])
        self.next = None

    def _start_keystroke(self) -> None:
        """Plan the next keystroke's first micro-step, or end (R18)."""
        self.marks = (self.steps, self.steps)
        self.frames = []
        self.pass_kind = None
        if self.broken or self.key_index >= len(self.keys):
            self.next = None
            self.status = Status.HALTED
            return
        key = self.keys[self.key_index]
        if key == BACKSPACE:
            self.next = Backspace(self.history.kind if self.history else None)
            return
        k = self.k if self.k <= self.main.shape.size else 1  # R14.2
        cell = self.main.typing_cell(self.D, k)
        if self.held() > self.program.max_history:
            self._plan_fault(f"the Backspace history (R17) holds {self.held():,}, past the cap of "
                             f"{self.program.max_history:,} (--max-history)", self._ref(MAIN, cell), self.key_index)
            return
        self.next = Write(cell, key, k)

    def _write(self, ev: Write) -> None:
        """R14: the typed character goes to order position k; k moves on (wrapping)."""
        cell, key, k = ev
        self._push("write")
        self.key_index += 1
        self.keystrokes += 1
        self.main = self.main.set(cell, key)
        self.k = 1 if k == self.main.shape.size else k + 1
        self.event = ev
        # R15: the pass kind is chosen once, right after the write.
        self.pass_kind = "full" if self.main.nr else "c" if self.main.cs else None
        if self.pass_kind is None:
            self._plan_update()
            return
        self._push("run", applied=True)
        self.actions = 0
        self.frames = [Frame(None)]
        self.marks = (self.marks[0], self.steps)
        self._plan_exec()

    def _backspace(self, ev: Backspace) -> None:
        """R17: undo the last write, run or update; with nothing to undo, break."""
        self.key_index += 1
        self.keystrokes += 1
        if self.history is None:
            self.output.write(HELLO)
            self.broken = True
            self.event = Halt(HELLO)
        else:
            record = self.history
            self.history = record.rest
            self.depth -= 1
            self.held_from = (record.held, self.steps, self.grown)
            self.main, self.m1, self.m2, self.m3, self.D, self.k, self.saves = record.state
            self.undos += 1
            self.event = Undo(record.kind)
        self._start_keystroke()

    def _plan_update(self) -> None:
        self.frames = []
        self.marks = (self.marks[0], self.steps)
        try:
            board, new = self._grown(self.main, "the mainBoard")
        except Limit as limit:
            self._plan_fault(str(limit), self._ref(MAIN, self.main.top_left()), self.key_index - 1)
            return
        self.next = Update(board, new)

    def _update(self, ev: Update) -> None:
        """R16: board update of whatever the mainBoard is now."""
        self._push("update")
        self.main = ev.board
        self.grown += len(ev.new)
        self.event = ev
        self._start_keystroke()

    # ----- the pass (R19–R41) --------------------------------------------------------------------------
    def _plan_exec(self) -> None:
        """Plan the next micro-step of the pass: the next non-Empty cell of the top frame, or
        its return, or the update when the main frame is done."""
        frame = self.frames[-1]
        board = frame.board or self.main
        # R19: Empty cells are passed over; in a c-only pass (R15), so is everything but c.
        cell = board.next_c(frame.cell) if self.pass_kind == "c" else board.next_value(frame.cell)
        if cell is None:
            if len(self.frames) > 1:
                self.next = RETURN
            else:
                self._plan_update()
            return
        value = board.values[cell]
        since, frame.cell = frame.cell, cell
        if frame.skip:
            self.next = Exec(cell, value, "skip", (), since)
        elif self.actions >= LIMIT:
            self.next = LIMIT_RESET
        elif frame.escape:
            self.next = Exec(cell, value, "escape", (self._put(value),), since)
        else:
            try:
                self.next = Exec(cell, value, "run", self._plan_action(frame, board, cell, value), since)
            except Limit as limit:
                at = self._ref(MAIN, cell) if frame.board is None else CellRef(CALL, *cell)
                self._plan_fault(str(limit), at, self.key_index - 1)

    def _put(self, value) -> Put:
        """R20: put ``value`` (normalised) into memory1's first available cell."""
        return Put(norm(value), self.m1.first_empty(*self._memory_order()))

    def _plan_action(self, frame: Frame, board: Board, cell, value) -> tuple:
        """The effects of executing ``value`` at ``cell`` (R23–R37)."""
        if value.__class__ is not str or value not in ACTIONS:
            return (self._put(value),)  # R37: data
        if value == "r":
            return ()
        if value == "o" or value == "p" or value == SIGMA:
            return self._plan_output(value)
        if value in ARROWS:
            return (SetDirection(ARROWS[value]),)
        if value == "t" or value == "?":
            square = board.after(cell)  # R19: the next square, Empty or not
            if square is None:
                return ()
            taken = board.values.get(square)
            if value == "t":
                return (Consume(square),) + ((self._put(taken),) if taken is not None else ())
            if taken is None:
                return ()
            return (SetFrameCell(square, None), self._put(taken), RESTART_FRAME)
        if value in "+-*/%":
            return self._plan_arithmetic(value)
        if value == "!":
            return (SKIP_NEXT,)
        if value == "#":
            return (ESCAPE_NEXT,)
        if value == "|":
            return (SetDirection(OPPOSITE[self.D]),)
        if value == ENTER:
            return (SetDirection(L),) if self.D == D else ()
        if value == "u":
            grown, new = self._grown(self.main, "the mainBoard")
            return (NewMain(grown, "grow", new),)
        if value == "g":
            grown, new = self._grown(self.m1, "memory1")
            return (NewMemory1(grown, "grow", new),)
        if value == "c":
            return (NewMain(self.main.rotated(), "rotate", []),)
        if value == "d":
            return (NewMemory1(self.m1.cleared(), "clear", []),)
        if value == "s":
            return (SAVE,)
        # "@" (R32): main frame → the last save (or memory1); save i → save i-1 (or memory1).
        if frame.chain == -1:
            return ()
        target = len(self.saves) - 1 if frame.chain is None else frame.chain - 1
        return (Call(self.saves[target] if target >= 0 else self.m1, target),)

    def _plan_output(self, value: str) -> tuple:
        """``o`` (R24), ``p`` (R32), Σ (R35)."""
        m1 = self.m1
        if value == SIGMA:
            values = m1.in_reading_order()
            nums = [v for v in values if v.__class__ is int]
            text = (str(sum(nums)) if nums else "") + "".join(v for v in values if v.__class__ is str)
            return (Out(text),) if text else ()
        first = m1.first_value(*self._memory_order())
        if first is None:
            return ()
        if value == "p":
            return (Out(display(m1.get(first))), SetMemory(first, None))
        values = m1.in_reading_order()
        if m1.get(first).__class__ is int:
            text = "".join(map(str, [v for v in values if v.__class__ is int]))
        else:
            text = "".join([v for v in values if v.__class__ is str])
        return (Out(text),)

    def _plan_arithmetic(self, op: str) -> tuple:
        """R28: (cell 1) op (cell 2) → cell 3, the first three cells of memory1's walk order."""
        walk = self.m1.walk(*self._memory_order())
        a, b = self.m1.get(walk[0]), self.m1.get(walk[1])
        if op == "+" and (a.__class__ is str or b.__class__ is str):
            result = (display(a) if a is not None else "") + (display(b) if b is not None else "")
            if len(result) > MAX_DIGITS:
                raise Limit(f"+ would make a string of {len(result):,} characters, past the engine's limit of "
                            f"{MAX_DIGITS:,} (R5)")
        else:
            x = a if a.__class__ is int else 0
            y = b if b.__class__ is int else 0
            bits = self.program.max_int_bits
            if op == "*" and product_oversized(x, y, bits):
                raise Limit(f"*: {message(bits)}, the engine's limit (R5)")
            if op == "+":
                result = x + y
            elif op == "-":
                result = x - y
            elif op == "*":
                result = x * y
            elif op == "/":
                result = 42 if y == 0 else (abs(x) // abs(y)) * (1 if (x < 0) == (y < 0) else -1)
            else:
                y = y or 42
                result = (abs(x) % abs(y)) * (-1 if x < 0 else 1)
        if result.__class__ is int and oversized(result, self.program.max_int_bits):  # type: ignore[arg-type]
            raise Limit(f"{op}: {message(self.program.max_int_bits)}, the engine's limit (R5)")
        return (SetMemory(walk[2], norm(result)),)

    def _exec(self, ev: Exec) -> None:
        frame = self.frames[-1]
        self.event = ev
        if ev.mode == "skip":  # R33: not executed, not counted; skip goes down by one, and up
            if ev.value != "!":  # again for a skipped ``!``, so a skipped ``!`` leaves it as it is
                frame.skip -= 1
            self._plan_exec()
            return
        self.actions += 1  # R41; an escaped put is an action of its own, as was its # (R36)
        if ev.mode == "escape":
            frame.escape = False
        overflow = None
        for op in ev.ops:
            kind = type(op)
            if kind is Put:
                if op.cell is None:
                    overflow = Swap(op.value)
                elif op.value is not None:
                    self.m1 = self.m1.set(op.cell, op.value)
            elif kind is Out:
                self.output.write(op.text)
            elif kind is SetMemory:
                self.m1 = self.m1.set(op.cell, op.value)
            elif kind is SetFrameCell:
                if frame.board is None:
                    self.main = self.main.set(op.cell, op.value)
                else:
                    frame.board = frame.board.set(op.cell, op.value)
            elif kind is RestartFrame:
                frame.cell, frame.skip, frame.escape = None, 0, False
            elif kind is Consume:
                frame.cell = op.cell
            elif kind is SetDirection:
                self.D = op.d
            elif kind is SkipNext:
                frame.skip = 1
            elif kind is EscapeNext:
                frame.escape = True
            elif kind is NewMemory1:
                self.m1 = op.board
                self.grown += len(op.cells)
            elif kind is NewMain:
                self.main = op.board  # R27: frames on a turned board stay on their cells
                self.grown += len(op.cells)
                self.rotations += op.how == "rotate"
            elif kind is Save:
                self.saves = self.saves.set(len(self.saves), self.m1)
                self.saves_made += 1
            elif kind is Call:
                self.frames.append(Frame(op.board, chain=op.chain))
        if overflow is not None:
            self.next = overflow
        else:
            self._plan_exec()

    def _return(self, ev: Return) -> None:
        """R32: the called frame ended; the caller goes on after its ``@``."""
        self.frames.pop()
        self.event = ev
        self._plan_exec()

    def _limit(self, ev: LimitReset) -> None:
        """R41: just before the 10001st action the mainBoard empties and the code stops."""
        self.main = self.main.cleared()
        self.event = ev
        self._plan_update()

    # ----- overflow (R21, R22, R10) -----------------------------------------------------------------
    def _swap(self, ev: Swap) -> None:
        """R21.1: mainBoard and memory1 change places; D := maindir."""
        self.main, self.m1 = self.m1, self.main.normalised()
        self.swaps += 1
        self.D = self.settings()[0]
        self.event = ev
        self._plan_overflow_write(ev.value, SwapMemory2)

    def _plan_overflow_write(self, value, otherwise: type | None) -> None:
        target = self.m1.first_empty(*self._memory_order())
        if target is not None:
            self.next = OverflowWrite(value, target)
        elif otherwise is not None:
            self.next = otherwise(value)
        else:  # R21.2a: still no room — the value is dropped, the code stops
            self._plan_update()

    def _overflow_write(self, ev: OverflowWrite) -> None:
        """R21.2: write the value into the new memory1, then stop the code (R21.3)."""
        if ev.value is not None:
            self.m1 = self.m1.set(ev.cell, ev.value)
        self.event = ev
        self._plan_update()

    def _swap2(self, ev: SwapMemory2) -> None:
        """R21.2a: memory1 and memory2 change places; memory2 is the 3x3 forced from memory1's
        top-left cell, then checked (R10)."""
        self.m1, self.m2 = self.m2, self._checked(self.m1.crop3x3())
        self.swaps += 1
        maindir, _, _, s = self.settings()
        self.D, self.k = maindir, s
        self.event = ev
        self._plan_overflow_write(ev.value, None)

    def _checked(self, m2: Board) -> Board:
        """R10: memory2 with a value other than Empty, 1 (or 42 in cell 7) becomes memory3; a
        start number outside 1..9 becomes 0 0 0 1."""
        for i, cell in enumerate(M2_CELLS):
            v = m2.get(cell)
            if v is not None and (v.__class__ is not int or v != 1 and not (i == 6 and v == 42)):
                m2 = self.m3
                break
        if not 1 <= start_number(m2_bits(m2)) <= 9:
            for cell, v in zip(M2_CELLS[5:], (None, None, None, 1)):
                m2 = m2.set(cell, v)
        return m2

    _do = {  # what each event does, by its type
        Write: _write, Backspace: _backspace, Update: _update, Exec: _exec, Return: _return,
        LimitReset: _limit, Swap: _swap, OverflowWrite: _overflow_write, SwapMemory2: _swap2, Stopped: _fault,
    }


# The events and ops without fields, made once.
RETURN, LIMIT_RESET = Return(), LimitReset()
SKIP_NEXT, ESCAPE_NEXT, RESTART_FRAME, SAVE = SkipNext(), EscapeNext(), RestartFrame(), Save()
