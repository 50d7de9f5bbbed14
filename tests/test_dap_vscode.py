"""``esodbg dap`` driven by VS Code's own debug adapter client (npm
``@vscode/debugadapter-testsupport``, the ``DebugClient`` VS Code's adapters are tested with), run
by ``node --test``: every language's corpus programs stepped both ways, breakpoints of every
kind, goto, pause, output, errors (``tests/dap/*.test.mjs``).

They need Node.js and the client installed (``npm ci`` in the project's root, which ``.ci/run``
does).  Without them they skip, saying so — never in CI, where they must run."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

SUITES = sorted((ROOT / "tests" / "dap").glob("*.test.mjs"))
CLIENT = ROOT / "node_modules" / "@vscode" / "debugadapter-testsupport"


def missing() -> str | None:
    """Why the editor client cannot run here, or ``None``."""
    if shutil.which("node") is None:
        return "Node.js is not installed (the tests drive esodbg dap with VS Code's client, a node package)"
    if not CLIENT.is_dir():
        return "VS Code's debug adapter client is not installed: run `npm ci` in the project's root"
    return None


@pytest.mark.parametrize("suite", SUITES, ids=lambda path: path.name)
def test_vscode_client(suite: Path):
    why = missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{why} — CI must run these (.ci/run installs them)")
        pytest.skip(why)
    esodbg = Path(sys.executable).parent / "esodbg"
    result = subprocess.run(["node", "--test", "--test-reporter=spec", str(suite)], cwd=ROOT, capture_output=True,
                            text=True, timeout=300, env={**os.environ, "ESODBG": str(esodbg)})
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    passed = re.search(r"^ℹ pass (\d+)$", result.stdout, re.M)
    assert passed and int(passed.group(1)) > 0 and re.search(r"^ℹ fail 0$", result.stdout, re.M), result.stdout[-2000:]
