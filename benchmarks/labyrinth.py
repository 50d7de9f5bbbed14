"""The Labyrinth row of issue 38's speed table: ``esodbg exec`` against the reference
``labyrinth.rb`` on one long Labyrinth run (the target: esodbg at least 30 times as fast).  Run:

    .venv/bin/python benchmarks/labyrinth.py --reference DIR [--runs N]
    .venv/bin/python benchmarks/labyrinth.py --profile [--steps N] [--top N]

The program is ``benchmarks/programs/bench.lab``, our own: a ring of corridors run 100,000 times.
Each lap counts on the main stack, stashes the count on the auxiliary stack while it does some
arithmetic (``_7*_3+_5%;``), turns at a T junction by ``10⁵ − count`` (zero: on to the ``@``), and on
the way back rotates a row of the maze left and right again (``_2<_2>``): 52 steps a lap, 5,199,974
steps in all (spec T2), no output.  ``DIR`` is a checkout of m-ender/labyrinth (the spec's arbiter,
commit d3cc04f), run as ``ruby interpreter.rb FILE`` with Debian's Ruby 3.1.

Both run as whole processes, alternately ``--runs`` times (default 3); the medians of wall and CPU
seconds (user + system, of the child alone: steadier on a busy machine) and their ratio are
printed, the ratio being ours over theirs in speed (above 1: esodbg is faster).  Both are checked
once to take the same steps: the reference's ``-d`` says its ticks, esodbg's ``--final-state`` its
steps.

``--profile`` instead runs the first ``--steps`` steps (default 2,000,000) in this process under
cProfile, the engines imported from their Python sources (not the mypyc extension a build
compiles, which cProfile sees as one opaque call), and prints the ``--top`` entries (default 25)
by internal time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROGRAM = HERE / "programs" / "bench.lab"
STEPS = 5_199_974
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
ESODBG = [sys.executable, "-m", "esodbg.app", "exec", "--lang", "labyrinth"]


def timed(command: list[str], cwd: Path | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one whole run of ``command``, output discarded."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=CHILD_ENV, cwd=cwd)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{command[0]} … exited with {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def check(reference: Path) -> None:
    """Both run the program to its end in the same number of steps."""
    ours = subprocess.run(ESODBG + ["--final-state", "-", str(PROGRAM)], capture_output=True, env=CHILD_ENV,
                          check=True, text=True).stdout
    state = json.loads(ours)
    theirs = subprocess.run(["ruby", "interpreter.rb", "-d", str(PROGRAM)], capture_output=True, env=CHILD_ENV,
                            cwd=reference, check=True, text=True).stderr
    ticks = re.search(r"Ticks: (\d+)", theirs)
    if state["steps"] != STEPS or ticks is None or int(ticks.group(1)) != STEPS:
        raise SystemExit(f"the runs differ: esodbg {state['steps']} steps, the reference {ticks and ticks.group(1)}")


def compare(reference: Path, runs: int) -> None:
    check(reference)
    ours, theirs = ESODBG + [str(PROGRAM)], ["ruby", "interpreter.rb", str(PROGRAM)]
    pairs = [(timed(ours), timed(theirs, reference)) for _ in range(runs)]
    for index, what in enumerate(("wall", "CPU")):
        mine = statistics.median(pair[0][index] for pair in pairs)
        other = statistics.median(pair[1][index] for pair in pairs)
        ratios = [pair[1][index] / pair[0][index] for pair in pairs]
        print(f"exec bench.lab ({STEPS:,} steps) vs labyrinth.rb, {what:<4}: esodbg {mine:.2f} s "
              f"({STEPS / mine / 1e6:.1f} M steps/s), labyrinth.rb {other:.2f} s "
              f"({STEPS / other / 1e6:.2f} M steps/s): speed ratio {other / mine:.1f}x "
              f"({min(ratios):.1f}–{max(ratios):.1f})")


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

    language = by_name("labyrinth")
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
    parser.add_argument("--reference", type=Path, help="a checkout of m-ender/labyrinth (interpreter.rb)")
    parser.add_argument("--runs", type=int, default=3, help="paired runs of whole processes (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile esodbg's engine in process instead")
    parser.add_argument("--steps", type=int, default=2_000_000, help="steps to profile (default 2,000,000)")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    args = parser.parse_args()
    if args.profile:
        profile(args.steps, args.top)
    elif args.reference is None or not (args.reference / "interpreter.rb").is_file():
        parser.error("give the reference's folder with --reference DIR (its interpreter.rb), or --profile")
    else:
        compare(args.reference, args.runs)


if __name__ == "__main__":
    main()
