"""15 speed and memory figures (issue 2).  Run: python benchmarks/bench_fifteen.py

Prints: exec steps/s on a 10,000,012-step countdown (in process, and the whole `esodbg exec`
command); debugger continue steps/s with a cell breakpoint set and history on; after 10 M steps
the time of one step back and of jumps back to earlier steps; the history's size.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import time
from pathlib import Path

from esodbg.engines import FIFTEEN
from esodbg.engines.base import CellRef, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog

COUNTDOWN = Path(__file__).resolve().parent.parent / "examples" / "fifteen" / "countdown.15"
N = "8333340\n"  # 12 * N / 10 + 4 = 10,000,012 steps


def main() -> None:
    program = FIFTEEN.parse(COUNTDOWN.read_text(), str(COUNTDOWN))

    machine = FIFTEEN.machine(program, InputLog(N, True), OutputLog())
    start = time.perf_counter()
    assert machine.run(1 << 62) is Stop.HALTED
    seconds = time.perf_counter() - start
    print(f"exec engine:        {machine.steps:,} steps in {seconds:.2f} s = {machine.steps / seconds / 1e6:.2f} M steps/s")

    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(COUNTDOWN)], input=N, text=True, check=True)
    seconds = time.perf_counter() - start
    print(f"esodbg exec (whole command, start-up included): {seconds:.2f} s = {machine.steps / seconds / 1e6:.2f} M steps/s")

    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    session = Session(FIFTEEN, program, N)
    session.breakpoints.toggle(CellRef("puzzle", 1, 2))  # checked every step, reached again only at the halt
    start = time.perf_counter()
    outcome = session.continue_()
    seconds = time.perf_counter() - start
    print(f"debugger continue:  {outcome.reason.value} at step {session.steps:,} in {seconds:.2f} s "
          f"= {session.steps / seconds / 1e6:.2f} M steps/s (breakpoint set, history on)")

    session.goto(10_000_000)
    start = time.perf_counter()
    session.step_back()
    print(f"step back one step at step 10,000,000: {(time.perf_counter() - start) * 1e3:.2f} ms")
    rng = random.Random(15)
    times = []
    for _ in range(20):
        target = rng.randrange(session.steps)
        start = time.perf_counter()
        session.goto(target)
        times.append(time.perf_counter() - start)
        session.goto(10_000_000)
    print(f"jump back to 20 random earlier steps: max {max(times) * 1e3:.2f} ms, mean {sum(times) / len(times) * 1e3:.2f} ms")
    history = session.history
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"history: {history.checkpoints:,} checkpoints every {history.interval:,} steps, "
          f"{history.bytes / 1e6:.2f} MB + {len(history.undo)} undo records; "
          f"process peak RSS grew by {(rss - rss_before) / 1024:.1f} MB")


if __name__ == "__main__":
    main()
