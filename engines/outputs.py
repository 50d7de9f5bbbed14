"""Where a run wrote output, for the timeline (issue 28): the output's length after any step,
found without moving the session.

The output only grows as a run goes on, so the steps that wrote are where its length grows.
:class:`OutputLengths` keeps a machine of its own that replays the session's run from the
checkpoints of its history (restoring their snapshots, running fast in between) and remembers
every length it found: a step's length never changes (runs are deterministic).  The timeline
asks for the lengths at a grid of steps (:meth:`OutputLengths.marks`), a power of two apart,
so that as the run grows the grid points it asked for before stay grid points.
"""

from __future__ import annotations

from .debugger import Session
from .iobuf import NoOutput


class OutputLengths:
    """The output's length after the steps of ``session``'s run (steps it has reached)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.machine = session.language.machine(session.program, session.input, NoOutput())
        self.lengths: dict[int, int] = {0: 0}

    def length(self, step: int) -> int:
        """The output's length after ``step`` (≤ the furthest step the session has run)."""
        if step in self.lengths:
            return self.lengths[step]
        machine, history = self.machine, self.session.history
        start, snapshot = history.at_or_before(step)
        if not start <= machine.steps <= step:
            machine.restore(snapshot)
        if machine.steps < step:
            machine.run(step - machine.steps)
        self.lengths[step] = machine.output.length
        return self.lengths[step]

    def marks(self, end: int, columns: int) -> list[int]:
        """The first step of each cell of a grid over steps 1..``end`` (cells a power of two
        steps wide, at most about ``columns`` of them) in which the output grew: sorted."""
        width = 1
        while end // width > columns:
            width *= 2
        found, before = [], 0
        for start in range(0, end, width):
            after = self.length(min(start + width, end))
            if after > before:
                found.append(start + 1)
            before = after
        return found

