"""Package discovery: the top-level folders map into one import namespace, ``esodbg.*``
(design.md), and every package under them is found here — a new language package needs no line
in any list.  Everything else about the build is in pyproject.toml."""

from setuptools import find_packages, setup

ROOTS = {"app": "esodbg.app", "engines": "esodbg.engines", "grammars": "esodbg.grammars"}

setup(
    package_dir={name: folder for folder, name in ROOTS.items()},
    packages=[package for folder, name in ROOTS.items()
              for package in (name, *(f"{name}.{sub}" for sub in find_packages(folder)))],
)
