"""The time-travel property both languages' property tests check: after N steps forward,
stepping back one at a time, replaying, and jumping to random steps all give exactly the states
(and output) recorded on the way."""

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
