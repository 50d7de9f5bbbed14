"""The Brainfuck rows of the speed tables (issues 37 and 48): ``esodbg exec`` against a plain C
interpreter and against tritium's interpreter, side by side in one run.  Run:

    .venv/bin/python benchmarks/brainfuck.py [--runs N] [--tritium PATH] [--rdebath DIR]
    .venv/bin/python benchmarks/brainfuck.py [--runs N] --program FILE
    .venv/bin/python benchmarks/brainfuck.py --profile [--steps N] [--program FILE]

The rows (:func:`rows`; ``benchmarks/speed.py brainfuck`` prints them too):

* our ``mandelbrot.b`` against ``bfref`` (below), target: at most as long (≤ 1×);
* ``Counter.b``, ``Collatz.b`` (input ``Collatz.in``) and ``SelfInt.b`` (input ``SelfInt.in``)
  from the ``testing/`` folder of a checkout of rdebath/Brainfuck (``--rdebath DIR``): loops the
  fast loop cannot fold, against ``bfref``, target ≤ 1×;
* ``Mandelbrot.b`` of that folder against tritium's interpreter, ``tritium -r`` (``--tritium
  PATH``, the binary its ``tritium/`` folder's ``make`` builds, ``bfi.out``), target ≤ 10×
  slower.

A row whose peer or program is missing says so.  The checkout's programs are read in place,
never copied here.

Our Mandelbrot is ``benchmarks/programs/mandelbrot.b``: the Mandelbrot set in ASCII, 56 by
27 characters, written by ``benchmarks/bfgen.py mandelbrot`` (fixed-point numbers in sign and
magnitude cells, 16-bit products by repeated increments with carries, O(1) zero tests): 3,176,539,817
commands (spec rule 5), every kind of loop a real program has — counted copy and move loops
the fast loop folds, loops whose passes it cannot count, scans.

The C interpreter is ``benchmarks/bfref.c`` (one command a step, bracket jumps precomputed, no
folding), compiled here with ``cc -O2`` into a temporary folder.  Both run as whole processes,
output to a pipe (checked byte-equal once), alternately ``--runs`` times (default 3); the medians
of wall and CPU seconds (user + system, of the child alone: steadier on a busy machine) and their
ratios are printed, the ratio being ours over theirs in speed (above 1: esodbg is faster).

``--profile`` instead runs the first ``--steps`` commands (default 100,000,000) in this process with
the engine imported from its Python source and a counting copy of its step loop: how many
operations of each kind ran, how many commands each stood for, and the time (cProfile sees
the compiled loop as one call, so it says nothing more).
"""

from __future__ import annotations

import argparse
import collections
import shutil
import statistics
import subprocess
import tempfile
import time
import types
from pathlib import Path
from typing import Iterator

from sidebyside import esodbg, paired, pure_engines, report, same_output

HERE = Path(__file__).resolve().parent
PROGRAM = HERE / "programs" / "mandelbrot.b"
STEPS = 3_176_539_817
ESODBG = esodbg("brainfuck")


def build_bfref(folder: Path) -> Path:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise SystemExit("no C compiler (cc) to build benchmarks/bfref.c with")
    binary = folder / "bfref"
    subprocess.run([cc, "-O2", "-o", str(binary), str(HERE / "bfref.c")], check=True)
    return binary


def compare(program: Path, runs: int, steps: int | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bfref = build_bfref(Path(folder))
        ours, theirs = ESODBG + [str(program)], [str(bfref), str(program)]
        same_output(ours, theirs, "bfref")
        pairs = paired(ours, theirs, runs)
    report(program.name, steps, "bfref -O2", pairs)


# rdebath/Brainfuck's testing/ programs whose loops do not fold, with their input files
UNFOLDED = (("Counter.b", None), ("Collatz.b", "Collatz.in"), ("SelfInt.b", "SelfInt.in"))


def _side_by_side(program: Path, stdin: Path | None, peer: list[str], name: str, runs: int) -> tuple[float, str]:
    """How many times slower ``esodbg exec`` runs ``program`` than ``peer`` (in CPU seconds,
    the medians of ``runs`` alternated pairs; outputs checked equal once), and the figure."""
    ours = ESODBG + [str(program)]
    same_output(ours, peer, name, stdin=stdin)
    pairs = paired(ours, peer, runs, stdin=stdin)
    mine = statistics.median(pair[0][1] for pair in pairs)
    theirs = statistics.median(pair[1][1] for pair in pairs)
    slower = [pair[0][1] / pair[1][1] for pair in pairs]
    return mine / theirs, (f"{mine:.2f} s / {theirs:.2f} s CPU = {mine / theirs:.2f}x as long "
                           f"({min(slower):.2f}-{max(slower):.2f})")


def rows(runs: int, tritium: Path | None = None, rdebath: Path | None = None) -> Iterator[tuple[str, str, str, bool | None]]:
    """The rows of the module docstring, each yielded once measured: ``(what, figure, target,
    met)``, ``met`` ``None`` where the peer or the program is missing (the figure says which)."""
    testing = rdebath / "testing" if rdebath is not None else None
    with tempfile.TemporaryDirectory() as folder:
        bfref = build_bfref(Path(folder))
        programs = [(PROGRAM, None)] + [(testing / name if testing else Path(name), testing / given
                                         if testing and given else None) for name, given in UNFOLDED]
        for program, stdin in programs:
            what = f"exec {program.name} vs bfref -O2 (C, one command a step)"
            if not program.exists():
                yield (what, "no program: give --rdebath DIR, a checkout of rdebath/Brainfuck", "<= 1x", None)
                continue
            slower, figure = _side_by_side(program, stdin, [str(bfref), str(program)], "bfref", runs)
            yield (what, figure, "<= 1x", slower <= 1)
    mandelbrot = testing / "Mandelbrot.b" if testing else None
    what = "exec Mandelbrot.b (rdebath's testing/) vs tritium -r"
    if tritium is None or not tritium.exists():
        yield (what, "no tritium: give --tritium PATH (rdebath/Brainfuck's tritium/, make)", "<= 10x", None)
    elif mandelbrot is None or not mandelbrot.exists():
        yield (what, "no program: give --rdebath DIR, a checkout of rdebath/Brainfuck", "<= 10x", None)
    else:
        slower, figure = _side_by_side(mandelbrot, None, [str(tritium), "-r", str(mandelbrot)], "tritium", runs)
        yield (what, figure, "<= 10x", slower <= 10)


def profile(program: Path, steps: int) -> None:
    """The mix of operations the fast loop runs (module docstring): a copy of the engine's step
    loop counting each operation it dispatches, run from the Python source."""
    pure_engines()
    import esodbg.engines.brainfuck.machine as engine
    from esodbg.engines.brainfuck.ops import BLOCK, CLOSE, END, IN, LOOP, OPEN, OUT, SCAN, SINGLE
    from esodbg.engines.iobuf import InputLog, OutputLog
    from esodbg.engines.registry import by_name

    source = Path(engine.__file__).read_text("utf-8")
    counted = source.replace("            op = ops[pc]\n            k = op.kind\n",
                             "            op = ops[pc]\n            k = op.kind\n            COUNT[k] += 1\n")
    if counted.count("COUNT[") != 1:
        raise SystemExit("the step loop changed: update profile()")
    module = types.ModuleType("esodbg.engines.brainfuck.machine_counted")
    module.__package__ = "esodbg.engines.brainfuck"
    module.COUNT = collections.Counter()
    exec(compile(counted, "machine (counting)", "exec"), module.__dict__)
    language = by_name("brainfuck")
    text = program.read_bytes().decode("utf-8", "surrogateescape")
    machine = module.BrainfuckMachine(language.parse(text, str(program)), InputLog("", True), OutputLog())
    start = time.process_time()
    machine.run(steps)
    seconds = time.process_time() - start
    total = sum(module.COUNT.values())
    print(f"{machine.steps:,} steps of {program.name}: {total:,} operations ({machine.steps / total:.2f} commands "
          f"an operation), {seconds:.1f} s CPU from the Python source ({machine.steps / seconds / 1e6:.1f} M steps/s)")
    names = {BLOCK: "block (a run of + - < >)", CLOSE: "] (a loop it does not fold)", LOOP: "counted loop",
             OPEN: "[ (a loop it does not fold)", SCAN: "scan", OUT: ".", IN: ",", END: "end",
             SINGLE: "one command (in a run a budget cut)"}
    for kind, count in module.COUNT.most_common():
        print(f"  {names[kind]:34} {count:>14,}  {100 * count / total:5.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--program", type=Path, help="one Brainfuck program against bfref (default: the rows)")
    parser.add_argument("--runs", type=int, default=3, help="paired runs of whole processes (default 3)")
    parser.add_argument("--profile", action="store_true", help="count the fast loop's operations instead")
    parser.add_argument("--steps", type=int, default=100_000_000, help="steps to profile (default 100,000,000)")
    parser.add_argument("--tritium", type=Path, help="tritium's binary (rdebath/Brainfuck's tritium/ built)")
    parser.add_argument("--rdebath", type=Path, help="a checkout of rdebath/Brainfuck (its testing/ programs)")
    args = parser.parse_args()
    if args.profile:
        profile(args.program or PROGRAM, args.steps)
    elif args.program is not None:
        compare(args.program, args.runs, STEPS if args.program == PROGRAM else None)
    else:
        for what, figure, target, met in rows(args.runs, args.tritium, args.rdebath):
            print(f"{what:<58} {figure:<48} target {target:<7} {'-' if met is None else 'met' if met else 'MISSED'}", flush=True)


if __name__ == "__main__":
    main()
