"""Tests that drive a real client — VS Code's debug client, Node.js, Neovim — need it installed
(`.ci/run` installs them: `npm ci`, Debian's neovim).  Where one is missing such a test skips,
saying what to install; in CI (``$CI`` set) it fails instead: there it must run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def need(why: str | None) -> None:
    """Skip (or, in CI, fail) with ``why`` unless it is ``None``."""
    if why is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{why} — CI must run this (.ci/run installs it)")
    pytest.skip(why)


def run_node_tests(path: Path, env: dict[str, str] | None = None) -> None:
    """``node --test path`` with ``$ESODBG`` the venv's esodbg (and ``env`` added); fails with
    node's report unless every test passed."""
    esodbg = Path(sys.executable).parent / "esodbg"
    result = subprocess.run(["node", "--test", "--test-reporter=spec", str(path)], cwd=ROOT, capture_output=True,
                            text=True, timeout=600, env={**os.environ, "ESODBG": str(esodbg), **(env or {})})
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    passed = re.search(r"^ℹ pass (\d+)$", result.stdout, re.M)
    assert passed and int(passed.group(1)) > 0 and re.search(r"^ℹ fail 0$", result.stdout, re.M), result.stdout[-2000:]
