"""The text of a rendered frame, for tests that assert what a user reads (not how it is styled)."""

from __future__ import annotations

import html
import re

from textual.app import App

CELL = 12.2  # width of one terminal cell in Rich's SVG export, in px
TEXT = re.compile(r'<text [^>]*x="([\d.]+)"[^>]*clip-path="url\(#terminal-\d+-line-(\d+)\)">([^<]*)</text>')


def screen_lines(app: App) -> list[str]:
    """The screen's rows as plain text, read back from :meth:`App.export_screenshot`."""
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    for x, line, text in TEXT.findall(app.export_screenshot()):
        column = round(float(x) / CELL)
        for i, char in enumerate(html.unescape(text).replace("\xa0", " ")):
            if int(line) < height and column + i < width:
                rows[int(line)][column + i] = char
    return ["".join(row).rstrip() for row in rows]
