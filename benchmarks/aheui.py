"""The Aheui row of the speed table: ``esodbg exec`` against the reference rpaheui 1.2.5 in its
pure-Python mode (PyPI ``aheui``, no RPython toolchain) on one long Aheui run (the target of issue
47: esodbg at least 20 times as fast).  Run:

    .venv/bin/python benchmarks/aheui.py --reference /tmp/rpaheui-venv/bin/aheui [--runs N]
    .venv/bin/python benchmarks/aheui.py --profile [--steps N] [--top N]

The program is ``benchmarks/programs/countdown.aheui``, our own: column 0 makes 10⁶ (5 × 2, squared
and cubed…), then a ring of two rows counts it down by one a lap (push 2, push 2, divide, subtract,
duplicate, branch on the copy; back along the row below), 12 steps a lap, 12,000,005 steps in all
(spec T1), no output.  rpaheui runs as ``aheui --no-c FILE`` (the spec's way, default ``-O1``).

Both run as whole processes, alternately ``--runs`` times (default 3); the medians of wall and CPU
seconds and their ratio are printed (above 1: esodbg is faster).  esodbg is checked once to take
the steps above, and both to write the same (nothing) and end with 0.

``--profile`` instead runs the first ``--steps`` steps in this process under cProfile, the
engines imported from their Python sources, and prints the ``--top`` entries by internal time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

from sidebyside import CHILD_ENV, esodbg, paired, profile, report, same_output

HERE = Path(__file__).resolve().parent
PROGRAM = HERE / "programs" / "countdown.aheui"
STEPS = 12_000_005
ESODBG = esodbg("aheui")


def check(reference: str) -> None:
    state = json.loads(subprocess.run(ESODBG + ["--final-state", "-", str(PROGRAM)], capture_output=True,
                                      env=CHILD_ENV, check=True, text=True).stdout)
    if state["steps"] != STEPS:
        raise SystemExit(f"esodbg took {state['steps']} steps, not {STEPS}")
    same_output(ESODBG + [str(PROGRAM)], [reference, "--no-c", str(PROGRAM)], "rpaheui")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--reference", help="rpaheui's aheui command (pip install aheui into a venv)")
    parser.add_argument("--runs", type=int, default=3, help="paired runs of whole processes (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile esodbg's engine in process instead")
    parser.add_argument("--steps", type=int, default=2_000_000, help="steps to profile (default 2,000,000)")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    args = parser.parse_args()
    if args.profile:
        profile("aheui", PROGRAM, args.steps, args.top)
    elif args.reference is None:
        parser.error("give rpaheui's command with --reference PATH, or --profile")
    else:
        check(args.reference)
        report(PROGRAM.name, STEPS, "rpaheui (pure Python)",
               paired(ESODBG + [str(PROGRAM)], [args.reference, "--no-c", str(PROGRAM)], args.runs))


if __name__ == "__main__":
    main()
