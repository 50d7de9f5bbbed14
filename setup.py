"""Package discovery and the compiled engines.  Everything else about the build is in
pyproject.toml.

Packages: the top-level folders map into one import namespace, ``esodbg.*`` (design.md), and
every package under them is found here — a new language package needs no line in any list.

Compiled engines: the modules in :data:`COMPILED` are compiled with mypyc (mypy's compiler, a
build requirement) from the same type-annotated Python, into one extension library; the ``.py``
files are installed beside them and are what runs where they are not compiled.  ``ESODBG_PURE=1``
builds without compiling (the pure-Python fallback, which CI tests too).  An editable install
compiles into the source folders: re-run ``pip install -e .`` after changing a compiled module
(the tests refuse to run on compiled modules older than their source).
"""

import hashlib
import json
import os
import shutil
from pathlib import Path

from setuptools import find_packages, setup

ROOTS = {"app": "esodbg.app", "engines": "esodbg.engines", "grammars": "esodbg.grammars"}

# What pays to compile: each language's step loop and what it calls per step, the engine
# contract and the output buffer (measured: benchmarks/speed.py).
COMPILED = [
    "engines/fifteen/machine.py",
    "engines/messiscript/machine.py",
    "engines/scrabble/machine.py",
    "engines/stoned_go/board.py",
    "engines/stoned_go/machine.py",
    "engines/space.py",
    "engines/bytemachine.py",
    "engines/seeded.py",
    "engines/integers.py",
    "engines/befunge/common.py",
    "engines/befunge/b93.py",
    "engines/befunge/b98.py",
    "engines/labyrinth/machine.py",
    "engines/hexagony/commands.py",
    "engines/hexagony/machine.py",
    "engines/fish/numbers.py",
    "engines/fish/codebox.py",
    "engines/fish/machine.py",
    "engines/brainfuck/ops.py",
    "engines/brainfuck/machine.py",
    "engines/piet/machine.py",
    "engines/aheui/machine.py",
]


MANIFEST = Path("engines", "compiled.json")  # what engines/compiled.py reads


def compiled_engines() -> list:
    """The mypyc extensions for :data:`COMPILED`, or none (``ESODBG_PURE=1``, or no mypyc);
    writes :data:`MANIFEST`, or removes it for a pure build."""
    MANIFEST.unlink(missing_ok=True)
    # An editable install compiled into the source folders: a build's old extensions go first, or a
    # pure build would leave them there, loaded ahead of the .py files with no manifest to say so.
    for path in COMPILED:
        for built in Path(path).parent.glob(Path(path).stem + ".*.so"):
            built.unlink()
    for built in Path("engines").glob("native__mypyc.*.so"):
        built.unlink()
    if os.environ.get("ESODBG_PURE") == "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # a build without the build requirements (python setup.py …): pure Python
        return []
    # mypyc names a module after its path from a package base: give it the installed layout,
    # esodbg/engines/…, as links to the folders (the build folder is the build's own).
    stage = Path("build", "mypyc-src")
    shutil.rmtree(stage, ignore_errors=True)
    (stage / "esodbg").mkdir(parents=True)
    for folder in ROOTS:
        (stage / "esodbg" / folder).symlink_to(Path(folder).resolve(), target_is_directory=True)
    # The sources' hashes as mypyc is about to read them: a source edited during the build then
    # differs from its manifest line, and the tests call its extension stale.
    hashes = {"esodbg." + path.removesuffix(".py").replace("/", "."): hashlib.sha256(Path(path).read_bytes()).hexdigest()
              for path in COMPILED}
    here = os.getcwd()
    os.chdir(stage)  # mypy takes the current folder as the package base
    try:
        extensions = mypycify(["--explicit-package-bases", "--ignore-missing-imports", "--follow-imports=silent",
                               *(f"esodbg/{path}" for path in COMPILED)],
                              group_name="esodbg.engines.native", target_dir=str(Path(here, "build", "mypyc")))
    finally:
        os.chdir(here)
    if os.name == "posix":
        # mypyc #includes its runtime (list_ops.c, int_ops.c…) into the one C file it writes, but
        # -fPIC lets another library replace any exported function, so GCC called even
        # CPyList_GetItemInt64 (a bounds check and an incref) through the PLT, never inlined:
        # 25-40 % of a Brainfuck run was spent in such calls (perf, issue 48).  Nothing replaces
        # them: let the compiler inline them.
        for extension in extensions:
            extension.extra_compile_args = [*extension.extra_compile_args, "-fno-semantic-interposition"]
    MANIFEST.write_text(json.dumps(hashes, indent=1) + "\n")
    return extensions


setup(
    package_dir={name: folder for folder, name in ROOTS.items()},
    packages=[package for folder, name in ROOTS.items()
              for package in (name, *(f"{name}.{sub}" for sub in find_packages(folder)))],
    ext_modules=compiled_engines(),
)
