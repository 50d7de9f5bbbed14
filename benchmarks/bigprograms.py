"""``esodbg exec`` of a 5 MB program that halts at its first step (issue 43: ≤ 1 s and ≤ 300 MB):
what loading a huge program costs, whole processes timed with their peak memory, side by side
with ``python -c pass`` in the same run.

    .venv/bin/python benchmarks/bigprograms.py [hexagony|befunge98|fish|labyrinth|brainfuck] [--runs N]

Each program is one halting command followed by 5 MB of no-ops (made in a temporary folder)."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sidebyside import CHILD_ENV, esodbg

SIZE = 5_000_000
LINE = 1000  # characters a line, for the languages whose programs are rows
PROGRAMS = {  # language: (file name, its text)
    "hexagony": ("big.hxg", "@" + "." * SIZE),
    "befunge98": ("big.b98", "@" + ("z" * (LINE - 1) + "\n") * (SIZE // LINE)),
    "fish": ("big.fish", ";" + (" " * (LINE - 1) + "\n") * (SIZE // LINE)),
    "labyrinth": ("big.lab", "@" + ("\"" * (LINE - 1) + "\n") * (SIZE // LINE)),
    "brainfuck": ("big.b", "+" * SIZE),
}


def measured(command: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident memory (MB) of one run of ``command``."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=CHILD_ENV)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{' '.join(command)} exited with {os.waitstatus_to_exitcode(status)}")
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("languages", nargs="*", default=sorted(PROGRAMS))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bare = [measured([sys.executable, "-c", "pass"]) for _ in range(args.runs)]
        print(f"{'python -c pass':<16} {statistics.median(w for w, _ in bare):6.2f} s {max(m for _, m in bare):7.0f} MB")
        for language in args.languages:
            name, text = PROGRAMS[language]
            path = Path(folder) / name
            path.write_text(text)
            runs = [measured([*esodbg(language), str(path)]) for _ in range(args.runs)]
            print(f"{language:<16} {statistics.median(w for w, _ in runs):6.2f} s {max(m for _, m in runs):7.0f} MB"
                  f"   (target ≤ 1 s, ≤ 300 MB)")


if __name__ == "__main__":
    main()
