"""Tic Tac Toe Grow: a board that grows as you type, plus three memory boards.

Programs are plain text, the keystrokes typed: ``.ttg``, and ``.txt`` like the page's own example
``wow.txt`` (no other language claims it).
"""

from ..base import Language
from .machine import UNITS, TTGMachine
from .parser import Program, parse, renamed

LANGUAGE = Language(
    name="ttg", title="Tic Tac Toe Grow", extensions=(".ttg", ".txt"), parse=parse, machine=TTGMachine,
    halted="every keystroke was typed", units=UNITS,
    breakpoint_kinds=("exec", "write", "data", "grow"), default_kinds=frozenset({"exec", "write"}),  # R45
    rename=renamed, reads_input=False,  # the keystrokes are the program; there is no stdin
)

__all__ = ["LANGUAGE", "TTGMachine", "Program", "UNITS", "parse", "renamed"]
