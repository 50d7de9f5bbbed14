"""Befunge-98 in the debugger: the key that cycles which instruction pointer the panels follow
(issue 35: "every IP of a t program drawn in its own colour with a key to cycle which one the
panels follow")."""

from __future__ import annotations

from esodbg.app.debugapp import DebuggerApp
from esodbg.engines.registry import by_name

from conftest import EXAMPLES

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
