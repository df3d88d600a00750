"""The table's timers decided without a clock or an event loop: the time is an argument."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from wuerfel.engine.record import Match
from wuerfel.server.core import timing
from wuerfel.server.core.timing import Window

NOW = dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.UTC)


@dataclasses.dataclass(frozen=True)
class Seat:
    kind: str = "human"
    bot: str | None = None
    standin: str | None = None


PEOPLE = [Seat(), Seat(), Seat()]


@dataclasses.dataclass
class Node:
    """Just the parts of a game state the timing reads."""

    acting: tuple[int, ...] = ()
    chance: bool = False
    window: Any = None

    def is_chance(self) -> bool:
        return self.chance

    def actors(self) -> tuple[int, ...]:
        return self.acting

    def deadline(self) -> Any:
        return self.window


def test_a_bot_or_a_stand_in_plays_a_seat() -> None:
    seats = [Seat(), Seat("bot", bot="random"), Seat(standin="heuristic"), Seat("empty")]
    assert [timing.plays_bot(seats, s) for s in range(5)] == [False, True, True, False, False]
    assert not timing.plays_bot(seats, -1)


def test_the_throw_due_is_the_games_and_none_at_a_scorekeeper_or_resigned_table() -> None:
    m = Match.new("zehntausend", None, ["A", "B"])
    assert m.state.is_chance()
    due = timing.throw_due(m.state, m.record.events, False, None)
    assert due == m.state.thrower()
    assert timing.throw_due(m.state, m.record.events, True, None) is None
    assert timing.throw_due(m.state, m.record.events, False, 1) is None
    assert timing.throw_due(None, [], False, None) is None


def test_the_bot_to_act() -> None:
    seats = [Seat(), Seat("bot", bot="random"), Seat(standin="random")]
    assert timing.bot_to_act(Node(acting=(0, 2)), False, None, seats) == 2
    assert timing.bot_to_act(Node(acting=(0,)), False, None, seats) is None
    assert timing.bot_to_act(Node(chance=True), False, 1, seats) == 1
    assert timing.bot_to_act(Node(chance=True), False, 0, seats) is None
    assert timing.bot_to_act(Node(acting=(1,)), True, None, seats) is None


def test_a_narrower_node_keeps_the_window_and_a_fresh_one_opens_a_full_one() -> None:
    first = timing.game_window(20.0, frozenset({0, 1, 2}), 100.0, 5000.0, None)
    assert first == Window(120.0, 5020.0, frozenset({0, 1, 2}))
    # one of three callers answered at t=110: the others keep the end of the window
    assert timing.game_window(20.0, frozenset({0, 2}), 110.0, 5010.0, first) is first
    # the same people again (a new round) or somebody new: a full window
    assert timing.game_window(20.0, frozenset({0, 1, 2}), 110.0, 5010.0, first).at == 130.0
    assert timing.game_window(20.0, frozenset({0, 3}), 110.0, 5010.0, first).at == 130.0
    # after a restart a narrower node still gets a full window
    assert timing.game_window(20.0, frozenset({0}), 110.0, 5010.0, first, fresh=True).at == 130.0


def test_a_persons_throw_waits_only_where_no_other_clock_decides() -> None:
    seats = [Seat(), Seat("bot", bot="random")]
    assert timing.throw_wait(0, seats, 60.0, []) == 60.0
    assert timing.throw_wait(None, seats, 60.0, []) is None
    assert timing.throw_wait(1, seats, 60.0, []) is None  # a bot throws after its pause
    assert timing.throw_wait(0, seats, 0.0, []) is None  # --throw-wait 0: no limit
    assert timing.throw_wait(0, seats, 60.0, [0]) is None  # the table's clock runs for the throw (web B1)


def test_the_table_clock_runs_for_the_people_due() -> None:
    def due(
        node: Node | None,
        seats: list[Any] = PEOPLE,
        clock: str = "live",
        secs: int | None = 30,
        over: bool = False,
        keeper: bool = False,
        throw: int | None = None,
    ) -> list[int]:
        return timing.move_due(node, over, keeper, clock, secs, seats, throw)

    assert due(Node(acting=(0, 2))) == [0, 2]
    assert due(Node(acting=(0, 2)), clock="none") == []
    assert due(Node(acting=(0,)), secs=None) == []
    assert due(Node(acting=(0,)), over=True) == []
    assert due(Node(acting=(0,)), keeper=True) == []
    assert due(None) == []
    assert due(Node(acting=(0,), window=object())) == []  # the game's own window decides
    assert due(Node(acting=(0, 1, 2)), seats=[Seat(), Seat("bot", bot="random"), Seat(standin="random")]) == [0]
    assert due(Node(chance=True), throw=1) == [1]
    assert due(Node(chance=True), throw=None) == []
    assert due(Node(chance=True), seats=[Seat(), Seat(standin="random")], throw=1) == []


def test_the_stored_deadline_keeps_its_end_when_the_position_narrows_or_a_stake_is_sealed() -> None:
    running = NOW - dt.timedelta(seconds=10)
    full = NOW + dt.timedelta(seconds=30)
    assert timing.next_deadline([0, 1], None, (), False, NOW, 30) == full
    assert timing.next_deadline([], running, (0, 1), False, NOW, 30) is None
    assert timing.next_deadline([1], running, (0, 1), False, NOW, 30) == running
    assert timing.next_deadline([0, 1], running, (0, 1), False, NOW, 30) == full
    # a sealed stake leaves the same people due: a fresh limit would tell the others that somebody staked
    assert timing.next_deadline([0, 1], running, (0, 1), True, NOW, 30) == running
    assert timing.next_deadline([0, 2], running, (0, 1), True, NOW, 30) == full


def test_a_restart_keeps_a_deadline_ahead_and_gives_grace_for_one_that_passed() -> None:
    ahead = NOW + dt.timedelta(days=2)
    passed = NOW - dt.timedelta(seconds=5)
    assert timing.restart_deadline(ahead, 7, 7, NOW, 86400.0, 60.0) is None
    assert timing.restart_deadline(passed, 7, 7, NOW, 86400.0, 60.0) == NOW + dt.timedelta(seconds=60)
    assert timing.restart_deadline(passed, 7, 7, NOW, 30.0, 60.0) == NOW + dt.timedelta(seconds=30)
    # only out of memory while people could move: the passed deadline stands and runs out at once
    assert timing.restart_deadline(passed, 7, 7, NOW, 30.0, None) is None
    # no deadline for this position (stored for another, or none): a full limit
    assert timing.restart_deadline(ahead, 6, 7, NOW, 30.0, 60.0) == NOW + dt.timedelta(seconds=30)
    assert timing.restart_deadline(None, None, 7, NOW, 30.0, 60.0) == NOW + dt.timedelta(seconds=30)


def test_the_running_deadline_is_the_stored_one_of_this_position_while_somebody_is_due() -> None:
    assert timing.running_deadline(NOW, 4, 4, [0]) == round(NOW.timestamp(), 3)
    assert timing.running_deadline(NOW, 3, 4, [0]) is None
    assert timing.running_deadline(NOW, 4, 4, []) is None
    assert timing.running_deadline(None, None, 4, [0]) is None
