"""What an Aheui board means, for editors and the debugger: a syllable decomposed (초성/중성/종성 →
command, direction, argument, spec B3, M2, C1–C10), the storages' names (S1), and the notes
``check`` and the language server give: a board with no syllable, lines with no Hangul."""

from __future__ import annotations

import re
import unicodedata

from ..base import Diagnostic
from .parser import COMMENT, FINALS, NEEDS, STROKES, Program, split

# Hangul jamo, which are no syllables (B3): conjoining (and their extensions A and B), compatibility, half-width
JAMO = re.compile("[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u3131-\u318e\uffa0-\uffdc]")

# The storages by their final's index (S1): the empty final is "none" (drawn ∅).
NAMES = ("none",) + tuple(FINALS[1:])
KINDS = {21: "queue", 27: "pipe"}

COMMANDS = {
    "ㄱ": ("nothing", "no command"), "ㄲ": ("nothing", "no command"), "ㅋ": ("nothing", "no command"),
    "ㅉ": ("nothing", "no command"), "ㅇ": ("nothing", "does nothing"),
    "ㅎ": ("end", "pop a value (0 if the storage is empty) and end: the exit code is it mod 256"),
    "ㄷ": ("add", "pop a, pop b, push b + a"), "ㄸ": ("multiply", "pop a, pop b, push b × a"),
    "ㅌ": ("subtract", "pop a, pop b, push b − a"), "ㄴ": ("divide", "pop a, pop b, push ⌊b / a⌋ (a = 0: error)"),
    "ㄹ": ("remainder", "pop a, pop b, push b mod a, floored (a = 0: error)"),
    "ㅈ": ("compare", "pop a, pop b, push 1 if b ≥ a else 0"),
    "ㅁ": ("pop", "pop a value"), "ㅂ": ("push", "push a value"), "ㅃ": ("duplicate", "duplicate the next value"),
    "ㅍ": ("swap", "swap the first two values"), "ㅅ": ("select", "select the storage the final names"),
    "ㅆ": ("move", "pop a value and push it onto the storage the final names"),
    "ㅊ": ("branch", "pop a value: zero turns the cursor round, else go as the vowel says"),
}
VOWELS = {"ㅏ": "right 1", "ㅓ": "left 1", "ㅗ": "up 1", "ㅜ": "down 1", "ㅑ": "right 2", "ㅕ": "left 2",
          "ㅛ": "up 2", "ㅠ": "down 2", "ㅡ": "reflect a vertical move", "ㅣ": "reflect a horizontal move",
          "ㅢ": "reflect"}
ARROWS = {"ㅏ": "→", "ㅓ": "←", "ㅗ": "↑", "ㅜ": "↓", "ㅑ": "⇉", "ㅕ": "⇇", "ㅛ": "⇈", "ㅠ": "⇊", "ㅡ": "↕", "ㅣ": "↔",
          "ㅢ": "⟲"}
FINAL_USED = {"ㅁ", "ㅂ", "ㅅ", "ㅆ"}


def storage_name(i: int) -> str:
    """The storage of the final with index ``i``: its jamo, ``none`` for the empty final."""
    return NAMES[i]


def storage_index(text: str) -> int:
    """The storage ``text`` names: a final jamo, ``none`` (or ``∅``, ``""``) or 0–27; ``ValueError``."""
    t = text.strip()
    if t in ("none", "∅", ""):
        return 0
    if t.isdigit() and 0 <= int(t) < 28:
        return int(t)
    if len(t) == 1 and t in FINALS[1:]:
        return FINALS.index(t)
    raise ValueError(f"{text!r} is no storage: write its final jamo (ㄱ, ㅇ, ㅎ…), none, or 0–27")


def vowel_words(medial: str) -> str:
    return VOWELS.get(medial, "momentum kept")


def final_words(initial: str, final: str) -> str:
    """What the final means to this command."""
    f = FINALS.index(final) if final else 0
    name = storage_name(f)
    if initial == "ㅂ":
        return "a number read from input" if final == "ㅇ" else "a character read from input" if final == "ㅎ" \
            else f"the constant {STROKES[f]}"
    if initial == "ㅁ":
        return "written as a number" if final == "ㅇ" else "written as a character" if final == "ㅎ" \
            else "discarded"
    if initial in ("ㅅ", "ㅆ"):
        kind = KINDS.get(f, "stack")
        return f"storage {name if final else '∅'} ({kind})"
    return "final ignored"


def describe(ch: str) -> str:
    """``밯 = ㅂ + ㅏ + ㅎ · push a character read from input · ㅏ right 1``; a comment says so."""
    parts = split(ch)
    if parts is None:
        return "comment: no command, momentum kept"
    i, m, f = parts
    word, _ = COMMANDS[i]
    return (f"{ch} = {i} + {m}" + (f" + {f}" if f else "") + f" · {i} {word} · {m} {vowel_words(m)} · "
            + (f"final {f}: " if f else "no final: ") + final_words(i, f))


def needs(ch: str) -> int:
    parts = split(ch)
    return NEEDS["ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".index(parts[0])] if parts else 0


def hover(program: Program, line: int, col: int) -> str | None:
    """What the cell at a 1-based line and column (in code points) does, as Markdown."""
    y, x = line - 1, col - 1
    if not program.is_cell(x, y):
        return None
    ch = program.lines[y][x]
    parts = split(ch)
    if parts is None:
        return f"`{ch}` (U+{ord(ch):04X}): a comment — no command, the cursor keeps its momentum (B3)"
    i, m, f = parts
    word, does = COMMANDS[i]
    n = needs(ch)
    text = (f"**{ch}** = {i} + {m}" + (f" + {f}" if f else "") + f"\n\n- {i} **{word}**: {does}"
            + (f" (needs {n} value{'s' if n > 1 else ''}; with fewer the cursor turns round)" if n else "")
            + f"\n- {m}: {vowel_words(m)}\n- " + (f"final {f}: " if f else "no final: ") + final_words(i, f))
    return text


def notes(program: Program) -> tuple[Diagnostic, ...]:
    """What ``check`` and editors say about the board (docs/aheui.md, "Notes"): a board with
    cells but no syllable runs forever over its comments (B5), a warning; a line with no
    syllable but Hangul jamo (decomposed NFD text, or jamo typed one by one) is comments that
    look like code (B3), information, from its first jamo to the line's end, with the line
    composed (NFC) where that makes syllables.  A line with no Hangul at all is a comment line
    (a title, a ``#!`` line): nothing is said."""
    found = []
    if program.start is not None and all(c == COMMENT for c in program.cells):
        found.append(Diagnostic(program.filename, program.start + 1, 1,
                                "the board has no Hangul syllable: the cursor runs over comments forever (B5)",
                                "warning"))
    for y, line in enumerate(program.lines):
        first = JAMO.search(line)
        row = program.cells[program.starts[y]:program.starts[y] + program.lengths[y]]
        if first is None or any(c != COMMENT for c in row):
            continue
        composed = unicodedata.normalize("NFC", line)
        found.append(Diagnostic(
            program.filename, y + 1, first.start() + 1,
            "no syllable on this line, only Hangul jamo: they are comments, never composed into syllables (B3)"
            + (f"; decomposed (NFD) text? composed (NFC) it reads `{composed}`"
               if any(split(ch) is not None for ch in composed) else ""),
            "information", y + 1, len(line) + 1))
    return tuple(found)
