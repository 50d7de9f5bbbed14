"""History for stepping back: sparse checkpoints plus recent undo records.

* **Checkpoints** are full snapshots taken every ``interval`` steps.  Going back to any step
  restores the checkpoint at or before it and re-executes forward (runs are deterministic and
  the input log only grows, so re-execution is exact).  When their estimated size passes
  ``budget_bytes`` the interval doubles and every other checkpoint is dropped, so memory stays
  bounded however long the run; the price is a longer re-execution.
* **Undo records** (:class:`~esodbg.engines.base.StepRecord`) for the most recent steps make the
  common "step back a few times" O(1).  They always end at the current step.
"""

from __future__ import annotations

import bisect
import sys
from collections import deque

from .base import StepRecord

DEFAULT_INTERVAL = 16384  # steps between checkpoints: re-executing this many takes a few ms
DEFAULT_BUDGET = 64 * 1024 * 1024  # bytes of checkpoints before thinning
UNDO_RECORDS = 256  # recent steps that can be undone without re-execution


def deep_size(value, seen: set[int] | None = None) -> int:
    """Approximate bytes held by a snapshot: tuples are followed, other values are leaves.

    Iterative, and each tuple counts once: a Tic Tac Toe Grow state nests its Backspace records
    as a linked list of tuples as deep as the program is long, and shares boards between them.
    Leaves count where they appear, by the tuple, at C speed: a 1 MB 15 puzzle's state holds
    200,000 numbers, and one Python step each would cost a fifth of the debugger's first frame.

    ``seen`` holds the ids of tuples counted already (by earlier calls: what snapshots share with
    the ones before them is neither counted nor walked again), and gets the ids of the ones
    counted now.  Its ids must stay those of live tuples: the caller keeps them alive."""
    getsizeof = sys.getsizeof
    size, stack = 0, [value]
    seen = set() if seen is None else seen
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        size += getsizeof(item)
        if isinstance(item, tuple):
            seen.add(id(item))
            inner = [child for child in item if isinstance(child, tuple)]
            stack.extend(inner)
            size += sum(map(getsizeof, item)) - sum(map(getsizeof, inner))
    return size


class History:
    """Checkpoints and undo records of one run.  ``snapshot0`` is the state at step 0."""

    def __init__(self, snapshot0: tuple, interval: int = DEFAULT_INTERVAL, budget_bytes: int = DEFAULT_BUDGET,
                 undo_records: int = UNDO_RECORDS) -> None:
        self.interval = interval
        self.budget_bytes = budget_bytes
        self._steps: list[int] = [0]
        self._snaps: list[tuple] = [snapshot0]
        self._seen: set[int] = set()  # the tuples the kept checkpoints hold, each counted once (deep_size)
        # snapshot0's size is counted when first needed (the first checkpoint): walking a 1 MB
        # program's state takes seconds (Befunge-98's Funge-space: a million tuples), and a
        # session starts, and stops at its entry, without it (issue 44).
        self._bytes: int | None = None
        self.undo: deque[StepRecord] = deque(maxlen=undo_records)

    @property
    def bytes(self) -> int:
        """Approximate bytes the checkpoints hold (:func:`deep_size`, shared tuples once)."""
        if self._bytes is None:
            self._bytes = deep_size(self._snaps[0], self._seen)
        return self._bytes

    @bytes.setter
    def bytes(self, value: int) -> None:
        self._bytes = value

    @property
    def checkpoints(self) -> int:
        return len(self._steps)

    def due(self, step: int) -> bool:
        """True if a checkpoint belongs at ``step`` and is not there yet."""
        return step % self.interval == 0 and step > self._steps[-1]

    def add(self, step: int, snapshot: tuple) -> None:
        """Keep ``snapshot`` as the state at ``step`` (the latest step checkpointed so far)."""
        self._steps.append(step)
        self._snaps.append(snapshot)
        # Only what this snapshot does not share with the ones kept is counted, and walked: a
        # checkpoint costs what changed since the last one, not the whole state again (a Tic Tac
        # Toe Grow state's Backspace history is as long as the run, and a pause waits for this).
        self.bytes += deep_size(snapshot, self._seen)
        while self.bytes > self.budget_bytes and len(self._steps) > 2:
            self._thin()

    def _thin(self) -> None:
        self.interval *= 2
        keep = [i for i, step in enumerate(self._steps) if step % self.interval == 0]
        self._steps = [self._steps[i] for i in keep]
        self._snaps = [self._snaps[i] for i in keep]
        self._seen = set()  # counted again: the tuples only the dropped ones held are gone
        self.bytes = sum(deep_size(snapshot, self._seen) for snapshot in self._snaps)

    def at_or_before(self, step: int) -> tuple[int, tuple]:
        """The latest checkpoint at or before ``step``: (its step, its snapshot)."""
        i = bisect.bisect_right(self._steps, step) - 1
        return self._steps[i], self._snaps[i]

    def before(self, step: int) -> int | None:
        """The step of the latest checkpoint strictly before ``step``, or ``None``."""
        i = bisect.bisect_left(self._steps, step) - 1
        return self._steps[i] if i >= 0 else None

    def next_due(self, step: int) -> int:
        """The first step after ``step`` where a checkpoint is due."""
        return (step // self.interval + 1) * self.interval
