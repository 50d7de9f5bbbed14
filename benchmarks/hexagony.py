"""The Hexagony row of issue 36's speed table: ``esodbg exec`` against the reference,
``hexagony.rb``, on one long run of a program of our own.  Run:

    .venv/bin/python benchmarks/hexagony.py --reference PATH [--runs N] [--rounds N]
    .venv/bin/python benchmarks/hexagony.py --profile [--steps N] [--top N]

The program is ``benchmarks/programs/countdown.hxg`` (side 4): a loop of two rows closed by
mirrors that counts an edge down from 1,000,000 with ``(``, and on each round steps the memory
pointer to a neighbouring edge and back (``{`` ``)`` ``"``) to count the rounds there; the
``<`` branch leaves the loop when the count reaches 0.  Eleven steps a round and seven more:
11,000,007 steps (spec T2), no output.  ``PATH`` is a checkout of m-ender/hexagony at the commit
the spec names (run as ``ruby interpreter.rb FILE``); no path to it is assumed.

Both run as whole processes, alternately ``--runs`` times (default 3); the medians of wall and
CPU seconds (user + system, of the child alone: steadier on a busy machine) and their ratios are
printed, the ratio being ours over theirs in speed (above 1: esodbg is faster).  ``--rounds N``
runs the same program counting down from N instead (its first row's digits and the middle row's
changed): the reference takes about 25 s on the full million.

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
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROGRAM = HERE / "programs" / "countdown.hxg"
ROUNDS = 1_000_000
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
ESODBG = [sys.executable, "-m", "esodbg.app", "exec", "--lang", "hexagony"]


def steps(rounds: int) -> int:
    """The steps of the countdown from ``rounds``: eleven a round and seven more."""
    return 11 * rounds + 7


def program(rounds: int) -> str:
    """The countdown from ``rounds`` (1 to 9,999,999): its digits fill the top row's four cells,
    then the middle row's first three, the rest of them ``.``."""
    if not 0 < rounds < 10 ** 7:
        raise SystemExit("--rounds: 1 to 9,999,999")
    lines = PROGRAM.read_text("utf-8").splitlines()
    digits = str(rounds).ljust(7, ".")
    lines[0] = "   " + " ".join(digits[:4])
    lines[3] = " ".join(digits[4:]) + lines[3][5:]
    return "\n".join(lines) + "\n"


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


def compare(reference: Path, runs: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "countdown.hxg"
        source.write_text(program(rounds), "utf-8")
        ours = ESODBG + [str(source)]
        theirs = ["ruby", str(reference / "interpreter.rb"), str(source)]
        state = subprocess.run(ours + ["--final-state", "-"], capture_output=True, env=CHILD_ENV, check=True).stdout
        if f'"steps": {steps(rounds)},' not in state.decode():
            raise SystemExit(f"esodbg did not take {steps(rounds):,} steps: {state[-300:]!r}")
        pairs = [(timed(ours), timed(theirs)) for _ in range(runs)]
    count = steps(rounds)
    for index, what in enumerate(("wall", "CPU")):
        mine = statistics.median(pair[0][index] for pair in pairs)
        other = statistics.median(pair[1][index] for pair in pairs)
        ratios = [pair[1][index] / pair[0][index] for pair in pairs]
        print(f"exec countdown.hxg ({count:,} steps) vs hexagony.rb, {what:<4}: esodbg {mine:.2f} s "
              f"({count / mine / 1e6:.1f} M steps/s), hexagony.rb {other:.2f} s ({count / other / 1e6:.2f} M steps/s): "
              f"speed ratio {other / mine:.1f}x ({min(ratios):.1f}–{max(ratios):.1f})")


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


def profile(count: int, top: int) -> None:
    import cProfile
    import pstats

    pure_engines()
    from esodbg.engines.iobuf import InputLog, OutputLog
    from esodbg.engines.registry import by_name

    language = by_name("hexagony")
    parsed = language.parse(PROGRAM.read_text("utf-8"), str(PROGRAM), {})
    machine = language.machine(parsed, InputLog("", True), OutputLog())
    profiler = cProfile.Profile()
    profiler.runcall(machine.run, count)
    print(f"{machine.steps:,} steps of {PROGRAM.name}, engines from their Python sources")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--reference", type=Path, help="a checkout of m-ender/hexagony (see above)")
    parser.add_argument("--runs", type=int, default=3, help="paired runs of whole processes (default 3)")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"the count down's start (default {ROUNDS:,})")
    parser.add_argument("--profile", action="store_true", help="profile esodbg's engine in process instead")
    parser.add_argument("--steps", type=int, default=2_000_000, help="steps to profile (default 2,000,000)")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    args = parser.parse_args()
    if args.profile:
        profile(args.steps, args.top)
    elif args.reference is None or not (args.reference / "hexagony.rb").is_file():
        parser.error("give the reference's checkout with --reference PATH, or --profile")
    else:
        compare(args.reference, args.runs, args.rounds)


if __name__ == "__main__":
    main()
