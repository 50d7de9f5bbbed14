"""MessiScript: Spanish football commentary as code (``.messi``).

This module is the plugin object only; :mod:`.plugin` is the implementation, imported when a
program is parsed."""

from ..language import Help, INT_BITS_OPTION, Language

LANGUAGE = Language(
    name="messiscript", title="MessiScript", extensions=(".messi",), options=(INT_BITS_OPTION,), implementation="esodbg.engines.messiscript.plugin",
    docs="docs/messiscript.md", halted="¡gol! — the program ended", roles=("noun", "adjective", "negate"),
    styles="styles.tcss", grammar="messiscript", code_breakpoints=True,
    names=(Help("cell", "the value of the tape cell at the position (tape[pos])"),
           Help("pos", "the position on the tape, from 0"), Help("clip", "the clipboard"),
           Help("tape", "the whole tape; a cell not visited yet reads 0")),
    data_locations=(Help("tape[N]", "tape cell N"), Help("cell", "the cell at the position (it changes when the "
                                                                "position moves too)"),
                    Help("pos", "the position"), Help("clip", "the clipboard")),
)
