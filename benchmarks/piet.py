"""The Piet row of the speed table (issue 46): ``esodbg exec`` against npiet 1.3e, side by side, on
one long Piet run (the target: esodbg at least 0.3 times npiet's speed; npiet is C).  Run:

    .venv/bin/python benchmarks/piet.py --npiet /path/to/npiet [--runs N] [--steps N]
    .venv/bin/python benchmarks/piet.py --profile [--steps N] [--top N]

The program is ``benchmarks/programs/bench.apiet``, our own: three rows of ``tldv??nf``, blocks
three codels high.  It never ends: a lap is ten steps — push, push, subtract, a slide across two
white codels, push, pop (the DP turned round by the wall after two failed attempts), the slide
back, out(char) of a 0 byte, pop and pop on an empty stack (ignored), then back round the left
wall — so every kind of step is in it (commands, ignored commands, slides, failed attempts,
output).  Both run exactly ``--steps`` steps (default 10,000,000): esodbg with ``--max-steps``
(exit 3), npiet with ``-e`` on the same codels written as a PPM (npiet reads no ascii-piet) with
``-cs 1``.  Their outputs are checked to be the same bytes first (on a tenth of the steps).

Both run as whole processes, alternately ``--runs`` times (default 3); the medians of wall and CPU
seconds and their ratio are printed, the ratio being ours over theirs in speed (above 1: esodbg is
faster).  ``--profile`` runs the engine from its Python sources under cProfile instead.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sidebyside import CHILD_ENV, esodbg, profile, report

HERE = Path(__file__).resolve().parent
PROGRAM = HERE / "programs" / "bench.apiet"
ESODBG = esodbg("piet")
RGB = {"t": (255, 192, 192), "l": (255, 0, 0), "d": (192, 0, 0), "v": (255, 255, 192), "n": (255, 255, 0),
       "f": (192, 192, 0), "?": (255, 255, 255)}


def ppm(path: Path) -> bytes:
    rows = [line for line in path.read_text().splitlines() if line]
    body = bytes(b for row in rows for ch in row for b in RGB[ch])
    return f"P6\n{len(rows[0])} {len(rows)}\n255\n".encode() + body


def timed(command: list[str], allowed: tuple[int, ...]) -> tuple[float, float]:
    """Wall and CPU seconds of one run (output discarded), whose exit status must be ``allowed``."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=CHILD_ENV)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in allowed:
        raise SystemExit(f"{command[0]} … exited with {code}")
    return wall, usage.ru_utime + usage.ru_stime


def compare(npiet: str, runs: int, steps: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        picture = Path(tmp, "bench.ppm")
        picture.write_bytes(ppm(PROGRAM))
        ours = ESODBG + ["--max-steps", str(steps), str(PROGRAM)]
        theirs = [npiet, "-q", "-cs", "1", "-e", str(steps), str(picture)]
        check = steps // 10
        a = subprocess.run(ESODBG + ["--max-steps", str(check), str(PROGRAM)], capture_output=True).stdout
        b = subprocess.run([npiet, "-q", "-cs", "1", "-e", str(check), str(picture)], capture_output=True).stdout
        if a != b:
            raise SystemExit(f"the outputs differ: esodbg {len(a)} bytes, npiet {len(b)} bytes")
        pairs = [(timed(ours, (3,)), timed(theirs, (0,))) for _ in range(runs)]
    report(PROGRAM.name, steps, "npiet", pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--npiet", help="a built npiet 1.3e")
    parser.add_argument("--runs", type=int, default=3, help="paired runs of whole processes (default 3)")
    parser.add_argument("--steps", type=int, default=10_000_000, help="steps a run takes (default 10,000,000)")
    parser.add_argument("--profile", action="store_true", help="profile esodbg's engine in process instead")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    args = parser.parse_args()
    if args.profile:
        profile("piet", PROGRAM, args.steps, args.top)
    elif args.npiet is None:
        parser.error("give npiet with --npiet PATH, or --profile")
    else:
        compare(args.npiet, args.runs, args.steps)


if __name__ == "__main__":
    sys.exit(main())
