"""Power debugging (issue 17) on every registered language: state names and conditions, hit
conditions and timeline hit counts, log points, data and event breakpoints (forwards and in
reverse-continue), watches, run to cursor, the breakpoint spec syntax.

Each behaviour is checked against an *oracle*: the program run one recorded step at a time, with
what happened read off the step records and the machine's own attributes — never through the
machinery under test (names, getters, counters).  Languages are taken from the registry, like
``tests/test_contract.py``; the per-language tables below say which example and which state each
check uses (a language with no row gets the generic checks only).
"""

from __future__ import annotations

import re
import threading
from typing import Any, Callable, NamedTuple

import pytest

from esodbg.engines import registry
from esodbg.engines.base import MISSING, CellRef, CodeRef, Location, Machine, ParseError, StepRecord, Stop
from esodbg.engines.breakpoints import DataRef, EventRef, HitCondition
from esodbg.engines.debugger import Session
from esodbg.engines.expressions import EvaluationError, Expression, ExpressionError, Message, show
from esodbg.engines.language import Language
from esodbg.engines.names import Cells, data_name
from esodbg.engines.spec import SpecError, format_spec, parse_spec
from esodbg.engines.stoned_go.board import pack
from esodbg.engines.ttg.events import Exec, NewMain, NewMemory1, Save, Swap, SwapMemory2, Undo, Update

from conftest import ROOT, examples_of

LANGUAGES = registry.languages()
BY_LANGUAGE = [pytest.param(language, id=language.name) for language in LANGUAGES]
BUDGET = 4000  # steps a run here goes at most
HISTORY = {"interval": 64, "undo_records": 16}  # small: moves cross checkpoints and re-execute


class Program(NamedTuple):
    """A program to run: an example's name (or inline text with a file name), options, input."""

    name: str
    text: str | None = None
    options: dict | None = None
    input: str = ""


def load(language: Language, program: Program):
    if program.text is None:
        path = next(p for p in examples_of(language) if p.name == program.name)
        return language.parse(language.decode(path.read_bytes(), str(path)), str(path), program.options)
    return language.parse(program.text, program.name, program.options)


def session(language: Language, program: Program, **options) -> Session:
    return Session(language, load(language, program), program.input, True, BUDGET, **(HISTORY | options))


class Row(NamedTuple):
    """One step of an oracle run: its number, what the next step touches, and the probes' values."""

    step: int
    touches: frozenset
    values: tuple


def oracle(language: Language, program: Program, *probes: Callable[[Machine, StepRecord], Any]) -> list[Row]:
    """Run ``program`` one recorded step at a time (no breakpoints), reading ``probes`` after
    each step."""
    s = session(language, program)
    rows = []
    while s.steps < BUDGET:
        outcome = s.step()
        if s.last is None or s.last.step != s.steps:  # nothing ran (missing input, the end)
            break
        rows.append(Row(s.steps, frozenset(s.machine.next_touches()), tuple(p(s.machine, s.last) for p in probes)))
        if outcome.reason is not Stop.LIMIT:
            break
    return rows


def stops(s: Session) -> list[int]:
    """Continue until the run ends or reaches step ``BUDGET`` (as the oracle's run does); the
    steps it stopped at."""
    found = []
    while s.steps < BUDGET:
        s.budget = BUDGET - s.steps
        outcome = s.continue_()
        if outcome.reason is not Stop.BREAKPOINT:
            break
        found.append(outcome.step)
    return found


def assert_reverse_stops(s: Session, expected: list[int]) -> None:
    """Reverse-continue to step 0 stops at the steps of ``expected`` before the current one,
    latest first."""
    end, found = s.steps, []
    while (outcome := s.reverse_continue()).reason is Stop.BREAKPOINT:
        found.append(outcome.step)
    assert outcome.reason is Stop.START and s.steps == 0
    assert found == [step for step in reversed(expected) if step < end]


# ----- per-language tables --------------------------------------------------------------------
class Case(NamedTuple):
    """A language's example, a condition over its state names with the same test read off the
    machine, and its data locations (one of each kind of memory it has) with their values read
    off the machine."""

    program: Program
    condition: str
    holds: Callable[[Any], bool]
    data: dict[str, tuple[Program, Callable[[Any], Any]]]


def _tape(i: int):
    return lambda m: m.tape[i] if i < len(m.tape) else 0


FIFTEEN_STORE = Program("store.15", "0,1,2\n\n>?,>=,<_\n", input="7\n")
LABYRINTH_AUX = Program("aux.lab", '{)}"\n"  "\n""""\n')  # a ring counting on the auxiliary stack
CASES = {
    "fifteen": Case(
        Program("99.15"), "acc < 95 and mem[0] == acc and steps == step and pos[0] == 2 and len(cmd) == 2",
        lambda m: m.memory[0] < 95 and m.location().row == 2,
        {"acc": (Program("99.15"), lambda m: m.memory[0]), "mem[2]": (FIFTEEN_STORE, lambda m: m.memory[2]),
         "pos": (Program("99.15"), lambda m: tuple(m.location())[1:]),
         "puzzle(2,4)": (Program("99.15"), lambda m: m.board[2 * m.cols + 4])}),
    "messiscript": Case(
        Program("fibonacci.messi", input="5\n"), "cell >= 3 and tape[pos] == cell and clip >= 1 and len(tape) > 2",
        lambda m: m.tape[m.pos] >= 3 and m.clip >= 1 and len(m.tape) > 2,
        {"tape[2]": (Program("fibonacci.messi", input="5\n"), _tape(2)),
         "tape[5]": (Program("fibonacci.messi", input="5\n"), _tape(5)),
         "cell": (Program("fibonacci.messi", input="5\n"), lambda m: m.tape[m.pos]),
         "pos": (Program("fibonacci.messi", input="5\n"), lambda m: m.pos),
         "clip": (Program("fibonacci.messi", input="5\n"), lambda m: m.clip)}),
    "ttg": Case(
        Program("four_ways.ttg"),
        "keystroke >= 8 and D in 'LURD' and k >= 1 and main[0, 2] is not None and memory1 == memory1 "
        "and memory2[0, 0] == memory2[0, 0] and memory3 is not None and len(output) >= 5",
        lambda m: m.key_index >= 8 and m.main.get((0, 2)) is not None and len(m.output.text()) >= 5,
        {"main(0,2)": (Program("four_ways.ttg"), lambda m: m.main.get((0, 2))),
         "memory1(0,0)": (Program("four_ways.ttg"), lambda m: m.m1.get((0, 0))),
         "memory1(1,0)": (Program("wow.txt"), lambda m: m.m1.get((1, 0))),
         "D": (Program("four_ways.ttg"), lambda m: m.D), "k": (Program("four_ways.ttg"), lambda m: m.k)}),
    "stoned-go": Case(
        Program("chain_reaction.sgo"), "stones >= 5 and stone[x, y] is not None and flag == 'horizontal' "
                                       "and depth == 0 and captures == 0",
        lambda m: len(m.board) >= 5 and pack(m.x, m.y) in m.board and m.h and m.depth == 0 and m.captures == 0,
        {"board(3,0)": (Program("chain_reaction.sgo"),
                        lambda m: ("black", "white")[m.board[pack(3, 0)][0]] if pack(3, 0) in m.board else None),
         "x": (Program("chain_reaction.sgo"), lambda m: m.x), "y": (Program("ladder.sgo"), lambda m: m.y),
         "flag": (Program("chain_reaction.sgo"), lambda m: m.h)}),
    "scrabble": Case(
        Program("loop.scrabble"), "cell < 40 and stack[pointer] == cell and word is not None and score >= 0 "
                                  "and depth == 0 and pointer >= 0",
        lambda m: m.stack[m.pointer] < 40 and m.pc < m.listed() and m.depth == 0,
        {"stack[1]": (Program("loop.scrabble"), lambda m: m.stack[1] if len(m.stack) > 1 else 0),
         "cell": (Program("loop.scrabble"), lambda m: m.stack[m.pointer]),
         "pointer": (Program("loop.scrabble"), lambda m: m.pointer),
         "depth": (Program("loop.scrabble"), lambda m: m.depth),
         "board(H7)": (Program("loop.scrabble"), lambda m: m.program.plays[0].placed[0].letter
                        if m.acts and any((t.y, t.x) == (6, 7) for t in m.program.plays[0].placed) else None)}),
    "befunge93": Case(
        Program("sieve.b93"), "step > 2000 and depth >= 1 and stack[0] == stack[0] and pos[1] < 25 "
                              "and mode == False and space[0, 0] == 49 and len(cmd) <= 1",
        lambda m: m.steps > 2000 and len(m.stack) >= 1 and not m.smode,
        {"stack[0]": (Program("sieve.b93"), lambda m: m.stack[-1] if m.stack else 0),
         "space(6,10)": (Program("sieve.b93"), lambda m: m.space[10 * 80 + 6]),
         "pos": (Program("sieve.b93"), lambda m: (m.x, m.y)), "delta": (Program("sieve.b93"), lambda m: (m.dx, m.dy)),
         "mode": (Program("hello.b93"), lambda m: m.smode)}),
    "befunge98": Case(
        Program("threads.b98"), "step > 100 and ips >= 2 and ip in (0, 1, 2) and stacks == 1 "
                                "and offset == (0, 0) and depth >= 0",
        lambda m: m.steps > 100 and len(m.ips) >= 2,
        {"stack[0]": (Program("threads.b98"), lambda m: m.ip.peek(0) if m.ips else 0),
         "space(3,7)": (Program("threads.b98"), lambda m: m.space.get(3, 7)),
         "pos": (Program("threads.b98"), lambda m: (m.ip.x, m.ip.y) if m.ips else None),
         "offset": (Program("stacks.b98"), lambda m: (m.ip.ox, m.ip.oy) if m.ips else (0, 0)),
         "ip": (Program("threads.b98"), lambda m: m.ip.id if m.ips else None)}),
    "hexagony": Case(
        Program("countdown.hxg"), "mem[0, 0, 'E'] < 5 and mp == 10 and ip == 0 and dir == 'NE' and left == 0 "
                                  "and right == 0 and edge == (0, 0, 'NE') and cw == False and len(ips) == 6 "
                                  "and pos == (1, 0) and cmd == '>'",
        lambda m: m.edge(0, 0, 1) < 5 and m.value() == 10 and m.active == 0 and m.ips[0] == (1, 0, 5)
        and (m.mq, m.mr, m.md, m.mcw) == (0, 0, 0, 0),
        {"mp": (Program("countdown.hxg"), lambda m: m.value()),
         "left": (Program("squares.hxg"), lambda m: m.edge(*m.neighbour(False))),
         "right": (Program("squares.hxg"), lambda m: m.edge(*m.neighbour(True))),
         "mem[0,0,E]": (Program("countdown.hxg"), lambda m: m.edge(0, 0, 1)),
         "pointer": (Program("squares.hxg"), lambda m: (m.mq, m.mr, ("NE", "E", "SE")[m.md], bool(m.mcw))),
         "ip": (Program("six_ips.hxg"), lambda m: m.active),
         "ip0": (Program("countdown.hxg"), lambda m: m.ips[0][:2] + (("E", "SE", "SW", "W", "NW", "NE")[m.ips[0][2]],))}),
    "fish": Case(
        Program("rewrite.fish"), "step > 20 and depth == 1 and len(stack) >= 1 and ip[1] == 0 and mode is None "
                                 "and not skip and code[0, 0] >= 49 and register is None and dir == (1, 0)",
        lambda m: m.steps > 20 and len(m.stack) >= 1 and m.box.get(0, 0) >= 49,
        {"stack[0]": (Program("rewrite.fish"), lambda m: m.stack[0] if m.stack else None),
         "stack[-1]": (Program("counter.fish"), lambda m: m.stack[-1] if m.stack else None),
         "code(0,0)": (Program("rewrite.fish"), lambda m: m.box.get(0, 0)),
         "ip": (Program("counter.fish"), lambda m: (m.x, m.y)), "dir": (Program("counter.fish"), lambda m: (m.dx, m.dy)),
         "register": (Program("stacks.fish"), lambda m: m.regs[-1]),
         "depth": (Program("stacks.fish"), lambda m: len(m.regs))}),
    "brainfuck": Case(
        Program("triangle.b"), "cell >= 2 and tape[ptr] == cell and ptr >= 1 and steps == step and depth >= 1",
        lambda m: m.tape[m.ptr] >= 2 and m.ptr >= 1 and m.program.depths[m.pc] >= 1,
        {"tape[3]": (Program("triangle.b"), _tape(3)), "tape(1)": (Program("triangle.b"), _tape(1)),
         "tape[4]": (Program("binary.b"), _tape(4)), "ptr": (Program("triangle.b"), lambda m: m.ptr)}),
    "aheui": Case(
        Program("countdown.aheui"), "top is not None and top < 7 and depth >= 1 and selected == 'none' "
                                    "and speed == 1 and dir in ('right', 'left', 'up', 'down') and pos[1] >= 1 "
                                    "and size['none'] == depth and storage['none'][0] == top and last == 0 "
                                    "and len(cmd) == 1",
        lambda m: m.peek(m.sel, 0) is not None and m.peek(m.sel, 0) < 7,
        {"storage(0,0)": (Program("countdown.aheui"), lambda m: m.peek(0, 0)),
         "size[0]": (Program("countdown.aheui"), lambda m: m.size(0)),
         "storage(21,0)": (Program("storages.aheui"), lambda m: m.peek(21, 0))}),
    "labyrinth": Case(
        Program("counter.lab"), "top > 3 and depth >= 1 and main[0] == top and aux[0] == 0 and aux_depth == 0 "
                                "and dir in 'NESW' and pos[1] <= 2 and neighbours >= 1 and maze[0, 0] == ')' "
                                "and width == 12 and height == 3 and len(cmd) == 1",
        lambda m: (m.main[-1] if m.main else 0) > 3,
        {"main[0]": (Program("counter.lab"), lambda m: m.main[-1] if m.main else 0),
         "main[1]": (Program("counter.lab"), lambda m: m.main[-2] if len(m.main) > 1 else 0),
         "aux[0]": (LABYRINTH_AUX, lambda m: m.aux[-1] if m.aux else 0),
         "depth": (Program("counter.lab"), lambda m: len(m.main)),
         "ip": (Program("conveyor.lab"), lambda m: (m.x, m.y, "NESW"[m.d])),
         "maze(11,2)": (Program("conveyor.lab"), lambda m: chr(abs(m.grid[2 * m.width + 11])))}),
    "piet": Case(
        Program("countdown.png"), "depth >= 1 and top <= 3 and stack[0] == top and dp in ('right', 'down', 'left', "
                                  "'up') and cc in ('left', 'right') and size >= 1 and pos[0] >= 0 "
                                  "and len(colour) >= 3 and len(command) >= 3",
        lambda m: len(m.stack) >= 1 and m.stack[-1] <= 3,
        {"stack[0]": (Program("countdown.png"), lambda m: m.stack[-1] if m.stack else None),
         "stack[1]": (Program("countdown.png"), lambda m: m.stack[-2] if len(m.stack) > 1 else None),
         "depth": (Program("countdown.png"), lambda m: len(m.stack)),
         "dp": (Program("countdown.png"), lambda m: ("right", "down", "left", "up")[m.dp]),
         "ip": (Program("countdown.png"), lambda m: (m.pos % m.width, m.pos // m.width,
                                                     ("right", "down", "left", "up")[m.dp], ("left", "right")[m.cc]))}),
}


def _moved_past_an_edge(e, d, q) -> bool:
    """Whether a pointer that ran at ``e`` and stands at ``q`` with delta ``d`` came there by a
    wrap: without one it stands ``k`` ≥ 1 deltas on (a jump, spaces passed in string mode)."""
    (ex, ey), (dx, dy), (qx, qy) = e, d, q
    if (dx, dy) == (0, 0):
        return False
    k = (qx - ex) // dx if dx else (qy - ey) // dy
    return not (k >= 1 and (ex + k * dx, ey + k * dy) == (qx, qy))


def _befunge93_events(m, record) -> set[str]:
    x, y, dx, dy, smode = record.before.registers[:5]
    found = set()
    i = y * 80 + x
    cmd = next((c.old for c in record.changes if c.store == "space" and c.key == i), m.space[i])
    if record.stop is None and _moved_past_an_edge((x, y), (m.dx, m.dy), (m.x, m.y)):
        found.add("wrap")
    if not smode and cmd == ord("p"):
        stack = list(m.stack)  # the stack before the step: its changes undone
        for change in sorted((c for c in record.changes if c.store == "stack"), key=lambda c: -c.key):
            if change.old is MISSING:
                del stack[change.key]
            else:
                stack.extend([None] * (change.key + 1 - len(stack)))
                stack[change.key] = change.old
        py = stack[-1] if stack else 0
        px = stack[-2] if len(stack) > 1 else 0
        if 0 <= px < 80 and 0 <= py < 25:
            found.add("write")
    return found


def _befunge98_events(m, record) -> set[str]:
    ips, current = record.before.registers[:2]
    ran = ips[current]
    before_ids, after_ids = {state[0] for state in ips}, {ip.id for ip in m.ips}
    found = set()
    if after_ids - before_ids:
        found.add("split")
    if before_ids - after_ids:
        found.add("death")
    at = (record.at.col, record.at.row)
    store, index = m.space.key(*at)
    cmd = next((c.old for c in record.changes if c.store == store and c.key == index), m.space.get(*at))
    if any(m.space.cell(c.store, c.key) is not None for c in record.changes) \
            or not ran[7] and cmd in (ord("p"), ord("s")):
        found.add("write")
    after = next((ip for ip in m.ips if ip.id == ran[0]), None)
    if after is not None and record.stop is None and _moved_past_an_edge(at, (after.dx, after.dy), (after.x, after.y)):
        found.add("wrap")
    # A reflection: the delta reversed by no instruction that turns (nor by k or a fingerprint).
    if after is not None and (after.dx, after.dy) == (-ran[3], -ran[4]) != (0, 0) \
            and chr(cmd) not in "<>^v_|?[]wxk" and not 65 <= cmd <= 90:
        found.add("reflect")
    return found


HEX_VECTORS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # E SE SW W NW NE, axial (dq, dr)


def _hexagony_hop(n: int, q: int, r: int, d: int, positive: bool) -> tuple[int, int, str]:
    """One move from axial (q, r) in direction d, written from the spec's W1-W3 in cube
    coordinates: ``(q, r, how)``, how ``""``, ``"wrap"`` or ``"corner"``."""
    dq, dr = HEX_VECTORS[d]
    x, z = q + dq, r + dr
    if n == 1:
        return 0, 0, "wrap"
    out = [i for i, v in enumerate((x, -x - z, z)) if abs(v) >= n]
    if not out:
        return x, z, ""
    if len(out) == 1:
        pivot = out[0]
    else:
        pivot = {(0, 1): 0, (0, 2): 2, (1, 2): 1}[tuple(out)]
        pivot = pivot if positive else (pivot + 1) % 3
    cube = [-q, q + r, -r]
    i, j = [k for k in range(3) if k != pivot]
    cube[i], cube[j] = cube[j], cube[i]
    return cube[0], cube[2], "corner" if len(out) == 2 else "wrap"


def _hexagony_events(m, record) -> set[str]:
    ips, ran = record.before.registers[4], record.before.registers[5]
    found = {"switch"} if m.active != ran and record.stop is None else set()
    if record.stop is not None:
        return found
    n = m.program.size
    row, col, _ = ips[ran]
    q, r = col - min(row, n - 1), row - (n - 1)
    d = m.ips[ran][2]  # the direction the command left it
    c = m.program.cells[m.program.hexagon.index(row, col)]
    for _ in range(2 if c == "$" else 1):  # $ moves once more first, wrapping the same way (W4)
        q, r, how = _hexagony_hop(n, q, r, d, m.value() > 0)
        found |= {"wrap", "corner"} if how == "corner" else {how} if how else set()
    return found


def _fish_events(m, record) -> set[str]:
    x, y, _, _, smode, skip = record.before.registers[:6]
    if record.stop is not None:
        return set()  # a halt or an error moves nothing
    where = m.box.key(x, y)  # the store and key of the cell that ran: its value before the step
    cell = next((c.old for c in record.changes if (c.store, c.key) == where), m.box.get(x, y))
    ran = chr(int(cell)) if cell is not MISSING and 0 < int(cell) < 0x110000 and not skip and not smode else " "
    if ran == ".":
        return {"jump"}  # the jump's own move is no wrap
    found = {"write"} if ran == "p" else set()
    return found | {"wrap"} if _moved_past_an_edge((x, y), (m.dx, m.dy), (m.x, m.y)) else found


def _labyrinth_events(m, record) -> set[str]:
    """A rotation ran (its command under the pointer before the step); the way was chosen at a
    junction (three or four open neighbours where the pointer stood after the command), or at
    random (a left and a right corridor and a zero top); the pointer stalled (it stands where no
    corridor leads on: it only ever stands on a command, so it cannot have moved there)."""
    if record.stop is not None:
        return set()
    x0, y0, d0 = record.before.registers[:3]
    w, h = m.width, m.height
    i0 = y0 * w + x0
    cmd = next((c.old for c in record.changes if c.store == "grid" and c.key == i0), m.grid[i0])

    def open_at(x: int, y: int) -> list[int]:
        return [d for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0)))
                if 0 <= x + dx < w and 0 <= y + dy < h and m.grid[(y + dy) * w + x + dx] > 0]

    found = {"shift"} if chr(cmd) in "<>^v" else set()
    if not open_at(m.x, m.y):
        return found | {"stall"}
    here = open_at(m.x - (0, 1, 0, -1)[m.d], m.y - (-1, 0, 1, 0)[m.d])
    top = m.main[-1] if m.main else 0
    if len(here) >= 3:
        found.add("junction")
    elif sorted(here) == sorted([(d0 + 1) % 4, (d0 + 3) % 4]) and top == 0:
        found.add("random")
    return found


def _piet_events(m, record) -> set[str]:
    """The events of the step, told by the view's explanation of its move (explain.move)."""
    from esodbg.engines.piet.explain import move

    if record.stop is Stop.ERROR:
        return set()
    pos, dp, cc = record.before.registers[:3]
    told = move(m, pos, dp, cc).events
    found = set()
    for event in told:
        if event.startswith("toggle CC"):
            found.add("toggle")
            if "rotate DP" in event:
                found.add("rotate")
        elif event.startswith("rotate DP"):
            found.add("rotate")
        elif event.startswith("slide"):
            found.add("slide")
        elif event.startswith("stop in white"):
            found.add("white_stop")
        elif event.startswith("turn in white"):
            found.add("turn")
        elif event == "retrace: end":
            found.add("retrace")
    if record.stop is Stop.HALTED and move(m, m.pos, m.dp, m.cc).events[-1:] == ("retrace: end",):
        found.add("retrace")  # the next move retraces: this step was the last
    before = record.before.registers
    counters = ("ignored", "divide_by_zero", "end_of_input")
    for name, index in zip(counters, (10, 11, 12)):
        if getattr(m, {"ignored": "ignored", "divide_by_zero": "zero_divisions", "end_of_input": "input_ends"}[name]) \
                != before[index]:
            found.add(name)
    return found


def _ttg_events(m, record) -> set[str]:
    event, found = m.event, set()
    if type(event) is Update and event.new:
        found.add("grow")
    if type(event) is Exec and event.mode == "run":
        for op in event.ops:
            if type(op) in (NewMain, NewMemory1) and op.how == "grow" and op.cells:
                found.add("grow")
            if type(op) is NewMain and op.how == "rotate":
                found.add("rotate")
            if type(op) is Save:
                found.add("save")
    if type(event) is Undo:
        found.add("restore")
    if type(event) in (Swap, SwapMemory2):
        found.add("swap")
    return found


def _stoned_go_events(m, record) -> set[str]:
    kinds = {entry["event"] for entry in m.step_events[1]}
    return {name for name, kind in (("capture", "capture"), ("trigger", "trigger_start")) if kind in kinds}


def _scrabble_events(m, record) -> set[str]:
    pc, _, depth, acts, _, _ = record.before.registers
    if m.acts != acts:
        kind, index = m.program.actions[acts]
        return {"bingo"} if kind == "place" and m.program.plays[index].bingo else set()
    printed = m.program.words[pc].text == "PRINT" and not depth and record.stop is not Stop.ERROR
    return {"print"} if printed else set()


# What a language's own events are, read off a step (the generic ones come from the record).
EVENTS = {
    "fifteen": lambda m, record: {"solved"} if record.stop is Stop.HALTED else set(),
    "messiscript": lambda m, record: set(),
    "ttg": _ttg_events,
    "stoned-go": _stoned_go_events,
    "scrabble": _scrabble_events,
    "befunge93": _befunge93_events,
    "befunge98": _befunge98_events,
    "hexagony": _hexagony_events,
    "fish": _fish_events,
    "brainfuck": lambda m, record: set(),
    "labyrinth": _labyrinth_events,
    "piet": _piet_events,
}
# Programs where an event no example has happens (runtime errors, mostly).
EXTRA = {
    "fifteen": [Program("truth.15"), FIFTEEN_STORE],
    "messiscript": [Program("calculadora.messi", input="1\n2\n")],
    "ttg": [Program("cap.ttg", "abcdefghijkl", {"max_cells": 12})],
    "stoned-go": [Program("chain_reaction.sgo", options={"max_depth": 1})],
    "scrabble": [Program("prev.scrabble", "PREV 0,0 across")],
    "befunge93": [Program("zero.b93", "1.2.70%3.@\n")],  # the spec's division by zero
    # A child IP erases the cell its parent stands on with delta (0, 0): no instruction, ever.
    "befunge98": [Program("erase.b98", "t00x    @p03*48\n"), Program("read.b98", "~.@\n", input="7\n"),
                  Program("wrap.b98", "<@.1\n"),  # west from x = 0: back at the east edge
                  Program("reflect.b98", "1r.@\n")],  # r turns the pointer back, through the 1 to the @
    "hexagony": [Program("zero.hxg", "1!:"), Program("read.hxg", ",;?!@", input="7 8\n"),
                 Program("skips.hxg", "$)$(<$:@...........")],  # a division by zero; input; $ over edges
    "fish": [Program("smell.fish", "1n+\n"), Program("down.fish", "v\n1\nn\n"),  # an error; a column wraps
             Program("left.fish", "<;n3\n")],  # left from x = 0: back at the row's end
    "brainfuck": [Program("left.b", "+++.<"), Program("read.b", ",.,.", input="7\n"),
                  Program("overflow.b", "+[+]", {"overflow": "error"})],
    "labyrinth": [Program("zero.lab", "12!_/@\n"),  # division by zero (R1)
                  Program("stall.lab", "1\n"),  # no corridor: the pointer stays (D1)
                  Program("random.lab", "_v2\n3 !\n\"!@\n")],  # a rotation leaves it between left and right (D6)
    "piet": [Program("trap.apiet", "ttle??\n"),  # a white dead end: stops in white, turns, loops (W1)
             Program("div.apiet", "ldtbas??d@\n       dd@\n"),  # push 1, push 0, divide: 99999999
             Program("zero.apiet", "ldtbq??d@\n      dd@\n"),  # push 1, push 0, mod: mod by zero (R1)
             Program("retrace.apiet", "ld?\n  ?\n", {"dialect": "spec"}),  # push, then a slide that retraces (W2)
             Program("read.apiet", "lqbf??d@\n     dd@\n", input="7\n"),  # in(number) twice: the second at the end
             Program("spec.apiet", "ttle??\n", {"dialect": "spec"})],
}


def events_of(language: Language, m, record) -> set[str]:
    found = {name for name, happened in (("output", record.output), ("input", record.input_used),
                                         ("error", record.stop is Stop.ERROR)) if happened}
    return found | EVENTS[language.name](m, record)


def loadable(language: Language) -> list[Program]:
    found = []
    for path in examples_of(language):
        try:
            load(language, Program(path.name))
        except ParseError:
            continue
        found.append(Program(path.name, input="1\n2\n"))
    return found + EXTRA.get(language.name, [])


def case(language: Language) -> Case:
    if language.name not in CASES:
        pytest.skip(f"no power-debugging case for {language.name}")
    return CASES[language.name]


def busiest(language: Language, program: Program) -> tuple[Location, str, list[int]]:
    """The location and kind of touch a breakpoint can go on that the run arrives at most often,
    and the steps it does (a machine also lists touches only the core's watch stops use: a
    Hexagony edge's write)."""
    rows = oracle(language, program)
    counts: dict = {}
    for row in rows:
        for touch in row.touches:
            if touch[1] in language.breakpoint_kinds and language.breakable(touch[0]) is None:
                counts.setdefault(touch, []).append(row.step)
    (at, kind), steps = max(counts.items(), key=lambda item: len(item[1]))
    return at, kind, steps


def first_program(language: Language) -> Program:
    return CASES[language.name].program if language.name in CASES else loadable(language)[0]


# ----- declarations -----------------------------------------------------------------------------
@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_declared_names_are_the_state_and_evaluate(language):
    s = session(language, first_program(language))
    assert list(s.names) == [name.name for name in language.all_names]
    for _ in range(3):
        for name in s.names:
            s.evaluate(name)  # every name has a value at every step
        s.step(7)
    assert s.evaluate("step") == s.steps and s.evaluate("output_length") == s.output.length


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_declared_events_have_counters_and_unknown_ones_are_refused(language):
    s = session(language, first_program(language))
    for event in language.all_events:
        s.breakpoints.set(EventRef(event.name))  # every declared event can be broken at
    with pytest.raises(ValueError, match="no event"):
        s.breakpoints.set(EventRef("no-such-event"))
    assert len(s.breakpoints) == len(language.all_events)


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_the_docs_page_documents_every_name_data_location_and_event(language):
    text = (ROOT / language.docs).read_text("utf-8")
    for item in (*language.names, *language.data_locations, *language.events):
        assert f"`{item.name}`" in text, f"{language.docs} does not document {item.name}"


# ----- conditions ----------------------------------------------------------------------------------
@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_a_condition_on_the_language_names_stops_where_it_holds(language):
    c = case(language)
    at, kind, arrivals = busiest(language, c.program)
    expected = [row.step for row in oracle(language, c.program, lambda m, r: c.holds(m))
                if (at, kind) in row.touches and row.values[0]]
    assert expected and expected[0] > arrivals[0], "the condition must pass over some arrivals"
    s = session(language, c.program)
    bp = s.breakpoints.set(at, {kind}, condition=c.condition)
    forward = stops(s)
    assert forward == expected
    assert bp.hits(s.steps) == len(expected)  # a hit is an arrival where the condition held (gdb, VS Code)
    assert_reverse_stops(s, expected)


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_a_bad_expression_is_an_error_when_set_and_changes_nothing(language):
    s = session(language, first_program(language))
    at, kind, _ = busiest(language, first_program(language))
    s.breakpoints.set(at, {kind}, condition="step > 1")
    version = s.breakpoints.version
    for bad in ({"condition": "no_such_name > 1"}, {"condition": "step >"}, {"condition": "__import__('os')"},
                {"condition": "open('f')"}, {"hit_condition": "0"}, {"hit_condition": "> x"},
                {"log_message": "unbalanced {step"}, {"log_message": "{nope}"}):
        with pytest.raises(ExpressionError):
            s.breakpoints.set(at, {kind}, **bad)
    assert s.breakpoints.version == version and s.breakpoints.get(at).condition.text == "step > 1"
    with pytest.raises(ExpressionError, match="unknown name 'nope'"):
        s.watches.add("nope + 1")


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_a_failing_expression_at_runtime_stops_with_its_message(language):
    program = first_program(language)
    at, kind, arrivals = busiest(language, program)
    s = session(language, program)
    s.breakpoints.set(at, {kind}, condition="step // (step - step)")
    outcome = s.continue_()
    assert (outcome.reason, outcome.step) == (Stop.BREAKPOINT, arrivals[0])
    assert "ZeroDivisionError" in outcome.message and outcome.message.startswith("condition failed")
    s = session(language, program)
    s.breakpoints.set(at, {kind}, log_message="at {step}: {step // 0}")
    outcome = s.continue_()
    assert (outcome.reason, outcome.step) == (Stop.BREAKPOINT, arrivals[0]) and "log message failed" in outcome.message
    assert not s.log


# ----- hit conditions, hit counts on the timeline, log points ------------------------------------
@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_hit_conditions_count_every_arrival(language):
    program = first_program(language)
    at, kind, arrivals = busiest(language, program)
    assert len(arrivals) >= 4
    for hit, expected in (("3", arrivals[2:3]), (">= 2", arrivals[1:]), ("% 2", arrivals[1::2])):
        s = session(language, program)
        bp = s.breakpoints.set(at, {kind}, hit_condition=hit)
        assert stops(s) == expected, hit
        assert [bp.hits(step) for step in expected] == [arrivals.index(step) + 1 for step in expected]
        assert_reverse_stops(s, expected)


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_hit_counts_belong_to_the_timeline_and_restart_resets_them(language):
    program = first_program(language)
    at, kind, arrivals = busiest(language, program)
    s = session(language, program)
    bp = s.breakpoints.set(at, {kind})
    for _ in range(3):
        s.continue_()
    assert s.steps == arrivals[2] and bp.hits(s.steps) == 3
    s.step_back()
    assert bp.hits(s.steps) == 2
    s.goto(arrivals[3])  # goto counts the arrivals it passes and reaches (and does not stop there)
    assert s.steps == arrivals[3] and bp.hits(s.steps) == 4
    s.goto(0)
    s.goto(arrivals[3])  # the same arrivals again: not counted twice
    assert bp.hits(s.steps) == 4 and list(bp.arrivals) == arrivals[:4]
    fresh = s.restarted()
    assert fresh.breakpoints.get(at).hits(arrivals[3]) == 0 and fresh.steps == 0
    assert fresh.continue_().step == arrivals[0] and fresh.breakpoints.get(at).hits(arrivals[0]) == 1


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_log_points_log_with_their_step_and_do_not_stop(language):
    program = first_program(language)
    at, kind, arrivals = busiest(language, program)
    s = session(language, program)
    heard = []
    s.on_log = heard.append
    s.breakpoints.set(at, {kind}, log_message="at {step} {{literally}} out={output_length}")
    outcome = s.continue_()
    assert outcome.reason is not Stop.BREAKPOINT
    assert [entry.step for entry in s.log] == arrivals and heard == list(s.log)
    assert s.log[0].text == f"at {arrivals[0]} {{literally}} out={s.log[0].text.split('out=')[1]}"
    s = session(language, program)  # a log point with a condition and a hit condition logs when they pass
    s.breakpoints.set(at, {kind}, log_message="{step}", condition=f"step > {arrivals[0]}", hit_condition="% 2")
    s.continue_()
    assert [entry.text for entry in s.log] == [str(step) for step in arrivals[1:][1::2]]  # every 2nd hit


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_hits_are_the_arrivals_where_the_condition_held(language):
    program = first_program(language)
    at, kind, arrivals = busiest(language, program)
    held = arrivals[2:]  # the condition below holds from the third arrival on
    s = session(language, program)
    bp = s.breakpoints.set(at, {kind}, condition=f"step >= {arrivals[2]}", hit_condition="2")
    assert stops(s) == [held[1]]  # the second hit, not the second arrival
    assert [bp.hits(step) for step in arrivals[:4]] == [0, 0, 1, 2]
    s = session(language, program)  # goto counts hits the same way, and the timeline keeps them
    bp = s.breakpoints.set(at, {kind}, condition=f"step >= {arrivals[2]}")
    s.goto(arrivals[3])
    assert list(bp.arrivals) == arrivals[2:4] and bp.hits(s.steps) == 2
    kept = s.breakpoints.set(at, {kind}, condition=f"step >= {arrivals[2]}", hit_condition="% 2")
    assert kept.hits(s.steps) == 2  # the same condition: the same hits
    other = s.breakpoints.set(at, {kind}, condition="True")
    assert other.hits(s.steps) == 0  # another condition: other hits, counted from now
    s.breakpoints.set(at, {kind}, condition=f"step >= {arrivals[2]}")
    s.goto(arrivals[3])
    s.breakpoints.set_condition(at, "step > 0")
    assert s.breakpoints.get(at).hits(s.steps) == 0


# ----- data breakpoints ---------------------------------------------------------------------------
DATA_CASES = [pytest.param(language, name, id=f"{language.name}-{name}")
              for language in LANGUAGES for name in CASES.get(language.name, Case(None, "", None, {})).data]


@pytest.mark.parametrize("language, name", DATA_CASES)
def test_a_data_breakpoint_stops_after_each_step_that_changes_its_location(language, name):
    program, read = CASES[language.name].data[name]
    rows = oracle(language, program, lambda m, r: read(m))
    start = read(session(language, program).machine)
    values = [start] + [row.values[0] for row in rows]
    expected = [row.step for i, row in enumerate(rows) if values[i + 1] != values[i]]
    assert expected, f"{name} never changes in {program.name}: the test proves nothing"
    s = session(language, program)
    bp = s.breakpoints.set(DataRef(language.data_location(name)))
    first = s.continue_()
    assert first.message.startswith(f"{language.data_location(name)}: ") and " → " in first.message
    assert [first.step] + stops(s) == expected
    assert bp.hits(s.steps) == len(expected)
    assert_reverse_stops(s, expected)


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_a_data_location_the_program_lacks_is_refused_when_set(language):
    s = session(language, first_program(language))
    for bad in ("no_such_register", "nope[3]", "nope(1,2)"):
        with pytest.raises(ValueError, match="not a data location"):
            s.breakpoints.set(DataRef(bad))
    with pytest.raises(ValueError, match="not a data location"):
        data_name("mem[")
    assert not len(s.breakpoints)


# ----- event breakpoints ------------------------------------------------------------------------------
EVENT_CASES = [pytest.param(language, program, id=f"{language.name}-{program.name}")
               for language in LANGUAGES if language.name in EVENTS for program in loadable(language)]


@pytest.mark.parametrize("language, program", EVENT_CASES)
def test_each_event_stops_exactly_at_the_steps_it_happens_forwards_and_backwards(language, program):
    rows = oracle(language, program, lambda m, r: events_of(language, m, r))
    for event in language.all_events:
        expected = [row.step for row in rows if event.name in row.values[0]]
        s = session(language, program)
        s.breakpoints.set(EventRef(event.name))
        assert stops(s) == expected, event.name
        assert_reverse_stops(s, expected)


@pytest.mark.parametrize("language", [pytest.param(language, id=language.name) for language in LANGUAGES
                                      if language.name in EVENTS])
def test_every_declared_event_happens_in_some_program(language):
    seen = set()
    for program in loadable(language):
        for row in oracle(language, program, lambda m, r: events_of(language, m, r)):
            seen |= row.values[0]
    assert seen == {event.name for event in language.all_events}


def test_breakpoints_of_every_kind_together_stop_at_whichever_comes_first():
    language = registry.by_name("fifteen")
    program = Program("99.15")
    rows = oracle(language, program, lambda m, r: bool(r.output), lambda m, r: m.memory[0])
    accs = [0] + [row.values[1] for row in rows]
    expected = [row.step for i, row in enumerate(rows)
                if row.values[0] or accs[i + 1] != accs[i] and accs[i + 1] % 10 == 0
                or (CellRef("puzzle", 2, 0), "exec") in row.touches and accs[i + 1] == 50]
    s = session(language, program)
    s.breakpoints.set(EventRef("output"))
    s.breakpoints.set(DataRef("acc"), condition="acc % 10 == 0")
    s.breakpoints.set(CellRef("puzzle", 2, 0), condition="acc == 50")
    assert stops(s) == expected
    assert_reverse_stops(s, expected)


# ----- run to cursor, cancel, spec ------------------------------------------------------------------
@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_run_to_cursor_stops_at_the_cursor_unless_a_breakpoint_comes_first(language):
    program = first_program(language)
    at, kind, arrivals = busiest(language, program)
    if kind not in language.default_kinds:
        pytest.skip("the busiest touch is not one a cursor stops at")
    # The cursor stops at any touch a breakpoint there would stop at (the default kinds).
    arrivals = [row.step for row in oracle(language, program)
                if any((at, kind) in row.touches for kind in language.default_kinds)]
    s = session(language, program)
    outcome = s.run_to(at)
    assert (outcome.reason, outcome.step) == (Stop.CURSOR, arrivals[0])
    s = session(language, program)
    s.breakpoints.set(EventRef("error"), condition="False")  # watched, never stopping: the cursor still works
    s.goto(arrivals[0])
    assert s.run_to(at).step == arrivals[1]


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_a_watched_continue_can_be_cancelled_and_reports_progress(language):
    s = Session(language, load(language, first_program(language)), "1\n2\n", True)
    s.breakpoints.set(EventRef("error"))
    cancel = threading.Event()
    cancel.set()
    assert s.continue_(cancel).reason is Stop.INTERRUPTED and s.steps == 0


@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_every_breakpoint_spec_reads_back_as_itself(language):
    s = session(language, first_program(language))
    view = s.first_view
    specs = [f"event:{event.name} if step > 3 hit >= 2 log at {{step}}" for event in language.all_events]
    if view.code is not None and language.code_breakpoints:
        specs.append(f"code:{len(view.code.steps)} if output_length == 0")
    for board in view.boards:
        if language.breakable(CellRef(board.name, 0, 1)) is not None:
            continue  # a board of data (Hexagony's memory) takes data breakpoints only
        kinds = "+".join(sorted(language.breakpoint_kinds))
        specs.append(f"cell:{board.name}:0,1/{kinds} hit % 3")
    for spec in specs:
        bp = parse_spec(spec, language, view).set_in(s.breakpoints)
        assert parse_spec(format_spec(bp, language), language, view) == parse_spec(spec, language, view)


@pytest.mark.parametrize("spec, error", [
    ("bogus:1", "a breakpoint is"), ("cell:nowhere:1,1", "no board"), ("cell:1", "'1' is not a cell: write ROW,COL"),
    ("cell:0,0/nokind", "no kind"), ("event:nope", "no event"), ("data:x[", "not a data location"),
    ("cell:0,0 if", "needs an expression"), ("cell:0,0 if 1 if 2", "given twice"), ("code:1", "no commands"),
])
def test_bad_specs_say_why(spec, error):
    language = registry.by_name("fifteen")
    with pytest.raises(SpecError, match=re.escape(error)):
        parse_spec(spec, language, session(language, Program("99.15")).first_view)


@pytest.mark.parametrize("language, spec, error", [
    ("fifteen", "cell:9,9", "(9, 9) is not on the board puzzle, which is 6 cells wide and 4 high, from (0, 0) to (3, 5): the "
                            "breakpoint could never stop"),
    ("ttg", "cell:memory2:3,0/data", "(3, 0) is not on the board memory2, which is 3 cells wide and 3 high, from (0, 0) to (2, 2)"),
    ("scrabble", "cell:board:15,3", "(15, 3) is not on the board board, which is 15 cells wide and 15 high, from A1 to O15"),
    ("scrabble", "cell:P8", "'P8' is not a square: write it as H8"),
    ("stoned-go", "cell:4", "'4' is not a point: write X,Y"),
])
def test_a_cell_breakpoint_that_can_never_stop_is_refused_with_the_boards_extent(language, spec, error):
    """Issue 33: a cell off a board that never grows can never stop; the spec says so (every
    front end reads specs with parse_spec: exec --break, record --until, the TUI's B, the DAP)."""
    language = registry.by_name(language)
    program = {"fifteen": Program("99.15"), "ttg": Program("wow.txt"), "stoned-go": Program("ladder.sgo"),
               "scrabble": Program("doug_v_emely.gcg")}[language.name]
    with pytest.raises(SpecError, match=re.escape(error)):
        parse_spec(spec, language, session(language, program).first_view)


@pytest.mark.parametrize("language, program, spec, note", [
    ("ttg", "wow.txt", "cell:main:9,-4", "(9, -4) is outside the board main now: the breakpoint stops once the "
                                         "board grows to it"),
    ("ttg", "wow.txt", "cell:main:1,1", None),
    ("stoned-go", "ladder.sgo", "cell:1000,-1000", None),  # an infinite board: every point is on it
    ("scrabble", "doug_v_emely.gcg", "cell:H8/word", None),
])
def test_a_cell_off_a_board_that_grows_is_taken_with_a_note(language, program, spec, note):
    language = registry.by_name(language)
    s = session(language, Program(program))
    read = parse_spec(spec, language, s.first_view)
    assert read.note == note
    read.set_in(s.breakpoints)
    assert [bp.at for bp in s.breakpoints] == [read.at]


def test_an_unreachable_cell_is_refused_by_the_editor_and_a_growing_ones_is_noted():
    """A DAP function breakpoint is a spec: one that could never stop comes back unverified with
    why, one outside a growing board verified with the note as its message."""
    from esodbg.app.dap.breakpoints import EditorBreakpoints
    from esodbg.app.positions import Positions

    for name, program, spec, verified, message in (
            ("fifteen", "99.15", "cell:9,9", False, "(9, 9) is not on the board puzzle"),
            ("ttg", "wow.txt", "cell:main:9,9", True, "(9, 9) is outside the board main now")):
        language = registry.by_name(name)
        s = session(language, Program(program))
        editor = EditorBreakpoints(language, s.machine.program, language.variables(s.machine),
                                   Positions(s.machine.program.source), {"name": program})
        [answer] = editor.set_function([{"name": spec}], s)
        assert answer["verified"] is verified and message in answer["message"]


@pytest.mark.parametrize("language", [pytest.param(language, id=language.name) for language in registry.languages()
                                      if not language.code_breakpoints])
def test_a_command_is_no_breakpoint_where_the_machine_stops_only_at_cells(language):
    """Stoned-Go's code pane lists its commands, but its machine stops at board points (D6): a
    breakpoint on a command would never stop, so it is refused, by spec and by the core."""
    s = session(language, first_program(language))
    with pytest.raises(SpecError, match="no commands to break at"):
        parse_spec("code:1", language, s.first_view)
    with pytest.raises(ValueError, match="go on board cells"):
        s.breakpoints.set(CodeRef(0))
    assert len(s.breakpoints) == 0


def test_spec_clauses_are_found_outside_strings_and_brackets():
    language = registry.by_name("messiscript")
    view = session(language, Program("hola_mundo.messi")).first_view
    spec = parse_spec("code:3 if 'x hit y' != str(tape[0:2]) hit % 4 log {[step, 'log']} logged", language, view)
    assert spec.condition == "'x hit y' != str(tape[0:2])" and spec.hit_condition == "% 4"
    assert spec.log_message == "{[step, 'log']} logged"
    with pytest.raises(SpecError, match="from 1 to"):
        parse_spec("code:100000", language, view)


# ----- watches ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", BY_LANGUAGE)
def test_watches_show_the_value_at_this_stop_and_the_previous_one(language):
    s = session(language, first_program(language))
    watches = [s.watches.add(name.name) for name in language.all_names] + [s.watches.add("step // 0")]
    step, failing = watches[0], watches[-1]
    assert step.current.value == 0 and step.previous is None and not step.changed
    before = [watch.current for watch in watches]
    s.step(3)
    assert [watch.previous for watch in watches] == before
    assert step.current.value == 3 and step.changed
    assert failing.current.error and "ZeroDivisionError" in failing.current.text and not failing.changed
    s.step_back()
    assert step.previous.value == 3 and step.current.value == 2
    unchanged = [watch for watch in watches if watch.current == watch.previous]
    assert all(not watch.changed for watch in unchanged)
    s.watches.remove(failing)
    assert len(s.watches) == len(watches) - 1 and s.restarted().watches[0].text == "step"


def test_watched_containers_are_frozen_at_each_stop():
    language = registry.by_name("messiscript")
    s = session(language, Program("fibonacci.messi", input="5\n"))
    tape = s.watches.add("tape")
    s.continue_()  # to the end: the tape changed on the way
    assert isinstance(tape.previous.value, tuple) and tape.changed
    assert tape.current.value == tuple(s.machine.tape) != tape.previous.value


# ----- expressions --------------------------------------------------------------------------------------
def test_expressions_are_safe_and_read_only():
    names = {"tape": Cells([1, 2, 3], missing=0), "x": 5}
    for text in ("tape.append(4)", "x.__class__", "open('f')", "(y := 1)", "lambda: 1", "rand()"):
        with pytest.raises(ExpressionError):
            Expression(text, names)
    assert Expression("tape[5] + tape[-1] + len(tape) + tape.count(2)", names).evaluate(names) == 7
    assert Expression("[v * 2 for v in tape if v > 1]", names).evaluate(names) == [4, 6]
    assert Expression("x > -5 and f'{x}!' == '5!'", names).evaluate(names) is True
    with pytest.raises(EvaluationError, match="IndexError"):
        Expression("tape[-9]", names).evaluate(names)
    assert Message("{x} {{x}} {tape}", names).render(names) == "5 {x} [1, 2, 3]"
    assert show(Cells(list(range(1000)))).endswith("… 1,000 items]") and len(show("y" * 500)) == 60


def test_hit_condition_forms():
    assert [HitCondition.parse(text) for text in ("3", "== 3", ">=3", "% 2")] == [
        ("==", 3), ("==", 3), (">=", 3), ("%", 2)]
    hits = [n for n in range(7) if HitCondition.parse("% 3").test(n)]
    assert hits == [3, 6] and str(HitCondition.parse(">=3")) == ">= 3"
