"""What the Hasard games share: settlement helpers and outcome labels.

The lot for who begins and the void throw live in the kit (:mod:`wuerfel.games.kit`); they are re-exported here
for the code and tests that import them from this module."""

from __future__ import annotations

from collections.abc import Sequence

from wuerfel.engine.errors import N_
from wuerfel.engine.game import Outcome, State
from wuerfel.games.kit.lot import LOT_BEGINS, LOT_BEGINS_NAMED, Lot, lot_outcomes, parse_lot
from wuerfel.games.kit.void import VOID_WORDS, Void, parse_throw, throw_outcomes

__all__ = [
    "LOT_BEGINS",
    "LOT_BEGINS_NAMED",
    "VOID_WORDS",
    "Lot",
    "Void",
    "describe_outcome",
    "last_place",
    "lot_outcomes",
    "parse_lot",
    "parse_throw",
    "result_view",
    "throw_outcomes",
    "winner_takes_differences",
]


def winner_takes_differences(totals: tuple[int, ...]) -> tuple[int, ...]:
    """Escalero's settlement: every leader receives from every non-leader the difference of the totals.

    Tied leaders each collect from the others and nothing passes between them (spec 32). Returns net chips per
    seat; they sum to zero.
    """
    best = max(totals)
    leaders = [p for p, t in enumerate(totals) if t == best]
    net = [0] * len(totals)
    for w in leaders:
        for p, t in enumerate(totals):
            if p not in leaders:
                net[w] += best - t
                net[p] -= best - t
    return tuple(net)


CONCEALED_LABEL = N_("(concealed)")


def describe_outcome(
    outcome: Outcome,
    lang: str,
    poker: bool,
    names: Sequence[str] = (),
    lot: tuple[str, str] = (LOT_BEGINS, LOT_BEGINS_NAMED),
) -> str:
    """Label of a chance outcome of a Hasard game, as a player says it.

    Poker dice by their full names, highest first ("As König Dame Dame Neun"), plain dice with their sum
    ("3 + 6 = 9"), the void throw, the lot (by the player's name when the caller knows the names, else the seat)
    and a throw left under a real cup ("(verdeckt)"). The label of an outcome names only what that outcome is, so it
    never says more than the event itself; front ends decide who may see the event (a hidden throw's label is
    shown only to the thrower).
    """
    from wuerfel.engine.game import Roll
    from wuerfel.engine.pokerdice import face_name
    from wuerfel.i18n import translate

    if isinstance(outcome, Roll):
        if poker:
            return " ".join(face_name(f, lang) for f in sorted(outcome.dice, reverse=True))
        faces = " + ".join(str(d) for d in outcome.dice)
        return f"{faces} = {sum(outcome.dice)}" if len(outcome.dice) > 1 else faces
    if isinstance(outcome, Lot):
        if 0 <= outcome.seat < len(names):
            return translate(lot[1], lang, name=names[outcome.seat])
        return translate(lot[0], lang, seat=outcome.seat + 1)
    if isinstance(outcome, Void):
        return translate("void throw (it burns)", lang)
    if outcome.kind == "concealed":
        return translate(CONCEALED_LABEL, lang)
    return outcome.kind


def last_place(state: State) -> tuple[int, ...]:
    """Spec G8: every game names its loser(s), even where the text only names a winner: the last group of the
    ranking. Nobody loses when everybody ties (a one-player game, or all equal)."""
    ranking = state.ranking()
    return ranking[-1] if len(ranking) > 1 else ()


def result_view(state: State) -> dict[str, list[int]]:
    """The result as the views carried it before the API did (``ranking`` best first with ties in seat order,
    ``losers``), now read from :meth:`State.ranking` / :meth:`State.losers` so both always agree."""
    return {"ranking": [p for group in state.ranking() for p in group], "losers": list(state.losers())}


WHO_BEGINS = {"lot": ("das Los (höchster Wurf)", "the lot (highest throw)"), "first_seat": ("Platz 1", "seat 1")}
"""The human names of the choice "who begins" (``lot``/``first_seat``) in German and English, for the rule editor."""
