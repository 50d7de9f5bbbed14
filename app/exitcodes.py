"""The exit codes of ``esodbg``, in one place: the commands return them and list them in their
``--help``, each command only the codes it can return."""

from __future__ import annotations

HALTED = 0  # the program halted normally (check: no problems; run: quit)
RUNTIME_ERROR = 1  # a runtime error (run: quit while stopped at one)
BAD_INPUT = 2  # bad usage, an unreadable file, or a parse error
BUDGET = 3  # the --max-steps budget ran out
BREAKPOINT = 4  # exec --break: stopped at a breakpoint
INTERRUPTED = 130  # interrupted: Ctrl+C or SIGTERM (serve stops with 0)

MEANINGS = {
    HALTED: "the program halted normally (a Befunge-98 program that ends with q exits with q's value mod 256)",
    RUNTIME_ERROR: "runtime error (the message names the step, file:line:col and, on a board, the cell)",
    BAD_INPUT: "bad usage, unreadable file, or parse error (file:line:col: what was wrong)",
    BUDGET: "the --max-steps budget ran out",
    BREAKPOINT: "stopped at a --break breakpoint (stderr says where and why)",
    INTERRUPTED: "interrupted: Ctrl+C or SIGTERM",
}


def table(codes: dict[int, str]) -> str:
    """The "Exit codes:" part of a command's help, for ``codes`` (code → what it means there)."""
    return "\b\nExit codes:\n" + "\n".join(f"  {code:<4} {meaning}" for code, meaning in codes.items())
