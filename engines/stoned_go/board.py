"""The infinite board and Go captures (spec `stoned-go.md` S1, S4, C1–C6).

A point (x, y) is packed into one int, ``y * ROW + x`` (:func:`pack`): the four neighbours are
``±1`` and ``±ROW``, and ascending keys are reading order — ascending y, then x (C5).  ``ROW`` is
2**65, so every x the cursor can reach (−2**63 … 2**63−1, L6) and its neighbours (±1) stay apart
from the next row's: packing never aliases.

The board is a dict ``key -> stone``; a stone is a tuple whose item 0 is its colour (the machine
stores ``(colour, block, env)``, S2).  Any value of item 0 other than the placed colour counts
as "opponent" — the sgfmill differential test uses a third colour as an edge wall.
"""

from __future__ import annotations

ROW = 1 << 65
_HALF = 1 << 64


def pack(x: int, y: int) -> int:
    """The key of point (x, y)."""
    return y * ROW + x


def unpack(key: int) -> tuple[int, int]:
    """The point (x, y) of a key."""
    x = (key + _HALF) % ROW - _HALF
    return x, (key - x) // ROW


def _group(board: dict, start: int, colour) -> tuple[list[int], bool]:
    """The group of ``colour`` through ``start`` and whether it has a liberty.  Stops at the
    first liberty found (the group returned is then partial: a live group is not needed)."""
    get = board.get
    group, seen, todo = [], {start}, [start]
    while todo:
        p = todo.pop()
        group.append(p)
        for n in (p - ROW, p - 1, p + 1, p + ROW):
            if n not in seen:
                s = get(n)
                if s is None:
                    return group, True
                if s[0] == colour:
                    seen.add(n)
                    todo.append(n)
    return group, False


def captured(board: dict, p: int, colour) -> list[int]:
    """The capture set of a stone of ``colour`` just put at ``p`` (``board`` already holds it),
    as sorted keys (reading order, C5); ``[]`` if nothing is captured.

    C2: every opponent group touching ``p`` left without a liberty, all together; C3: only if
    that is empty, the placed stone's own group if it has no liberty (suicide is a capture).
    C6 (every group has a liberty between placements) is why only groups touching ``p`` count."""
    get = board.get
    dead: list[int] = []
    done: set[int] = set()
    for n in (p - ROW, p - 1, p + 1, p + ROW):
        s = get(n)
        if s is not None and s[0] != colour and n not in done:
            group, alive = _group(board, n, s[0])
            if not alive:
                dead.extend(group)
                done.update(group)
    if not dead:
        group, alive = _group(board, p, colour)
        if alive:
            return dead
        dead = group
    dead.sort()
    return dead
