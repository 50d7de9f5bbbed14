"""Parse MessiScript text (spec `messiscript.md`, rules 1–7 and 9).

``parse(text, filename) -> Program`` or raises :class:`~esodbg.engines.base.ParseError`.

The text is lower-cased and split at every ``.``; a fragment is a command if, stripped, it
starts with a command name (tried in :data:`NAMES` order), and is otherwise ignored.  Spans point
into the original text (after CRLF/CR became LF), so the debugger can show each command — and
each word a ``va messi`` counted — where the user wrote it, even though lower-casing may change
the length of the text (``İ`` becomes two characters).
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass
from importlib import resources

from ..base import Diagnostic, ParseError, Span
from ..language import DEFAULT_INT_BITS

# Rule 3's table, in the order names are tried (the first prefix match wins).
NAMES = (
    "va messi", "la mueve messi por la derecha", "la mueve messi por la izquierda", "la pisa messi",
    "juega messi", "gambetea messi", "siempre messi", "encara messi", "ankara messi", "¡gol!",
    "la agarra messi", "sigue messi", "vuelve messi", "corre messi", "amaga messi", "suma messi",
    "resta messi", "multiplica messi", "divide messi", "empata messi", "desempata messi",
    "es mayor o igual messi", "es menor o igual messi", "es mayor messi", "es menor messi",
)
START, END, LOOP, LOOP_END, ADD_WORDS = "la agarra messi", "¡gol!", "sigue messi", "vuelve messi", "va messi"
DELETED = "\n,;?¿!¡()"  # rule 5: deleted from a command's content (not replaced by a space)

NOUN, ADJECTIVE, NEGATE = "noun", "adjective", "negate"  # word classes (rule 9, the va messi row)


def _load_words() -> dict[str, str]:
    data = json.loads(resources.files(__package__).joinpath("words.json").read_text("utf-8"))
    words = {word: NOUN for word in data["nouns"]}
    words.update({word: ADJECTIVE for word in data["adjectives"]})
    words[data["change_sign"]] = NEGATE
    return words


WORDS: dict[str, str] = _load_words()  # word → class; exact, accent-sensitive match (rule 9)


@dataclass(frozen=True, slots=True)
class Word:
    """A word of a ``va messi`` that counts: its text, class (noun/adjective/negate) and span
    (a word glued across a line break by rule 5 spans two lines)."""

    text: str
    kind: str
    span: Span


@dataclass(frozen=True, slots=True)
class Command:
    """One step location: a command, or the test of a loop (``name == "sigue messi"``).

    ``span`` runs from the command name to its period; ``content`` is rule 5's content;
    ``words`` the counting words of a ``va messi``; ``loop`` the index of the loop a
    ``sigue messi`` opens; ``loops`` the loops this command is inside, outermost first.
    """

    name: str
    span: Span
    content: str
    words: tuple[Word, ...]
    loop: int | None
    loops: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Loop:
    """A ``sigue messi`` … ``vuelve messi`` loop: its test is ``commands[test]``, its body the
    commands ``test + 1`` up to ``end`` (exclusive); ``body_len`` counts the body's items (a
    nested loop is one item); ``close`` is the span of its ``vuelve messi``."""

    test: int
    end: int
    body_len: int
    close: Span


@dataclass(frozen=True, slots=True)
class Program:
    """A parsed MessiScript program: its (newline-normalised) ``source``, the step locations in
    source order (``commands[i]`` is ``CodeRef(i)``) and its loops."""

    filename: str
    source: str
    commands: tuple[Command, ...]
    loops: tuple[Loop, ...]
    warnings: tuple[Diagnostic, ...] = ()  # none: every problem is an error
    bits: int = DEFAULT_INT_BITS  # the bound on a cell's size (--max-int-bits: ..integers)


class _Text:
    """The source lower-cased (rule 1), with a map back to positions in the source."""

    def __init__(self, source: str) -> None:
        lowered = source.lower()
        if len(lowered) == len(source):  # the usual case: one character each
            self.origin = None
        else:
            pieces, origin = [], []
            for i, ch in enumerate(source):
                low = ch.lower()
                pieces.append(low)
                origin.extend([i] * len(low))
            lowered = "".join(pieces)
            self.origin = origin
        self.text = lowered
        self.source = source
        self._starts = [0] + [i + 1 for i, ch in enumerate(source) if ch == "\n"]

    def position(self, i: int) -> tuple[int, int]:
        """1-based (line, column) in the source of lowered offset ``i`` (may be the end)."""
        if self.origin is not None:
            i = self.origin[i] if i < len(self.origin) else len(self.source)
        line = bisect.bisect_right(self._starts, i)
        return line, i - self._starts[line - 1] + 1

    def span(self, start: int, end: int) -> Span:
        """The source span of lowered offsets ``start``…``end`` (end exclusive, end > start)."""
        line, col = self.position(start)
        end_line, end_col = self.position(end - 1)
        return Span(line, col, end_line, end_col + 1)


def _content(fragment: str, name: str) -> tuple[str, list[int]]:
    """Rule 5: ``fragment`` with every ``name`` removed and the characters of :data:`DELETED`
    deleted, plus the offset in ``fragment`` of each character kept."""
    kept: list[int] = []
    start = 0
    while True:
        hit = fragment.find(name, start)
        stop = len(fragment) if hit < 0 else hit
        kept.extend(i for i in range(start, stop) if fragment[i] not in DELETED)
        if hit < 0:
            break
        start = hit + len(name)
    return "".join(fragment[i] for i in kept), kept


def _words(content: str, kept: list[int], base: int, text: _Text) -> tuple[Word, ...]:
    """The counting words of a ``va messi`` content, in order: split at spaces, empty strings
    skipped, tabs not separators (the va messi row of rule 8's table)."""
    words = []
    at = 0
    for piece in content.split(" "):
        kind = WORDS.get(piece)
        if kind is not None:
            words.append(Word(piece, kind, text.span(base + kept[at], base + kept[at + len(piece) - 1] + 1)))
        at += len(piece) + 1
    return tuple(words)


def parse(source: str, filename: str = "<program>") -> Program:
    """Parse ``source`` (a whole ``.messi`` file).  Raises :class:`ParseError` for rule 4's
    unmatched loops and rule 6's missing start or end, each at a line and column."""
    source = source.replace("\r\n", "\n").replace("\r", "\n")  # rule 1
    text = _Text(source)
    low = text.text
    commands: list[Command] = []
    loops: list[Loop | None] = []
    open_loops: list[tuple[int, int, Span]] = []  # (loop index, items before it in its parent, span)
    items = [0]  # items (commands or loops) at each nesting level so far
    last_top: str | None = None  # name of the last top-level item
    problems: list[Diagnostic] = []

    def problem(span: Span, message: str) -> None:
        problems.append(Diagnostic(filename, span.line, span.col, message, end_line=span.end_line, end_col=span.end_col))

    start = 0
    while start <= len(low):
        stop = low.find(".", start)
        end = len(low) if stop < 0 else stop
        fragment = low[start:end]
        body = fragment.strip()
        name = next((n for n in NAMES if body.startswith(n)), None) if body else None
        if name is not None:
            lead = start + fragment.index(body)
            span = text.span(lead, end + 1 if stop >= 0 else lead + len(body))
            if name == LOOP_END:
                if not open_loops:
                    problem(span, '"vuelve messi" closes no loop: there is no "sigue messi" before it '
                                  "(the original interpreter stops reading the program here)")
                else:
                    index, test, _ = open_loops.pop()
                    loops[index] = Loop(test, len(commands), items.pop(), span)
                    items[-1] += 1
                    if not open_loops:
                        last_top = LOOP_END
            else:
                content, kept = _content(fragment, name)
                words = _words(content, kept, start, text) if name == ADD_WORDS else ()
                enclosing = tuple(index for index, _, _ in open_loops)
                loop = None
                if name == LOOP:
                    loop = len(loops)
                    loops.append(None)
                    open_loops.append((loop, len(commands), span))
                    items.append(0)
                else:
                    items[-1] += 1
                    if not open_loops:
                        last_top = name
                commands.append(Command(name, span, content, words, loop, enclosing))
        if stop < 0:
            break
        start = stop + 1
    for _, _, span in open_loops:
        problem(span, '"sigue messi" opens a loop that no "vuelve messi" closes')
    if not commands or commands[0].name != START:
        at = commands[0].span if commands else Span(1, 1, 1, 1)
        problem(at, 'the program must start with "la agarra messi" '
                    '(Error: No se encuentra inicio del código. ¿Comienza acaso con "la agarra messi"?)')
    elif not open_loops and last_top != END:
        end_line, end_col = text.position(len(low))
        problem(Span(end_line, end_col, end_line, end_col),
                'the program must end with "¡gol!" '
                '(Error: No se encuentra final del código. ¿Termina acaso con "¡gol!"?)')
    if problems:
        raise ParseError(sorted(problems, key=lambda d: (d.line, d.col)))
    return Program(filename, source, tuple(commands), tuple(loops))
