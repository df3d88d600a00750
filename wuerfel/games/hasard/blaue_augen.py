"""Blaue Augen (Hasard game 13), with Graue Augen as a preset: three dice, only the even (odd) faces count.

"Reihum wird gewürfelt. Nur die geraden Zahlen (2, 4, 6) gelten und werden zusammengezählt. Bei der Variante Graue
Augen gelten nur die ungeraden Zahlen (1, 3, 5)." The text sets no end: an agreed number of rounds (default 1), the
highest total wins, a tie is thrown off, the lowest total loses (spec resolution).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import ClassVar, Literal

from wuerfel.engine.components import Goal
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import blaue_augen as explained
from wuerfel.games.kit import START_WORDS, SimpleGame, start_option
from wuerfel.games.kit.round_key import KeyedRoundState
from wuerfel.games.kit.rounds import ROUND_GAME_NAMES, rounds_option, settle_loser_option


@dataclasses.dataclass(frozen=True)
class BlaueAugenRules:
    """Options of Blaue Augen; every default is the text or the spec's resolution."""

    faces: Literal["even", "odd"] = opt(
        "even",
        de="Welche Augen zählen: die geraden (Blaue Augen) oder die ungeraden (Graue Augen)",
        en="Which faces count: the even ones (Blaue Augen) or the odd ones (Graue Augen)",
    )
    rounds: int = rounds_option(1)
    settle_loser: bool = settle_loser_option()
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    BlaueAugenRules,
    {
        "faces": ("Zählende Augen", "Faces that count"),
        **ROUND_GAME_NAMES,
    },
    {
        "faces": {
            "even": ("gerade (2, 4, 6): Blaue Augen", "even (2, 4, 6): Blaue Augen"),
            "odd": ("ungerade (1, 3, 5): Graue Augen", "odd (1, 3, 5): Graue Augen"),
        },
        "start": START_WORDS,
    },
)


def eyes(dice: tuple[int, ...], faces: str = "even") -> int:
    """The sum of the faces that count: even ones for Blaue Augen, odd ones for Graue Augen."""
    parity = 0 if faces == "even" else 1
    return sum(d for d in dice if d % 2 == parity)


@dataclasses.dataclass(frozen=True)
class BlaueAugenState(KeyedRoundState):
    id: ClassVar[str] = "blaue-augen"
    show_sum: ClassVar[bool] = False

    def dice_count(self) -> int:
        return 3

    def throw_points(self, dice: tuple[int, ...], index: int) -> int:
        return eyes(dice, self.rules.faces)

    def goal(self) -> Goal:
        return explained.goal(self)


class BlaueAugenGame(SimpleGame):
    id = "blaue-augen"
    state_class = BlaueAugenState


INFO = register(
    GameInfo(
        id="blaue-augen",
        name_de="Blaue Augen",
        name_en="Blue Eyes (Blaue Augen)",
        family="three-dice",
        options_class=BlaueAugenRules,
        make=BlaueAugenGame,
        min_players=2,
        max_players=8,
        default_preset="blaue-augen",
        presets_dir=Path(__file__).parent / "presets" / "blaue-augen",
        locale_dir=Path(__file__).parent / "locale" / "blaue-augen",
        description_de="Drei Würfel, nur die geraden Augen zählen; die höchste Summe gewinnt.",
        description_en="Three dice, only the even faces count; the highest total wins.",
        aliases=("blaue_augen", "graue-augen"),
        default_bot="random",
        decisions=False,
        explain=explained.explain,
        explain_quotes=("rounds",),
    )
)
