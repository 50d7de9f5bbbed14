"""The timeline: one line showing where the session is in its history, from step 0 to the
furthest step it has run, with a marker at each step where a breakpoint was hit (◆) and where
the program wrote output (•).  A click goes to the step under the mouse (:class:`Timeline.Goto`)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget


class Timeline(Widget):
    """``show(step, end, marks, output)``: the session at ``step`` of ``end`` steps run so far,
    with breakpoint hits at the steps of ``marks`` (one sorted sequence a breakpoint: a busy one
    may hold millions, so each column looks its range up by bisection rather than each step
    being drawn) and output written in the steps from each of ``output`` (sorted: the first
    steps of the stretches in which output grew, see :mod:`esodbg.engines.outputs`)."""

    COMPONENT_CLASSES = {"timeline--track", "timeline--past", "timeline--mark", "timeline--output", "timeline--here",
                         "timeline--label"}

    class Goto(Message):
        """The user clicked step ``step``; ``output``: an output marker, whose stretch begins
        there (the app finds the step in it that wrote)."""

        def __init__(self, step: int, output: bool = False) -> None:
            super().__init__()
            self.step, self.output = step, output

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.step, self.end, self.marks, self.output = 0, 0, [], []

    def show(self, step: int, end: int, marks: list[Sequence[int]], output: Sequence[int] = ()) -> None:
        self.step, self.end, self.marks, self.output = step, max(end, step), marks, output
        self.refresh()

    def columns(self) -> int:
        """The columns of the track: how finely marks are worth finding."""
        return self._track_width()

    def _label(self) -> str:
        return f" step {self.step:,} of {self.end:,} "

    def _track_width(self) -> int:
        return max(self.size.width - len(self._label()) - 1, 1)

    def _column(self, step: int, width: int) -> int:
        return 0 if self.end == 0 else min(width - 1, step * (width - 1) // self.end)

    def render(self) -> Text:
        width = self._track_width()
        track = ["─"] * width
        styles = [self.get_component_rich_style("timeline--track")] * width
        past = self.get_component_rich_style("timeline--past")
        here = self._column(self.step, width)
        for column in range(here):
            styles[column] = past
        mark, output = self.get_component_rich_style("timeline--mark"), self.get_component_rich_style("timeline--output")
        for column in range(width):
            if self._marked(column, width) is not None:
                track[column], styles[column] = "◆", mark
            elif self._marked(column, width, [self.output]) is not None:
                track[column], styles[column] = "•", output
        track[here], styles[here] = "┃", self.get_component_rich_style("timeline--here")
        text = Text(no_wrap=True, end="")
        start = 0  # one span a run of columns in one style: a span a column cost record 7 ms a frame
        for column in range(1, width + 1):
            if column == width or styles[column] != styles[start]:
                text.append("".join(track[start:column]), styles[start])
                start = column
        text.append(" " + self._label(), self.get_component_rich_style("timeline--label"))
        return text

    def _steps(self, column: int, width: int) -> tuple[int, int]:
        """The steps drawn at ``column``: ``[low, high)``."""
        low = -(-column * self.end // (width - 1)) if width > 1 else 0
        high = -(-(column + 1) * self.end // (width - 1)) if width > 1 else self.end + 1
        return low, high if column < width - 1 else self.end + 1

    def _marked(self, column: int, width: int, marks: list[Sequence[int]] | None = None) -> int | None:
        """The first step of ``marks`` (default: the breakpoint hits) drawn at ``column``, if any."""
        low, high = self._steps(column, width)
        found = [steps[i] for steps in (self.marks if marks is None else marks)
                 if (i := bisect_left(steps, low)) < len(steps) and steps[i] < high]
        return min(found) if found else None

    def on_click(self, event: Click) -> None:
        width, at = self._track_width(), event.get_content_offset(self)
        if at is not None and 0 <= at.x < width and self.end:
            # A click on a marker goes to its hit: the hits are what a user aims at (then output).
            marked = self._marked(at.x, width)
            written = self._marked(at.x, width, [self.output]) if marked is None else None
            if written is not None:
                self.post_message(self.Goto(written, output=True))
            else:
                self.post_message(self.Goto(marked if marked is not None else self._steps(at.x, width)[0]))
