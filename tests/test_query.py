"""Queries (issue 45): every hit of a breakpoint spec across a run, checked against the run
stepped one step at a time, in every registered language, and ``exec --query``'s reports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from esodbg.engines import registry
from esodbg.engines.base import CellRef, CodeRef, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.language import Language
from esodbg.engines.names import freeze
from esodbg.engines.query import Queries

from conftest import EXAMPLES, examples_of

STEPS = 600  # steps each run here goes at most
LANGUAGES = registry.languages()


def first_example(language: Language) -> tuple[Path, object]:
    """The language's first example that parses, and its program."""
    for path in examples_of(language):
        try:
            return path, language.parse(language.decode(path.read_bytes(), str(path)), str(path))
        except Exception:  # a deliberately broken example: the next one
            continue
    raise AssertionError(f"{language.name}: no example parses")


BY_LANGUAGE = [pytest.param(language, *first_example(language), id=language.name) for language in LANGUAGES]


def fresh(language: Language, program) -> Session:
    return Session(language, program, "", True, STEPS)


def spec_of(language: Language, at, kind: str) -> str:
    if isinstance(at, CodeRef):
        return f"code:{at.index + 1}"
    return f"cell:{at.board}:{language.cell_text(at)}/{kind}"


def stepped(language: Language, program, watch=None) -> tuple[list[tuple], list]:
    """The run one step at a time: what each step touches before it runs (``(step, touches)``,
    the step being the count before it), and ``watch``'s value after each step (step 0 first)."""
    session = fresh(language, program)
    get = watch(session) if watch is not None else None
    touches, values = [], [freeze(get()) if get else None]
    while session.steps < STEPS:
        touches.append((session.steps, list(session.machine.next_touches())))
        if session.step().reason is not Stop.LIMIT:
            break
        values.append(freeze(get()) if get else None)
    return touches, values


def some_data_location(language: Language, session: Session) -> str | None:
    """A data location of the language's forms that this program has (placeholders made 0)."""
    for form in language.data_locations:
        name = re.sub(r"\b(N|X|Y|ROW|COL|Q|R)\b", "0", form.name).replace("D]", "E]")
        try:
            language.data(session.machine, language.data_location(name))
        except ValueError:
            continue
        return language.data_location(name)
    return None


@pytest.mark.parametrize("language, path, program", BY_LANGUAGE)
def test_a_location_query_lists_every_later_step_that_runs_there(language, path, program):
    touches, _ = stepped(language, program)
    counts = Counter((at, kind) for step, touched in touches if step > 0 for at, kind in touched
                     if isinstance(at, (CellRef, CodeRef)) and kind in language.default_kinds
                     and language.breakable(at) is None)
    assert counts, f"{path.name}: no step after the first runs anywhere a breakpoint goes"
    (at, kind), _ = counts.most_common(1)[0]
    expected = [step for step, touched in touches if step > 0 and (at, kind) in touched]
    session = fresh(language, program)
    queries = Queries(session, [spec_of(language, at, kind)])
    session.continue_(on_arrival=queries.arrived)
    hits = queries.queries[0].hits
    assert [hit.step for hit in hits] == expected
    assert {hit.location for hit in hits} == {language.where(at)}


@pytest.mark.parametrize("language, path, program", BY_LANGUAGE)
def test_a_data_query_lists_every_change_with_old_and_new(language, path, program):
    location = some_data_location(language, fresh(language, program))
    assert location is not None, f"{language.name}: no data location made of its forms"
    _, values = stepped(language, program, lambda s: s.language.data(s.machine, location))
    expected = [(step, values[step - 1], values[step]) for step in range(1, len(values))
                if values[step] != values[step - 1]]
    session = fresh(language, program)
    queries = Queries(session, [f"data:{location}"])
    session.continue_(on_arrival=queries.arrived)
    assert [(hit.step, hit.old, hit.new) for hit in queries.queries[0].hits] == expected


@pytest.mark.parametrize("language, path, program", BY_LANGUAGE)
def test_the_kth_hit_of_a_query_is_where_break_with_hit_k_stops(language, path, program):
    touches, _ = stepped(language, program)
    counts = Counter((at, kind) for step, touched in touches if step > 0 for at, kind in touched
                     if isinstance(at, (CellRef, CodeRef)) and kind in language.default_kinds
                     and language.breakable(at) is None)
    (at, kind), _ = counts.most_common(1)[0]
    spec = spec_of(language, at, kind)
    session = fresh(language, program)
    queries = Queries(session, [spec])
    session.continue_(on_arrival=queries.arrived)
    steps = [hit.step for hit in queries.queries[0].hits]
    for k in sorted({1, len(steps) // 2 or 1, len(steps)}):
        stopper = fresh(language, program)
        Queries(stopper, [])  # (nothing asked: the session as exec --break has it)
        from esodbg.engines.spec import parse_spec

        parse_spec(f"{spec} hit {k}", language, stopper.first_view).set_in(stopper.breakpoints)
        outcome = stopper.continue_()
        assert (outcome.reason, outcome.step) == (Stop.BREAKPOINT, steps[k - 1]), k


def test_a_query_past_its_limit_keeps_the_first_hits_and_says_so():
    language = registry.by_name("befunge93")
    program = language.parse((EXAMPLES / "befunge" / "countdown.b93").read_text(), "countdown.b93")
    everything, limited = fresh(language, program), fresh(language, program)
    all_hits = Queries(everything, ["data:stack[0]"])
    everything.continue_(on_arrival=all_hits.arrived)
    few = Queries(limited, ["data:stack[0]"], limit=3)
    limited.continue_(on_arrival=few.arrived)
    assert few.queries[0].hits == all_hits.queries[0].hits[:3] and few.queries[0].truncated
    assert not all_hits.queries[0].truncated and len(all_hits.queries[0].hits) > 3
    assert limited.output.text() == everything.output.text()  # the run goes on past the limit


def test_hit_counts_stay_right_when_a_long_query_forgets_their_steps():
    """A query keeps the count of its hits, not every step of them (memory bounded): ``hit % 1000``
    still picks every thousandth hit of a run with thousands."""
    language = registry.by_name("befunge93")
    program = language.parse(">1+v\n^  <\n", "loop.b93")  # never ends: the budget ends it
    session = Session(language, program, "", True, 80_000)
    queries = Queries(session, ["cell:1,0", "cell:2,0 hit % 1000"])  # '1', then '+' a step later
    session.continue_(on_arrival=queries.arrived)
    every, thousandth = (query.hits for query in queries.queries)
    assert len(every) > 9_000 and len(queries.queries[0].breakpoint.arrivals) <= 4097
    assert [hit.step for hit in thousandth] == [hit.step + 1 for hit in every][999::1000]


# ----- exec --query ------------------------------------------------------------------------------
def esodbg(*args: str | Path, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *map(str, args)], capture_output=True, text=True,
                          timeout=120, input=input)


COUNTDOWN = EXAMPLES / "befunge" / "countdown.b93"


def test_exec_query_json_comes_after_the_output_and_matches_the_run():
    done = esodbg("exec", COUNTDOWN, "--query", "data:stack[0]", "--query", "cell:5,0 log top {stack[0]}",
                  "--format", "json")
    assert done.returncode == 0, done.stderr
    output, _, report = done.stdout.removesuffix("\n").rpartition("\n")
    assert output.startswith("10 9 8") and output.endswith("Liftoff!\n")
    data, logged = json.loads(report)["queries"]
    assert data["spec"] == "data:stack[0]" and not data["truncated"]
    assert data["hits"][0] == {"step": 1, "location": "space (0, 0)", "message": None, "old": 0, "new": 5,
                               "by": "space (0, 0)"}
    assert [hit["message"] for hit in logged["hits"]][:3] == ["top 10", "top 9", "top 8"]
    assert all(hit["location"] == "space (5, 0)" and hit["old"] is None for hit in logged["hits"])


def test_exec_query_text_says_each_hit_on_a_line():
    done = esodbg("exec", COUNTDOWN, "--query", "data:stack[0]", "--query-limit", "2")
    assert done.returncode == 0, done.stderr
    report = done.stdout.split("Liftoff!\n", 1)[1].splitlines()
    assert report == ["", "data:stack[0]: 2 hits (the first 2: there were more)",
                      "  step 1  space (0, 0)  0 → 5", "  step 3  space (2, 0)  5 → 10"]


@pytest.mark.parametrize("spec, said", [
    ("cell:99,99", "not on the board"), ("data:nothing", "nothing"), ("cell:1,1 if )(", "if"), ("bogus:1", "bogus")])
def test_exec_query_with_a_bad_spec_is_exit_2_naming_it(spec, said):
    done = esodbg("exec", COUNTDOWN, "--query", spec)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"esodbg: --query {spec!r}: ") and said in done.stderr, done.stderr


def test_exec_query_twice_on_one_target_is_exit_2():
    done = esodbg("exec", COUNTDOWN, "--query", "cell:7,0", "--query", "cell:7,0 if stack[0] > 3")
    assert done.returncode == 2 and "on that place already" in done.stderr, done.stderr


def test_exec_query_beside_a_breakpoint_lists_the_hits_before_the_stop():
    done = esodbg("exec", COUNTDOWN, "--query", "cell:5,0", "--break", "cell:7,0 hit 3", "--format", "json")
    assert done.returncode == 4, done.stderr
    hits = json.loads(done.stdout.splitlines()[-1])["queries"][0]["hits"]
    stop = int(re.search(r"stopped at step (\d+) ", done.stderr).group(1))
    assert len(hits) == 3 and hits[-1]["step"] == stop - 2  # '.' then '1' then '-' (7,0)


# ----- exec --trace FILE.csv ---------------------------------------------------------------------
@pytest.mark.parametrize("example", [EXAMPLES / "befunge" / "countdown.b93", EXAMPLES / "scrabble" / "hi.scrabble"],
                         ids=["befunge", "scrabble (fields differ from step to step)"])
def test_a_csv_trace_holds_what_the_json_lines_trace_holds(tmp_path, example):
    import csv

    lines, table = tmp_path / "trace.jsonl", tmp_path / "trace.csv"
    for target in (lines, table):
        done = esodbg("exec", example, "--max-steps", "300", "--trace", target, "--input", "")
        assert done.returncode in (0, 3), done.stderr
    steps = [json.loads(line) for line in lines.read_text("utf-8").splitlines()]
    with table.open(newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    fields = list(dict.fromkeys(name for step in steps for name in step))
    assert list(rows[0]) == fields and len(rows) == len(steps)

    def cell(value) -> str:
        return "" if value is None else value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)

    for step, row in zip(steps, rows):
        assert row == {name: cell(step[name]) if name in step else "" for name in fields}


def test_a_csv_trace_to_a_folder_that_is_not_there_is_exit_2_before_the_run(tmp_path):
    done = esodbg("exec", COUNTDOWN, "--trace", tmp_path / "nowhere" / "trace.csv")
    assert done.returncode == 2 and done.stdout == "" and "cannot write" in done.stderr


# ----- exec --plot -------------------------------------------------------------------------------
def test_exec_plot_draws_the_history_as_an_svg_with_its_title_and_axis(tmp_path):
    target = tmp_path / "top.svg"
    done = esodbg("exec", COUNTDOWN, "--query", "data:stack[0]", "--plot", target)
    assert done.returncode == 0, done.stderr
    svg = target.read_text()
    assert svg.startswith("<svg") and "data:stack[0]:" in svg and "37" in svg and "step" in svg


def test_exec_plot_draws_a_png(tmp_path):
    from PIL import Image

    target = tmp_path / "top.png"
    done = esodbg("exec", COUNTDOWN, "--query", "data:stack[0]", "--plot", target)
    assert done.returncode == 0, done.stderr
    with Image.open(target) as picture:
        assert picture.format == "PNG" and picture.width > 400 and len(picture.getcolors(1 << 20)) > 2


@pytest.mark.parametrize("args, said", [
    (["--plot", "x.svg"], "give --query data:LOCATION"),
    (["--query", "cell:5,0", "--plot", "x.svg"], "give --query data:LOCATION"),
    (["--query", "data:stack[0]", "--plot", "x.jpg"], "name it .svg or .png"),
    (["--query", "data:stack[40]", "--plot", "x.svg"], "has not changed yet")])
def test_exec_plot_without_a_history_to_draw_is_exit_2(tmp_path, args, said):
    done = esodbg("exec", COUNTDOWN, *[str(tmp_path / a) if a.startswith("x.") else a for a in args])
    assert done.returncode == 2 and said in done.stderr, done.stderr
