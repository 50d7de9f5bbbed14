"""A board of the presentation model, drawn with Textual's line API (only visible lines are
rendered, so big boards stay cheap).

Each cell is a tile of ``CELL_W - 1`` columns by two lines — its glyph, then its sub-glyph —
with one column and one line of gap; a compact board's tiles are one line of three columns.
The role of a cell picks a component class (``board--<role>``), so languages are styled in
TCSS, not here.  A breakpoint shows as ``●`` in the tile's corner (on a compact board, in its
first column); the cell cursor as brackets in the gaps on either side.

The cursor is kept in drawn coordinates; :meth:`~esodbg.engines.view.Grid.ref` turns them into
the cell's :class:`CellRef`, which stays the same when a board turns.
"""

from __future__ import annotations

from functools import cache

from rich.segment import Segment
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from esodbg.engines.base import CellRef, Location
from esodbg.engines.view import Grid

from .messages import BreakpointToggled

CELL_W, CELL_H = 6, 3  # tile plus gap, in columns and lines
COMPACT_W, COMPACT_H = 4, 1


class BoardView(ScrollView, can_focus=True):
    """Shows one :class:`~esodbg.engines.view.Grid` (a board as drawn); arrow keys move a cell cursor, Enter or a
    click toggles a breakpoint (posted as :class:`BreakpointToggled`)."""

    COMPONENT_CLASSES = {
        "board--cell", "board--changed", "board--cursor", "board--breakpoint", "board--fault", "board--sub",
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
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    def __init__(self, board: Grid, **kwargs) -> None:
        super().__init__(**kwargs)
        self.board = board
        self.breakpoints: frozenset[tuple[int, int]] = frozenset()
        self.fault: tuple[int, int] | None = None
        self._size_to(board)

    @property
    def _dims(self) -> tuple[int, int]:
        return (COMPACT_W, COMPACT_H) if self.board.compact else (CELL_W, CELL_H)

    def _size_to(self, board: Grid) -> None:
        cols = max((len(row) for row in board.rows), default=0)
        width, height = self._dims
        self.virtual_size = Size(cols * width + 1, len(board.rows) * height)

    def show(self, board: Grid, breakpoints: set[Location], fault: Location | None,
             follow: Location | None = None) -> None:
        """Draw ``board`` with breakpoint marks on the cells of ``breakpoints`` that are on it
        and ``fault`` in red; scroll to keep the cell ``follow`` (where the program is) in view,
        unless the user is moving the board's own cursor."""
        self.board = board
        self.breakpoints = frozenset(board.place(c) for c in breakpoints if self._here(c))
        self.fault = board.place(fault) if self._here(fault) else None
        self._size_to(board)
        self.refresh()
        if self._here(follow) and not self.has_focus:
            row, col = board.place(follow)
            self.call_after_refresh(self.scroll_to_region, self._cell_region(row - board.row0, col - board.col0),
                                    animate=False)

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

    def action_move(self, drow: int, dcol: int) -> None:
        rows = self.board.rows
        row = min(max(self.cursor[0] + drow - self.board.row0, 0), len(rows) - 1)
        col = min(max(self.cursor[1] + dcol - self.board.col0, 0), len(rows[row]) - 1)
        self.cursor = (row + self.board.row0, col + self.board.col0)
        self.scroll_to_region(self._cell_region(row, col), animate=False)

    def action_toggle(self) -> None:
        self.post_message(BreakpointToggled(self.cursor_location))

    def _cell_region(self, row: int, col: int) -> Region:
        width, height = self._dims
        return Region(col * width, row * height, width + 1, height)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:  # on the border
            return
        width, height = self._dims
        row, line = divmod(offset.y + self.scroll_offset.y, height)
        col = (offset.x + self.scroll_offset.x) // width  # a tile and the gap column before it
        rows = self.board.rows
        if (line < height - 1 or height == 1) and row < len(rows) and col < len(rows[row]) and rows[row][col] is not None:
            self.cursor = (row + self.board.row0, col + self.board.col0)
            self.post_message(BreakpointToggled(self.cursor_location))

    def _overlays(self) -> dict:
        """Styles layered over a tile's role style (partial: they only set what they change)."""
        return {name: self.get_component_rich_style(f"board--{name}", partial=True)
                for name in ("changed", "fault", "sub", "breakpoint", "cursor")}

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        cell_w, cell_h = self._dims
        compact = self.board.compact
        row, line = divmod(y + scroll_y, cell_h)
        rows = self.board.rows
        width = self.virtual_size.width
        if row >= len(rows) or line == cell_h - 1 and not compact:
            return Strip.blank(self.size.width)
        style = self.get_component_rich_style
        overlay = self._overlays()
        cursor_style, bp_style = overlay["cursor"], overlay["breakpoint"]
        r = row + self.board.row0
        cur_r, cur_c = self.cursor
        segments = []
        for c_index, cell in enumerate(rows[row]):
            c = c_index + self.board.col0
            gap = "[" if (r, c) == (cur_r, cur_c) else "]" if (r, c - 1) == (cur_r, cur_c) else " "
            segments.append(Segment(gap, cursor_style if gap != " " else None))
            if cell is None:
                segments.append(Segment(" " * (cell_w - 1)))
                continue
            tile = style(f"board--{cell.role}" if cell.role in self.roles else "board--cell")
            if (r, c) == self.fault:
                tile += overlay["fault"]
            elif cell.changed:
                tile += overlay["changed"]
            if compact:  # a breakpoint takes the tile's first column for its ●, as on a full tile
                if (r, c) in self.breakpoints:
                    segments.append(Segment("●", tile + bp_style))
                    segments.append(Segment(f"{cell.glyph:<2.2}", tile))
                else:
                    segments.append(Segment(f"{cell.glyph:^3.3}", tile))
            elif line == 0:
                mark = "●" if (r, c) in self.breakpoints else " "
                segments.append(Segment(mark, tile + bp_style if mark != " " else tile))
                segments.append(Segment(f"{cell.glyph:^3.3} ", tile))
            else:
                sub = tile if cell.role == "ip" else tile + overlay["sub"]
                segments.append(Segment(f" {cell.sub:^3.3} ", sub))
        last = len(rows[row]) + self.board.col0
        end = "]" if (r, last - 1) == (cur_r, cur_c) else " "
        segments.append(Segment(end, cursor_style if end != " " else None))
        strip = Strip(segments, width)
        return strip.crop(scroll_x, scroll_x + self.size.width).extend_cell_length(self.size.width)

