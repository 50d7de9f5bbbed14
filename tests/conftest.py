"""Shared helpers: where the examples and the expected corpus results are."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CORPUS = Path(__file__).resolve().parent / "corpus"
