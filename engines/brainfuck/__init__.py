"""Brainfuck: eight commands over a tape of cells (``.b``, and ``.bf`` when its content is
Brainfuck: spec `brainfuck.md` rule 1; otherwise ``.bf`` is Befunge-93's).

This module is the plugin object and the content rule only; :mod:`.plugin` is the implementation
(the machine in :mod:`.machine`, its folded operations in :mod:`.ops`), imported when a program is
parsed."""

from ..language import Help, Language, Option, Unit

COMMANDS = b"+-<>[].,"
_BLANK = b" \t\n\r\x0b\x0c"
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]")


def is_brainfuck(content: bytes) -> bool:
    """is Brainfuck if its non-blank characters are all +-<>[]., or it has [ ] pairs, all nested properly

    Spec rule 1 (befunge.md rule 1 too), on the file's bytes: an empty file is Brainfuck; in a
    file with other characters, a ``]`` before its ``[`` or a ``[`` left open makes it
    Befunge-93's, as does having no bracket at all."""
    if not content.translate(None, COMMANDS + _BLANK):
        return True
    brackets = content.translate(None, _NOT_BRACKETS)
    if not brackets:
        return False
    depth = 0
    for b in brackets:
        depth += 1 if b == 91 else -1
        if depth < 0:
            return False
    return depth == 0


LANGUAGE = Language(
    name="brainfuck", title="Brainfuck", extensions=(".b", ".bf"), implementation="esodbg.engines.brainfuck.plugin",
    docs="docs/brainfuck.md", claims=((".bf", is_brainfuck),), bytes_io=True, code_breakpoints=True,
    grammar="brainfuck", end_of_input="then , stores what --eof says (by default it leaves the cell as it was)",
    options=(
        Option("cell-size", "Bits a tape cell holds: 8 (0 to 255), 16, 32, or unbounded (any integer, negative too); "
               "default 8 (rule 3).", str, ("8", "16", "32", "unbounded"), "8", "8|16|32|unbounded"),
        Option("overflow", "wrap: + on the largest value gives 0 and - on 0 the largest; error: both are runtime "
               "errors; default wrap (rule 8).", str, ("wrap", "error"), "wrap"),
        Option("eof", "What , stores at the end of input: keep (the cell as it was), 0, or -1 (the largest value of "
               "sized cells); default keep (rule 10).", str, ("keep", "0", "-1"), "keep"),
        Option("tape-length", "The tape is exactly cells 0 to N-1 (> past the last is a runtime error); default: "
               "it grows to the right as far as the program goes (rule 6).", int, default=None, metavar="N",
               minimum=1),
    ),
    units=(Unit("out", "u", "step out: until the innermost loop around the next command ends (outside a loop: one "
                "command)", "stepOut"),
           Unit("over", "o", "step over: at a [, the whole loop, to the command after its ]; elsewhere one command",
                "next"),
           Unit("iteration", "i", "one loop iteration: until the innermost loop's ] tests again, or the loop ends "
                "(at a [: the loop it opens; outside a loop: one command)")),
    breakpoint_kinds=("exec", "write"), default_kinds=frozenset({"exec", "write"}), cell_form="N",
    roles=("cell", "zero", "ptr", "unvisited", "code", "loop"), styles="styles.tcss",
    names=(Help("tape", "the tape: tape[N] is cell N (a cell not visited yet reads 0)"),
           Help("ptr", "the data pointer: the index of the current cell"),
           Help("cell", "the value of the current cell (tape[ptr])"),
           Help("steps", "the commands run so far (as step)"),
           Help("depth", "how many loops the next command is inside")),
    data_locations=(Help("tape[N]", "tape cell N"), Help("ptr", "the data pointer"),
                    Help("tape(N)", "tape cell N, as the tape board names it (the same cell as tape[N])")),
)
