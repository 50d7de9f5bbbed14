"""The debugger's own lists, in the tabs of the bottom-right pane: breakpoints (every kind, with
their filters and hit counts), watches (value now and at the previous stop), the log points'
messages, where a value came from, every hit of a query and the notes pinned to steps.

The lists draw plain session data and post messages; the app changes the session.
"""

from __future__ import annotations

import bisect

from rich.text import Text
from textual.binding import Binding
from textual.message import Message

from esodbg.engines.breakpoints import Breakpoint, LogEntry
from esodbg.engines.expressions import show
from esodbg.engines.provenance import INITIAL, NO_READS, End, Link
from esodbg.engines.view import Value, View
from esodbg.engines.watches import Watch

from .panes import ListingView, ScrollingText

LOG_SHOWN = 300  # log messages drawn at most (the newest)


def kinds_label(kinds: frozenset[str]) -> str:
    """The kinds of touch a breakpoint stops at, as the list and the notifications say them."""
    return "+".join(sorted(kinds))


class RowList(ListingView):
    """A listing whose rows are session objects (``items``, one per row) with keys that act on
    the selected one; ``empty`` is what it says with no rows."""

    empty = ""

    class Goto(Message):
        """Go to ``step``: a row's (a link of the Why chain, a query's hit, a note)."""

        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.items: list = []

    def show_rows(self, items: list, values: tuple[Value, ...]) -> None:
        selected = self.selected
        self.items = items
        if not items:
            self.values, self.selected = (), None
            self.update(Text(self.empty, "dim"))
            return
        super().show(values)
        if selected is not None and self.has_focus:  # keep the row the keys act on
            self.selected = min(selected, len(values) - 1)
            self._draw()

    def current_item(self):
        if self.selected is None and self.items and self.has_focus:
            self.action_select(0)
        return self.items[self.selected] if self.selected is not None and self.selected < len(self.items) else None


class BreakpointsPane(RowList):
    """Every breakpoint: enabled (●) or not (○), where, its kinds (for a language with more than
    one), its condition, hit condition and log message, and its hit count at this step.  Space
    enables or disables the selected one, Enter edits it, ``d``, Delete or Backspace removes it."""

    empty = "none — b on a cell or command, B for any kind (data:, event:)"
    BINDINGS = [
        Binding("space", "act('enable')", "Enable/disable"),
        Binding("enter", "act('edit')", "Edit"),
        Binding("d,delete,backspace", "act('delete')", "Delete"),
    ]

    class Act(Message):
        """Do ``action`` (``enable``, ``edit``, ``delete``) to ``breakpoint``."""

        def __init__(self, breakpoint: Breakpoint, action: str) -> None:
            super().__init__()
            self.breakpoint, self.action = breakpoint, action

    def show(self, breakpoints: list[Breakpoint], view: View, step: int, kinds: bool = False) -> None:
        """``step`` is where the session is: hit counts are those at or before it."""
        rows = []
        for bp in breakpoints:
            filters = [kinds_label(bp.kinds)] if kinds and bp.kinds else []
            if bp.condition is not None:
                filters.append(f"if {bp.condition.text}")
            if bp.hit_condition is not None:
                filters.append(f"hit {bp.hit_condition}")
            if bp.log_message is not None:
                filters.append(f"log {bp.log_message.text}")
            rows.append(Value("●" if bp.enabled else "○", bp.describe(view),
                              note=f"hits {bp.hits(step)}  " + "  ".join(filters)))
        self.show_rows(breakpoints, tuple(rows))

    def action_act(self, action: str) -> None:
        bp = self.current_item()
        if bp is not None:
            self.post_message(self.Act(bp, action))


class WatchesPane(RowList):
    """The watch expressions with their value at this stop; a value that changed since the
    previous stop is highlighted, with the previous one after it.  ``d``, Delete or Backspace
    removes the selected watch."""

    empty = "none — w watches an expression (e.g. acc * 2)"
    BINDINGS = [Binding("d,delete,backspace", "delete", "Delete")]

    class Delete(Message):
        def __init__(self, watch: Watch) -> None:
            super().__init__()
            self.watch = watch

    def show_watches(self, watches: list[Watch]) -> None:
        rows = []
        for watch in watches:
            shown = watch.current.text if watch.current is not None else ""
            note = f"was {watch.previous.text}" if watch.changed else ""
            rows.append(Value(watch.text, shown, changed=watch.changed, note=note))
        self.show_rows(watches, tuple(rows))

    def action_delete(self) -> None:
        watch = self.current_item()
        if watch is not None:
            self.post_message(self.Delete(watch))


class LogPane(ScrollingText):
    """The log points' messages, newest last, each with the step it was logged at."""

    def show(self, entries: list[LogEntry]) -> None:
        if not entries:
            self.update(Text("no log points yet — a breakpoint with 'log MESSAGE' (B) writes here", "dim"))
            return
        text = Text(no_wrap=True, end="")
        for entry in entries[-LOG_SHOWN:]:
            text.append(f"step {entry.step:,}", "dim")
            text.append(f"  {entry.text}\n")
        self.update(text)
        self.call_after_refresh(self.scroll_end, animate=False)


class WhyPane(RowList):
    """Where a value came from (``Y``): the data location asked about, then the chain of steps
    that made its value, newest first — each step, the value it wrote, the command that wrote
    it and what that command read — and how the chain ends.  Enter (or a click) goes to the
    selected step; ``Y`` on it follows the first location it read further back."""

    empty = "nothing asked yet — Y on a board cell (or any data location) goes back to the step that wrote it"
    BINDINGS = [Binding("enter", "goto", "Go to step")]
    links = 0  # the steps of the chain shown

    def show_chain(self, asked: tuple[str, str, int] | None, links: list[Link], end: End | None) -> None:
        """``asked``: (location, its value shown, the step asked about); ``links`` newest first."""
        if asked is None:
            self.show_rows([], ())
            return
        location, value, step = asked
        rows = [Value(location, value, current=True, note=f"after step {step:,}")]
        for link in links:  # the pane is narrow: what wrote it, then what that read
            by = repr(link.text) if link.text else str(link.at)
            read = f" from {','.join(link.reads)}" if link.reads else ""
            rows.append(Value(f"step {link.step:,}", f"{link.location} = {show(link.value)}", note=by + read,
                              span=link.span))
        if end is not None and end.reason == INITIAL:
            rows.append(Value("step 0", f"{end.location} = {show(end.value)}", note="the initial value: no step wrote it"))
        elif end is not None and end.reason == NO_READS:
            rows.append(Value("", "", note="that step read no location: from the code, input or the rules alone"))
        self.links = len(links)
        self.show_rows([None, *links, *([None] if len(rows) > len(links) + 1 else [])], tuple(rows))

    def current_link(self) -> Link | None:
        """The link of the selected row, if it is one."""
        item = self.current_item()
        return item if isinstance(item, Link) else None

    def action_goto(self) -> None:
        link = self.current_link()
        if link is not None:
            self.post_message(self.Goto(link.step))

    def on_click(self, event) -> None:
        super().on_click(event)
        self.action_goto()


QUERY_SHOWN = 200  # hits the Query tab draws at most, around the step shown (the query keeps up to its limit)


class QueryPane(RowList):
    """Every hit of a breakpoint spec across the run (``Q``, :mod:`esodbg.engines.query`): the
    spec with how far the query has looked, then a row a hit — its step, where, and its log
    message, or for a data query (a location's history) old → new and where the step that
    changed it ran; the row of the step shown is marked.  Enter (or a click) goes to the
    selected hit's step, ``x`` runs the query on to the end of the run, ``p`` plots a data
    query's values over the steps."""

    empty = "nothing asked yet — Q lists every hit of a spec across the run (the cell under the cursor, data:LOC…)"
    BINDINGS = [Binding("enter", "goto", "Go to step"), Binding("x", "run_on", "To the end"),
                Binding("p", "plot", "Plot")]
    hits = 0  # the hits shown

    class RunOn(Message):
        """Run the query on to the end of the run."""

    class Plot(Message):
        """Plot the data query's values."""

    def show_query(self, query, looked: str, step: int) -> None:
        """``query`` (a :class:`~esodbg.engines.query.Query`, or ``None``), ``looked``: how far it
        has looked (``to step 1,200 · running, esc stops``); ``step``: the session's step."""
        if query is None:
            self.hits = 0
            self.show_rows([], ())
            return
        hits = query.hits
        more = f" (the first {len(hits):,})" if query.truncated else ""
        rows = [Value(query.canonical, f"{len(hits):,} hit{'s' * (len(hits) != 1)}{more}", note=looked)]
        now = bisect.bisect_right(hits, step, key=lambda hit: hit.step) - 1  # the hit at or before the step shown
        # A table of thousands of rows takes seconds to lay out: the QUERY_SHOWN around the step shown.
        first = min(max(now - QUERY_SHOWN // 2, 0), max(len(hits) - QUERY_SHOWN, 0))
        shown = hits[first:first + QUERY_SHOWN]
        items: list = [None]
        if first:
            rows.append(Value("…", f"{first:,} earlier", note="g to an earlier step shows them"))
            items.append(None)
        for index, hit in enumerate(shown, first):
            if query.is_data:
                value, where = f"{show(hit.old)} → {show(hit.new)}", hit.location
            else:
                value, where = hit.location, f"by {hit.by}" if hit.by else ""
            note = "  ".join(filter(None, (hit.message, where)))
            rows.append(Value(f"step {hit.step:,}", value, note=note, current=index == now))
        items += shown
        if first + len(shown) < len(hits):
            rows.append(Value("…", f"{len(hits) - first - len(shown):,} later", note="g to a later step shows them"))
            items.append(None)
        self.hits = len(hits)
        self.show_rows(items, tuple(rows))

    def action_goto(self) -> None:
        hit = self.current_item()
        if hit is not None:
            self.post_message(self.Goto(hit.step))

    def action_run_on(self) -> None:
        self.post_message(self.RunOn())

    def action_plot(self) -> None:
        self.post_message(self.Plot())

    def on_click(self, event) -> None:
        super().on_click(event)
        self.action_goto()


class NotesPane(RowList):
    """The notes pinned to steps (``a``), in step order: the step, the note, where the run was.
    Enter (or a click) goes to the selected note's step; ``d``, Delete or Backspace removes it."""

    empty = "no notes yet — a pins a note to the step shown"
    BINDINGS = [Binding("enter", "goto", "Go to step"), Binding("d,delete,backspace", "delete", "Delete")]

    class Delete(Message):
        def __init__(self, note) -> None:
            super().__init__()
            self.note = note

    def show_notes(self, notes: list, step: int) -> None:
        """``notes`` (:class:`~esodbg.engines.notes.Note`, in step order); ``step``: the one shown."""
        here = bisect.bisect_right(notes, step, key=lambda note: note.step) - 1
        self.show_rows(notes, tuple(Value(f"step {note.step:,}", note.text, note=note.at or "", current=index == here)
                                    for index, note in enumerate(notes)))

    def action_goto(self) -> None:
        note = self.current_item()
        if note is not None:
            self.post_message(self.Goto(note.step))

    def action_delete(self) -> None:
        note = self.current_item()
        if note is not None:
            self.post_message(self.Delete(note))

    def on_click(self, event) -> None:
        super().on_click(event)
        self.action_goto()
