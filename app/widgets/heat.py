"""The heat map's scale: how often a cell or command ran, as one of :data:`LEVELS` levels, each
a component class (``board--heat-N``, ``source--heat-N``) styled in ``esodbg.tcss``.

Counts of a run spread over orders of magnitude (a loop body runs a million times, its set-up
once), so the scale is logarithmic: the most-run place is level :data:`LEVELS`, a place that ran
once level 1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TypeVar

LEVELS = 5
K = TypeVar("K")


def levels(counts: Mapping[K, int]) -> dict[K, int]:
    """Each place that ran (a count ≥ 1) with its level, 1 to :data:`LEVELS`."""
    most = max(counts.values(), default=0)
    if most <= 1:
        return {key: 1 for key, count in counts.items() if count > 0}
    scale = (LEVELS - 1) / math.log(most)
    return {key: 1 + round(math.log(count) * scale) for key, count in counts.items() if count > 0}


def classes(prefix: str) -> set[str]:
    """The component classes of the levels for a widget whose classes start with ``prefix``."""
    return {f"{prefix}--heat-{level}" for level in range(1, LEVELS + 1)}
