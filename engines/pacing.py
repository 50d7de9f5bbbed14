"""How long a run goes between two looks at Ctrl+C, a pause or a progress report: chunks of
steps sized to last about :data:`SLICE` seconds whatever one step costs — 25 ns in a compiled
loop, milliseconds on a number near the integer bound (:mod:`.integers`) — so ``exec`` answers a
signal and the debugger a pause within a few slices, and checking costs nothing."""

from __future__ import annotations

from typing import Final

MOST: Final = 16384  # the largest chunk, in steps
FIRST: Final = 1  # the first chunk's steps: a step may take milliseconds (then 1024 would take seconds)
SLICE: Final = 0.01  # seconds a chunk aims at


class Chunks:
    """The size of the next chunk (:attr:`size`, in steps), told how long the last one took."""

    __slots__ = ("size",)

    def __init__(self) -> None:
        self.size = FIRST

    def took(self, seconds: float) -> None:
        """The last chunk of :attr:`size` steps (or fewer) took ``seconds``: double the size if it
        was fast, halve it (down to one step) if it was slow."""
        if seconds < SLICE / 2:
            self.size = min(self.size * 2, MOST)
        elif seconds > SLICE * 2:
            self.size = max(self.size // 2, 1)
