"""What an editor waits for from `esodbg dap` (issue 24).  Run: python benchmarks/dap.py [--steps N]

The adapter runs as editors run it, a process on stdin/stdout, driven by a lean client here (no
validation, so the figures are the adapter's).  Printed side by side in one run:

* **next**: from sending ``next`` to reading its ``stopped`` event, on 15's truth.15 (which never
  ends on input 1), against a ``threads`` round trip (a request that does nothing: the cost of
  the protocol and two processes alone).  Target: median ≤ 0.5 ms.
* **a step and what an editor asks after it** on a Tic Tac Toe Grow program whose mainBoard has
  grown to about 100×100 (64,000 random keystrokes, half of them Spaces): ``next`` (one
  micro-step), then ``threads``, ``stackTrace``, ``scopes``, ``variables`` of State, of Boards and
  of the mainBoard (its rows, each with a preview of its first cells), as VS Code asks once
  the board is expanded.  Target: median ≤ 2 ms.
* **pause**: from sending ``pause`` to the ``stopped`` event, during a continue that never ends
  (15) and during one of slow steps (that Tic Tac Toe Grow program).  Target: ≤ 100 ms.
* **a 1 MB program** of each grid language (``benchmarks/grammars.py``'s, as ``--big`` names them;
  Befunge-93's countdown.b93 beside them, its board being 80×25 at most): launch with
  ``stopOnEntry`` to the first ``stopped`` event; the slowest ``threads`` answer while it
  launches (one sent every 20 ms from the launch on); ``disconnect`` sent 0.3 s after the launch,
  to its answer; ``pause`` sent 50 ms into the first ``continue`` (while a Brainfuck plan is still
  being built), to the ``stopped`` event.  Targets (issue 44): first stop ≤ 1 s, ``threads``,
  ``disconnect`` and ``pause`` ≤ 100 ms.
  ``python benchmarks/dap.py --big`` runs only these.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ESODBG = Path(sys.executable).parent / "esodbg"


class Adapter:
    """``esodbg dap`` in a process, and the least client that can drive it."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([str(ESODBG), "dap"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.seq = 0
        self.pending: list[dict] = []

    def send(self, command: str, arguments: dict | None = None) -> int:
        self.seq += 1
        body = json.dumps({"seq": self.seq, "type": "request", "command": command, "arguments": arguments or {}})
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body.encode()))
        self.process.stdin.flush()
        return self.seq

    def _read(self) -> dict:
        out = self.process.stdout
        length = int(out.readline().split(b":")[1])
        out.readline()
        return json.loads(out.read(length))

    def until(self, test) -> dict:
        """The first message (read or already read) that ``test`` accepts."""
        for i, message in enumerate(self.pending):
            if test(message):
                return self.pending.pop(i)
        while True:
            message = self._read()
            if test(message):
                return message
            self.pending.append(message)

    def request(self, command: str, arguments: dict | None = None) -> dict:
        seq = self.send(command, arguments)
        response = self.until(lambda m: m.get("type") == "response" and m["request_seq"] == seq)
        assert response["success"], response
        return response.get("body") or {}

    def event(self, name: str) -> dict:
        return self.until(lambda m: m.get("event") == name).get("body") or {}

    def launch(self, program: Path, **arguments) -> None:
        self.request("initialize", {"adapterID": "esodbg"})
        self.request("launch", {"program": str(program), **arguments})
        self.event("initialized")
        self.request("configurationDone")

    def close(self) -> None:
        self.send("disconnect")
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def ms(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return f"median {statistics.median(ordered) * 1000:.3f} ms, p90 {ordered[int(len(ordered) * 0.9)] * 1000:.3f} ms"


def timed(action, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return times


def bench_next(steps: int) -> None:
    adapter = Adapter()
    adapter.launch(ROOT / "examples" / "fifteen" / "truth.15", stdin="1\n", stopOnEntry=True)
    adapter.event("stopped")

    def step() -> None:
        adapter.send("next", {"threadId": 1})
        adapter.event("stopped")

    threads = timed(lambda: adapter.request("threads"), steps)
    nexts = timed(step, steps)
    adapter.pending.clear()
    print(f"threads round trip (the protocol alone): {ms(threads)}")
    print(f"next to its stopped event: {ms(nexts)}  "
          f"(target median ≤ 0.5 ms; {statistics.median(nexts) / statistics.median(threads):.1f}x threads)")
    adapter.close()


def big_board(directory: Path) -> Path:
    """A Tic Tac Toe Grow program whose mainBoard grows to about 100×100."""
    rng = random.Random(1)
    path = directory / "board100.ttg"
    path.write_text("".join("a" if rng.random() < 0.5 else " " for _ in range(64_000)), "utf-8")
    return path


def bench_board(program: Path, steps: int) -> None:
    adapter = Adapter()
    start = time.perf_counter()
    adapter.launch(program, stopAtEnd=True)
    stop = adapter.event("stopped")
    ran = time.perf_counter() - start
    adapter.request("evaluate", {"expression": f"goto -{steps + 10}", "context": "repl"})
    adapter.event("stopped")
    size = None

    def step() -> None:
        nonlocal size
        adapter.send("next", {"threadId": 1, "granularity": "instruction"})
        adapter.event("stopped")
        adapter.request("threads")
        frame = adapter.request("stackTrace", {"threadId": 1, "startFrame": 0, "levels": 20})["stackFrames"][0]
        state, boards = adapter.request("scopes", {"frameId": frame["id"]})["scopes"]
        adapter.request("variables", {"variablesReference": state["variablesReference"]})
        main = adapter.request("variables", {"variablesReference": boards["variablesReference"]})["variables"][0]
        rows = adapter.request("variables", {"variablesReference": main["variablesReference"]})["variables"]
        size = (main["value"], len(rows))

    times = timed(step, steps)
    print(f"Tic Tac Toe Grow: ran to the end in {ran:.1f} s ({stop.get('description', '')[:40]}…); mainBoard {size[0]}")
    print(f"next + threads + stackTrace + scopes + variables (State, Boards, the board's {size[1]} rows): {ms(times)}  "
          f"(target median ≤ 2 ms)")
    adapter.close()


def bench_pause(program: Path, arguments: dict, runs: int, label: str) -> None:
    adapter = Adapter()
    adapter.launch(program, stopOnEntry=True, **arguments)
    adapter.event("stopped")
    times = []
    for _ in range(runs):
        adapter.request("continue", {"threadId": 1})
        time.sleep(0.2)
        start = time.perf_counter()
        adapter.send("pause", {"threadId": 1})
        adapter.event("stopped")
        times.append(time.perf_counter() - start)
        adapter.pending.clear()
    print(f"pause during a continue, {label}: {ms(times)}, worst {max(times) * 1000:.1f} ms  (target ≤ 100 ms)")
    adapter.close()


def _grammars():
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_grammars", Path(__file__).with_name("grammars.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BIG = ("befunge", "hexagony", "fish_esolang", "brainfuck", "labyrinth")


def bench_big(directory: Path, names: tuple[str, ...] = BIG) -> None:
    generators = _grammars()
    programs = [("befunge93 (countdown.b93)", ROOT / "examples" / "befunge" / "countdown.b93")]
    for name in names:
        path = directory / f"big{generators.SUFFIXES[name]}"
        path.write_text(generators.PROGRAMS[name](1_000_000), "utf-8")
        programs.append((f"{name} ({path.stat().st_size / 1e6:.2f} MB)", path))
    for label, path in programs:
        adapter = Adapter()
        adapter.request("initialize", {"adapterID": "esodbg"})
        start = time.perf_counter()
        launch = adapter.send("launch", {"program": str(path), "stopOnEntry": True})
        slowest = 0.0
        while True:  # threads every 20 ms until the launch is answered
            asked = time.perf_counter()
            seq = adapter.send("threads")
            adapter.until(lambda m: m.get("type") == "response" and m["request_seq"] == seq)
            slowest = max(slowest, time.perf_counter() - asked)
            if any(m.get("type") == "response" and m["request_seq"] == launch for m in adapter.pending):
                break
            time.sleep(0.02)
        adapter.event("initialized")
        adapter.request("configurationDone")
        adapter.event("stopped")
        first = time.perf_counter() - start
        adapter.request("continue", {"threadId": 1})
        time.sleep(0.05)
        asked = time.perf_counter()
        adapter.send("pause", {"threadId": 1})
        ended = adapter.until(lambda m: m.get("event") in ("stopped", "terminated"))
        paused = f"{(time.perf_counter() - asked) * 1000:7.1f} ms" if ended["event"] == "stopped" else "(it ended)"
        adapter.close()
        adapter = Adapter()  # disconnect while it launches
        adapter.request("initialize", {"adapterID": "esodbg"})
        adapter.send("launch", {"program": str(path), "stopOnEntry": True})
        time.sleep(0.3)
        asked = time.perf_counter()
        seq = adapter.send("disconnect")
        adapter.until(lambda m: m.get("type") == "response" and m["request_seq"] == seq)
        gone = time.perf_counter() - asked
        adapter.process.wait(10)
        print(f"{label:<28} launch to first stop {first:6.2f} s  slowest threads while launching "
              f"{slowest * 1000:7.1f} ms  disconnect 0.3 s in {gone * 1000:7.1f} ms  pause in the first continue "
              f"{paused}  (targets 1 s, 100 ms, 100 ms, 100 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=1000, help="requests timed in each row (default 1000)")
    parser.add_argument("--big", nargs="*", choices=BIG, help="only the 1 MB programs (of these languages)")
    arguments = parser.parse_args()
    steps = arguments.steps
    if arguments.big is not None:
        with tempfile.TemporaryDirectory() as directory:
            bench_big(Path(directory), tuple(arguments.big) or BIG)
        return
    bench_next(steps)
    with tempfile.TemporaryDirectory() as directory:
        program = big_board(Path(directory))
        bench_board(program, min(steps, 500))
        bench_pause(ROOT / "examples" / "fifteen" / "truth.15", {"stdin": "1\n"}, 20, "15 (about 4 M steps/s)")
        bench_pause(program, {}, 10, "Tic Tac Toe Grow (slow steps on a big board)")
        bench_big(Path(directory))


if __name__ == "__main__":
    main()
