"""Himmel und Hölle (Hasard game 8): two dice; the top faces count as tens ("Himmel"), the bottom faces as units
("Hölle").

"Bei jedem Wurf werden die oberliegenden Augen als Zehner, die unterliegenden Augen als Einer gerechnet." The bottom
of a die is 7 minus its top, so a die showing t counts 10·t + 7 − t and a throw 9·(t1 + t2) + 14 (32 to 122). The
text's example is garbled ("66 und 11"); its figures 61 + 25 = 86 are the dice 6 and 2 (spec). After the agreed
number of rounds the highest total wins; a tie is thrown off (resolution).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, Literal

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON, Outcome, Roll
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options
from wuerfel.games.hasard.explain import himmel_und_hoelle as explained
from wuerfel.games.kit import START_WORDS, SimpleGame, start_option
from wuerfel.games.kit.round_key import KeyedRoundState
from wuerfel.games.kit.rounds import ROUND_GAME_NAMES, rounds_option, settle_loser_option

HEAVEN_AND_HELL = N_("{dice}: heaven {heaven} + hell {hell} = {points}")


@dataclasses.dataclass(frozen=True)
class HimmelUndHoelleRules:
    """Options of Himmel und Hölle; "die Rundenzahl festlegen": the number of rounds is the players' to agree."""

    rounds: int = rounds_option(3)
    settle_loser: bool = settle_loser_option()
    start: Literal["lot", "first_seat"] = start_option()


label_options(HimmelUndHoelleRules, ROUND_GAME_NAMES, {"start": START_WORDS})


def die_value(top: int) -> int:
    """One die: its top face as tens, its bottom face (7 − top) as units (6 → 61, 2 → 25)."""
    return 10 * top + 7 - top


def heaven_and_hell(dice: tuple[int, ...]) -> tuple[int, int]:
    """(heaven, hell) of a throw: the tens of the top faces, the units of the bottom faces."""
    return 10 * sum(dice), sum(7 - d for d in dice)


@dataclasses.dataclass(frozen=True)
class HimmelUndHoelleState(KeyedRoundState):
    id: ClassVar[str] = "himmel-und-hoelle"

    def dice_count(self) -> int:
        return 2

    def throw_points(self, dice: tuple[int, ...], index: int) -> int:
        return sum(die_value(d) for d in dice)

    def goal(self) -> Goal:
        return explained.goal(self)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        """A throw with what it counts: "2 + 6: 25 + 61 = 86"."""
        if isinstance(outcome, Roll):
            faces = " + ".join(str(d) for d in outcome.dice)
            values = " + ".join(str(die_value(d)) for d in outcome.dice)
            return f"{faces}: {values} = {sum(die_value(d) for d in outcome.dice)}"
        return super().describe_outcome(outcome, lang, names)

    def view_extra(self, player: int | None) -> JSON:
        out = super().view_extra(player)
        if self.last:
            out["heaven"], out["hell"] = heaven_and_hell(self.last)
        return out

    def message(self) -> Phrase | None:
        msg = super().message()
        if msg is None and self.last:
            heaven, hell = heaven_and_hell(self.last)
            return Phrase(
                HEAVEN_AND_HELL,
                {"dice": " ".join(map(str, self.last)), "heaven": heaven, "hell": hell, "points": heaven + hell},
            )
        return msg


class HimmelUndHoelleGame(SimpleGame):
    id = "himmel-und-hoelle"
    state_class = HimmelUndHoelleState


INFO = register(
    GameInfo(
        id="himmel-und-hoelle",
        name_de="Himmel und Hölle",
        name_en="Heaven and Hell (Himmel und Hölle)",
        family="two-dice",
        options_class=HimmelUndHoelleRules,
        make=HimmelUndHoelleGame,
        min_players=2,
        max_players=8,
        default_preset="himmel-und-hoelle",
        presets_dir=Path(__file__).parent / "presets" / "himmel-und-hoelle",
        locale_dir=Path(__file__).parent / "locale" / "himmel-und-hoelle",
        description_de="Zwei Würfel: Die Augen oben zählen als Zehner, die unten als Einer; die höchste Summe gewinnt.",
        description_en="Two dice: the top faces count as tens, the bottom faces as units; the highest total wins.",
        aliases=("himmel_und_hoelle", "himmel-und-hölle"),
        default_bot="random",
        decisions=False,
        explain=explained.explain,
        explain_quotes=("rounds",),
    )
)
