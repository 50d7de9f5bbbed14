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


def deep_size(value) -> int:
    """Approximate bytes held by a snapshot: tuples are followed, other values are leaves.

    Iterative, and each tuple counts once: a Tic Tac Toe Grow state nests its Backspace records
    as a linked list of tuples as deep as the program is long, and shares boards between them.
    Leaves count where they appear, by the tuple, at C speed: a 1 MB 15 puzzle's state holds
    200,000 numbers, and one Python step each would cost a fifth of the debugger's first frame."""
    getsizeof = sys.getsizeof
    size, seen, stack = 0, set(), [value]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        size += getsizeof(item)
        if isinstance(item, tuple):
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
        self._sizes: list[int] = [deep_size(snapshot0)]
        self.bytes = self._sizes[0]
        self.undo: deque[StepRecord] = deque(maxlen=undo_records)

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
        size = deep_size(snapshot)
        self._sizes.append(size)
        self.bytes += size
        while self.bytes > self.budget_bytes and len(self._steps) > 2:
            self._thin()

    def _thin(self) -> None:
        self.interval *= 2
        keep = [i for i, step in enumerate(self._steps) if step % self.interval == 0]
        self._steps = [self._steps[i] for i in keep]
        self._snaps = [self._snaps[i] for i in keep]
        self._sizes = [self._sizes[i] for i in keep]
        self.bytes = sum(self._sizes)

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
