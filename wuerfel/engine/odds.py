"""How likely each class of one throw is: the hook behind ``wuerfel odds`` and the table's "Wahrscheinlichkeiten".

Players of the poker and bank games ask "how likely is a full house?" A game that classifies a throw registers
``GameInfo.odds``: factory(rules) → :class:`ThrowOdds` — how many dice, which classes in display order, and a
classifier from a sorted throw to a class key. This module enumerates every multiset of the dice with its exact
probability (:func:`wuerfel.engine.dice.roll_distribution`), so the answer is an exact :class:`~fractions.Fraction`
per class and the classes of a throw always sum to exactly 1 — the command, the web endpoint and the tests share
:func:`odds_document` and know no game.

A classifier must put every throw into exactly one of its classes (a partition); :func:`class_probabilities`
refuses a key that is not among the classes, so a game cannot silently drop outcomes. Notes (the bank's edge of a
bank game) are exact fractions too and travel with the table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from wuerfel.engine.components import Phrase, resolve
from wuerfel.engine.dice import Multiset, roll_distribution


@dataclasses.dataclass(frozen=True)
class ThrowClass:
    """One class of throws: a stable key for scripts and its name — a translatable phrase, a plain name, or a
    function of the language (a sheet's printed box names, which are names, not msgids)."""

    key: str
    name: Phrase | str | Callable[[str], str]

    def label(self, lang: str) -> str:
        if callable(self.name):
            return self.name(lang)
        return str(resolve(self.name, lang))


@dataclasses.dataclass(frozen=True)
class OddsNote:
    """An exact figure that belongs beside the table (the bank's edge per chip staked), with its words."""

    key: str
    name: Phrase | str
    value: Fraction

    def label(self, lang: str) -> str:
        return str(resolve(self.name, lang))


@dataclasses.dataclass(frozen=True)
class ThrowOdds:
    """The classes of one throw of a game's dice under one rule set.

    ``classify`` gets the throw as sorted faces (1–6; poker dice encoded 1..6 Neun … As) and returns a class key.
    """

    dice: int
    classes: tuple[ThrowClass, ...]
    classify: Callable[[Multiset], str]
    faces: str = "pips"
    """"pips" or "poker": how the text output names faces (the classes are the same either way)."""
    notes: tuple[OddsNote, ...] = ()


class OddsError(ValueError):
    """A classifier returned a key that is not one of its classes (a programming error, never a user's)."""


def class_probabilities(odds: ThrowOdds) -> tuple[tuple[ThrowClass, Fraction], ...]:
    """Every class with its exact probability, in the game's order; they sum to exactly 1."""
    acc = {c.key: Fraction(0) for c in odds.classes}
    for throw, p in roll_distribution(odds.dice):
        key = odds.classify(throw)
        if key not in acc:
            raise OddsError(f"classifier returned {key!r} for {throw}, not one of {list(acc)}")
        acc[key] += p
    return tuple((c, acc[c.key]) for c in odds.classes)


def odds_document(game: str, rules_id: str, odds: ThrowOdds, lang: str = "de") -> dict[str, Any]:
    """The JSON contract: ``{"game", "rules", "dice", "classes": [{"class", "name", "probability", "fraction"}],
    "notes": [{"note", "name", "value", "fraction"}]}`` — probabilities as floats of exact fractions (the fraction
    as text too, "6/7776"), names in ``lang``."""
    return {
        "game": game,
        "rules": rules_id,
        "dice": odds.dice,
        "classes": [
            {"class": c.key, "name": c.label(lang), "probability": float(p), "fraction": str(p)}
            for c, p in class_probabilities(odds)
        ],
        "notes": [
            {"note": n.key, "name": n.label(lang), "value": float(n.value), "fraction": str(n.value)}
            for n in odds.notes
        ],
    }
