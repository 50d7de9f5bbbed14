"""``esodbg serve``: the debugger in a browser tab, served by textual-serve.

Each tab that opens the page starts its own ``esodbg run FILE --served …`` process (textual-serve's
web driver carries the screen and the keys over the process's stdin and stdout).  The server
binds 127.0.0.1 unless told otherwise: the page has no login, and whoever reaches it runs the
debugger, which can write files (exports, the editor's saves).  A tab's websocket opened by another
site's page (its ``Origin`` is not the page's own) is refused, so a website in the same browser
cannot drive it.

The page is esodbg's own (``templates/index.html``, from textual-serve's): titled with the program,
its URLs the ones the browser asked for, no font from another host (so it works offline: the
system's monospace), and the terminal has the keyboard from the start.  The address is
announced once the socket listens (:meth:`Served.serve`).

Stopping: Ctrl+C or SIGTERM makes textual-serve leave its event loop; :meth:`Served.on_shutdown`
then closes every tab's websocket, which quits that tab's app (without it, aiohttp waits ~24 s
for the open sockets).  Each app runs in a session of its own (:func:`detach`), so a Ctrl+C
typed at the server's terminal reaches the server alone, which ends the apps in order; an app
whose server died anyway (SIGKILL) notices within a second and quits.
"""

from __future__ import annotations

import asyncio
import contextvars
import ipaddress
import os
import shlex
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import Callable
from urllib.parse import quote, urlsplit

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server, to_int

# The moment a tab's page asked to open at (?at=): set in the task serving its websocket, read
# when textual-serve starts that tab's app (Served.command).
_AT: contextvars.ContextVar[str | None] = contextvars.ContextVar("at", default=None)
PARENT_POLL = 1.0  # seconds between two looks at whether the server is still there
TEMPLATES = Path(__file__).parent / "templates"  # the page: textual-serve's, but offline, titled and focused


def free_port(host: str) -> int:
    """A port free on ``host`` now (the OS's choice), so the address can be printed before the
    server starts."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def page_addresses(host: str, port: int) -> list[str]:
    """The addresses a user can open the page at, for a server listening on ``host``:``port``
    (``host`` as given to ``--host``): ``http://HOST:PORT`` (IPv6 in brackets), or, for an
    address meaning "every address" (``0.0.0.0``, ``::``, empty), which no browser can open, this
    machine's loopback first and then, where the machine can tell, its own address on the
    network (the one its default route leaves from).  Never raises."""
    try:
        wildcard = host == "" or ipaddress.ip_address(host).is_unspecified
    except ValueError:  # a name, such as localhost
        wildcard = False
    if not wildcard:
        found = [host]
    else:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        found = ["::1" if family == socket.AF_INET6 else "127.0.0.1"]
        try:  # a datagram socket's connect sends nothing: it only picks the route and its source
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect(("2001:db8::1" if family == socket.AF_INET6 else "192.0.2.1", 9))
                own = ipaddress.ip_address(probe.getsockname()[0])
        except OSError:  # no route (no network: the loopback is all there is), or no IPv6 here
            own = None
        if own is not None and not (own.is_loopback or own.is_unspecified):
            found.append(str(own))
    return [f"http://[{address}]:{port}" if ":" in address else f"http://{address}:{port}" for address in found]


def app_command(file: Path, options: list[str]) -> str:
    """The shell command each tab runs: this Python's ``esodbg run FILE --served`` with ``run``'s
    options as given (``options``: already-formatted arguments).  ``exec`` so the process
    textual-serve waits for is the app itself, not a shell around it."""
    words = [sys.executable, "-m", "esodbg.app", "run", str(file.resolve()), "--served", *options]
    return "exec " + shlex.join(words)


class Served(Server):
    """textual-serve's server, saying what esodbg needs said, serving a page that works offline
    and from any address, and closing its tabs when it stops.

    ``announce`` is called with :func:`page_addresses` once the socket listens (from the event
    loop: it should only print)."""

    def __init__(self, command: str, host: str, port: int, title: str,
                 announce: Callable[[list[str]], None]) -> None:
        super().__init__(command, host=host, port=port, title=title, templates_path=TEMPLATES)
        self.announce = announce
        self.sockets: set[web.WebSocketResponse] = set()

    def initialize_logging(self) -> None:
        """textual-serve logs every page and socket at INFO; esodbg says only what goes wrong."""
        super().initialize_logging()
        import logging

        logging.getLogger("textual-serve").setLevel(logging.WARNING)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    def serve(self, debug: bool = False) -> None:
        """Serve until SIGINT or SIGTERM, as textual-serve's does, but announce the addresses once
        the socket listens: aiohttp calls ``print`` after its sites have started, whereas
        textual-serve announces from ``on_startup``, before, so a browser opened at once found
        nothing there.  Raises OSError if the address cannot be listened on."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):  # (installed even where SIGINT came ignored)
            loop.add_signal_handler(signum, self.request_exit)
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                    print=lambda banner: self.announce(page_addresses(self.host, self.port)))

    @property
    def command(self) -> str:
        """The tab's command: ``esodbg run …``, opening at the moment its page asked for (``?at=``)."""
        at = _AT.get()
        return self._command if at is None else f"{self._command} --at {shlex.quote(at)}"

    @command.setter
    def command(self, value: str) -> None:
        self._command = value

    async def _make_app(self) -> web.Application:
        """textual-serve's routes, and a tab's websocket that carries the moment to open at in
        its path (the page's script adds the terminal's size as the query)."""
        app = await super()._make_app()
        app.router.add_get("/ws/at/{at:.+}", self.handle_websocket, name="websocket-at")  # (a spec may hold a /)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: textual-serve prints its banner here, before it listens (see :meth:`serve`)."""

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page (``templates/index.html``), its scripts, styles and websocket at the address
        the browser asked for (its Host header): the server's own may be ``0.0.0.0``, which no
        browser can reach.  ``?fontsize=N``: the terminal's font size in pixels (16); ``?at=MOMENT``:
        the tab opens there (``run --at``; a moment that cannot be read is 400, saying why)."""
        router = request.app.router
        static = str(router["static"].url_for(filename="/")).rstrip("/") + "/"
        websocket = "wss" if request.scheme == "https" else "ws"
        socket_path = str(router["websocket"].url_for())
        at = request.query.get("at")
        if at is not None:
            from esodbg.engines import moments

            try:
                moments.parse(at)
            except ValueError as error:
                raise web.HTTPBadRequest(text=f"esodbg serve: ?at={at}: {error}\n") from None
            socket_path = f"{socket_path}/at/{quote(at, safe='')}"
        context = {"title": self.title, "font_size": to_int(request.query.get("fontsize", "16"), 16),
                   "static": f"{request.scheme}://{request.host}{static}",
                   "websocket": f"{websocket}://{request.host}{socket_path}"}
        return aiohttp_jinja2.render_template("index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """A tab's websocket, refused (403) when a browser opens it from another site's page:
        browsers send the page's ``Origin`` with every websocket and let any site connect to
        127.0.0.1, so without this check any page the user has open could type into the debugger
        (which can write files).  A client that sends no ``Origin`` (not a browser) is let in."""
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc.lower() != request.host.lower():
            raise web.HTTPForbidden(text=f"esodbg serve: a page from {origin} may not open this debugger\n")
        _AT.set(request.match_info.get("at"))  # this task's: the tab's own command (Served.command)
        return await super().handle_websocket(request)

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service) -> None:
        """textual-serve's loop over one tab's messages, keeping the tab's socket while it runs so
        :meth:`on_shutdown` can close it (a private hook of textual-serve 1.1.3, which is pinned)."""
        self.sockets.add(websocket)
        try:
            await super()._process_messages(websocket, app_service)
        finally:
            self.sockets.discard(websocket)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab: each one's app is told to quit and is waited for."""
        for websocket in list(self.sockets):
            await websocket.close()


def detach(on_orphaned: Callable[[], None]) -> None:
    """For an app a server started: a session of its own (so a Ctrl+C typed at the server's
    terminal is the server's alone, and it quits its apps in order) and a watch on the server:
    ``on_orphaned`` is called (from a daemon thread) if the server goes away without quitting
    the app, as a SIGKILLed one does."""
    try:
        os.setsid()
    except OSError:  # already a session leader
        pass
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(PARENT_POLL)
        on_orphaned()

    threading.Thread(target=watch, name="esodbg-served-watch", daemon=True).start()
