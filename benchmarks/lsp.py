"""What an editor waits for from `esodbg lsp` on big programs (issue 25).
Run: python benchmarks/lsp.py [NAME…] [--size BYTES]

For each language, the program of about 1 MB that `benchmarks/grammars.py` makes from the
examples, opened in `esodbg lsp` (a process on stdio, as editors start it) by pygls's client:

* **open**: from didOpen to its diagnostics;
* **change**: from a didChange (one character typed in the middle) to the diagnostics of the new
  text — the server waits for the typing to settle (0.15 s) before it checks, included;
* **hover** in the middle of the program: the first, as soon as its diagnostics are in, then
  after changes (the program already checked), and **semantic tokens**
  of the whole file — the first time (made) and again (kept: an editor asks after each change,
  and the text has not changed) — and of one screen (40 lines) in its middle, before the whole
  file's are made.

And two programs of one long non-ASCII line (``15-line``, ``ttg-line``).

Targets: a change answered in ≤ 1 s; hover and semantic tokens ≤ 0.2 s.  Medians of three.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("bench_grammars", HERE / "grammars.py")
generators = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generators)
# And one long line of non-ASCII text each (issue 34: the tokens took 104 s, each decoding the
# line's start again): a 15 program's emoji between its commands, a Tic Tac Toe Grow program's
# accented and astral keystrokes.
LINES = {"15-line": (".15", lambda size: "1,2 " + "\U0001F600 1,2 " * (size // 9)),
         "ttg-line": (".ttg", lambda size: "éa\U0001F600b" * (size // 8))}
PROGRAMS = {**generators.PROGRAMS, **{name: make for name, (_, make) in LINES.items()}}
SUFFIXES = {**generators.SUFFIXES, **{name: suffix for name, (suffix, _) in LINES.items()}}
RUNS = 3


class Client:
    def __init__(self) -> None:
        self.client = LanguageClient("bench", "1")
        self.published: dict[str, asyncio.Future] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            waiting = self.published.pop((params.uri, params.version), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(params.diagnostics)

    async def start(self) -> None:
        await self.client.start_io(sys.executable, "-m", "esodbg.app", "lsp")
        await self.client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
        self.client.initialized(types.InitializedParams())

    def diagnostics(self, uri: str, version: int) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.published[(uri, version)] = future
        return future

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


async def timed(action) -> float:
    start = time.perf_counter()
    await action()
    return time.perf_counter() - start


async def bench(client: Client, name: str, size: int, directory: Path) -> None:
    text = PROGRAMS[name](size)
    path = directory / f"big{SUFFIXES[name]}"
    path.write_text(text, "utf-8")
    uri = path.as_uri()
    lines = text.split("\n")
    middle = len(lines) // 2
    row = next(i for i in range(middle, len(lines)) if lines[i].strip())
    position = types.Position(row, min(2, len(lines[row]) - 1) if len(lines) > 1 else len(lines[0]) // 2)
    if len(lines) <= 2:  # one long line (Tic Tac Toe Grow's keystrokes): its middle
        row, position = 0, types.Position(0, len(lines[0]) // 2)
    version = 1

    async def open_it() -> None:
        done = client.diagnostics(uri, 1)
        client.client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, name, 1, text)))
        await done

    opened = await timed(open_it)
    document = types.TextDocumentIdentifier(uri)
    # The first hover, as soon as the diagnostics are in (issue 44: Brainfuck's waited 4–6.5 s for
    # the outline read ahead).
    first = await timed(lambda: client.client.text_document_hover_async(types.HoverParams(document, position)))
    changes = []
    for _ in range(RUNS):
        version += 1
        line = lines[row]
        edited = "\n".join(lines[:row] + [line[:position.character] + " " + line[position.character:]] + lines[row + 1:])

        async def change() -> None:
            done = client.diagnostics(uri, version)
            client.client.text_document_did_change(types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=version, uri=uri),
                [types.TextDocumentContentChangeWholeDocument(edited)]))
            await done
        changes.append(await timed(change))
    hovers = [await timed(lambda: client.client.text_document_hover_async(types.HoverParams(document, position)))
              for _ in range(RUNS)]
    screen = types.Range(types.Position(max(row - 20, 0), 0), types.Position(row + 20, 0))
    ranged = [await timed(lambda: client.client.text_document_semantic_tokens_range_async(
        types.SemanticTokensRangeParams(document, screen))) for _ in range(RUNS)]
    full = [await timed(lambda: client.client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(document))) for _ in range(RUNS)]
    client.client.text_document_did_close(types.DidCloseTextDocumentParams(document))
    med = lambda values: statistics.median(values)  # noqa: E731
    print(f"{name:<12} {len(text.encode()) / 1e6:5.2f} MB  open {opened:6.2f} s  change {med(changes):6.2f} s  "
          f"hover {first * 1000:5.1f} ms first, {med(hovers) * 1000:5.1f} ms  tokens: one screen {med(ranged) * 1000:5.1f} ms, all {full[0]:5.2f} s "
          f"then {med(full[1:]) * 1000:5.0f} ms")


async def main(names: list[str], size: int) -> None:
    client = Client()
    await client.start()
    with tempfile.TemporaryDirectory() as directory:
        for name in names or PROGRAMS:
            await bench(client, name, size, Path(directory))
    await client.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", choices=[*PROGRAMS, []], metavar="NAME")
    parser.add_argument("--size", type=int, default=1_000_000, help="bytes of each program (default 1,000,000)")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.names, arguments.size))
