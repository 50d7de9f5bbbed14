"""Notes pinned to steps (issue 45): a notebook of a run's moments, each a text the user wrote at
a step, with where the run was (the language's name for the place the next step runs).

A session keeps its notes in step order (:class:`Notes`); :mod:`.sessions` remembers them with the
breakpoints and watches, and after an edit keeps the ones whose step still means the same: the
run of the new program is at the same place at that step (:func:`still_there`).
"""

from __future__ import annotations

import bisect
import threading
from dataclasses import dataclass

from .base import Status

CHECKED = 5_000_000  # steps an edited program is run at most to check its notes (the rest are dropped)


@dataclass(frozen=True, slots=True)
class Note:
    """``text`` written after step ``step``, the run being at ``at`` (``None``: a place without
    a name, a machine that halted)."""

    step: int
    text: str
    at: str | None = None


class Notes:
    """A session's notes, in step order (two at one step in the order written)."""

    def __init__(self) -> None:
        self._notes: list[Note] = []

    def __iter__(self):
        return iter(self._notes)

    def __len__(self) -> int:
        return len(self._notes)

    def add(self, note: Note) -> None:
        bisect.insort_right(self._notes, note, key=lambda kept: kept.step)

    def remove(self, note: Note) -> None:
        self._notes.remove(note)


def place(session) -> str | None:
    """Where ``session``'s run is, as a note names it: the language's name for where the next
    step runs."""
    machine = session.machine
    return session.language.where(machine.location()) if machine.status is Status.READY else None


def still_there(session, notes: list[Note], cancel: threading.Event | None = None) -> tuple[list[Note], list[str]]:
    """Which of ``notes`` (of an earlier version of the program) still mean the same in
    ``session`` (a fresh session of the new one): its run reaches the note's step and is at the
    same place there.  Returns ``(kept, why each other was dropped)``; the session is left at
    step 0.  A note past :data:`CHECKED` steps is dropped unchecked."""
    kept, dropped = [], []
    for note in sorted(notes, key=lambda note: note.step):
        if note.step > CHECKED:
            dropped.append(f"note at step {note.step:,} ({note.text}): too far into the run to check")
            continue
        if session.steps < note.step:
            session.goto(note.step, cancel)
        if session.steps != note.step:
            dropped.append(f"note at step {note.step:,} ({note.text}): the run ends at step {session.steps:,}")
        elif place(session) != note.at:
            dropped.append(f"note at step {note.step:,} ({note.text}): the run is at {place(session)} there, "
                           f"not {note.at}")
        else:
            kept.append(note)
    if session.steps:
        session.goto(0)
    return kept, dropped
