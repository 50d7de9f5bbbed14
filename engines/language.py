"""What a language plugin is: one :class:`Language` object per language package.

A language package ``engines/<lang>/`` (or any installed package) exports a :class:`Language`
and registers it under the entry-point group ``esodbg.languages`` (see :mod:`.registry`).  The
object itself is light — names, extensions, options, units, breakpoint kinds, roles — so finding
the language of a file imports nothing heavy.  Its behaviour lives in the package's
*implementation* module, imported the first time it is needed, which defines:

``parse(text, filename, options) -> program``
    The program (a value with at least ``source: str`` and ``warnings: tuple[Diagnostic, ...]``),
    or :class:`~esodbg.engines.base.ParseError`.  ``options`` maps each of the language's
    :attr:`Language.options` (by :attr:`Option.dest`) to its value, ``None`` when not given.
``machine(program, input, output) -> Machine``
    A :class:`~esodbg.engines.base.Machine` at step 0.
``view(machine, last) -> View``
    The presentation model (:mod:`.view`) of a state; ``last`` is the step that led to it.
``final_state(machine, max_steps) -> dict``
    The state as one JSON document (``esodbg exec --final-state``); ``max_steps`` is the run's
    ``--max-steps`` budget, or ``None``.
``trace(machine, record) -> dict``
    One JSON object for the step ``record`` just ran (``esodbg exec --trace``).
``summary(machine) -> str`` (optional)
    What ``esodbg exec`` prints for a language whose programs write no output.
``counted(machine) -> int`` (optional)
    What ``--max-steps`` counts, if not every machine step (Scrabble counts executed words,
    not the placing of a play); it must never grow faster than ``machine.steps``.
``decode(data, filename) -> str`` (optional)
    The text of a program file; the default is UTF-8 (a leading BOM dropped).  Raises
    ``UnicodeDecodeError`` for a file that is not text.

The docs page ``docs/plugins.md`` walks through a whole language built this way.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from .base import Machine
from .iobuf import InputLog, Output


class Option(NamedTuple):
    """A language's own command-line option, offered by ``run``, ``exec`` and ``check``.

    ``name`` is the flag without its dashes (``max-depth`` → ``--max-depth``); ``type`` is
    ``str``, ``int`` or ``bool`` (a flag that takes no value); ``choices`` limits a ``str``.
    The value reaches ``parse`` under :attr:`dest`, or ``None`` when the option was not given
    (the language applies its default, which ``default`` documents)."""

    name: str
    help: str
    type: type = str
    choices: tuple[str, ...] = ()
    default: Any = None
    metavar: str | None = None

    @property
    def dest(self) -> str:
        return self.name.replace("-", "_")


class Unit(NamedTuple):
    """A unit of stepping coarser than one step (Tic Tac Toe Grow's keystroke): ``key`` steps
    one forwards, its upper case goes back to the unit's start."""

    name: str
    key: str
    help: str = ""


@dataclass(frozen=True)
class Language:
    """A language esodbg knows: what the core, the CLI and the app need to find, parse, run and
    show its programs (see the module docstring for the implementation module's functions).

    ``units`` are the units of stepping coarser than one step, coarsest first (a machine's
    :meth:`~esodbg.engines.base.Machine.unit_start` takes an index into them).  A breakpoint can
    stop at the kinds of touch in ``breakpoint_kinds``; a new one stops at ``default_kinds``.
    ``roles`` are the roles the language's views give board cells and code marks, styled by the
    TCSS file ``styles`` in its package.  ``grammar`` names its tree-sitter grammar, ``docs``
    its page (a path from the repository root).
    """

    name: str  # stable id: --lang, the entry-point name
    title: str  # what users call it
    extensions: tuple[str, ...]  # file name endings, with the dot, lower case
    implementation: str  # module defining parse, machine, view, final_state, trace (…)
    docs: str
    options: tuple[Option, ...] = ()
    units: tuple[Unit, ...] = ()
    breakpoint_kinds: tuple[str, ...] = ("exec",)
    default_kinds: frozenset[str] = frozenset({"exec"})
    reads_input: bool = True  # False: programs never read input (the debugger shows no input pane)
    halted: str = "the program finished"  # what a normal halt means, for status lines
    roles: tuple[str, ...] = ()
    styles: str | None = None
    grammar: str | None = None

    @cached_property
    def impl(self):
        """The implementation module (imported on first use)."""
        return importlib.import_module(self.implementation)

    def parse(self, text: str, filename: str, options: dict[str, Any] | None = None):
        """The program in ``text`` (read from ``filename``); raises ``ParseError``."""
        return self.impl.parse(text, filename, {option.dest: None for option in self.options} | (options or {}))

    def machine(self, program, input: InputLog, output: Output) -> Machine:
        return self.impl.machine(program, input, output)

    def view(self, machine: Machine, last):
        return self.impl.view(machine, last)

    def final_state(self, machine: Machine, max_steps: int | None = None) -> dict:
        return self.impl.final_state(machine, max_steps)

    def trace(self, machine: Machine, record) -> dict:
        return self.impl.trace(machine, record)

    def summary(self, machine: Machine) -> str | None:
        """What ``exec`` prints for a run whose programs write no output, or ``None``."""
        summary = getattr(self.impl, "summary", None)
        return summary(machine) if summary is not None else None

    def counted(self, machine: Machine) -> int:
        """What ``--max-steps`` counts: by default every step."""
        counted = getattr(self.impl, "counted", None)
        return counted(machine) if counted is not None else machine.steps

    def decode(self, data: bytes, filename: str) -> str:
        """The text of a program file (``UnicodeDecodeError`` if it is not text)."""
        decode = getattr(self.impl, "decode", None)
        if decode is not None:
            return decode(data, filename)
        return data.decode("utf-8-sig")

    def style_sheet(self) -> str:
        """The TCSS that styles the language's roles ("" if it has none)."""
        if self.styles is None:
            return ""
        from importlib import resources  # the debugger's need only: slow to import

        package = self.implementation.rpartition(".")[0]
        return resources.files(package).joinpath(self.styles).read_text("utf-8")

    def option(self, dest: str) -> Option | None:
        return next((option for option in self.options if option.dest == dest), None)
