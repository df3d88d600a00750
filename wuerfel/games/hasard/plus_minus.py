"""Plus – minus (Hasard game 3): one die thrown nine times in a row; every third throw is subtracted.

"Wurf 1 + Wurf 2 − Wurf 3 + Wurf 4 + Wurf 5 − Wurf 6 + Wurf 7 + Wurf 8 − Wurf 9. Wer einen Minuswert erreicht, darf
weitermachen." Resolution: negative totals are legal and end nothing; after everybody's turn the highest total wins,
a tie is thrown off with a new nine-throw series, the lowest total loses. The spec's two other readings of "darf
weitermachen" are options: a negative final total is replaced once by a new series, or the +, +, − pattern goes on
until the total is no longer negative.

Exact solving (``wuerfel solve plus-minus``): the kit's round key (:func:`~wuerfel.games.kit.round_key.round_key`)
plus the replaced series. Under ``continue`` a turn's total can fall without bound before it climbs back, and every
depth has its own chances of where it ends, so no key makes that rule set finite: the solver refuses it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import ClassVar, Literal

from wuerfel.engine.components import Goal
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import plus_minus as explained
from wuerfel.games.kit import START_NAME, START_WORDS, RoundState, SimpleGame, start_option
from wuerfel.games.kit.round_key import round_key
from wuerfel.games.kit.rounds import SETTLE_LOSER_NAME, settle_loser_option
from wuerfel.games.kit.solverkeys import refuse_exact

THROWS = 9
INFINITE = N_(
    "Plus – minus with 'go on until no longer negative' has infinitely many positions: a turn's total "
    "can fall without bound before it climbs back. The exact solver solves the other rule sets."
)


@dataclasses.dataclass(frozen=True)
class PlusMinusRules:
    """Options of Plus – minus; every default is the text or the spec's resolution."""

    negative: Literal["carry_on", "replace", "continue"] = opt(
        "carry_on",
        de="„Wer einen Minuswert erreicht, darf weitermachen“: ein negativer Wert bleibt stehen, wird "
        "einmal durch eine neue Serie ersetzt, oder es wird im Muster weitergewürfelt, bis er nicht "
        "mehr negativ ist",
        en="'Whoever reaches a negative value may carry on': a negative total stands, is replaced once by a new "
        "series, or the pattern goes on until it is no longer negative",
    )
    settle_loser: bool = settle_loser_option()
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    PlusMinusRules,
    {
        "negative": ("Negativer Wert", "Negative total"),
        "settle_loser": SETTLE_LOSER_NAME,
        "start": START_NAME,
    },
    {
        "negative": {
            "carry_on": ("bleibt stehen", "stands"),
            "replace": ("einmal neue Serie statt dessen", "replaced once by a new series"),
            "continue": ("weiterwürfeln, bis nicht mehr negativ", "go on until no longer negative"),
        },
        "start": START_WORDS,
    },
)


def signed(face: int, index: int) -> int:
    """Throw ``index`` (from 0) counts plus, except every third, which counts minus."""
    return -face if index % 3 == 2 else face


def series_total(faces: tuple[int, ...]) -> int:
    """W1 + W2 − W3 + W4 + W5 − W6 + … of a series of throws."""
    return sum(signed(f, i) for i, f in enumerate(faces))


@dataclasses.dataclass(frozen=True)
class PlusMinusState(RoundState):
    id: ClassVar[str] = "plus-minus"
    replaced: bool = False
    """The current turn's first series was negative and is being replaced (option ``replace``)."""

    def dice_count(self) -> int:
        return 1

    def throws_per_turn(self) -> int:
        return THROWS

    def throw_points(self, dice: tuple[int, ...], index: int) -> int:
        return signed(dice[0], index)

    def turn_over(self) -> bool:
        if self.throws < THROWS:
            return False
        if self.rules.negative == "continue":
            return self.turn_total >= 0
        return True

    def after_throw(self, dice: tuple[int, ...]) -> RoundState:
        s = dataclasses.replace(
            self, throws=self.throws + 1, turn_total=self.turn_total + self.throw_points(dice, self.throws)
        )
        if s.rules.negative == "replace" and s.throws == THROWS and s.turn_total < 0 and not s.replaced:
            return dataclasses.replace(s, throws=0, turn_total=0, replaced=True)
        if not s.turn_over():
            return s
        return dataclasses.replace(s, replaced=False)._end_turn()

    def solver_key(self) -> Hashable:
        """The kit's round key (:func:`~wuerfel.games.kit.round_key.round_key`: a throw's points depend only on the
        die and its place in the turn, the result only compares totals and throw-offs), which folds the points of
        the turn so far into the thrower's total. That is sound while no rule reads them on the way; ``replace``
        does, on the first series of a turn (is it negative after the ninth throw?), so there they are kept as
        they are, and so is ``replaced``.

        ``continue`` is refused in words: a turn goes on until its total is no longer negative, the total can
        fall without bound on the way, and from every depth the chances of where it climbs back differ."""
        if self.rules.negative == "continue":
            refuse_exact(INFINITE)
        if self.rules.negative == "replace" and not self.replaced:
            return (round_key(self), False, self.turn_total)
        return (round_key(self), self.replaced)

    def goal(self) -> Goal:
        return explained.goal(self)

    def view_extra(self, player: int | None) -> JSON:
        out = super().view_extra(player)
        out["replaced"] = self.replaced
        return out


class PlusMinusGame(SimpleGame):
    id = "plus-minus"
    state_class = PlusMinusState


INFO = register(
    GameInfo(
        id="plus-minus",
        name_de="Plus – minus",
        name_en="Plus – Minus",
        options_class=PlusMinusRules,
        make=PlusMinusGame,
        family="one-die",
        min_players=2,
        max_players=8,
        default_preset="plus-minus",
        presets_dir=Path(__file__).parent / "presets" / "plus-minus",
        locale_dir=Path(__file__).parent / "locale" / "plus-minus",
        description_de="Ein Würfel, neun Würfe: Jeder dritte Wurf wird abgezogen; die höchste Summe gewinnt.",
        description_en="One die, nine throws: every third throw is subtracted; the highest total wins.",
        aliases=("plus_minus", "plusminus"),
        default_bot="random",
        decisions=False,
        explain=explained.explain,
    )
)
