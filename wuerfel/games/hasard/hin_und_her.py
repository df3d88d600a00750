"""Hin und her (Hasard game 2): strike the digits 1 to 6; a digit thrown again must be written anew.

"Die geworfene Augenzahl wird durchgestrichen. Ist diese Ziffer aber bereits gestrichen, muß sie wieder neu
angeschrieben werden. Gewonnen hat, wer zuerst alle Ziffern durchstreichen konnte." One throw per turn (resolution).
No chips; for G8 the loser is the seat with the fewest struck digits, a tie for it thrown off: the tied seats
throw once more each, on their own sheets, until one has fewest.

Exact solving: the solver key keeps per seat only how many digits are struck (:meth:`HinUndHerState.solver_key`),
so two to four players solve in seconds; five have 21,621 positions, but one cycle of some 19,000 of them, which the
exact elimination does not finish in reasonable time (docs/hasard.md, "Exakte Chancen").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import narration
from wuerfel.engine.components import Component, Goal, Phrase, SeatRef, Track
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON, Roll
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import hin_und_her as explained
from wuerfel.games.kit import START_NAME, START_WORDS, SimpleGame, SimpleState, left_of, start_option
from wuerfel.games.kit.seats import in_turn_order
from wuerfel.games.kit.solverkeys import dense_ranks
from wuerfel.games.kit.throwoff import next_throw_off, ranking_groups

ALL = 0b111111
THROW_OFF_LOSER = N_("Throw-off for last place: the tied players throw once more")
UNSTRUCK = N_("{name} had struck the {face} already: it is open again")


@dataclasses.dataclass(frozen=True)
class HinUndHerRules:
    """Options of Hin und her; every default is the text or the spec's resolution."""

    settle_loser: bool = opt(
        True,
        de="Gleichstand um den letzten Platz (die wenigsten gestrichenen Ziffern) wird "
        "durch eine Stichrunde entschieden",
        en="A tie for last place (fewest struck digits) is decided by a throw-off",
    )
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    HinUndHerRules,
    {
        "settle_loser": ("Stichrunde um den letzten Platz", "Throw-off for last place"),
        "start": START_NAME,
    },
    {"start": START_WORDS},
)


def struck_count(mask: int) -> int:
    return bin(mask).count("1")


@dataclasses.dataclass(frozen=True)
class HinUndHerState(SimpleState):
    id: ClassVar[str] = "hin-und-her"
    struck: tuple[int, ...] = ()
    """Per seat: the struck digits as a bit mask (bit d−1 for digit d)."""
    playoffs: tuple[tuple[int | None, ...], ...] = ()
    """Throw-offs for last place: per seat its struck count after it (None: not in it)."""
    order: tuple[int, ...] = ()
    """The tied seats throwing off, in turn order (empty in the game itself)."""
    index: int = 0
    ended: tuple[int, ...] = ()
    """Struck digits of every seat when the game itself ended (the throw-offs change only the tied seats')."""

    def initial(self) -> HinUndHerState:
        return dataclasses.replace(self, struck=(0,) * self.n)

    def dice_count(self) -> int:
        return 1

    def after_throw(self, dice: tuple[int, ...]) -> HinUndHerState:
        mask = self.struck[self.seat] ^ (1 << (dice[0] - 1))
        s = dataclasses.replace(self, struck=(*self.struck[: self.seat], mask, *self.struck[self.seat + 1 :]))
        if self.order:  # a throw-off for last place
            row = list(s.playoffs[-1])
            row[self.seat] = struck_count(mask)
            s = dataclasses.replace(s, playoffs=(*s.playoffs[:-1], tuple(row)), index=self.index + 1)
            if s.index < len(s.order):
                return dataclasses.replace(s, seat=s.order[s.index])
            return s._decide()
        if mask == ALL:
            return s._decide()
        return dataclasses.replace(s, seat=left_of(self.seat, self.n))

    def news(self, event: Any, after: SimpleState) -> tuple[Phrase, ...]:
        """A digit struck already comes free again (hin und her), and the tied for last place throw off."""
        if not isinstance(event, Roll) or not isinstance(after, HinUndHerState):
            return ()
        out: list[Phrase] = []
        face = event.dice[0]
        if self.struck[self.seat] >> (face - 1) & 1:
            out.append(Phrase(UNSTRUCK, {"name": SeatRef(self.seat), "face": face}))
        if after.phase == "throw" and len(after.playoffs) > len(self.playoffs):
            out.append(narration.throw_off(after.order, first=False, again=bool(self.playoffs)))
        return tuple(out)

    def results(self) -> list[tuple[int, ...]]:
        """Per seat: struck digits when the game ended, then after each throw-off it played (0 where it did not)."""
        ended = self.ended or tuple(struck_count(m) for m in self.struck)
        return [(ended[p], *(row[p] or 0 for row in self.playoffs)) for p in range(self.n)]

    def _decide(self) -> HinUndHerState:
        s = self if self.ended else dataclasses.replace(self, ended=tuple(struck_count(m) for m in self.struck))
        groups = ranking_groups(s.results())
        tied = next_throw_off(groups, settle_loser=s.rules.settle_loser) if len(groups[0]) == 1 else ()
        if not tied:
            return dataclasses.replace(s, phase="over", order=())
        order = in_turn_order(tied, s.start, s.n)
        return dataclasses.replace(s, playoffs=(*s.playoffs, (None,) * s.n), order=order, index=0, seat=order[0])

    def solver_key(self) -> Hashable:
        """How many digits each seat has struck, not which: sound because the die is fair, so a sheet with k struck
        digits strikes one more with chance (6 − k)/6 and writes one anew with chance k/6 whichever they are, and
        every result (the first to strike all six, then the ranking by struck counts and throw-offs) reads only
        the counts.

        Once the game itself has ended, only the seats throwing off still change their counts, and the finished
        entries (counts at the end, finished throw-offs) matter only through the order they put the seats in
        (:func:`~wuerfel.games.kit.solverkeys.dense_ranks`): a throw-off that ties again returns to a known key,
        a cycle, instead of a growing history. ``start`` orders the tied seats of a throw-off; with two players
        nobody ever throws off (the first to strike all six is alone in front, the other alone behind), so it is
        dropped there. The last throw is only shown."""
        counts = tuple(struck_count(m) for m in self.struck)
        start = self.start if self.n > 2 else 0
        if not self.ended:
            return (self.phase, self.seat, start, counts)
        done = self.playoffs[:-1] if self.order else self.playoffs
        standing = dense_ranks([(self.ended[p], *(row[p] or 0 for row in done)) for p in range(self.n)])
        current = self.playoffs[-1] if self.order else ()
        throwing = tuple(c if p in self.order else None for p, c in enumerate(counts))
        return (self.phase, self.seat, start, self.order, self.index, standing, current, throwing)

    # --- results --------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(struck_count(m)) for m in self.struck)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        return ranking_groups(self.results()) if self.phase == "over" else ()

    def losers(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[-1] if len(r) > 1 else ()

    # --- information ----------------------------------------------------------------------------------------
    def goal(self) -> Goal:
        return explained.goal()

    def view_extra(self, player: int | None) -> JSON:
        out: JSON = {"struck": [[d for d in range(1, 7) if m >> (d - 1) & 1] for m in self.struck]}
        if self.playoffs:
            out["throw_off"] = len(self.playoffs)
        return out

    def message(self) -> Phrase | None:
        if self.phase == "throw" and self.order:
            return Phrase(THROW_OFF_LOSER)
        return super().message()

    def table(self, player: int | None) -> tuple[Component, ...]:
        return tuple(
            Track(seat=s, numbers=(1, 2, 3, 4, 5, 6), marks=tuple(m >> i & 1 for i in range(6)))
            for s, m in enumerate(self.struck)
        )


class HinUndHerGame(SimpleGame):
    id = "hin-und-her"
    state_class = HinUndHerState


INFO = register(
    GameInfo(
        id="hin-und-her",
        name_de="Hin und her",
        name_en="Back and Forth (Hin und her)",
        family="one-die",
        options_class=HinUndHerRules,
        make=HinUndHerGame,
        min_players=2,
        max_players=6,
        default_preset="hin-und-her",
        presets_dir=Path(__file__).parent / "presets" / "hin-und-her",
        locale_dir=Path(__file__).parent / "locale" / "hin-und-her",
        description_de=(
            "Ein Würfel: Streich die Zahlen 1 bis 6; wirfst du eine gestrichene noch einmal, kommt sie zurück."
        ),
        description_en="One die: strike off the numbers 1 to 6; throw a struck one again and it comes back.",
        aliases=("hin_und_her",),
        default_bot="random",
        decisions=False,
        explain=explained.explain,
    )
)
