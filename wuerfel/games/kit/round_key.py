"""The exact solver's key of a round game (:class:`~wuerfel.games.kit.rounds.RoundState`): what the rest of the
game and its result depend on, and nothing else.

A round game's state keeps every total and one row per throw-off, so repeated throw-offs (Pasch: everybody 0, throw
again) make its state space infinite, and totals of seats that have finished make it large. The result read by the
solver is only ``winners()`` (the first place) and ``losers()`` (the last); the throw-offs only ever split the tied
first or the tied last group (:func:`~wuerfel.games.kit.throwoff.next_throw_off`). So:

* **main pass** — a seat whose last turn is over has a final total; of those only the extremes can still become
  first or last: the highest total with its seats and the lowest with its seats. Totals of seats still to play in
  this or a later round are kept as they are, and so are the thrower's throws and turn points;
* **throw-off** — the earlier results matter only through their first and last group (a middle group is never
  thrown off, never first and never last, and a throw-off only refines a group); of the current throw-off's row, as
  in the main pass, the extremes among the seats that have thrown;
* **the end** — the winners and the losers.

Who threw first (``start``) stays: it sets the order of every throw-off. The count of throw-offs, the last throw and
its thrower are only shown.

This is sound for a round game whose turn reads nothing but ``throws`` and ``turn_total`` (the kit's default
:meth:`~RoundState.turn_over` and :meth:`~RoundState.turn_points`, or ones that read only those) and that adds no
state field of its own; a game with more (a series that may restart) keys that too.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from wuerfel.games.kit.rounds import RoundState
from wuerfel.games.kit.throwoff import ranking_groups


def extremes(scores: Sequence[tuple[int, int]]) -> tuple[int, tuple[int, ...], int, tuple[int, ...]] | None:
    """``(high, seats with it, low, seats with it)`` of ``(seat, score)`` pairs; None for none."""
    if not scores:
        return None
    high = max(v for _, v in scores)
    low = min(v for _, v in scores)
    return (high, tuple(p for p, v in scores if v == high), low, tuple(p for p, v in scores if v == low))


def round_key(s: RoundState) -> Hashable:
    """The lumped position of a round game (module text: why each part is there and why the rest may go)."""
    if s.phase == "lot":
        return ("lot",)
    if s.phase == "over":
        r = s.ranking()  # once: winners() and losers() would sort twice (RoundState: first and last group)
        return ("over", r[0], r[-1] if len(r) > 1 else ())
    turn = (s.phase, s.start, s.order, s.index, s.throws, s.turn_total)
    if not s.playoffs:
        last_round = s.round_no + 1 >= s.rounds()
        done = set(s.order[:s.index]) if last_round else set()
        open_totals = tuple(None if p in done else t for p, t in enumerate(s.totals))
        return (*turn, s.round_no, open_totals, extremes([(p, s.totals[p]) for p in sorted(done)]))
    before = [(s.totals[p], *(row[p] or 0 for row in s.playoffs[:-1])) for p in range(s.n)]
    groups = ranking_groups(before, s.lower_is_better())
    row = s.playoffs[-1]
    played = [(p, row[p] or 0) for p in sorted(s.order[:s.index])]
    return (*turn, groups[0], groups[-1], extremes(played))
