"""Shared helpers: where the examples and the expected corpus results are; every test keeps its
remembered debugger sessions in a directory of its own (never the user's state dir)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CORPUS = Path(__file__).resolve().parent / "corpus"


def examples_of(language) -> list[Path]:
    """The bundled examples esodbg opens in ``language``, by file name: every file under
    ``examples/`` whose ending is the language's (Befunge-93's and -98's share ``examples/befunge``)."""
    from esodbg.engines import registry

    return sorted((p for p in EXAMPLES.glob("*/*") if registry.for_file(p) is language), key=lambda p: p.name)


# Random tests that can be told again: in CI every property test draws the same examples
# (derandomize), and a failure anywhere prints the example's blob to reproduce it with.  (The
# packages' conformance runs in .ci/run have pytest alone: no hypothesis, no property tests.)
try:
    from hypothesis import settings
except ImportError:
    settings = None
if settings is not None:
    settings.register_profile("ci", derandomize=True, print_blob=True)
    settings.register_profile("dev", print_blob=True)
    settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config):
    """Refuse to test compiled engines older than their source: an editable install runs the
    extension it built until ``pip install -e .`` builds it again (engines/compiled.py).  Then
    write the bytecode of esodbg's own modules once (:func:`write_bytecode`)."""
    from esodbg.engines import compiled

    if stale := compiled.stale():
        raise pytest.UsageError(f"the compiled engines are older than their source ({', '.join(stale)}): run "
                                "`.venv/bin/pip install -e .` to compile them again (`ESODBG_PURE=1 .venv/bin/pip install -e .` "
                                "for pure Python)")
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist), before any worker starts
        write_bytecode()


def write_bytecode() -> None:
    """Compile esodbg's modules to ``__pycache__`` now.  An editable install's modules are the
    clone's, which pip never compiled; where PYTHONDONTWRITEBYTECODE is set (CI's image sets it),
    every esodbg a test starts compiled them all again: 0.13 s of CPU more per ``exec``, 0.3 s per
    ``run``, over hundreds of children (and a signal test's "busy" child could still be importing)."""
    import compileall

    for package in ("app", "engines", "grammars"):
        compileall.compile_dir(ROOT / package, quiet=2)


@pytest.fixture(autouse=True)
def own_state_dir(tmp_path_factory, monkeypatch):
    """A fresh ``$ESODBG_STATE_DIR`` per test: a breakpoint one test sets is not restored in
    another (the app remembers sessions per program file)."""
    monkeypatch.setenv("ESODBG_STATE_DIR", str(tmp_path_factory.mktemp("state")))


@pytest.fixture(autouse=True, scope="session")
def steady_cursors():
    """Text cursors that do not blink: a frame is compared cell for cell, and a blinking cursor
    would be drawn or not as the test's timing fell (a loaded machine's frames differed by it)."""
    from textual.widgets import Input, TextArea

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Input, "_toggle_cursor", lambda self: None)
        patch.setattr(TextArea, "_toggle_cursor_blink_visible", lambda self: None)
        yield
