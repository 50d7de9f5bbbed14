"""Record esodbg's Hexagony conformance cases from the reference (spec ``hexagony.md``).

    .venv/bin/python tests/hexagony_cases.py --reference PATH/hexagony [--seed N] [--random N]

where ``PATH/hexagony`` is a checkout of m-ender/hexagony at the commit the spec names; writes
``tests/corpus/hexagony/examples.json`` (each of our examples in ``examples/hexagony`` with the
input :data:`EXAMPLE_INPUTS` gives it: its ``stdout``, ``exit``, ``steps``, and ``max_steps``
for one that never halts) and ``tests/corpus/hexagony/cases.jsonl``, one JSON object a line:

* ``name``: ``random-0042`` or ``w3-east-corner-positive`` (rule, then what it shows);
* ``program``, ``input``, ``stdout``: bytes as text, decoded with ``surrogateescape`` (the
  program is UTF-8 but for the S1 cases; input and output are bytes, I);
* ``exit``: 0 the program reached ``@``, 1 runtime error (R1), 2 the source is not UTF-8 (S1),
  3 ``--max-steps`` spent (T4);
* ``steps``: the exact steps the reference ran (T2: the ``@`` and a failing step count);
* ``max_steps``: the ``--max-steps`` of the run: for a case that ends by itself a cap above its
  steps, for an exit 3 case the budget it was cut at (the reference ran exactly that many ticks);
* ``source``: ``hexagony.rb`` or ``spec`` (the spec decides otherwise: ``note`` says why);
* ``rule``: the spec rule a targeted case is about.

The reference runs through a small driver of ours (:data:`DRIVER`) that calls its own
``Hexagony.new(src, 0, stdin, stdout, max_ticks).run`` and reports how the run ended and its
tick count: a halt's ticks plus its ``@``, a ``ZeroDivisionError``'s ticks plus the failing one,
or the budget (the reference's own ``max_ticks``, so an exit 3 case's output is exactly what it
wrote in that many ticks).

The random programs are our own, made by a seeded generator: sides 1 to 6, compact, laid out
as the hexagon or sprinkled with whitespace, every command, letters and non-ASCII characters;
inputs of numbers, signs and raw bytes.  A program that has not halted within :data:`STEP_CAP`
ticks is kept as an exit 3 case.  The same seed and count give the same file.

Exit status: 0 written; 1 a targeted case disagrees with what the spec expects, or the
reference is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus" / "hexagony"
STEP_CAP = 3_000  # ticks a random case may run before it is cut (an exit 3 case)
OUTPUT_CAP = 4096  # bytes of output a kept case may write
WALL = 30.0  # seconds a reference run may take

DRIVER = r"""
require_relative File.join(ARGV[0], 'hexagony')
src = File.binread(ARGV[1]).force_encoding('UTF-8')
$stdout.binmode
$stdin.binmode
h = Hexagony.new(src, 0, $stdin, $stdout, ARGV[2].to_i)
begin
  budget = h.run
  $stdout.flush
  $stderr.puts "END #{budget ? 'budget' : 'halt'} #{h.instance_variable_get(:@tick) + (budget ? 0 : 1)}"
rescue ZeroDivisionError
  $stdout.flush
  $stderr.puts "END error #{h.instance_variable_get(:@tick) + 1}"
end
"""
EXITS = {"halt": 0, "error": 1, "budget": 3}


def text(data: bytes) -> str:
    """Bytes as the cases store them."""
    return data.decode("utf-8", "surrogateescape")


@dataclass
class Run:
    """One reference run: how it ended (``halt``, ``error``, ``budget``; ``None``: it did not
    end by itself, see ``why``), its ticks and its stdout bytes."""

    end: str | None
    steps: int
    stdout: bytes
    why: str = ""


class Reference:
    """``hexagony.rb`` at ``path``, run through :data:`DRIVER` in the folder ``work``."""

    def __init__(self, path: Path, work: Path) -> None:
        self.path, self.work = path, work
        self.driver = work / "driver.rb"
        self.driver.write_text(DRIVER)

    def run(self, program: bytes, given: bytes, max_ticks: int) -> Run:
        source = self.work / "program.hxg"
        source.write_bytes(program)
        try:
            done = subprocess.run(["ruby", str(self.driver), str(self.path), str(source), str(max_ticks)],
                                  input=given, capture_output=True, timeout=WALL,
                                  env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
        except subprocess.TimeoutExpired:
            return Run(None, 0, b"", "time")
        last = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        if not last[0].startswith("END "):
            return Run(None, 0, done.stdout, f"exit {done.returncode}: {last[0][:200]}")
        _, end, steps = last[0].split()
        return Run(end, int(steps), done.stdout)


# ----- random programs -------------------------------------------------------------------------
COMMANDS = [(".", 14), ("0123456789", 9), (")(", 6), ("+-*", 6), (":%", 3), ("~", 2), ("/\\_|", 12), ("<>", 8),
            ("$", 3), ("[]", 4), ("#", 2), ("{}", 6), ("=\"'", 4), ("^&", 4), (",?", 5), (";!", 6), ("@", 2),
            ("AZaqz", 3), ("é€😀\u00a0π", 1)]
INPUTS = [b"", b"12 -5 +7 x", b"abc-0012def 99", b"--5 +-6", b"12a34b", b"Hello, World!\n", b"\xff\x80\x00\xc3\xa9",
          b"-", b"+", b"0", b"99999999999999999999999", b"7\n8\n9\n"]


def random_program(rng: random.Random) -> bytes:
    """A program of our own: a side 1 to 6 hexagon mostly filled with commands drawn by
    :data:`COMMANDS`' weights, written compact, laid out as the hexagon, or with whitespace
    strewn through it."""
    n = rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 5, 6))
    total = 3 * n * (n - 1) + 1
    least = 3 * (n - 1) * (n - 2) + 2 if n > 1 else 0
    count = rng.randint(least, total)
    kinds, weights = zip(*COMMANDS)
    cells = [rng.choice(rng.choices(kinds, weights)[0]) for _ in range(count)]
    style = rng.random()
    if style < 0.45:
        source = "".join(cells)
    elif style < 0.75:  # laid out as the hexagon, as people write it
        cells += ["."] * (total - count)
        rows, k, lines = 2 * n - 1, 0, []
        for i in range(rows):
            length = 2 * n - 1 - abs(n - 1 - i)
            lines.append(" " * (rows - length) + " ".join(cells[k:k + length]))
            k += length
        source = "\n".join(lines) + "\n"
    else:  # whitespace of every kind strewn through it, and a debug mark or two
        source = "".join(c + (rng.choice([" ", "\t", "\n", "\r", "\x0b", "\x0c", "`", "  "])
                              if rng.random() < 0.25 else "") for c in cells)
    return source.encode("utf-8")


def random_input(rng: random.Random) -> bytes:
    if rng.random() < 0.6:
        return rng.choice(INPUTS)
    return bytes(rng.choice(b"0123456789+- \nab\xff") for _ in range(rng.randint(0, 12)))


def cap(steps: int) -> int:
    return steps * 2 + 100


def random_cases(reference: Reference, count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    found, tried = [], 0
    while len(found) < count:
        tried += 1
        program, given = random_program(rng), random_input(rng)
        run = reference.run(program, given, STEP_CAP)
        if run.end is None or len(run.stdout) > OUTPUT_CAP or run.steps < 3:
            continue
        found.append({"name": f"random-{len(found):04d}", "program": text(program), "input": text(given),
                      "stdout": text(run.stdout), "exit": EXITS[run.end], "steps": run.steps,
                      "max_steps": run.steps if run.end == "budget" else cap(run.steps), "source": "hexagony.rb"})
    print(f"random: {count} kept of {tried} tried", file=sys.stderr)
    return found


# ----- targeted cases --------------------------------------------------------------------------
@dataclass
class Case:
    """A case worked out by hand from the spec: ``expect`` is ``(stdout, exit)`` the spec
    expects (``None``: whatever the reference does); ``max_steps`` is the budget given (a
    non-halting case's cut); ``note`` says why the spec departs from the reference."""

    name: str
    rule: str
    program: bytes
    input: bytes = b""
    expect: tuple[bytes, int] | None = None
    max_steps: int | None = None
    note: str = ""


def hexagon(*rows: str) -> bytes:
    return ("\n".join(rows) + "\n").encode("utf-8")


def path(code: str) -> bytes:
    """``code`` laid along IP 0's first path: the top row, then the middle row (where moving
    east off the top row lands, W2), in the least hexagon holding it, the rest ``.``."""
    n = 1
    while 3 * n - 1 < len(code) or n == 1 and len(code) > 1:  # side 1's top row is its middle row
        n += 1
    rows = [["."] * (2 * n - 1 - abs(n - 1 - i)) for i in range(2 * n - 1)]
    rows[0][:len(code[:n])] = code[:n]
    rows[n - 1][:len(code[n:])] = code[n:]
    return hexagon(*(" " * (2 * n - 1 - len(row)) + " ".join(row) for row in rows))


TARGETED = [
    # S: source
    Case("s1-invalid-utf8", "S1", b"a\xff!@", expect=(b"", 2),
         note="S1 Decision: invalid UTF-8 is a parse error (exit 2); the reference crashes in gsub (exit 1)"),
    Case("s1-bom-is-a-command", "S1", "\ufeff!@".encode(), expect=(b"65279", 0)),
    Case("s2-ascii-whitespace", "S2", b" 1\t2\n3\r4\x0b5\x0c!@", expect=(b"12345", 0)),
    Case("s2-nbsp-is-a-command", "S2", "\u00a0!@".encode(), expect=(b"160", 0)),
    Case("s2-ideographic-space-is-a-command", "S2", "\u3000!@".encode(), expect=(b"12288", 0)),
    Case("s3-backticks-removed", "S3", b"`1`2!`@", expect=(b"12", 0)),
    Case("s3-trailing-backtick", "S3", b"1!@`", expect=(b"1", 0)),
    Case("s4-size-2", "S4", b"abcdefg", max_steps=50),
    Case("s4-size-3-padding", "S4", b"abcdefgh", max_steps=50),
    Case("s4-empty-never-halts", "S4", b"", expect=(b"", 3), max_steps=10),
    Case("s4-whitespace-only", "S4", b"  \n\t\n", expect=(b"", 3), max_steps=10),
    Case("s4-size-1-at", "S4", b"@", expect=(b"", 0)),
    Case("s5-rows", "S5", hexagon("  1 2 3", " . . . .", ". . . . !", " . . . .", "  @ . ."), max_steps=100),
    # T: IPs and steps
    Case("t1-ip1-starts-north-east-corner", "T1", path("]..!@.."), max_steps=100),
    Case("t1-every-ip", "T1", hexagon("  ] . ]", " ! . ! ]", "! . . . ]", " ! . . !", "  ] ! ]"), max_steps=200),
    Case("t1-size-1-all-on-one-cell", "T1", b"]", expect=(b"", 3), max_steps=20),
    Case("t2-at-counts", "T2", b"@", expect=(b"", 0)),
    Case("t4-budget-exact", "T4", b"1$2!@", expect=(b"1", 0), max_steps=4),
    Case("t4-budget-one-short", "T4", b"1$2!@", expect=(b"1", 3), max_steps=3),
    Case("t4-error-at-budget", "T4", b"1)0:", expect=(b"", 1), max_steps=4),
    Case("t4-error-past-budget", "T4", b"1)0:", expect=(b"", 3), max_steps=3),
    Case("r3-bang-forever", "R3", b"!", expect=(b"00000", 3), max_steps=5),
    # W: wrapping
    Case("w2-east-off-row-0", "W2", hexagon("   1 2 3 !", "  . . . . .", " . . . . . .", "@ . . . . . .",
                                            " . . . . . .", "  . . . . .", "   . . . ."), max_steps=100),
    Case("w2-east-off-row-1", "W2", hexagon("   ) ) ) \\", "  . . . . !", " . . . . . .", ". . . . . . .",
                                            " @ . . . . .", "  . . . . .", "   . . . ."), max_steps=100),
    Case("w3-east-corner-positive", "W3", hexagon("  . . .", " . . . .", ") . . . !", " . . . .", "  @ . ."),
         max_steps=100),
    Case("w3-east-corner-zero", "W3", hexagon("  @ . .", " . . . .", ". . . . !", " . . . .", "  . . ."),
         max_steps=100),
    Case("w4-skip-across-edge", "W4", b"1!$", max_steps=30),
    Case("w1-size-1-bang", "W1", b"!", expect=(b"000", 3), max_steps=3),
    # M: memory
    Case("m3-check-left-right", "M3", b"7{3':!@", expect=(b"2", 0)),
    Case("m3-check-other-way", "M3", path("7}3\":!@"), max_steps=50),
    Case("m3-reverse-swaps", "M3", path("7{3'=:!@"), max_steps=50),
    Case("m3-branch-positive", "M3", path(")^1!{!@"), max_steps=50),
    Case("m3-branch-zero", "M3", path("^1!}!@"), max_steps=50),
    Case("m3-copy-positive", "M3", path("5{9}}3{)&!@"), max_steps=50),
    Case("m3-copy-zero", "M3", path("5{9}}3{&!@"), max_steps=50),
    Case("m2-zigzag", "M2", path("1}2{3}4{5}6{!\"!\"!@"), max_steps=100),
    # A: arithmetic
    Case("a1-inc-dec-neg", "A1", path("))(~!@"), expect=(b"-1", 0)),
    Case("a3-floor-div", "A3", path("7{2'-:!@"), max_steps=50),
    Case("a3-table", "A3", path("7~{2'}}:!@"), max_steps=50),
    Case("a3-mod-signs", "A3", path("7~{2~'%!@"), max_steps=50),
    Case("a3-zero-over-negative", "A3", path("{5~':!@"), max_steps=50),
    Case("a4-negative-digits", "A4", b"5~5!@", expect=(b"-55", 0)),
    Case("a4-1-neg-23", "A4", path("1~23!@"), expect=(b"-123", 0)),
    Case("a4-letters", "A4", path("H!é!π!😀!@"), max_steps=100),
    Case("a2-bignum", "A2", path("9999999999}9999999999'*!@"), max_steps=50),
    Case("a2-huge", "A2", path("99999{99999'*}{**}{**}{**}{**}{**}{**}{**}!@"), max_steps=200),
    # I: input and output
    Case("i2-byte-eof", "I2", b",!,!@", b"A", expect=(b"65-1", 0)),
    Case("i2-utf8-bytes", "I2", b",!,!@", "é".encode(), expect=(b"195169", 0)),
    Case("i3-numbers", "I3", path("?!?!?!?!@"), b"12 -5 +7 x", expect=(b"12-570", 0)),
    Case("i3-junk", "I3", b"?!?!@", b"abc-0012def 99", expect=(b"-1299", 0)),
    Case("i3-signs", "I3", path("?!?!?!?!@"), b"--5 +-6", expect=(b"0-50-6", 0)),
    Case("i3-pushback", "I3", path("?!,!?!,!,!@"), b"12a34b", expect=(b"12973498-1", 0)),
    Case("i3-eof", "I3", b"?!@", b"", expect=(b"0", 0)),
    Case("i3-bignum", "I3", b"?!@", b"123456789012345678901234567890", expect=(b"123456789012345678901234567890", 0)),
    Case("i4-byte-mod", "I4", path("(;300}*@"), max_steps=50),
    Case("i4-negative-byte", "I4", b"(;@", expect=(b"\xff", 0)),
    Case("i4-high-bytes", "I4", path("200;{195;{169;@"), expect=(b"\xc8\xc3\xa9", 0)),
    Case("i4-comma", "I4", b"300;@", expect=(b",", 0)),
    # C: control flow
    Case("c3-next-ip", "C3", path("]!@!@.."), max_steps=50),
    Case("c3-prev-ip", "C3", path("[!@!@.."), max_steps=50),
    Case("c3-choose-negative", "C3", path("(#!@...."), max_steps=50),
    Case("c3-choose-big", "C3", path("99999999999999999999#!@...."), max_steps=100),
    Case("c3-choose-self", "C3", path("#!@"), max_steps=50),
    # R: runtime errors
    Case("r1-div-zero", "R1", b"1!:", expect=(b"1", 1)),
    Case("r1-mod-zero", "R1", b"12!%", expect=(b"12", 1)),
]


def targeted_cases(reference: Reference, cases: list[Case]) -> tuple[list[dict], list[str]]:
    recorded, problems = [], []
    for case in cases:
        budget = case.max_steps or 10_000
        entry = {"name": case.name, "program": text(case.program), "input": text(case.input), "rule": case.rule}
        run = reference.run(case.program, case.input, budget)
        said = (run.stdout, EXITS[run.end]) if run.end is not None else None
        if case.expect is not None and said != case.expect:
            if not case.note:
                problems.append(f"{case.name}: the spec expects {case.expect!r}, hexagony.rb gives "
                                f"{said if said is not None else run.why}")
                continue
            stdout, code = case.expect
            entry.update(stdout=text(stdout), exit=code, source="spec", note=case.note, max_steps=budget)
        elif said is None:
            problems.append(f"{case.name}: hexagony.rb did not end ({run.why})")
            continue
        else:
            entry.update(stdout=text(run.stdout), exit=said[1], steps=run.steps, source="hexagony.rb",
                         max_steps=budget if run.end == "budget" or case.max_steps else cap(run.steps))
        recorded.append(entry)
    return recorded, problems


EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "hexagony"
EXAMPLE_INPUTS = {"cat.hxg": b"Hexagony cat\n\x00\xff bytes as they are\n"}
EXAMPLE_BUDGETS = {"fibonacci.hxg": 300}  # ticks: the examples that never halt are cut here
EXAMPLE_BUDGET = 100_000  # (the others halt long before)


def example_runs(reference: Reference) -> dict:
    """What each example does in the reference, by file name."""
    found = {}
    for path in sorted(EXAMPLES.glob("*.hxg")):
        given = EXAMPLE_INPUTS.get(path.name, b"")
        budget = EXAMPLE_BUDGETS.get(path.name, EXAMPLE_BUDGET)
        run = reference.run(path.read_bytes(), given, budget)
        found[path.name] = {"input": text(given), "stdout": text(run.stdout), "exit": EXITS[run.end],
                            "steps": run.steps, **({"max_steps": budget} if run.end == "budget" else {})}
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--reference", type=Path, required=True, help="a checkout of m-ender/hexagony")
    parser.add_argument("--seed", type=int, default=36, help="seed of the random programs (default 36)")
    parser.add_argument("--random", type=int, default=400, metavar="N", help="random cases (default 400)")
    parser.add_argument("--out", type=Path, default=CORPUS / "cases.jsonl", help="the file written")
    parser.add_argument("--examples-only", action="store_true", help="record examples.json only")
    args = parser.parse_args()
    if not (args.reference / "hexagony.rb").is_file():
        print(f"no hexagony.rb in {args.reference}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as work:
        reference = Reference(args.reference.resolve(), Path(work))
        examples = example_runs(reference)
        (args.out.parent / "examples.json").write_text(json.dumps(examples, indent=2, ensure_ascii=True) + "\n")
        if args.examples_only:
            return 0
        recorded, problems = targeted_cases(reference, TARGETED)
        recorded += random_cases(reference, args.random, args.seed)
    for problem in problems:
        print(problem, file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as out:
        for entry in recorded:
            out.write(json.dumps(entry, ensure_ascii=True) + "\n")  # ensure_ascii: lone surrogates (raw bytes)
    print(f"{len(recorded)} cases written to {args.out}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(main())
