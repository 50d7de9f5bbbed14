"""What power debugging costs a continue (issue 17).  Run: python benchmarks/power.py [fifteen|messiscript…]

On the long countdowns of `bench.py` (15 from 2,000,000; MessiScript from 1,000,000), each
continue runs the whole program (the breakpoints below never stop it) with history on, and is
compared with a plain continue (no breakpoint).  `countdown.15` prints nothing, so 15 runs it with
one command changed to print the accumulator once a circle (``^_`` → ``^!``: 600,000 lines, the
same steps), as MessiScript's countdown prints every number; otherwise the output event would
never happen in it:

* a cell/command breakpoint in the countdown's loop, without and with a condition that is never
  true — the condition is evaluated at every arrival (every 4th step in 15, every 6th in
  MessiScript): what a condition costs;
* an event breakpoint that never happens (``error``: counters compared between chunks) and one
  that happens all the time (``output`` with a hit condition it never meets: every chunk is
  re-run step by step);
* a data breakpoint that never stops (a hit condition it never meets): the location is compared
  after every step.

Each figure is the best of three runs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import NamedTuple

from esodbg.engines.base import CellRef, CodeRef, Location
from esodbg.engines.breakpoints import DataRef, EventRef
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NEVER = "hit 1000000000"  # a hit condition no run here meets: every arrival counts, none stops


class Case(NamedTuple):
    language: str
    program: Path
    input_text: str
    loop: Location  # reached in every pass of the countdown's loop
    condition: str  # never true
    data: str  # a data location the loop changes
    edit: tuple[str, str] | None = None  # (old, new): the program's text with ``old`` replaced once


CASES = (
    Case("fifteen", EXAMPLES / "fifteen" / "countdown.15", "2000000\n", CellRef("puzzle", 0, 0), "acc < -5",
         "mem[0]", ("^_,<-", "^!,<-")),
    Case("messiscript", EXAMPLES / "messiscript" / "cuenta_regresiva.messi", "", CodeRef(5), "cell < -5", "tape[0]"),
)


def timed(case: Case, setup) -> tuple[float, int]:
    """Seconds of the fastest of three continues to the end, and the steps run."""
    language = by_name(case.language)
    text = case.program.read_text("utf-8")
    if case.edit is not None:
        assert case.edit[0] in text, f"{case.program.name} has changed: no {case.edit[0]!r} in it"
        text = text.replace(*case.edit, 1)
    program = language.parse(text, str(case.program))
    best, steps = float("inf"), 0
    for _ in range(3):
        session = Session(language, program, case.input_text)
        setup(session)
        start = time.perf_counter()
        outcome = session.continue_()
        seconds = time.perf_counter() - start
        assert outcome.reason.value == "halted", outcome
        best, steps = min(best, seconds), session.steps
    return best, steps


def bench(case: Case) -> None:
    language = by_name(case.language)
    edited = f" with {case.edit[0]!r} → {case.edit[1]!r}" if case.edit is not None else ""
    print(f"== {language.title}: {case.program.name}{edited}")
    plain, steps = timed(case, lambda s: None)
    print(f"plain continue: {steps:,} steps in {plain:.2f} s = {steps / plain / 1e6:.2f} M steps/s")
    rows = (
        (f"breakpoint at {case.loop} (no condition)", lambda s: s.breakpoints.set(case.loop, hit_condition="1000000000")),
        (f"breakpoint at {case.loop} if {case.condition}",
         lambda s: s.breakpoints.set(case.loop, condition=case.condition)),
        ("event breakpoint: error (never happens)", lambda s: s.breakpoints.set(EventRef("error"))),
        ("event breakpoint: output (every number printed)",
         lambda s: s.breakpoints.set(EventRef("output"), hit_condition="1000000000")),
        (f"data breakpoint: {case.data} (changes all the time)",
         lambda s: s.breakpoints.set(DataRef(case.data), hit_condition="1000000000")),
    )
    for about, setup in rows:
        seconds, _ = timed(case, setup)
        print(f"{about}: {seconds:.2f} s = {steps / seconds / 1e6:.2f} M steps/s, {seconds / plain:.1f}x plain")
    print()


def main(names: list[str]) -> None:
    for case in CASES:
        if not names or case.language in names:
            bench(case)


if __name__ == "__main__":
    main(sys.argv[1:])
