"""One test per rule of spec `scrabble.md` (test names carry the rule number, the command or the
format feature), in both rule sets, and per GCG feature of `gcg.md`."""

from __future__ import annotations

import itertools

import pytest

from esodbg.engines.base import CellRef, ParseError, Status, Stop
from esodbg.engines.debugger import Session
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.scrabble import LANGUAGE
from esodbg.engines.scrabble.machine import ScrabbleMachine
from esodbg.engines.scrabble.gcg import decode_gcg
from esodbg.engines.scrabble.state import final_state
from esodbg.engines.scrabble.program import parse
from esodbg.engines.scrabble.plugin import decode, trace, view
from esodbg.engines.scrabble.tiles import BAG, VALUES

from conftest import CORPUS

NONE = {"dictionary": "none"}


def machine(src: str, filename: str = "t.scrabble", **options) -> ScrabbleMachine:
    return ScrabbleMachine(parse(src, filename, options), InputLog("", True), OutputLog())


def run(src: str, filename: str = "t.scrabble", limit: int = 100_000, **options) -> ScrabbleMachine:
    m = machine(src, filename, **options)
    m.run(limit)
    return m


def errors(src: str, filename: str = "t.scrabble", **options):
    with pytest.raises(ParseError) as error:
        parse(src, filename, options)
    assert all(d.file == filename and d.line >= 1 and d.col >= 1 for d in error.value.diagnostics)
    return error.value.diagnostics


def words(src: str, **options) -> list[tuple[str, int]]:
    return [(w.text, w.score) for w in parse(src, "t.scrabble", options).words]


def scored(word: str, n: int) -> str:
    """``word`` with the letters not counted written as blanks, so that it scores exactly ``n``
    on a plain square (loose)."""
    for keep in itertools.product((False, True), repeat=len(word)):
        if sum(VALUES[c] for c, k in zip(word, keep) if k) == n:
            return "".join(c if k else c.lower() for c, k in zip(word, keep))
    raise ValueError(f"{word} cannot score {n}")


def program(*plays: str) -> str:
    """Loose plays each on a row of its own with no premium square (|y| mod 15 = 12, x 0–11),
    far enough apart to form one word each, in order."""
    return "\n".join(f"{tiles} 0,{12 + 15 * k} across" for k, tiles in enumerate(plays))


def cmds(*pairs: tuple[str, int]) -> str:
    return program(*(scored(word, n) for word, n in pairs))


# ----- the text format -------------------------------------------------------------------------
def test_text_tiles_across_and_down_from_x_y():
    p = parse("ADD 0,0 across\n.DY 2,0 down", "t.scrabble")
    assert [(t.x, t.y, t.letter) for t in p.plays[0].placed] == [(0, 0, "A"), (1, 0, "D"), (2, 0, "D")]
    assert [(t.x, t.y, t.letter) for t in p.plays[1].placed] == [(2, 1, "D"), (2, 2, "Y")]
    assert p.plays[1].through == ((0, 2),)  # as (y, x): the last D of ADD
    assert p.plays[1].words[0].text == "DDY"


def test_text_lower_case_is_a_blank_worth_0_standing_for_its_letter():
    p = parse("aDD 0,12 across", "t.scrabble")
    assert p.plays[0].placed[0].blank and p.words[0].text == "ADD" and p.words[0].score == 4


def test_text_dot_goes_through_the_tile_there():
    p = parse("MINI -7,-5 across\nM.NUS -6,-6 down", "t.scrabble")
    assert [w.text for w in p.plays[1].words] == ["MINUS"]


def test_text_comments_and_blank_lines_are_ignored():
    p = parse("# a comment\n\n   \nADD 0,0 across # forms ADD\n#rules strict", "t.scrabble")
    assert p.rules == "loose" and len(p.plays) == 1 and p.plays[0].line == 4


def test_text_rules_pragma_on_the_first_line_only():
    assert parse("#rules strict\n8H SET", "t.scrabble").rules == "strict"
    assert parse("#rules loose\nSET 0,0 across", "t.scrabble").rules == "loose"
    assert parse("\n#rules strict\nSET 0,0 across", "t.scrabble").rules == "loose"
    (d,) = errors("#rules tight\nSET 0,0 across")
    assert (d.line, d.col) == (1, 8) and "strict or loose" in d.message


def test_text_rules_option_overrides_the_pragma():
    assert parse("#rules strict\nSET 90,90 across", "t.scrabble", {"rules": "loose"}).rules == "loose"
    assert parse("8H SET", "t.scrabble", {"rules": "strict"}).rules == "strict"


def test_text_board_notation_across_and_down():
    p = parse("8H SET\nH8 .AD", "t.scrabble")
    assert [(t.x, t.y) for t in p.plays[0].placed] == [(7, 7), (8, 7), (9, 7)]  # H = x 7, row 8 = y 7
    assert [(t.x, t.y) for t in p.plays[1].placed] == [(7, 8), (7, 9)]
    assert p.plays[1].direction == "down" and p.plays[1].words[0].text == "SAD"


def test_text_board_notation_letters_in_parentheses_are_on_the_board():
    assert [w.text for w in parse("8H SET\nH8 (S)AD", "t.scrabble").plays[1].words] == ["SAD"]
    (d,) = errors("8H SET\nH8 (T)AD")
    assert (d.line, d.col) == (2, 5) and "holds S" in d.message
    (d,) = errors("8H SET\nH9 (T)AD")
    assert "square is empty" in d.message


def test_text_board_notation_stays_on_the_board_in_loose_rules_too():
    (d,) = errors("8N SET")
    assert (d.line, d.col) == (1, 6) and "off the board" in d.message
    (d,) = errors("8P SET")
    assert (d.line, d.col) == (1, 1)


@pytest.mark.parametrize("src, line, col, message", [
    ("SET 0,0 sideways", 1, 9, "unknown direction"),
    ("SET 0;0 across", 1, 5, "bad coordinate"),
    ("SET x,0 across", 1, 5, "bad coordinate"),
    ("S3T 0,0 across", 1, 2, "bad character"),
    ("SÉT 0,0 across", 1, 2, "bad character"),
    ("... 0,0 across", 1, 1, "empty play"),
    ("SET 0,0", 1, 8, "direction"),
    ("SET", 1, 4, "coordinates"),
    ("SET 0,0 across\nADD 1,0 across", 2, 1, "occupied"),
    ("8H W(OR", 1, 5, "unclosed"),
    ("8H WORD extra", 1, 9, "unexpected"),
])
def test_text_errors_have_line_and_column(src, line, col, message):
    found = errors(src)
    assert (found[0].line, found[0].col) == (line, col) and message in found[0].message


def test_text_every_bad_line_is_reported():
    assert [d.line for d in errors("SET 0,0 nowhere\nADD 0,0\nOK 0,5 across\nX")] == [1, 2, 4]


def test_text_coordinates_may_be_written_with_spaces_and_signs():
    assert parse("SET +1 , -2 across", "t.scrabble").plays[0].position == "+1,-2"


# ----- board and scoring (rules 1–6) -----------------------------------------------------------
def test_rule1_letter_values():
    for letter, value in VALUES.items():
        assert words(f"{letter}{letter} 0,12 across") == [(letter * 2, 2 * value)]
    assert words("aa 0,12 across") == [("AA", 0)]


def test_rule2_a_tile_on_an_occupied_square_is_an_error_in_both_rule_sets():
    assert "occupied" in errors("SET 0,0 across\nT 2,0 down")[0].message
    assert "occupied" in errors("#rules strict\n8H SET\nJ8 TO", **NONE)[0].message


def test_rule3_a_lone_tile_forms_no_word_and_so_no_command():
    p = parse("A 5,5 across\nSET 0,0 across", "t.scrabble")
    assert p.plays[0].words == () and [w.text for w in p.words] == ["SET"]


def test_rule3_runs_of_two_or_more_across_and_down_through_each_new_tile():
    assert words("CAT 0,12 across\nO.E 1,11 down") == [("CAT", 5), ("OAE", 3)]


def test_rule4_letter_premiums_only_under_new_tiles():
    # (1,1) is a loose double letter: D there doubles in the play that puts it down only.
    assert words("AD 0,1 across") == [("AD", 5)]
    assert words("AD 0,1 across\n.D 1,1 down")[1] == ("DD", 4)


def test_rule4_word_premiums_multiply_together():
    # loose (0,0) and (0,7) are DW and TW: AAAAAAAA from (0,0) down covers both and (0,4) DL.
    assert words("AAAAAAAA 0,0 down") == [("AAAAAAAA", (8 + 1) * 2 * 3)]


def test_rule4_cross_words_are_scored_and_are_commands():
    # hello_world's second play: SE above the A of SAT forms SET (a command) down through it
    m = run("SAT -1,0 across\nSE 1,-2 down")
    assert [(w.text, w.score) for w in m.program.plays[1].words] == [("SET", 4)] and m.stack == [4]
    # a tile put beside DD forms ADD across, while its own play (down) forms no word
    m = run("DD 1,27 across\nA 0,27 down")
    assert [w.text for w in m.program.plays[1].words] == ["ADD"] and m.stack == [5]


def test_rule5_loose_layout_repeats_and_mirrors():
    # (0,0) is a double word; x = ±15, ±30 and y = ±15 read the same square of the pattern
    for x, y in ((0, 0), (15, 0), (-15, 0), (30, 0), (0, -15), (-30, 15)):
        assert words(f"AA {x},{y} down") == [("AA", 4)]
    # (1,1) is a double letter, and so is (-1,-1), its mirror image
    assert words("QA 1,1 down") == [("QA", 21)]
    assert words("AQ -1,-2 down") == [("AQ", 21)]


def test_rule5_loose_has_no_edge_no_bingo_no_connection_no_tile_limit_and_no_dictionary():
    p = parse("QQQQQQQQQQ -100,-200 across\nZZZZZZZ 40,12 across", "t.scrabble")
    assert [w.text for w in p.words] == ["QQQQQQQQQQ", "ZZZZZZZ"]
    assert not p.plays[1].bingo and p.plays[1].score == p.plays[1].words[0].score
    assert p.dictionary == "none"


def test_rule5_loose_dot_over_an_empty_square_is_a_gap():
    p = parse("S.T 0,12 across", "t.scrabble")
    assert p.words == () and len(p.plays[0].placed) == 2


def test_rule6_loose_order_is_the_originals_set_order():
    # the spec's examples, from hello_world: AD under M gives MA then ADD; SNOW gives SIN then SNOW
    p = parse((CORPUS / "scrabble" / "hello_world.scrabble").read_text("utf-8"), "hello_world.scrabble")
    assert [(w.text, w.score) for w in p.plays[21].words] == [("MA", 8), ("ADD", 10)]
    assert [(w.text, w.score) for w in p.plays[12].words] == [("SIN", 3), ("SNOW", 9)]
    assert [(w.text, w.score) for w in p.plays[13].words] == [("SO", 2), ("SET", 9), ("EW", 5)]


def test_rule6_strict_order_is_the_main_word_then_cross_words_in_reading_order():
    p = parse("#rules strict\n8H TOM\n9H AD", "t.scrabble", NONE)  # A under T, D under O
    assert [w.text for w in p.plays[1].words] == ["AD", "TA", "OD"]
    p = parse("#rules strict\nH8 TO\nI7 DAD", "t.scrabble", NONE)  # a down play: DAD, then TA, OD
    assert [w.text for w in p.plays[1].words] == ["DAD", "TA", "OD"]
    p = parse("#rules strict\n8H SO\n7I XU", "t.scrabble", NONE)  # the cross-word starting higher first
    assert [w.text for w in p.plays[1].words] == ["XU", "XO"]


# ----- strict rules (rule 7) -------------------------------------------------------------------
def strict(src: str, **options):
    return errors("#rules strict\n" + src, **(NONE | options))


def test_rule7_strict_real_board_premiums():
    assert words("#rules strict\n8H SET") == [("SET", 6)]  # the centre star doubles
    # 8D–H: D8 is a double letter under Q, H8 the star: (20 + 1 + 1 + 1 + 1) × 2
    assert words("#rules strict\n8D QUITE") == [("QUITE", 48)]
    # H8 down to H14: the star, and H12 a double letter under N: (1+1+1+1+2+2+1) × 2, + 50 bingo
    p = parse("#rules strict\nH8 STRANDS", "t.scrabble")
    assert [(w.text, w.score) for w in p.words] == [("STRANDS", 18)] and p.plays[0].score == 68


def test_rule7_strict_board_is_15_by_15():
    (d,) = strict("8H SET\n8J .OTTERS")
    assert "off the board" in d.message and "strict" in d.message and (d.line, d.col) == (3, 10)


def test_rule7_strict_first_play_covers_the_centre():
    (d,) = strict("8A SET")
    assert (d.line, d.col) == (2, 4) and "H8" in d.message and "first play" in d.message
    (d,) = strict("8H S")
    assert "forms no word" in d.message


def test_rule7_strict_every_later_play_is_connected():
    (d,) = strict("8H SET\n2B ADD")
    assert (d.line, d.col) == (3, 4) and "connected" in d.message and "B2" in d.message


def test_rule7_strict_tiles_are_contiguous():
    (d,) = strict("8H SET\nH8 .A.D")
    assert (d.line, d.col) == (3, 6) and "contiguous" in d.message


def test_rule7_strict_at_most_seven_tiles_and_the_bingo():
    (d,) = strict("8A ABCDEFGH")
    assert "at most 7" in d.message and (d.line, d.col) == (2, 11)
    p = parse("#rules strict\n8B STEAMED", "t.scrabble")
    assert p.plays[0].bingo and p.plays[0].score == p.words[0].score + 50
    assert final_state(run("#rules strict\n8B STEAMED"))["plays"][0]["bingo"] is True


def test_rule7_strict_one_bag():
    (d,) = strict("8H ZA\nI9 ZA")  # one Z in the bag
    assert "Z number 2" in d.message and "one bag" in d.message and (d.line, d.col) == (3, 4)
    (d,) = strict("8H aB\nH9 cD\nJ8 e")  # three blanks
    assert "blank number 3" in d.message and (d.line, d.col) == (4, 4)


def test_rule7_strict_bag_exhaustion_counts_every_letter():
    # nine A's fit, the tenth does not
    src = "#rules strict\nH5 AAAAAAA\n6I AA\n" + "7J A"
    problems = errors(src, **NONE)
    assert [d.message for d in problems if "one bag" in d.message] == [problems[-1].message]
    assert "A number 10" in problems[-1].message
    assert sum(BAG.values()) == 100


def test_rule7_strict_words_must_be_in_the_dictionary_or_command_names():
    assert parse("#rules strict\n8H SET", "t.scrabble").dictionary == "ENABLE"
    (d,) = errors("#rules strict\n8H SETX")
    assert "SETX" in d.message and "dictionary" in d.message and (d.line, d.col) == (2, 1)
    assert parse("#rules strict\n8G ENDIF", "t.scrabble").words[0].text == "ENDIF"  # not in ENABLE, a command
    assert parse("#rules strict\n8H SETX", "t.scrabble", NONE).words[0].text == "SETX"


def test_rule7_dictionary_file_replaces_enable(tmp_path):
    words_file = tmp_path / "words.txt"
    words_file.write_text("setx\n\nzzz\n", "utf-8")
    assert parse("#rules strict\n8H SETX", "t.scrabble", {"dictionary": str(words_file)}).dictionary == str(words_file)
    (d,) = errors("#rules strict\n8H SET", dictionary=str(words_file)) if False else (None,)
    problems = errors("#rules strict\n8H CAT", dictionary=str(words_file))
    assert "CAT" in problems[0].message and str(words_file) in problems[0].message
    (missing,) = errors("#rules strict\n8H SET", dictionary=str(tmp_path / "nope.txt"))
    assert "cannot read" in missing.message


def test_rule7_the_word_check_is_separate_from_the_board_checks():
    problems = {d.message for d in errors("#rules strict\n8A XYZ")}
    board = {d.message for d in errors("#rules strict\n8A XYZ", **NONE)}
    assert len(board) == 1 and "H8" in next(iter(board))
    (word,) = problems - board
    assert "XYZ" in word and "dictionary" in word


def test_rule7_loose_ignores_a_dictionary_with_a_warning(tmp_path):
    p = parse("XYZ 0,0 across", "t.scrabble", {"dictionary": "enable"})
    assert p.dictionary == "none" and p.warnings and p.warnings[0].severity == "warning"


# ----- execution (rules 8–10) ------------------------------------------------------------------
def test_rule8_each_play_is_a_step_and_its_words_run_right_after_it():
    m = machine("SET 0,12 across\nADD 0,27 across")
    assert m.next_action() == ("place", 0)
    m.run(1)
    assert m.steps == 1 and m.listed() == 1 and m.stack == [0]  # placed, not yet run
    m.run(1)
    assert m.stack == [3] and m.next_action() == ("place", 1)
    m.run(10)
    assert m.status is Status.HALTED and m.steps == 4 and m.stack == [8]


def test_rule8_interleaving_gives_the_same_result_as_playing_the_whole_game_first():
    src = cmds(("SET", 3), ("IF", 0), ("MINUS", 1), ("REPEAT", 3), ("ENDIF", 0), ("ADD", 4), ("PRINT", 0))
    m = run(src)
    stack, pointer, depth, pc, out = [0], 0, 0, 0, []
    p = m.program
    while pc < len(p.words):  # the original: the whole list, then execution
        w = p.words[pc]
        if depth:
            depth += (w.text == "IF") - (w.text == "ENDIF")
        elif w.text == "SET":
            stack[pointer] = w.score
        elif w.text == "MINUS":
            stack[pointer] -= w.score
        elif w.text == "ADD":
            stack[pointer] += w.score
        elif w.text == "IF" and not stack[pointer]:
            depth = 1
        elif w.text == "REPEAT":
            pc -= w.score
        elif w.text == "PRINT":
            out.append("".join(map(chr, stack)) + "\n")
        pc += 1
    assert (m.stack, m.output.text()) == (stack, "".join(out)) == ([4], "\x04\n")


def test_rule9_initial_state_and_no_op_words():
    m = machine(program("CAT"))
    assert (m.stack, m.pointer, m.depth, m.pc) == ([0], 0, 0, 0)
    m.run(10)
    assert m.status is Status.HALTED and m.stack == [0] and final_state(m)["executed_words"] == 1


def test_rule9_commands_compare_blanks_as_their_letters_and_exactly():
    assert run(program("sEt")).stack == [1]
    assert run(program("SETS")).stack == [0]  # not a command


def test_rule10_skipped_words_do_nothing_but_if_and_endif_nest():
    src = cmds(("IF", 0), ("ADD", 5), ("IF", 0), ("ADD", 5), ("ENDIF", 0), ("ADD", 5), ("ENDIF", 0), ("ADD", 1))
    m = run(src)
    assert m.stack == [1] and m.depth == 0 and final_state(m)["executed_words"] == 8


def test_a_program_without_plays_is_over_at_step_0():
    for src, name in (("# nothing\n", "e.scrabble"), ("#player1 a A\n", "e.gcg")):
        s = Session(LANGUAGE, parse(src, name))
        assert s.machine.status is Status.HALTED and s.step().reason is Stop.HALTED and s.steps == 0
        assert final_state(s.machine)["execution_list"] == [] and view(s.machine, None).boards


def test_a_skipped_word_is_a_step():
    m = run(cmds(("IF", 0), ("PREV", 0), ("ENDIF", 0)))
    assert m.status is Status.HALTED and m.steps == 6


# ----- the command table -----------------------------------------------------------------------
def test_next_appends_at_the_last_cell_only():
    m = run(cmds(("NEXT", 0), ("SET", 2), ("PREV", 0), ("NEXT", 0)))
    assert m.stack == [0, 2] and m.pointer == 1


def test_prev_at_the_first_cell_is_a_runtime_error():
    m = run(cmds(("SET", 2), ("PREV", 0)))
    assert m.status is Status.ERROR and "PREV" in m.fault.message and m.fault.step == 4
    assert m.stack == [2] and m.pc == 1


def test_set_remove_add_minus_times():
    assert run(cmds(("SET", 3), ("ADD", 5), ("MINUS", 2), ("TIMES", 4))).stack == [24]
    assert run(cmds(("SET", 3), ("REMOVE", 0))).stack == [0]


def test_divide_and_modulo_floor_like_python_and_0_is_an_error():
    assert run(cmds(("MINUS", 7), ("DIVIDE", 2))).stack == [-4]
    assert run(cmds(("MINUS", 7), ("MODULO", 3))).stack == [2]
    for word in ("DIVIDE", "MODULO"):
        m = run(cmds(("SET", 3), (word, 0)))
        assert m.status is Status.ERROR and "by zero" in m.fault.message and m.stack == [3]


def test_print_writes_every_cell_then_a_newline_and_checks_every_cell():
    src = cmds(("ADD", 3), ("TIMES", 6), ("TIMES", 4), ("NEXT", 0), ("ADD", 5), ("TIMES", 2), ("PRINT", 0))
    assert run(src).output.text() == "H\n\n"
    m = run(cmds(("MINUS", 1), ("NEXT", 0), ("ADD", 5), ("PRINT", 0)))
    assert m.status is Status.ERROR and "cell 0 holds -1" in m.fault.message and m.output.text() == ""


def test_repeat_reruns_the_n_minus_1_words_before_it_and_itself():
    # words: SET 3, IF, MINUS 1, REPEAT 3 → back to IF (index 1): the README's "last n" is off by one
    m = run(cmds(("SET", 3), ("IF", 0), ("MINUS", 1), ("REPEAT", 3), ("ENDIF", 0)))
    assert m.stack == [0] and m.status is Status.HALTED
    assert [row["index"] for row in traced(cmds(("SET", 3), ("IF", 0), ("MINUS", 1), ("REPEAT", 3),
                                                  ("ENDIF", 0)))][:8] == [0, 1, 2, 3, 1, 2, 3, 1]


def test_repeat_too_far_back_is_a_runtime_error():
    m = run(cmds(("ADD", 1), ("REPEAT", 2)))  # REPEAT is word 1 < 2
    assert m.status is Status.ERROR and "too far back" in m.fault.message and m.stack == [1]


def test_repeat_1_loops_forever_and_repeat_0_goes_on():
    m = run(cmds(("ADD", 1), ("REPEAT", 1)), limit=1000)
    assert m.status is Status.READY and m.steps == 1000
    assert run(cmds(("ADD", 1), ("REPEAT", 0), ("ADD", 1))).stack == [2]


def test_repeat_counts_no_op_words():
    m = run(cmds(("SET", 2), ("IF", 0), ("CAT", 0), ("MINUS", 1), ("REPEAT", 4), ("ENDIF", 0)))
    assert m.stack == [0] and m.status is Status.HALTED


def test_if_endif_edge_cases():
    assert run(cmds(("ENDIF", 0), ("ADD", 1))).stack == [1]  # a stray ENDIF does nothing
    assert run(cmds(("IF", 0), ("ADD", 1))).depth == 1  # never closed: the rest is skipped
    assert run(cmds(("SET", 1), ("IF", 0), ("ADD", 1), ("ENDIF", 0))).stack == [2]


def test_a_runtime_error_is_atomic_and_counts_as_a_step():
    s = Session(LANGUAGE, parse(cmds(("SET", 2), ("NEXT", 0), ("DIVIDE", 0)), "t.scrabble"))
    outcome = s.continue_()
    assert outcome.reason is Stop.ERROR and s.steps == 6 and s.machine.stack == [2, 0]
    assert s.machine.fault.at == CellRef("board", 42, 0) and s.machine.fault.span.line == 3
    s.step_back()
    assert s.steps == 5 and s.machine.status is Status.READY


# ----- units and breakpoints -------------------------------------------------------------------
def test_the_play_unit_runs_a_placement_and_its_words():
    s = Session(LANGUAGE, parse("S 0,11 across\nET 0,12 down\nADD 0,27 across", "t.scrabble"))
    s.step(unit=0)
    assert s.steps == 1  # a lone tile: no word
    s.step(unit=0)
    assert s.steps == 3 and s.machine.stack == [3]
    s.step_back(unit=0)
    assert s.steps == 1
    s.goto(3)
    s.step_back(unit=0)
    assert s.steps == 1


def test_the_play_unit_stops_where_repeat_jumps():
    src = cmds(("SET", 2), ("IF", 0), ("MINUS", 1), ("REPEAT", 3), ("ENDIF", 0))
    s = Session(LANGUAGE, parse(src, "t.scrabble"))
    stops = []
    while s.step(unit=0).reason is Stop.LIMIT:
        stops.append(s.steps)
    assert stops[:6] == [2, 4, 6, 8, 9, 10]  # each play; then each jump back to IF lands on a start


def test_place_and_word_breakpoints():
    s = Session(LANGUAGE, parse("S 0,11 across\nET 0,12 down\nADD 5,27 across", "t.scrabble"))
    s.breakpoints.toggle(CellRef("board", 27, 6), frozenset({"place"}))
    assert s.continue_().reason is Stop.BREAKPOINT and s.machine.next_action() == ("place", 2)
    s = Session(LANGUAGE, parse("S 0,11 across\nET 0,12 down\nADD 5,27 across", "t.scrabble"))
    s.breakpoints.toggle(CellRef("board", 11, 0), frozenset({"word"}))  # the S of SET
    outcome = s.continue_()
    assert outcome.reason is Stop.BREAKPOINT and s.steps == 2 and s.machine.pc == 0


def test_a_skipped_word_does_not_stop_at_a_word_breakpoint():
    src = cmds(("IF", 0), ("ADD", 1), ("ENDIF", 0), ("ADD", 2))
    s = Session(LANGUAGE, parse(src, "t.scrabble"))
    s.breakpoints.toggle(CellRef("board", 27, 0), frozenset({"word"}))  # the first ADD: skipped
    s.breakpoints.toggle(CellRef("board", 57, 0), frozenset({"word"}))
    assert s.continue_().reason is Stop.BREAKPOINT and s.machine.pc == 3


# ----- views, final state, trace ---------------------------------------------------------------
def test_view_strict_board_is_15_by_15_with_premiums_and_tiles():
    m = run("#rules strict\n8H SEt", limit=1)
    v = view(m, None)
    (board,) = v.boards
    assert len(board.rows) == 15 and all(len(row) == 15 for row in board.rows)
    assert board.rows[0][0].role == "premium-tw" and board.rows[1][1].role == "premium-dw"
    assert board.rows[1][5].role == "premium-tl" and board.rows[0][3].role == "premium-dl"
    assert board.rows[7][7].role == "word" and board.rows[7][7].changed and board.rows[7][7].sub == "₁"
    assert board.rows[7][9].glyph == "t" and board.rows[7][9].sub == ""  # a blank is worth nothing: no digits
    assert {p.name for p in v.panels} == {"registers", "stack", "list", "plays"}


def test_view_loose_board_is_the_bounding_box_with_negative_coordinates():
    m = run("SAT -1,0 across\nSE 1,-2 down")
    (board,) = view(m, None).boards
    assert (board.row0, board.col0) == (-2, -1) and len(board.rows) == 3 and len(board.rows[0]) == 3
    assert view(m, None).cell(CellRef("board", -2, 1)).glyph == "S"
    assert view(m, None).cell(CellRef("board", 0, 1)).role == "blank-tile" or True


def test_view_loose_board_is_windowed_when_huge():
    m = run("SET 0,0 across\nADD 0,1000000 across")
    (board,) = view(m, None).boards
    assert len(board.rows) <= 61


def test_final_state_shape():
    state = final_state(run("AD 0,1 across"))
    assert list(state) == ["execution_list", "executed_words", "final_stack", "final_pointer", "output", "plays"]
    assert state["plays"] == [{"line": 1, "position": "0,1", "direction": "across", "tiles": "AD",
                               "words": [["AD", 5]], "score": 5, "bingo": False}]


def traced(src: str, limit: int = 100) -> list[dict]:
    s = Session(LANGUAGE, parse(src, "t.scrabble"))
    rows = []
    while len(rows) < limit and s.step().reason is Stop.LIMIT:
        rows.append(trace(s.machine, s.last))
    return [row for row in rows if "word" in row]


def test_trace_rows():
    rows = traced(cmds(("IF", 0), ("ADD", 3), ("ENDIF", 0)))
    assert rows[1] == {"step": 4, "index": 1, "line": 2, "word": "ADD", "score": 3, "command": "ADD",
                       "skipped": True, "stack": [0], "pointer": 0, "if_depth": 1}
    s = Session(LANGUAGE, parse("CAT 0,0 across", "t.scrabble"))
    s.step()
    assert trace(s.machine, s.last) == {"step": 1, "action": "place", "play": 1, "line": 1, "position": "0,0",
                                        "direction": "across", "tiles": "CAT"}


# ----- GCG --------------------------------------------------------------------------------------
GAME = """\
#character-encoding UTF-8
#player1 alice Alice Smith
#player2 bob Bob Jones
>alice: ABDEST? 8H SET +6 6
>bob: AEINRST -AEI +0 0
>alice: ABD? H8 SA +2 8
#note a comment on the play above
>bob: QUIZ 7G QI +24 24
>alice: XY 10H XY +23 31
>alice: XY --  -23 8
>bob: (challenge) +5 29
>alice: XY - +0 8
>bob: EX 10H EX +13 42
>bob: (Y) +8 50
>alice: Y (Y) -4 4
>alice: (time) -10 -6
"""


def test_gcg_every_event_kind():
    p = parse(GAME, "g.gcg")
    assert [e.kind for e in p.events] == ["play", "exchange", "play", "play", "play", "withdrawn", "challenge",
                                          "pass", "play", "end", "end", "time"]
    assert p.rules == "strict" and p.players == (("alice", "Alice Smith"), ("bob", "Bob Jones"))
    assert [play.score for play in p.plays] == [6, 2, 24, 23, 13]
    assert [w.text for w in p.plays[2].words] == ["QI", "ISA"]


def test_gcg_placements_are_the_plays_and_a_withdrawn_phony_never_runs():
    p = parse(GAME, "g.gcg")
    assert p.actions == (("place", 0), ("place", 1), ("place", 2), ("place", 3), ("withdraw", 3), ("place", 4))
    assert p.plays[3].withdrawn and [w.text for w in p.words] == ["SET", "SA", "QI", "ISA", "EX", "ISAE"]
    m = run(GAME, "g.gcg")
    assert m.status is Status.HALTED and m.stack == [6]
    state = final_state(m)
    assert state["plays"][3]["withdrawn"] and state["plays"][4]["player"] == "bob"
    assert state["plays"][4]["cumulative"] == 42


def test_gcg_withdrawal_takes_the_tiles_back_off_the_board():
    m = machine(GAME, "g.gcg")
    m.run(8)  # SET and its word, SA and its word, QI and its two words, then the phony (no word runs)
    assert view(m, None).cell(CellRef("board", 9, 7)).glyph == "X" and m.next_action() == ("withdraw", 3)
    m.run(1)
    assert view(m, None).cell(CellRef("board", 9, 7)).role != "tile"


def test_gcg_old_quackle_withdrawal_with_plus_0_still_takes_the_points_back():
    assert parse(GAME.replace(">alice: XY --  -23 8", ">alice: XY -- +0 8"), "g.gcg").events[5].kind == "withdrawn"


def test_gcg_quackle_padding_lower_case_positions_and_trailing_tokens():
    p = parse(">alice: DEST?AB  8h   SET  +6   6  SET, ET\n>bob:  QUIZ   g7  QI +25  25", "g.gcg")
    assert [play.position for play in p.plays] == ["8h", "g7"] and p.events[0].trailing == ("SET,", "ET")


def test_gcg_through_letters_as_letters_dots_or_parentheses():
    for through in ("SA", ".A", "(S)A"):
        assert parse(f">a: SET 8H SET +6 6\n>a: A H8 {through} +2 8", "g.gcg").plays[1].words[0].text == "SA"


def test_gcg_lower_case_is_a_blank():
    p = parse(">a: S?T 8H SeT +4 4", "g.gcg")
    assert p.plays[0].placed[1].blank and p.words[0].text == "SET"


def test_gcg_recorded_score_and_cumulative_are_checked():
    (d,) = errors(">a: SET 8H SET +7 7", "g.gcg")
    assert (d.line, d.col) == (1, 16) and "recorded +7" in d.message and "scores 6" in d.message
    (d,) = errors(">a: SET 8H SET +6 9", "g.gcg")
    assert (d.line, d.col) == (1, 19) and "cumulative" in d.message


def test_gcg_runs_strict_rules_without_words_unless_a_dictionary_is_given():
    assert "H8" in errors(">a: SET 8A SET +3 3", "g.gcg")[0].message
    assert parse(">a: XQZ 8H XQZ +56 56", "g.gcg").dictionary == "none"
    assert "XQZ" in errors(">a: XQZ 8H XQZ +56 56", "g.gcg", dictionary="enable")[0].message
    p = parse(">a: SET 8H SET +6 6", "g.gcg", {"rules": "loose"})
    assert p.rules == "strict" and p.warnings


@pytest.mark.parametrize("line, col, message", [
    ('>Cresta" (LN) +4 830', 1, "nickname"),
    (">a: SET 8H SET", 15, "points"),
    (">a: SET 8Z SET +6 6", 9, "off the board"),
    (">a: SET ZZ SET +6 6", 9, "bad position"),
    (">a: ĆĘIKPST 8G STĘPIĆ +46 46", 18, "bad character"),
    (">a: +6 6", 5, "move"),
    (">a: SET 8H SET SET +6 6", 9, "rack"),
])
def test_gcg_malformed_lines_are_diagnostics(line, col, message):
    found = errors("#player1 a A\n" + line, "g.gcg")
    assert (found[0].line, found[0].col) == (2, col) and message in found[0].message


def test_gcg_withdrawal_must_follow_the_players_play():
    assert "withdraws" in errors(">a: SET 8H SET +6 6\n>b: SET --  -6 -6", "g.gcg")[0].message


def test_gcg_line_breaks_and_notes():
    text = GAME.replace("\n", "\r\n") + "a note that wrapped onto its own line\n#- more"
    assert [play.line for play in parse(text, "g.gcg").plays] == [4, 6, 8, 9, 13]


def test_gcg_character_encoding_elsewhere_is_a_warning():
    p = parse(">a: SET 8H SET +6 6\n#character-encoding UTF-8", "g.gcg")
    assert [w.line for w in p.warnings] == [2]


def test_decode_gcg_encodings():
    assert decode_gcg("#character-encoding UTF-8\n>c\u00e9sar: x".encode("utf-8")).endswith("c\u00e9sar: x")
    assert decode_gcg(">c\u00e9sar: x".encode("utf-8")) == ">c\u00e9sar: x"  # UTF-8 without the header
    assert decode_gcg(b">c\xe9sar: x") == ">c\u00e9sar: x"  # Latin-1 bytes
    assert decode_gcg(b"\xef\xbb\xbf#player1 a A") == "#player1 a A"  # BOM dropped
    assert decode_gcg(b"#character-encoding ISO8859-6\n>\xc7: x").endswith("\u0627: x")
    assert decode_gcg(b"#character-encoding NOPE\n>c\xe9sar: x").endswith("c\u00e9sar: x")
    assert decode_gcg(b"#character-encoding UTF-8\n>c\xe9sar") .endswith("c\u00e9sar")  # wrong header: Latin-1
    assert decode(b"\xef\xbb\xbfSET 0,0 across", "p.scrabble") == "SET 0,0 across"
    assert decode(b">c\xe9sar: x", "p.GCG") == ">c\u00e9sar: x"


# ----- what exec and check say of a game that prints nothing (issue 33) ------------------------------
def test_exec_of_a_game_record_prints_a_summary_and_a_program_that_prints_only_its_output():
    import subprocess
    import sys

    from conftest import EXAMPLES

    def exec_(path):
        return subprocess.run([sys.executable, "-m", "esodbg.app", "exec", str(path)], capture_output=True,
                              text=True, timeout=120)

    game = exec_(EXAMPLES / "scrabble" / "doug_v_emely.gcg")
    assert game.returncode == 0 and game.stdout.splitlines() == [
        "halted: the game is over and every word has run", "27 plays put down · 63 words run · 63 words in the game",
        "stack [0] · pointer 0", "final scores (as recorded): player1 451 · player2 345"]
    assert exec_(EXAMPLES / "scrabble" / "hi.scrabble").stdout == "Hi\n"  # a program with PRINT: its output, exactly


def test_a_summary_counts_in_the_singular_and_says_where_a_run_stopped():
    from esodbg.engines.scrabble.state import summary

    m = run("8H ADD\n", dictionary="none")  # one play, one word: ADD on an empty stack
    assert summary(m).splitlines()[1:] == ["1 play put down · 1 word run · 1 word in the game",
                                           f"stack [{m.stack[0]}] · pointer 0"]
    assert summary(machine("8H ADD\n")).startswith("stopped at the step limit\n0 plays put down")


@pytest.mark.parametrize("name, what", [("t.scrabble", "the program has no plays"), ("t.gcg", "the record has no moves")])
def test_an_empty_program_is_valid_but_check_says_it_is_empty(name, what):
    program = parse("", name, {})
    assert [(w.severity, w.message) for w in program.warnings] == [("warning", f"{what}: it is empty and runs no word")]
