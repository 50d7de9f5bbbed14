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
from pathlib import Path

from sidebyside import esodbg, paired, profile, report, same_output

HERE = Path(__file__).resolve().parent
PROGRAM = HERE / "programs" / "countdown.b93"
STEPS = 503_316_489


def compare(bef: Path, runs: int) -> None:
    ours, theirs = esodbg("befunge93") + [str(PROGRAM)], [str(bef), "-q", str(PROGRAM)]
    same_output(ours, theirs, "bef.c")
    report(PROGRAM.name, STEPS, "bef.c", paired(ours, theirs, runs))


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
        profile("befunge93", PROGRAM, args.steps, args.top)
    elif args.bef is None or not args.bef.is_file():
        parser.error("give bef.c's binary with --bef PATH (see --help for how to build it), or --profile")
    else:
        compare(args.bef, args.runs)


if __name__ == "__main__":
    main()
