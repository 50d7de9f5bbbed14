"""Befunge-98 in the debugger: the key that cycles which instruction pointer the panels follow
(issue 35: "every IP of a t program drawn in its own colour with a key to cycle which one the
panels follow")."""

from __future__ import annotations

from pathlib import Path

import pytest

from esodbg.app.debugapp import DebuggerApp
from esodbg.app.widgets.board import BoardView
from esodbg.app.widgets.source import SourceView
from esodbg.engines.debugger import Session
from esodbg.engines.registry import by_name

from conftest import EXAMPLES
from screen import screen_lines

THREADS = EXAMPLES / "befunge" / "threads.b98"


def registers(app) -> dict[str, str]:
    """The Registers panel's values by name, as the view the app shows has them."""
    view = app.session.view()
    return {value.name: value.value for value in next(p for p in view.panels if p.name == "registers").values}


async def test_f_cycles_the_ip_the_panels_follow_then_back_to_the_one_that_runs_next():
    app = DebuggerApp(by_name("befunge98"), THREADS, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "2", "n")  # two t's ran: three IPs
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        view = app.session.view()
        ids, runs = view.follows, registers(app)["ip"].split()[0]
        assert len(ids) == 3 and view.followed is None and runs in ids
        seen = []
        for _ in ids:
            await pilot.press("f")
            await pilot.pause()
            view = app.session.view()
            seen.append(view.followed)
            shown = registers(app)["ip"]
            assert shown.split()[0] == view.followed  # the panels show the followed IP
            ip = next(value for value in next(p for p in view.panels if p.name == "ips").values if value.current)
            assert ip.name == f"ip {view.followed}"
            if view.followed != runs:
                assert f"ip {runs} runs next" in shown
        assert seen == list(ids)
        await pilot.press("f")  # after the last: the one that runs next again
        await pilot.pause()
        assert app.session.view().followed is None and registers(app)["ip"].split()[0] == runs
        await pilot.press("n")  # stepping keeps following what was chosen
        await pilot.press("f")
        await pilot.pause()
        first = app.session.view().followed
        await pilot.press("n")
        await pilot.pause()
        assert app.session.view().followed == first


async def test_f_says_so_when_there_is_one_ip():
    app = DebuggerApp(by_name("befunge98"), THREADS, "", restore=False, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f")
        await pilot.pause()
        assert app.session.view().followed is None
        assert any("one instruction pointer" in str(n.message) for n in app._notifications)


# ----- issue 43: the words and the layout of Befunge as it reads ----------------------------------

def next_after(dialect: str, text: str, steps: int) -> str:
    """What the status line says comes next after ``steps`` steps of ``text``."""
    language = by_name(dialect)
    session = Session(language, language.parse(text, "t.b93" if dialect == "befunge93" else "t.b98"), "", True)
    session.step(steps)
    return session.view().next


def test_next_shows_a_backslash_as_itself_and_the_closing_quote_as_ending_the_string():
    assert next_after("befunge93", "1\\@", 1) == "'\\'"  # not '\\\\', Python's escape
    assert next_after("befunge93", '"a"@', 1) == "push 'a'"
    assert next_after("befunge93", '"a"@', 2) == "'\"' ends the string"  # not push '"'
    assert next_after("befunge93", "'@", 0) == "\"'\""
    assert next_after("befunge98", '"\\"@', 2) == "'\"' ends the string"


def test_other_ips_are_marked_with_a_hollow_arrow_not_a_digit():
    """A digit after another IP's cell read as part of the code: ``1`` beside a ``0`` was ``10``."""
    language = by_name("befunge98")
    session = Session(language, language.parse(THREADS.read_text(), "threads.b98"), "", True)
    session.step(12)
    others = [cell for row in session.view().boards[0].rows for cell in row if cell.role == "ip-other"]
    assert others and all(cell.sub in "▷◁△▽◇" and not cell.sub.isdigit() for cell in others)


def test_check_warns_of_an_open_string_only_inside_the_playfield():
    """A ``"`` past column 80 is not part of the program (its own warning says so): no warning
    that it opens a string."""
    line = "@" + " " * 85 + '"\n'
    messages = [w.message for w in by_name("befunge93").parse(line, "long.b93").warnings]
    assert len(messages) == 1 and "not part of the program" in messages[0]
    inside = [w.message for w in by_name("befunge93").parse('@ "abc\n', "open.b93").warnings]
    assert len(inside) == 1 and "never closes" in inside[0]


WIDE = "v" + "".join(str(x % 10) for x in range(1, 79)) + "<\n" + \
    "  this line is long enough to wrap in the source pane of an eighty-column terminal, and more text\n" + \
    ">" + " " * 78 + "@\n"


@pytest.mark.parametrize("size, whole", [((80, 24), False), ((120, 40), True)], ids=["80x24", "120x40"])
async def test_funge_space_keeps_its_shape_one_column_a_cell_and_the_source_does_not_wrap(
        tmp_path, monkeypatch, size, whole):
    """Issue 43 item 4: Befunge-93's 80 columns are one screen column a cell when two do not fit —
    at 120×40 the whole row is in sight beside the panels — and the Source pane keeps each line
    of the program on one row (a grid wraps nowhere), with its line number."""
    monkeypatch.chdir(tmp_path)
    Path("wide.b93").write_text(WIDE)
    app = DebuggerApp(by_name("befunge93"), Path("wide.b93"), "", restore=False, remember=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board, source = app.query_one(BoardView), app.query_one(SourceView)
        assert board.narrow
        first = WIDE.splitlines()[0]
        lines = screen_lines(app)
        shown = next(line for line in lines if "v1234" in line)
        assert (first in shown) == whole and first[:30] in shown  # the row as written, a column a cell
        assert len(source._rows) == len(WIDE.splitlines())  # no line wrapped
        assert any("2    this line is long enough" in line for line in lines)  # on its own row, numbered


async def test_at_80x24_the_three_panels_fit_and_the_ip_that_runs_next_is_in_sight(monkeypatch):
    """Issue 43 item 4: Befunge-98's registers, instruction pointers and stack ran past their
    column at 80×24 (the stack's bottom border cut, a scrollbar beside them); now they share it,
    the listing of IPs kept on the one that runs next even when it has a row for it alone."""
    monkeypatch.chdir(THREADS.parent)
    app = DebuggerApp(by_name("befunge98"), Path(THREADS.name), "", restore=False, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "2", "n")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        right = app.screen.query_one("#right")
        assert right.max_scroll_y == 0
        for panel in right.query(".panel"):
            assert panel.region.bottom <= right.region.bottom and panel.region.height >= 3
        ips = app.screen.query_one("#panel-ips")
        current = next(i for i, value in enumerate(ips.values) if value.current)
        assert current > 0  # the case that showed the row before it
        assert ips.scroll_offset.y <= current < ips.scroll_offset.y + ips.scrollable_content_region.height
