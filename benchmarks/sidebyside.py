"""What the benchmarks that run ``esodbg exec`` beside a language's reference share (Befunge,
Hexagony, ><>, Brainfuck, Labyrinth): a whole process timed, paired runs reported as the medians
of wall and CPU seconds and their speed ratio, and a profile of an engine run from its Python
sources.  Not a benchmark itself: the language's script imports it."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def esodbg(language: str) -> list[str]:
    """The command line of ``esodbg exec --lang language`` in this Python."""
    return [sys.executable, "-m", "esodbg.app", "exec", "--lang", language]


def timed(command: list[str], cwd: Path | None = None, expect: int = 0, stdin: Path | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, of the child alone: steadier on a busy machine) of
    one whole run of ``command`` in ``cwd``, its input the file ``stdin`` (default empty) and its
    output discarded; exits if the command fails (ends with another exit code than ``expect``)."""
    start = time.perf_counter()
    with open(stdin or os.devnull, "rb") as source:
        process = subprocess.Popen(command, stdin=source, stdout=subprocess.DEVNULL, env=CHILD_ENV, cwd=cwd)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != expect:
        raise SystemExit(f"{command[0]} … exited with {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def same_output(ours: list[str], theirs: list[str], name: str, cwd: Path | None = None,
                stdin: Path | None = None) -> None:
    """Exit unless both commands write the same bytes (``theirs`` runs in ``cwd``; both read the
    file ``stdin``, default nothing)."""
    data = stdin.read_bytes() if stdin is not None else b""
    outputs = [subprocess.run(command, capture_output=True, env=CHILD_ENV, check=True, input=data,
                              cwd=where).stdout for command, where in ((ours, None), (theirs, cwd))]
    if outputs[0] != outputs[1]:
        raise SystemExit(f"the outputs differ: esodbg {outputs[0][:80]!r}, {name} {outputs[1][:80]!r}")


def paired(ours: list[str], theirs: list[str], runs: int, cwd: Path | None = None, ours_cwd: Path | None = None,
           expect: int = 0, stdin: Path | None = None) -> list[tuple]:
    """``runs`` pairs of ``(our (wall, CPU), their (wall, CPU))``, the two run alternately (in
    ``ours_cwd`` and ``cwd``), both reading the file ``stdin`` (default nothing), each ending
    with the exit code ``expect``."""
    return [(timed(ours, ours_cwd, expect, stdin), timed(theirs, cwd, expect, stdin)) for _ in range(runs)]


def _rate(steps: int, seconds: float) -> str:
    per_second = steps / seconds
    return f"{per_second / 1e6:.1f} M steps/s" if per_second >= 1e6 else f"{per_second / 1e3:.0f} k steps/s"


def _ratio(value: float) -> str:
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def report(program: str, steps: int | None, name: str, pairs: list[tuple]) -> None:
    """Print the wall and the CPU line: the medians, the steps a second (when the run's ``steps``
    are known), and the speed ratio (theirs over ours: above 1 esodbg is faster) with its range
    over the pairs."""
    for index, what in enumerate(("wall", "CPU")):
        mine = statistics.median(pair[0][index] for pair in pairs)
        other = statistics.median(pair[1][index] for pair in pairs)
        ratios = [pair[1][index] / pair[0][index] for pair in pairs]
        label, ours, theirs = program, "", ""
        if steps is not None:
            label, ours, theirs = f"{program} ({steps:,} steps)", f" ({_rate(steps, mine)})", f" ({_rate(steps, other)})"
        print(f"exec {label} vs {name}, {what:<4}: esodbg {mine:.2f} s{ours}, {name} {other:.2f} s{theirs}: "
              f"speed ratio {_ratio(other / mine)}x ({_ratio(min(ratios))}–{_ratio(max(ratios))})")


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


def machine(language: str, text: str, filename: str):
    """A machine of ``language`` at step 0 on the program ``text``, no input, its engine imported
    from its Python sources (:func:`pure_engines`: cProfile sees into it)."""
    pure_engines()
    from esodbg.engines.iobuf import InputLog, OutputLog
    from esodbg.engines.registry import by_name

    found = by_name(language)
    return found.machine(found.parse(text, filename, {}), InputLog("", True), OutputLog())


def profile(language: str, program: Path, steps: int, top: int) -> None:
    """Run the first ``steps`` steps of ``program`` under cProfile and print the ``top`` entries
    by internal time."""
    import cProfile
    import pstats

    running = machine(language, program.read_text("utf-8"), str(program))
    profiler = cProfile.Profile()
    profiler.runcall(running.run, steps)
    print(f"{running.steps:,} steps of {program.name}, engines from their Python sources")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)
