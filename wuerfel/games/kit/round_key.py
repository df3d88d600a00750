"""The exact solver's key of a round game (:class:`~wuerfel.games.kit.rounds.RoundState`): what the rest of the
game and its result depend on, and nothing else.

A round game's state keeps every total and one row per throw-off, so repeated throw-offs (Pasch: everybody 0, throw
again) make its state space infinite, and totals of seats that have finished make it large. The result read by the
solver is only ``winners()`` (the first place) and ``losers()`` (the last); the throw-offs only ever split the tied
first or the tied last group (:func:`~wuerfel.games.kit.throwoff.next_throw_off`). So:

* **main pass** — a seat whose last turn is over has a final total; of those only the extremes can still become
  first or last: the highest total with its seats and the lowest with its seats. Totals of seats still to play in
  this or a later round are kept, with the thrower's points so far *folded* into his total (no rule reads them
  before his turn ends, when they are added to it), and all of these numbers less their smallest (the rules only
  compare totals, so adding one number to all changes nothing: for two players the second turn needs only the
  difference to the first, not the pair);
* **throw-off** — the earlier results matter only through their first and last group (a middle group is never
  thrown off, never first and never last, and a throw-off only refines a group); of the throw-off under way, as in
  the main pass, the extremes among the seats that have thrown, the thrower's points so far and the nothing of
  those still to throw, less their smallest;
* **the end** — the winners and the losers.

Who threw first (``start``) stays: it sets the order of every throw-off. The count of throw-offs, the last throw and
its thrower are only shown.

This is sound for a round game whose turn reads nothing but ``throws`` and ``turn_total`` (the kit's default
:meth:`~RoundState.turn_over` and :meth:`~RoundState.turn_points`, or ones that read only those) and that adds no
state field of its own; a game with more (a series that may restart) keys that too.
"""

from __future__ import annotations

import dataclasses
import functools
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


@functools.lru_cache(maxsize=4096)
def _ends(
    totals: tuple[int, ...], rows: tuple[tuple[int | None, ...], ...], lower_is_better: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The first and the last group of the results before the throw-off under way."""
    groups = ranking_groups([(t, *(row[p] or 0 for row in rows)) for p, t in enumerate(totals)], lower_is_better)
    return groups[0], groups[-1]


def round_key(s: RoundState) -> Hashable:
    """The lumped position of a round game (module text: why each part is there and why the rest may go)."""
    if s.phase == "lot":
        return ("lot",)
    if s.phase == "over":
        r = s.ranking()  # once: winners() and losers() would sort twice (RoundState: first and last group)
        return ("over", r[0], r[-1] if len(r) > 1 else ())
    turn = (s.phase, s.start, s.order, s.index, s.throws)
    if not s.playoffs:
        totals = list(s.totals)
        totals[s.seat] += s.turn_total  # folded: the turn's points so far count only once the turn is over
        last_round = s.round_no + 1 >= s.rounds()
        done = set(s.order[: s.index]) if last_round else set()
        final = extremes([(p, totals[p]) for p in sorted(done)])
        open_totals = [None if p in done else t for p, t in enumerate(totals)]
        base = min([t for t in open_totals if t is not None] + ([final[2]] if final else []))
        return (*turn, s.round_no, tuple(None if t is None else t - base for t in open_totals), _shift(final, base))
    first, last = _ends(s.totals, s.playoffs[:-1], s.lower_is_better())
    row = s.playoffs[-1]
    played = extremes([(p, row[p] or 0) for p in sorted(s.order[: s.index])])
    waiting = s.index + 1 < len(s.order)  # seats still to throw in this throw-off start from nothing
    values = [s.turn_total, *([0] if waiting else []), *((played[0], played[2]) if played else ())]
    base = min(values)
    return (*turn, first, last, s.turn_total - base, 0 - base if waiting else None, _shift(played, base))


def _shift(
    ext: tuple[int, tuple[int, ...], int, tuple[int, ...]] | None, base: int
) -> tuple[int, tuple[int, ...], int, tuple[int, ...]] | None:
    return None if ext is None else (ext[0] - base, ext[1], ext[2] - base, ext[3])


@dataclasses.dataclass(frozen=True)
class KeyedRoundState(RoundState):
    """A round game of plain throws with agreed rounds (the rules' ``rounds``) whose turn reads only its throws and
    points, so :func:`round_key` is its exact solver's key (Blaue Augen, Pasch, Himmel und Hölle): a game on it is
    its dice and a scoring function, and the soundness argument above is written once for all of them."""

    def rounds(self) -> int:
        return int(self.rules.rounds)

    def solver_key(self) -> Hashable:
        """The kit's round key: sound because a throw's points depend on its dice alone and the result only
        compares totals and throw-offs (:func:`round_key`)."""
        return round_key(self)
