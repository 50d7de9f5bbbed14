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
from functools import cache
from pathlib import PurePath

from .installed import entry_points
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


def by_name(name: str) -> Language:
    """The language called ``name`` (any case); ``KeyError`` if there is none."""
    for language in languages():
        if language.name == name.lower():
            return language
    raise KeyError(name)


CLAIM_BYTES = 1 << 24  # how much of a file a content rule reads (more than any program esodbg loads)


def for_file(path: str | PurePath, content: bytes | None = None) -> Language | None:
    """The language a file's extension names (any case), or ``None``.  Where several languages
    list the extension (``.bf``: Befunge-93 and Brainfuck), one whose content rule for it
    (:attr:`Language.claims`) holds for the file wins, else the one that lists it without a
    rule; a file no language's rule claims, where each that lists its ending has a rule, is
    none's (``.fish``: a fish shell script is no ><> program).  ``content`` is the file's bytes; if not given, they are read from ``path`` when a rule
    needs them (a file that cannot be read satisfies no rule)."""
    suffix = PurePath(path).suffix.lower()
    found = [language for language in languages() if suffix in language.extensions]
    rules = [(language, rule) for language in found for ending, rule in language.claims if ending == suffix]
    if len(found) <= 1 and not rules:
        return found[0] if found else None
    if rules and content is None:
        try:
            with open(path, "rb") as file:
                content = file.read(CLAIM_BYTES)
        except (OSError, ValueError):
            pass
    if content is not None:
        for language, rule in rules:
            if rule(content):
                return language
    claiming = {language.name for language, _ in rules}
    if content is None and len(found) == 1:  # unreadable: the one language that lists the ending
        return found[0]
    # A file no rule claims: the language listing the ending without a rule; none if every one has
    # a rule (a .fish file that is a fish shell script is no ><> program).
    return next((language for language in found if language.name not in claiming), None)
