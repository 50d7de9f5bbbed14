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
import re
import subprocess
from pathlib import Path

from sidebyside import CHILD_ENV, esodbg, paired, profile, report

HERE = Path(__file__).resolve().parent
PROGRAM = HERE / "programs" / "bench.lab"
STEPS = 5_199_974
ESODBG = esodbg("labyrinth")


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
    report(PROGRAM.name, STEPS, "labyrinth.rb", paired(ours, theirs, runs, reference))


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
        profile("labyrinth", PROGRAM, args.steps, args.top)
    elif args.reference is None or not (args.reference / "interpreter.rb").is_file():
        parser.error("give the reference's folder with --reference DIR (its interpreter.rb), or --profile")
    else:
        compare(args.reference, args.runs)


if __name__ == "__main__":
    main()
