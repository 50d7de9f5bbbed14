"""Stoned-Go: Go stones on an infinite grid; a captured stone runs its trigger program (``.sgo``;
spec `stoned-go.md`, docs/stoned-go.md).

This module is the plugin object only; :mod:`.plugin` is the implementation, imported when a
program is parsed (:func:`.parser.parse`, :class:`.machine.StonedGoMachine`,
:func:`.state.final_state`, :func:`.state.summary`)."""

from ..language import Export, Help, Language, Option, Unit

MAX_DEPTH = 10_000  # T7's default (the parser's too)

LANGUAGE = Language(
    name="stoned-go", title="Stoned-Go", extensions=(".sgo",), implementation="esodbg.engines.stoned_go.plugin",
    docs="docs/stoned-go.md", halted="a ? found a stone", grammar="stoned_go",
    options=(
        Option("base", "Use the base dialect: '|' inside a block is an error (default: the inner-loop variant, 0.1).",
               bool, default=False),
        Option("max-depth", f"Trigger nesting limit: a deeper trigger is a runtime error (default {MAX_DEPTH:,}, T7).",
               int, default=MAX_DEPTH, metavar="N", minimum=0),
    ),
    # D3, coarsest first (indices .machine.OUT, .machine.OVER); one step is step into.
    units=(Unit("out", "u", "step out: until the running trigger or subprogram is gone", "stepOut"),
           Unit("over", "o", "step over: one command and every trigger it sets off", "next")),
    breakpoint_kinds=("arrive", "place", "capture", "trigger"),  # D6
    default_kinds=frozenset({"arrive", "place", "capture", "trigger"}),
    reads_input=False, writes_output=False,  # a program's only data is its board: its result is the state
    says_interrupted=True,  # D7's outcome: a run Ctrl+C ended is "interrupted", not "step_limit"
    recent_steps=6,  # the events pane shows the latest steps' D5 events
    exports=(Export("sgf", "Write the board as an SGF file (the smallest square that holds the stones; a "
                           "comment gives its corner in Stoned-Go coordinates).", "sgf"),),
    roles=("stone-black", "stone-white", "empty", "captured"), styles="styles.tcss",
    cell_form="X,Y",  # a point is (x, y) everywhere (S3): breakpoints, data locations, panels
    names=(Help("x", "the cursor's x (grows to the right)"), Help("y", "the cursor's y (grows downwards)"),
           Help("flag", "the direction flag: 'horizontal' or 'vertical' (S5)"),
           Help("depth", "trigger and subprogram frames running (T6)"), Help("stones", "stones on the board"),
           Help("stone", "the board: stone[x, y] is 'black', 'white' or None"),
           Help("captures", "capture sets so far")),
    data_locations=(Help("board(X,Y)", "the point (x, y): 'black', 'white' or None"), Help("x", "the cursor's x"),
                    Help("y", "the cursor's y"), Help("flag", "the direction flag")),
    events=(Help("capture", "a placement captures stones (C2, C3)"),
            Help("trigger", "a captured stone's trigger starts (T1)")),
)
