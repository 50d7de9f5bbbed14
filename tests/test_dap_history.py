"""A variable's history in the editor (issue 45, point 7): ``evaluate`` of ``history LOCATION``
through ``esodbg dap`` answers the location's changes up to the step the program is stopped at,
as a query (``engines/query.py``) on ``data:LOCATION`` over a fresh run gives them, expandable
one change a child; a bad location is an error and the adapter goes on; the user's session does
not move; a long one runs off the request loop with a progress the editor can cancel."""

from __future__ import annotations

import threading

import pytest

from esodbg.app.dap.history import Cancelled, children, history
from esodbg.app.files import read_program
from esodbg.engines import registry
from esodbg.engines.debugger import Session
from esodbg.engines.expressions import show
from esodbg.engines.query import Queries

from conftest import EXAMPLES, examples_of
from dap_client import Client

COUNTDOWN = EXAMPLES / "befunge" / "countdown.b93"
BEFUNGE = registry.by_name("befunge93")
LOOP = "0>1+v\n ^  <\n"  # counts up for ever: stack[0] goes n, 1, n+1…
# counts up for ever, writing space(0,0) with its own value every round
REWRITE = "0>1+00g00pv\n ^        <\n"


def queried(language, source: str, location: str, upto: int, name: str = "x") -> list:
    """The hits of a query on ``data:LOCATION`` in a session of its own, up to step ``upto``."""
    session = Session(language, language.parse(source, name), "", True)
    queries = Queries(session, [f"data:{location}"])
    session.budget = upto
    session.continue_(None, None, queries.arrived)
    return [hit for hit in queries.queries[0].hits if hit.step <= upto]


def variables(client: Client, reference: int, **paging) -> list[dict]:
    return client.request("variables", {"variablesReference": reference, **paging})["body"]["variables"]


def test_history_lists_the_changes_a_query_gives_up_to_the_step_stopped_at():
    with Client() as client:
        client.launch(str(COUNTDOWN), stopOnEntry=True)
        client.request("setFunctionBreakpoints", {"breakpoints": [{"name": "cell:6,0 hit 3"}]})
        client.request("configurationDone")
        assert client.stopped()["reason"] == "entry"
        # at step 0: nothing has changed yet
        answer = client.request("evaluate", {"expression": "history stack[0]", "context": "repl"})["body"]
        assert answer == {"result": "stack[0]: no changes up to step 0", "variablesReference": 0}
        client.request("continue", {"threadId": 1})
        assert client.stopped()["reason"] == "function breakpoint"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        step = int(frame["name"].rsplit(" ", 1)[1].replace(",", ""))
        before = client.request("evaluate", {"expression": "stack", "context": "watch"})["body"]["result"]

        expected = queried(BEFUNGE, COUNTDOWN.read_text("utf-8"), "stack[0]", step)
        assert len(expected) > 4 and expected[-1].step <= step
        for context in ("repl", "watch", "hover", "clipboard"):
            answer = client.request("evaluate", {"expression": "  history   stack[0] ", "context": context})["body"]
            assert answer["result"] == f"stack[0]: {len(expected)} changes up to step {step}"
            assert answer["indexedVariables"] == len(expected)
            listed = variables(client, answer["variablesReference"])
            assert [(v["name"], v["value"], v.get("type")) for v in listed] == \
                [(f"step {hit.step:,}", f"{show(hit.old)} → {show(hit.new)}", hit.by) for hit in expected]
            assert listed[0] == {"name": "step 1", "value": "0 → 5", "variablesReference": 0, "type": "space (0, 0)"}
            # paged as the editor pages an indexed list
            assert variables(client, answer["variablesReference"], start=2, count=2) == listed[2:4]

        # the user's session has not moved: same step, same stack, and it steps back and on from there
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert frame["name"].endswith(f"step {step}")
        assert client.request("evaluate", {"expression": "stack", "context": "watch"})["body"]["result"] == before
        client.request("stepBack", {"threadId": 1})
        client.stopped()
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        assert frame["name"].endswith(f"step {step - 1}")
        # after a step back, the history is up to the new step (the last change may be gone)
        answer = client.request("evaluate", {"expression": "history stack[0]", "context": "repl"})["body"]
        fewer = [hit for hit in expected if hit.step <= step - 1]
        assert answer["result"] == f"stack[0]: {len(fewer)} changes up to step {step - 1}"
        # and goto N, the Debug Console's command, goes to a change's step
        client.request("evaluate", {"expression": f"goto {expected[2].step}", "context": "repl"})
        assert client.stopped()["reason"] == "goto"
        value = client.request("evaluate", {"expression": "stack[0]", "context": "watch"})["body"]["result"]
        assert value == show(expected[2].new)
    assert client.invalid == []


@pytest.mark.parametrize("expression, error", [
    ("history nope", "history nope: 'nope' is not a data location here (these are: stack[N], space(X,Y)"),
    ("history stack[x]", "history stack[x]: 'stack[x]' is not a data location: write NAME"),
    ("history stack[0] if stack[0] > 3", "is not a data location"),
    ("history space(900,900)", "history space(900,900): "),
])
def test_a_bad_location_is_an_error_and_the_adapter_goes_on(expression, error):
    with Client() as client:
        client.launch(str(COUNTDOWN), stopOnEntry=True)
        client.request("configurationDone")
        client.stopped()
        client.request("next", {"threadId": 1})
        client.stopped()
        answer = client.request("evaluate", {"expression": expression, "context": "repl"}, ok=False)
        assert error in answer["message"]
        answer = client.request("evaluate", {"expression": "history stack[0]", "context": "repl"})["body"]
        assert answer["result"] == "stack[0]: 1 change up to step 1"
    assert client.invalid == []
    assert b"internal error" not in client.stderr


def test_history_needs_a_stopped_program(tmp_path):
    program = tmp_path / "loop.b93"
    program.write_text(LOOP)
    with Client() as client:
        client.launch(str(program))
        client.request("configurationDone")
        assert "the program is running: pause it first" in \
            client.request("evaluate", {"expression": "history stack[0]"}, ok=False)["message"]
    with Client() as client:
        client.request("initialize", {"adapterID": "esodbg"})
        assert "no program: send launch first" in \
            client.request("evaluate", {"expression": "history stack[0]"}, ok=False)["message"]


def test_a_long_history_runs_off_the_loop_shows_progress_and_can_be_cancelled(tmp_path):
    program = tmp_path / "loop.b98"
    program.write_text(REWRITE)
    with Client() as client:
        capabilities = client.request("initialize", {"adapterID": "esodbg", "supportsProgressReporting": True})
        assert capabilities["body"]["supportsCancelRequest"]
        client.request("launch", {"program": str(program), "stopOnEntry": True})
        client.event("initialized")
        client.request("configurationDone")
        client.stopped()
        client.request("evaluate", {"expression": "goto 2_000_000", "context": "repl"})
        assert client.stopped(timeout=60)["reason"] == "goto"
        frame = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]
        # space(0,0) never changes, but a p writes it every few steps: the whole run is looked
        # through a step at a time (seconds; a cell no step writes would take a fraction of one)
        asked = client.send("evaluate", {"expression": "history space(0,0)", "context": "repl"})
        client.request("threads")  # answered while the history runs
        assert client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0] == frame
        assert asked not in client.responses
        started = client.event("progressStart", timeout=10)["body"]
        assert started["requestId"] == asked and started["cancellable"] and started["title"] == "History of space(0,0)"
        client.request("cancel", {"progressId": started["progressId"]})
        answer = client.response(asked, timeout=5)
        assert answer["success"] is False and answer["message"] == "cancelled"
        assert client.event("progressEnd", timeout=5)["body"]["progressId"] == started["progressId"]
        # by its request's id too
        asked = client.send("evaluate", {"expression": "history space(0,0)", "context": "repl"})
        client.request("cancel", {"requestId": asked})
        assert client.response(asked, timeout=5)["message"] == "cancelled"
        # and moving the program cancels one too (its answer would be of a step left behind)
        asked = client.send("evaluate", {"expression": "history space(0,0)", "context": "watch"})
        client.request("stepBack", {"threadId": 1})
        assert client.response(asked, timeout=5)["message"] == "cancelled"
        client.stopped()
        client.request("next", {"threadId": 1})
        client.stopped()
        # and the session is where it was, ready to go on
        assert client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0] == frame
        client.request("next", {"threadId": 1})
        assert client.stopped()["reason"] == "step"
    assert client.invalid == []


def test_a_history_keeps_its_first_changes_and_says_there_were_more():
    parsed = BEFUNGE.parse(LOOP, "x")
    found = history(BEFUNGE, parsed, "", True, "stack[0]", 100_000, limit=3)
    assert found.truncated and len(found.changes) == 3
    assert found.summary == "stack[0]: the first 3 changes (there are more) up to step 100,000"
    assert children(found, 1, 5) == [  # the first 0 is stack[0]'s implicit zero: no change
        {"name": "step 12", "value": "1 → 2", "variablesReference": 0, "type": "space (3, 0)"},
        {"name": "step 19", "value": "2 → 1", "variablesReference": 0, "type": "space (2, 0)"}]
    exact = history(BEFUNGE, parsed, "", True, "stack[0]", 100, limit=10_000)
    assert not exact.truncated and exact.changes == queried(BEFUNGE, LOOP, "stack[0]", 100)


def test_a_cancelled_history_says_so():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        history(BEFUNGE, BEFUNGE.parse(LOOP, "x"), "", True, "stack[0]", 1000, cancel=cancel)


@pytest.mark.parametrize("language", [pytest.param(language, id=language.name) for language in registry.languages()])
def test_every_languages_data_locations_have_their_history(language):
    """In every language, the variables marked as data locations (those VS Code offers **Show
    Value History** on: registers, a stack's or tape's first item, a board's first cell) answer
    ``history`` with a query's changes on them, up to the step stopped at."""
    program = next(p for p in examples_of(language) if not p.name.startswith("err_"))
    source = read_program(program, language)
    with Client() as client:
        client.launch(str(program), stopOnEntry=True)
        client.request("configurationDone")
        client.stopped()
        client.request("evaluate", {"expression": "goto 60", "context": "repl"})
        client.stopped()
        name = client.request("stackTrace", {"threadId": 1})["body"]["stackFrames"][0]["name"]
        step = int(name.rsplit(" ", 1)[1].replace(",", ""))
        locations = []
        scopes = client.request("scopes", {"frameId": 1})["body"]["scopes"]
        for scope in scopes:
            for variable in variables(client, scope["variablesReference"], count=20):
                if variable.get("__vscodeVariableMenuContext") == "data":
                    locations.append(variable["evaluateName"])
                elif variable["variablesReference"]:  # a stack, a tape, a board: its first item or row's
                    items = variables(client, variable["variablesReference"], count=1)
                    if items and items[0]["variablesReference"] and not items[0].get("evaluateName"):
                        items = variables(client, items[0]["variablesReference"], count=1)  # a board's first row
                    locations += [item["evaluateName"] for item in items[:1]
                                  if item.get("__vscodeVariableMenuContext") == "data"]
        assert locations, f"no data location in {language.name}'s variables"
        for location in locations[:4]:
            answer = client.request("evaluate", {"expression": f"history {location}", "context": "repl"})["body"]
            expected = queried(language, source, location, step, str(program))
            assert answer["result"].startswith(f"{location}: ") and answer["result"].endswith(f" up to step {step:,}")
            listed = variables(client, answer["variablesReference"]) if answer["variablesReference"] else []
            assert [(v["name"], v["value"]) for v in listed] == \
                [(f"step {hit.step:,}", f"{show(hit.old)} → {show(hit.new)}") for hit in expected], location
    assert client.invalid == []
