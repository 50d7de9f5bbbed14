"""MessiScript: Spanish football commentary as code (``.messi``)."""

from ..base import Language
from .machine import MessiMachine
from .parser import Program, parse

LANGUAGE = Language(name="messiscript", title="MessiScript", extensions=(".messi",), parse=parse,
                    machine=MessiMachine, halted="¡gol! — the program ended")

__all__ = ["LANGUAGE", "MessiMachine", "Program", "parse"]
