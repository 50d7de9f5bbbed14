"""Record esodbg's Labyrinth conformance cases from the reference (spec ``labyrinth.md``).

    .venv/bin/python tests/labyrinth_cases.py --reference /work/refs/m-ender+labyrinth [--seed N]
        [--random N] [--check]

writes ``tests/corpus/labyrinth/cases.jsonl``, one JSON object a line:

* ``name``: ``random-0042``, ``stuck-0003`` or ``x2-ride-west-edge`` (a rule, then what it shows);
* ``program``, ``input``, ``stdout``: text (the program UTF-8; input and output bytes decoded with
  ``surrogateescape``);
* ``exit``: 0 the program reached ``@`` (or has no command), 1 division by zero (R1), 2 the file is
  not UTF-8 (G1), 3 ``--max-steps`` ran out (T3);
* ``steps``: the steps the run took (T2), as the reference counts its ticks;
* ``max_steps``: the ``--max-steps`` to run the case with (a cap above the steps it needs, or for a
  ``stuck-`` case the budget the reference was stopped at);
* ``source``: ``labyrinth.rb`` (recorded from the reference) or ``spec`` (``note`` says why);
* ``rule``: the spec rule a targeted case is about.

The reference is run by a driver of our own (:data:`DRIVER`) that loads ``labyrinth.rb`` and calls
its ``Labyrinth.run`` with a tick budget and its trace on (``-D``'s level), so that a run that
never ends stops after :data:`STEP_CAP` ticks and the steps are counted from the trace's ``Tick N:``
lines.  Programs and their input are our own: mazes carved by a seeded generator (corridors, dead
ends, junctions, rotations) in walls of spaces, letters, brackets, tabs and non-ASCII characters.
A random maze is kept when the reference ends it (``@`` or division by zero) within the cap and
it never reaches the random turn (D6: esodbg's own run says, and a second reference run must agree);
a few that never end are kept as ``stuck-`` cases run to a budget.  ``--check`` runs esodbg on every
case as it is made and stops at the first difference.

Exit status: 0 written; 1 a targeted case disagrees with what the spec says, or ``--check`` found
a difference.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus" / "labyrinth"
STEP_CAP = 10_000  # ticks a kept random case may take
OUTPUT_CAP = 4096  # bytes of output a kept case may write
MIN_STEPS = 8  # steps a kept random case takes at least
BITS = 4096  # a maze whose numbers grow past this is left out: its runs would take minutes
WALL = 60.0  # seconds a reference run may take
# Loads the reference and runs a program file on stdin with a tick budget and its trace on.
DRIVER = ('require File.join(ARGV[0], "labyrinth.rb"); '
          'Labyrinth.run(File.read(ARGV[1], encoding: "UTF-8"), Integer(ARGV[3]), $stdin, $stdout, Integer(ARGV[2]))')
TICK = re.compile(rb"^Tick (\d+):$", re.M)
ENV = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"}


def text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


@dataclass
class Run:
    """A reference run: ``exit`` (0 ``@``, 1 division by zero, 2 not UTF-8, 3 budget spent),
    the bytes written and the steps taken."""

    exit: int
    stdout: bytes
    steps: int


class Reference:
    def __init__(self, folder: Path, workdir: Path) -> None:
        self.folder, self.file = folder, workdir / "case.lab"

    def _run(self, stdin: bytes, budget: int, level: int) -> subprocess.CompletedProcess:
        return subprocess.run(["ruby", "-e", DRIVER, str(self.folder), str(self.file), str(budget), str(level)],
                              input=stdin, capture_output=True, timeout=WALL, env=ENV)

    def run(self, program: bytes, stdin: bytes, budget: int = STEP_CAP) -> Run:
        """The reference's run of ``program`` on ``stdin``, stopped after ``budget`` ticks: its
        ``-d`` level says how many ticks a run that ends took; a division by zero ends it before
        it says, so that run is made again with the ``-D`` trace to count them."""
        self.file.write_bytes(program)
        done = self._run(stdin, budget, 1)
        if b"invalid byte sequence" in done.stderr:
            return Run(2, done.stdout, 0)
        if done.returncode != 0:
            if b"ZeroDivisionError" not in done.stderr:
                raise RuntimeError(f"the reference failed: {done.stderr[-2000:].decode('utf-8', 'replace')}")
            traced = self._run(stdin, budget, 2)
            return Run(1, done.stdout, int(TICK.findall(traced.stderr)[-1]))
        end = re.search(rb"^Ticks: (\d+)$", done.stderr, re.M)
        if end is None:  # no command: nothing ran (G4)
            return Run(0, done.stdout, 0)
        total = int(end.group(1))
        if total > budget:
            return Run(3, done.stdout, budget)
        return Run(0, done.stdout, total)


def cap(steps: int) -> int:
    return 2 * steps + 100


# ----- esodbg's own run (for --check, and to leave out mazes that reach the random turn) --------
def esodbg_run(program: str, stdin: str, max_steps: int) -> tuple[int, bytes, int, int]:
    """``(exit, stdout, steps, random turns)`` of esodbg's run, in process; exit −1 for a run
    whose numbers grow past :data:`BITS` bits (a loop squaring its top: too slow to record)."""
    from esodbg.engines.base import Stop
    from esodbg.engines.iobuf import InputLog, OutputLog
    from esodbg.engines.registry import by_name

    language = by_name("labyrinth")
    parsed = language.parse(program, "case.lab")
    m = language.machine(parsed, InputLog(stdin, closed=True), OutputLog())
    reason = Stop.LIMIT
    while m.steps < max_steps:
        reason = m.run(min(10, max_steps - m.steps))
        if reason is not Stop.LIMIT:
            break
        if any(abs(v).bit_length() > BITS for v in (*m.main[-3:], *m.aux[-3:])):
            return -1, b"", m.steps, m.randoms
    m.flush()
    exit = {Stop.HALTED: 0, Stop.ERROR: 1, Stop.LIMIT: 3}[reason]
    return exit, m.output.text().encode("utf-8", "surrogateescape"), m.steps, m.randoms


# ----- random mazes ----------------------------------------------------------------------------
COMMANDS = {
    **{d: 2 for d in "0123456789"}, '"': 8, "_": 2, ")": 3, "(": 3, "+": 3, "-": 3, "*": 2, "/": 1, "%": 1,
    "`": 2, "&": 1, "|": 1, "$": 1, "~": 1.5, ":": 5, ";": 3, "}": 3, "{": 3, "=": 2, "#": 2, ",": 3, "?": 2,
    ".": 3, "!": 5, "\\": 2, "'": 1, "<": 0.7, ">": 0.7, "^": 0.7, "v": 0.7,
}
WALLS = [" "] * 12 + list("ABVxyz[]") + ["\t", "é", "█", "Ж", "\u3042"]
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def random_maze(rng: random.Random) -> bytes:
    """A maze of 1–9 rows and 3–16 columns: walls, and corridors carved by a few random walks
    (the first from the top row, the others from cells already carved), commands along them and
    an ``@`` at the end of most walks.  Now and then the lines are ragged, end in CR, or the text
    has leading blank lines or no final LF."""
    rows, cols = rng.randint(1, 9), rng.randint(3, 16)
    wall = rng.choice(WALLS)
    grid = [[wall if rng.random() < 0.7 else rng.choice(WALLS) for _ in range(cols)] for _ in range(rows)]
    cells, weights = zip(*COMMANDS.items())
    carved: list[tuple[int, int]] = []
    for walk in range(rng.randint(1, 4)):
        x, y = (rng.randrange(cols), 0) if not carved else rng.choice(carved)
        (dx, dy) = rng.choice(STEPS)
        for _ in range(rng.randint(2, 30)):
            grid[y][x] = rng.choices(cells, weights)[0]
            carved.append((x, y))
            if rng.random() < 0.3:
                dx, dy = rng.choice(STEPS)
            nx, ny = x + dx, y + dy
            if not (0 <= nx < cols and 0 <= ny < rows):
                dx, dy = -dx, -dy
                nx, ny = x + dx, y + dy
                if not (0 <= nx < cols and 0 <= ny < rows):
                    break
            x, y = nx, ny
        if rng.random() < 0.8:
            grid[y][x] = "@"
    lines = ["".join(row) for row in grid]
    if rng.random() < 0.3:
        lines = [line.rstrip(" ") for line in lines]  # ragged: padded with walls (G2)
    end = "\n"
    if rng.random() < 0.08:
        end = "\r\n"  # CR is a wall at the end of each line (G2)
    body = end.join(lines) + (end if rng.random() < 0.9 else "")
    if rng.random() < 0.05:
        body = "\n" * rng.randint(1, 2) + body
    if rng.random() < 0.05:
        body += "\n\n"
    return body.encode("utf-8")


def random_input(rng: random.Random) -> bytes:
    """Input for ``,`` and ``?``: numbers (signed, some huge), letters, blanks, line ends, bytes ≥ 128."""
    parts = []
    for _ in range(rng.randint(0, 6)):
        kind = rng.random()
        if kind < 0.5:
            number = str(rng.choice([rng.randint(0, 99), rng.randint(0, 10 ** 6), rng.randint(0, 10 ** 30)]))
            parts.append(rng.choice(["", "", "-", "+", "--"]) + number)
        elif kind < 0.8:
            parts.append("".join(rng.choices("abcxyz+-!", k=rng.randint(1, 3))))
        else:
            parts.append(rng.choice(["\xe9", "\xff", "\x80", "\t", "  "]))
        parts.append(rng.choice([" ", "\n", "\n", ""]))
    return "".join(parts).encode("latin-1")


def random_cases(reference: Reference, count: int, stuck: int, seed: int, check: bool) -> list[dict]:
    rng = random.Random(seed)
    ended: list[dict] = []
    stopped: list[dict] = []
    tried = 0
    while len(ended) < count or len(stopped) < stuck:
        tried += 1
        program, stdin = random_maze(rng), random_input(rng)
        exit, _, steps, randoms = esodbg_run(program.decode("utf-8"), text(stdin), STEP_CAP)
        if randoms or steps < MIN_STEPS or exit < 0:
            continue  # the random turn (D6): no reference answer to record; says little; numbers explode
        if exit == 3:
            if len(stopped) >= stuck:
                continue
            budget = rng.choice([50, 200, 1000])
            run = reference.run(program, stdin, budget)
            if len(run.stdout) > OUTPUT_CAP:
                continue
            name, max_steps, kept = f"stuck-{len(stopped):04d}", budget, stopped
        else:
            if len(ended) >= count:
                continue
            run = reference.run(program, stdin)
            if len(run.stdout) > OUTPUT_CAP or not run.stdout and rng.random() < 0.7:
                continue  # says too much, or little
            again = reference.run(program, stdin)
            if (again.exit, again.stdout, again.steps) != (run.exit, run.stdout, run.steps):
                continue  # the reference chose at random somewhere after all
            name, max_steps, kept = f"random-{len(ended):04d}", cap(run.steps), ended
        case = {"name": name, "program": program.decode("utf-8"), "input": text(stdin), "stdout": text(run.stdout),
                "exit": run.exit, "steps": run.steps, "max_steps": max_steps, "source": "labyrinth.rb"}
        if check and (problem := compare(case)):
            raise SystemExit(problem)
        kept.append(case)
    print(f"labyrinth: {count} random and {stuck} stuck mazes kept of {tried} tried", file=sys.stderr)
    return ended + stopped


def compare(case: dict) -> str:
    """How esodbg's run differs from the case ("" if it does not)."""
    if case["exit"] == 2:
        return ""
    exit, stdout, steps, _ = esodbg_run(case["program"], case["input"], case["max_steps"])
    want = (case["exit"], case["stdout"].encode("utf-8", "surrogateescape"), case["steps"])
    if (exit, stdout, steps) != want:
        return f"esodbg differs on {json.dumps(case)}: {(exit, stdout, steps)} != {want}"
    return ""


# ----- targeted cases --------------------------------------------------------------------------
@dataclass
class Case:
    """A hand-written case: ``expect`` is what the spec says, (stdout, exit), where it says it."""

    name: str
    rule: str
    program: str | bytes
    input: bytes = b""
    expect: tuple[bytes, int] | None = None
    max_steps: int | None = None


def maze(*lines: str) -> str:
    return "\n".join(lines) + "\n"


TARGETED = [
    # G: the grid
    Case("g1-invalid-utf8", "G1", b'1!@\xff\n', expect=(b"", 2)),
    Case("g2-crlf-wall-column", "G2", "1!\r\n@\r\n", expect=(b"1", 0)),
    Case("g2-crlf-column", "G2", "1\r\n!\r\n@\r\n", expect=(b"1", 0)),
    Case("g2-trailing-empty-lines", "G2", "12!@\n\n\n\n"),
    Case("g2-leading-empty-lines", "G2", "\n\n 3!@\n"),
    Case("g2-inner-empty-line", "G2", "1!\n\n@\n", max_steps=9),
    Case("g2-ragged-lines", "G2", maze('1""', '"', '"""""@', '!')),
    Case("g2-no-final-lf", "G2", "7!@"),
    Case("g2-one-cell-a-code-point", "G2", "é1!@\n"),
    Case("g2-astral-wall", "G2", "\U0001f600\"2!@\n"),
    Case("g3-letters-are-walls", "G3", maze("1a", '"V', "!@")),
    Case("g3-brackets-and-tabs", "G3", maze("9[]", '"\t', "!@")),
    Case("g3-lower-v-is-a-command", "G3", maze('_v""', '   "', ' @"!')),
    Case("g3-non-ascii-walls", "G3", maze("5ÄÖ", '!█', "@Ж")),
    Case("g4-empty-file", "G4", "", expect=(b"", 0)),
    Case("g4-only-walls", "G4", "abc\n  x\n", expect=(b"", 0)),
    Case("g4-start-first-in-reading-order", "G4", maze("  ", " 4!@", "1")),
    # K: stacks
    Case("k2-empty-pops-give-zero", "K2", "+!@\n", expect=(b"0", 0)),
    Case("k2-dup-on-empty", "K2", ":#!@\n", expect=(b"1", 0)),
    Case("k2-swap-on-empties", "K2", "=#!{#!@\n"),
    Case("k2-aux-empty", "K2", "{!@\n"),
    Case("k2-depth-not-implicit", "K2", "12;;;#!@\n"),
    # T: steps
    Case("t3-four-steps", "T3", '1!"@\n', expect=(b"1", 0), max_steps=4),
    Case("t3-three-steps", "T3", '1!"@\n', expect=(b"1", 3), max_steps=3),
    Case("t3-lone-bang", "T3", "!\n", expect=(b"00000", 3), max_steps=5),
    Case("t1-at-first", "T1", "@\n", expect=(b"", 0)),
    # D: direction
    Case("d1-stall-repeats", "D1", "1\n", max_steps=7),
    Case("d2-dead-end-turns-around", "D2", "1!_@\n"),
    Case("d2-dead-end-once", "D2", '"1)!\n@\n', expect=(b"2", 0)),
    Case("d3-corner", "D3", maze('1"', ' "', ' !@')),
    Case("d3-straight-at-start", "D3", maze('"2!@', '"'), expect=(b"2", 0)),
    Case("d4-t-side-zero", "D4", maze('_""!@', '  "', '  @'), expect=(b"0", 0)),
    Case("d4-t-side-nonzero", "D4", maze('1"""', '  "', '  @')),
    # A T hit from its stem (the IP comes down into the bar): left, right, or back up for a zero;
    # each arm marks its way with a digit (west 9, east 7, south 8).
    Case("d4-t-stem-negative", "D4", maze('   "', '   (', '@!9"7!@'), expect=(b"-17", 0)),
    Case("d4-t-stem-positive", "D4", maze('   "', '   )', '@!9"7!@'), expect=(b"19", 0)),
    Case("d4-t-stem-zero-back", "D4", maze('   "', '   #', '@!9"7!@'), expect=(b"29", 0)),
    Case("d5-cross-negative", "D5", maze('   "', '   (', '@!9"7!@', '   8', '   !', '   @'), expect=(b"-17", 0)),
    Case("d5-cross-zero", "D5", maze('   "', '   "', '@!9"7!@', '   8', '   !', '   @'), expect=(b"8", 0)),
    Case("d5-cross-positive", "D5", maze('   "', '   )', '@!9"7!@', '   8', '   !', '   @'), expect=(b"19", 0)),
    # C: commands
    Case("c-digits", "C", "123!@\n", expect=(b"123", 0)),
    Case("c-digits-negative", "C", "5`5!@\n", expect=(b"-55", 0)),
    Case("c-inc-dec", "C", ")))(!@\n"),
    Case("c-sub-order", "C", "7_3-!@\n", expect=(b"4", 0)),
    Case("c-div-floor", "C", "_7_2/!\\_7`_2/!\\_7_2`/!\\_7`_2`/!@\n", expect=(b"3\n-4\n-4\n3", 0)),
    Case("c-mod-sign", "C", "_7_2%!\\_7`_2%!\\_7_2`%!@\n", expect=(b"1\n1\n-1", 0)),
    Case("c-bitwise-negative", "C", "_12`_10&!\\_12`_10|!\\_1`_255&!\\_6_3$!\\_5~!@\n", expect=(b"0\n-2\n255\n5\n-6", 0)),
    Case("c-bignum", "C", "_99999999999999999999::**:*!@\n"),
    Case("c-neg-zero", "C", "`!@\n"),
    Case("c-stack-moves", "C", "1}2}3{!{!{!@\n", expect=(b"210", 0)),
    Case("c-swap-tops", "C", "1}2=!{!@\n", expect=(b"12", 0)),
    Case("c-depth", "C", "_11_#!@\n", expect=(b"2", 0)),
    Case("c-output-byte-mod", "C", "_1`._256.._65_256+._321.@\n"),
    Case("c-output-high-bytes", "C", "_195._169._200.@\n", expect=("é".encode() + b"\xc8", 0)),
    Case("c-newline", "C", "\\\\1!@\n", expect=(b"\n\n1", 0)),
    Case("c-comma-eof", "C", ",!,!@\n", b"A", expect=(b"65-1", 0)),
    Case("c-comma-high-bytes", "C", ",!,!,!@\n", "é".encode() + b"\xff"),
    Case("c-question-examples-1", "C", "?!\\?!\\?!\\?!@\n", b"12 -5 +7 x", expect=(b"12\n-5\n7\n0", 0)),
    Case("c-question-examples-2", "C", "?!\\?!@\n", b"abc-0012def 99", expect=(b"-12\n99", 0)),
    Case("c-question-examples-3", "C", "?!\\?!\\?!\\?!@\n", b"--5 +-6", expect=(b"0\n-5\n0\n-6", 0)),
    Case("c-question-pushback", "C", "?!\\,!\\?!\\,!\\,!@\n", b"12a34b", expect=(b"12\n97\n34\n98\n-1", 0)),
    Case("c-question-eof", "C", "?!?!@\n", b"", expect=(b"00", 0)),
    Case("c-question-bignum", "C", "?!@\n", b"xx-123456789012345678901234567890"),
    Case("c-question-high-bytes", "C", "?!,!@\n", b"\xe9\xff7\xc8"),
    Case("c-debug-noop", "D8", "'1!@\n", expect=(b"1", 0)),
    Case("c-quote-noop", "C", '"1!@\n', expect=(b"1", 0)),
    # X: rotations
    Case("x2-ride-back", "X2", "_<!@\n", expect=(b"0", 0)),
    Case("x2-ride-west-edge", "X2", "<@!5\n", expect=(b"5", 0)),
    Case("x2-ride-east-edge", "X2", "5!@>\n"),
    Case("x1-row-below", "X1", maze('1<"', '@!"', '"""')),
    Case("x1-row-negative-offset", "X1", maze('_1`<1', '!@"""', '"""""')),
    Case("x2-huge-offset-one-row", "X2", "_99999999999999999999<!@\n", expect=(b"0", 0)),
    Case("x1-column-up", "X1", maze('1^!', '"" ', '@""')),
    Case("x1-column-down", "X1", maze('_1v"', '   !', '   @')),
    Case("x2-column-ride-north-edge", "X2", maze('^', '@', '!'), expect=(b"0", 0)),
    Case("x2-column-ride-south-edge", "X2", maze('_""', '  "', '@!v'), expect=(b"0", 0)),
    Case("x3-shift-brings-corridor", "X3", maze('1>', '!', ' @'), expect=(b"0", 0)),
    Case("x3-shift-takes-corridor", "X3", maze('"_1<', '   "', '  !@'), expect=(b"1", 0)),
    Case("x1-padding-rotates", "X1", maze('1>', '"', '!@"')),
    # R: runtime errors
    Case("r1-div-zero", "R1", "12!_/!@\n", expect=(b"12", 1)),
    Case("r1-mod-zero", "R1", "3!%@\n", expect=(b"3", 1)),
    Case("r1-div-empty", "R1", "/@\n", expect=(b"", 1)),
]


def targeted_cases(reference: Reference, check: bool) -> tuple[list[dict], list[str]]:
    cases, problems = [], []
    for case in TARGETED:
        program = case.program.encode("utf-8") if isinstance(case.program, str) else case.program
        budget = case.max_steps or STEP_CAP
        run = reference.run(program, case.input, budget)
        if case.expect is not None and (run.stdout, run.exit) != case.expect:
            problems.append(f"{case.name}: the reference gives {(run.stdout, run.exit)}, the spec {case.expect}")
        if run.exit == 3 and case.max_steps is None:
            problems.append(f"{case.name}: never ends")
        if esodbg_run(text(program), text(case.input), budget)[3]:
            problems.append(f"{case.name}: reaches the random turn (D6)")
        record = {"name": case.name, "rule": case.rule, "program": text(program), "input": text(case.input),
                  "stdout": text(run.stdout), "exit": run.exit, "steps": run.steps,
                  "max_steps": case.max_steps or cap(run.steps), "source": "labyrinth.rb"}
        if check and (problem := compare(record)):
            problems.append(problem)
        cases.append(record)
    return cases, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--reference", type=Path, required=True, help="the folder of m-ender/labyrinth's labyrinth.rb")
    parser.add_argument("--seed", type=int, default=38, help="seed of the random mazes (default 38)")
    parser.add_argument("--random", type=int, default=400, metavar="N", help="random mazes that end (default 400)")
    parser.add_argument("--stuck", type=int, default=30, metavar="N", help="mazes stopped by a budget (default 30)")
    parser.add_argument("--check", action="store_true", help="compare esodbg with each case as it is made")
    parser.add_argument("--out", type=Path, default=CORPUS, help="corpus folder (default tests/corpus/labyrinth)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        reference = Reference(args.reference, Path(work))
        targeted, problems = targeted_cases(reference, args.check)
        for problem in problems:
            print(problem, file=sys.stderr)
        cases = targeted + random_cases(reference, args.random, args.stuck, args.seed, args.check)
    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "cases.jsonl", "w", encoding="utf-8") as out:
        for case in cases:
            out.write(json.dumps(case) + "\n")
    print(f"wrote {len(cases)} cases to {args.out / 'cases.jsonl'}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
