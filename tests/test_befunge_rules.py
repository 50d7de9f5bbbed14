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


BOUND = "88*:*4*4*"  # 65,536: --max-repeat's default


def test_a_k_that_would_repeat_more_than_esodbg_runs_is_an_error_and_changes_nothing():
    s = run(B98, "'d'd'd**'d*k1@")  # 100,000,000 ones
    assert s.machine.fault is not None and "more than esodbg runs" in s.machine.fault.message
    assert "raise --max-repeat" in s.machine.fault.message
    assert s.machine.ip.stack(0) == [100_000_000]
    past = run(B98, f"{BOUND}1+k1@")
    assert past.machine.fault is not None and past.machine.ip.stack(0) == [65_537]
    at = after(f"{BOUND}k1@", len(BOUND))  # the bound itself runs
    assert at.machine.fault is None and at.machine.ip.stack(0) == [1] * 65_536


def after(text: str, col: int) -> Session:
    """A Befunge-98 session on ``text`` (one line) that has just run the step at column ``col``."""
    s = Session(B98, B98.parse(text + "\n", "t.b98"), "", True, 1000)
    step_at(s, col)
    return s


def test_a_step_on_a_deep_stack_compares_only_the_top_of_it():
    """Machine.step diffs what may_change names: for a tick of a narrow instruction, the top of
    the running IP's stack and the cell a p writes (a step copied and compared all 65,536
    cells, a tenth of a second a step); for a wide one, everything."""
    s = after(f"{BOUND}k100p{BOUND}{{@", len(BOUND))
    assert s.machine.may_change() == tuple(("stacks", (0, 0, i)) for i in range(65_533, 65_538))
    for _ in range(3):  # 1, 0, 0
        s.step()
    assert s.machine.may_change()[-1] == ("grid", 0)  # p writes (0, 0)
    step_at(s, len(BOUND) * 2 + 4)  # to the {
    assert s.machine.may_change() is None


def test_max_repeat_raises_what_one_step_may_do(tmp_path):
    path = tmp_path / "k.b98"
    path.write_bytes(f"{BOUND}1+k1{BOUND}2+k$@".encode())  # 65,537 ones, then pops 65,538 of them
    refused = esodbg("exec", str(path))
    assert refused.returncode == 1 and b"65,537 times in one step" in refused.stderr
    assert b"--max-repeat" in refused.stderr and b"Traceback" not in refused.stderr
    assert esodbg("exec", "--max-repeat", "70000", str(path)).returncode == 0
    assert esodbg("exec", "--max-repeat", "0", str(path)).returncode == 2  # below its minimum, 1


def test_a_repeated_k_past_the_bound_is_a_runtime_error_at_the_outer_k():
    """The inner k's count only shows once the outer k runs: the error comes then, where the
    repetitions pass the bound (what ran of the step stays), and names the outer k's cell."""
    huge = run(B98, "ff*ff**ff**f*2kk1@")  # the inner k would repeat 1 170,859,375 times
    assert huge.machine.fault is not None and "k's repetitions pass" in huge.machine.fault.message
    assert huge.machine.fault.at.col == 14
    many = run(B98, f"{BOUND}:2kk1@")  # twice 65,536: one step of 131,072 repetitions
    assert many.machine.fault is not None and "k's repetitions pass" in many.machine.fault.message
    fits = after("'dd2kk1@", 4)  # 100 ones, then 13
    assert fits.machine.fault is None and fits.machine.ip.stack(0) == [100] + [1] * 13


def test_a_k_of_stack_blocks_is_charged_the_cells_they_move():
    moved = run(B98, "ff*f*f*:3k{@")  # three blocks of 50,625 cells each in one step: 151,875 cells
    assert moved.machine.fault is not None and "k's repetitions pass" in moved.machine.fault.message
    few = after("'d:3k{@", 4)  # three blocks of 100
    assert few.machine.fault is None and len(few.machine.ip.depths) == 4


def test_an_end_block_dropping_more_cells_than_the_soss_holds_ends_at_once():
    """} with n < 0 pops |n| cells of the SOSS: past its bottom there is nothing to pop (rule 8),
    so a count of -2^30 is as quick as -3 (it spun for minutes)."""
    s = run(B98, "1{0'@'@*'@*'@*'@*-}.@")
    assert s.output.text() == "0 " and s.machine.status.value == "halted"


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
