"""The 15 language: a sliding puzzle whose empty square is the instruction pointer (``.15``).

This module is the plugin object only; :mod:`.plugin` is the implementation, imported when a
program is parsed."""

from ..language import Language

LANGUAGE = Language(
    name="fifteen", title="15", extensions=(".15",), implementation="esodbg.engines.fifteen.plugin",
    docs="docs/fifteen.md", halted="the puzzle is solved", roles=("tile", "home", "ip"), styles="styles.tcss",
    grammar="fifteen",
)
