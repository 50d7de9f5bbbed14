"""Labyrinth's tree-sitter grammar (``grammars/labyrinth``) reads every text as the engine does:
one node a cell, a command's node of its class, a wall's node ``wall`` (G3), no node for blank
walls (space, tab) and line ends; and the highlights colour walls apart from commands.  The
reading of the classes below is written from the spec, independently of ``grammar.js``."""

from __future__ import annotations

import tree_sitter
from hypothesis import given, settings
from hypothesis import strategies as st

from esodbg import grammars
from esodbg.engines.registry import by_name

LAB = by_name("labyrinth")
CLASSES = {"number": "_0123456789", "arithmetic": ")(+-*/%`", "bitwise": "&|$~", "stack": ":;}{=#", "input": ",?",
           "output": ".!\\", "rotation": "<>^v", "halt": "@", "nop": "\"'"}
CLASS = {char: name for name, chars in CLASSES.items() for char in chars}
CHARS = "".join(CLASS) + "     \t\r\n\n\x00\x01\x7fVAz[]é█\u017f\u212a\U0001f600"


def nodes(data: bytes) -> list[tuple[str, bytes]]:
    tree = tree_sitter.Parser(grammars.language("labyrinth")).parse(data)
    assert not tree.root_node.has_error, str(tree.root_node)
    return [(node.type, data[node.start_byte:node.end_byte]) for node in tree.root_node.named_children]


def engine_cells(text: str) -> list[tuple[str, bytes]]:
    """The cells of the engine's maze in reading order, as the grammar names them: a command by
    its class, a wall ``wall``, padding, spaces, tabs and CRs none."""
    program = LAB.parse(text, "t.lab")
    found = []
    for line in program.lines:
        for ch in line:
            if ch in CLASS:
                found.append((CLASS[ch], ch.encode()))
            elif ch not in " \t\r":
                found.append(("wall", ch.encode()))
    return found


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(CHARS), max_size=60))
def test_every_text_is_a_maze_of_the_engines_cells(text):
    assert nodes(text.encode("utf-8")) == engine_cells(text)


def test_bytes_that_are_not_utf8_are_walls_of_their_own():
    assert nodes(b"\xff1\x80!") == [("wall", b"\xff"), ("number", b"1"), ("wall", b"\x80"), ("output", b"!")]


def test_highlights_walls_apart_from_commands():
    row = '_1+&:,.<@"Vé'
    tree = tree_sitter.Parser(grammars.language("labyrinth")).parse(row.encode())
    query = tree_sitter.Query(grammars.language("labyrinth"), grammars.highlights("labyrinth"))
    captured = {}
    for name, found in tree_sitter.QueryCursor(query).captures(tree.root_node).items():
        for node in found:
            captured[row.encode()[node.start_byte:node.end_byte].decode()] = name
    assert captured == {"_": "number", "1": "number", "+": "operator", "&": "operator", ":": "function.builtin",
                        ",": "function.call", ".": "function.call", "<": "keyword", "@": "keyword.return",
                        '"': "punctuation.delimiter", "V": "comment", "é": "comment"}
