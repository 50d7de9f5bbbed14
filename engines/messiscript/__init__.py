"""MessiScript: Spanish football commentary as code (``.messi``).

This module is the plugin object only; :mod:`.plugin` is the implementation, imported when a
program is parsed."""

from ..language import Language

LANGUAGE = Language(
    name="messiscript", title="MessiScript", extensions=(".messi",), implementation="esodbg.engines.messiscript.plugin",
    docs="docs/messiscript.md", halted="¡gol! — the program ended", roles=("noun", "adjective", "negate"),
    styles="styles.tcss", grammar="messiscript",
)
