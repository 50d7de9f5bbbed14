"""Record esodbg's Aheui conformance cases from the reference, rpaheui 1.2.5 (spec ``aheui.md``).

    .venv/bin/python tests/aheui_cases.py --reference /tmp/rpaheui-venv/bin/aheui [--seed N] [--random N]

writes ``tests/corpus/aheui/cases.jsonl``, one JSON object a line:

* ``name``: ``random-0042``;
* ``program``, ``input``, ``stdout``: text (the program UTF-8; input and output bytes decoded with
  ``surrogateescape``);
* ``exit``: the reference's exit code (the ``ㅎ`` value mod 256, or 1 for a runtime error);
* ``steps``: the steps esodbg's run took (T1; rpaheui counts none), and ``max_steps``, a cap
  above them to run the case with;
* ``source``: ``rpaheui``.

The reference is run as the spec says (``aheui --no-c FILE < INPUT``, pure Python).  Programs and
inputs are our own: boards from a seeded generator (ragged rows, empty rows, comments of every
kind, every command, vowel and final, biased towards pushes so commands have values).  A board is
kept when esodbg ends it (ㅎ or a runtime error) within :data:`STEP_CAP` steps and the reference
agrees with it byte for byte; a disagreement is printed and counted.  The spec's departures (R2:
a reflector re-visited from the other side; A1: rpaheui folds a constant division by zero before
running; I3: a stray continuation byte in the input) are recognised and left out of the corpus; any other disagreement makes the exit status
1.

Also ``--snippets DIR`` (a checkout of ``aheui/snippets``): writes
``tests/corpus/aheui/snippets.json``, what the suite expects of each program that has a ``.out``
(its stdout and exit code, facts about the programs, not the programs) with each program's
SHA-256 and the steps esodbg takes, for ``tests/test_aheui_conformance.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus" / "aheui"
STEP_CAP = 5_000
ESODBG = Path(sys.executable).with_name("esodbg")
INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
COMMENTS = ["a", " ", "\t", "ㅂ", "ㅏ", "#", "😀", "Ａ", "\u0301", "\r", "\ufeff", "꯿"]
WEIGHTS = {"ㅂ": 8, "ㄷ": 3, "ㄸ": 2, "ㅌ": 2, "ㄴ": 2, "ㄹ": 2, "ㅁ": 5, "ㅃ": 2, "ㅍ": 2, "ㅅ": 3, "ㅆ": 3,
           "ㅈ": 2, "ㅊ": 2, "ㅎ": 6, "ㅇ": 2, "ㄱ": 1, "ㄲ": 1, "ㅋ": 1, "ㅉ": 1}


def syllable(initial: str, medial: str, final: int) -> str:
    return chr(0xAC00 + (INITIALS.index(initial) * 21 + MEDIALS.index(medial)) * 28 + final)


def board(rng: random.Random) -> str:
    w, h = rng.randint(1, 7), rng.randint(1, 6)
    finals_io = [21, 27]
    lines = []
    for _ in range(h):
        n = w if rng.random() < 0.6 else rng.randint(0, w)
        row = []
        for _ in range(n):
            if rng.random() < 0.08:
                row.append(rng.choice(COMMENTS))
                continue
            initial = rng.choices(list(WEIGHTS), list(WEIGHTS.values()))[0]
            medial = rng.choice(MEDIALS) if rng.random() < 0.5 else rng.choice("ㅏㅓㅗㅜㅏㅓㅗㅜㅑㅕㅛㅠㅡㅣㅢ")
            if initial == "ㅂ":
                final = rng.choice(finals_io) if rng.random() < 0.15 else rng.randrange(28)
            elif initial in "ㅅㅆ":
                final = rng.choice([0, 0, 1, 21, 21, 27, 27, rng.randrange(28)])
            elif initial == "ㅁ":
                final = rng.choice([21, 21, 27, 0, rng.randrange(28)])
            else:
                final = rng.randrange(28)
            row.append(syllable(initial, medial, final))
        lines.append("".join(row))
    if rng.random() < 0.15:
        lines.insert(0, "")
    text = "\n".join(lines)
    if rng.random() < 0.3:
        text += "\n"
    return text


def stdin_for(rng: random.Random) -> bytes:
    kind = rng.random()
    if kind < 0.4:
        return b""
    if kind < 0.7:
        return " ".join(str(rng.randint(-50, 300)) for _ in range(rng.randint(1, 6))).encode() + b"\n"
    if kind < 0.9:
        return "".join(rng.choice("ab 가힣\n1-") for _ in range(rng.randint(1, 8))).encode()
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))


def run_inline(program: str, stdin: bytes, cap: int) -> tuple[int, bytes, int]:
    """esodbg's run in this process (what ``exec`` does, without its start-up): exit code,
    stdout, steps."""
    from esodbg.engines.aheui import plugin
    from esodbg.engines.base import Status
    from esodbg.engines.iobuf import InputLog, OutputLog

    machine = plugin.machine(plugin.parse(program, "case.aheui", {}), InputLog(text(stdin), closed=True), OutputLog())
    machine.run(cap)
    machine.end_output()
    code = 1 if machine.status is Status.ERROR else 3 if machine.status is Status.READY else machine.exit_value
    return code, machine.output.text().encode("utf-8", "surrogateescape"), machine.steps


def run_esodbg(path: Path, stdin: bytes, cap: int) -> tuple[int, bytes, int]:
    done = subprocess.run([str(ESODBG), "exec", "--lang", "aheui", "--max-steps", str(cap), "--final-state",
                           str(path.with_suffix(".json")), str(path)],
                          input=stdin, capture_output=True, timeout=1200)
    state = json.loads(path.with_suffix(".json").read_text("utf-8"))
    return done.returncode, done.stdout, state["steps"]


def run_reference(ref: str, path: Path, stdin: bytes) -> tuple[int, bytes, bytes] | None:
    try:
        done = subprocess.run([ref, "--no-c", str(path)], input=stdin, capture_output=True, timeout=30)
    except subprocess.TimeoutExpired:
        return None
    return done.returncode, done.stdout, done.stderr


def reflectors(program: str) -> bool:
    """Whether a syllable of the board has a reflecting vowel (R2's departure can only be there)."""
    return any(0xAC00 <= ord(ch) <= 0xD7A3 and MEDIALS[(ord(ch) - 0xAC00) // 28 % 21] in "ㅡㅣㅢ" for ch in program)


def stray(stdin: bytes) -> bool:
    """Whether the input holds a UTF-8 continuation byte where a character should start (I3's
    departure: rpaheui pushes its value and never consumes it)."""
    return any(0x80 <= b < 0xC0 for b in stdin)


def text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def record_random(ref: str, seed: int, count: int) -> int:
    rng = random.Random(seed)
    cases, tried, bad, departs = [], 0, 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "case.aheui"
        while len(cases) < count:
            tried += 1
            program, stdin = board(rng), stdin_for(rng)
            code, out, steps = run_inline(program, stdin, STEP_CAP)
            if code == 3 or steps < 3:
                continue
            path.write_text(program, "utf-8")
            if run_esodbg(path, stdin, STEP_CAP) != (code, out, steps):
                print(f"exec differs from the machine's run: {program!r}", file=sys.stderr)
                bad += 1
            got = run_reference(ref, path, stdin)
            if got is None:
                continue
            rcode, rout, rerr = got
            if (rcode, rout) == (code, out):
                cases.append({"name": f"random-{len(cases):04d}", "program": program, "input": text(stdin),
                              "stdout": text(out), "exit": code, "steps": steps, "max_steps": steps + 100,
                              "source": "rpaheui"})
                continue
            if b"ZeroDivisionError" in rerr or reflectors(program) or stray(stdin):
                departs += 1  # A1's folding, or R2's re-visited reflector: checked by hand below
                print(f"departs? {program!r} {stdin!r}: esodbg {code} {out!r}; rpaheui {rcode} {rout!r} "
                      f"{rerr[-200:]!r}", file=sys.stderr)
                continue
            bad += 1
            print(f"DIFF {program!r} {stdin!r}: esodbg {code} {out!r}; rpaheui {rcode} {rout!r} {rerr[-300:]!r}",
                  file=sys.stderr)
    CORPUS.mkdir(parents=True, exist_ok=True)
    with open(CORPUS / "cases.jsonl", "w", encoding="utf-8") as file:
        for case in cases:
            file.write(json.dumps(case) + "\n")
    print(f"{len(cases)} cases from {tried} boards; {departs} set aside as departures, {bad} other differences",
          file=sys.stderr)
    return 1 if bad else 0


def record_snippets(folder: Path) -> int:
    out = []
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for prog in sorted(folder.glob("*/*.aheui")):
            expected = prog.with_suffix(".out")
            if not expected.exists():
                continue
            name = str(prog.relative_to(folder))
            stdin = prog.with_suffix(".in").read_bytes() if prog.with_suffix(".in").exists() else b""
            code_file = prog.with_suffix(".exitcode")
            want_exit = int(code_file.read_text().strip()) if code_file.exists() else None
            copy = Path(tmp) / "p.aheui"
            copy.write_bytes(prog.read_bytes())
            code, got, steps = run_esodbg(copy, stdin, 10**10)
            want = expected.read_bytes()
            ok = got.rstrip(b"\n") == want.rstrip(b"\n") and (want_exit is None or code == want_exit)
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} {name} exit {code} steps {steps}", file=sys.stderr)
            out.append({"name": name, "sha256": hashlib.sha256(prog.read_bytes()).hexdigest(),
                        "input_sha256": hashlib.sha256(stdin).hexdigest(),
                        "stdout": text(want), "exit": want_exit if want_exit is not None else code,
                        "exit_from": "exitcode file" if want_exit is not None else "rpaheui", "steps": steps})
    (CORPUS / "snippets.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", default="/tmp/rpaheui-venv/bin/aheui")
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--random", type=int, default=300)
    parser.add_argument("--snippets", type=Path)
    args = parser.parse_args()
    if args.snippets:
        return record_snippets(args.snippets)
    return record_random(args.reference, args.seed, args.random)


if __name__ == "__main__":
    sys.exit(main())
