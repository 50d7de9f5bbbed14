"""Piet: the program is a picture; colour blocks are its instructions, and the change of hue and
lightness between two blocks is the command (spec `piet.md`).  ``.png``, ``.gif`` and ``.ppm``
pictures, and ascii-piet text (``.apiet``, ``.ascii-piet``).

This module holds the plugin object only; :mod:`.plugin` is the implementation (the machine is
:mod:`.machine`, the picture :mod:`.parser`), imported when a program is parsed."""

from ..language import INT_BITS_OPTION, Help, Language, Option, Unit

LANGUAGE = Language(
    name="piet", title="Piet", extensions=(".png", ".gif", ".ppm", ".apiet", ".ascii-piet"),
    implementation="esodbg.engines.piet.plugin", docs="docs/piet.md",
    halted="no way out of the block (8 attempts failed)",
    options=(Option("codel-size", "The size of a codel in pixels (default: guessed, the shortest run of one "
                    "colour along any pixel row or column, as npiet guesses; F6). Pictures only.", int,
                    metavar="N", minimum=1),
             Option("unknown-colour", "What a pixel of no Piet colour is: white (default), black, or error "
                    "(the file is refused; F4).", str, choices=("white", "black", "error")),
             Option("dialect", "npiet (default: npiet 1.3e, what TIO runs) or spec (the page's 2008 "
                    "clarification of white slides, floored divide and mod, ignored bad operands; D1).", str,
                    choices=("npiet", "spec")),
             INT_BITS_OPTION),
    units=(Unit("command", "o", "until the next command that is not push or pop: the pushes and pops that build "
                "numbers, and the moves that run no command (across white, from a white codel), are passed over", "next"),
           Unit("colour", "u", "over white: until the IP stands on a colour block again (a slide that stopped in "
                "white and the moves from white codels after it are one unit); elsewhere one step")),
    breakpoint_kinds=("exec", "block"),
    spec_forms=(Help("codel:X,Y", "stops before a step that starts on codel (X, Y) (the IP stands on it)"),
                Help("block:X,Y", "stops before a step that starts anywhere in the colour block holding codel "
                     "(X, Y) (a white codel is its own block)"),
                Help("command:NAME", "stops before a step whose move runs NAME: push, pop, add, subtract, "
                     "multiply, divide, mod, not, greater, pointer, switch, duplicate, roll, in_number, in_char, "
                     "out_number, out_char")),
    roles=("codel", "current", "ip", "exit", "next", "slide", "blocked", "unknown"), styles="styles.tcss",
    cell_form="X,Y", bytes_io=True, pictures=True,
    # ascii-piet text has its grammar; a picture none (its Source pane shows its codels as ascii-piet
    # letters, left uncoloured: the board shows the true colours)
    grammar="piet", grammar_by_suffix=((".png", None), (".gif", None), (".ppm", None)),
    names=(Help("pos", "(x, y) of the codel the IP stands on"),
           Help("dp", "the direction pointer: 'right', 'down', 'left' or 'up'"),
           Help("cc", "the codel chooser: 'left' or 'right'"),
           Help("stack", "the stack (stack[0] is the top)"),
           Help("depth", "how many values the stack holds"),
           Help("top", "the top of the stack (None when it is empty)"),
           Help("colour", "the colour of the codel the IP stands on, e.g. 'dark red', 'white'"),
           Help("size", "the size of the current colour block (what push would push; 1 on white)"),
           Help("command", "the command the next step runs ('none' when it runs none)")),
    data_locations=(Help("stack[N]", "the value N below the top of the stack (stack[0] the top)"),
                    Help("depth", "the stack's depth"),
                    Help("dp", "the direction pointer"), Help("cc", "the codel chooser"),
                    Help("ip", "the IP's codel, DP and CC"),
                    Help("block", "the colour and size of the current block")),
    events=(Help("toggle", "a failed attempt toggled the CC (T2)"),
            Help("rotate", "a failed attempt rotated the DP (T2)"),
            Help("slide", "the IP slid across white (T2)"),
            Help("white_stop", "a slide met a wall and the IP stopped in white (W1, npiet dialect)"),
            Help("turn", "a slide met a wall and turned in white (W2, spec dialect)"),
            Help("ignored", "a command had too few values (or a bad roll depth) and did nothing"),
            Help("divide_by_zero", "divide (or mod, spec dialect) by zero"),
            Help("end_of_input", "an input command found the end of the input and pushed nothing"),
            Help("retrace", "a spec-dialect slide retraced its route: the end (W2)")),
)
