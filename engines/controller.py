"""The controller: one language-neutral way for every front end to drive a debugger session.

The terminal debugger, ``esodbg dap`` and what comes next (the browser, recordings) all do the
same things with a :class:`~esodbg.engines.debugger.Session`: run an operation (step, continue,
reverse-continue, goto…) either at once or on a worker thread that can be interrupted, hear its
progress, learn why it stopped, hand over the output it wrote, change breakpoints while it runs,
restart, and remember a program's breakpoints and watches between runs.  That is this module;
the front ends only draw (or speak a protocol).

An *operation* is a function ``operation(session, cancel, progress) -> Outcome``: the session's
own methods fit (``lambda s, cancel, progress: s.continue_(cancel, progress)``).  Operations run
one at a time.  :meth:`Controller.run` runs one on the caller's thread; :meth:`Controller.start`
on a worker thread, made by the ``spawn`` the front end gives (the terminal debugger hands over
Textual's thread workers, so its tests can wait for them; a plain daemon thread otherwise).

The front end hears what happens through a :class:`Listener`, on the thread that ran the
operation: ``progressed`` between chunks of a long run (the state is consistent then and may be
read), ``logged`` for each log point's message, ``stopped`` once it ended.  A front end that
draws on another thread hands them over (Textual's ``post_message`` is thread-safe).

Nothing here imports Textual: the core stays usable as a library (design.md, layers).
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from typing import Any

from .base import Stop
from .breakpoints import LogEntry
from .debugger import Outcome, Session

# An operation on a session: (session, cancel event, progress callback) -> Outcome.
Operation = Callable[[Session, threading.Event, Callable[[Session], None]], Outcome]


class Busy(RuntimeError):
    """An operation was asked for while another one runs."""

    def __init__(self) -> None:
        super().__init__("the program is running: pause it first")


class Listener:
    """What a front end hears (every method does nothing by default); see the module docstring
    for the threads they are called on."""

    def progressed(self, session: Session) -> None:
        """A long operation is under way; ``session`` may be read (not changed) until this returns."""

    def logged(self, entry: LogEntry) -> None:
        """A log point logged ``entry`` (its step, breakpoint and message)."""

    def stopped(self, outcome: Outcome) -> None:
        """The operation ended with ``outcome``.  An operation that failed inside esodbg ends with
        ``Stop.INTERRUPTED`` and ``message`` ``internal error: …`` (the traceback is in
        :attr:`Controller.failure`): the session is left where it stopped, never half-changed
        in a way the user can see."""


def _thread(work: Callable[[], None]) -> None:
    threading.Thread(target=work, name="esodbg-worker", daemon=True).start()


class Controller:
    """Drives one :class:`Session` for a front end (see the module docstring).

    ``session`` is the session now (a restart makes a new one); ``running`` says whether an
    operation is under way on the worker; ``failure`` is the traceback of the last operation
    that failed inside esodbg (``None`` if none did)."""

    def __init__(self, session: Session, listener: Listener | None = None,
                 spawn: Callable[[Callable[[], None]], Any] = _thread) -> None:
        self.listener = listener or Listener()
        self._spawn = spawn
        self._cancel = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._lock = threading.Lock()  # guards _pending against the worker applying it
        self._pending: list[Callable[[], None]] = []
        self._told = 0  # output characters handed over by take_output
        self.failure: str | None = None
        self.session = session
        self._attach(session)

    def _attach(self, session: Session) -> None:
        self.session = session
        session.on_log = lambda entry: self.listener.logged(entry)
        self._told = min(self._told, session.output.length)

    @property
    def running(self) -> bool:
        return not self._idle.is_set()

    # ----- operations ------------------------------------------------------------------------
    def run(self, operation: Operation) -> Outcome:
        """Run ``operation`` now, on this thread (a quick one: a step, a step back); the
        listener hears ``stopped`` before this returns the outcome.  :class:`Busy` if one runs."""
        if self.running:
            raise Busy()
        self._idle.clear()
        return self._work(operation, threading.Event())

    def start(self, operation: Operation) -> None:
        """Run ``operation`` on a worker thread; the listener hears ``stopped`` when it ends,
        and :meth:`interrupt` ends it early.  :class:`Busy` if one runs."""
        if self.running:
            raise Busy()
        self._cancel = cancel = threading.Event()
        self._idle.clear()
        self._spawn(lambda: self._work(operation, cancel))

    def interrupt(self) -> None:
        """Ask the running operation to stop (it stops between two steps, within milliseconds,
        with ``Stop.INTERRUPTED``); nothing if none runs."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no operation runs (at most ``timeout`` seconds); true if none does."""
        return self._idle.wait(timeout)

    def _work(self, operation: Operation, cancel: threading.Event) -> Outcome:
        session = self.session
        try:
            outcome = operation(session, cancel, self._progress)
            self.failure = None
        except Exception as error:  # never a traceback on the user's screen: say it and stop where we are
            self.failure = traceback.format_exc()
            outcome = Outcome(Stop.INTERRUPTED, session.steps, message=f"internal error: {error!r}")
        finally:
            self._apply()
            self._idle.set()
        self.listener.stopped(outcome)
        return outcome

    def _progress(self, session: Session) -> None:
        self._apply()  # between two chunks: breakpoints changed meanwhile take effect in the next
        self.listener.progressed(session)

    # ----- changes while running ----------------------------------------------------------------
    def configure(self, change: Callable[[Session], None]) -> None:
        """Change the session's breakpoints (or watches): ``change(session)`` runs now if nothing
        runs, else on the worker between two chunks of the running operation, which then stops
        at the new breakpoints (as an editor expects of breakpoints set during a continue)."""
        with self._lock:
            if not self.running:
                change(self.session)
                return
            self._pending.append(change)

    def _apply(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, []
        for change in pending:
            change(self.session)

    # ----- output -------------------------------------------------------------------------------
    def take_output(self) -> str:
        """The output written since the last call, as a debugger that runs backwards reports it
        (rr's way): what a step writes is handed over when the step runs, and again if the run
        steps back over it and runs it again.  Called on the thread that runs operations (or
        while none runs)."""
        output = self.session.output
        length = output.length
        text = output.text(self._told) if length > self._told else ""
        self._told = length
        return text

    # ----- restart ------------------------------------------------------------------------------
    def restart(self, session: Session | None = None) -> Session:
        """Start again at step 0: on ``session`` (a new program, say, after an edit), else on a
        fresh session of the same program keeping the breakpoints (hit counts back to 0), the
        watches and the preset input.  :class:`Busy` if an operation runs (interrupt it and
        :meth:`wait` first)."""
        if self.running:
            raise Busy()
        self._told = 0
        self._attach(session if session is not None else self.session.restarted())
        return self.session
