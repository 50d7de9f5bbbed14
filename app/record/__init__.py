"""``esodbg record``: a run played in the debugger's own screen, written as an animation.

:mod:`.player` plays the program in the real :class:`~esodbg.app.debugapp.DebuggerApp` (headless,
at the size asked) and keeps what the screen showed after each step, unit or key: a
:class:`~.player.Frame` is the compositor's full render, the same one the snapshot tests check.
The writers turn the frames into what OUT's extension asks for: :mod:`.cast` (asciicast v2),
:mod:`.svg` (one self-playing SVG, no script) and :mod:`.gif` (asciinema's agg, from the cast).

OUT is written whole or not at all: into a file beside it, renamed to OUT once complete, so an
interrupted recording leaves OUT as it was (and no part file).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from pathlib import Path
from typing import Iterator

from esodbg.app.record.cast import write_cast
from esodbg.app.record.gif import MOST_FPS, GifError, write_gif
from esodbg.app.record.player import DEFAULT_STEPS, Frame, Interrupted, Recording, Script, check_keys, play
from esodbg.app.record.svg import write_svg

FORMATS = (".cast", ".svg", ".gif")
SCREEN_FPS = 60  # frames a second a screen shows (a .gif: gif.MOST_FPS)

__all__ = ["DEFAULT_STEPS", "FORMATS", "MOST_FPS", "SCREEN_FPS", "Frame", "GifError", "Interrupted", "Recording",
           "Script", "check_keys", "check_target", "play", "stopping_on_signals", "write"]


def _part(target: Path) -> Path:
    """The file ``target`` is written into before it is renamed: hidden, beside it (a rename
    within one folder is atomic), one per process."""
    return target.with_name(f".{target.name}.{os.getpid()}.part")


def check_target(target: Path) -> None:
    """Raise ``OSError`` (its ``filename`` ``target``) if no file can be written beside
    ``target`` — a missing folder, one not writable — before the seconds a recording takes.
    It creates the part file and removes it: the one test that answers for every file system."""
    part = _part(target)
    try:
        part.open("x").close()
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(target)) from None
    part.unlink()


def write(recording: Recording, target: Path, loop: bool = True, poster: str = "last",
          cancel: threading.Event | None = None) -> None:
    """Write ``recording`` to ``target`` in the format its extension names (one of
    :data:`FORMATS`): played over and over (``loop``, .svg and .gif) or once; ``poster``
    (``"first"`` or ``"last"``, .svg) is the frame shown where it does not play.  ``target`` is
    replaced only once the whole file is written.  Raises ``ValueError`` for another extension,
    ``OSError`` if it cannot be written, :class:`~.gif.GifError` if agg fails,
    :class:`~.player.Interrupted` (nothing written) once ``cancel`` is set."""
    suffix = target.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"cannot tell the format from {target.name!r}: name it .cast, .svg or .gif")
    part = _part(target)
    try:
        if suffix == ".cast":
            write_cast(recording, part)
        elif suffix == ".svg":
            write_svg(recording, part, loop, poster)
        else:
            write_gif(recording, part, loop, cancel)
        if cancel is not None and cancel.is_set():
            raise Interrupted()
        os.replace(part, target)
    finally:
        part.unlink(missing_ok=True)


@contextlib.contextmanager
def stopping_on_signals() -> Iterator[threading.Event]:
    """An event that SIGINT (Ctrl+C) and SIGTERM set, for as long as the ``with`` lasts (the
    handlers before it are put back after): :func:`play` and :func:`write` given it stop
    within milliseconds.  A ``KeyboardInterrupt`` raised inside the headless app would land
    in one of its tasks and leave the recorder waiting for a screen that never comes."""
    stop = threading.Event()
    previous = {number: signal.signal(number, lambda signum, frame: stop.set())
                for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield stop
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
