"""Aheui (아희): a board of Hangul syllables, each one's initial consonant the command, its vowel the
cursor's direction and speed, its final consonant the argument (spec `aheui.md`).  ``.aheui`` files.

This module holds the plugin object only; :mod:`.plugin` is the implementation (the machine is
:mod:`.machine`, the board :mod:`.parser`), imported when a program is parsed."""

from ..language import INT_BITS_OPTION, Help, Language, Unit

LANGUAGE = Language(
    name="aheui", title="Aheui", extensions=(".aheui",),
    implementation="esodbg.engines.aheui.plugin", docs="docs/aheui.md", halted="the program reached ㅎ",
    options=(INT_BITS_OPTION,),
    units=(Unit("storage", "u", "until the selected storage changes: another is selected, or a value is "
                "pushed, popped or changed in the one selected", "next"),),
    roles=("comment", "nop", "calc", "store", "control", "io", "cursor", "next", "path", "blank"),
    styles="styles.tcss", grammar="aheui", cell_form="X,Y", bytes_io=True,
    names=(Help("pos", "(x, y) of the cursor"),
           Help("dir", "the cursor's direction: 'right', 'down', 'left' or 'up'"),
           Help("speed", "the cursor's speed: 1 or 2 cells a move"),
           Help("selected", "the selected storage's name (its final jamo; 'none' for the empty final)"),
           Help("storage", "storage[NAME][N]: the N-th value ㅁ would take from the storage NAME (0 the next)"),
           Help("size", "size[NAME]: how many values the storage NAME holds"),
           Help("depth", "how many values the selected storage holds"),
           Help("top", "the value ㅁ would take next from the selected storage (None if it is empty)"),
           Help("last", "the value the pipe ㅎ's ㅃ would push (its last push, C6)"),
           Help("cmd", "the syllable under the cursor, as a character")),
    data_locations=(Help("storage(S,N)", "the N-th value ㅁ would take from storage S (0 the next), S the "
                         "final's number 0–27 as rpaheui numbers them: 0 none, 1 ㄱ … 21 the queue ㅇ, 27 the pipe ㅎ"),
                    Help("size[S]", "how many values storage S (0–27) holds"),
                    Help("selected", "the selected storage's number (0–27)"),
                    Help("pipe_last", "the value the pipe's ㅃ would push (C6)"),
                    Help("cursor", "the cursor: position, direction and speed")),
    events=(Help("reflect", "a vowel ㅡ ㅣ ㅢ turned the cursor round (speed kept)"),
            Help("reverse", "too few values for the command (R1): nothing changed, the cursor turned round"),
            Help("wrap", "the cursor left the board's edge and came back at the other (W1–W4)"),
            Help("select", "ㅅ selected a storage")),
)
