"""``esodbg serve``: the debugger in a browser tab.

The page is driven in Debian's chromium by Playwright for Python (`.ci/run` installs chromium;
never Playwright's own browser download), reading the screen from the terminal's rows.  What
the server does with tabs — starting, stopping, signals — is checked with a tab that is a
websocket and a terminal emulator (pyte): what the page's script does, without a browser."""

from __future__ import annotations

import asyncio
import ipaddress
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import aiohttp
import pyte
import pytest

from conftest import EXAMPLES
from esodbg.app.serve import page_addresses
from external import need

ESODBG = Path(sys.executable).parent / "esodbg"
CHROMIUM = "/usr/bin/chromium"
# Chromium as root on a machine with no network: no sandbox, no GPU, no calls home.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-3d-apis", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def default_sigint() -> None:
    """In a child before it runs: SIGINT as a shell gives it, even when pytest was started in the
    background (``cmd &``), which starts it, and so its children, with SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Server:
    """``esodbg serve`` as a child process, on a free port, in a session of its own (signals are
    sent to it, never to pytest)."""

    def __init__(self, *args: str, stdin: str = "") -> None:
        self.process = subprocess.Popen([str(ESODBG), "serve", *args, "--port", "0", "--no-restore"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, start_new_session=True, preexec_fn=default_sigint)
        self.process.stdin.write(stdin)  # the server's stdin is never a program's input
        self.process.stdin.flush()
        self.line = self.process.stdout.readline()
        found = re.search(r"http://[^:]+:(\d+)", self.line)
        if not found:
            self.process.kill()
            raise AssertionError(self.line + self.process.stderr.read())
        self.url, self.port = found.group(0), int(found.group(1))

    def stop(self, sig: int = signal.SIGINT) -> float:
        """Send ``sig``; the seconds until the server exited (exit code 0)."""
        start = time.monotonic()
        self.process.send_signal(sig)
        assert self.process.wait(10) == 0, self.process.stderr.read()
        return time.monotonic() - start

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def serve():
    servers: list[Server] = []

    def start(*args: str, stdin: str = "") -> Server:
        servers.append(Server(*args, stdin=stdin))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def apps(program: Path) -> list[int]:
    """The pids of the tab processes serving ``program`` (``esodbg run … --served``)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:  # not a process, or gone meanwhile
            continue
        if b"--served" in words and str(program).encode() in words:
            found.append(int(entry.name))
    return found


def wait_until(predicate, seconds: float, what: str):
    end = time.monotonic() + seconds
    while (value := predicate()) in (None, False, []) and time.monotonic() < end:
        time.sleep(0.05)
    assert value not in (None, False, []), what
    return value


class Tab:
    """A browser tab as the server sees it: the page's websocket, with the screen kept by a
    terminal emulator (pyte)."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse, size: tuple[int, int]) -> None:
        self.websocket = websocket
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def shows(self, wanted: str, seconds: float = 15) -> str:
        """Read the app's screen until it shows ``wanted``; the screen's text."""
        end = time.monotonic() + seconds
        while wanted not in self.text:
            if time.monotonic() > end:
                raise AssertionError(f"the tab never showed {wanted!r}:\n{self.text}")
            try:
                message = await self.websocket.receive(timeout=0.2)
            except asyncio.TimeoutError:
                continue
            if message.type is aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                raise AssertionError(f"the tab closed before showing {wanted!r}:\n{self.text}")
        return self.text

    async def keys(self, text: str) -> None:
        await self.websocket.send_json(["stdin", text])


async def open_tab(session: aiohttp.ClientSession, server: Server, size=(100, 30)) -> Tab:
    websocket = await session.ws_connect(f"ws://127.0.0.1:{server.port}/ws?width={size[0]}&height={size[1]}")
    tab = Tab(websocket, size)
    await tab.shows("step 0")
    return tab


# ----- the command ---------------------------------------------------------------------------
def listening(port: int) -> set[str]:
    """The local addresses listening on ``port`` (from /proc/net/tcp and tcp6, as hex)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            address, hex_port = local.split(":")
            if int(hex_port, 16) == port and state == "0A":  # LISTEN
                found.add(address)
    return found


def test_it_prints_the_pages_address_and_listens_on_loopback_only(serve):
    server = serve(str(EXAMPLES / "fifteen" / "hello.15"))
    assert server.line.startswith("Serving hello.15 (15) at http://127.0.0.1:")
    assert listening(server.port) == {"0100007F"}  # 127.0.0.1, not every address
    assert server.stop(signal.SIGTERM) < 1


def test_the_address_answers_the_instant_it_is_printed(tmp_path):
    """The announcement comes once the socket listens: connecting from inside it, before the
    server could go on, finds the server there (it used to come before the socket was bound)."""
    script = tmp_path / "announce.py"
    script.write_text(
        "import os, signal, socket\n"
        "from esodbg.app.serve import Served, free_port\n"
        "port = free_port('127.0.0.1')\n"
        "def announce(urls):\n"
        "    socket.create_connection(('127.0.0.1', port), timeout=5).close()\n"
        "    print('answered at', *urls, flush=True)\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "Served('true', '127.0.0.1', port, 'a title', announce).serve()\n")
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0 and result.stdout.startswith("answered at http://127.0.0.1:"), result.stderr


def test_the_printed_address_answers_at_once_every_time(serve):
    for _ in range(5):
        server = serve(str(EXAMPLES / "fifteen" / "hello.15"))
        with urllib.request.urlopen(server.url, timeout=10) as page:  # at once: no retry
            assert "<title>hello.15 · esodbg</title>" in page.read().decode()
        assert server.stop(signal.SIGTERM) < 1


def test_another_host_gets_a_warning_and_the_addresses_to_open(serve):
    server = serve(str(EXAMPLES / "fifteen" / "hello.15"), "--host", "0.0.0.0")
    assert server.url.startswith("http://127.0.0.1:")  # 0.0.0.0 is where it listens; no browser opens it
    assert "0.0.0.0" not in server.line
    assert listening(server.port) == {"00000000"}
    server.stop()
    assert "anyone who can reach it runs the debugger" in server.process.stderr.read()


@pytest.mark.parametrize("host, wanted", [
    ("127.0.0.1", ["http://127.0.0.1:8000"]),
    ("localhost", ["http://localhost:8000"]),
    ("::1", ["http://[::1]:8000"]),
    ("192.0.2.7", ["http://192.0.2.7:8000"]),
])
def test_the_addresses_printed_for_one_address(host, wanted):
    assert page_addresses(host, 8000) == wanted


@pytest.mark.parametrize("host, loopback", [("0.0.0.0", "http://127.0.0.1:8000"), ("", "http://127.0.0.1:8000"),
                                            ("::", "http://[::1]:8000")])
def test_the_addresses_printed_for_every_address_are_ones_a_browser_opens(host, loopback):
    """This machine's loopback first, then (if it has a route out) its address on the network."""
    addresses = page_addresses(host, 8000)
    assert addresses[0] == loopback and len(addresses) <= 2
    for address in addresses:
        assert not ipaddress.ip_address(urllib.parse.urlsplit(address).hostname).is_unspecified


def page_of(port: int, host: str | None = None) -> str:
    """The page at 127.0.0.1:``port``, asked for as ``host`` (its Host header) if given."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": host} if host else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def test_the_page_points_where_the_browser_asked_not_where_the_server_listens(serve):
    server = serve(str(EXAMPLES / "fifteen" / "hello.15"), "--host", "0.0.0.0")
    for asked, page in [(f"127.0.0.1:{server.port}", page_of(server.port)),
                        (f"debugger.example:{server.port}", page_of(server.port, f"debugger.example:{server.port}"))]:
        assert f'data-session-websocket-url="ws://{asked}/ws"' in page
        assert f'src="http://{asked}/static/js/textual.js"' in page
        assert "0.0.0.0" not in page


def test_the_page_has_a_title_and_needs_no_other_host(serve):
    server = serve(str(EXAMPLES / "fifteen" / "hello.15"))
    page = page_of(server.port)
    assert "<title>hello.15 · esodbg</title>" in page
    loads = re.findall(r'(?:href|src)="([^"]*)"|url\("([^"]*)"\)', page)
    assert loads and all((a or b).startswith((f"{server.url}/static/", "data:")) for a, b in loads)
    assert "googleapis" not in page


async def test_a_page_from_another_site_cannot_open_a_tab(serve):
    """Any site the user has open could otherwise type into the debugger through 127.0.0.1."""
    server = serve(EXAMPLES / "fifteen" / "hello.15")
    url = f"ws://127.0.0.1:{server.port}/ws?width=100&height=30"
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(url, origin="https://example.com")
        assert refused.value.status == 403
        tab = Tab(await session.ws_connect(url, origin=f"http://127.0.0.1:{server.port}"), (100, 30))
        await tab.shows("step 0")  # the page's own origin is let in
        await tab.websocket.close()


def test_a_port_in_use_is_a_clear_error_exit_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([str(ESODBG), "serve", str(EXAMPLES / "fifteen" / "hello.15"), "--port", str(port)],
                                capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert f"esodbg: cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "--port 0 picks a free port" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args, message", [
    (["missing.15"], "missing.15"),
    ([str(EXAMPLES / "fifteen" / "hello.15"), "--input-file", "missing.txt"], "missing.txt"),
    ([str(EXAMPLES / "fifteen" / "hello.15"), "--max-depth", "3"], "--max-depth has no meaning for 15"),
])
def test_what_no_tab_could_run_is_refused_before_listening(args, message):
    result = subprocess.run([str(ESODBG), "serve", *args, "--port", "0"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and message in result.stderr and result.stdout == ""


def test_help_names_the_options():
    result = subprocess.run([str(ESODBG), "serve", "--help"], capture_output=True, text=True, timeout=30)
    for option in ("--host", "--port", "--input", "--input-file", "--max-steps", "--no-restore", "--lang"):
        assert option in result.stdout
    assert "--served" not in result.stdout  # the tabs' own flag


# ----- tabs and their processes --------------------------------------------------------------
async def test_an_app_whose_server_was_killed_quits(serve, tmp_path):
    program = tmp_path / "hello.15"
    shutil.copy(EXAMPLES / "fifteen" / "hello.15", program)
    server = serve(str(program))
    async with aiohttp.ClientSession() as session:
        await open_tab(session, server)
        assert apps(program)
        server.process.kill()  # no chance to close its tabs
        await asyncio.to_thread(wait_until, lambda: apps(program) == [], 10, "the orphaned app quit")


async def test_input_comes_from_the_input_pane_never_from_the_servers_stdin(serve):
    server = serve(str(EXAMPLES / "fifteen" / "countdown.15"), stdin="50\n")
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, server)
        await tab.keys("c")
        await tab.shows("the program reads input")
        await tab.keys("10\r")
        await tab.shows("HALTED")
        assert "step 16 " in tab.text  # 12 * 10 / 10 + 4 steps: the 10 typed, not the 50 piped


async def test_input_comes_from_the_input_option(serve):
    server = serve(str(EXAMPLES / "fifteen" / "countdown.15"), "--input", "20")
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, server)
        await tab.keys("c")
        await tab.shows("HALTED")
        assert "step 28 " in tab.text


# (An asyncio test goes before the browser's tests: their Playwright keeps an event loop running.)
async def test_a_tab_opened_at_a_moment_shows_it_and_the_others_start_at_0(serve):
    server = serve(str(EXAMPLES / "befunge" / "countdown.b93"), "--at", "40")
    async with aiohttp.ClientSession() as session:
        websocket = await session.ws_connect(f"ws://127.0.0.1:{server.port}/ws/at/break%3Acell%3A5%2C0%2Fexec%20hit%202"
                                             "?width=100&height=30")
        at_hit = Tab(websocket, (100, 30))
        await at_hit.shows("step 19 ·")  # the second print, not the server's --at 40
        websocket = await session.ws_connect(f"ws://127.0.0.1:{server.port}/ws?width=100&height=30")
        await Tab(websocket, (100, 30)).shows("step 40 ·")


# ----- in a real browser ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def chromium():
    """Debian's chromium driven by Playwright (skips outside CI when either is missing)."""
    need(None if os.path.exists(CHROMIUM) else "chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        need("Playwright for Python is not installed (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def rows(page) -> list[str]:
    """The terminal's rows as text (xterm.js keeps them in ``.xterm-rows``)."""
    return page.inner_text(".xterm-rows").split("\n")


def shows(page, wanted: str, seconds: float = 20) -> list[str]:
    end = time.monotonic() + seconds
    while True:
        screen = rows(page)
        if any(wanted in row for row in screen):
            return screen
        assert time.monotonic() < end, f"the page never showed {wanted!r}:\n" + "\n".join(screen)
        time.sleep(0.05)


def open_page(chromium, server: Server):
    """A tab on the server's page, showing the debugger (the page gives it the keyboard)."""
    page = chromium.new_page(viewport={"width": 1400, "height": 900})
    page.goto(server.url)
    page.wait_for_selector(".xterm-rows", timeout=30_000)
    shows(page, "step 0 ·", 30)
    return page


def test_the_page_takes_keys_at_once_in_the_systems_font_and_asks_no_other_host(serve, chromium):
    server = serve(str(EXAMPLES / "fifteen" / "99.15"))
    page = chromium.new_page(viewport={"width": 1400, "height": 900})
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.on("websocket", lambda websocket: asked.append(websocket.url))
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(server.url)
    shows(page, "step 0 ·", 30)
    assert page.title() == "99.15 · esodbg"
    assert page.evaluate("document.activeElement.className") == "xterm-helper-textarea"
    page.keyboard.press("n")  # no click first: a click on the board would set a breakpoint
    shows(page, "step 1 ·")
    assert page.evaluate("document.fonts.size") == 0  # no web font: the system's monospace
    assert f"ws://127.0.0.1:{server.port}/ws?width=" in " ".join(asked)
    assert all(url.startswith((server.url + "/", f"ws://127.0.0.1:{server.port}/")) for url in asked), asked
    assert errors == []  # (a 404 for /favicon.ico; a focus message sent before the socket opened)
    page.close()


def test_the_debugger_in_chromium_steps_breaks_on_a_clicked_cell_continues_and_quits(serve, chromium):
    server = serve(str(EXAMPLES / "fifteen" / "99.15"))
    page = open_page(chromium, server)
    before = rows(page)
    page.keyboard.press("n")
    after = shows(page, "step 1 ·")
    assert "[ ^@  ]" in before[5] and "[ <+  ]" in after[2]  # the empty square moved up: (1, 5) → (0, 5)
    assert "<+  ]" not in before[2] and "^@  ]" not in after[5]

    # A click on the cell of '>>' (row 2, column 0) sets a breakpoint there.
    y = next(i for i, row in enumerate(after) if ">>    <_" in row)
    box = page.locator(".xterm-rows").bounding_box()
    width, height = box["width"] / max(map(len, after)), box["height"] / len(after)
    page.mouse.click(box["x"] + (after[y].index(">>") + 0.5) * width, box["y"] + (y + 0.5) * height)
    shows(page, "● (2, 0) >> hits 0")

    page.keyboard.press("c")  # the empty square arrives at (2, 0) after step 8
    stopped = shows(page, "breakpoint (2, 0) >>, hit 1")
    assert any("PAUSED  step 8 ·" in row for row in stopped)

    page.keyboard.press("q")
    page.wait_for_selector("text=Session ended.", state="visible", timeout=10_000)
    page.close()
    assert server.stop() < 1


def test_a_piet_picture_shows_its_codels_in_their_true_colours(serve, chromium):
    """Issue 46: the browser draws each codel in its own colour (xterm.js's cells' backgrounds),
    every colour of the picture, not the nearest of a palette."""
    from esodbg.engines.registry import by_name
    from esodbg.engines.piet.parser import RGB

    echo = EXAMPLES / "piet" / "echo.png"
    piet = by_name("piet")
    program = piet.parse(piet.decode(echo.read_bytes(), str(echo)), str(echo))
    wanted = {f"#{RGB[c]:06x}" for c in program.codels}
    page = open_page(chromium, serve(str(echo)))
    shown = set(re.findall(r"background-color:\s*(#[0-9a-f]{6})", page.inner_html(".xterm-rows")))
    assert len(wanted) == 9 and wanted <= shown, wanted - shown
    page.close()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_the_server_within_a_second_with_a_tab_open_and_no_app_left(serve, chromium, tmp_path, sig):
    program = tmp_path / "hello.15"
    shutil.copy(EXAMPLES / "fifteen" / "hello.15", program)
    server = serve(str(program))
    page = open_page(chromium, server)
    [app] = apps(program)
    assert os.getsid(app) == app != os.getsid(server.process.pid)  # a Ctrl+C at the terminal is the server's
    assert server.stop(sig) < 1  # (the open tab would hold it ~24 s if it were not closed)
    wait_until(lambda: apps(program) == [], 2, "the tab's app quit")  # (its last moments may outlive the server)
    page.wait_for_selector("text=Session ended.", state="visible", timeout=10_000)
    page.close()


def test_closing_a_tab_ends_its_app_and_not_the_others(serve, chromium, tmp_path):
    program = tmp_path / "hello.15"
    shutil.copy(EXAMPLES / "fifteen" / "hello.15", program)
    server = serve(str(program))
    first, second = open_page(chromium, server), open_page(chromium, server)
    assert len(apps(program)) == 2  # one app per tab
    first.close()
    wait_until(lambda: len(apps(program)) == 1, 5, "the closed tab's app quit")
    second.keyboard.press("n")
    shows(second, "step 1 ·")  # the other tab goes on
    second.close()
    wait_until(lambda: apps(program) == [], 5, "the second tab's app quit")


GLYPHS = """(index) => {
  const row = document.querySelector('.xterm-rows').children[index];
  const out = [];
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    for (let i = 0; i < text.length;) {
      const n = text.codePointAt(i) > 0xffff ? 2 : 1;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + n);
      const box = range.getBoundingClientRect();
      out.push([text.slice(i, i + n), box.left, box.width]);
      i += n;
    }
  }
  return out;
}"""


def test_an_aheui_board_of_wide_and_narrow_cells_lines_up_in_chromium(serve, chromium, tmp_path):
    """Aheui's cells are two columns whatever the character (syllables, an emoji and a full-width
    form fill them, a narrow one is padded, a tab and a combining mark are a placeholder), then
    one for the arrow: on the page, as drawn, every cell of every row starts 3 columns after the
    one before it, and the board's right edge is at the same place on every row."""
    program = tmp_path / "mixed.aheui"
    program.write_text("반a😀받\t다\n빠Ａ\u0301ㅂ망망\n\n희", "utf-8")
    page = open_page(chromium, serve(str(program)))
    screen = rows(page)
    cells = {0: "반a😀받·다", 1: "빠Ａ·ㅂ망망", 3: "희"}
    starts, edges = {}, set()
    for y, wanted in cells.items():
        index = next(i for i, row in enumerate(screen) if row.startswith(f"│ {y} "))
        glyphs = page.evaluate(GLYPHS, index)
        narrow = glyphs[0][2]  # the border's width: one column
        at, found = 3, []  # past "│ y "
        for glyph in wanted:
            at = next(i for i in range(at, len(glyphs)) if glyphs[i][0] == glyph)
            found.append(glyphs[at][1])
            at += 1
        starts[y] = found
        edges.add(round(next(left for glyph, left, _ in glyphs[at:] if glyph == "│"), 1))
        for k, left in enumerate(found):
            assert abs(left - (found[0] + 3 * k * narrow)) < 0.5, (y, k, wanted[k], found)
    assert starts[0][0] == starts[1][0] == starts[3][0] and len(edges) == 1, (starts, edges)
    page.close()


# ----- opening at a moment (issue 45) ---------------------------------------------------------------
def test_a_page_at_a_moment_gives_its_tab_a_websocket_that_carries_it(serve):
    server = serve(str(EXAMPLES / "befunge" / "countdown.b93"))
    with urllib.request.urlopen(f"{server.url}/?at=50%25", timeout=10) as response:
        page = response.read().decode()
    assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws/at/50%25"' in page
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{server.url}/?at=half", timeout=10)
    assert refused.value.code == 400 and "is not a moment of the run" in refused.value.read().decode()


def test_the_page_at_a_moment_in_chromium(serve, chromium):
    server = serve(str(EXAMPLES / "befunge" / "countdown.b93"))
    page = chromium.new_page(viewport={"width": 1400, "height": 900})
    page.goto(server.url + "/?at=33")
    page.wait_for_selector(".xterm-rows", timeout=30_000)
    shows(page, "step 33 ·", 30)
    page.close()
