"""``exec --query data:LOC --plot OUT.svg|.png``: a data location's history as a picture, the
chart the debugger's Query tab draws (:func:`esodbg.app.screens.plot.draw`), for a README.

The chart is drawn as text by Plotext (textual-plotext's figure), read into Rich segments, and
written by :mod:`esodbg.app.record` as a one-frame recording: an SVG as ``record`` writes one, a
PNG as the first frame of the GIF ``record`` would write (agg draws it; Pillow keeps it as PNG).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from rich.console import Console
from rich.text import Text

SIZE = (100, 30)  # columns and rows of the chart
SUFFIXES = (".svg", ".png")


def write_plot(query, target: Path, size: tuple[int, int] = SIZE) -> None:
    """Write ``query``'s history (a data :class:`~esodbg.engines.query.Query` with hits:
    :func:`~esodbg.app.screens.plot.plottable`) as a chart to ``target`` (.svg or .png).
    Raises ``ValueError`` for another extension, ``OSError`` if it cannot be written,
    :class:`~esodbg.app.record.GifError` if agg cannot draw the PNG."""
    from textual_plotext.plot import Plot

    from esodbg.app import record
    from esodbg.app.screens.plot import draw

    suffix = target.suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"cannot tell the format from {target.name!r}: name it .svg or .png")
    columns, rows = size
    chart = Plot()
    draw(chart, query, None, None)  # (it clears the figure: its size and theme come after)
    chart.plotsize(columns, rows)
    chart._set_size(columns, rows)  # as textual-plotext's widget does: plotsize alone leaves the old size
    chart.theme("dark")
    console = Console(width=columns, height=rows, color_system="truecolor", force_terminal=True)
    lines = console.render_lines(Text.from_ansi(chart.build()), console.options.update(width=columns, height=rows),
                                 pad=True)
    frame = record.Frame(tuple(tuple((segment.text, segment.style) for segment in line) for line in lines), 1.0)
    recording = record.Recording((columns, rows), query.canonical, [frame], 0, False)
    if suffix == ".svg":
        record.write(recording, target, loop=False)
        return
    from PIL import Image

    with tempfile.TemporaryDirectory(prefix="esodbg-plot-") as folder:
        gif = Path(folder, "plot.gif")
        record.write(recording, gif, loop=False)
        with Image.open(gif) as picture:
            picture.convert("RGB").save(target, "PNG")
