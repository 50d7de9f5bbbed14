"""Text as the screen may show it.  A control character sent to a terminal does what it means
there (a tab jumps, a carriage return goes back to the row's start: the screen breaks) instead
of being drawn, so each one is drawn as one cell: its Unicode picture (␅), or a space for the
whitespace of source text.  One character stays one character, so columns still match the text."""

from __future__ import annotations

PICTURES = {code: 0x2400 + code for code in range(32)} | {0x7F: 0x2421}  # ␀ … ␟, ␡
OUTPUT = {code: picture for code, picture in PICTURES.items() if chr(code) not in "\n\t"}  # Rich lays those out
SOURCE = PICTURES | {ord("\t"): ord(" "), ord("\r"): ord(" ")}  # a CRLF file's line ends, its tabs
