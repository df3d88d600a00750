"""The seating commands through the core (issue 25 §1): sitting down, leaving, seating a bot and muting a spectator
are commands of :class:`TableCore` like a move — no server, no database — answered with a step that names the seat's
new occupant (or the mute) and the notes to tell; a refusal keeps its code and status and changes nothing, and
nothing counts until the store took it."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.server.core.shared import NOW, Settings, no_dice
from wuerfel.engine.errors import N_
from wuerfel.server.core.steps import (
    Command,
    LeaveSeat,
    Mute,
    SeatBot,
    SeatChange,
    Sit,
    Step,
    TellPresence,
    TellTable,
)
from wuerfel.server.core.table import TableCore
from wuerfel.server.rows import SeatRow, TableRow

HOST, GUEST, OTHER = 1, 2, 3


def open_table(seats: list[SeatRow] | None = None, *, rated: bool = False, status: str = "open") -> TableCore:
    seats = seats if seats is not None else [SeatRow(i) for i in range(3)]
    row = TableRow(
        "t-open", "pig", "standard", {}, len(seats), False, False, HOST, status,
        dt.datetime.fromtimestamp(NOW.wall, dt.UTC), None, seats, rated=rated,
    )  # fmt: skip
    return TableCore(row, Settings())


def handle(core: TableCore, cmd: Command) -> Step:
    return core.handle(cmd, NOW, no_dice)


def refused(core: TableCore, cmd: Command) -> tuple[str, int]:
    """The refusal's code and status; the table's seats are as they were."""
    seats = list(core.row.seats)
    step = handle(core, cmd)
    assert step.refused is not None, cmd
    assert step.seat is None and step.muted is None and core.row.seats == seats
    return step.refused.error.code, step.refused.error.status


def test_sitting_down_is_a_seat_change_stored_first() -> None:
    core = open_table()
    step = handle(core, Sit(GUEST, "Gast", False, 1))
    assert step.refused is None and step.seat == SeatChange(1, GUEST, None, "Gast", True)
    assert step.effects == (TellTable(N_("{name} sits down in seat {n}."), 1), TellPresence())
    assert core.row.seats[1].kind == "empty"  # nothing counts before the store took it
    assert core.seat_row(step.seat) == SeatRow(1, GUEST, None, "Gast", True)
    core.stored(step)
    assert core.row.seats[1] == SeatRow(1, GUEST, None, "Gast", True)
    assert refused(core, Sit(OTHER, "O", True, 1)) == ("seat_taken", 409)
    assert refused(core, Sit(GUEST, "Gast", False, 2)) == ("one_seat", 409)  # only the host holds several
    core.stored(handle(core, Sit(HOST, "H", True, 0)))
    core.stored(handle(core, Sit(HOST, "H", True, 2)))
    assert [s.player_id for s in core.row.seats] == [HOST, GUEST, HOST]


@pytest.mark.parametrize("seat", [3, -1, True, "1", None])
def test_a_seat_the_table_does_not_have_is_refused(seat: object) -> None:
    core = open_table()
    for cmd in (Sit(GUEST, "G", True, seat), LeaveSeat(GUEST, seat), SeatBot(HOST, seat, "random", ("random",))):
        assert refused(core, cmd) == ("bad_seat", 422)


def test_a_rated_table_seats_registered_players_once() -> None:
    core = open_table(rated=True)
    assert refused(core, Sit(GUEST, "G", False, 0)) == ("rated_guest", 409)
    core.stored(handle(core, Sit(HOST, "H", True, 0)))
    assert refused(core, Sit(HOST, "H", True, 1)) == ("one_seat", 409)


def test_seats_change_only_before_the_start() -> None:
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, None, "random", "random")], status="playing")
    for cmd in (Sit(GUEST, "G", True, 0), LeaveSeat(HOST, 0), SeatBot(HOST, 1, None, ("random",))):
        assert refused(core, cmd) == ("already_started", 409)


def test_leaving_names_who_left_before_the_seat_is_cleared() -> None:
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, GUEST, None, "G"), SeatRow(2)])
    assert refused(core, LeaveSeat(GUEST, 0)) == ("not_seated", 409)  # not his seat, and he is not the host
    assert refused(core, LeaveSeat(GUEST, 2)) == ("not_seated", 409)
    step = handle(core, LeaveSeat(GUEST, 1))
    assert step.seat == SeatChange(1) and step.effects[0] == TellTable(N_("{name} left seat {n}."), 1, True)
    core.undo(step)  # the store refused: the seat stays his
    assert core.row.seats[1].player_id == GUEST
    assert refused(core, Sit(GUEST, "G", True, 2)) == ("one_seat", 409)  # he holds seat 1 still
    step = handle(core, LeaveSeat(HOST, 1))  # the host clears anyone's
    assert step.effects[0] == TellTable(N_("The host removed {name} from seat {n}."), 1, True)
    core.stored(step)
    assert core.row.seats[1] == SeatRow(1)


def test_only_the_host_seats_a_known_bot_in_a_seat_no_person_holds() -> None:
    known = ("random", "heuristic")
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, GUEST, None, "G"), SeatRow(2)])
    assert refused(core, SeatBot(GUEST, 2, "random", known)) == ("not_host", 403)
    assert refused(core, SeatBot(HOST, 2, "perfect", known)) == ("bad_request", 422)
    assert refused(core, SeatBot(HOST, 2, 7, known)) == ("bad_request", 422)
    assert refused(core, SeatBot(HOST, 1, "random", known)) == ("seat_taken", 409)
    assert handle(core, SeatBot(HOST, 2, None, known)).idle  # no bot there to take out: nothing happens
    step = handle(core, SeatBot(HOST, 2, "heuristic", known))
    assert step.seat == SeatChange(2, None, "heuristic", "heuristic")
    assert step.effects == (TellTable(N_("{name} takes seat {n}."), 2), TellPresence())
    core.stored(step)
    assert core.row.seats[2].kind == "bot"
    step = handle(core, SeatBot(HOST, 2, None, known))
    assert step.seat == SeatChange(2) and step.effects[0] == TellTable(N_("{name} left seat {n}."), 2, True)
    core.stored(step)
    assert core.row.seats[2].kind == "empty"


def test_the_host_mutes_spectators_only() -> None:
    core = open_table([SeatRow(0, HOST, None, "H"), SeatRow(1, GUEST, None, "G")], status="playing")
    assert refused(core, Mute(HOST, "3", True)) == ("bad_request", 422)
    assert refused(core, Mute(HOST, True, True)) == ("bad_request", 422)
    assert refused(core, Mute(HOST, OTHER, 1)) == ("bad_request", 422)
    assert refused(core, Mute(GUEST, OTHER, True)) == ("not_host", 403)
    assert refused(core, Mute(HOST, GUEST, True)) == ("not_spectator", 409)
    step = handle(core, Mute(HOST, OTHER, True))
    assert step.muted == (OTHER, True) and not step.idle
    assert step.effects == (TellPresence(again=True), TellTable(N_("The host muted {name} in the chat."), None))
    step = handle(core, Mute(HOST, OTHER, False))
    assert step.muted == (OTHER, False)
    assert step.effects[1] == TellTable(N_("{name} may write in the chat again."), None)
