"""Speed and memory figures for every language.  Run: python benchmarks/bench.py [LANGUAGE…]

For each language, on a long countdown from `examples/`: exec steps/s (in process, and the whole
`esodbg exec` command with start-up and output to /dev/null); debugger continue steps/s with a
breakpoint set (checked every step, reached only at the end) and history on; near the end, the
time of one step back and of jumps back to random earlier steps; the history's size.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

from esodbg.engines import by_name
from esodbg.engines.base import CellRef, CodeRef, Location, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class Case(NamedTuple):
    language: str
    program: Path
    input_text: str
    breakpoint: Location
    about: str


CASES = (
    Case("fifteen", EXAMPLES / "fifteen" / "countdown.15", "8333340\n", CellRef("puzzle", 1, 2),
         "countdown from 8,333,340"),
    Case("messiscript", EXAMPLES / "messiscript" / "cuenta_regresiva.messi", "", CodeRef(11),
         "countdown from 1,000,000, a number per line (breakpoint on ¡gol!)"),
)


def bench(case: Case) -> None:
    language = by_name(case.language)
    program = language.parse(case.program.read_text("utf-8"), str(case.program))
    print(f"== {language.title}: {case.program.name}, {case.about}")

    machine = language.machine(program, InputLog(case.input_text, True), OutputLog())
    start = time.perf_counter()
    assert machine.run(1 << 62) is Stop.HALTED
    seconds = time.perf_counter() - start
    total = machine.steps
    print(f"exec engine:        {total:,} steps in {seconds:.2f} s = {total / seconds / 1e6:.2f} M steps/s")

    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(case.program)], input=case.input_text,
                   text=True, check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    print(f"esodbg exec (whole command, start-up included): {seconds:.2f} s = {total / seconds / 1e6:.2f} M steps/s")

    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    session = Session(language, program, case.input_text)
    session.breakpoints.toggle(case.breakpoint)
    start = time.perf_counter()
    outcome = session.continue_()
    seconds = time.perf_counter() - start
    print(f"debugger continue:  {outcome.reason.value} at step {session.steps:,} in {seconds:.2f} s "
          f"= {session.steps / seconds / 1e6:.2f} M steps/s (breakpoint set, history on)")

    late = total * 9 // 10
    session.goto(late)
    start = time.perf_counter()
    session.step_back()
    print(f"step back one step at step {late:,}: {(time.perf_counter() - start) * 1e3:.2f} ms")
    rng = random.Random(15)
    times = []
    for _ in range(20):
        target = rng.randrange(late)
        start = time.perf_counter()
        session.goto(target)
        times.append(time.perf_counter() - start)
        session.goto(late)
    print(f"jump back to 20 random earlier steps: max {max(times) * 1e3:.2f} ms, mean {sum(times) / len(times) * 1e3:.2f} ms")
    history = session.history
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"history: {history.checkpoints:,} checkpoints every {history.interval:,} steps, "
          f"{history.bytes / 1e6:.2f} MB + {len(history.undo)} undo records; "
          f"process peak RSS grew by {(rss - rss_before) / 1024:.1f} MB\n")


def main(names: list[str]) -> None:
    for case in CASES:
        if not names or case.language in names:
            bench(case)


if __name__ == "__main__":
    main(sys.argv[1:])
