"""The Befunge row of issue 35's speed table: ``esodbg exec`` against catseye's bef.c on one long
Befunge-93 run.  Run:

    .venv/bin/python benchmarks/befunge.py --bef PATH [--runs N]
    .venv/bin/python benchmarks/befunge.py --profile [--steps N] [--top N]

The program is ``benchmarks/programs/countdown.b93``: a countdown from 64^4 * 3 = 50,331,648,
ten steps a round and nine more, 503,316,489 steps in all (spec rule 4),
that prints ``0 ``.  bef.c is a plain build of catseye/Befunge-93 (the spec's arbiter, commit
8fe4065): clone https://github.com/catseye/Befunge-93 and run ``cc -std=c99
-D_POSIX_C_SOURCE=200809L -O2 -o bef src/bef.c`` there; no path to it is assumed.  Measured
here: bef.c runs it in about 5 s (about 110 M steps a second), esodbg's compiled loop in about
9 s (ratio 0.55: 0.49–0.57 over 3 runs).

Both run as whole processes, output to a pipe (checked byte-equal once), alternately ``--runs``
times (default 3); the medians of wall and CPU seconds (user + system, of the child alone:
steadier on a busy machine) and their ratios are printed, the ratio being ours over theirs in
speed (above 1: esodbg is faster).

``--profile`` instead runs the first ``--steps`` steps (default 2,000,000) in this process under
cProfile, the engines imported from their Python sources (not the mypyc extensions a build
compiles, which cProfile sees as one opaque call), and prints the ``--top`` entries (default 25)
by internal time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROGRAM = HERE / "programs" / "countdown.b93"
STEPS = 503_316_489
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
ESODBG = [sys.executable, "-m", "esodbg.app", "exec", "--lang", "befunge93"]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one whole run of ``command``, output discarded."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=CHILD_ENV)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{command[0]} … exited with {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def compare(bef: Path, runs: int) -> None:
    ours, theirs = ESODBG + [str(PROGRAM)], [str(bef), "-q", str(PROGRAM)]
    outputs = [subprocess.run(command, capture_output=True, env=CHILD_ENV, check=True).stdout for command in (ours, theirs)]
    if outputs[0] != outputs[1]:
        raise SystemExit(f"the outputs differ: esodbg {outputs[0][:80]!r}, bef.c {outputs[1][:80]!r}")
    pairs = [(timed(ours), timed(theirs)) for _ in range(runs)]
    for index, what in enumerate(("wall", "CPU")):
        mine = statistics.median(pair[0][index] for pair in pairs)
        other = statistics.median(pair[1][index] for pair in pairs)
        ratios = [pair[1][index] / pair[0][index] for pair in pairs]
        print(f"exec countdown.b93 ({STEPS:,} steps) vs bef.c, {what:<4}: esodbg {mine:.2f} s "
              f"({STEPS / mine / 1e6:.1f} M steps/s), bef.c {other:.2f} s: speed ratio {other / mine:.2f}x "
              f"({min(ratios):.2f}–{max(ratios):.2f})")


def pure_engines() -> None:
    """Import esodbg's modules from their ``.py`` sources from now on: a path hook in front that
    finds no extension modules under the repository (others, as tree-sitter's, load as usual)."""
    import importlib.machinery as machinery

    source_only = machinery.FileFinder.path_hook((machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES),
                                                 (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES))

    def hook(path: str):
        if Path(path or ".").resolve().is_relative_to(ROOT):
            return source_only(path)
        raise ImportError("not esodbg's")  # the next hook finds it

    sys.path_hooks.insert(0, hook)
    sys.path_importer_cache.clear()


def profile(steps: int, top: int) -> None:
    import cProfile
    import pstats

    pure_engines()
    from esodbg.engines.iobuf import InputLog, OutputLog
    from esodbg.engines.registry import by_name

    language = by_name("befunge93")
    program = language.parse(PROGRAM.read_text("utf-8"), str(PROGRAM), {})
    machine = language.machine(program, InputLog("", True), OutputLog())
    profiler = cProfile.Profile()
    profiler.runcall(machine.run, steps)
    print(f"{machine.steps:,} steps of {PROGRAM.name}, engines from their Python sources")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--bef", type=Path, help="catseye's bef, built from src/bef.c (see above)")
    parser.add_argument("--runs", type=int, default=3, help="paired runs of whole processes (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile esodbg's engine in process instead")
    parser.add_argument("--steps", type=int, default=2_000_000, help="steps to profile (default 2,000,000)")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    args = parser.parse_args()
    if args.profile:
        profile(args.steps, args.top)
    elif args.bef is None or not args.bef.is_file():
        parser.error("give bef.c's binary with --bef PATH (see --help for how to build it), or --profile")
    else:
        compare(args.bef, args.runs)


if __name__ == "__main__":
    main()
