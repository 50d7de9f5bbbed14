"""TURT, the turtle-graphics fingerprint (Cat's Eye's page; cfunge's units and limits): one
turtle shared by every IP, drawing on a plane of integer coordinates, x east and y south.

Everything lives in the machine's ``data`` store, so stepping back undoes a drawing too:
``("TURT", 0)`` holds the turtle, a :class:`Turtle`, and ``("TURT", n)`` (n = 1, 2, …) the
drawing, one record a key in the order drawn: ``(x, y, colour, pen)`` — a path goes to
``(x, y)`` from the record before it with the pen down (``pen`` 1), or starts there (``pen``
0); a record with ``pen`` 2 is a dot.  ``I`` ("print the drawing, if possible") does nothing:
esodbg has no display for it (a **Decision**; cfunge writes an SVG file).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .core import Fingerprint, c_round, register

LIMIT = 163839998  # the greatest coordinate either way (cfunge's, from SVG's number range)
DOT = 2


class Turtle(NamedTuple):
    x: int = 0
    y: int = 0
    heading: int = 0  # degrees clockwise from east, 0…359
    pen: bool = False
    colour: int = 0  # 24-bit RGB
    moved: bool = True  # moved with the pen up since it last drew: a dot may be due
    records: int = 0  # how many drawing records there are
    paper: int = -1  # the paper's colour, -1 until N sets it


def _turtle(m) -> Turtle:
    return m.data.get(("TURT", 0)) or Turtle()


def _save(m, t: Turtle) -> None:
    m.data[("TURT", 0)] = t


def _record(m, t: Turtle, record: tuple[int, int, int, int]) -> Turtle:
    n = t.records + 1
    m.data[("TURT", n)] = record
    return t._replace(records=n)


def _dot_if_due(m, t: Turtle) -> Turtle:
    """The pen came down where the turtle stands and has not moved: that is a dot."""
    if t.moved and t.pen:
        t = _record(m, t, (t.x, t.y, t.colour, DOT))
    return t


def _move(m, distance: int) -> None:
    t = _turtle(m)
    if t.pen and t.moved:
        t = _record(m, t, (t.x, t.y, 0, 0))
    angle = math.radians(t.heading)
    x = max(-LIMIT, min(LIMIT, t.x + int(c_round(math.cos(angle) * distance))))
    y = max(-LIMIT, min(LIMIT, t.y + int(c_round(math.sin(angle) * distance))))
    t = t._replace(x=x, y=y, moved=not t.pen)
    if t.pen:
        t = _record(m, t, (x, y, t.colour, 1))
    _save(m, t)


def _turn(sign: int, absolute: bool = False):
    """``L`` ``R`` ``H``: pop an angle in degrees; turn by it (left: −) or set it."""
    def semantics(m, ip):
        t = _turtle(m)
        a = ip.pop()
        _save(m, t._replace(heading=(a if absolute else t.heading + sign * a) % 360))
    return semantics


def _pen(m, ip):
    """``P``: pop 0 (up) or 1 (down); anything else reflects."""
    a = ip.pop()
    t = _turtle(m)
    if a == 0:
        _save(m, _dot_if_due(m, t)._replace(pen=False))
    elif a == 1:
        _save(m, t._replace(pen=True))
    else:
        ip.reflect()


def _colour(m, ip):
    t = _dot_if_due(m, _turtle(m))
    _save(m, t._replace(colour=ip.pop() & 0xFFFFFF))


def _display(m, ip):
    """``D``: pop 0 or 1 (show the display or not: there is none); anything else reflects."""
    a = ip.pop()
    if a == 1:
        _save(m, _dot_if_due(m, _turtle(m)))
    elif a != 0:
        ip.reflect()


def _clear(m, ip):
    """``N``: pop a colour; clear the paper to it (the drawing is erased)."""
    t = _turtle(m)
    for n in range(1, t.records + 1):
        del m.data[("TURT", n)]
    _save(m, t._replace(records=0, paper=ip.pop() & 0xFFFFFF))


def _teleport(m, ip):
    """``T``: pop y, then x; put the turtle there without drawing."""
    t = _dot_if_due(m, _turtle(m))
    y = ip.pop()
    x = ip.pop()
    _save(m, t._replace(x=x, y=y, moved=True))


def _position(m, ip):
    t = _turtle(m)
    ip.push(t.x)
    ip.push(t.y)


def _bounds(m, ip):
    """``U``: push the least point, then the greatest, of where the turtle can go."""
    for v in (-LIMIT, -LIMIT, LIMIT, LIMIT):
        ip.push(v)


def _print(m, ip):
    _save(m, _dot_if_due(m, _turtle(m)))


register(Fingerprint("TURT", {
    "A": lambda m, ip: ip.push(_turtle(m).heading), "B": lambda m, ip: _move(m, -ip.pop()), "C": _colour,
    "D": _display, "E": lambda m, ip: ip.push(int(_turtle(m).pen)), "F": lambda m, ip: _move(m, ip.pop()),
    "H": _turn(1, absolute=True), "I": _print, "L": _turn(-1), "N": _clear, "P": _pen, "Q": _position,
    "R": _turn(1), "T": _teleport, "U": _bounds,
}))
