"""What a throw offers under one rule set, computed once: the legal selections of a throw with their effect on the
turn (:class:`Choice`, best first) and the chance node of a throw of ``n`` dice with the rule set's mishaps.

Apart from the state machine (:mod:`wuerfel.games.zehntausend.state`) because they depend on the rules and the
dice only, never on a position: they are cached across states and games (``lru_cache`` here, the game's own
tables in :class:`~wuerfel.games.zehntausend.game.ZehntausendGame` on top), and the bots and solvers read them
the same way the state does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from wuerfel.engine.dice import Multiset, roll_distribution
from wuerfel.engine.game import Action, Outcome, Roll
from wuerfel.games.kit.void import AFTER_KNOCK, VOID_REASONS, Void, throw_outcomes
from wuerfel.games.zehntausend.actions import Select
from wuerfel.games.zehntausend.melds import (
    OpenSets,
    Selection,
    best_partition,
    legal_selections,
    literal_keeps,
    throw_value,
    turned_selection,
)
from wuerfel.games.zehntausend.options import ZehntausendRules


@dataclasses.dataclass(frozen=True)
class Choice:
    """What a legal :class:`Select` does to the turn."""

    points: int
    used: int
    """Dice that stay aside (selection minus turned pairs; literal model: the kept 1s/5s)."""
    sel: Selection
    """The scored selection (its melds decide proof and open sets)."""
    five_left: int
    """Same-throw pairs of 5s still turnable later (``any_time``)."""
    throw_all: bool
    """The whole throw was scorable (trigger ``throw_all_scoring``)."""


_ChoiceEntry = tuple[tuple[tuple[Select, Choice], ...], dict[Select, Choice], tuple[Action, ...], dict[int, Choice]]
"""A select node's choices (best first), the same as a map, its legal list (the choices' actions), and the map by
the identity of the listed action (a bot hands back the very object it took from the list: no dataclass hash; the
entry keeps those objects alive, so their ids cannot be reused while it exists)."""


@lru_cache(maxsize=50_000)
def _choices(
    rules: ZehntausendRules, throw: Multiset, open_sets: OpenSets, confirm_min: int, forced: bool
) -> tuple[tuple[Select, Choice], ...]:
    """Legal selections of a throw as (action, effect), best first. ``forced``: only the best (Rückwärts play)."""
    throw_all = best_partition(rules, throw, open_sets, throw) is not None
    out: list[tuple[Select, Choice]] = []
    if rules.selection.model == "macke_literal":
        value = throw_value(rules, throw, open_sets)
        if value is None or value.points < confirm_min:
            return ()
        keeps = literal_keeps(throw) or ((),)
        if rules.selection.rule == "all_scoring" or forced:
            keeps = (max(keeps, key=len),)
        for keep in sorted(keeps, key=lambda k: (-len(k), k)):
            out.append((Select(keep), Choice(value.points, len(keep), value, 0, throw_all)))
        return tuple(out)
    sels = legal_selections(rules, throw, open_sets, confirm_min)
    if forced:
        sels = sels[:1]
    for sel in sels:
        for k in range(sel.five_pairs + 1):
            s = turned_selection(rules, sel, k, open_sets, throw) if k else sel
            out.append((Select(sel.dice, k), Choice(s.points, len(s.dice), s, s.five_pairs, throw_all)))
    return tuple(out)


@lru_cache(maxsize=50_000)
def _choice_map(
    rules: ZehntausendRules, throw: Multiset, open_sets: OpenSets, confirm_min: int, forced: bool
) -> dict[Select, Choice]:
    return dict(_choices(rules, throw, open_sets, confirm_min, forced))


@lru_cache(maxsize=64)
def _throw_outcomes(
    n: int, mode: str, probability: Fraction, stage: str, knock_success: Fraction
) -> tuple[tuple[Outcome, Fraction], ...]:
    """The chance node of a throw of ``n`` dice (one cached tuple per distribution, so sampling stays fast).

    ``stage`` "throw": a normal throw; "knocked": the dice after a knock on stacked dice (only a Türmchen can
    remain). Scorekeeper mode lists the void throws with probability 0: only a person at the table reports them.
    """
    rolls = roll_distribution(n)
    if mode == "scorekeeper":
        return throw_outcomes(n, VOID_REASONS if stage == "throw" else AFTER_KNOCK)
    if mode == "simulated":
        valid = (1 - probability) if stage == "throw" else knock_success
        out: list[tuple[Outcome, Fraction]] = []
        if valid > 0:
            out.extend((Roll(d), p * valid) for d, p in rolls)
        if valid < 1:
            out.append((Void("tuermchen"), 1 - valid))
        return tuple(out)
    return tuple((Roll(d), p) for d, p in rolls)


def _frac(x: float) -> Fraction:
    return Fraction(str(x))


_OUTCOME_SETS: dict[int, tuple[Sequence[tuple[Outcome, Fraction]], frozenset[Outcome]]] = {}


def _outcome_set(outcomes: Sequence[tuple[Outcome, Fraction]]) -> frozenset[Outcome]:
    """The outcomes of a (cached) distribution as a set, keyed by the distribution object's identity."""
    entry = _OUTCOME_SETS.get(id(outcomes))
    if entry is None or entry[0] is not outcomes:
        if len(_OUTCOME_SETS) > 256:
            _OUTCOME_SETS.clear()
        entry = (outcomes, frozenset(o for o, _ in outcomes))
        _OUTCOME_SETS[id(outcomes)] = entry
    return entry[1]
