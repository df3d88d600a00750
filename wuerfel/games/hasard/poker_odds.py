"""The classes of one throw of five poker dice (``wuerfel odds``): Nichts … Fünfling, with or without the Quint and
the Joker, as the hand ranking of spec A ranks them (:func:`wuerfel.games.hasard.poker.hand_key`).

Escalero names the same classes by its sheet ("Poker" is four alike there, "Full Hand"; the Quint always counts),
so it asks for the Escalero words; the hands are the same."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from wuerfel.engine.components import Phrase
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_
from wuerfel.engine.odds import ThrowClass, ThrowOdds
from wuerfel.games.hasard.poker import (
    DRILLING,
    FUENFLING,
    FULL_HOUSE,
    NICHTS,
    PAAR,
    QUINT,
    VIERLING,
    ZWEI_PAARE,
    hand_key,
)

CLASS_KEYS = {
    NICHTS: "nothing",
    PAAR: "pair",
    ZWEI_PAARE: "two_pairs",
    DRILLING: "three_alike",
    QUINT: "quint",
    FULL_HOUSE: "full_house",
    VIERLING: "four_alike",
    FUENFLING: "five_alike",
}
"""Stable keys for scripts, by the class index of the hand key."""

BOOK_NAMES = {
    NICHTS: N_("Nothing"),
    PAAR: N_("One pair"),
    ZWEI_PAARE: N_("Two pairs"),
    DRILLING: N_("Three alike"),
    QUINT: N_("Quint"),
    FULL_HOUSE: N_("Full house"),
    VIERLING: N_("Four alike"),
    FUENFLING: N_("Five alike"),
}
"""The book's names (spec A: Ein Paar, Zwei Paare, Drilling, Quint, Full House, Vierling, Fünfling)."""

ESCALERO_NAMES = {**BOOK_NAMES, FULL_HOUSE: N_("Full hand"), VIERLING: N_("Poker (four alike)")}
"""Escalero's sheet: "Poker" is four alike, the full house is the "Full Hand"."""


@cache
def poker_throw_odds(quint: bool, joker: bool, escalero: bool = False) -> ThrowOdds:
    """One throw of five poker dice classified by its hand; without the Quint a straight is "Nichts" (spec A), with
    the Joker every As takes its best value."""
    names = ESCALERO_NAMES if escalero else BOOK_NAMES
    # only the classes a throw can make: with the Quint and the Joker together "Nichts" cannot fall (five different
    # faces without an As are 9-10-J-Q-K, a Quint; any As pairs with another die)
    made = {hand_key(dice, quint, joker)[0] for dice in combinations_with_replacement(range(1, 7), 5)}
    order = [c for c in sorted(CLASS_KEYS) if c in made]

    def classify(dice: Multiset) -> str:
        return CLASS_KEYS[hand_key(dice, quint, joker)[0]]

    return ThrowOdds(
        5, tuple(ThrowClass(CLASS_KEYS[c], Phrase(names[c])) for c in reversed(order)), classify, faces="poker"
    )
