"""The Brainfuck row of issue 37's speed table: ``esodbg exec`` against a plain C interpreter on
one long Brainfuck run.  Run:

    .venv/bin/python benchmarks/brainfuck.py [--runs N] [--program FILE]
    .venv/bin/python benchmarks/brainfuck.py --profile [--steps N] [--program FILE]

The program is ``benchmarks/programs/mandelbrot.b``, our own: the Mandelbrot set in ASCII, 56 by
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
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROGRAM = HERE / "programs" / "mandelbrot.b"
STEPS = 3_176_539_817
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
ESODBG = [sys.executable, "-m", "esodbg.app", "exec", "--lang", "brainfuck"]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one whole run of ``command``, output discarded."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=CHILD_ENV)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{command[0]} … exited with {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


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
        outputs = [subprocess.run(command, capture_output=True, env=CHILD_ENV, check=True).stdout
                   for command in (ours, theirs)]
        if outputs[0] != outputs[1]:
            raise SystemExit(f"the outputs differ: esodbg {outputs[0][:80]!r}, bfref {outputs[1][:80]!r}")
        pairs = [(timed(ours), timed(theirs)) for _ in range(runs)]
    label = f"{program.name} ({steps:,} steps)" if steps else program.name
    for index, what in enumerate(("wall", "CPU")):
        mine = statistics.median(pair[0][index] for pair in pairs)
        other = statistics.median(pair[1][index] for pair in pairs)
        ratios = [pair[1][index] / pair[0][index] for pair in pairs]
        rate = f" ({steps / mine / 1e6:.0f} M steps/s)" if steps else ""
        print(f"exec {label} vs bfref -O2, {what:<4}: esodbg {mine:.2f} s{rate}, bfref {other:.2f} s: "
              f"speed ratio {other / mine:.2f}x ({min(ratios):.2f}–{max(ratios):.2f})")


def pure_engines() -> None:
    """Import esodbg's modules from their ``.py`` sources from now on: a path hook in front that
    finds no extension modules under the repository (others, as tree-sitter's, load as usual)."""
    import importlib.machinery as machinery

    source_only = machinery.FileFinder.path_hook((machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES),
                                                 (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES))

    def hook(path: str):
        if Path(path or ".").resolve().is_relative_to(ROOT):
            return source_only(path)
        raise ImportError("not esodbg's")  # the next hook finds it

    sys.path_hooks.insert(0, hook)
    sys.path_importer_cache.clear()


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
    parser.add_argument("--program", type=Path, default=PROGRAM, help="the Brainfuck program (default: mandelbrot.b)")
    parser.add_argument("--runs", type=int, default=3, help="paired runs of whole processes (default 3)")
    parser.add_argument("--profile", action="store_true", help="count the fast loop's operations instead")
    parser.add_argument("--steps", type=int, default=100_000_000, help="steps to profile (default 100,000,000)")
    args = parser.parse_args()
    if args.profile:
        profile(args.program, args.steps)
    else:
        compare(args.program, args.runs, STEPS if args.program == PROGRAM else None)


if __name__ == "__main__":
    main()
