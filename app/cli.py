"""The ``esodbg`` command line: ``run`` (the debugger), ``exec`` (headless), ``check``.

Exit codes are in :mod:`.exitcodes`; each command's ``--help`` lists the ones it can return.
Ctrl+C exits 130 from anywhere, never with a traceback (:func:`entry`).

``exec`` and ``check`` import only the engines, never Textual, so they start fast.
"""

from __future__ import annotations

import gc
import io
import os
import signal
import sys
import threading
from pathlib import Path

import click

from esodbg.engines import LANGUAGES, by_name, for_file
from esodbg.engines.base import CellRef, Language, ParseError, Stop
from esodbg.engines.iobuf import InputLog, StreamOutput

from esodbg.app import exitcodes
from esodbg.app.exitcodes import BAD_INPUT, BUDGET, HALTED, INTERRUPTED, MEANINGS, RUNTIME_ERROR
from esodbg.app.files import LoadError, read_text

CHUNK = 16384  # steps exec runs between two looks at Ctrl+C (a few ms)

LANGUAGES_EPILOG = """\b
Languages (chosen by file extension, or --lang):
""" + "\n".join(f"  {lang.name:<12} {lang.title:<12} {' '.join(lang.extensions)}" for lang in LANGUAGES)


def epilog(codes: dict[int, str]) -> str:
    return f"{LANGUAGES_EPILOG}\n\n{exitcodes.table(codes)}"


EXEC_CODES = dict(MEANINGS)
CHECK_CODES = {HALTED: "no problems found (warnings are printed, if any)", BAD_INPUT: MEANINGS[BAD_INPUT],
               INTERRUPTED: MEANINGS[INTERRUPTED]}
RUN_CODES = {HALTED: "quit (the program halted, or was paused)", RUNTIME_ERROR: "quit while stopped at a runtime error",
             BAD_INPUT: "bad usage, unreadable file, or quit at a parse error", INTERRUPTED: MEANINGS[INTERRUPTED]}

LANG_OPTION = click.option("--lang", type=click.Choice([lang.name for lang in LANGUAGES], case_sensitive=False),
                           help="Language of FILE (default: from its extension).")
FILE_ARG = click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
NAME_OPTION = click.option("--name", metavar="NAME",
                           help="Run FILE as if it were called NAME (Tic Tac Toe Grow builds memory3 from the name).")


def input_options(f):
    """--input / --input-file, shared by run and exec."""
    f = click.option("--input-file", "input_file", type=click.Path(dir_okay=False, path_type=Path),
                     help="Read the program's input from this file.")(f)
    return click.option("--input", "input_text", metavar="TEXT",
                        help="The program's whole input (use $'1\\n2\\n' in bash for several lines).")(f)


def fail(message: str, code: int = BAD_INPUT):
    click.echo(f"esodbg: {message}", err=True)
    sys.exit(code)


def read(path: Path, what: str) -> str:
    """:func:`read_text`, exiting 2 with its message if the file cannot be read."""
    try:
        return read_text(path, what)
    except LoadError as error:
        fail(str(error))


def choose_language(path: Path, lang: str | None) -> Language:
    """The language named by --lang, else by the file's extension; exits 2 if neither says."""
    language = by_name(lang.lower()) if lang else for_file(path)
    if language is None:
        known = ", ".join(f"{ext} ({l.name})" for l in LANGUAGES for ext in l.extensions)
        fail(f"cannot tell the language of {path} from its extension (known: {known}); use --lang")
    return language


def load(path: Path, lang: str | None, name: str | None = None) -> tuple[Language, object]:
    """Choose the language, read and parse ``path`` (run as if called ``name``, if given);
    prints the program's warnings; exits 2 on any problem."""
    language = choose_language(path, lang)
    check_name(language, name)
    try:
        program = language.parse(read(path, "program"), str(path))
    except ParseError as error:
        for diagnostic in error.diagnostics:
            click.echo(str(diagnostic), err=True)
        sys.exit(BAD_INPUT)
    for warning in getattr(program, "warnings", ()):
        click.echo(str(warning), err=True)
    return language, program if name is None else language.rename(program, name)


def check_name(language: Language, name: str | None) -> None:
    """Exit 2 if ``--name`` was given for a language whose programs do not depend on their name."""
    if name is not None and language.rename is None:
        fail(f"--name has no meaning for {language.title}: its programs do not depend on their file name")


def preset_input(input_text: str | None, input_file: Path | None) -> str | None:
    """The input given by option, or ``None`` if none was."""
    if input_text is not None and input_file is not None:
        fail("give --input or --input-file, not both")
    if input_file is not None:
        return read(input_file, "input file")
    return input_text


@click.group(epilog=epilog(EXEC_CODES), context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="esodbg", prog_name="esodbg")
def main() -> None:
    """esodbg: a visual debugger and exact interpreter for esoteric languages whose programs are
    games.  Run `esodbg run FILE` to debug, `esodbg exec FILE` to just run."""


@main.command("exec", epilog=epilog(EXEC_CODES))
@FILE_ARG
@input_options
@click.option("--max-steps", type=click.IntRange(min=1), metavar="N", help="Stop (exit 3) after N steps.")
@NAME_OPTION
@LANG_OPTION
def exec_(file: Path, input_text: str | None, input_file: Path | None, max_steps: int | None, name: str | None,
          lang: str | None) -> None:
    """Run FILE headless: program output to stdout byte-exactly (UTF-8), diagnostics to stderr.

    Input comes from --input or --input-file, else from stdin, read line by line as the
    program asks for it.
    """
    language, program = load(file, lang, name)
    preset = preset_input(input_text, input_file)
    stdin = None
    if preset is None:
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace", newline="\n") \
            if sys.stdin is not None else None
    log = InputLog(preset or "", closed=preset is not None or stdin is None)
    # Surrogate code points (X / la pisa of 0xD800-0xDFFF) are written as their 3-byte form.
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", errors="surrogatepass", newline="\n")
    machine = language.machine(program, log, StreamOutput(stdout))
    # The engines make many short-lived objects and no reference cycles to speak of (states are
    # immutable values); collecting every 700 allocations, the default, costs Tic Tac Toe Grow
    # a fifth of its time for nothing.
    gc.set_threshold(100_000, 50, 100)
    remaining = max_steps
    interrupted = threading.Event()
    try:
        while True:
            before = machine.steps
            reason = run_until_interrupted(machine, remaining if remaining is not None else 1 << 62, interrupted)
            if remaining is not None:
                remaining -= machine.steps - before
            if reason is not Stop.NEEDS_INPUT:
                break
            stdout.flush()  # the user may be answering a prompt the program printed
            line = stdin.readline()  # Ctrl+C here raises KeyboardInterrupt, as usual
            if line:
                log.feed(line)
            else:
                log.close()
        stdout.flush()
    except KeyboardInterrupt:
        interrupted.set()
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): nothing more can be written; stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(HALTED)
    if interrupted.is_set():
        stdout.flush()
        fail(f"interrupted at step {machine.steps}", INTERRUPTED)
    if reason is Stop.ERROR:
        fault = machine.fault
        where = f"{file}:{fault.span.line}:{fault.span.col}: " if fault.span else f"{file}: "
        cell = f", cell {fault.at}" if isinstance(fault.at, CellRef) else ""  # a text program's span says where
        fail(f"{where}runtime error at step {fault.step}{cell}: {fault.message}", RUNTIME_ERROR)
    if reason is Stop.LIMIT:
        fail(f"stopped after {machine.steps} steps: the --max-steps budget ran out", BUDGET)
    sys.exit(HALTED)


def run_until_interrupted(machine, limit: int, interrupted: threading.Event) -> Stop:
    """``machine.run(limit)`` in chunks of :data:`CHUNK` steps, with Ctrl+C only setting
    ``interrupted`` — checked between chunks, so the machine stops between two steps and says
    exactly which (returns ``Stop.LIMIT`` then)."""
    previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupted.set())
    try:
        end = machine.steps + limit
        while not interrupted.is_set():
            reason = machine.run(min(CHUNK, end - machine.steps))
            if reason is not Stop.LIMIT or machine.steps >= end:
                return reason
        return Stop.LIMIT
    finally:
        signal.signal(signal.SIGINT, previous)


@main.command(epilog=epilog(CHECK_CODES))
@FILE_ARG
@LANG_OPTION
def check(file: Path, lang: str | None) -> None:
    """Parse FILE and report problems (file:line:col: what was wrong) without running it."""
    language, program = load(file, lang)
    click.echo(f"{file}: ok ({language.title})")


@main.command(epilog=epilog(RUN_CODES))
@FILE_ARG
@input_options
@click.option("--max-steps", type=click.IntRange(min=1), metavar="N",
              help="Step budget for one continue (default: none; Esc interrupts).")
@NAME_OPTION
@LANG_OPTION
def run(file: Path, input_text: str | None, input_file: Path | None, max_steps: int | None, name: str | None,
        lang: str | None) -> None:
    """Debug FILE in the terminal: watch the game play, step forwards and backwards, set
    breakpoints on board cells (or on commands, in MessiScript).

    Input: --input, --input-file or piped stdin is the program's whole input; with none, the
    debugger asks in its Input pane when the program reads (Ctrl+D there ends the input).
    Press ? in the debugger for every key; q or Ctrl+C quits from any state.
    """
    language = choose_language(file, lang)
    check_name(language, name)
    read(file, "program")  # unreadable: exit 2 here; a parse error gets its own screen in the app
    preset = preset_input(input_text, input_file)
    if preset is None and not sys.stdin.isatty():
        preset = sys.stdin.read()
        reattach_terminal()
    from esodbg.app.debugapp import DebuggerApp  # only the TUI needs Textual

    app = DebuggerApp(language, file, preset, max_steps, name)
    app.run()
    sys.exit(app.return_code or HALTED)


def reattach_terminal() -> None:
    """After reading piped stdin, take keyboard input from the terminal again."""
    try:
        tty = os.open("/dev/tty", os.O_RDONLY)
    except OSError:
        fail("stdin was piped and there is no terminal to read keys from; use --input-file")
    os.dup2(tty, 0)
    sys.stdin = io.TextIOWrapper(io.FileIO(0, closefd=False), encoding="utf-8")


def entry() -> None:
    """The ``esodbg`` command: :func:`main` with Ctrl+C anywhere — while reading, parsing or
    typing a big program — exiting 130 with a word rather than click's "Aborted!" and 1."""
    try:
        main(standalone_mode=False)
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("esodbg: interrupted", err=True)
        sys.exit(INTERRUPTED)
    except click.exceptions.Exit as done:  # --help, --version
        sys.exit(done.exit_code)
    except click.ClickException as error:  # bad usage
        error.show()
        sys.exit(error.exit_code)
