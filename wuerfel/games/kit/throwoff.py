"""The throw-off (Stichrunde) among tied seats, and the ranking it decides.

Spec A: "when players are tied where a game needs a unique winner/loser and the text gives no tie-break: only the
tied players play one more turn of the same game (same throw limits, no new stakes); repeat until resolved."

A game keeps, per seat, a tuple of results: the game's own result first, then one entry per throw-off the seat
played. Seats tied on everything so far form a group; :func:`ranking_groups` orders the groups and
:func:`next_throw_off` says which group must throw off next (the tied best first, then — where the game names a
unique loser — the tied worst). Seats never compared in a throw-off never need its entry, so a missing entry is
padded and never decides anything.
"""

from __future__ import annotations

from collections.abc import Sequence

Results = Sequence[Sequence[float]]
"""Per seat: (game result, throw-off 1, throw-off 2, …) — compared lexicographically in the game's direction."""


def _key(row: Sequence[float], depth: int, lower_is_better: bool) -> tuple[float, ...]:
    padded = [*row, *([0.0] * (depth - len(row)))]
    return tuple(-x if not lower_is_better else x for x in padded)


def ranking_groups(
    results: Results, lower_is_better: bool = False, seats: Sequence[int] | None = None
) -> tuple[tuple[int, ...], ...]:
    """Seats best first; seats equal on every entry share a group (in seat order)."""
    seats = range(len(results)) if seats is None else seats
    depth = max((len(results[s]) for s in seats), default=0)
    keyed = sorted(seats, key=lambda s: (_key(results[s], depth, lower_is_better), s))
    groups: list[tuple[int, ...]] = []
    for s in keyed:
        if groups and _key(results[groups[-1][0]], depth, lower_is_better) == _key(results[s], depth, lower_is_better):
            groups[-1] = (*groups[-1], s)
        else:
            groups.append((s,))
    return tuple(groups)


def next_throw_off(groups: Sequence[tuple[int, ...]], settle_loser: bool = True) -> tuple[int, ...]:
    """The seats that must throw off next: the tied best (a unique winner), else the tied worst when the game names
    a unique loser (``settle_loser``); empty when the places that matter are decided."""
    if not groups:
        return ()
    if len(groups[0]) > 1:
        return groups[0]
    if settle_loser and len(groups) > 1 and len(groups[-1]) > 1:
        return groups[-1]
    return ()
