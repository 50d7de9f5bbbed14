"""Where did this value come from (issue 28) in ><>: its chains checked against a brute-force
search over the examples' runs (:mod:`provenance_check`), and its ``reads`` instruction by
instruction (spec `fish.md` rules 17–27): a value an instruction moves reads where it was; one it
makes reads what it popped; ``g`` the cell, then the coordinates; ``p`` the value, then the
coordinates; string mode the cell it pushes."""

from __future__ import annotations

import pytest

from esodbg.engines.debugger import Session
from esodbg.engines.provenance import NO_READS, chain
from esodbg.engines.registry import by_name
from provenance_check import check_chains, check_writers, run

FISH = by_name("fish")
CASES = [
    ("fish/squares.fish", "", ["code(4,2)", "code(9,2)", "stack[0]", "stack[-1]", "ip", "code(0,0)"]),
    ("fish/stacks.fish", "", ["stack[0]", "stack[2]", "register", "depth"]),
    ("fish/rewrite.fish", "", ["code(0,0)", "stack[0]", "stack[1]"]),
    ("fish/rot13.fish", "Hi!\n", ["stack[0]", "stack[1]", "stack[-1]"]),
]


@pytest.mark.parametrize("example, data, locations", CASES, ids=[case[0] for case in CASES])
def test_the_writer_of_a_location_is_the_last_step_that_changed_it(example, data, locations):
    check_writers(run("fish", example, data), locations)


@pytest.mark.parametrize("example, data, locations", CASES, ids=[case[0] for case in CASES])
def test_a_chain_follows_the_first_read_of_each_link_back_to_where_it_ends(example, data, locations):
    check_chains(run("fish", example, data), locations)


def before(code: str, steps: int, **options) -> Session:
    """A session of ``code`` after ``steps`` steps: its next step is the one asked about."""
    s = Session(FISH, FISH.parse(code, "t.fish", {"stack": None, "value": None, "seed": None, **options}))
    s.step(steps)
    assert s.steps == steps
    return s


@pytest.mark.parametrize("code, steps, location, reads", [
    ("12+", 2, "stack[0]", ("stack[0]", "stack[1]")),  # b then a
    ("712,", 3, "stack[1]", ("stack[1]", "stack[2]")),
    ("12=", 2, "stack[-1]", ("stack[0]", "stack[1]")),
    ("5:", 1, "stack[1]", ("stack[0]",)),
    ("12$", 2, "stack[0]", ("stack[1]",)), ("12$", 2, "stack[1]", ("stack[0]",)),
    ("123@", 3, "stack[0]", ("stack[2]",)), ("123@", 3, "stack[1]", ("stack[0]",)), ("123@", 3, "stack[2]", ("stack[1]",)),
    ("123r", 3, "stack[0]", ("stack[2]",)),
    ("123}", 3, "stack[0]", ("stack[2]",)), ("123}", 3, "stack[2]", ("stack[1]",)),
    ("123{", 3, "stack[2]", ("stack[0]",)), ("123{", 3, "stack[0]", ("stack[1]",)),
    ("1232[", 4, "stack[0]", ("stack[1]",)),  # the new stack is the top two of the old one
    ("1232[]", 5, "stack[2]", ("stack[1]",)),  # back in the stack below: its values first
    ("7&", 1, "register", ("stack[0]",)), ("7&&", 2, "stack[0]", ("register",)),
    ("'ab'", 1, "stack[0]", ("code(1,0)",)),  # string mode pushes the cell's value
    ("20g", 2, "stack[0]", ("code(2,0)", "stack[0]", "stack[1]")),
    ("920p", 3, "code(2,0)", ("stack[0]", "stack[1]", "stack[2]")),
    ("98.", 2, "ip", ("stack[0]", "stack[1]")),
])
def test_reads_say_what_the_next_step_made_its_value_from(code, steps, location, reads):
    assert FISH.reads(before(code, steps).machine, location) == reads


@pytest.mark.parametrize("code, steps, location", [
    ("12+", 2, "stack[2]"),  # popped: no value made there
    ("1n", 1, "stack[0]"), ("5i", 1, "stack[1]"), ("5l", 1, "stack[1]"), ("56", 1, "stack[1]"),  # input, length, code
    ("'a'", 2, "stack[1]"),  # the closing quote pushes nothing
    ("1!2", 2, "stack[1]"),  # a skipped cell runs nothing
    ("920p", 3, "code(3,0)"),  # not the cell p writes
])
def test_values_from_input_the_code_or_nowhere_read_nothing(code, steps, location):
    assert FISH.reads(before(code, steps).machine, location) == ()


def test_a_square_stored_in_the_codebox_goes_back_to_the_counter_that_made_it():
    s = run("fish", "fish/squares.fish")
    links, end = chain(s, "code(4,2)")
    assert [link.location for link in links][:4] == ["code(4,2)", "stack[1]", "stack[2]", "stack[2]"]
    assert [link.text for link in links][:3] == ["p", "$", "*"] and end.reason == NO_READS
    assert links[-1].text == "1" and links[-1].step == 1  # the 1 the count started from
