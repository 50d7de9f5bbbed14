"""``esodbg dap`` driven by VS Code's own debug adapter client (npm
``@vscode/debugadapter-testsupport``, the ``DebugClient`` VS Code's adapters are tested with), run
by ``node --test``: every language's corpus programs stepped both ways, breakpoints of every
kind, goto, pause, output, errors (``tests/dap/*.test.mjs``).

They need Node.js and the client installed (``npm ci`` in the project's root, which ``.ci/run``
does).  Without them they skip, saying so — never in CI, where they must run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from external import need, run_node_tests

CLIENT = ROOT / "node_modules" / "@vscode" / "debugadapter-testsupport"
# The suites that run long are cut into shards (``shard()`` in tests/dap/helpers.mjs), each its
# own node process, so pytest's workers share them out instead of one worker running it all.
SHARDS = {"clients.test.mjs": 4}
SUITES = [(path, f"{k}/{SHARDS.get(path.name, 1)}") for path in sorted((ROOT / "tests" / "dap").glob("*.test.mjs"))
          for k in range(1, SHARDS.get(path.name, 1) + 1)]


@pytest.mark.parametrize(("suite", "shard"), SUITES,
                         ids=[path.name if shard == "1/1" else f"{path.name}-{shard}" for path, shard in SUITES])
def test_vscode_client(suite: Path, shard: str):
    need("Node.js is not installed (the tests drive esodbg dap with VS Code's client, a node package)"
         if shutil.which("node") is None else
         "VS Code's debug adapter client is not installed: run `npm ci` in the project's root"
         if not CLIENT.is_dir() else None)
    run_node_tests(suite, {"ESODBG_SHARD": shard})
