"""Where did this value come from (issue 28), for Scrabble: its ``reads`` checked by brute force
over real programs, and rule by rule (spec ``scrabble.md``: rules 2, 8–10 and the command table)."""

from __future__ import annotations

import itertools

import pytest

from esodbg.engines import registry
from esodbg.engines.debugger import Session
from esodbg.engines.provenance import chain
from esodbg.engines.scrabble.tiles import VALUES
from provenance_check import check_chains, check_writers, run

LANGUAGE = registry.by_name("scrabble")

# Locations of every kind each program changes: stack cells, cell, pointer, depth, squares (a
# GCG phony is put down, taken back and its squares played again).
CASES = [
    ("scrabble/hello_world.scrabble",
     ["stack[0]", "stack[1]", "stack[2]", "stack[3]", "stack[4]", "cell", "pointer", "board(0,0)", "board(-9,-4)"]),
    ("scrabble/loop.scrabble", ["stack[0]", "stack[1]", "cell", "pointer", "depth", "board(7,7)", "board(5,13)"]),
    ("scrabble/main.scrabble", ["stack[0]", "stack[1]", "cell", "pointer", "board(0,0)", "board(-4,5)"]),
    ("scrabble/doug_v_emely.gcg", ["depth", "stack[0]", "board(3,1)", "board(3,3)", "board(7,7)"]),
]


@pytest.mark.parametrize(("example", "locations"), CASES, ids=[case[0] for case in CASES])
def test_scrabble_the_writer_of_a_location_is_the_last_step_that_changed_it(example, locations):
    check_writers(run("scrabble", example), locations, samples=30)


@pytest.mark.parametrize(("example", "locations"), CASES, ids=[case[0] for case in CASES])
def test_scrabble_a_chain_follows_the_first_read_of_each_link_back_to_where_it_ends(example, locations):
    check_chains(run("scrabble", example), locations)


def test_scrabble_a_chain_runs_through_the_stack_back_to_a_set():
    # loop.scrabble's cell 1 is ADD 9 eight times, from 0: the chain follows stack[1] through each.
    session = run("scrabble", "scrabble/loop.scrabble")
    links, finish = chain(session, "stack[1]", depth=32)
    assert [link.reads for link in links] == [("stack[1]", "pointer")] * 8
    assert finish.reason == "initial" and finish.value == 0


# ----- reads, rule by rule ---------------------------------------------------------------------
def scored(word: str, n: int) -> str:
    """``word`` with the letters not counted written as blanks, so it scores exactly ``n`` on a
    plain square (loose)."""
    for keep in itertools.product((False, True), repeat=len(word)):
        if sum(VALUES[c] for c, k in zip(word, keep) if k) == n:
            return "".join(c if k else c.lower() for c, k in zip(word, keep))
    raise ValueError(f"{word} cannot score {n}")


def reads(words: list[tuple[str, int]], word: int, location: str) -> tuple[str, ...]:
    """What word number ``word`` (0-based) of ``words`` (each played on a row of its own, with
    no premium square, so each forms one word) reads to make ``location``, before it runs."""
    source = "\n".join(f"{scored(text, n)} 0,{12 + 15 * k} across" for k, (text, n) in enumerate(words))
    session = Session(LANGUAGE, LANGUAGE.parse(source, "t.scrabble"))
    session.step(2 * word + 1)  # each play: its placement, then its word
    assert session.machine.pc == word and session.machine.next_action() is None
    return LANGUAGE.reads(session.machine, location)


def test_rule2_rule8_putting_a_play_down_makes_its_squares_from_the_code():
    session = Session(LANGUAGE, LANGUAGE.parse("ADD 0,12 across", "t.scrabble"))
    for location in ("board(12,0)", "board(12,2)", "stack[0]", "cell", "pointer", "depth"):
        assert LANGUAGE.reads(session.machine, location) == ()


def test_add_minus_times_make_the_cell_from_the_cell_then_the_pointer():
    for op in ("ADD", "MINUS", "TIMES"):
        steps = [("NEXT", 0), ("SET", 3), (op, 2)]
        assert reads(steps, 2, "stack[1]") == ("stack[1]", "pointer")
        assert reads(steps, 2, "cell") == ("stack[1]", "pointer")
        assert reads(steps, 2, "stack[0]") == ()
        assert reads(steps, 2, "pointer") == ()


def test_divide_and_modulo_make_the_cell_from_the_cell_and_by_0_write_nothing():
    for op in ("DIVIDE", "MODULO"):
        assert reads([("SET", 3), (op, 2)], 1, "stack[0]") == ("stack[0]", "pointer")
        assert reads([("SET", 3), (op, 2)], 1, "cell") == ("stack[0]", "pointer")
        assert reads([("SET", 3), (op, 0)], 1, "stack[0]") == ()  # a runtime error changes nothing


def test_set_and_remove_make_the_cell_from_the_code():
    assert reads([("SET", 3)], 0, "stack[0]") == ()
    assert reads([("SET", 3)], 0, "cell") == ()
    assert reads([("SET", 3), ("REMOVE", 0)], 1, "stack[0]") == ()


def test_next_and_prev_make_the_pointer_from_the_pointer_and_the_cell_from_the_cell_moved_to():
    assert reads([("NEXT", 0)], 0, "pointer") == ("pointer",)
    assert reads([("NEXT", 0)], 0, "cell") == ("stack[1]", "pointer")
    assert reads([("NEXT", 0)], 0, "stack[1]") == ()  # the 0 it appends: stack[1] read 0 already
    steps = [("NEXT", 0), ("SET", 3), ("PREV", 0)]
    assert reads(steps, 2, "pointer") == ("pointer",)
    assert reads(steps, 2, "cell") == ("stack[0]", "pointer")
    assert reads(steps, 2, "stack[1]") == ()
    assert reads([("PREV", 0)], 0, "pointer") == ()  # at the first cell: a runtime error
    assert reads([("PREV", 0)], 0, "cell") == ()


def test_if_on_a_0_cell_makes_depth_from_the_cell_depth_and_pointer():
    assert reads([("NEXT", 0), ("IF", 0)], 1, "depth") == ("stack[1]", "depth", "pointer")
    assert reads([("SET", 1), ("IF", 0)], 1, "depth") == ()  # a non-zero cell: depth stays
    assert reads([("NEXT", 0), ("IF", 0)], 1, "stack[1]") == ()


def test_rule10_a_skipped_if_or_endif_makes_depth_from_depth_and_other_words_write_nothing():
    steps = [("IF", 0), ("IF", 0), ("ADD", 5), ("ENDIF", 0), ("ENDIF", 0)]
    assert reads(steps, 1, "depth") == ("depth",)
    assert reads(steps, 2, "stack[0]") == ()  # skipped
    assert reads(steps, 2, "cell") == ()
    assert reads(steps, 3, "depth") == ("depth",)
    assert reads(steps, 4, "depth") == ("depth",)


def test_rule9_print_repeat_a_stray_endif_and_other_words_write_no_data_location():
    for steps, word in (([("SET", 3), ("PRINT", 0)], 1), ([("ADD", 1), ("REPEAT", 1)], 1),
                        ([("ENDIF", 0)], 0), ([("CAT", 5)], 0)):
        for location in ("stack[0]", "cell", "pointer", "depth", "board(12,0)"):
            assert reads(steps, word, location) == (), (steps, location)


def test_a_finished_or_failed_machine_reads_nothing():
    source = f"{scored('SET', 3)} 0,12 across\n{scored('DIVIDE', 0)} 0,27 across"
    session = Session(LANGUAGE, LANGUAGE.parse(source, "t.scrabble"))
    session.continue_()
    assert session.machine.fault is not None and LANGUAGE.reads(session.machine, "stack[0]") == ()
    session = Session(LANGUAGE, LANGUAGE.parse(f"{scored('ADD', 3)} 0,12 across", "t.scrabble"))
    session.continue_()
    assert LANGUAGE.reads(session.machine, "stack[0]") == ()
