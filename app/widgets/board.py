"""A board of the presentation model, drawn with Textual's line API (only visible lines are
rendered, so big boards stay cheap), in the board's look (:class:`~esodbg.engines.view.Grid`):

* ``tiles``: each cell a tile of five columns by two lines — its glyph, then its sub-glyph —
  with one column and one line of gap; a breakpoint is a ``●`` in the tile's corner;
* ``compact``: a tile of three columns on one line; a breakpoint takes its first column;
* ``squares``: squares of three columns side by side with no gap (a Scrabble board): the glyph
  then the sub-glyph (a tile's value in small digits); a breakpoint takes the last column, the
  cell cursor is the square in reverse;
* ``points``: each cell a point of a grid joined by ``─`` lines, as a Go board is drawn; a
  breakpoint is a ``◆`` after its point, and where the program is, ``[`` ``]`` around it;
* ``chars``: two columns a cell (the glyph, then its sub-glyph: an instruction pointer's arrow,
  or a breakpoint's ``●``); *narrow* — when the board is wider than its pane — one column a cell,
  so that a program's lines keep their shape (Befunge-93's 80 columns): the glyph alone, a
  breakpoint's cell red and underlined, the pointer's direction left to its role's colour and
  the panels;
* ``hex``: rows of cells offset by half a cell (the grid's ``indents``), so that the rows make a
  hexagonal lattice (Hexagony's hexagon and its memory): each cell its glyph, as wide as the
  grid's widest, then one column for the sub-glyph or a breakpoint's ``●``; the cell cursor is
  the glyph in reverse;
* ``wide``: as ``chars``, but each glyph takes exactly two terminal cells, measured by the
  terminal's cell width (Rich's ``cell_len``), never by code points: a wide character (a Hangul
  syllable) fills them, a narrow one is padded (Aheui's board, whose cells mix both).

A *picture* (a ``chars`` board whose cells have a colour of their own, ``Cell.rgb``: Piet's
codels) can be zoomed out (:attr:`BoardView.half`): each terminal cell a half block ``▀`` showing
two cells stacked, the upper one's colour as the foreground, the lower one's as the background,
one column a cell.  It is chosen when the picture does not fit the pane at two columns a cell
(:meth:`BoardView.zoom` toggles it); never without colour (NO_COLOR), where the glyphs must show.
Zoomed out, the marks that take a whole terminal cell are the program's cell (its ``ip`` role's
sub-glyph, the direction arrow, on its own colour), a breakpoint ``●`` and the focused cursor ``○``.

The role of a cell picks a component class (``board--<role>``), so languages are styled in
their TCSS, not here.  The cell cursor is brackets in the gaps on either side of a tile (on a
``points`` or ``squares`` board, the cell in reverse while the board has focus).  A board with axes has its column labels along the
top and its row labels down the left, which stay in place while it scrolls.

The cursor is kept in drawn coordinates; :meth:`~esodbg.engines.view.Grid.ref` turns them into
the cell's :class:`CellRef`, which stays the same when a board turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from esodbg.engines.base import CellRef, Location
from esodbg.engines.view import Grid

from . import heat
from .messages import BreakpointToggled, CursorMoved

_RULER_STEPS = tuple(m * 10 ** e for e in range(20) for m in (1, 2, 5))  # label every 1st, 2nd, 5th, 10th… column
DIMS = {"tiles": (6, 3), "compact": (4, 1), "points": (2, 1), "squares": (3, 1), "chars": (2, 1),
        "hex": (2, 1), "wide": (3, 1)}  # columns, lines (a hex cell: as wide as its board's widest glyph, and one)
GAPLESS = {"points", "squares", "chars", "hex", "wide"}  # looks with no gap column between cells (no cursor brackets)


def wide_glyph(glyph: str) -> str:
    """A ``wide`` cell's glyph in exactly two terminal cells, measured as the terminal does (Rich's
    ``cell_len``, never code points): a wide character (a Hangul syllable, an emoji) fills them, a
    narrow one is padded with a space, what is wider is cut."""
    return set_cell_size(glyph or " ", 2)


@cache
def _colour_style(rgb: int) -> Style:
    """A cell's own colour as its background, and black or white text, whichever reads on it."""
    red, green, blue = rgb >> 16 & 255, rgb >> 8 & 255, rgb & 255
    dark = red * 299 + green * 587 + blue * 114 < 128_000
    return Style(bgcolor=f"#{rgb:06x}", color="#ffffff" if dark else "#000000")


def is_picture(board: Grid) -> bool:
    """Whether ``board`` is a picture: its cells have colours of their own (Piet's codels)."""
    return board.look == "chars" and bool(board.rows) and any(cell is not None and cell.rgb is not None
                                                              for cell in board.rows[0])


def hex_width(board: Grid) -> int:
    """The columns of a cell of a ``hex`` board: its widest glyph (made odd, so that half a cell,
    a row's indent step, is whole columns) and one for the sub-glyph."""
    widest = max((len(cell.glyph) for row in board.rows for cell in row if cell is not None), default=1)
    return (max(widest, 1) | 1) + 1


class BoardView(ScrollView, can_focus=True):
    """Shows one :class:`~esodbg.engines.view.Grid` (a board as drawn); arrow keys move a cell cursor, Enter or a
    click toggles a breakpoint (posted as :class:`BreakpointToggled`)."""

    COMPONENT_CLASSES = {
        "board--cell", "board--changed", "board--cursor", "board--breakpoint", "board--fault", "board--sub",
        "board--line", "board--axis", *heat.classes("board"),
    }
    roles: frozenset[str] = frozenset()  # the language's cell roles, each styled by board--<role>

    @classmethod
    @cache
    def for_roles(cls, roles: tuple[str, ...]) -> type[BoardView]:
        """This widget class able to style the cell ``roles`` a language's views use (each a
        component class ``board--<role>``, styled in the language's TCSS)."""
        return type(cls.__name__, (cls,), {"COMPONENT_CLASSES": {f"board--{role}" for role in roles},
                                           "roles": frozenset(roles)})
    BINDINGS = [
        Binding("up", "move(-1, 0)", "Cursor", show=False),
        Binding("down", "move(1, 0)", "Cursor", show=False),
        Binding("left", "move(0, -1)", "Cursor", show=False),
        Binding("right", "move(0, 1)", "Cursor", show=False),
        Binding("enter,space", "toggle", "Breakpoint", show=False),
        Binding("d,delete,backspace", "toggle(True)", "Delete breakpoint", show=False),
        Binding("home", "home", "Back to the program", show=False),
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    def __init__(self, board: Grid, **kwargs) -> None:
        super().__init__(**kwargs)
        self.board = board
        self.breakpoints: frozenset[tuple[int, int]] = frozenset()
        self.fault: tuple[int, int] | None = None
        self.at: tuple[int, int] | None = None  # where the program is (on a points board: in brackets)
        self.heat: dict[tuple[int, int], int] = {}  # the heat map's level of each cell that ran (drawn coordinates)
        self._hex_width = 2  # a hex board's cell width (hex_width), found when a board is shown
        self.narrow = False  # a chars board one column a cell: it is wider than the pane at two
        self.half = False  # a picture zoomed out: two cells a terminal cell, as ▀ half blocks
        self.zoomed: bool | None = None  # the user's choice of half (zoom), or None: as the picture fits
        self._size_to(board)

    @property
    def _dims(self) -> tuple[int, int]:
        if self.board.look == "hex":
            return self._hex_width, 1
        if self.board.look == "tiles":  # the glyph's width, a space, the gap: wider for long values
            return self.board.width + 3, 3
        if (self.narrow or self.half) and self.board.look == "chars":
            return 1, 1
        return DIMS[self.board.look]

    def _indent(self, row: int) -> int:
        """The columns row ``row`` (drawn, from the board's first) is shifted right by: its
        indent in half cells (``hex`` boards)."""
        indents = self.board.indents
        return indents[row] * (self._hex_width // 2) if 0 <= row < len(indents) and self.board.look == "hex" else 0

    @property
    def _margins(self) -> tuple[int, int]:
        """The columns of row labels on the left and the lines of column labels on top (the
        axes, which stay in place while the board scrolls)."""
        axes = self.board.axes
        if axes is None:
            return 0, 0
        return max((len(label) for label in axes[1]), default=0) + 1, 1

    def wanted_width(self, board: Grid | None = None, narrow: bool = False) -> int:
        """The columns ``board`` (this one's by default) takes whole, with its axes: for a
        ``chars`` board, at two columns a cell (``narrow``: one), however it is drawn now."""
        board = board or self.board
        width = (1 if narrow else DIMS["chars"][0]) if board.look == "chars" else self._dims[0]
        return self._margins[0] + max((self._indent(r) + len(row) * width for r, row in enumerate(board.rows)),
                                      default=0)

    def _fit(self, board: Grid) -> None:
        """One column a cell for a ``chars`` board wider than the pane (its content with the
        padding a board has at two columns a cell, less a scrollbar's column), two when it fits
        or when the board is a picture."""
        room = self.size.width - 1 - (2 if self.narrow else 0)  # as padded: no flip-flop as the padding goes
        # A picture (cells of their own colour: Piet's codels) keeps its squares and scrolls: a
        # codel's marks (the pointer's arrow, a slide's path) need the second column.
        picture = is_picture(board)
        narrow = board.look == "chars" and not picture and room > 0 and self.wanted_width(board) > room
        if narrow != self.narrow:
            self.narrow = narrow
            self.set_class(narrow, "-narrow")
        # Zoomed out, as the user chose, else when the picture does not fit at two columns a cell
        # (in width, or in height with its axes); never without colour, where only the glyphs show.
        if room <= 0 and self.zoomed is None:  # not laid out yet: decided at the first resize
            return
        fits = self.wanted_width(board) <= room and len(board.rows) + self._margins[1] <= self.size.height
        half = picture and not self.app.no_color and (self.zoomed if self.zoomed is not None else not fits)
        if half != self.half:
            self.half = half
            self.set_class(half, "-half")

    def zoom(self) -> bool:
        """Zoom a picture out (two cells a terminal cell, ``▀``) or back in (two columns a cell),
        whatever fits; false for a board that is no picture, or without colour (nothing changes)."""
        if not is_picture(self.board) or self.app.no_color:
            return False
        self.zoomed = not self.half
        self._size_to(self.board)
        self.refresh()
        self.call_after_refresh(self._reveal_cursor)
        return True

    def _size_to(self, board: Grid) -> None:
        if board.look == "hex":
            self._hex_width = hex_width(board)
        self._fit(board)
        width, height = self._dims
        cols = max((self._indent(r) + len(row) * width for r, row in enumerate(board.rows)), default=0)
        left, top = self._margins
        end = 0 if self.narrow or self.half else 1  # a column after the last cell (a tile's closing bracket)
        lines = (len(board.rows) + 1) // 2 if self.half else len(board.rows) * height
        self.virtual_size = Size(left + cols + end, top + lines)

    def show(self, board: Grid, breakpoints: set[Location], fault: Location | None,
             follow: Location | None = None, ran: Mapping[Location, int] | None = None) -> None:
        """Draw ``board`` with breakpoint marks on the cells of ``breakpoints`` that are on it
        and ``fault`` in red; put the cursor on the cell ``follow`` (where the program is) and
        scroll it into view, unless the user is moving the board's own cursor.  ``ran``, the
        heat map, counts the steps that ran at each location: its cells are coloured by it."""
        self.heat = {board.place(at): level for at, level in heat.levels(ran).items() if self._here(at)} \
            if ran else {}
        self.board = board
        self.breakpoints = frozenset(board.place(c) for c in breakpoints if self._here(c))
        self.fault = board.place(fault) if self._here(fault) else None
        self.at = board.place(follow) if self._here(follow) else None
        self._size_to(board)
        self.refresh()
        if self._here(follow) and not self.has_focus:  # the cursor follows the program until the user takes it
            self.cursor = board.place(follow)
            self.call_after_refresh(self._reveal_cursor)
        elif board.focus is not None and not self.has_focus:  # a data board keeps its cell of interest centred,
            self.cursor = row, col = board.focus              # the cursor on it (D or Y there acts on it)
            region = self._cell_region(row - board.row0, col - board.col0)
            self.call_after_refresh(lambda: self.scroll_to_region(region, animate=False, center=True))

    def on_resize(self) -> None:
        self._size_to(self.board)  # one column a cell, or two, as the pane's new width has room
        self.refresh()
        if not self.has_focus:  # the pane changed size as the layout settled: keep the program in sight
            self.call_after_refresh(self._reveal_cursor)

    def _reveal_cursor(self) -> None:
        row, col = self.cursor
        self.scroll_to_region(self._cell_region(row - self.board.row0, col - self.board.col0), animate=False)

    def _here(self, location: Location | None) -> bool:
        return isinstance(location, CellRef) and location.board == self.board.name

    @property
    def cursor_location(self) -> CellRef:
        return self.board.ref(*self.cursor)

    def place_cursor(self, location: CellRef) -> None:
        """Put the cursor on the cell ``location`` (a cell of this board)."""
        self.cursor = self.board.place(location)

    def watch_cursor(self) -> None:
        self.refresh()
        if self.has_focus:
            self.post_message(CursorMoved(self.cursor_location))

    def on_focus(self) -> None:
        self.post_message(CursorMoved(self.cursor_location))

    def on_blur(self) -> None:
        self.post_message(CursorMoved(None))

    def action_move(self, drow: int, dcol: int) -> None:
        rows = self.board.rows
        row = min(max(self.cursor[0] + drow - self.board.row0, 0), len(rows) - 1)
        col = self.cursor[1] + dcol - self.board.col0
        if self.board.look == "hex" and drow:  # up and down: the cell under the cursor's column
            width = self._dims[0]
            x = self._indent(self.cursor[0] - self.board.row0) + col * width
            col = (x - self._indent(row) + width // 2) // width
        col = min(max(col, 0), len(rows[row]) - 1)
        self.cursor = (row + self.board.row0, col + self.board.col0)
        self.scroll_to_region(self._cell_region(row, col), animate=False)

    def action_toggle(self, remove: bool = False) -> None:
        self.post_message(BreakpointToggled(self.cursor_location, remove))

    def action_home(self) -> None:
        """The cursor back on the cell where the program is, scrolled into view."""
        if self.at is not None:
            self.action_move(self.at[0] - self.cursor[0], self.at[1] - self.cursor[1])

    def _cell_region(self, row: int, col: int) -> Region:
        """The cell's region to scroll into view (in content coordinates, widened by the axes,
        which do not scroll)."""
        width, height = self._dims
        left, top = self._margins
        if self.half:  # two rows a line
            return Region(col, row // 2, 1 + left, 1 + top)
        return Region(self._indent(row) + col * width, row * height, width + 1 + left, height + top)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:  # on the border
            return
        width, height = self._dims
        left, top = self._margins
        if offset.x < left or offset.y < top:  # on the axes
            return
        row, line = divmod(offset.y - top + self.scroll_offset.y, height)
        if self.half:  # a line shows two rows: the upper one's cell
            row *= 2
        x = offset.x - left + self.scroll_offset.x - (self._indent(row) if row < len(self.board.rows) else 0)
        col = x // width  # a tile and the gap column before it
        rows = self.board.rows
        if (line < height - 1 or height == 1) and row < len(rows) and 0 <= col < len(rows[row]) \
                and rows[row][col] is not None:
            self.cursor = (row + self.board.row0, col + self.board.col0)
            self.post_message(BreakpointToggled(self.cursor_location))

    def _overlays(self) -> dict:
        """Styles layered over a tile's role style (partial: they only set what they change)."""
        return {name: self.get_component_rich_style(f"board--{name}", partial=True)
                for name in ("changed", "fault", "sub", "breakpoint", "cursor", "line", "axis",
                             *(f"heat-{level}" for level in range(1, heat.LEVELS + 1)))}

    def render_line(self, y: int) -> Strip:
        # The widget's own style under every segment: a gap, an empty cell or a blank line drawn
        # with no style would show the terminal's default background, not the panes'.
        return self._line(y).apply_style(self.rich_style)

    def _line(self, y: int) -> Strip:
        left, top = self._margins
        scroll_x, scroll_y = self.scroll_offset
        view_width = self.size.width
        if y < top:  # the column labels, which stay while the board scrolls up and down
            return self._labels_line(left, scroll_x, view_width)
        cell_w, cell_h = self._dims
        row, line = divmod(y - top + scroll_y, cell_h)
        if self.half:  # a line shows two rows
            row *= 2
        rows = self.board.rows
        if row >= len(rows) or line == cell_h - 1 and self.board.look == "tiles":
            return Strip.blank(view_width)
        segments = self._half_segments(row) if self.half else self._row_segments(row, line)
        body = Strip(segments, self.virtual_size.width - left)
        body = body.crop(scroll_x, scroll_x + view_width - left)
        if left:  # the row label, which stays while the board scrolls sideways
            label = self.board.axes[1][row] if line == 0 else ""
            body = Strip.join([Strip([Segment(f"{label:>{left - 1}} ", self._overlays()["axis"])]), body])
        return body.extend_cell_length(view_width)

    def _labels_line(self, left: int, scroll_x: int, view_width: int) -> Strip:
        """The column labels, each over its column: all of them when they fit, else those of
        every 2nd, 5th, 10th… column (numbers that are multiples of it: 0 stays labelled), as
        a ruler does."""
        cell_w, _ = self._dims
        # Tiles start after a gap column; over a square's middle; a narrow board's label over its cell.
        offset = 0 if self.board.look == "points" or self.narrow or self.half else 1
        labels = self.board.axes[0]
        width = self.virtual_size.width - left
        for every in _RULER_STEPS:
            chars, free = [" "] * width, 0
            for col, label in enumerate(labels):
                number = label.lstrip("-")
                if (int(label) if number.isdigit() else col) % every:
                    continue
                x = col * cell_w + offset
                if x + len(label) > width:  # the last label runs off the board: leave it out
                    continue
                if x < free:
                    break
                chars[x:x + len(label)] = label
                free = x + len(label) + 1
            else:
                break
        axis = self._overlays()["axis"]
        body = Strip([Segment("".join(chars), axis)]).crop(scroll_x, scroll_x + view_width - left)
        return Strip.join([Strip([Segment(" " * left)]), body]).extend_cell_length(view_width)

    def _half_segments(self, row: int) -> list[Segment]:
        """Rows ``row`` and ``row + 1`` of a picture zoomed out: a ``▀`` a column, the upper
        cell's colour over the lower one's; the program's cell (its direction arrow), a
        breakpoint ``●`` or the focused cursor ``○`` on the colour of the cell it marks."""
        rows = self.board.rows
        upper, lower = rows[row], rows[row + 1] if row + 1 < len(rows) else ()
        r, col0 = row + self.board.row0, self.board.col0
        cursor = self.cursor if self.has_focus else None
        segments = []
        for c_index, top in enumerate(upper):
            bottom = lower[c_index] if c_index < len(lower) else None
            c = c_index + col0
            marks = [(rank, cell, glyph) for cell, at in ((top, (r, c)), (bottom, (r + 1, c))) if cell is not None
                     for rank, glyph in ((0, cell.sub[:1] or "●"), (1, "●"), (2, "○"))
                     if (at == self.at, at in self.breakpoints, at == cursor)[rank]]
            if marks:  # the program's cell first, then a breakpoint, then the cursor
                _, cell, glyph = min(marks, key=lambda mark: mark[0])
                segments.append(Segment(glyph, _colour_style(cell.rgb) + Style(bold=True) if cell.rgb is not None
                                        else None))
            elif top is None or top.rgb is None:
                segments.append(Segment(" "))
            else:
                bg = f"#{bottom.rgb:06x}" if bottom is not None and bottom.rgb is not None else None
                segments.append(Segment("▀", Style(color=f"#{top.rgb:06x}", bgcolor=bg)))
        return segments

    def _row_segments(self, row: int, line: int) -> list[Segment]:
        """The segments of one line of a row of cells, in the board's look."""
        look = self.board.look
        style = self.get_component_rich_style
        overlay = self._overlays()
        cursor_style, bp_style = overlay["cursor"], overlay["breakpoint"]
        r = row + self.board.row0
        cur_r, cur_c = self.cursor
        cells = self.board.rows[row]
        segments = []
        if indent := self._indent(row):
            segments.append(Segment(" " * indent))
        for c_index, cell in enumerate(cells):
            c = c_index + self.board.col0
            if look not in GAPLESS:  # the cursor's brackets in the gaps on either side of a tile
                gap = "[" if (r, c) == (cur_r, cur_c) else "]" if (r, c - 1) == (cur_r, cur_c) else " "
                segments.append(Segment(gap, cursor_style if gap != " " else None))
            if cell is None:
                segments.append(Segment(" " * (self._dims[0] - (look not in GAPLESS))))
                continue
            tile = style(f"board--{cell.role}" if cell.role in self.roles else "board--cell")
            if (level := self.heat.get((r, c))) is not None:
                tile += overlay[f"heat-{level}"]
            if (r, c) == self.fault:
                tile += overlay["fault"]
            elif cell.changed:
                tile += overlay["changed"]
            if look == "points":  # the point, then the line to the next one (a ◆ for a breakpoint)
                if (r, c) == self.at and segments:  # where the program is: [the point]
                    segments[-1] = Segment("[", overlay["line"] + cursor_style)
                glyph = tile + Style(reverse=True) if (r, c) == (cur_r, cur_c) and self.has_focus else tile
                segments.append(Segment(cell.glyph[:1] or " ", glyph))
                if (r, c) == self.at:
                    segments.append(Segment("]", overlay["line"] + cursor_style))
                elif (r, c) in self.breakpoints:
                    segments.append(Segment("◆", overlay["line"] + bp_style))
                else:
                    joined = c_index + 1 < len(cells) and cells[c_index + 1] is not None
                    segments.append(Segment("─" if joined else " ", overlay["line"]))
            elif look == "squares":
                if (r, c) == (cur_r, cur_c) and self.has_focus:
                    tile += Style(reverse=True)
                text = f"{cell.glyph}{cell.sub}"[:3].ljust(3)
                if (r, c) in self.breakpoints:
                    segments += [Segment(text[:2], tile), Segment("●", tile + bp_style)]
                else:
                    segments.append(Segment(text, tile))
            elif look == "chars" and self.narrow:  # the glyph alone: a breakpoint's is red and underlined
                if cell.rgb is not None:  # the cell's own colour (a Piet codel)
                    tile += _colour_style(cell.rgb)
                if (r, c) == (cur_r, cur_c) and self.has_focus:
                    tile += Style(reverse=True)
                if (r, c) in self.breakpoints:
                    tile += bp_style + Style(underline=True, bold=True)
                segments.append(Segment(cell.glyph[:1] or " ", tile))
            elif look == "chars" or look == "hex" or look == "wide":  # the glyph, then an arrow or a breakpoint's ●
                if cell.rgb is not None:  # the cell's own colour (a Piet codel), its text in a contrasting one
                    tile += _colour_style(cell.rgb)
                if (r, c) == (cur_r, cur_c) and self.has_focus:
                    tile += Style(reverse=True)
                glyph = (cell.glyph[:1] or " ") if look == "chars" else wide_glyph(cell.glyph) if look == "wide" \
                    else f"{cell.glyph:^{self._hex_width - 1}}"
                segments.append(Segment(glyph, tile))
                if (r, c) in self.breakpoints:
                    segments.append(Segment("●", tile + bp_style))
                else:
                    segments.append(Segment(cell.sub[:1] or " ", tile))
            elif look == "compact":  # a breakpoint takes the tile's first column for its ●, as on a full tile
                if (r, c) in self.breakpoints:
                    segments.append(Segment("●", tile + bp_style))
                    segments.append(Segment(f"{cell.glyph:<2.2}", tile))
                else:
                    segments.append(Segment(f"{cell.glyph:^3.3}", tile))
            elif line == 0:
                mark = "●" if (r, c) in self.breakpoints else " "
                segments.append(Segment(mark, tile + bp_style if mark != " " else tile))
                width = self.board.width
                segments.append(Segment(f"{cell.glyph:^{width}.{width}} ", tile))
            else:
                sub = tile if cell.role == "ip" else tile + overlay["sub"]
                width = self.board.width
                segments.append(Segment(f" {cell.sub:^{width}.{width}} ", sub))
        if look not in GAPLESS:
            end = "]" if (r, len(cells) + self.board.col0 - 1) == (cur_r, cur_c) else " "
            segments.append(Segment(end, cursor_style if end != " " else None))
        if look == "hex":  # rows of a hex board differ in length: each is as wide as the board
            segments.append(Segment(" " * (self.virtual_size.width - self._margins[0] - self._indent(row)
                                           - len(cells) * self._dims[0])))
        return segments
