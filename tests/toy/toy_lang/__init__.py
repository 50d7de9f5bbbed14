"""Toy, a language small enough to read in one go: the worked example of docs/plugins.md.

A program is one line of characters, each a cell of the board ``tape``.  The instruction pointer
starts on the first cell and moves right one cell a step: a digit adds itself to the accumulator,
``!`` prints the accumulator and a newline, ``-`` negates it, anything else does nothing.  The
program halts when the pointer leaves the tape.  ``--start N`` sets the accumulator's first value.
"""

from esodbg.engines.language import Language, Option

LANGUAGE = Language(
    name="toy", title="Toy", extensions=(".toy",), implementation="toy_lang.plugin", docs="docs/plugins.md",
    options=(Option("start", "The accumulator's first value (default 0).", int, default=0, metavar="N"),),
    roles=("digit", "action"), styles="styles.tcss", reads_input=False,
)
