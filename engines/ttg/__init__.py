"""Tic Tac Toe Grow: a board that grows as you type, plus three memory boards.

Programs are plain text, the keystrokes typed: ``.ttg``, and ``.txt`` like the page's own example
``wow.txt`` (no other language claims it).  This module is the plugin object only; :mod:`.plugin`
is the implementation, imported when a program is parsed."""

from ..language import INT_BITS_OPTION, Help, Language, Option, Unit

MAX_CELLS = 1_000_000  # default --max-cells: on-board cells of one board
MAX_HISTORY = 4_000_000  # default --max-history: what the Backspace records may hold (~250-450 bytes each)

LANGUAGE = Language(
    name="ttg", title="Tic Tac Toe Grow", extensions=(".ttg", ".txt"), implementation="esodbg.engines.ttg.plugin",
    docs="docs/ttg.md", halted="every keystroke was typed", grammar="ttg",
    options=(
        Option("name", "Run FILE as if it were called NAME: memory3 is built from the name (R4).", metavar="NAME"),
        Option("max-cells", f"Stop with a runtime error when a board would grow past N cells (default {MAX_CELLS:,}).",
               int, default=MAX_CELLS, metavar="N", minimum=1),
        Option("max-history", "Stop with a runtime error when the Backspace history would hold more than N "
               f"(micro-steps and grown cells; default {MAX_HISTORY:,}).", int, default=MAX_HISTORY, metavar="N", minimum=1),
        INT_BITS_OPTION,
    ),
    units=(Unit("keystroke", "k", "a whole keystroke: its write, pass and update (R13)", "stepOut"),
           Unit("phase", "s", "a phase: the write, the pass or the update (R43)", "next")),
    breakpoint_kinds=("exec", "write", "data", "grow"), default_kinds=frozenset({"exec", "write"}),  # R45
    reads_input=False,  # the keystrokes are the program; there is no stdin
    roles=("empty", "value", "action", "num", "typing", "ip"), styles="styles.tcss",
    names=(Help("D", "the typing direction: 'L', 'U', 'R' or 'D' (R8)"),
           Help("k", "the order position the next character is typed at (R14)"),
           Help("keystroke", "the keystroke being run, from 1 (0 before the first)"),
           *(Help(board, f"the {title}: {board}[row, col] is the cell's value (a Num is an int, a Str a str), "
                         "None if Empty or off the board")
             for board, title in (("main", "mainBoard"), ("memory1", "memory1"), ("memory2", "memory2 (settings)"),
                                  ("memory3", "memory3"))),
           Help("output", "the output so far, as text")),
    data_locations=(*(Help(f"{board}(ROW,COL)", f"a cell of {board}: its value (None if Empty or off the board)")
                      for board in ("main", "memory1", "memory2", "memory3")),
                    Help("D", "the typing direction"), Help("k", "the next order position")),
    events=(Help("grow", "a board grows: the update after a keystroke, u, or g (R6)"),
            Help("rotate", "c turns the mainBoard (R27)"), Help("save", "s saves memory1 (R32)"),
            Help("restore", "a Backspace undoes a write, a run or an update (R17)"),
            Help("swap", "memory1 is full: it swaps with the mainBoard, or with memory2 (R21)")),
)
