"""Die 21. Eins (Hasard game 4): the table counts the ones thrown; whoever throws the 21st one wins.

"Es wird reihum gewürfelt und mitgezählt, wie oft die 1 fällt. Gewinner ist, wer die 21. 1 wirft." One throw per
turn, one shared counter. No chips. The text names no loser (G8): by default nobody; as an option the seat that
threw the fewest ones (tied seats share the last place).
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
from wuerfel.games.hasard.explain import die_21_eins as explained
from wuerfel.games.kit import START_NAME, START_WORDS, SimpleGame, SimpleState, left_of, start_option
from wuerfel.games.kit.throwoff import ranking_groups


@dataclasses.dataclass(frozen=True)
class Die21EinsRules:
    """Options of Die 21. Eins; every default is the text or the spec's resolution."""

    target: int = opt(
        21, de="Die wievielte Eins gewinnt (Text: die 21.)", en="Which one wins (text: the 21st)", low=1, high=100
    )
    loser: Literal["none", "fewest_ones"] = opt(
        "none",
        de="Wer verliert: niemand (der Text nennt nur den Sieger) oder wer die wenigsten Einsen warf",
        en="Who loses: nobody (the text names only the winner) or whoever threw the fewest ones",
    )
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    Die21EinsRules,
    {
        "target": ("Gewinnende Eins", "Winning one"),
        "loser": ("Verlierer", "Loser"),
        "start": START_NAME,
    },
    {
        "loser": {
            "none": ("niemand", "nobody"),
            "fewest_ones": ("wer die wenigsten Einsen warf", "whoever threw the fewest ones"),
        },
        "start": START_WORDS,
    },
)


@dataclasses.dataclass(frozen=True)
class Die21EinsState(SimpleState):
    id: ClassVar[str] = "die-21-eins"
    ones: tuple[int, ...] = ()
    """Per seat: the ones it threw (their sum is the table's counter)."""

    def initial(self) -> Die21EinsState:
        return dataclasses.replace(self, ones=(0,) * self.n)

    @property
    def counter(self) -> int:
        return sum(self.ones)

    def dice_count(self) -> int:
        return 1

    def after_throw(self, dice: tuple[int, ...]) -> Die21EinsState:
        if dice[0] != 1:
            return dataclasses.replace(self, seat=left_of(self.seat, self.n))
        ones = (*self.ones[: self.seat], self.ones[self.seat] + 1, *self.ones[self.seat + 1 :])
        s = dataclasses.replace(self, ones=ones)
        if s.counter >= self.rules.target:
            return dataclasses.replace(s, phase="over")
        return dataclasses.replace(s, seat=left_of(self.seat, self.n))

    def solver_key(self) -> Hashable:
        """The throws read only the table's counter; the winner is who threw the last one. Without a loser (the
        text) that is all: the ones per seat count only for the loser of ``fewest_ones``, which keeps them. Who
        began and the last throw are only shown."""
        if self.phase == "over":
            return ("over", self.winners(), self.losers())
        return (self.phase, self.seat, self.ones if self.rules.loser == "fewest_ones" else self.counter)

    # --- results --------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(k) for k in self.ones)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The thrower of the last one, then the others by ones thrown (equal count, equal place)."""
        if self.phase != "over":
            return ()
        rest = [p for p in range(self.n) if p != self.seat]
        return ((self.seat,), *ranking_groups([(k,) for k in self.ones], seats=rest))

    def losers(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[-1] if self.rules.loser == "fewest_ones" and len(r) > 1 else ()

    # --- information ----------------------------------------------------------------------------------------
    def goal(self) -> Goal:
        return explained.goal(self)

    def view_extra(self, player: int | None) -> JSON:
        return {"ones": self.counter, "target": self.rules.target}

    def table(self, player: int | None) -> tuple[Component, ...]:
        return (Counter(self.counter, self.rules.target, Phrase(N_("Ones thrown"))),)


class Die21EinsGame(SimpleGame):
    id = "die-21-eins"
    state_class = Die21EinsState


INFO = register(
    GameInfo(
        id="die-21-eins",
        name_de="Die 21. Eins",
        name_en="The 21st One (Die 21. Eins)",
        family="one-die",
        options_class=Die21EinsRules,
        make=Die21EinsGame,
        min_players=2,
        max_players=8,
        default_preset="die-21-eins",
        presets_dir=Path(__file__).parent / "presets" / "die-21-eins",
        locale_dir=Path(__file__).parent / "locale" / "die-21-eins",
        description_de="Ein Würfel reihum: Alle zählen die Einsen mit, wer die 21. wirft, gewinnt.",
        description_en="One die, in turn: everyone counts the 1s, whoever throws the 21st wins.",
        aliases=("die_21_eins", "21-eins"),
        default_bot="random",
        decisions=False,
        explain=explained.explain,
        explain_quotes=("target",),
    )
)
