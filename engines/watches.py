"""Watches: expressions re-evaluated at every stop (DAP's ``evaluate`` in the ``watch``
context), each with its value at this stop and at the previous one.

The session calls :meth:`Watches.update` at the end of every move (a step, a continue, a goto…).
A value is kept frozen (:func:`~esodbg.engines.names.freeze`: a tape as a tuple, a board as its
immutable state), so the previous value stays what it was and "changed" is an equality test.  An
expression that fails to evaluate shows its message as its value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .expressions import EvaluationError, Expression, show
from .names import freeze


class Shown(NamedTuple):
    """One evaluation of a watch: ``value`` (frozen; ``None`` after an error), ``text`` (what
    to show: the value in short, or the error's message) and whether it was an ``error``."""

    value: Any
    text: str
    error: bool = False


@dataclass(eq=False, slots=True)
class Watch:
    """A watch expression with its value at the last stop (``current``) and the stop before
    (``previous``; ``None`` until it has been evaluated at two stops)."""

    expression: Expression
    current: Shown | None = None
    previous: Shown | None = None

    @property
    def text(self) -> str:
        return self.expression.text

    @property
    def changed(self) -> bool:
        """Did the value (or the error) differ at the previous stop?"""
        return self.previous is not None and self.current is not None and \
            (self.previous.error, self.previous.value, self.previous.text) != \
            (self.current.error, self.current.value, self.current.text)

    def evaluate(self, state: Mapping[str, Any]) -> Shown:
        try:
            value = self.expression.evaluate(state)
        except EvaluationError as error:
            return Shown(None, str(error), True)
        return Shown(freeze(value), show(value))


class Watches:
    """The watches of a session, in the order they were added; ``state`` is the session's state
    names (:meth:`~esodbg.engines.language.Language.variables`), read at each update."""

    def __init__(self, state: Mapping[str, Any]) -> None:
        self._state = state
        self._watches: list[Watch] = []

    def __iter__(self) -> Iterator[Watch]:
        return iter(self._watches)

    def __len__(self) -> int:
        return len(self._watches)

    def __getitem__(self, index: int) -> Watch:
        return self._watches[index]

    def add(self, text: str) -> Watch:
        """Watch ``text``, evaluated at once (``ExpressionError`` if it is not a valid
        expression over the state names)."""
        watch = Watch(Expression(text, self._state.keys()))
        watch.current = watch.evaluate(self._state)
        self._watches.append(watch)
        return watch

    def remove(self, watch: Watch) -> None:
        self._watches.remove(watch)

    def update(self) -> None:
        """A stop: every watch's current value becomes its previous one, and is evaluated again."""
        for watch in self._watches:
            watch.previous, watch.current = watch.current, watch.evaluate(self._state)
