"""A language from outside esodbg — Toy, defined in ``tests/toy/`` — registered the way any
installed package registers one (an ``esodbg.languages`` entry point), then driven through
``exec``, ``check``, ``languages``, the debugger core and the TUI with no change to ``app/`` or
the core (docs/plugins.md walks through it)."""

from __future__ import annotations

import asyncio
import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.engines import installed, registry
from esodbg.engines.base import CellRef, Stop
from esodbg.engines.debugger import Session

TOY = Path(__file__).parent / "toy"


def install(site: Path) -> None:
    """What ``pip install`` of a package declaring the entry point leaves behind."""
    info = site / "toy_lang_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-lang-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[esodbg.languages]\ntoy = toy_lang:LANGUAGE\n")


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """Toy registered in this process (and ``env`` for child processes); the program file."""
    install(tmp_path)
    monkeypatch.syspath_prepend(str(TOY))
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.languages.cache_clear()
    program = tmp_path / "count.toy"
    program.write_text("12!-3!x!")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(TOY), os.environ.get("PYTHONPATH", "")])}
    yield program, env
    registry.languages.cache_clear()


def esodbg(env, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *map(str, args)], env=env, capture_output=True,
                          text=True, timeout=60)


def test_exec_check_and_languages_know_the_toy(toy, tmp_path):
    program, env = toy
    assert esodbg(env, "exec", program).stdout == "3\n0\n0\n"  # 1+2=3; −3+3=0; x does nothing
    assert esodbg(env, "exec", program, "--start", "10").stdout == "13\n-10\n-10\n"
    result = esodbg(env, "exec", program, "--final-state", "-", "--trace", tmp_path / "trace.jsonl")
    state = json.loads(result.stdout.split("\n\n")[-1])
    assert state == {"status": "halted", "steps": 8, "accumulator": 0, "output": "3\n0\n0\n"}
    trace = [json.loads(line) for line in (tmp_path / "trace.jsonl").read_text().splitlines()]
    assert [row["accumulator"] for row in trace] == [1, 3, 3, -3, 0, 0, 0, 0]
    assert esodbg(env, "check", program).stdout.endswith("ok (Toy)\n")
    bad = tmp_path / "bad.toy"
    bad.write_text("1\n2\n")
    result = esodbg(env, "check", bad)
    assert result.returncode == 2 and f"{bad}:2:1: error: a toy program is one line" in result.stderr
    listing = esodbg(env, "languages").stdout
    assert "toy  Toy  (.toy)" in listing and "--start N" in listing
    assert "has no meaning for Toy" in esodbg(env, "exec", program, "--name", "x").stderr


def test_versions_are_read_as_importlib_metadata_reads_them(toy):
    assert installed.version("Toy_Lang.Plugin") == "1.0" == importlib.metadata.version("toy-lang-plugin")
    assert installed.version() == importlib.metadata.version("esodbg")
    assert installed.version("no-such-distribution") is None


def test_the_debugger_core_steps_both_ways_and_stops_at_a_cell(toy):
    program, _ = toy
    language = registry.for_file(program)
    s = Session(language, language.parse(program.read_text(), str(program)))
    s.breakpoints.toggle(CellRef("tape", 0, 5))
    assert s.continue_().reason is Stop.BREAKPOINT and s.steps == 5 and s.output.text() == "3\n"
    s.step_back(3)
    assert s.steps == 2 and s.machine.acc == 3 and s.output.text() == ""
    assert s.continue_().step == 5 and s.continue_().reason is Stop.HALTED


def test_the_debug_adapter_debugs_the_toy(toy):
    """``esodbg dap`` knows a language it has never heard of: stepping, its state, a cell
    breakpoint as a breakpoint spec, an honest answer for a line breakpoint."""
    from dap_client import Client

    program, env = toy
    with Client(env) as client:
        client.launch(str(program), stopOnEntry=True, start=10)
        line = client.request("setBreakpoints", {"source": {"path": str(program)}, "breakpoints": [{"line": 1}]})
        assert "add a function breakpoint such as event:output" in line["body"]["breakpoints"][0]["message"]
        assert client.request("setFunctionBreakpoints", {"breakpoints": [{"name": "cell:tape:0,5"}]})["body"][
            "breakpoints"][0]["verified"]
        client.request("configurationDone")
        client.stopped()
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "function breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert frame["name"].startswith("Toy") and frame["name"].endswith("step 5")
        (scope,) = client.request("scopes", {"frameId": frame["id"]})["body"]["scopes"]
        values = {v["name"]: v["value"] for v in client.request(
            "variables", {"variablesReference": scope["variablesReference"]})["body"]["variables"]}
        assert values == {"step": "5", "output_length": "3"}  # "13\n": --start 10 as the launch's start
        client.request("stepBack", {"threadId": 1})
        assert client.stopped()["reason"] == "step"
    assert client.invalid == []


async def test_the_language_server_checks_the_toy(toy, tmp_path):
    """``esodbg lsp`` too: the toy's diagnostics appear as it breaks, with nothing written for it."""
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    _, env = toy
    client, published = LanguageClient("test", "1"), asyncio.Queue()
    client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda params: published.put_nowait(params))
    await client.start_io(sys.executable, "-m", "esodbg.app", "lsp", env=env)
    try:
        await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
        uri = (tmp_path / "bad.toy").as_uri()
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "toy", 1, "1\n2\n")))
        found = await asyncio.wait_for(published.get(), 20)
        assert [(d.range.start.line, d.message) for d in found.diagnostics] == [(1, "a toy program is one line")]
        await client.shutdown_async(None)
        client.exit(None)
    finally:
        await client.stop()


def test_the_debugger_shows_the_toy(toy, snap_compare, monkeypatch):
    program, _ = toy
    monkeypatch.chdir(program.parent)  # a short path on screen, the same on every machine
    app = DebuggerApp(registry.for_file(program), Path(program.name))
    assert snap_compare(app, press=["3", "n"], terminal_size=(80, 24))
