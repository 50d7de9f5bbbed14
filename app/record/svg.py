"""Recordings as one self-playing SVG: shown by a README, a browser or an ``<img>``, with no
script (a CSS animation, which GitHub's image proxy keeps).

Every distinct screen row is drawn once, in ``<defs>`` (a debugger's screen changes a few rows a
step: the panes' frames, the board's other rows and the footer repeat); a frame is a
``<g class="frame">`` of ``<use>``s of its rows.  The frames stand one under the other, a film
strip, and one animation moves the strip up a frame at each frame's time (``steps(1, end)``: no
sliding between them).  Colours are the screen's own 24-bit ones, each a CSS class.

Where nothing plays, the strip rests at the poster frame (the first or the last): a viewer
without CSS animations, and a reader who asked for less motion (``prefers-reduced-motion``).
The cells' backgrounds are drawn with ``shape-rendering: crispEdges``: an SVG shown smaller
than its size (a README's column) would otherwise smooth each row's edges into the screen's
colour, a hairline seam between two rows of one colour.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from rich.cells import cell_len
from rich.color import Color
from rich.style import Style
from rich.terminal_theme import SVG_EXPORT_THEME

from esodbg.app.record.player import Recording, Row

FONT = 14  # px
CELL = 8.4  # px: a cell's width (0.6 em, a monospace font's advance; textLength makes the text fit it)
LINE = 17  # px: a row's height
BASELINE = 13  # px from a row's top
FONTS = '"DejaVu Sans Mono","Fira Code",Menlo,Consolas,"Liberation Mono",monospace'


def hex_of(color: Color | None, foreground: bool) -> str:
    if color is None:
        triplet = SVG_EXPORT_THEME.foreground_color if foreground else SVG_EXPORT_THEME.background_color
    else:
        triplet = color.get_truecolor(SVG_EXPORT_THEME, foreground=foreground)
    return triplet.hex


def px(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


class _Classes:
    """CSS classes for the styles in use: a text class per look, a fill class per background."""

    def __init__(self) -> None:
        self.text: dict[str, str] = {}  # css → class name
        self.fill: dict[str, str] = {}
        self.looks: dict[Style | None, tuple[str, str]] = {}  # what of() said of each style met
        self.decorated: set[str] = set()  # the text classes that underline or strike (their spaces show)

    def _name(self, table: dict[str, str], css: str, prefix: str) -> str:
        if css not in table:
            table[css] = f"{prefix}{len(table):x}"
        return table[css]

    def of(self, style: Style | None) -> tuple[str, str]:
        """``(text class, background colour)`` of a segment's ``style``."""
        if style not in self.looks:
            self.looks[style] = self._look(style)
        return self.looks[style]

    def _look(self, style: Style | None) -> tuple[str, str]:
        style = style or Style()
        foreground, background = hex_of(style.color, True), hex_of(style.bgcolor, False)
        if style.reverse:
            foreground, background = background, foreground
        css = [f"fill:{foreground}"]
        if style.bold:
            css.append("font-weight:bold")
        if style.italic:
            css.append("font-style:italic")
        if style.underline or style.strike:
            css.append("text-decoration:" + " ".join(["underline"] * bool(style.underline)
                                                     + ["line-through"] * bool(style.strike)))
        if style.dim:
            css.append("opacity:.6")
        name = self._name(self.text, ";".join(css), "t")
        if style.underline or style.strike:
            self.decorated.add(name)
        return name, background

    def background(self, color: str) -> str:
        return self._name(self.fill, f"fill:{color}", "k")

    def css(self) -> str:
        return "".join(f".{name}{{{css}}}" for table in (self.text, self.fill) for css, name in table.items())


def draw_row(row: Row, classes: _Classes, screen: str) -> str:
    """The SVG of one row at y = 0: its backgrounds (but the screen's own), each run of one
    colour a rect, then its text, one ``<text>`` from the first character drawn to the last,
    stretched to its cells (``textLength``), a ``<tspan>`` per look (spaces take the look
    before them, unless underlined: they show nothing)."""
    backgrounds: list[list] = []  # [column, cells, colour]
    pieces: list[list] = []  # [text class, text]
    column = 0
    for text, style in row:
        cells = cell_len(text)
        look, background = classes.of(style)
        if backgrounds and backgrounds[-1][2] == background:
            backgrounds[-1][1] += cells
        else:
            backgrounds.append([column, cells, background])
        if pieces and (pieces[-1][0] == look or (not text.strip(" ") and look not in classes.decorated)):
            pieces[-1][1] += text
        else:
            pieces.append([look, text])
        column += cells
    parts = [f'<rect x="{px(start * CELL)}" width="{px(cells * CELL)}" height="{LINE}" '
             f'class="{classes.background(colour)}"/>'
             for start, cells, colour in backgrounds if colour != screen]
    chars = [(look, char) for look, text in pieces for char in text]
    line = "".join(char for _, char in chars)
    shown = line.strip(" ")
    if shown:
        lead = len(line) - len(line.lstrip(" "))
        drawn: list[list] = []  # the pieces from the first character drawn to the last
        for look, char in chars[lead:lead + len(shown)]:
            if drawn and drawn[-1][0] == look:
                drawn[-1][1] += char
            else:
                drawn.append([look, char])
        attributes = (f'x="{px(cell_len(line[:lead]) * CELL)}" y="{BASELINE}" '
                      f'textLength="{px(cell_len(shown) * CELL)}"')
        if len(drawn) == 1:
            parts.append(f'<text {attributes} class="{drawn[0][0]}">{escape(shown)}</text>')
        else:
            spans = "".join(f'<tspan class="{look}">{escape(text)}</tspan>' for look, text in drawn)
            parts.append(f"<text {attributes}>{spans}</text>")
    return "".join(parts)


def screen_colour(recording: Recording, classes: _Classes) -> str:
    """The background most of the first frame's cells have: the screen's, drawn once."""
    cells: dict[str, int] = {}
    for row in recording.frames[0].rows:
        for text, style in row:
            colour = classes.of(style)[1]
            cells[colour] = cells.get(colour, 0) + cell_len(text)
    return max(cells, key=cells.__getitem__)


def write_svg(recording: Recording, target: Path, loop: bool = True, poster: str = "last") -> None:
    """Write ``recording`` as an animated SVG at ``target`` (one ``<g class="frame">`` per
    frame, in order), played over and over (``loop``) or once, ending on its last frame;
    ``poster`` (``"first"`` or ``"last"``) is the frame shown where it does not play.  Raises
    ``OSError``."""
    columns, lines = recording.size
    width, height = columns * CELL, lines * LINE
    classes = _Classes()
    screen = screen_colour(recording, classes)
    ids: dict[Row, str] = {}
    defs, film = [], []
    for index, frame in enumerate(recording.frames):
        uses = []
        for y, row in enumerate(frame.rows):
            if row not in ids:
                ids[row] = f"r{len(ids):x}"
                defs.append(f'<g id="{ids[row]}">{draw_row(row, classes, screen)}</g>')
            uses.append(f'<use href="#{ids[row]}"' + (f' y="{y * LINE}"' if y else "") + "/>")
        film.append(f'<g class="frame" transform="translate(0 {px(index * height)})">{"".join(uses)}</g>')
    total = sum(frame.duration for frame in recording.frames)
    keys, time = [], 0.0
    for index, frame in enumerate(recording.frames):
        keys.append(f"{px(100 * time / total)}%{{transform:translateY({px(-index * height)}px)}}")
        time += frame.duration
    # The end is a key frame of its own: a strip resting at the first frame would otherwise
    # come back at the end of a play that does not loop.
    keys.append(f"100%{{transform:translateY({px(-(len(recording.frames) - 1) * height)}px)}}")
    repeat = "infinite" if loop else "1 forwards"
    animation = f"#film{{animation:play {px(total)}s steps(1,end) {repeat}}}@keyframes play{{{''.join(keys)}}}" \
                "@media (prefers-reduced-motion:reduce){#film{animation:none}}" if len(recording.frames) > 1 else ""
    rest = 0 if poster == "first" else len(recording.frames) - 1
    at = f' transform="translate(0 {px(-rest * height)})"' if rest else ""
    title = escape(recording.title)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="{px(width)}" height="{px(height)}" '
           f'viewBox="0 0 {px(width)} {px(height)}" role="img" aria-label="{title}"><title>{title}</title>'
           f"<style>text{{font-family:{FONTS};font-size:{FONT}px;white-space:pre}}rect{{shape-rendering:crispEdges}}"
           f"{classes.css()}{animation}</style>"
           f'<defs>{"".join(defs)}</defs><rect width="100%" height="100%" fill="{screen}"/>'
           f'<g id="film"{at}>{"".join(film)}</g></svg>\n')
    target.write_text(svg, encoding="utf-8")
