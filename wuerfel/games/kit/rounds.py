"""Round games: every seat in turn plays a turn of a fixed number of throws, for a fixed number of rounds; the
highest (or lowest) total wins, ties are thrown off (:mod:`wuerfel.games.kit.throwoff`).

Plus – minus, Himmel und Hölle, Blaue Augen, Pasch, Einer gleich zwei are each this shape plus a scoring function:
:meth:`RoundState.throw_points` (what one throw scores, given its place in the turn). A throw-off is "one more turn
of the same game" for the tied seats only; its scores decide among them and never change the game's totals.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from wuerfel.engine import counts, narration
from wuerfel.engine.components import Component, Phrase, SeatRef, Sheet, SheetRow
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON, Roll
from wuerfel.games.kit.seats import clockwise, in_turn_order
from wuerfel.games.kit.simple import START_NAME, SimpleState
from wuerfel.games.kit.throwoff import next_throw_off, ranking_groups

THROW_OFF = N_("Throw-off {k}: the tied players throw again")
TOTAL = N_("Total")
THROW_OFF_ROW = N_("Throw-off {k}")
TURN_POINTS = N_("{name} scores {points} this turn")
ROUND_BEGINS = N_("Round {k} of {n} begins")


@dataclasses.dataclass(frozen=True)
class RoundState(SimpleState):
    totals: tuple[int, ...] = ()
    """The game's score of every seat (throw-offs not included)."""
    round_no: int = 0
    """The current round, from 0."""
    order: tuple[int, ...] = ()
    """Who throws in the current pass, in turn order (everybody; the tied seats in a throw-off)."""
    index: int = 0
    """Position of the thrower in ``order``."""
    throws: int = 0
    """Throws made in the current turn."""
    turn_total: int = 0
    """Points of the current turn so far."""
    playoffs: tuple[tuple[int | None, ...], ...] = ()
    """One entry per throw-off played or under way: per seat its score in it (None: not in it)."""

    # --- what a round game says ----------------------------------------------------------------------------
    def throw_points(self, dice: tuple[int, ...], index: int) -> int:
        """Points of one throw; ``index`` is the throw's place in the turn (from 0)."""
        raise NotImplementedError

    def throws_per_turn(self) -> int:
        return 1

    def rounds(self) -> int:
        return 1

    def settle_loser(self) -> bool:
        """Whether tied last places are thrown off too (the loser pays the round, G8)."""
        return bool(getattr(self.rules, "settle_loser", True))

    def turn_over(self) -> bool:
        """Whether the current turn has ended (after the throw just counted)."""
        return self.throws >= self.throws_per_turn()

    def turn_points(self) -> int:
        """What the finished turn counts (default: the sum of its throws)."""
        return self.turn_total

    # --- flow -----------------------------------------------------------------------------------------------
    def initial(self) -> RoundState:
        return dataclasses.replace(self, totals=(0,) * self.n)

    @property
    def in_throw_off(self) -> bool:
        return bool(self.playoffs)

    def begin(self, start: int) -> RoundState:
        order = clockwise(start, self.n)
        return dataclasses.replace(self, phase="throw", start=start, seat=order[0], order=order, index=0)

    def after_throw(self, dice: tuple[int, ...]) -> RoundState:
        s = dataclasses.replace(
            self, throws=self.throws + 1, turn_total=self.turn_total + self.throw_points(dice, self.throws)
        )
        return s._end_turn() if s.turn_over() else s

    def _end_turn(self) -> RoundState:
        pts = self.turn_points()
        if self.playoffs:
            row = list(self.playoffs[-1])
            row[self.seat] = pts
            s = dataclasses.replace(self, playoffs=(*self.playoffs[:-1], tuple(row)))
        else:
            totals = list(self.totals)
            totals[self.seat] += pts
            s = dataclasses.replace(self, totals=tuple(totals))
        s = dataclasses.replace(s, throws=0, turn_total=0, index=self.index + 1)
        if s.index < len(s.order):
            return dataclasses.replace(s, seat=s.order[s.index])
        if not s.playoffs and s.round_no + 1 < s.rounds():
            return dataclasses.replace(s, round_no=s.round_no + 1, index=0, seat=s.order[0])
        return s._decide()

    def _decide(self) -> RoundState:
        tied = next_throw_off(self.ranking_now(), self.settle_loser())
        if not tied:
            return dataclasses.replace(self, phase="over", order=())
        order = in_turn_order(tied, self.start, self.n)
        return dataclasses.replace(
            self, playoffs=(*self.playoffs, (None,) * self.n), order=order, index=0, seat=order[0]
        )

    # --- what the move list is told ---------------------------------------------------------------------------
    def news(self, event: Any, after: SimpleState) -> tuple[Phrase, ...]:
        """A turn of several throws ends with its points, a round with the next one's number, the last one with a
        throw-off among the tied (and why) or the end."""
        if not isinstance(after, RoundState) or self.phase != "throw" or not isinstance(event, Roll):
            return ()
        out: list[Phrase] = []
        ended = (after.index, after.round_no, len(after.playoffs), after.phase) != (
            self.index,
            self.round_no,
            len(self.playoffs),
            self.phase,
        )
        if ended and self.throws_per_turn() > 1:
            row = len(self.playoffs) - 1
            pts = after.playoffs[row][self.seat] if row >= 0 else after.totals[self.seat] - self.totals[self.seat]
            if pts is not None:
                out.append(Phrase(TURN_POINTS, {"name": SeatRef(self.seat), "points": counts.points(pts)}))
        if after.phase == "throw" and after.round_no > self.round_no:
            out.append(Phrase(ROUND_BEGINS, {"k": after.round_no + 1, "n": after.rounds()}))
        if after.phase == "throw" and len(after.playoffs) > len(self.playoffs):
            tied = after.order
            again = bool(self.playoffs) and set(tied) <= set(self.order)
            out.append(narration.throw_off(tied, first=set(tied) == set(after.ranking_now()[0]), again=again))
        return tuple(out)

    # --- results --------------------------------------------------------------------------------------------
    def results(self) -> list[tuple[int, ...]]:
        """Per seat: total, then its score in each throw-off (0 where it did not play one: never compared)."""
        return [(self.totals[p], *(row[p] or 0 for row in self.playoffs)) for p in range(self.n)]

    def ranking_now(self) -> tuple[tuple[int, ...], ...]:
        return ranking_groups(self.results(), self.lower_is_better())

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        return self.ranking_now() if self.phase == "over" else ()

    def losers(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[-1] if len(r) > 1 else ()

    # --- information ----------------------------------------------------------------------------------------
    def view_extra(self, player: int | None) -> JSON:
        out: JSON = {
            "round": self.round_no + 1,
            "rounds": self.rounds(),
            "throw": self.throws,
            "throws_per_turn": self.throws_per_turn(),
            "turn_total": self.turn_total,
        }
        if self.playoffs:
            out["throw_off"] = len(self.playoffs)
            out["throw_off_scores"] = list(self.playoffs[-1])
        return out

    def message(self) -> Phrase | None:
        if self.phase == "throw" and self.playoffs:
            return Phrase(THROW_OFF, {"k": len(self.playoffs)})
        return super().message()

    def table(self, player: int | None) -> tuple[Component, ...]:
        rows = [SheetRow(Phrase(TOTAL), tuple(self.totals), total=True)]
        rows += [SheetRow(Phrase(THROW_OFF_ROW, {"k": k + 1}), row) for k, row in enumerate(self.playoffs)]
        # each column is headed by its seat's name: a seat number beside it read like a score (issue 24, U16)
        return (Sheet(columns=("",) * self.n, rows=tuple(rows), column_seats=tuple(range(self.n))),)

    def seat_note(self, seat: int) -> Any:
        if self.phase == "throw" and seat == self.seat and self.throws_per_turn() > 1:
            return Phrase(
                N_("throw {k} of {n}, {points} point"),
                {"k": self.throws + 1, "n": self.throws_per_turn(), "points": self.turn_total},
                plural="throw {k} of {n}, {points} points",
                count="points",
            )
        return None


ROUNDS_NAME = ("Runden", "Rounds")
SETTLE_LOSER_NAME = ("Stichrunde um den letzten Platz", "Throw-off for last place")
ROUND_GAME_NAMES = {"rounds": ROUNDS_NAME, "settle_loser": SETTLE_LOSER_NAME, "start": START_NAME}
"""The human names of the options every round game with agreed rounds has (:func:`rounds_option`,
:func:`settle_loser_option`, the kit's ``start_option``), for a game's ``label_options`` call next to its own."""


def rounds_option(default: int) -> Any:
    """The ``rounds`` option of a round game ("die Rundenzahl festlegen")."""
    from wuerfel.engine.rules import opt

    return opt(
        default,
        de="Runden: so oft kommt jeder an die Reihe, dann zählt die Summe",
        en="Rounds: every player's turns before the totals count",
        low=1,
        high=100,
    )


def settle_loser_option() -> Any:
    """The ``settle_loser`` option: G8 names one loser (who pays the round), so a tie for last place is thrown off
    like a tie for first; off, the tied seats share the last place."""
    from wuerfel.engine.rules import opt

    return opt(
        True,
        de="Gleichstand um den letzten Platz wird wie der um den ersten durch eine Stichrunde entschieden",
        en="A tie for last place is thrown off like a tie for first",
    )
