"""Record esodbg's Piet conformance cases from the reference, npiet 1.3e (spec ``piet.md``).

    .venv/bin/python tests/piet_cases.py --npiet /tmp/npiet/npiet [--seed N] [--random N]

writes ``tests/corpus/piet/cases.jsonl``, one JSON object a line:

* ``name``: ``random-0042`` (a generated picture), ``budget-0042`` (the same run to a step budget);
* ``file``: the program file's bytes, base64; ``ext``: its ending (``.png``, ``.gif``, ``.ppm``,
  ``.apiet``); ``options``: language options (``codel_size``, ``unknown_colour``);
* ``input``, ``stdout``: bytes as surrogateescape-decoded text;
* ``exit``: 0 the program ended (T4), 1 mod by zero (R1: npiet dies of SIGFPE), 3 the budget ran out;
* ``steps``: the steps the run took, counted from ``npiet -t``'s ``trace: step`` lines (T3; run
  under ``stdbuf -oL``, so that a run killed by SIGFPE keeps its trace);
* ``max_steps``: the ``--max-steps`` to run the case with;
* ``source``: ``npiet`` (recorded from the reference), or ``npiet -v11`` for a ``spec-`` case: the
  spec dialect (``--dialect spec``), whose white slides (W2) are npiet ``-v11``'s; such a case is
  kept only when no command on its way has a spec-dialect meaning (C3) other than npiet's.

Programs and input are our own: programs painted from random commands by
``examples/piet/paint.py`` (now and then with a codel changed), and pictures of random rectangles
of the 18 colours, white and black (and now and then a grey or off-by-one unknown colour), at
codel sizes 1–8, saved as PNG, GIF,
P6 or P3 PPM, or written as ascii-piet (whose expected output is npiet's on the same codels as a
PPM with ``-cs 1``, F5).  npiet runs each as ``npiet -q [-ub] [-cs N] -e CAP FILE < INPUT``.  A
case is left out when esodbg's run makes a value of 2³¹ or more (npiet keeps C ``long``s and
truncates some to ``int``, M3) or ends its budget exactly at its end (T5's exit differs there).
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus" / "piet"
CAP = 2000  # steps npiet runs a random picture for
RGB = (0xFFC0C0, 0xFF0000, 0xC00000, 0xFFFFC0, 0xFFFF00, 0xC0C000, 0xC0FFC0, 0x00FF00, 0x00C000,
       0xC0FFFF, 0x00FFFF, 0x00C0C0, 0xC0C0FF, 0x0000FF, 0x0000C0, 0xFFC0FF, 0xFF00FF, 0xC000C0,
       0xFFFFFF, 0x000000)
LETTERS = "tldvnfrjbskcqiaume? "
UNKNOWN = (0x808080, 0xFEFFFF, 0x123456, 0xC0C0C1)
BIG = 1 << 31


def text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def random_codels(rng: random.Random) -> list[list[int]]:
    """Random rectangles of random colours (codels as RGB)."""
    w, h = rng.randint(2, 10), rng.randint(1, 8)
    palette = rng.sample(range(18), rng.randint(3, 8))
    grid = [[RGB[rng.choice(palette)] for _ in range(w)] for _ in range(h)]
    for _ in range(rng.randint(2, 12)):
        x, y = rng.randrange(w), rng.randrange(h)
        rw, rh = rng.randint(1, 4), rng.randint(1, 3)
        roll = rng.random()
        colour = RGB[18] if roll < 0.2 else RGB[19] if roll < 0.45 else \
            rng.choice(UNKNOWN) if roll < 0.49 else RGB[rng.choice(palette)]
        for yy in range(y, min(h, y + rh)):
            for xx in range(x, min(w, x + rw)):
                grid[yy][xx] = colour
    if rng.random() < 0.1:
        grid[0][0] = RGB[18]
    return grid


PAINT = Path(__file__).resolve().parent.parent / "examples" / "piet"
OPS = ("push", "pop", "add", "subtract", "multiply", "divide", "mod", "not", "greater", "pointer", "switch",
       "duplicate", "roll", "in_number", "in_char", "out_number", "out_char")


def painted_codels(rng: random.Random) -> list[list[int]]:
    """A program painted from random commands by ``examples/piet/paint.py`` (a strip of blocks
    ending in a trap, so most of them end), with now and then a few codels changed."""
    sys.path.insert(0, str(PAINT))
    import paint

    ops: list = []
    for _ in range(rng.randint(3, 30)):
        roll = rng.random()
        if roll < 0.35:
            ops += [("size", rng.randint(1, 9)), "push"]
        elif roll < 0.42:
            ops.append(("white", rng.randint(1, 3)))
        else:
            ops.append(rng.choice(OPS[1:]))
    codels = paint.strip(ops, rng.randint(2, 4))
    for _ in range(rng.choice((0, 0, 0, 1, 2))):
        y, x = rng.randrange(len(codels)), rng.randrange(len(codels[0]))
        codels[y][x] = rng.randrange(20)
    return [[RGB[c] for c in row] for row in codels]


def scaled(grid: list[list[int]], size: int) -> list[list[int]]:
    return [[rgb for rgb in row for _ in range(size)] for row in grid for _ in range(size)]


def ppm(pixels: list[list[int]], plain: bool) -> bytes:
    h, w = len(pixels), len(pixels[0])
    if plain:
        body = "\n".join(" ".join(f"{rgb >> 16} {rgb >> 8 & 255} {rgb & 255}" for rgb in row) for row in pixels)
        return f"P3\n# ours\n{w} {h}\n255\n{body}\n".encode()
    return f"P6\n{w} {h}\n255\n".encode() + bytes(b for row in pixels for rgb in row
                                                   for b in (rgb >> 16, rgb >> 8 & 255, rgb & 255))


def pillow(pixels: list[list[int]], kind: str) -> bytes | None:
    from PIL import Image

    h, w = len(pixels), len(pixels[0])
    image = Image.new("RGB", (w, h))
    image.putdata([(rgb >> 16, rgb >> 8 & 255, rgb & 255) for row in pixels for rgb in row])
    out = io.BytesIO()
    image.save(out, format=kind)
    back = Image.open(io.BytesIO(out.getvalue())).convert("RGB")
    if back.tobytes() != image.tobytes():
        return None  # the format could not hold the colours exactly
    return out.getvalue()


def apiet(grid: list[list[int]], rng: random.Random) -> bytes:
    """ascii-piet of codels of known colours only, in one of three layouts (F5)."""
    rows = []
    for row in grid:
        letters = [LETTERS[RGB.index(rgb)] for rgb in row]
        rows.append(letters)
    style = rng.choice(("lines", "compact", "crlf"))
    if style == "compact":  # every row ended by its last codel in upper case
        upper = "TLDVNFRJBSKCQIAUME_@"
        return "".join("".join(r[:-1]) + upper[LETTERS.index(r[-1])] for r in rows).encode()
    end = "\r\n" if style == "crlf" else "\n"
    return "".join("".join(r[:-1]) + ("@" if r[-1] == " " else r[-1]) + end for r in rows).encode()


def random_input(rng: random.Random) -> bytes:
    roll = rng.random()
    if roll < 0.3:
        return b""
    parts = []
    for _ in range(rng.randint(1, 6)):
        parts.append(rng.choice([str(rng.randint(-999, 9999)), "+" + str(rng.randint(0, 99)), "-x", "abc", " ",
                                 "\n", "\t7", "é", "\xff"]))
    return " ".join(parts).encode("utf-8", "surrogateescape") if rng.random() < 0.9 else bytes([255, 65, 10])


def npiet(binary: str, data: bytes, ext: str, flags: list[str], stdin: bytes, cap: int) -> tuple[int, bytes, int, bool]:
    """(exit status, stdout, steps, budget spent) of npiet on the file."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "prog" + ext)
        path.write_bytes(data)
        run = subprocess.run([binary, "-q", *flags, "-e", str(cap), str(path)], input=stdin, capture_output=True,
                             timeout=60)
        traced = subprocess.run(["stdbuf", "-oL", binary, "-q", "-t", *flags, "-e", str(cap), str(path)], input=stdin,
                                capture_output=True, timeout=60)
    steps = traced.stdout.count(b"trace: step")
    return run.returncode, run.stdout, steps, b"execution steps exceeded" in run.stderr


def esodbg_run(data: bytes, ext: str, options: dict, stdin: bytes, budget: int) -> tuple[int, bytes, int, int]:
    """(exit, stdout, steps, largest |value|) of esodbg in process."""
    from esodbg.engines.base import ParseError, Status
    from esodbg.engines.iobuf import InputLog, OutputLog
    from esodbg.engines.piet import plugin

    name = "prog" + ext
    full = {"codel_size": None, "unknown_colour": None, "dialect": None, "max_int_bits": None} | options
    try:
        program = plugin.parse(plugin.decode(data, name), name, full)
    except (ParseError, UnicodeDecodeError):
        return 2, b"", 0, 0
    m = plugin.machine(program, InputLog(text(stdin), True), OutputLog())
    largest = 0
    while m.steps < budget and m.status is Status.READY:
        if full["dialect"] == "spec" and diverges(m):
            return -1, b"", 0, 0
        m.run(1)
        if m.stack:
            largest = max(largest, max(abs(v) for v in m.stack))
    m.end_output()
    code = 0 if m.status is Status.HALTED else 1 if m.status is Status.ERROR else 3
    return code, m.output.text().encode("utf-8", "surrogateescape"), m.steps, largest


def diverges(m) -> bool:
    """Whether the next step runs a command whose spec-dialect meaning (C3) is not npiet's: npiet
    ``-v11`` has the page's white slides (W2) but npiet's commands (C2)."""
    cmd, s = m.next_command(), m.stack
    if cmd in (6, 7) and len(s) >= 2 and (s[-1] <= 0 or s[-2] < 0):
        return True
    if cmd == 11 and s and s[-1] < 0:
        return True
    if cmd == 13 and len(s) >= 2 and not 0 < s[-2] <= len(s) - 2:
        return True
    return cmd == 15 and m.peek_byte() == 255


def spec_case(rng: random.Random, binary: str, index: int) -> list[dict]:
    """A random picture run in the spec dialect against ``npiet -v11`` (W2), as a PPM or PNG; left
    out when a command's C3 meaning differs from npiet's on the way (:func:`diverges`)."""
    grid = random_codels(rng) if rng.random() < 0.7 else painted_codels(rng)
    grid = [[RGB[18] if rgb not in RGB else rgb for rgb in row] for row in grid]
    kind = rng.choice(("png", "p6", "apiet"))
    options = {"dialect": "spec"}
    flags = ["-v11"]
    if kind == "apiet":
        data, ext = apiet(grid, rng), ".apiet"
        ref_data, ref_ext = ppm(grid, False), ".ppm"
        flags += ["-cs", "1"]
    else:
        data, ext = (pillow(grid, "PNG"), ".png") if kind == "png" else (ppm(grid, False), ".ppm")
        ref_data, ref_ext = data, ext
    stdin = random_input(rng).replace(b"\xff", b"")
    status, out, steps, spent = npiet(binary, ref_data, ref_ext, flags, stdin, CAP)
    if status not in (0, 136, -8) or (spent and steps != CAP):
        return []
    mine = esodbg_run(data, ext, options, stdin, CAP)
    if mine[0] < 0 or mine[3] >= BIG or (spent and mine[0] == 0):
        return []
    exit_code = 3 if spent else 0
    if status in (136, -8):
        return []  # mod by zero: ignored in the spec dialect (C3), npiet -v11 dies
    return [{"file": base64.b64encode(data).decode(), "ext": ext, "options": options, "input": text(stdin),
             "source": "npiet -v11", "name": f"spec-{index:04d}", "stdout": text(out), "exit": exit_code,
             "steps": steps, "max_steps": CAP if spent else steps + 50}]


def random_case(rng: random.Random, binary: str, index: int) -> list[dict]:
    painted = rng.random() < 0.6
    grid = painted_codels(rng) if painted else random_codels(rng)
    kind = rng.choice(("png", "png", "gif", "p6", "p3", "apiet"))
    # codel sizes 1–8 (smaller for the long painted strips and for plain PPM, to keep the file small)
    size = rng.choice((1, 1, 2, 3) if painted or kind == "p3" else (1, 1, 1, 2, 3, 4, 5, 8))
    options: dict = {}
    flags: list[str] = []
    has_unknown = any(rgb not in RGB for row in grid for rgb in row)
    if kind == "apiet":
        if has_unknown:
            grid = [[RGB[18] if rgb not in RGB else rgb for rgb in row] for row in grid]
        data, ext = apiet(grid, rng), ".apiet"
        ref_data, ref_ext, flags = ppm(grid, False), ".ppm", ["-cs", "1"]
    else:
        pixels = scaled(grid, size)
        if kind in ("png", "gif"):
            data = pillow(pixels, kind.upper())
            if data is None:
                data, kind = pillow(pixels, "PNG"), "png"
            ext = "." + kind
        else:
            data, ext = ppm(pixels, kind == "p3"), ".ppm"
        if rng.random() < 0.3:
            options["codel_size"] = size
            flags += ["-cs", str(size)]
        if has_unknown and rng.random() < 0.4:
            options["unknown_colour"] = "black"
            flags.append("-ub")
        ref_data, ref_ext = data, ext
    stdin = random_input(rng)
    status, out, steps, spent = npiet(binary, ref_data, ref_ext, flags, stdin, CAP)
    if status not in (0, 136, -8) or (spent and steps != CAP):
        return []
    exit_code = 1 if status in (136, -8) else 3 if spent else 0
    mine = esodbg_run(data, ext, options, stdin, CAP)
    if mine[3] >= BIG or (spent and mine[0] == 0):
        return []
    base = {"file": base64.b64encode(data).decode(), "ext": ext, "options": options, "input": text(stdin),
            "source": "npiet"}
    cases = [dict(base, name=f"random-{index:04d}", stdout=text(out), exit=exit_code, steps=steps,
                  max_steps=CAP if spent else steps + 50)]
    if not spent and steps > 1 and exit_code == 0:  # T5: a budget of exactly the steps, and one fewer
        cases.append(dict(base, name=f"exact-{index:04d}", stdout=text(out), exit=0, steps=steps, max_steps=steps))
        s2, out2, _, _ = npiet(binary, ref_data, ref_ext, flags, stdin, steps - 1)
        cases.append(dict(base, name=f"budget-{index:04d}", stdout=text(out2), exit=3, steps=steps - 1,
                          max_steps=steps - 1))
    return cases


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--npiet", required=True)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--random", type=int, default=300)
    parser.add_argument("--spec", type=int, default=60, help="cases of the spec dialect, against npiet -v11")
    parser.add_argument("--check", action="store_true", help="stop at the first case esodbg gets wrong")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases: list[dict] = []
    index = 0
    tries = 0
    while len([c for c in cases if c["name"].startswith("random-")]) < args.random and tries < args.random * 10:
        tries += 1
        new = random_case(rng, args.npiet, index)
        if new:
            index += 1
            if args.check:
                for case in new:
                    got = esodbg_run(base64.b64decode(case["file"]), case["ext"], case["options"],
                                     case["input"].encode("utf-8", "surrogateescape"), case["max_steps"])
                    want = (case["exit"], case["stdout"].encode("utf-8", "surrogateescape"), case["steps"])
                    if got[:3] != want:
                        print(f"{case['name']}: esodbg {got[:3]} npiet {want}", file=sys.stderr)
                        print(json.dumps(case), file=sys.stderr)
                        return 1
            cases += new
    spec = 0
    while spec < args.spec and tries < (args.random + args.spec) * 10:
        tries += 1
        new = spec_case(rng, args.npiet, spec)
        if new:
            spec += 1
            if args.check:
                case = new[0]
                got = esodbg_run(base64.b64decode(case["file"]), case["ext"], case["options"],
                                 case["input"].encode("utf-8", "surrogateescape"), case["max_steps"])
                if got[:3] != (case["exit"], case["stdout"].encode("utf-8", "surrogateescape"), case["steps"]):
                    print(f"{case['name']}: esodbg {got[:3]}", json.dumps(case), file=sys.stderr)
                    return 1
            cases += new
    CORPUS.mkdir(parents=True, exist_ok=True)
    (CORPUS / "cases.jsonl").write_text("".join(json.dumps(case) + "\n" for case in cases), "utf-8")
    print(f"{len(cases)} cases ({index} pictures, {tries} tried)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
