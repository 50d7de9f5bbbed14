"""Record esodbg's ><> conformance cases from the reference, fish.py (spec ``fish.md``).

    .venv/bin/python tests/fish_cases.py --fish PATH/fish.py [--seed N] [--random N]
    .venv/bin/python tests/fish_cases.py --fish PATH/fish.py --examples

The first writes ``tests/corpus/fish/cases.jsonl``, one JSON object a line:

* ``name``: ``random-0042`` or ``r19-string-wraps`` (rule, then what it shows);
* ``program``, ``input``, ``stdout``: text (programs and input are UTF-8, rule 5 and 26);
* ``options``: ``{"stack": TEXT, "value": "N N"}`` when the case gives them (rule 2);
* ``exit``: 0 the program reached ``;``, 1 a runtime error, 3 ``--max-steps`` spent;
* ``steps``: the exact steps of spec rule 4 (ticks of fish.py's ``Interpreter.move``);
* ``max_steps``: the cap: twice the steps plus 100 for a run that ends, the steps themselves
  for one that a cap stops (exit 3);
* ``source``: ``fish.py``, or ``spec`` where the spec decides against fish.py (``note`` says why);
* ``rule``: the spec rule a targeted case is about; ``note``: optional.

The second records ``examples/fish``'s programs' runs (with the input :data:`EXAMPLE_INPUT`
gives them) into ``tests/corpus/fish/examples.json``.

fish.py is run through its own ``Interpreter`` class (this file, ``--drive``, in a child
process: its output on stdout, its end on stderr as one JSON line), which counts the ticks and
stops after a cap, and which stops a run that meets a place where the spec decides otherwise:
a non-integral coordinate of ``g``, ``p`` or ``.`` (rules 14, 27), ``n`` of an integer of more
than 4000 digits (rule 30's Decision, docs/fish.md), the pointer at a negative x (rule 8); and
a run where fish.py itself crashes (rule 9's row with no cell) is dropped too.  A sample of the
kept runs goes through ``python3 fish.py FILE`` as well, which must write the same output.

The random programs are our own, made by a seeded generator biased toward halting (a path
from (0, 0) that turns now and then and ends on a ``;``, the cells off it random, rows of
random lengths).  ``x`` never appears in them (rule 16: it is random).  The same seed and
counts give the same file.

Exit status: 0 written; 1 a targeted case disagrees with its reference without a note.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"
STEP_CAP = 3000  # ticks a random run may take
OUTPUT_CAP = 4096  # characters of output a kept case may write
WALL = 60.0  # seconds a reference run may take
MIN_STEPS = 8


# ----- the driver (runs in a child process) -------------------------------------------------------
class Decided(BaseException):
    """The run met a place where the spec decides against fish.py (a BaseException: fish.py's
    ``except Exception`` must not turn it into its error)."""


def drive(reference: str, program: str, cap: int, stack: str | None, values: list[str]) -> None:
    """Run ``program`` in fish.py's ``Interpreter`` (the module at ``reference``) for at most
    ``cap`` ticks, as ``fish.py FILE [-s stack] [-v values]`` would; write its output on stdout
    and ``{"steps", "end", "why"}`` on stderr (``end``: halt, error, cap, decided, crash)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("fish_reference", reference)
    fish = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fish)
    with open(program, encoding="utf-8") as f:  # as its FileType("r"): universal newlines
        code = f.read()
    it = fish.Interpreter(code)
    if stack is not None:
        it._stack += [float(ord(c)) for c in stack]
    if values:
        it._stack += [float(v) for v in values]
    handle = it._handle_instruction

    def watched(instruction):
        if it._position[0] < 0:
            raise Decided("the pointer at a negative x (rule 8)")
        if it._string_mode is None and instruction in ("g", "p", ".") and len(it._stack) >= 2:
            for v in it._stack[-2:]:
                if isinstance(v, float) and v - v == 0 and v != int(v):
                    raise Decided(f"{instruction} with a non-integral coordinate")
        if it._string_mode is None and instruction == "n" and it._stack:
            v = it._stack[-1]
            if isinstance(v, int) and abs(v) >= 10 ** 4000:
                raise Decided("n of a huge integer")
        return handle(instruction)

    it._handle_instruction = watched
    steps, end, why = 0, "cap", ""
    try:
        while steps < cap:
            steps += 1
            it.move()
    except fish.StopExecution as stop:
        end = "error" if stop.message else "halt"
    except Decided as decided:
        end, why = "decided", str(decided)
    except Exception as crash:  # fish.py's own failure (rule 9's Decision)
        end, why = "crash", repr(crash)
    sys.stdout.flush()
    sys.stderr.write(json.dumps({"steps": steps, "end": end, "why": why}) + "\n")


# ----- running the reference ----------------------------------------------------------------------
@dataclass
class Run:
    """One reference run: how it ended (``halt``, ``error``, ``cap``, ``decided``, ``crash``,
    ``time``), its ticks and its output."""

    end: str
    steps: int
    stdout: str
    why: str = ""

    @property
    def exit(self) -> int:
        return {"halt": 0, "error": 1, "cap": 3}[self.end]


def environment() -> dict:
    return dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8", PYTHONHASHSEED="0")


class Reference:
    """fish.py at ``path``, run on programs written in ``workdir``."""

    def __init__(self, path: Path, workdir: Path) -> None:
        self.path, self.workdir = path, workdir
        self.file = workdir / "case.fish"

    def run(self, program: str, stdin: str, options: dict, cap: int) -> Run:
        self.file.write_bytes(program.encode("utf-8"))
        argv = [sys.executable, __file__, "--drive", str(self.path), str(self.file), str(cap)]
        if options.get("stack") is not None:
            argv += ["--stack", options["stack"]]
        if options.get("value"):
            argv += ["--values", *options["value"].split()]
        try:
            done = subprocess.run(argv, input=stdin.encode("utf-8"), capture_output=True, timeout=WALL,
                                  env=environment())
        except subprocess.TimeoutExpired:
            return Run("time", 0, "")
        end = json.loads(done.stderr.decode("utf-8").strip().splitlines()[-1])
        return Run(end["end"], end["steps"], done.stdout.decode("utf-8", "replace"), end["why"])

    def plain(self, program: str, stdin: str, options: dict) -> str:
        """``python3 fish.py FILE [-s TEXT] [-v N …]``'s stdout (the spec's own command)."""
        self.file.write_bytes(program.encode("utf-8"))
        argv = [sys.executable, str(self.path), str(self.file)]
        if options.get("stack") is not None:
            argv += ["-s", options["stack"]]
        if options.get("value"):
            argv += ["-v", *options["value"].split()]
        done = subprocess.run(argv, input=stdin.encode("utf-8"), capture_output=True, timeout=WALL,
                              env=environment())
        return done.stdout.decode("utf-8", "replace")


def cap(steps: int) -> int:
    return 2 * steps + 100


# ----- random programs ------------------------------------------------------------------------------
WEIGHTS = {
    **{d: 3 for d in "0123456789"}, **{d: 1 for d in "abcdef"}, "+": 3, "-": 3, "*": 3, ",": 1.5, "%": 1.5,
    "=": 1.5, "(": 1.5, ")": 1.5, ":": 4, "~": 2, "$": 2, "@": 2, "}": 1, "{": 1, "r": 1, "l": 2, "[": 1,
    "]": 1, "&": 1.5, "o": 3, "n": 6, "i": 2, "g": 1.5, "p": 1.5, ".": 0.6, "!": 2, "?": 2, "'": 1.2,
    '"': 1.2, "/": 1, "\\": 1, "|": 1, "_": 1, "#": 1, ">": 1.5, "<": 1.5, "^": 1, "v": 1, ";": 0.8,
    " ": 10, "A": 0.15, "é": 0.1,
}
ARROWS = {(1, 0): ">", (-1, 0): "<", (0, -1): "^", (0, 1): "v"}


def random_program(rng: random.Random) -> str:
    """1-6 rows of random lengths (1-24) of instructions.  Most programs are laid along a path:
    from (0, 0) right, a walk that turns now and then with an arrow and ends on a ``;`` where it
    would cross itself; the cells off the path are random.  A row may end with spaces, and now
    and then a row is empty (a blank line), or the file ends with a few."""
    cells, weights = zip(*WEIGHTS.items())
    rows = rng.randint(1, 6)
    lengths = [rng.randint(1, 24) for _ in range(rows)]
    board = [rng.choices(cells, weights, k=n) for n in lengths]
    if rng.random() < 0.7:
        on_path = [(c, w / 2 if c in "/\\|_#!?.[]" else w) for c, w in zip(cells, weights) if c not in "<>^v;"]
        path_cells, path_weights = zip(*on_path)
        width = max(lengths)
        for row in board:  # the path needs its cells
            row.extend(rng.choices(cells, weights, k=width - len(row)))
        (x, y), delta, seen, turns = (0, 0), (1, 0), {(0, 0)}, 0
        while len(seen) < 50:
            if len(seen) > 1 and rng.random() < 0.2:
                delta = rng.choice([d for d in ARROWS if d != (-delta[0], -delta[1])])
                board[y][x] = ARROWS[delta]
            else:
                board[y][x] = rng.choices(path_cells, path_weights)[0]
            step = (x + delta[0]) % width, (y + delta[1]) % rows
            if step in seen:
                turns += 1
                if len(seen) < 10 and turns < 8:
                    continue
                break
            (x, y) = step
            seen.add(step)
        board[y][x] = ";"
        for row in board:  # ragged again: cut some rows short after their last path cell
            if rng.random() < 0.5:
                del row[rng.randint(1, len(row)):]
    else:
        for row in board:
            if rng.random() < 0.6:
                row[rng.randrange(len(row))] = ";"
    lines = ["".join(row) for row in board]
    if rows > 2 and rng.random() < 0.1:
        lines[rng.randrange(1, rows - 1)] = ""
    return "\n".join(lines) + rng.choice(["\n", "\n", "\n", "", "\n\n\n"])


def random_input(rng: random.Random) -> str:
    return "".join(rng.choices("abc xyz019\n\té🐟", k=rng.randint(0, 10)))


def random_options(rng: random.Random) -> dict:
    if rng.random() < 0.8:
        return {}
    options = {}
    if rng.random() < 0.6:
        options["stack"] = "".join(rng.choices("hello, fish 123", k=rng.randint(0, 6)))
    if rng.random() < 0.6:
        options["value"] = " ".join(rng.choice(["1", "2.0", "0.5", "-3", "1e3", "2.5", "0", "7"])
                                    for _ in range(rng.randint(1, 4)))
    return options


def random_cases(reference: Reference, count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    cases, tried, capped = [], 0, 0
    while len(cases) < count:
        tried += 1
        program, stdin, options = random_program(rng), random_input(rng), random_options(rng)
        run = reference.run(program, stdin, options, STEP_CAP)
        if run.end not in ("halt", "error", "cap") or len(run.stdout) > OUTPUT_CAP:
            continue
        if run.end == "cap":
            if capped * 8 >= len(cases) or not run.stdout:
                continue  # a few runs stopped by the cap, and only ones that print
            capped += 1
        if run.steps < MIN_STEPS or not run.stdout and rng.random() < 0.7:
            continue
        case = {"name": f"random-{len(cases):04d}", "program": program, "input": stdin, "stdout": run.stdout,
                "exit": run.exit, "steps": run.steps, "max_steps": run.steps if run.end == "cap" else cap(run.steps),
                "source": "fish.py"}
        if options:
            case["options"] = options
        if len(cases) % 25 == 0 and run.end != "cap" and reference.plain(program, stdin, options) != run.stdout:
            raise SystemExit(f"fish.py and its Interpreter driven here differ on {program!r}")
        cases.append(case)
    print(f"fish: {count} random programs kept of {tried} tried ({capped} stopped by the cap)", file=sys.stderr)
    return cases


# ----- targeted cases -------------------------------------------------------------------------------
@dataclass
class Case:
    """A hand-written case: ``expect`` is the spec's (stdout, exit) where worked out by hand
    (``None``: the reference decides); ``note`` says why the spec departs from the reference, for
    a case where it does (then ``max_steps`` may be given: fish.py cannot count it)."""

    name: str
    rule: int
    program: str
    input: str = ""
    expect: tuple[str, int] | None = None
    options: dict = field(default_factory=dict)
    note: str = ""
    max_steps: int | None = None


def lines(*rows: str, end: str = "\n") -> str:
    return "".join(row + end for row in rows)


TARGETED = [
    # rule 2: the initial stack
    Case("r2-stack-option", 2, "l0=?;o", options={"stack": "hello"}, expect=("olleh", 0)),
    Case("r2-value-option", 2, "nnn;", options={"value": "1 2.0 0.25"}, expect=("0.2521", 0)),
    Case("r2-stack-then-values", 2, "l0=?;n", options={"stack": "ab", "value": "7"}, expect=("79897", 0)),
    Case("r2-value-exponent", 2, "n;", options={"value": "1e-3"}, expect=("0.001", 0)),
    Case("r2-value-big-float", 2, "n;", options={"value": "1e20"}, expect=("100000000000000000000", 0)),
    Case("r2-stack-unicode", 2, "n;", options={"stack": "é"}, expect=("233", 0)),
    # rule 3: errors keep the output
    Case("r3-output-kept-on-error", 3, "1n2n+;", expect=("12", 1)),
    # rule 4: steps
    Case("r4-three-steps", 4, "1n;", expect=("1", 0)),
    Case("r4-skip-is-a-step", 4, "1!n;", expect=("", 0)),
    Case("r4-max-steps-on-semicolon", 4, "1n;", expect=("1", 0), max_steps=3,
         note="rule 4: a run whose Nth step is its ; ends normally (exit 0)"),
    Case("r4-one-short", 4, "1n;", expect=("1", 3), max_steps=2, note="rule 4: 1n; is 3 steps; 2 are not enough"),
    Case("r4-loop-budget", 4, "1n", expect=("111", 3), max_steps=7,
         note="rule 4: the spec's example; fish.py never ends"),
    Case("r4-string-steps", 4, "'ab'ooo;", expect=None),
    # rule 5: lines and characters
    Case("r5-crlf", 5, lines("v", ">1n;", end="\r\n"), expect=("1", 0)),
    Case("r5-lone-cr", 5, "v\r>2n;\r", expect=("2", 0)),
    Case("r5-unicode-cells", 5, "'é🐟'nn;", expect=("128031233", 0)),
    Case("r5-unicode-is-one-cell", 5, "'é'n10gn;", expect=("233233", 0)),
    Case("r5-no-final-newline", 5, "3n;", expect=("3", 0)),
    # rule 6: #!
    Case("r6-hashbang-dropped", 6, "#!/usr/bin/env fish\n4n;\n", expect=("4", 0)),
    Case("r6-hashbang-only-first-line", 6, "v\n#!\n>5n;\n", expect=None),
    # rule 7: cell values
    Case("r7-space-is-zero", 7, "1 n01gn;", expect=("10", 0)),
    Case("r7-p-float-runs-truncated", 7, "ff*1+2,00p 4n;", expect=None),
    Case("r7-negative-cell-is-space", 7, "01-20p1n ;", expect=("1", 0)),
    Case("r7-negative-cell-pushes-32", 7, "01-40p'a 'ooo;", expect=None),
    Case("r7-float-cell-pushed-truncated", 7, "'A'1+2,70p'  'onon;", expect=None),
    Case("r7-huge-cell-invalid", 7, "ff*:*:*:*:*:*40p", expect=None),
    Case("r7-huge-cell-invalid-in-string", 7, "ff*:*:*:*:*:*80p'  ", expect=None),
    Case("r7-tab-invalid", 7, "1n\t;", expect=("1", 1)),
    Case("r7-g-float-cell", 7, "72,00p00gn;", expect=None),
    # rule 8: touched cells, R(y) and H
    Case("r8-trailing-blank-lines", 8, "\\\n'\n\\ln;\n\n\n\n", expect=("2", 0)),
    Case("r8-blank-middle-line", 8, lines("v", "", "'", "0", "l", "n", ";"), expect=None),
    Case("r8-g-touches", 8, lines("0a2g~  v", "       ;", "!n5<"), expect=None),
    Case("r8-p-below-makes-rows", 8, lines("v", ">00e0p   v", "         >1n;"), expect=None),
    Case("r8-exec-touch-extends", 8, lines("v   ;", "", ">  1n^"), expect=None),
    # rule 9: moving
    Case("r9-ragged-skip", 9, lines("  v", "n;>7n!", "       Z"), expect=("7", 0)),
    Case("r9-left-wraps-to-row-end", 9, lines("<;n1"), expect=("1", 0)),
    Case("r9-up-wraps-to-last-row", 9, lines("^", "", ";", "n", "3"), expect=None),
    Case("r9-down-wraps-to-first-row", 9, lines("v", "4", "n", "^;"), expect=None),
    Case("r9-right-wraps-short-row", 9, lines("v  ;n5", ">", ""), expect=None),
    Case("r9-start-at-origin", 9, "5n;", expect=("5", 0)),
    # rule 10
    Case("r10-g-far-extends-row", 10, lines("ff*3g~v", "      >   v", "         >1n ;", "!"), expect=None),
    # rule 11: jumps
    Case("r11-jump-below-wraps", 11, lines("l?!vo;", "   >'k'c5."), expect=("k", 0)),
    Case("r11-jump-far-right-wraps", 11, lines("f0.", "", "n;"), expect=None),
    Case("r11-jump-far-left-walks", 11, lines("<;n1.0f"), expect=None),
    Case("r11-jump-onto-instruction-not-run", 11, "30.n9n;", expect=("9", 0)),
    Case("r11-jump-down-far", 11, lines("v", "f", "0", ".", "", ";", "n", "6"), expect=None),
    # rule 12: directions and mirrors
    Case("r12-mirror-slash", 12, lines("/", "n", ";", "8"), expect=None),
    Case("r12-mirror-backslash", 12, lines("\\", "8", "n", ";"), expect=("8", 0)),
    Case("r12-mirror-bar", 12, "1n|", expect=None, max_steps=20),
    Case("r12-mirror-underscore-horizontal", 12, "_2n;", expect=("2", 0)),
    Case("r12-mirror-hash", 12, "3n#", expect=None, max_steps=20),
    Case("r12-mirror-underscore-vertical", 12, lines("v", "2", "_", "n", ";"), expect=None, max_steps=20),
    # rule 13: skips
    Case("r13-bang", 13, "!3n;", expect=None),
    Case("r13-question-zero-skips", 13, "0?n5n;", expect=("5", 0)),
    Case("r13-question-nonzero", 13, "60?n5n;", expect=None),
    Case("r13-question-float", 13, "12,?n;", expect=None),
    # rule 14: .
    Case("r14-negative-jump-error", 14, "01-0.", expect=("", 1)),
    Case("r14-jump-y-negative", 14, "001-.", expect=("", 1)),
    Case("r14-jump-one-value", 14, "1.", expect=("", 1)),
    Case("r14-jump-float-error", 14, "12,0.", expect=("", 1), max_steps=20,
         note="rule 14 Decision: a non-integer x or y of . is an error; fish.py jumps to a float position"),
    # rule 15: pushes
    Case("r15-hex-digits", 15, "abcdefnnnnnn;", expect=("151413121110", 0)),
    Case("r15-upper-hex-invalid", 15, "1nA", expect=("1", 1)),
    # rule 17: arithmetic
    Case("r17-sub", 17, "35-n;", expect=("-2", 0)),
    Case("r17-mul-big", 17, "f:*:*:*:*:*:*:*n;", expect=None),
    Case("r17-div-float", 17, "72,n;", expect=("3.5", 0)),
    Case("r17-div-exact", 17, "93,n;", expect=("3", 0)),
    Case("r17-div-negative", 17, "07-2,n;", expect=("-3.5", 0)),
    Case("r17-floor-mod", 17, "07-3%n;", expect=("2", 0)),
    Case("r17-floor-mod-negative-divisor", 17, "703-%n;", expect=("-2", 0)),
    Case("r17-float-mod", 17, "f2,2%n;", expect=("1.5", 0)),
    Case("r17-float-mod-negative", 17, "f2,03-%n;", expect=None),
    Case("r17-mod-zero-error", 17, "50%n;", expect=("", 1)),
    Case("r17-float-mod-zero-error", 17, "12,0%n;", expect=("", 1)),
    Case("r17-div-zero-error", 17, "10,n;", expect=("", 1)),
    Case("r17-div-zero-by-zero", 17, "00,n;", expect=("", 1)),
    Case("r17-float-plus-int", 17, "12,3+n;", expect=("3.5", 0)),
    Case("r17-float-times-int", 17, "13,3*n;", expect=None),
    Case("r17-float-minus-float", 17, "13,23,-n;", expect=None),
    # rule 18: comparisons
    Case("r18-equal", 18, "22=n23=n;", expect=("10", 0)),
    Case("r18-less", 18, "23(n32(n;", expect=("10", 0)),
    Case("r18-greater", 18, "32)n23)n;", expect=("10", 0)),
    Case("r18-float-int-equal", 18, "42,2=n;", expect=("1", 0)),
    Case("r18-float-compare", 18, "12,13,)n;", expect=("1", 0)),
    # rule 19: strings
    Case("r19-wraps", 19, "'o;", expect=(";", 0)),
    Case("r19-other-quote-pushed", 19, "'\"'o\"'\"o;", expect=("\"'", 0)),
    Case("r19-double-quote", 19, '"ab"oo;', expect=("ba", 0)),
    Case("r19-space-pushes-32", 19, "' 'n;", expect=("32", 0)),
    Case("r19-string-vertical", 19, lines("v", "'", "x", "'", "o", ";"), expect=None),
    Case("r19-empty-string", 19, "''ln;", expect=("0", 0)),
    # rule 20: stack instructions
    Case("r20-dup", 20, "5:nn;", expect=("55", 0)),
    Case("r20-drop", 20, "56~n;", expect=("5", 0)),
    Case("r20-swap", 20, "12$nn;", expect=("12", 0)),
    Case("r20-rot", 20, "123@nnn;", expect=("213", 0)),
    Case("r20-right-shift", 20, "123}nnn;", expect=("213", 0)),
    Case("r20-left-shift", 20, "123{nnn;", expect=("132", 0)),
    Case("r20-reverse", 20, "123rnnn;", expect=("123", 0)),
    Case("r20-length", 20, "123ln;", expect=("3", 0)),
    Case("r20-length-empty", 20, "ln;", expect=("0", 0)),
    Case("r20-dup-empty-error", 20, ":", expect=("", 1)),
    Case("r20-swap-one-error", 20, "1$", expect=("", 1)),
    Case("r20-rot-two-error", 20, "12@", expect=("", 1)),
    Case("r20-shift-empty-error", 20, "}", expect=("", 1)),
    Case("r20-left-shift-empty-error", 20, "{", expect=("", 1)),
    Case("r20-reverse-empty", 20, "rln;", expect=("0", 0)),
    # rule 21: the register
    Case("r21-register", 21, "7&&n;", expect=("7", 0)),
    Case("r21-register-keeps", 21, "7&3n&n;", expect=("37", 0)),
    Case("r21-register-empty-error", 21, "&", expect=("", 1)),
    Case("r21-register-per-stack", 21, "7&11[8&&n]&n;", expect=("87", 0)),
    Case("r21-register-new-stack-empty", 21, "9&0[&", expect=("", 1)),
    # rule 22: [
    Case("r22-new-stack", 22, "12342[lnnn]lnnn;", expect=("243221", 0)),
    Case("r22-zero", 22, "120[ln]ln;", expect=("02", 0)),
    Case("r22-more-than-stack", 22, "129[ln]ln;", expect=("22", 0)),
    Case("r22-negative", 22, "12302-[lnn]ln;", expect=("132", 0)),
    Case("r22-negative-more", 22, "1209-[ln]ln;", expect=("02", 0)),
    Case("r22-float-count", 22, "12352,[ln]ln;", expect=("23", 0)),
    Case("r22-empty-error", 22, "[", expect=("", 1)),
    # rule 23: ]
    Case("r23-only-stack-empties", 23, "123]ln;", expect=("0", 0)),
    Case("r23-only-stack-register", 23, "5&]&", expect=("", 1)),
    Case("r23-merge-order", 23, "1232[45]lnnnnn;", expect=("55432", 0)),
    # rule 24: o
    Case("r24-o-unicode", 24, "ff*8+o;", expect=("é", 0)),
    Case("r24-o-nul", 24, "0o;", expect=("\x00", 0)),
    Case("r24-o-negative-error", 24, "01-o;", expect=("", 1)),
    Case("r24-o-too-big-error", 24, "ff*:*:*o;", expect=("", 1)),
    Case("r24-o-float-truncates", 24, "'A'1+2,o;", expect=None),
    Case("r24-o-last-code-point", 24, "ff*:*:*ff*:*1-+2*1+3+1-o;", expect=None),
    Case("r24-o-control", 24, "a9oo;", expect=("\t\n", 0)),
    # rule 25/30: n
    Case("r25-n-negative", 25, "05-n;", expect=("-5", 0)),
    Case("r30-n-float-repr", 30, "a3,n;", expect=("3.3333333333333335", 0)),
    Case("r30-n-small-float", 30, "1aa*:*:*,n;", expect=("1e-08", 0)),
    Case("r30-n-negative-float", 30, "05-2,n;", expect=("-2.5", 0)),
    Case("r30-n-minus-zero", 30, "001-*2,n;", expect=("0", 0)),
    Case("r30-n-integral-float", 30, "42,n;", expect=("2", 0)),
    Case("r30-n-big-int", 30, "f:*:*:*:*:*n;", expect=("43143988327398919500410556793212890625", 0)),
    # rule 26: i
    Case("r26-i-reads", 26, "iiinnn;", "ab", expect=("-19897", 0)),
    Case("r26-i-unicode", 26, "in;", "é", expect=("233", 0)),
    Case("r26-i-emoji", 26, "in;", "🐟", expect=("128031", 0)),
    Case("r26-i-cr", 26, "iin n;", "\r\n", expect=None),
    Case("r26-i-end-every-time", 26, "iinn;", "", expect=("-1-1", 0)),
    Case("r26-cat", 26, "i:0(?;o", "hi\n", expect=("hi\n", 0)),
    # rule 27: g and p
    Case("r27-g-reads", 27, "20gn;", expect=("103", 0)),
    Case("r27-g-never-written", 27, "99gn;", expect=("0", 0)),
    Case("r27-g-negative", 27, "01-01-gn;", expect=("0", 0)),
    Case("r27-p-negative-then-g", 27, "701-01-p01-01-gn;", expect=("7", 0)),
    Case("r27-p-float-value", 27, "12,99p99gn;", expect=("0.5", 0)),
    Case("r27-p-rewrites-ahead", 27, "'n'70p5 ;", expect=("5", 0)),
    Case("r27-p-huge", 27, "9ff*:*:*0pff*:*:*0gn;", expect=("9", 0)),
    Case("r27-g-float-error", 27, "12,0g", expect=("", 1), max_steps=20,
         note="rule 27 Decision: non-integer coordinates are an error; fish.py keys its dict with a float"),
    Case("r27-p-one-value-error", 27, "1p", expect=("", 1)),
    # rule 28: ;, space, invalid
    Case("r28-invalid-letter", 28, "1nz", expect=("1", 1)),
    Case("r28-invalid-backtick", 28, "1n`", expect=("1", 1), max_steps=100,
         note="spec: a backtick is an ordinary character, an invalid instruction; fish.py's fork drops it "
              "(its breakpoint mark), and 1n loops"),
    Case("r28-invalid-unicode", 28, "2né", expect=("2", 1)),
    Case("r28-space-noop", 28, "  1n  ;", expect=("1", 0)),
    # rule 29: numbers
    Case("r29-pop-makes-integer", 29, "72,2*n;", expect=("7", 0)),
    Case("r29-div-huge-ints", 29, "f:*:*:*:*:*:*:*:*:*2,n;", expect=None),
    Case("r29-div-huge-quotient-error", 29, "f:*:*:*:*:*:*:*:*:*1,n;", expect=None),
    Case("r29-huge-int-meets-float", 29, "f:*:*:*:*:*:*:*:*:*12,+n;", expect=None),
    Case("r29-float-overflow-inf-popped", 29, "*n;", options={"value": "1e308 2.5"}, expect=("", 1)),
    Case("r29-inf-dup-not-popped", 29, "1n*:1n;", options={"value": "1e308 2.5"}, expect=("11", 0)),
    Case("r29-huge-float-becomes-integer", 29, "n;", options={"value": "1e300"}, expect=None),
    Case("r29-float-result-integral", 29, "2a*3,n3*n;", expect=None),
    Case("r29-float-division-big", 29, "ff*:*:*:*2,n;", expect=None),
    # rule 31: empty pops
    Case("r31-add-empty", 31, "+", expect=("", 1)),
    Case("r31-n-empty", 31, "n", expect=("", 1)),
    Case("r31-o-empty", 31, "o", expect=("", 1)),
    Case("r31-question-empty", 31, "?", expect=("", 1)),
    Case("r31-tilde-empty", 31, "~", expect=("", 1)),
    Case("r31-g-empty", 31, "1g", expect=("", 1)),
    Case("r31-compare-empty", 31, "1=", expect=("", 1)),
    # rules 32–34: the errors of numbers, of o and ., of cells; what the message keeps
    Case("r32-division-by-zero", 32, "1n50,n;", expect=("1", 1)),
    Case("r32-modulo-by-zero", 32, "1n50%n;", expect=("1", 1)),
    Case("r32-infinity-popped", 32, "1nn;", options={"value": "1e400"}, expect=("1", 1)),
    Case("r32-nan-popped", 32, "1n~;", options={"value": "nan"}, expect=("1", 1)),
    Case("r32-quotient-too-large", 32, "1nf:*:*:*:*:*:*:*:*:*1,n;", expect=("1", 1)),
    Case("r32-float-underflow-not-an-error", 32, "1aa*:*:*:*:*:*:*:*:*,:*n;", expect=None),
    Case("r33-o-past-last-code-point", 33, "1nff*:*:*o;", expect=("1", 1)),
    Case("r33-jump-negative", 33, "1n01-1.", expect=("1", 1)),
    Case("r33-invalid-instruction", 33, "1nZ", expect=("1", 1)),
    Case("r33-invalid-in-string-mode", 33, "1nff*:*:*50p'  ", expect=("1", 1)),
    Case("r34-output-kept", 34, "'ih'oo~", expect=("hi", 1)),
    # rule 35: not errors
    Case("r35-g-anywhere", 35, "ff*:*ff*:*gn;", expect=("0", 0)),
    Case("r35-i-after-end", 35, "iiin;", "a", expect=("-1", 0)),
    Case("r35-string-around-row", 35, "\"ab", expect=None, max_steps=30),
]


def targeted_cases(reference: Reference, cases: list[Case]) -> tuple[list[dict], list[str]]:
    recorded, problems = [], []
    for case in cases:
        steps_cap = case.max_steps or STEP_CAP
        run = reference.run(case.program, case.input, case.options, steps_cap)
        said = (run.stdout, run.exit) if run.end in ("halt", "error", "cap") else None
        entry = {"name": case.name, "program": case.program, "input": case.input, "rule": case.rule}
        if case.options:
            entry["options"] = case.options
        if case.expect is not None and said != case.expect:
            if not case.note:
                problems.append(f"{case.name}: the spec expects {case.expect!r}, fish.py gives "
                                f"{said if said is not None else (run.end, run.why)}")
                continue
            stdout, code = case.expect
            entry.update(stdout=stdout, exit=code, source="spec", note=case.note)
            entry["max_steps"] = case.max_steps or 1000
        elif said is None:
            problems.append(f"{case.name}: fish.py did not end ({run.end}: {run.why})")
            continue
        else:
            entry.update(stdout=run.stdout, exit=run.exit, steps=run.steps, source="fish.py")
            if case.note:
                entry["note"] = case.note
            entry["max_steps"] = case.max_steps or (run.steps if run.end == "cap" else cap(run.steps))
        recorded.append(entry)
    return recorded, problems


# ----- the examples ---------------------------------------------------------------------------------
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "fish"
EXAMPLE_INPUT = {"cat.fish": "A fish\nin a tank\n", "rot13.fish": "Hello, Fish!\nUryyb, ><>.\n"}


def example_runs(reference: Reference) -> dict:
    """``examples/fish``'s programs as fish.py runs them, with their input: ``{name: {input,
    stdout, exit, steps}}`` (``tests/corpus/fish/examples.json``)."""
    found = {}
    for path in sorted(EXAMPLES.glob("*.fish")):
        stdin = EXAMPLE_INPUT.get(path.name, "")
        run = reference.run(path.read_text("utf-8"), stdin, {}, 100_000)
        if run.end not in ("halt", "error"):
            raise SystemExit(f"{path.name}: fish.py did not end ({run.end} {run.why})")
        found[path.name] = {"input": stdin, "stdout": run.stdout, "exit": run.exit, "steps": run.steps}
    return found


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--drive":
        args = argparse.ArgumentParser()
        args.add_argument("--drive", nargs=3)
        args.add_argument("--stack")
        args.add_argument("--values", nargs="+", default=[])
        parsed = args.parse_args()
        reference, program, steps = parsed.drive
        drive(reference, program, int(steps), parsed.stack, parsed.values)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--fish", type=Path, required=True, help="fish.py (github:PidgeyUsedGust/fish at f190cf4)")
    parser.add_argument("--seed", type=int, default=37, help="seed of the random programs (default 37)")
    parser.add_argument("--random", type=int, default=400, metavar="N", help="random cases (default 400)")
    parser.add_argument("--out", type=Path, default=CORPUS, help="corpus folder (default tests/corpus)")
    parser.add_argument("--only-targeted", action="store_true", help="check the targeted cases, write nothing")
    parser.add_argument("--examples", action="store_true",
                        help="record examples/fish's runs into tests/corpus/fish/examples.json instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        reference = Reference(args.fish.resolve(), Path(work))
        if args.examples:
            target = args.out / "fish" / "examples.json"
            target.write_text(json.dumps(example_runs(reference), indent=2, ensure_ascii=False) + "\n", "utf-8")
            print(f"fish: the examples' runs written to {target}", file=sys.stderr)
            return 0
        recorded, problems = targeted_cases(reference, TARGETED)
        for problem in problems:
            print(f"fish: {problem}", file=sys.stderr)
        if args.only_targeted:
            return 1 if problems else 0
        recorded += random_cases(reference, args.random, args.seed)
    target = args.out / "fish" / "cases.jsonl"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8") as out:
        for entry in recorded:
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")
    print(f"fish: {len(recorded)} cases written to {target}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
