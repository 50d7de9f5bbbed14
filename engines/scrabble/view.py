"""What a Scrabble state looks like (spec `scrabble.md`, "For the debugger").

The board: 15×15 in strict rules; in loose rules the bounding box of every square the game
uses (coordinates may be negative), at most :data:`WINDOW` squares a side around the next
step's square.  Tiles show their letter (a blank in lower case) and their value in small
digits; empty squares their premium.  The last play's tiles are ``changed``; the squares of the next word have the
role ``word``.  Panels: the machine's registers and next step, the stack (with the character
each cell prints), the execution list around the next word, and the plays (GCG: every event,
with the running totals).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from ..base import CellRef, Span, StepRecord, plural, read_pair
from ..view import Cell, Grid, Panel, Value, View
from .game import PLACE
from .machine import BOARD
from .tiles import BAG, CENTRE, COLUMNS, COMMANDS, PREMIUM_ROLES, SIZE, STRICT, VALUES, on_board, premium

if TYPE_CHECKING:
    from .game import Tile
    from .machine import ScrabbleMachine

WINDOW = 61  # a loose board shows at most this many rows and columns
STACK_SHOWN = 400  # stack cells shown at most, around the pointer
LIST_SHOWN = 12  # execution-list entries shown on each side of the next word
PLAYS_SHOWN = 60  # plays (or GCG events) shown on each side of the current one
GLYPHS = {"W": "TW", "w": "DW", "L": "TL", "l": "DL", ".": ""}  # a premium square's label
SMALL = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")  # a tile's value, as the small digits on a tile


_SQUARE = re.compile(r"\s*(?:([A-Oa-o])\s*(\d{1,2})|(\d{1,2})\s*([A-Oa-o]))\s*\Z")


def cell_name(at: CellRef) -> str:
    """A square as players write it: ``H8`` (column A–O, row 1–15) on the 15×15 board, and
    ``(x, y)`` off it (a loose program's squares, as its TILES plays write them)."""
    if on_board(at.row, at.col):
        return f"{COLUMNS[at.col]}{at.row + 1}"
    return f"({at.col}, {at.row})"


def read_cell(text: str, board: str) -> CellRef:
    """The square ``H8`` (either order, ``8H`` too; any case) or ``X,Y`` (``(x, y)``) of ``board``;
    ``ValueError`` otherwise."""
    match = _SQUARE.match(text)
    if match is not None:
        letter, row = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
        if 1 <= int(row) <= SIZE:
            return CellRef(board, int(row) - 1, COLUMNS.index(letter.upper()))
    pair = read_pair(text)
    if pair is None:
        raise ValueError(f"{text.strip()!r} is not a square: write it as H8 (column A–O, row 1–15) or, off the "
                         "15×15 board, as X,Y (x to the right, y downwards; A1 is 0,0)")
    return CellRef(board, pair[1], pair[0])


def char(value: int) -> str:
    """How a cell prints (PRINT), shown as a note; ``""`` if it is not printable."""
    if 0 <= value <= 0x10FFFF and chr(value).isprintable():
        return repr(chr(value))
    return {10: "'\\n'", 9: "'\\t'", 0: "'\\0'"}.get(value, "")


def tiles_on_board(machine: ScrabbleMachine) -> tuple[dict[tuple[int, int], Tile], int | None]:
    """The tiles on the board now, and the index of the last play put down (``None`` if it
    was withdrawn, or none was)."""
    program = machine.program
    board: dict[tuple[int, int], Tile] = {}
    last = None
    for kind, index in program.actions[:machine.acts]:
        placed = program.plays[index].placed
        if kind == PLACE:
            board.update(((t.y, t.x), t) for t in placed)
            last = index
        else:
            for t in placed:
                del board[t.y, t.x]
            last = None
    return board, last


def view(machine: ScrabbleMachine, last: StepRecord | None) -> View:
    """The presentation model of ``machine``'s state; ``last`` is the step that led to it."""
    program = machine.program
    tiles, last_play = tiles_on_board(machine)
    action = machine.next_action()
    word = None
    if action is None and machine.pc < machine.listed():
        word = program.words[machine.pc]
    at = machine.location()
    board = _board(program.rules, program.plays, tiles, program.plays[last_play] if last_play is not None else None, set(word.squares) if word else set(), (at.row, at.col),
                   program.dictionary if program.rules == STRICT else None)
    changed = {c.key for c in last.changes if c.store == "stack"} if last else set()
    span = None
    if action is not None:
        span = program.plays[action[1]].span
    elif word is not None:
        span = program.plays[word.play].span
    panels = [_registers(machine, action, word)]
    if program.gcg:
        panels.append(_rack(machine, tiles))
    panels += [_stack(machine, changed), _list(machine), _plays(machine, last_play)]
    return View(
        boards=(board,),
        panels=tuple(panels),
        location=at,
        span=span,
        next=_next(machine, action, word),
    )


def _board(rules: str, plays, tiles, last, word: set, focus: tuple[int, int], dictionary: str | None) -> Grid:
    """The board as drawn (look ``squares``): a tile's letter and its value in small digits
    (a blank's letter in lower case, worth nothing: no digits), an empty square its premium;
    strict: 15×15 with columns A–O and rows 1–15; loose: the squares the game uses, with x
    and y.  The tiles of ``last`` (the play just put down) are marked changed."""
    fresh = {(t.y, t.x) for t in last.placed} if last is not None else set()
    extent = "fixed"  # every square a play puts a tile on is drawn: a square off the grid never gets one
    if rules == STRICT:
        top, left, bottom, right = 0, 0, SIZE - 1, SIZE - 1
    else:
        squares = [(t.y, t.x) for play in plays for t in play.placed] or [CENTRE]
        box = top, bottom, left, right = (min(y for y, _ in squares), max(y for y, _ in squares),
                                          min(x for _, x in squares), max(x for _, x in squares))
        top, bottom = _clip(top, bottom, focus[0])
        left, right = _clip(left, right, focus[1])
        if (top, bottom, left, right) != box:
            extent = "window"
    rows = []
    for y in range(top, bottom + 1):
        row = []
        for x in range(left, right + 1):
            tile = tiles.get((y, x))
            if tile is None:
                code = premium(rules, y, x)
                role = "centre" if rules == STRICT and (y, x) == CENTRE else PREMIUM_ROLES[code]
                row.append(Cell("★" if role == "centre" else GLYPHS[code], role))
            else:
                role = "word" if (y, x) in word else "blank-tile" if tile.blank else "tile"
                if tile.blank:
                    row.append(Cell(tile.letter.lower(), role, "", (y, x) in fresh))
                else:
                    row.append(Cell(tile.letter, role, str(VALUES[tile.letter]).translate(SMALL), (y, x) in fresh))
        rows.append(tuple(row))
    if rules == STRICT:
        axes = (tuple(COLUMNS[:SIZE]), tuple(str(y + 1) for y in range(SIZE)))
        caption = ""
    else:
        axes = (tuple(str(x) for x in range(left, right + 1)), tuple(str(y) for y in range(top, bottom + 1)))
        caption = "x → y ↓"
    if last is not None:  # the play just put down, its score and a bingo's 50
        caption = " · ".join(filter(None, (caption, f"last play {last.position} {last.tiles} +{last.score}" +
                                           (" BINGO" if last.bingo else ""))))
    title = f"Board ({rules}{'' if dictionary is None else f' · dictionary {dictionary}'})"
    return Grid(BOARD, title, tuple(rows), row0=top, col0=left, look="squares", axes=axes, caption=caption,
                extent=extent)


def _clip(low: int, high: int, focus: int) -> tuple[int, int]:
    """``low``…``high`` cut to at most :data:`WINDOW` values, around ``focus`` if it must be."""
    if high - low < WINDOW:
        return low, high
    start = min(max(low, focus - WINDOW // 2), high - WINDOW + 1)
    return start, start + WINDOW - 1


def _describe(word) -> str:
    return f"{word.text} {word.score}"


def _next(machine: ScrabbleMachine, action, word) -> str:
    program = machine.program
    if action is not None:
        play = program.plays[action[1]]
        verb = "put down" if action[0] == PLACE else "take back (withdrawn)"
        return f"{verb} play {play.index + 1}, line {play.line}: {play.position} {play.direction} {play.tiles}"
    if word is None:
        return ""
    what = word.text if word.text in COMMANDS else "no command"
    if not machine.executes():
        return f"skip word {machine.pc}: {_describe(word)} (if-depth {machine.depth})"
    return f"word {machine.pc}: {_describe(word)} ({what})"


def _registers(machine: ScrabbleMachine, action, word) -> Panel:
    program = machine.program
    values = (
        Value("pointer", str(machine.pointer)),
        Value("if-depth", str(machine.depth), note="skipping" if machine.depth else ""),
        Value("next word", f"{machine.pc} of {machine.listed()}", note=_describe(word) if word else ""),
        Value("plays down", f"{sum(1 for kind, _ in program.actions[:machine.acts] if kind == PLACE)} of "
                            f"{len(program.plays)}", note=f"{plural(machine.steps - machine.acts, 'word', ',')} run"),
    )
    return Panel("registers", "Machine", values)


def _stack(machine: ScrabbleMachine, changed: set) -> Panel:
    stack, pointer = machine.stack, machine.pointer
    start = max(0, min(pointer - STACK_SHOWN // 2, len(stack) - STACK_SHOWN))
    cells = tuple(
        Value(f"{'▶' if i == pointer else ' '}{i}", str(stack[i]), i in changed, i == pointer, char(stack[i]))
        for i in range(start, min(len(stack), start + STACK_SHOWN))
    )
    shown = "" if len(stack) <= STACK_SHOWN else f" · showing {start}–{start + len(cells) - 1}"
    return Panel("stack", f"Stack · {len(stack):,} cell{'s' if len(stack) > 1 else ''}{shown}", cells)


def _skipped(machine: ScrabbleMachine, start: int, stop: int) -> set[int]:
    """The words in ``start``…``stop`` (from the next one) that rule 10 will skip: while the
    if-depth is above 0 only IF and ENDIF count, so which words are skipped is known ahead."""
    words, depth, skipped = machine.program.words, machine.depth, set()
    for i in range(machine.pc, stop):
        if not depth:
            break
        if i >= start:
            skipped.add(i)
        text = words[i].text
        depth += text == "IF"
        depth -= text == "ENDIF"
    return skipped


def _list(machine: ScrabbleMachine) -> Panel:
    """The execution list around the next word: each word, its score and command (``no-op``
    for a word that is no command); the words the if-depth will skip say so (rule 10)."""
    program = machine.program
    words, pc, size = program.words, machine.pc, machine.listed()
    start, stop = max(0, pc - LIST_SHOWN), min(size, pc + LIST_SHOWN + 1)
    skipped = _skipped(machine, start, stop)
    values = []
    for i in range(start, stop):
        word = words[i]
        what = word.text if word.text in COMMANDS else "no-op"
        values.append(Value(f"{'▶' if i == pc else ' '}{i}", _describe(word), current=i == pc,
                            note=f"{what} · skipped" if i in skipped else what, span=program.plays[word.play].span))
    return Panel("list", f"Execution list · {size:,} word{'s' if size != 1 else ''}",
                 tuple(values) or (Value("—", "no word yet"),), listing=True)


@lru_cache(maxsize=2)
def _lines(source: str) -> list[str]:
    """``source``'s lines, split once per program (not once per row shown)."""
    return source.split("\n")


def _line_span(source: str, line: int) -> Span:
    """The whole of 1-based ``line`` of ``source``."""
    text = _lines(source)[line - 1] if line >= 1 else ""
    return Span(line, 1, line, len(text.rstrip("\r")) + 1)


def _plays(machine: ScrabbleMachine, last_play: int | None) -> Panel:
    """The plays in order (GCG: every event, with the running totals), the last one put down
    current; each stands for its line of the file.  Only the rows shown are built: a big
    program has hundreds of thousands."""
    program = machine.program
    if program.gcg:
        events = program.events
        centre = next((i for i, e in enumerate(events) if e.kind == "play" and e.play == last_play), 0)
        rows = []
        for event in events[max(0, centre - PLAYS_SHOWN):centre + PLAYS_SHOWN + 1]:
            play = program.plays[event.play] if event.play is not None else None
            note = ", ".join(map(_describe, play.words)) + (" · bingo" if play.bingo else "") if play and \
                event.kind == "play" else event.kind
            current = event.kind == "play" and event.play == last_play
            rows.append(Value(f"{event.line}: {event.player} {event.move}", f"{event.score:+d} → {event.cumulative}",
                              current=current, note=note, span=_line_span(program.source, event.line)))
    else:
        done = {index for _, index in program.actions[:machine.acts]}
        centre = last_play or 0
        rows = []
        for play in program.plays[max(0, centre - PLAYS_SHOWN):centre + PLAYS_SHOWN + 1]:
            words = ", ".join(map(_describe, play.words)) or "no word"
            rows.append(Value(f"{play.line}: {play.position} {play.direction} {play.tiles}",
                              f"{words} = {play.score}", current=play.index == last_play,
                              note=("bingo · " if play.bingo else "") + ("" if play.index in done else "to come"),
                              span=play.span))
    return Panel("plays", "Plays" if not program.gcg else "Game record", tuple(rows) or (Value("—", "no play"),),
                 grow=True, listing=True)


def _rack(machine: ScrabbleMachine, tiles: dict) -> Panel:
    """GCG: the rack recorded with the next move (before it is played) and the tiles its
    player has not seen: the bag's 100 less the board's and the rack's."""
    coming = _next_play(machine)
    event = next((e for e in machine.program.events if e.kind == "play" and e.play == coming), None)
    if event is None or coming is None:
        return Panel("rack", "Rack and unseen tiles", (Value("—", "the game is over"),))
    unseen = dict(BAG)
    for tile in tiles.values():
        unseen["?" if tile.blank else tile.letter] -= 1
    for letter in event.rack.upper():
        if letter in unseen:
            unseen[letter] -= 1
    left = "".join(letter * count for letter, count in unseen.items() if count > 0)
    return Panel("rack", f"Rack of {event.player} before {event.move} (line {event.line})", (
        Value("rack", event.rack or "—"),
        Value("unseen", f"{len(left)}", note=left),
    ))


def _next_play(machine: ScrabbleMachine) -> int | None:
    """The index of the next play to be put down, or ``None`` when none is left."""
    for kind, index in machine.program.actions[machine.acts:]:
        if kind == PLACE:
            return index
    return None
