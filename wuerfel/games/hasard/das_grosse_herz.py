"""Das große Herz (Hasard game 6): fill the six chambers of a heart with 1 to 6; a number the thrower cannot use
goes to the left.

"Kann einer die gewürfelte Zahl nicht mehr verwerten, muß er diese Augen seinem linken Nachbarn überlassen. Kann der
sie ebenfalls nicht gebrauchen, geht die Zahl an den übernächsten usw. Wenn kein Spieler die weitergereichte Augenzahl
verwerten kann, verfällt der Wurf. Verlierer ist, wer als letzter noch eine oder mehrere Herzkammern frei hat." The
number is offered to the thrower first, then clockwise to every player still playing; the first who can use it enters
it. Finished players leave the rotation and are skipped when passing (resolution); a received number does not change
whose throw is next. The game ends when one player is left: he loses. Others are ranked by finishing order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.components import Component, Goal, Phrase, SeatRef, Track
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON, Roll
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options
from wuerfel.games.hasard.explain import das_grosse_herz as explained
from wuerfel.games.kit import START_NAME, START_WORDS, SimpleGame, SimpleState, next_seat, start_option

FULL = 0b111111
LAPSED = N_("Nobody can use the {face}: the throw lapses")
ENTERS = N_("{name} enters the {face}")
PASSED = N_("{name} cannot use the {face}: it passes to {receiver}, who enters it")
HEART_FULL = N_("{name}'s heart is full (place {place})")


@dataclasses.dataclass(frozen=True)
class DasGrosseHerzRules:
    """Options of Das große Herz: the text leaves nothing open but who begins."""

    start: Literal["lot", "first_seat"] = start_option()


label_options(DasGrosseHerzRules, {"start": START_NAME}, {"start": START_WORDS})


@dataclasses.dataclass(frozen=True)
class DasGrosseHerzState(SimpleState):
    id: ClassVar[str] = "das-grosse-herz"
    hearts: tuple[int, ...] = ()
    """Per seat: the filled chambers as a bit mask (bit k−1 for the number k)."""
    finished: tuple[int, ...] = ()
    """Seats with a full heart, in the order they finished."""
    receiver: int | None = None
    """Who entered the last number (None: it lapsed, or nothing was thrown yet)."""

    def initial(self) -> DasGrosseHerzState:
        return dataclasses.replace(self, hearts=(0,) * self.n)

    def playing(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.n) if p not in self.finished)

    def dice_count(self) -> int:
        return 1

    def after_throw(self, dice: tuple[int, ...]) -> DasGrosseHerzState:
        bit = 1 << (dice[0] - 1)
        playing = self.playing()
        offered = [(self.seat + i) % self.n for i in range(self.n)]
        taker = next((p for p in offered if p in playing and not self.hearts[p] & bit), None)
        s = dataclasses.replace(self, receiver=taker)
        if taker is not None:
            hearts = (*self.hearts[:taker], self.hearts[taker] | bit, *self.hearts[taker + 1 :])
            s = dataclasses.replace(s, hearts=hearts)
            if hearts[taker] == FULL:
                s = dataclasses.replace(s, finished=(*s.finished, taker))
        still = s.playing()
        if len(still) <= 1:
            return dataclasses.replace(s, phase="over")
        nxt = next_seat(self.seat, self.n, still)
        assert nxt is not None
        return dataclasses.replace(s, seat=nxt)

    def solver_key(self) -> Hashable:
        """The hearts up to a relabelling of the six numbers, whose throw it is, and who finished first.

        Why that is enough: a throw offers its number to the thrower and then clockwise to whoever still lacks it,
        so the rules never read *which* number it is, only which seats have it; and every number is equally likely.
        Renaming the numbers the same way in every heart therefore changes no chance of anything. A heart as six
        bits per seat is the same as six columns, one per number, saying which seats have it: the multiset of
        these columns is the position up to renaming (2 players: 81,015 positions become a few hundred). The
        result reads the first to finish (the winner) and who is left (the loser, seen in the hearts); the later
        finishing order, the last throw and who received it are only shown."""
        if self.phase == "over":
            return ("over", self.winners(), self.losers())
        columns = tuple(sorted(sum((h >> k & 1) << p for p, h in enumerate(self.hearts)) for k in range(6)))
        return (self.phase, self.seat, columns, self.finished[0] if self.finished else None)

    # --- results --------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(bin(h).count("1")) for h in self.hearts)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Finishing order; the one left with free chambers last."""
        if self.phase != "over":
            return ()
        return (*((p,) for p in self.finished), *((p,) for p in self.playing()))

    def losers(self) -> tuple[int, ...]:
        return self.playing() if self.phase == "over" else ()

    # --- information ----------------------------------------------------------------------------------------
    def goal(self) -> Goal:
        return explained.goal()

    def view_extra(self, player: int | None) -> JSON:
        return {
            "hearts": [[k for k in range(1, 7) if h >> (k - 1) & 1] for h in self.hearts],
            "finished": list(self.finished),
            "receiver": self.receiver,
        }

    def seat_finished(self, seat: int) -> bool:
        return seat in self.finished

    def seat_note(self, seat: int) -> Any:
        if seat in self.finished:
            return Phrase(N_("heart full ({place}.)"), {"place": self.finished.index(seat) + 1})
        return None

    def news(self, event: Any, after: SimpleState) -> tuple[Phrase, ...]:
        """Who entered the number, or to whom it passed because the thrower could not use it, or that it lapsed;
        and a heart that is full now."""
        if not isinstance(after, DasGrosseHerzState) or not isinstance(event, Roll):
            return ()
        face = after.last[0]
        thrower = self.seat
        if after.receiver is None:
            out = [Phrase(LAPSED, {"face": face})]
        elif after.receiver == thrower:
            out = [Phrase(ENTERS, {"name": SeatRef(thrower), "face": face})]
        else:
            out = [Phrase(PASSED, {"name": SeatRef(thrower), "face": face, "receiver": SeatRef(after.receiver)})]
        out += [
            Phrase(HEART_FULL, {"name": SeatRef(p), "place": after.finished.index(p) + 1})
            for p in after.finished
            if p not in self.finished
        ]
        return tuple(out)

    def message(self) -> Phrase | None:
        if self.phase == "throw" and self.last:
            if self.receiver is None:
                return Phrase(LAPSED, {"face": self.last[0]})
            return Phrase(ENTERS, {"name": SeatRef(self.receiver), "face": self.last[0]})  # a name, not "Platz 3"
        return super().message()

    def table(self, player: int | None) -> tuple[Component, ...]:
        return tuple(
            Track(
                seat=s, numbers=(1, 2, 3, 4, 5, 6), marks=tuple(h >> i & 1 for i in range(6)), label=Phrase(N_("Heart"))
            )
            for s, h in enumerate(self.hearts)
        )


class DasGrosseHerzGame(SimpleGame):
    id = "das-grosse-herz"
    state_class = DasGrosseHerzState


INFO = register(
    GameInfo(
        id="das-grosse-herz",
        name_de="Das große Herz",
        name_en="The Big Heart (Das große Herz)",
        family="one-die",
        options_class=DasGrosseHerzRules,
        make=DasGrosseHerzGame,
        min_players=2,
        max_players=6,
        default_preset="das-grosse-herz",
        presets_dir=Path(__file__).parent / "presets" / "das-grosse-herz",
        locale_dir=Path(__file__).parent / "locale" / "das-grosse-herz",
        description_de=(
            "Ein Würfel: Füll die sechs Kammern deines Herzens mit 1 bis 6; wer zuletzt noch eine freie hat, verliert."
        ),
        description_en="One die: fill your heart's six chambers with 1 to 6; the last with an empty chamber loses.",
        aliases=("das_grosse_herz", "das-große-herz", "grosses-herz"),
        default_bot="random",
        decisions=False,
        explain=explained.explain,
    )
)
