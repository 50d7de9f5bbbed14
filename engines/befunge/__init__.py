"""Befunge-93 and Befunge-98: programs written on a grid of cells that an instruction pointer
flies over (spec `befunge.md`).  ``.b93`` and ``.befunge`` are Befunge-93, ``.b98`` Befunge-98,
and ``.bf`` Befunge-93 unless its content is Brainfuck (rule 1).

This module holds the two plugin objects only; :mod:`.plugin93` and :mod:`.plugin98` are the
implementations (one machine family, :mod:`.b93` and :mod:`.b98`, on what they share in
:mod:`.common`), imported when a program is parsed."""

from ..language import Help, Language, Option, Unit

_FILES = Option("allow-files", "Befunge-98's i and o read and write files (under the working directory); "
                "without it they reflect (rule 26).", bool)
_SHELL = Option("allow-shell", "Befunge-98's = runs shell commands; without it = reflects (rule 27).", bool)
# What one Befunge-98 step may do (the machine's checks: b98.py), so that no step runs long.
MAX_REPEAT = 1 << 16
_REPEAT = Option("max-repeat", f"The most one Befunge-98 step may do (default {MAX_REPEAT:,}): a k that would repeat "
                 "an instruction more times, or whose repetitions would move more stack cells, is a runtime error, and "
                 "a { } or u that would move more cells reflects. Raise it for programs that need more; a step "
                 "takes about a microsecond a repetition.", int, default=MAX_REPEAT, metavar="N", minimum=1)
_SEED = Option("seed", "Seed the random direction of ? (default 0: every run makes the same choices).", int,
               default=0, metavar="N")

_STRING = Unit("string", "s", 'a whole string: from its opening " to its closing one (any other step: one step)', "next")

_NAMES = (Help("pos", "(x, y) of the instruction pointer"), Help("delta", "(dx, dy), the pointer's direction"),
          Help("stack", "the stack (stack[0] is the top; 0 below the bottom)", "top first"),
          Help("depth", "how many values the stack holds"),
          Help("mode", "True in string mode"),
          Help("space", "Funge-space: space[x, y] is the value of cell (x, y)"),
          Help("cmd", "the instruction the pointer is on, as a character"))
_DATA = (Help("stack[N]", "the value N below the top of the stack (stack[0] the top)"),
         Help("space(X,Y)", "the value of cell (x, y) of Funge-space"),
         Help("pos", "where the instruction pointer is"), Help("delta", "the pointer's direction"),
         Help("mode", "string mode on or off"))
_EVENTS = (Help("wrap", "the instruction pointer leaves the edge and comes back at the other one"),
           Help("write", "p (98: s too) writes a cell of Funge-space"))

LANGUAGE93 = Language(
    name="befunge93", title="Befunge-93", extensions=(".b93", ".befunge", ".bf"),
    implementation="esodbg.engines.befunge.plugin93", docs="docs/befunge.md", halted="the program reached @",
    end_of_input="then ~ and & push −1",
    options=(_SEED,), units=(_STRING,), breakpoint_kinds=("exec", "write"), roles=("code", "blank", "ip", "written", "string"),
    styles="styles.tcss", grammar="befunge", cell_form="X,Y", bytes_io=True, names=_NAMES, data_locations=_DATA, events=_EVENTS,
)

LANGUAGE98 = Language(
    name="befunge98", title="Befunge-98", extensions=(".b98",),
    implementation="esodbg.engines.befunge.plugin98", docs="docs/befunge.md",
    halted="every instruction pointer reached @, or q ended the program",
    end_of_input="then ~ and & reflect",
    options=(_FILES, _SHELL, _SEED, _REPEAT), breakpoint_kinds=("exec", "write"),
    units=(Unit("tick", "i", "a tick: every instruction pointer runs once (rule 4)", "stepOut"), _STRING),
    roles=("code", "blank", "ip", "ip-other", "written", "string"), styles="styles.tcss", grammar="befunge",
    cell_form="X,Y", bytes_io=True, follows="instruction pointer",
    names=(*_NAMES, Help("ip", "the id of the instruction pointer that runs next"),
           Help("ips", "how many instruction pointers there are"),
           Help("offset", "(x, y), the pointer's storage offset"),
           Help("stacks", "how many stacks the pointer's stack of stacks holds")),
    data_locations=(*_DATA, Help("offset", "the storage offset"), Help("ip", "the id of the pointer that runs next")),
    events=(*_EVENTS, Help("split", "t makes a new instruction pointer"), Help("death", "an instruction pointer runs @"),
            Help("reflect", "the pointer reflects: r, an instruction that is none, one refused (rule 20)")),
)
