"""Seeded random choices that stepping back replays: a machine keeps the generator's state as
one of its registers, so going back restores it and going forwards again draws the same values
(Befunge's ``?``, ><>'s ``x``, Labyrinth's random turn).  The generator is splitmix64: its whole
state is one 64-bit integer, which is what a register can hold."""

from __future__ import annotations

from typing import Final

MASK: Final = (1 << 64) - 1


def next_random(state: int) -> tuple[int, int]:
    """The generator's next state and its output, a uniform 64-bit unsigned integer (take the
    high bits for a small choice: ``z >> 62`` is 0…3)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)
