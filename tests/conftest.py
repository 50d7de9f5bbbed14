"""Shared helpers: where the examples and the expected corpus results are; every test keeps its
remembered debugger sessions in a directory of its own (never the user's state dir)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CORPUS = Path(__file__).resolve().parent / "corpus"


@pytest.fixture(autouse=True)
def own_state_dir(tmp_path_factory, monkeypatch):
    """A fresh ``$ESODBG_STATE_DIR`` per test: a breakpoint one test sets is not restored in
    another (the app remembers sessions per program file)."""
    monkeypatch.setenv("ESODBG_STATE_DIR", str(tmp_path_factory.mktemp("state")))
