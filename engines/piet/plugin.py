"""The Piet implementation the plugin object delegates to (see :mod:`esodbg.engines.language`):
parse, the machine, the view, the final state and trace, the state's names and data locations,
events, where a value came from, and what editors ask.

Codels are named as the spec names them, ``(x, y)`` with x the column (F7): a :class:`CellRef`'s
row is y and its col x."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import CellRef, NamedRef, Span, StepRecord
from ..base import read_xy_cell as read_cell, xy_cell_name as cell_name  # noqa: F401  (codels are (x, y))
from ..names import Cells, Names, data_name, unknown_data
from . import LANGUAGE
from .machine import BOARD, COMMAND, COMMANDS, WORDS, PietMachine
from .parser import WHITE, Program, colour_name, decode, encode, parse  # noqa: F401

machine = PietMachine
__all__ = ["parse", "machine", "view", "final_state", "trace", "variables", "data", "counters", "places", "decode",
           "encode", "cell_name", "read_cell", "reads", "span", "hover", "not_editable", "read_target"]
CC_WORDS = ("left", "right")


def view(m: PietMachine, last: StepRecord | None):
    from .view import view as build  # only the debugger draws: exec and check never import it

    return build(m, last)


def span(m: PietMachine) -> Span | None:
    """The ascii-piet character of the IP's codel (a picture's source is its codels as ascii-piet)."""
    x, y = m.pos % m.width, m.pos // m.width
    return Span(y + 1, x + 1, y + 1, x + 2)


def places(program: Program) -> tuple[tuple[Span, CellRef], ...]:
    """Every codel that is no black: a line breakpoint at line L, column C is codel (C−1, L−1)
    (on ascii-piet written a row a line; a picture's source is its codels so written)."""
    if program.kind == "ascii-piet" and not _rows_are_lines(program):
        return ()
    w = program.width
    return tuple((Span(i // w + 1, i % w + 1, i // w + 1, i % w + 2), CellRef(BOARD, i // w, i % w))
                 for i, c in enumerate(program.codels) if c != 19)


def _rows_are_lines(program: Program) -> bool:
    """Whether each codel row is one line of the source (no upper-case letter ends a row mid-line)."""
    lines = [line.rstrip("\r") for line in program.source.split("\n") if line.rstrip("\r")]
    return len(lines) == program.height


def hover(program: Program, line: int, col: int) -> str | None:
    """The codel at a 1-based line and column: its colour, its block's size, the command from
    each neighbouring colour block into it."""
    x, y = col - 1, line - 1
    if not (0 <= x < program.width and 0 <= y < program.height):
        return None
    i = y * program.width + x
    c = program.codels[i]
    text = f"**codel ({x}, {y})**: {colour_name(c)}"
    b = program.blocks[i]
    if b >= 0:
        text += f", block of {program.sizes[b]} codel{'s' if program.sizes[b] != 1 else ''} (push pushes {program.sizes[b]})"
        from .machine import command_of
        outs = []
        for dx, dy, word in ((1, 0, "right"), (0, 1, "below"), (-1, 0, "left"), (0, -1, "above")):
            n = program.colour(x + dx, y + dy)
            if n < WHITE and program.blocks[(y + dy) * program.width + x + dx] != b:
                outs.append(f"into the {colour_name(n)} {word}: {COMMANDS[command_of(c, n)]}")
        if outs:
            text += "\n\n" + "\n\n".join(outs)
    if i in program.unknown:
        text += "\n\n(the pixel was no Piet colour: read as " + colour_name(c) + ")"
    return text


def _stack_top_first(m: PietMachine) -> list[int]:
    return m.stack[::-1]


def final_state(m: PietMachine, max_steps: int | None = None) -> dict:
    """``file_name``, ``status``, ``steps``, ``exit_code``, ``output``, ``pos`` ([x, y]), ``dp``,
    ``cc``, ``stack`` (bottom first), ``codel_size``, ``guessed``, ``dialect``, ``error``
    (``null`` or ``{message, step, at}``)."""
    fault = m.fault
    error = None if fault is None else {"message": fault.message, "step": fault.step,
                                        "at": [fault.at.col, fault.at.row]}
    p = m.program
    return {"file_name": p.filename, "status": m.status.value, "steps": m.steps, "exit_code": 1 if fault else 0,
            "output": m.output.text(), "pos": [m.pos % m.width, m.pos // m.width], "dp": WORDS[m.dp],
            "cc": CC_WORDS[m.cc], "stack": list(m.stack), "width": p.width, "height": p.height,
            "codel_size": p.codel_size, "guessed": p.guessed, "dialect": "spec" if m.spec else "npiet",
            "error": error}


def trace(m: PietMachine, record: StepRecord) -> dict:
    """One line a step: ``step``, ``from`` [x, y] (where it began), ``to`` [x, y], ``dp``, ``cc``
    and the stack (bottom first) after the step, the ``command`` it ran (``none`` for none)."""
    at = record.at
    regs = record.before.registers
    w = m.width
    # the command is the change between the colours of where the step began and ended (C1)
    from .machine import command_of, find_move
    r = find_move(m.codels, m.blocks, m.exits, m.nexts, w, m.height, regs[0], regs[1], regs[2], m.spec)
    cmd = "none"
    if r & 7 == COMMAND:
        cmd = COMMANDS[command_of(m.codels[regs[0]], m.codels[r >> 14])]
    return {"step": record.step, "from": [at.col, at.row], "to": [m.pos % w, m.pos // w], "command": cmd,
            "dp": WORDS[m.dp], "cc": CC_WORDS[m.cc], "stack": list(m.stack)}


# ----- the spec's breakpoint names ----------------------------------------------------------------
FORM_KINDS = {"codel": frozenset({"exec"}), "block": frozenset({"block"})}


def read_target(form: str, text: str, view) -> tuple[CellRef | NamedRef, frozenset[str] | None]:
    """The spec's names (What the debugger shows, Names): ``codel:X,Y`` is the codel's
    :class:`CellRef` with kind ``exec`` (the same breakpoint as ``cell:X,Y``), ``block:X,Y``
    the same cell with kind ``block`` (``cell:X,Y/block``), ``command:NAME`` the
    :class:`NamedRef` ``("command", NAME)``, NAME one of :data:`~.machine.COMMANDS` but
    ``none``.  ``ValueError`` for a cell not written ``X,Y``, or an unknown command (listing
    the valid ones).  (A codel off the picture is refused by the spec's reader.)"""
    if form == "command":
        if text not in COMMANDS[1:]:
            raise ValueError(f"no Piet command {text!r} (the commands are: {', '.join(COMMANDS[1:])})")
        return NamedRef("command", text), None
    return read_cell(text, BOARD), FORM_KINDS[form]


def not_editable(filename: str) -> str | None:
    """A picture opens read-only: the editor edits ascii-piet text only."""
    if filename.lower().endswith((".apiet", ".ascii-piet")):
        return None
    return ("a picture opens read-only: edit it in a paint program, or write its codels as ascii-piet "
            "(.apiet) to edit them here")


# ----- power debugging ------------------------------------------------------------------------
def _size(m: PietMachine) -> int:
    b = m.blocks[m.pos]
    return m.sizes[b] if b >= 0 else 1


def variables(m: PietMachine) -> Names:
    """The names of :attr:`LANGUAGE.names <.Language.names>`."""
    return Names({
        "pos": lambda: (m.pos % m.width, m.pos // m.width), "dp": lambda: WORDS[m.dp], "cc": lambda: CC_WORDS[m.cc],
        "stack": lambda: Cells(m.stack[::-1], None), "depth": lambda: len(m.stack),
        "top": lambda: m.stack[-1] if m.stack else None,
        "colour": lambda: colour_name(m.codels[m.pos]), "size": lambda: _size(m),
        "command": lambda: COMMANDS[m.next_command()],
    })


def data(m: PietMachine, text: str) -> Callable[[], Any]:
    """``stack[N]`` (N ≥ 0; ``None`` below the bottom), ``depth``, ``dp``, ``cc``, ``ip`` (``(x,
    y, dp, cc)``), ``block`` (``(colour, size)``)."""
    name, args, _ = data_name(text)
    if name == "stack" and len(args) == 1 and args[0] >= 0:
        return lambda i=args[0]: m.stack[-1 - i] if i < len(m.stack) else None
    if not args:
        if name == "depth":
            return lambda: len(m.stack)
        if name == "dp":
            return lambda: WORDS[m.dp]
        if name == "cc":
            return lambda: CC_WORDS[m.cc]
        if name == "ip":
            return lambda: (m.pos % m.width, m.pos // m.width, WORDS[m.dp], CC_WORDS[m.cc])
        if name == "block":
            return lambda: (colour_name(m.codels[m.pos]), _size(m))
    raise unknown_data(text, [form.name for form in LANGUAGE.data_locations])


def counters(m: PietMachine) -> tuple[int, ...]:
    """The events of :attr:`LANGUAGE.events <.Language.events>`, in order."""
    return (m.toggles, m.rotations, m.slides, m.white_stops, m.turns, m.ignored, m.zero_divisions, m.input_ends,
            m.retraced)


# ----- where did a value come from (reads) ------------------------------------------------------
# What a command does to the stack: (popped, pushed)
EFFECT = {"push": (0, 1), "pop": (1, 0), "add": (2, 1), "subtract": (2, 1), "multiply": (2, 1), "divide": (2, 1),
          "mod": (2, 1), "not": (1, 1), "greater": (2, 1), "pointer": (1, 0), "switch": (1, 0), "duplicate": (0, 1),
          "in_number": (0, 1), "in_char": (0, 1), "out_number": (1, 0), "out_char": (1, 0)}


def reads(m: PietMachine, location: str) -> tuple[str, ...]:
    """The data locations the next step reads to make what it writes to ``location``: an
    arithmetic command makes ``stack[0]`` from ``stack[1]`` and ``stack[0]``, duplicate from
    ``stack[0]``, push from ``block`` (the size of the block left); the values under them move
    by what was popped and pushed.  Input reads none; a roll moves values within its depth."""
    name, args, _ = data_name(location)
    if name != "stack" or len(args) != 1:
        return ()
    cmd = COMMANDS[m.next_command()]
    i = args[0]
    if cmd == "roll" and len(m.stack) >= 2:
        count, depth = m.stack[-1], m.stack[-2]
        if 0 < depth <= len(m.stack) - 2 and i < depth:
            return (f"stack[{depth - 1 - (depth - 1 - i - count) % depth + 2}]",)
        return (f"stack[{i + 2}]",)
    if cmd not in EFFECT:
        return ()
    popped, pushed = EFFECT[cmd]
    if len(m.stack) < (2 if popped == 2 else 1 if cmd in ("not", "duplicate", "pop") or popped == 1 else 0):
        return (f"stack[{i}]",)
    if i < pushed:
        if cmd == "push":
            return ("block",)
        if cmd in ("duplicate", "not"):
            return ("stack[0]",)
        if popped == 2:
            return ("stack[1]", "stack[0]")
        return ()
    return (f"stack[{i - pushed + popped}]",)
