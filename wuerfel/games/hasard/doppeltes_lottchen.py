"""Doppeltes Lottchen (Hasard game 18): three dice, one running total for the table; 66 or more loses.

"Die geworfenen Augenzahlen aller Teilnehmer werden laufend addiert. Verloren hat, wer die Zahl 66 erreicht oder
überschreitet." One throw per turn. The game has a loser and no winner in the text: every other seat shares the
win.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import ClassVar, Literal

from wuerfel.engine.components import Component, Counter, Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import doppeltes_lottchen as explained
from wuerfel.games.kit import START_NAME, START_WORDS, SimpleGame, SimpleState, left_of, start_option


@dataclasses.dataclass(frozen=True)
class DoppeltesLottchenRules:
    """Options of Doppeltes Lottchen; every default is the text."""

    limit: int = opt(
        66,
        de="Wer mit seinem Wurf die Summe auf diese Zahl oder darüber bringt, verliert (Text: 66)",
        en="Whoever brings the total to this number or above loses (text: 66)",
        low=3,
        high=1000,
    )
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    DoppeltesLottchenRules,
    {
        "limit": ("Verloren ab Summe", "Losing total"),
        "start": START_NAME,
    },
    {"start": START_WORDS},
)


@dataclasses.dataclass(frozen=True)
class DoppeltesLottchenState(SimpleState):
    id: ClassVar[str] = "doppeltes-lottchen"
    total: int = 0
    """The table's running total."""
    pips: tuple[int, ...] = ()
    """Per seat: the pips it added (its score, for the table)."""

    def initial(self) -> DoppeltesLottchenState:
        return dataclasses.replace(self, pips=(0,) * self.n)

    def dice_count(self) -> int:
        return 3

    def after_throw(self, dice: tuple[int, ...]) -> DoppeltesLottchenState:
        pips = (*self.pips[: self.seat], self.pips[self.seat] + sum(dice), *self.pips[self.seat + 1 :])
        s = dataclasses.replace(self, total=self.total + sum(dice), pips=pips)
        if s.total >= self.rules.limit:
            return dataclasses.replace(s, phase="over")
        return dataclasses.replace(s, seat=left_of(self.seat, self.n))

    def solver_key(self) -> Hashable:
        """Only the table's total and whose throw it is decide the rest: who loses is who reaches the limit, and
        everybody else wins. The pips per seat are only shown (the seat scores); who began and the last throw
        too."""
        if self.phase == "over":
            return ("over", self.seat)
        return (self.phase, self.seat, self.total)

    # --- results --------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.pips)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Everybody but the loser shares first place; the loser (who reached the limit) is last."""
        if self.phase != "over":
            return ()
        return (tuple(p for p in range(self.n) if p != self.seat), (self.seat,))

    def losers(self) -> tuple[int, ...]:
        return (self.seat,) if self.phase == "over" else ()

    # --- information ----------------------------------------------------------------------------------------
    def goal(self) -> Goal:
        return explained.goal(self)

    def view_extra(self, player: int | None) -> JSON:
        return {"total": self.total, "limit": self.rules.limit}

    def table(self, player: int | None) -> tuple[Component, ...]:
        return (Counter(self.total, self.rules.limit, Phrase(N_("Running total"))),)


class DoppeltesLottchenGame(SimpleGame):
    id = "doppeltes-lottchen"
    state_class = DoppeltesLottchenState


INFO = register(
    GameInfo(
        id="doppeltes-lottchen",
        name_de="Doppeltes Lottchen",
        name_en="Double Lottie (Doppeltes Lottchen)",
        family="three-dice",
        options_class=DoppeltesLottchenRules,
        make=DoppeltesLottchenGame,
        min_players=2,
        max_players=8,
        default_preset="doppeltes-lottchen",
        presets_dir=Path(__file__).parent / "presets" / "doppeltes-lottchen",
        locale_dir=Path(__file__).parent / "locale" / "doppeltes-lottchen",
        description_de="Drei Würfel, eine gemeinsame Summe für alle: Wer 66 erreicht oder überschreitet, verliert.",
        description_en="Three dice, one running total for all: whoever reaches 66 or more loses.",
        aliases=("doppeltes_lottchen",),
        default_bot="random",
        decisions=False,
        explain=explained.explain,
        explain_quotes=("limit",),
    )
)
