"""Labyrinth: the program is a maze that the instruction pointer walks, turning at junctions by
the sign of the top of the main stack, and whose rows and columns the program itself rotates
(spec `labyrinth.md`).  ``.lab`` and ``.labyrinth`` files.

This module holds the plugin object only; :mod:`.plugin` is the implementation (the machine is
:mod:`.machine`, the maze :mod:`.parser`), imported when a program is parsed."""

from ..language import Help, INT_BITS_OPTION, Language, Option

LANGUAGE = Language(
    name="labyrinth", title="Labyrinth", extensions=(".lab", ".labyrinth"),
    implementation="esodbg.engines.labyrinth.plugin", docs="docs/labyrinth.md", halted="the program reached @",
    end_of_input="then , pushes −1, ? pushes 0",
    options=(INT_BITS_OPTION, Option("seed", "Seed the random turn of a zero top between a left and a right corridor (D6; "
                    "default 0: every run makes the same choices).", int, default=0, metavar="N"),),
    breakpoint_kinds=("exec", "shift"),
    roles=("wall", "path", "junction", "ip", "moved", "ghost"), styles="styles.tcss", grammar="labyrinth",
    cell_form="X,Y", bytes_io=True,
    names=(Help("pos", "(x, y) of the instruction pointer"),
           Help("dir", "the pointer's direction: 'N', 'E', 'S' or 'W'"),
           Help("main", "the main stack (main[0] is the top; 0 below the bottom)", "top first"),
           Help("aux", "the auxiliary stack (aux[0] is the top; 0 below the bottom)", "top first"),
           Help("depth", "how many values the main stack holds (what # pushes)"),
           Help("aux_depth", "how many values the auxiliary stack holds"),
           Help("top", "the top of the main stack (0 when it is empty): what a junction turns by"),
           Help("cmd", "the command under the pointer, as a character"),
           Help("neighbours", "how many of the pointer's four neighbours are not walls"),
           Help("maze", "the maze as it is now: maze[x, y] is the character at (x, y)"),
           Help("width", "the maze's width W"), Help("height", "the maze's height H")),
    data_locations=(Help("main[N]", "the value N below the top of the main stack (main[0] the top)"),
                    Help("aux[N]", "the value N below the top of the auxiliary stack"),
                    Help("depth", "the main stack's depth"),
                    Help("ip", "where the instruction pointer is and which way it faces"),
                    Help("maze(X,Y)", "the character at (x, y) of the maze (rotations move them)")),
    events=(Help("shift", "a row or column of the maze rotates (< > ^ v)"),
            Help("junction", "the pointer chooses its way among three or four corridors"),
            Help("stall", "the pointer has no corridor to go to and stays where it is (D1)"),
            Help("random", "a zero top between a left and a right corridor: the turn is random (D6)")),
)
