"""What a MessiScript state looks like (spec `messiscript.md`, "For the debugger").

The code board is the source: every command's span is code, the rest (prose, comments) is shown
dimmed, and each word a ``va messi`` counts is marked noun / adjective / negate.  Panels: the
registers, the tape with the position, the loops the next step is in (innermost first, with
their pass counts), and a ``va messi`` explained word by word — the one about to run, or else
the one that just ran.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import CodeRef, StepRecord
from ..view import Code, Panel, Value, View
from .parser import ADD_WORDS, ADJECTIVE, NOUN, Program

if TYPE_CHECKING:
    from .machine import MessiMachine

TAPE_SHOWN = 400  # tape cells drawn at most, around the position
EFFECT = {NOUN: "+1", ADJECTIVE: "×2"}


def code(program: Program) -> Code:
    """The static part: step locations and the marks of the source (see :class:`Code`); made
    once per program, then kept for every view of it."""
    if _code[0] is program:
        return _code[1]
    marks = [(command.span, "code") for command in program.commands]
    marks += [(loop.close, "code") for loop in program.loops]
    marks += [(word.span, word.kind) for command in program.commands for word in command.words]
    _code[:] = [program, Code(tuple((c.span, c.name) for c in program.commands), tuple(sorted(marks)))]
    return _code[1]


_code: list = [None, None]  # the program code() was last asked for, and its Code


def char(value: int) -> str:
    """How a cell reads as a character (for ``la pisa messi``), or ``""`` if it does not."""
    if 0 <= value <= 0x10FFFF and chr(value).isprintable():
        return repr(chr(value))
    return {10: "'\\n'", 9: "'\\t'"}.get(value, "")


def view(machine: MessiMachine, last: StepRecord | None) -> View:
    """The presentation model of ``machine``'s state; ``last`` is the step that led to it."""
    program, tape, pos, pc = machine.program, machine.tape, machine.pos, machine.pc
    commands = program.commands
    changed = {change.key for change in last.changes if change.store == "tape"} if last else set()
    before = last.before.registers if last else (pos, machine.clip, pc)  # (position, clipboard, pc) before the last step
    halted = pc >= len(commands)
    command = None if halted else commands[pc]

    registers = (
        Value("position", str(pos), before[0] != pos),
        Value("clipboard", str(machine.clip), before[1] != machine.clip),
        Value("cell", str(tape[pos]), pos in changed, note=char(tape[pos])),
    )
    start = max(0, min(pos - TAPE_SHOWN // 2, len(tape) - TAPE_SHOWN))
    cells = tuple(
        Value(f"{'▶' if i == pos else ' '}{i}", str(tape[i]), i in changed, i == pos, char(tape[i]))
        for i in range(start, min(len(tape), start + TAPE_SHOWN))
    )
    shown = "" if len(tape) <= TAPE_SHOWN else f" · showing {start}–{start + len(cells) - 1}"
    count = f"{len(tape):,} cell{'s' if len(tape) > 1 else ''}"
    panels = (
        Panel("registers", "Registers", registers),
        Panel("tape", f"Tape · {count}{shown}", cells, grow=True),
        Panel("loops", "Loops (innermost first)", _loops(machine, command)),
        _words_panel(machine, command, last),
    )
    return View(
        boards=(),
        panels=panels,
        location=None if halted else CodeRef(pc),
        span=None if halted else command.span,
        code=code(program),
    )


def _loops(machine: MessiMachine, command) -> tuple[Value, ...]:
    """The loops the next step is in, innermost first, with their passes so far; a loop test
    belongs to the loop it tests."""
    if command is None:
        return (Value("—", "the program ended"),)
    loops = list(command.loops) + ([command.loop] if command.loop is not None else [])
    if not loops:
        return (Value("—", "not in a loop"),)
    program = machine.program
    rows = []
    for depth, index in enumerate(reversed(loops)):
        loop = program.loops[index]
        test = program.commands[loop.test]
        passes = machine.passes[index]
        rows.append(Value(f"sigue messi · line {test.span.line}", f"pass {passes:,}" if passes else "first test",
                          current=depth == 0))
    return tuple(rows)


def _words_panel(machine: MessiMachine, command, last: StepRecord | None) -> Panel:
    """The ``va messi`` about to run (from the current cell) or, failing that, the one that just
    ran (from the cell before it): each counting word, its effect and the running value."""
    program = machine.program
    if command is not None and command.name == ADD_WORDS:
        value, when = machine.tape[machine.pos], "next"
    elif last is not None and isinstance(last.at, CodeRef) and program.commands[last.at.index].name == ADD_WORDS:
        command = program.commands[last.at.index]
        pos = last.before.registers[0]  # the position before it ran
        old = next((c.old for c in last.changes if c.store == "tape" and c.key == pos), machine.tape[pos])
        value, when = old, "just ran"
    else:
        return Panel("words", "va messi", (Value("—", "explains the next or last va messi"),))
    rows = [Value("start", str(value))]
    for word in command.words:
        if word.kind in EFFECT:
            value = value + 1 if word.kind == NOUN else 2 * value
            effect = EFFECT[word.kind]
        else:
            value, effect = -value, "±"
        rows.append(Value(word.text, str(value), note=f"{word.kind} {effect}"))
    if not command.words:
        rows.append(Value("—", "no word counts: the cell is unchanged"))
    return Panel("words", f"va messi · line {command.span.line} ({when})", tuple(rows))
