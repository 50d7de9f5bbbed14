"""The 15 language: a sliding puzzle whose empty square is the instruction pointer (``.15``).

This module is the plugin object only; :mod:`.plugin` is the implementation, imported when a
program is parsed."""

from ..language import Help, INT_BITS_OPTION, Language

LANGUAGE = Language(
    name="fifteen", title="15", extensions=(".15",), options=(INT_BITS_OPTION,), implementation="esodbg.engines.fifteen.plugin",
    docs="docs/fifteen.md", halted="the puzzle is solved", roles=("tile", "home", "ip"), styles="styles.tcss",
    grammar="fifteen",
    names=(Help("acc", "the accumulator (the same as mem[0])"),
           Help("mem", "every piece's memory, by piece label (mem[0] is the accumulator)"),
           Help("pos", "(row, col) of the empty square, the instruction pointer"),
           Help("steps", "moves made so far (the same as step)"),
           Help("cmd", "the command written under the empty square")),
    data_locations=(Help("acc", "the accumulator"), Help("mem[N]", "piece N's memory"),
                    Help("pos", "where the empty square is"),
                    Help("puzzle(ROW,COL)", "the label of the piece on a cell (0: the empty square)")),
    events=(Help("solved", "the puzzle becomes solved, which halts the program (rule 14)"),),
)
