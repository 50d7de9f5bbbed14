"""What a Scrabble state looks like (spec `scrabble.md`, "For the debugger").

The board: 15×15 in strict rules; in loose rules the bounding box of every square the game
uses (coordinates may be negative), at most :data:`WINDOW` squares a side around the next
step's square.  Tiles show their letter (a blank in lower case) over their value; empty squares
their premium.  The last play's tiles are ``changed``; the squares of the next word have the
role ``word``.  Panels: the machine's registers and next step, the stack (with the character
each cell prints), the execution list around the next word, and the plays (GCG: every event,
with the running totals).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import StepRecord
from ..view import Cell, Grid, Panel, Value, View
from .game import PLACE
from .machine import BOARD
from .tiles import CENTRE, COMMANDS, PREMIUM_ROLES, SIZE, STRICT, VALUES, premium

if TYPE_CHECKING:
    from .game import Tile
    from .machine import ScrabbleMachine

WINDOW = 61  # a loose board shows at most this many rows and columns
STACK_SHOWN = 400  # stack cells shown at most, around the pointer
LIST_SHOWN = 12  # execution-list entries shown on each side of the next word
PLAYS_SHOWN = 60  # plays (or GCG events) shown on each side of the current one
GLYPHS = {"W": "3W", "w": "2W", "L": "3L", "l": "2L", ".": ""}


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
    fresh = {(t.y, t.x) for t in program.plays[last_play].placed} if last_play is not None else set()
    board = _board(program.rules, program.plays, tiles, fresh, set(word.squares) if word else set(), (at.row, at.col))
    changed = {c.key for c in last.changes if c.store == "stack"} if last else set()
    span = None
    if action is not None:
        span = program.plays[action[1]].span
    elif word is not None:
        span = program.plays[word.play].span
    return View(
        boards=(board,),
        panels=(_registers(machine, action, word), _stack(machine, changed), _list(machine), _plays(machine, last_play)),
        location=at,
        span=span,
        next=_next(machine, action, word),
    )


def _board(rules: str, plays, tiles, fresh: set, word: set, focus: tuple[int, int]) -> Grid:
    if rules == STRICT:
        top, left, bottom, right = 0, 0, SIZE - 1, SIZE - 1
    else:
        squares = [(t.y, t.x) for play in plays for t in play.placed] or [CENTRE]
        top, bottom = min(y for y, _ in squares), max(y for y, _ in squares)
        left, right = min(x for _, x in squares), max(x for _, x in squares)
        top, bottom = _clip(top, bottom, focus[0])
        left, right = _clip(left, right, focus[1])
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
                glyph = tile.letter.lower() if tile.blank else tile.letter
                row.append(Cell(glyph, role, str(0 if tile.blank else VALUES[tile.letter]), (y, x) in fresh))
        rows.append(tuple(row))
    title = "Board (strict)" if rules == STRICT else "Board (loose: x right, y down)"
    return Grid(BOARD, title, tuple(rows), row0=top, col0=left)


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
        Value("words run", f"{machine.steps - machine.acts:,}"),
        Value("plays down", f"{sum(1 for kind, _ in program.actions[:machine.acts] if kind == PLACE)} of "
                            f"{len(program.plays)}"),
        Value("rules", program.rules, note=f"dictionary {program.dictionary}" if program.rules == STRICT else ""),
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
    return Panel("stack", f"Stack · {len(stack):,} cell{'s' if len(stack) > 1 else ''}{shown}", cells, grow=True)


def _list(machine: ScrabbleMachine) -> Panel:
    words, pc, size = machine.program.words, machine.pc, machine.listed()
    values = tuple(
        Value(f"{'▶' if i == pc else ' '}{i}", _describe(words[i]), current=i == pc,
              note=words[i].text if words[i].text in COMMANDS else "no-op")
        for i in range(max(0, pc - LIST_SHOWN), min(size, pc + LIST_SHOWN + 1))
    )
    return Panel("list", f"Execution list · {size:,} word{'s' if size != 1 else ''}",
                 values or (Value("—", "no word yet"),))


def _plays(machine: ScrabbleMachine, last_play: int | None) -> Panel:
    program = machine.program
    done = {index for _, index in program.actions[:machine.acts]}
    if program.gcg:
        rows = []
        for event in program.events:
            play = program.plays[event.play] if event.play is not None else None
            note = ", ".join(map(_describe, play.words)) + (" · bingo" if play.bingo else "") if play and \
                event.kind == "play" else event.kind
            current = event.kind == "play" and event.play == last_play
            rows.append(Value(f"{event.line}: {event.player} {event.move}", f"{event.score:+d} → {event.cumulative}",
                              current=current, note=note))
        centre = next((i for i, v in enumerate(rows) if v.current), 0)
    else:
        rows = []
        for play in program.plays:
            words = ", ".join(map(_describe, play.words)) or "no word"
            rows.append(Value(f"{play.line}: {play.position} {play.direction} {play.tiles}",
                              f"{words} = {play.score}", current=play.index == last_play,
                              note=("bingo · " if play.bingo else "") + ("" if play.index in done else "to come")))
        centre = last_play or 0
    shown = rows[max(0, centre - PLAYS_SHOWN):centre + PLAYS_SHOWN + 1]
    return Panel("plays", "Plays" if not program.gcg else "Game record", tuple(shown) or (Value("—", "no play"),))
