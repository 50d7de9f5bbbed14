"""Tree-sitter grammars for every esodbg language (import path ``esodbg.grammars``).

>>> from esodbg import grammars
>>> import tree_sitter
>>> parser = tree_sitter.Parser(grammars.language("stoned-go"))
>>> tree = parser.parse(b"+1 [ ] ? |")
>>> query = tree_sitter.Query(grammars.language("stoned-go"), grammars.highlights("stoned-go"))

The parsers are generated from ``grammars/<lang>/grammar.js`` (``src/parser.c`` is committed) and
compiled into one extension module, ``esodbg.grammars._binding``; see ``docs/grammars.md``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import tree_sitter

from . import _binding

# User-facing names, in the order of the issue.  ``stoned-go``'s C identifier is ``stoned_go``.
NAMES: tuple[str, ...] = ("fifteen", "messiscript", "ttg", "stoned-go", "scrabble", "gcg", "befunge", "hexagony",
                         "fish_esolang", "brainfuck", "labyrinth", "aheui", "piet")

_IDENTIFIERS = {name: name.replace("-", "_") for name in NAMES}
_IDENTIFIERS.update({ident: ident for ident in list(_IDENTIFIERS.values())})


class UnknownGrammar(ValueError, KeyError):
    """No grammar has this name (a ``ValueError`` and a ``KeyError``, so either can catch it)."""

    def __str__(self) -> str:
        return str(self.args[0])


def _identifier(name: str) -> str:
    try:
        return _IDENTIFIERS[name]
    except (KeyError, TypeError):
        raise UnknownGrammar(f"no tree-sitter grammar named {name!r}; known: {', '.join(NAMES)}") from None


def language(name: str) -> tree_sitter.Language:
    """The tree-sitter language called ``name`` (one of :data:`NAMES`; ``stoned_go`` works too)."""
    return _language(_identifier(name))


@cache
def _language(identifier: str) -> tree_sitter.Language:
    return tree_sitter.Language(getattr(_binding, identifier)())


def query_text(name: str, kind: str = "highlights") -> str:
    """The text of the grammar's ``queries/<kind>.scm`` (``highlights``, or ``locals`` where a
    grammar has one); ``FileNotFoundError`` if it has none."""
    path = resources.files(__package__).joinpath(_identifier(name), "queries", f"{kind}.scm")
    return path.read_text(encoding="utf-8")


def highlights(name: str) -> str:
    """The text of the grammar's ``queries/highlights.scm`` (Neovim/Helix capture names)."""
    return query_text(name, "highlights")
