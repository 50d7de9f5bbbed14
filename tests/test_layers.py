"""The layers of design.md, as import-linter contracts: the static ones in pyproject.toml
([tool.importlinter]: engines never import the app or a UI library) and, for every registered
language, the ones about languages — the core and the app never import one, languages never
import each other, and no package of the engines or the app has an import cycle."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from esodbg.engines import registry

ROOT = Path(__file__).resolve().parent.parent
CORE = ["base", "breakpoints", "controller", "debugger", "history", "iobuf", "language", "registry", "sessions", "view"]


def language_packages() -> list[str]:
    return sorted(language.implementation.rpartition(".")[0] for language in registry.languages()
                  if language.implementation.startswith("esodbg.engines."))


def test_import_contracts_are_kept(tmp_path):
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    languages = language_packages()
    config["contracts"] += [
        {"name": "The core never imports a language", "type": "forbidden",
         "source_modules": [f"esodbg.engines.{module}" for module in CORE], "forbidden_modules": languages},
        {"name": "The app never imports a language", "type": "forbidden", "source_modules": ["esodbg.app"],
         "forbidden_modules": languages},
        {"name": "Languages never import each other", "type": "independence", "modules": languages},
        {"name": "No import cycles within a package", "type": "acyclic_siblings",
         "ancestors": ["esodbg.engines", "esodbg.app", "esodbg.app.widgets", "esodbg.app.screens", "esodbg.app.dap",
                       "esodbg.app.lsp", *languages]},
    ]
    path = tmp_path / "importlinter.ini"
    path.write_text(ini(config))
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint), "--config", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:]
    assert f"{len(config['contracts'])} kept, 0 broken" in result.stdout


def ini(config: dict) -> str:
    """import-linter's INI form of a [tool.importlinter] table."""
    def value(item) -> str:
        return "\n    " + "\n    ".join(item) if isinstance(item, list) else str(item)

    lines = ["[importlinter]"] + [f"{k} = {value(v)}" for k, v in config.items() if k != "contracts"]
    for i, contract in enumerate(config["contracts"]):
        lines += ["", f"[importlinter:contract:{i}]"] + [f"{k} = {value(v)}" for k, v in contract.items()]
    return "\n".join(lines) + "\n"
