"""One test per numbered rule and per command of spec `messiscript.md` (test names carry the
rule number or the command)."""

from __future__ import annotations

import pytest

from esodbg.engines.base import CodeRef, ParseError, Status, Stop
from esodbg.engines.iobuf import InputLog, OutputLog
from esodbg.engines.messiscript.machine import MessiMachine
from esodbg.engines.messiscript.parser import parse
from esodbg.engines.messiscript.parser import WORDS


def machine(body: str, input_text: str = "", closed: bool = True) -> MessiMachine:
    """A machine for ``body`` between the start and end markers (rule 6)."""
    return MessiMachine(parse(f"La agarra Messi. {body} ¡Gol!", "t.messi"), InputLog(input_text, closed), OutputLog())


def run(body: str, input_text: str = "") -> MessiMachine:
    m = machine(body, input_text)
    assert m.run(10_000) is Stop.HALTED, m.fault
    return m


def diagnostics(src: str):
    with pytest.raises(ParseError) as error:
        parse(src, "t.messi")
    assert all(d.file == "t.messi" for d in error.value.diagnostics)
    return error.value.diagnostics


def names(src: str) -> list[str]:
    return [c.name for c in parse(src, "t.messi").commands]


# ----- reading the program ---------------------------------------------------------------------
def test_rule1_text_is_lower_cased_including_accented_capitals():
    m = run("VA MESSI, ÍDOLO TITÁN.")  # ídolo and titán are nouns only with their accents
    assert m.tape == [2]


def test_rule1_crlf_and_cr_are_newlines():
    p = parse("la agarra messi.\r\nva messi pelo\r\nta.\rva messi pelota.\r¡gol!", "t.messi")
    assert p.source.count("\n") == 4 and "\r" not in p.source
    assert [c.span.line for c in p.commands] == [1, 2, 4, 5]
    assert run("va messi pelo\r\nta.").tape == [1]


def test_rule2_every_period_splits_so_ellipses_are_empty_fragments():
    assert names("la agarra messi... va messi pelota.. ¡gol!") == ["la agarra messi", "va messi", "¡gol!"]


def test_rule3_a_command_is_a_prefix_match_of_the_stripped_fragment():
    m = run("va messirve pelota.")  # starts with "va messi": a va messi whose content is "rve pelota"
    assert m.tape == [1]
    assert names("la agarra messi. y va messi pelota. ¡gol!") == ["la agarra messi", "¡gol!"]


def test_rule3_names_need_single_spaces_and_unmatched_fragments_are_ignored():
    assert names("la agarra messi. va  messi pelota. # a comment. le pega messiiii. ¡gol!") == [
        "la agarra messi", "¡gol!"]


def test_rule3_first_name_in_table_order_wins():
    # "es mayor o igual messi" is tried before "es mayor messi"; neither is a prefix of the other
    # but the fragment below starts with both "es mayor o igual messi" only.
    assert names("la agarra messi. es mayor o igual messi. es mayor messi. ¡gol!")[1:3] == [
        "es mayor o igual messi", "es mayor messi"]


def test_rule4_loops_nest_and_text_after_the_names_is_ignored():
    p = parse("la agarra messi. va messi pelota pelota. sigue messi y más. va messi fútbol pelota fútbol. "
              "sigue messi. encara messi. vuelve messi otra vez. vuelve messi. ¡gol!", "t.messi")
    outer, inner = p.loops
    assert (outer.test, outer.end, outer.body_len) == (2, 6, 2)
    assert (inner.test, inner.end, inner.body_len) == (4, 6, 1)
    assert p.commands[5].loops == (0, 1)


def test_rule4_a_vuelve_messi_that_closes_nothing_is_a_diagnostic():
    (d,) = diagnostics("la agarra messi.\nvuelve messi.\n¡gol!")
    assert (d.line, d.col) == (2, 1) and "closes no loop" in d.message


def test_rule4_a_sigue_messi_never_closed_is_a_diagnostic():
    (d,) = diagnostics("la agarra messi.\n  sigue messi. va messi pelota.\n¡gol!")
    assert (d.line, d.col) == (2, 3) and "no \"vuelve messi\" closes" in d.message


def test_rule5_content_deletes_punctuation_and_newlines_gluing_words():
    p = parse("la agarra messi. va messi, ¿pelo\nta? (campo\nmundo); ¡pelota:! pelota\tbanda. ¡gol!", "t.messi")
    command = p.commands[1]
    assert command.content == "  pelota campomundo pelota: pelota\tbanda"
    assert [w.text for w in command.words] == ["pelota"]  # campomundo, pelota:, tab-joined are no words
    word = command.words[0]
    assert (word.span.line, word.span.col, word.span.end_line, word.span.end_col) == (1, 29, 2, 3)


def test_rule5_every_occurrence_of_the_name_is_removed():
    m = run("va messi pelota va messi pelota.")
    assert m.tape == [2]


def test_rule6_the_first_command_must_be_la_agarra_messi():
    (d,) = diagnostics("va messi pelota. ¡gol!")
    assert (d.line, d.col) == (1, 1) and "No se encuentra inicio del código" in d.message


def test_rule6_the_last_top_level_item_must_be_gol():
    (d,) = diagnostics("la agarra messi. ¡gol!. sigue messi. vuelve messi.\n")
    assert d.line == 2 and "No se encuentra final del código" in d.message
    assert names("la agarra messi. ¡gol!. and some prose after it") == ["la agarra messi", "¡gol!"]


def test_rule6_a_file_with_no_command_is_the_no_start_error():
    (d,) = diagnostics("just prose. nothing else")
    assert (d.line, d.col) == (1, 1) and "inicio" in d.message


def test_rule7_markers_do_nothing_and_gol_in_the_middle_does_not_stop():
    m = run("va messi pelota. ¡gol!. juega messi. la agarra messi.")
    assert m.output.text() == "1" and m.steps == 6


# ----- machine state and commands --------------------------------------------------------------
def test_rule8_the_machine_starts_with_one_zero_cell_at_position_0_and_clipboard_0():
    m = machine("")
    assert (m.tape, m.pos, m.clip) == ([0], 0, 0)


def test_va_messi_nouns_add_adjectives_double_futbol_negates_in_order():
    assert run("va messi pelota pelota argentino fútbol pelota.").tape == [-3]  # ((1+1)·2)·-1 + 1


def test_va_messi_accumulates_it_does_not_reset_the_cell():
    assert run("va messi pelota. va messi pelota mundial.").tape == [4]


def test_va_messi_futbol_needs_its_accent():
    assert run("va messi pelota futbol.").tape == [1]


def test_la_mueve_por_la_derecha_appends_a_zero_at_the_end():
    m = run("la mueve messi por la derecha. la mueve messi por la derecha. la mueve messi por la izquierda.")
    assert (m.tape, m.pos) == ([0, 0, 0], 1)


def test_la_mueve_por_la_izquierda_at_0_does_nothing():
    m = run("la mueve messi por la izquierda. va messi pelota.")
    assert (m.tape, m.pos, m.status) == ([1], 0, Status.HALTED)


def test_la_pisa_writes_the_character_and_juega_the_number():
    m = run("va messi pelota pelota mundial mundial mundial mundial mundial. la pisa messi. juega messi.")
    assert m.output.text() == "@64"


def test_gambetea_reads_a_line_and_takes_it_only_if_it_is_one_character():
    m = run("gambetea messi. la mueve messi por la derecha. gambetea messi. la mueve messi por la derecha. "
            "gambetea messi.", "ab\n\nñ\n")
    assert m.tape == [0, 0, ord("ñ")] and m.in_pos == 6


def test_siempre_reads_python_integers():
    m = run("siempre messi. la mueve messi por la derecha. siempre messi. la mueve messi por la derecha. "
            "siempre messi.", " -12 \n1_000\n+7\n")
    assert m.tape == [-12, 1000, 7] and m.output.text() == ""


def test_siempre_with_a_non_integer_writes_the_message_and_keeps_the_cell():
    m = run("va messi pelota. siempre messi.", "3.5\n")
    assert m.tape == [1] and m.output.text() == "El valor ingresado no es un int.\n"


def test_encara_and_ankara_set_the_cell_to_zero():
    assert run("va messi pelota. encara messi. la mueve messi por la derecha. va messi pelota. "
               "ankara messi.").tape == [0, 0]


def test_corre_copies_to_and_amaga_from_the_clipboard():
    m = run("va messi pelota pelota. corre messi. la mueve messi por la derecha. amaga messi.")
    assert (m.tape, m.clip) == ([2, 2], 2)


@pytest.mark.parametrize(("command", "cell", "clip", "result"), [
    ("suma messi", 7, 3, 10), ("resta messi", 7, 3, 4), ("multiplica messi", 7, -3, -21),
    ("divide messi", 7, 2, 3), ("divide messi", -7, 2, -4),  # floor division
    ("empata messi", 3, 3, 1), ("empata messi", 3, 4, 0), ("desempata messi", 3, 4, 1),
    ("es mayor o igual messi", 3, 3, 1), ("es menor o igual messi", 4, 3, 0),
    ("es mayor messi", 4, 3, 1), ("es menor messi", 3, 3, 0),
])
def test_clipboard_arithmetic_and_comparisons(command, cell, clip, result):
    m = machine(f"{command}.")
    m.run(1)
    m.tape[0], m.clip = cell, clip
    assert m.run(10) is Stop.HALTED
    assert (m.tape, m.clip) == ([result], clip)


def test_divide_by_zero_writes_the_message_and_keeps_the_cell():
    m = run("va messi pelota. divide messi. juega messi.")
    assert m.output.text() == "Error: No se puede dividir por cero.\n1" and m.status is Status.HALTED


def test_sigue_messi_is_a_while_loop_tested_at_the_current_position():
    # countdown 3..1: the test runs on entry and after each pass (4 tests in all)
    m = run("va messi pelota pelota pelota. sigue messi. juega messi. va messi fútbol pelota fútbol. vuelve messi.")
    assert m.output.text() == "321" and m.steps == 2 + 4 + 3 * 2 + 1


def test_a_loop_whose_cell_is_zero_is_skipped_by_one_test():
    m = machine("sigue messi. juega messi. vuelve messi. juega messi.")
    m.run(1)
    assert m.run(1) is Stop.LIMIT and m.location() == CodeRef(3)
    assert m.passes == [0]


def test_nested_loops_return_to_their_own_tests():
    # outer runs twice; the inner loop zeroes a copy each time
    m = run("va messi pelota pelota. sigue messi. la mueve messi por la derecha. va messi pelota. "
            "sigue messi. juega messi. encara messi. vuelve messi. la mueve messi por la izquierda. "
            "va messi fútbol pelota fútbol. vuelve messi.")
    assert m.output.text() == "11" and m.tape == [0, 0]


def test_rule9_word_lists_are_79_nouns_52_adjectives_and_futbol():
    kinds = list(WORDS.values())
    assert (kinds.count("noun"), kinds.count("adjective"), kinds.count("negate")) == (79, 52, 1)
    assert WORDS["increible"] == "adjective" and "increíble" not in WORDS and "titan" not in WORDS


# ----- input and errors ------------------------------------------------------------------------
def test_rule10_end_of_input_is_a_runtime_error_keeping_the_output():
    m = machine("juega messi. siempre messi.", "")
    assert m.run(100) is Stop.ERROR
    assert m.output.text() == "0" and "end of input" in m.fault.message
    assert m.fault.step == 3 and m.fault.at == CodeRef(2) and m.fault.span.col == 31


def test_rule10_a_read_with_input_still_open_waits_and_changes_nothing():
    m = machine("siempre messi.", "", closed=False)
    assert m.run(100) is Stop.NEEDS_INPUT and m.steps == 1
    m.input.feed("42\n")
    assert m.run(100) is Stop.HALTED and m.tape == [42]


def test_rule11_la_pisa_out_of_range_is_a_runtime_error_that_changes_nothing():
    m = machine("va messi pelota fútbol. la pisa messi.")  # -1 is no character
    assert m.run(100) is Stop.ERROR
    assert m.tape == [-1] and m.steps == 3 and m.output.text() == ""
    assert "not a character code" in m.fault.message and m.fault.at == CodeRef(2)


def test_la_pisa_at_the_last_code_point_works():
    m = machine("la pisa messi.")
    m.run(1)
    m.tape[0] = 0x10FFFF
    assert m.run(10) is Stop.HALTED and m.output.text() == "\U0010ffff"
