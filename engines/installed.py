"""What the installed distributions say of themselves, read straight from their metadata folders
(``*.dist-info``, ``*.egg-info``) on ``sys.path``: the files :mod:`importlib.metadata` reads, first
path first as it reads them.  Not through :mod:`importlib.metadata` itself: its imports (email,
zipfile, csv…) take about 60 ms, half again esodbg's own start-up, and Befunge-98's ``y`` and every
command that finds the languages would pay them.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Iterator

DISTRIBUTION = "esodbg"


def folders() -> Iterator[str]:
    """The metadata folders of every distribution on ``sys.path``, first path first (within a
    path, by name)."""
    for place in sys.path:
        try:
            entries = list(os.scandir(place or "."))
        except OSError:
            continue
        for entry in sorted(entries, key=lambda entry: entry.name):
            if entry.name.endswith((".dist-info", ".egg-info")):
                yield entry.path


def entry_points(group: str) -> Iterator[str]:
    """The ``module:attribute`` targets of the entry points in ``group`` of every distribution
    (each folder's ``entry_points.txt``)."""
    for folder in folders():
        text = _read(folder, "entry_points.txt")
        if text is None:
            continue
        section = None
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1].strip()
            elif section == group and "=" in line and not line.startswith(("#", ";")):
                yield line.partition("=")[2].strip()


def version(name: str = DISTRIBUTION) -> str | None:
    """The ``Version`` of the first distribution called ``name`` (any case, ``-``, ``_`` and
    ``.`` alike: PEP 503's normalized names), or ``None`` if none is installed."""
    wanted = _normalized(name)
    for folder in folders():
        base = os.path.basename(folder).removesuffix(".dist-info").removesuffix(".egg-info")
        if _normalized(base.partition("-")[0]) != wanted:  # name-version.dist-info, name.egg-info
            continue
        text = _read(folder, "METADATA") or _read(folder, "PKG-INFO")
        for line in (text or "").splitlines():
            if not line.strip():
                break  # the headers end at the first empty line
            if line.lower().startswith("version:"):
                return line.partition(":")[2].strip()
    return None


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _read(folder: str, name: str) -> str | None:
    try:
        with open(os.path.join(folder, name), encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError):
        return None
