"""A row or a column of a Tic Tac Toe Grow board: an immutable sorted set of ints kept as runs.

A board's shape (spec `ttg.md` R6) is stored line by line, and every shape a run ever had stays
alive in the Backspace records (R17).  Growth adds a cell or two to a line at a time, so a line
that kept its cells in a plain sorted list would be copied whole on each growth — quadratic
memory for a long typed line.  Boards grow by orthogonal neighbours from a 3x3, so their lines
are almost always one or a few contiguous *runs*: storing runs makes a grown line cost O(runs)
to build and to keep, whatever its length, while indexing by position (the typing order, R12)
and bisection (the walk, R11) stay O(log runs).

The interface is the part of a sorted list the orders use: ``len``, ``line[i]`` (negative ``i``
counts from the end), :meth:`rank` / :meth:`rank_after` (``bisect_left`` / ``bisect_right``),
``in``, iteration both ways.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Iterable, Iterator


class Line:
    """Sorted distinct ints as runs: run ``j`` holds ``starts[j] .. ends[j] - 1``, and
    ``before[j]`` values come before it.  Immutable; :meth:`with_values` makes a new line."""

    __slots__ = ("starts", "ends", "before", "size")

    def __init__(self, starts: tuple[int, ...], ends: tuple[int, ...]) -> None:
        self.starts, self.ends = starts, ends
        before, total = [], 0
        for start, end in zip(starts, ends):
            before.append(total)
            total += end - start
        self.before: tuple[int, ...] = tuple(before)
        self.size = total

    @classmethod
    def of(cls, values: Iterable[int]) -> Line:
        """The line of ``values`` (any order, repeats ignored)."""
        starts: list[int] = []
        ends: list[int] = []
        for x in sorted(set(values)):
            if ends and ends[-1] == x:
                ends[-1] = x + 1
            else:
                starts.append(x)
                ends.append(x + 1)
        return cls(tuple(starts), tuple(ends))

    def with_values(self, values: Iterable[int]) -> Line:
        """This line plus ``values`` (not already in it).  O(runs + len(values))."""
        starts, ends = list(self.starts), list(self.ends)
        for x in sorted(values):
            j = bisect_right(starts, x) - 1  # the run starting at or before x
            joins_left = j >= 0 and ends[j] == x
            joins_right = j + 1 < len(starts) and starts[j + 1] == x + 1
            if joins_left and joins_right:  # x fills the gap between two runs
                ends[j] = ends[j + 1]
                del starts[j + 1], ends[j + 1]
            elif joins_left:
                ends[j] = x + 1
            elif joins_right:
                starts[j + 1] = x
            else:
                starts.insert(j + 1, x)
                ends.insert(j + 1, x + 1)
        return Line(tuple(starts), tuple(ends))

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> int:
        """The ``i``-th value (0-based; negative counts from the end); ``IndexError`` outside."""
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(i)
        before = self.before
        if len(before) == 1:  # the common case: one run
            return self.starts[0] + i
        j = bisect_right(before, i) - 1
        return self.starts[j] + i - before[j]

    def rank(self, x: int) -> int:
        """How many values are below ``x`` (``bisect_left`` on the sorted values)."""
        starts = self.starts
        if len(starts) == 1:  # the common case: one run
            start, end = starts[0], self.ends[0]
            return 0 if x <= start else (x if x < end else end) - start
        j = bisect_right(starts, x) - 1
        if j < 0:
            return 0
        end = self.ends[j]
        return self.before[j] + (x if x < end else end) - starts[j]

    def rank_after(self, x: int) -> int:
        """How many values are at most ``x`` (``bisect_right`` on the sorted values)."""
        return self.rank(x + 1)

    def following(self, x: int) -> int:
        """The value after ``x`` (a value of the line), wrapping from the last to the first:
        a step along the line on the torus (R11)."""
        starts, ends = self.starts, self.ends
        if len(starts) == 1:
            return x + 1 if x + 1 < ends[0] else starts[0]
        j = bisect_right(starts, x) - 1  # the run holding x
        if x + 1 < ends[j]:
            return x + 1
        return starts[j + 1] if j + 1 < len(starts) else starts[0]

    def preceding(self, x: int) -> int:
        """The value before ``x`` (a value of the line), wrapping from the first to the last."""
        starts = self.starts
        if len(starts) == 1:
            return x - 1 if x > starts[0] else self.ends[0] - 1
        j = bisect_right(starts, x) - 1
        return x - 1 if x > starts[j] else self.ends[j - 1] - 1  # j - 1 = -1: the last run

    def __contains__(self, x: int) -> bool:
        j = bisect_right(self.starts, x) - 1
        return j >= 0 and x < self.ends[j]

    def __iter__(self) -> Iterator[int]:
        for start, end in zip(self.starts, self.ends):
            yield from range(start, end)

    def __reversed__(self) -> Iterator[int]:
        for start, end in zip(reversed(self.starts), reversed(self.ends)):
            yield from range(end - 1, start - 1, -1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Line) and self.starts == other.starts and self.ends == other.ends

    def __hash__(self) -> int:
        return hash((self.starts, self.ends))

    def __repr__(self) -> str:
        return "Line(" + ", ".join(f"{s}..{e - 1}" for s, e in zip(self.starts, self.ends)) + ")"


EMPTY_LINE = Line((), ())
