"""A stand-in going (issue 25 §1): a person whose seats a stand-in plays comes back — he joins, moves or says so —
and the core's ``ComeBack`` answers with the seats that are his again, the deadline a move of his that is due gets
(a full limit, stored) and the timers of his throw and the table's clock; nothing counts before the store took it."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import pytest

from tests.engine.toy_game import PigRules, pig_info
from wuerfel.engine import registry
from wuerfel.engine.record import Match
from wuerfel.server.core.effects import ArmTimer, CancelTimer
from wuerfel.server.core.steps import ComeBack, Now
from wuerfel.server.core.table import TableCore
from wuerfel.server.store import SeatRow, TableRow

HOST, GUEST = 1, 2
NOW = Now(100.0, 1_800_000_000.0)


@dataclasses.dataclass
class Settings:
    throw_wait: float = 60.0
    clock_scale: float = 1.0


def no_dice(*_: Any) -> Any:
    raise AssertionError("coming back throws no dice")


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
