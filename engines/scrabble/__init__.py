"""The Scrabble esolang: a program is a game of Scrabble and every word it forms is a command —
``.scrabble`` programs (loose or strict rules) and ``.gcg`` game records (strict rules).

This module is the plugin object only; :mod:`.plugin` is the implementation, imported when a
program is parsed.
"""

from ..language import Help, Language, Option, Unit

UNITS = (Unit("play", "m", "a whole play (a move): its placement and its words; in a REPEAT loop, up to "
                           "the jump or to the next play's words", "stepOut"),)
KINDS = ("place", "word")  # breakpoints: a play puts a tile on the cell / a word on the cell is about to run
ROLES = ("tile", "blank-tile", "word", "centre", "premium-tw", "premium-dw", "premium-tl", "premium-dl", "empty")

LANGUAGE = Language(
    name="scrabble", title="Scrabble", extensions=(".scrabble", ".gcg"),
    implementation="esodbg.engines.scrabble.plugin", docs="docs/scrabble.md",
    options=(
        Option("rules", "Rule set of a .scrabble program (default: its #rules pragma, else loose); a .gcg "
               "record is always strict.", choices=("loose", "strict")),
        Option("dictionary", "Word list for the strict word check: a file with one word a line, 'enable' (the "
               "default for strict .scrabble programs) or 'none' (the default for .gcg records).", metavar="FILE"),
    ),
    units=UNITS, breakpoint_kinds=KINDS, default_kinds=frozenset(KINDS), reads_input=False,
    halted="the game is over and every word has run", roles=ROLES, styles="styles.tcss", grammar="scrabble",
    grammar_by_suffix=((".gcg", "gcg"),),
    cell_form="SQUARE",  # H8 (column A–O, row 1–15), as players write a square; (x, y) off the 15×15 board
    names=(Help("cell", "the stack cell at the pointer (stack[pointer])"), Help("pointer", "the pointer, from 0"),
           Help("stack", "the whole stack"), Help("word", "the word the next step runs, None if it puts a play down"),
           Help("score", "that word's score (its argument), None if none"), Help("depth", "the if-depth (rule 10)")),
    data_locations=(Help("stack[N]", "stack cell N (0 until the stack grows to it)"),
                    Help("cell", "the cell at the pointer (it changes when the pointer moves too)"),
                    Help("pointer", "the pointer"), Help("depth", "the if-depth"),
                    Help("board(SQUARE)", "a square (board(H8)): the letter on it (lower case for a blank), "
                                          "None if empty")),
    events=(Help("bingo", "a play of all seven tiles is put down (strict rules)"),
            Help("print", "PRINT writes the stack as text (Scrabble's only output)")),
)
