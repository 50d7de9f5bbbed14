"""Language engines and the language-neutral debugger core.  No UI imports here: ``esodbg exec``
imports only this package."""

from __future__ import annotations

import sys
from pathlib import Path

from .base import Language
from .fifteen import LANGUAGE as FIFTEEN
from .messiscript import LANGUAGE as MESSISCRIPT
from .ttg import LANGUAGE as TTG

# The languages' integers are unbounded; printing or reading one with more than 4300 digits must
# not fail on Python's default conversion limit.
sys.set_int_max_str_digits(0)

LANGUAGES: tuple[Language, ...] = (TTG, FIFTEEN, MESSISCRIPT)


def by_name(name: str) -> Language:
    """The language called ``name``; ``KeyError`` if there is none."""
    for language in LANGUAGES:
        if language.name == name:
            return language
    raise KeyError(name)


def for_file(path: str | Path) -> Language | None:
    """The language a file's extension names, or ``None``."""
    suffix = Path(path).suffix.lower()
    for language in LANGUAGES:
        if suffix in language.extensions:
            return language
    return None
