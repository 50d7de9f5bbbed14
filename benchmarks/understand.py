"""What understanding a run costs on a 10-million-step run (issue 28).  Run:

    .venv/bin/python benchmarks/understand.py [--steps N]

On ``examples/fifteen/countdown.15`` with an input that makes it run about ``--steps`` steps
(default 10,000,000), continued to its end in a debugger session (history on), it times, each
the best of three:

* **why, recent writer**: ``acc``'s writer, a few steps before the end (``Y``, ``exec --why``);
* **why, a chain of 16**: ``acc``'s chain 16 writes deep;
* **why, no writer**: a location nothing wrote (``mem[2]``): the whole run scanned backwards,
  the worst case: the fast loop between the steps that may write it (15's ``writers``), and
  looking after every step (a language that does not say which steps may);
* **output line**: the step that wrote the first character of the output (bisection);
* **heat map, first**: the counts of every step up to the end, from scratch (``H`` on a long
  run), and **heat map, step back**: then the counts one step before the end;
* **profile**: ``exec --profile``'s counting run against a plain run of the same machine;
* **timeline marks**: where output was written, over a timeline of 100 columns.

The output is turned on (``^_`` → ``^!``) so that the output figures have something to find.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.outputs import OutputLengths
from esodbg.engines.profile import HeatMap, Tally
from esodbg.engines.provenance import chain, writer
from esodbg.engines.registry import by_name

PROGRAM = Path(__file__).resolve().parent.parent / "examples" / "fifteen" / "countdown.15"


def best(work, runs: int = 3) -> tuple[float, object]:
    """The best time of ``runs`` runs of ``work()``, and its last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10_000_000)
    steps = parser.parse_args().steps
    language = by_name("fifteen")
    program = language.parse(PROGRAM.read_text().replace("^_", "^!", 1), str(PROGRAM))
    start = steps * 10 // 12 // 10 * 10  # countdown.15 runs 12*N/10 + 4 steps
    session = Session(language, program, f"{start}\n", True)
    began = time.perf_counter()
    session.continue_()
    end = session.steps
    print(f"countdown.15 from {start:,}: {end:,} steps, continued in {time.perf_counter() - began:.2f} s; "
          f"{session.history.checkpoints} checkpoints {session.history.interval:,} steps apart")

    def why_recent():
        return writer(session, "acc", end)

    def why_chain():
        return chain(session, "acc", end, depth=16)

    def why_nothing():
        return writer(session, "mem[2]", end)

    rows = []
    took, link = best(why_recent)
    rows.append(("why, recent writer (acc)", took, f"step {link.step:,}"))
    took, (links, _) = best(why_chain)
    rows.append(("why, a chain of 16 (acc)", took, f"back to step {links[-1].step:,}"))
    took, found = best(why_nothing, runs=1)
    rows.append(("why, no writer (mem[2]): the worst case", took, "the initial value" if found is None else "?"))
    get = language.data(session.machine, "mem[2]")
    took, found = best(lambda: session.last_change(get, end), runs=1)
    rows.append(("  the same, looking after every step (no writers)", took,
                 "what a language without writers costs" if found is None else "?"))
    took, step = best(lambda: session.output_step(0, end))
    rows.append(("output line: the step that wrote it", took, f"step {step:,}"))
    heat = HeatMap(session)
    took, tally = best(lambda: HeatMap(session).at(end), runs=1)
    heat.at(end)
    rows.append(("heat map, first (every step counted)", took, f"{tally.steps:,} steps"))
    took, tally = best(lambda: heat.at(end - 1) and heat.at(end))
    rows.append(("heat map, a step back and forth", took, ""))
    took, marks = best(lambda: OutputLengths(session).marks(end, 100), runs=1)
    rows.append(("timeline output marks, 100 columns", took, f"{len(marks)} marked"))

    def plain():
        machine = language.machine(program, InputLog(f"{start}\n", True), OutputLog())
        machine.run(end)

    def counted():
        machine = language.machine(program, InputLog(f"{start}\n", True), OutputLog())
        Tally(language).run(machine, end)

    took_plain, _ = best(plain, runs=1)
    took_counted, _ = best(counted, runs=1)
    rows.append(("profile: a counting run", took_counted, f"{took_counted / took_plain:.1f}× a plain run "
                                                          f"({took_plain:.2f} s)"))
    width = max(len(name) for name, _, _ in rows)
    for name, took, note in rows:
        print(f"  {name:<{width}}  {took * 1000:>10.1f} ms  {note}")


if __name__ == "__main__":
    main()
