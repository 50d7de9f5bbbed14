"""String fingerprints: JSTR and STRN (as cfunge implements them where the pages are silent).

A string on the stack is a 0"gnirts": its first character on top, a 0 under its last.  STRN
keeps every cell's full value (a "character" may be any cell but 0); ``D`` and ``I`` write and
read bytes.
"""

from __future__ import annotations

from ...base import Stop
from ..common import EOF, NEEDS, SPACES, wrap64
from .core import LOW, Fingerprint, read_line, register


def pop_cells(ip) -> list[int]:
    """Pop a 0"gnirts": its cells, first character first."""
    out = []
    while True:
        v = ip.pop()
        if v == 0:
            return out
        out.append(v)


def push_cells(ip, cells) -> None:
    """Push ``cells`` as a 0"gnirts"."""
    ip.push(0)
    for v in reversed(cells):
        ip.push(v)


# ----- JSTR ---------------------------------------------------------------------------------------
def _jstr_args(ip):
    n = ip.pop()
    x, y = ip.pop_vector()
    dx, dy = ip.pop_vector()
    return n, x + ip.ox, y + ip.oy, dx, dy


def _jstr_get(m, ip):
    """``G``: pop n, a position (plus the storage offset), a delta; push 0, then the n cells
    from the position along the delta (n ≤ 0 reflects)."""
    n, x, y, dx, dy = _jstr_args(ip)
    if n <= 0:
        ip.reflect()
        return
    ip.push(0)
    for _ in range(n):
        ip.push(m.space.get(x, y))
        x, y = x + dx, y + dy


def _jstr_put(m, ip):
    """``P``: pop n, a position, a delta; pop n cells into Funge-space along the delta."""
    n, x, y, dx, dy = _jstr_args(ip)
    if n <= 0:
        ip.reflect()
        return
    for _ in range(n):
        m.space.put(x, y, ip.pop())
        x, y = x + dx, y + dy


register(Fingerprint("JSTR", {"G": _jstr_get, "P": _jstr_put}))


# ----- STRN ---------------------------------------------------------------------------------------
def _append(m, ip):
    """``A``: pop a string, then another; push the first followed by the second."""
    top = pop_cells(ip)
    push_cells(ip, top + pop_cells(ip))


def _compare(m, ip):
    """``C``: pop strings a, b; push the difference a − b of their first differing cells (the
    terminating 0 included), 0 if equal."""
    a = pop_cells(ip) + [0]
    b = pop_cells(ip) + [0]
    ip.push(next((wrap64(x - y) for x, y in zip(a, b) if x != y), 0))


def _display(m, ip):
    for b in ip.pop_string():
        m.put_byte(b)


def _search(m, ip):
    """``F``: pop a string, then the one to find; push the rest of the first from where the
    second starts in it, or an empty string."""
    text = pop_cells(ip)
    find = pop_cells(ip)
    for i in range(len(text) - len(find) + 1):
        if text[i:i + len(find)] == find:
            push_cells(ip, text[i:])
            return
    ip.push(0)


def _get(m, ip):
    """``G``: pop a position (plus the storage offset); push the string there, read east up to
    a 0.  A row outside the box, or a string running out of it, reflects."""
    x, y = ip.pop_vector()
    x, y = x + ip.ox, y + ip.oy
    space = m.space
    if space.empty or not space.min_y <= y <= space.max_y:
        ip.reflect()
        return
    cells = []
    while True:
        v = space.get(x, y)
        if v == 0:
            break
        if not space.min_x <= x <= space.max_x:
            ip.reflect()
            return
        cells.append(v)
        x += 1
    push_cells(ip, cells)


def _input(m, ip):
    """``I``: read a line of input (without its LF) and push it; the end of input reflects."""
    line = read_line(m)
    if line == NEEDS:  # nothing read: the tick runs again when input comes
        return Stop.NEEDS_INPUT
    if line == EOF:
        ip.reflect()
    else:
        push_cells(ip, list(line))
    return None


def _left(m, ip):
    """``L``: pop n, a string; push its first n cells (n < 0 reflects)."""
    n = ip.pop()
    s = pop_cells(ip)
    if n < 0:
        ip.reflect()
    else:
        push_cells(ip, s[:n])


def _right(m, ip):
    """``R``: pop n, a string; push its last n cells (n < 0 reflects)."""
    n = ip.pop()
    s = pop_cells(ip)
    if n < 0:
        ip.reflect()
    else:
        push_cells(ip, s[max(0, len(s) - n):])


def _slice(m, ip):
    """``M``: pop n, a position p, a string; push its n cells from p (p past the end, or a
    negative n or p, reflects)."""
    n = ip.pop()
    p = ip.pop()
    s = pop_cells(ip)
    if n < 0 or p < 0 or p > len(s):
        ip.reflect()
    else:
        push_cells(ip, s[p:p + n])


def _length(m, ip):
    """``N``: push the length of the string on top, leaving it."""
    n = 0
    while ip.peek(n) != 0:
        n += 1
    ip.push(n)


def _put(m, ip):
    """``P``: pop a position (plus the storage offset), then a string; write it east from
    there, its 0 included."""
    x, y = ip.pop_vector()
    x, y = x + ip.ox, y + ip.oy
    while True:
        v = ip.pop()
        m.space.put(x, y, v)
        x += 1
        if v == 0:
            return


def _atoi(text: bytes) -> int:
    """C's ``atoll``: white space, a sign, digits; clamped to 64 bits; 0 if no digits."""
    s = text.decode("latin-1").lstrip(SPACES)
    sign = -1 if s[:1] == "-" else 1
    s = s[1:] if s[:1] in ("-", "+") else s
    digits = ""
    for ch in s:
        if not "0" <= ch <= "9":
            break
        digits += ch
    value = sign * int(digits or "0")
    return max(LOW, min(-LOW - 1, value))


register(Fingerprint("STRN", {
    "A": _append, "C": _compare, "D": _display, "F": _search, "G": _get, "I": _input, "L": _left,
    "M": _slice, "N": _length, "P": _put, "R": _right,
    "S": lambda m, ip: push_cells(ip, list(str(ip.pop()).encode("ascii"))),
    "V": lambda m, ip: ip.push(_atoi(ip.pop_string())),
}))


# ----- REXP: POSIX regular expressions --------------------------------------------------------------
# The C library's own regcomp/regexec, so that matching is POSIX's (leftmost-longest, basic and
# extended syntax) exactly as cfunge's; offered only where that library is glibc, whose constants
# these are.  data: ("REXP", 0) → (pattern, Funge flags) of the compiled expression (``F`` or a
# failed ``C`` removes it); each ``E`` compiles it again, so no C object outlives an instruction.
CFLAGS = ((1, 1), (2, 2), (4, 8), (8, 4))  # Funge's EXTENDED ICASE NOSUB NEWLINE → glibc's
EFLAGS = ((1, 1), (2, 2))  # NOTBOL NOTEOL
ERRORS = {2: 2, 3: 6, 4: 7, 5: 9, 6: 14, 7: 5, 8: 10, 9: 4, 10: 1, 11: 11, 12: 13, 13: 3}  # glibc's → Funge's
NOSUB = 4
MATCHES = 128


def _libc():
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
        libc.gnu_get_libc_version  # noqa: B018  (glibc only: its regoff_t is an int)
    except (OSError, AttributeError):
        return None
    libc.regcomp.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int)
    libc.regexec.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_int)
    libc.regfree.argtypes = (ctypes.c_void_p,)
    return libc


LIBC = _libc()


def _flags(value: int, table) -> int:
    return sum(c for funge, c in table if value & funge)


def _regex(pattern: bytes, flags: int, text: bytes, eflags: int) -> list[tuple[int, int]] | int | None:
    """Compile ``pattern`` (Funge flags); with ``text``, match it.  Returns the glibc error code
    of a failed compile (an int), ``None`` for no match, else each group's ``(start, end)``
    (-1, -1 when it took no part), the whole match first."""
    import ctypes

    buffer = ctypes.create_string_buffer(256)  # a regex_t (64 bytes in glibc), with room to spare
    error = LIBC.regcomp(buffer, pattern, _flags(flags, CFLAGS))
    if error:
        return error
    try:
        matches = (ctypes.c_int * (2 * MATCHES))()
        if LIBC.regexec(buffer, text, MATCHES, matches, eflags):
            return None
        return [(matches[2 * i], matches[2 * i + 1]) for i in range(MATCHES)]
    finally:
        LIBC.regfree(buffer)


def _compile(m, ip):
    """``C``: pop the flags, then a pattern; compile it.  A bad pattern reflects and pushes the
    error (Funge's codes)."""
    flags = ip.pop()
    pattern = ip.pop_string()
    error = _regex(pattern, flags, b"", 0)
    if isinstance(error, int):
        m.data.pop(("REXP", 0), None)
        ip.reflect()
        ip.push(ERRORS.get(error, -1))
    else:
        m.data[("REXP", 0)] = (pattern, flags)


def _execute(m, ip):
    """``E``: pop the flags, then a string; match the compiled expression (none: reflect, nothing
    popped).  No match reflects; a match pushes each group that took part as a 0"gnirts", the
    whole match on top, then their count (with NOSUB: just 0)."""
    compiled = m.data.get(("REXP", 0))
    if compiled is None:
        ip.reflect()
        return
    eflags = _flags(ip.pop(), EFLAGS)
    text = ip.pop_string()
    groups = _regex(compiled[0], compiled[1], text, eflags)
    if not isinstance(groups, list):
        ip.reflect()
    elif compiled[1] & NOSUB:
        ip.push(0)
    else:
        found = [(start, end) for start, end in groups if start != -1]
        for start, end in reversed(found):
            push_cells(ip, list(text[start:end]))
        ip.push(len(found))


def _free(m, ip):
    m.data.pop(("REXP", 0), None)


if LIBC is not None:
    register(Fingerprint("REXP", {"C": _compile, "E": _execute, "F": _free}))
