"""The ><> row of issue 37's speed table: ``esodbg exec`` against fish.py on one long ><> run.
Run:

    .venv/bin/python benchmarks/fish.py --fish PATH/fish.py [--runs N]
    .venv/bin/python benchmarks/fish.py --throughput [--limit N]
    .venv/bin/python benchmarks/fish.py --profile [--steps N] [--top N]

The program is ``benchmarks/programs/primes.fish``, our own: the primes below 10,000 by trial
division (n kept in the codebox with ``g`` and ``p``, the divisor on the stack; ``%``, ``)``,
``?``, ``!``, ``.`` jumps, ``n`` and ``o``), 2,615,056 steps (spec rule 4) printing 1,229 lines.
fish.py is the spec's arbiter (github:PidgeyUsedGust/fish at f190cf4), run as the spec names it:
``python3 fish.py FILE`` (no path to it is assumed).  fish.py sleeps ``-t`` seconds (0 by
default) after every instruction that is not a space, so its time is in part the kernel's.

Both run as whole processes, output to a pipe (checked equal once), alternately ``--runs`` times
(default 1: fish.py takes about a minute); the medians of wall and CPU seconds (user + system, of
the child alone: steadier on a busy machine) and their ratios are printed, the ratio being ours
over theirs in speed (above 1: esodbg is faster).  esodbg's run is mostly its start (about 0.2 s),
so ``--throughput`` also times the same program with a higher limit (``--limit``, default
100,000: 40 million steps), esodbg alone, against the time of ``esodbg exec`` on an empty loop's
first step, to give steps a second.

``--profile`` instead runs the first ``--steps`` steps (default 2,000,000) in this process under
cProfile, the engines imported from their Python sources (not the mypyc extensions a build
compiles, which cProfile sees as one opaque call), and prints the ``--top`` entries (default 25)
by internal time.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from sidebyside import CHILD_ENV, esodbg, paired, profile, report, same_output, timed

HERE = Path(__file__).resolve().parent
PROGRAM = HERE / "programs" / "primes.fish"
STEPS = 2_615_056
ESODBG = esodbg("fish")


def compare(fish: Path, runs: int) -> None:
    ours, theirs = ESODBG + [str(PROGRAM)], [sys.executable, str(fish), str(PROGRAM)]
    same_output(ours, theirs, "fish.py")
    report(PROGRAM.name, STEPS, "fish.py", paired(ours, theirs, runs))


def throughput(limit: int) -> None:
    """esodbg's steps a second on the primes below ``limit``, its start taken away."""
    text = PROGRAM.read_text("utf-8").replace("aa*:*=", _number(limit) + "=")
    with tempfile.TemporaryDirectory() as work:
        program, empty = Path(work, "primes.fish"), Path(work, "empty.fish")
        program.write_text(text, "utf-8")
        empty.write_text(";", "utf-8")
        state = Path(work, "state.json")
        subprocess.run(ESODBG + ["--final-state", str(state), str(program)], stdout=subprocess.DEVNULL, check=True,
                       env=CHILD_ENV)
        import json

        steps = json.loads(state.read_text("utf-8"))["steps"]
        start = min(timed(ESODBG + [str(empty)])[1] for _ in range(3))
        run = min(timed(ESODBG + [str(program)])[1] for _ in range(3))
    print(f"exec primes below {limit:,} ({steps:,} steps): {run:.2f} s CPU, of which {start:.2f} s the start: "
          f"{steps / (run - start) / 1e6:.1f} M steps/s")


def _number(n: int) -> str:
    """``n`` written in ><>: its hex digits, each pushed and folded in (``a0*5+`` …)."""
    digits = f"{n:x}"
    return digits[0] + "".join(f"f1+*{d}+" for d in digits[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--fish", type=Path, help="fish.py, the reference (see above)")
    parser.add_argument("--runs", type=int, default=1, help="paired runs of whole processes (default 1)")
    parser.add_argument("--throughput", action="store_true", help="time esodbg alone on a longer run instead")
    parser.add_argument("--limit", type=int, default=100_000, help="--throughput's limit (default 100,000)")
    parser.add_argument("--profile", action="store_true", help="profile esodbg's engine in process instead")
    parser.add_argument("--steps", type=int, default=2_000_000, help="steps to profile (default 2,000,000)")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    args = parser.parse_args()
    if args.profile:
        profile("fish", PROGRAM, args.steps, args.top)
    elif args.throughput:
        throughput(args.limit)
    elif args.fish is None or not args.fish.is_file():
        parser.error("give fish.py with --fish PATH, or --throughput, or --profile")
    else:
        compare(args.fish, args.runs)


if __name__ == "__main__":
    main()
