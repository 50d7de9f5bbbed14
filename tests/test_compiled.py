"""The compiled engines (setup.py, engines/compiled.py): what the build compiled is what Python
imports, a language's machine is the compiled class, and the CLI says how the engines run.

``ESODBG_EXPECT=compiled|pure`` says which build this is (CI runs the conformance tests on a
compiled wheel and on a pure-Python one, .ci/run); in CI it defaults to ``compiled``.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import subprocess
import sys

from conftest import EXAMPLES

from esodbg.engines import compiled
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.registry import by_name, languages

EXPECT = os.environ.get("ESODBG_EXPECT") or ("compiled" if os.environ.get("CI") else "")
EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def test_the_build_is_the_one_expected():
    if EXPECT == "compiled":
        assert compiled.built(), "a build with mypyc writes engines/compiled.json"
    elif EXPECT == "pure":
        assert compiled.built() == {} and compiled.running() == []


def test_every_compiled_module_is_the_one_imported():
    for module in compiled.built():
        assert importlib.import_module(module).__file__.endswith(EXTENSIONS), module
    assert compiled.running() == sorted(compiled.built())
    assert compiled.stale() == []  # (conftest refuses to run otherwise)


def test_a_language_runs_its_compiled_machine():
    fifteen = by_name("fifteen")
    program = fifteen.parse((EXAMPLES / "fifteen" / "hello.15").read_text("utf-8"), "hello.15")
    machine = fifteen.machine(program, InputLog("", True), OutputLog())
    module = sys.modules[type(machine).__module__]
    assert module.__file__.endswith(EXTENSIONS) == (type(machine).__module__ in compiled.built())


def test_version_and_languages_say_how_the_engines_run():
    def esodbg(*args: str) -> str:
        return subprocess.run([sys.executable, "-m", "esodbg.app", *args], capture_output=True, text=True,
                              check=True).stdout

    version = esodbg("--version")
    running = compiled.running()
    assert version.startswith("esodbg, version 0.1.0 (")
    assert (f"engines compiled with mypyc: {len(running)} modules" if running else "engines: pure Python") in version
    engines = [line.strip() for line in esodbg("languages").splitlines() if line.strip().startswith("engine:")]
    assert len(engines) == len(languages())
    if running:
        assert "engine: compiled (machine)" in engines  # 15's, MessiScript's…
    else:
        assert set(engines) == {"engine: pure Python"}
