"""Run the Brainfuck test programs of rdebath/Brainfuck's ``testing/`` folder (Cristofani's tests,
Mandelbrot, LostKng, awib…) through ``esodbg exec`` and bfref side by side, and against the
expected outputs the folder ships (not part of esodbg: clone github:rdebath/Brainfuck).

    .venv/bin/python tests/brainfuck_programs.py --testing PATH/testing --bfref PATH/bfref [--timeout S]

Each ``NAME.b`` runs with ``NAME.in`` as its input if there is one (else none), under the
default options, or ``--cell-size 32`` for the programs that need it (:data:`OPTIONS`).  A line
a program: whether esodbg and bfref agree (stdout bytes and exit code), whether both match
``NAME.out`` where the folder has one, and the seconds each took.  The spec (brainfuck.md) counts
22 of the 29 expected outputs reproduced under these settings; the other 7 were made with inputs
or settings the folder does not record.

Exit status: 0 if esodbg agrees with bfref on every program that ended within the timeout.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

OPTIONS = {"Euler1.b": ["--cell-size", "32"], "squaresums.b": ["--cell-size", "32"]}
ESODBG = [sys.executable, "-m", "esodbg.app", "exec", "--lang", "brainfuck"]


def run(argv: list[str], stdin: bytes, timeout: float) -> tuple[int | None, bytes, float]:
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, input=stdin, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, b"", time.perf_counter() - start
    return done.returncode, done.stdout, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--testing", type=Path, required=True, help="rdebath/Brainfuck's testing/ folder")
    parser.add_argument("--bfref", type=Path, required=True, help="bfref, built from benchmarks/bfref.c")
    parser.add_argument("--timeout", type=float, default=120, help="seconds a run may take (default 120)")
    args = parser.parse_args()
    disagree = expected = matched = 0
    for program in sorted(args.testing.glob("*.b")):
        given = program.with_suffix(".in")
        stdin = given.read_bytes() if given.exists() else b""
        options = OPTIONS.get(program.name, [])
        ours = run(ESODBG + options + [str(program)], stdin, args.timeout)
        theirs = run([str(args.bfref)] + options + [str(program)], stdin, args.timeout)
        same = ours[0] is not None and theirs[0] is not None and ours[:2] == theirs[:2]
        if ours[0] is not None and theirs[0] is not None and not same:
            disagree += 1
        out = program.with_suffix(".out")
        verdict = ""
        if out.exists():
            expected += 1
            ok = ours[1] == out.read_bytes() and ours[0] is not None
            matched += ok
            verdict = "matches .out" if ok else "differs from .out"
        state = "agree" if same else "DISAGREE" if ours[0] is not None and theirs[0] is not None else "timeout"
        print(f"{program.name:28} {state:8}  exit {ours[0]}/{theirs[0]}  {ours[2]:7.2f}s/{theirs[2]:7.2f}s  {verdict}",
              flush=True)
    print(f"{matched} of {expected} expected outputs reproduced; {disagree} disagreements with bfref")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
