"""Record esodbg's Befunge conformance cases from the references (spec ``befunge.md``).

    .venv/bin/python tests/befunge_cases.py --bef PATH/bef --cfunge PATH/cfunge [--seed N]
        [--random93 N] [--random98 N] [--only 93|98]

writes ``tests/corpus/befunge93/cases.jsonl`` and ``tests/corpus/befunge98/cases.jsonl``, one JSON
object a line:

* ``name``: ``random-0042`` or ``r11-amp-42-lf-z`` (rule, then what it shows);
* ``program``, ``input``, ``stdout``: bytes as text, decoded with ``surrogateescape`` (spec rule 2);
* ``exit``: 0 the program ended, 1 runtime error, 3 ``--max-steps`` spent, else a 98 ``q`` code;
* ``max_steps``: a cap comfortably above the steps the run needs (twice the count, plus 100);
* ``steps`` (Befunge-93 cases from bef.c): the exact steps of spec rule 4, counted by bef.c;
* ``source``: ``bef.c`` (catseye's ``bef -q FILE``), ``cfunge`` (``cfunge -S FILE``) or ``spec``
  (the spec decides otherwise, or the reference hangs: ``note`` says why);
* ``rule``: the spec rule a targeted case is about; ``note``: optional.

The random programs are our own, made by a seeded generator biased toward halting; a program is
kept when its reference run ends within the step clock (below), writes at most 4 KB, is not
killed by a signal and does not hit a place where the spec decides against the reference (bef.c's
``What do you want N/0 to be?``); a Befunge-98 one whose end esodbg's ``--max-repeat`` decides
otherwise is kept as a ``spec`` case (:func:`bound_decides`, which runs esodbg).  The same seed
and counts give the same files.

The step clock is the reference's own trace, not wall-clock time, so that a loaded machine keeps
the same programs: bef.c writes its stack after every step (``-s FILE``, one line a step, the
final ``@`` not included) and cfunge traces every instruction it runs (``-t 4``, one line each).
A run is stopped after :data:`STEP_CAP` lines.  The recorded output is that of a second, plain
run (``bef -q``, ``cfunge -S``), checked equal to the traced one.

The targeted cases each say what the spec expects where it was worked out by hand: a reference
that agrees records the case as its own; one that differs needs a ``note`` (the spec's Decision
wins and the case is recorded from the spec), or the script stops and says so.

Exit status: 0 written; 1 a targeted case disagrees with its reference without a note, or a
reference is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"
STEP_CAP = 10_000  # steps (trace lines) a kept case may take
OUTPUT_CAP = 4096  # bytes of output a kept case may write
TRACE_CAP = 32 << 20  # bytes of trace: a program with a deep stack makes bef.c's lines long
WALL = 20.0  # seconds: only against a reference stuck without tracing (a huge k count, say)
MEMORY = 1 << 30  # bytes of address space a reference may use
MIN_STEPS = 10  # steps a kept random case takes at least


def text(data: bytes) -> str:
    """Bytes as the cases store them (spec rule 2)."""
    return data.decode("utf-8", "surrogateescape")


# ----- running a reference ---------------------------------------------------------------------
@dataclass
class Run:
    """One reference run: ``ended`` (it exited by itself within the caps), the exit code
    (negative: killed by that signal), its stdout bytes, and the trace lines counted."""

    ended: bool
    code: int
    stdout: bytes
    lines: int
    why: str = ""


def limit_memory() -> None:
    """``preexec_fn``: a runaway ``{`` or ``u`` of a huge count fails instead of swapping."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def traced(argv: list[str], stdin: bytes, cwd: Path) -> Run:
    """Run ``argv`` with ``stdin``, counting the trace lines it writes on stderr; kill it past
    :data:`STEP_CAP` lines, :data:`TRACE_CAP` trace bytes, :data:`OUTPUT_CAP` output bytes
    or :data:`WALL` seconds."""
    process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, preexec_fn=limit_memory)
    try:
        process.stdin.write(stdin)  # small: fits the pipe whether or not the program reads it
        process.stdin.close()
    except BrokenPipeError:
        pass
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    selector.register(process.stderr, selectors.EVENT_READ)
    out, lines, trace_bytes, why = bytearray(), 0, 0, ""
    end = time.monotonic() + WALL
    open_pipes = 2
    while open_pipes and not why:
        for key, _ in selector.select(timeout=max(0.0, end - time.monotonic())):
            chunk = os.read(key.fileobj.fileno(), 1 << 16)
            if not chunk:
                selector.unregister(key.fileobj)
                open_pipes -= 1
            elif key.fileobj is process.stdout:
                out += chunk
            else:
                lines += chunk.count(b"\n")
                trace_bytes += len(chunk)
        if len(out) > OUTPUT_CAP:
            why = "output"
        elif lines > STEP_CAP + 1:
            why = "steps"
        elif trace_bytes > TRACE_CAP:
            why = "trace"
        elif time.monotonic() > end:
            why = "time"
    if why:
        process.kill()
    code = process.wait()
    process.stdout.close()
    process.stderr.close()
    return Run(not why, code, bytes(out), lines, why)


def plain(argv: list[str], stdin: bytes, cwd: Path) -> Run:
    """Run ``argv`` as the spec names it (no tracing) to its end."""
    done = subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True, timeout=WALL, preexec_fn=limit_memory)
    return Run(True, done.returncode, done.stdout, 0)


class Reference:
    """A reference interpreter: ``bef -q`` for 93, ``cfunge -S`` for 98."""

    def __init__(self, dialect: str, path: Path, workdir: Path) -> None:
        self.dialect, self.path, self.workdir = dialect, path, workdir
        # bef.c appends ".bf" to a name without a dot; cfunge reads any name.
        self.file = workdir / ("case.b93" if dialect == "93" else "case.b98")

    def argv(self, trace: bool) -> list[str]:
        if self.dialect == "93":
            return [str(self.path), "-q", *(["-s", "/dev/stderr"] if trace else []), self.file.name]
        return [str(self.path), "-S", *(["-t", "4"] if trace else []), self.file.name]

    def run(self, program: bytes, stdin: bytes) -> Run:
        """The reference's run of ``program`` on ``stdin``: traced (steps counted, caps applied),
        then, if that ended, plain; a plain run that differs is reported as not ended."""
        self.file.write_bytes(program)
        first = traced(self.argv(True), stdin, self.workdir)
        if not first.ended or first.code < 0:
            return first
        second = plain(self.argv(False), stdin, self.workdir)
        if (second.code, second.stdout) != (first.code, first.stdout):
            return Run(False, second.code, second.stdout, first.lines, "traced and plain runs differ")
        return Run(True, second.code, second.stdout, first.lines)

    def steps(self, run: Run) -> int:
        """The steps of spec rule 4 a run took: bef.c writes a line after every step but the
        final ``@``; cfunge one per instruction run (``k`` and its repetitions once)."""
        return run.lines + 1 if self.dialect == "93" else run.lines


def cap(steps: int) -> int:
    """``max_steps`` for a run of ``steps``: comfortably above it."""
    return 2 * steps + 100


# ----- random programs -------------------------------------------------------------------------
# Weights per cell.  Digits and stack work dominate (they make values to print); arrows are
# few, so that a run mostly crosses the board and meets one of the @s.
COMMON = {
    **{d: 3 for d in "0123456789"}, "+": 3, "-": 3, "*": 3, "/": 1, "%": 1, "!": 2, "`": 2,
    ">": 2, "<": 2, "^": 1.5, "v": 1.5, "_": 1.5, "|": 1.5, '"': 1.5, ":": 4, "\\": 3, "$": 3,
    ".": 6, ",": 4, "#": 2, "g": 2, "p": 1.5, "&": 2, "~": 2, "@": 0.7, " ": 10,
}
EXTRA98 = {
    **{c: 1 for c in "abcdef"}, "'": 2, "s": 1, ";": 1.5, "j": 1.5, "k": 2, "q": 0.5, "r": 1.5, "[": 1.5,
    "]": 1.5, "w": 1.5, "x": 0.7, "z": 1, "n": 1, "{": 1.5, "}": 1.5, "u": 1,
}
WEIGHTS = {"93": COMMON, "98": {**COMMON, **EXTRA98}}


ARROWS = {(1, 0): ">", (-1, 0): "<", (0, -1): "^", (0, 1): "v"}


def random_program(rng: random.Random, dialect: str) -> bytes:
    """A board of 1-6 rows and 4-30 columns of the dialect's instructions (no ``?``: it is
    random); rows end with LF (their trailing spaces kept).

    Most boards are laid along a path: from (0, 0) east, a walk over the board (wrapping at its
    edges) that turns now and then with an arrow and ends on an ``@`` where it would cross
    itself; the cells off the path are random.  A run that keeps to the path halts; the
    instructions on it that turn or jump (``_ | # j x k w [ ] r p``…) send some runs elsewhere,
    which is what makes them worth recording.  The other boards are random throughout, an ``@``
    in most rows."""
    cells, weights = zip(*WEIGHTS[dialect].items())
    rows, width = rng.randint(1, 6), rng.randint(4, 30)
    board = [rng.choices(cells, weights, k=width) for _ in range(rows)]
    if rng.random() < 0.65:
        # Conditionals and jumps on the path: fewer, so that most runs follow it a while.
        on_path = [(c, w / 2 if c in "_|#jxr[]w" else w) for c, w in zip(cells, weights) if c not in "<>^v@"]
        path_cells, path_weights = zip(*on_path)
        (x, y), delta, seen, turns = (0, 0), (1, 0), {(0, 0)}, 0
        while len(seen) < 60:
            if len(seen) > 1 and rng.random() < 0.2:
                delta = rng.choice([d for d in ARROWS if d != (-delta[0], -delta[1])])
                board[y][x] = ARROWS[delta]
            else:
                board[y][x] = rng.choices(path_cells, path_weights)[0]
            step = (x + delta[0]) % width, (y + delta[1]) % rows
            if step in seen:
                turns += 1
                if len(seen) < 12 and turns < 8:
                    continue  # too short yet: turn somewhere else on this cell
                break
            (x, y) = step
            seen.add(step)
        board[y][x] = "@"
    else:
        for row in board:
            if rng.random() < 0.7:
                row[rng.randrange(width)] = "@"
    return "\n".join("".join(row) for row in board).encode() + b"\n"


def random_input(rng: random.Random, dialect: str) -> bytes:
    """Input for ``&`` and ``~``: numbers (some signed; for 93 some huge, which ``&`` clamps),
    letters, blanks, line ends, now and then a byte >= 128.  98 numbers stay below 10^7: a huge
    count makes ``{`` or ``u`` move more cells than exist, which the spec leaves to the memory
    there is and cfunge answers by reflecting when its allocation fails."""
    largest = 10 ** 20 if dialect == "93" else 10 ** 7
    parts = []
    for _ in range(rng.randint(0, 6)):
        kind = rng.random()
        if kind < 0.5:
            number = str(rng.choice([rng.randint(0, 99), rng.randint(0, 10 ** 6), rng.randint(0, largest)]))
            parts.append(rng.choice(["", "", "-", "+"]) + number)
        elif kind < 0.8:
            parts.append("".join(rng.choices("abcxyzQ!", k=rng.randint(1, 3))))
        else:
            parts.append(rng.choice(["\xe9", "\xff", "\t", "  "]))
        parts.append(rng.choice([" ", "\n", "\n", ""]))
    return "".join(parts).encode("latin-1")


def random_cases(reference: Reference, count: int, seed: int) -> list[dict]:
    """``count`` random cases the reference runs to their end (see the module's docstring)."""
    rng = random.Random(seed)
    cases, tried = [], 0
    while len(cases) < count:
        tried += 1
        program, stdin = random_program(rng, reference.dialect), random_input(rng, reference.dialect)
        run = reference.run(program, stdin)
        if not run.ended or run.code < 0 or b"What do you want" in run.stdout:
            continue  # never ends, writes too much, bef.c's division by zero (spec rule 10)
        if reference.steps(run) < MIN_STEPS or not run.stdout and rng.random() < 0.8:
            continue  # says little: most random boards meet an @ at once or print nothing
        case = {"name": f"random-{len(cases):04d}", "program": text(program), "input": text(stdin),
                "stdout": text(run.stdout), "exit": run.code, "max_steps": cap(reference.steps(run)),
                "source": "bef.c" if reference.dialect == "93" else "cfunge"}
        if reference.dialect == "93":
            case["steps"] = reference.steps(run)
        else:
            case.update(bound_decides(program, stdin, case))
        cases.append(case)
    print(f"befunge{reference.dialect}: {count} random programs kept of {tried} tried", file=sys.stderr)
    return cases


RAISED = 1 << 24  # --max-repeat far above what the random programs' counts reach


def bound_decides(program: bytes, stdin: bytes, case: dict) -> dict:
    """Where esodbg's ``--max-repeat`` (a Decision, docs/befunge.md: one step does at most so
    much) decides a Befunge-98 case against cfunge: esodbg at its default ends otherwise and,
    with the bound raised, as cfunge does.  Then the case's ``stdout``, ``exit``, ``source``
    ``spec`` and ``note`` as esodbg's default gives them; else nothing to change."""
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "case.b98"
        path.write_bytes(program)

        def esodbg(*options: str) -> tuple[str, int]:
            done = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--max-steps", str(case["max_steps"]),
                                   *options, str(path)], input=stdin, capture_output=True, cwd=work, timeout=600)
            return text(done.stdout), done.returncode

        said = esodbg()
        if said == (case["stdout"], case["exit"]) or esodbg("--max-repeat", str(RAISED)) != (case["stdout"], case["exit"]):
            return {}
    return {"stdout": said[0], "exit": said[1], "source": "spec",
            "note": f"Decision (docs/befunge.md): a k or a stack block past --max-repeat; cfunge gave exit "
                    f"{case['exit']} and {case['stdout']!r}"}


# ----- targeted cases --------------------------------------------------------------------------
@dataclass
class Case:
    """A hand-written case: ``expect`` is the spec's (stdout, exit) where worked out by hand
    (``None``: the reference decides); ``note`` says why the spec departs from the reference,
    for a case where it does; ``max_steps`` is given only where the reference cannot count
    (a case the spec ends and the reference does not)."""

    name: str
    rule: int
    program: bytes
    input: bytes = b""
    expect: tuple[bytes, int] | None = None
    note: str = ""
    max_steps: int | None = None


def rows(*lines: str | bytes, end: bytes = b"\n") -> bytes:
    """A board from its lines, each ended by ``end``."""
    return b"".join((line.encode("latin-1") if isinstance(line, str) else line) + end for line in lines)


def board(cells: dict[tuple[int, int], str], height: int) -> bytes:
    """A board of ``height`` lines holding ``cells`` ((x, y) → text from there on)."""
    lines = [""] * height
    for (x, y), run in cells.items():
        lines[y] = lines[y].ljust(x) + run
    return rows(*lines)


POWER63 = "2:*:*:*:*:*:2/*"  # 2^32 · 2^31 = 2^63, wrapping to -2^63 (spec rule 8)

TARGETED93 = [
    Case("r6-crlf-lines", 6, rows("v", ">1.@", end=b"\r\n"), expect=(b"1 ", 0)),
    Case("r6-crlf-cr-not-a-cell", 6, rows("50g.@", end=b"\r\n"), expect=(b"32 ", 0),
         note="rule 6 Decision: a CR before LF is dropped; bef.c on Linux keeps a 13 cell"),
    Case("r6-lone-cr-is-a-cell", 6, b'"\r",@\n', expect=(b"\r", 0)),
    Case("r6-tab-is-a-cell", 6, b'"\t",10g.@\n', expect=(b"\t9 ", 0)),
    Case("r6-nul-is-a-cell", 6, b"50g.@\x00\n", expect=(b"0 ", 0)),
    Case("r6-nul-pushed", 6, b'"\x00",@\n', expect=(b"\x00", 0)),
    Case("r6-line-cut-at-80", 6, rows("v" + " " * 79 + "@@@", ">01g.02g.@"), expect=(b"62 32 ", 0)),
    Case("r6-line-of-exactly-80", 6, rows(">1." + " " * 76 + "v", "" , "@.2" + " " * 76 + "<"),
         expect=(b"1 2 ", 0)),
    Case("r6-only-25-lines", 6, rows("^", *[""] * 23, ">1.@", *[""] * 4, ">9.@"), expect=(b"1 ", 0)),
    Case("r6-no-final-newline", 6, b"1.@", expect=(b"1 ", 0)),
    Case("r7-source-byte-signed", 7, b"30g\xe9.@\n", expect=(b"-23 ", 0)),
    Case("r7-utf8-two-cells", 7, '"é",,@\n'.encode(), expect=(b"\xa9\xc3", 0)),
    Case("r7-unfilled-is-space", 7, b"99g.@\n", expect=(b"32 ", 0)),
    Case("r7-p-low-byte-signed", 7, b"88*2*1+00p00g.@\n", expect=(b"-127 ", 0)),
    Case("r7-p-300", 7, b"55*4*3*00p00g.@\n", expect=(b"44 ", 0)),
    Case("r7-p-255", 7, b"88*4*1-00p00g.@\n", expect=(b"-1 ", 0)),
    Case("r7-p-into-code", 7, b'"@"90p1. 2.@\n', expect=(b"1 ", 0)),
    Case("r7-g-out-of-range-x", 7, b"99*9*0g.01-0g.@\n", expect=(b"0 0 ", 0)),
    Case("r7-g-out-of-range-y", 7, b"055*g.001-g.@\n", expect=(b"0 0 ", 0)),
    Case("r7-p-out-of-range-pops-v", 7, b"901-0p.9055*p.@\n", expect=(b"0 0 ", 0)),
    Case("r8-empty-pops-zero", 8, b".:.\\..$.@\n", expect=(b"0 0 0 0 0 ", 0)),
    Case("r8-wrapping-multiply", 8, b"2:*:*:*:*:*:*.@\n", expect=(b"0 ", 0)),
    Case("r8-wrapping-add", 8, (POWER63 + "1-1+.@\n").encode(), expect=(b"-9223372036854775808 ", 0)),
    Case("r8-wrapping-subtract", 8, (POWER63 + "1-.@\n").encode(), expect=(b"9223372036854775807 ", 0)),
    Case("r9-wrap-east", 9, b"<@,,\"ab\"\n", expect=(b"ab", 0)),
    Case("r9-wrap-north", 9, rows("^", *[""] * 23, ">2.@"), expect=(b"2 ", 0)),
    Case("r9-wrap-south", 9, rows("v@", ">v", " 5", " ."), expect=(b"5 ", 0)),
    Case("r10-hello", 10, b'"!olleH",,,,,,@\n', expect=(b"Hello!", 0)),
    Case("r10-divide-truncates", 10, b"72/.07-2/.72%.07-2%.702-%.@\n", expect=(b"3 -3 1 -1 1 ", 0)),
    Case("r10-modulo-by-zero", 10, b"1.2.70%3.@\n", expect=(b"1 2 ", 1),
         note="rule 10 Decision: a runtime error; bef.c dies of SIGFPE", max_steps=100),
    Case("r10-divide-by-zero", 10, b"1.70/.@\n", expect=(b"1 ", 1),
         note="rule 10 Decision: a runtime error; bef.c asks 'What do you want 7/0 to be?' and reads a number",
         max_steps=100),
    Case("r10-min-divided-by-minus-one", 10, (POWER63 + "01-/.@\n").encode(),
         expect=(b"-9223372036854775808 ", 0), note="rule 10 Decision: -2^63 / -1 is -2^63; bef.c traps",
         max_steps=200),
    Case("r10-min-modulo-minus-one", 10, (POWER63 + "01-%.@\n").encode(), expect=(b"0 ", 0),
         note="rule 10 Decision: -2^63 % -1 is 0; bef.c traps", max_steps=200),
    Case("r10-not", 10, b"0!.5!.@\n", expect=(b"1 0 ", 0)),
    Case("r10-greater", 10, b"52`.25`.55`.@\n", expect=(b"1 0 0 ", 0)),
    Case("r10-horizontal-if", 10, rows("1  v", "@.2_3.@"), expect=(b"2 ", 0)),
    Case("r10-vertical-if", 10, rows("v", "0", ">|", " 7", " .", " @"), expect=(b"7 ", 0)),
    Case("r10-string-with-spaces", 10, b'"a  b",,,,@\n', expect=(b"b  a", 0)),
    Case("r10-string-pushes-at", 10, b'"@",@\n', expect=(b"@", 0)),
    Case("r10-string-wraps", 10, b'"1.@\n', expect=None),
    Case("r10-dup-swap", 10, b"12\\..3:..@\n", expect=(b"1 2 3 3 ", 0)),
    Case("r10-comma-256-plus-65", 10, b"88*4*88*1++,@\n", expect=(b"A", 0)),
    Case("r10-comma-minus-one", 10, b"01-,@\n", expect=(b"\xff", 0)),
    Case("r10-dot-negative", 10, b"05-.@\n", expect=(b"-5 ", 0)),
    Case("r10-bridge", 10, b"#@1.@\n", expect=(b"1 ", 0)),
    Case("r10-bridge-west-edge", 10, ("<" + " " * 74 + "@.1@#\n").encode(), expect=(b"1 ", 0)),
    Case("r10-bridge-north-edge", 10, board({(0, 0): "v#", (0, 1): ">^", (1, 21): "@", (1, 22): ".",
                                             (1, 23): "1", (1, 24): "@"}, 25), expect=(b"1 ", 0)),
    Case("r10-bridge-east-edge", 10, rows(" " * 78 + "v", "@1.@" + " " * 74 + ">#"), expect=(b"1 ", 0)),
    Case("r10-unknown-does-nothing", 10, b"a1xZ.@\n", expect=(b"1 ", 0)),
    Case("r11-amp-42-lf-z", 11, b"&.~.@\n", b"42\nz", expect=(b"42 10 ", 0)),
    Case("r11-amp-minus-x5", 11, b"&.~.@\n", b"-x5", expect=(b"-1 120 ", 0)),
    Case("r11-amp-plus", 11, b"&.&.@\n", b"+5 -7", expect=(b"5 -7 ", 0)),
    Case("r11-amp-lone-sign", 11, b"&.&.@\n", b"+ 5", expect=(b"-1 5 ", 0)),
    Case("r11-amp-skips-whitespace", 11, b"&.~.@\n", b" \t\n\v\f\r 7x", expect=(b"7 120 ", 0)),
    Case("r11-amp-clamps-high", 11, b"&.@\n", b"99999999999999999999", expect=(b"9223372036854775807 ", 0)),
    Case("r11-amp-clamps-low", 11, b"&.@\n", b"-99999999999999999999", expect=(b"-9223372036854775808 ", 0)),
    Case("r11-amp-no-digits", 11, b"&.~.@\n", b"abc", expect=(b"-1 97 ", 0)),
    Case("r11-amp-end-of-input", 11, b"&.&.~.@\n", b"", expect=(b"-1 -1 -1 ", 0)),
    Case("r11-amp-blank-then-end", 11, b"&.~.@\n", b"  ", expect=(b"-1 -1 ", 0)),
    Case("r11-tilde-end-of-input", 11, b"~.~.@\n", b"a", expect=(b"97 -1 ", 0)),
    Case("r11-tilde-ff-like-end", 11, b"~.~.@\n", b"\xff", expect=(b"-1 -1 ", 0)),
    Case("r11-tilde-signed-byte", 11, b"~.~.@\n", b"\xe9\x00", expect=(b"-23 0 ", 0)),
    Case("r11-tilde-then-amp", 11, b"~.&.~.@\n", b"a12b", expect=(b"97 12 98 ", 0)),
    Case("r12-no-at-runs-to-budget", 12, b"1.\n", expect=(b"1 1 1 ", 3), max_steps=200,
         note="rule 12: without an @ the run ends at --max-steps (exit 3); bef.c runs forever. "
              "Steps 1-2, 81-82 and 161-162 print (rule 9: the 78 spaces each take a step)"),
    Case("r4-max-steps-on-at", 4, b"1.@\n", expect=(b"1 ", 0), max_steps=3,
         note="rule 4: a run whose Nth step is its @ ends normally"),
    Case("r4-one-short-of-at", 4, b"1.@\n", expect=(b"1 ", 3), max_steps=2,
         note="rule 4: 1.@ is 3 steps; 2 are not enough"),
]

TARGETED98 = [
    Case("r13-lf-lines", 13, rows("v", ">1.@"), expect=(b"1 ", 0)),
    Case("r13-cr-lines", 13, rows("v", ">2.@", end=b"\r"), expect=(b"2 ", 0)),
    Case("r13-crlf-lines", 13, rows("v", ">3.@", end=b"\r\n"), expect=(b"3 ", 0)),
    Case("r13-lf-cr-two-ends", 13, b"v\n\r>4.@\n", expect=None),
    Case("r13-form-feed-ignored", 13, b"1\x0c2..@\n", expect=None),
    Case("r13-byte-unsigned", 13, b"'\xe9.@\n", expect=(b"233 ", 0)),
    Case("r13-utf8-two-cells", 13, '"é"..@\n'.encode(), expect=(b"169 195 ", 0)),
    Case("r13-long-line", 13, (">" + " " * 150 + "1.@\n").encode(), expect=(b"1 ", 0)),
    Case("r13-many-lines", 13, rows("v", *[""] * 40, ">2.@"), expect=(b"2 ", 0)),
    Case("r14-p-full-value", 14, b"88*88**00p00g.@\n", expect=(b"4096 ", 0)),
    Case("r14-negative-coordinates", 14, b"501-01-p01-01-g.@\n", expect=(b"5 ", 0)),
    Case("r14-unwritten-is-32", 14, b"99g.f9*:*:*0g.@\n", expect=(b"32 32 ", 0)),
    Case("r15-division-by-zero-is-zero", 15, b"10/.20%.@\n", expect=(b"0 0 ", 0)),
    Case("r15-min-divided-by-minus-one", 15, (POWER63 + "01-/.@\n").encode(), expect=(b"-9223372036854775808 ", 0)),
    Case("r15-wrapping-multiply", 15, b"2:*:*:*:*:*:*.@\n", expect=(b"0 ", 0)),
    Case("r17-bridge-across-left-edge", 17, rows(" v", "#<@.1"), expect=(b"1 ", 0)),
    Case("r17-delta-3", 17, b"30x  1  .  @\n", expect=None),
    Case("r17-diagonal-wrap", 17, rows("v.", "5 @", "", ">11 x"), expect=(b"5 ", 0)),
    Case("r17-empty-program", 17, b"", expect=(b"", 1), max_steps=100,
         note="rule 17 Decision: a line that never meets the box (an empty program) is a runtime error; "
              "cfunge hangs"),
    Case("r17-jump-past-the-edge", 17, rows("     v", "1.3.@>2j"), expect=(b"1 3 ", 0),
         note="rule 17: a jump does not wrap, the move after it comes back to the far edge (x = 0); cfunge "
              "wraps as it jumps and lands on x = 1: '0 3 '"),
    Case("r18-semicolons", 18, b"1.;2.;3.@\n", expect=(b"1 3 ", 0)),
    Case("r18-only-spaces", 18, b"   \n  \n", expect=(b"", 1), max_steps=100,
         note="rule 18 Decision: an IP that would pass spaces forever is a runtime error; cfunge hangs"),
    Case("r19-space-run", 19, b'"a   b",,,@\n', expect=(b"b a", 0)),
    Case("r19-string-wraps", 19, b'<@,,,,"+-\n', expect=(b"+- <", 0)),
    Case("r20-unknown-reflects", 20, b"1.X2.@\n", expect=(b"1 0 ", 0)),
    Case("r20-high-byte-reflects", 20, b"1.\xc82.@\n", expect=(b"1 0 ", 0)),
    Case("r20-hlm-reflect", 20, b"1.h2.@\n", expect=(b"1 0 ", 0)),
    Case("r20-io-reflect", 20, b"1.i2.@\n", expect=(b"1 0 ", 0)),
    Case("r21-hex-digits", 21, b"abcdef......@\n", expect=(b"15 14 13 12 11 10 ", 0)),
    Case("r21-quote", 21, b"'A.' .@\n", expect=(b"65 32 ", 0)),
    Case("r21-store", 21, b"'Ms 30g.@\n", expect=(b"77 ", 0)),
    Case("r21-jump-forward", 21, b"2j1.2.@\n", expect=(b"2 ", 0)),
    Case("r21-jump-backward", 21, rows("v", ">3.5.@", "   ", "@.4j5-0<"[::-1]), expect=None),
    Case("r21-quit", 21, b"7q\n", expect=(b"", 7)),
    Case("r21-quit-negative", 21, b"1.01-q\n", expect=(b"1 ", 255)),
    Case("r21-quit-mod-256", 21, b"88*5*q\n", expect=(b"", 64)),
    Case("r21-reflect", 21, b"1.r@\n", expect=(b"1 0 ", 0)),
    Case("r21-turn-left", 21, rows("v", "[1.@"), expect=(b"1 ", 0)),
    Case("r21-turn-right", 21, rows("   v", "@.2]"), expect=(b"2 ", 0)),
    Case("r21-compare-turn", 21, rows("v", ">12w3.@", "   5", "   .", "   @"), expect=None),
    Case("r21-nothing-z", 21, b"1z.@\n", expect=(b"1 ", 0)),
    Case("r21-clear-n", 21, b"123n..@\n", expect=(b"0 0 ", 0)),
    Case("r21-amp-skips-signs", 21, b"&.&.@\n", b"ab-5 x7\n", expect=(b"5 7 ", 0)),
    Case("r21-amp-stops-before-overflow", 21, b"&.&.@\n", b"99999999999999999999\n", expect=None),
    Case("r21-amp-drops-line-end", 21, b"&.~.@\n", b"12\nab", expect=(b"12 97 ", 0)),
    Case("r21-amp-keeps-rest-of-line", 21, b"&.~.@\n", b"12 ab\n", expect=(b"12 32 ", 0)),
    Case("r21-amp-end-of-input-reflects", 21, b"&.@.3\n", b"", expect=(b"3 ", 0)),
    Case("r21-tilde", 21, b"~.@.3\n", b"A\xff", expect=(b"65 ", 0)),
    Case("r21-tilde-unsigned", 21, b"~~..@\n", b"A\xff", expect=(b"255 65 ", 0)),
    Case("r21-tilde-end-of-input-reflects", 21, b"~.@.3\n", b"", expect=(b"3 ", 0)),
    Case("r22-k-repeats", 22, b"2k6...@\n", expect=(b"6 6 6 ", 0)),
    Case("r22-k-zero-skips", 22, b"10k6..@\n", expect=(b"1 0 ", 0)),
    Case("r22-k-over-spaces", 22, b"2k  6...@\n", expect=(b"6 6 6 ", 0)),
    Case("r22-k-over-semicolons", 22, b"2k;;;5...@\n", expect=None),
    Case("r22-k-bridge", 22, b"4k #1.2.3.4.5.6.@\n", expect=None),
    Case("r22-k-turn", 22, rows("1k[", " @", " .", " 3"), expect=(b"3 ", 0)),
    Case("r22-k-negative-reflects", 22, b"1.01-k2.@\n", expect=None),
    Case("r22-k-z", 22, b"9kz1.@\n", expect=(b"1 ", 0)),
    Case("r22-k-at", 22, b"3k@1.@\n", expect=(b"", 0)),
    Case("r22-k-dup", 22, b"13k:....@\n", expect=(b"1 1 1 1 ", 0)),
    Case("r22-k-fetch-past-the-edge", 22, rows("   v", "..@>4k'A"), expect=(b"32 32 ", 0),
         note="rules 22 and 17: a ' that k repeats reads on past the box's edge, where the cells are spaces (a "
              "jump does not wrap); cfunge wraps as it moves, reads the far edge's cells and prints '46 '"),
    Case("r23-begin-block", 23, b"1232{...@\n", expect=(b"3 2 0 ", 0)),
    Case("r23-block-offset", 23, b"0{900g.@\n", expect=(b"57 ", 0)),
    Case("r23-end-one-stack-reflects", 23, b"1.}@\n", expect=(b"1 0 ", 0)),
    Case("r23-begin-end", 23, b"12342{56 2}.....@\n", expect=None),
    Case("r23-negative-begin", 23, b"1202-{}....@\n", expect=None),
    Case("r23-under", 23, b"1230{2u..3u...@\n", expect=None),
    Case("r23-dup-swap-empty", 23, b":.. \\..@\n", expect=(b"0 0 0 0 ", 0)),
    Case("r24-split", 24, b"1.t2.@\n", expect=(b"1 0 2 ", 0)),
    Case("r24-split-twice", 24, b"2kt7.@\n", expect=None),
]


def targeted_cases(reference: Reference, cases: list[Case]) -> tuple[list[dict], list[str]]:
    """The targeted cases recorded, and the problems met: a reference that does not end or
    disagrees with the spec's expectation where no note explains it."""
    source = "bef.c" if reference.dialect == "93" else "cfunge"
    recorded, problems = [], []
    for case in cases:
        run = reference.run(case.program, case.input)
        said = (run.stdout, run.code) if run.ended and run.code >= 0 else None
        entry = {"name": case.name, "program": text(case.program), "input": text(case.input), "rule": case.rule}
        if case.expect is not None and said != case.expect:
            if not case.note:
                problems.append(f"{case.name}: the spec expects {case.expect!r}, {source} gives "
                                f"{said if said is not None else run.why or f'signal {-run.code}'}")
                continue
            stdout, code = case.expect
            entry.update(stdout=text(stdout), exit=code, source="spec", note=case.note)
        elif said is None:
            problems.append(f"{case.name}: {source} did not end ({run.why or f'signal {-run.code}'})")
            continue
        else:
            entry.update(stdout=text(run.stdout), exit=run.code, source=source)
            if case.note:
                entry["note"] = case.note
            if reference.dialect == "93":
                entry["steps"] = reference.steps(run)
        entry["max_steps"] = case.max_steps or cap(reference.steps(run) if said is not None else 0)
        recorded.append(entry)
    return recorded, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--bef", type=Path, help="catseye's bef (Befunge-93), built from src/bef.c with "
                        "`cc -std=c99 -D_POSIX_C_SOURCE=200809L -O2 -o bef src/bef.c`")
    parser.add_argument("--cfunge", type=Path, help="cfunge (Befunge-98), built with its CMake defaults")
    parser.add_argument("--only", choices=("93", "98"), help="record one dialect only")
    parser.add_argument("--seed", type=int, default=35, help="seed of the random programs (default 35)")
    parser.add_argument("--random93", type=int, default=300, metavar="N", help="random 93 cases (default 300)")
    parser.add_argument("--random98", type=int, default=200, metavar="N", help="random 98 cases (default 200)")
    parser.add_argument("--out", type=Path, default=CORPUS, help="corpus folder (default tests/corpus)")
    args = parser.parse_args()
    jobs = [("93", args.bef, args.random93, TARGETED93), ("98", args.cfunge, args.random98, TARGETED98)]
    failed = False
    for dialect, path, count, targeted in jobs:
        if args.only not in (None, dialect):
            continue
        if path is None or not path.is_file():
            print(f"befunge{dialect}: give the reference ({'--bef' if dialect == '93' else '--cfunge'} PATH)",
                  file=sys.stderr)
            failed = True
            continue
        with tempfile.TemporaryDirectory() as work:
            reference = Reference(dialect, path.resolve(), Path(work))
            recorded, problems = targeted_cases(reference, targeted)
            recorded += random_cases(reference, count, args.seed)
        for problem in problems:
            print(f"befunge{dialect}: {problem}", file=sys.stderr)
        failed |= bool(problems)
        target = args.out / f"befunge{dialect}" / "cases.jsonl"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("w", encoding="utf-8", errors="surrogateescape") as out:
            for entry in recorded:
                # ensure_ascii: the cases hold lone surrogates (bytes that are not UTF-8)
                out.write(json.dumps(entry, ensure_ascii=True) + "\n")
        sources = {s: sum(e["source"] == s for e in recorded) for s in {e["source"] for e in recorded}}
        print(f"befunge{dialect}: {len(recorded)} cases written to {target} ({sources})", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl+C ends it at once, references and all
    sys.exit(main())
