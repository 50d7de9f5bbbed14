"""Stoned-Go: Go stones on an infinite grid; a captured stone runs its trigger program (``.sgo``;
spec `stoned-go.md`, docs/stoned-go.md).

This module is the plugin object only; :mod:`.plugin` is the implementation, imported when a
program is parsed (:func:`.parser.parse`, :class:`.machine.StonedGoMachine`,
:func:`.state.final_state`, :func:`.state.summary`)."""

from ..language import Language, Option, Unit

MAX_DEPTH = 10_000  # T7's default (the parser's too)

LANGUAGE = Language(
    name="stoned-go", title="Stoned-Go", extensions=(".sgo",), implementation="esodbg.engines.stoned_go.plugin",
    docs="docs/stoned-go.md", halted="a ? found a stone", grammar="stoned_go",
    options=(
        Option("base", "Use the base dialect: '|' inside a block is an error (default: the inner-loop variant, 0.1).",
               bool, default=False),
        Option("max-depth", f"Trigger nesting limit: a deeper trigger is a runtime error (default {MAX_DEPTH:,}, T7).",
               int, default=MAX_DEPTH, metavar="N"),
    ),
    # D3, coarsest first (indices .machine.OUT, .machine.OVER); one step is step into.
    units=(Unit("out", "u", "step out: until the running trigger or subprogram is gone"),
           Unit("over", "o", "step over: one command and every trigger it sets off")),
    breakpoint_kinds=("arrive", "place", "capture", "trigger"),  # D6
    default_kinds=frozenset({"arrive", "place", "capture", "trigger"}),
    reads_input=False,  # a program's only data is its board
    roles=("stone-black", "stone-white", "cursor", "empty"), styles="styles.tcss",
)
