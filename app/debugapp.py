"""The esodbg terminal debugger (Textual).

The app drives one :class:`~esodbg.engines.debugger.Session` through the core's
:class:`~esodbg.engines.controller.Controller` (as ``esodbg dap`` does) and keeps what is about
the screen: keys, counts, speed, frames; the :class:`~esodbg.app.screens.debugger.DebuggerScreen`
draws it.  What the screen shows follows the app's reactives: a new ``outcome`` (after every
step, continue or restart), ``running``, ``speed`` and ``count`` redraw through their ``watch_*``
methods.

Quick operations (step, step back) run on the UI thread; continue and reverse-continue run on
the controller's worker — a Textual thread worker — whose news reach the UI as messages
(:class:`Progress`, :class:`Finished`), so the UI never freezes and ``Esc`` or ``c`` interrupts at
once.  While a worker runs, the UI thread does not touch the session.
"""

from __future__ import annotations

import bisect
import shlex
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import TabbedContent

from esodbg.engines.base import CellRef, ParseError, Status, Stop
from esodbg.engines.breakpoints import DataRef
from esodbg.engines.controller import Controller, Listener
from esodbg.engines import moments, notes
from esodbg.engines.debugger import Outcome, Session
from esodbg.engines.moments import Moment
from esodbg.engines.expressions import ExpressionError
from esodbg.engines.spec import format_spec, parse_spec
from esodbg.engines.language import Language
from esodbg.engines.view import View

from . import exitcodes
from .files import LoadError, frozen_after, load_program, read_program, shown
from .screens.debugger import DebuggerScreen
from .screens.editor import EditorScreen
from .screens.help import HelpScreen, describe as describe_keys
from .screens.parse_error import ParseErrorScreen
from .widgets.board import BoardView
from .widgets.inputpane import InputPane
from esodbg.engines import sessions
from .screens.prompt import PromptScreen
from .querying import Querying
from .understand import Understanding
from .widgets.debuglists import BreakpointsPane, NotesPane, RowList, WatchesPane, kinds_label
from .widgets.messages import BreakpointToggled, CursorMoved
from .widgets.panes import output_tail
from .widgets.source import SourceView
from .widgets.timeline import Timeline

SPEEDS = (1, 5, 20, 100, None)  # steps per second for continue; None = as fast as possible
FRAME = 1 / 15  # seconds between screen updates while running flat out
COUNT_IN_WORKER = 1000  # step counts above this run in the worker (interruptible)
# A breakpoint set up to this step has its hits before it counted at once (re-executing them
# takes at most about a tenth of a second: Tic Tac Toe Grow's micro-steps cost ~6 µs); set
# later, they are counted by the next move, in the worker when it is a continue (Session.catch_up).
CATCH_UP_AT_ONCE = 20_000

BINDINGS = [
    Binding("n,right", "step", "Step", key_display="n/→", tooltip="step: run one command (10n: ten)"),
    Binding("N,p,left", "step_back", "Back", key_display="N/←", tooltip="step back one command (exact)"),
    Binding("c", "continue", "Continue", tooltip="continue until a breakpoint, halt or error; c again interrupts"),
    Binding("C", "reverse_continue", "Rev-cont", tooltip="reverse-continue: back to the previous breakpoint hit, or step 0"),
    Binding("b", "toggle_breakpoint", "Breakpoint", tooltip="toggle a breakpoint on the cell or command under the cursor"),
    # Help and Quit come before the rest so that the footer shows them even at 80 columns.
    Binding("question_mark", "help", "Help", key_display="?", tooltip="this help"),
    Binding("q", "quit", "Quit", tooltip="quit (also while running)"),
    Binding("ctrl+c", "quit", "Quit", show=False, priority=True, tooltip="quit"),
    Binding("l", "breakpoints_list", "Bp list", tooltip="the breakpoints list: ↑/↓ select, space enables or "
            "disables, enter edits, d / delete / backspace deletes; esc leaves"),
    Binding("r", "restart", "Restart", tooltip="restart from step 0, also while running (typed input is dropped)"),
    Binding("g", "goto", "Goto", tooltip="go to step N (a prompt: N, +N or -N; N% of a run that ends; break:SPEC, "
            "its first hit); breakpoints on the way are counted"),
    Binding("h", "run_to_cursor", "To cursor", tooltip="run to cursor: continue to the cell or command under the "
            "cursor (breakpoints on the way stop first)"),
    Binding("w", "add_watch", "Watch", tooltip="watch an expression over the state names (a prompt)"),
    Binding("Y", "why", "Why", tooltip="where did this value come from: back to the step that wrote the data location "
                                       "under the cursor (a prompt elsewhere); Y again on a location it read goes "
                                       "further back (the Why tab lists the chain)"),
    Binding("a", "add_note", "Note", show=False, tooltip="pin a note to the step shown (a prompt); the Notes tab "
            "lists them, enter goes to one; they are remembered with the breakpoints (esodbg notes FILE prints them)"),
    Binding("Q", "query", "Query", show=False, tooltip="every hit across the run of a spec (the cell or data "
            "location under the cursor filled in): the Query tab lists them, enter goes to one, x runs on to the "
            "end of the run, p plots a data location's history"),
    Binding("H", "heat", "Heat", show=False, tooltip="heat map: colour each cell or command by how often it ran up "
                                                     "to this step (H again: off)"),
    Binding("E", "edit", "Edit", show=False, tooltip="edit the program: highlighted, checked as you type; saving "
            "reloads it here, keeping the breakpoints and watches that still fit"),
    Binding("D", "data_breakpoint", "Data bp", show=False, tooltip="toggle a data breakpoint on the board cell "
            "under the cursor: stop after any step that changes it"),
    Binding("B", "add_breakpoint", "Bp spec", show=False, tooltip="set a breakpoint of any kind from a spec "
            "(a prompt: cell:R,C, code:N, data:LOCATION, event:NAME, with if / hit / log)"),
    Binding("left_square_bracket", "hit(-1)", "Prev hit", key_display="[", show=False,
            tooltip="go back to the previous breakpoint hit on the timeline"),
    Binding("right_square_bracket", "hit(1)", "Next hit", key_display="]", show=False,
            tooltip="go to the next breakpoint hit on the timeline (one already run)"),
    Binding("escape", "interrupt", "Stop", show=False, tooltip="interrupt a run; leave the board or the prompt"),
    Binding("plus", "speed(1)", "Faster", key_display="+", show=False, tooltip="continue faster (up to: as fast as possible)"),
    Binding("minus", "speed(-1)", "Slower", key_display="-", show=False, tooltip="continue slower: watch every step"),
    *(Binding(str(d), f"count({d})", show=False) for d in range(10)),
]


class Progress(Message):
    """A running worker's latest state (only the newest one matters)."""

    def __init__(self, view: View, output: tuple[str, int], new_output: int, rate: float | None) -> None:
        super().__init__()
        self.view, self.output, self.new_output, self.rate = view, output, new_output, rate

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, Progress)


class Finished(Message):
    """A worker's operation ended with ``outcome``."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self.outcome = outcome


class DebuggerApp(Understanding, Querying, App[None]):
    """Debug one program: ``language`` and ``path`` name it, ``options`` are the language's own
    (by :attr:`~esodbg.engines.language.Option.dest`), ``preset_input`` is its whole input
    (``None``: ask interactively), ``budget`` caps the steps of one continue.  ``restore``
    restores the breakpoints and watches remembered for the file; ``remember`` false (a
    recording) leaves what is remembered untouched on quit; ``at``: the moment the debugger
    opens at (``run --at``)."""

    CSS_PATH = "esodbg.tcss"
    TITLE = "esodbg"
    AUTO_FOCUS = None  # nothing focused: the arrow keys step; focusing the board makes them move its cursor
    BINDINGS = BINDINGS

    # Each pane redraws what changed when the state is shown: repainting the whole screen after
    # every step as well cost a quarter of a step's drawing (esodbg record: 25 %).
    outcome: reactive[Outcome | None] = reactive(None, always_update=True, init=False, repaint=False)
    running: reactive[bool] = reactive(False, init=False)
    speed: reactive[int] = reactive(len(SPEEDS) - 1, init=False)
    count: reactive[str] = reactive("", init=False)

    def __init__(self, language: Language, path: Path, preset_input: str | None = None,
                 budget: int | None = None, options: dict[str, Any] | None = None, restore: bool = True,
                 remember: bool = True, at: Moment | None = None) -> None:
        super().__init__()
        self.at = at  # where the run opens (run --at): gone to once the debugger is up
        self.restore = restore  # breakpoints and watches remembered for this file (engines.sessions)
        self.remember = remember
        self.remembered: tuple[list[str], list[str]] = ([], [])  # what was restored, what dropped
        # The breakpoints and watches of the session before an edit that does not parse yet
        # (sessions.dump), for the session once it does.
        self.carried: dict | None = None
        self.language, self.path, self.options = language, Path(path), options or {}
        self.preset_input, self.budget = preset_input, budget
        self.CSS = language.style_sheet()  # the language's roles (App.CSS is read when the app starts)
        # A language with units coarser than one step (Tic Tac Toe Grow: keystroke, phase) gets a
        # key pair for each; more than one kind of breakpoint gets a key to choose them.
        self.unit_bindings = []
        for level, unit in enumerate(language.units):
            self.unit_bindings += [
                Binding(unit.key, f"step_unit({level})", unit.name.capitalize(),
                        tooltip=f"step one {unit.name}" + (f": {unit.help}" if unit.help else "")),
                Binding(unit.key.upper(), f"step_back_unit({level})", f"Back {unit.name}", show=False,
                        tooltip=f"step back to the start of the {unit.name} (or the one before)"),
            ]
        if len(language.breakpoint_kinds) > 1:
            self.unit_bindings.append(Binding("t", "breakpoint_kinds", "Bp kinds", tooltip="choose what the breakpoint "
                                              "under the cursor stops at: " + ", ".join(language.breakpoint_kinds)))
        if language.follows:
            self.unit_bindings.append(Binding("f", "follow", "Follow", tooltip=f"cycle which {language.follows} the "
                                              f"panels follow: each in turn, then the one that runs next"))
        if language.pictures:
            self.unit_bindings.append(Binding("z", "zoom", "Zoom", tooltip="zoom the picture out (two cells a "
                                              "terminal cell, as ▀ half blocks: the upper one's colour over the lower "
                                              "one's) or back in (two columns a cell); out by itself when it does not "
                                              "fit"))
        if language.exports:
            self.unit_bindings.append(Binding("e", "export", "Export", tooltip="write the state as " + ", ".join(
                f"{export.name.upper()}" for export in language.exports) + " (a prompt for the file, "
                f"{self.path.stem}-step<N>.{language.exports[0].suffix} by default)"))
        for binding in self.unit_bindings:
            self.bind(binding.key, binding.action, description=binding.description, show=binding.show)
        self.controller: Controller | None = None  # drives the session, when the program loaded
        self.debugger: DebuggerScreen | None = None
        self.problem: tuple[str, object] | None = None  # (source, diagnostics) if it cannot run
        self.warnings: tuple = ()  # the program's parse warnings, shown once it is on screen
        self.resume: str | None = None  # what to do again once input arrives
        self.then = None  # what to do once the running worker has stopped (restart while running)
        self._ui_thread = threading.get_ident()  # the app's own thread (set again when it runs)
        self._frames = [0.0, 0, FRAME]  # a run's last frame: its time and step, the gap to the next
        # Set while no frame waits to be drawn.  The worker waits for each frame it posts to be
        # drawn: a compiled loop holds the interpreter lock for whole chunks, and with slow steps
        # (a Befunge-98 k of 65,536) the UI thread got a few milliseconds a chunk, fell behind on
        # frames and answered q seconds late.
        self._frame_drawn = threading.Event()
        self._frame_drawn.set()
        self._load()

    @property
    def session(self) -> Session | None:
        """The session being debugged (``None`` while the program cannot run)."""
        return self.controller.session if self.controller is not None else None

    # ----- loading ----------------------------------------------------------------------------
    def _load(self) -> None:
        """Read and parse the program (as ``exec`` and ``check`` do) and start a session, with
        a breakpoint where the program's text asks for one (:meth:`Language.marks`), and the
        breakpoints and watches :attr:`carried` over from the session before an edit, else the
        ones remembered for the file."""
        self.forget_run()
        with frozen_after():  # a big program loads a third faster
            self.controller = None
            try:
                program = load_program(self.path, self.language, self.options)
            except LoadError as error:
                self.problem = ("", str(error))
                return
            except ParseError as error:
                self.problem = (read_program(self.path, self.language), error.diagnostics)
                return
            self.problem = None
            self.warnings = tuple(w for w in program.warnings if w.severity != "information")
            text = self.preset_input if self.preset_input is not None else ""
            session = Session(self.language, program, text, self.preset_input is not None, self.budget)
            for at in self.language.marks(program):  # where the program's text asks for breakpoints
                session.breakpoints.set(at)
            self.controller = Controller(session, _Hearing(self), self._spawn)
        if self.carried is not None:
            self.remembered = sessions.restore(self.carried, self.session, "the session before the edit")
            self.carried = None
        elif self.restore:
            self.remembered = sessions.load(self.path, self.session)

    def get_default_screen(self) -> Screen:
        """The debugger's screen, when the program loaded (else a blank one, under the screen of
        what keeps the program from running)."""
        if self.session is None:
            return Screen(id="_default")
        self.debugger = DebuggerScreen(self.language, self.path, self.session)
        return self.debugger

    def _spawn(self, work) -> None:
        """The controller's worker: a Textual thread worker (so a test can wait for it)."""
        self.run_worker(work, thread=True, exclusive=True, group="run")

    def on_mount(self) -> None:
        self._ui_thread = threading.get_ident()
        named = f" as {self.options['name']}" if self.options.get("name") is not None else ""
        self.title = f"esodbg · {shown(self.path.name)}{shown(named)} ({self.language.title})"
        if self.problem is not None:
            self.push_screen(ParseErrorScreen(str(self.path), *self.problem))

    def _show_program(self) -> None:
        """After a reload, with the program's screen on top (the debugger's or the parse error
        screen): the debugger showing the new session, or, when the program cannot run, the
        screen saying why.  The debugger's screen is reused (Textual cannot replace the first
        screen, which it often is), so no screen keeps an old session alive."""
        stack = self.screen_stack
        if self.problem is not None:
            self.debugger = None
            screen = ParseErrorScreen(str(self.path), *self.problem)
            if len(stack) > 1:
                self.switch_screen(screen)
            else:  # the debugger is Textual's first screen: the parse error screen goes over it
                self.push_screen(screen)
            return
        debugger = next((screen for screen in stack if isinstance(screen, DebuggerScreen)), None)
        if debugger is None:  # it never ran: the parse error screen over a blank one
            self.debugger = DebuggerScreen(self.language, self.path, self.session)
            self.switch_screen(self.debugger)
            return
        while self.screen is not debugger:  # the parse error screen of an earlier save
            self.pop_screen()
        self.debugger = debugger
        self.run_worker(debugger.reload(self.session), group="reload")

    def on_debugger_screen_ready(self) -> None:
        """The debugger's panes are up: draw the state, and say what parsing warned of; after an
        edit, the query asked of the program before is asked of the new one."""
        self.set_focus(None)
        if self.query_spec is not None and (self.query_session is None
                                            or self.query_session.program is not self.session.program):
            self.reask_query()
        self.render_state()
        if self.at is not None:  # run --at: once, when the program first shows
            moment, self.at = self.at, None
            self.go_to(moment)
        for warning in self.warnings:  # what check and exec print on stderr
            self.notify(f"{warning.line}:{warning.col}: {warning.message}", title="Warning", severity="warning",
                        timeout=10)
        restored, dropped = self.remembered
        if restored:
            self.notify(f"{len(restored)} remembered: " + "; ".join(restored) + " (esodbg run --no-restore opens clean)",
                        title="Session restored", timeout=6)
        if dropped:
            self.notify("\n".join(dropped), title="Dropped: the program changed", severity="warning", timeout=12)

    def action_reload(self) -> None:
        """Read the file again (from the parse error screen)."""
        self._load()
        self._show_program()

    # ----- edit mode --------------------------------------------------------------------------
    def action_edit(self) -> None:
        """``E``: edit the program (from the debugger when nothing runs, or from the parse error
        screen)."""
        if self.running or not (self.screen is self.debugger or isinstance(self.screen, ParseErrorScreen)):
            return
        if (why := self.language.not_editable(str(self.path))) is not None:  # a picture (Piet)
            self.notify(why, title="Edit", severity="warning")
            return
        try:
            text = read_program(self.path, self.language)
        except LoadError as error:
            self.notify(str(error), title="Edit", severity="error")
            return
        self.push_screen(EditorScreen(self.language, self.path, text, self.options, self._saved, self._edited))

    def _saved(self) -> None:
        """The editor wrote the program: a new session on it (shown when the editor closes),
        keeping the breakpoints and watches that still make sense, and saying which were not."""
        if self.session is not None:
            self.carried = sessions.dump(self.path, self.session)
        carrying = self.carried is not None
        self._load()
        kept, dropped = self.remembered if carrying else ([], [])
        self.remembered = ([], [])  # said here, not again when the debugger comes back
        if self.problem is not None:
            count = len(self.problem[1]) if isinstance(self.problem[1], tuple) else 1
            self.notify(f"saved {shown(self.path.name)}; it cannot run yet ({count} problem{'s' * (count > 1)})",
                        title="Saved", severity="warning", timeout=5)
            return
        self.notify(f"saved {shown(self.path.name)}; the debugger starts it again at step 0"
                    + (f", keeping {len(kept)}: " + "; ".join(kept) if kept else ""), title="Saved", timeout=5)
        if dropped:
            self.notify("\n".join(dropped), title="Dropped: not in the program any more", severity="warning",
                        timeout=12)

    def _edited(self, saved: bool) -> None:
        """The editor closed: back to the program's screen, the new one if it was saved."""
        self.pop_screen()
        if saved:
            self._show_program()

    # ----- drawing ----------------------------------------------------------------------------
    def watch_outcome(self) -> None:
        self.render_state()

    def watch_running(self) -> None:
        self.refresh_bindings()
        self.render_state()

    def watch_speed(self) -> None:
        if not self.running:
            self.render_state()

    def watch_count(self) -> None:
        if not self.running:
            self.render_state()

    def render_state(self, view: View | None = None, output: tuple[str, int] | None = None,
                     new_output: int = 0, rate: float | None = None) -> None:
        """Show the session's state (or a worker's ``view`` of it while it runs)."""
        if self.debugger is None or not self.debugger.is_mounted:
            return
        session = self.session
        live = view is None
        if live:
            if not self.running and session.steps <= CATCH_UP_AT_ONCE:
                session.catch_up()  # a breakpoint just set: its hit count from step 0, as every move has it
            view = session.view()
            output = output_tail(session.output)
            new_output = len(session.last.output) if session.last else 0
            self.debugger.show_why(self.why_asked, self.why_links, self.why_end)
        waiting = live and not self.running and self.outcome is not None and self.outcome.reason is Stop.NEEDS_INPUT
        self.debugger.show(view, output, new_output, self._status(view, rate), live, waiting,
                           self.heat_tally() if live else None, self.output_marks() if live else None)
        if live:
            self.query_follows()  # the run went further than the query has looked: it looks on
            self.show_query()

    @staticmethod
    def _where(view: View) -> str:
        if view.next:
            return f"next: {view.next}"
        return f"at {view.describe(view.location)}" if view.location is not None else ""

    def _fault_place(self, fault) -> str:
        """Where a runtime error happened, by source position and board cell — not by the
        command's words, which the message already begins with."""
        place = f" at {fault.span.line}:{fault.span.col}" if fault.span else ""
        return place + (f", cell {self.language.where(fault.at)}" if isinstance(fault.at, CellRef) else "")

    def _status(self, view: View, rate: float | None) -> tuple[str, str]:
        session = self.session
        steps = f"step {session.steps:,}"
        speed = "max" if SPEEDS[self.speed] is None else f"{SPEEDS[self.speed]} steps/s"
        if self.running:
            # millions a second in a compiled loop, dozens where each step is slow (a huge number, a long k)
            extra = "" if not rate else f" · {rate / 1e6:.2f} M steps/s" if rate >= 1e5 else f" · {rate:,.0f} steps/s"
            return "running", f"{steps}{extra} · speed {speed} · esc or c interrupts"
        machine = session.machine
        count = f" · count {self.count}" if self.count else ""
        reason = self.outcome.reason if self.outcome else None
        if machine.status is Status.HALTED:
            found = f" · {self.outcome.message}" if reason is Stop.FOUND and self.outcome.message else ""
            ended = view.ended or f"halted: {self.language.halted}"  # the view's own word: nothing ran
            return "halted", f"{steps}{found} · {ended} · N/← steps back, r restarts{count}"
        if machine.status is Status.ERROR:
            return "error", f"{steps} · runtime error{self._fault_place(machine.fault)}: {machine.fault.message} " \
                            f"· N/← steps back"
        if reason is Stop.NEEDS_INPUT:
            return "waiting", f"{steps} · {self._where(view)} · the program reads input: type a line below"
        outcome = self.outcome
        why = {
            Stop.BREAKPOINT: "breakpoint" + (f" {outcome.breakpoint.describe(view)}, hit "
                                             f"{outcome.breakpoint.hits(session.steps)}"
                                             if outcome and outcome.breakpoint else "")
                             + (f": {outcome.message}" if outcome and outcome.message else ""),
            Stop.CURSOR: "at the cursor",
            Stop.BUDGET: f"step budget of {session.budget:,} used up" if session.budget else "",
            Stop.INTERRUPTED: "interrupted",
            Stop.START: "at the start",
            Stop.FOUND: outcome.message if outcome and outcome.message else "",
        }.get(reason, "")
        hint = " · n steps, c continues, ? help" if session.steps == 0 else ""
        return "paused", " · ".join(p for p in (steps, why, self._where(view)) if p) + f" · speed {speed}{hint}{count}"

    # ----- actions ----------------------------------------------------------------------------
    SESSION_ACTIONS = {"step", "step_back", "continue", "reverse_continue", "toggle_breakpoint", "speed",
                       "breakpoints_list",
                       "restart", "count", "step_unit", "step_back_unit", "breakpoint_kinds", "export", "goto",
                       "run_to_cursor", "add_watch", "add_breakpoint", "hit", "data_breakpoint", "why", "heat",
                       "follow", "query", "add_note"}
    IDLE_ACTIONS = {"step", "step_back", "reverse_continue", "toggle_breakpoint", "step_unit",
                    "step_back_unit", "breakpoint_kinds", "export", "goto", "run_to_cursor", "add_watch",
                    "add_breakpoint", "hit", "data_breakpoint", "edit", "why", "heat", "follow", "add_note"}

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Hide the debugger's keys when there is no program or the editor is open; grey out
        the ones a run blocks."""
        if isinstance(self.screen, EditorScreen):
            return action == "quit"
        if action in self.SESSION_ACTIONS and self.session is None:
            return False
        if action in self.IDLE_ACTIONS and self.running:
            return None
        return True

    def _idle(self) -> bool:
        return self.session is not None and not self.running and self.screen is self.debugger

    def _take_count(self) -> int:
        count, self.count = int(self.count or 1), ""
        return max(count, 1)

    def action_count(self, digit: int) -> None:
        if self._idle() and (self.count or digit):
            self.count = (self.count + str(digit))[:9]

    def _finish(self, outcome: Outcome, resume: str | None = None) -> None:
        self.took_why()
        self.resume = resume if outcome.reason is Stop.NEEDS_INPUT else None
        self.outcome = outcome
        fault = self.session.machine.fault
        if outcome.reason is Stop.ERROR and fault is not None:  # the whole message, which the status line may cut
            self.notify(f"step {fault.step:,}{self._fault_place(fault)}: {fault.message}", title="Runtime error",
                        severity="error", timeout=8)
        elif outcome.reason is Stop.INTERRUPTED and outcome.message:  # esodbg itself failed: say so, no traceback
            self.notify(outcome.message, severity="error")

    def _now(self, operation, resume: str | None = None) -> None:
        """Run a quick ``operation`` on the UI thread; ``resume`` is what to do again if it stops
        for input."""
        self.resume = resume
        self.controller.run(operation)

    def action_step(self) -> None:
        if not self._idle():
            return
        count = self._take_count()
        if count > COUNT_IN_WORKER:
            self._start(lambda s, cancel, progress: s.step(count, None, cancel, progress), "step")
        else:
            self._now(lambda s, cancel, progress: s.step(count), "step")

    def action_step_back(self) -> None:
        if self._idle():
            count = self._take_count()
            self._now(lambda s, cancel, progress: s.step_back(count))

    def action_step_unit(self, level: int) -> None:
        """Step one unit (e.g. one keystroke) forwards, in the worker: a unit can be long."""
        if self._idle():
            count = self._take_count()
            self._start(lambda s, cancel, progress: s.step(count, level, cancel, progress), None)

    def action_step_back_unit(self, level: int) -> None:
        if self._idle():
            count = self._take_count()
            self._now(lambda s, cancel, progress: s.step_back(count, level))

    def action_continue(self) -> None:
        if self.running:
            self.action_interrupt()
        elif self._idle():
            self.count = ""
            speed = SPEEDS[self.speed]
            if speed is None:
                self._start(lambda s, cancel, progress: s.continue_(cancel, progress), "continue")
            else:
                self._start(lambda s, cancel, progress: _animate(s, cancel, self), "continue")

    def action_reverse_continue(self) -> None:
        if self._idle():
            self.count = ""
            self._start(lambda s, cancel, progress: s.reverse_continue(cancel), None)

    def action_interrupt(self) -> None:
        if self.running:
            self.controller.interrupt()
        elif self.query_running:
            self.stop_query()
        elif self.session is not None:
            self.set_focus(None)

    def action_toggle_breakpoint(self) -> None:
        """``b``: toggle the breakpoint under the focused code board's cursor (with nothing
        focused: the first board's, or the code pane's)."""
        if self.session is not None and not self.running:
            target = self._cursor_pane()
            if target is not None:
                self._toggle(target.cursor_location)

    def action_follow(self) -> None:
        """``f`` (a language whose states hold several of what its panels show, :attr:`Language.follows`):
        the panels follow the first one, then each next one, then again the one that runs next."""
        if not self._idle():
            return
        session, noun = self.session, self.language.follows
        view = session.view()
        ids, now = view.follows, view.followed
        if now is None and len(ids) < 2:
            self.notify(f"there is {'one' if ids else 'no'} {noun}: the panels follow it", timeout=3)
            return
        after = ids.index(now) + 1 if now in ids else 0
        session.follow = ids[after] if after < len(ids) and (now is not None or after == 0) else None
        self.render_state()
        followed = session.view().followed
        self.notify(f"the panels follow {noun} {followed}" if followed is not None
                    else f"the panels follow the {noun} that runs next", timeout=3)

    def action_zoom(self) -> None:
        """``z`` (a language whose boards are pictures): zoom every picture out or back in."""
        if self.debugger is None or self.screen is not self.debugger:
            return
        if not any([board.zoom() for board in self.debugger.query(BoardView)]):
            self.notify("no picture to zoom: zoomed out, a picture needs colour (NO_COLOR shows its letters)",
                        timeout=4)

    def action_breakpoint_kinds(self) -> None:
        """``t``: cycle what the breakpoint under the cursor stops at (setting one first if
        there is none): the default kinds, each kind alone, then all of them."""
        if self.session is None or self.running:
            return
        target = self._cursor_pane()
        if target is None:
            return
        at = target.cursor_location
        breakpoints = self.session.breakpoints
        if at not in breakpoints:
            if self._refuses(at, "B for any kind of breakpoint"):
                return
            breakpoints.toggle(at)
        else:
            kinds = self.language.breakpoint_kinds
            cycle = [self.language.default_kinds, *(frozenset({k}) for k in kinds), frozenset(kinds)]
            current = breakpoints.get(at).kinds
            i = cycle.index(current) if current in cycle else -1
            breakpoints.set_kinds(at, cycle[(i + 1) % len(cycle)])
        where = self.session.view().describe(at)
        self.notify(f"breakpoint at {where} stops at: {kinds_label(breakpoints.get(at).kinds)}", timeout=3)
        self.render_state()

    def action_export(self, index: int = 0) -> None:
        """``e``: write the state in each of the language's export formats (from ``index`` on),
        asking for each file's name (a prompt: ``<program>-step<N>.<suffix>`` in the directory
        esodbg was started from, named by the step so that it never overwrites an export of
        another step).  An existing file is overwritten only when Enter is pressed again; a file
        that cannot be written keeps the prompt open saying why; the notification says where
        the file went."""
        if not self._idle() or index >= len(self.language.exports):
            return
        export = self.language.exports[index]
        default = f"{self.path.stem}-step{self.session.machine.steps}.{export.suffix}"
        confirmed: list[Path] = []  # an existing file Enter was pressed on once

        def check(text: str) -> str | None:
            target = Path(text or default).expanduser()
            if target.is_dir():
                target = target / default
            if target.exists() and target.resolve() not in confirmed:
                confirmed.append(target.resolve())
                return f"{shown(target)} exists: Enter again overwrites it, Esc keeps it"
            try:
                target.write_bytes(self.language.export(self.session.machine, export.name))
            except (ValueError, OSError) as error:
                return f"cannot write {shown(target)}: {getattr(error, 'strerror', None) or error}"
            self.notify(f"wrote {shown(target.resolve())}", title=f"Export: {export.name.upper()}", timeout=6)
            self.call_later(self.action_export, index + 1)
            return None

        self.push_screen(PromptScreen(f"Export {export.name.upper()}", f"write step {self.session.machine.steps:,}'s "
                                      f"board to this file (a directory: {default} in it)", check, default))

    # ----- moving through time, breakpoints of every kind, watches ------------------------------------------
    def action_goto(self) -> None:
        """``g``: go to a step (``N``, ``+N``, ``-N``), a share of a run that ends (``N%``) or
        the first hit of a spec (``break:SPEC``); going forward runs in the worker."""
        if not self._idle():
            return

        def check(text: str) -> str | None:
            body = text.replace(",", "").replace("_", "")
            if body[:1] in "+-" and body[1:].isdigit():
                number = int(body[1:])
                self.go_to(Moment(step=self.session.steps + number if body[0] == "+" else self.session.steps - number))
                return None
            try:
                self.go_to(moments.parse(text))
            except ValueError:
                return "write a step number: N, +N (forwards) or -N (backwards), N% or break:SPEC"
            return None

        self.push_screen(PromptScreen("Go to step", f"now at step {self.session.steps:,}: N, +N or -N; N% (that far "
                                      "through a run that ends); break:SPEC (its first hit)", check, self.count))
        self.count = ""

    def go_to_step(self, step: int) -> None:
        """Go to ``step`` (a row of a list, a point of the timeline) in the worker, when idle."""
        if self._idle():
            self._start(lambda s, cancel, progress: s.goto(step, cancel), None)

    def go_to(self, moment: Moment) -> None:
        """Go to ``moment`` (:mod:`esodbg.engines.moments`), in the worker: a share of the run or
        a spec's first hit is found first (running the program in a session of its own: Esc
        stops it); one that cannot be found is said, the debugger staying where it was."""

        def operation(s: Session, cancel, progress) -> Outcome:
            try:
                target = moments.step_of(moment, s, cancel)
            except ValueError as error:
                return Outcome(Stop.INTERRUPTED, s.steps, message=str(error))
            return s.goto(max(target, 0), cancel)

        self._start(operation, None)

    def action_run_to_cursor(self) -> None:
        """``h``: run to the cell or command under the cursor."""
        if not self._idle():
            return
        target = self._cursor_pane()
        if target is not None:
            at = target.cursor_location
            if self._refuses(at, "run to a cell"):  # it would never arrive
                return
            self._start(lambda s, cancel, progress: s.run_to(at, cancel, progress), "continue")

    def action_add_watch(self) -> None:
        """``w``: watch an expression."""
        if not self._idle():
            return
        names = ", ".join(self.session.names)

        def check(text: str) -> str | None:
            try:
                self.session.watches.add(text)
            except ExpressionError as error:
                return str(error)
            self.debugger.query_one("#lists").active = "tab-watches"
            self.render_state()
            return None

        self.push_screen(PromptScreen("Watch", f"an expression over: {names}", check))

    def action_add_breakpoint(self, bp=None) -> None:
        """``B``: set a breakpoint of any kind from a spec (Enter in the breakpoints list: edit
        ``bp``'s, which the new one replaces)."""
        if not self._idle():
            return
        session = self.session

        def check(text: str) -> str | None:
            try:
                spec = parse_spec(text, self.language, session.first_view)
                if bp is not None and bp.at != spec.at:
                    spec.set_in(session.breakpoints)
                    session.breakpoints.remove(bp.at)
                else:
                    spec.set_in(session.breakpoints)
            except ValueError as error:  # SpecError, ExpressionError, a data location it lacks
                return str(error)
            if spec.note is not None:  # set, but worth saying: a cell outside its growing board now
                self.notify(spec.note, timeout=6)
            self.debugger.query_one("#lists").active = "tab-breakpoints"
            self.render_state()
            return None

        own = "".join(f" · {form.name}" for form in self.language.spec_forms)  # Piet's codel:X,Y, command:NAME
        hint = f"cell:[BOARD:]{self.language.cell_form} · code:N · data:LOCATION · event:NAME{own}\n" \
               "then any of:  if EXPR  ·  hit N | hit >= N | hit % N  ·  log MESSAGE with {EXPR}"
        value = format_spec(bp, self.language) if bp is not None else ""
        self.push_screen(PromptScreen("Edit breakpoint" if bp else "Breakpoint", hint, check, value))

    def action_data_breakpoint(self) -> None:
        """``D``: toggle a data breakpoint on the board cell under the cursor (the focused board's,
        else the first board's), for a board the language declares as data (``puzzle(ROW,COL)``)."""
        if not self._idle():
            return
        boards = self.debugger.query(BoardView)
        board = self.focused if isinstance(self.focused, BoardView) else boards.first() if boards else None
        name = self.language.data_at(board.cursor_location) if board is not None else None
        if name is None:
            self.notify("no board cell to watch here: B sets a data breakpoint by name (data:LOCATION)", timeout=4)
            return
        breakpoints, at = self.session.breakpoints, DataRef(name)
        if at in breakpoints:
            breakpoints.remove(at)
            self.notify(f"data breakpoint on {name} removed", timeout=3)
        else:
            breakpoints.set(at)
            self.notify(f"data breakpoint on {name}: stops after a step that changes it", timeout=3)
        self.render_state()

    def on_breakpoints_pane_act(self, message: BreakpointsPane.Act) -> None:
        if not self._idle():
            return
        bp, breakpoints = message.breakpoint, self.session.breakpoints
        if message.action == "enable":
            breakpoints.set_enabled(bp.at, not bp.enabled)
        elif message.action == "delete":
            breakpoints.remove(bp.at)
        else:
            self.action_add_breakpoint(bp)
        self.render_state()

    def action_add_note(self) -> None:
        """``a``: pin a note to the step shown, with where the run is."""
        if not self._idle():
            return
        session = self.session
        at = notes.place(session)

        def check(text: str) -> str | None:
            if not text:
                return "write the note (Esc: none)"
            session.notes.add(notes.Note(session.steps, text, at))
            self.debugger.query_one("#lists").active = "tab-notes"
            self.render_state()
            return None

        where = f" at {at}" if at else ""
        self.push_screen(PromptScreen("Note", f"pinned to step {session.steps:,}{where}; the Notes tab lists them",
                                      check))

    def on_row_list_goto(self, message: RowList.Goto) -> None:
        """Enter on a row of the Why, Query or Notes tab."""
        self.go_to_step(message.step)

    def on_notes_pane_delete(self, message: NotesPane.Delete) -> None:
        if self._idle():
            self.session.notes.remove(message.note)
            self.render_state()

    def on_watches_pane_delete(self, message: WatchesPane.Delete) -> None:
        if self._idle():
            self.session.watches.remove(message.watch)
            self.render_state()

    def on_timeline_goto(self, message: Timeline.Goto) -> None:
        if message.output:
            self.goto_output(message.step)
        else:
            self.go_to_step(message.step)

    def action_hit(self, direction: int) -> None:
        """``[`` / ``]``: the previous / next step where an enabled breakpoint was hit, among
        the steps already run."""
        if not self._idle():
            return
        here = self.session.steps
        steps = [bp.arrivals for bp in self.session.breakpoints if bp.enabled]
        if direction < 0:
            found = [a[i - 1] for a in steps if (i := bisect.bisect_left(a, here)) > 0]
            target = max(found, default=None)
        else:
            found = [a[i] for a in steps if (i := bisect.bisect_right(a, here)) < len(a)]
            target = min(found, default=None)
        if target is None:
            self.notify(f"no breakpoint hit {'before' if direction < 0 else 'after'} step {here:,} so far",
                        timeout=3)
        else:
            self.go_to_step(target)

    def _cursor_pane(self):
        """The focused board or code pane, else the first board (or the code pane)."""
        target = self.focused
        if not isinstance(target, (BoardView, SourceView)):
            boards = self.debugger.query(BoardView)
            target = boards.first() if boards else self.debugger.query_one(SourceView)
        return target if target.can_focus else None

    def on_cursor_moved(self, message: CursorMoved) -> None:
        if self._idle():  # a running worker changes the machine under a panel's feet
            if message.location is None:
                self.render_state()  # the view's own panels again
            else:
                self.debugger.inspect(message.location)

    def on_breakpoint_toggled(self, message: BreakpointToggled) -> None:
        if self.session is None or self.running:
            return
        if not message.remove:
            self._toggle(message.location)
        elif message.location in self.session.breakpoints:
            self.session.breakpoints.remove(message.location)
            self.render_state()

    def action_breakpoints_list(self) -> None:
        """``l``: focus the breakpoints list (its tab brought forward), a row selected."""
        if self.debugger is None or self.screen is not self.debugger:
            return
        self.debugger.query_one("#lists", TabbedContent).active = "tab-breakpoints"
        pane = self.debugger.query_one(BreakpointsPane)
        pane.focus()
        if pane.selected is None:
            pane.action_select(0)

    def _toggle(self, location) -> None:
        if not self._refuses(location, "B for any kind of breakpoint"):
            self.session.breakpoints.toggle(location)
            self.render_state()

    def _refuses(self, location, instead: str) -> bool:
        """True, having said why, if no breakpoint can go on ``location`` (a Stoned-Go command:
        its machine stops at board points only); ``instead`` is what the user can do."""
        why = self.language.breakable(location)
        if why is not None:
            self.notify(f"{why}: Tab to the board, or {instead}", timeout=4)
        return why is not None

    def action_speed(self, delta: int) -> None:
        if self.session is not None:
            self.speed = min(max(self.speed + delta, 0), len(SPEEDS) - 1)

    def action_restart(self) -> None:
        """Restart from step 0 from any state: a running worker is interrupted first."""
        if self.session is None:
            return
        if self.running:
            self.controller.interrupt()
            self.then = self.action_restart  # once the worker has stopped (on_finished)
            return
        self.debugger.session = self.controller.restart()
        self.debugger.furthest = 0
        self.forget_run()
        self._finish(Outcome(Stop.START, 0))

    async def action_quit(self) -> None:
        """Quit at once from any state: a running worker is told to stop (it checks every few
        milliseconds), so the process does not outlive the screen.  The exit code is the one
        ``esodbg run --help`` lists for the state quit in.  In the editor with unsaved changes,
        it asks first."""
        if isinstance(self.screen, EditorScreen) and self.screen.modified:
            self.screen.action_leave(then=lambda: self.exit(return_code=self.exit_code()))
            return
        if self.controller is not None:
            self.controller.interrupt()
        self._frame_drawn.set()  # a worker waiting for a frame to be drawn goes on to see the interrupt
        self.stop_query()
        self.exit(return_code=self.exit_code())

    def exit_code(self) -> int:
        """2 if the program could not be read or parsed, 1 at a runtime error, else 0."""
        if self.problem is not None:
            return exitcodes.BAD_INPUT
        if not self.running and self.session.machine.status is Status.ERROR:
            return exitcodes.RUNTIME_ERROR
        return exitcodes.HALTED

    def on_unmount(self) -> None:
        if self.controller is not None:
            self.controller.interrupt()  # however the app ends, a worker must not keep the process alive
        self._frame_drawn.set()
        self.stop_query()
        session = self.session
        if not self.remember:
            return
        try:  # the breakpoints and watches, for the next time this file is opened
            if session is not None and (self.restore or len(session.breakpoints) or len(session.watches)
                                        or len(session.notes)):
                sessions.save(self.path, session)
            elif self.carried is not None:  # quit while an edit does not parse: keep the ones before it
                sessions.write(self.path, self.carried)
            # Else opened clean (--no-restore) and nothing set: what was remembered stays as it was.
        except OSError:
            pass  # the screen is gone: nothing to say it on, and the run itself is unharmed

    def moment_command(self) -> str:
        """The command that opens this run at the step shown: the file, its input (given, or
        typed so far), the language and its options, ``--at N``."""
        words = ["esodbg", "run", str(self.path), "--lang", self.language.name]
        text = self.session.input.text if self.session is not None else ""
        if text or self.preset_input is not None:
            words += ["--input", text]
        for dest, value in self.options.items():
            option = self.language.option(dest)
            if option is not None and value is not None and value is not False:
                words += [f"--{option.name}"] + ([] if value is True else [str(value)])
        return shlex.join([*words, "--at", str(self.session.steps if self.session is not None else 0)])

    def action_copy_moment(self) -> None:
        """Copy the command that opens this run at this step (:meth:`moment_command`) to the
        clipboard (the terminal's, OSC 52), and show it (a terminal that keeps its clipboard to
        itself still lets it be selected)."""
        if self.session is None:
            return
        command = self.moment_command()
        self.copy_to_clipboard(command)
        self.notify(command, title="Copied: the command that opens this moment", timeout=10, markup=False)

    def get_system_commands(self, screen):
        """The command palette (Ctrl+P): every debugger action with its key, then the debugger's
        own without a key, then Textual's own."""
        if self.session is not None and not isinstance(screen, EditorScreen):
            yield SystemCommand("Copy a link to this moment", "copy the command that opens this run at this step "
                                "(esodbg run FILE … --at N)", self.action_copy_moment)
            seen = set()
            for binding in [*self.BINDINGS, *self.unit_bindings]:
                if binding.description and binding.action not in seen:
                    seen.add(binding.action)
                    keys = describe_keys(binding.key)
                    yield SystemCommand(f"{binding.description} ({keys})", binding.tooltip or binding.description,
                                        partial(self.call_later, self.run_action, binding.action))
        yield from super().get_system_commands(screen)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            boards = self.debugger is None or bool(self.debugger.query(".board"))  # as drawn (a run may be on)
            self.push_screen(HelpScreen([*self.BINDINGS, *self.unit_bindings], self.language, boards))

    # ----- input ------------------------------------------------------------------------------
    def on_input_pane_submitted(self, message: InputPane.Submitted) -> None:
        if self.session is not None and not self.session.input.closed:
            self.session.feed_input(message.line + "\n")
            self._resume()

    def on_input_pane_end_of_input(self, message: InputPane.EndOfInput) -> None:
        if self.session is not None and not self.session.input.closed:
            self.session.close_input()
            self._resume()

    def _resume(self) -> None:
        self.set_focus(None)
        resume, self.resume = self.resume, None
        if resume == "continue":
            self.action_continue()
        elif resume == "step":
            self.action_step()
        else:
            self.render_state()

    # ----- the worker -------------------------------------------------------------------------
    def _start(self, operation, resume: str | None) -> None:
        """Run ``operation`` on the controller's worker; ``resume`` is what to do again if it
        stops for input."""
        self.resume = resume
        self._frames = [time.monotonic(), self.session.steps, FRAME]
        self._frame_drawn.set()
        self.running = True
        self.controller.start(operation)

    def post_frame(self, session: Session, every: bool = False) -> None:
        """On the worker, between two chunks of a run: post a frame of it, at most every
        :data:`FRAME` seconds (``every``: every step is shown, at an animation's speed)."""
        now = time.monotonic()
        last = self._frames
        if every or now - last[0] >= last[2]:
            rate = (session.steps - last[1]) / (now - last[0]) if now > last[0] and not every else None
            view = session.language.view(session.machine, session.last if every else None)
            # A view of big boards (a Tic Tac Toe Grow memory1 of 10,000s of cells) takes a
            # while to build: frames then come less often, so running stays at least 80% running.
            last[:] = [now, session.steps, max(FRAME, 4 * (time.monotonic() - now))]
            new = len(session.last.output) if every and session.last else 0
            worker = threading.get_ident() != self._ui_thread  # (a quick operation runs on the UI thread)
            if worker:
                self._frame_drawn.clear()
            self.post_message(Progress(view, output_tail(session.output), new, rate))
            if worker:
                self._frame_drawn.wait(1.0)  # the UI thread draws it, the lock to itself (a bound: never stuck)

    def on_stopped(self, outcome: Outcome) -> None:
        """The controller's operation ended (on the UI thread)."""
        if self.running:
            self.set_reactive(DebuggerApp.running, False)  # drawn once, by the outcome below
            self.refresh_bindings()
        self._finish(outcome, self.resume)
        then, self.then = self.then, None
        if then is not None:
            then()

    def on_progress(self, message: Progress) -> None:
        try:
            if self.running:
                self.render_state(message.view, message.output, message.new_output, message.rate)
        finally:
            self._frame_drawn.set()

    def on_finished(self, message: Finished) -> None:
        self.on_stopped(message.outcome)


class _Hearing(Listener):
    """What the app hears from its controller, handed to the UI thread: frames of a run, and
    its end."""

    def __init__(self, app: DebuggerApp) -> None:
        self.app = app

    def progressed(self, session: Session) -> None:
        self.app.post_frame(session)

    def stopped(self, outcome: Outcome) -> None:
        if threading.get_ident() == self.app._ui_thread:  # a quick operation, run where the UI runs
            self.app.on_stopped(outcome)
        else:
            self.app.post_message(Finished(outcome))


def _animate(session: Session, cancel: threading.Event, app: DebuggerApp) -> Outcome:
    """Continue at the app's speed, showing every step; breakpoints still stop.  The speed can
    change while it runs (``+``/``-``)."""
    while True:
        outcome = session.step()
        if outcome.reason is not Stop.LIMIT:
            return outcome
        app.post_frame(session, every=True)
        current = SPEEDS[app.speed]
        if cancel.wait(1 / current if current else 0):
            return Outcome(Stop.INTERRUPTED, session.steps)
