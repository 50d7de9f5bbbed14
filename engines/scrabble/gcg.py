"""Read GCG game records (spec `gcg.md`, as found in real files) and replay them in strict rules.

* :func:`decode_gcg` turns the file's bytes into text: a first-line ``#character-encoding``
  names the encoding (any Python knows); without one (or if the bytes do not decode in it),
  UTF-8 if the bytes are valid UTF-8, else ISO-8859-1 (the spec's default).  A UTF-8 BOM is
  dropped.  It never fails.
* :func:`read_gcg` reads the events (``>nick: …``): tile placements are plays; exchanges,
  passes, withdrawn phonies (``--``, which take the last play's tiles back off the board),
  challenge bonuses, end-of-game rack adjustments and time penalties are kept and checked but
  do not execute.  Each placement's recorded score must equal the strict score, and each
  cumulative total the player's running total.  Tokens after the cumulative total (Quackle's
  cross-words) are kept and ignored.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, replace

from ..base import Diagnostic, Span
from .game import AUTO, PLACE, WITHDRAW, Game, Play, Written
from .text import ACROSS_POS, DOWN_POS, TOKEN, LineError, lines_of, word_items
from .tiles import SIZE, STRICT

ENCODING = re.compile(rb"#character-encoding\s+(\S+)")
POINTS = re.compile(r"[+-]\d+")
TOTAL = re.compile(r"[+-]?\d+")
EXCHANGE = re.compile(r"-(?:[A-Za-z?]+|\d+)")
END_RACK = re.compile(r"\(\S*\)")
PLAYER = re.compile(r"#player\d+\s+(\S+)")


def decode_gcg(data: bytes) -> str:
    """The text of a GCG file's bytes (see the module docstring for the rules)."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    first = re.split(rb"[\r\n]", data, maxsplit=1)[0].strip()
    declared = ENCODING.match(first)
    if declared:
        try:
            return data.decode(declared.group(1).decode("ascii"))
        except (LookupError, UnicodeError):
            pass  # unknown or wrong: decode as if undeclared
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def encode_gcg(text: str) -> bytes:
    """The bytes of a GCG record whose text is ``text``: in the encoding its first line
    declares (``#character-encoding``), when Python knows it, else UTF-8, so that
    :func:`decode_gcg` reads back the same text.  ``UnicodeEncodeError`` if the declared
    encoding cannot hold a character."""
    declared = ENCODING.match(re.split(r"[\r\n]", text, maxsplit=1)[0].strip().encode("utf-8"))
    try:
        codec = codecs.lookup(declared.group(1).decode("ascii")).name if declared else "utf-8"
    except (LookupError, UnicodeDecodeError):
        codec = "utf-8"  # unknown: decode_gcg reads the record as undeclared, UTF-8 first
    return text.encode(codec)


@dataclass(frozen=True, slots=True)
class Event:
    """One ``>nick: …`` line.  ``kind`` is ``play``, ``exchange``, ``pass``, ``withdrawn``,
    ``challenge``, ``end`` (an end-of-game rack bonus or penalty) or ``time``; ``rack`` as
    written (may be empty); ``move`` the move's text as written (``8D WINDY``, ``-WINNR``,
    ``(OPEG)``…); ``score`` and ``cumulative`` as recorded; ``play`` the index of the play a
    ``play`` or ``withdrawn`` event is about; ``trailing`` the tokens after the total."""

    line: int
    kind: str
    player: str
    rack: str
    move: str
    score: int
    cumulative: int
    play: int | None = None
    trailing: tuple[str, ...] = ()
    columns: tuple[int, int] = (1, 1)  # where the points and the total are written (diagnostics)


@dataclass(slots=True)
class GcgGame:
    """What :func:`read_gcg` found: events, plays, the machine's steps, players, problems."""

    events: list[Event]
    plays: list[Play]
    actions: list[tuple[str, int]]
    players: list[tuple[str, str]]
    errors: list[Diagnostic]
    warnings: list[Diagnostic]


def read_gcg(text: str, filename: str) -> GcgGame:
    """Read and replay a GCG record (strict rules).  Every malformed line and every broken
    rule is an error with its line and column; reading goes on after one."""
    game = Game(STRICT, filename)
    result = GcgGame([], game.plays, [], [], game.errors, [])
    lines = lines_of(text)
    for number, line in enumerate(lines, 1):
        body = line.lstrip()
        indent = len(line) - len(body)
        if body.startswith("#character-encoding") and number > 1:
            result.warnings.append(Diagnostic(filename, number, indent + 1, "#character-encoding belongs on the first "
                                              "line; the file was decoded without it", "warning"))
        elif player := PLAYER.match(body):
            result.players.append((player.group(1), body[player.end():].strip()))
        elif body.startswith(">"):
            try:
                _event(result, game, number, line, indent)
            except LineError as bad:
                game.errors.append(Diagnostic(filename, number, bad.col, bad.message))
    _check_totals(result, filename)
    return result


def _event(result: GcgGame, game: Game, number: int, line: str, indent: int) -> None:
    colon = line.find(":", indent)
    if colon < 0:
        raise LineError(indent + 1, "expected '>nickname:' at the start of an event")
    nick = line[indent + 1:colon].strip()
    tokens = [(m.group(), m.start() + 1) for m in TOKEN.finditer(line, colon + 1)]
    at = next((i for i in range(len(tokens) - 2, -1, -1)
               if POINTS.fullmatch(tokens[i][0]) and TOTAL.fullmatch(tokens[i + 1][0])), None)
    if at is None:
        raise LineError(len(line) + 1, "expected the move's points (+N or -N) and the cumulative total")
    move, (points, points_col), (total, total_col) = tokens[:at], tokens[at], tokens[at + 1]
    if not move:
        raise LineError(tokens[at][1], "expected a move before the points")
    last, last_col = move[-1]
    if last in ("(challenge)", "(time)", "--", "-") or EXCHANGE.fullmatch(last) or END_RACK.fullmatch(last):
        kind = {"(challenge)": "challenge", "(time)": "time", "--": "withdrawn", "-": "pass"}.get(last)
        kind = kind or ("exchange" if last.startswith("-") else "end")
        rack = move[:-1]
    else:
        if len(move) < 2:
            raise LineError(last_col, "expected a position and a word (or -, --, -TILES, (challenge), (time), (RACK))")
        kind, rack = "play", move[:-2]
    if len(rack) > 1:
        raise LineError(rack[1][1], f"unexpected {rack[1][0]!r}: the rack is one token")
    event = Event(number, kind, nick, rack[0][0] if rack else "", " ".join(t for t, _ in move[len(rack):]),
                  int(points), int(total), trailing=tuple(t for t, _ in tokens[at + 2:]),
                  columns=(points_col, total_col))
    if kind == "play":
        event = _placement(result, game, event, move[-2], move[-1])
    elif kind == "withdrawn":
        event = _withdrawal(result, game, event, last_col)
    result.events.append(event)


def _placement(result: GcgGame, game: Game, event: Event, pos: tuple[str, int], word: tuple[str, int]) -> Event:
    (text, col), (tiles, wcol) = pos, word
    across, down = ACROSS_POS.fullmatch(text), DOWN_POS.fullmatch(text)
    if not (across or down):
        raise LineError(col, f"bad position {text!r}: 8D (row, column) is across, D8 down")
    letter, row = (across.group(2), across.group(1)) if across else (down.group(1), down.group(2))
    x, y = ord(letter.upper()) - ord("A"), int(row) - 1
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        raise LineError(col, f"position {text} is off the board: columns A-O, rows 1-15")
    items = tuple(word_items(tiles, wcol, AUTO))
    span = Span(event.line, col, event.line, wcol + len(tiles))
    play = game.play(Written(event.line, span, text, "across" if across else "down", tiles, y, x, items, True))
    game.plays[play.index] = replace(play, player=event.player, recorded=event.score, cumulative=event.cumulative)
    if play.score != event.score:
        words = ", ".join(f"{w.text} {w.score}" for w in play.words) + (" + 50 bingo" if play.bingo else "")
        game.errors.append(Diagnostic(game.filename, event.line, event.columns[0],
                                      f"play {play.index + 1} ({text} {tiles}): recorded +{event.score}, "
                                      f"but it scores {play.score} ({words or 'no word'})"))
    result.actions.append((PLACE, play.index))
    return replace(event, play=play.index)


def _withdrawal(result: GcgGame, game: Game, event: Event, col: int) -> Event:
    last = next((e for e in reversed(result.events) if e.kind in ("play", "withdrawn")), None)
    if last is None or last.kind != "play" or last.player != event.player:
        raise LineError(col, f"'--' withdraws {event.player}'s last play, but the last play is not theirs or is already "
                        "withdrawn")
    game.withdraw(last.play)
    game.plays[last.play] = replace(game.plays[last.play], withdrawn=True)
    result.actions.append((WITHDRAW, last.play))
    return replace(event, play=last.play)


def _check_totals(result: GcgGame, filename: str) -> None:
    """Each event's cumulative total equals the player's running total.  Old Quackle files
    record a withdrawal as ``+0`` while the total still goes back by the phony's score.  A
    nickname two players share is not checked (its events cannot be told apart)."""
    nicks = [nick for nick, _ in result.players]
    shared = {nick for nick in nicks if nicks.count(nick) > 1}
    totals: dict[str, int] = {}
    for event in result.events:
        if event.player in shared:
            continue
        score = event.score
        if event.kind == "withdrawn" and score == 0:
            score = -result.plays[event.play].recorded
        total = totals.get(event.player, 0) + score
        if total != event.cumulative:
            result.errors.append(Diagnostic(filename, event.line, event.columns[1],
                                            f"{event.player}'s cumulative total is recorded as {event.cumulative}, "
                                            f"but the events add up to {total}"))
            total = event.cumulative  # one wrong total is one error, not one per later event
        totals[event.player] = total
