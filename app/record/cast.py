"""Recordings as asciicast v2 files (``.cast``), which asciinema's player, asciinema.org and agg
read: a JSON header line, then one ``[time, "o", text]`` line per frame.

The first frame draws the whole screen; each next one redraws only what changed in each row (a
cursor move, then the changed part), as a terminal would be sent it.  A last event with no text, the
hold after the last frame, makes players keep it on screen.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

from rich.cells import cell_len
from rich.color import ColorSystem

from esodbg.app.record.player import Recording, Row

START = "\x1b[?25l\x1b[2J"  # hide the cursor (the debugger draws its own), clear the screen


def ansi(row: Row) -> str:
    """One row as a terminal's text: each segment in its colours (24-bit) and attributes."""
    return "".join(style.render(text, color_system=ColorSystem.TRUECOLOR) if style else text
                   for text, style in row)


def change(before: Row, after: Row) -> tuple[int, Row]:
    """The part of ``after`` that differs from ``before``: its first column and its segments
    (those the two rows share at both ends are left out)."""
    start = 0
    most = min(len(before), len(after))
    while start < most and before[start] == after[start]:
        start += 1
    end = 0
    while end < most - start and before[-1 - end] == after[-1 - end]:
        end += 1
    return sum(cell_len(text) for text, _ in after[:start]), after[start:len(after) - end]


def events(recording: Recording) -> Iterator[tuple[float, str]]:
    """``(seconds since the start, what the terminal is sent)``, one per frame, then the hold."""
    time = 0.0
    shown: tuple[Row, ...] = ()
    for frame in recording.frames:
        parts = [START] if not shown else []
        for y, row in enumerate(frame.rows):
            if y >= len(shown):
                parts.append(f"\x1b[{y + 1};1H{ansi(row)}")
            elif shown[y] != row:
                column, changed = change(shown[y], row)
                parts.append(f"\x1b[{y + 1};{column + 1}H{ansi(changed)}")
        yield round(time, 6), "".join(parts)
        shown = frame.rows
        time += frame.duration
    yield round(time, 6), ""


def write_cast(recording: Recording, target: Path) -> None:
    """Write ``recording`` as an asciicast v2 file at ``target``; raises ``OSError``."""
    width, height = recording.size
    header = {"version": 2, "width": width, "height": height, "title": recording.title,
              "env": {"TERM": "xterm-256color"}}
    with target.open("w", encoding="utf-8", newline="\n") as out:
        out.write(json.dumps(header) + "\n")
        for time, text in events(recording):
            out.write(json.dumps([time, "o", text], ensure_ascii=False) + "\n")
