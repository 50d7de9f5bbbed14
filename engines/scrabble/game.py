"""Playing the game on the board (spec `scrabble.md`, rules 2–7): where each play's tiles land,
the words it forms, their order and scores, and every strict board and bag rule.

The parsers turn text into :class:`Written` plays; :class:`Game` puts them on the board one by
one and collects a :class:`~esodbg.engines.base.Diagnostic` for each broken rule, naming the
play, the square and the rule.  The board never depends on the program's execution, so the
whole game is played (and checked) when the program is parsed; the machine only replays it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..base import Diagnostic, Span
from .tiles import BAG, CENTRE, MULTIPLIERS, STRICT, VALUES, on_board, premium, square_name

# How a written square meets the board.
NEW = "new"  # a tile put down: the square must be empty
SKIP = "skip"  # `.`: goes through the tile there; over an empty square a gap (loose) or an error
THROUGH = "through"  # `(X)`: the square must already hold X
AUTO = "auto"  # a GCG letter: new if the square is empty, else the same letter played through

PLACE, WITHDRAW = "place", "withdraw"  # the machine's steps that are not words (Program.actions)

BINGO = 50  # rule 7: seven tiles in one play (strict only)
MAX_TILES = 7


@dataclass(frozen=True, slots=True)
class Item:
    """One written square: its ``mode``, ``letter`` (upper-case; ``None`` for ``.``), whether
    it is a ``blank``, and the 1-based source column of its character."""

    mode: str
    letter: str | None
    blank: bool
    col: int


@dataclass(frozen=True, slots=True)
class Written:
    """A play as written, before it meets the board: it starts at square (``y``, ``x``) and goes
    ``direction`` (``across``: x grows, ``down``: y grows) one square per item.  ``position``
    and ``tiles`` are the text as written; ``standard`` says it used board notation (``8H``),
    which must stay on the 15×15 board in either rule set."""

    line: int
    span: Span
    position: str
    direction: str
    tiles: str
    y: int
    x: int
    items: tuple[Item, ...]
    standard: bool


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile on the board: square (``y``, ``x``), its ``letter`` (upper-case; for a blank, the
    letter it stands for) and whether it is a ``blank`` (worth 0)."""

    y: int
    x: int
    letter: str
    blank: bool


@dataclass(frozen=True, slots=True)
class Word:
    """A word formed by a play (rule 3) and so a command (rule 9): its ``text`` (upper-case,
    blanks as the letters they stand for), ``score`` (rule 4), its ``squares`` as (y, x) in
    reading order, and the index of the ``play`` that formed it."""

    text: str
    score: int
    squares: tuple[tuple[int, int], ...]
    play: int


@dataclass(frozen=True, slots=True)
class Play:
    """A play as the game resolved it.  ``index`` is 0-based; ``line``/``span`` where it is
    written; ``position``, ``direction`` and ``tiles`` as written; ``placed`` the new tiles in
    the order written; ``through`` the squares it played through; ``words`` in execution order
    (rule 6); ``score`` the whole move (words + ``bingo`` bonus).  GCG records add the
    ``player``, the ``recorded`` score, the ``cumulative`` total after the move, and
    ``withdrawn`` for a phony taken back (its words never run)."""

    index: int
    line: int
    span: Span
    position: str
    direction: str
    tiles: str
    placed: tuple[Tile, ...]
    through: tuple[tuple[int, int], ...]
    words: tuple[Word, ...]
    score: int
    bingo: bool
    player: str | None = None
    recorded: int | None = None
    cumulative: int | None = None
    withdrawn: bool = False


class Game:
    """A board being played on under ``rules``; :meth:`play` and :meth:`withdraw` in game order.
    ``plays`` are the plays so far, ``errors`` the rules they broke."""

    def __init__(self, rules: str, filename: str) -> None:
        self.rules = rules
        self.strict = rules == STRICT
        self.filename = filename
        self.board: dict[tuple[int, int], Tile] = {}
        self.used: Counter[str] = Counter()  # tiles from the bag now on the board ("?" = blank)
        self.plays: list[Play] = []
        self.errors: list[Diagnostic] = []

    def _error(self, written: Written, col: int, square: tuple[int, int] | None, message: str) -> None:
        where = f"square {square_name(*square)}: " if square is not None else ""
        name = f"play {len(self.plays) + 1} ({written.position} {written.direction})"
        self.errors.append(Diagnostic(self.filename, written.line, col, f"{name}: {where}{message}"))

    def play(self, written: Written) -> Play:
        """Put ``written`` on the board (rules 2–7): the new tiles that can go down go down, the
        words are formed and scored; each broken rule adds an error."""
        before = len(self.errors)
        board = self.board
        dy, dx = (0, 1) if written.direction == "across" else (1, 0)
        placed: list[Tile] = []
        cols: list[int] = []
        through: list[tuple[int, int]] = []
        for i, item in enumerate(written.items):
            y, x = written.y + i * dy, written.x + i * dx
            if (self.strict or written.standard) and not on_board(y, x):
                rule = "strict: the 15×15 board" if self.strict else "board notation stays on the 15×15 board"
                self._error(written, item.col, (y, x), f"off the board ({rule})")
                continue
            tile = board.get((y, x))
            mode = item.mode
            if mode == AUTO:
                mode = NEW if tile is None else THROUGH
            if mode == NEW:
                if tile is not None:
                    self._error(written, item.col, (y, x), f"a tile placed on an occupied square (it holds {tile.letter})")
                else:
                    placed.append(Tile(y, x, item.letter, item.blank))
                    cols.append(item.col)
            elif tile is None:
                if mode == THROUGH:
                    self._error(written, item.col, (y, x), f"({item.letter}) marks a tile already on the board, "
                                                           "but the square is empty")
                elif self.strict:
                    self._error(written, item.col, (y, x), "'.' must stand on a tile already on the board "
                                                           "(strict: a play's tiles are contiguous)")
            elif item.letter is not None and tile.letter != item.letter:
                self._error(written, item.col, (y, x), f"the square holds {tile.letter}, the play says {item.letter}")
            else:
                through.append((y, x))
        if not placed and len(self.errors) == before:
            self._error(written, written.span.col, None, "an empty play: it puts down no tile")
        if self.strict:
            self._check_strict(written, placed, cols, through)
        for tile in placed:
            board[tile.y, tile.x] = tile
        words = self._words(placed, dy, dx, len(self.plays))
        bingo = self.strict and len(placed) == MAX_TILES
        play = Play(len(self.plays), written.line, written.span, written.position, written.direction, written.tiles,
                    tuple(placed), tuple(through), words, sum(w.score for w in words) + BINGO * bingo, bingo)
        self.plays.append(play)
        return play

    def _check_strict(self, written: Written, placed: list[Tile], cols: list[int],
                      through: list[tuple[int, int]]) -> None:
        """Rule 7's board and bag rules for a play about to go down (``placed`` not yet on the
        board)."""
        if not placed:
            return
        board, first = self.board, placed[0]
        if len(placed) > MAX_TILES:
            extra = placed[MAX_TILES]
            self._error(written, cols[MAX_TILES], (extra.y, extra.x),
                        f"{len(placed)} tiles: a play puts down at most {MAX_TILES} (strict: at most 7 tiles)")
        if not board:
            if not any((t.y, t.x) == CENTRE for t in placed):
                self._error(written, cols[0], (first.y, first.x),
                            "the first play must cover the centre square H8 (strict: first play)")
            elif len(placed) == 1:
                self._error(written, cols[0], (first.y, first.x),
                            "forms no word: a play must form a word of two letters or more (strict: first play)")
        elif not through and not any((t.y + dy, t.x + dx) in board for t in placed
                                     for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1))):
            self._error(written, cols[0], (first.y, first.x),
                        "touches no tile already on the board (strict: every play after the first is connected)")
        for tile, col in zip(placed, cols):
            kind = "?" if tile.blank else tile.letter
            self.used[kind] += 1
            if self.used[kind] > BAG[kind]:
                what = "blank" if kind == "?" else kind
                self._error(written, col, (tile.y, tile.x),
                            f"{what} number {self.used[kind]}: the bag has only {BAG[kind]} (strict: one bag)")

    def withdraw(self, index: int) -> None:
        """Take play ``index``'s tiles back off the board and back out of the bag count (a GCG
        phony withdrawn, ``--``)."""
        for tile in self.plays[index].placed:
            if self.board.get((tile.y, tile.x)) is tile:
                del self.board[tile.y, tile.x]
                if self.strict:
                    self.used["?" if tile.blank else tile.letter] -= 1

    # ----- words (rules 3, 4, 6) --------------------------------------------------------------
    def _run(self, y: int, x: int, dy: int, dx: int) -> tuple[tuple[int, int], ...]:
        """The maximal run of tiles through (y, x) along (dy, dx), in reading order."""
        board = self.board
        while (y - dy, x - dx) in board:
            y, x = y - dy, x - dx
        run = []
        while (y, x) in board:
            run.append((y, x))
            y, x = y + dy, x + dx
        return tuple(run)

    def _words(self, placed: list[Tile], dy: int, dx: int, play: int) -> tuple[Word, ...]:
        """The words ``placed`` formed, in execution order (rule 6)."""
        if not placed:
            return ()
        new = {(t.y, t.x) for t in placed}
        if self.strict:  # the main word, then the cross-words in reading order of their first square
            main = self._run(placed[0].y, placed[0].x, dy, dx)
            cross = sorted(run for t in placed if len(run := self._run(t.y, t.x, dx, dy)) > 1)
            runs = ([main] if len(main) > 1 else []) + cross
        else:
            # Rule 6 (impl): the original keeps the words in a set keyed by their positions as
            # (x, y) pairs, found tile by tile, across then down; a real set, filled in that
            # order, iterates in the same order as the original's.
            keys = set()
            for t in placed:
                for run in (self._run(t.y, t.x, 0, 1), self._run(t.y, t.x, 1, 0)):
                    if len(run) > 1:
                        keys.add(tuple((x, y) for y, x in run))
            runs = [tuple((y, x) for x, y in key) for key in keys]
        return tuple(self._word(run, new, play) for run in runs)

    def _word(self, run: tuple[tuple[int, int], ...], new: set[tuple[int, int]], play: int) -> Word:
        """Rule 4: letter premiums under new tiles multiply those tiles, word premiums under new
        tiles multiply the sum."""
        total, factor = 0, 1
        board, rules = self.board, self.rules
        for y, x in run:
            tile = board[y, x]
            value = 0 if tile.blank else VALUES[tile.letter]
            if (y, x) in new:
                letter, word = MULTIPLIERS[premium(rules, y, x)]
                value *= letter
                factor *= word
            total += value
        return Word("".join(board[s].letter for s in run), total * factor, run, play)
