"""Stand-ins coming and going (issue 25 §1). A clock runs out (or a guest leaves for good): the core's ``StandIn``
answers, as the table was set up, with the stand-in in each seat or the first seat's forfeit. A person whose seats a
stand-in plays comes back — he joins, moves or says so — and ``ComeBack`` answers with the seats that are his again,
the deadline a move of his that is due gets (a full limit, stored) and the timers of his throw and the table's
clock. Nothing counts before the store took it."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from tests.engine.toy_game import PigRules, pig_info
from tests.server.core.shared import NOW, Settings, no_dice
from wuerfel.engine import registry
from wuerfel.engine.record import Match
from wuerfel.server.core.effects import ArmTimer, CancelTimer
from wuerfel.server.core.steps import Broadcast, ComeBack, StandIn
from wuerfel.server.core.table import TableCore
from wuerfel.server.rows import SeatRow, TableRow

HOST, GUEST = 1, 2


def test_a_person_back_plays_his_seats_again_with_a_full_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._REGISTRY, "pig", pig_info())
    seats = [SeatRow(0, HOST, None, "Hanna", standin="heuristic"), SeatRow(1, GUEST, None, "Gast")]
    row = TableRow(
        "t-back", "pig", "standard", {}, 2, False, False, HOST, "playing",
        dt.datetime.fromtimestamp(NOW.wall, dt.UTC), None, seats, clock="live", move_seconds=30,
    )  # fmt: skip
    core = TableCore(row, Settings())
    core.match = Match.new("pig", None, ["Hanna", "Gast"], rules=PigRules(target=20))
    assert core.throw_due() == 0 and core.move_due() == []  # her throw is due; the stand-in needs no clock
    assert core.handle(ComeBack(GUEST), NOW, no_dice).idle  # no stand-in plays for him
    step = core.handle(ComeBack(HOST), NOW, no_dice)
    assert step.refused is None and not step.idle and step.standins == ((0, None),)
    assert step.deadline == (NOW.utc + dt.timedelta(seconds=30), 0)  # a full limit for her throw
    assert step.effects == (CancelTimer("throw"), ArmTimer("clock", 0, NOW.mono + 30, NOW.wall + 30))
    assert core.row.seats[0].standin == "heuristic" and core.row.deadline_at is None  # nothing counts unstored
    core.stored(step)
    assert core.row.seats[0].standin is None and core.move_due() == [0]
    assert core.row.deadline_at == NOW.utc + dt.timedelta(seconds=30) and core.deadline_due == (0,)
    core.row.seats[0] = dataclasses.replace(core.row.seats[0], standin="heuristic")
    core.row.resigned = 1
    assert core.handle(ComeBack(HOST), NOW, no_dice).idle  # the game is over: nothing to give back


def running(on_expiry: str, monkeypatch: pytest.MonkeyPatch) -> TableCore:
    """Pig at a live table: Hanna's throw is due, her clock runs."""
    monkeypatch.setitem(registry._REGISTRY, "pig", pig_info())
    seats = [SeatRow(0, HOST, None, "Hanna"), SeatRow(1, GUEST, None, "Gast")]
    row = TableRow(
        "t-late", "pig", "standard", {}, 2, False, False, HOST, "playing",
        dt.datetime.fromtimestamp(NOW.wall, dt.UTC), None, seats, clock="live", move_seconds=30,
        on_expiry=on_expiry, deadline_at=NOW.utc, deadline_seq=0,
    )  # fmt: skip
    core = TableCore(row, Settings())
    core.match = Match.new("pig", None, ["Hanna", "Gast"], rules=PigRules(target=20))
    core.deadline_due = (0,)
    return core


def test_a_stand_in_takes_the_seat_whose_clock_ran_out(monkeypatch: pytest.MonkeyPatch) -> None:
    core = running("bot", monkeypatch)
    step = core.handle(StandIn((0,), "timeout", "heuristic"), NOW, no_dice)
    assert step.refused is None and step.standins == ((0, "heuristic"),) and step.resigned is None
    assert step.deadline is None  # the stored deadline stays
    # The stand-in throws after its pause: no window for a person's throw, no clock for a bot.
    assert step.effects == (CancelTimer("throw"), CancelTimer("clock"))
    assert core.row.seats[0].standin is None  # nothing counts before the store took it
    core.stored(step)
    assert core.row.seats[0].standin == "heuristic" and core.move_due() == [] and core.bot_to_act() == 0
    assert core.row.deadline_at == NOW.utc and core.row.status == "playing"


def test_at_a_forfeit_table_the_first_seat_loses_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    core = running("forfeit", monkeypatch)
    step = core.handle(StandIn((1, 0), "abandoned", "heuristic"), NOW, no_dice)
    assert step.resigned == 1 and step.ended_by == "abandoned" and step.standins == ()
    assert step.effects == (CancelTimer("throw"), CancelTimer("clock"), CancelTimer("window"), Broadcast({}))
    assert core.row.status == "playing" and core.row.resigned is None
    core.stored(step)
    assert (core.row.status, core.row.resigned, core.row.ended_by) == ("finished", 1, "abandoned")
    assert core.row.deadline_at is None and core.row.deadline_seq is None and core.over
    assert core.handle(StandIn((0,), "timeout", "heuristic"), NOW, no_dice).idle  # the game is over
