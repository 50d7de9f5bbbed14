"""The speed table of issue 27, every row a ratio or a figure measured in this one run.  Run:

    .venv/bin/python benchmarks/speed.py [--originals DIR] [--bef PATH] [--cfunge PATH] [--mycology DIR]
        [--runs N] [ROW…]

Rows (default: all of them):

* ``fifteen``, ``messiscript``, ``scrabble``: ``esodbg exec`` against the original interpreter on
  the same program, whole processes, output to a pipe (checked byte-equal once): 15's
  ``examples/fifteen/countdown.15`` with input 833,330 (1,000,000 steps; lwalker42/15),
  ``benchmarks/programs/countdown100k.messi`` (a countdown from 100,000, a number a line;
  Erawaa/MessiScriptInterpreter) and ``benchmarks/programs/repeat.scrabble`` (a REPEAT loop of
  2,823,595 words; srgarnett98/scrabblang, which has no command line: ``scrabblang.py`` here
  plays the same game through its ``Board`` and ``Stack``);
* ``befunge``: the rows of ``benchmarks/befunge.py`` (Befunge-93 against bef.c, Befunge-98
  against cfunge, on the countdowns and Mycology), the peers given with ``--bef``, ``--cfunge``
  and ``--mycology``; the ratio is of CPU seconds, the peer's over ours;
* ``startup``: ``esodbg exec examples/fifteen/hello.15`` against the same venv's bare
  ``python -c pass`` (bytecode written and warm);
* ``breakpoints``: the rows of ``benchmarks/breakpoints.py``: in each grid and byte language, a
  data breakpoint that never changes and a cell breakpoint never hit against a plain continue;
* ``condition``, ``data``: a continue with a breakpoint whose condition is never true (checked at
  every arrival), and with a data breakpoint that never stops, against a plain continue
  (``benchmarks/power.py``'s programs and measure);
* ``firstframe``: the debugger's first frame on a 1 MB program of each language
  (``benchmarks/grammars.py --debugger``);
* ``keystroke``: a keystroke in the editor on a 1 MB Tic Tac Toe Grow program
  (``benchmarks/grammars.py --editor``);
* ``ttg``: Tic Tac Toe Grow's µs per micro-step on the named keystroke mixes
  (``benchmarks/bench.py``'s MIXES);
* ``brainfuck``: ``benchmarks/brainfuck.py``'s rows, Brainfuck against a plain C interpreter
  and against tritium (``--tritium PATH``, ``--rdebath DIR``: a checkout of rdebath/Brainfuck
  for its test programs; a row without them says so).

Whole-process rows alternate the two commands ``--runs`` times (default 5) and compare medians;
the range of the paired ratios follows.  The originals are plain checkouts of the public GitHub
repositories lwalker42/15, Erawaa/MessiScriptInterpreter and srgarnett98/scrabblang in DIR
(default ``benchmarks/originals/``) under the names ``15``, ``MessiScriptInterpreter`` and
``scrabblang``; scrabblang needs numpy and matplotlib (``--originals-python`` names a python that
has them; default this one).  A row whose original is missing says how to get it.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the other benchmark scripts

import bench  # noqa: E402
import befunge  # noqa: E402
import brainfuck  # noqa: E402  (benchmarks/brainfuck.py)
import breakpoints  # noqa: E402
import grammars  # noqa: E402  (benchmarks/grammars.py)
import power  # noqa: E402
from esodbg.engines.breakpoints import DataRef  # noqa: E402

EXAMPLES = HERE.parent / "examples"
PROGRAMS = HERE / "programs"
REPOSITORIES = {"15": "lwalker42/15", "MessiScriptInterpreter": "Erawaa/MessiScriptInterpreter",
                "scrabblang": "srgarnett98/scrabblang"}
ROWS = ("fifteen", "messiscript", "scrabble", "befunge", "brainfuck", "startup", "breakpoints", "condition", "data",
        "firstframe", "keystroke", "ttg")
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
ESODBG = [sys.executable, "-m", "esodbg.app", "exec"]


def report(what: str, figure: str, target: str, met: bool | None) -> None:
    """A row; ``met`` ``None``: not measured (the figure says why)."""
    print(f"{what:<58} {figure:<44} target {target:<8} {'-' if met is None else 'met' if met else 'MISSED'}")


def paired(a: list[str], b: list[str], runs: int, stdin: str = "", cwd: Path | None = None) -> tuple[float, float, list[float]]:
    """Median seconds of the whole processes ``a`` and ``b``, run alternately ``runs`` times
    (each once first, untimed, so bytecode is written), and the ratios b/a of each pair."""
    def once(command: list[str]) -> float:
        start = time.perf_counter()
        subprocess.run(command, input=stdin, text=True, stdout=subprocess.DEVNULL, env=CHILD_ENV, cwd=cwd, check=True)
        return time.perf_counter() - start

    once(a), once(b)
    pairs = [(once(a), once(b)) for _ in range(runs)]
    return (statistics.median(x for x, _ in pairs), statistics.median(y for _, y in pairs),
            [y / x for x, y in pairs])


def against_original(what: str, ours: list[str], original: list[str], runs: int, target: float, stdin: str = "",
                     cwd: Path | None = None) -> None:
    """A row: ``ours`` against ``original``, outputs checked equal once, target ``≥ target``×."""
    outputs = [subprocess.run(command, input=stdin.encode(), capture_output=True, env=CHILD_ENV, cwd=cwd, check=True).stdout
               for command in (ours, original)]
    if outputs[0] != outputs[1]:
        print(f"{what}: the outputs differ ({len(outputs[0])} and {len(outputs[1])} bytes): not compared")
        return
    mine, theirs, ratios = paired(ours, original, runs, stdin, cwd)
    ratio = theirs / mine
    report(what, f"{theirs:.2f} s / {mine * 1e3:.0f} ms = {ratio:.1f}x ({min(ratios):.1f}–{max(ratios):.1f})",
           f">= {target:g}x", ratio >= target)


def original(args: argparse.Namespace, name: str) -> Path | None:
    folder = args.originals / name
    if folder.is_dir():
        return folder
    print(f"{name}: no original in {folder}: clone https://github.com/{REPOSITORIES[name]} there (or give --originals)")
    return None


def row_fifteen(args: argparse.Namespace) -> None:
    if folder := original(args, "15"):
        program = EXAMPLES / "fifteen" / "countdown.15"
        against_original("exec countdown.15 (1,000,000 steps) vs lwalker42/15", ESODBG + [str(program)],
                         [args.originals_python, "15", str(program)], args.runs, 40, "833330\n", cwd=folder)


def row_messiscript(args: argparse.Namespace) -> None:
    if folder := original(args, "MessiScriptInterpreter"):
        program = PROGRAMS / "countdown100k.messi"
        against_original("exec countdown100k.messi vs Erawaa/MessiScriptInterpreter", ESODBG + [str(program)],
                         [args.originals_python, "msinterpreter.py", str(program)], args.runs, 10, cwd=folder)


def row_scrabble(args: argparse.Namespace) -> None:
    if folder := original(args, "scrabblang"):
        from esodbg.engines.registry import by_name

        program = PROGRAMS / "repeat.scrabble"
        language = by_name("scrabble")
        machine = language.machine(language.parse(program.read_text("utf-8"), str(program)), *_io())
        plays = [(play["tiles"], *map(int, play["position"].split(",")), play["direction"])
                 for play in language.final_state(machine, 0)["plays"]]
        driver = [args.originals_python, str(HERE / "scrabblang.py"), str(folder), json.dumps(plays)]
        against_original("exec repeat.scrabble (2,823,595 words) vs srgarnett98/scrabblang",
                         ESODBG + [str(program)], driver, args.runs, 30)


def _io():
    from esodbg.engines.iobuf import InputLog, OutputLog

    return InputLog("", True), OutputLog()


def row_befunge(args: argparse.Namespace) -> None:
    for row in befunge.rows(args.bef, args.cfunge, args.mycology, args.runs):
        what = f"exec {row.what} vs {row.peer}"
        if row.pairs is None:
            print(f"{what}: {row.note}")
            continue
        ratio = row.ratio()
        ratios = [pair[1][1] / pair[0][1] for pair in row.pairs]
        target = f">= {row.target:.2g}x" if row.target is not None else "-"
        report(what, f"CPU {ratio:.2f}x ({min(ratios):.2f}–{max(ratios):.2f})", target,
               row.target is None or ratio >= row.target)


def row_breakpoints(args: argparse.Namespace) -> None:
    for row in breakpoints.rows(args.runs):
        report(f"{row.language}: {row.what} vs a plain continue", f"CPU {row.ratio:.2f}x",
               f"<= {row.target:g}x", row.met)


def row_startup(args: argparse.Namespace) -> None:
    bare, ours, ratios = paired([sys.executable, "-c", "pass"], ESODBG + [str(EXAMPLES / "fifteen" / "hello.15")],
                                max(args.runs, 21))
    ratio = ours / bare
    report("exec hello.15 vs a bare python -c pass", f"{ours * 1e3:.1f} ms / {bare * 1e3:.1f} ms = {ratio:.2f}x "
           f"({min(ratios):.2f}–{max(ratios):.2f})", "<= 2.5x", ratio <= 2.5)


def breakpoint_row(what: str, setup: Callable) -> None:
    for case in power.CASES:
        plain, _ = power.timed(case, lambda s: None)
        seconds, _ = power.timed(case, lambda s: setup(s, case))
        ratio = seconds / plain
        report(f"{what}: {case.program.name}", f"{seconds:.2f} s / {plain:.2f} s plain = {ratio:.1f}x", "<= 2x",
               ratio <= 2)


def row_condition(args: argparse.Namespace) -> None:
    breakpoint_row("a condition checked at every arrival",
                   lambda s, case: s.breakpoints.set(case.loop, condition=case.condition))


def row_data(args: argparse.Namespace) -> None:
    breakpoint_row("an always-false data breakpoint",
                   lambda s, case: s.breakpoints.set(DataRef(case.data), condition="False"))


def row_firstframe(args: argparse.Namespace) -> None:
    for name in ("fifteen", "messiscript", "ttg", "stoned-go", "scrabble"):
        seconds = grammars.first_frame(name, 1_000_000)
        report(f"first frame of a 1 MB {name} program", f"{seconds:.2f} s", "<= 1 s", seconds <= 1)


def row_keystroke(args: argparse.Namespace) -> None:
    _, keystroke = grammars.editor("ttg", 1_000_000)
    report("a keystroke in the editor on a 1 MB ttg program", f"{keystroke * 1e3:.0f} ms", "<= 0.1 s", keystroke <= 0.1)


def row_ttg(args: argparse.Namespace) -> None:
    gc.set_threshold(100_000, 50, 100)  # as esodbg exec does
    for name, _, keys, rate in bench.MIXES:
        seconds, machine = bench.run_mix(keys, rate)
        micro = seconds / machine.steps * 1e6
        report(f"ttg per micro-step, mix {name}", f"{micro:.2f} µs ({machine.steps:,} micro-steps)", "<= 5 µs",
               micro <= 5)


def row_brainfuck(args: argparse.Namespace) -> None:
    for row in brainfuck.rows(args.runs, args.tritium, args.rdebath):
        report(*row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="*", metavar="ROW", help=f"some of {', '.join(ROWS)} (default: all)")
    parser.add_argument("--originals", type=Path, default=HERE / "originals",
                        help="folder with the original interpreters' checkouts (default benchmarks/originals)")
    parser.add_argument("--originals-python", default=sys.executable,
                        help="python to run the originals with (scrabblang needs numpy and matplotlib)")
    parser.add_argument("--bef", type=Path, help="catseye's bef for the befunge row (benchmarks/befunge.py)")
    parser.add_argument("--cfunge", type=Path, help="cfunge for the befunge row (benchmarks/befunge.py)")
    parser.add_argument("--mycology", type=Path, help="a Mycology checkout for the befunge row")
    parser.add_argument("--runs", type=int, default=5, help="paired runs of whole processes (default 5)")
    parser.add_argument("--tritium", type=Path, help="tritium's binary, for the brainfuck rows")
    parser.add_argument("--rdebath", type=Path, help="a checkout of rdebath/Brainfuck, for the brainfuck rows")
    args = parser.parse_args()
    for name in args.rows:
        if name not in ROWS:
            parser.error(f"unknown row {name!r}: choose from {', '.join(ROWS)}")
    for name in args.rows or ROWS:
        globals()[f"row_{name}"](args)


if __name__ == "__main__":
    main()
