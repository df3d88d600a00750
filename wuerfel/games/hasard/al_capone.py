"""Al Capone (Hasard game 30): one open throw of five poker dice each, the best combination takes the pot.

Text: "Jeder Spieler hat nur einen offenen Wurf. Wer dabei mehr erreicht, zieht den Einsatz ein. Wieder gelten die
üblichen Pokerkombinationen. Haben 2 oder mehrere Spieler dieselbe Kombination, entscheidet eine der drei folgenden
Punktwertungen über den Sieg" — Wertung A (Neun 9, Zehn 10, Bube 11, Dame 12, König 13, As 14), B (9, 10, 2, 3, 4,
11), C (1, 2, 3, 4, 5, 11). "Auch bei Al Capone dürfen die Einsätze erhöht werden": the kit's raise protocol.

Resolutions (spec B 30, docs/hasard.md): "dieselbe Kombination" is the same *class* (section A: Nichts … Fünfling,
the Quint only if agreed); within a class the agreed scale's points decide, the combination's own dice first (their
points added), then the dead dice one by one, highest first — so a pair of aces beats a pair of tens whatever the
other dice show, as players of any poker expect (issue 24 §5). Option ``points = "all"`` (the reading before, overlay
``al-capone-summe``): the sum of the points of all five dice. Still equal → Stichrunde (one open throw each among
the tied, no new stakes). Records spell out every option, so a game played under the sum keeps its outcome.
Quint and Joker Poker are the shared poker rules block (:class:`~wuerfel.games.hasard.poker.PokerRules`); a hand
made with jokers counts the points of the faces the aces stand for (spec 29: it ranks equal to the same natural hand).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import components as cmp
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.poker import (
    DRILLING,
    FUENFLING,
    FULL_HOUSE,
    NICHTS,
    PAAR,
    POKER_OPTION_NAMES,
    QUINT,
    VIERLING,
    ZWEI_PAARE,
    Key,
    PokerRules,
    hand_key,
)
from wuerfel.games.hasard.poker_odds import BOOK_NAMES
from wuerfel.games.hasard.poker_round import (
    ROUND_OPTION_CHOICES,
    ROUND_OPTION_NAMES,
    PokerRoundGame,
    PokerRoundState,
    advisor,
    first_round_option,
    heuristic_bot,
    max_stake_option,
    optimal_bot,
    rounds_per_game_option,
    starting_chips_option,
    validate_round_options,
)

SCALES: dict[str, tuple[int, ...]] = {
    "A": (9, 10, 11, 12, 13, 14),
    "B": (9, 10, 2, 3, 4, 11),
    "C": (1, 2, 3, 4, 5, 11),
}
"""The text's three point scales, by face Neun … As (poker-dice codes 1..6)."""


@dataclasses.dataclass(frozen=True)
class AlCaponeRules(PokerRules):
    """Options of Al Capone; Quint and Joker come from the shared poker rules block."""

    starting_chips: int = starting_chips_option()
    ante: int = opt(
        1, de="Einsatz jedes Spielers in jeder Runde", en="Each player's stake at every round", low=1, high=1000
    )
    rounds: int = rounds_per_game_option()
    scale: Literal["A", "B", "C"] = opt(
        "A",
        de="Punktwertung bei gleicher Kombination (vor dem Spiel vereinbart)",
        en="Point scale for the same combination (agreed before the game)",
    )
    points: Literal["all", "combination"] = opt(
        "combination",
        de="Welche Würfel zählen: die der Kombination, dann die toten Würfel einzeln, oder die Summe aller fünf",
        en="Which dice count: the combination's, then the dead dice one by one, or the sum of all five",
    )
    raising: bool = opt(True, de="Erhöhen erlaubt (mitgehen oder passen)", en="Raising allowed (call or pass)")
    max_stake: int = max_stake_option()
    start: Literal["lot", "first_seat"] = first_round_option()

    def validate(self) -> None:
        validate_round_options(self)


label_options(
    AlCaponeRules,
    {
        **POKER_OPTION_NAMES,
        **ROUND_OPTION_NAMES,
        "scale": ("Punktwertung", "Point scale"),
        "points": ("Gewertete Würfel", "Dice that count"),
        "raising": ("Erhöhen", "Raising"),
    },
    {
        "scale": {
            "A": ("Wertung A (9 … 14)", "scale A (9 … 14)"),
            "B": ("Wertung B", "scale B"),
            "C": ("Wertung C", "scale C"),
        },
        "points": {
            "all": ("alle fünf Würfel", "all five dice"),
            "combination": ("die Kombination, dann die toten Würfel", "the combination, then the dead dice"),
        },
        **ROUND_OPTION_CHOICES,
    },
)


def key_dice(key: Key) -> tuple[Multiset, Multiset]:
    """The dice of the natural hand with this key, split into the combination's dice and the dead dice (descending).

    With Joker Poker the aces count as the faces they stand for: the hand is the natural one its key names."""
    cls, ranks = key[0], key[1:]
    if cls == NICHTS:
        return (), ranks
    if cls == PAAR:
        return (ranks[0],) * 2, ranks[1:]
    if cls == ZWEI_PAARE:
        return (ranks[0],) * 2 + (ranks[1],) * 2, ranks[2:]
    if cls == DRILLING:
        return (ranks[0],) * 3, ranks[1:]
    if cls == QUINT:
        return tuple(range(ranks[0], ranks[0] - 5, -1)), ()
    if cls == FULL_HOUSE:
        return (ranks[0],) * 3 + (ranks[1],) * 2, ()
    if cls == VIERLING:
        return (ranks[0],) * 4, ranks[1:]
    assert cls == FUENFLING
    return (ranks[0],) * 5, ()


@cache
def al_capone_result(dice: Multiset, quint: bool, joker: bool, scale: str, points: str) -> tuple[int, ...]:
    """Class first; within a class the points of the agreed scale (all five dice, or the combination's dice and
    then each dead die highest first)."""
    key = hand_key(tuple(sorted(dice)), quint, joker)
    combo, dead = key_dice(key)
    value = SCALES[scale]
    if points == "all":
        return (key[0], sum(value[f - 1] for f in (*combo, *dead)))
    return (key[0], sum(value[f - 1] for f in combo), *sorted((value[f - 1] for f in dead), reverse=True))


@dataclasses.dataclass(frozen=True)
class AlCaponeState(PokerRoundState):
    ties: ClassVar[Literal["split", "stich"]] = "stich"
    face: ClassVar[cmp.Face] = "poker"
    game_id: ClassVar[str] = "al-capone"

    def hand_result(self, dice: Multiset) -> tuple[int, ...]:
        r: AlCaponeRules = self.rules
        return al_capone_result(tuple(sorted(dice)), r.quint, r.joker, r.scale, r.points)

    def goal_text(self) -> cmp.Phrase:
        return cmp.Phrase(
            N_("The best combination takes the pot; the same combination: scale {scale}"), {"scale": self.rules.scale}
        )

    def hand_phrase(self, dice: Multiset) -> cmp.Phrase:
        result = self.hand_result(dice)
        return cmp.Phrase(
            N_("{hand}, {points} points"), {"hand": cmp.Phrase(BOOK_NAMES[result[0]]), "points": result[1]}
        )


class AlCaponeGame(PokerRoundGame):
    id = "al-capone"
    state_class = AlCaponeState


def _odds(rules: AlCaponeRules) -> Any:
    """``wuerfel odds``: the classes of one throw under the rules' Quint and Joker (the shared poker block)."""
    return rules.throw_odds()


def _explain(rules: AlCaponeRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.al_capone import explain

    return explain(rules, players)


INFO = register(
    GameInfo(
        id="al-capone",
        name_de="Al Capone",
        name_en="Al Capone",
        family="poker-dice",
        options_class=AlCaponeRules,
        make=AlCaponeGame,
        min_players=2,
        max_players=8,
        default_preset="al-capone",
        presets_dir=Path(__file__).parent / "presets" / "al-capone",
        locale_dir=Path(__file__).parent / "locale" / "al-capone",
        description_de="Fünf Pokerwürfel, ein offener Wurf für jeden: Das beste Pokerblatt gewinnt den Pott.",
        description_en="Five poker dice, one open throw each: the best poker hand wins the pot.",
        aliases=("al_capone", "alcapone"),
        bots={"heuristic": heuristic_bot, "optimal": optimal_bot},
        solver_bots=frozenset({"optimal"}),
        default_bot="optimal",
        advisor=advisor,
        perfect_information=True,
        chips=True,
        faces="poker",
        odds=_odds,
        explain=_explain,
        explain_quotes=("starting_chips", "ante", "rounds", "max_stake"),
    )
)
