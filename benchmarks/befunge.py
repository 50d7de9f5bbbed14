"""The Befunge rows of issue 48's speed table, side by side in one run: ``esodbg exec`` against
catseye's bef.c (Befunge-93) and cfunge (Befunge-98).  Run:

    .venv/bin/python benchmarks/befunge.py [--bef PATH] [--cfunge PATH] [--mycology DIR] [--runs N]
    .venv/bin/python benchmarks/befunge.py --profile [--lang befunge93|befunge98] [--steps N] [--top N]

The rows:

* ``countdown.b93`` (``benchmarks/programs``): a countdown from 64^4 * 3 = 50,331,648, ten steps
  a round and nine more, 503,316,489 steps in all (spec rule 4), that prints ``0 ``; esodbg's
  Befunge-93 against bef.c;
* ``countdown.b98``: the same loop from 128^3 = 2,097,152, seven ticks a round (Befunge-98 passes
  spaces in no time, rule 18) and ten more, 14,680,074 ticks; esodbg's Befunge-98 against
  cfunge, and against esodbg's own Befunge-93 on the same file (the same rounds, ten steps each
  there: the 98 loop against the 93 loop);
* Mycology (``--mycology DIR``, a checkout of Deewiant/Mycology; nothing of it is in this
  repository): ``esodbg exec --lang befunge98 --allow-files mycology.b98`` against ``cfunge -S``,
  each in its own copy of the folder (Mycology writes files beside itself), both ending with
  exit code 15.

The peers are built from checkouts, no path to them assumed: bef.c (catseye/Befunge-93, the
spec's arbiter) with ``cc -std=c99 -D_POSIX_C_SOURCE=200809L -O2 -o bef src/bef.c``; cfunge
(VorpalBlade/cfunge) with ``cmake -DCMAKE_BUILD_TYPE=Release -DUSE_NCURSES=OFF .. && make`` in a
``build`` folder (64-bit cells, its default).  A row whose peer is not given says so.

Every command runs as a whole process, output to a pipe (the countdowns' outputs checked
byte-equal once), the two alternately ``--runs`` times (default 3); the medians of wall and CPU
seconds (user + system, of the child alone: steadier on a busy machine) and their ratio are
printed, the ratio being the peer's time over ours (above 1: esodbg is faster).
:func:`rows` returns the rows for ``benchmarks/speed.py``.

``--profile`` instead runs the first ``--steps`` steps (default 2,000,000) of the countdown of
``--lang`` (default befunge93) in this process under cProfile, the engines imported from their
Python sources (not the mypyc extensions a build compiles, which cProfile sees as one opaque
call), and prints the ``--top`` entries (default 25) by internal time.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import NamedTuple

from sidebyside import esodbg, paired, profile, report, same_output

HERE = Path(__file__).resolve().parent
PROGRAMS = {"befunge93": HERE / "programs" / "countdown.b93", "befunge98": HERE / "programs" / "countdown.b98"}
STEPS93 = 503_316_489
TICKS98 = 14_680_074
MYCOLOGY_EXIT = 15  # Mycology ends with 15q


class Row(NamedTuple):
    """One row: what ran (``steps`` if known), against ``peer``, with ``pairs`` of ``(ours
    (wall, CPU), theirs (wall, CPU))`` seconds, or ``None`` and ``note`` saying why not; the
    ``target`` speed ratio (the peer's CPU time over ours) the issue asks for, if any."""

    what: str
    steps: int | None
    peer: str
    pairs: list[tuple] | None
    target: float | None
    note: str = ""

    def ratio(self) -> float:
        """The median CPU seconds of the peer over ours (above 1: esodbg is faster)."""
        assert self.pairs is not None
        return statistics.median(pair[1][1] for pair in self.pairs) / statistics.median(pair[0][1] for pair in self.pairs)


def _missing(what: str, steps: int | None, peer: str, target: float | None, option: str, path: Path | None) -> Row | None:
    if path is not None and path.exists():
        return None
    return Row(what, steps, peer, None, target, f"no {peer}: give {option} (see benchmarks/befunge.py's docstring)")


def rows(bef: Path | None, cfunge: Path | None, mycology: Path | None, runs: int) -> list[Row]:
    """Measure every row (module docstring): a row whose peer's path is ``None`` or missing has
    no pairs and a note."""
    b93, b98 = PROGRAMS["befunge93"], PROGRAMS["befunge98"]
    out: list[Row] = []
    what = f"{b93.name} (Befunge-93)"
    row = _missing(what, STEPS93, "bef.c", 1.0, "--bef PATH", bef)
    if row is None:
        ours, theirs = esodbg("befunge93") + [str(b93)], [str(bef), "-q", str(b93)]
        same_output(ours, theirs, "bef.c")
        row = Row(what, STEPS93, "bef.c", paired(ours, theirs, runs), 1.0)
    out.append(row)
    what = f"{b98.name} (Befunge-98)"
    row = _missing(what, TICKS98, "cfunge", 0.1, "--cfunge PATH", cfunge)
    if row is None:
        ours, theirs = esodbg("befunge98") + [str(b98)], [str(cfunge), str(b98)]
        same_output(ours, theirs, "cfunge")
        row = Row(what, TICKS98, "cfunge", paired(ours, theirs, runs), 0.1)
    out.append(row)
    ours, theirs = esodbg("befunge98") + [str(b98)], esodbg("befunge93") + [str(b98)]
    out.append(Row(f"{b98.name} (Befunge-98)", TICKS98, "esodbg's Befunge-93", paired(ours, theirs, runs), 1 / 3))
    what = "mycology.b98 (Befunge-98)"
    row = _missing(what, None, "cfunge", None, "--cfunge PATH", cfunge)
    if row is None and (mycology is None or not (mycology / "mycology.b98").is_file()):
        row = Row(what, None, "cfunge", None, None, "no Mycology: give --mycology DIR (a checkout of Deewiant/Mycology)")
    if row is None:
        assert cfunge is not None and mycology is not None
        with tempfile.TemporaryDirectory(prefix="mycology-") as work:
            mine, theirs_dir = Path(work) / "esodbg", Path(work) / "cfunge"
            shutil.copytree(mycology, mine)
            shutil.copytree(mycology, theirs_dir)
            ours = esodbg("befunge98") + ["--allow-files", "mycology.b98"]
            row = Row(what, None, "cfunge", paired(ours, [str(cfunge.resolve()), "-S", "mycology.b98"], runs,
                                                   cwd=theirs_dir, ours_cwd=mine, expect=MYCOLOGY_EXIT), None)
    out.append(row)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--bef", type=Path, help="catseye's bef, built from src/bef.c (see above)")
    parser.add_argument("--cfunge", type=Path, help="cfunge, built with cmake (see above)")
    parser.add_argument("--mycology", type=Path, help="a checkout of Deewiant/Mycology (the folder of mycology.b98)")
    parser.add_argument("--runs", type=int, default=3, help="paired runs of whole processes (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile esodbg's engine in process instead")
    parser.add_argument("--lang", choices=sorted(PROGRAMS), default="befunge93", help="the countdown --profile runs")
    parser.add_argument("--steps", type=int, default=2_000_000, help="steps to profile (default 2,000,000)")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print (default 25)")
    args = parser.parse_args()
    if args.profile:
        profile(args.lang, PROGRAMS[args.lang], args.steps, args.top)
        return
    for row in rows(args.bef, args.cfunge, args.mycology, args.runs):
        if row.pairs is None:
            print(f"{row.what} vs {row.peer}: {row.note}")
        else:
            report(row.what, row.steps, row.peer, row.pairs)


if __name__ == "__main__":
    main()
