"""What a MessiScript program's text means, for an editor (spec `messiscript.md`, rules 3–9): a
command's effect, the value a ``va messi`` makes and the words that count, and the loops as an
outline.  Prose between commands is no code: it gets no hover."""

from __future__ import annotations

from ..base import Span
from ..language import Symbol
from .parser import ADD_WORDS, ADJECTIVE, LOOP, NOUN, Command, Program

# Rule 3's table, in words (``cell``: the tape cell at the position; ``clip``: the clipboard).
EFFECTS = {
    "la mueve messi por la derecha": "moves one cell right (a new cell of 0 at the end of the tape)",
    "la mueve messi por la izquierda": "moves one cell left (nothing at the first cell)",
    "la pisa messi": "writes the character whose code is the cell",
    "juega messi": "writes the cell as a decimal number",
    "gambetea messi": "reads a line: if it is one character, the cell becomes its code",
    "siempre messi": "reads a line: if it is an integer, the cell becomes it (else a message is written)",
    "encara messi": "sets the cell to 0", "ankara messi": "sets the cell to 0",
    "¡gol!": "the end of the program", "la agarra messi": "the start of the program",
    "vuelve messi": "closes the loop its `sigue messi` opened",
    "corre messi": "copies the cell to the clipboard: `clip = cell`",
    "amaga messi": "copies the clipboard to the cell: `cell = clip`",
    "suma messi": "`cell += clip`", "resta messi": "`cell -= clip`", "multiplica messi": "`cell *= clip`",
    "divide messi": "`cell //= clip` (by 0: a message, the cell unchanged)",
    "empata messi": "`cell = 1 if cell == clip else 0`", "desempata messi": "`cell = 1 if cell != clip else 0`",
    "es mayor o igual messi": "`cell = 1 if cell >= clip else 0`",
    "es menor o igual messi": "`cell = 1 if cell <= clip else 0`",
    "es mayor messi": "`cell = 1 if cell > clip else 0`", "es menor messi": "`cell = 1 if cell < clip else 0`",
}
WORD_EFFECTS = {NOUN: ("a noun", "+1"), ADJECTIVE: ("an adjective", "×2")}


def _inside(span: Span, line: int, col: int) -> bool:
    return (span.line, span.col) <= (line, col) < (span.end_line, span.end_col)


def _command_at(program: Program, line: int, col: int) -> Command | None:
    return next((command for command in program.commands if _inside(command.span, line, col)), None)


def adding(command: Command, start: int = 0) -> tuple[int, list[str]]:
    """What a ``va messi`` makes of a cell holding ``start``, and a line for each word that counts."""
    value, rows = start, []
    for word in command.words:
        if word.kind in WORD_EFFECTS:
            value = value + 1 if word.kind == NOUN else 2 * value
            rows.append(f"`{word.text}` {WORD_EFFECTS[word.kind][1]} → {value}")
        else:
            value = -value
            rows.append(f"`{word.text}` ± → {value}")
    return value, rows


def hover(program: Program, line: int, col: int) -> str | None:
    """The command at ``line``:``col`` (1-based, characters) and what it does; on a word a
    ``va messi`` counts, that word."""
    command = _command_at(program, line, col)
    if command is None:
        return None
    if command.name == ADD_WORDS:
        word = next((word for word in command.words if _inside(word.span, line, col)), None)
        if word is not None:
            kind, effect = WORD_EFFECTS.get(word.kind, ("`fútbol`", "±: negates the cell"))
            return f"**{word.text}** — {kind}: {effect} (rule 9)"
        value, rows = adding(command)
        if not rows:
            return "**va messi** — no word of it counts: the cell is unchanged (rule 9)"
        counted = "\n".join(f"- {row}" for row in rows)
        return f"**va messi** — from a cell of 0 it makes **{value}**; each noun adds 1, each adjective " \
               f"doubles, `fútbol` negates (rule 9):\n\n{counted}"
    if command.name == LOOP:
        loop = program.loops[command.loop]
        return f"**sigue messi** — while the cell is not 0, runs the {loop.body_len} item" \
               f"{'s' if loop.body_len != 1 else ''} up to the `vuelve messi` of line {loop.close.line} " \
               "(tested on entry and after each pass)"
    return f"**{command.name}** — {EFFECTS.get(command.name, command.name)}"


def symbols(program: Program) -> tuple[Symbol, ...]:
    """Each loop, nested as written, named by its line and the size of its body."""
    def symbol(index: int) -> Symbol:
        loop, test = program.loops[index], program.commands[program.loops[index].test]
        inner = [i for i in range(len(program.loops)) if parent(i) == index]
        return Symbol(f"sigue messi · line {test.span.line}", "block",
                      Span(test.span.line, test.span.col, loop.close.end_line, loop.close.end_col),
                      f"{loop.body_len} item{'s' if loop.body_len != 1 else ''}", test.span,
                      tuple(symbol(i) for i in inner))

    def parent(index: int) -> int | None:
        """The innermost loop whose body holds loop ``index`` (its test is between theirs)."""
        test = program.loops[index].test
        around = [i for i, loop in enumerate(program.loops) if loop.test < test < loop.end]
        return max(around, key=lambda i: program.loops[i].test, default=None)

    return tuple(symbol(i) for i in range(len(program.loops)) if parent(i) is None)
