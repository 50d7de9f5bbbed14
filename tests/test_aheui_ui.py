"""What the debugger shows of an Aheui run (issue 47, spec "What the debugger shows"): the board
of wide cells — every cell two terminal columns and one for its arrow, whatever mix of Hangul
syllables and narrow, wide, control or combining comment characters a row holds, measured as the
terminal measures (Rich's ``cell_len``) —, the cursor with its direction and speed, the next cell,
the syllable decomposed, the storages with the selected one marked; and frames at 80x24 and
120x40."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.widgets.board import BoardView, wide_glyph
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name
from esodbg.engines.view import View

AHEUI = by_name("aheui")
# Syllables beside an ASCII letter, an emoji, a full-width letter, a tab, a combining mark, a
# compatibility jamo: every row's cells must line up in columns.
MIXED = "반a😀받\t다\n빠Ａ\u0301ㅂ망망\n\n희"
# Values in a stack, the queue and the pipe, then ㄱ selected (17 steps).
STORES = "반받상밤밦샇밝빠사빠다망밟밣쌍삭쌍상ㅇㅇ희\n"


def session(text: str, steps: int) -> Session:
    s = Session(AHEUI, AHEUI.parse(text, "t.aheui"), "", True)
    s.step(steps)
    return s


def values(view: View, name: str) -> dict[str, object]:
    (panel,) = [p for p in view.panels if p.name == name]
    return {v.name: v for v in panel.values}


def test_every_glyph_takes_exactly_two_terminal_cells():
    for ch in "반aＡ😀·ㅂ ":
        assert cell_len(wide_glyph(ch)) == 2


def test_cells_have_roles_by_command_group_and_the_cursor_its_momentum():
    view = session(MIXED, 0).view()
    board = view.boards[0]
    assert board.look == "wide"
    row0 = board.rows[0]
    assert (row0[0].role, row0[0].sub) == ("cursor", "↓")
    assert row0[1].role == "next" and row0[1].glyph == "a"  # 반's ㅏ turns the cursor right first (M3)
    assert row0[2].role == "comment" and row0[2].glyph == "😀"
    assert row0[4].glyph == "·"  # the tab: a dim placeholder
    assert board.rows[1][2].glyph == "·"  # the combining mark alone
    assert board.rows[2][0] is None and board.rows[3][1] is None  # past the end of a row: no cell


def test_the_syllable_is_decomposed_and_the_next_step_explained():
    view = session("반다희", 1).view()
    cursor = values(view, "cursor")
    assert cursor["cell"].value.startswith("다 = ㄷ + ㅏ · ㄷ add · ㅏ right 1")
    assert cursor["needs"].value == "2 values, none holds 1 → reverses"
    assert "reverse" in cursor["next"].value


def test_storages_show_values_next_first_and_the_selected_one():
    s = session(STORES, 17)
    view = s.view()
    rows = values(view, "storages")
    assert rows["▶ㄱ"].current and rows["▶ㄱ"].value == "(empty)"  # selected, empty: still listed
    assert rows[" ㅇ"].value == "front→back 4 6 8" and rows[" ∅"].value == "top→ 9 2"
    assert rows[" ㅎ"].value == "top→ 7 7" and "ㅃ pushes 7" in rows[" ㅎ"].note  # the pipe's last push (C6)
    assert "empty" in rows


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_every_rendered_row_lines_up_its_wide_cells(tmp_path, monkeypatch, size):
    monkeypatch.chdir(tmp_path)
    Path("mixed.aheui").write_text(MIXED, "utf-8")
    app = DebuggerApp(AHEUI, Path("mixed.aheui"), "", restore=False, remember=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.query_one(BoardView)
        left = board._margins[0]
        lines = [board.render_line(y) for y in range(1, 5)]
        for y, strip in enumerate(lines):
            assert strip.cell_length == board.size.width
            text = "".join(segment.text for segment in strip)
            line = MIXED.split("\n")[y]
            at = -1
            for x, ch in enumerate(line):
                if 0xAC00 <= ord(ch) <= 0xD7A3:  # each syllable where its column is, by cell width
                    at = text.index(ch, at + 1)
                    assert cell_len(text[:at]) == left + 3 * x, (y, x, ch)


FRAMES = [
    ("start", MIXED, []),
    ("storages", STORES, ["1", "7", "n"]),
]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name, text, keys", FRAMES, ids=[frame[0] for frame in FRAMES])
def test_aheui_frames(snap_compare, monkeypatch, tmp_path, name, text, keys, size):
    monkeypatch.chdir(tmp_path)
    Path(f"{name}.aheui").write_text(text, "utf-8")
    app = DebuggerApp(AHEUI, Path(f"{name}.aheui"), "", restore=False, remember=False)
    assert snap_compare(app, press=keys, terminal_size=size)


def _ink(gif: Path, size: tuple[int, int], row: int) -> int:
    """Pixels of the start of terminal row ``row`` in the GIF's first frame that differ from its
    commonest colour (its background)."""
    from PIL import Image

    image = Image.open(gif).convert("RGB")
    height = image.height / size[1]
    width = image.width / size[0]  # the board's first 24 columns: its row label and 7 cells
    band = image.crop((0, int(row * height), int(24 * width), int((row + 1) * height)))
    colours = band.getcolors(band.width * band.height)
    return band.width * band.height - max(colours)[0]


def test_the_gif_draws_the_hangul_glyphs(tmp_path, monkeypatch):
    """``record``'s GIF (agg) draws syllables with its fallback font (NanumGothicCoding): a row of
    syllables with no arrows holds far more ink than the same row of spaces."""
    monkeypatch.chdir(tmp_path)
    inks = []
    for name, text in (("hangul", "반밴밴밴밴밴밴희"), ("spaces", "반      희")):
        Path(f"{name}.aheui").write_text(text, "utf-8")
        done = subprocess.run([sys.executable, "-m", "esodbg.app", "record", "--steps", "1", "--size", "80x24",
                               "-o", f"{name}.gif", f"{name}.aheui"], capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr
        inks.append(_ink(Path(f"{name}.gif"), (80, 24), 2))
    assert inks[0] > inks[1] + 150, inks  # measured: 1233 vs 926 drawn; 882 vs 927 with no Hangul font
