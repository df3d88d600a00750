"""Jule (Hasard game 1): a race with one die, 1 to 6 written down in order, then 6 to 1 struck out again.

"Wer eine 1 würfelt, schreibt sie auf. Fällt bei seinen nächsten Würfeln eine 2, schreibt er sie darunter, usw., bis
zur 6. Dann werden die Zahlen … in fallender Reihenfolge von Sechs bis Eins wieder ausgestrichen." One throw per turn
(spec resolution); the 6 is thrown twice (once to write it, once to strike it). The first to strike the 1 wins at
once; every loser gives the winner one chip per number not struck.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import ClassVar, Literal

from wuerfel.engine.components import Component, Goal, Phrase, Track
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import jule as explained
from wuerfel.games.kit import START_NAME, START_WORDS, SimpleGame, SimpleState, left_of, start_option
from wuerfel.games.kit.throwoff import ranking_groups

TARGETS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1)
"""What each seat works through: the first six are written down, the last six struck out."""


@dataclasses.dataclass(frozen=True)
class JuleRules:
    """Options of Jule; every default is the text or the spec's resolution."""

    chips_per_number: int = opt(
        1,
        de="Chips, die jeder Verlierer dem Sieger je nicht gestrichene Zahl gibt",
        en="Chips each loser gives the winner per number not struck",
        low=0,
        high=1000,
    )
    unstruck: Literal["all", "written"] = opt(
        "all",
        de="Welche Zahlen als nicht gestrichen zählen: alle sechs, die noch nicht gestrichen sind, oder nur "
        "die aufgeschriebenen",
        en="Which numbers count as not struck: all six not yet struck, or only those written down",
    )
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    JuleRules,
    {
        "chips_per_number": ("Chips je nicht gestrichene Zahl", "Chips per number not struck"),
        "unstruck": ("Nicht gestrichene Zahlen", "Numbers not struck"),
        "start": START_NAME,
    },
    {
        "unstruck": {
            "all": ("alle sechs, die nicht gestrichen sind", "all six not struck"),
            "written": ("nur die aufgeschriebenen", "only those written down"),
        },
        "start": START_WORDS,
    },
)


def unstruck(progress: int, rule: str = "all") -> int:
    """Numbers not struck after ``progress`` targets: 6 − struck (``"all"``) or written − struck (``"written"``)."""
    struck = max(0, progress - 6)
    return (6 if rule == "all" else min(progress, 6)) - struck


@dataclasses.dataclass(frozen=True)
class JuleState(SimpleState):
    id: ClassVar[str] = "jule"
    score_label: ClassVar[str | None] = N_("Progress")
    progress: tuple[int, ...] = ()
    """Per seat: how many targets of :data:`TARGETS` are done (12 = finished)."""

    def initial(self) -> JuleState:
        return dataclasses.replace(self, progress=(0,) * self.n)

    def dice_count(self) -> int:
        return 1

    def after_throw(self, dice: tuple[int, ...]) -> JuleState:
        p = self.progress[self.seat]
        if dice[0] != TARGETS[p]:
            return dataclasses.replace(self, seat=left_of(self.seat, self.n))
        progress = (*self.progress[: self.seat], p + 1, *self.progress[self.seat + 1 :])
        if p + 1 == len(TARGETS):
            return dataclasses.replace(self, progress=progress, phase="over")
        return dataclasses.replace(self, progress=progress, seat=left_of(self.seat, self.n))

    def solver_key(self) -> Hashable:
        """Whose throw it is and every seat's progress: a throw reads the thrower's progress, the result the
        progress of all (the last place loses). Who began and the last throw are only shown."""
        return (self.phase, self.seat, self.progress)

    # --- results --------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.progress)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The winner, then the others by how far they got (equally far: equal place)."""
        if self.phase != "over":
            return ()
        return ranking_groups([(p,) for p in self.progress])

    def losers(self) -> tuple[int, ...]:
        """G8: the last place (least progress); every non-winner pays, but the last pays the round."""
        r = self.ranking()
        return r[-1] if len(r) > 1 else ()

    def payoffs(self) -> tuple[int, ...]:
        net = [0] * self.n
        if self.phase == "over":
            w = self.ranking()[0][0]
            for p in range(self.n):
                if p != w:
                    pay = self.rules.chips_per_number * unstruck(self.progress[p], self.rules.unstruck)
                    net[p] -= pay
                    net[w] += pay
        return tuple(net)

    # --- information ----------------------------------------------------------------------------------------
    def goal(self) -> Goal:
        return explained.goal()

    def view_extra(self, player: int | None) -> JSON:
        return {
            "progress": list(self.progress),
            "next_number": [TARGETS[p] if p < len(TARGETS) else None for p in self.progress],
            "chips": list(self.payoffs()),
        }

    def table(self, player: int | None) -> tuple[Component, ...]:
        return tuple(
            Track(
                seat=s,
                numbers=TARGETS,
                marks=tuple(1 if i < p else 0 for i in range(len(TARGETS))),
                position=p if p < len(TARGETS) else None,
                label=Phrase(N_("1 to 6 and back")),
            )
            for s, p in enumerate(self.progress)
        )


class JuleGame(SimpleGame):
    id = "jule"
    state_class = JuleState


INFO = register(
    GameInfo(
        id="jule",
        name_de="Jule",
        name_en="Jule",
        options_class=JuleRules,
        make=JuleGame,
        min_players=1,
        max_players=6,
        family="one-die",
        default_preset="jule",
        presets_dir=Path(__file__).parent / "presets" / "jule",
        locale_dir=Path(__file__).parent / "locale" / "jule",
        description_de=(
            "Ein Würfel: Wirf der Reihe nach 1 bis 6 und dann 6 bis 1 zurück; wer zuerst fertig ist, gewinnt."
        ),
        description_en="One die: throw 1 to 6 in order, then 6 back down to 1; the first to finish wins.",
        default_bot="random",
        chips=True,
        decisions=False,
        explain=explained.explain,
        explain_quotes=("chips_per_number",),
    )
)
