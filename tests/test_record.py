"""``esodbg record``: a run as an animation, in the debugger's own screen.

Every bundled example of every language is recorded and written in all three formats; each
format is read back as its players would: the ``.cast`` played in a terminal emulator (pyte),
the ``.svg`` parsed as XML, the ``.gif`` opened by Pillow."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pyte
import pytest
from PIL import Image
from rich.style import Style

from esodbg.app.record import Frame, Interrupted, Recording, Script, play, write
from esodbg.app.record.player import HOLD, sample
from esodbg.engines import registry

from children import default_sigint
from conftest import EXAMPLES, examples_of
from external import need

ESODBG = Path(sys.executable).parent / "esodbg"
CHROMIUM = "/usr/bin/chromium"
SVG = "{http://www.w3.org/2000/svg}"
PARSES_NOT = {"err_missing_bar.sgo", "err_sign.sgo"}  # examples of parse errors


def examples() -> list[Path]:
    return sorted(path for language in registry.languages() for path in examples_of(language)
                  if path.name not in PARSES_NOT)


def record(path: Path, script: Script = Script(), size=(100, 30), input_text: str = ""):
    return play(registry.for_file(path), path, {}, input_text, script, size)


def text_of(rows) -> list[str]:
    return ["".join(text for text, _ in row) for row in rows]


def played(cast: Path) -> tuple[dict, list[list], list[str]]:
    """The header, the events, and the screen's text once every event has been played."""
    lines = cast.read_text("utf-8").splitlines()
    header, events = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    for _, kind, data in events:
        assert kind == "o"
        stream.feed(data)
    return header, events, screen.display


@pytest.mark.parametrize("path", examples(), ids=lambda path: path.name)
def test_every_bundled_example_is_written_in_all_three_formats(path, tmp_path):
    recording = record(path, Script(frames=4), size=(80, 24))
    assert 2 <= len(recording.frames) <= 4
    for suffix in (".cast", ".svg", ".gif"):
        write(recording, tmp_path / f"run{suffix}")
    header, events, screen = played(tmp_path / "run.cast")
    assert screen == text_of(recording.frames[-1].rows)
    assert ElementTree.parse(tmp_path / "run.svg").getroot().tag == f"{SVG}svg"
    assert Image.open(tmp_path / "run.gif").n_frames == len(recording.frames)


def test_the_cast_plays_to_the_final_state_and_the_output(tmp_path):
    recording = record(EXAMPLES / "fifteen" / "hello.15")
    write(recording, tmp_path / "hello.cast")
    header, events, screen = played(tmp_path / "hello.cast")
    assert header["version"] == 2 and (header["width"], header["height"]) == (100, 30)
    times = [time for time, _, _ in events]
    assert times == sorted(times) and times[0] == 0
    assert len(events) == 25 + 1  # step 0 and the 24 steps, then the hold
    assert times[-1] - times[-2] == pytest.approx(0.1 + HOLD)
    shown = "\n".join(screen)
    assert "HALTED  step 24 ·" in shown and "Hello" in shown  # the end, and the program's output


def test_a_frame_redraws_only_what_changed(tmp_path):
    recording = record(EXAMPLES / "fifteen" / "hello.15")
    write(recording, tmp_path / "hello.cast")
    _, events, _ = played(tmp_path / "hello.cast")
    first, later = len(events[0][2]), max(len(data) for _, _, data in events[1:])
    # A later frame redraws the lines that changed: the board's, the status line and the
    # timeline (which rescales as the run grows, its output markers with it).
    assert later < first / 2


def codel_colours(path: Path) -> set[str]:
    """The true colours of a Piet picture's codels, as ``#rrggbb``."""
    from esodbg.engines.piet.parser import RGB

    language = registry.for_file(path)
    program = language.parse(language.decode(path.read_bytes(), str(path)), str(path))
    return {f"#{RGB[c]:06x}" for c in program.codels}


def test_a_piet_picture_is_recorded_in_its_codels_true_colours(tmp_path):
    """Each codel a square of its own colour (issue 46): the SVG fills and the GIF's pixels hold
    every colour of the picture, at two columns a codel and zoomed out (▀: the codels' colours as
    the half blocks' foreground and background)."""
    echo = EXAMPLES / "piet" / "echo.png"
    recording = record(echo, Script(steps=2), size=(120, 40))
    write(recording, tmp_path / "echo.svg")
    write(recording, tmp_path / "echo.gif")
    fills = set(re.findall(r"fill:(#[0-9a-f]{6})", (tmp_path / "echo.svg").read_text("utf-8")))
    wanted = codel_colours(echo)
    assert len(wanted) == 9 and wanted <= fills
    with Image.open(tmp_path / "echo.gif") as gif:
        pixels = {f"#{r:02x}{g:02x}{b:02x}" for r, g, b in gif.convert("RGB").get_flattened_data()}
    assert wanted <= pixels
    sys.path.insert(0, str(EXAMPLES / "piet"))
    import paint

    codels = paint.big()
    image = Image.new("RGB", (len(codels[0]), len(codels)))
    image.putdata([(paint.RGB[c] >> 16, paint.RGB[c] >> 8 & 255, paint.RGB[c] & 255) for row in codels for c in row])
    image.save(tmp_path / "zoom.png")
    recording = record(tmp_path / "zoom.png", Script(steps=1), size=(120, 40))
    assert any("▀" in text for text in text_of(recording.frames[-1].rows))  # zoomed out
    write(recording, tmp_path / "zoom.svg")
    fills = set(re.findall(r"fill:(#[0-9a-f]{6})", (tmp_path / "zoom.svg").read_text("utf-8")))
    assert codel_colours(tmp_path / "zoom.png") <= fills


def test_the_svg_has_a_frame_per_recorded_frame_and_the_output(tmp_path):
    recording = record(EXAMPLES / "messiscript" / "hola_mundo.messi", Script(frames=40))
    write(recording, tmp_path / "hola.svg")
    root = ElementTree.parse(tmp_path / "hola.svg").getroot()
    frames = [g for g in root.iter(f"{SVG}g") if g.get("class") == "frame"]
    assert len(frames) == len(recording.frames) == 40
    texts = "".join("".join(element.itertext()) for element in root.iter(f"{SVG}text"))
    assert "¡Hola mundo!" in texts
    style = root.find(f"{SVG}style").text
    assert "@keyframes play" in style and style.count("transform:translateY") == 40 + 1  # and the end's


def test_the_gif_has_the_frames_and_the_size_asked_for(tmp_path):
    small = record(EXAMPLES / "fifteen" / "hello.15", Script(frames=6), size=(80, 24))
    large = record(EXAMPLES / "fifteen" / "hello.15", Script(frames=6), size=(110, 32))
    write(small, tmp_path / "small.gif")
    write(large, tmp_path / "large.gif")
    small_gif, large_gif = Image.open(tmp_path / "small.gif"), Image.open(tmp_path / "large.gif")
    assert small_gif.n_frames == len(small.frames) == 6 and large_gif.n_frames == 6
    # agg draws a cell 1.4 font sizes high and a monospace advance wide, plus a fixed margin.
    cell_width = (large_gif.width - small_gif.width) / 30
    cell_height = (large_gif.height - small_gif.height) / 8
    assert cell_height == pytest.approx(14 * 1.4, abs=0.2) and 7 <= cell_width <= 10
    assert small_gif.width == pytest.approx(80 * cell_width, abs=30)


def test_a_long_run_is_sampled_evenly_from_its_start_to_its_end():
    recording = record(EXAMPLES / "fifteen" / "99.15", Script(frames=10))
    assert len(recording.frames) == 10 and recording.steps == 604
    assert "step 0 ·" in "\n".join(text_of(recording.frames[0].rows))
    assert "HALTED  step 604 ·" in "\n".join(text_of(recording.frames[-1].rows))
    assert sample(604, 9) == [66, 133, 200, 267, 335, 402, 469, 536, 603]  # the steps 67, 134 … 604


def test_steps_until_and_unit_end_the_run_where_asked():
    steps = record(EXAMPLES / "fifteen" / "99.15", Script(steps=5))
    assert len(steps.frames) == 6 and "step 5 ·" in "\n".join(text_of(steps.frames[-1].rows))
    until = record(EXAMPLES / "fifteen" / "99.15", Script(until=("cell:2,0",)))
    assert until.steps == 8 and "breakpoint (2, 0) >>, hit 1" in "\n".join(text_of(until.frames[-1].rows))
    ttg = registry.by_name("ttg")
    keystroke = [unit.name for unit in ttg.units].index("keystroke")
    units = record(EXAMPLES / "ttg" / "sigma.ttg", Script(unit=keystroke))
    micro = record(EXAMPLES / "ttg" / "sigma.ttg")
    assert units.steps == micro.steps and len(units.frames) < len(micro.frames)


def test_a_run_that_never_ends_is_cut_and_says_so(monkeypatch):
    from esodbg.app.record import player

    monkeypatch.setattr(player, "DEFAULT_STEPS", 500)
    endless = record(EXAMPLES / "fifteen" / "truth.15", Script(frames=5), input_text="1")  # 1 loops for ever
    assert endless.capped and endless.steps == 500
    assert not record(EXAMPLES / "fifteen" / "truth.15", Script(steps=50, frames=5), input_text="1").capped


def test_a_runtime_error_is_the_last_frame(tmp_path):
    recording = record(EXAMPLES / "fifteen" / "countdown.15")  # no input: '^?' fails at end of input
    last = "\n".join(text_of(recording.frames[-1].rows))
    assert "ERROR  step 1 ·" in last and "Runtime error" in last and "end of input" in last


def test_control_characters_reach_the_terminal_as_one_drawn_cell_each():
    """A tab or CR of the source, a control character the program prints: each is drawn (a
    space, ␅), never sent raw, which would move the terminal's cursor (the screen breaks)."""
    source = record(EXAMPLES / "stoned-go" / "comments_ws.sgo", Script(frames=2))  # tabs, CRLF line ends
    output = record(EXAMPLES / "scrabble" / "main.scrabble", Script(frames=2))  # prints character 5
    for recording in (source, output):
        for frame in recording.frames:
            assert not any(ord(char) < 32 for line in text_of(frame.rows) for char in line)
    assert any("{ ñ : ( ) }" in line for line in text_of(source.frames[0].rows))
    assert any("␅" in line for line in text_of(output.frames[-1].rows))


# ----- the command ---------------------------------------------------------------------------
def esodbg(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(ESODBG), *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_keys_are_pressed_a_frame_after_each(tmp_path):
    out = tmp_path / "keys.cast"
    result = esodbg("record", str(EXAMPLES / "fifteen" / "99.15"), "-o", str(out), "--size", "100x30",
                    "--keys", "n n N c")
    assert result.returncode == 0, result.stderr
    _, events, screen = played(out)
    assert len(events) == 1 + 4 + 1  # the start, a frame a key, the hold
    assert "HALTED  step 604 ·" in "\n".join(screen)
    assert "wrote" in result.stderr and "5 frames" in result.stderr


def test_until_stops_at_the_breakpoint_and_leaves_remembered_sessions_alone(tmp_path):
    out = tmp_path / "until.svg"
    result = esodbg("record", str(EXAMPLES / "fifteen" / "99.15"), "-o", str(out), "--until", "cell:2,0")
    assert result.returncode == 0, result.stderr
    assert "up to step 8" in result.stderr
    import os

    assert not any(Path(os.environ["ESODBG_STATE_DIR"]).rglob("*.json"))  # the breakpoint was not remembered


@pytest.mark.parametrize("args, message", [
    (["-o", "run.mp4"], "name it .cast, .svg or .gif"),
    (["-o", "run.cast", "--keys", "n", "--steps", "3"], "--keys plays the keys given"),
    (["-o", "run.cast", "--until", "cell:1,1 if nope"], "--until 'cell:1,1 if nope': 'nope': unknown name"),
    (["-o", "run.cast", "--unit", "keystroke"], "--unit 'keystroke': 15 steps by step only"),
    (["-o", "run.cast", "--size", "ten"], "--size 'ten': write COLUMNSxROWS"),
    (["-o", "run.cast", "--size", "60x20"], "--size 60x20: the debugger's screen needs at least 80x24"),
    (["-o", "no/such/folder/run.svg"], "cannot write no/such/folder/run.svg: No such file or directory"),
    (["-o", "no/such/folder/run.gif"], "cannot write no/such/folder/run.gif: No such file or directory"),
    (["-o", "run.cast", "--keys", "n foo zz c"], "--keys: 'foo', 'zz' are not keys.  A key is one character"),
    (["-o", "run.cast", "--keys", "n Enter"], "one of enter, escape, tab, space"),
    (["-o", "run.gif", "--fps", "60"], "--fps times --speed is 60 frames a second: a GIF shows at most 50"),
    (["-o", "run.svg", "--fps", "40", "--speed", "2"], "80 frames a second: a screen shows at most 60"),
    (["-o", "run.cast", "--no-loop"], "--no-loop: a .cast does not say whether it loops"),
    (["-o", "run.gif", "--poster", "first"], "--poster: only an .svg has one"),
])
def test_bad_usage_is_a_clear_error_exit_2(args, message, tmp_path):
    result = esodbg("record", str(EXAMPLES / "fifteen" / "hello.15"), *args, cwd=tmp_path)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
    assert not any(tmp_path.iterdir())  # nothing written


def test_a_program_that_does_not_parse_is_refused_with_its_position(tmp_path):
    result = esodbg("record", str(EXAMPLES / "stoned-go" / "err_sign.sgo"), "-o", str(tmp_path / "x.cast"))
    assert result.returncode == 2 and "err_sign.sgo:" in result.stderr and not (tmp_path / "x.cast").exists()


def test_keys_show_a_second_each_unless_fps_says_otherwise(tmp_path):
    out = tmp_path / "keys.cast"
    result = esodbg("record", str(EXAMPLES / "fifteen" / "99.15"), "-o", str(out), "--keys", "n n")
    assert result.returncode == 0, result.stderr
    assert [time for time, _, _ in played(out)[1]] == [0, 1, 2, 3 + HOLD]  # a key a second, the last then held
    result = esodbg("record", str(EXAMPLES / "fifteen" / "99.15"), "-o", str(out), "--keys", "n n", "--fps", "4")
    assert [time for time, _, _ in played(out)[1]] == [0, 0.25, 0.5, 0.75 + HOLD]


def test_speed_hold_and_loop_are_how_it_plays(tmp_path):
    out = tmp_path / "run.cast"
    result = esodbg("record", str(EXAMPLES / "fifteen" / "hello.15"), "-o", str(out), "--steps", "2",
                    "--fps", "5", "--speed", "2", "--hold", "7.5")
    assert result.returncode == 0, result.stderr
    assert [time for time, _, _ in played(out)[1]] == [0, 0.1, 0.2, 0.3 + 7.5]  # 1 / (5 * 2) s a frame
    recording = record(EXAMPLES / "fifteen" / "hello.15", Script(steps=3))
    write(recording, tmp_path / "once.gif", loop=False)
    write(recording, tmp_path / "loops.gif")
    assert "loop" not in Image.open(tmp_path / "once.gif").info  # no NETSCAPE loop block: played once
    assert Image.open(tmp_path / "loops.gif").info["loop"] == 0  # for ever
    write(recording, tmp_path / "once.svg", loop=False)
    write(recording, tmp_path / "loops.svg")
    assert "steps(1,end) 1 forwards" in (tmp_path / "once.svg").read_text()  # ends on the last frame
    assert "steps(1,end) infinite" in (tmp_path / "loops.svg").read_text()


def test_a_gif_keeps_every_frame_up_to_50_a_second(tmp_path):
    """agg draws at most --fps-cap frames a second and merges those of one tick: at 30 fps and
    more it lost a quarter to a third of them.  One recording, its frames' times scaled to each
    rate (a frame shows for 1 / fps seconds: recording it again at each rate drew the same frames)."""
    recorded = record(EXAMPLES / "fifteen" / "99.15", Script(frames=40, fps=30), size=(80, 24))
    assert all(frame.duration == pytest.approx(1 / 30) for frame in recorded.frames[:-1])
    for fps in (30, 40, 50):
        recording = recorded._replace(frames=[frame._replace(duration=frame.duration * 30 / fps)
                                              for frame in recorded.frames])
        write(recording, tmp_path / f"run{fps}.gif")
        gif = Image.open(tmp_path / f"run{fps}.gif")
        assert gif.n_frames == len(recording.frames) == 40, fps
        delays = []
        for index in range(gif.n_frames - 1):
            gif.seek(index)
            delays.append(gif.info["duration"])
        assert min(delays) >= 20 and sum(delays) == pytest.approx(39 * 1000 / fps, abs=10)


def band(colours: list[str]) -> Recording:
    """A recording of 80x24 screens, frame ``i`` a band of ``colours[i]`` (rows 0-9) over black
    (the screen's colour, so the band is drawn a rect a row)."""
    def rows(colour: str) -> tuple:
        return tuple(((" " * 80, Style(bgcolor=colour if y < 10 else "#000000")),) for y in range(24))

    return Recording((80, 24), "band", [Frame(rows(colour), 0.5) for colour in colours], 1, False)


@pytest.fixture
def still_chromium():
    """Debian's chromium driven by Playwright, set to prefer reduced motion as a reader can (a
    page's emulated preference does not reach the SVG documents of its images).  For one test
    at a time: Playwright's loop, left running, would keep the recorder's app from starting."""
    need(None if os.path.exists(CHROMIUM) else "chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        need("Playwright for Python is not installed (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-3d-apis", "--force-prefers-reduced-motion"])
        yield browser
        browser.close()


def test_an_svg_at_half_size_has_no_seams_and_shows_its_poster_where_motion_is_reduced(tmp_path, still_chromium):
    """At half size a row is 8.5 px high: without crisp edges each row's rect was smoothed into
    the black under it at every other row's edge, a dark line across the band."""
    for poster, shown in (("last", (0, 0, 255)), ("first", (255, 0, 0))):
        svg = tmp_path / f"band-{poster}.svg"
        write(band(["#ff0000", "#0000ff"]), svg, poster=poster)
        html = tmp_path / f"band-{poster}.html"
        html.write_text(f'<body style="margin:0"><img src="{svg.name}" style="width:336px"></body>')
        page = still_chromium.new_page(viewport={"width": 400, "height": 300})
        page.goto(html.as_uri())
        page.wait_for_function("document.images[0].complete")
        picture = tmp_path / f"band-{poster}.png"
        page.screenshot(path=str(picture), clip={"x": 0, "y": 0, "width": 336, "height": 204})
        page.close()
        image = Image.open(picture).convert("RGB")
        # The band is 10 rows of 17 px: 85 px at half size, every pixel row of it the poster's colour.
        column = [image.getpixel((168, y)) for y in range(85)]
        assert column == [shown] * 85, (poster, sorted(set(column)))
        assert image.getpixel((168, 150)) == (0, 0, 0)


@pytest.mark.parametrize("suffix", [".cast", ".svg", ".gif"])
def test_writing_is_whole_or_not_at_all(suffix, tmp_path):
    recording = record(EXAMPLES / "fifteen" / "hello.15", Script(frames=4), size=(80, 24))
    target = tmp_path / f"run{suffix}"
    target.write_text("before")
    stop = threading.Event()
    stop.set()
    with pytest.raises(Interrupted):
        write(recording, target, cancel=stop)
    assert target.read_text() == "before" and list(tmp_path.iterdir()) == [target]  # no part file left
    write(recording, target)
    assert target.read_bytes() != b"before" and list(tmp_path.iterdir()) == [target]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_a_recording_within_a_second_writing_nothing(sig, tmp_path):
    """Ctrl+C hung 30 s, then a traceback and exit 1: the KeyboardInterrupt landed in the headless
    app and the recorder waited for a screen that never came."""
    out = tmp_path / "run.svg"
    out.write_text("before")
    master, terminal = pty.openpty()  # stderr a terminal: the progress line says it is recording frames
    child = subprocess.Popen([str(ESODBG), "record", str(EXAMPLES / "fifteen" / "countdown.15"), "--input", "8330",
                              "-o", str(out)], stdout=subprocess.DEVNULL, stderr=terminal, start_new_session=True,
                             preexec_fn=default_sigint)
    os.close(terminal)

    def read(wait: float) -> bytes:
        try:
            return os.read(master, 4096) if select.select([master], [], [], wait)[0] else b""
        except OSError:  # the child has ended and closed the terminal
            return b""

    said = b""
    try:
        while b"recording frame 3 of 300" not in said:
            assert child.poll() is None, said
            said += read(1)
        sent = time.monotonic()
        child.send_signal(sig)
        child.wait(timeout=30)
        seconds = time.monotonic() - sent
        while more := read(0):
            said += more
    finally:
        child.kill()
        os.close(master)
    text = said.decode(errors="replace")
    assert child.returncode == 130 and seconds < 1.0, (child.returncode, seconds, text)
    assert "esodbg: interrupted: nothing written" in text and "Traceback" not in text
    assert out.read_text() == "before" and list(tmp_path.iterdir()) == [out]
