"""Tic Tac Toe Grow: a board that grows as you type, plus three memory boards.

Programs are plain text, the keystrokes typed: ``.ttg``, and ``.txt`` like the page's own example
``wow.txt`` (no other language claims it).  This module is the plugin object only; :mod:`.plugin`
is the implementation, imported when a program is parsed."""

from ..language import Language, Option, Unit

MAX_CELLS = 1_000_000  # default --max-cells: on-board cells of one board
MAX_HISTORY = 4_000_000  # default --max-history: what the Backspace records may hold (~250-450 bytes each)

LANGUAGE = Language(
    name="ttg", title="Tic Tac Toe Grow", extensions=(".ttg", ".txt"), implementation="esodbg.engines.ttg.plugin",
    docs="docs/ttg.md", halted="every keystroke was typed", grammar="ttg",
    options=(
        Option("name", "Run FILE as if it were called NAME: memory3 is built from the name (R4).", metavar="NAME"),
        Option("max-cells", f"Stop with a runtime error when a board would grow past N cells (default {MAX_CELLS:,}).",
               int, default=MAX_CELLS, metavar="N"),
        Option("max-history", "Stop with a runtime error when the Backspace history would hold more than N "
               f"(micro-steps and grown cells; default {MAX_HISTORY:,}).", int, default=MAX_HISTORY, metavar="N"),
    ),
    units=(Unit("keystroke", "k", "a whole keystroke: its write, pass and update (R13)"),
           Unit("phase", "s", "a phase: the write, the pass or the update (R43)")),
    breakpoint_kinds=("exec", "write", "data", "grow"), default_kinds=frozenset({"exec", "write"}),  # R45
    reads_input=False,  # the keystrokes are the program; there is no stdin
    roles=("empty", "value", "action", "num", "typing", "ip"), styles="styles.tcss",
)
