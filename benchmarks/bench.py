"""Speed and memory figures for every language, and start-up.  Run:
python benchmarks/bench.py [fifteen|messiscript|ttg|stoned-go|startup…] (no name: all of them)

For 15 and MessiScript, on a long countdown from `examples/`: exec steps/s (in process, and the
whole `esodbg exec` command with start-up and output to /dev/null); debugger continue steps/s
with a breakpoint set (checked every step, reached only at the end) and history on; near the
end, the time of one step back and of jumps back to random earlier steps; the history's size.

Tic Tac Toe Grow has no loops to count down with — a program is the keystrokes typed — so it
has its own figures: the cost of a keystroke whose pass runs ~100 cells; µs per micro-step on
three named keystroke mixes (see MIXES); the memory curve of one long typed line, per whole
`esodbg exec` process; in the debugger, one micro-step back after 100,000 and a jump back.
"""

from __future__ import annotations

import gc
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from esodbg.engines.registry import by_name
from esodbg.engines.base import CellRef, CodeRef, Location, Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.ttg.machine import ACTION_KEYS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class Case(NamedTuple):
    language: str
    program: Path
    input_text: str
    breakpoint: Location
    about: str


CASES = (
    Case("fifteen", EXAMPLES / "fifteen" / "countdown.15", "8333340\n", CellRef("puzzle", 1, 2),
         "countdown from 8,333,340"),
    Case("messiscript", EXAMPLES / "messiscript" / "cuenta_regresiva.messi", "", CodeRef(11),
         "countdown from 1,000,000, a number per line (breakpoint on ¡gol!)"),
)


def bench(case: Case) -> None:
    language = by_name(case.language)
    program = language.parse(case.program.read_text("utf-8"), str(case.program))
    print(f"== {language.title}: {case.program.name}, {case.about}")

    machine = language.machine(program, InputLog(case.input_text, True), OutputLog())
    start = time.perf_counter()
    assert machine.run(1 << 62) is Stop.HALTED
    seconds = time.perf_counter() - start
    total = machine.steps
    print(f"exec engine:        {total:,} steps in {seconds:.2f} s = {total / seconds / 1e6:.2f} M steps/s")

    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(case.program)], input=case.input_text,
                   text=True, check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    print(f"esodbg exec (whole command, start-up included): {seconds:.2f} s = {total / seconds / 1e6:.2f} M steps/s")

    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    session = Session(language, program, case.input_text)
    session.breakpoints.toggle(case.breakpoint)
    start = time.perf_counter()
    outcome = session.continue_()
    seconds = time.perf_counter() - start
    print(f"debugger continue:  {outcome.reason.value} at step {session.steps:,} in {seconds:.2f} s "
          f"= {session.steps / seconds / 1e6:.2f} M steps/s (breakpoint set, history on)")

    late = total * 9 // 10
    session.goto(late)
    start = time.perf_counter()
    session.step_back()
    print(f"step back one step at step {late:,}: {(time.perf_counter() - start) * 1e3:.2f} ms")
    rng = random.Random(15)
    times = []
    for _ in range(20):
        target = rng.randrange(late)
        start = time.perf_counter()
        session.goto(target)
        times.append(time.perf_counter() - start)
        session.goto(late)
    print(f"jump back to 20 random earlier steps: max {max(times) * 1e3:.2f} ms, mean {sum(times) / len(times) * 1e3:.2f} ms")
    history = session.history
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"history: {history.checkpoints:,} checkpoints every {history.interval:,} steps, "
          f"{history.bytes / 1e6:.2f} MB + {len(history.undo)} undo records; "
          f"process peak RSS grew by {(rss - rss_before) / 1024:.1f} MB\n")


# Tic Tac Toe Grow ------------------------------------------------------------------------------
# Keystrokes whose pass runs ~100 commands: a 9x9 mainBoard filled with this cycle in reading
# order (puts and pops balance, so memory1 never overflows and every pass runs to the end), then
# 40 keystrokes of the same cycle, each adding a command and running a full pass: 81 to 121
# commands, ~100 on average.  Timed 30 times; the median counts.
PASS_CYCLE = "apbp+pΣor\n"
PASS_KEYSTROKES = 40

# The named keystroke mixes (issue 11's speed target: ≤ 5 µs per micro-step on each).  How much
# work a keystroke is depends wholly on what was typed: each pass runs every command on the
# mainBoard (up to 10,000, R41), each `g` grows memory1 by a ring, a swap makes memory1 the
# mainBoard.  Each mix is a random program of 10,000 keystrokes, run until it ends or for
# MIX_STEPS micro-steps, so the three are measured over comparable work.
MIXES = (
    ("lightest", "uniform over the 25 action keys (R39)", ACTION_KEYS, 1.0),
    ("property-test set", "uniform over the property tests' keys (actions, a x 7 Space 0 é, Backspace)",
     ACTION_KEYS + "ax7 0é\b", 1.0),
    ("typing-like", "1 in 10 an action, else a-z 0-9 Space Enter", ACTION_KEYS, 0.1),
)
TEXT_KEYS = "abdefghijklmnpqstuvwxyz0123456789 \n"  # no r or c: actions come from the action keys
RANDOM_KEYSTROKES = 10_000
MIX_STEPS = 1_000_000
LINE_LENGTHS = (5_000, 10_000, 20_000, 40_000)  # the memory curve: one line of 'a's (issue 11)


def random_program(keys: str, action_rate: float, n: int = RANDOM_KEYSTROKES, seed: int = 4) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(keys) if rng.random() < action_rate else rng.choice(TEXT_KEYS) for _ in range(n))


def exec_command(path: Path) -> tuple[float, float]:
    """Run `esodbg exec path` as its own process: (seconds, its peak RSS in MB).  Spawned, not
    forked, so the child's peak is its own and not this process's size at the fork."""
    start = time.perf_counter()
    devnull = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]
    pid = os.posix_spawn(sys.executable, [sys.executable, "-m", "esodbg.app", "exec", str(path)], os.environ,
                         file_actions=devnull)
    _, status, usage = os.wait4(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, f"esodbg exec {path} failed"
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def run_mix(keys: str, rate: float):
    """Run a mix's random program (see MIXES) to its end or for MIX_STEPS micro-steps: the
    seconds it took, and the machine."""
    language = by_name("ttg")
    m = language.machine(language.parse(random_program(keys, rate), "bench.ttg"), InputLog("", True), OutputLog())
    start = time.perf_counter()
    while m.steps < MIX_STEPS and m.run(10_000) is not Stop.HALTED:
        pass
    return time.perf_counter() - start, m


def bench_ttg() -> None:
    from esodbg.engines.ttg.boards import Board

    language = by_name("ttg")

    def machine(text: str):
        return language.machine(language.parse(text, "bench.ttg"), InputLog("", True), OutputLog())

    print("== Tic Tac Toe Grow")
    gc.set_threshold(100_000, 50, 100)  # as `esodbg exec` does
    times = []
    for _ in range(30):
        m = machine((PASS_CYCLE * PASS_KEYSTROKES)[:PASS_KEYSTROKES])
        m.load_boards(Board.square({divmod(i, 9): PASS_CYCLE[i % len(PASS_CYCLE)] for i in range(81)}, size=9),
                      Board.square(size=11))
        start = time.perf_counter()
        assert m.run(1 << 62) is Stop.HALTED
        times.append(time.perf_counter() - start)
    seconds = sorted(times)[len(times) // 2]
    cells = m.steps - 2 * PASS_KEYSTROKES  # every keystroke is a write, its pass's cells, an update
    print(f"keystrokes with a full pass: {cells / PASS_KEYSTROKES:.0f} cells executed per pass on average, "
          f"{seconds / PASS_KEYSTROKES * 1e3:.3f} ms per keystroke = {seconds / cells * 1e6:.2f} µs per cell "
          f"(write and update included)")

    for name, about, keys, rate in MIXES:
        seconds, m = run_mix(keys, rate)
        done = "all" if m.status is not Status.READY else "the first"
        print(f"mix {name} ({about}): {done} {m.keystrokes:,} keystrokes, {m.steps:,} micro-steps "
              f"({m.steps / max(m.keystrokes, 1):.0f} a keystroke) in {seconds:.2f} s = "
              f"{seconds / m.steps * 1e6:.2f} µs per micro-step; mainBoard {m.main.shape.size:,} cells, memory1 "
              f"{m.m1.shape.size:,} cells; peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")

    directory = Path(tempfile.mkdtemp())
    for n in LINE_LENGTHS:
        path = directory / f"line{n}.ttg"
        path.write_text("a" * n, "utf-8")
        seconds, rss = exec_command(path)
        print(f"one line of {n:,} keystrokes ('a' * {n}), whole esodbg exec: {seconds:.2f} s, peak RSS {rss:.0f} MB")

    text = random_program(ACTION_KEYS, 1.0)
    path = directory / "bench.ttg"  # the same name: it makes memory3 (R4)
    path.write_text(text, "utf-8")
    seconds, rss = exec_command(path)
    print(f"esodbg exec of the lightest mix's program, whole command: {seconds:.2f} s, peak RSS {rss:.0f} MB")

    session = Session(language, language.parse(text, "bench.ttg"))
    target = 100_000
    start = time.perf_counter()
    session.goto(target)
    reach = time.perf_counter() - start
    start = time.perf_counter()
    session.step_back()
    back = time.perf_counter() - start
    start = time.perf_counter()
    session.goto(target // 2)
    jump = time.perf_counter() - start
    print(f"debugger on it: reach micro-step {target:,} in {reach:.2f} s; one micro-step back "
          f"{back * 1e3:.2f} ms; jump back to {target // 2:,} in {jump * 1e3:.1f} ms; "
          f"history {session.history.checkpoints} checkpoints\n")


def bench_stoned_go() -> None:
    """issue 14: `esodbg exec` on the never-halting loop `|+1` (one stone-less move a step),
    whole process, stopped by --max-steps (exit 3); goal ≥ 1 M steps/s, ≥ 3 M/s hoped for."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "loop.sgo"
        path.write_text("|+1\n", "utf-8")
        print("== Stoned-Go: esodbg exec on |+1 (whole process)")
        for steps in (1_000_000, 10_000_000):
            start = time.perf_counter()
            result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(path), "--max-steps", str(steps)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            seconds = time.perf_counter() - start
            assert result.returncode == 3, "the step budget should stop it"
            print(f"{steps:,} steps: {seconds:.2f} s = {steps / seconds / 1e6:.2f} M steps/s")
    print()


def bench_startup() -> None:
    """issue 13: `esodbg exec` on a tiny program, whole process, against a bare interpreter."""
    def median(command: list[str], runs: int = 15) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            times.append(time.perf_counter() - start)
        return sorted(times)[runs // 2]

    bare = median([sys.executable, "-c", "pass"])
    print(f"== Start-up: python -c pass {bare * 1e3:.1f} ms (median of 15)")
    for program in ("fifteen/hello.15", "messiscript/hola_mundo.messi", "ttg/wow.txt", "stoned-go/macro_noarg.sgo",
                    "scrabble/main.scrabble"):
        seconds = median([sys.executable, "-m", "esodbg.app", "exec", str(EXAMPLES / program)])
        print(f"esodbg exec {program}: {seconds * 1e3:.1f} ms = {seconds / bare:.2f}x a bare python")
    print()


def main(names: list[str]) -> None:
    for case in CASES:
        if not names or case.language in names:
            bench(case)
    if not names or "ttg" in names:
        bench_ttg()
    if not names or "stoned-go" in names:
        bench_stoned_go()
    if not names or "startup" in names:
        bench_startup()


if __name__ == "__main__":
    main(sys.argv[1:])
