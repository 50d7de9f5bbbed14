"""``esodbg serve``: the debugger in a browser tab, served by textual-serve.

Each tab that opens the page starts its own ``esodbg run FILE --served …`` process (textual-serve's
web driver carries the screen and the keys over the process's stdin and stdout).  The server
binds 127.0.0.1 unless told otherwise: the page has no login, and whoever reaches it runs the
debugger, which can write files (exports, the editor's saves).

Stopping: Ctrl+C or SIGTERM makes textual-serve leave its event loop; :meth:`Served.on_shutdown`
then closes every tab's websocket, which quits that tab's app (without it, aiohttp waits ~24 s
for the open sockets).  Each app runs in a session of its own (:func:`detach`), so a Ctrl+C
typed at the server's terminal reaches the server alone, which ends the apps in order; an app
whose server died anyway (SIGKILL) notices within a second and quits.
"""

from __future__ import annotations

import os
import shlex
import socket
import sys
import threading
from pathlib import Path
from typing import Callable

from aiohttp import web
from textual_serve.server import Server

PARENT_POLL = 1.0  # seconds between two looks at whether the server is still there


def free_port(host: str) -> int:
    """A port free on ``host`` now (the OS's choice).  The page embeds its own address, so the
    port must be known before the server starts."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def app_command(file: Path, options: list[str]) -> str:
    """The shell command each tab runs: this Python's ``esodbg run FILE --served`` with ``run``'s
    options as given (``options``: already-formatted arguments).  ``exec`` so the process
    textual-serve waits for is the app itself, not a shell around it."""
    words = [sys.executable, "-m", "esodbg.app", "run", str(file.resolve()), "--served", *options]
    return "exec " + shlex.join(words)


class Served(Server):
    """textual-serve's server, saying what esodbg needs said and closing its tabs when it stops."""

    def __init__(self, command: str, host: str, port: int, title: str, announce: Callable[[str], None]) -> None:
        super().__init__(command, host=host, port=port, title=title)
        self.announce = announce
        self.sockets: set[web.WebSocketResponse] = set()

    def initialize_logging(self) -> None:
        """textual-serve logs every page and socket at INFO; esodbg says only what goes wrong."""
        super().initialize_logging()
        import logging

        logging.getLogger("textual-serve").setLevel(logging.WARNING)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        """Print the page's address (instead of textual-serve's banner), once it is listening."""
        self.announce(self.public_url)

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
