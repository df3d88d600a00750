"""Hints rated against the best choice: every choice with its value and what it gives away.

The hasard games solved exactly (Quinze, Sechzerspiel, Dreimal Pasch, Die böse Sieben, …) rate each legal move by one
number — an expected score or a chance to win — and a person wants to know not only which move is best but how
much a worse one costs. :func:`rated` turns those values into the :class:`~wuerfel.engine.advice.Advice` list the
terminal's ``?`` and the table page's Tipp show, best first, each with a note saying how much it loses against the
best (nothing for the best move itself and for moves as good as it).
"""

from __future__ import annotations

from collections.abc import Mapping

from wuerfel.engine.advice import Advice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action
from wuerfel.i18n import DecimalText

LOSS_NOTE = N_("{loss} less than the best")
BEST_NOTE = N_("the best choice")
EPSILON = 1e-9


def rated(values: Mapping[Action, float], measure: str, lower_is_better: bool = False,
          digits: int = 3) -> list[Advice]:
    """The moves best first, each noted with its loss against the best (``digits`` decimals: the loss of a chance
    is a difference of probabilities, of a score one of points)."""
    if not values:
        return []
    sign = -1.0 if lower_is_better else 1.0
    ordered = sorted(values.items(), key=lambda kv: -sign * kv[1])
    best = ordered[0][1]
    out: list[Advice] = []
    for action, value in ordered:
        loss = sign * (best - value)
        if loss <= EPSILON:
            out.append(Advice(action=action, value=value, measure=measure, note=BEST_NOTE))
        else:
            out.append(Advice(action=action, value=value, measure=measure, note=LOSS_NOTE,
                              params={"loss": DecimalText(f"{loss:.{digits}f}")}))
    return out
