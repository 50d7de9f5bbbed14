"""><> (Fish): a stack language written on a codebox that its instruction pointer swims across
(spec `fish.md`).  ``.fish`` files.

This module holds the plugin object only; :mod:`.plugin` is the implementation (the machine in
:mod:`.machine`, the codebox in :mod:`.codebox`, numbers in :mod:`.numbers`), imported when a
program is parsed."""

import re

from ..language import INT_BITS_OPTION, Help, Language, Option, Unit

# A fish shell script: lines of its words (function NAME, set VAR, end alone), two of them, or one
# under a #! line running fish (a ><> program may have that line too: its interpreter drops it).
# The VS Code extension has the same rule (extension.js).
# Patterns, compiled on first use (re caches them): compiled at import they cost every command's start.
_SHELL_LINE = rb"^#![^\n]*[/ ]fish[ \t]*(\r?\n|$)"
_SHELL_WORDS = rb"^[ \t]*(function[ \t]+\S|set[ \t]+-{0,2}\w|end[ \t]*\r?$)"


def is_fish(data: bytes) -> bool:
    """Whether a ``.fish`` file is a ><> program, by its content: not a fish shell script."""
    words = len(re.findall(_SHELL_WORDS, data[:1 << 16], re.M))
    return not (words >= 2 or words and re.match(_SHELL_LINE, data))


LANGUAGE = Language(
    name="fish", title="><>", extensions=(".fish",), implementation="esodbg.engines.fish.plugin", docs="docs/fish.md",
    claims=((".fish", is_fish),),  # the fish shell's scripts are .fish files too
    halted="the program reached ;", end_of_input="then i pushes −1",
    options=(
        INT_BITS_OPTION,
        Option("stack", "Push the code point of each character of TEXT before the run, the first deepest "
               "(fish.py -s; rule 2).", str, metavar="TEXT"),
        Option("value", "Push these space-separated numbers before the run, after --stack's characters "
               "(fish.py -v; rule 2): integral ones as integers, others as floats.", str, metavar='"N N ..."'),
        Option("seed", "Seed the random direction of x (default 0: every run makes the same choices).", int,
               default=0, metavar="N"),
    ),
    units=(Unit("string", "s", "a whole string: from its opening quote to its closing one (any other step: "
                "one step)", "next"),),
    breakpoint_kinds=("exec", "write"),
    roles=("code", "blank", "outside", "number", "number-alt", "ip", "ip-string", "ip-skip", "written", "written-number",
           "written-number-alt"),
    styles="styles.tcss", grammar="fish_esolang", cell_form="X,Y",
    names=(Help("ip", "(x, y) of the cell the instruction pointer runs next"),
           Help("dir", "(dx, dy), the instruction pointer's direction"),
           Help("stack", "the current stack, bottom first: stack[0] the bottom, stack[-1] the top", "bottom first"),
           Help("register", "the current stack's register: its value, or None when empty"),
           Help("depth", "how many stacks the stack of stacks holds"),
           Help("steps", "steps run so far (ticks)"),
           Help("mode", "the quote of the string being read (' or \"), or None outside string mode"),
           Help("skip", "True when the next step skips its cell (after ! or ?)"),
           Help("code", "the codebox: code[x, y] is the value of cell (x, y) (0 for a space or a cell never written)"),
           Help("cmd", "the instruction at ip, as a character"),
           Help("input", "the input read so far, as text"),
           Help("output", "the output written so far, as text")),
    data_locations=(Help("stack[N]", "the value N from the bottom of the current stack (stack[-1] the top)"),
                    Help("code(X,Y)", "the value of cell (x, y) of the codebox"),
                    Help("register", "the current stack's register"),
                    Help("ip", "where the instruction pointer runs next"),
                    Help("dir", "the instruction pointer's direction"),
                    Help("depth", "how many stacks there are")),
    events=(Help("wrap", "the move after a step leaves the row (or the column) and comes back at its other end"),
            Help("write", "p writes a cell of the codebox"),
            Help("jump", ". moves the instruction pointer")),
)
