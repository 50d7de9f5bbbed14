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
import subprocess
import tempfile
from pathlib import Path

from sidebyside import CHILD_ENV, esodbg, paired, profile, report

HERE = Path(__file__).resolve().parent
PROGRAM = HERE / "programs" / "countdown.hxg"
ROUNDS = 1_000_000


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


def compare(reference: Path, runs: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "countdown.hxg"
        source.write_text(program(rounds), "utf-8")
        ours = esodbg("hexagony") + [str(source)]
        theirs = ["ruby", str(reference / "interpreter.rb"), str(source)]
        state = subprocess.run(ours + ["--final-state", "-"], capture_output=True, env=CHILD_ENV, check=True).stdout
        if f'"steps": {steps(rounds)},' not in state.decode():
            raise SystemExit(f"esodbg did not take {steps(rounds):,} steps: {state[-300:]!r}")
        pairs = paired(ours, theirs, runs)
    report(PROGRAM.name, steps(rounds), "hexagony.rb", pairs)


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
        profile("hexagony", PROGRAM, args.steps, args.top)
    elif args.reference is None or not (args.reference / "hexagony.rb").is_file():
        parser.error("give the reference's checkout with --reference PATH, or --profile")
    else:
        compare(args.reference, args.runs, args.rounds)


if __name__ == "__main__":
    main()
