"""Time fingerprints: HRTI (Cat's Eye's), TIME and DATE (RC/Funge-98's, as cfunge implements
them).  Time is the run's clock (spec rule 25's decision: it starts at the run's start and runs a
microsecond a step), so stepping back and forth gives the same values; HRTI's granularity is
therefore one microsecond.  DATE is pure calendar arithmetic on the proleptic Gregorian calendar,
with no year 0 (year −1 comes just before year 1), on Julian day numbers.
"""

from __future__ import annotations

import time

from ..common import cmod, wrap64
from .core import Fingerprint, micros, register


# ----- HRTI: high-resolution timer --------------------------------------------------------------
# data: ("HRTI", ip id) → the microsecond that IP marked.
def _mark(m, ip):
    m.data[("HRTI", ip.id)] = micros(m)


def _timer(m, ip):
    """``T``: push the microseconds since this IP's mark; no mark reflects."""
    mark = m.data.get(("HRTI", ip.id))
    if mark is None:
        ip.reflect()
    else:
        ip.push(micros(m) - mark)


def _erase(m, ip):
    m.data.pop(("HRTI", ip.id), None)


register(Fingerprint("HRTI", {"G": lambda m, ip: ip.push(1), "M": _mark, "T": _timer, "E": _erase,
                              "S": lambda m, ip: ip.push(micros(m) % 1_000_000)}))


# ----- TIME: the date and time now ----------------------------------------------------------------
# data: ("TIME", 0) → 1 after G (UTC); absent: local time (L, the default).
def _now(m) -> time.struct_time:
    seconds = micros(m) // 1_000_000
    return time.gmtime(seconds) if m.data.get(("TIME", 0)) else time.localtime(seconds)


def _use_utc(utc: bool):
    def semantics(m, ip):
        if utc:
            m.data[("TIME", 0)] = 1
        else:
            m.data.pop(("TIME", 0), None)
    return semantics


def _field(get):
    def semantics(m, ip):
        ip.push(get(_now(m)))
    return semantics


register(Fingerprint("TIME", {
    "G": _use_utc(True), "L": _use_utc(False),
    "Y": _field(lambda t: t.tm_year), "O": _field(lambda t: t.tm_mon), "D": _field(lambda t: t.tm_mday),
    "H": _field(lambda t: t.tm_hour), "M": _field(lambda t: t.tm_min), "S": _field(lambda t: t.tm_sec),
    "F": _field(lambda t: t.tm_yday - 1),  # 0 = January 1st
    "W": _field(lambda t: (t.tm_wday + 1) % 7 + 1),  # 1 = Sunday
}))


# ----- DATE: calendar arithmetic ----------------------------------------------------------------
def _leap(year: int) -> bool:
    if year < 0:  # no year 0: −1 is a leap year as 0 would be
        year += 1
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _month_length(year: int, month: int) -> int:
    if month == 2:
        return 29 if _leap(year) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def _pop_date(ip) -> tuple[int, int, int] | None:
    """Pop day, month, year; ``None`` (and reflect) if that is no date."""
    day = ip.pop()
    month = ip.pop()
    year = ip.pop()
    if day <= 0 or not 1 <= month <= 12 or year == 0 or day > _month_length(year, month):
        ip.reflect()
        return None
    return year, month, day


def _push_date(ip, date: tuple[int, int, int]) -> None:
    for v in date:
        ip.push(wrap64(v))


def to_julian(year: int, month: int, day: int) -> int:
    """The Julian day number of a date."""
    if year < 0:
        year += 1
    a = (14 - month) // 12
    y = year + 4800 - a
    mm = month + 12 * a - 3
    return day + (153 * mm + 2) // 5 + 365 * y + y // 4 - y // 100 + y // 400 - 32045


def from_julian(jdn: int) -> tuple[int, int, int]:
    """The date of a Julian day number: (year, month, day)."""
    ell = jdn + 68569
    n = 4 * ell // 146097
    ell -= (146097 * n + 3) // 4
    i = 4000 * (ell + 1) // 1461001
    ell = ell - 1461 * i // 4 + 31
    j = 80 * ell // 2447
    day = ell - 2447 * j // 80
    ell = j // 11
    month = j + 2 - 12 * ell
    year = 100 * (n - 49) + i + ell
    return (year - 1 if year <= 0 else year), month, day


def _add_days(m, ip):
    """``A``: pop days, then a date; push the date that many days later."""
    days = ip.pop()
    date = _pop_date(ip)
    if date is not None:
        _push_date(ip, from_julian(to_julian(*date) + days))


def _day_diff(m, ip):
    """``D``: pop date a, then date b; push the days from a to b."""
    a = _pop_date(ip)
    if a is None:
        return
    b = _pop_date(ip)
    if b is not None:
        ip.push(wrap64(to_julian(*b) - to_julian(*a)))


def _julian(m, ip):
    date = _pop_date(ip)
    if date is not None:
        ip.push(wrap64(to_julian(*date)))


def _year_day_to_date(m, ip):
    """``T``: pop the day of the year (0 = January 1st), then the year; push the date; a day
    past the year's end (or before it) reflects."""
    day = ip.pop() + 1
    year = ip.pop()
    if not 1 <= day <= (366 if _leap(year) else 365):
        ip.reflect()
        return
    month = 1
    while day > _month_length(year, month):
        day -= _month_length(year, month)
        month += 1
    _push_date(ip, (year, month, day))


def _week_day(m, ip):
    """``W``: pop a date; push its day of the week, 0 = Monday."""
    date = _pop_date(ip)
    if date is not None:
        ip.push(cmod(to_julian(*date), 7))


def _year_day(m, ip):
    """``Y``: pop a date; push its day of the year, 0 = January 1st."""
    date = _pop_date(ip)
    if date is not None:
        ip.push(to_julian(*date) - to_julian(date[0], 1, 1))


register(Fingerprint("DATE", {"A": _add_days, "C": lambda m, ip: _push_date(ip, from_julian(ip.pop())),
                              "D": _day_diff, "J": _julian, "T": _year_day_to_date, "W": _week_day,
                              "Y": _year_day}))
