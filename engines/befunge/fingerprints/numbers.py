"""Number fingerprints: ROMA, BOOL, MODU, FIXP, CPLI, BASE, INDV, and the floating-point ones
FPSP, FPDP and 3DSP (RC/Funge-98's, as cfunge implements them where the pages are silent).

Floats live in cells as bit patterns, as cfunge keeps them: a single-precision float is one
cell, its 32 bits as a signed 32-bit integer; a double is two cells, the low 32 bits pushed
first and the high 32 bits on top, each signed.  Arithmetic is IEEE's (a zero divisor gives an
infinity or NaN, not an error); a float converted to a cell is truncated, NaN or out of range
giving −2⁶³ (x86-64's conversion).  Numbers print as C's ``printf("%f ")``.
"""

from __future__ import annotations

import math
import re
import struct

from ...base import Stop
from ..common import EOF, NEEDS, cdiv, cmod, wrap64
from .core import (NAN, Fingerprint, binary, c_div, c_format, c_math, c_pow, c_round, push_value, random_below,
                   register, to_cell, unary)

# ----- ROMA, BOOL, MODU -------------------------------------------------------------------------
register(Fingerprint("ROMA", {letter: push_value(value) for letter, value in
                              zip("IVXLCDM", (1, 5, 10, 50, 100, 500, 1000))}))
register(Fingerprint("BOOL", {"A": binary(lambda b, a: b & a), "O": binary(lambda b, a: b | a),
                              "X": binary(lambda b, a: b ^ a), "N": unary(lambda a: ~a)}))


def _modulo(kind: str):
    """MODU: ``M`` signed (floor, the divisor's sign), ``U`` Sam Holden's unsigned (|b| mod |a|),
    ``R`` C's remainder (the dividend's sign); a zero divisor gives 0."""
    def semantics(m, ip):
        a = ip.pop()
        b = ip.pop()
        if a == 0:
            ip.push(0)
        elif kind == "M":
            ip.push(wrap64(b - a * (b // a)))
        elif kind == "U":
            ip.push(wrap64(abs(b) % abs(a)))
        else:
            ip.push(cmod(b, a))
    return semantics


register(Fingerprint("MODU", {letter: _modulo(letter) for letter in "MUR"}))


# ----- FIXP: fixed-point maths ------------------------------------------------------------------
def _scaled(f, degrees_in: bool):
    """A FIXP function of angles: ``round(10000·f(n/10000 degrees))`` (``degrees_in``: sin,
    cos, tan) or ``round(10000·degrees(f(n/10000)))`` (the inverse functions)."""
    g = c_math(f)

    def semantics(m, ip):
        x = ip.pop() / 10000
        y = g(math.radians(x)) if degrees_in else math.degrees(g(x))
        ip.push(to_cell(c_round(10000 * y)))
    return semantics


def _fixp_rand(m, ip):
    """``D``: pop n; push a random 0 ≤ r < n (n < 0: n < r ≤ 0; n = 0: 0)."""
    n = ip.pop()
    ip.push(random_below(m, n) if n > 0 else -random_below(m, -n) if n < 0 else 0)


def _fixp_pow(m, ip):
    """``R``: pop b, then a; push round(aᵇ)."""
    b = ip.pop()
    a = ip.pop()
    ip.push(to_cell(c_round(c_pow(float(a), float(b)))))


def _fixp_sqrt(m, ip):
    n = ip.pop()
    ip.push(to_cell(c_round(math.sqrt(n))) if n >= 0 else to_cell(math.nan))


register(Fingerprint("FIXP", {
    "A": binary(lambda b, a: b & a), "O": binary(lambda b, a: b | a), "X": binary(lambda b, a: b ^ a),
    "B": _scaled(math.acos, False), "C": _scaled(math.cos, True), "I": _scaled(math.sin, True),
    "J": _scaled(math.asin, False), "T": _scaled(math.tan, True), "U": _scaled(math.atan, False),
    "D": _fixp_rand, "N": unary(lambda a: -a), "V": unary(abs),
    "P": lambda m, ip: ip.push(to_cell(math.pi * ip.pop())), "Q": _fixp_sqrt, "R": _fixp_pow,
    "S": lambda m, ip: ip.push((lambda n: (n > 0) - (n < 0))(ip.pop())),
}))


# ----- CPLI: complex integers -------------------------------------------------------------------
def _complex(op):
    """Pop bi, br, ai, ar; push the real part, then the imaginary part of ``op((ar, ai), (br, bi))``."""
    def semantics(m, ip):
        bi, br = ip.pop(), ip.pop()
        ai, ar = ip.pop(), ip.pop()
        r, i = op(ar, ai, br, bi)
        ip.push(wrap64(r))
        ip.push(wrap64(i))
    return semantics


def _cdiv0(b: int, a: int) -> int:
    """``b / a`` truncated, 0 for a zero divisor (rule 15)."""
    return cdiv(wrap64(b), a) if a else 0


def _complex_div(ar, ai, br, bi):
    denom = wrap64(bi * bi + br * br)
    return _cdiv0(ai * bi + ar * br, denom), _cdiv0(ai * br - ar * bi, denom)


def _complex_out(m, ip):
    """``O``: pop i, r; write ``r+ii `` (``r-ii `` for a negative i)."""
    i = ip.pop()
    r = ip.pop()
    m.put_text(f"{r}{'+' if i > 0 else ''}{i}i ")


def _complex_abs(m, ip):
    """``V``: pop i, r; push ⌊√(r² + i²)⌋ (the sum wraps to 64 bits first, as cfunge's)."""
    i = ip.pop()
    r = ip.pop()
    square = wrap64(r * r + i * i)
    ip.push(math.isqrt(square) if square >= 0 else to_cell(math.nan))


register(Fingerprint("CPLI", {
    "A": _complex(lambda ar, ai, br, bi: (ar + br, ai + bi)),
    "S": _complex(lambda ar, ai, br, bi: (ar - br, ai - bi)),
    "M": _complex(lambda ar, ai, br, bi: (ar * br - ai * bi, ar * bi + ai * br)),
    "D": _complex(_complex_div), "O": _complex_out, "V": _complex_abs,
}))


# ----- BASE: numbers in other bases --------------------------------------------------------------
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _in_base(value: int, base: int) -> str:
    out = []
    while value:
        value, d = divmod(value, base)
        out.append(DIGITS[d])
    return "".join(reversed(out)) or "0"


def _out_fixed(base: int):
    """``B`` ``O`` ``H``: pop a value; write it in base 2, 8 or 16 and a space (a negative one as
    its 64-bit two's complement, as cfunge's ``H`` and ``O``)."""
    def semantics(m, ip):
        m.put_text(_in_base(ip.pop() & ((1 << 64) - 1), base) + " ")
    return semantics


def _out_base(m, ip):
    """``N``: pop the base, then the value; write the value in that base (1…36; base 1 is a
    run of zeros) and a space; another base or a negative value reflects."""
    base = ip.pop()
    value = ip.pop()
    if not 1 <= base <= 36 or value < 0:
        ip.reflect()
    elif base == 1:
        m.put_text("0" * value + " ")
    else:
        m.put_text(_in_base(value, base) + " ")


def _in_base_number(m, ip):
    """``I``: pop the base (1…36, else reflect); read a number in it as ``&`` reads one; the
    end of input reflects."""
    base = ip.peek(0)
    if not 1 <= base <= 36:
        ip.pop()
        ip.reflect()
        return None
    value = m.read_number(base)
    if value == NEEDS:  # nothing popped or read: the tick runs again when input comes
        return Stop.NEEDS_INPUT
    ip.pop()
    if value == EOF:
        ip.reflect()
    else:
        ip.push(value)
    return None


register(Fingerprint("BASE", {"B": _out_fixed(2), "O": _out_fixed(8), "H": _out_fixed(16), "N": _out_base,
                              "I": _in_base_number}))


# ----- INDV: pointers in Funge-space --------------------------------------------------------------
def _pointer(m, ip) -> tuple[int, int]:
    """Pop a vector (plus the storage offset): the cells there and east of it hold a vector, y
    then x; that vector plus the storage offset."""
    x, y = ip.pop_vector()
    x, y = x + ip.ox, y + ip.oy
    get = m.space.get
    return get(x + 1, y) + ip.ox, get(x, y) + ip.oy


def _indv_get(m, ip):
    x, y = _pointer(m, ip)
    ip.push(m.space.get(x, y))


def _indv_put(m, ip):
    x, y = _pointer(m, ip)
    m.space.put(x, y, ip.pop())


def _indv_get_vector(m, ip):
    x, y = _pointer(m, ip)
    ip.push_vector(m.space.get(x + 1, y), m.space.get(x, y))


def _indv_put_vector(m, ip):
    x, y = _pointer(m, ip)
    vx, vy = ip.pop_vector()
    m.space.put(x, y, vy)
    m.space.put(x + 1, y, vx)


register(Fingerprint("INDV", {"G": _indv_get, "P": _indv_put, "V": _indv_get_vector, "W": _indv_put_vector}))


# ----- floats in cells ----------------------------------------------------------------------------
def _to_f32(x: float) -> float:
    """``x`` rounded to single precision (too large: ±infinity)."""
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def pop_f32(ip) -> float:
    return struct.unpack("<f", struct.pack("<I", ip.pop() & 0xFFFFFFFF))[0]


def push_f32(ip, x: float) -> None:
    ip.push(struct.unpack("<i", struct.pack("<f", _to_f32(x)))[0])


def pop_f64(ip) -> float:
    high = ip.pop() & 0xFFFFFFFF
    low = ip.pop() & 0xFFFFFFFF
    return struct.unpack("<d", struct.pack("<II", low, high))[0]


def push_f64(ip, x: float) -> None:
    low, high = struct.unpack("<ii", struct.pack("<d", x))
    ip.push(low)
    ip.push(high)


def _int_to_f32(i: int) -> float:
    """The cell ``i`` as the nearest single-precision float (ties to even, as C converts)."""
    n = abs(i).bit_length() - 24
    if n > 0:  # round once, straight to 24 bits, not through a double first
        q, r = divmod(abs(i), 1 << n)
        half = 1 << (n - 1)
        if r > half or (r == half and q & 1):
            q += 1
        i = (q << n) * (1 if i > 0 else -1)
    return _to_f32(float(i))


_NUMBER = re.compile(rb"\s*([+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
                     rb"|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf(?:inity)?|nan))", re.IGNORECASE)


def strtod(text: bytes) -> float:
    """C's ``strtod``: the longest number at the start of ``text`` (after white space), 0 if none."""
    match = _NUMBER.match(text)
    if match is None:
        return 0.0
    s = match.group(1).decode("ascii")
    if "x" in s.lower():
        sign = -1.0 if s.startswith("-") else 1.0
        body = s.lstrip("+-")
        if "p" not in body.lower():
            body += "p0"
        return sign * float.fromhex(body)
    return float(s)


def _float_fingerprint(name: str, pop, push, from_int) -> Fingerprint:
    """FPSP or FPDP: the same letters over single- or double-precision cells."""
    def un(f, invalid=NAN):
        g = c_math(f, invalid)

        def semantics(m, ip):
            push(ip, g(pop(ip)))
        return semantics

    def bi(f):
        def semantics(m, ip):
            a = pop(ip)
            push(ip, f(pop(ip), a))
        return semantics

    def to_int(m, ip):
        ip.push(to_cell(pop(ip)))

    def from_ascii(m, ip):
        push(ip, strtod(ip.pop_string()))

    def show(m, ip):
        m.put_text(c_format(pop(ip)))

    return Fingerprint(name, {
        "A": bi(lambda b, a: b + a), "S": bi(lambda b, a: b - a), "M": bi(lambda b, a: b * a), "D": bi(c_div),
        "Y": bi(c_pow), "B": un(math.sin), "C": un(math.cos), "T": un(math.tan), "E": un(math.asin, math.nan),
        "H": un(math.acos, math.nan), "G": un(math.atan), "K": un(math.log), "L": un(math.log10, math.nan),
        "X": un(math.exp), "Q": un(math.sqrt), "N": un(lambda x: -x), "V": un(abs), "F": lambda m, ip: push(ip, from_int(ip.pop())),
        "I": to_int, "R": from_ascii, "P": show,
    })


register(_float_fingerprint("FPSP", pop_f32, push_f32, _int_to_f32))
register(_float_fingerprint("FPDP", pop_f64, push_f64, float))


# ----- 3DSP: 3-D space --------------------------------------------------------------------------
# Vectors are three single-precision cells (x pushed first), matrices 4×4 single-precision cells
# in Funge-space at a vector plus the storage offset, row by row.
def _pop3(ip) -> list[float]:
    z = pop_f32(ip)
    y = pop_f32(ip)
    return [pop_f32(ip), y, z]


def _push3(ip, v) -> None:
    for x in v[:3]:
        push_f32(ip, x)


def _read_matrix(m, ip, at) -> list[float]:
    x0, y0 = at[0] + ip.ox, at[1] + ip.oy
    return [struct.unpack("<f", struct.pack("<I", m.space.get(x0 + x, y0 + y) & 0xFFFFFFFF))[0]
            for y in range(4) for x in range(4)]


def _write_matrix(m, ip, at, matrix) -> None:
    x0, y0 = at[0] + ip.ox, at[1] + ip.oy
    for y in range(4):
        for x in range(4):
            m.space.put(x0 + x, y0 + y, struct.unpack("<i", struct.pack("<f", _to_f32(matrix[4 * y + x])))[0])


def _length(v) -> float:
    return math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])


def _vectors(op):
    """Pop b, then a; push ``op(a, b)`` (a vector)."""
    def semantics(m, ip):
        b = _pop3(ip)
        a = _pop3(ip)
        _push3(ip, op(a, b))
    return semantics


def _dot(m, ip):
    b = _pop3(ip)
    a = _pop3(ip)
    push_f32(ip, a[0] * b[0] + a[1] * b[1] + a[2] * b[2])


def _normalise(m, ip):
    v = _pop3(ip)
    n = _length(v)
    _push3(ip, [c_div(c, n) for c in v])


def _matrix_copy(m, ip):
    """``P``: pop the source, then the destination; copy the 4×4 cells."""
    sx, sy = ip.pop_vector()
    tx, ty = ip.pop_vector()
    get, put = m.space.get, m.space.put
    for y in range(4):
        for x in range(4):
            put(tx + ip.ox + x, ty + ip.oy + y, get(sx + ip.ox + x, sy + ip.oy + y))


def _rotation(m, ip):
    """``R``: pop an angle (degrees, a float), an axis (1 x, 2 y, 3 z; else reflect) and where;
    write the rotation matrix there."""
    angle = math.radians(pop_f32(ip))
    axis = ip.pop()
    at = ip.pop_vector()
    if not 1 <= axis <= 3:
        ip.reflect()
        return
    s, c = math.sin(angle), math.cos(angle)
    matrix = {1: [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1],
              2: [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1],
              3: [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}[axis]
    _write_matrix(m, ip, at, matrix)


def _scale_matrix(m, ip):
    v = _pop3(ip)
    at = ip.pop_vector()
    _write_matrix(m, ip, at, [v[0], 0, 0, 0, 0, v[1], 0, 0, 0, 0, v[2], 0, 0, 0, 0, 1])


def _translation(m, ip):
    v = _pop3(ip)
    at = ip.pop_vector()
    _write_matrix(m, ip, at, [1, 0, 0, v[0], 0, 1, 0, v[1], 0, 0, 1, v[2], 0, 0, 0, 1])


def _duplicate(m, ip):
    """``U``: the vector on top twice: its cells' 32-bit patterns, not rounded through a float."""
    v = [struct.unpack("<i", struct.pack("<I", ip.pop() & 0xFFFFFFFF))[0] for _ in range(3)][::-1]
    for _ in range(2):
        for x in v:
            ip.push(x)


def _project(m, ip):
    """``V``: pop a vector; push (x/z, y/z) (z = 0: (x, y))."""
    x, y, z = _pop3(ip)
    if z != 0:
        x, y = x / z, y / z
    push_f32(ip, x)
    push_f32(ip, y)


def _transform(m, ip):
    """``X``: pop where a matrix is, then a vector; push the matrix times (x, y, z, 1)."""
    at = ip.pop_vector()
    v = _pop3(ip) + [1.0]
    a = _read_matrix(m, ip, at)
    _push3(ip, [sum(a[4 * i + k] * v[k] for k in range(4)) for i in range(4)])


def _matrix_product(m, ip):
    """``Y``: pop where b, a and the result are (b on top); write the product b·a, as cfunge."""
    fb = ip.pop_vector()
    fa = ip.pop_vector()
    ft = ip.pop_vector()
    b = _read_matrix(m, ip, fb)
    a = _read_matrix(m, ip, fa)
    _write_matrix(m, ip, ft, [sum(b[4 * y + k] * a[4 * k + x] for k in range(4)) for y in range(4) for x in range(4)])


def _scale(m, ip):
    """``Z``: pop a vector, then a float n; push the vector times n."""
    v = _pop3(ip)
    n = pop_f32(ip)
    _push3(ip, [c * n for c in v])


register(Fingerprint("3DSP", {
    "A": _vectors(lambda a, b: [a[i] + b[i] for i in range(3)]),
    "B": _vectors(lambda a, b: [a[i] - b[i] for i in range(3)]),
    "C": _vectors(lambda a, b: [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]),
    "M": _vectors(lambda a, b: [a[i] * b[i] for i in range(3)]),
    "D": _dot, "L": lambda m, ip: push_f32(ip, _length(_pop3(ip))), "N": _normalise, "P": _matrix_copy,
    "R": _rotation, "S": _scale_matrix, "T": _translation, "U": _duplicate, "V": _project, "X": _transform,
    "Y": _matrix_product, "Z": _scale,
}))
