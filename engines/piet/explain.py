"""A step of Piet told in words (spec `piet.md`, "What the debugger shows"): the attempts of a move
with the walls that blocked them, the slide, where it ends and the command it runs — the same
rules as :func:`.machine.find_move`, walked again slowly for the view, the events of a step and
the next-move panel (the machine's loop stays free of bookkeeping)."""

from __future__ import annotations

from typing import NamedTuple

from .machine import COMMANDS, NEEDED, WORDS, PietMachine, command_of
from .parser import BLACK, WHITE, colour_name

ARROWS = ("→", "↓", "←", "↑")
CC_ARROWS = ("↰", "↱")
CC_WORDS = ("left", "right")


class Move(NamedTuple):
    """What the step from a state does: ``attempts`` (exit codel, neighbour codel or −1, what
    blocked it or ``""``), the ``slide`` path (codels), the codel it goes to ``to`` (−1: no move),
    DP and CC after the attempts, ``command`` (an index of :data:`COMMANDS`; 0 none), ``events``
    (the step's events in words), ``ends`` (the program ends here: T4, W2's retrace)."""

    attempts: tuple[tuple[int, int, str], ...]
    slide: tuple[int, ...]
    to: int
    dp: int
    cc: int
    command: int
    events: tuple[str, ...]
    ends: bool


def _name(m: PietMachine, i: int) -> str:
    return f"{i % m.width},{i // m.width}"


def move(m: PietMachine, pos: int, dp: int, cc: int) -> Move:
    """The move from codel ``pos`` with ``dp`` and ``cc`` (T2, W1, W2), attempt by attempt."""
    w, h, codels = m.width, m.height, m.codels
    white = codels[pos] == WHITE
    attempts: list[tuple[int, int, str]] = []
    slide: list[int] = []
    events: list[str] = []

    def at(x: int, y: int) -> int:
        return y * w + x if 0 <= x < w and 0 <= y < h else -1

    def wall(n: int, ex: int) -> str:
        return "the edge" if n < 0 else f"black {_name(m, n)}"

    for fails in range(8):
        ex = pos if white else m.exits[m.blocks[pos] * 8 + dp * 2 + cc]
        dx, dy = (1, 0, -1, 0)[dp], (0, 1, 0, -1)[dp]
        n = at(ex % w + dx, ex // w + dy)
        nc = codels[n] if n >= 0 else BLACK
        if nc == WHITE:
            attempts.append((ex, n, ""))
            x, y = n % w, n // w
            slide.append(n)
            seen: set[tuple[int, int, int]] = set()
            while True:
                nxt = at(x + dx, y + dy)
                if nxt >= 0 and codels[nxt] == WHITE:
                    x, y = x + dx, y + dy
                    slide.append(nxt)
                    continue
                if nxt >= 0 and codels[nxt] != BLACK:
                    events.append(f"slide {_name(m, n)} → {_name(m, y * w + x)} ({len(slide)} white)")
                    events.append("no command (white)")
                    return Move(tuple(attempts), tuple(slide), nxt, dp, cc, 0, tuple(events), False)
                if not m.spec:
                    events.append(f"slide {_name(m, n)} → {_name(m, y * w + x)} ({len(slide)} white)")
                    events.append(f"stop in white at {_name(m, y * w + x)}")
                    return Move(tuple(attempts), tuple(slide), y * w + x, dp, cc, 0, tuple(events), False)
                cc, dp = 1 - cc, (dp + 1) & 3
                events.append(f"turn in white at {_name(m, y * w + x)}: DP {ARROWS[dp]} {WORDS[dp]}, "
                              f"CC {CC_WORDS[cc]}")
                if (y * w + x, dp, cc) in seen:
                    events.append("retrace: end")
                    return Move(tuple(attempts), tuple(slide), -1, dp, cc, 0, tuple(events), True)
                seen.add((y * w + x, dp, cc))
                dx, dy = (1, 0, -1, 0)[dp], (0, 1, 0, -1)[dp]
        elif nc != BLACK:
            attempts.append((ex, n, ""))
            if white:
                events.append("no command (white)")
                return Move(tuple(attempts), (), n, dp, cc, 0, tuple(events), False)
            cmd = command_of(codels[pos], nc)
            events.append(f"{colour_name(codels[pos])} → {colour_name(nc)}: {COMMANDS[cmd]}")
            return Move(tuple(attempts), (), n, dp, cc, cmd, tuple(events), False)
        attempts.append((ex, n, wall(n, ex)))
        if white:
            cc, dp = 1 - cc, (dp + 1) & 3
            events.append(f"toggle CC → {CC_WORDS[cc]}, rotate DP → {WORDS[dp]} ({wall(n, ex)})")
        elif fails % 2 == 0:
            cc = 1 - cc
            events.append(f"toggle CC → {CC_WORDS[cc]} ({wall(n, ex)})")
        else:
            dp = (dp + 1) & 3
            events.append(f"rotate DP → {WORDS[dp]} ({wall(n, ex)})")
    events.append("end: 8 attempts failed")
    return Move(tuple(attempts), (), -1, dp, cc, 0, tuple(events), True)


def effect(m: PietMachine, cmd: int, size: int) -> str:
    """What command ``cmd`` would do to the stack now, e.g. ``div 7 0 → 99999999``,
    ``add: needs 2, has 1 → nothing``."""
    s = m.stack
    name = COMMANDS[cmd]
    if cmd == 0:
        return "no command"
    if len(s) < NEEDED[cmd]:
        return f"{name}: needs {NEEDED[cmd]}, has {len(s)} → nothing"
    a = s[-2] if len(s) > 1 else None
    b = s[-1] if s else None
    if cmd == 1:
        return f"push {size}"
    if cmd == 2:
        return f"pop {b}"
    if cmd in (3, 4, 5, 9):
        op = {3: "+", 4: "-", 5: "*", 9: ">"}[cmd]
        value = {3: lambda: a + b, 4: lambda: a - b, 5: lambda: a * b, 9: lambda: int(a > b)}[cmd]()
        return f"{name} {a} {op} {b} → {value}"
    if cmd == 6:
        if b == 0:
            return f"divide {a} / 0 → " + ("ignored" if m.spec else "99999999")
        q = a // b
        if not m.spec and q < 0 and q * b != a:
            q += 1
        return f"divide {a} / {b} → {q}"
    if cmd == 7:
        if b == 0:
            return f"mod {a} mod 0 → " + ("ignored" if m.spec else "runtime error")
        r = a % b
        if not m.spec and r != 0 and (r < 0) != (a < 0):
            r -= b
        return f"mod {a} mod {b} → {r}"
    if cmd == 8:
        return f"not {b} → {int(b == 0)}"
    if cmd == 10:
        return f"pointer {b}: DP turns {b % 4} clockwise"
    if cmd == 11:
        return f"switch {b}: CC " + ("toggles" if (b & 1 if m.spec else b > 0 and b & 1) else "stays")
    if cmd == 12:
        return f"duplicate {b}"
    if cmd == 13:
        return f"roll depth {a} count {b}"
    if cmd == 14:
        return "in(number): reads a number"
    if cmd == 15:
        return "in(char): reads a byte"
    if cmd == 16:
        return f"out(number) {b}"
    return f"out(char) {b & 255}" + (f" {chr(b & 255)!r}" if 32 <= b & 255 < 127 else "")


def change(c: int, n: int) -> str:
    """``red → dark red: lightness +1: push`` (C1)."""
    cmd = command_of(c, n)
    hue, light = cmd // 3, cmd % 3
    parts = [p for p in (f"hue +{hue}" if hue else "", f"lightness +{light}" if light else "") if p]
    return f"{colour_name(c)} → {colour_name(n)}: {', '.join(parts) or 'same'}: {COMMANDS[cmd]}"
