"""Fingerprints that move instruction pointers, work on the stack, or on Funge-space: NULL, ORTH,
REFC, TOYS, SUBR, FRTH and FING (semantics from Cat's Eye's library pages for NULL, ORTH, REFC
and TOYS, RC/Funge-98's as cfunge implements them for the others; where a page is silent, as
cfunge does).

Vectors are popped y first (``ip.pop_vector`` gives ``(x, y)``).  "Set the position" means the
IP stands there and the normal move follows, so it runs the cell after; where cfunge runs the
target cell itself (SUBR ``C``), the IP is put one delta before it.
"""

from __future__ import annotations

from .core import REFLECT, Fingerprint, binary, reflect, register, unary
from ..common import wrap64


# ----- NULL -----------------------------------------------------------------------------------
register(Fingerprint("NULL", {chr(c): reflect for c in range(65, 91)}))


# ----- ORTH: Orthogonal easement ----------------------------------------------------------------
def _orth_get(m, ip):
    """``G``: pop a vector; push the cell at (its y, its x): Orthogonal's order, no offset."""
    x, y = ip.pop_vector()
    ip.push(m.space.get(y, x))


def _orth_put(m, ip):
    """``P``: pop a vector, then a value; write it at (its y, its x)."""
    x, y = ip.pop_vector()
    m.space.put(y, x, ip.pop())


def _orth_string(m, ip):
    """``S``: pop a 0"gnirts" and write it."""
    for b in ip.pop_string():
        m.put_byte(b)


def _orth_dx(m, ip):
    ip.dx = ip.pop()


def _orth_dy(m, ip):
    ip.dy = ip.pop()


def _orth_x(m, ip):
    ip.x = ip.pop()


def _orth_y(m, ip):
    ip.y = ip.pop()


def _orth_ramp(m, ip):
    """``Z``: pop; zero → skip the next cell, as ``#`` but wrapping."""
    if ip.pop() == 0:
        m.move(ip)


register(Fingerprint("ORTH", {
    "A": binary(lambda b, a: b & a), "O": binary(lambda b, a: b | a), "E": binary(lambda b, a: b ^ a),
    "G": _orth_get, "P": _orth_put, "S": _orth_string, "V": _orth_dx, "W": _orth_dy, "X": _orth_x,
    "Y": _orth_y, "Z": _orth_ramp,
}))


# ----- REFC: referenced cells ---------------------------------------------------------------------
# data: ("REFC", 0) the number of references made, ("REFC", n) the vector of reference n (1, 2, …).
def _refc_reference(m, ip):
    """``R``: pop a vector; push a new reference to it (1, 2, … shared by every IP)."""
    vector = ip.pop_vector()
    n = m.data.get(("REFC", 0), 0) + 1
    m.data[("REFC", 0)] = n
    m.data[("REFC", n)] = vector
    ip.push(n)


def _refc_dereference(m, ip):
    """``D``: pop a reference; push its vector; an unknown one reflects."""
    n = ip.pop()
    vector = m.data.get(("REFC", n)) if n > 0 else None
    if vector is None:
        ip.reflect()
    else:
        ip.push_vector(*vector)


register(Fingerprint("REFC", {"R": _refc_reference, "D": _refc_dereference}))


# ----- TOYS: Funge-98 standard toys -------------------------------------------------------------
def _gable(m, ip):
    """``A``: pop n, then a value; push n copies of it (n < 0 reflects)."""
    n = ip.pop()
    v = ip.pop()
    if n < 0:
        ip.reflect()
        return
    for _ in range(n):
        ip.push(v)


def _shoes(m, ip):
    """``B``: pop a, then b; push b + a, then b − a."""
    a = ip.pop()
    b = ip.pop()
    ip.push(wrap64(b + a))
    ip.push(wrap64(b - a))


def _box_op(high: bool, move: bool):
    """``C K M V``: pop the destination, the size, the origin (vectors, no storage offset) and
    copy (or move: the origin cell becomes a space after its copy) the box cell by cell, low
    order (from the least corner) or high order (from the greatest).  A zero side does
    nothing, a negative one reflects."""
    def semantics(m, ip):
        tx, ty = ip.pop_vector()
        dx, dy = ip.pop_vector()
        ox, oy = ip.pop_vector()
        if dx == 0 or dy == 0:
            return
        if dx < 0 or dy < 0:
            ip.reflect()
            return
        get, put = m.space.get, m.space.put
        ys = range(dy - 1, -1, -1) if high else range(dy)
        xs = range(dx - 1, -1, -1) if high else range(dx)
        for y in ys:
            for x in xs:
                put(tx + x, ty + y, get(ox + x, oy + y))
                if move:
                    put(ox + x, oy + y, 32)
    return semantics


def _sum(m, ip):
    """``E``: replace the stack by the sum of its cells."""
    total = 0
    while ip.depths[-1]:
        total += ip.pop()
    ip.push(wrap64(total))


def _product(m, ip):
    """``P``: replace the stack by the product of its cells."""
    product = 1
    while ip.depths[-1]:
        product = wrap64(product * ip.pop())
    ip.push(product)


def _calipers(m, ip):
    """``F``: pop a vector (the least point), then j, then i; pop j rows of i cells into
    Funge-space, row by row, each from its least x."""
    x0, y0 = ip.pop_vector()
    j = ip.pop()
    i = ip.pop()
    for y in range(y0, y0 + j):
        for x in range(x0, x0 + i):
            m.space.put(x, y, ip.pop())


def _counterclockwise(m, ip):
    """``G``: pop a vector, j, i; push the j rows of i cells there so that ``F`` puts them back."""
    x0, y0 = ip.pop_vector()
    j = ip.pop()
    i = ip.pop()
    for y in range(y0 + j - 1, y0 - 1, -1):
        for x in range(x0 + i - 1, x0 - 1, -1):
            ip.push(m.space.get(x, y))


def _stilts(m, ip):
    """``H``: pop b, then a; push a shifted left b places (b < 0: arithmetic right |b|)."""
    b = ip.pop()
    a = ip.pop()
    ip.push(a >> -b if b < 0 else wrap64(a << min(b, 64)))


def _fishhook(m, ip):
    """``J``: pop n; shift the IP's column n cells south (n < 0: north) over the box; the cells
    left behind keep their values."""
    n = ip.pop()
    space = m.space
    if n == 0:
        return
    x, lo, hi = ip.x, space.min_y, space.max_y
    for y in (range(lo, hi + 1) if n < 0 else range(hi, lo - 1, -1)):
        space.put(x, y + n, space.get(x, y))


def _boulder(m, ip):
    """``O``: pop n; shift the IP's row n cells east (n < 0: west), as ``J``."""
    n = ip.pop()
    space = m.space
    if n == 0:
        return
    y, lo, hi = ip.y, space.min_x, space.max_x
    for x in (range(lo, hi + 1) if n < 0 else range(hi, lo - 1, -1)):
        space.put(x + n, y, space.get(x, y))


def _corner(m, ip):
    """``L``: push the cell to the IP's left (its position plus its delta turned as ``[``)."""
    ip.push(m.space.get(ip.x + ip.dy, ip.y - ip.dx))


def _can_opener(m, ip):
    """``R``: push the cell to the IP's right (delta turned as ``]``)."""
    ip.push(m.space.get(ip.x - ip.dy, ip.y + ip.dx))


def _necklace(m, ip):
    """``Q``: pop a value; write it to the cell behind the IP."""
    m.space.put(ip.x - ip.dx, ip.y - ip.dy, ip.pop())


def _chicane(m, ip):
    """``S``: pop the least point, the size (vectors), a value; fill that box with it."""
    ox, oy = ip.pop_vector()
    dx, dy = ip.pop_vector()
    v = ip.pop()
    if dx == 0 or dy == 0:
        return
    if dx < 0 or dy < 0:
        ip.reflect()
        return
    for y in range(oy, oy + dy):
        for x in range(ox, ox + dx):
            m.space.put(x, y, v)


def _barstool(m, ip):
    """``T``: pop a dimension: 0 acts as ``_``, 1 as ``|``, any other reflects."""
    d = ip.pop()
    if d == 0:
        ip.dx, ip.dy = (-1, 0) if ip.pop() else (1, 0)
    elif d == 1:
        ip.dx, ip.dy = (0, -1) if ip.pop() else (0, 1)
    else:
        ip.reflect()


TUMBLES = ((94, 0, -1), (62, 1, 0), (118, 0, 1), (60, -1, 0))  # ^ > v <


def _tumbler(m, ip):
    """``U``: go one of the four ways at random and write that arrow over the ``U``."""
    glyph, ip.dx, ip.dy = TUMBLES[m.random4()]
    m.space.put(ip.x, ip.y, glyph)


def _antenna(m, ip):
    """``W``: pop a vector, then a value v; the cell there (plus the storage offset) equal to v:
    nothing; less: push v and the vector back and run this ``W`` again next tick; greater:
    reflect."""
    x, y = ip.pop_vector()
    v = ip.pop()
    c = m.space.get(x + ip.ox, y + ip.oy)
    if c < v:
        ip.push(v)
        ip.push_vector(x, y)
        ip.x -= ip.dx
        ip.y -= ip.dy
    elif c > v:
        ip.reflect()


def _treasure(m, ip):
    ip.x += 1


def _slingshot(m, ip):
    ip.y += 1


register(Fingerprint("TOYS", {
    "A": _gable, "B": _shoes, "C": _box_op(False, False), "D": unary(lambda a: a - 1), "E": _sum,
    "F": _calipers, "G": _counterclockwise, "H": _stilts, "I": unary(lambda a: a + 1), "J": _fishhook,
    "K": _box_op(True, False), "L": _corner, "M": _box_op(False, True), "N": unary(lambda a: -a),
    "O": _boulder, "P": _product, "Q": _necklace, "R": _can_opener, "S": _chicane, "T": _barstool,
    "U": _tumbler, "V": _box_op(True, True), "W": _antenna, "X": _treasure, "Y": _slingshot,
    "Z": reflect,  # the z coordinate: Befunge has none
}))


# ----- SUBR: subroutines ------------------------------------------------------------------------
# data: ("SUBR", ip id) → 1 while that IP's addresses are relative to its storage offset.
def _subr_target(m, ip) -> tuple[int, int]:
    x, y = ip.pop_vector()
    if m.data.get(("SUBR", ip.id)):
        x, y = x + ip.ox, y + ip.oy
    return x, y


def _pop_cells(ip, n: int) -> list[int]:
    return [ip.pop() for _ in range(n)][::-1]


def _subr_call(m, ip):
    """``C``: pop n, then a vector; keep the top n cells, push the IP's position and delta
    under them, and run from the vector going east (the vector's own cell runs next)."""
    n = ip.pop()
    if n < 0:
        ip.reflect()
        return
    x, y = _subr_target(m, ip)
    kept = _pop_cells(ip, n)
    ip.push_vector(ip.x, ip.y)
    ip.push_vector(ip.dx, ip.dy)
    for v in kept:
        ip.push(v)
    ip.dx, ip.dy = 1, 0
    ip.x, ip.y = x - 1, y


def _subr_jump(m, ip):
    """``J``: pop a vector; stand there going east (the cell after it runs next, as cfunge)."""
    ip.x, ip.y = _subr_target(m, ip)
    ip.dx, ip.dy = 1, 0


def _subr_return(m, ip):
    """``R``: pop n; keep the top n cells, pop a delta and a position (what ``C`` pushed), go
    back there, and push the kept cells."""
    n = ip.pop()
    if n < 0:
        ip.reflect()
        return
    kept = _pop_cells(ip, n)
    ip.dx, ip.dy = ip.pop_vector()
    ip.x, ip.y = ip.pop_vector()
    for v in kept:
        ip.push(v)


def _subr_mode(relative: bool):
    def semantics(m, ip):
        if relative:
            m.data[("SUBR", ip.id)] = 1
        else:
            m.data.pop(("SUBR", ip.id), None)
    return semantics


register(Fingerprint("SUBR", {"A": _subr_mode(False), "C": _subr_call, "J": _subr_jump, "O": _subr_mode(True),
                              "R": _subr_return}))


# ----- FRTH: Forth stack words --------------------------------------------------------------------
def _depth(m, ip):
    """``D``: push the number of cells on the stack."""
    ip.push(ip.depths[-1])


def _roll(m, ip):
    """``L``: pop u; move the cell u below the top to the top (u past the bottom: push 0; u < 0
    reflects)."""
    u = ip.pop()
    if u < 0:
        ip.reflect()
    elif u >= ip.depths[-1]:
        ip.push(0)
    else:
        cells = [ip.pop() for _ in range(u + 1)]
        for v in reversed(cells[:-1]):
            ip.push(v)
        ip.push(cells[-1])


def _pick(m, ip):
    """``P``: pop u; push a copy of the cell u below the top (past the bottom: 0; u < 0 reflects)."""
    u = ip.pop()
    if u < 0:
        ip.reflect()
    else:
        ip.push(ip.peek(u))


def _over(m, ip):
    b = ip.pop()
    a = ip.pop()
    for v in (a, b, a):
        ip.push(v)


def _rot(m, ip):
    c = ip.pop()
    b = ip.pop()
    a = ip.pop()
    for v in (b, c, a):
        ip.push(v)


register(Fingerprint("FRTH", {"D": _depth, "L": _roll, "O": _over, "P": _pick, "R": _rot}))


# ----- FING: one letter's semantics at a time -----------------------------------------------------
def _letter(ip) -> int:
    """Pop a letter: 0…25 or 'A'…'Z' → its index; anything else → -1."""
    n = ip.pop()
    if 0 <= n <= 25:
        return n
    if 65 <= n <= 90:
        return n - 65
    return -1


def _pop_semantics(ip, i: int) -> int:
    stack = ip.sem[i]
    if not stack:
        return REFLECT
    ip.sem[i] = stack[:-1]
    return stack[-1]


def _fing_swap(m, ip):
    """``X``: pop two letters; swap their top semantics (an empty stack gives "reflect")."""
    first = _letter(ip)
    second = _letter(ip)
    if first < 0 or second < 0:
        ip.reflect()
        return
    a = _pop_semantics(ip, first)
    b = _pop_semantics(ip, second)
    ip.sem[second] += (a,)
    ip.sem[first] += (b,)


def _fing_drop(m, ip):
    """``Y``: pop a letter; drop its top semantics."""
    i = _letter(ip)
    if i < 0:
        ip.reflect()
    elif ip.sem[i]:
        ip.sem[i] = ip.sem[i][:-1]


def _fing_push(m, ip):
    """``Z``: pop the destination letter, then the source; push a copy of the source's top
    semantics ("reflect" if it has none) onto the destination."""
    dst = _letter(ip)
    src = _letter(ip)
    if dst < 0 or src < 0:
        ip.reflect()
        return
    stack = ip.sem[src]
    ip.sem[dst] += (stack[-1] if stack else REFLECT,)


register(Fingerprint("FING", {"X": _fing_swap, "Y": _fing_drop, "Z": _fing_push}))
