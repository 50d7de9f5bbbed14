"""One test (or a few) per rule of spec `stoned-go.md`, named by the rule number: 0.1–0.3, L1–L8,
M1–M10, P1–P6, S1–S6, R1–R8, C1–C6, T1–T8, V1–V7, D1–D7."""

from __future__ import annotations

import pytest

from esodbg.engines.base import CellRef, ParseError, Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.stoned_go import LANGUAGE, macros
from esodbg.engines.stoned_go.board import pack, unpack
from esodbg.engines.stoned_go.errors import SourceError
from esodbg.engines.stoned_go.lexer import decode
from esodbg.engines.stoned_go.machine import OUT, OVER, StonedGoMachine
from esodbg.engines.stoned_go.parser import parse
from esodbg.engines.stoned_go.state import final_state, step_json, summary
from esodbg.engines.stoned_go.view import MARGIN

# Cursor moves that keep the flag horizontal (a move flips it; +0 flips it back).
R, L, D, U = "+1 +0 ", "-1 +0 ", "/ +1 ", "/ -1 "
EYE = f"{R}() {L}{L}() {R}{D}() {U}{U}() {D}"  # white stones around the cursor, cursor back in the middle


class Walk:
    """Program text that moves the cursor to absolute points, keeping the flag horizontal
    (``+dx +dy``), starting at ``(x, y)``; ``steps`` counts its commands (a ``put`` is one)."""

    def __init__(self, x: int = 0, y: int = 0) -> None:
        self.x, self.y, self.parts, self.steps = x, y, [], 0

    def to(self, x: int, y: int) -> Walk:
        self.parts.append(f"{x - self.x:+d} {y - self.y:+d}")
        self.x, self.y = x, y
        self.steps += 2
        return self

    def put(self, *texts: str) -> Walk:
        self.parts.extend(texts)
        self.steps += len(texts)
        return self

    def at(self, x: int, y: int, text: str) -> Walk:
        return self.to(x, y).put(text)

    def ring(self, x: int, y: int, text: str = "( )") -> Walk:
        """``text`` on the four neighbours of (x, y)."""
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            self.at(x + dx, y + dy, text)
        return self

    def __str__(self) -> str:
        return " ".join(self.parts)


def session(program) -> Session:
    """A debugger session with a step budget: no test can run forever."""
    return Session(LANGUAGE, program, budget=100_000)


def machine(src: str, limit: int = 10_000, **options) -> StonedGoMachine:
    m = StonedGoMachine(parse(src, "t.sgo", options), InputLog("", True), OutputLog())
    m.keep_log()
    m.run(limit)
    return m


def state(src: str, limit: int = 10_000, **options) -> dict:
    return final_state(machine(src, limit, **options), "t", step_limit=limit)


def stones(m: StonedGoMachine) -> dict[tuple[int, int], str]:
    return {unpack(k): ("black", "white")[s[0]] for k, s in m.board.items()}


def error(src: str, **options) -> SourceError:
    with pytest.raises(SourceError) as info:
        parse(src, "t.sgo", options)
    return info.value


def where(src: str, **options) -> tuple[str, int, int]:
    e = error(src, **options)
    return e.phase, e.line, e.col


# ----- 0. conventions and dialects -----------------------------------------------------------------

def test_0_1_inner_loop_is_the_default_and_base_rejects_bars_in_blocks():
    src = "[ | ] |"
    assert parse(src, "t.sgo").dialect == "inner-loop"
    assert where(src, base=True) == ("parse", 1, 3)
    plain = f"{EYE}[ +5 ( ) ] ? |"  # no '|' in a block: the same run in both dialects
    a, b = state(plain), state(plain, base=True)
    assert a.pop("dialect") == "inner-loop" and b.pop("dialect") == "base" and a == b


def test_0_2_first_error_in_phase_order_and_no_step():
    assert where("<nope> ] | + ") == ("lex", 1, 12)  # lex beats macro and parse
    assert where("] <nope> |") == ("macro", 1, 3)  # macro beats parse
    assert where("] ) |") == ("parse", 1, 1)  # first in the stream
    with pytest.raises(ParseError):
        LANGUAGE.parse("] |", "t.sgo")


def test_0_3_positions_count_code_points_tabs_and_only_lf():
    assert where("{ñé:}\t\r\n\t<ñé> x |") == ("lex", 2, 7)  # CR is whitespace, tab counts 1
    assert where("+1 [ ]\n") == ("parse", 2, 1)  # EOF after a final LF: next line, col 1
    assert where("+1 [ ]") == ("parse", 1, 7)
    e = error("{m: ] }\n<m> |")
    assert (e.phase, e.line, e.col) == ("parse", 1, 5) and [c.name for c in e.via] == ["m"]
    assert "via <m> at 2:1" in str(e)


# ----- L. lexical structure ----------------------------------------------------------------------

def test_l1_utf8_bom_ignored_and_invalid_bytes_are_errors():
    assert decode(b"\xef\xbb\xbf|", "t.sgo") == "|"
    assert parse("\ufeff?|", "t.sgo").commands[0].span.col == 1  # columns count after the BOM
    with pytest.raises(SourceError) as info:
        decode("|\n{é:".encode() + b"\xff" + b"}", "t.sgo")
    assert (info.value.phase, info.value.line, info.value.col) == ("decode", 2, 4)


def test_l2_whitespace_set_and_nothing_else():
    assert state(" \t\n\x0b\x0c\r+1\x0b?\x0c|", 5)["cursor"] == [1, 0]
    assert where("+1\u00a0|") == ("lex", 1, 3)  # NBSP is not whitespace (L8)
    assert where("+1\u2028|") == ("lex", 1, 3)


def test_l3_comments_are_whitespace_everywhere():
    assert state("+ # between sign and digits\n 4 # ]\n? ( ) ?|")["cursor"] == [4, 0]
    assert state("{m: # in a body\n +1 # ]\n}\n<m: # in an argument\n> ( ) ? |")["cursor"] == [1, 0]
    assert where("[#]\n|") == ("parse", 1, 1)  # the ']' is commented out: '[' is unclosed


def test_l4_single_character_tokens():
    assert [c.kind for c in parse("/?[]()|", "t.sgo").commands] == ["flip", "halt", "place", "place", "bar"]
    assert where("} |") == ("macro", 1, 1) and where("> |") == ("macro", 1, 1) and where("! |") == ("macro", 1, 1)


def test_l5_moves():
    p = parse("+007 -0 + 3 -#c\n12 +0|", "t.sgo")
    assert [c.value for c in p.commands[:-1]] == [7, 0, 3, -12, 0]
    assert p.commands[3].span == (1, 13, 2, 3)  # from the sign to the last digit
    e = error("+1 [ ] + [ ] |")
    assert (e.line, e.col, e.message) == (1, 8, "expected digits after '+', found '['")  # L5b
    assert where("--3|") == ("lex", 1, 1) and where("+-3|") == ("lex", 1, 1) and where("+") == ("lex", 1, 1)
    assert where("+1 2|") == ("lex", 1, 4)  # L5c: no whitespace in the middle of a number
    assert where("|7") == ("lex", 1, 2)
    assert where("+\u0663|") == ("lex", 1, 1)  # L5e: ARABIC-INDIC DIGIT THREE is no digit
    assert state("+0 ?|", 2)["direction"] == "vertical"  # L5d: +0 still flips


def test_l6_number_range():
    assert parse("+9007199254740991 |", "t.sgo").commands[0].value == 2**53 - 1
    assert parse("-" + "0" * 40 + "9007199254740991|", "t.sgo").commands[0].value == -(2**53 - 1)
    assert where("+ 9007199254740992|") == ("lex", 1, 1)
    assert where("|-" + "9" * 5000) == ("lex", 1, 2)


def test_l7_macro_tokens_with_whitespace_and_comments_inside():
    src = "{ # c\n m # c\n : +1 ! } < m # c\n > < m : +2 > ? |"
    assert [c.value for c in parse(src, "t.sgo").commands if c.kind == "move"] == [1, 1, 2]


def test_l8_any_other_character_is_an_error():
    assert where("+1 a |") == ("lex", 1, 4)
    assert where("+1 : |") == ("lex", 1, 4)
    assert where("+1,|") == ("lex", 1, 3)
    assert "unexpected character 'a'" in error("a").message


# ----- M. macros ---------------------------------------------------------------------------------

def test_m1_names():
    src = "{[x]:+1}{+1:+2}{a!:+3}{?:+4}{ñ:+5}{(|):+6} <[x]> <+1> <a!> <?> <ñ> <(|)> |"
    assert [c.value for c in parse(src, "t.sgo").commands if c.kind == "move"] == [1, 2, 3, 4, 5, 6]
    assert where("{:+1} |") == ("lex", 1, 2)  # empty names, at the name's position
    assert where("<> |") == ("lex", 1, 2)
    assert where("< :x> |") == ("lex", 1, 3)
    assert where("{a b:} |") == ("lex", 1, 4)  # a name ends at whitespace; then only ':' may come
    assert where("<a b> |") == ("lex", 1, 4)
    assert parse("{a\u00a0b:+1} <a\u00a0b> |", "t.sgo").commands[0].value == 1  # NBSP: part of a name


def test_m2_definitions():
    assert state("{open:[}{close:]} <open> +3 ( ) <close> ? |")["stones"] == [{"pos": [0, 0], "colour": "black"}]
    assert state("[ {w:( )} ] +1 <w> ? |")["stones"][1]["colour"] == "white"  # M2c: global from a block
    assert state("<late> ? | {late:[]}")["halted"]  # M2d hoisted
    e = error("{a:+1}\n{a:+2} |")  # M2e
    assert (e.line, e.col) == (2, 1) and "already defined at 1:1" in e.message
    assert where("+1 } |") == ("macro", 1, 4)  # M2f
    assert where("|\n{a: +1") == ("macro", 2, 1)  # M2g


def test_m3_calls():
    src = "{m:+1 !} <m> <m:> <m: <m:+10> > ? |"
    assert [c.value for c in parse(src, "t.sgo").commands if c.kind == "move"] == [1, 1, 1, 1, 10]
    assert where("{m:} <m: > > |") == ("macro", 1, 12)  # stray '>'
    e = error("{m:<n: +1 }\n{n:} |")  # '}' while an argument is open
    assert (e.line, e.col) == (1, 11) and "close the call to 'n' opened at 1:4" in e.message
    assert where("{m:} |\n<m: +1") == ("macro", 2, 1)  # EOF inside an argument
    assert where("{m:} <m: : > |") == ("lex", 1, 10)  # ':' inside an argument


def test_m4_no_definition_inside_a_body_or_an_argument():
    assert where("{a: {b: } } |") == ("macro", 1, 5)
    assert where("{m:} <m: {b: } > |") == ("macro", 1, 10)


def test_m5_argument_substitution():
    src = "{m: ! / ! } <m: +2 > ?|"
    assert [c.kind for c in parse(src, "t.sgo").commands] == ["move", "flip", "move", "halt", "bar"]
    assert where("! |") == ("macro", 1, 1)
    assert where("{m:} <m: ! > |") == ("macro", 1, 10)
    assert where("{m:+!} |") == ("lex", 1, 4)  # '!' stands for whole tokens
    # '!' in the argument of a call written in a body is the body's own argument.
    src = "{inner: ! ! } {outer: <inner: ! /> } <outer: +1 > |"
    assert [c.kind for c in parse(src, "t.sgo").commands] == ["move", "flip", "move", "flip", "bar"]


def test_m6_undefined_macro_even_in_unused_definitions():
    assert where("{unused: <nope>} |") == ("macro", 1, 10)
    assert "undefined macro 'nope'" in error("<nope> |").message


def test_m7_recursion_is_a_static_error_even_unused():
    e = error("{a: <b> }\n{b: <c> }\n{c: <a> } |")
    assert (e.line, e.col) == (1, 5) and e.message == "recursive macro call: a -> b -> c -> a"
    assert error("{a: <a> } |").message == "recursive macro call: a -> a"
    assert error("{a: <b: <a> > } {b: } |").message == "recursive macro call: a -> a"
    assert parse("{a:<b><b>}{b:<c>}{c:} <a> |", "t.sgo")  # a diamond is not recursion


def test_m8_check_order():
    # structure (the stray '}') before the duplicate before the undefined call
    assert where("<x> {a:}{a:} } |") == ("macro", 1, 14)
    assert where("<x> {a:}{a:} |") == ("macro", 1, 9)
    # call sites in source order, each checked for undefined then recursion
    assert where("{a:<a>} <zz> |") == ("macro", 1, 4)
    assert where("<zz> {a:<a>} |") == ("macro", 1, 1)


def test_m9_expansion_keeps_positions_and_via():
    src = "{in: ( ) }\n{out: [ ] <in> ! }\n<out: +1 > |"
    p = parse(src, "t.sgo")
    black, white, move = p.commands[0], p.commands[1], p.commands[2]
    assert (black.span.line, [c.name for c in black.via]) == (2, ["out"])
    assert (white.span.line, [c.name for c in white.via]) == (1, ["out", "in"])
    assert (move.span.line, move.via) == (3, ())  # argument tokens keep the via where written
    assert white.via[0].span == (3, 1, 3, 11) and white.via[1].span == (2, 11, 2, 15)


def test_m10_expansion_limit_and_no_blowup_on_empty_expansions():
    defs = "{a0:+1}" + "".join(f"{{a{i}:<a{i-1}><a{i-1}><a{i-1}><a{i-1}>}}" for i in range(1, 11))
    e = error(defs + "<a10> |")  # 4**10 moves: the 1,000,001st is the limit's
    assert e.phase == "macro" and (e.line, e.col) == (1, 5) and len(e.via) == 11
    empty = "{e0:}" + "".join(f"{{e{i}:<e{i-1}><e{i-1}><e{i-1}><e{i-1}>}}" for i in range(1, 41))
    assert parse(empty + "<e40> +1 |", "t.sgo").commands[0].value == 1  # 4**40 calls, no token: skipped


def test_m10_the_limit_is_exact(monkeypatch):
    monkeypatch.setattr(macros, "LIMIT", 10)
    monkeypatch.setattr(macros, "CAP", 11)
    assert len(parse("{m: +1 +1 +1 }<m><m><m>|", "t.sgo").commands) == 10
    e = error("{m: +1 +1 +1 }<m><m><m>\n<m>|")
    assert (e.line, e.col, [c.name for c in e.via]) == (1, 8, ["m"])  # the 11th token: the second +1


# ----- P. grammar --------------------------------------------------------------------------------

def test_p1_two_parts_either_may_be_empty():
    m = machine("|", 5)
    assert m.status is Status.READY and m.steps == 5  # '|' alone loops forever
    p = parse("+1 / | +2 ?", "t.sgo")
    assert [c.text for c in p.main.init] == ["+1", "/"] and [c.text for c in p.main.loop] == ["+2", "?"]
    assert p.main.bar.span == (1, 6, 1, 7)


def test_p2_missing_bar_is_an_error_at_eof():
    e = error("+1 [ ] ?\n")
    assert (e.phase, e.line, e.col) == ("parse", 2, 1) and "missing '|'" in e.message
    assert where("[ | ]") == ("parse", 1, 6)  # a block's bar is not the top level's


def test_p3_second_top_level_bar():
    e = error("+1 | +2 |")
    assert (e.line, e.col) == (1, 9) and "first at 1:4" in e.message


def test_p4_blocks():
    p = parse("[ ( [ ] ) [ ] ] ( ) |", "t.sgo")
    outer = p.commands[0]
    assert outer.colour == "black" and [c.colour for c in outer.body.init] == ["white", "black"]
    assert outer.span == (1, 1, 1, 16) and outer.close == (1, 15, 1, 16)
    assert where("] |") == ("parse", 1, 1)
    e = error("[ ( ] ) |")
    assert (e.line, e.col) == (1, 5) and e.message == "expected ')' to close '(' opened at 1:3, found ']'"
    assert where("[ ( [ ] |") == ("parse", 1, 3)  # the innermost open block


def test_p5_bars_in_blocks():
    assert where("( | ) |", base=True) == ("parse", 1, 3)
    assert parse("( +1 | ? ) |", "t.sgo").commands[0].body.subprogram
    assert where("( | | ) |") == ("parse", 1, 5)
    assert parse("[ ( | ) | [ | ] ] |", "t.sgo")  # one bar per block, any number of blocks


def test_p6_macro_made_structure_reports_body_positions_and_via():
    p = parse("{loop: ! |} <loop: +1 > ?", "t.sgo")  # the top-level bar comes from a macro
    assert [c.text for c in p.main.init] == ["+1"] and [c.text for c in p.main.loop] == ["?"]
    assert p.main.bar.span == (1, 10, 1, 11) and [c.name for c in p.main.bar.via] == ["loop"]
    e = error("{close: ] }\n<close> |")
    assert (e.line, e.col, [c.name for c in e.via]) == (1, 9, ["close"])


# ----- S. machine state --------------------------------------------------------------------------

def test_s1_the_board_is_infinite():
    far = 2**53 - 1
    m = machine(f"+{far} +{far} [ ] -{far} -{far} ( ) -{far} -{far} [ ] ? |")
    assert stones(m) == {(far, far): "black", (0, 0): "white", (-far, -far): "black"}


def test_s2_a_stone_keeps_colour_trigger_and_env():
    m = machine("[ +5 ] +1 ( ) ? |")
    (b, w) = sorted(m.board.items())
    assert b[1][0] == 0 and w[1][0] == 1 and m.block_command(b[1][1]).body.init[0].value == 5
    assert b[1][2] == 0  # placed by the top level (V4)


def test_s3_s5_start_at_the_origin_horizontal():
    m = machine("? |", 1)
    assert (m.x, m.y, m.flag, m.steps) == (0, 0, "horizontal", 1)


def test_s4_x_grows_right_y_grows_down():
    assert state("+2 +3 ? |", 3)["cursor"] == [2, 3]
    assert state("-2 -3 ? |", 3)["cursor"] == [-2, -3]
    assert state(f"{Walk().at(0, 1, '( )').at(1, 0, '( )').at(0, 0, '[ ]')} ? |")["stones"] == [  # reading order is ascending y, then x
        {"pos": [0, 0], "colour": "black"}, {"pos": [1, 0], "colour": "white"}, {"pos": [0, 1], "colour": "white"}]


def test_s6_one_cursor_and_flag_for_triggers_too():
    w = Walk().at(1, 1, "( +5 )").ring(1, 1, "[ ]")  # the trigger moves from the capturing stone
    m = machine(f"{w} ? |", w.steps + 2)
    assert (m.x, m.y) == (w.x + 5, w.y) and m.flag == "vertical"  # moved and flipped, not restored


# ----- R. commands -------------------------------------------------------------------------------

def test_r1_commands_mean_the_same_in_triggers():
    w = Walk().at(0, 0, "( +3 / -2 )").ring(0, 0, "[ ]")  # last ring stone at (0, -1)
    m = machine(f"{w} |", 100)  # the last ring stone, at (0, -1), captures; then +3 / -2
    assert (m.x, m.y, m.flag) == (1, -1, "vertical") and m.log.triggers[0][0] == w.steps + 1


def test_r2_move_then_flip_and_jumps_pass_over_stones():
    m = machine("+2 [ ] / -2 / +5 ? |", 7)  # the +5 jumps over the stone at (2, 0)
    assert (m.x, m.y, m.flag, m.status) == (5, 0, "vertical", Status.READY)
    assert [(m.x, m.y, m.flag) for m in (machine("-3 -4 ? |", n) for n in (1, 2))] == [
        (-3, 0, "vertical"), (-3, -4, "horizontal")]


def test_r3_flip():
    assert (machine("/ ? |", 1).flag, machine("/ / ? |", 2).flag) == ("vertical", "horizontal")
    assert state("/ +4 ? |", 2)["cursor"] == [0, 4]


def test_r4_place_does_nothing_on_a_stone_and_does_not_run_the_body():
    m = machine("[ +100 ] ( +100 ) ? |")
    assert stones(m) == {(0, 0): "black"} and (m.x, m.y) == (0, 0) and m.steps == 3


def test_r5_loop_init_once_and_each_bar_pass_is_a_step():
    m = machine("+1 +0 | +1 +0", 7)  # init (steps 1-2), '|' (3), +1 +0 (4-5), '|' (6), +1 (7)
    assert (m.x, m.steps) == (3, 7)
    assert [machine("+1 |", n).steps for n in (1, 2, 3)] == [1, 2, 3]


def test_r6_halt_only_on_a_stone_and_abandons_pending_triggers():
    m = machine("? +1 [ ] ? +1 |")
    assert m.status is Status.HALTED and m.steps == 4 and (m.x, m.y) == (1, 0)
    # two triggers pending; the first one halts: the second never starts
    w = Walk().at(0, 0, "( ? )").at(1, 0, "( ? )")  # a white group of two
    for x, y in ((-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)):
        w.at(x, y, "[ ]")  # the last captures both; the first trigger's '?' is on that stone
    m = machine(f"{w} |")
    assert m.status is Status.HALTED and [t[1] for t in m.log.triggers] == [pack(0, 0)]


def test_r7_runtime_errors_are_atomic_and_count_as_a_step():
    big = 2**53 - 1
    s = session(parse(f"| +{big} +0", "t.sgo"))
    assert s.continue_().reason is Stop.ERROR  # R8 on a move: the failing step counts, changes nothing
    m = s.machine
    failed = s.steps
    s.step_back()
    before = m.snapshot()
    assert m.status is Status.READY and s.step().reason is Stop.ERROR and s.steps == failed
    after = m.snapshot()
    assert (after[0][5][:3], after[1]) == (before[0][5][:3], before[1])  # cursor, flag and board as before
    # T7 between steps: the placement ran (its stone is captured), the trigger did not start, no step added
    w = Walk().ring(0, 0, "[ ]").at(0, 0, "( +1 )")
    m = machine(f"{w} |", max_depth=0)
    assert m.status is Status.ERROR and m.steps == w.steps == m.fault.step and pack(0, 0) not in m.board
    placement = [c for c in parse(f"{w} |", "t.sgo").commands if c.kind == "place"][-1]
    assert m.fault.span == placement.span and m.log.triggers == []


def test_r8_coordinate_overflow():
    big = 2**53 - 1
    m = machine(f"| +{big} +0", 10_000)
    assert m.status is Status.ERROR and m.fault.message == "cursor coordinate overflow"
    assert m.x <= 2**63 - 1 and m.x + big > 2**63 - 1  # the failing move changed nothing
    assert m.fault.step == m.steps and m.fault.span == (1, 3, 1, 20)


# ----- C. captures -------------------------------------------------------------------------------

def test_c1_only_a_successful_placement_resolves_captures():
    w = Walk().at(0, 0, "( )").at(-1, 0, "[ ]").at(0, -1, "[ ]").at(0, 1, "[ ]")  # white in atari at (0,0)
    s = session(parse(f"{w} [ ] +1 -1 +0 / ? [ ] |", "t.sgo"))  # ends on (1, 0), its last liberty
    s.step(w.steps)
    for _ in range(6):  # a placement on an occupied point, moves onto the liberty, a flip, '?'

        assert s.machine.may_change() == ()
        s.step()
    assert pack(0, 0) in s.machine.board and (s.machine.x, s.machine.y) == (1, 0)
    s.step()  # [ ] on the liberty: now it captures
    assert pack(0, 0) not in s.machine.board


def test_c2_opponent_groups_first():
    w = Walk().at(0, 0, "( )")
    for x, y in ((-1, 0), (1, 0), (0, -1)):
        w.at(x, y, "[ ]")
    for x, y in ((-1, 1), (1, 1), (0, 2)):
        w.at(x, y, "( )")
    w.at(0, 1, "[ ]")  # no liberty of its own, but it captures (0, 0) first and then has one
    m = machine(f"{w} |", w.steps)
    assert m.log.captures == [(w.steps, pack(0, 1), 0, 1, (pack(0, 0),), 0)]
    assert stones(m)[(0, 1)] == "black" and (0, 0) not in stones(m)


def test_c3_suicide_removes_the_own_group_and_runs_its_triggers():
    w = Walk()
    for x, y in ((-1, 0), (2, 0), (0, -1), (1, -1), (0, 1), (1, 1)):
        w.at(x, y, "( )")  # a white eye of two points
    w.at(0, 0, "[ +0 ]").at(1, 0, "[ +0 ]")  # the second black fills it: both blacks die
    m = machine(f"{w} |", w.steps + 2)
    assert m.log.captures == [(w.steps, pack(1, 0), 0, 0, (pack(0, 0), pack(1, 0)), 0)]
    assert [(t[0], t[1], t[2], t[3], t[4]) for t in m.log.triggers] == [
        (w.steps + 1, pack(0, 0), 0, 1, 1), (w.steps + 2, pack(1, 0), 0, 1, 1)]


def test_c4_no_ko_rule():
    w = Walk().at(1, 1, "( )")
    for x, y in ((1, 0), (0, 1), (1, 2)):
        w.at(x, y, "[ ]")
    for x, y in ((2, 0), (3, 1), (2, 2)):
        w.at(x, y, "( )")
    w.at(2, 1, "[ ]").at(1, 1, "( )").at(2, 1, "[ ]").at(1, 1, "( )")  # take, retake, take, retake
    m = machine(f"{w} |", w.steps)
    assert [(c[1], c[4]) for c in m.log.captures] == [
        (pack(2, 1), (pack(1, 1),)), (pack(1, 1), (pack(2, 1),))] * 2


def test_c5_removal_is_total_and_triggers_go_in_reading_order_across_groups():
    w = Walk().at(0, 0, "( +1 ? )").at(0, 1, "( )").at(2, 0, "( )")  # groups {(0,0), (0,1)} and {(2,0)}
    for x, y in ((-1, 0), (0, -1), (-1, 1), (1, 1), (0, 2), (3, 0), (2, -1), (2, 1)):
        w.at(x, y, "[ ]")
    w.at(1, 0, "[ ]")  # captures both groups at once
    m = machine(f"{w} |", w.steps + 10)
    assert [t[1] for t in m.log.triggers] == [pack(0, 0), pack(2, 0), pack(0, 1)]  # not group by group
    assert m.status is Status.READY  # the first trigger's '?' on (2, 0) found it already removed


def test_c6_every_group_keeps_a_liberty_between_steps():
    w = Walk()
    for i, (x, y) in enumerate([(0, 0), (1, 0), (0, 1), (1, 1), (-1, 0), (2, 1), (0, -1), (1, 2),
                                (1, -1), (0, 2), (2, 0), (-1, 1)]):
        w.at(x, y, "[ ]" if i % 3 else "( )")
    s = session(parse(f"{w} |", "t.sgo"))
    for _ in range(w.steps):
        s.step()
        board = s.machine.board
        for key, stone in board.items():
            seen, todo, free = {key}, [key], False
            while todo and not free:
                p = todo.pop()
                for n in (p - 1, p + 1, p - (1 << 65), p + (1 << 65)):
                    if n not in board:
                        free = True
                    elif n not in seen and board[n][0] == stone[0]:
                        seen.add(n)
                        todo.append(n)
            assert free


# ----- T. triggers -------------------------------------------------------------------------------

def _pair(first: str, second: str, w: Walk | None = None) -> Walk:
    """White stones (0,0) and (1,0) with the given triggers, then blacks around them; the last
    black, at (2, 0), captures both.  Continues ``w`` if given."""
    w = (w or Walk()).at(0, 0, first).at(1, 0, second)
    for x, y in ((-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)):
        w.at(x, y, "[ ]")
    return w


def test_t1_triggers_run_before_the_next_command():
    w = _pair("( +7 +0 )", "( )")
    m = machine(f"{w} [ ] ? |")  # the black goes where the trigger left the cursor
    assert stones(m)[(9, 0)] == "black" and m.status is Status.HALTED


def test_t2_entries_are_remembered_even_if_their_point_is_played_again():
    w = _pair("( -1 +0 [ ] )", "( +5 +0 )")  # the first trigger plays on the second's point
    m = machine(f"{w} ? |")
    assert [t[1] for t in m.log.triggers] == [pack(0, 0), pack(1, 0)]  # the second still runs
    assert stones(m)[(1, 0)] == "black" and (m.x, m.y) == (6, 0)


def test_t3_t6_nested_captures_run_depth_first():
    x = Walk().at(11, 0, "( )").at(10, 0, "[ ]").at(11, -1, "[ ]").at(11, 1, "[ ]")  # X: one liberty left
    w = _pair("( +10 +0 [ ] )", "( )", x)  # the first trigger plays (12, 0): captures X at (11, 0)
    m = machine(f"{w} |", 200)
    assert [(t[1], t[3]) for t in m.log.triggers] == [(pack(0, 0), 1), (pack(11, 0), 2), (pack(1, 0), 1)]
    assert [c[5] for c in m.log.captures] == [0, 1]  # the depth of the frame whose placement captured


def test_t4_triggers_run_in_the_global_environment():
    w = _pair("( ? )", "( +5 )")  # the cursor is on the capturing stone: the first trigger's '?' halts
    for base in (False, True):  # a top-level stone's trigger: '?' halts everything in both dialects
        m = machine(f"{w} |", base=base)
        assert m.status is Status.HALTED and len(m.log.triggers) == 1 and (m.x, m.y) == (2, 0)
    m = machine(f"{w} |".replace("( ? )", "( / )"))  # the flag is the global one: the second moves y
    assert (m.x, m.y, m.flag) == (2, 5, "horizontal") and m.status is Status.READY


def test_t5_trigger_starts_and_ends_take_no_step():
    w = _pair("( +1 +0 )", "( / / )")
    m = machine(f"{w} ? |", w.steps + 4)
    assert m.steps == w.steps + 4 and m.depth == 0 and m.status is Status.READY
    assert [t[0] for t in m.log.triggers] == [w.steps + 1, w.steps + 3]


def test_t7_depth_limit_is_an_error_at_the_placement_that_captured():
    x = Walk().at(11, 0, "( )").at(10, 0, "[ ]").at(11, -1, "[ ]").at(11, 1, "[ ]")
    w = _pair("( +10 +0 [ ] )", "( )", x)
    src = f"{w} |"
    assert machine(src, 200, max_depth=2).status is Status.READY
    m = machine(src, 200, max_depth=1)
    inner = [c for c in parse(src, "t.sgo").commands if c.kind == "place" and c.text == "[]"]
    assert m.status is Status.ERROR and "depth limit" in m.fault.message
    assert m.fault.at == CellRef("board", 0, 12) and m.fault.span in [c.span for c in inner]  # the capturing stone
    assert m.steps == w.steps + 3  # the first trigger's three commands ran, then the error
    assert final_state(m)["error"]["phase"] == "runtime"


def test_t8_an_empty_trigger_starts_and_ends_without_a_step():
    w = _pair("( )", "( )")
    m = machine(f"{w} ? |", w.steps + 1)
    assert m.steps == w.steps + 1 and len(m.log.triggers) == 2 and m.depth == 0


# ----- V. the inner loop variant -----------------------------------------------------------------

def launch(body: str, main_after: str = "") -> str:
    """A white eye at (0,0), then a black stone there carrying ``body``: it captures itself at
    once and its trigger runs with the cursor at (0, 0), flag as before."""
    return f"{Walk().ring(0, 0).to(0, 0)} [ {body} ] {main_after} |"


def test_v1_v2_a_block_with_a_bar_is_a_subprogram_with_its_own_activation():
    m = machine(launch("+1 +0 | +1 +0"), 40)
    frame = m.frames()[0][1]
    assert m.log.triggers[0][4] == 2 and frame[0] == 2 and frame[4] == 1 and m.depth == 1
    assert m.x > 5  # it loops like a program: init, |, loop, |, loop, …


def test_v3_the_subprogram_shares_cursor_and_flag():
    src = f"{Walk().ring(0, 0).to(0, 0)} / [ +3 | ? ] |"  # entered with a vertical flag: +3 moves y
    m = machine(src, 100)
    assert (m.x, m.y) == (0, 3) and m.flag == "horizontal"


def test_v4_v5_question_mark_ends_the_innermost_subprogram_lexically():
    inner = Walk().ring(10, 0, "[ ]").at(10, 0, "( +1 +0 ? )")  # a plain trigger inside the subprogram
    m = machine(launch(f"{inner} |", "?"), 500)  # the subprogram's loop is empty: only V4 can end it
    assert m.status is Status.HALTED and (m.x, m.y) == (11, 0) and m.depth == 0


def test_v5_ends_only_the_subprogram_and_the_next_entry_runs():
    w = Walk()
    for x, y in ((-1, 0), (2, 0), (0, -1), (1, -1), (0, 1), (1, 1)):
        w.at(x, y, "( )")
    w.at(0, 0, "[ | +1 +0 ? ]").at(1, 0, "[ | ? ]")  # both die together: two subprograms in turn
    m = machine(f"{w} ? |", 100)
    assert m.status is Status.HALTED and [t[4] for t in m.log.triggers] == [2, 2] and m.acts == 2
    assert (m.x, m.y) == (2, 0)
    assert machine(launch("| ? +1 +0", "?"), 100).status is Status.HALTED  # '?' on (0,0): empty, no-op


def test_v6_question_mark_of_an_ended_subprogram_is_an_error():
    body = f"{Walk().at(20, 0, '( ? )')} | ?"  # leaves a stone carrying its env, then ends
    src = f"{Walk().ring(0, 0).to(0, 0)} [ {body} ] {Walk(20, 0).ring(20, 0, '[ ]')} |"
    m = machine(src, 500)
    assert m.status is Status.ERROR and m.fault.message == "'?' would terminate a subprogram that has already ended"
    question = [c for c in parse(src, "t.sgo").commands if c.kind == "halt"][0]
    assert m.fault.span == question.span and m.fault.at == CellRef("board", -1, 20)


def test_v7_an_empty_loop_spins_forever():
    m = machine(launch("|"), 1000)
    assert m.status is Status.READY and m.depth == 1 and m.steps == 1000


# ----- D. the debugger model ---------------------------------------------------------------------

def test_d1_steps_count_commands_in_every_frame():
    w = _pair("( +0 +0 )", "( )")
    assert machine(f"{w} ? |").steps == w.steps + 2 + 1  # the placement is one step; its triggers' own
    assert machine("{nothing:} <nothing> <nothing> ( ) ( ) ? |").steps == 3  # calls are no steps


def test_d2_source_mapping():
    s = session(parse("{b:[ ]}\n<b> +1 | /", "t.sgo"))
    v = s.view()
    assert v.span == (1, 4, 1, 7) and "via <b> at 2:1" in v.next
    s.step(2)
    assert s.view().span == (2, 8, 2, 9)  # the '|' pass
    s.step(2)
    assert s.view().span == (2, 8, 2, 9)  # and again after each loop
    assert len(s.view().code.steps) == len(s.program.commands)


def test_d2_view_board_stack_and_last_step():
    s = session(parse(launch("/ +3 | +1 +0 ? [ ]"), "t.sgo"))
    s.step(Walk().ring(0, 0).to(0, 0).steps + 3)  # the placement, then the subprogram's / and +3
    v = s.view()
    grid = v.boards[0]
    assert (grid.row0, grid.col0, v.location) == (-1 - MARGIN, -1 - MARGIN, CellRef("board", 3, 0))  # the ring, and a margin
    assert v.cell(CellRef("board", 3, 0)).role == "empty" and v.cell(CellRef("board", 0, 1)).role == "stone-white"
    assert v.cell(CellRef("board", 0, 0)).role == "empty" and v.cell(CellRef("board", 0, 0)).changed is False
    stack = {p.name: p for p in v.panels}["stack"].values
    assert stack[0].name == "subprogram #1 ● (0, 0)" and stack[0].value == "|" and stack[-1].name == "top level"
    events = [(x.name, x.value) for x in {p.name: p for p in v.panels}["events"].values]
    assert events[:2] == [(f"step {s.steps}", "+3"), ("  move", "from (0, 0), to (0, 3), flag horizontal")]
    assert events[2] == (f"step {s.steps - 1}", "/")  # the steps before, newest first


def step_unit(s: Session, level: int | None):
    """D3 through the core's units of stepping; ``None`` is step into (one step)."""
    return s.step() if level is None else s.step(1, level)


def step_back_unit(s: Session, level: int):
    return s.step_back(1, level)


def test_d3_step_into_over_out():
    assert [u.name for u in LANGUAGE.units] == ["out", "over"] and (OUT, OVER) == (0, 1)
    w = _pair("( +1 +0 [ ( ) ] )", "( / )")  # triggers of 3 and 1 commands (no capture inside)
    s = session(parse(f"{w} +3 +0 |", "t.sgo"))
    s.step(w.steps - 1)  # before the capturing placement
    start = s.steps
    step_unit(s, OVER)
    assert s.steps == start + 1 + 3 + 1 and s.machine.depth == 0  # the placement and both triggers
    step_back_unit(s, OVER)
    assert s.steps == start
    step_unit(s, None)
    assert s.steps == start + 1 and s.machine.depth == 1  # into: before the first trigger's first command
    step_unit(s, OVER)
    assert s.steps == start + 2 and s.machine.depth == 1
    step_unit(s, OUT)
    assert s.steps == start + 5 and s.machine.depth == 0  # the frame is gone, and its sibling's too
    s.goto(start + 3)
    step_back_unit(s, OUT)
    assert s.steps == start  # before the placement that started the trigger
    s.goto(start + 5)
    step_back_unit(s, OVER)
    assert s.steps == start  # over the triggers, backwards
    step_unit(s, OUT)  # at the top level, out is over
    assert s.steps == start + 5
    s.goto(start + 6)
    assert s.machine.unit_back(OVER) == start + 5


def test_d4_step_limit_is_an_outcome():
    st = state("[ ] |", 7)
    assert (st["outcome"], st["halted"], st["steps"], st["step_limit"]) == ("step_limit", False, 7, 7)


def traced(src: str, steps: int, skip: int = 0) -> list[dict]:
    """The ``--trace`` lines of steps ``skip + 1`` … ``skip + steps`` (fewer if it stops)."""
    m = StonedGoMachine(parse(src, "t.sgo"), InputLog(), OutputLog())
    if skip:
        m.run(skip)
    lines = []
    for _ in range(steps):
        record = m.step()
        if isinstance(record, Stop):
            break
        lines.append(step_json(m, record))
    return lines


def test_d5_events():
    w = _pair("( +0 +0 )", "( )")
    steps = traced(f"{w} ? |", 10, w.steps - 1)
    assert [s["step"] for s in steps] == list(range(w.steps, w.steps + 4))  # then halted
    first = steps[0]
    assert (first["command"], first["depth"], first["via"], first["cursor"]) == ("[]", 0, [], [2, 0])
    assert [e["event"] for e in first["events"]] == ["place", "capture", "trigger_start"]
    assert first["events"][1] == {"event": "capture", "stones": [[0, 0], [1, 0]], "colour": "white",
                                  "at": [2, 0], "depth": 0}
    assert first["events"][2] == {"event": "trigger_start", "at": [0, 0], "colour": "white", "depth": 1,
                                  "kind": "plain", "activation": None, "before_step": w.steps + 1}
    assert steps[1]["events"] == [{"event": "move", "from": [2, 0], "to": [2, 0], "flag": "vertical"}]
    assert steps[1]["depth"] == 1
    assert [e["event"] for e in steps[2]["events"]] == ["move", "trigger_end", "trigger_start", "trigger_end"]
    assert steps[3]["events"] == [{"event": "halt", "at": [2, 0]}]
    assert [[e["event"] for e in s["events"]] for s in traced("( ) ( ) ? / | ?", 5)] == [
        ["place"], ["place_noop"], ["halt"]]
    assert [[e["event"] for e in s["events"]] for s in traced("+1 ? / | ?", 5)] == [
        ["move"], ["halt_noop"], ["flip"], ["loop_pass"], ["halt_noop"]]
    sub = traced(launch("+1 +0 | ?", "?"), 40)  # a subprogram: its activation, its end
    names = [[e["event"] for e in s["events"]] for s in sub]
    assert ["place", "capture", "trigger_start"] in names and ["subprogram_end"] in names
    big = 2**53 - 1
    assert traced(f"{{far: +{big} +0}} | <far>", 5000)[-1]["events"] == [
        {"event": "error", "message": "cursor coordinate overflow"}]


def test_d6_cell_breakpoints_forward_and_backward():
    src = "+2 [ ] / -2 / +5 / -3 +0 +3 [ ] ( ) |"  # see the steps below
    s = Session(LANGUAGE, parse(src, "t.sgo"), budget=100_000)  # dict stores: the core's undo-record fix
    s.breakpoints.toggle(CellRef("board", 0, 2), frozenset({"arrive"}))
    s.breakpoints.toggle(CellRef("board", 0, 5), frozenset({"place"}))
    hits = []
    while len(hits) < 4 and (out := s.continue_()).reason is Stop.BREAKPOINT:
        hits.append((s.steps, out.breakpoint.at.col, s.machine.next_touches()[0][1]))
    # 1: +2 arrives; 6: +5 jumps over (2, 0): no hit; 8: -3 arrives; 9: +0 there arrives again;
    # 11: a stone placed on (5, 0); 12: ( ) on it does nothing
    assert hits == [(1, 2, "arrive"), (8, 2, "arrive"), (9, 2, "arrive"), (11, 5, "place")]
    assert [s.reverse_continue().step for _ in range(3)] == [9, 8, 1]
    assert s.reverse_continue().reason is Stop.START
    # capture and trigger breakpoints: after the capturing step, and when the (empty) trigger starts
    w = _pair("( +0 +0 )", "( )")
    s = Session(LANGUAGE, parse(f"{w} ? |", "t.sgo"), budget=100_000)
    s.breakpoints.toggle(CellRef("board", 0, 0), frozenset({"capture"}))
    s.breakpoints.toggle(CellRef("board", 0, 1), frozenset({"trigger"}))
    out = s.continue_()
    assert out.reason is Stop.BREAKPOINT and s.steps == w.steps and out.breakpoint.at == CellRef("board", 0, 0)
    out = s.continue_()  # the second trigger is empty: it starts after the first trigger's last step
    assert out.reason is Stop.BREAKPOINT and s.steps == w.steps + 2 and out.breakpoint.at == CellRef("board", 0, 1)
    assert s.continue_().reason is Stop.HALTED
    assert s.reverse_continue().step == w.steps + 2 and s.reverse_continue().step == w.steps
    assert s.step().reason is Stop.LIMIT and s.step().reason is Stop.BREAKPOINT  # stepping stops there too


def test_d7_final_state_of_a_runtime_error():
    big = 2**53 - 1
    st = state(f"{{far: +{big} +0}}\n| <far>", 5000)
    assert st["outcome"] == "runtime_error" and not st["halted"]
    assert st["error"] == {"phase": "runtime", "line": 1, "col": 7, "message": "cursor coordinate overflow",
                           "via": [{"macro": "far", "line": 2, "col": 3}]}
    assert "runtime error at 1:3" in summary(machine(f"| +{big} +0", 5000))
