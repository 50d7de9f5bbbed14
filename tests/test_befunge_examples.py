"""The Befunge examples (``examples/befunge/``) run in esodbg exactly as in the references: each
writes the bytes and ends with the exit status that ``tests/corpus/befunge/examples.json``
records from bef.c (``bef -q``, the ``.b93`` files) and cfunge (``cfunge -S``, the ``.b98``
files) given the input it lists.  The ``.b93`` programs give the same output in cfunge too
(spec `befunge.md`; how the corpus was made: ``examples/befunge/README.md``)."""

from __future__ import annotations

import json

import pytest

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Outcome, Session
from esodbg.engines.registry import by_name, for_file

from conftest import CORPUS, EXAMPLES

FOLDER = EXAMPLES / "befunge"
EXPECTED = json.loads((CORPUS / "befunge" / "examples.json").read_text("utf-8"))
LANGUAGES = {".b93": "befunge93", ".b98": "befunge98"}
# steps: every example is short (the longest, the sieve, takes about 16,000): a run that needs
# more than this has gone wrong, and stops with Stop.BUDGET instead of hanging the suite
BUDGET = 200_000


def run(name: str) -> tuple[Session, Outcome]:
    """The example ``name`` run with its corpus input to its end (or the budget): the session
    and how the run stopped."""
    path = FOLDER / name
    lang = by_name(LANGUAGES[path.suffix])
    program = lang.parse(lang.decode(path.read_bytes(), str(path)), str(path))
    s = Session(lang, program, EXPECTED[name]["input"], budget=BUDGET)
    return s, s.continue_()


def written(s: Session) -> bytes:
    return s.output.text().encode("utf-8", "surrogateescape")


def test_every_example_has_its_expected_run():
    assert sorted(p.name for p in FOLDER.iterdir() if p.suffix in LANGUAGES) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_extension_names_the_language(name):
    assert for_file(FOLDER / name) is by_name(LANGUAGES[(FOLDER / name).suffix])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_runs_as_in_the_reference(name):
    want = EXPECTED[name]
    s, outcome = run(name)
    assert written(s) == want["stdout"].encode("utf-8", "surrogateescape")
    # every example ends normally: 0 is @ (Befunge-98: the last IP's @)
    assert (outcome.reason, s.language.exit_code(s.machine)) == (Stop.HALTED, want["exit"])


def test_quine_prints_its_own_source():
    assert written(run("quine.b93")[0]) == (FOLDER / "quine.b93").read_bytes()


def test_sieve_leaves_primes_starred_and_the_rest_crossed_out():
    """The sieve keeps 0…99 in the playfield, k at (2 + k % 10, 10 + k // 10): it marks each
    prime ``*`` and crosses each multiple out with ``x``; 0 and 1 keep their ``-``."""
    space = run("sieve.b93")[0].names["space"]

    def prime(k: int) -> bool:
        return k > 1 and all(k % d for d in range(2, k))

    marks = "".join(chr(space[2 + k % 10, 10 + k // 10]) for k in range(100))
    assert marks == "--" + "".join("*" if prime(k) else "x" for k in range(2, 100))


def test_rewrite_ends_on_the_at_it_built():
    s, _ = run("rewrite.b93")
    assert chr(s.names["space"][1, 0]) == "@"
    assert tuple(s.names["pos"]) == (1, 0)


def test_threads_third_ip_draws_its_bar():
    s, _ = run("threads.b98")
    assert "".join(chr(s.names["space"][x, 7]) for x in range(13)) == "=" * 12 + " "
