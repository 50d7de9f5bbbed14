"""``esodbg dap``: a Debug Adapter Protocol server, one program per session, over stdio.

The adapter is a thin listener on the core's :class:`~esodbg.engines.controller.Controller`
(design.md, "Front ends on one controller"), knows no language (every one through its
:class:`~esodbg.engines.language.Language`), and answers every request — a bad one with
``success: false`` and a message that says what was wrong — without ever ending for it.

Requests are read on a thread of their own and answered one at a time on the main thread.  A
launch (or restart) reads and parses its program on a third thread, so that a request that comes
meanwhile, ``disconnect`` above all, is answered at once.  What moves the program (continue, the
steps, goto…) is answered at once and runs on the controller's worker, which sends the ``output``, ``stopped``,
``exited`` and ``terminated`` events; while it runs, requests that read the state are refused
(``pause`` first), and breakpoints sent meanwhile take effect in the running continue.  A
variable's history (``evaluate`` of ``history LOCATION``: :mod:`.history`) runs on a thread of
its own, over a session of its own, and is answered when it is done (``cancel`` ends it early).

One thread (id 1) and one program, as ``esodbg run`` has.  What each request does is in
``docs/editors.md``; the stop reasons are DAP's: ``entry``, ``step``, ``breakpoint``, ``function
breakpoint``, ``data breakpoint``, ``pause``, ``goto``, ``exception`` (a runtime error).
"""

from __future__ import annotations

import queue
import re
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any, Callable

from esodbg.engines import registry
from esodbg.engines.base import CellRef, CodeRef, Location, ParseError, Status, Stop
from esodbg.engines.breakpoints import DataRef, LogEntry, RowRef
from esodbg.engines.controller import Busy, Controller, Listener
from esodbg.engines.debugger import Outcome, Session
from esodbg.engines.expressions import EvaluationError, ExpressionError
from esodbg.engines.language import Language

from .. import exitcodes
from ..files import MAX_FILE, LoadError, frozen_after, read_program, read_text
from ..positions import Positions
from ..wire import SURROGATE, FramingError, Reader
from .breakpoints import TEXT_POSITION, EditorBreakpoints, RequestError, all_filters, all_modes, filters, modes
from .history import PREFIX as HISTORY
from .history import Cancelled, History, children, history
from .protocol import Writer
from .variables import Variables

THREAD = 1
CAPABILITIES = {
    "supportsConfigurationDoneRequest": True, "supportsFunctionBreakpoints": True,
    "supportsConditionalBreakpoints": True, "supportsHitConditionalBreakpoints": True,
    "supportsEvaluateForHovers": True, "supportsStepBack": True, "supportsRestartRequest": True,
    "supportsGotoTargetsRequest": True, "supportsExceptionInfoRequest": True, "supportsTerminateRequest": True,
    "supportsLogPoints": True, "supportsDataBreakpoints": True, "supportsBreakpointLocationsRequest": True,
    "supportsSteppingGranularity": True, "supportsExceptionFilterOptions": True, "supportsCancelRequest": True,
}  # and every language's filters and modes (do_initialize); the launched language's own in a capabilities event
# The launch arguments of every language, with their types (docs/editors.md); the language's own
# options come in "options", under the names the CLI gives them.  Other keys are ignored: an
# editor adds its own (CLIENT_KEYS, and any others).
LAUNCH = {"program": str, "lang": str, "stopOnEntry": bool, "stopAtEnd": bool, "stdin": str, "stdinFile": str,
          "noDebug": bool, "maxSteps": int, "options": dict}
# What DAP and the clients we tried put in a launch beside a configuration's own keys: VS Code
# sends the configuration's type, request and name, __sessionId and __configurationTarget;
# nvim-dap the configuration as it is (type, request, name); DAP's restart __restart.  Never read
# as a language's option (Tic Tac Toe Grow has one called name) at the top of a launch, where
# launches before "options" gave the options.
CLIENT_KEYS = frozenset({"type", "request", "name", "__sessionId", "__configurationTarget", "__restart"})
PROGRESS_AFTER, PROGRESS_EVERY = 0.5, 0.25  # seconds: a history's progress shown after, updated at most every
GOTO = re.compile(r"\s*goto\s+([+-]?)([\d_,]+)\s*\Z")  # the Debug Console's "goto N", "goto +N", "goto -N"


class _Launch:
    """A launched program: what ``launch`` asked for and what it made."""

    def __init__(self, args: dict, language: Language, path: Path, text: str, program: Any, input_text: str) -> None:
        self.args, self.language, self.path = args, language, path
        self.text, self.program, self.input_text = text, program, input_text
        self.stop_on_entry = bool(args.get("stopOnEntry"))
        self.no_debug = bool(args.get("noDebug"))
        self.stop_at_end = bool(args.get("stopAtEnd"))
        self.max_steps: int | None = args.get("maxSteps")
        self.session: Session | None = None

    @property
    def source(self) -> dict:
        return {"name": self.path.name, "path": str(self.path)}


class Server(Listener):
    """Serves one editor over ``reader``/``writer`` (see the module docstring)."""

    def __init__(self, reader: Reader, writer: Writer) -> None:
        self.reader, self.writer = reader, writer
        self.client: dict = {}  # the initialize request's arguments
        self.launched: _Launch | None = None
        self.controller: Controller | None = None
        self.breakpoints: EditorBreakpoints | None = None
        self.variables: Variables | None = None
        self.positions: Positions | None = None
        self.ended = False  # terminated was sent
        self.done = False  # disconnect came: serve returns
        self._moving = "step"  # the kind of the operation under way, for its stop reason
        self._from = Status.READY  # the machine's status when it began
        self._goto: list[tuple[Location, bool]] = []  # the targets of the last gotoTargets (forwards?)
        self._end_sent = threading.Lock()
        self._inbox: queue.Queue = queue.Queue()  # messages read, reading errors, loads finished: in order
        self._loading: tuple[int, str] | None = None  # the launch or restart whose program is being read
        self._later: dict[int, _Later] = {}  # requests answered when their work on a thread of its own is done

    # ----- the loop ---------------------------------------------------------------------------
    def serve(self) -> int:
        """Answer requests until ``disconnect`` or the end of input; returns the process's exit
        code (0).  Ctrl+C or SIGTERM raises ``KeyboardInterrupt`` out of it (``esodbg``'s
        entry exits 130)."""
        threading.Thread(target=self._receive, name="esodbg dap reader", daemon=True).start()
        try:
            while not self.done:
                item = self._inbox.get()
                if item is EOFError:
                    break
                if isinstance(item, FramingError):
                    self.writer.response(0, "", error=f"cannot read this message: {item}")
                elif isinstance(item, _Loaded):
                    self._loaded(item)
                elif isinstance(item, _Done):
                    self._done(item)
                else:
                    self.handle(item)
        finally:  # however it ends: no worker left writing to stdout while the interpreter shuts down
            self._cancel_later()
            if self.controller is not None:
                self.controller.interrupt()
                self.controller.wait(2)
        return 0

    def _receive(self) -> None:
        """The reader thread: every message, or why it could not be read, into the inbox."""
        while True:
            try:
                self._inbox.put(self.reader.read())
            except FramingError as error:
                self._inbox.put(error)
            except (EOFError, OSError, ValueError):  # the end, or the stream closed under it
                self._inbox.put(EOFError)
                return

    def handle(self, message: Any) -> None:
        """Answer one message: a request gets exactly one response, whatever it holds."""
        if not isinstance(message, dict):
            self.writer.response(0, "", error=f"a message is a JSON object, not {type(message).__name__}")
            return
        seq = message.get("seq") if isinstance(message.get("seq"), int) else 0
        command = message.get("command") if isinstance(message.get("command"), str) else ""
        if message.get("type") != "request":
            if message.get("type") != "response":  # a response to a reverse request we never send: ignore
                self.writer.response(seq, command, error=f"expected a request, not a message of type "
                                                         f"{message.get('type')!r}")
            return
        handler = getattr(self, "do_" + command, None) if command.isidentifier() else None
        if handler is None:
            self.writer.response(seq, command, error=f"unknown request {command!r}" if command else
                                 "a request needs a command")
            return
        args = message.get("arguments", {})
        if not isinstance(args, dict):
            self.writer.response(seq, command, error="arguments must be a JSON object")
            return
        if _lone_surrogate(args):
            self.writer.response(seq, command, error="the arguments hold a lone surrogate (a \\ud800 escape alone), "
                                                     "which no text has")
            return
        self._answer(seq, command, lambda: handler(args))

    def _answer(self, seq: int, command: str, handler: Callable[[], Any]) -> None:
        """Run ``handler`` and answer request ``seq`` with what it returns: a body, a
        :class:`_Then` (answered, then done), a :class:`_Load` (answered when the program is
        read); or with the error it raises."""
        try:
            body = handler()
        except RequestError as error:
            self.writer.response(seq, command, error=str(error), show=command in ("launch", "restart"))
            return
        except Busy as error:
            self.writer.response(seq, command, error=str(error))
            return
        except Exception as error:  # a bug of ours: answer, say it on stderr, go on
            self._internal(command, error)
            self.writer.response(seq, command, error=f"internal error in esodbg: {error!r}")
            return
        if isinstance(body, _Later):
            body.seq = seq
            self._later[seq] = body
            threading.Thread(target=self._work_later, args=(body, command), name=f"esodbg dap {command}",
                             daemon=True).start()
            return
        if isinstance(body, _Load):
            self._loading = (seq, command)
            threading.Thread(target=self._read_program, args=(body, seq, command), name="esodbg dap loader",
                             daemon=True).start()
            return
        if not isinstance(body, _Then):
            self.writer.response(seq, command, body)
            return
        self.writer.response(seq, command, body.body)
        try:
            body.then()
        except Busy:  # a request that raced a move the editor had not heard of yet
            self.writer.event("output", {"category": "important", "output": f"esodbg: {command}: the program is "
                                                                              "running: pause it first\n"})
        except Exception as error:
            self._internal(command, error)
            self.writer.event("output", {"category": "important", "output": f"esodbg: {command}: internal error: "
                                                                              f"{error!r}\n"})

    def _read_program(self, load: _Load, seq: int, command: str) -> None:
        """The loader thread: read and parse what ``load`` asks, and hand the result to the loop."""
        try:
            result: _Launch | Exception = self._read(load)
        except Exception as error:  # RequestError, or a bug of ours: the loop answers it
            result = error
        self._inbox.put(_Loaded(load, seq, command, result))

    def _loaded(self, loaded: _Loaded) -> None:
        """On the loop: a program read for launch or restart; answer the request (unless
        ``disconnect`` came first and answered it)."""
        if self._loading != (loaded.seq, loaded.command):
            return
        self._loading = None

        def finish() -> Any:
            if isinstance(loaded.result, Exception):
                raise loaded.result
            return loaded.load.then(loaded.result)
        self._answer(loaded.seq, loaded.command, finish)

    def _work_later(self, later: _Later, command: str) -> None:
        """A thread of its own: ``later``'s work, its result (or error) handed to the loop."""
        try:
            result = later.work(later)
        except Exception as error:  # RequestError, Cancelled, or a bug of ours: the loop answers it
            result = error
        self._inbox.put(_Done(later, command, result))

    def _done(self, done: _Done) -> None:
        """On the loop: the work of a request answered later is done; answer it."""
        later = done.later
        if self._later.pop(later.seq, None) is None:
            return  # answered already (disconnect)

        def finish() -> Any:
            if isinstance(done.result, Cancelled):
                raise RequestError("cancelled")
            if isinstance(done.result, Exception):
                raise done.result
            return later.finish(done.result)
        self._answer(later.seq, done.command, finish)

    def _cancel_later(self) -> None:
        """Every request still at work: cancelled (the program moves, restart, terminate, disconnect)."""
        for later in list(self._later.values()):
            later.cancel.set()

    @staticmethod
    def _internal(command: str, error: Exception) -> None:
        """A bug of ours, told on stderr (the editor's adapter log), with its traceback."""
        print(f"esodbg dap: {command}: internal error", file=sys.stderr)
        traceback.print_exception(error, file=sys.stderr)

    # ----- helpers ----------------------------------------------------------------------------
    def _session(self, idle: bool = True) -> Session:
        """The session, or RequestError before launch; with ``idle``, Busy while running."""
        if self._loading is not None:
            raise RequestError("the program is still being read: wait for the answer to launch")
        if self.controller is None:
            raise RequestError("no program: send launch first")
        if self.ended:
            raise RequestError("the program has ended: restart it, or start a new session")
        if idle and self.controller.running:
            raise Busy()
        return self.controller.session

    def _start(self, kind: str, operation: Callable) -> None:
        """Run ``operation`` on the worker (its stop is reported as ``kind``: continue, step, back,
        reverse, goto)."""
        self._moving, self._from = kind, self.controller.session.machine.status
        self.variables.clear()
        self._cancel_later()  # a history up to the step it was asked at: the editor asks again at the next stop
        self.controller.start(operation)

    @staticmethod
    def _thread(args: dict) -> None:
        thread = args.get("threadId", THREAD)
        if thread != THREAD:
            raise RequestError(f"no thread {thread!r}: there is one, thread {THREAD}")

    # ----- life cycle -------------------------------------------------------------------------
    def do_initialize(self, args: dict) -> dict:
        self.client = args
        languages = registry.languages()
        return {**CAPABILITIES, "exceptionBreakpointFilters": all_filters(languages),
                "breakpointModes": all_modes(languages)}

    def do_launch(self, args: dict) -> _Load:
        if self.controller is not None and not self.ended:
            raise RequestError("a program is already being debugged (one program a session)")

        def then(launch: _Launch) -> _Then:
            self._begin(launch)

            def announce() -> None:
                self.writer.event("capabilities", {"capabilities": {
                    "exceptionBreakpointFilters": filters(launch.language), "breakpointModes": modes(launch.language)}})
                self.writer.event("initialized")
            return _Then(None, announce)
        return self._load(args, then)

    def do_attach(self, args: dict) -> None:
        raise RequestError("esodbg cannot attach: use a launch configuration")

    def _load(self, args: dict, then: Callable[[_Launch], Any]) -> _Load:
        """Check ``args`` (RequestError saying what is wrong) for a program to be read off the
        loop; ``then`` takes the program read, on the loop, and gives the request's answer."""
        if self._loading is not None:
            raise RequestError("a program is already being read: wait for the answer to launch or restart")
        program = args.get("program")
        if not isinstance(program, str) or not program:
            raise RequestError("launch needs 'program': the path of the program to debug")
        for key, kind in LAUNCH.items():
            if key in args and type(args[key]) is not kind:
                what = {int: "a whole number", dict: "an object"}.get(kind, f"a {kind.__name__}")
                raise RequestError(f"'{key}' must be {what}")
        if args.get("maxSteps", 1) < 1:
            raise RequestError("'maxSteps' must be a whole number of steps, at least 1")
        path = _path(program, "program")
        lang = args.get("lang")
        try:
            language = registry.by_name(lang) if lang else registry.for_file(path)
        except KeyError:
            language = None
        if language is None:
            known = ", ".join(language.name for language in registry.languages())
            raise RequestError(f"{'no language ' + repr(lang) if lang else f'cannot tell the language of {path}'}"
                               f" (the languages are: {known}; set 'lang')")
        options = self._options(args, language)
        if "stdin" in args and "stdinFile" in args:
            raise RequestError("give 'stdin' or 'stdinFile', not both")
        stdin_file = _path(args["stdinFile"], "stdinFile") if "stdinFile" in args else None
        return _Load(args, language, path, options, stdin_file, then)

    @staticmethod
    def _read(load: _Load) -> _Launch:
        """Read and parse the program ``load`` asks for (RequestError saying what is wrong); on the
        loader thread.  Only regular files of at most MAX_FILE bytes are read."""
        language, path = load.language, load.path
        # As the debugger loads a program: no collections meanwhile, and what it built kept out of
        # later ones.  A collection walking a 1 MB program's objects held the interpreter lock a
        # tenth of a second, and the request loop's answers waited (issue 44).
        with frozen_after():
            try:
                input_text = load.args.get("stdin", "")
                if load.stdin_file is not None:
                    input_text = read_text(load.stdin_file, "input file", limit=MAX_FILE)
                text = read_program(path, language, MAX_FILE)
                parsed = language.parse(text, str(path), load.options)
            except LoadError as error:
                raise RequestError(str(error)) from None
            except ParseError as error:
                raise RequestError("\n".join(f"{d.file}:{d.line}:{d.col}: {d.message}" for d in error.diagnostics)) \
                    from None
            except ValueError as error:  # an option's value the language refuses (a max-depth below 0)
                raise RequestError(f"'options': {error}") from None
            launch = _Launch(load.args, language, path, text, parsed, input_text)
            # The session too, off the loop: a 1 MB program's machine takes seconds to build (issue 44).
            launch.session = Session(language, parsed, input_text, True, launch.max_steps)
        return launch

    @staticmethod
    def _options(args: dict, language: Language) -> dict:
        """The language's own options, under the names the CLI uses (``max-depth``): those in
        ``args["options"]``, and (as launches before it gave them) those at the top of ``args``
        but the keys clients use there (``name``)."""
        mine = {option.name: option for option in language.options}
        given = dict(args.get("options", {}))
        for key, value in args.items():
            if key in mine and key not in CLIENT_KEYS:
                if key in given:
                    raise RequestError(f"'{key}' is given twice: give it in 'options' only")
                given[key] = value
        values = {}
        for key, value in given.items():
            option = mine.get(key)
            if option is None:
                theirs = ", ".join(mine) or "none"
                raise RequestError(f"'options': {key!r} is not an option of {language.title} (its options: {theirs}; "
                                   "see `esodbg languages`)")
            kind = option.type
            if kind is str and type(value) is int and option.choices:  # "cell-size": 16, as "16"
                value = str(value)
            if kind is bool and type(value) is not bool or kind is int and type(value) is not int \
                    or kind is str and not isinstance(value, str):
                what = {bool: "boolean", int: "whole number"}.get(kind, "string")
                raise RequestError(f"'{key}' must be a {what}")
            if option.choices and value.lower() not in option.choices:
                raise RequestError(f"'{key}' is one of: {', '.join(option.choices)}")
            values[option.dest] = value.lower() if option.choices else value
        return values

    def _begin(self, launch: _Launch, keep: EditorBreakpoints | None = None) -> None:
        """A new session on ``launch`` (keeping the editor's breakpoints ``keep`` across a restart)."""
        session = launch.session  # built on the loader thread (_read)
        self.launched = launch
        self.positions = Positions(launch.text, self.client.get("linesStartAt1", True) is not False,
                                   self.client.get("columnsStartAt1", True) is not False, bom_hidden=True)
        self.breakpoints = EditorBreakpoints(launch.language, launch.program, session.names.keys(), self.positions,
                                             launch.source)
        if keep is not None:
            self.breakpoints.sets = keep.sets
            self.breakpoints._ids = keep._ids
            self.breakpoints._rows = keep._rows
        self.variables = Variables(session)
        self.controller = Controller(session, self)
        self.ended, self._goto = False, []
        if not launch.no_debug:
            self.breakpoints.apply(session)

    def do_configurationDone(self, args: dict) -> _Then:
        self._session()
        return _Then(None, self._go)

    def _go(self) -> None:
        """The program starts: stopped at its entry, or running."""
        if self.launched.stop_on_entry and not self.launched.no_debug:
            self.writer.event("stopped", {"reason": "entry", "threadId": THREAD, "allThreadsStopped": True,
                                          "description": "Paused at step 0"})
        else:
            self._start("continue", lambda s, cancel, progress: s.continue_(cancel, progress))

    def do_disconnect(self, args: dict) -> None:
        if self._loading is not None:  # its program never came (a slow disk): the launch is answered, then this
            seq, command = self._loading
            self._loading = None
            self.writer.response(seq, command, error="disconnected before the program was read")
        self._cancel_later()
        if self.controller is not None:
            self.controller.interrupt()
            self.controller.wait(5)
        self.done = True

    def do_cancel(self, args: dict) -> None:
        """Cancel a request still at work (a history: its ``requestId``, or its progress's
        ``progressId``); it is answered with the error ``cancelled``.  Any other request is
        answered already, or soon: nothing to do."""
        request, progress = args.get("requestId"), args.get("progressId")
        for later in list(self._later.values()):
            if request is not None and later.seq == request or progress is not None and later.progress == progress:
                later.cancel.set()

    def do_terminate(self, args: dict) -> _Then:
        self._session(idle=False)
        self._cancel_later()
        self.controller.interrupt()
        self.controller.wait(5)
        return _Then(None, lambda: self._end(None))

    def do_restart(self, args: dict) -> _Load:
        """Start again at step 0 with the breakpoints, on the program file as it is now (it may
        have been edited) and the launch configuration ``arguments`` if the editor sends it; a
        program that no longer parses fails the request and the session goes on as it was."""
        if self.launched is None:
            raise RequestError("no program: send launch first")
        new = args.get("arguments")
        if new is not None and not isinstance(new, dict):
            raise RequestError("restart's arguments are a launch configuration (a JSON object)")

        def then(launch: _Launch) -> _Then:
            self._cancel_later()
            if self.controller is not None:
                self.controller.interrupt()
                self.controller.wait(5)
            keep = self.breakpoints
            self._begin(launch, keep)

            def again() -> None:
                source = launch.source
                for item in self.breakpoints.sets["source"]:
                    span = self.breakpoints.span_of(item.at)
                    body = {"id": item.id, "verified": True}
                    if span is not None:
                        body.update(self.positions.span_out(span), source=source)
                    self.writer.event("breakpoint", {"reason": "changed", "breakpoint": body})
                self._go()
            return _Then(None, again)
        # The file is read again: it may have been edited.
        return self._load(new if new is not None else self.launched.args, then)

    # ----- breakpoints ------------------------------------------------------------------------
    def _program_source(self, args: dict) -> dict:
        source = args.get("source")
        if not isinstance(source, dict):
            raise RequestError("'source' is missing: {path: the program's path}")
        path = source.get("path")
        try:
            if not isinstance(path, str) or _path(path, "source") != self.launched.path:
                return {}
        except RequestError:  # a name no file has is not the program's
            return {}
        return self.launched.source

    def do_setBreakpoints(self, args: dict) -> dict:
        self._session(idle=False)
        items = args.get("breakpoints")
        if items is None:  # the deprecated form: lines only
            lines = args.get("lines", [])
            if not isinstance(lines, list):
                raise RequestError("'lines' must be a list")
            items = [{"line": line} for line in lines if isinstance(line, int)]
        if not isinstance(items, list):
            raise RequestError("the breakpoints must be a list")
        if not self._program_source(args):
            return {"breakpoints": [{"verified": False, "message": f"not the program being debugged "
                                                                   f"({self.launched.path})"} for _ in items]}
        return self._set(items, self.breakpoints.set_source)

    def do_setFunctionBreakpoints(self, args: dict) -> dict:
        session = self._session(idle=False)
        return self._set(args.get("breakpoints"), lambda items: self.breakpoints.set_function(items, session))

    def do_setDataBreakpoints(self, args: dict) -> dict:
        session = self._session(idle=False)
        return self._set(args.get("breakpoints"), lambda items: self.breakpoints.set_data(items, session))

    def do_setExceptionBreakpoints(self, args: dict) -> dict:
        self._session(idle=False)
        names, options = args.get("filters", []), args.get("filterOptions", [])
        if not isinstance(names, list):
            raise RequestError("'filters' must be a list")
        return self._set(options, lambda items: self.breakpoints.set_exceptions(names, items))

    def _set(self, items: Any, replace: Callable[[list], list[dict]]) -> dict:
        """One of the editor's sets of breakpoints replaced by ``items`` (a list): the answers,
        and the session's breakpoints made theirs, now or between two chunks of a run."""
        if not isinstance(items, list):
            raise RequestError("the breakpoints must be a list")
        answers = replace(items)
        if not self.launched.no_debug:
            self.controller.configure(self.breakpoints.apply)
        return {"breakpoints": answers}

    def do_breakpointLocations(self, args: dict) -> dict:
        self._session(idle=False)
        if not self._program_source(args):
            return {"breakpoints": []}
        line = args.get("line")
        if not isinstance(line, int):
            raise RequestError("'line' must be an integer")
        first = self.positions.line_in(line)
        end = self.positions.line_in(args["endLine"]) if isinstance(args.get("endLine"), int) else first
        places = self.breakpoints.on_line
        return {"breakpoints": [self.positions.span_out(span) for line in range(first, min(end, len(self.positions.lines)) + 1)
                                for span, _ in places(line)]}

    def do_dataBreakpointInfo(self, args: dict) -> dict:
        session = self._session()
        name = args.get("name")
        if not isinstance(name, str):
            raise RequestError("'name' must be a string")
        reference = args.get("variablesReference")
        if isinstance(reference, int):
            location = self.variables.data_location(reference, name)
        else:
            try:
                location = session.language.data_location(name)
                session.language.data(session.machine, location)
            except ValueError:
                location = None
        if location is None:
            return {"dataId": None, "description": f"{name} is not a data location that can be watched"}
        return {"dataId": location, "description": f"{location}: stop after a step that changes it",
                "accessTypes": ["write"], "canPersist": True}

    # ----- moving -------------------------------------------------------------------------------
    def _unit(self, request: str, args: dict) -> int | None:
        """The language's unit for ``request`` (``next``, ``stepOut``), or ``None``: one step.
        ``granularity: instruction`` always steps one step."""
        if args.get("granularity") == "instruction":
            return None
        units = self.launched.language.units
        return next((level for level, unit in enumerate(units) if unit.request == request), None)

    def do_continue(self, args: dict) -> _Then:
        self._thread(args)
        self._session()
        return _Then({"allThreadsContinued": True},
                     lambda: self._start("continue", lambda s, cancel, progress: s.continue_(cancel, progress)))

    def _step(self, request: str, args: dict) -> _Then:
        self._thread(args)
        self._session()
        unit = self._unit(request, args)
        return _Then(None, lambda: self._start("step", lambda s, cancel, progress: s.step(1, unit, cancel, progress)))

    def do_next(self, args: dict) -> _Then:
        return self._step("next", args)

    def do_stepIn(self, args: dict) -> _Then:
        return self._step("stepIn", args)

    def do_stepOut(self, args: dict) -> _Then:
        return self._step("stepOut", args)

    def do_stepBack(self, args: dict) -> _Then:
        """The reverse of ``next``."""
        self._thread(args)
        self._session()
        unit = self._unit("next", args)
        return _Then(None, lambda: self._start("back", lambda s, cancel, progress: s.step_back(1, unit)))

    def do_reverseContinue(self, args: dict) -> _Then:
        self._thread(args)
        self._session()
        return _Then(None, lambda: self._start("reverse", lambda s, cancel, progress: s.reverse_continue(cancel)))

    def do_pause(self, args: dict) -> None:
        self._thread(args)
        self._session(idle=False)
        self.controller.interrupt()  # the run stops within milliseconds and says "pause"

    def do_gotoTargets(self, args: dict) -> dict:
        self._session()
        line = args.get("line")
        if not isinstance(line, int):
            raise RequestError("'line' must be an integer")
        if not self._program_source(args):
            return {"targets": []}
        ours = self.positions.line_in(line)
        column = args.get("column")
        place = self.breakpoints.place(ours, self.positions.column_in(ours, column) if isinstance(column, int) else None)
        if isinstance(place, str):
            raise RequestError(place)
        span, at = place
        text = _text(self.launched.text, span)
        where = self.launched.language.where(at) + (f" {text}" if text else "")
        self._goto = [(at, True), (at, False)]
        position = self.positions.span_out(span)
        return {"targets": [{"id": 1, "label": f"forwards to the next arrival at {where}", **position},
                            {"id": 2, "label": f"backwards to the last arrival at {where}", **position}]}

    def do_goto(self, args: dict) -> _Then:
        self._thread(args)
        self._session()
        target = args.get("targetId")
        if not isinstance(target, int) or not 0 < target <= len(self._goto):
            raise RequestError(f"no goto target {target!r}: ask gotoTargets first")
        at, forwards = self._goto[target - 1]
        return _Then(None, lambda: self._start("goto", _travel(at, forwards)))

    # ----- the state ----------------------------------------------------------------------------
    def do_threads(self, args: dict) -> dict:
        name = f"{self.launched.path.name} ({self.launched.language.title})" if self.launched else "esodbg"
        return {"threads": [{"id": THREAD, "name": name}]}

    def do_stackTrace(self, args: dict) -> dict:
        self._thread(args)
        session = self._session()
        language, source = session.language, self.launched.source
        frames = []
        for i, frame in enumerate(language.frames(session.machine)):
            out: dict[str, Any] = {"id": i + 1, "name": frame.name}
            if frame.span is not None:
                out.update(self.positions.span_out(frame.span), source=source)
            else:
                out.update(line=0, column=0)
            frames.append(out)
        frames[0]["name"] += f" · step {session.steps:,}"
        start = args.get("startFrame") if isinstance(args.get("startFrame"), int) else 0
        levels = args.get("levels") if isinstance(args.get("levels"), int) and args["levels"] > 0 else None
        return {"stackFrames": frames[start:start + levels if levels else None], "totalFrames": len(frames)}

    def do_scopes(self, args: dict) -> dict:
        self._session()
        if not isinstance(args.get("frameId"), int):
            raise RequestError("'frameId' must be an integer")
        return {"scopes": self.variables.scopes()}

    def do_variables(self, args: dict) -> dict:
        self._session()
        reference = args.get("variablesReference")
        ref = self.variables.get(reference) if isinstance(reference, int) else None
        if ref is None:
            raise RequestError(f"no variables {reference!r} (references last while the program stays stopped)")
        start = args.get("start") if isinstance(args.get("start"), int) and args["start"] >= 0 else 0
        count = args.get("count") if isinstance(args.get("count"), int) and args["count"] > 0 else None
        return {"variables": ref.children(start, count)}

    def do_evaluate(self, args: dict) -> dict | _Then | _Later:
        session = self._session()
        text = args.get("expression")
        if not isinstance(text, str):
            raise RequestError("'expression' must be a string")
        found = HISTORY.match(text)
        if found is not None:  # a variable's history, every change up to now
            return self._history(session, found.group(1))
        goto = GOTO.match(text) if args.get("context") == "repl" else None
        if goto is not None:  # the Debug Console's way to go to a step
            sign, number = goto.group(1), int(goto.group(2).replace("_", "").replace(",", "") or 0)
            step = session.steps + number if sign == "+" else session.steps - number if sign else number
            return _Then({"result": f"going to step {max(step, 0):,}", "variablesReference": 0},
                         lambda: self._start("goto", lambda s, cancel, progress: s.goto(step, cancel)))
        try:
            value = session.evaluate(text)
        except (ExpressionError, EvaluationError) as error:
            # A data location (a board cell's name: space(5,0), mem[0,0,E]), what the Variables
            # view gives as evaluateName; or, hovering the text, the cell under the pointer.
            found = self._data_value(session, text) or self._hovered(session, args)
            if found is None:
                raise RequestError(str(error)) from None
            text, value = found
        variable = self.variables.variable(text, value, text)
        result = {"result": variable["value"], "variablesReference": variable["variablesReference"]}
        for key in ("indexedVariables", "namedVariables"):
            if key in variable:
                result[key] = variable[key]
        return result

    def _history(self, session: Session, location: str) -> _Later:
        """``history LOCATION``: the changes of a data location from step 0 to the step the
        session is at, gathered on a thread of its own in a fresh session (the user's is only
        read here, on the loop), with a progress the editor can cancel if it takes long; answered
        as ``LOCATION: N changes up to step S`` that expands into the changes (:mod:`.history`)."""
        language, program, upto = session.language, session.program, session.steps
        text, closed = session.preset_input
        progressing = bool(self.client.get("supportsProgressReporting"))

        def work(later: _Later) -> History:
            began, shown = time.monotonic(), [0.0]

            def progress(step: int) -> None:  # the editor shows a long one, with a Cancel button
                now = time.monotonic()
                if not progressing or now - began < PROGRESS_AFTER or now - shown[0] < PROGRESS_EVERY:
                    return
                percentage = min(99, step * 100 // max(upto, 1))
                if later.progress is None:
                    later.progress = f"history-{later.seq}"
                    self.writer.event("progressStart", {"progressId": later.progress, "requestId": later.seq,
                                                        "title": f"History of {location}", "cancellable": True,
                                                        "message": f"up to step {upto:,}", "percentage": percentage})
                else:
                    self.writer.event("progressUpdate", {"progressId": later.progress, "percentage": percentage,
                                                         "message": f"step {step:,} of {upto:,}"})
                shown[0] = now
            try:
                return history(language, program, text, closed, location, upto, cancel=later.cancel,
                               progress=progress)
            except ValueError as error:
                raise RequestError(f"history {location}: {error}") from None
            finally:
                if later.progress is not None:
                    self.writer.event("progressEnd", {"progressId": later.progress})

        def finish(found: History) -> dict:
            reference = self.variables.listing(lambda start, count: children(found, start, count))
            return {"result": found.summary, "variablesReference": reference if found.changes else 0,
                    **({"indexedVariables": len(found.changes)} if found.changes else {})}
        return _Later(work, finish)

    @staticmethod
    def _data_value(session: Session, text: str) -> tuple[str, Any] | None:
        """``(location, value)`` if ``text`` is a data location of the program, else ``None``."""
        try:
            location = session.language.data_location(text)
            return location, session.language.data(session.machine, location)()
        except (ValueError, LookupError, TypeError):
            return None

    def _hovered(self, session: Session, args: dict) -> tuple[str, Any] | None:
        """On hover (``context: hover`` with the pointer's ``line`` and ``column``, as DAP 1.66
        gives them, or the expression ``LINE:COLUMN``): the value of the cell written there, by
        its data location, if it has one."""
        line, column = args.get("line"), args.get("column")
        if args.get("context") != "hover":
            return None
        position = TEXT_POSITION.match(args.get("expression", ""))
        if position is not None:  # LINE:COLUMN, what the VS Code extension's hover asks (extension.js)
            line, column = int(position.group(1)), int(position.group(2))
        if not isinstance(line, int) or not isinstance(column, int):
            return None
        ours = self.positions.line_in(line)
        if not 1 <= ours <= len(self.positions.lines):
            return None
        col = self.positions.column_in(ours, column)
        at = next((at for span, at in self.breakpoints.on_line(ours) if span.col <= col < span.end_col), None)
        name = session.language.data_at(at) if isinstance(at, CellRef) else None
        return self._data_value(session, name) if name else None

    def do_exceptionInfo(self, args: dict) -> dict:
        self._thread(args)
        fault = self._session().machine.fault
        if fault is None:
            raise RequestError("the program is not stopped at a runtime error")
        where = f" at {fault.span.line}:{fault.span.col}" if fault.span else ""
        return {"exceptionId": "runtime error", "description": fault.message, "breakMode": "always",
                "details": {"message": fault.message, "typeName": "runtime error",
                            "stackTrace": f"step {fault.step:,}{where}, {self.launched.language.where(fault.at)}"}}

    def do_source(self, args: dict) -> dict:
        self._session(idle=False)
        return {"content": self.launched.text, "mimeType": "text/plain"}

    # ----- what the controller tells -------------------------------------------------------------
    def progressed(self, session: Session) -> None:
        self._output()

    def logged(self, entry: LogEntry) -> None:
        self._output()
        body = {"category": "console", "output": f"step {entry.step:,}: {entry.text}\n"}
        span = self.breakpoints.span_of(entry.breakpoint.at) if self.breakpoints else None
        if span is not None:
            body.update(source=self.launched.source, line=self.positions.span_out(span)["line"])
        self.writer.event("output", body)

    def _output(self) -> None:
        text = self.controller.take_output()
        if text:
            self.writer.event("output", {"category": "stdout", "output": text})

    def stopped(self, outcome: Outcome) -> None:
        """An operation ended: what it wrote, then why it stopped, or that the program ended.

        The program ends (``exited``, ``terminated``) when a continue or a step reaches its halt
        (unless the launch asked ``stopAtEnd``), or is asked to run on from its halt or its
        runtime error; a runtime error reached stops with reason ``exception`` first, so it
        can be looked at and stepped back from."""
        self._output()
        session = self.controller.session
        reason, machine = outcome.reason, session.machine
        forwards = self._moving in ("continue", "step")
        if self.launched.no_debug and reason is not Stop.INTERRUPTED or \
                forwards and reason in (Stop.HALTED, Stop.ERROR) and self._from is not Status.READY or \
                forwards and reason is Stop.HALTED and not self.launched.stop_at_end:
            self._end(self._exit_code(reason))
            return
        if outcome.message and outcome.message.startswith("internal error"):
            print(f"esodbg dap: {self._moving}: {self.controller.failure}", file=sys.stderr)  # the adapter's log
            self.writer.event("output", {"category": "important", "output": f"esodbg: {outcome.message}\n"})
        body: dict[str, Any] = {"threadId": THREAD, "allThreadsStopped": True}
        if reason is Stop.ERROR:
            fault = machine.fault
            body.update(reason="exception", text=fault.message,
                        description=f"Runtime error at step {fault.step:,}: {fault.message}")
        elif reason is Stop.BREAKPOINT:
            bp = outcome.breakpoint
            kind = "data breakpoint" if isinstance(bp.at, DataRef) else \
                "function breakpoint" if any(bp.at == e.at for e in self.breakpoints.sets["function"]) else "breakpoint"
            what = bp.describe()
            if isinstance(bp.at, RowRef):  # a line: where on it the program came onto it
                line = bp.at.line - self.positions.line_base
                location = machine.location() if machine.status is Status.READY else None
                what = f"line {line}" + (f", at {session.language.where(location)}" if location is not None else "")
            elif isinstance(bp.at, (CellRef, CodeRef)):  # a cell as its data location names it: board(2,1)
                span = self.breakpoints.span_of(bp.at)
                language = session.language
                what = (isinstance(bp.at, CellRef) and language.data_at(bp.at) or language.where(bp.at)) + \
                    (f" {_text(self.launched.text, span)}" if span is not None else "")
            body.update(reason=kind, hitBreakpointIds=[self.breakpoints.id_of(bp.at)],
                        description=f"Paused on {what} (hit {bp.hits(outcome.step):,})"
                                    + (f": {outcome.message}" if outcome.message else ""))
        elif self._moving == "goto":
            where = f"halted: {session.language.halted}" if machine.status is Status.HALTED else \
                f"step {session.steps:,}"
            body.update(reason="goto", description=outcome.message or f"Paused at {where}")
        elif reason is Stop.HALTED:  # stopAtEnd: the end is a place to step back from
            body.update(reason="step" if self._moving == "step" else "pause",
                        description=f"Halted: {session.language.halted} (step back, or continue to end the session)")
        elif reason is Stop.START and self._moving == "reverse":
            body.update(reason="entry", description="Paused at step 0: no earlier breakpoint hit")
        elif reason is Stop.BUDGET:
            body.update(reason="pause", description=f"Paused: the step budget of {session.budget:,} (maxSteps) ran out")
        elif reason in (Stop.INTERRUPTED, Stop.NEEDS_INPUT):
            body.update(reason="pause", description=f"Paused at step {session.steps:,}")
        else:
            body.update(reason="step")
        self.writer.event("stopped", body)

    def _exit_code(self, reason: Stop) -> int:
        """The code ``esodbg exec`` would exit with after a run that ended so."""
        return {Stop.HALTED: exitcodes.HALTED, Stop.ERROR: exitcodes.RUNTIME_ERROR,
                Stop.BUDGET: exitcodes.BUDGET}.get(reason, exitcodes.HALTED)

    def _end(self, code: int | None) -> None:
        """The program is over: ``exited`` (with ``code``, if it ended by itself), ``terminated``."""
        with self._end_sent:
            if self.ended:
                return
            self.ended = True
        if code is not None:
            self.writer.event("exited", {"exitCode": code})
        self.writer.event("terminated")


class _Load:
    """A launch or restart checked, its program to be read off the loop: what to read, and
    ``then``, what makes the request's answer of the program read."""

    def __init__(self, args: dict, language: Language, path: Path, options: dict, stdin_file: Path | None,
                 then: Callable[[_Launch], Any]) -> None:
        self.args, self.language, self.path, self.options, self.stdin_file = args, language, path, options, stdin_file
        self.then = then


class _Later:
    """A request answered when its ``work(later)``, run on a thread of its own, is done (or
    fails, or is cancelled: ``cancel``): ``finish(result)`` makes the answer on the loop.
    ``seq`` is the request's, ``progress`` the id of the progress shown for it (if any)."""

    def __init__(self, work: Callable[[_Later], Any], finish: Callable[[Any], dict]) -> None:
        self.work, self.finish = work, finish
        self.cancel = threading.Event()
        self.seq = 0
        self.progress: str | None = None


class _Done:
    """What a request's thread hands the loop: ``later`` done, with its ``result`` or error."""

    def __init__(self, later: _Later, command: str, result: Any) -> None:
        self.later, self.command, self.result = later, command, result


class _Loaded:
    """What the loader thread hands the loop: the program read for request ``seq``, or the error."""

    def __init__(self, load: _Load, seq: int, command: str, result: Any) -> None:
        self.load, self.seq, self.command, self.result = load, seq, command, result


def _lone_surrogate(value: Any) -> bool:
    """Whether a string anywhere in ``value`` (JSON: nested lists and dicts) holds a lone
    surrogate: JSON's ``\\ud800`` escapes give them, and no file name, expression or UTF-8 text
    can hold one.  (A loop, not recursion: the JSON may be nested as deep as it could be read.)"""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if not item.isascii() and SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return False


def _path(text: str, key: str) -> Path:
    """The absolute path a launch argument ``key`` names (``~`` expanded); RequestError for a
    name no file can have."""
    if "\0" in text:
        raise RequestError(f"'{key}' {text!r}: a file name cannot hold a NUL character")
    try:
        return Path(text).expanduser().resolve()
    except RuntimeError as error:  # ~nosuchuser, or a loop of symbolic links
        user = text[1:].split("/", 1)[0] if text.startswith("~") else ""
        raise RequestError(f"'{key}' {text!r}: " + (f"there is no user {user!r} to expand '~{user}' for" if user
                                                    else f"cannot be resolved ({error})")) from None
    except OSError as error:
        raise RequestError(f"'{key}' {text!r}: {error.strerror}") from None


class _Then:
    """A request's answer ``body`` and what to do once it is sent (a stop must come after the
    response that started the move)."""

    def __init__(self, body: dict | None, then: Callable[[], None]) -> None:
        self.body, self.then = body, then


def _travel(at: Location, forwards: bool) -> Callable:
    """goto a cell or command: forwards to its next arrival, backwards to its last; breakpoints
    on the way count hits but do not stop it.  Where it never arrives, it stays where it was."""

    def operation(session: Session, cancel, progress) -> Outcome:
        start = session.steps
        if forwards:
            outcome = session.run_to(at, cancel, progress, breakpoints=False)
        else:
            outcome = session.reverse_continue(cancel, at, breakpoints=False)
        if outcome.reason in (Stop.CURSOR, Stop.INTERRUPTED):
            return outcome
        session.goto(start)
        return Outcome(Stop.CURSOR, start, message=f"the run does not arrive at {session.language.where(at)} "
                                                   f"{'again' if forwards else 'before step ' + format(start, ',')}:"
                                                   f" still at step {start:,}")
    return operation


def _text(source: str, span) -> str:
    """The source text of a one-line ``span`` (short), for a label."""
    lines = source.split("\n")
    if span.line != span.end_line or not 0 < span.line <= len(lines):
        return ""
    text = lines[span.line - 1][span.col - 1:span.end_col - 1]
    return text if len(text) <= 30 else text[:29] + "…"
