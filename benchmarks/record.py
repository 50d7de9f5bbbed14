"""What `esodbg record` costs (issue 26).  Run: python benchmarks/record.py [--runs N]

A 15 program of 10,000 steps (countdown.15 on input 8330: 12 * 8330 / 10 + 4 steps) recorded at
the default 120x40 and 300 frames, sampled evenly, as each format; each a whole process, as a
user runs it.  Printed side by side in one run: the wall time, CPU time (the process's and its
children's: agg's) and peak memory of each, the time per frame, and the same run by `esodbg
exec` (the engine alone: what drawing adds).  On a loaded machine the wall time grows and the
CPU time barely does.  Targets: ≤ 10 s, peak memory ≤ 300 MB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ESODBG = Path(sys.executable).parent / "esodbg"
PROGRAM = ROOT / "examples" / "fifteen" / "countdown.15"
INPUT = "8330"
FRAMES = 300


def measure(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (with its children's) and peak resident MB of ``command`` (a
    process of its own)."""
    start = time.perf_counter()
    before = os.times()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    after = os.times()  # the children's times include the reaped process's and its own children's
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed: {process.stderr.read().decode()}")
    cpu = after.children_user + after.children_system - before.children_user - before.children_system
    return seconds, cpu, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each, the median printed (default 3)")
    runs = parser.parse_args().runs
    print(f"{PROGRAM.name} on input {INPUT}: 10,000 steps, recorded at 120x40, {FRAMES} frames; median of {runs}")
    exec_seconds = statistics.median(measure([str(ESODBG), "exec", str(PROGRAM), "--input", INPUT])[0]
                                     for _ in range(runs))
    print(f"  esodbg exec (no drawing)  {exec_seconds:6.2f} s")
    with tempfile.TemporaryDirectory() as folder:
        for suffix in (".cast", ".svg", ".gif"):
            out = Path(folder) / f"run{suffix}"
            results = [measure([str(ESODBG), "record", str(PROGRAM), "--input", INPUT, "-o", str(out)])
                       for _ in range(runs)]
            seconds = statistics.median(result[0] for result in results)
            cpu = statistics.median(result[1] for result in results)
            peak = max(result[2] for result in results)
            verdict = "ok" if seconds <= 10 and peak <= 300 else "MISSED"
            print(f"  record -o run{suffix:<5}      {seconds:6.2f} s  (CPU {cpu:5.2f} s, "
                  f"{1000 * seconds / FRAMES:4.1f} ms a frame, {seconds / exec_seconds:4.1f}x exec)  "
                  f"peak {peak:5.0f} MB  {out.stat().st_size / 1e6:5.2f} MB written   "
                  f"target ≤ 10 s, ≤ 300 MB: {verdict}")


if __name__ == "__main__":
    main()
