"""Pasch (Hasard game 17): three dice, one throw, only doublets count; a triple counts fourfold.

"Gewertet werden nur die Paschzahlen. 3-3 zählen also 5 und 4-4 zählen 3. Ein Dreierpasch wird jedoch vierfach
bewertet. 6-6-6 zählen also 24." The example's dice pictures are garbled in the source; the spec reads "[5-5] zählen
5 und [3-3] zählen 3": a pair scores its face value, a triple four times its face (option: a pair scores its pips).
The text names no winner: the highest score wins, a tie is thrown off — so if everybody scores 0, everybody throws
again.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.components import Goal
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import pasch as explained
from wuerfel.games.kit import START_WORDS, SimpleGame, start_option
from wuerfel.games.kit.round_key import KeyedRoundState
from wuerfel.games.kit.rounds import ROUND_GAME_NAMES, rounds_option, settle_loser_option


@dataclasses.dataclass(frozen=True)
class PaschRules:
    """Options of Pasch; every default is the text or the spec's resolution."""

    pair: Literal["face", "pips"] = opt(
        "face",
        de="Was ein Pasch aus zwei Würfeln zählt: seine Augenzahl (5-5 = 5) oder die Augen beider Würfel (5-5 = 10)",
        en="What a pair counts: its face (5-5 = 5) or the pips of both dice (5-5 = 10)",
    )
    triple_factor: int = opt(
        4,
        de="Ein Dreierpasch zählt seine Augenzahl so oft (Text: vierfach, 6-6-6 = 24)",
        en="A triple counts its face this many times (text: fourfold, 6-6-6 = 24)",
        low=1,
        high=100,
    )
    rounds: int = rounds_option(1)
    settle_loser: bool = settle_loser_option()
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    PaschRules,
    {
        "pair": ("Wert eines Paschs", "Value of a pair"),
        "triple_factor": ("Faktor des Dreierpaschs", "Factor of a triple"),
        **ROUND_GAME_NAMES,
    },
    {
        "pair": {
            "face": ("seine Augenzahl (5-5 = 5)", "its face (5-5 = 5)"),
            "pips": ("beide Würfel (5-5 = 10)", "both dice (5-5 = 10)"),
        },
        "start": START_WORDS,
    },
)


def pasch_points(dice: tuple[int, ...], pair: str = "face", triple_factor: int = 4) -> int:
    """Points of a throw of three dice: a triple ``triple_factor`` × face, a pair its face (or pips), else 0."""
    face, k = max(Counter(dice).items(), key=lambda fk: (fk[1], fk[0]))
    if k >= 3:
        return triple_factor * face
    if k == 2:
        return face if pair == "face" else 2 * face
    return 0


@dataclasses.dataclass(frozen=True)
class PaschState(KeyedRoundState):
    """The kit's round game with its key (:class:`~wuerfel.games.kit.round_key.KeyedRoundState`): repeated
    throw-offs (everybody 0, throw again) no longer make the positions infinite."""

    id: ClassVar[str] = "pasch"
    show_sum: ClassVar[bool] = False

    def dice_count(self) -> int:
        return 3

    def throw_points(self, dice: tuple[int, ...], index: int) -> int:
        return pasch_points(dice, self.rules.pair, self.rules.triple_factor)

    def goal(self) -> Goal:
        return explained.goal(self)


class PaschGame(SimpleGame):
    id = "pasch"
    state_class = PaschState


def _odds(rules: PaschRules) -> Any:
    """``wuerfel odds``: a triple, a pair, or no doublet among the three dice."""
    from wuerfel.engine.components import Phrase
    from wuerfel.engine.errors import N_
    from wuerfel.engine.odds import ThrowClass, ThrowOdds

    def classify(dice: Any) -> str:
        most = max(Counter(dice).values())
        return "triple" if most == 3 else "pair" if most == 2 else "none"

    return ThrowOdds(
        3,
        (
            ThrowClass("triple", Phrase(N_("three alike (Dreierpasch)"))),
            ThrowClass("pair", Phrase(N_("a pair (Pasch)"))),
            ThrowClass("none", Phrase(N_("no doublet"))),
        ),
        classify,
    )


INFO = register(
    GameInfo(
        id="pasch",
        name_de="Pasch",
        name_en="Doubles (Pasch)",
        options_class=PaschRules,
        make=PaschGame,
        family="three-dice",
        min_players=2,
        max_players=8,
        default_preset="pasch",
        presets_dir=Path(__file__).parent / "presets" / "pasch",
        locale_dir=Path(__file__).parent / "locale" / "pasch",
        description_de="Drei Würfel, ein Wurf: Nur Paschs zählen, ein Dreierpasch vierfach.",
        description_en="Three dice, one throw: only doubles count, three of a kind fourfold.",
        default_bot="random",
        decisions=False,
        odds=_odds,
        explain=explained.explain,
        explain_quotes=("triple_factor", "rounds"),
    )
)
