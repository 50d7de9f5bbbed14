"""Befunge rules the recorded cases (tests/corpus/befunge9*/cases.jsonl, one per rule 4–24 and
random programs against bef.c and cfunge) leave to tests of their own: files and languages
(rule 1), bytes (2), exit codes (3), the options (5), y (25), files (26), = (27), and esodbg's
decisions on counts it does not run (docs/befunge.md)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name, for_file

B93, B98 = by_name("befunge93"), by_name("befunge98")


def run(language, text: str, data: str = "", options: dict | None = None, budget: int = 100_000) -> Session:
    s = Session(language, language.parse(text, f"t{language.extensions[0]}", options), data, True, budget)
    s.continue_()
    return s


def esodbg(*args: str, stdin: bytes = b"", cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", *args], input=stdin, capture_output=True, timeout=60,
                          cwd=cwd)


def test_rule_1_file_endings_choose_the_dialect():
    assert for_file("a.b93") is B93 and for_file("a.befunge") is B93 and for_file("a.bf") is B93
    assert for_file("a.b98") is B98


def test_rule_2_programs_input_and_output_are_bytes(tmp_path):
    path = tmp_path / "echo.b93"
    path.write_bytes(b'"\xc3\xa9",,~,~,~,@')  # a UTF-8 e-acute is two cells; three input bytes echoed
    result = esodbg("exec", str(path), stdin=b"\xff\x00z")
    assert result.returncode == 0 and result.stdout == b"\xa9\xc3\xff\x00z"


def test_rule_3_q_exits_with_its_value_mod_256_and_errors_exit_1_keeping_the_output(tmp_path):
    (tmp_path / "q.b98").write_bytes(b"'A,fffff++++ 6+q")  # 5 * 15 + 6 = 81, after printing A
    (tmp_path / "zero.b93").write_bytes(b"1.2.70%3.@")
    quit = esodbg("exec", str(tmp_path / "q.b98"))
    assert quit.returncode == 81 and quit.stdout == b"A"
    (tmp_path / "big.b98").write_bytes(b"fff**1+q")  # 3376 mod 256 = 48
    assert esodbg("exec", str(tmp_path / "big.b98")).returncode == (15 * 15 * 15 + 1) % 256
    error = esodbg("exec", str(tmp_path / "zero.b93"))
    assert error.returncode == 1 and error.stdout == b"1 2 " and b"(6, 0)" in error.stderr


def step_at(s: Session, col: int) -> None:
    """Step ``s`` until its next step runs at column ``col`` of row 0, then run that step."""
    while s.machine.location() != s.machine.location()._replace(row=0, col=col):
        assert s.step().reason is Stop.LIMIT
    s.step()


def test_rule_5_files_and_shell_only_when_allowed(tmp_path):
    for allowed, exists in ((False, False), (True, True)):
        target = tmp_path / ("yes" if allowed else "no")
        target.mkdir()
        # o: the 1x1 box at (0, 0) into the file "out" (pushed: size, where, flags, name)
        (target / "w.b98").write_text('110000"tuo"o@\n')
        result = esodbg("exec", "--max-steps", "100", *(["--allow-files"] if allowed else []), "w.b98", cwd=target)
        assert (target / "out").exists() is exists, result.stderr
    assert run(B98, '0"0 tixe"=.@', options={"allow_shell": True}).output.text() == "0 "
    refused = Session(B98, B98.parse('0"0 tixe"=.@', "t.b98"), "", True, 100)
    step_at(refused, 9)
    assert (refused.machine.ip.dx, refused.machine.ip.dy) == (-1, 0)  # = reflects


def test_rule_25_y_fields(monkeypatch):
    s = run(B98, "1y.2y.3y.4y.7y.8y.@")
    flags, cell, handprint, version, dims, ip = map(int, s.output.text().split())
    assert flags == 1 and cell == 8 and handprint == 0x45534F44 and dims == 2 and ip == 0
    allowed = run(B98, "1y.5y.@", options={"allow_files": True, "allow_shell": True})
    assert allowed.output.text() == f"{1 | 2 | 4 | 8} 1 "


def test_rule_26_i_reads_a_file_under_the_working_directory_and_nothing_outside(tmp_path):
    (tmp_path / "in.txt").write_text("AB\n")
    (tmp_path / "r.b98").write_text('000"txt.ni"i"KO",,@\n')  # flags 0, at (0, 0), then print OK
    (tmp_path / "x.b98").write_text('000"dwssap/cte/../../../../../.."i"KO",,@\n')
    inside = esodbg("exec", "--allow-files", "--max-steps", "200", "r.b98", cwd=tmp_path)
    outside = esodbg("exec", "--allow-files", "--max-steps", "200", "x.b98", cwd=tmp_path)
    assert inside.returncode == 0 and inside.stdout == b"OK"
    assert outside.returncode == 0 and outside.stdout == b""  # i reflected: west, around to the @


def test_a_k_that_would_repeat_more_than_esodbg_runs_is_an_error_and_changes_nothing():
    s = run(B98, "'d'd'd**'d*k1@")  # 100,000,000 ones
    assert s.machine.fault is not None and "more than esodbg runs" in s.machine.fault.message
    assert s.machine.ip.stack(0) == [100_000_000]


HUGE_COUNT = "'@" * 10 + "*" * 9 + "2+"  # 2^60 + 2


@pytest.mark.parametrize("turn, delta", [(">", (1, 0)), ("[", (-1, 0)), ("r", (1, 0))])
def test_a_huge_k_of_a_turn_runs_it_as_often_as_it_matters(turn, delta):
    """> once, [ twice (2^60 + 2 mod 4 quarter turns: back west), r not at all (an even count)."""
    s = Session(B98, B98.parse(f"{HUGE_COUNT}k{turn}@\n", "t.b98"), "", True, 1000)
    step_at(s, len(HUGE_COUNT))
    assert s.machine.fault is None and (s.machine.ip.dx, s.machine.ip.dy) == delta


def test_a_stack_block_of_more_cells_than_esodbg_holds_reflects():
    s = Session(B98, B98.parse("'d'd'd**'d*{ @\n", "t.b98"), "", True, 1000)
    step_at(s, 11)
    assert (s.machine.ip.dx, s.machine.ip.dy) == (-1, 0) and len(s.machine.ip.depths) == 1
    assert run(B98, "2{.@").output.text() == "0 "


def test_a_lone_semicolon_closes_on_itself_a_round_later():
    assert run(B98, "1.;2.@").output.text() == "1 2 "
    assert run(B98, ";1.@").output.text() == "1 "


def test_an_ip_whose_line_has_nothing_left_on_it_is_a_runtime_error():
    s = run(B98, "t00x    @p03*48\n")  # the child erases the cell its parent stands on, delta (0, 0)
    assert s.machine.fault is not None and "no instruction" in s.machine.fault.message


@pytest.mark.skipif(os.name != "posix", reason="the exit status of /bin/sh")
def test_rule_27_shell_pushes_the_exit_status():
    assert run(B98, '0"3 tixe"=.@', options={"allow_shell": True}).output.text() == "3 "
