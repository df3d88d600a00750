"""Einer gleich zwei (Hasard game 20): three dice thrown ten times; a throw counts when one die equals the sum of
the other two, and then scores that die.

"Gültig sind z. B. die Kombinationen 2-3-5 (4 + 2 = 6) oder 1-4-5 (1 + 4 = 5). Gezählt werden nur die gültigen Würfe,
und zwar jeweils die Augenzahl des dritten Würfels." The bracket "(4 + 2 = 6)" belongs to another example (2-4-6);
2-3-5 is 2 + 3 = 5 (spec). The valid throws are 1-1-2, 1-2-3, 1-3-4, 1-4-5, 1-5-6, 2-2-4, 2-3-5, 2-4-6, 3-3-6. The text
names no winner: the highest total wins, a tie is thrown off (resolution).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.components import Goal
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import einer_gleich_zwei as explained
from wuerfel.games.kit import START_NAME, START_WORDS, RoundState, SimpleGame, start_option
from wuerfel.games.kit.round_key import round_key
from wuerfel.games.kit.rounds import SETTLE_LOSER_NAME, settle_loser_option


@dataclasses.dataclass(frozen=True)
class EinerGleichZweiRules:
    """Options of Einer gleich zwei; every default is the text or the spec's resolution."""

    throws: int = opt(
        10, de="Würfe jedes Spielers (Text: zehnmal)", en="Throws of each player (text: ten)", low=1, high=100
    )
    settle_loser: bool = settle_loser_option()
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    EinerGleichZweiRules,
    {
        "throws": ("Würfe", "Throws"),
        "settle_loser": SETTLE_LOSER_NAME,
        "start": START_NAME,
    },
    {"start": START_WORDS},
)


def valid_points(dice: tuple[int, ...]) -> int:
    """The die that equals the sum of the other two (the largest), or 0 when the throw is not valid."""
    a, b, c = sorted(dice)
    return c if a + b == c else 0


@dataclasses.dataclass(frozen=True)
class EinerGleichZweiState(RoundState):
    id: ClassVar[str] = "einer-gleich-zwei"
    show_sum: ClassVar[bool] = False

    def dice_count(self) -> int:
        return 3

    def throws_per_turn(self) -> int:
        return int(self.rules.throws)

    def throw_points(self, dice: tuple[int, ...], index: int) -> int:
        return valid_points(dice)

    def goal(self) -> Goal:
        return explained.goal(self)

    def solver_key(self) -> Hashable:
        """The round game's key (:func:`~wuerfel.games.kit.round_key.round_key`): a turn here reads only its
        throws and points, so the extremes of the final totals and the first and last group before a throw-off are
        all the rest of the game depends on — and repeated throw-offs no longer make the positions infinite."""
        return round_key(self)


class EinerGleichZweiGame(SimpleGame):
    id = "einer-gleich-zwei"
    state_class = EinerGleichZweiState


def _odds(rules: EinerGleichZweiRules) -> Any:
    """``wuerfel odds``: whether a throw counts (one die is the sum of the other two)."""
    from wuerfel.engine.components import Phrase
    from wuerfel.engine.errors import N_
    from wuerfel.engine.odds import ThrowClass, ThrowOdds

    return ThrowOdds(
        3,
        (
            ThrowClass("valid", Phrase(N_("one die is the sum of the other two"))),
            ThrowClass("invalid", Phrase(N_("no die is the sum of the other two"))),
        ),
        lambda dice: "valid" if valid_points(tuple(dice)) else "invalid",
    )


INFO = register(
    GameInfo(
        id="einer-gleich-zwei",
        name_de="Einer gleich zwei",
        name_en="One Equals Two (Einer gleich zwei)",
        family="three-dice",
        options_class=EinerGleichZweiRules,
        make=EinerGleichZweiGame,
        min_players=2,
        max_players=8,
        default_preset="einer-gleich-zwei",
        presets_dir=Path(__file__).parent / "presets" / "einer-gleich-zwei",
        locale_dir=Path(__file__).parent / "locale" / "einer-gleich-zwei",
        description_de="Drei Würfel, zehn Würfe: Ein Wurf zählt nur, wenn ein Würfel die Summe der beiden anderen ist.",
        description_en="Three dice, ten throws: a throw counts only when one die is the sum of the other two.",
        aliases=("einer_gleich_zwei",),
        default_bot="random",
        decisions=False,
        odds=_odds,
        explain=explained.explain,
        explain_quotes=("throws",),
    )
)
