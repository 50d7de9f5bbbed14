"""The board as an SGF file any Go viewer opens (issue 14), written with sgfmill.

An SGF board is a finite square, the Stoned-Go board is infinite: the file holds the smallest
square that holds every stone (SGF allows at most 26×26, sgfmill's limit too), and its comment
gives the Stoned-Go coordinates of the square's top-left corner, so each point maps back.
"""

from __future__ import annotations

from ..base import plural
from .board import unpack
from .machine import COLOURS, StonedGoMachine

MAX_SIZE = 26  # SGF's (and sgfmill's) biggest board


class TooBig(ValueError):
    """The stones do not fit in a 26×26 SGF board; the message says how far they spread."""


def sgf(machine: StonedGoMachine) -> bytes:
    """The stones as an SGF game record (setup stones, no moves).  Raises :class:`TooBig`."""
    from sgfmill import sgf as sgf_module  # only exporting needs it

    points = [(unpack(key), stone[0]) for key, stone in machine.board.items()]
    if points:
        xs = [x for (x, _), _ in points]
        ys = [y for (_, y), _ in points]
        x0, y0 = min(xs), min(ys)
        size = max(max(xs) - x0, max(ys) - y0) + 1
    else:
        x0, y0, size = machine.x, machine.y, 1
    if size > MAX_SIZE:
        raise TooBig(f"the stones spread over {size}×{size} points; an SGF board holds {MAX_SIZE}×{MAX_SIZE} at most")
    game = sgf_module.Sgf_game(size=max(size, 2))
    stones: dict[str, list] = {"black": [], "white": []}
    for (x, y), colour in points:  # sgfmill counts rows up from the bottom; Stoned-Go's y grows down
        stones[COLOURS[colour]].append((game.get_size() - 1 - (y - y0), x - x0))
    root = game.get_root()
    root.set_setup_stones(stones["black"], stones["white"])
    root.set("C", f"Stoned-Go board: the top-left point of this board is ({x0}, {y0}) in Stoned-Go "
                  f"coordinates (x to the right, y down); the cursor is at ({machine.x}, {machine.y}), "
                  f"after {plural(machine.steps, 'step')}.")
    return game.serialise()
