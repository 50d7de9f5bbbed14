"""Where did this value come from (issue 28): the chains of 15 and MessiScript checked against a
brute-force search over the run's trace (:mod:`provenance_check`; the other languages' are in
their own ``test_provenance_<language>.py``), their reads against their rules, and ``exec --why``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import EXAMPLES
from esodbg.engines import registry
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.names import freeze
from esodbg.engines.provenance import canonical, chain, source_text, writer
from provenance_check import check_chains, check_writers, run, values

# (language, example, input, locations asked about): each kind of location of 15 and MessiScript.
CASES = [
    ("fifteen", "fifteen/hello.15", "", ["acc", "mem[28]", "pos", "puzzle(4,4)", "puzzle(4,5)", "mem[0]"]),
    ("fifteen", "fifteen/truth.15", "1\n", ["acc", "pos", "puzzle(0,0)"]),
    ("messiscript", "messiscript/hola_mundo.messi", "", ["tape[0]", "tape[1]", "tape[3]", "pos", "clip", "cell"]),
    ("messiscript", "messiscript/calculadora.messi", "7\n3\n+\n", ["tape[0]", "tape[1]", "tape[2]", "clip", "cell"]),
]


@pytest.mark.parametrize("language_name, example, input_text, locations", CASES, ids=[case[1] for case in CASES])
def test_the_writer_of_a_location_is_the_last_step_that_changed_it(language_name, example, input_text, locations):
    check_writers(run(language_name, example, input_text), locations)


@pytest.mark.parametrize("language_name, example, input_text, locations", CASES, ids=[case[1] for case in CASES])
def test_a_chain_follows_the_first_read_of_each_link_back_to_where_it_ends(language_name, example, input_text,
                                                                            locations):
    check_chains(run(language_name, example, input_text), locations)


@pytest.mark.parametrize("language_name, example, input_text, locations", CASES, ids=[case[1] for case in CASES])
def test_every_step_that_changes_a_location_runs_where_the_language_says_its_writers_are(language_name, example,
                                                                                         input_text, locations):
    """``writers`` leaves none out (the search would fall back on looking after every step)."""
    session = run(language_name, example, input_text)
    language, end = session.language, session.steps
    machine = language.machine(session.program, InputLog(input_text, True), OutputLog())
    allowed = {location: language.writers(machine, location) for location in locations}
    assert any(found is not None for found in allowed.values())
    getters = {location: language.data(machine, location) for location in locations}
    while machine.steps < end:
        at, before = machine.location(), {location: freeze(get()) for location, get in getters.items()}
        machine.run(1)
        for location, get in getters.items():
            if freeze(get()) != before[location] and allowed[location] is not None:
                assert at in allowed[location], (location, machine.steps, at)


@pytest.mark.parametrize("language_name, example, input_text, locations", CASES, ids=[case[1] for case in CASES])
def test_a_data_breakpoint_that_runs_only_the_writers_steps_one_at_a_time_stops_at_every_change(
        language_name, example, input_text, locations):
    """With ``writers`` a continue runs the fast loop between them: it stops at the very steps a
    look after every step finds (the brute force), and a hit condition counts the same hits."""
    from esodbg.engines.base import Stop as Stopped
    from esodbg.engines.breakpoints import DataRef

    end = run(language_name, example, input_text).steps
    for location in locations:
        session = run(language_name, example, input_text)
        seen = values(session, location, end)
        changes = [step for step in range(1, end + 1) if seen[step] != seen[step - 1]]

        def stops(hit_condition: str | None) -> list[int]:
            """Where continues stop, up to step ``end`` (a run may go on for ever)."""
            fresh = Session(session.language, session.program, input_text, True)
            fresh.breakpoints.set(DataRef(location), hit_condition=hit_condition)
            found = []
            while fresh.steps < end:
                fresh.budget = end - fresh.steps
                if (outcome := fresh.continue_()).reason is not Stopped.BREAKPOINT:
                    break
                found.append(outcome.step)
            return found

        assert stops(None) == changes, location
        assert stops("% 3") == changes[2::3], location


def test_a_link_says_where_its_step_ran_and_the_source_it_ran_from():
    session = run("fifteen", "fifteen/hello.15", "")
    link = writer(session, "acc", session.steps)
    assert link.step == 23 and link.value == 111 and str(link.at) == "puzzle (4, 3)"
    assert link.text == ">+" and source_text(session.program.source, link.span) == ">+"
    assert link.reads == ("acc", "mem[28]", "puzzle(4,4)", "pos")
    assert session.steps == 23  # left after the writer, where the debugger shows it


def test_a_location_the_program_lacks_is_refused_with_the_forms_it_has():
    session = run("fifteen", "fifteen/hello.15", "")
    assert canonical(session, " mem[ 3 ] ") == "mem[3]"
    with pytest.raises(ValueError, match=r"these are: acc, mem\[N\], pos, puzzle\(ROW,COL\)"):
        canonical(session, "tape[0]")
    with pytest.raises(ValueError):
        canonical(session, "mem[999]")


def test_a_chain_can_be_interrupted():
    import threading

    session = run("fifteen", "fifteen/hello.15", "")
    cancel = threading.Event()
    cancel.set()
    session.history.interval = 1 << 40  # one interval: the scan looks at cancel as it goes
    links, finish = chain(session, "acc", session.steps, cancel=cancel)
    assert finish.reason == "interrupted" and links == []


# ----- each language's reads, rule by rule -----------------------------------------------------
def fifteen_reads(source: str, steps: int, location: str, input_text: str = "") -> tuple[str, ...]:
    session = Session(registry.by_name("fifteen"), registry.by_name("fifteen").parse(source, "t.15"), input_text)
    session.step(steps)
    return session.language.reads(session.machine, location)


def test_fifteen_arithmetic_makes_acc_from_acc_and_the_piece_s_memory_rule_13():
    # 2x1 puzzle: the empty square at (0,1) under "<+" moves left onto piece 1: acc += mem[1].
    assert fifteen_reads("1,0\n\n>_,<+\n", 0, "acc") == ("acc", "mem[1]", "puzzle(0,0)", "pos")
    assert fifteen_reads("1,0\n\n>_,<@\n", 0, "acc") == ("mem[1]", "puzzle(0,0)", "pos")
    assert fifteen_reads("1,0\n\n>_,<=\n", 0, "mem[1]") == ("acc", "puzzle(0,0)", "pos")
    assert fifteen_reads("1,0\n\n>_,<~\n", 0, "acc") == ("mem[1]", "puzzle(0,0)", "pos")
    assert fifteen_reads("1,0\n\n>_,<~\n", 0, "mem[1]") == ("acc", "puzzle(0,0)", "pos")


def test_fifteen_input_and_zero_make_acc_from_no_location_rule_13():
    assert fifteen_reads("1,0\n\n>_,<?\n", 0, "acc", "5\n") == ()
    assert fifteen_reads("1,0\n\n>_,<0\n", 0, "acc") == ()


def test_fifteen_a_move_makes_pos_and_the_cells_from_pos_a_branch_also_from_acc_rules_11_12():
    assert fifteen_reads("1,0\n\n>_,<_\n", 0, "pos") == ("pos",)
    assert fifteen_reads("1,0\n\n>_,<_\n", 0, "puzzle(0,1)") == ("puzzle(0,0)", "pos")
    assert fifteen_reads("1,0\n\n>_,<_\n", 0, "puzzle(0,0)") == ()  # the empty square: 0, from the code
    assert fifteen_reads("1,0\n\n>_,<>\n", 0, "pos") == ("acc", "pos")


def messi_reads(command: str, location: str) -> tuple[str, ...]:
    """What ``command``, the first after "La agarra Messi.", reads to make ``location``."""
    language = registry.by_name("messiscript")
    session = Session(language, language.parse(f"La agarra Messi. {command} ¡Gol!", "t.messi"))
    session.step(1)
    return language.reads(session.machine, location)


def test_messiscript_va_messi_makes_the_cell_from_the_cell_and_the_clipboard_commands_from_clip():
    assert messi_reads("Va Messi pelota.", "tape[0]") == ("tape[0]", "pos")
    assert messi_reads("Va Messi pelota.", "cell") == ("tape[0]", "pos")
    assert messi_reads("Amaga Messi.", "tape[0]") == ("clip", "pos")
    assert messi_reads("Suma Messi.", "tape[0]") == ("tape[0]", "clip", "pos")
    assert messi_reads("Corre Messi.", "clip") == ("tape[0]", "pos")
    assert messi_reads("La mueve Messi por la derecha.", "pos") == ("pos",)
    assert messi_reads("La mueve Messi por la derecha.", "cell") == ("tape[1]", "pos")  # the cell moved to
    assert messi_reads("La mueve Messi por la izquierda.", "cell") == ()  # at 0 it stays: nothing changes
    assert messi_reads("Encara Messi.", "tape[0]") == ()  # zero: from the code


# ----- exec --why ------------------------------------------------------------------------------
def esodbg(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *map(str, args)], capture_output=True, text=True,
                          timeout=60)


def test_exec_why_answers_after_the_output_and_a_newline_as_json():
    result = esodbg("exec", EXAMPLES / "fifteen/hello.15", "--why", "acc", "--format", "json", "--why-depth", "2")
    assert result.returncode == 0
    output, answer = result.stdout.split("\n", 1)
    assert output == "Hello"
    found = json.loads(answer)
    assert {k: found[k] for k in ("location", "value", "step")} == {"location": "acc", "value": 111, "step": 24}
    assert [link["step"] for link in found["chain"]] == [23, 20]
    assert found["chain"][0]["by"] == {"line": 11, "column": 10, "text": ">+", "at": "puzzle (4, 3)"}
    assert found["chain"][0]["reads"] == ["acc", "mem[28]", "puzzle(4,4)", "pos"]
    assert found["end"] == {"reason": "depth"}


def test_exec_why_at_a_step_and_as_text():
    result = esodbg("exec", EXAMPLES / "fifteen/hello.15", "--why", "mem[28]", "--at", "3")
    assert result.returncode == 0
    assert result.stdout.split("\n")[1:] == ["mem[28] = 28 after step 3",
                                             "  mem[28] = 28: the initial value (no step wrote it)", ""]


def test_exec_why_of_a_location_the_language_lacks_exits_2_naming_the_ones_it_has():
    result = esodbg("exec", EXAMPLES / "fifteen/hello.15", "--why", "tape[0]")
    assert result.returncode == 2 and result.stdout == ""
    assert "these are: acc, mem[N], pos, puzzle(ROW,COL)" in result.stderr


def test_exec_why_at_a_step_the_run_never_reached_exits_2():
    result = esodbg("exec", EXAMPLES / "fifteen/hello.15", "--why", "acc", "--at", "99")
    assert result.returncode == 2 and "the run stopped at step 24" in result.stderr
