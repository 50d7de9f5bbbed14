"""``esodbg record``: a run played in the debugger's own screen, written as an animation.

:mod:`.player` plays the program in the real :class:`~esodbg.app.debugapp.DebuggerApp` (headless,
at the size asked) and keeps what the screen showed after each step, unit or key: a
:class:`~.player.Frame` is the compositor's full render, the same one the snapshot tests check.
The writers turn the frames into what OUT's extension asks for: :mod:`.cast` (asciicast v2),
:mod:`.svg` (one self-playing SVG, no script) and :mod:`.gif` (asciinema's agg, from the cast).
"""

from __future__ import annotations

from pathlib import Path

from esodbg.app.record.cast import write_cast
from esodbg.app.record.gif import GifError, write_gif
from esodbg.app.record.player import DEFAULT_STEPS, Frame, Recording, Script, play
from esodbg.app.record.svg import write_svg

WRITERS = {".cast": write_cast, ".svg": write_svg, ".gif": write_gif}

__all__ = ["DEFAULT_STEPS", "WRITERS", "Frame", "GifError", "Recording", "Script", "play", "write"]


def write(recording: Recording, target: Path) -> None:
    """Write ``recording`` to ``target`` in the format its extension names (one of
    :data:`WRITERS`); raises ``ValueError`` for another extension, ``OSError`` if it cannot be
    written, :class:`~.gif.GifError` if agg fails."""
    writer = WRITERS.get(target.suffix.lower())
    if writer is None:
        raise ValueError(f"cannot tell the format from {target.name!r}: name it .cast, .svg or .gif")
    writer(recording, target)
