"""Drawing a chance outcome from its exact distribution with one ``random()``, shared by every simulation loop.

The generic loop (``wuerfel sim``'s ``play_one``) and a game's own simulation kernel (:meth:`Game.sim_kernel`) must
draw the very same outcome from the same ``random.Random`` call, or a kernel's games could not be checked move for
move against the engine's; so the table and the draw live here, below both.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

ChanceTable = tuple[Any, list[float], list[Any]]
"""(the outcome tuple it was built from, the cumulative float probabilities, the outcome drawn per slot)."""


def chance_table(outcomes: Sequence[tuple[Any, Any]]) -> ChanceTable:
    """The cumulative float table of a distribution and, per slot, the outcome drawn when ``rng.random()`` falls in
    it: the slot's own, or the nearest one before it with a probability above 0 (one ``bisect`` then picks it)."""
    cum: list[float] = []
    acc = 0.0
    for _, prob in outcomes:
        acc += float(prob)
        cum.append(acc)
    outs: list[Any] = []
    for i, (outcome, prob) in enumerate(outcomes):
        if prob == 0:  # never a probability-0 outcome (those are for people to report)
            j = i
            while j > 0 and outcomes[j][1] == 0:
                j -= 1
            outcome = outcomes[j][0]
        outs.append(outcome)
    return outcomes, cum, outs


def draw_slot(cum: list[float], u: float) -> int:
    """The slot of a table whose cumulative probability first exceeds ``u`` (a ``random()``) scaled to the total;
    the last slot if rounding reaches the total."""
    return min(bisect_right(cum, u * cum[-1]), len(cum) - 1)
