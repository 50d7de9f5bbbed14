"""A data location's history as a chart (issue 45): its value over the steps, from a data
query's hits (:mod:`esodbg.engines.query`), drawn by textual-plotext (Plotext in a Textual
widget) — in the debugger (``p`` in the Query tab) and as a file (``exec --plot``).

The chart is a step line: the value at step 0, then each change at its step; the step shown in
the debugger is a vertical line, the change chosen with ←/→ a point, and Enter goes to it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from esodbg.engines.expressions import show

LARGEST = 1e300  # values past this are too big to draw (floats end at about 1.8e308)


def number(value: Any) -> float | None:
    """``value`` as a number to plot: an int, a float, a bool (0/1); ``None`` for anything else
    (a cell that is empty, a stone's colour) or a number too big to draw."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        try:
            result = float(value)
        except OverflowError:
            return None
        return result if abs(result) <= LARGEST else None
    return None


def plottable(query) -> str | None:
    """``None`` if ``query`` (a :class:`~esodbg.engines.query.Query`) can be plotted, else why
    not, as the user is told."""
    if query is None:
        return "nothing to plot yet: Q asks a data query (data:LOCATION), whose history p plots"
    if not query.is_data:
        return f"{query.canonical} is not a data query: a plot shows a data location's values over the steps"
    if not query.hits:
        return f"{query.canonical} has not changed yet: nothing to plot"
    if not any(number(hit.new) is not None for hit in query.hits):
        return f"{query.canonical}'s values are not numbers (or too big to draw)"
    return None


def points(query) -> tuple[list[int], list[float]]:
    """The chart's points, a step line: ``(steps, values)`` — step 0's value (the first change's
    old value), then at each change's step the value before it and the value after it, so the
    line holds its value until the step that changes it.  Values that are not numbers are left
    out."""
    hits = query.hits
    pairs = [(0, number(hits[0].old))]
    for hit in hits:
        pairs += [(hit.step, number(hit.old)), (hit.step, number(hit.new))]
    kept = [(step, value) for step, value in pairs if value is not None]
    return [step for step, _ in kept], [value for _, value in kept]


def draw(plt, query, current: int | None, chosen: int | None) -> None:
    """Draw ``query``'s history on ``plt`` (a Plotext figure: a :class:`PlotextPlot`'s
    ``plt``, or textual-plotext's ``Plot``): the step line, the ``current`` step as a vertical
    line, the change at index ``chosen`` of the hits as a point."""
    plt.clear_data()
    plt.clear_figure()
    steps, values = points(query)
    plt.plot(steps, values, marker="braille")
    plt.title(f"{query.canonical}: {len(query.hits):,} changes" + (" (the first ones)" if query.truncated else ""))
    plt.xlabel("step")
    if current is not None:
        plt.vline(current, "red")
    if chosen is not None:
        hit = query.hits[chosen]
        value = number(hit.new)
        if value is not None:
            plt.scatter([hit.step], [value], marker="●", color="yellow")


class PlotScreen(ModalScreen[int | None]):
    """A data query's history as a chart over the debugger.  ←/→ choose a change (the one at or
    before the step shown first), Enter dismisses with its step (the app goes there), Esc with
    ``None``."""

    BINDINGS = [
        Binding("left", "choose(-1)", "Earlier change"),
        Binding("right", "choose(1)", "Later change"),
        Binding("home", "choose(-1000000000)", "First", show=False),
        Binding("end", "choose(1000000000)", "Last", show=False),
        Binding("enter", "go", "Go to step"),
        Binding("escape,p,q", "close", "Close"),
    ]

    def __init__(self, query, current: int) -> None:
        super().__init__()
        self.plotted, self.current = query, current
        at_or_before = [index for index, hit in enumerate(query.hits) if hit.step <= current]
        self.chosen = at_or_before[-1] if at_or_before else 0

    def compose(self) -> ComposeResult:
        with Vertical(id="plot-box") as box:
            box.border_title = f"History of {self.plotted.canonical.removeprefix('data:')}"
            box.border_subtitle = "←/→ choose a change · enter goes to its step · esc closes"
            yield PlotextPlot(id="plot")
            yield Static("", id="plot-chosen", markup=False)

    def on_mount(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        chart = self.query_one(PlotextPlot)
        draw(chart.plt, self.plotted, self.current, self.chosen)
        chart.refresh()
        hit = self.plotted.hits[self.chosen]
        self.query_one("#plot-chosen", Static).update(
            f"step {hit.step:,}: {show(hit.old)} → {show(hit.new)} (by {hit.location}) · now at step {self.current:,}")

    def action_choose(self, delta: int) -> None:
        self.chosen = min(max(self.chosen + delta, 0), len(self.plotted.hits) - 1)
        self._redraw()

    def action_go(self) -> None:
        self.dismiss(self.plotted.hits[self.chosen].step)

    def action_close(self) -> None:
        self.dismiss(None)
