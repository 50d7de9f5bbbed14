"""Befunge-98's ``i``, ``o`` (spec `befunge.md` rule 26) and ``=`` (rule 27), which run only
when the user allowed them (``--allow-files``, ``--allow-shell``); otherwise they reflect.

Paths are relative to the working directory and must stay inside it: a path that resolves
outside reflects, as does a file that cannot be read or written.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .b98 import IP, Befunge98Machine


def _path(name: bytes) -> Path | None:
    """The file ``name`` names under the working directory, or ``None`` if it leads outside."""
    try:
        text = os.fsdecode(name)
        root = Path.cwd().resolve()
        path = (root / text).resolve()
    except (OSError, ValueError):
        return None
    return path if path == root or root in path.parents else None


def read_file(m: Befunge98Machine, ip: IP) -> None:
    """``i``: pop a name, flags and where (Va, plus the storage offset); put the file's cells
    there (spaces transparent; flags bit 0: binary, every byte on one row); push the size Vb
    (longest line, number of lines), then Va."""
    path = _path(ip.pop_string())
    flags = ip.pop()
    vx, vy = ip.pop_vector()
    try:
        data = path.read_bytes() if path is not None else None
    except OSError:
        data = None
    if data is None:
        ip.reflect()
        return
    x0, y0 = vx + ip.ox, vy + ip.oy
    rows = [data] if flags & 1 else data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    if len(rows) > 1 and rows[-1] == b"":
        rows.pop()
    width = 0
    for dy, row in enumerate(rows):
        x = 0
        for b in row:
            if b == 12 and not flags & 1:
                continue
            if b != 32:
                m.space.put(x0 + x, y0 + dy, b)
            x += 1
        width = max(width, x)
    ip.push_vector(width, len(rows))
    ip.push_vector(vx, vy)


def write_file(m: Befunge98Machine, ip: IP) -> None:
    """``o``: pop a name, flags, where (Va, plus the storage offset) and the size Vb; write that
    rectangle of Funge-space, each cell's low byte, each row ended by LF (flags bit 0: spaces
    before each line end, and line ends at the end, dropped)."""
    path = _path(ip.pop_string())
    flags = ip.pop()
    vx, vy = ip.pop_vector()
    width, height = ip.pop_vector()
    if path is None or width < 1 or height < 1:
        ip.reflect()
        return
    x0, y0 = vx + ip.ox, vy + ip.oy
    rows = [bytes(m.space.get(x0 + x, y0 + y) & 255 for x in range(width)) for y in range(height)]
    if flags & 1:
        rows = [row.rstrip(b" ") for row in rows]
        text = b"\n".join(rows).rstrip(b"\n")
    else:
        text = b"".join(row + b"\n" for row in rows)
    try:
        path.write_bytes(text)
    except OSError:
        ip.reflect()


def shell(m: Befunge98Machine, ip: IP) -> None:
    """``=``: pop a command, run it with ``/bin/sh -c``, push its exit status."""
    command = ip.pop_string()
    try:
        done = subprocess.run(["/bin/sh", "-c", os.fsdecode(command)], stdin=subprocess.DEVNULL)
    except (OSError, ValueError):
        ip.reflect()
        return
    ip.push(done.returncode)
