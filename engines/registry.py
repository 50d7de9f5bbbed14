"""The languages esodbg knows, found through the entry-point group ``esodbg.languages``.

Every installed package can add a language by registering its
:class:`~esodbg.engines.language.Language` object there (pyproject.toml:
``[project.entry-points."esodbg.languages"] name = "package.module:LANGUAGE"``); esodbg's own
languages are registered the same way.  Loading an entry point imports only the package that
defines the object, which is light: a language's implementation is imported when a program of
it is parsed (:attr:`Language.impl`).
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from pathlib import PurePath

from .language import Language

GROUP = "esodbg.languages"


@cache
def languages() -> tuple[Language, ...]:
    """Every registered language, by name.  An entry point that fails to load, or that is not a
    :class:`Language`, is skipped (one broken plugin must not take the others down)."""
    found = {}
    for point in entry_points(group=GROUP):
        try:
            language = point.load()
        except Exception:  # noqa: BLE001 — a third-party plugin may fail in any way
            continue
        if isinstance(language, Language):
            found.setdefault(language.name, language)
    return tuple(sorted(found.values(), key=lambda language: language.name))


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
