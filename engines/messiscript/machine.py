"""The MessiScript machine (spec `messiscript.md`, rules 7–11 and the command table).

State (rule 8): a tape of unbounded integers that grows to the right, a position, a clipboard;
plus the program counter and, for the debugger, how many passes each running loop has made.

Every step location is decoded once into a kind, an argument and the location that follows it,
so a step is one dispatch: a ``va messi`` sentence is pre-computed into the affine map it applies
(each noun is ``x + 1``, each adjective ``2x``, ``fútbol`` ``-x``, so a whole sentence is
``a·x + b``), and ``vuelve messi`` disappears into the "next" of the body's last command, which
points back at the loop's test.  A loop test is a step of its own ("For the debugger").
"""

from __future__ import annotations

from typing import Iterable

from ..compiled import mypyc_attr

from ..base import CodeRef, Location, Machine, Status, Stop
from ..integers import Oversized, from_text, message, oversized, product_oversized
from ..iobuf import InputLog, Output
from .parser import ADJECTIVE, NEGATE, NOUN, Loop, Program

# Command kinds, roughly in the order the hot loop tests them (most frequent first).
(AFFINE, ADD_K, RIGHT, LEFT, TEST, OUT_CHR, OUT_NUM, ZERO, NOP, COPY, PASTE, ADD, SUB, MUL, DIV,
 EQ, NE, GE, LE, GT, LT, IN_CHR, IN_INT, HALT) = range(24)  # HALT: the end, never run
KINDS = {
    "la mueve messi por la derecha": RIGHT, "la mueve messi por la izquierda": LEFT, "la pisa messi": OUT_CHR,
    "juega messi": OUT_NUM, "gambetea messi": IN_CHR, "siempre messi": IN_INT, "encara messi": ZERO,
    "ankara messi": ZERO, "¡gol!": NOP, "la agarra messi": NOP, "sigue messi": TEST, "corre messi": COPY,
    "amaga messi": PASTE, "suma messi": ADD, "resta messi": SUB, "multiplica messi": MUL,
    "divide messi": DIV, "empata messi": EQ, "desempata messi": NE, "es mayor o igual messi": GE,
    "es menor o igual messi": LE, "es mayor messi": GT, "es menor messi": LT,
}
NOT_AN_INT = "El valor ingresado no es un int.\n"  # siempre messi, a line that is no integer
DIVIDE_BY_ZERO = "Error: No se puede dividir por cero.\n"  # divide messi with clipboard 0 (not a stop)
CHAR_MAX = 0x10FFFF


def affine(words) -> tuple[int, int]:
    """The map ``x → a·x + b`` a ``va messi`` applies, as ``(a, b)``: nouns add 1, adjectives
    double, ``fútbol`` negates, in order (the va messi row; it modifies, never resets)."""
    a, b = 1, 0
    for word in words:
        if word.kind == NOUN:
            b += 1
        elif word.kind == ADJECTIVE:
            a, b = 2 * a, 2 * b
        elif word.kind == NEGATE:
            a, b = -a, -b
    return a, b


def follow(loops: tuple[Loop, ...], j: int, parent: int | None) -> int:
    """Where control goes at command index ``j`` inside loop ``parent``: the end of the loop's
    body goes back to its test."""
    return loops[parent].test if parent is not None and loops[parent].end == j else j


@mypyc_attr(native_class=False)  # compiled (setup.py) on a Python base class: a plugin's machine may be Python
class MessiMachine(Machine):
    """A running MessiScript program.  See :class:`~esodbg.engines.base.Machine` for the
    contract; locations are :class:`~esodbg.engines.base.CodeRef` s into ``program.commands``
    (``CodeRef(len(commands))`` is the end, where the program halts)."""

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.tape: list[int] = [0]  # rule 8
        self.pos = 0
        self.clip = 0
        self.pc = 0
        self.passes: list[int] = [0] * len(program.loops)
        commands, loops = program.commands, program.loops
        n = len(commands)
        self._end = n
        # Per step location: its kind, argument (a va messi's b, a test's loop), a va messi's a,
        # the location after it and, for a test, the location when it fails.
        self._kind: list[int] = []
        self._arg: list[int] = []
        self._mul: list[int] = []
        self._next: list[int] = []
        self._alt: list[int] = []

        for i, command in enumerate(commands):
            parent = command.loops[-1] if command.loops else None
            kind, arg, nxt, alt = KINDS.get(command.name, AFFINE), 0, follow(loops, i + 1, parent), 0
            a = 1
            if kind == AFFINE:
                a, arg = affine(command.words)
                if a == 1:
                    kind = ADD_K
            elif kind == TEST:
                assert command.loop is not None  # the parser numbers every sigue messi's loop
                loop = loops[command.loop]
                arg = command.loop
                nxt = i + 1 if i + 1 < loop.end else i  # pass: into the body (an empty body tests again)
                alt = follow(loops, loop.end, parent)  # fail: past the vuelve messi
            self._kind.append(kind)
            self._arg.append(arg)
            self._mul.append(a)
            self._next.append(nxt)
            self._alt.append(alt)
        self._kind.append(HALT)
        self._arg.append(0)
        self._mul.append(1)
        self._next.append(n)
        self._alt.append(n)
        self._halt_only = [False] * n + [True]  # arriving at the end always stops run()

    # ----- the contract -----------------------------------------------------------------------
    def stores(self):
        return (("tape", self.tape), ("passes", self.passes))

    def may_change(self):
        pos = self.pos
        keys = (("tape", pos), ("tape", pos + 1))  # the cell, and the one a move right may add
        if self._kind[self.pc] == TEST:
            keys += (("passes", self._arg[self.pc]),)
        return keys

    def registers(self) -> tuple:
        return (self.pos, self.clip, self.pc)

    def set_registers(self, regs: tuple) -> None:
        self.pos, self.clip, self.pc = regs

    def location(self) -> CodeRef:
        return CodeRef(self.pc)

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]) -> list[bool] | None:
        """A flag per command (plus the end, always set): stop when control arrives there."""
        flags = list(self._halt_only)
        for at, _ in breakpoints:  # the only kind is exec
            if isinstance(at, CodeRef) and 0 <= at.index < self._end:
                flags[at.index] = True
        return flags if any(flags[:-1]) else None

    # ----- execution --------------------------------------------------------------------------
    def _fail(self, pc: int, message: str, done: int) -> Stop:
        """Stop with a runtime error at command ``pc``; the failing step counts (``done`` before
        it) and changed nothing (checked before any mutation)."""
        self.steps += done
        command = self.program.commands[pc]
        self.pc = pc
        return self.fail(f"{command.name}: {message}", CodeRef(pc), command.span)

    def run(self, limit: int, stops: list[bool] | None = None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        kinds, args, muls, nexts, alts = self._kind, self._arg, self._mul, self._next, self._alt
        tape, passes, write = self.tape, self.passes, self.output.write
        pos, clip, pc = self.pos, self.clip, self.pc
        size = len(tape)
        stops = stops or self._halt_only
        # Kinds as locals: this loop is the interpreter's whole speed.
        affine_, add_k, right, left, test, out_chr, out_num, zero, nop = (
            AFFINE, ADD_K, RIGHT, LEFT, TEST, OUT_CHR, OUT_NUM, ZERO, NOP)
        bits: int = self.program.bits
        reason = Stop.LIMIT
        done = 0
        for done in range(1, limit + 1):
            kind = kinds[pc]
            if kind == add_k:
                tape[pos] += args[pc]
            elif kind == right:
                pos += 1
                if pos == size:
                    tape.append(0)
                    size += 1
            elif kind == left:
                if pos:
                    pos -= 1
            elif kind == test:  # Brainfuck's [ ]: tested on entry and after each pass
                if tape[pos]:
                    passes[args[pc]] += 1
                    pc = nexts[pc]
                else:
                    passes[args[pc]] = 0
                    pc = alts[pc]
                if stops[pc]:
                    reason = Stop.BREAKPOINT
                    break
                continue
            elif kind == affine_:
                m = muls[pc]
                if m != 1 and m != -1 and product_oversized(m, tape[pos], bits):
                    self.pos, self.clip = pos, clip
                    return self._fail(pc, message(bits), done - 1)
                v = m * tape[pos] + args[pc]
                if oversized(v, bits):
                    self.pos, self.clip = pos, clip
                    return self._fail(pc, message(bits), done - 1)
                tape[pos] = v
            elif kind == out_chr:
                value = tape[pos]
                if not 0 <= value <= CHAR_MAX:  # rule 11
                    self.pos, self.clip = pos, clip
                    return self._fail(pc, f"the cell holds {value}, which is not a character code (0 to 0x10FFFF)",
                                      done - 1)
                write(chr(value))
            elif kind == out_num:
                write(str(tape[pos]))
            elif kind == zero:
                tape[pos] = 0
            elif kind == nop:
                pass
            elif kind >= IN_CHR:
                if self.input.at_end(self.in_pos):  # rule 10
                    self.pos, self.clip = pos, clip
                    return self._fail(pc, "end of input: there is no line left to read", done - 1)
                got = self.input.read_line(self.in_pos)
                if got is None:
                    done -= 1
                    reason = Stop.NEEDS_INPUT
                    break
                line, at = got
                if kind == IN_CHR:
                    if len(line) == 1:  # only a line of exactly one character counts (impl)
                        tape[pos] = ord(line)
                else:
                    try:
                        tape[pos] = from_text(line, bits)
                    except ValueError:
                        write(NOT_AN_INT)
                    except Oversized:
                        self.pos, self.clip = pos, clip
                        return self._fail(pc, message(bits), done - 1)
                self.in_pos = at
            else:
                try:
                    clip = self._clipboard(kind, pos, clip, bits)
                except Oversized:
                    self.pos, self.clip = pos, clip
                    return self._fail(pc, message(bits), done - 1)
            pc = nexts[pc]
            if stops[pc]:
                reason = Stop.BREAKPOINT
                break
        self.pos, self.clip, self.pc = pos, clip, pc
        self.steps += done
        if pc == self._end and reason is not Stop.NEEDS_INPUT:  # past the last command: halted
            self.status, reason = Status.HALTED, Stop.HALTED
        return reason

    def _clipboard(self, kind: int, pos: int, clip: int, bits: int) -> int:
        """The clipboard commands (corre … es menor messi); returns the new clipboard.  Raises
        :class:`~esodbg.engines.integers.Oversized`, nothing changed, for a result past ``bits``."""
        tape = self.tape
        cell = tape[pos]
        if kind == COPY:
            return cell
        if kind == ADD or kind == SUB or kind == MUL:
            if kind == MUL and product_oversized(cell, clip, bits):
                raise Oversized(bits)
            v = cell + clip if kind == ADD else cell - clip if kind == SUB else cell * clip
            if oversized(v, bits):
                raise Oversized(bits)
            tape[pos] = v
        elif kind == PASTE:
            tape[pos] = clip
        elif kind == DIV:
            if clip == 0:
                self.output.write(DIVIDE_BY_ZERO)
            else:
                tape[pos] = cell // clip
        elif kind == EQ:
            tape[pos] = int(cell == clip)
        elif kind == NE:
            tape[pos] = int(cell != clip)
        elif kind == GE:
            tape[pos] = int(cell >= clip)
        elif kind == LE:
            tape[pos] = int(cell <= clip)
        elif kind == GT:
            tape[pos] = int(cell > clip)
        elif kind == LT:
            tape[pos] = int(cell < clip)
        return clip
