"""The Scrabble machine (spec `scrabble.md`, rules 8–10 and the command table).

Steps.  The game was played when the program was parsed; the machine replays it with the
execution interleaved as rule 8 allows: each play's words run right after the play is put
down.  One machine step is either an *action* — putting a play down (or, in a GCG record,
taking a withdrawn phony back) — or one *word* of the execution list: executed, or skipped
while the if-depth is above 0 (rule 10; a skipped word is a step, as in the original, which
visits it and does nothing).  So the state after placing a play, before its words run, is a
state of its own.  :func:`executed_words` counts words, which is what ``--max-steps`` counts (plugin.counted).

The one unit coarser than a step, ``play`` (level 0), runs the rest of the current play — its
placement and its words — and, in a loop, stops where ``REPEAT`` jumps and where the re-run
crosses from one play's words to the next, so a ``play`` step always ends.  Breakpoint kinds:
``place`` (a play puts a tile on the cell) and ``word`` (a word covering the cell is about to
execute; a skipped word does not stop).

Every word is decoded once into an op code and its score; the execution list only grows at
its end (one play's words at a time), so the machine keeps the index of the next word and the
index where the list currently ends.
"""

from __future__ import annotations

from typing import Iterable

from ..compiled import mypyc_attr

from ..base import CellRef, Fault, Location, Machine, Status, Stop, plural
from ..iobuf import InputLog, Output
from .game import PLACE
from .program import Program
from .tiles import CENTRE

BOARD = "board"  # the board's name in CellRefs and views

# Op codes, most frequent in loops first.
NOP, ADD, MINUS, IF, ENDIF, REPEAT, NEXT, PREV, SET, REMOVE, TIMES, DIVIDE, MODULO, PRINT = range(14)
OPS = {"ADD": ADD, "MINUS": MINUS, "IF": IF, "ENDIF": ENDIF, "REPEAT": REPEAT, "NEXT": NEXT, "PREV": PREV,
       "SET": SET, "REMOVE": REMOVE, "TIMES": TIMES, "DIVIDE": DIVIDE, "MODULO": MODULO, "PRINT": PRINT}
CHAR_MAX = 0x10FFFF


@mypyc_attr(native_class=False)  # compiled (setup.py) on a Python base class: a plugin's machine may be Python
class ScrabbleMachine(Machine):
    """A running Scrabble program.  See :class:`~esodbg.engines.base.Machine` for the contract.

    State (rule 9): ``stack`` (a list of integers, ``[0]`` at start, only grows), ``pointer``,
    ``depth`` (the if-depth), ``pc`` (the index of the next word), ``acts`` (actions done);
    plus, for the ``play`` unit, where the current straight run of words began
    (``seg_step``, ``seg_pc``).
    """

    def __init__(self, program: Program, input: InputLog, output: Output) -> None:
        super().__init__(program, input, output)
        self.stack: list[int] = [0]
        self.pointer = 0
        self.depth = 0
        self.pc = 0
        self.acts = 0
        self.seg_step = 0
        self.seg_pc = 0
        words = program.words
        self._ops = [OPS.get(word.text, NOP) for word in words]
        self._args = [word.score for word in words]
        # ends[a]: the length of the execution list after a actions.
        ends, n = [0], 0
        for kind, index in program.actions:
            if kind == PLACE and not program.plays[index].withdrawn:
                n += len(program.plays[index].words)
            ends.append(n)
        self._ends = ends
        self._nacts = len(program.actions)
        # bingos[a]: the bingos among the plays put down by the first a actions (event breakpoints).
        bingos = [0]
        for kind, index in program.actions:
            bingos.append(bingos[-1] + (kind == PLACE and program.plays[index].bingo))
        self._bingos = bingos
        # first[i]: the index of the first word of word i's play (for the play unit).
        first: list[int] = []
        for i, word in enumerate(words):
            first.append(first[-1] if i and words[i - 1].play == word.play else i)
        self._first = first
        self._no_stops = [False] * (len(words) + 1)
        if self._nacts == 0:  # nothing to play: the game is over before it starts
            self.status = Status.HALTED

    # ----- the contract -----------------------------------------------------------------------
    def stores(self):
        return (("stack", self.stack),)

    def may_change(self):
        pointer = self.pointer
        return (("stack", pointer), ("stack", pointer + 1))  # the cell, and the one NEXT may add

    def registers(self) -> tuple:
        return (self.pc, self.pointer, self.depth, self.acts, self.seg_step, self.seg_pc)

    def set_registers(self, regs: tuple) -> None:
        self.pc, self.pointer, self.depth, self.acts, self.seg_step, self.seg_pc = regs

    def next_action(self) -> tuple[str, int] | None:
        """The action the next step is (``("place", k)`` / ``("withdraw", k)``), or ``None`` if
        it is a word (or the machine has nothing left to do)."""
        if self.pc == self._ends[self.acts] and self.acts < self._nacts:
            return self.program.actions[self.acts]
        return None

    def bingos(self) -> int:
        """Bingos so far: plays of seven tiles put down (strict rules)."""
        return self._bingos[self.acts]

    def listed(self) -> int:
        """The length of the execution list so far: the words of the plays put down."""
        return self._ends[self.acts]

    def executes(self) -> bool:
        """True if the next word (there must be one) is executed, false if it is skipped
        (rule 10)."""
        return not self.depth or self._ops[self.pc] in (IF, ENDIF)

    def location(self) -> CellRef:
        """The first new tile of the next play, or the first square of the next word; when the
        machine has stopped, of the last word (or play)."""
        program = self.program
        action = self.next_action()
        if action is not None:
            tile = program.plays[action[1]].placed[0]
            return CellRef(BOARD, tile.y, tile.x)
        if self.pc < self._ends[self.acts]:
            return CellRef(BOARD, *program.words[self.pc].squares[0])
        if program.words:
            return CellRef(BOARD, *program.words[self.pc - 1].squares[0])
        if program.plays:
            tile = program.plays[-1].placed[0]
            return CellRef(BOARD, tile.y, tile.x)
        return CellRef(BOARD, *CENTRE)

    def next_touches(self) -> list[tuple[CellRef, str]]:
        """``place`` on every square the next play puts a tile on; ``word`` on every square of
        the next word if it executes (a skipped word touches nothing)."""
        if self.status is not Status.READY:
            return []
        action = self.next_action()
        if action is not None:
            if action[0] != PLACE:
                return []
            return [(CellRef(BOARD, t.y, t.x), "place") for t in self.program.plays[action[1]].placed]
        if not self.executes():
            return []
        return [(CellRef(BOARD, y, x), "word") for y, x in self.program.words[self.pc].squares]

    def unit_start(self, level: int) -> int:
        """The step where the current ``play`` unit (level 0) began: the play's placement, a
        ``REPEAT``'s jump, or where a run of words crossed into this play's words; a state
        whose next step is an action starts a unit."""
        if level or self.pc == self._ends[self.acts]:
            return self.steps
        return self.seg_step + max(0, self._first[self.pc] - self.seg_pc)

    def compile_stops(self, breakpoints: Iterable[tuple[Location, frozenset[str]]]):
        """``(word_flags, action_flags)``: stop before word ``i`` (if it executes) / before
        action ``a``; ``None`` if no breakpoint can be reached."""
        word_cells, place_cells = set(), set()
        for at, kinds in breakpoints:
            if isinstance(at, CellRef) and at.board == BOARD:
                if "word" in kinds:
                    word_cells.add((at.row, at.col))
                if "place" in kinds:
                    place_cells.add((at.row, at.col))
        program = self.program
        words = [not word_cells.isdisjoint(word.squares) for word in program.words] + [False]
        acts = [kind == PLACE and any((t.y, t.x) in place_cells for t in program.plays[index].placed)
                for kind, index in program.actions] + [False]
        return (words, acts) if any(words) or any(acts) else None

    # ----- execution --------------------------------------------------------------------------
    def _fail(self, pc: int, message: str, done: int) -> Stop:
        """Stop with a runtime error at word ``pc``; the failing step counts (``done`` steps
        before it) and changed nothing (every check comes before any change)."""
        self.steps += done + 1
        self.status = Status.ERROR
        word = self.program.words[pc]
        play = self.program.plays[word.play]
        self.fault = Fault(f"{word.text} (score {word.score}): {message}", self.steps,
                           CellRef(BOARD, *word.squares[0]), play.span)
        self.pc = pc
        return Stop.ERROR

    def run(self, limit: int, stops=None) -> Stop:
        if self.status is not Status.READY:
            return Stop.HALTED if self.status is Status.HALTED else Stop.ERROR
        ops, args, ends, nacts = self._ops, self._args, self._ends, self._nacts
        stack, write = self.stack, self.output.write
        pc, pointer, depth, acts = self.pc, self.pointer, self.depth, self.acts
        seg_step, seg_pc = self.seg_step, self.seg_pc
        word_stops, act_stops = stops if stops is not None else (self._no_stops, None)
        end = ends[acts]
        base = self.steps  # steps before this run; base + done is the state's step number
        size = len(stack)
        # The op codes as locals: this loop is the interpreter's whole speed.
        add, minus, if_, endif, repeat, next_, prev = ADD, MINUS, IF, ENDIF, REPEAT, NEXT, PREV
        set_, remove, times, divide, modulo = SET, REMOVE, TIMES, DIVIDE, MODULO
        reason = Stop.LIMIT
        done = 0
        while done < limit:
            if pc == end:  # an action: put the next play down (or take a phony back)
                seg_step, seg_pc = base + done, pc
                acts += 1
                end = ends[acts]
                done += 1
                if pc == end and acts == nacts:
                    break
                if act_stops is not None and (act_stops[acts] if pc == end else
                                              word_stops[pc] and (not depth or ops[pc] in (if_, endif))):
                    reason = Stop.BREAKPOINT
                    break
                continue
            n = 0
            for n in range(1, limit - done + 1):
                op = ops[pc]
                pc += 1
                if depth:  # rule 10: skipping; only IF and ENDIF count the nesting
                    if op == if_:
                        depth += 1
                    elif op == endif:
                        depth -= 1
                elif op == 0:
                    pass
                elif op == add:
                    stack[pointer] += args[pc - 1]
                elif op == minus:
                    stack[pointer] -= args[pc - 1]
                elif op == if_:
                    if not stack[pointer]:
                        depth = 1
                elif op == endif:
                    pass  # a stray ENDIF does nothing
                elif op == repeat:
                    k = args[pc - 1]
                    if pc - 1 < k:
                        self._save(pointer, depth, acts, seg_step, seg_pc)
                        return self._fail(pc - 1, f"repeat goes too far back: it is word {pc - 1} of the list "
                                                  f"(0-based), so it cannot re-run the {plural(k - 1, 'word')} before it",
                                          done + n - 1)
                    if k:  # continue at p − k + 1: the k − 1 words before it, then itself again
                        pc -= k
                        seg_step, seg_pc = base + done + n, pc
                elif op == next_:
                    pointer += 1
                    if pointer == size:
                        stack.append(0)
                        size += 1
                elif op == prev:
                    if not pointer:
                        self._save(pointer, depth, acts, seg_step, seg_pc)
                        return self._fail(pc - 1, "PREV at the first cell: the pointer cannot go below 0",
                                          done + n - 1)
                    pointer -= 1
                elif op == set_:
                    stack[pointer] = args[pc - 1]
                elif op == remove:
                    stack[pointer] = 0
                elif op == times:
                    stack[pointer] *= args[pc - 1]
                elif op == divide or op == modulo:
                    k = args[pc - 1]
                    if not k:
                        self._save(pointer, depth, acts, seg_step, seg_pc)
                        return self._fail(pc - 1, f"{'division' if op == divide else 'modulo'} by zero "
                                                  "(the word scores 0)", done + n - 1)
                    if op == divide:
                        stack[pointer] //= k
                    else:
                        stack[pointer] %= k
                else:  # PRINT
                    bad = next((i for i, v in enumerate(stack) if not 0 <= v <= CHAR_MAX), None)
                    if bad is not None:
                        self._save(pointer, depth, acts, seg_step, seg_pc)
                        return self._fail(pc - 1, f"cell {bad} holds {stack[bad]}, which is not a character code "
                                                  "(0 to 0x10FFFF)", done + n - 1)
                    write("".join(map(chr, stack)) + "\n")
                if pc == end:
                    break
                if word_stops[pc] and (not depth or ops[pc] in (if_, endif)):
                    reason = Stop.BREAKPOINT
                    break
            done += n
            if reason is Stop.BREAKPOINT:
                break
            if pc == end:  # the next step is an action, or there is none
                if acts == nacts:
                    break
                if act_stops is not None and act_stops[acts]:
                    reason = Stop.BREAKPOINT
                    break
        self._save(pointer, depth, acts, seg_step, seg_pc)
        self.pc = pc
        self.steps = base + done
        if pc == end and acts == nacts:
            self.status, reason = Status.HALTED, Stop.HALTED
        return reason

    def _save(self, pointer: int, depth: int, acts: int, seg_step: int, seg_pc: int) -> None:
        self.pointer, self.depth, self.acts, self.seg_step, self.seg_pc = pointer, depth, acts, seg_step, seg_pc


def executed_words(machine: ScrabbleMachine) -> int:
    """Words executed or skipped so far (a failed word included): the steps that were not
    actions."""
    return machine.steps - machine.acts
