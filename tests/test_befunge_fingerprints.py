"""Befunge-98 fingerprints (spec `befunge.md` rule 28): a few letters of each, run through the
debugger's session, and every program stepped forward and back again to the same states.

Expected values come from the fingerprints' pages (Cat's Eye's library, RC/Funge-98's as cfunge's
``*.spec`` names them) or, where those are silent, from what cfunge prints for the same program:
cfunge (``cfunge -S``) prints exactly these outputs for every program of :data:`PROGRAMS` but
HRTI's, whose clock is the run's (spec rule 25's decision).  The programs are our own.
"""

from __future__ import annotations

import datetime
import time

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.befunge.fingerprints import FINGERPRINTS, loaded
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

B98 = by_name("befunge98")
BUDGET = 20_000  # far above what any program here needs: a mistake fails instead of hanging


def fp(*names: str) -> str:
    """Code loading each fingerprint and dropping the id and the 1 that ``(`` pushes."""
    return "".join(f'"{name[::-1]}"4($$' for name in names)


def gnirts(text: str) -> str:
    """Code pushing ``text`` as a 0"gnirts" (first character on top)."""
    return f'0"{text[::-1]}"'


def num(v: int) -> str:
    """Code pushing the number ``v``."""
    if v < 0:
        return f"0{num(-v)}-"
    if v < 10:
        return str(v)
    return f"{num(v // 10)}a*" + (f"{v % 10}+" if v % 10 else "")


def reflects(prelude: str, letter: str) -> str:
    """A program printing ``9`` if ``letter`` reflects after ``prelude``, ``5`` if it does not:
    going back west, the IP meets the ``v`` it jumped."""
    return f"{prelude}#v{letter}5.@\n{' ' * (len(prelude) + 1)}>9.@"


def session(source: str, input_text: str = "") -> Session:
    return Session(B98, B98.parse(source, "test.b98"), input_text, budget=BUDGET)


def run_to(s: Session, glyph: str) -> None:
    """Step until the next instruction is ``glyph``."""
    while chr(s.machine.space.get(s.machine.location().col, s.machine.location().row)) != glyph:
        assert s.step().reason is Stop.LIMIT


def output_of(source: str, input_text: str = "") -> str:
    s = session(source, input_text)
    assert s.continue_().reason is Stop.HALTED
    return s.output.text()


# name → (program, input, expected output)
PROGRAMS = {
    "NULL": (reflects(fp("NULL"), "A"), "", "9 "),
    "NULL-Z": (reflects(fp("NULL"), "Z"), "", "9 "),
    "ROMA": (fp("ROMA") + "MDCLXVI++++++.@", "", "1666 "),
    "BOOL": (fp("BOOL") + "63A.63O.63X.0N.@", "", "2 7 5 -1 "),
    # MODU: the divisor's sign (M), C's remainder (R), |b| mod |a| (U): Mycology's values
    "MODU": (fp("MODU") + "a04-M.a04-R.0a-04-R.0a-04-U.@", "", "-2 2 -2 2 "),
    # ORTH: bit operations; P and G take (y, x); S writes a string; 0Z jumps the next cell
    "ORTH": (fp("ORTH") + "56A.56E.56O.'!a5P5ag,a5G," + gnirts("hi") + "S10Z2..11Z2..@", "",
             "4 3 7 !!hi1 0 2 1 "),
    "ORTH-V": (fp("ORTH") + "2V3.4@", "", "0 "),
    # REFC: references 1, 2 to (1, 2) and (3, 4); D gives the vectors back; an unknown one reflects
    "REFC": (fp("REFC") + "12R34R..12R34R\\D..D..@", "", "2 1 2 1 4 3 "),
    "REFC-unknown": (reflects(fp("REFC") + "9", "D"), "", "9 "),
    # TOYS: gable, pair of shoes, stilts, sum, product, decrement/increment/negate, chicane, copy,
    # move, buried treasure
    "TOYS": (fp("TOYS") + "53A++.73B..14H.f02-H.n123E.n234P.5D.5I.5N.n"
             "'x2255S55g,66g,552285C95g,86g,552258M55g.68g,1X2.@", "", "15 4 10 16 3 6 24 4 6 -5 xxxx32 x1 "),
    "TOYS-Z": (reflects(fp("TOYS"), "Z"), "", "9 "),
    # SUBR: call (0, 1) keeping one cell; the routine adds 1 and returns it
    "SUBR": (fp("SUBR") + "7011C.@\n1+1R", "", "8 "),
    "SUBR-J": (fp("SUBR") + "01J@\n 2.@", "", "2 "),
    "FRTH": (fp("FRTH") + "123D.n1232L...n1232P.n12O...n123R...@", "", "3 1 3 2 1 1 2 1 1 3 2 "),
    # FING: X's ROMA semantics copied onto A (FING first, so that ROMA's X is on top); dropped
    # again, A reflects; with FING on top, A gets FING's X: swapping A with A pushes nothing
    "FING": (fp("FING", "ROMA") + "'X'AZA.@", "", "10 "),
    "FING-swap": (fp("FING", "ROMA") + "'X'AZ'V'BZ\"AMOR\"4)'A'BXA.B.@", "", "5 10 "),
    "FING-drop": (reflects(fp("FING", "ROMA") + "'X'AZ0Y", "A"), "", "9 "),
    "FING-own": (fp("ROMA", "FING") + "'X'AZA.@", "", "0 "),
    # HRTI: the run's clock gives 1 µs a step: T four steps after M is 4 (cfunge, in real time: 0)
    "HRTI": (fp("HRTI") + "G.MzzzT.@", "", "1 4 "),
    "HRTI-erased": (reflects(fp("HRTI") + "ME", "T"), "", "9 "),
    "HRTI-unmarked": (reflects(fp("HRTI"), "T"), "", "9 "),
    # DATE: Julian days, adding days, days between, weekday (0 Monday), day of year (0 January 1st)
    "DATE": (fp("DATE") + f"{num(-4444)}{num(12)}{num(24)}J.{num(2500000)}C...{num(2008)}41{num(-32)}A..."
             f"{num(2008)}2{num(29)}{num(2008)}41D.{num(2008)}8{num(14)}W.{num(2008)}8{num(14)}Y."
             f"{num(2008)}{num(365)}T...@", "", "98645 31 8 2132 29 2 2008 -32 3 226 31 12 2008 "),
    "DATE-invalid": (reflects(fp("DATE") + f"{num(2008)}1{num(32)}", "Y"), "", "9 "),
    "FIXP": (fp("FIXP") + f"b6A.93O.c6X.{num(350000)}C.{num(200)}Q.23R.03-S.5NV.{num(16777216)}P."
             f"{num(3000)}J.@", "", "2 11 10 8192 14 8 -1 5 52707178 174576 "),
    "CPLI": (fp("CPLI") + f"1234A..1234M..{num(88)}04-94D..34V.12O102-O@", "", "6 4 10 -5 -4 8 5 1+2i 1-2i "),
    "BASE": (fp("BASE") + f"a4*B a4*H a4*O a4*3N {num(16)}I.@", "zz ff\n", "101000 28 50 1111 255 "),
    "BASE-eof": (reflects(fp("BASE") + "a", "I"), "", "9 "),
    # INDV: (10, 5) and (11, 5) hold the vector (7, 3), y first
    "INDV": (fp("INDV") + "'Q73p3a5p7b5pa5G,'Za5P73g,@", "", "QZ"),
    "JSTR": (fp("JSTR") + '"cba"10053P10053G,,,@', "", "cba"),
    "STRN": (fp("STRN") + gnirts("world") + gnirts("hello") + "AD" + gnirts("foo") + "N.n" + gnirts("Baz") + "2LD"
             + gnirts("Baz") + "2RD" + gnirts("FooBarBaz") + "34MD" + gnirts("12345") + "V." + "a5*SD"
             + gnirts("oba") + gnirts("foobar") + "FD" + gnirts("hi") + "05P05GD" + "ID@", "line\n",
             "helloworld3 BaazBarB12345 50obarhiline"),
    "STRN-compare": (fp("STRN") + gnirts("Foo") + gnirts("foo") + "C.@", "", "32 "),
    "FPSP": (fp("FPSP") + f"cFP aFeFAP {gnirts('5.25')}RP 1F0FDP 03-FQP 8FI.@", "",
             "12.000000 24.000000 5.250000 inf -nan 8 "),
    # FPDP: 1.0 is 0x3FF00000_00000000: the high 32 bits on top
    "FPDP": (fp("FPDP") + "1F.. cFP 3F2FDP 8FI.@", "", "1072693248 0 12.000000 1.500000 8 "),
    # 3DSP: add, dot product, length, duplicate; then 3DSP unloaded so that P prints (FPSP's)
    # TURT: pen down, forward 9 east, turn right 90 (south), forward 4: the turtle at (9, 4)
    "TURT": (fp("TURT") + "1P9F" + num(90) + "R4FQ..A.E.0PE.@", "", "4 9 90 1 0 "),
    # REXP: extended syntax, two groups: the count, then the whole match on top
    "REXP": (fp("STRN", "REXP") + gnirts("([a-z]+)-([0-9]+)") + "1C" + gnirts("xy abc-123!") + "0E.DDD@", "",
             "3 abc-123abc123"),
    # a basic expression, case ignored (flags 2): `\(` groups
    "REXP-basic": (fp("STRN", "REXP") + gnirts("^\\(fo*\\)b") + "2C" + gnirts("FOOBAR") + "0E.DD@", "",
                   "2 FOOBFOO"),
    "REXP-nomatch": (reflects(fp("REXP") + gnirts("z") + "0C" + gnirts("abc") + "0", "E"), "", "9 "),
    "3DSP": (fp("FPSP", "3DSP") + '1F2F3F4F5F6FA 1F2F3F4F5F6FD 2F3F6FL 1F2F3FU "PSD3"4)' + "P" * 11 + "@", "",
             "3.000000 2.000000 1.000000 3.000000 2.000000 1.000000 7.000000 32.000000 "
             "9.000000 7.000000 5.000000 "),
}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_fingerprint_program_output(name):
    source, input_text, expected = PROGRAMS[name]
    assert output_of(source, input_text) == expected


def test_every_required_fingerprint_is_registered():
    required = ("NULL ROMA MODU ORTH REFC TOYS HRTI BASE CPLI DATE FIXP FPSP FPDP 3DSP FRTH INDV JSTR STRN SUBR "
                "TIME FING BOOL").split()
    names = {f.name for f in FINGERPRINTS.values()}
    assert set(required) <= names
    assert {name.split("-")[0] for name in PROGRAMS} | {"TIME"} == names


def test_turtle_keeps_its_drawing_in_the_machine_state():
    s = session(fp("TURT") + "1P9F" + num(90) + "R4F@")
    run_to(s, "@")
    data = s.machine.data
    assert [data[("TURT", n)] for n in (1, 2, 3)] == [(0, 0, 0, 0), (9, 0, 0, 1), (9, 4, 0, 1)]
    assert ("TURT", 4) not in data


def test_rexp_bad_pattern_reflects_and_pushes_the_error():
    # an unmatched \{ in a basic expression: REG_EBRACE, Funge's code 4
    assert output_of(reflects(fp("REXP") + gnirts("a\\{1") + "0", "C")) == "9 "
    s = session(fp("REXP") + gnirts("a\\{1") + "0C")
    run_to(s, "C")
    s.step()
    assert s.machine.ip.peek(0) == 4


def test_time_gives_the_runs_date_in_utc():
    s = session(fp("TIME") + "GY.O.D.F.W.@")
    assert s.continue_().reason is Stop.HALTED
    year, month, day, yday, wday = map(int, s.output.text().split())
    # the clock starts at the run's start: today (or, across midnight, tomorrow) in UTC
    days = [datetime.datetime.fromtimestamp(s.machine.clock + extra, datetime.timezone.utc).date()
            for extra in (0, 1)]
    assert datetime.date(year, month, day) in days
    date = datetime.date(year, month, day)
    assert yday == date.timetuple().tm_yday - 1
    assert wday == (date.weekday() + 1) % 7 + 1  # 1 = Sunday


def test_time_local_is_the_machines_local_time():
    s = session(fp("TIME") + "LH.@")
    assert s.continue_().reason is Stop.HALTED
    hours = {time.localtime(s.machine.clock + extra).tm_hour for extra in (0, 1)}
    assert int(s.output.text()) in hours


def test_hrti_second_counts_microseconds_of_the_runs_clock():
    s = session(fp("HRTI") + "S.@")
    assert s.continue_().reason is Stop.HALTED
    assert 0 <= int(s.output.text()) < 1_000_000


def test_fixp_random_stays_in_range_and_replays():
    source = fp("FIXP") + "5D" * 10 + "." * 10 + "@"
    first = output_of(source)
    values = [int(v) for v in first.split()]
    assert all(0 <= v < 5 for v in values)
    assert output_of(source) == first  # the generator is seeded: the same run every time


def test_toys_tumbler_writes_the_direction_it_takes():
    s = session(fp("TOYS") + "U@")
    run_to(s, "U")
    x, y = s.machine.ip.x, s.machine.ip.y
    s.step()
    ip = s.machine.ip
    arrows = {(1, 0): ">", (-1, 0): "<", (0, 1): "v", (0, -1): "^"}
    assert chr(s.machine.space.get(x, y)) == arrows[(ip.dx, ip.dy)]


def test_base_input_waits_for_input_without_changing_anything():
    s = Session(B98, B98.parse(fp("BASE") + "8I.@", "test.b98"), "", input_closed=False, budget=BUDGET)
    assert s.continue_().reason is Stop.NEEDS_INPUT
    waiting = s.machine.snapshot()
    assert s.machine.ip.peek(0) == 8  # the base is still there
    assert s.continue_().reason is Stop.NEEDS_INPUT
    assert s.machine.snapshot() == waiting  # asking again changes nothing
    s.feed_input("17\n")
    assert s.continue_().reason is Stop.HALTED
    assert s.output.text() == "15 "


def test_semantics_are_shown_per_letter():
    s = session(fp("FING", "ROMA") + "'X'AZ@")
    run_to(s, "@")
    shown = loaded(s.machine.ip)
    assert shown["I"] == "ROMA" and shown["Z"] == "FING" and shown["A"] == "ROMA:X"


def test_unloading_restores_the_semantics_below():
    # MODU's M over ROMA's M; unloading MODU gives ROMA's back (1000)
    assert output_of(fp("ROMA", "MODU") + '"UDOM"4)M.@') == "1000 "


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_stepping_back_restores_every_state(name):
    source, input_text, _ = PROGRAMS[name]
    s = session(source, input_text)
    states = [s.machine.snapshot()]
    while s.step().reason is Stop.LIMIT:
        states.append(s.machine.snapshot())
    states.append(s.machine.snapshot())
    assert len(states) > 10
    for expected in reversed(states[:-1]):
        s.step_back()
        assert s.machine.snapshot() == expected
