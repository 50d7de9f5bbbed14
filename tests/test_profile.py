"""Where a run spends its steps (issue 28): ``exec --profile`` and the heat map's counts, checked
against the trace of the same run in every language."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from conftest import EXAMPLES
from esodbg.engines import registry
from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.profile import HeatMap, Tally
from esodbg.engines.provenance import source_text

# One program of each language (and a GCG game): (example, input).
PROGRAMS = [("fifteen/99.15", ""), ("messiscript/hola_mundo.messi", ""), ("ttg/wow.txt", ""),
            ("stoned-go/chain_reaction.sgo", ""), ("scrabble/hello_world.scrabble", ""),
            ("scrabble/doug_v_emely.gcg", "")]


def load(example: str):
    path = EXAMPLES / example
    language = registry.for_file(path)
    return language, language.parse(language.decode(path.read_bytes(), str(path)), str(path))


def traced(example: str, input_text: str, limit: int = 5000):
    """The run's steps, one recorded step at a time: (where it ran, the source it ran from) a step."""
    language, program = load(example)
    machine = language.machine(program, InputLog(input_text, True), OutputLog())
    steps = []
    while len(steps) < limit:
        at, span = machine.location(), language.span(machine)
        record = machine.step()
        if isinstance(record, Stop):
            break
        steps.append((at, span))
        if record.stop is not None:
            break
    return language, program, steps


@pytest.mark.parametrize("example, input_text", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_a_tally_counts_every_step_where_it_ran_and_where_it_ran_from(example, input_text):
    language, program, steps = traced(example, input_text)
    tally = Tally(language)
    tally.run(language.machine(program, InputLog(input_text, True), OutputLog()), 5000)
    assert tally.steps == len(steps)
    assert tally.at == Counter(at for at, _ in steps)
    assert tally.spans == Counter(span if span is not None else at for at, span in steps)
    places = tally.places(program.source)
    assert sum(place.count for place in places) == tally.steps
    assert [place.count for place in places] == sorted((place.count for place in places), reverse=True)
    for place in places:
        if place.span is not None:
            assert place.text == source_text(program.source, place.span)


@pytest.mark.parametrize("example, input_text", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_the_heat_map_at_any_step_counts_the_steps_up_to_it_forwards_and_back(example, input_text):
    language, program, steps = traced(example, input_text)
    session = Session(language, program, input_text, True, interval=16)  # checkpoints every 16 steps
    session.step(len(steps))
    heat = HeatMap(session)
    end = session.steps
    for step in [end // 2, end, 3, end - 1, 0, end // 3 + 17, end]:
        tally = heat.at(step)
        assert tally.steps == step
        assert tally.at == Counter(at for at, _ in steps[:step]), step


def test_exec_profile_as_json_counts_the_trace():
    _, program, steps = traced("fifteen/99.15", "")
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(EXAMPLES / "fifteen/99.15"),
                             "--profile", "--format", "json"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    output, report = result.stdout.rsplit("\n\n", 1)
    assert output + "\n" == (EXAMPLES.parent / "tests/corpus/fifteen/99.out").read_text("utf-8")
    found = json.loads(report)
    assert found["steps"] == len(steps) == sum(place["count"] for place in found["places"])
    expected = Counter((span.line, span.col) for _, span in steps)
    assert {(p["line"], p["column"]): p["count"] for p in found["places"]} == expected
    assert found["places"][0]["count"] == max(expected.values())
    assert all(set(p) == {"line", "column", "text", "count"} for p in found["places"])


def test_exec_profile_as_text_lists_the_most_run_places_with_shares():
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(EXAMPLES / "messiscript/hola_mundo.messi"),
                             "--profile"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    report = result.stdout.split("\n\n", 1)[1].splitlines()
    _, _, steps = traced("messiscript/hola_mundo.messi", "")
    assert report[0] == f"160 steps, {len({span for _, span in steps})} places"
    assert report[1].split() == ["count", "share", "place"] and len(report) == 2 + 20 + 1  # 20 places, the rest
    assert report[2].split()[:4] == ["8", "5.0%", "62:14", "Sigue"]


def test_exec_profile_as_text_puts_a_command_written_over_two_lines_on_one_row(tmp_path):
    program = tmp_path / "two_lines.messi"
    program.write_text("La agarra Messi. Va Messi,\npelota. ¡Gol!\n", "utf-8")
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(program), "--profile"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("\n3 steps, 3 places\n")  # no output, then the report
    rows = result.stdout.splitlines()[3:]
    assert [row.split(None, 3)[2:] for row in rows] == [["1:1", "La agarra Messi."], ["1:18", "Va Messi, pelota."],
                                                         ["2:9", "¡Gol!"]]


@pytest.mark.parametrize("other", [["--break", "cell:0,0"], ["--why", "acc"], ["--trace", "-"]])
def test_exec_profile_refuses_to_be_combined_with_what_runs_differently(other):
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(EXAMPLES / "fifteen/hello.15"),
                             "--profile", *other], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--profile counts a plain run" in result.stderr
