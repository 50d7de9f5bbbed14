"""The bound on integer size that keeps every step short (issue 43, ``engines/integers.py``): the
checks are exact, every language with unbounded integers refuses to make a number past
``--max-int-bits`` as a runtime error at the step that would make it (naming the limit and the
option, the output so far kept, nothing else changed), and raising the option lets it go on."""

from __future__ import annotations

import copy
import random
import subprocess
import sys

import pytest

from esodbg.engines.base import Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.integers import DEFAULT_BITS, Oversized, from_text, oversized, product_oversized
from esodbg.engines.language import INT_BITS_OPTION
from esodbg.engines.registry import by_name, languages


def test_oversized_is_the_bit_length_rule():
    rng = random.Random(43)
    for _ in range(2000):
        bits = rng.choice([3, 40, 64, 100, 128, 1000])
        v = rng.choice([1, -1]) * rng.getrandbits(rng.randrange(1, 2 * bits))
        assert oversized(v, bits) == (v.bit_length() > bits)
    assert not oversized(2 ** 64 - 1, 64) and oversized(2 ** 64, 64) and oversized(-(2 ** 64), 64)
    assert oversized(18, 4) and not oversized(15, 4) and oversized(-16, 4)  # a bound below a machine word too


def test_product_oversized_is_exact_at_the_edge():
    rng = random.Random(44)
    for _ in range(3000):
        bits = rng.choice([3, 40, 64, 70, 124, 200, 1000])
        a = rng.choice([1, -1]) * rng.getrandbits(rng.randrange(0, bits + 2))
        b = rng.choice([1, -1]) * rng.getrandbits(rng.randrange(0, bits + 2))
        assert product_oversized(a, b, bits) == ((a * b).bit_length() > bits), (a, b, bits)


def test_from_text_reads_as_int_does_and_refuses_too_many_digits():
    assert from_text(" -1_000 ", 64) == -1000
    with pytest.raises(ValueError):
        from_text("12a", 64)
    assert from_text("9" * 19, 64) == int("9" * 19)
    with pytest.raises(Oversized):
        from_text("9" * 20, 64)  # 10^20 > 2^64
    with pytest.raises(Oversized):
        from_text("1" + "0" * 10 ** 6, DEFAULT_BITS)  # refused by counting, never converted
    assert from_text("0" * 10 ** 5 + "7", DEFAULT_BITS) == 7  # leading zeros are no size


UNBOUNDED = ("fifteen", "messiscript", "hexagony", "fish", "labyrinth", "ttg")


@pytest.mark.parametrize("name", UNBOUNDED)
def test_every_language_with_unbounded_integers_offers_the_option(name):
    assert INT_BITS_OPTION in by_name(name).options


def test_the_bounded_languages_need_no_option():
    """Befunge's cells are 64-bit, Brainfuck's unbounded cells grow by one a step (a folded loop
    adds a product of its count: still linear in steps), Stoned-Go's are 64-bit, Scrabble's grow
    by a program constant a step."""
    for language in languages():
        if language.name not in UNBOUNDED and language.name not in ("piet", "aheui"):
            assert INT_BITS_OPTION not in language.options, language.name


# Programs that square or extend a number until it is past the bound, with the step that fails
# at the default bound (found by running them: each is checked to fail there, and not before).
SQUARING = {
    "labyrinth": ("2:\n\"*\n", "", "t.lab"),
    "fish": ("2>:*!\n", "", "t.fish"),
    "hexagony": ("9", "", "t.hxg"),  # digits: v·10 + 9 each step
    "messiscript": ("La agarra Messi.\nVa Messi, pelota pelota.\nSigue Messi.\nCorre Messi.\nMultiplica Messi.\n"
                    "Vuelve Messi.\n¡Gol!", "", "t.messi"),
}


def session(name: str, text: str, data: str, filename: str, options: dict | None = None) -> Session:
    language = by_name(name)
    return Session(language, language.parse(text, filename, options or {}), data, True, 10 ** 6)


@pytest.mark.parametrize("name", sorted(SQUARING))
def test_a_growing_number_stops_at_the_bound_with_nothing_changed(name):
    text, data, filename = SQUARING[name]
    s = session(name, text, data, filename)
    s.continue_()
    m = s.machine
    assert m.status is Status.ERROR
    failed = m.fault.step
    assert "integer too large" in m.fault.message and "65,536 bits" in m.fault.message
    assert "--max-int-bits" in m.fault.message
    # Every value is within the bound, and the failing step changed nothing but the count.
    again = session(name, text, data, filename)
    again.goto(failed - 1)
    before = (copy.deepcopy(again.machine.stores()), again.machine.registers())
    assert again.step().reason is Stop.ERROR
    assert (again.machine.stores(), again.machine.registers()) == before
    for _, store in again.machine.stores():
        values = store.values() if isinstance(store, dict) else store
        assert all(not isinstance(v, int) or v.bit_length() <= DEFAULT_BITS for v in values)
    # A larger bound lets the same program go further.
    wider = session(name, text, data, filename, {"max_int_bits": 4 * DEFAULT_BITS})
    wider.continue_()
    assert wider.machine.status is Status.ERROR and wider.machine.fault.step > failed
    assert "262,144 bits" in wider.machine.fault.message


@pytest.mark.parametrize("name,filename", [("hexagony", "t.hxg"), ("labyrinth", "t.lab")])
def test_a_number_read_past_the_bound_is_an_error_and_reads_nothing(name, filename):
    text = "?!@" if name == "hexagony" else "?!@\n"
    s = session(name, text, "x" + "9" * 20_000 + " 5", filename)
    s.continue_()
    assert s.machine.status is Status.ERROR and s.machine.fault.step == 1
    assert "integer too large" in s.machine.fault.message
    assert s.machine.in_pos == 0
    fine = session(name, text, "x" + "9" * 19_000, filename)
    fine.continue_()
    assert fine.output.text() == "9" * 19_000


def test_fifteen_refuses_a_product_past_the_bound():
    """15's ``*`` (rule 13) and ``?`` (rule 15) on numbers past the bound: the accumulator is set
    directly, as no short 15 program squares."""
    text = "0,1\n\n>*,<*\n"
    s = session("fifteen", text, "", "t.15")
    s.machine.memory[0] = s.machine.memory[1] = 2 ** 40_000
    assert s.step().reason is Stop.ERROR
    assert "integer too large" in s.machine.fault.message
    assert s.machine.memory[0] == 2 ** 40_000 and s.machine.board == [0, 1]
    big = session("fifteen", "0,1\n\n>?,<?\n", "9" * 30_000 + "\n", "t.15")
    assert big.step().reason is Stop.ERROR and "integer too large" in big.machine.fault.message


def test_exec_names_the_step_the_cell_and_the_limit(tmp_path):
    maze = tmp_path / "square.lab"
    maze.write_text("2:\n\"*\n")
    done = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(maze), "--max-int-bits", "1000"],
                          capture_output=True, timeout=60)
    assert done.returncode == 1
    message = done.stderr.decode()
    assert "runtime error at step 31, cell maze (1, 1)" in message
    assert "more than 1,000 bits (raise --max-int-bits)" in message and "Traceback" not in message
