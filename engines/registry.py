"""The languages esodbg knows, found through the entry-point group ``esodbg.languages``.

Every installed package can add a language by registering its
:class:`~esodbg.engines.language.Language` object there (pyproject.toml:
``[project.entry-points."esodbg.languages"] name = "package.module:LANGUAGE"``); esodbg's own
languages are registered the same way.  Loading an entry point imports only the package that
defines the object, which is light: a language's implementation is imported when a program of
it is parsed (:attr:`Language.impl`).
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import cache
from pathlib import PurePath
from typing import Iterator

from .language import Language

GROUP = "esodbg.languages"


@cache
def languages() -> tuple[Language, ...]:
    """Every registered language, by name.  An entry point that fails to load, or that is not a
    :class:`Language`, is skipped (one broken plugin must not take the others down)."""
    found = {}
    for target in entry_points(GROUP):
        module, _, attribute = target.partition(":")
        try:
            language = getattr(importlib.import_module(module.strip()), attribute.strip())
        except Exception:  # noqa: BLE001 — a third-party plugin may fail in any way
            continue
        if isinstance(language, Language):
            found.setdefault(language.name, language)
    return tuple(sorted(found.values(), key=lambda language: language.name))


def entry_points(group: str) -> Iterator[str]:
    """The ``module:attribute`` targets of the entry points in ``group`` of every distribution
    installed on ``sys.path``, first path first — read straight from each ``*.dist-info``
    (``*.egg-info``) folder's ``entry_points.txt``, the file ``importlib.metadata`` reads.  Not
    through ``importlib.metadata`` itself: its imports (email, zipfile, csv…) would double the
    start-up time of ``esodbg exec``."""
    for folder in sys.path:
        try:
            entries = list(os.scandir(folder or "."))
        except OSError:
            continue
        for entry in sorted(entries, key=lambda entry: entry.name):
            if entry.name.endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(entry.path, "entry_points.txt"), encoding="utf-8") as file:
                        text = file.read()
                except OSError:
                    continue
                section = None
                for line in text.splitlines():
                    line = line.strip()
                    if line.startswith("[") and line.endswith("]"):
                        section = line[1:-1].strip()
                    elif section == group and "=" in line and not line.startswith(("#", ";")):
                        yield line.partition("=")[2].strip()


def by_name(name: str) -> Language:
    """The language called ``name`` (any case); ``KeyError`` if there is none."""
    for language in languages():
        if language.name == name.lower():
            return language
    raise KeyError(name)


def for_file(path: str | PurePath) -> Language | None:
    """The language a file's extension names (any case), or ``None``."""
    suffix = PurePath(path).suffix.lower()
    return next((language for language in languages() if suffix in language.extensions), None)
