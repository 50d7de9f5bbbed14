"""Which engine modules run compiled.

A build compiles the engines' hot modules with mypyc (setup.py's ``COMPILED``) and writes
``compiled.json`` beside this file: each compiled module's name and the SHA-256 of the source it
was compiled from.  A pure-Python build (``ESODBG_PURE=1``, or no mypyc) writes none.  Python
imports a compiled module's extension before its ``.py`` whenever both are there.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

# The engines import this module (for mypyc_attr) on every start: what only the functions below
# need is imported in them.

if TYPE_CHECKING:  # mypyc reads the decorator; at run time it does nothing (and costs no import)
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*_args, **_kwargs):
        """mypy_extensions' ``mypyc_attr``: how mypyc compiles a class; nothing at run time."""
        return lambda cls: cls

MANIFEST = Path(__file__).with_name("compiled.json")


@cache
def built() -> dict[str, str]:
    """The modules the build compiled: name → SHA-256 of its source then (empty: a pure build)."""
    import json

    try:
        return json.loads(MANIFEST.read_text("utf-8"))
    except FileNotFoundError:
        return {}


def is_extension(module: str) -> bool:
    """Whether importing ``module`` loads a compiled extension (finding it imports its package)."""
    import importlib.machinery
    import importlib.util

    spec = importlib.util.find_spec(module)
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def running(prefix: str = "esodbg.engines.") -> list[str]:
    """The compiled modules under ``prefix`` that load as extensions, sorted."""
    return sorted(module for module in built() if module.startswith(prefix) and is_extension(module))


def stale() -> list[str]:
    """The compiled modules whose ``.py`` source changed since the build (an editable install
    runs its old extension until ``pip install -e .`` compiles it again)."""
    import hashlib
    import importlib.util

    changed = []
    for module, digest in built().items():
        package, _, name = module.rpartition(".")
        # The package's folder, not the module's origin: a module first imported by another compiled
        # module gets an origin of mypyc's making.
        spec = importlib.util.find_spec(package)
        folders = spec.submodule_search_locations if spec else None
        source = Path(folders[0], f"{name}.py") if folders else None
        if source is None or not source.exists() or hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            changed.append(module)
    return sorted(changed)
