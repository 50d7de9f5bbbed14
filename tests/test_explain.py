"""What the languages say about their own code (hover and outline, ``esodbg lsp``), checked
against the engines: a MessiScript ``va messi``'s explained value is the value the machine makes,
every 15 cell and Tic Tac Toe Grow action is explained with its rule, a Stoned-Go call's
expansion is the commands it made, a GCG record's outline is its moves."""

from __future__ import annotations

import re

import pytest

from esodbg.app.files import load_program
from esodbg.engines.base import CodeRef, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name
from esodbg.engines.messiscript.explain import adding
from esodbg.engines.ttg.machine import ACTION_KEYS

from conftest import EXAMPLES

FIFTEEN, MESSI, TTG, SGO, SCRABBLE = (by_name(name) for name in ("fifteen", "messiscript", "ttg", "stoned-go",
                                                                 "scrabble"))


@pytest.mark.parametrize("path", sorted((EXAMPLES / "fifteen").glob("*.15")), ids=lambda p: p.name)
def test_every_15_cell_is_explained_with_its_rule(path):
    program = load_program(path, FIFTEEN, {})
    for r, row in enumerate(program.spans):
        for c, span in enumerate(row):
            text = FIFTEEN.hover(program, span.line, span.col)
            command = program.commands[r][c]
            assert text.startswith(f"**`{command}`** · cell ({r}, {c})"), text
            rule = "rule 10" if not command or command[0] not in "^v<>" else \
                "rule 12" if len(command) == 2 and command[1] in "^v<>" else "rule 1"  # 11 or 13
            assert rule in text, (command, text)
    assert FIFTEEN.hover(program, 1, 1).startswith("**piece ") or FIFTEEN.hover(program, 1, 1).startswith("**the empty")


@pytest.mark.parametrize("name", ["hola_mundo", "fibonacci", "10_a_0"])
def test_a_va_messi_makes_the_value_its_hover_explains(name):
    """Run the example; at each ``va messi`` the cell goes from v to what :func:`adding` says for
    v — the hover's arithmetic is the machine's."""
    path = EXAMPLES / "messiscript" / f"{name}.messi"
    session = Session(MESSI, load_program(path, MESSI, {}), "10\n")
    checked = 0
    while session.steps < 5_000:
        at = session.machine.location()
        command = session.program.commands[at.index] if isinstance(at, CodeRef) else None
        before = session.machine.tape[session.machine.pos] if command is not None else None
        if session.step().reason is not Stop.LIMIT:
            break
        if command is not None and command.name == "va messi":
            assert session.machine.tape[session.last.before.registers[0]] == adding(command, before)[0]
            checked += 1
    assert checked > 0


def test_messiscript_hover_names_each_counted_word_and_nothing_in_prose():
    text = "La agarra Messi. Un partido. Va Messi, ídolo argentino, fútbol. ¡gol!\n"
    program = MESSI.parse(text, "x.messi")
    at = lambda word: text.index(word) + 1  # noqa: E731
    assert MESSI.hover(program, 1, at("partido")) is None  # prose
    assert "makes **-2**" in MESSI.hover(program, 1, at("Va"))  # 0 → ídolo 1 → argentino 2 → fútbol −2
    assert MESSI.hover(program, 1, at("ídolo")).startswith("**ídolo** — a noun: +1")
    assert MESSI.hover(program, 1, at("argentino")).startswith("**argentino** — an adjective: ×2")
    assert MESSI.hover(program, 1, at("fútbol")).startswith("**fútbol** — `fútbol`: ±")


def test_every_tic_tac_toe_grow_action_is_explained_with_its_rule():
    text = ACTION_KEYS.replace("\n", "") + "\b\nab 7"
    program = TTG.parse(text, "keys.ttg")
    for i, span in enumerate(program.spans):
        hover = TTG.hover(program, span.line, span.col)
        assert hover.startswith(f"**keystroke {i + 1} of {len(program.keys)}"), hover
        assert re.search(r"\(R\d+", hover), hover


def test_a_stoned_go_call_expands_to_the_commands_it_made():
    program = load_program(EXAMPLES / "stoned-go" / "macro_arg.sgo", SGO, {})
    # <twice: [] <step:+2> >  (line 6): twice puts its argument twice: [] +2 / [] +2 /
    assert "expands to 6 commands: `[]` `+2` `/` `[]` `+2` `/`" in SGO.hover(program, 6, 1)
    # <step:+2> inside it: expanded each time twice puts the argument
    assert "expands to 2 commands (2 times: once each time its argument" in SGO.hover(program, 6, 13)
    assert "takes an argument (`<step:…>`), put where its body has `!` (1 time); called 3 times" \
        in SGO.hover(program, 5, 1)
    assert SGO.hover(program, 1, 3) is None  # a comment


def test_a_gcg_outline_is_its_moves():
    path = EXAMPLES / "scrabble" / "doug_v_emely.gcg"
    program = load_program(path, SCRABBLE, {})
    symbols = SCRABBLE.symbols(program)
    assert len(symbols) == len(program.plays) and symbols[0].name == "1. player1 WINDY"
    assert symbols[0].detail == "32 points" and symbols[0].span.line == 3
    assert SCRABBLE.symbols(load_program(EXAMPLES / "scrabble" / "hello_world.scrabble", SCRABBLE, {})) == ()
