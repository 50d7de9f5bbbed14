"""A parsed Scrabble program, and :func:`parse`, the one entry point for both formats.

Parsing does everything that does not depend on running: it reads the text, plays the whole
game on the board, scores every word, checks every strict rule (board and bag, then the words
against the dictionary) and, for GCG, every recorded score and total.  So ``esodbg check``
reports every problem, and a program that parses can only fail at run time in the stack
machine (rules 9–10).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Mapping

from ..base import Diagnostic, ParseError
from .dictionary import ENABLE, check_words, load
from .game import PLACE, Game, Play, Word
from .gcg import Event, read_gcg
from .text import read_text_program
from .tiles import LOOSE, STRICT

NO_DICTIONARY = "none"


@dataclass(frozen=True)
class Program:
    """A Scrabble program ready to run.

    ``rules`` is ``loose`` or ``strict``; ``plays`` every play in game order (GCG: every tile
    placement, withdrawn phonies included); ``words`` the execution list (rule 8): the words of
    every play that is not withdrawn, in play order and, within a play, in rule 6's order;
    ``actions`` the machine's steps that are not words — ``("place", k)`` puts play ``k`` down,
    ``("withdraw", k)`` takes it back (GCG ``--``).  ``dictionary`` names the word list that
    checked the words (``none``: no check).  GCG records add ``events`` (every ``>`` line)
    and ``players`` (``(nickname, full name)`` from ``#playerN``).  ``source`` has its line
    breaks as LF.
    """

    source: str
    filename: str
    rules: str
    plays: tuple[Play, ...]
    words: tuple[Word, ...]
    actions: tuple[tuple[str, int], ...]
    dictionary: str = NO_DICTIONARY
    events: tuple[Event, ...] = ()
    players: tuple[tuple[str, str], ...] = ()
    warnings: tuple[Diagnostic, ...] = ()

    @property
    def gcg(self) -> bool:
        """True for a GCG game record."""
        return is_gcg(self.filename)


def is_gcg(filename: str) -> bool:
    return PurePath(filename).suffix.lower() == ".gcg"


def parse(text: str, filename: str, options: Mapping[str, Any] | None = None) -> Program:
    """Parse a ``.scrabble`` program or a ``.gcg`` game record (by ``filename``'s extension).

    ``options``: ``rules`` — ``"loose"``, ``"strict"`` or ``None`` (the file's ``#rules``
    pragma, else loose; a ``.gcg`` is always strict); ``dictionary`` — a word list file path,
    ``"enable"`` (the ENABLE list), ``"none"`` (no word check) or ``None`` (the default: a
    strict ``.scrabble`` is checked against ENABLE, a ``.gcg`` is not checked).  Loose rules never check words.

    Raises :class:`~esodbg.engines.base.ParseError` with every syntax error and broken rule
    (line and column each), and nothing else.
    """
    options = options or {}
    rules_option, dictionary = options.get("rules"), options.get("dictionary")
    if rules_option not in (None, LOOSE, STRICT):
        raise ParseError([Diagnostic(filename, 1, 1, f"unknown rule set {rules_option!r}: loose or strict")])
    text = text.removeprefix("\ufeff")
    source = text.replace("\r\n", "\n").replace("\r", "\n")
    warnings: list[Diagnostic] = []
    if is_gcg(filename):
        if rules_option == LOOSE:
            warnings.append(Diagnostic(filename, 1, 1, "a GCG record always runs in strict rules", "warning"))
        record = read_gcg(text, filename)
        rules, plays, actions, errors = STRICT, record.plays, record.actions, record.errors
        events, players = tuple(record.events), tuple(record.players)
        warnings += record.warnings
        dictionary = dictionary or NO_DICTIONARY
    else:
        pragma, written, errors = read_text_program(text, filename)
        rules = rules_option or pragma or LOOSE
        game = Game(rules, filename)
        for play in written:
            game.play(play)
        plays, errors, events, players = game.plays, errors + game.errors, (), ()
        actions = [(PLACE, play.index) for play in plays]
        dictionary = dictionary or (ENABLE if rules == STRICT else NO_DICTIONARY)
    if rules == LOOSE and dictionary != NO_DICTIONARY:
        if options.get("dictionary") not in (None, NO_DICTIONARY):
            warnings.append(Diagnostic(filename, 1, 1, "loose rules do not check words: the dictionary is not used",
                                       "warning"))
        dictionary = NO_DICTIONARY
    if dictionary != NO_DICTIONARY:
        words, dictionary = load(dictionary, filename)
        errors = errors + check_words((p for p in plays if not p.withdrawn), words, dictionary, filename)
    if errors:
        raise ParseError(sorted(errors, key=lambda d: (d.line, d.col)))
    if not plays:  # valid, but worth saying: `check` would otherwise say only "ok"
        what = "the record has no moves" if is_gcg(filename) else "the program has no plays"
        warnings.append(Diagnostic(filename, 1, 1, f"{what}: it is empty and runs no word", "warning"))
    return Program(
        source=source, filename=filename, rules=rules, plays=tuple(plays),
        words=tuple(word for play in plays if not play.withdrawn for word in play.words),
        actions=tuple(actions), dictionary=dictionary, events=events, players=players, warnings=tuple(warnings),
    )
