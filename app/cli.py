"""The ``esodbg`` command line: ``run`` (the debugger), ``serve`` (it, in a browser tab), ``record``
(a run as an animation), ``exec`` (headless), ``check``, ``dap`` and ``lsp`` (the Debug Adapter
and Language Server Protocols for editors), ``languages``.

Languages are plugins (:mod:`esodbg.engines.registry`): each one's own options become flags of
``run``, ``exec`` and ``check``, and every command loads a program the same way
(:func:`~esodbg.app.files.load_program`).  Exit codes are in :mod:`.exitcodes`; each command's
``--help`` lists the ones it can return.  Ctrl+C or SIGTERM exits 130 from anywhere (``serve``: 0),
never with a traceback (:func:`entry`).

``exec``, ``check`` and ``languages`` import only the engines, never Textual, so they start fast.
"""

from __future__ import annotations

import _thread
import contextlib
import errno
import gc
import io
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple, NoReturn, TextIO

import click

from esodbg.engines import installed, registry
from esodbg.engines.base import CellRef, Diagnostic, Machine, ParseError, Stop, plural
from esodbg.engines.iobuf import InputLog, RecordingOutput, StreamOutput
from esodbg.engines.language import Export, Language, Option

from esodbg.app import exitcodes
from esodbg.app.exitcodes import BAD_INPUT, BREAKPOINT, BUDGET, HALTED, INTERRUPTED, MEANINGS, RUNTIME_ERROR
from esodbg.app.files import LoadError, load_program, paused_gc, read_program, read_text

CHUNK = 16384  # traced steps between two flushes of the output
SIGNALS = (signal.SIGINT, signal.SIGTERM)  # both end a command the same way: Ctrl+C's, exit 130

EXEC_CODES = dict(MEANINGS)
CHECK_CODES = {HALTED: "no problems found (warnings are printed, if any)", BAD_INPUT: MEANINGS[BAD_INPUT],
               INTERRUPTED: MEANINGS[INTERRUPTED]}
SERVE_CODES = {HALTED: "stopped with Ctrl+C or SIGTERM", BAD_INPUT: "bad usage, unreadable file, or the address "
                                                                     "cannot be listened on"}
RECORD_CODES = {HALTED: "written (however the run ended)", RUNTIME_ERROR: "agg could not draw the GIF",
                BAD_INPUT: "bad usage, unreadable file, parse error, a breakpoint spec that does not fit, "
                           "or OUT cannot be written",
                INTERRUPTED: "interrupted with Ctrl+C or SIGTERM: nothing written (OUT is as it was)"}
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
NOTES_CODES = {HALTED: "printed (or there are none: said on stderr)", BAD_INPUT: "bad usage or an unreadable session file"}
EDITOR_CODES = {HALTED: "the editor ended the session (or closed stdin)", INTERRUPTED: MEANINGS[INTERRUPTED]}
RUN_CODES = {HALTED: "quit with q or the Ctrl+C key (the program halted, or was paused)",
             RUNTIME_ERROR: "quit while stopped at a runtime error",
             BAD_INPUT: "bad usage, unreadable file, or quit at a parse error",
             INTERRUPTED: "SIGINT or SIGTERM sent to the process (kill -INT, kill): it quits as q does"}


def epilog(codes: dict[int, str]) -> str:
    """The languages and the exit ``codes``, under a command's help."""
    known = "\n".join(f"  {language.name:<12} {language.title:<17} {' '.join(language.extensions)}"
                      for language in registry.languages())
    return f"\b\nLanguages (chosen by file extension, or --lang; see `esodbg languages`):\n{known}\n\n" \
           f"{exitcodes.table(codes)}"


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    click.echo(f"esodbg: {message}", err=True)
    sys.exit(code)


# ----- options ---------------------------------------------------------------------------------
FILE_ARG = click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
LANG_OPTION = click.option("--lang", type=click.Choice([language.name for language in registry.languages()],
                                                        case_sensitive=False),
                           help="Language of FILE (default: from its extension).")
MAX_STEPS = "Stop (exit 3) after N steps."
BREAK_HELP = ("Stop (exit 4) at the first hit of this breakpoint: cell:[BOARD:]CELL (a cell as its language names "
              "it: X,Y — column then row, from 0 — in Befunge, ><>, Labyrinth and Stoned-Go; ROW,COL elsewhere; a "
              "square such as H8 in Scrabble; `esodbg languages` says which), code:N (the N-th command), "
              "data:LOCATION (stops when it changes) or event:NAME, each optionally followed by ' if EXPR', "
              "' hit N' / ' hit >= N' / ' hit % N' and ' log MESSAGE' (a log point prints MESSAGE, with its "
              "{EXPR} parts, on stderr and does not stop).  Repeatable.  The names, locations and events of each "
              "language are in its docs page.")


def input_options(f):
    """--input / --input-file, shared by run and exec."""
    f = click.option("--input-file", "input_file", type=click.Path(dir_okay=False, path_type=Path),
                     help="Read the program's input from this file.")(f)
    return click.option("--input", "input_text", metavar="TEXT",
                        help="The program's whole input (use $'1\\n2\\n' in bash for several lines).")(f)


def language_options(f):
    """Every registered language's own options, each once (languages that share an option's
    name share the flag); the help says which languages it is for, and each language's own
    words where they differ (``--seed``: Befunge's ``?``, ><>'s ``x``)."""
    owners: dict[str, dict[str, tuple[Option, list[str]]]] = {}
    for language in registry.languages():
        for option in language.options:
            owners.setdefault(option.name, {}).setdefault(option.help, (option, []))[1].append(language.title)
    for name, helps in reversed(owners.items()):
        option = next(iter(helps.values()))[0]
        help_text = " ".join(f"[{', '.join(titles)}] {text}" for text, (_, titles) in helps.items())
        if option.type is bool:
            f = click.option(f"--{name}", option.dest, is_flag=True, default=None, help=help_text)(f)
        else:
            kind = click.Choice(option.choices, case_sensitive=False) if option.choices else \
                click.IntRange(min=option.minimum) if option.minimum is not None else option.type
            f = click.option(f"--{name}", option.dest, type=kind, metavar=option.metavar, help=help_text)(f)
    return f


def export_options(f):
    """Every registered language's exports (``--sgf FILE``…), each once: files ``exec`` writes
    after the run (languages that share an export's name share the flag)."""
    owners: dict[str, tuple[Export, list[str]]] = {}
    for language in registry.languages():
        for export in language.exports:
            owners.setdefault(export.name, (export, []))[1].append(language.title)
    for name, (export, titles) in reversed(owners.items()):
        f = click.option(f"--{name}", f"export_{name}", type=click.Path(dir_okay=False), metavar="FILE",
                         help=f"[{', '.join(titles)}] {export.help}")(f)
    return f


def choose_language(path: Path, lang: str | None) -> Language:
    """The language named by --lang, else by the file's extension; exits 2 if neither says."""
    language = registry.by_name(lang) if lang else registry.for_file(path)
    if language is None:
        known = ", ".join(f"{ext} ({l.name})" for l in registry.languages() for ext in l.extensions)
        fail(f"cannot tell the language of {path} from its extension (known: {known}); use --lang")
    return language


def options_for(language: Language, values: dict[str, Any]) -> dict[str, Any]:
    """The language options given (``values`` by dest, ``None`` if not given) that are
    ``language``'s; exits 2 if one given is another language's."""
    given = {dest: value for dest, value in values.items() if value is not None}
    for dest in given:
        if language.option(dest) is None:
            fail(f"--{dest.replace('_', '-')} has no meaning for {language.title} (see `esodbg languages`)")
    return given


def open_program(file: Path, lang: str | None, values: dict[str, Any], state_to: str | None = None,
                 max_steps: int | None = None) -> tuple[Language, Any]:
    """Choose the language, read and parse ``file`` with its options; prints the program's
    warnings; exits 2 on any problem (diagnostics as ``file:line:col: error: …``), after
    writing the parse error's final state to ``state_to`` (``exec --final-state``), if given."""
    language = choose_language(file, lang)
    options = options_for(language, values)
    try:
        try:
            program = load_program(file, language, options)
        except LoadError as error:
            if not (error.undecodable and state_to is not None):
                fail(str(error))
            raise error.parse_error(str(file)) from None
    except ParseError as error:
        for diagnostic in error.diagnostics:
            click.echo(str(diagnostic), err=True)
        if state_to is not None:
            stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n")
            write_json(language.parse_error_state(error, str(file), options, max_steps), state_to, stdout)
            stdout.flush()
        sys.exit(BAD_INPUT)
    for warning in program.warnings:
        if warning.severity != "information":  # a note for editors (check --format json shows it)
            click.echo(str(warning), err=True)
    return language, program


def preset_input(input_text: str | None, input_file: Path | None, language: Language | None = None) -> str | None:
    """The input given by option, or ``None`` if none was.  For a language whose input is bytes
    (:attr:`Language.bytes_io`), a file's bytes are kept exactly (``surrogateescape``)."""
    if input_text is not None and input_file is not None:
        fail("give --input or --input-file, not both")
    if input_file is not None:
        try:
            if language is not None and language.bytes_io:
                return read_text(input_file, "input file", lambda data: data.decode("utf-8", "surrogateescape"))
            return read_text(input_file, "input file")
        except LoadError as error:
            fail(str(error))
    return input_text


# ----- commands --------------------------------------------------------------------------------
def engines_built() -> str:
    """How the engines run: compiled (how many modules, and any whose source changed since) or
    pure Python (engines/compiled.py)."""
    from esodbg.engines import compiled

    running = compiled.running()
    if not running:
        return "engines: pure Python"
    stale = compiled.stale()
    return (f"engines compiled with mypyc: {plural(len(running), 'module')}"
            + (f"; changed since compiled, reinstall to compile: {', '.join(stale)}" if stale else ""))


def show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version, and how the engines run."""
    if value and not ctx.resilient_parsing:
        click.echo(f"esodbg, version {installed.version() or 'unknown (not installed)'} ({engines_built()})")
        ctx.exit()


@click.group(epilog=epilog(EXEC_CODES), context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=show_version,
              help="Show the version and whether the engines are compiled, and exit.")
def main() -> None:
    """esodbg: a visual debugger and exact interpreter for esoteric languages whose programs are
    games.  Run `esodbg run FILE` to debug, `esodbg exec FILE` to just run."""


@main.command("exec", epilog=epilog(EXEC_CODES))
@FILE_ARG
@input_options
@click.option("--max-steps", type=click.IntRange(min=1), metavar="N", help=MAX_STEPS)
@click.option("--trace", "trace_to", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE",
              help="Write one JSON object per step to FILE (JSON Lines; - is stdout), or, for a FILE ending "
                   "in .csv, a CSV row per step (nested values as JSON); the fields are in each language's docs page.")
@click.option("--final-state", "state_to", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE",
              help="Write the final state as one JSON document to FILE (-: stdout, after the output and a newline).")
@click.option("--break", "breaks", multiple=True, metavar="SPEC", help=BREAK_HELP)
@click.option("--query", "queries", multiple=True, metavar="SPEC",
              help="After the run, list every hit of this breakpoint spec (the forms of --break, with if, hit and "
                   "log) across the run, which goes on without stopping: the step where --break would stop for "
                   "each, where, and its log message (a data query: the value's old and new, and where the step "
                   "that changed it ran).  On stdout, after the output and a newline.  Repeatable.")
@click.option("--query-limit", type=click.IntRange(min=1), default=10_000, show_default=True, metavar="N",
              help="A query keeps its first N hits and says there were more.")
@click.option("--plot", "plot_to", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE.svg|FILE.png",
              help="Draw the first data query's history (its value over the steps) as a chart to FILE.")
@click.option("--why", "why", metavar="LOCATION",
              help="After the run, say where the value of the data LOCATION (as in data: breakpoints: acc, "
                   "mem[3], tape[2], board(3,0)…) came from: the step that wrote it, then the writer of what "
                   "that step read, and so on (on stdout, after the output and a newline).")
@click.option("--at", "why_at", type=click.IntRange(min=0), metavar="N",
              help="--why asks about the value after step N (default: where the run stopped).")
@click.option("--why-depth", type=click.IntRange(min=1), default=16, show_default=True, metavar="N",
              help="--why follows N writes back at most.")
@click.option("--profile", is_flag=True,
              help="After the run, list the places of the source commands ran from, most-run first, with counts "
                   "and shares (on stdout, after the output and a newline).")
@click.option("--format", "format_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="How --query, --why and --profile answer.")
@LANG_OPTION
@language_options
@export_options
def exec_(file: Path, input_text: str | None, input_file: Path | None, max_steps: int | None, trace_to: str | None,
          state_to: str | None, breaks: tuple[str, ...], queries: tuple[str, ...], query_limit: int,
          plot_to: Path | None, why: str | None,
          why_at: int | None, why_depth: int, profile: bool, format_: str, lang: str | None, **values: Any) -> None:
    """Run FILE headless: program output to stdout byte-exactly (UTF-8), diagnostics to stderr.

    Input comes from --input or --input-file, else from stdin, read line by line as the
    program asks for it.
    """
    exports = {key.removeprefix("export_"): values.pop(key) for key in list(values) if key.startswith("export_")}
    if why is None and why_at is not None:
        fail("--at N goes with --why LOCATION")
    if plot_to is not None:
        if not any(spec.strip().startswith("data:") for spec in queries):
            fail("--plot draws a data query's history: give --query data:LOCATION too")
        if plot_to.suffix.lower() not in (".svg", ".png"):
            fail(f"--plot {plot_to}: cannot tell the format from its name: name it .svg or .png")
    if profile and (breaks or queries or why is not None or trace_to is not None):
        fail("--profile counts a plain run: give it without --break, --query, --why or --trace")
    with paused_gc():  # (a huge program's parse: the collector's walks would hold off Ctrl+C too)
        language, program = open_program(file, lang, values, state_to, max_steps)
    for name, target in exports.items():
        if target is not None and name not in {export.name for export in language.exports}:
            fail(f"--{name} has no meaning for {language.title} (see `esodbg languages`)")
    preset = preset_input(input_text, input_file, language)
    # A language whose input and output are bytes (Befunge) gets them exactly: a byte that is not
    # UTF-8 is read as, and written from, its surrogateescape character.  For the others, input
    # that is not UTF-8 reads as U+FFFD, and surrogate code points (X / la pisa of
    # 0xD800-0xDFFF) are written as their 3-byte form.
    stdin = None
    if preset is None:
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", newline="\n",
                                 errors="surrogateescape" if language.bytes_io else "replace") \
            if sys.stdin is not None else None
    log = InputLog(preset or "", closed=preset is not None or stdin is None)
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n",
                              errors="surrogateescape" if language.bytes_io else "surrogatepass")
    if breaks or queries or why is not None:
        asked = Why(why, why_at, why_depth, format_) if why is not None else None
        exec_session(language, program, file, breaks, Asked(queries, query_limit, format_, plot_to), asked, log,
                     stdin, stdout, max_steps, trace_to, state_to, exports)
    # The final state and the trace lines hold output, so it is kept then (spilling to a file past
    # a few MB: memory stays bounded however much a program prints).
    output = RecordingOutput(stdout) if state_to is not None or trace_to is not None else StreamOutput(stdout)
    machine = language.machine(program, log, output)
    trace = open_trace(trace_to, stdout) if trace_to is not None else None
    tally = None
    if profile:
        from esodbg.engines.profile import Tally

        tally = Tally(language)
    # The engines make many short-lived objects and no reference cycles to speak of (states are
    # immutable values); collecting every 700 allocations, the default, costs Tic Tac Toe Grow
    # a fifth of its time for nothing.
    gc.set_threshold(100_000, 50, 100)
    interrupted = threading.Event()
    try:
        while True:
            # --max-steps counts what the language counts (language.counted), which never grows
            # faster than the machine's steps: running the difference cannot overshoot.
            limit = max_steps - language.counted(machine) if max_steps is not None else 1 << 62
            if limit <= 0:
                reason = Stop.LIMIT
                break
            if trace is None:
                reason = run_until_interrupted(machine, limit, interrupted, tally)
            else:
                reason = trace_until_interrupted(language, machine, limit, interrupted, trace)
            if reason is Stop.LIMIT and max_steps is not None and not interrupted.is_set():
                continue  # the budget in the language's count may not be spent yet
            if reason is not Stop.NEEDS_INPUT or interrupted.is_set():  # Ctrl+C just as input is asked for
                break
            stdout.flush()  # the user may be answering a prompt the program printed
            line = stdin.readline()  # Ctrl+C or SIGTERM here raises KeyboardInterrupt (entry)
            if line:
                log.feed(line)
            else:
                log.close()
        stdout.flush()
    except KeyboardInterrupt:
        interrupted.set()
    except BrokenPipeError:
        reader_gone()
    write_results(language, machine, trace, stdout, state_to, max_steps, exports, interrupted.is_set())
    if tally is not None:
        from esodbg.app import reports

        places = tally.places(program.source)
        write_report(reports.profile_json(tally.steps, places) if format_ == "json" else
                     reports.profile_text(tally.steps, places), stdout)
    if interrupted.is_set():
        fail(f"interrupted at step {machine.steps}", INTERRUPTED)
    if reason is Stop.ERROR:
        fail_at_error(file, language, machine)
    if reason is Stop.LIMIT:
        fail_at_budget(language, machine)
    sys.exit(language.exit_code(machine))


def reader_gone() -> NoReturn:
    """The reader of stdout went away (e.g. `| head`): nothing more can be written; stop quietly."""
    stdout_to_nowhere()
    sys.exit(HALTED)


def stdout_to_nowhere() -> None:
    """What is still to be written to stdout goes nowhere (its reader went away), so neither a
    later write nor the flush at exit fails."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def say(text: str) -> None:
    """``click.echo(text)`` to stdout for a command whose exit code does not depend on its
    reader: if the reader went away (``esodbg check F | true``), the rest is dropped and the
    command goes on to exit with its own code."""
    try:
        click.echo(text)
        sys.stdout.flush()
    except BrokenPipeError:
        stdout_to_nowhere()


def write_results(language: Language, machine: Machine, trace: TextIO | None, stdout: TextIO,
                  state_to: str | None, max_steps: int | None, exports: dict[str, str | None],
                  interrupted: bool) -> None:
    """What exec writes once the run has stopped, with breakpoints or without: the end of the
    trace, the final state (or the language's summary) and the exports.  ``interrupted``: Ctrl+C
    or SIGTERM stopped it."""
    machine.end_output()  # a run cut short (the budget, Ctrl+C) still writes what it held back
    if trace is not None and trace is not stdout:
        trace.close()
    if state_to is not None:
        write_json(language.final_state(machine, max_steps, interrupted), state_to, stdout)
    elif (summary := language.summary(machine, interrupted)) is not None:
        stdout.write(summary + "\n")
    for name, target in exports.items():
        if target is not None:
            write_export(language, machine, name, target)
    stdout.flush()


def fail_at_error(file: Path, language: Language, machine: Machine) -> NoReturn:
    """Exit 1 with the runtime error: file:line:col, the step and, on a board, the cell."""
    fault = machine.fault
    where = f"{file}:{fault.span.line}:{fault.span.col}: " if fault.span else f"{file}: "
    cell = f", cell {language.where(fault.at)}" if isinstance(fault.at, CellRef) else ""  # a text program's span says where
    fail(f"{where}runtime error at step {fault.step}{cell}: {fault.message}", RUNTIME_ERROR)


def fail_at_budget(language: Language, machine: Machine) -> NoReturn:
    """Exit 3: the --max-steps budget ran out (in the language's count of steps)."""
    fail(f"stopped after {plural(language.counted(machine), 'step')}: the --max-steps budget ran out", BUDGET)


class Asked(NamedTuple):
    """``exec --query SPEC… [--query-limit N] [--format F] [--plot FILE]``."""

    specs: tuple[str, ...]
    limit: int
    format: str
    plot: Path | None = None


class Why(NamedTuple):
    """``exec --why LOCATION [--at N] [--why-depth N] [--format F]``."""

    location: str
    at: int | None
    depth: int
    format: str


def exec_session(language: Language, program: Any, file: Path, breaks: tuple[str, ...], asked: Asked, why: Why | None,
                 log: InputLog, stdin: TextIO | None, stdout: TextIO, max_steps: int | None, trace_to: str | None,
                 state_to: str | None, exports: dict[str, str | None]) -> None:
    """``exec --break``, ``--query`` and ``--why``: run in a debugger session (history and all).
    With breakpoints it stops at the first hit, says where and why on stderr and exits 4; log
    points print as they log.  Queries gather every hit of theirs on the way (:mod:`.query`),
    listed on stdout after the run (up to a breakpoint's stop).  With ``why``, where the
    location's value came from goes to stdout after the run (:func:`answer_why`).  The rest is what plain ``exec`` does: output streamed, input
    from stdin as asked, ``--max-steps``, ``--trace``, ``--final-state``, Ctrl+C and SIGTERM."""
    from esodbg.engines.base import CellRef, NamedRef
    from esodbg.engines.breakpoints import is_location
    from esodbg.engines.debugger import Session
    from esodbg.engines.provenance import canonical
    from esodbg.engines.spec import format_spec, parse_spec

    session = Session(language, program, log.text, log.closed)
    if why is not None:
        try:
            why = why._replace(location=canonical(session, why.location))
        except ValueError as error:
            fail(f"--why {why.location!r}: {error}")
    for text in breaks:
        try:
            spec = parse_spec(text, language, session.first_view)
            spec.set_in(session.breakpoints)
        except ValueError as error:
            fail(f"--break {text!r}: {error}")
        if spec.note is not None:  # set, but the user should know (a cell off a board that grows)
            click.echo(f"esodbg: --break {text!r}: {spec.note}", err=True)
    queries = None
    if asked.specs:
        from esodbg.engines.query import Queries

        try:
            queries = Queries(session, asked.specs, asked.limit)
        except ValueError as error:
            fail(f"--query {error}")
    written = 0

    def flush(_: Session | None = None) -> None:
        """Write the output not written yet (the session only moves forwards here)."""
        nonlocal written
        if session.output.length > written:
            stdout.write(session.output.text(written))
            written = session.output.length

    def logged(entry) -> None:
        flush()
        stdout.flush()
        click.echo(f"step {entry.step}: {entry.text}", err=True)

    session.on_log = logged
    trace = open_trace(trace_to, stdout) if trace_to is not None else None
    gc.set_threshold(100_000, 50, 100)  # as plain exec does
    interrupted = threading.Event()
    try:
        while True:
            limit = max_steps - language.counted(session.machine) if max_steps is not None else None
            if limit is not None and limit <= 0:
                reason = Stop.BUDGET
                break
            session.budget = limit
            with signals_set(interrupted):
                outcome = step_traced(session, limit, interrupted, trace, flush, queries) if trace is not None else \
                    session.continue_(interrupted, flush, queries.arrived if queries is not None else None)
            flush()
            reason = outcome.reason
            if reason is Stop.BUDGET and max_steps is not None and not interrupted.is_set():
                continue  # the budget in the language's count may not be spent yet
            if reason is not Stop.NEEDS_INPUT:
                break
            stdout.flush()  # the user may be answering a prompt the program printed
            line = stdin.readline() if stdin is not None else ""  # Ctrl+C, SIGTERM: KeyboardInterrupt
            if line:
                session.feed_input(line)
            else:
                session.close_input()
    except KeyboardInterrupt:
        reason = Stop.INTERRUPTED
    except BrokenPipeError:
        reader_gone()
    machine = session.machine
    machine.end_output()  # what it held back goes to the session's output, written with the rest
    try:
        flush()
    except BrokenPipeError:
        reader_gone()
    write_results(language, machine, trace, stdout, state_to, max_steps, exports, reason is Stop.INTERRUPTED)
    if queries is not None:
        from esodbg.app import reports

        write_report(reports.queries_json(queries.queries) if asked.format == "json" else
                     reports.queries_text(queries.queries), stdout)
        if asked.plot is not None:
            write_plot(next(query for query in queries.queries if query.is_data), asked.plot)
    if why is not None and reason is not Stop.INTERRUPTED:
        answer_why(session, why, stdout)
        machine = session.machine
    if reason is Stop.INTERRUPTED:
        fail(f"interrupted at step {machine.steps}", INTERRUPTED)
    if reason is Stop.BREAKPOINT:
        bp = outcome.breakpoint
        view = session.view()
        if isinstance(bp.at, NamedRef):  # a language's own location (Piet's command:push): where the IP is
            where = f"at {view.describe(view.location)}, before {bp.at}" if view.location is not None else ""
        elif is_location(bp.at):
            where = f"at {view.describe(bp.at)}"
            if isinstance(bp.at, CellRef) and view.location is not None and view.location != bp.at:
                where += f" (the next step at {view.describe(view.location)})"  # a touch elsewhere: Piet's block
        else:
            where = f"by the step at {view.describe(session.last.at)}" if session.last is not None else ""
        why = f": {outcome.message}" if outcome.message else ""
        fail(f"stopped at step {outcome.step} {where}: breakpoint {format_spec(bp, language)} "
             f"(hit {bp.hits(outcome.step)}){why}", BREAKPOINT)
    if reason is Stop.ERROR:
        fail_at_error(file, language, machine)
    if reason is Stop.BUDGET:
        fail_at_budget(language, machine)
    sys.exit(language.exit_code(session.machine))


def answer_why(session, why: Why, stdout: TextIO) -> None:
    """Write where ``why.location``'s value after step ``why.at`` (default: the last step run)
    came from (:func:`esodbg.engines.provenance.chain`); exits 2 for a step the run did not
    reach.  The session is left where it stopped."""
    from esodbg.app import reports
    from esodbg.engines.names import freeze
    from esodbg.engines.provenance import chain

    stopped = session.steps
    step = stopped if why.at is None else why.at
    if step > stopped:
        fail(f"--at {step}: the run stopped at step {stopped:,}")
    session.visit(step)
    value = freeze(session.language.data(session.machine, why.location)())
    links, end = chain(session, why.location, step, why.depth)
    session.visit(stopped)  # the final state, the error and the exit code are the run's
    write_report(reports.why_json(why.location, value, step, links, end) if why.format == "json" else
                 reports.why_text(why.location, value, step, links, end), stdout)


def write_plot(query, target: Path) -> None:
    """``--plot``: ``query``'s history as a chart in ``target`` (exits 2 if there is nothing to
    plot or it cannot be written)."""
    from esodbg.app.plotfile import write_plot as draw
    from esodbg.app.record import GifError
    from esodbg.app.screens.plot import plottable

    why = plottable(query)
    if why is not None:
        fail(f"--plot {target}: {why}")
    try:
        draw(query, target)
    except OSError as error:
        fail(f"cannot write {target}: {error.strerror or error}")
    except GifError as error:  # agg could not draw the PNG: its message
        fail(f"--plot {target}: {error}")


def json_text(document: Any) -> str:
    """``document`` as one line of JSON, characters past ASCII as they are (``--final-state``,
    ``--trace``, the reports).  A byte a program wrote that is not UTF-8 is held in its output as
    its ``surrogateescape`` character (U+DC80…U+DCFF, :mod:`esodbg.engines.bytemachine`), which
    no UTF-8 can hold: it is written as the JSON escape ``\\udcXX`` (any lone surrogate as its
    escape), so the text is UTF-8 and ``json.loads(text)["output"].encode("utf-8",
    "surrogateescape")`` is exactly the bytes written."""
    import json  # only the reports, --trace and --final-state need it

    text = json.dumps(document, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # json.dumps writes a raw character only inside a string: escape it there
        import re

        text = re.sub("[\ud800-\udfff]", lambda found: f"\\u{ord(found[0]):04x}", text)
    return text


def write_report(report: dict | str, stdout: TextIO) -> None:
    """A report (``--why``, ``--profile``) on stdout after the output and a newline: JSON on
    one line, or text."""
    stdout.write("\n" + (json_text(report) if isinstance(report, dict) else report) + "\n")
    stdout.flush()


def step_traced(session, limit: int | None, interrupted: threading.Event, trace: TextIO, flush, queries=None) -> Any:
    """``exec --break --trace`` (or ``--query``): recorded steps, each traced, until a
    breakpoint, the end or ``limit`` steps (``BUDGET``); ``queries`` (a
    :class:`~esodbg.engines.query.Queries`) gather their hits on the way."""
    from esodbg.engines.debugger import Outcome

    language, end = session.language, session.steps + limit if limit is not None else None
    while end is None or session.steps < end:
        if interrupted.is_set():
            return Outcome(Stop.INTERRUPTED, session.steps)
        before = session.steps
        outcome = session.step(on_arrival=queries.arrived if queries is not None else None)
        if session.steps > before:
            trace.write(json_text(language.trace(session.machine, session.last)) + "\n")
        if outcome.reason is not Stop.LIMIT:
            return outcome
        if session.steps % CHUNK == 0:
            flush()
    return Outcome(Stop.BUDGET, session.steps)


def open_trace(target: str, stdout: TextIO) -> Any:
    """Where ``--trace`` writes: JSON lines to stdout (``-``) or a file, or CSV to a file whose
    name ends in ``.csv`` (:class:`~esodbg.app.csvtrace.CsvTrace`); exits 2 if it cannot be
    written."""
    if target.lower().endswith(".csv"):
        from esodbg.app.csvtrace import CsvTrace

        try:
            return CsvTrace(target)
        except OSError as error:
            fail(f"cannot write {target}: {error.strerror}")
    return open_json_out(target, stdout)


def open_json_out(target: str, stdout: TextIO) -> TextIO:
    """Where ``--trace`` or ``--final-state`` writes: ``-`` is stdout, else the file (exits 2
    if it cannot be written)."""
    if target == "-":
        return stdout
    try:
        return open(target, "w", encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {target}: {error.strerror}")


def write_json(document: Any, target: str, stdout: TextIO) -> None:
    """``document`` as one line of JSON to ``target``: ``-`` is stdout, after the program's
    output and a newline (exits 2 if a file cannot be written)."""
    state = json_text(document)
    out = open_json_out(target, stdout)
    if out is stdout:
        out.write(f"\n{state}\n")
    else:
        with out:
            out.write(state + "\n")


def write_export(language: Language, machine: Machine, name: str, target: str) -> None:
    """Write the export ``name`` of the state to ``target``; exits 2 if it cannot be made or written."""
    try:
        data = language.export(machine, name)
        Path(target).write_bytes(data)
    except ValueError as error:  # the state does not fit the format (a board too big for SGF)
        fail(f"cannot write {target}: {error}")
    except OSError as error:
        fail(f"cannot write {target}: {error.strerror}")


@contextlib.contextmanager
def signals_set(interrupted: threading.Event):
    """Inside, Ctrl+C and SIGTERM (:data:`SIGNALS`) only set ``interrupted``, for a run that
    looks at it between steps (so it stops between two and says which); outside, they raise
    ``KeyboardInterrupt`` again (:func:`entry`)."""
    previous = {sig: signal.signal(sig, lambda signum, frame: interrupted.set()) for sig in SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def run_until_interrupted(machine: Machine, limit: int, interrupted: threading.Event, tally=None) -> Stop:
    """``machine.run(limit)`` in chunks of about 10 ms (:class:`~esodbg.engines.pacing.Chunks`),
    with Ctrl+C and SIGTERM only setting ``interrupted`` — checked between chunks, so the machine
    stops between two steps and says exactly which (returns ``Stop.LIMIT`` then).  With a ``tally``
    (:class:`~esodbg.engines.profile.Tally`), its run, which counts every step."""
    from esodbg.engines.pacing import Chunks

    run = machine.run if tally is None else lambda count: tally.run(machine, count)
    chunks = Chunks()
    with signals_set(interrupted):
        end = machine.steps + limit
        while not interrupted.is_set():
            began = time.perf_counter()
            reason = run(min(chunks.size, end - machine.steps))
            if reason is not Stop.LIMIT or machine.steps >= end:
                return reason
            chunks.took(time.perf_counter() - began)
        return Stop.LIMIT


def trace_until_interrupted(language: Language, machine: Machine, limit: int, interrupted: threading.Event,
                            trace: TextIO) -> Stop:
    """Like :func:`run_until_interrupted`, one recorded step at a time, writing each step's
    trace line (streamed: memory stays constant however long the run)."""
    with signals_set(interrupted):
        for _ in range(limit):
            if interrupted.is_set():
                return Stop.LIMIT
            record = machine.step()
            if isinstance(record, Stop):
                return record
            trace.write(json_text(language.trace(machine, record)) + "\n")
            if record.stop is not None:
                return record.stop
        return Stop.LIMIT


@main.command(epilog=epilog(CHECK_CODES))
@FILE_ARG
@click.option("--format", "format_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: file:line:col: severity: message on stderr.  json: for editors, a JSON array on stdout "
                   "of {file, line, column, end: {line, column}, severity, message}, 1-based, columns in "
                   "characters, the end exclusive (docs/grammars.md).")
@LANG_OPTION
@language_options
def check(file: Path, format_: str, lang: str | None, **values: Any) -> None:
    """Parse FILE and report problems (file:line:col: what was wrong) without running it."""
    if format_ == "text":
        with paused_gc():  # (a huge program's parse: the collector's walks would hold off Ctrl+C too)
            language, _ = open_program(file, lang, values)
        say(f"{file}: ok ({language.title})")
        return
    import json  # only --format json needs it

    language = choose_language(file, lang)
    options = options_for(language, values)
    text, problems = "", ()
    try:
        text = read_program(file, language)
        with paused_gc():
            problems = language.parse(text, str(file), options).warnings
    except LoadError as error:
        problems = (error.diagnostic(str(file)),)
    except ParseError as error:
        problems = error.diagnostics
    say(json.dumps([diagnostic_json(d, text) for d in problems], ensure_ascii=False, indent=2))
    sys.exit(BAD_INPUT if any(d.severity == "error" for d in problems) else HALTED)


def diagnostic_json(diagnostic: Diagnostic, text: str) -> dict[str, Any]:
    """One diagnostic as ``check --format json`` prints it (``text``: the program's)."""
    end_line, end_col = diagnostic.end(text)
    return {"file": diagnostic.file, "line": diagnostic.line, "column": diagnostic.col,
            "end": {"line": end_line, "column": end_col}, "severity": diagnostic.severity,
            "message": diagnostic.message}


def debugger_options(f):
    """What ``run`` and ``serve`` share: FILE, the input, --max-steps, --no-restore."""
    f = click.option("--no-restore", is_flag=True,
                     help="Open clean: do not restore the breakpoints and watches remembered for FILE (what you "
                          "set in this session replaces them on quit; set nothing and they stay).")(f)
    f = click.option("--max-steps", type=click.IntRange(min=1), metavar="N",
                     help="Step budget for one continue (default: none; Esc interrupts).")(f)
    f = click.option("--at", "at", metavar="MOMENT", callback=read_moment,
                     help="Open stopped at MOMENT: N (after step N), N% (that far through a run that ends) or "
                          "break:SPEC (the first hit of a breakpoint spec, as exec --break takes).")(f)
    return FILE_ARG(input_options(f))


def read_moment(ctx: click.Context, param: click.Parameter, value: str | None):
    """``--at``'s value as a :class:`~esodbg.engines.moments.Moment` (exit 2 naming the forms)."""
    if value is None:
        return None
    from esodbg.engines import moments

    try:
        return moments.parse(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def runnable(file: Path, lang: str | None, values: dict[str, Any]) -> tuple[Language, dict[str, Any]]:
    """The language and its options for the debugger of ``file``; exits 2 if the file cannot be
    read (a parse error is the debugger's to show, on its own screen)."""
    language = choose_language(file, lang)
    options = options_for(language, values)
    try:
        read_program(file, language)
    except LoadError as error:
        fail(str(error))
    return language, options


@main.command(epilog=epilog(RUN_CODES))
@debugger_options
@click.option("--served", is_flag=True, hidden=True,  # a tab of `esodbg serve`: stdin carries the browser's keys
              help="Run as a tab of esodbg serve.")
@LANG_OPTION
@language_options
def run(file: Path, input_text: str | None, input_file: Path | None, max_steps: int | None, at, no_restore: bool,
        served: bool, lang: str | None, **values: Any) -> None:
    """Debug FILE in the terminal: watch the program play, step forwards and backwards, set
    breakpoints on board cells (or on commands, where a language's code is text: MessiScript,
    Brainfuck).

    Input: --input, --input-file or piped stdin is the program's whole input; with none, the
    debugger asks in its Input pane when the program reads (Ctrl+D there ends the input).
    Breakpoints and watches are remembered per file (see docs/debugging.md).  Press ? in the
    debugger for every key; q or Ctrl+C quits from any state.
    """
    language, options = runnable(file, lang, values)
    preset = preset_input(input_text, input_file, language)
    if preset is None and not served and not sys.stdin.isatty():
        preset = sys.stdin.read()
        reattach_terminal()
    from esodbg.app.debugapp import DebuggerApp  # only the TUI needs Textual

    app = DebuggerApp(language, file, preset, max_steps, options, restore=not no_restore, at=at)
    if served:
        from esodbg.app.serve import detach

        detach(lambda: orphaned(app))
    import asyncio

    # Ctrl+C (a `kill -INT`: at the keyboard it is a key) and SIGTERM quit as q does (the session
    # is remembered, the terminal restored), with 130.  Handled on the app's own loop, where
    # app.exit is safe: from a Python signal handler it would cut into the loop's work, and not
    # wake it from waiting.  (A Runner, as asyncio.run that app.run would use: it cleans up after.)
    with asyncio.Runner() as runner:
        loop = runner.get_loop()
        for sig in SIGNALS:
            loop.add_signal_handler(sig, lambda: app.exit(return_code=INTERRUPTED))
        app.run(loop=loop)
    quit_now(app.return_code or HALTED)


def quit_now(code: int) -> NoReturn:
    """Exit with ``code`` at once, the terminal already restored and the session saved: not
    through the interpreter's teardown, which frees a debugger's objects one by one (tenths of a
    second with a long run's history) while the user waits for the prompt."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a reader gone, a stream closed
            stream.flush()
    os._exit(code)


def orphaned(app) -> None:
    """A served app whose server is gone: quit as ``q`` would (its breakpoints are remembered),
    or, if that cannot finish in a few seconds, at once."""
    try:
        app.call_from_thread(app.exit)
    except RuntimeError:  # not running yet, or no longer
        pass
    threading.Event().wait(5)
    os._exit(INTERRUPTED)


@main.command(epilog=epilog(SERVE_CODES))
@debugger_options
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every address; the ones to open are printed).  The page "
                   "has no login: anyone who reaches it runs the debugger.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: a free one, printed).")
@LANG_OPTION
@language_options
def serve(file: Path, input_text: str | None, input_file: Path | None, max_steps: int | None, at, no_restore: bool,
          host: str, port: int, lang: str | None, **values: Any) -> None:
    """Serve the debugger of FILE in a browser tab: each tab that opens the printed address runs
    its own `esodbg run FILE` (with these options), as it would run in a terminal.  A page
    address ending in ?at=MOMENT opens its tab there (as --at does for every tab).

    The program's input comes from --input / --input-file, else from the Input pane of each tab.
    Listens on 127.0.0.1 only, unless --host says otherwise.  Ctrl+C or SIGTERM stops the server
    and every tab's debugger.
    """
    language, options = runnable(file, lang, values)
    preset_input(input_text, input_file, language)  # an unreadable input file: exit 2 here, not in each tab
    from esodbg.app.serve import Served, app_command, free_port  # only serve needs aiohttp

    arguments = ["--lang", language.name]
    if input_text is not None:
        arguments += ["--input", input_text]
    if input_file is not None:
        arguments += ["--input-file", str(input_file.resolve())]
    if max_steps is not None:
        arguments += ["--max-steps", str(max_steps)]
    if no_restore:
        arguments.append("--no-restore")
    if at is not None:
        arguments += ["--at", str(at)]
    for dest, value in options.items():
        flag = "--" + language.option(dest).name
        arguments += [flag] if value is True else [] if value is False else [flag, str(value)]
    if host not in LOOPBACK:
        click.echo(f"esodbg: warning: listening on {host}: anyone who can reach it runs the debugger (there is "
                   f"no login), with your rights to read and write files", err=True)
    try:
        port = port or free_port(host)
    except OSError as error:
        fail(f"cannot listen on {host}: {error.strerror or error}")

    def announce(urls: list[str]) -> None:
        click.echo(f"Serving {file.name} ({language.title}) at {', '.join(urls)}  (Ctrl+C stops)")
        sys.stdout.flush()

    server = Served(app_command(file, arguments), host, port, f"{file.name} · esodbg", announce)
    try:
        server.serve()
    except OSError as error:  # the port is taken, or the address is not this machine's
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}"
             + (" (--port 0 picks a free port)" if error.errno == errno.EADDRINUSE else ""))
    sys.exit(HALTED)


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (columns x rows) → ``(W, H)``; exits 2 if it is not written so."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()):
        fail(f"--size {text!r}: write COLUMNSxROWS (e.g. 120x40)")
    return int(width), int(height)


@main.command(epilog=epilog(RECORD_CODES))
@FILE_ARG
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              metavar="OUT", help="Where to write: OUT.cast (asciicast v2), OUT.svg (an animated SVG) or OUT.gif.")
@click.option("--size", default="120x40", show_default=True, metavar="WxH", help="The screen, in columns x rows.")
@click.option("--steps", type=click.IntRange(min=1), metavar="N", help="Stop after N steps (default: the run's "
              "end; a run still going after a million steps stops there).")
@click.option("--until", "until", multiple=True, metavar="SPEC",
              help="Stop at the first hit of this breakpoint (the specs of exec --break).  Repeatable.")
@click.option("--unit", metavar="NAME", help="A frame per unit of the language's (see `esodbg languages`), "
                                             "not per step.")
@click.option("--frames", type=click.IntRange(min=2), default=300, show_default=True, metavar="N",
              help="At most N frames: a longer run is sampled evenly (its start and its end always in).")
@click.option("--fps", type=click.FloatRange(min=0.1, max=60), metavar="F",
              help="Frames a second when played.  [default: 10; with --keys 1, a key a second]")
@click.option("--speed", type=click.FloatRange(min=0.1, max=100), default=1.0, show_default=True, metavar="X",
              help="Play X times as fast (0.5: half as fast), the last frame's --hold aside; --fps times "
                   "--speed is at most 60 frames a second (50 for a .gif).")
@click.option("--hold", type=click.FloatRange(min=0, max=3600), default=3.0, show_default=True, metavar="SECONDS",
              help="How long the last frame stays on screen.")
@click.option("--loop/--no-loop", default=None, help="Play over and over (the default), or once, ending on the "
                                                     "last frame (.svg and .gif).")
@click.option("--poster", type=click.Choice(["first", "last"]), help="The frame an .svg shows where it does "
              "not play: a viewer without animations, a reader who asked for less motion.  [default: last]")
@click.option("--keys", metavar="KEYS", help='Press these keys instead, a frame after each: the debugger\'s '
                                             'keys, separated by spaces (e.g. "n n b c", "5 n", "enter"); a key '
                                             'is one character or a name (enter, escape, up, f1, ctrl+c…).')
@input_options
@LANG_OPTION
@language_options
def record(file: Path, output: Path, size: str, steps: int | None, until: tuple[str, ...], unit: str | None,
           frames: int, fps: float | None, speed: float, hold: float, loop: bool | None, poster: str | None,
           keys: str | None, input_text: str | None, input_file: Path | None, lang: str | None,
           **values: Any) -> None:
    """Record a run of FILE, played in the debugger's own screen, as an animation: by default
    the run from its start to its end (halt or error), a step a frame.

    OUT's extension chooses the format: .cast (asciicast v2: asciinema's player and site),
    .svg (one self-playing SVG: a README or a browser shows it, no script) or .gif (drawn by
    asciinema's agg).  The program's input is --input / --input-file, else none.

    OUT is written once the recording is complete: Ctrl+C or SIGTERM stops it within a second
    and writes nothing (exit 130; an OUT there before is left as it was).
    """
    screen = parse_size(size)
    suffix = output.suffix.lower()
    if suffix not in (".cast", ".svg", ".gif"):
        fail(f"cannot tell the format from {output.name!r}: name it .cast, .svg or .gif")
    if keys is not None and (steps or until or unit):
        fail("--keys plays the keys given: it goes with none of --steps, --until, --unit")
    if keys is not None and not keys.split():
        fail("--keys: give at least one key")
    if loop is not None and suffix == ".cast":
        fail(f"--{'' if loop else 'no-'}loop: a .cast does not say whether it loops (its player does: "
             "asciinema's --loop); it is for .svg and .gif")
    if poster is not None and suffix != ".svg":
        fail(f"--poster: only an .svg has one (a {suffix} shows its first frame where it does not play)")
    from esodbg.app.record import (DEFAULT_STEPS, MOST_FPS, SCREEN_FPS, GifError, Interrupted, Script, check_keys,
                                   check_target, play, stopping_on_signals, write)

    fps = fps or (1.0 if keys else 10.0)  # a key's frame shows a second: long enough to see what it did
    if fps * speed > (MOST_FPS if suffix == ".gif" else SCREEN_FPS):
        fail(f"--fps times --speed is {fps * speed:g} frames a second: " + (
            f"a GIF shows at most {MOST_FPS} (its delays count hundredths of a second, and browsers slow "
            f"one under 0.02 s down to 0.1 s)" if suffix == ".gif" else f"a screen shows at most {SCREEN_FPS}"))
    language, _ = open_program(file, lang, values)
    level = None
    if unit is not None:
        names = [u.name for u in language.units]
        if unit.lower() not in names:
            fail(f"--unit {unit!r}: {language.title} steps by " + (", ".join(names) if names else "step only"))
        level = names.index(unit.lower())
    preset = preset_input(input_text, input_file, language)
    pressed = tuple(keys.split()) if keys else ()
    try:
        check_keys(pressed)
    except ValueError as error:
        fail(str(error))
    try:
        check_target(output)
    except OSError as error:
        fail(f"cannot write {output}: {error.strerror or error}")
    script = Script(steps, until, level, pressed, frames, fps, speed, hold)

    def progress(taken: int, planned: int) -> None:  # on a terminal only: a log would fill with them
        click.echo(f"\resodbg: recording frame {taken:,} of {planned:,}", err=True, nl=False)

    with stopping_on_signals() as stop:
        try:
            try:
                recording = play(language, file, options_for(language, values), preset or "", script, screen,
                                 progress if sys.stderr.isatty() else None, stop)
            finally:
                if sys.stderr.isatty():
                    click.echo("\r\x1b[K", err=True, nl=False)
            if recording.capped:
                click.echo(f"esodbg: the program was still running after {DEFAULT_STEPS:,} steps: recorded up "
                           f"to there (--steps N records more or fewer)", err=True)
            write(recording, output, loop is not False, poster or "last", stop)
        except ValueError as error:
            fail(str(error))
        except OSError as error:
            fail(f"cannot write {output}: {error.strerror or error}")
        except GifError as error:
            fail(str(error), RUNTIME_ERROR)
        except Interrupted:
            fail(f"interrupted: nothing written{f' ({output} is as it was)' if output.exists() else ''}",
                 INTERRUPTED)
        finally:
            # The process ends with this command: what the recording built (the app, the run's
            # history, the frames) is left to the OS rather than collected object by object at
            # exit, which took 0.5 s after 10,000 steps (and Ctrl+C must end it within 1 s).
            gc.freeze()
    seconds = sum(frame.duration for frame in recording.frames)
    click.echo(f"esodbg: wrote {output}: {plural(len(recording.frames), 'frame')}, {seconds:.1f} s, up to step "
               f"{recording.steps:,}", err=True)


@main.command(epilog=epilog(EDITOR_CODES))
def dap() -> None:
    """Serve the Debug Adapter Protocol on stdin and stdout, for an editor's debugger (VS Code,
    Neovim's nvim-dap, Helix, Emacs): step every language forwards and backwards, breakpoints
    on cells, boards as variables.  Editors start it themselves; set-ups are in docs/editors.md.
    Exits 0 when the editor disconnects, 130 on Ctrl+C or SIGTERM."""
    from esodbg.app.dap import serve  # only the adapter needs it

    sys.exit(serve())


@main.command(epilog=epilog(EDITOR_CODES))
def lsp() -> None:
    """Serve the Language Server Protocol on stdin and stdout, for an editor: diagnostics as you
    type, colours from the grammars, hover that explains the code, outlines.  Editors start it
    themselves; set-ups are in docs/editors.md.  Exits 0 when the editor exits, 130 on Ctrl+C or
    SIGTERM."""
    from esodbg.app.lsp import serve  # only the language server needs pygls

    sys.exit(serve())


@main.command(epilog=epilog(NOTES_CODES))
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def notes(file: Path) -> None:
    """Print the notes pinned to FILE's steps in the debugger (its a key) as Markdown, each with
    the command that opens the run at its step."""
    import json  # only the notes need it

    from esodbg.engines.sessions import session_file

    remembered = session_file(file)
    try:
        data = json.loads(remembered.read_text("utf-8"))
    except FileNotFoundError:
        data = {}
    except (OSError, ValueError) as error:
        fail(f"cannot read the remembered session {remembered}: {error}")
    entries = [entry for entry in data.get("notes", []) if isinstance(entry, dict)] if isinstance(data, dict) else []
    if not entries:
        click.echo(f"esodbg: no notes for {file} (a in the debugger pins one to a step)", err=True)
        return
    import shlex

    lines = [f"# Notes on {file.name}", ""]
    for entry in sorted(entries, key=lambda entry: entry.get("step", 0)):
        at = f" (at {entry['at']})" if entry.get("at") else ""
        lines += [f"- **Step {entry.get('step', 0):,}**{at}: {entry.get('text', '')}",
                  f"  `{shlex.join(['esodbg', 'run', str(file), '--at', str(entry.get('step', 0))])}`"]
    say("\n".join(lines))


@main.command("languages")
def languages_() -> None:
    """List the languages esodbg knows: extensions, options, units of stepping, breakpoint
    kinds, docs page and whether its engine is compiled, of each (languages are plugins: see
    docs/plugins.md)."""
    from esodbg.engines import compiled

    for language in registry.languages():
        say(f"{language.name}  {language.title}  ({' '.join(language.extensions)})")
        say(f"  docs: {language.docs}")
        for ending, rule in language.claims:  # an ending other languages list too: the content decides
            say(f"  {ending}: {(rule.__doc__ or '').strip().splitlines()[0]} (--lang always decides)")
        for other in registry.languages():
            for ending, _ in other.claims if other is not language else ():
                if ending in language.extensions:
                    say(f"  {ending}: unless it is {other.title} by content (see {other.name}; --lang always decides)")
        for option in language.options:
            value = f" {option.metavar or '|'.join(option.choices) or option.type.__name__.upper()}" \
                if option.type is not bool else ""
            say(f"  --{option.name}{value}: {option.help}")
        units = ", ".join(f"{unit.name} ({unit.key}/{unit.key.upper()})" for unit in language.units)
        say(f"  stepping: step (n/N){', ' + units if units else ''}")
        for export in language.exports:
            say(f"  --{export.name} FILE (exec): {export.help}")
        say(f"  breakpoints stop at: {', '.join(language.breakpoint_kinds)}"
                   f"{'' if language.reads_input else '; programs read no input'}")
        running = compiled.running(language.implementation.rpartition(".")[0] + ".")
        say(f"  engine: {'compiled (' + ', '.join(m.rpartition('.')[2] for m in running) + ')' if running else 'pure Python'}")


def reattach_terminal() -> None:
    """After reading piped stdin, take keyboard input from the terminal again."""
    try:
        tty = os.open("/dev/tty", os.O_RDONLY)
    except OSError:
        fail("stdin was piped and there is no terminal to read keys from; use --input-file")
    os.dup2(tty, 0)
    sys.stdin = io.TextIOWrapper(io.FileIO(0, closefd=False), encoding="utf-8")


def interrupt_again(unraisable: Any, default=sys.unraisablehook) -> None:
    """``sys.unraisablehook``: a KeyboardInterrupt raised where Python cannot raise (a weakref
    callback, a ``__del__``, the garbage collector, all of which run inside imports and parsing) is
    printed and dropped, and the command would go on as if no signal had come; deliver it again
    to the main thread, where it ends the command as every other Ctrl+C and SIGTERM does.  Sent
    from another thread a moment later: sent from here, the handler would run at once, inside
    the same callback (and a ``threading.Thread`` would wait here for its start)."""
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        _thread.start_new_thread(redeliver, ())
    else:
        default(unraisable)


def redeliver() -> None:
    """Ctrl+C again, once :func:`interrupt_again` has returned from where it was dropped."""
    time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGINT)


def entry() -> None:
    """The ``esodbg`` command: :func:`main` with Ctrl+C or SIGTERM anywhere — while reading,
    parsing or typing a big program — exiting 130 with a word, rather than with click's
    "Aborted!" and 1 or, for SIGTERM, killed by it.  Commands that run long catch them their own
    way (exec's run stops between two steps; run, lsp and serve quit as they quit)."""
    # SIGINT may come ignored (inherited from a shell that started esodbg in the background, nohup,
    # a CI runner or an editor's test panel): Ctrl+C and `kill -INT` must work anyway.
    for sig in SIGNALS:
        signal.signal(sig, signal.default_int_handler)
    sys.unraisablehook = interrupt_again
    try:
        main(standalone_mode=False)
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("esodbg: interrupted", err=True)
        # Exit now, not through the interpreter's teardown: a huge program half parsed is millions
        # of objects, and freeing them one by one takes tenths of the second Ctrl+C has.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):  # a reader gone, a stream closed
                stream.flush()
        os._exit(INTERRUPTED)
    except click.exceptions.Exit as done:  # --help, --version
        sys.exit(done.exit_code)
    except click.ClickException as error:  # bad usage
        error.show()
        sys.exit(error.exit_code)
