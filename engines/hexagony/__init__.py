"""Hexagony: a program laid out on a hexagon, six instruction pointers, and a memory of integers
on the edges of an infinite hexagonal grid (spec `hexagony.md`).  ``.hxg`` and ``.hexagony``.

This module holds the plugin object only; :mod:`.plugin` is the implementation (the machine in
:mod:`.machine` on the hexagon of :mod:`.hexagon`), imported when a program is parsed."""

from ..language import Help, Language, Unit

LANGUAGE = Language(
    name="hexagony", title="Hexagony", extensions=(".hxg", ".hexagony"),
    implementation="esodbg.engines.hexagony.plugin", docs="docs/hexagony.md", halted="the program reached @",
    units=(Unit("ip", "i", "until another instruction pointer is active ([, ], #)"),
           Unit("output", "o", "until the next output (; or !)")),
    breakpoint_kinds=("exec", "wrap"),
    roles=("blank", "flow", "mirror", "digit", "letter", "io", "arithmetic", "memory", "ip", "ip0", "ip1", "ip2", "ip3", "ip4", "ip5", "path", "mark", "edge", "edge-zero",
           "edge-mp", "edge-left", "edge-right", "vertex"),
    styles="styles.tcss", grammar="hexagony", bytes_io=True, recent_steps=12,
    names=(Help("mp", "the value of the current memory edge"),
           Help("left", "the value of the MP's left neighbour (what +, -, *, :, % read first)"),
           Help("right", "the value of the MP's right neighbour"),
           Help("mem", "the memory: mem[q, r, 'E'] is the edge E of hexagon (q, r); D is 'NE', 'E' or 'SE'"),
           Help("edge", "the current edge as (q, r, D)"), Help("cw", "True if the MP points clockwise"),
           Help("ip", "the index of the active instruction pointer (0 to 5)"),
           Help("ips", "the six IPs as (row, col, direction) tuples"),
           Help("pos", "(row, col) of the active IP"), Help("dir", "the active IP's direction: E, SE, SW, W, NW or NE"),
           Help("cmd", "the command the active IP is on, as a character")),
    data_locations=(Help("mp", "the current memory edge's value"), Help("left", "the left neighbour's value"),
                    Help("right", "the right neighbour's value"),
                    Help("mem[q,r,D]", "the value of edge D (NE, E or SE) of memory hexagon (q, r)"),
                    Help("pointer", "the memory pointer: (q, r, D, cw)"),
                    Help("ip", "which instruction pointer is active"),
                    Help("ipN", "instruction pointer N (0 to 5): its cell and direction")),
    events=(Help("wrap", "an IP leaves the hexagon across an edge or a corner and comes back (W1–W3)"),
            Help("corner", "an IP leaves through a corner: the sign of the edge chose where it comes back (W3)"),
            Help("switch", "another instruction pointer becomes active ([, ], #)")),
)
