"""Würfelpoker (Hasard game 23): poker with five normal dice, the best hand takes the pot, equal best hands split it.

Text: "Jeder bezahlt an die Kasse einen gleichhohen Einsatz und dann wird reihum gewürfelt. … Der Spieler mit der
höchsten Kombination gewinnt den Pott." The classes, low to high: Ein Paar, Zwei Paare, Drilling, Sequenz (five
consecutive: "1-2-3-4-5 ist höher als 2-3-4-5-6"), Full House, Vier Gleiche, Fünf Gleiche ("Poker"); "Haben 2 oder
mehrere Spieler absolut gleiche Pokerkombinationen, so wird der Pott geteilt." The raising variant is the kit's raise
protocol (spec 27). Resolutions (spec B 23, docs/hasard.md): "Nichts" is class 0, compared die by die; one throw
each (option ``throws`` 1–3 with 27's free keeps of 1–4 dice); the odd chips of a split stay in the pot for the next
round (in the last round they are thrown off); the Sequenz order as written (option ``low_sequence_high = false``:
2-3-4-5-6 above 1-2-3-4-5).

The round itself — ante, turns, raising, the pot — is :mod:`wuerfel.games.hasard.poker_round`, shared with Al Capone.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import components as cmp
from wuerfel.engine.dice import Multiset, roll_distribution
from wuerfel.engine.errors import N_
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.hasard.poker import (
    DRILLING,
    FUENFLING,
    FULL_HOUSE,
    NICHTS,
    PAAR,
    QUINT,
    VIERLING,
    ZWEI_PAARE,
    Key,
    hand_key,
)
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

SEQUENZ = QUINT
"""The Sequenz takes the Quint's place in the class order: above the Drilling, below the Full House."""

CLASS_NAMES = {
    NICHTS: N_("Nothing"),
    PAAR: N_("One pair"),
    ZWEI_PAARE: N_("Two pairs"),
    DRILLING: N_("Three alike"),
    SEQUENZ: N_("Sequence"),
    FULL_HOUSE: N_("Full house"),
    VIERLING: N_("Four alike"),
    FUENFLING: N_("Five alike (Poker)"),
}
CLASS_KEYS = {
    NICHTS: "nothing",
    PAAR: "pair",
    ZWEI_PAARE: "two_pairs",
    DRILLING: "three_alike",
    SEQUENZ: "sequence",
    FULL_HOUSE: "full_house",
    VIERLING: "four_alike",
    FUENFLING: "five_alike",
}


@dataclasses.dataclass(frozen=True)
class WuerfelpokerRules:
    """Options of Würfelpoker; every default is the text or the spec's resolution."""

    starting_chips: int = starting_chips_option()
    ante: int = opt(
        1,
        de="Gleich hoher Einsatz jedes Spielers in jeder Runde",
        en="Each player's equal stake at every round",
        low=1,
        high=1000,
    )
    rounds: int = rounds_per_game_option()
    throws: int = opt(
        1,
        de="Würfe pro Spieler (1 wie im Text; 2–3: 1 bis 4 Würfel stehen lassen wie im offenen Würfelpoker)",
        en="Throws per player (1 as in the text; 2–3: leave 1 to 4 dice standing as in open dice poker)",
        low=1,
        high=3,
    )
    low_sequence_high: bool = opt(
        True,
        de="1-2-3-4-5 ist höher als 2-3-4-5-6 (wie im Text)",
        en="1-2-3-4-5 ranks above 2-3-4-5-6 (as the text says)",
    )
    raising: bool = opt(
        False, de="Variante: Erhöhen erlaubt (mitgehen oder passen)", en="Variant: raising allowed (call or pass)"
    )
    max_stake: int = max_stake_option()
    start: Literal["lot", "first_seat"] = first_round_option()

    def validate(self) -> None:
        validate_round_options(self)
        require(1 <= self.throws <= 3, "throws", "1 … 3", self.throws)


label_options(
    WuerfelpokerRules,
    {
        **ROUND_OPTION_NAMES,
        "throws": ("Würfe je Spieler", "Throws per player"),
        "low_sequence_high": ("1-2-3-4-5 über 2-3-4-5-6", "1-2-3-4-5 above 2-3-4-5-6"),
        "raising": ("Erhöhen (Variante)", "Raising (variant)"),
    },
    ROUND_OPTION_CHOICES,
)


@cache
def wuerfelpoker_key(dice: Multiset, low_sequence_high: bool = True) -> Key:
    """The ranking key of five normal dice: the poker-dice key (faces 1 lowest … 6 highest, spec A) with the Sequenz
    in the Quint's place; ``(SEQUENZ, 2)`` is the higher Sequenz — 1-2-3-4-5 as the text ranks it, 2-3-4-5-6 with
    ``low_sequence_high`` false."""
    key = hand_key(tuple(sorted(dice)), True, False)
    if key[0] != SEQUENZ:
        return key
    low = key[1] == 5  # the Quint key names its highest die: 5 for 1-2-3-4-5
    return (SEQUENZ, 2 if low == low_sequence_high else 1)


@cache
def result_distribution(low_sequence_high: bool) -> tuple[tuple[Key, Fraction], ...]:
    """Every key of one throw with its exact probability, ascending."""
    acc: dict[Key, Fraction] = {}
    for d, p in roll_distribution(5):
        k = wuerfelpoker_key(d, low_sequence_high)
        acc[k] = acc.get(k, Fraction(0)) + p
    return tuple(sorted(acc.items()))


@dataclasses.dataclass(frozen=True)
class WuerfelpokerState(PokerRoundState):
    ties: ClassVar[Literal["split", "stich"]] = "split"
    face: ClassVar[cmp.Face] = "pips"
    game_id: ClassVar[str] = "wuerfelpoker"

    def hand_result(self, dice: Multiset) -> tuple[int, ...]:
        return wuerfelpoker_key(tuple(sorted(dice)), self.rules.low_sequence_high)

    def hand_phrase(self, dice: Multiset) -> cmp.Phrase:
        return cmp.Phrase(CLASS_NAMES[self.hand_result(dice)[0]])

    def goal_text(self) -> cmp.Phrase:
        return cmp.Phrase(N_("The best hand takes the pot; equal best hands share it"))


class WuerfelpokerGame(PokerRoundGame):
    id = "wuerfelpoker"
    state_class = WuerfelpokerState


# --- bot and hints ---------------------------------------------------------------------------------------------------
def _odds(rules: WuerfelpokerRules) -> Any:
    """``wuerfel odds``: one throw of five dice by class, the Sequenz between Drilling and Full House."""
    from wuerfel.engine.odds import ThrowClass, ThrowOdds

    order = sorted(CLASS_KEYS, reverse=True)
    return ThrowOdds(
        5,
        tuple(ThrowClass(CLASS_KEYS[c], cmp.Phrase(CLASS_NAMES[c])) for c in order),
        lambda dice: CLASS_KEYS[wuerfelpoker_key(tuple(dice), rules.low_sequence_high)[0]],
    )


def _explain(rules: WuerfelpokerRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.wuerfelpoker import explain

    return explain(rules, players)


INFO = register(
    GameInfo(
        id="wuerfelpoker",
        name_de="Würfelpoker",
        name_en="Dice Poker (Würfelpoker)",
        family="five-dice",
        options_class=WuerfelpokerRules,
        make=WuerfelpokerGame,
        min_players=2,
        max_players=8,
        default_preset="wuerfelpoker",
        presets_dir=Path(__file__).parent / "presets" / "wuerfelpoker",
        locale_dir=Path(__file__).parent / "locale" / "wuerfelpoker",
        description_de="Poker mit fünf normalen Würfeln: Das beste Blatt gewinnt den Pott, gleiche teilen ihn.",
        description_en="Poker with five ordinary dice: the best hand takes the pot, equal hands share it.",
        aliases=("wuerfel-poker", "dice-poker"),
        bots={"heuristic": heuristic_bot, "optimal": optimal_bot},
        solver_bots=frozenset({"optimal"}),
        default_bot="optimal",
        advisor=advisor,
        perfect_information=True,
        chips=True,
        odds=_odds,
        explain=_explain,
        explain_quotes=("starting_chips", "ante", "rounds", "throws"),
    )
)
