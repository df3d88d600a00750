"""The start through the core (issue 25 §1): the host's ``Start`` is a command of :class:`TableCore` like a move —
no server, no database — answered with a step that holds the new match's first events (the throws that fall at
once), the status and deadline to store with them and the effects to run; a refusal keeps the code, the message and
the status the server has always answered with and changes nothing, and nothing counts until the store took it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.engine.toy_game import PigRules, pig_info
from tests.server.core.shared import NOW, Settings, no_dice
from wuerfel.engine import registry
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Outcome
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.server.core.effects import ArmTimer, CancelTimer
from wuerfel.server.core.steps import AskBot, Broadcast, Start, Step
from wuerfel.server.core.table import TableCore
from wuerfel.server.rows import SeatRow, TableRow

HOST, GUEST = 1, 2


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._REGISTRY, "pig", pig_info())


def seeded(seed: int) -> Any:
    source = SeededSource(seed)

    def dice(m: Match, tap: str | None) -> tuple[Outcome, None]:
        return source.choose(m.state), None

    return dice


def open_table(
    seats: list[SeatRow], game: str = "pig", *, rated: bool = False, status: str = "open", clock: str = "none"
) -> TableCore:
    row = TableRow(
        "t-start", game, "standard", {}, len(seats), False, False, HOST, status,
        dt.datetime.fromtimestamp(NOW.wall, dt.UTC), None, seats, rated=rated, clock=clock,
        move_seconds=30 if clock == "live" else None,
    )  # fmt: skip
    return TableCore(row, Settings())


def start(player_id: int, core: TableCore, rules: Any = None) -> Start:
    names = tuple(s.name or f"seat {s.seat}" for s in core.row.seats)
    return Start(player_id, names, rules if rules is not None else PigRules(target=20), {"table": core.row.id})


def refused(core: TableCore, cmd: Start) -> tuple[str, str, int]:
    """The refusal's code, message and status; the table is as it was (no match, the same status)."""
    status = core.row.status
    step = core.handle(cmd, NOW, no_dice)
    assert step.refused is not None, cmd
    assert not step.started and not step.events and core.match is None and core.row.status == status
    e = step.refused.error
    return e.code, e.msgid, e.status


def test_only_the_host_starts_an_open_table() -> None:
    seats = [SeatRow(0, HOST, None, "H"), SeatRow(1, GUEST, None, "G")]
    core = open_table(seats)
    assert refused(core, start(GUEST, core)) == ("not_host", N_("Only the host of the table may do that."), 403)
    for status in ("playing", "finished"):
        core = open_table(seats, status=status)
        assert refused(core, start(HOST, core)) == ("already_started", N_("The game has already started."), 409)


def test_every_seat_must_be_taken() -> None:
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1)])
    msgid = N_("Every seat must be taken before the game can start.")
    assert refused(core, start(HOST, core)) == ("not_ready", msgid, 409)
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, None, "random", "random")])
    assert core.handle(start(HOST, core), NOW, seeded(1)).refused is None  # a bot takes a seat too


def test_a_rated_table_starts_with_registered_players_each_in_one_seat() -> None:
    msgid = N_("Only registered players can play at a rated table.")
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, GUEST, None, "G", guest=True)], rated=True)
    assert refused(core, start(HOST, core)) == ("rated_guest", msgid, 409)
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, HOST, None, "H")], rated=True)
    assert refused(core, start(HOST, core)) == ("rated_guest", msgid, 409)
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, HOST, None, "H")])  # unrated: the host's hot seat
    assert core.handle(start(HOST, core), NOW, seeded(1)).refused is None


def test_the_rules_player_counts_are_the_games() -> None:
    core = open_table([SeatRow(i, HOST, None, "H") for i in range(7)])  # Pig is played by 1 to 6
    code, msgid, status = refused(core, start(HOST, core))
    assert (code, msgid, status) == ("bad_request", N_("{game} is played by {lo} to {hi} players, not {n}."), 422)


def test_the_start_is_a_step_that_counts_once_stored() -> None:
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, GUEST, None, "G")], clock="live")
    step = core.handle(start(HOST, core), NOW, no_dice)  # Pig begins with Anna's own throw: no dice fall yet
    assert step.refused is None and step.started and not step.idle and not step.finished
    assert step.old_len == 0 and step.events == ()
    assert step.deadline == (NOW.utc + dt.timedelta(seconds=30), 0)  # her clock runs for the throw of her turn
    assert step.effects == (
        CancelTimer("throw"),  # the table's clock is the one deadline of her throw
        ArmTimer("clock", 0, NOW.mono + 30, NOW.wall + 30),
        CancelTimer("window"),
        Broadcast({0: (), 1: (), None: ()}),
    )
    assert core.match is not None and core.match.record.players == ["H", "G"]
    assert core.match.record.meta == {"table": "t-start"} and core.match.record.rules == {"target": 20}
    assert core.row.status == "open" and core.row.deadline_at is None  # nothing counts before the store took it
    core.stored(step)
    assert core.row.status == "playing" and core.row.deadline_at == NOW.utc + dt.timedelta(seconds=30)
    assert core.throw_due() == 0
    assert refused_again(core) == "already_started"


def refused_again(core: TableCore) -> str:
    step = core.handle(start(HOST, core), NOW, no_dice)
    assert step.refused is not None
    return step.refused.error.code


def test_a_refused_store_leaves_the_table_unstarted() -> None:
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, GUEST, None, "G")])
    step = core.handle(start(HOST, core), NOW, no_dice)
    core.undo(step)
    assert core.match is None and core.row.status == "open" and len(core.readers) == 0
    core.stored(core.handle(start(HOST, core), NOW, no_dice))  # the host starts again
    assert core.match is not None and core.row.status == "playing"


def test_the_throws_that_fall_at_once_are_the_first_events_and_a_bot_is_asked() -> None:
    core = open_table([SeatRow(0, None, "random", "random"), SeatRow(1, HOST, None, "H")], "craps")
    rules = get_game("craps").rules_from_dict({})
    step = core.handle(start(HOST, core, rules), NOW, seeded(5))
    assert step.refused is None and step.started and step.events  # nobody's throw opens the game
    assert [e.index for e in step.events] == list(range(len(step.events)))
    assert core.match is not None and [e.event for e in step.events] == core.match.record.events
    (broadcast,) = step.of(Broadcast)
    assert set(broadcast.told) == {0, 1, None}
    bot = core.bot_to_act()
    assert step.of(AskBot) == ([AskBot(bot, core.seq)] if bot is not None else [])
    core.stored(step)
    assert len(core.readers) == len(step.events) and core.row.status == ("finished" if step.finished else "playing")


def test_a_failing_throw_leaves_no_match() -> None:
    def broken(*_: Any) -> Any:
        raise RuntimeError("the dice are gone")

    core = open_table([SeatRow(0, None, "random", "random"), SeatRow(1, HOST, None, "H")], "craps")
    with pytest.raises(RuntimeError):
        core.handle(start(HOST, core, get_game("craps").rules_from_dict({})), NOW, broken)
    assert core.match is None and core.row.status == "open"


def test_step_started_is_not_idle() -> None:
    assert not Step(0, started=True).idle
