"""Play a program in the debugger's own screen and keep the frames a terminal would show.

The app is :class:`~esodbg.app.debugapp.DebuggerApp`, run headless at the recording's size by
Textual's auto-pilot.  A frame is taken after a real step (as ``n`` takes it: the status line,
the changed cells and the toasts are the ones a user sees), so the last frame shows how the run
ended (halted, a runtime error, the breakpoint of ``--until``).  A long run is sampled: the run
is made once without drawing, to learn where it ends, then each frame's step is reached by going
to the step before it (history makes that cheap) and stepping once.

A recording can be stopped at any time (``cancel``, which ``esodbg record`` sets on Ctrl+C and
SIGTERM): it is looked at between two frames, and between two stretches of the run's steps, so
it stops within milliseconds; the app is closed and :class:`Interrupted` raised.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any, Callable, NamedTuple, Sequence

from rich.style import Style

from esodbg.engines.base import Status, Stop
from esodbg.engines.language import Language

HOLD = 3.0  # seconds the last frame stays on screen, unless the script says otherwise
SETTLE_ROUNDS = 8  # rounds of drawing a frame may take at most
DEFAULT_STEPS = 1_000_000  # a run still going after this many steps is recorded up to there

Row = tuple[tuple[str, Style | None], ...]  # one screen row: its segments' text and style


class Script(NamedTuple):
    """What to record.  ``steps``: stop after that many steps (``None``: the run's end, at most
    :data:`DEFAULT_STEPS`); ``until``: breakpoint specs (``exec --break``'s) the run stops at;
    ``unit``: an index into the language's units (a frame per unit, not per step); ``keys``:
    Textual key names pressed one by one instead (a frame after each; :func:`check_keys` says
    which are keys); ``frames``: at most that many frames, the rest sampled evenly; ``fps``:
    frames a second when played; ``speed``: played that many times as fast (a frame shows for
    ``1 / (fps * speed)`` seconds); ``hold``: seconds the last frame stays on screen after its
    own time (``speed`` does not shorten it)."""

    steps: int | None = None
    until: tuple[str, ...] = ()
    unit: int | None = None
    keys: tuple[str, ...] = ()
    frames: int = 300
    fps: float = 10.0
    speed: float = 1.0
    hold: float = HOLD


class Frame(NamedTuple):
    """The whole screen, ``rows`` top to bottom, shown for ``duration`` seconds."""

    rows: tuple[Row, ...]
    duration: float


class Recording(NamedTuple):
    """``frames`` of a screen of ``size`` (columns, rows); ``steps``: the step the last frame
    shows; ``capped``: the run was still going at :data:`DEFAULT_STEPS`."""

    size: tuple[int, int]
    title: str
    frames: list[Frame]
    steps: int
    capped: bool


class Interrupted(Exception):
    """The recording was stopped by its ``cancel`` event before it ended (nothing to write)."""


# The keys --keys accepts besides one character: Textual's names, as the debugger's bindings use them.
NAMED_KEYS = ("enter", "escape", "tab", "space", "backspace", "delete", "insert", "up", "down", "left", "right",
              "home", "end", "pageup", "pagedown", *(f"f{n}" for n in range(1, 25)))
MODIFIERS = ("ctrl+", "shift+", "alt+")


def check_keys(keys: Sequence[str]) -> None:
    """Raise ``ValueError`` naming the ones of ``keys`` that are no key: a key is one character
    (``n``, ``N``, ``5``, ``:``) or one of :data:`NAMED_KEYS`, either after any of
    :data:`MODIFIERS` (``ctrl+c``, ``shift+tab``).  (The pilot would press any name, and a name
    nothing binds does nothing: a typo would be recorded as a key that did nothing.)"""
    def known(key: str) -> bool:
        while len(key) > 1 and key.startswith(MODIFIERS):
            key = key.partition("+")[2]
        return len(key) == 1 or key in NAMED_KEYS

    unknown = [key for key in keys if not known(key)]
    if unknown:
        raise ValueError(f"--keys: {', '.join(map(repr, unknown))} "
                         f"{'is not a key' if len(unknown) == 1 else 'are not keys'}.  A key is one character "
                         f"(n, N, 5, :) or one of {', '.join(NAMED_KEYS[:15])}, f1 … f24, either after ctrl+, "
                         f"shift+ or alt+ (ctrl+c, shift+tab); keys are separated by spaces (\"z z\", not \"zz\")")


def sample(count: int, most: int) -> list[int]:
    """Indices into ``count`` items, at most ``most`` of them spread evenly, the last always in
    (strictly increasing: ``most`` ≤ ``count`` moves each at least one on)."""
    most = min(count, most)
    return [round((k + 1) * count / most) - 1 for k in range(most)]


def play(language: Language, path: Path, options: dict[str, Any], input_text: str, script: Script,
         size: tuple[int, int], progress: Callable[[int, int], None] | None = None,
         cancel: threading.Event | None = None) -> Recording:
    """Record ``path`` (a program that parses) in a ``size`` screen as ``script`` says; the
    program's whole input is ``input_text``; ``progress(taken, planned)`` is called after each
    frame taken (``planned`` is 1 until the run's length is known).  Raises ``ValueError`` for a
    screen smaller than the debugger's smallest or a breakpoint spec that does not fit the
    program, :class:`Interrupted` once ``cancel`` is set (within milliseconds); any error inside
    the app is raised here once it has closed."""
    from esodbg.app.debugapp import DebuggerApp
    from esodbg.app.screens.debugger import MIN_SIZE

    if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
        raise ValueError(f"--size {size[0]}x{size[1]}: the debugger's screen needs at least "
                         f"{MIN_SIZE[0]}x{MIN_SIZE[1]}")
    app = DebuggerApp(language, path, input_text, None, options, restore=False, remember=False)
    frames: list[Frame] = []
    failures: list[BaseException] = []
    capped = [False]

    async def pilot_script(pilot) -> None:
        try:
            recorder = _Recorder(app, pilot, frames, 1 / (script.fps * script.speed), progress,
                                 cancel or threading.Event())
            await recorder.take()
            if script.keys:
                await recorder.press(script.keys, script.frames)
            else:
                capped[0] = await recorder.run(script)
            if frames:
                frames[-1] = frames[-1]._replace(duration=frames[-1].duration + script.hold)
        except BaseException as error:  # raised again once the app has closed
            failures.append(error)
        finally:
            app.exit()

    app.run(headless=True, size=size, auto_pilot=pilot_script)
    if failures:
        raise failures[0]
    session = app.session
    return Recording(size, f"esodbg · {path.name}", frames, session.steps if session else 0, capped[0])


class _Recorder:
    """Takes the frames of one recording from a running app."""

    def __init__(self, app, pilot, frames: list[Frame], duration: float,
                 progress: Callable[[int, int], None] | None, cancel: threading.Event) -> None:
        self.app, self.pilot, self.frames, self.duration, self.progress = app, pilot, frames, duration, progress
        self.cancel = cancel
        self.taken, self.planned = 0, 1  # frames taken, and to take (known once the run's length is)
        self.drawn = False  # whether the app drew anything since this was last set false
        display = app._display  # where the app sends each screen update (headless: sent nowhere)

        def noting(screen, update) -> None:
            self.drawn = self.drawn or update is not None
            display(screen, update)

        app._display = noting

    def screen(self) -> tuple[Row, ...]:
        """The screen now: the full render export_screenshot makes (and so the snapshot tests)."""
        app = self.app
        update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens,
                                                      simplify=True)
        return tuple(tuple((segment.text, segment.style) for strip in line for segment in strip if segment.text)
                     for line in update.strips)

    async def take(self) -> None:
        """Let the app draw what it was told, then keep the screen (a frame like the one before
        it only lengthens that one).  Drawing can take a few rounds (a pane scrolls to its
        current row once it has been drawn): the screen is kept after a round that drew
        nothing.  (Waiting for the process to be idle, as tests do, would take twice as long.)
        Raises :class:`Interrupted` if the recording was cancelled."""
        self.check()
        for _ in range(SETTLE_ROUNDS):
            self.drawn = False
            await self.pilot.pause(0)
            if not self.drawn:
                break
        rows = self.screen()
        self.taken += 1
        if self.progress is not None:
            self.progress(self.taken, max(self.taken, self.planned))
        if self.frames and self.frames[-1].rows == rows:
            self.frames[-1] = self.frames[-1]._replace(duration=self.frames[-1].duration + self.duration)
        else:
            self.frames.append(Frame(rows, self.duration))

    def check(self) -> None:
        """Raise :class:`Interrupted` if the recording was cancelled."""
        if self.cancel.is_set():
            raise Interrupted()

    async def press(self, keys: Sequence[str], most: int) -> None:
        """Press ``keys`` one by one, each once what it started has ended; a frame after each
        (after at most ``most - 1`` of them, spread evenly, when there are more)."""
        app = self.app
        kept = set(sample(len(keys), most - 1))
        self.planned = 1 + len(kept)
        for index, key in enumerate(keys):
            self.check()
            await self.pilot.press(key)
            # What the key started (`c` continues on a worker: an endless run never ends) is
            # waited for a while at a time, so that a cancel still stops the recording.
            done = asyncio.ensure_future(app.workers.wait_for_complete())
            while not (await asyncio.wait({done}, timeout=0.05))[0]:
                if self.cancel.is_set():
                    app.controller.interrupt()
                    done.cancel()
                    raise Interrupted()
            if app._exit:  # the key quit the app
                return
            if index in kept:
                await self.take()

    async def run(self, script: Script) -> bool:
        """The run to its end (or ``script``'s), once without drawing to learn its steps, then a
        frame at each sampled one; whether the run was cut at :data:`DEFAULT_STEPS`."""
        from esodbg.engines.spec import parse_spec

        app = self.app
        session = app.session
        for text in script.until:
            try:
                parse_spec(text, app.language, session.first_view).set_in(session.breakpoints)
            except ValueError as error:
                raise ValueError(f"--until {text!r}: {error}") from None
        limit = script.steps or DEFAULT_STEPS
        unit = script.unit
        cancel = self.cancel
        if unit is None:  # every step is a frame's place: no list of them needed
            session.budget = limit
            session.continue_(cancel)
            session.budget = None
            points: Sequence[int] = range(1, session.steps + 1)
        else:
            points = []
            while session.steps < limit:
                outcome = session.step(1, unit, cancel)
                if session.steps > (points[-1] if points else 0):
                    points.append(session.steps)
                if outcome.reason is not Stop.LIMIT:
                    break
        self.check()
        capped = script.steps is None and session.machine.status is Status.READY and session.steps >= limit

        def one(s, cancel, progress):  # the step (or unit) a user's key would make
            return s.step(1, unit, cancel, progress)

        if not points:  # it ends before its first step: show how
            session.goto(0)
            app.controller.run(one)
            await self.take()
        chosen = sample(len(points), script.frames - 1)
        self.planned = 1 + (len(chosen) or 1)
        for index in chosen:
            before = points[index - 1] if index else 0
            if session.steps != before:
                session.goto(before, cancel)
            self.check()
            app.controller.run(one)
            await self.take()
        return capped
