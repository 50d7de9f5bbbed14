"""Where did this value come from (issue 28) in Stoned-Go: its chains checked against a brute-force
search over real programs' runs (:mod:`provenance_check`), and its ``reads`` rule by rule (spec
`stoned-go.md`: R2-R8, C1-C5, T1-T5, S6, V3)."""

from __future__ import annotations

import pytest

from esodbg.engines import registry
from esodbg.engines.base import Status
from esodbg.engines.debugger import Session
from esodbg.engines.provenance import INITIAL, NO_READS, chain
from esodbg.engines.stoned_go import LANGUAGE
from esodbg.engines.stoned_go.machine import F_KIND, SUB
from provenance_check import check_chains, check_writers, run

# (example, locations asked about): the cursor, the flag, points placed, points placed then
# captured (chain_reaction's dominoes, single_capture's W), points a self-capture leaves as they
# were, and a point nothing ever touches.
CASES = [
    ("stoned-go/chain_reaction.sgo", ["x", "y", "flag", "board(0,0)", "board(3,0)", "board(21,0)", "board(1,0)",
                                      "board(25,0)", "board(3,-1)", "board(40,40)"]),
    ("stoned-go/single_capture.sgo", ["x", "y", "flag", "board(1,1)", "board(11,1)", "board(2,1)"]),
    ("stoned-go/moves_flips.sgo", ["x", "y", "flag", "board(9,-3)", "board(3,0)"]),
    ("stoned-go/place_both.sgo", ["x", "y", "flag", "board(0,0)", "board(1,0)", "board(1,1)"]),
    ("stoned-go/subprogram.sgo", ["x", "y", "flag", "board(0,2)", "board(5,5)", "board(0,0)", "board(0,3)"]),
    ("stoned-go/inner_loop.sgo", ["x", "y", "flag", "board(3,5)", "board(0,2)", "board(4,6)"]),
]


def test_the_language_is_registered_as_stoned_go():
    assert registry.by_name("stoned-go") is LANGUAGE


@pytest.mark.parametrize("example, locations", CASES, ids=[case[0] for case in CASES])
def test_the_writer_of_a_location_is_the_last_step_that_changed_it(example, locations):
    check_writers(run("stoned-go", example), locations)


@pytest.mark.parametrize("example, locations", CASES, ids=[case[0] for case in CASES])
def test_a_chain_follows_the_first_read_of_each_link_back_to_where_it_ends(example, locations):
    check_chains(run("stoned-go", example), locations)


# ----- reads, rule by rule ----------------------------------------------------------------------
def at(src: str, steps: int, **options) -> Session:
    """A session of ``src`` after ``steps`` steps."""
    session = Session(LANGUAGE, LANGUAGE.parse(src, "t.sgo", options), budget=100_000)
    session.step(steps)
    assert session.steps == steps
    return session


def reads(src: str, steps: int, *locations: str) -> list[tuple[str, ...]]:
    """What the step after the first ``steps`` of ``src`` reads to make each of ``locations``."""
    session = at(src, steps)
    return [LANGUAGE.reads(session.machine, location) for location in locations]


def test_r2_a_horizontal_move_makes_x_from_x_and_the_flag_and_the_flag_from_the_flag():
    assert reads("+3 |", 0, "x", "flag", "y", "board(0,0)") == [("x", "flag"), ("flag",), (), ()]
    assert reads("+0 |", 0, "x", "flag") == [("x", "flag"), ("flag",)]  # L5d: +0 still writes (the same x)


def test_r2_a_vertical_move_makes_y_from_y_and_the_flag_and_the_flag_from_the_flag():
    assert reads("/ -2 |", 1, "y", "flag", "x", "board(0,0)") == [("y", "flag"), ("flag",), (), ()]


def test_r3_a_flip_makes_the_flag_from_the_flag_and_writes_nothing_else():
    assert reads("/ |", 0, "flag", "x", "y", "board(0,0)") == [("flag",), (), (), ()]


def test_r4_a_placement_makes_its_point_from_the_code_so_its_chain_ends_there():
    assert reads("+1 +2 [ ] |", 2, "board(1,2)", "x", "y", "flag") == [(), (), (), ()]
    session = at("+1 +2 [ ] |", 3)
    links, end = chain(session, "board(1,2)")
    assert [(link.step, link.value, link.reads) for link in links] == [(3, "black", ())] and end.reason == NO_READS


def test_r4_a_placement_on_a_stone_writes_nothing():
    assert reads("[ ] ( ) |", 1, "board(0,0)") == [()]
    links, end = chain(at("[ ] ( ) |", 2), "board(0,0)")
    assert [link.step for link in links] == [1] and end.reason == NO_READS  # the stone stays black


def test_c1_c5_captured_points_read_nothing_their_chain_ends_at_the_capturing_placement():
    session = run("stoned-go", "stoned-go/single_capture.sgo")  # W at (1,1) is captured at step 13
    end_of_run = session.steps
    session.visit(12)
    assert session.machine.command().kind == "place"
    assert LANGUAGE.reads(session.machine, "board(1,1)") == ()  # captured
    assert LANGUAGE.reads(session.machine, "board(2,1)") == ()  # placed (the capturing stone)
    links, end = chain(session, "board(1,1)", end_of_run)
    assert [(link.step, link.value, link.text) for link in links] == [(13, None, "[ ]")] and end.reason == NO_READS


def test_c3_a_self_capture_leaves_its_point_empty_so_the_chain_finds_no_writer():
    eye = "+1 +0 ( ) -1 +0 -1 +0 ( ) +1 +0 / +1 ( ) / -1 / -1 ( ) / +1 [ ] |"  # white around (0,0), then black in it
    session = at(eye, 20)  # the black stone is next: it has no liberty and captures itself
    assert LANGUAGE.reads(session.machine, "board(0,0)") == ()
    session.step()
    assert session.machine.captures == 1
    links, end = chain(session, "board(0,0)")
    assert links == [] and (end.reason, end.value) == (INITIAL, None)


def test_r5_r6_a_loop_pass_and_a_question_mark_write_no_data():
    assert reads("| +1", 0, "x", "flag") == [(), ()]  # the first '|' pass
    assert reads("? +1 |", 0, "x", "y", "flag", "board(0,0)") == [(), (), (), ()]  # empty point: no-op


def test_r7_no_step_after_a_halt_reads_nothing():
    session = at("[ ] ? +1 |", 2)
    assert session.machine.status is Status.HALTED
    assert [LANGUAGE.reads(session.machine, loc) for loc in ("x", "flag", "board(0,0)")] == [(), (), ()]


def test_r8_a_move_that_would_overflow_writes_nothing():
    src = "| +9007199254740991 +0"  # L6: the largest magnitude; x overflows after 1024 moves
    session = Session(LANGUAGE, LANGUAGE.parse(src, "t.sgo"), budget=100_000)
    session.continue_()
    assert session.machine.status is Status.ERROR
    failing = session.steps
    session.goto(failing - 1)
    assert session.machine.status is Status.READY
    assert [LANGUAGE.reads(session.machine, loc) for loc in ("x", "flag")] == [(), ()]
    session.goto(failing - 4)  # the move before ("+0", "|" between), which fits
    assert [LANGUAGE.reads(session.machine, loc) for loc in ("x", "flag")] == [("x", "flag"), ("flag",)]


def test_r1_t1_s6_a_trigger_starts_without_moving_the_cursor_and_its_commands_read_like_any():
    session = run("stoned-go", "stoned-go/single_capture.sgo")
    session.visit(13)  # the capture: W's trigger "+9 ( )" is about to run its first step
    m = session.machine
    assert m.depth == 1 and (m.x, m.y, m.flag) == (2, 1, "horizontal")
    assert [LANGUAGE.reads(m, loc) for loc in ("x", "y", "flag")] == [("x", "flag"), (), ("flag",)]
    links, _ = chain(session, "x", 14)  # the trigger's move made x from x as the capture left it
    assert [(link.step, link.value, link.reads) for link in links[:2]] == [(14, 11, ("x", "flag")),
                                                                         (11, 2, ("x", "flag"))]


def test_v3_a_subprogram_s_commands_share_the_cursor_and_flag():
    session = run("stoned-go", "stoned-go/inner_loop.sgo")
    for step in range(session.steps):
        session.visit(step)
        m = session.machine
        if m.frame[F_KIND] == SUB and m.command().kind == "move":
            axis = "x" if m.flag == "horizontal" else "y"
            assert LANGUAGE.reads(m, axis) == (axis, "flag") and LANGUAGE.reads(m, "flag") == ("flag",)
            break
    else:
        pytest.fail("no move inside the subprogram")
