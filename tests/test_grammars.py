"""The tree-sitter grammars (``esodbg.grammars``, docs/grammars.md).

* every case of ``grammars/<lang>/test/corpus/*.txt`` (tree-sitter's test format), run here with
  py-tree-sitter so CI needs no tree-sitter CLI;
* every program of the shared corpus and of ``examples/`` parses with no ERROR or MISSING node,
  and the deliberately broken ones have an error wherever a grammar can tell;
* agreement with the engines: the grammar's command nodes sit exactly where the engine's
  parser puts its commands, and on generated texts a grammar error means the engine rejects the
  text, and the engine rejecting it for a reason a grammar can see means a grammar error.
"""

from __future__ import annotations

import importlib
import json
import os
import re
from pathlib import Path

import pytest
import tree_sitter
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from esodbg import grammars
from esodbg.engines.base import ParseError, Span
from esodbg.engines.fifteen import parser as fifteen
from esodbg.engines.messiscript import parser as messiscript
from esodbg.engines.ttg import parser as ttg

ROOT = Path(__file__).resolve().parent.parent
GRAMMARS = ROOT / "grammars"
SHARED = ROOT.parent / "shared" / "corpus"
EXAMPLES = ROOT / "examples"

# GRAMMAR_FUZZ_EXAMPLES=5000 for a longer search.
FUZZ = settings(max_examples=int(os.environ.get("GRAMMAR_FUZZ_EXAMPLES", "400")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def parse(name: str, text: str | bytes) -> tree_sitter.Tree:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return tree_sitter.Parser(grammars.language(name)).parse(data)


def nodes(tree: tree_sitter.Tree, types) -> list[tree_sitter.Node]:
    """The named nodes of ``types`` in document order."""
    found, stack = [], [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type in types:
            found.append(node)
        stack.extend(reversed(node.named_children))
    return found


def first_error(tree: tree_sitter.Tree) -> tree_sitter.Node | None:
    """The first ERROR or MISSING node in document order."""
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            return node
        stack.extend(reversed(node.children))
    return None


def span_of(node: tree_sitter.Node, lines: list[bytes]) -> Span:
    """The engines' 1-based, code-point :class:`Span` of a node (tree-sitter counts bytes)."""

    def col(point: tree_sitter.Point) -> int:
        line = lines[point.row] if point.row < len(lines) else b""
        return len(line[:point.column].decode("utf-8")) + 1

    return Span(node.start_point.row + 1, col(node.start_point), node.end_point.row + 1, col(node.end_point))


def source_lines(text: str) -> list[bytes]:
    return text.encode("utf-8").split(b"\n")


# --------------------------------------------------------------------------------------------
# The package

def test_names_and_languages():
    assert grammars.NAMES == ("fifteen", "messiscript", "ttg", "stoned-go", "scrabble", "gcg", "befunge", "hexagony",
                             "fish_esolang", "brainfuck", "labyrinth", "aheui", "piet")
    for name in grammars.NAMES:
        language = grammars.language(name)
        assert language.abi_version == 15
        assert language.name == name.replace("-", "_")
        tree_sitter.Query(language, grammars.highlights(name))  # the query compiles
    assert grammars.language("stoned_go") is grammars.language("stoned-go")
    tree_sitter.Query(grammars.language("stoned-go"), grammars.query_text("stoned-go", "locals"))


@pytest.mark.parametrize("bad", ["python", "Stoned-Go", "", "15"])
def test_unknown_names_raise(bad):
    with pytest.raises(KeyError, match="no tree-sitter grammar named"):
        grammars.language(bad)
    with pytest.raises(ValueError):
        grammars.highlights(bad)


def test_highlight_captures_are_the_common_ones():
    common = {"keyword", "keyword.directive", "keyword.return", "number", "string", "string.special", "comment",
              "operator", "punctuation.bracket", "punctuation.delimiter", "punctuation.special", "function",
              "function.call", "function.builtin", "function.macro", "variable", "variable.parameter",
              "constant", "label", "keyword.function", "type.builtin"}
    for name in grammars.NAMES:
        query = tree_sitter.Query(grammars.language(name), grammars.highlights(name))
        names = {query.capture_name(i) for i in range(query.capture_count)}
        assert names <= common, (name, names - common)


# --------------------------------------------------------------------------------------------
# tree-sitter test corpus, read the way `tree-sitter test` reads it

HEADER = re.compile(rb"^(={3,})[^\r\n]*\r?\n((?:[^=\r\n][^\r\n]*\r?\n)+)={3,}[^\r\n]*\r?\n", re.M)
DIVIDER = re.compile(rb"^-{3,}[^\r\n]*\r?\n", re.M)
FIELD = re.compile(r"\b[\w]+: ")


def read_corpus(path: Path) -> list[tuple[str, set[str], bytes, str]]:
    """(name, attributes, input, expected S-expression) of each test in a corpus file."""
    data = path.read_bytes()
    headers = list(HEADER.finditer(data))
    tests = []
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(data)
        body = data[header.end():end]
        divider = DIVIDER.search(body)
        assert divider, f"{path}: test without a --- divider"
        source = body[:divider.start()]
        # The line break before the divider belongs to the divider.
        source = source[:-2] if source.endswith(b"\r\n") else source[:-1] if source.endswith(b"\n") else source
        lines = header.group(2).decode().splitlines()
        name = lines[0].strip()
        attributes = {line.strip() for line in lines[1:] if line.strip().startswith(":")}
        tests.append((name, attributes, source, body[divider.end():].decode()))
    return tests


def normalize(sexp: str) -> str:
    """Whitespace-insensitive comparison, as the CLI does."""
    return re.sub(r"\s+", " ", sexp).replace(" )", ")").replace("( ", "(").strip()


def strip_fields(sexp: str) -> str:
    return FIELD.sub("", sexp)


CORPUS_CASES = [
    pytest.param(path.parent.parent.parent.name, name, attributes, source, expected,
                 id=f"{path.parent.parent.parent.name}/{path.stem}/{name}")
    for path in sorted(GRAMMARS.glob("*/test/corpus/*.txt"))
    for name, attributes, source, expected in read_corpus(path)
]


def test_every_grammar_has_corpus_cases_with_errors():
    for ident in ("fifteen", "messiscript", "ttg", "stoned_go", "scrabble", "gcg", "befunge", "hexagony", "fish_esolang",
                  "brainfuck", "labyrinth", "aheui", "piet"):
        cases = [c for c in CORPUS_CASES if c.values[0] == ident]
        assert len(cases) >= 8, ident
        if ident not in ("ttg", "befunge", "hexagony", "fish_esolang", "labyrinth", "aheui"):  # every text is a program of these
            assert any(":error" in c.values[2] for c in cases), ident


@pytest.mark.parametrize(("ident", "name", "attributes", "source", "expected"), CORPUS_CASES)
def test_corpus(ident, name, attributes, source, expected):
    if ":skip" in attributes:
        pytest.skip("marked :skip")
    tree = parse(ident, source)
    if ":error" in attributes:
        assert tree.root_node.has_error, str(tree.root_node)
        return
    actual = str(tree.root_node)
    if not FIELD.search(expected):
        actual = strip_fields(actual)
    assert normalize(actual) == normalize(expected)


# --------------------------------------------------------------------------------------------
# Real programs

def programs(*patterns: str) -> list[Path]:
    found = []
    for pattern in patterns:
        found.extend(sorted(SHARED.glob(pattern)) + sorted(EXAMPLES.glob(pattern)))
    return found


PROGRAMS = {
    "fifteen": programs("fifteen/*.15"),
    "messiscript": programs("messiscript/*.messi"),
    "ttg": programs("ttg/*.ttg", "ttg/*.txt"),
    "stoned-go": [p for p in programs("stoned-go/*.sgo") if not p.name.startswith("err_")],
    "scrabble": programs("scrabble/*.scrabble"),
    "gcg": programs("scrabble/gcg/*.gcg", "scrabble/*.gcg"),
    "befunge": programs("befunge/*.b93", "befunge/*.b98", "befunge/*.befunge"),
    "hexagony": programs("hexagony/*.hxg", "hexagony/*.hexagony"),
    "fish_esolang": programs("fish/*.fish"),
    "brainfuck": programs("brainfuck/*.b"),
    "labyrinth": programs("labyrinth/*.lab", "labyrinth/*.labyrinth"),
    "aheui": programs("aheui/*.aheui"),
    "piet": programs("piet/*.apiet", "piet/*.ascii-piet"),
}
ALL_PROGRAMS = [pytest.param(name, path, id=f"{name}:{path.parent.name}/{path.name}")
                for name, paths in PROGRAMS.items() for path in paths]


def decoded(path: Path) -> str:
    """The text the app hands an engine: UTF-8 with a leading BOM dropped."""
    return path.read_bytes().decode("utf-8-sig")


def test_programs_found():
    if not SHARED.is_dir():
        pytest.skip("shared/ is not beside the repository")
    for name, paths in PROGRAMS.items():
        assert paths, name


@pytest.mark.parametrize(("name", "path"), ALL_PROGRAMS)
def test_program_parses_without_errors(name, path):
    tree = parse(name, path.read_bytes())
    assert not tree.root_node.has_error, str(tree.root_node)


@pytest.mark.parametrize(("name", "path"), ALL_PROGRAMS)
def test_program_highlights(name, path):
    """The highlights query captures something in every program, and only inside it."""
    tree = parse(name, path.read_bytes())
    query = tree_sitter.Query(grammars.language(name), grammars.highlights(name))
    captures = tree_sitter.QueryCursor(query).captures(tree.root_node)
    assert captures
    # No node is captured twice: the result does not depend on which pattern an editor prefers.
    ids = [node.id for found in captures.values() for node in found]
    assert len(ids) == len(set(ids))
    rows = tree.root_node.end_point.row
    cursor = tree_sitter.QueryCursor(query)
    cursor.set_point_range((rows // 2, 0), (rows // 2 + 1, 0))
    for found in cursor.captures(tree.root_node).values():
        for node in found:
            assert node.start_point.row <= rows // 2 + 1 and node.end_point.row >= rows // 2


# Engine errors a grammar cannot see: they need macro expansion, a symbol table or arithmetic.
STONED_GO_ENGINE_ONLY = re.compile(
    r"too large|already defined|undefined macro|recursive|exceeds|missing '\|'|second '\|'|inside a block needs")


@pytest.mark.parametrize("path", sorted(SHARED.glob("stoned-go/err_*.sgo")), ids=lambda p: p.name)
def test_stoned_go_error_programs(path):
    error = json.loads(path.with_suffix(".expected.json").read_text())["error"]
    tree = parse("stoned-go", path.read_bytes())
    if STONED_GO_ENGINE_ONLY.search(error["message"]):
        assert not tree.root_node.has_error  # e.g. P2's missing '|': only after expansion
    else:
        assert tree.root_node.has_error
        assert first_error(tree).start_point.row + 1 == error["line"]


# --------------------------------------------------------------------------------------------
# 15: agreement with engines/fifteen/parser.py

# The 15 checks only the engine makes: counting (spec rule 2–4).
FIFTEEN_ENGINE_ONLY = ("not rectangular", "appears twice", "out of range", "command row has", "command block has")


def fifteen_command_spans(text: str) -> tuple[list[Span], list[Span]]:
    """(engine, grammar) spans of the non-empty commands, in source order."""
    program = fifteen.parse(text)
    engine = [span for row_spans, row in zip(program.spans, program.commands)
              for span, command in zip(row_spans, row) if command]
    grammar = [span_of(n, source_lines(text)) for n in nodes(parse("fifteen", text), {"command"})]
    return engine, grammar


@pytest.mark.parametrize("path", PROGRAMS["fifteen"], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fifteen_command_spans_agree(path):
    text = decoded(path).replace("\r\n", "\n").replace("\r", "\n")
    engine, grammar = fifteen_command_spans(text)
    assert engine and engine == grammar


FIFTEEN_ATOMS = ["0", "1", "2", "3", "+1", "-0", "0_1", "1__2", "x", "٣", ",", ", ", " ,", "\n", "\n\n", "\r\n",
                 "\r", " ", "\t", "\xa0", "\x1c", "\u2028", ">", "<", "^", "v", "_", "!", "?", "X", ">>", "v_",
                 "__", "> !", "abc", "#"]


@st.composite
def fifteen_texts(draw):
    """Mostly well-shaped programs with a mutation, and some soup."""
    if draw(st.booleans()):
        return "".join(draw(st.lists(st.sampled_from(FIFTEEN_ATOMS), max_size=14)))
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    labels = draw(st.permutations(range(rows * cols)))
    puzzle = "\n".join(",".join(str(labels[r * cols + c]) for c in range(cols)) for r in range(rows))
    command = st.sampled_from([">_", "v>", "<", "", "__", "^?", "> !", "x", "ab", " >X "])
    commands = "\n".join(",".join(draw(command) for _ in range(cols)) for _ in range(rows))
    text = (draw(st.sampled_from(["", "\n", " \n"])) + puzzle + draw(st.sampled_from(["\n\n", "\n \n", "\n"]))
            + commands + draw(st.sampled_from(["", "\n", "\n\nhi", "\n\n\n,", "\nx"])))
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(FIFTEEN_ATOMS)) + text[at:]
    return text


@FUZZ
@given(fifteen_texts())
def test_fifteen_errors_agree(text):
    try:
        fifteen.parse(text)
        engine_error = None
    except ParseError as error:
        engine_error = error.diagnostics[0].message
    has_error = parse("fifteen", text).root_node.has_error
    if has_error:
        assert engine_error is not None
    elif engine_error is not None:
        assert any(reason in engine_error for reason in FIFTEEN_ENGINE_ONLY), engine_error
    if engine_error is None:
        engine, grammar = fifteen_command_spans(text.replace("\r\n", "\n").replace("\r", "\n"))
        assert engine == grammar


# --------------------------------------------------------------------------------------------
# MessiScript: agreement with engines/messiscript/parser.py (the grammar checks everything)

MESSI_COMMANDS = {name.replace(" ", "_").replace("¡", "").replace("!", "") for name in messiscript.NAMES}


def messi_spans(text: str) -> tuple[list[Span], list[Span]]:
    program = messiscript.parse(text)
    engine = sorted([c.span for c in program.commands] + [loop.close for loop in program.loops])
    grammar = [span_of(n, source_lines(program.source)) for n in nodes(parse("messiscript", program.source),
                                                                        MESSI_COMMANDS)]
    return engine, grammar


def test_messi_node_names_are_the_phrases():
    assert len(MESSI_COMMANDS) == 25
    node_types = {entry["type"] for entry in json.loads((GRAMMARS / "messiscript/src/node-types.json").read_text())}
    assert MESSI_COMMANDS <= node_types


@pytest.mark.parametrize("path", PROGRAMS["messiscript"], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_messi_command_spans_agree(path):
    engine, grammar = messi_spans(decoded(path))
    assert engine and engine == grammar


MESSI_ATOMS = [*messiscript.NAMES, "la agarra messi", "la agarra messi", "¡gol!", "¡gol!", ".", ". ", ".\n", " ",
               "\n", "hola", "va  messi", "VA MESSI", "LA AGARRA MESSİ", "messi", "\xa0", "\x1c", "pelota", ",",
               "sigue messi", "vuelve messi", "x.", "\u2028", "¡GOL!", "Ídolo", "la mueve messi por la"]


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(MESSI_ATOMS), st.sampled_from([". ", ".", " ", "", "\n."])), max_size=10))
def test_messi_errors_agree(pieces):
    text = "".join(a + b for a, b in pieces)
    try:
        messiscript.parse(text)
        ok = True
    except ParseError:
        ok = False
    tree = parse("messiscript", text)
    assert tree.root_node.has_error == (not ok), str(tree.root_node)
    if ok:
        engine, grammar = messi_spans(text)
        assert engine == grammar


def test_messi_kelvin_and_dotted_i():
    # str.lower() makes K (U+212A) a k and İ a dotted i, so these are commands for the engine.
    text = "LA AGARRA MESSİ. AN\u212aARA MESSI. ¡GOL!"
    messiscript.parse(text)
    engine, grammar = messi_spans(text)
    assert engine == grammar and len(grammar) == 3


# --------------------------------------------------------------------------------------------
# Tic Tac Toe Grow: every text is a program, one node per keystroke (engines/ttg/parser.py)


def ttg_agree(text: str) -> None:
    text = text.removeprefix("\ufeff")  # the app drops a BOM; tree-sitter skips it too
    tree = parse("ttg", text)
    assert not tree.root_node.has_error
    program = ttg.parse(text, "x.ttg")
    keys = tree.root_node.named_children
    assert len(keys) == len(program.keys)
    # Where each keystroke starts (an Enter's node ends on the next line, the engine's span one
    # column further; CR LF is one keystroke, at its CR).
    lines = source_lines(text)
    assert [span_of(n, lines)[:2] for n in keys] == [span[:2] for span in program.spans]
    enter = [k.type == "newline" for k in keys]
    assert enter == [key == ttg.ENTER for key in program.keys]
    assert [k.type == "backspace" for k in keys] == [key == ttg.BACKSPACE for key in program.keys]


@pytest.mark.parametrize("path", PROGRAMS["ttg"], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_ttg_keystrokes_agree(path):
    ttg_agree(decoded(path))


@FUZZ
@given(st.text(st.characters(codec="utf-8"), max_size=40) | st.text("ro tc\r\n\b0Σ+#@!", max_size=40))
def test_ttg_every_text_is_a_program(text):
    ttg_agree(text)


# --------------------------------------------------------------------------------------------
# Stoned-Go and Scrabble: engines being written alongside; tested when importable

def engine_module(name: str):
    try:
        return importlib.import_module(name)
    except ImportError as error:  # pragma: no cover - depends on the engine's progress
        pytest.skip(f"{name} is not importable yet: {error}")


def stoned_go_spans(text: str):
    lexer = engine_module("esodbg.engines.stoned_go.lexer")
    kinds = {lexer.MOVE: "move", lexer.FLIP: "flip", lexer.HALT: "halt", lexer.BAR: "loop_bar"}
    engine = [(kinds[t.kind], t.span) for t in lexer.lex(text, "x.sgo") if t.kind in kinds]
    grammar = [(n.type, span_of(n, source_lines(text)))
               for n in nodes(parse("stoned-go", text), set(kinds.values()))]
    return engine, grammar


@pytest.mark.parametrize("path", PROGRAMS["stoned-go"], ids=lambda p: p.name)
def test_stoned_go_command_spans_agree(path):
    engine, grammar = stoned_go_spans(decoded(path))
    assert engine and engine == grammar


SG_TOP = ["+1", "-2", "+ 3", "+#c\n4", "/", "?", "|", "|", "[", "]", "(", ")", "[ ]", "( )", " ", "\n", "#x\n",
          "<m>", "<n:+1>", "<m: / ? >", "{m:+1}", "{n: ! / }", "{m:", "}", ">", "!", "x", "2", "+", ":", "<>",
          "{:}", "<m: <n: +1> >", "{k: <m> }", "\xa0", "\r\n", "99999999999999999", "[ +1 | ? ]"]
SG_BODY = ["+1", "/", "?", "|", "!", "<m>", "<n: ! >", " "]


@FUZZ
@given(st.lists(st.sampled_from(SG_TOP), max_size=12), st.booleans(), st.lists(st.sampled_from(SG_BODY), max_size=4))
def test_stoned_go_errors_agree(pieces, define, body):
    """Macro bodies here hold no brackets, so the written brackets are the expanded ones."""
    parser = engine_module("esodbg.engines.stoned_go.parser")
    errors = engine_module("esodbg.engines.stoned_go.errors")
    text = ("{m: " + " ".join(body) + "} {n: ! ! } " if define else "") + "".join(pieces)
    try:
        parser.parse(text, "x.sgo")
        message = None
    except errors.SourceError as error:
        message = error.message
    has_error = parse("stoned-go", text).root_node.has_error
    if has_error:
        assert message is not None
    elif message is not None:
        assert STONED_GO_ENGINE_ONLY.search(message), message
    if message is None:
        engine, grammar = stoned_go_spans(text)
        assert engine == grammar


def scrabble_plays(text: str):
    reader = engine_module("esodbg.engines.scrabble.text")
    _, plays, errors = reader.read_text_program(text, "x.scrabble")
    tree = parse("scrabble", text)
    lines = source_lines(text.replace("\r\n", "\n").replace("\r", "\n"))
    normalized = parse("scrabble", text.replace("\r\n", "\n").replace("\r", "\n"))
    return errors, tree, [p.span for p in plays], [span_of(n, lines) for n in nodes(normalized, {"play"})]


@pytest.mark.parametrize("path", PROGRAMS["scrabble"], ids=lambda p: p.name)
def test_scrabble_play_spans_agree(path):
    errors, tree, engine, grammar = scrabble_plays(decoded(path))
    assert not errors and engine and engine == grammar


SCRABBLE_ATOMS = ["ADD", "a", ".", "8H", "H8", "h15", "O1", "P8", " ", " ", "  ", "\t", "0", "-1", "+2", ",", " , ",
                  "across", "down", "DOWN", "#", "# c", "\n", "\r\n", "(", ")", "(OR)", "#rules", " strict",
                  " loose", "x", "1", "\xa0"]


@FUZZ
@given(st.sampled_from(["", "ADD 0,0 across", "8H WORD", "H8 W(OR)d", "#rules strict", "iMES 5,2 down"]),
       st.sampled_from(["", "\n", " "]), st.lists(st.sampled_from(SCRABBLE_ATOMS), max_size=10))
def test_scrabble_errors_agree(start, glue, pieces):
    text = start + glue + "".join(pieces)
    errors, tree, engine, grammar = scrabble_plays(text)
    assert tree.root_node.has_error == bool(errors), (errors, str(tree.root_node))
    if not errors:
        assert engine == grammar


GCG_KINDS = {"play": "placement", "exchange": "exchange", "pass": "pass", "withdrawn": "withdrawn_phony",
             "challenge": "challenge_bonus", "end": "end_rack", "time": "time_penalty"}


@pytest.mark.parametrize("path", PROGRAMS["gcg"], ids=lambda p: p.name)
def test_gcg_event_kinds_agree(path):
    """Each event line is the same kind of event for the grammar and for engines/scrabble/gcg.py."""
    reader = engine_module("esodbg.engines.scrabble.gcg")
    text = reader.decode_gcg(path.read_bytes())
    engine = [(event.line, GCG_KINDS[event.kind]) for event in reader.read_gcg(text, path.name).events]
    grammar = [(node.start_point.row + 1, node.type)
               for node in nodes(parse("gcg", text.replace("\r\n", "\n").replace("\r", "\n")), set(GCG_KINDS.values()))]
    assert engine and engine == grammar


# --------------------------------------------------------------------------------------------
# Befunge: every text is a program, one node per cell (docs/grammars.md, spec befunge.md rules
# 10 and 21); the reading below is the documented one, written independently of grammar.js

BEFUNGE_CLASSES = {
    "number": "0123456789abcdef", "arithmetic": "+-*/%!`", "direction": "><^v?[]rx", "branch": "_|w",
    "jump": "#j", "iterate": "k", "stack": ":\\$n{}u", "io": ".,&~io", "space_access": "gps", "end": "@q",
    "split": "t", "system_info": "y", "execute": "=", "nop": "z", "fingerprint": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "load": "(", "unload": ")",
}
BEFUNGE_CLASS = {char: name for name, chars in BEFUNGE_CLASSES.items() for char in chars}


def befunge_cells(text: str) -> list[tuple[str, str]]:
    """(node type, text) of each node, as docs/grammars.md reads a Befunge text: row by row, a
    `"` or `;` run to its closing character or the row's end (a NUL ends it early: the lexer
    ends a run at a NUL), `'` with the cell after it, spaces no node, one node a cell."""
    cells = []
    for row in re.split(r"\r\n|\r|\n", text):
        i = 0
        while i < len(row):
            char = row[i]
            if char in '";':
                close, nul = row.find(char, i + 1), row.find("\0", i + 1)
                end = (len(row) if nul < 0 else nul) if close < 0 or 0 <= nul < close else close + 1
                cells.append(("string" if char == '"' else "comment", row[i:end]))
            elif char == "'":
                end = min(i + 2, len(row))
                cells.append(("fetch", row[i:end]))
            else:
                end = i + 1
                if char != " ":
                    cells.append((BEFUNGE_CLASS.get(char, "other"), char))
            i = end
    return cells


def befunge_nodes(data: bytes) -> list[tuple[str, bytes]]:
    """(node type, bytes) of each node of ``data``'s tree, which has no error."""
    tree = parse("befunge", data)
    assert not tree.root_node.has_error, str(tree.root_node)
    found = []
    for node in tree.root_node.named_children:
        if node.type == "fetch":  # the cell it fetches is its `character`, when the row has one
            fetched = node.end_byte - node.start_byte > 1
            assert [child.type for child in node.named_children] == (["character"] if fetched else [])
        found.append((node.type, data[node.start_byte:node.end_byte]))
    return found


BEFUNGE_CHARS = "".join(BEFUNGE_CLASS) + "\"\"\";;'''       \r\n\t\x0c\x00hlm\x7fé∑ſ\u212a\U0001f600"


@FUZZ
@given(st.text(st.sampled_from(BEFUNGE_CHARS), max_size=60))
def test_befunge_every_text_is_a_program_of_cells(text):
    expected = [(kind, cell.encode("utf-8")) for kind, cell in befunge_cells(text)]
    assert befunge_nodes(text.encode("utf-8")) == expected


@pytest.mark.parametrize(("data", "expected"), [
    (b"\xff\x80>", [("other", b"\xff"), ("other", b"\x80"), ("direction", b">")]),
    (b'"\xff\xfe"\xff;\x80;', [("string", b'"\xff\xfe"'), ("other", b"\xff"), ("comment", b";\x80;")]),
    (b"'\xff.", [("fetch", b"'\xff"), ("io", b".")]),
])
def test_befunge_bytes_that_are_not_utf8_are_cells(data, expected):
    """Befunge reads bytes (rule 2): a byte that is not UTF-8 is a cell like any other."""
    assert befunge_nodes(data) == expected


def test_befunge_highlights_by_class():
    """How the code pane colours each kind of cell: one capture a cell, none for spaces."""
    row = "v>_#k@5+:.g'xt\"s;\";\"c; (Ayz=h"
    tree = parse("befunge", row)
    query = tree_sitter.Query(grammars.language("befunge"), grammars.highlights("befunge"))
    captured = {}
    for name, found in tree_sitter.QueryCursor(query).captures(tree.root_node).items():
        for node in found:
            captured[row.encode()[node.start_byte:node.end_byte].decode()] = name
    assert captured == {
        "v": "keyword", ">": "keyword", "_": "keyword", "#": "keyword", "k": "keyword", "t": "keyword",
        "@": "keyword.return", "5": "number", "+": "operator", ":": "function.builtin", "y": "function.builtin",
        "=": "function.builtin", ".": "function.call", "g": "variable", "'": "variable", "x": "string.special",
        '"s;"': "string", ";\"c;": "comment", "(": "keyword.directive", "A": "function.macro",
    }  # `z` (no-op) and `h` (unknown) keep the default colour


# --------------------------------------------------------------------------------------------
# Hexagony: every text is a program, one node per command (spec hexagony.md S2, S3, S6): the
# engine's cells, in order, with a mark node before each command a backtick marks

HEXAGONY_CLASSES = {
    "nop": ".", "halt": "@", "digit": "0123456789", "arithmetic": ")(+-*:%~", "io": ",?;!", "skip": "$",
    "mirror": "/\\_|", "branch": "<>", "ip": "[]#", "memory": "{}=\"'^&",
}
HEXAGONY_CLASS = {char: name for name, chars in HEXAGONY_CLASSES.items() for char in chars}
HEXAGONY_CHARS = "".join(HEXAGONY_CLASS) + "`` \t\n\r\x0b\x0cAzé\u00a0\u3000ſ\u212a\U0001f600\x00"


@FUZZ
@given(st.text(st.sampled_from(HEXAGONY_CHARS), max_size=60))
def test_hexagony_nodes_are_the_engines_commands(text):
    from esodbg.engines.registry import by_name

    program = by_name("hexagony").parse(text, "fuzz.hxg")
    expected, marks = [], set(program.marks)
    for k, char in enumerate(program.cells[:program.code]):
        if k in marks:
            expected.append("mark")
        expected.append(HEXAGONY_CLASS.get(char, "other"))
    tree = parse("hexagony", text.encode("utf-8"))
    assert not tree.root_node.has_error
    found = [node.type for node in tree.root_node.named_children]
    # a backtick mark that marks nothing the engine keeps (several in a row, or one at the end)
    assert [kind for kind in found if kind != "mark"] == [kind for kind in expected if kind != "mark"]
    assert found.count("mark") == text.count("`")


def test_hexagony_highlights_by_class():
    row = "/<$#@5)+,{&A.`"
    tree = parse("hexagony", row)
    query = tree_sitter.Query(grammars.language("hexagony"), grammars.highlights("hexagony"))
    captured = {}
    for name, found in tree_sitter.QueryCursor(query).captures(tree.root_node).items():
        for node in found:
            captured[row.encode()[node.start_byte:node.end_byte].decode()] = name
    assert captured == {"/": "keyword", "<": "keyword", "$": "keyword", "#": "keyword", "@": "keyword.return",
                        "5": "number", ")": "operator", "+": "operator", ",": "function.call", "{": "variable",
                        "&": "variable", "A": "string.special", ".": "punctuation.delimiter", "`": "comment"}


# ><>: every text is a program, one node per cell (docs/grammars.md, spec fish.md rules 12–28);
# the reading below is the documented one, written independently of grammar.js

FISH_CLASSES = {
    "number": "0123456789abcdef", "direction": "><^v", "mirror": "/\\|_#", "random": "x", "skip": "!?",
    "jump": ".", "arithmetic": "+-*,%", "comparison": "=()", "stack": ":~$@}{rl", "stacks": "[]",
    "register": "&", "io": "oni", "code_access": "gp", "end": ";",
}
FISH_CLASS = {char: name for name, chars in FISH_CLASSES.items() for char in chars}


def fish_cells(text: str) -> list[tuple[str, str]]:
    """(node type, text) of each node, as docs/grammars.md reads a ><> text: row by row, a `'`
    or `"` run to the same quote or the row's end (a NUL ends it early), spaces no node, one node
    a character."""
    cells = []
    for row in re.split(r"\r\n|\r|\n", text):
        i = 0
        while i < len(row):
            char = row[i]
            if char in "'\"":
                close, nul = row.find(char, i + 1), row.find("\0", i + 1)
                end = (len(row) if nul < 0 else nul) if close < 0 or 0 <= nul < close else close + 1
                cells.append(("string", row[i:end]))
            else:
                end = i + 1
                if char != " ":
                    cells.append((FISH_CLASS.get(char, "other"), char))
            i = end
    return cells


def fish_nodes(data: bytes) -> list[tuple[str, bytes]]:
    tree = parse("fish_esolang", data)
    assert not tree.root_node.has_error, str(tree.root_node)
    return [(node.type, data[node.start_byte:node.end_byte]) for node in tree.root_node.named_children]


FISH_CHARS = "".join(FISH_CLASS) + "\"\"''''       \r\n\t\x00ABhz`\x7fé∑ſ\u212a\U0001f41f"


@FUZZ
@given(st.text(st.sampled_from(FISH_CHARS), max_size=60))
def test_fish_every_text_is_a_program_of_cells(text):
    expected = [(kind, cell.encode("utf-8")) for kind, cell in fish_cells(text)]
    assert fish_nodes(text.encode("utf-8")) == expected


def test_fish_nodes_are_the_cells_the_engine_reads():
    """Every node but a string is one cell of the engine's codebox, at the same row and column
    (the engine's rows: rule 5's line ends; its columns: characters)."""
    from esodbg.engines.fish.parser import parse as parse_fish

    for path in PROGRAMS["fish_esolang"]:
        text = decoded(path)
        program = parse_fish(text, path.name, {})
        lines = text.replace("\r\n", "\n").replace("\r", "\n").encode("utf-8").split(b"\n")
        tree = parse("fish_esolang", b"\n".join(lines))
        for node in tree.root_node.named_children:
            if node.type == "string":
                continue
            y = node.start_point.row - program.first
            x = len(lines[node.start_point.row][:node.start_point.column].decode("utf-8"))
            assert program.lines[y][x] == node.text.decode("utf-8"), (path.name, x, y)


def test_fish_highlights_by_class():
    """How the code pane colours each kind of cell: one capture a cell, none for spaces."""
    row = "v/x!.;5+=:[&ogA'a b'"
    tree = parse("fish_esolang", row)
    query = tree_sitter.Query(grammars.language("fish_esolang"), grammars.highlights("fish_esolang"))
    captured = {}
    for name, found in tree_sitter.QueryCursor(query).captures(tree.root_node).items():
        for node in found:
            captured[row.encode()[node.start_byte:node.end_byte].decode()] = name
    assert captured == {
        "v": "keyword", "/": "keyword", "x": "keyword", "!": "keyword", ".": "keyword", ";": "keyword.return",
        "5": "number", "+": "operator", "=": "operator", ":": "function.builtin", "[": "function.builtin",
        "&": "function.builtin", "o": "function.call", "g": "variable", "'a b'": "string",
    }  # `A` (no instruction) keeps the default colour


# Brainfuck: the grammar's commands are the engine's, and its loops the engine's matched
# brackets; an unmatched bracket is an error in both (docs/grammars.md, spec brainfuck.md
# rules 2 and 13)

BRAINFUCK_COMMANDS = {"increment", "decrement", "right", "left", "output", "input"}


def brainfuck_tree(data: bytes) -> tuple[bytes, list[tuple[int, int]]] | None:
    """The command bytes of ``data``'s tree in order and, for each loop node, the command
    indices of its ``[`` and ``]``; ``None`` if the tree has an error."""
    tree = parse("brainfuck", data)
    if tree.root_node.has_error:
        return None
    code, loops = bytearray(), []

    def walk(node) -> None:
        for child in node.children:
            if child.type in BRAINFUCK_COMMANDS:
                code.extend(data[child.start_byte:child.end_byte])
            elif child.type == "loop":
                open_ = len(code)
                code.extend(b"[")
                walk(child)
                loops.append((open_, len(code)))
                code.extend(b"]")
            elif child.type not in ("comment", "[", "]"):
                raise AssertionError(child.type)
    walk(tree.root_node)
    return bytes(code), sorted(loops)


BRAINFUCK_BYTES = list("+-<>[].,[] \n\r\tab#!é\x00ſ\u212a")


@FUZZ
@given(st.text(st.sampled_from(BRAINFUCK_BYTES), max_size=60))
def test_brainfuck_grammar_and_engine_agree(text):
    from esodbg.engines.base import ParseError
    from esodbg.engines.registry import by_name

    language = by_name("brainfuck")
    read = brainfuck_tree(text.encode("utf-8"))
    try:
        program = language.parse(text, "fuzz.b")
    except ParseError:
        assert read is None  # rule 13: an unmatched bracket is an error node
        return
    assert read is not None
    code, loops = read
    assert code == program.code
    assert loops == sorted((i, j) for i, j in enumerate(program.match) if program.code[i] == 91)


def test_brainfuck_bytes_that_are_not_utf8_are_comments():
    assert brainfuck_tree(b"+\xff\xfe-[\x80]") == (b"+-[]", [(2, 3)])


def test_brainfuck_highlights_by_node():
    text = "+- <> ., [x]"
    tree = parse("brainfuck", text)
    query = tree_sitter.Query(grammars.language("brainfuck"), grammars.highlights("brainfuck"))
    captured = {}
    for name, found in tree_sitter.QueryCursor(query).captures(tree.root_node).items():
        for node in found:
            captured[(node.start_byte, text.encode()[node.start_byte:node.end_byte].decode())] = name
    assert captured == {(0, "+"): "operator", (1, "-"): "operator", (3, "<"): "keyword", (4, ">"): "keyword",
                        (6, "."): "function.builtin", (7, ","): "function.builtin", (9, "["): "punctuation.bracket",
                        (10, "x"): "comment", (11, "]"): "punctuation.bracket"}


# --------------------------------------------------------------------------------------------
# Aheui: every text is a program, one node a syllable of its command's class, a run of comment
# characters on a row one node (spec aheui.md B2, B3, C1–C10)

AHEUI_CLASSES = {"nop": "ㅇㄱㄲㅋㅉ", "end": "ㅎ", "arithmetic": "ㄷㄸㅌㄴㄹㅈ", "stack": "ㅁㅂㅃㅍ", "storage": "ㅅㅆ",
                 "flow": "ㅊ"}
AHEUI_CLASS = {initial: name for name, initials in AHEUI_CLASSES.items() for initial in initials}


def aheui_cells(text: str) -> list[str]:
    """The class of each syllable of the engine's board and ``comment`` for each run of other
    cells on a row, in reading order (a NUL is a run of its own: the generated lexer's end mark)."""
    from esodbg.engines.aheui.parser import split

    found: list[str] = []
    for row in text.split("\n"):
        for i, char in enumerate(row):
            parts = split(char)
            if parts is None:
                if i == 0 or split(row[i - 1]) is not None or "\x00" in (char, row[i - 1]):
                    found.append("comment")
                continue
            initial, _, final = parts
            found.append("io" if initial in "ㅁㅂ" and final in ("ㅇ", "ㅎ") else AHEUI_CLASS[initial])
    return found


def aheui_nodes(text: str) -> list[str]:
    tree = parse("aheui", text)
    assert not tree.root_node.has_error, str(tree.root_node)
    return [node.type for node in tree.root_node.named_children]


def test_aheui_every_syllable_is_its_commands_class():
    every = "".join(chr(cp) for cp in range(0xAC00, 0xD7A4))
    assert aheui_nodes(every) == aheui_cells(every)
    assert set(aheui_nodes(every)) == {*AHEUI_CLASSES, "io"}


AHEUI_CHARS = "반받망맣방밯희아가따자빠파상쌍추ㅂㅏ\u1107\u11ab\uabff\ud7a4 \t\r\n\x00ab#ſ\u212a😀Ａ"


@FUZZ
@given(st.text(st.sampled_from(AHEUI_CHARS), max_size=60))
def test_aheui_nodes_are_the_engines_cells(text):
    assert aheui_nodes(text) == aheui_cells(text)


def test_aheui_highlights_by_class():
    """How the code pane colours each syllable: by its command's class, a run of comment
    characters as one comment, no-op syllables in the default colour."""
    row = "다반망상추희아 ab😀"
    tree = parse("aheui", row)
    query = tree_sitter.Query(grammars.language("aheui"), grammars.highlights("aheui"))
    captured = {}
    for name, found in tree_sitter.QueryCursor(query).captures(tree.root_node).items():
        for node in found:
            captured[row.encode()[node.start_byte:node.end_byte].decode()] = name
    assert captured == {"다": "operator", "반": "function.builtin", "망": "function.call", "상": "variable",
                        "추": "keyword", "희": "keyword.return", " ab😀": "comment"}


# --------------------------------------------------------------------------------------------
# Piet's ascii-piet text: one node a codel, named after its colour, an error exactly where the
# engine refuses the text (spec piet.md F5; engines/piet/parser.py)

PIET_HUE_CAPTURES = {"red": "string", "yellow": "function", "green": "number", "cyan": "type.builtin",
                     "blue": "keyword.function", "magenta": "keyword"}


def piet_codels(text: str) -> list[str] | None:
    """The node each character of ascii-piet ``text`` is to the engine: its colour's name (``light
    red`` as ``light_red``), line ends none; ``None`` if the engine refuses the text."""
    from esodbg.engines.piet import parser as piet

    try:
        piet.parse(text, "prog.apiet", {})
    except ParseError:
        return None
    return [piet.colour_name(piet.LETTER_OF[ch]).replace(" ", "_") for ch in text if ch not in "\r\n"]


def piet_nodes(text: str) -> list[str] | None:
    """The grammar's codel nodes, ``None`` if its tree has an error."""
    tree = parse("piet", text)
    if tree.root_node.has_error:
        return None
    return [node.type for node in tree.root_node.named_children]


def test_piet_every_letter_is_the_engines_colour():
    from esodbg.engines.piet import parser as piet

    for letters in (piet.LETTERS, piet.UPPER):
        assert piet_nodes(letters) == piet_codels(letters) == [
            piet.colour_name(c).replace(" ", "_") for c in range(20)]
    for ch in piet.LETTERS + piet.UPPER:
        assert piet_nodes(ch) == piet_codels(ch)
    # every other ASCII character (but line ends) and a few others are no codel
    for ch in [chr(c) for c in range(1, 128) if chr(c) not in piet.LETTER_OF and chr(c) not in "\r\n"] + ["é", "😀"]:
        assert piet_codels("tl" + ch) is None and piet_nodes("tl" + ch) is None, repr(ch)
        assert piet_codels(ch + "tl") is None and piet_nodes(ch + "tl") is None, repr(ch)


PIET_CHARS = "tldvnfrjbskcqiaumeTLDVNFRJBSKCQIAUME?_ @\n\r\n\n\t#x0é\x00"


@FUZZ
@given(st.text(st.sampled_from(PIET_CHARS), max_size=40))
def test_piet_nodes_are_the_engines_codels(text):
    """On generated texts: the same codels, and an error exactly where the engine refuses the
    text (another character, or no codel at all)."""
    assert piet_nodes(text) == piet_codels(text)


def test_piet_highlights_by_hue():
    """The code pane colours each codel letter by its hue (light, normal and dark alike; upper
    case as lower); white and black keep the default colour."""
    from esodbg.engines.piet import parser as piet

    text = piet.LETTERS + "\n" + piet.UPPER + "\n"
    tree = parse("piet", text)
    query = tree_sitter.Query(grammars.language("piet"), grammars.highlights("piet"))
    captured = {}
    for name, found in tree_sitter.QueryCursor(query).captures(tree.root_node).items():
        for node in found:
            captured[(node.start_point.row, node.start_point.column)] = name
    expected = {}
    for row in range(2):
        for col, colour in enumerate(range(18)):
            expected[(row, col)] = PIET_HUE_CAPTURES[piet.HUES[colour // 3]]
    assert captured == expected


def test_piet_pictures_have_no_grammar():
    """ascii-piet files are highlighted; a picture's Source pane (its codels written as ascii-piet
    letters) is not: the board shows its true colours."""
    from esodbg.engines.registry import by_name

    piet = by_name("piet")
    assert piet.grammar == "piet"
    assert [piet.grammar_for(f"prog{ext}") for ext in (".apiet", ".ascii-piet", ".png", ".GIF", ".ppm")] == [
        "piet", "piet", None, None, None]
