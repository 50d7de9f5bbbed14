"""What a breakpoint that never stops costs a continue, in every grid and byte language (issue 48:
a data breakpoint whose location never changes ≤ 3× a plain continue, a cell breakpoint never
hit ≤ 2×).  Run:

    .venv/bin/python benchmarks/breakpoints.py [--runs N] [LANGUAGE…]

For each language, one program of ours runs a fixed number of steps (its step budget, or to its
end) three ways in this process, alternated ``--runs`` times (default 3), medians of CPU seconds
compared:

* a plain continue (no breakpoint: what ``exec`` runs, with the debugger's history on);
* with a data breakpoint on a location the program never changes (Befunge ``space(79,24)``,
  Brainfuck ``tape[9999]``, Hexagony ``mem[5,5,E]``, ><> ``code(30,30)``, Labyrinth a cell
  no rotation moves);
* with a breakpoint on a cell the program never runs (Brainfuck: a write breakpoint on tape
  cell 9999, its board's cells being the tape's).

Each checks that nothing stopped and that the breakpoints counted no hit.  :func:`rows` returns
the figures for ``benchmarks/speed.py``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Callable, NamedTuple

from esodbg.engines.base import CellRef, Location, Stop
from esodbg.engines.breakpoints import DataRef
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

PROGRAMS = Path(__file__).resolve().parent / "programs"
DATA_TARGET, CELL_TARGET = 3.0, 2.0


class Case(NamedTuple):
    language: str
    program: Path
    steps: int  # the step budget of each continue
    data: str  # a data location the program never changes
    cell: Location  # a cell it never runs (Brainfuck: never writes)
    kinds: frozenset[str] = frozenset({"exec"})  # the cell breakpoint's kinds


CASES = (
    Case("befunge93", PROGRAMS / "countdown.b93", 20_000_000, "space(79,24)", CellRef("space", 20, 50)),
    Case("befunge98", PROGRAMS / "countdown.b93", 1_000_000, "space(79,24)", CellRef("space", 20, 50)),
    Case("brainfuck", PROGRAMS / "mandelbrot.b", 200_000_000, "tape[9999]", CellRef("tape", 0, 9999),
         frozenset({"write"})),
    Case("hexagony", PROGRAMS / "countdown.hxg", 10_000_000, "mem[5,5,E]", CellRef("hexagon", 6, 3)),
    Case("fish", PROGRAMS / "primes.fish", 5_000_000, "code(30,30)", CellRef("code", 2, 0)),
    Case("labyrinth", PROGRAMS / "bench.lab", 5_000_000, "maze(5,1)", CellRef("maze", 3, 5)),
)


class Row(NamedTuple):
    """One breakpoint's cost: ``seconds`` (median CPU) against ``plain``'s, for ``steps`` steps."""

    language: str
    what: str
    seconds: float
    plain: float
    steps: int
    target: float

    @property
    def ratio(self) -> float:
        return self.seconds / self.plain

    @property
    def met(self) -> bool:
        return self.ratio <= self.target


def continued(case: Case, program, setup: Callable[[Session], None]) -> tuple[float, int]:
    """CPU seconds of one continue of ``case`` set up by ``setup``, and the steps it ran;
    ``AssertionError`` if a breakpoint stopped it or counted a hit."""
    session = Session(by_name(case.language), program, "", True, budget=case.steps)
    setup(session)
    start = time.process_time()
    outcome = session.continue_()
    seconds = time.process_time() - start
    assert outcome.reason in (Stop.BUDGET, Stop.HALTED), (case.language, outcome)
    assert all(bp.hits(session.steps) == 0 for bp in session.breakpoints), (case.language, "a breakpoint was hit")
    return seconds, session.steps


def measure(case: Case, runs: int) -> list[Row]:
    """The data and cell rows of ``case``: ``runs`` alternated rounds of the three continues."""
    language = by_name(case.language)
    program = language.parse(case.program.read_text("utf-8"), str(case.program))
    ways: dict[str, Callable[[Session], None]] = {
        "plain": lambda s: None,
        f"data:{case.data}": lambda s: s.breakpoints.set(DataRef(case.data)),
        f"cell {language.cell_name(case.cell)} {'/'.join(sorted(case.kinds))}":
            lambda s: s.breakpoints.set(case.cell, case.kinds),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    steps = 0
    for _ in range(runs):
        for name, setup in ways.items():
            seconds, steps = continued(case, program, setup)
            times[name].append(seconds)
    plain = statistics.median(times["plain"])
    return [Row(case.language, name, statistics.median(seconds), plain, steps,
                DATA_TARGET if name.startswith("data:") else CELL_TARGET)
            for name, seconds in times.items() if name != "plain"]


def rows(runs: int = 3, languages: list[str] | None = None) -> list[Row]:
    """Every case's rows (those of ``languages`` only, if given)."""
    return [row for case in CASES if not languages or case.language in languages for row in measure(case, runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", metavar="LANGUAGE", help="some of the languages (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="alternated rounds (default 3)")
    args = parser.parse_args()
    for row in rows(args.runs, args.languages):
        verdict = "met" if row.met else "NOT met"
        print(f"{row.language:<10} {row.what:<28} {row.seconds:6.2f} s / {row.plain:6.2f} s plain = "
              f"{row.ratio:5.2f}x  (target <= {row.target:g}x: {verdict}; {row.steps:,} steps)")


if __name__ == "__main__":
    main()
