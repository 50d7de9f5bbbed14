"""What a query costs (issue 45: at most 2× a plain ``exec`` of the same steps): ``esodbg exec
--query SPEC`` beside a plain ``exec`` of the same program, whole processes alternated in one
run, medians of wall and CPU seconds.

    .venv/bin/python benchmarks/query.py [--runs N]

The program is a Befunge-93 countdown of our own from 1,000,000, ten steps a lap (10,000,004
steps, made in a temporary folder).  The queries:

* ``cell:8,0``: the ``1`` of the loop, a hit every lap (a million; the default ``--query-limit``
  keeps the first 10,000, then the query stops looking);
* the same with ``--query-limit 10000000``: every one of the million hits listed;
* ``data:stack[0]``: the top of the stack, which changes every step or two;
* ``cell:50,20``: a cell never run (no hit: what looking costs).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from sidebyside import esodbg, timed

PROGRAM = '"ddd"**>1-:v\n       ^   _@\n'  # 100·100·100 laps of > 1 - : v _ (3 spaces) ^
STEPS = 10_000_004
QUERIES = {
    "cell:8,0 (a hit every lap, the first 10,000 kept)": ["--query", "cell:8,0"],
    "cell:8,0 --query-limit 10000000 (all 1,000,000 kept)": ["--query", "cell:8,0", "--query-limit", "10000000"],
    "data:stack[0] (changes every step or two)": ["--query", "data:stack[0]"],
    "cell:50,20 (never run)": ["--query", "cell:50,20"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="alternated runs of each (default 3)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder, "loop.b93")
        program.write_text(PROGRAM)
        plain = [*esodbg("befunge93"), str(program)]
        for name, extra in QUERIES.items():
            pairs = [(timed(plain), timed(plain + extra)) for _ in range(runs)]
            for index, what in enumerate(("wall", "CPU")):
                alone = statistics.median(pair[0][index] for pair in pairs)
                queried = statistics.median(pair[1][index] for pair in pairs)
                print(f"--query {name}, {what:<4}: plain exec {alone:.2f} s, with the query {queried:.2f} s: "
                      f"{queried / alone:.2f}x ({STEPS:,} steps)")


if __name__ == "__main__":
    main()
