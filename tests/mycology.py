"""Run the Mycology Befunge-98 test suite (Deewiant/Mycology) with esodbg and sum it up.

    .venv/bin/python tests/mycology.py --mycology DIR [--compare CFUNGE] [--timeout SECONDS]

DIR (or the environment's ``MYCOLOGY``) is a checkout of Mycology; it is copied to a temporary
folder, where ``esodbg exec --lang befunge98 --allow-files mycology.b98`` runs (Mycology loads and
writes files beside itself: spec rule 26).  Printed: the counts of GOOD, BAD and UNDEF lines,
every BAD line, and the exit code (Mycology ends with ``15q``: spec rule 3).  With ``--compare``,
cfunge runs the suite the same way (``cfunge -S``: sandboxed, as the spec's arbiter) and the GOOD
lines are compared: those only cfunge prints, then those only esodbg prints.

Exit status: 0 no BAD line and exit code 15; 1 a BAD line, another exit code or a timeout;
2 bad usage.  Mycology itself is never copied into this repository.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MARK = re.compile(rb"\b(GOOD|BAD|UNDEF): ")
EXPECTED_EXIT = 15


def verdicts(output: bytes) -> dict[str, list[str]]:
    """GOOD, BAD and UNDEF lines of a Mycology run, in order.  A verdict can follow other output
    on its line (a test that printed without a line end), so it is found anywhere in a line."""
    found: dict[str, list[str]] = {"GOOD": [], "BAD": [], "UNDEF": []}
    for line in output.splitlines():
        for match in MARK.finditer(line):
            found[match[1].decode()].append(line[match.start():].decode("utf-8", "replace"))
    return found


def run_suite(argv: list[str], suite: Path, timeout: float) -> tuple[int | None, bytes]:
    """Run ``argv`` (ending in ``mycology.b98``) in a fresh copy of ``suite``: (exit code or
    ``None`` on timeout, stdout).  Mycology reads from stdin only in mycouser.b98, so stdin is
    empty."""
    with tempfile.TemporaryDirectory(prefix="mycology-") as work:
        folder = Path(work) / "mycology"
        shutil.copytree(suite, folder, ignore=shutil.ignore_patterns(".git"))
        try:
            done = subprocess.run(argv, cwd=folder, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired as expired:
            return None, expired.stdout or b""
        if done.stderr:
            sys.stderr.write(done.stderr.decode("utf-8", "replace"))
        return done.returncode, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--mycology", type=Path, default=os.environ.get("MYCOLOGY"),
                        help="the Mycology folder (default: $MYCOLOGY)")
    parser.add_argument("--compare", type=Path, metavar="CFUNGE", help="cfunge, to compare GOOD lines with")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a run may take (default 300)")
    args = parser.parse_args()
    if args.mycology is None or not (args.mycology / "mycology.b98").is_file():
        parser.error("give the Mycology folder (holding mycology.b98) with --mycology DIR or $MYCOLOGY")
    suite = args.mycology.resolve()

    esodbg = [sys.executable, "-m", "esodbg.app", "exec", "--lang", "befunge98", "--allow-files", "mycology.b98"]
    code, output = run_suite(esodbg, suite, args.timeout)
    ours = verdicts(output)
    print(f"esodbg: {len(ours['GOOD'])} GOOD, {len(ours['BAD'])} BAD, {len(ours['UNDEF'])} UNDEF; "
          + (f"exit code {code} (expected {EXPECTED_EXIT})" if code is not None else f"timed out after {args.timeout:g} s"))
    for line in ours["BAD"]:
        print(f"  {line}")

    if args.compare is not None:
        their_code, their_output = run_suite([str(args.compare.resolve()), "-S", "mycology.b98"], suite, args.timeout)
        theirs = verdicts(their_output)
        print(f"cfunge: {len(theirs['GOOD'])} GOOD, {len(theirs['BAD'])} BAD, {len(theirs['UNDEF'])} UNDEF; "
              f"exit code {their_code}")
        diff = [line for line in difflib.unified_diff(theirs["GOOD"], ours["GOOD"], "cfunge", "esodbg", n=0, lineterm="")
                if line[:1] in "+-" and not line.startswith(("+++", "---"))]
        print(f"GOOD lines that differ: {len(diff)} (- cfunge only, + esodbg only)")
        for line in diff:
            print(f"  {line}")

    return 0 if code == EXPECTED_EXIT and not ours["BAD"] else 1


if __name__ == "__main__":
    sys.exit(main())
