"""The 15 language: a sliding puzzle whose empty square is the instruction pointer."""

from ..base import Language
from .machine import FifteenMachine
from .parser import Program, parse

LANGUAGE = Language(name="fifteen", title="15", extensions=(".15",), parse=parse, machine=FifteenMachine,
                    halted="the puzzle is solved")

__all__ = ["LANGUAGE", "FifteenMachine", "Program", "parse"]
