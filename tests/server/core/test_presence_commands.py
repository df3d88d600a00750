"""A connection arriving or leaving as commands of the core (issue 25 §1): ``Join`` and ``Leave``. The core keeps who
is connected (by the shell's key for each connection, never stored), says what the newcomer is sent first (the table
before the start, else his view from where his ``since`` stands), whom to tell that somebody came or went (everyone
but the newcomer, and only when who is here changed: the table hears of people, not of their tabs), and whether a
seat's person is back from his stand-in (the seats and the deadline to store, as ``ComeBack``). A guest's ``Logout``
leaves his seats before the start and hands a running game's to the table's setting."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import pytest

from tests.engine.toy_game import PigRules, pig_info
from tests.server.core.shared import NOW, Settings, no_dice
from wuerfel.engine import registry
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Outcome
from wuerfel.engine.record import Match
from wuerfel.engine.sources import SeededSource
from wuerfel.server.core.effects import ArmTimer, CancelTimer
from wuerfel.server.core.steps import Join, Leave, Logout, SeatChange, TellPresence, TellTable, TimeUp, Welcome
from wuerfel.server.core.table import TableCore
from wuerfel.server.rows import SeatRow, TableRow

HOST, GUEST, FAN = 1, 2, 7


def seeded(seed: int) -> Any:
    source = SeededSource(seed)

    def dice(m: Match, tap: str | None) -> tuple[Outcome, None]:
        return source.choose(m.state), None

    return dice


def table(status: str, seats: list[SeatRow], **kw: Any) -> TableCore:
    row = TableRow(
        "t-here", "pig", "standard", {}, 2, False, False, HOST, status,
        dt.datetime.fromtimestamp(NOW.wall, dt.UTC), None, seats, **kw,
    )  # fmt: skip
    return TableCore(row, Settings())


def told(core: TableCore, muted: set[int] | None = None, again: bool = False) -> Any:
    return core.here.news(core.row.seats, muted or set(), again)


def test_before_the_start_the_newcomer_reads_the_table_and_the_others_hear_of_people_not_tabs() -> None:
    core = table("open", [SeatRow(0, HOST, None, "Hanna"), SeatRow(1)])
    step = core.handle(Join("tab-1", HOST, "Hanna"), NOW, no_dice)
    assert step.refused is None and not step.idle and not step.standins
    assert step.effects == (TellPresence(skip="tab-1"), Welcome("tab-1", None, back=False))
    assert told(core) == ([0], [])
    step = core.handle(Join("tab-2", HOST, "Hanna"), NOW, no_dice)  # her second tab
    assert step.of(TellPresence) == [TellPresence(skip="tab-2")] and told(core) is None  # nothing new to tell
    core.handle(Leave("tab-1"), NOW, no_dice)
    assert told(core) is None  # one tab of hers is still open
    step = core.handle(Leave("tab-2"), NOW, no_dice)
    assert step.effects == (TellPresence(),) and told(core) == ([], [])
    assert core.handle(Leave("tab-2"), NOW, no_dice).effects == (TellPresence(),) and told(core) is None  # twice


def test_spectators_are_counted_by_person_and_a_mute_is_told_again() -> None:
    core = table("open", [SeatRow(0, HOST, None, "Hanna"), SeatRow(1)])
    for key, pid, name in (("a", None, ""), ("b", FAN, "Zora"), ("c", FAN, "Zora"), ("d", None, "")):
        core.handle(Join(key, pid, name), NOW, no_dice)
    zora = {"player_id": FAN, "name": "Zora", "muted": False}
    nobody = {"player_id": None, "name": None, "muted": False}
    assert told(core) == ([], [zora, nobody, nobody])
    assert told(core) is None and told(core, again=True) == ([], [zora, nobody, nobody])
    assert told(core, {FAN}) == ([], [{**zora, "muted": True}, nobody, nobody])
    core.here.rename(FAN, "Zora K")  # she registered under another name
    assert told(core, {FAN}) == ([], [{**zora, "name": "Zora K", "muted": True}, nobody, nobody])
    core.handle(Leave("a"), NOW, no_dice)
    core.handle(Leave("b"), NOW, no_dice)
    assert told(core, {FAN}) == ([], [{**zora, "name": "Zora K", "muted": True}, nobody])


def test_a_reconnect_resumes_where_its_since_stands_and_a_person_back_plays_his_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._REGISTRY, "pig", pig_info())
    seats = [SeatRow(0, HOST, None, "Hanna", standin="heuristic"), SeatRow(1, GUEST, None, "Gast")]
    core = table("playing", seats, clock="live", move_seconds=30)
    core.match = Match.new("pig", None, ["Hanna", "Gast"], rules=PigRules(target=20))
    step = core.throw(NOW, seeded(3))  # the stand-in's throw
    core.stored(step)
    committed = core.committed
    assert committed >= 1
    # A spectator without ``since`` starts at the end; with one he had, from there.
    assert core.handle(Join("fan", FAN, "Zora"), NOW, no_dice).of(Welcome) == [Welcome("fan", committed)]
    assert core.handle(Join("fan2", None, "", since=0), NOW, no_dice).of(Welcome) == [Welcome("fan2", 0)]
    assert core.handle(Join("fan3", None, "", since=999), NOW, no_dice).of(Welcome) == [Welcome("fan3", committed)]
    # The guest reconnects: no stand-in plays for him, nothing to store.
    step = core.handle(Join("gast", GUEST, "Gast", since=0), NOW, no_dice)
    assert not step.standins and step.deadline is None and step.of(Welcome) == [Welcome("gast", 0)]
    # Hanna comes back: her seat is hers again once stored, with a full limit for a move of hers that is due.
    step = core.handle(Join("hanna", HOST, "Hanna"), NOW, no_dice)
    assert step.standins == ((0, None),) and step.of(Welcome) == [Welcome("hanna", committed, back=True)]
    assert step.effects[-2:] == (TellPresence(skip="hanna"), Welcome("hanna", committed, back=True))
    assert all(isinstance(e, ArmTimer | CancelTimer) for e in step.effects[:-2])
    assert core.row.seats[0].standin == "heuristic"  # nothing counts unstored
    core.stored(step)
    assert core.row.seats[0].standin is None
    assert told(core) == (
        [0, 1],
        [{"player_id": FAN, "name": "Zora", "muted": False}] + [{"player_id": None, "name": None, "muted": False}] * 2,
    )


def test_a_guest_who_logs_out_before_the_start_leaves_every_seat_of_his() -> None:
    seats = [SeatRow(0, HOST, None, "Hanna"), SeatRow(1, GUEST, None, "Gast", guest=True), SeatRow(2)]
    core = table("open", seats)
    assert core.handle(Logout(FAN), NOW, no_dice).idle  # no seat of his
    step = core.handle(Logout(GUEST), NOW, no_dice)
    note = N_("{name} logged out and left seat {n}.")
    assert step.left == (SeatChange(1),) and step.effects == (TellTable(note, 1, named_before=True), TellPresence())
    assert core.row.seats[1].player_id == GUEST  # nothing counts unstored
    core.stored(step)
    assert core.row.seats[1].kind == "empty" and core.row.seats[1].guest is False
    assert core.handle(Logout(GUEST), NOW, no_dice).idle  # gone already
    core.row.scorekeeper = True
    assert core.handle(Logout(HOST), NOW, no_dice).idle  # a scorekeeper table goes on as it is


def test_a_guest_who_logs_out_of_a_running_game_hands_his_seats_to_the_tables_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._REGISTRY, "pig", pig_info())
    seats = [SeatRow(0, HOST, None, "Hanna"), SeatRow(1, GUEST, None, "Gast", guest=True)]
    core = table("playing", seats, clock="live", move_seconds=30)
    core.match = Match.new("pig", None, ["Hanna", "Gast"], rules=PigRules(target=20))
    step = core.handle(Logout(GUEST), NOW, no_dice)
    assert step.effects == (TimeUp((1,), "abandoned"),) and not step.left
    core.row.seats[1] = dataclasses.replace(core.row.seats[1], standin="heuristic")
    assert core.handle(Logout(GUEST), NOW, no_dice).idle  # a stand-in plays his seat already
    core.row.resigned = 0
    assert core.handle(Logout(HOST), NOW, no_dice).idle  # the game is over
