"""Brainfuck in the debugger (spec ``brainfuck.md``, "What the debugger shows"; docs/brainfuck.md,
"In the debugger"): names and data locations, where a value came from (reads per command, a
counted loop's source cell), the writers a data breakpoint watches, the units of stepping both
ways, write breakpoints on tape cells, hover and symbols, the final state and the trace."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from esodbg.engines.base import CellRef, CodeRef, Stop
from esodbg.engines.breakpoints import DataRef
from esodbg.engines.debugger import Session
from esodbg.engines.provenance import INITIAL, NO_READS, chain
from esodbg.engines.registry import by_name

BF = by_name("brainfuck")


def session(text: str, data: str = "", **options) -> Session:
    return Session(BF, BF.parse(text, "t.b", options), data, True)


def at_command(s: Session, index: int) -> None:
    """Step until the next command is ``index``."""
    while s.machine.pc != index:
        assert s.step().reason is Stop.LIMIT


def test_names_read_the_state():
    s = session("++>+++[-<+>]")
    s.step(6)
    names = s.names
    assert (names["ptr"], names["cell"], names["steps"], names["depth"]) == (1, 3, 6, 0)
    assert names["tape"][0] == 2 and names["tape"][1] == 3 and names["tape"][50] == 0  # not reached: 0
    s.step()
    assert s.names["depth"] == 1  # inside the loop, after its [
    assert s.evaluate("tape[ptr] == cell and len(tape) == 2") is True


def test_data_locations_tape_in_both_forms_and_ptr():
    s = session(">+", tape_length=4)
    for text in ("tape[1]", "tape(1)", " tape[ 1 ] "):
        assert BF.data(s.machine, text)() == 0
    s.continue_()
    assert BF.data(s.machine, "tape(1)")() == 1 and BF.data(s.machine, "ptr")() == 1
    assert BF.data_location("tape( 1 )") == "tape(1)" and BF.data_location("tape[ 1 ]") == "tape[1]"
    with pytest.raises(ValueError, match="is not a data location here"):
        BF.data(s.machine, "tape[4]")  # past --tape-length
    with pytest.raises(ValueError):
        BF.data(s.machine, "cell[0]")


def test_reads_per_command():
    s = session("+>,<[->++<]")
    assert BF.reads(s.machine, "tape[0]") == ("tape[0]", "ptr")  # + makes the cell from itself
    s.step()
    assert BF.reads(s.machine, "ptr") == ("ptr",) and BF.reads(s.machine, "tape[1]") == ()  # >
    s.step()
    assert BF.reads(s.machine, "tape[1]") == ()  # , reads input: no location
    at_command(s, 5)  # the - of the counted loop [->++<] on its tested cell: from itself
    assert BF.reads(s.machine, "tape[0]") == ("tape[0]", "ptr")
    at_command(s, 7)  # the first + of ++, on cell 1: the loop's tested cell first
    assert BF.reads(s.machine, "tape[1]") == ("tape[0]", "tape[1]", "ptr")


def test_a_value_a_move_loop_made_comes_from_the_cell_it_moved():
    s = session("+++[->++<]>.")
    s.continue_()
    links, end = chain(s, "tape[1]")
    assert [(link.location, link.text) for link in links[:2]] == [("tape[1]", "+"), ("tape[0]", "-")]
    assert links[-1].location == "tape[0]" and links[-1].text == "+" and end.reason == INITIAL
    read = session(",[->+<]", "\x03")
    read.continue_()
    links, end = chain(read, "tape[1]", depth=40)
    assert end.reason == NO_READS and links[-1].text == ","  # back to the byte , read


def test_writers_are_the_commands_that_may_change_a_location():
    s = session("+>-<,.[]")
    assert BF.writers(s.machine, "tape[3]") == {CodeRef(0), CodeRef(2), CodeRef(4)}
    assert BF.writers(s.machine, "tape(3)") == {CodeRef(0), CodeRef(2), CodeRef(4)}
    assert BF.writers(s.machine, "ptr") == {CodeRef(1), CodeRef(3)}


def test_a_data_breakpoint_on_a_cell_stops_after_each_change_even_inside_folded_loops():
    s = session("++++[->+++<]>.")
    s.breakpoints.set(DataRef("tape[1]"))
    changes = []
    while s.continue_().reason is Stop.BREAKPOINT:
        changes.append(s.machine.tape[1])
    assert changes == list(range(1, 13))  # a stop after each + (4 passes of +++): the loop runs unfolded


def test_a_write_breakpoint_on_a_tape_cell_stops_before_each_write():
    s = session("+>++<[->+<]")
    s.breakpoints.toggle(CellRef("tape", 0, 1), frozenset({"write"}))
    stops = []
    while s.continue_().reason is Stop.BREAKPOINT:
        stops.append((s.machine.pc, s.machine.tape[1]))
        assert (CellRef("tape", 0, 1), "write") in set(s.machine.next_touches())
    assert stops == [(2, 0), (3, 1), (8, 2)]  # the two + of ++, then the loop's +


def test_units_forwards_and_back():
    """``+++[>+<-]>.``: over at the ``[`` runs the loop (back: before the ``[``); iteration from
    inside a pass runs to its ``]`` (back: where the pass began); out runs to the command after
    the loop (back, from inside the loop: before its ``[``); outside a loop each is one step."""
    out, over, iteration = range(3)
    s = session("+++[>+<-]>.")
    s.step(3)
    assert s.machine.pc == 3
    s.step(unit=over)
    assert (s.machine.pc, s.steps, s.machine.tape[:2]) == (9, 4 + 3 * 5, [0, 3])
    s.step_back(unit=over)
    assert (s.machine.pc, s.steps) == (3, 3)
    s.step(2)  # the [ and the first >: inside the first pass
    s.step(unit=iteration)
    assert (s.machine.pc, s.steps) == (8, 8)  # at the ] that ends the pass
    s.step(unit=iteration)
    assert (s.machine.pc, s.steps) == (8, 13)  # the next pass, to its ] again
    s.step_back(unit=iteration)
    assert (s.machine.pc, s.steps) == (4, 9)  # where the second pass began
    s.step_back(unit=iteration)
    assert (s.machine.pc, s.steps) == (4, 4)  # the first pass's start
    s.step_back(unit=iteration)
    assert (s.machine.pc, s.steps) == (3, 3)  # and before the loop
    s.step(2)
    s.step_back(unit=out)
    assert (s.machine.pc, s.steps) == (3, 3)
    s.step(2)
    s.step(unit=out)
    assert (s.machine.pc, s.steps) == (9, 19)
    s.step(unit=out)  # outside a loop: one command
    assert s.steps == 20


def test_hover_says_what_a_run_a_loop_and_a_scan_do():
    program = BF.parse("++++[->+++<]\n>[>]", "t.b")
    assert "the run `++++` adds 4 (4 steps)" in BF.hover(program, 1, 2)
    loop = BF.hover(program, 1, 5)
    assert "its match: `]` at line 1, column 12 (command 12)" in loop
    assert "a counted loop: with v in the cell, cell +1 gets +3v" in loop and "1 + v·7 steps" in loop
    assert "finds the nearest cell holding 0, 1 cell at a time to the right" in BF.hover(program, 2, 2)
    assert BF.hover(program, 2, 9) is None  # past the line's end
    comment = BF.parse("say + please", "t.b")
    assert BF.hover(comment, 1, 2) is None and BF.hover(comment, 1, 5).startswith("**`+`**")


def test_symbols_are_the_loops_nested_as_written():
    program = BF.parse("+[->[-]<]\n[.]", "t.b")
    outer, second = BF.symbols(program)
    assert (outer.name, outer.span.line, outer.span.col, outer.span.end_col) == ("[->[-]<]", 1, 2, 10)
    assert [child.name for child in outer.children] == ["[-]"] and second.name == "[.]"


def test_symbols_read_the_brackets_where_they_are_written_in_one_pass(monkeypatch):
    """The loops' spans are where each bracket is written (lines of comments, non-ASCII text
    before a bracket), read in one pass over the text: a 1 MB program's outline took 20–50 s when
    each bracket's line was counted from the start again (issue 44), and a hover waited for it."""
    text = "é comment ++[\n  ü [-] >]\n\nno commands\n[<]  ñ[[.]]\n"
    program = BF.parse(text, "t.b")
    expected = {i: program.span(i) for i, c in enumerate(program.code) if c in b"[]"}

    def walk(symbols):
        for symbol in symbols:
            yield symbol
            yield from walk(symbol.children)
    found = list(walk(BF.symbols(BF.parse(text, "t.b"))))
    assert len(found) == len(expected) // 2
    spans = {(s.select.line, s.select.col) for s in found} | {(s.span.end_line, s.span.end_col - 1) for s in found}
    assert spans == {(span.line, span.col) for span in expected.values()}
    big = BF.parse("x" * 100 + "\n".join("+[->+<]" for _ in range(2000)), "big.b")
    calls = []
    original = type(big).position
    monkeypatch.setattr(type(big), "position", lambda self, offset: calls.append(offset) or original(self, offset))
    assert len(BF.symbols(big)) == 2000 and calls == []


def test_final_state_and_trace(tmp_path):
    path = tmp_path / "p.b"
    path.write_bytes(b"++>+.\n<<")
    state, trace = tmp_path / "state.json", tmp_path / "trace.jsonl"
    result = subprocess.run([sys.executable, "-m", "esodbg.app", "exec", "--final-state", str(state), "--trace",
                             str(trace), str(path)], capture_output=True, timeout=60)
    assert result.returncode == 1
    final = json.loads(state.read_text())
    assert final["status"] == "error" and final["steps"] == 7 and final["ptr"] == 0 and final["tape"] == [2, 1]
    assert final["error"]["step"] == 7 and final["error"]["command"] == 7 and (final["error"]["line"],
                                                                                final["error"]["col"]) == (2, 2)
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert lines[0] == {"step": 1, "command": 1, "cmd": "+", "ptr": 0, "cell": 1}
    assert [line["cmd"] for line in lines] == list("++>+.<<")
