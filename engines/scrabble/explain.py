"""What a Scrabble program's text means, for an editor (spec `scrabble.md`, rules 3–10): the
words a play forms, each with its score and the command it runs, and a GCG record's moves as an
outline."""

from __future__ import annotations

from ..base import plural
from ..language import Symbol
from .game import Play
from .program import Program

# Rule 10's table, in words (n: the word's score; cell: the stack cell at the pointer).
COMMANDS = {
    "NEXT": "moves the pointer one cell on (a new cell of 0 at the end)",
    "PREV": "moves the pointer one cell back (at the first cell: a runtime error)",
    "SET": "`cell = {n}`", "REMOVE": "`cell = 0`", "ADD": "`cell += {n}`", "MINUS": "`cell -= {n}`",
    "TIMES": "`cell *= {n}`", "DIVIDE": "`cell //= {n}`", "MODULO": "`cell %= {n}`",
    "PRINT": "writes every cell as a character, then a newline",
    "REPEAT": "runs the {back} words before it again, then itself",
    "IF": "if the cell is 0, skips the words up to its ENDIF", "ENDIF": "ends an IF's skipping",
}


def word(text: str, score: int) -> str:
    """What a word of the execution list does (rule 9: any other word does nothing)."""
    effect = COMMANDS.get(text)
    if effect is None:
        return f"**{text}** scores {score}: not a command, it does nothing (it still counts for REPEAT)"
    if text in ("DIVIDE", "MODULO") and score == 0:
        effect += " — by 0: a runtime error"
    return f"**{text}** scores {score}: {effect.format(n=score, back=score - 1)}"


def _play_at(program: Program, line: int, col: int) -> Play | None:
    """The play written on ``line``: a GCG move's whole line, a text program's play up to its
    comment."""
    return next((play for play in program.plays if play.line == line
                 and (program.gcg or play.span.col <= col < play.span.end_col)), None)


def hover(program: Program, line: int, col: int) -> str | None:
    """The play written at ``line``:``col`` (1-based, characters): the words it forms, in the
    order they run, with their scores and commands."""
    play = _play_at(program, line, col)
    if play is None:
        return None
    who = f"{play.player} · " if play.player else ""
    head = f"**play {play.index + 1}** · {who}{play.tiles} at {play.position} {play.direction}".rstrip()
    if not play.words:
        return f"{head}\n\nIt forms no word."
    words = "\n".join(f"- {word(w.text, w.score)}" for w in play.words)
    score = f" · {plural(play.score, 'point')}" + (" with the bingo bonus" if play.bingo else "")
    if play.withdrawn:
        return f"{head}{score}\n\nWithdrawn (a phony taken back): its words never run.\n\n{words}"
    return f"{head}{score}\n\nIts words run in this order (rule 6):\n\n{words}"


def symbols(program: Program) -> tuple[Symbol, ...]:
    """A GCG record's moves, each with its player and score (a text program's plays are its
    lines: no outline)."""
    if not program.gcg:
        return ()
    return tuple(Symbol(f"{play.index + 1}. {play.player or ''} {play.tiles}".replace("  ", " "), "event", play.span,
                        plural(play.score, "point") + (" · withdrawn" if play.withdrawn else ""))
                 for play in program.plays)
