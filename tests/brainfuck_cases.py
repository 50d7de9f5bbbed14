"""Record esodbg's Brainfuck conformance cases from bfref (spec ``brainfuck.md``).

    cc -O2 -o /tmp/bfref benchmarks/bfref.c
    .venv/bin/python tests/brainfuck_cases.py --bfref /tmp/bfref [--seed N] [--random N]

writes ``tests/corpus/brainfuck/cases.jsonl``, one JSON object a line:

* ``name``: ``random-0042`` or ``r8-plus-wraps-at-255`` (rule, then what it shows);
* ``program``, ``input``, ``stdout``: bytes as text, decoded with ``surrogateescape`` (rule 2);
* ``options``: the language options by dest (``cell_size``, ``overflow``, ``eof``,
  ``tape_length``), only those given;
* ``exit``: 0 the program ended, 1 a runtime error, 2 a parse error, 3 ``--max-steps`` spent;
* ``steps``: the steps bfref ran (rule 5: the failing step included; the budget when exit is 3);
* ``max_steps``: the budget the case runs with;
* ``error``: for exit 1 and 2, ``[line, col, message]`` of the diagnostic (rules 13, 15);
* ``rule``: the spec rule a targeted case is about.

bfref (``benchmarks/bfref.c``) is our own plain interpreter of the spec: the spec names its own
``bfref.c`` as the arbiter, which esodbg does not have, so this one was written from the spec's
rules and checked against the 22 expected outputs of rdebath/Brainfuck's ``testing/`` folder the
spec lists (``tests/brainfuck_programs.py``).  The random programs are our own, made by a seeded
generator from snippets that exercise what the fast loop folds (runs, ``[-]``, move and multiply
loops, scans) and what it must not (loops whose passes it cannot count, input and output in
loops), under random options; a program that does not end within its budget is kept as an exit 3
case, which checks that a budget cutting a folded operation stops at exactly its step.  The same
seed and count give the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus" / "brainfuck"
CAP = 20_000  # steps a random case may take (else it is kept as a budget case)
FLAGS = {"cell_size": "--cell-size", "overflow": "--overflow", "eof": "--eof", "tape_length": "--tape-length"}


def text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def run(bfref: Path, program: bytes, stdin: bytes, options: dict, max_steps: int) -> dict:
    """One bfref run: its exit code, stdout, steps and (exit 1, 2) the diagnostic."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "case.b")
        path.write_bytes(program)
        argv = [str(bfref), "--count", "--max-steps", str(max_steps)]
        for dest, value in options.items():
            argv += [FLAGS[dest], str(value)]
        done = subprocess.run(argv + [str(path)], input=stdin, capture_output=True, timeout=60)
    lines = done.stderr.decode().splitlines()
    result = {"exit": done.returncode, "stdout": done.stdout}
    if done.returncode == 2:
        line, col, message = lines[-1].removeprefix(f"{path}:").split(":", 2)
        result["error"] = [int(line), int(col), message.strip()]
        return result
    if done.returncode not in (0, 1, 3):
        raise SystemExit(f"bfref exited {done.returncode}: {done.stderr.decode()}")
    result["steps"] = int(lines[-1].removeprefix("steps "))
    if done.returncode == 1:
        place, _, message = lines[-2].removeprefix(f"{path}:").partition(": runtime error at step ")
        line, col = place.split(":")
        result["error"] = [int(line), int(col), message.partition(": ")[2]]
    return result


# ----- random programs -------------------------------------------------------------------------
SNIPPETS = ["[-]", "[+]", "[->+<]", "[->>+<<]", "[-<+>]", "[->+>+<<]", "[->++>+++<<]", "[-<<+++>>]", "[>]", "[<]",
            "[>>]", "[<<<]", "[-]+", "[->-<]", "[>+<-]", "[-<->]", "[--]", "[>+<--]", "[<]>", "[[-]>]", "[.-]",
            "[,.]", "[>,<-]", "[-.>+<]"]


def body(rng: random.Random, depth: int) -> str:
    """Commands, snippets and loops; loops get rarer as they nest."""
    out = []
    for _ in range(rng.randint(1, 10)):
        roll = rng.random()
        if roll < 0.45:
            out.append(rng.choice("+++-->>><<") * rng.randint(1, 6))
        elif roll < 0.55:
            out.append(rng.choice(".,"))
        elif roll < 0.8:
            out.append(rng.choice(SNIPPETS))
        elif depth < 3:
            inner = body(rng, depth + 1)
            # a counter on the cell the loop tests makes it end more often
            out.append("[" + (rng.choice(["-", "-", "+", ""]) if rng.random() < 0.7 else "") + inner + "]")
    return "".join(out)


def random_program(rng: random.Random) -> bytes:
    code = ">" * rng.randint(0, 5) + "+" * rng.randint(0, 9) + body(rng, 0)
    if rng.random() < 0.2:  # comments between commands (any byte that is no command)
        words = ["note", "x", "#", "!", "é", "\t", "\r\n", "\n", "ok!"]
        code = "".join(c + (rng.choice(words) if rng.random() < 0.15 else "") for c in code)
    data = code.encode()
    return data + b"\xff" if rng.random() < 0.05 else data  # a byte that is not UTF-8: a comment too


def random_options(rng: random.Random) -> dict:
    options = {}
    if rng.random() < 0.4:
        options["cell_size"] = rng.choice(["8", "16", "32", "unbounded"])
    if rng.random() < 0.25:
        options["overflow"] = "error"
    if rng.random() < 0.4:
        options["eof"] = rng.choice(["keep", "0", "-1"])
    if rng.random() < 0.2:
        options["tape_length"] = rng.randint(1, 12)
    if options.get("cell_size") in ("16", "32", "unbounded") and rng.random() < 0.8:
        options.pop("cell_size")  # wide cells make [+]-like loops take 2^32 steps: mostly 8-bit
    return options


def random_cases(bfref: Path, count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    cases: list[dict] = []
    while len(cases) < count:
        program = random_program(rng)
        stdin = bytes(rng.randrange(256) if rng.random() < 0.3 else rng.randrange(32, 127)
                      for _ in range(rng.randint(0, 8)))
        options = random_options(rng)
        result = run(bfref, program, stdin, options, CAP)
        if result["exit"] == 3:  # never ends in the cap: a budget somewhere in it
            budget = rng.randint(1, CAP)
            result = run(bfref, program, stdin, options, budget)
        else:
            budget = CAP
        if result["exit"] == 2 or result.get("steps", 0) < 3:
            continue
        cases.append(case(f"random-{len(cases):04d}", program, stdin, options, budget, result))
    return cases


def case(name: str, program: bytes, stdin: bytes, options: dict, budget: int, result: dict,
         rule: int | None = None) -> dict:
    found = {"name": name, "program": text(program), "input": text(stdin), "options": options,
             "stdout": text(result["stdout"]), "exit": result["exit"], "max_steps": budget}
    if "steps" in result:
        found["steps"] = result["steps"]
    if "error" in result:
        found["error"] = result["error"]
    if rule is not None:
        found["rule"] = rule
    return found


# ----- one or more cases a rule ----------------------------------------------------------------
# (name, rule, program, input, options, max_steps): what each shows is in its name.
TARGETED = [
    ("r4-ends-exit-0", 4, b"+.", b"", {}, 100),
    ("r4-runtime-error-exit-1-output-kept", 4, b"+++.<", b"", {}, 100),
    ("r4-parse-error-exit-2", 4, b"+.]", b"", {}, 100),
    ("r4-budget-exit-3-output-kept", 4, b"+.+[]", b"", {}, 50),
    ("r5-spec-example-12-steps", 5, b"+++[-]+.", b"", {}, 100),
    ("r5-empty-program-0-steps", 5, b"", b"", {}, 100),
    ("r5-comments-only-0-steps", 5, b"only words here\n", b"", {}, 100),
    ("r5-last-step-is-the-budget-ends", 5, b"+.+.+.", b"", {}, 6),
    ("r5-budget-3-of-6", 5, b"+.+.+.", b"", {}, 3),
    ("r5-brackets-are-steps-jump-or-not", 5, b"+[-]", b"", {}, 100),
    ("r5-budget-inside-a-run", 5, b"+++++++++.", b"", {}, 4),
    ("r5-budget-inside-a-counted-loop", 5, b"++++++++++[->+++<]>.", b"", {}, 25),
    ("r5-budget-inside-a-scan", 5, b"+>+>+>+>+<<<<[>]+.", b"", {}, 12),
    ("r5-budget-inside-set-zero", 5, b"++++++++++[-].", b"", {}, 17),
    ("r6-tape-grows-right", 6, b"+" * 10 + b"[>" + b"+" * 10 + b"[>+<-]>[-<+>]<<-]" + b">" * 40 + b"+.", b"", {},
     10_000),
    ("r6-tape-length-exact", 6, b">>+.", b"", {"tape_length": 3}, 100),
    ("r6-tape-length-past-the-end", 6, b">>>+.", b"", {"tape_length": 3}, 100),
    ("r6-tape-length-1", 6, b"+.>", b"", {"tape_length": 1}, 100),
    ("r6-scan-past-tape-length", 6, b"+>+>+<<[>]", b"", {"tape_length": 3}, 100),
    ("r6-counted-loop-past-tape-length", 6, b"+++[->>+<<]", b"", {"tape_length": 2}, 100),
    ("r7-starts-at-the-first-command", 7, b"comment first +.", b"", {}, 100),
    ("r8-minus-on-0-wraps-to-255", 8, b"-.", b"", {}, 100),
    ("r8-plus-wraps-at-255", 8, b"-+.", b"", {}, 100),
    ("r8-16-bit-wraps", 8, b"-[-]+.", b"", {"cell_size": "16"}, 200_000),
    ("r8-16-bit-holds-256", 8, b"++++++++++++++++[>++++++++++++++++<-]>[-]+.", b"", {"cell_size": "16"}, 10_000),
    ("r8-8-bit-256-is-0", 8, b"++++++++++++++++[>++++++++++++++++<-]>[-]+.", b"", {}, 10_000),
    ("r8-unbounded-minus-1", 8, b"-.", b"", {"cell_size": "unbounded"}, 100),
    ("r8-unbounded-goes-negative", 8, b"---[+>+<]>.", b"", {"cell_size": "unbounded"}, 100),
    ("r8-overflow-error-minus-on-0", 8, b"+.--", b"", {"overflow": "error"}, 100),
    ("r8-overflow-error-plus-on-255", 8, b"-" * 0 + b"+" * 255 + b".+", b"", {"overflow": "error"}, 1000),
    ("r8-overflow-error-plus-in-a-run", 8, b"+" * 300, b"", {"overflow": "error"}, 1000),
    ("r8-overflow-error-set-zero-plus", 8, b"+++[+]", b"", {"overflow": "error"}, 1000),
    ("r8-overflow-error-counted-loop", 8, b"++++++++[->++++++++++++++++++++++++++++++++++++<]", b"",
     {"overflow": "error"}, 1000),
    ("r8-overflow-error-16-bit", 8, b"-", b"", {"overflow": "error", "cell_size": "16"}, 100),
    ("r8-overflow-error-ignored-unbounded", 8, b"-.", b"", {"overflow": "error", "cell_size": "unbounded"}, 100),
    ("r8-set-zero-plus-on-3", 8, b"+++[+]+.", b"", {}, 1000),
    ("r9-left-of-cell-0", 9, b"+++.<", b"", {}, 100),
    ("r9-folded-left-fails-at-its-second", 9, b"><<<", b"", {}, 100),
    ("r9-scan-left-off-the-tape", 9, b"+>+>+[<]", b"", {}, 100),
    ("r9-counted-loop-left-off-the-tape", 9, b"+>+[-<<+>>]", b"", {}, 100),
    ("r10-reads-bytes", 10, b",.,.,.", "é\n".encode(), {}, 100),
    ("r10-cr-is-13", 10, b",.", b"\r", {}, 100),
    ("r10-eof-keep", 10, b"+++,.", b"", {}, 100),
    ("r10-eof-0", 10, b"+++,.", b"", {"eof": "0"}, 100),
    ("r10-eof-minus-1", 10, b"+++,.", b"", {"eof": "-1"}, 100),
    ("r10-eof-minus-1-16-bit", 10, b",[-]", b"", {"eof": "-1", "cell_size": "16"}, 200_000),
    ("r10-eof-again-and-again", 10, b",.,.,.", b"a", {"eof": "0"}, 100),
    ("r10-high-bytes", 10, b",.,.", b"\xff\x80", {}, 100),
    ("r10-eof-minus-1-unbounded", 10, b",+[,+]+.", b"ab", {"eof": "-1", "cell_size": "unbounded"}, 100),
    ("r11-writes-the-value-mod-256", 11, b"++++++++++++++++[>++++++++++++++++<-]>+++++++++++++++++++++++++++++++++++++++++"
     b"++++++++++++++++++++++++.", b"", {"cell_size": "16"}, 10_000),
    ("r11-unbounded-negative-low-byte", 11, b"-" * 191 + b".", b"", {"cell_size": "unbounded"}, 1000),
    ("r11-line-feed-is-10", 11, b"++++++++++.", b"", {}, 100),
    ("r12-open-skips-when-0", 12, b"[.]+.", b"", {}, 100),
    ("r12-close-jumps-back", 12, b"+++[.-]", b"", {}, 100),
    ("r12-nested", 12, b"++[>++[>+++<-]<-]>>.", b"", {}, 1000),
    ("r13-unmatched-close", 13, b"+.]", b"", {}, 100),
    ("r13-unmatched-open", 13, b"[[]", b"", {}, 100),
    ("r13-spec-example-line-2", 13, b"++++++++[>++++++++<-]>+.\n]", b"", {}, 100),
    ("r13-first-unmatched-close-wins", 13, b"[\n]]\n[", b"", {}, 100),
    ("r13-earliest-open-left-open", 13, b"x[ [ ]\n[", b"", {}, 100),
    ("r13-columns-count-characters", 13, "éé]".encode(), b"", {}, 100),
    ("r13-columns-count-bytes-if-not-utf8", 13, b"\xff\xfe]", b"", {}, 100),
    ("r13-cr-is-a-comment-byte", 13, b"+\r\n\r]", b"", {}, 100),
    ("r14-ends-past-the-last-command", 14, b"+.comment after", b"", {}, 100),
    ("r15-set-zero-on-negative-never-ends", 15, b"-[-]", b"", {"cell_size": "unbounded"}, 1000),
    ("r15-counted-loop-on-negative-never-ends", 15, b"-[->+<]", b"", {"cell_size": "unbounded"}, 1001),
    ("r15-reading-past-the-end-is-no-error", 15, b",,,,.", b"", {}, 100),
    ("spec-cat-eof-0", 10, b",[.,]", b"cat\n", {"eof": "0"}, 1000),
    ("spec-cat-keep", 10, b",[.[-],]", "café\n".encode(), {}, 10_000),
    ("spec-cat-minus-1", 10, b",+[-.,+]", b"cat\n", {"eof": "-1"}, 1000),
    ("fold-multiply-loop", 5, b"+++++[->++>+++>-<<<]>.>.>.", b"", {}, 1000),
    ("fold-nested-counted-loops", 5, b"++++[>++++[>++++<-]<-]>>.", b"", {}, 1000),
    ("fold-scan-right-by-3", 5, b"+>>>+>>>+<<<<<<[>>>]+.", b"", {}, 1000),
    ("fold-move-left", 5, b">>>++++[-<<<+>>>]<<<.", b"", {}, 1000),
    ("fold-mixed-run", 5, b"+++-->><<+-+>+<.", b"", {}, 1000),
]


def targeted_cases(bfref: Path) -> list[dict]:
    return [case(name, program, stdin, options, budget, run(bfref, program, stdin, options, budget), rule)
            for name, rule, program, stdin, options, budget in TARGETED]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--bfref", type=Path, required=True, help="bfref, built from benchmarks/bfref.c")
    parser.add_argument("--seed", type=int, default=37, help="seed of the random programs (default 37)")
    parser.add_argument("--random", type=int, default=500, metavar="N", help="random cases (default 500)")
    parser.add_argument("--out", type=Path, default=CORPUS, help="corpus folder (default tests/corpus/brainfuck)")
    args = parser.parse_args()
    cases = targeted_cases(args.bfref) + random_cases(args.bfref, args.random, args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "cases.jsonl", "w", encoding="utf-8") as file:
        for found in cases:
            file.write(json.dumps(found) + "\n")
    print(f"{len(cases)} cases written to {args.out / 'cases.jsonl'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
