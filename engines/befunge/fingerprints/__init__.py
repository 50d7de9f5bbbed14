"""Befunge-98 fingerprints (spec `befunge.md` rule 28): ``(`` loads one onto an instruction
pointer's letters ``A``–``Z``, ``)`` unloads it, and a letter runs the semantics on top of its
stack.  Each fingerprint is its id (its name's bytes, base 256) and a table of letter →
function ``(machine, ip) -> Stop | None`` (:mod:`.core`); the groups are in their own modules.

A semantics on a letter's stack (``ip.sem[i]``) is an int: the fingerprint's id times 256 plus
the letter whose semantics it is (``("ROMA" id) << 8 | ord("X")``), so FING can move a
semantics to another letter and it keeps its meaning; 0 is "reflect" (what FING pushes for an
empty stack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import FINGERPRINTS, ID_MAX, Fingerprint, fingerprint_id, register, semantics_of  # noqa: F401
from . import clock, control, numbers, strings, turt  # noqa: F401  (each registers its fingerprints)

if TYPE_CHECKING:
    from ...base import Stop
    from ..b98 import IP, Befunge98Machine


def load(m: Befunge98Machine, ip: IP, loading: bool) -> None:
    """``(`` (``loading``) or ``)``: pop the count and the id; a fingerprint esodbg has gets its
    letters pushed (``(`` then pushes the id and 1) or popped; any other reflects."""
    n = ip.pop()
    if n <= 0:
        ip.reflect()
        return
    f = 0
    depth = ip.depths[-1]
    for _ in range(min(n, depth)):
        v = ip.pop()
        if -ID_MAX <= f <= ID_MAX:  # past it |f| only grows (a cell is < 2⁶³) and names no fingerprint
            f = f * 256 + v
    if n > depth:  # the implicit zeros below the stack (rule 8), popped without a loop: the step
        # stays short whatever the count (2⁶³ − 1 zeros would take forever one by one)
        f = f << 8 * (n - depth) if -ID_MAX <= f <= ID_MAX and n - depth <= 8 else ID_MAX + 1
    fingerprint = FINGERPRINTS.get(f)
    if fingerprint is None:
        ip.reflect()
        return
    for letter in fingerprint.letters:
        i = ord(letter) - 65
        stack = ip.sem[i]
        if loading:
            ip.sem[i] = stack + (semantics_of(f, letter),)
        elif stack:
            ip.sem[i] = stack[:-1]
    if loading:
        ip.push(f)
        ip.push(1)


def run(m: Befunge98Machine, ip: IP, entry: int, c: int) -> Stop | None:
    """Run the semantics ``entry`` (module docstring) for the letter ``c`` on top of it."""
    fingerprint = FINGERPRINTS.get(entry >> 8)
    semantics = fingerprint.letters.get(chr(entry & 255)) if fingerprint is not None else None
    if semantics is None:
        ip.reflect()
        return None
    return semantics(m, ip)


def loaded(ip: IP) -> dict[str, str]:
    """Each letter with semantics on ``ip``: the fingerprint on top (``NAME``; ``NAME:L`` for
    letter ``L``'s semantics moved there by FING; ``reflect``)."""
    out = {}
    for i, stack in enumerate(ip.sem):
        if stack:
            entry = stack[-1]
            fingerprint = FINGERPRINTS.get(entry >> 8)
            if fingerprint is None:
                out[chr(65 + i)] = "reflect"
            elif entry & 255 == 65 + i:
                out[chr(65 + i)] = fingerprint.name
            else:
                out[chr(65 + i)] = f"{fingerprint.name}:{chr(entry & 255)}"
    return out
