"""The time-travel properties every language's property tests check: after N steps forward,
stepping back one at a time, replaying, and jumping to random steps all give exactly the states
(and output) recorded on the way; and each step's undo record is exact, the steps one by one
ending where the fast loop's one run ends."""

from __future__ import annotations

from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session


def run_recording(s: Session, n: int):
    """Step ``s`` up to ``n`` times; the (snapshot, output) after each step, step 0 first."""
    states = [(s.machine.snapshot(), s.output.text())]
    for _ in range(n):
        outcome = s.step()
        if outcome.reason not in (Stop.LIMIT, Stop.BREAKPOINT):
            break
        states.append((s.machine.snapshot(), s.output.text()))
    else:
        return states
    if s.steps == len(states):  # the stopping step (an error) counts as a step too
        states.append((s.machine.snapshot(), s.output.text()))
    return states


def assert_time_travel_is_exact(s: Session, n: int, rnd) -> None:
    """Forward ``n`` steps, back to 0, forward again, then 5 random gotos (``rnd``)."""
    states = run_recording(s, n)
    assert s.steps == len(states) - 1
    while s.steps:  # back one step at a time, through undo records and checkpoints
        s.step_back()
        assert (s.machine.snapshot(), s.output.text()) == states[s.steps]
    for i in range(1, len(states)):  # forward again: the same states and output
        s.step()
        assert (s.machine.snapshot(), s.output.text()) == states[i]
    for _ in range(5):  # random jumps land on the recorded states
        target = rnd.randrange(len(states))
        s.goto(target)
        assert (s.machine.snapshot(), s.output.text()) == states[target]


def assert_steps_match_the_fast_loop(stepped: Session, fast: Session, n: int, each=None) -> None:
    """Step ``stepped``'s machine up to ``n`` times through ``Machine.step``: each step's record
    undoes it exactly and the step redone gives the same state (the keys ``may_change`` names
    cover what a step changes); then ``fast``, a new session of the same program, runs as many
    steps in one ``run`` and ends in the same state with the same output.  ``each(record,
    machine)``, if given, checks more after each step."""
    machine = stepped.machine
    for _ in range(n):
        before = machine.snapshot()
        record = machine.step()
        if not hasattr(record, "changes"):
            break
        after = machine.snapshot()
        machine.undo(record)
        assert machine.snapshot() == before
        machine.run(1)
        assert machine.snapshot() == after
        if each is not None:
            each(record, machine)
    if machine.steps:
        fast.machine.run(machine.steps)
    assert fast.machine.snapshot() == machine.snapshot()
    assert fast.output.text() == stepped.output.text()
