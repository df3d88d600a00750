"""The seats' rules without a server: who sits where, bots, the start, resigning, rematch, muting, stand-ins."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from wuerfel.server.core import seating
from wuerfel.server.core.refusals import TableError

HOST, ANNA, BERT = 1, 2, 3


@dataclasses.dataclass(frozen=True)
class Seat:
    seat: int
    player_id: int | None = None
    bot: str | None = None
    guest: bool = False

    @property
    def kind(self) -> str:
        return "bot" if self.bot else "human" if self.player_id is not None else "empty"


def code(fn: Callable[[], object]) -> str | None:
    try:
        fn()
    except TableError as exc:
        return exc.code
    return None


def table(*players: int | str | None) -> list[Seat]:
    return [
        Seat(i, p if isinstance(p, int) else None, p if isinstance(p, str) else None) for i, p in enumerate(players)
    ]


def test_a_seat_is_named_by_its_number() -> None:
    seats = table(HOST, None)
    assert seating.seat_at(seats, 1) is seats[1]
    for bad in (2, -1, True, "0", None, 1.0):
        with pytest.raises(TableError) as info:
            seating.seat_at(seats, bad)
        assert info.value.code == "bad_seat" and info.value.status == 422


def test_seats_of_a_person() -> None:
    seats = table(HOST, "random", HOST, None)
    assert seating.seats_of(seats, HOST) == [0, 2]
    assert seating.seats_of(seats, ANNA) == []
    assert seating.seats_of(seats, None) == []


def test_sitting_down() -> None:
    seats = table(HOST, ANNA, None, "random")
    assert code(lambda: seating.check_sit(seats, seats[2], BERT, True, HOST, False)) is None
    assert code(lambda: seating.check_sit(seats, seats[1], BERT, True, HOST, False)) == "seat_taken"
    assert code(lambda: seating.check_sit(seats, seats[3], BERT, True, HOST, False)) == "seat_taken"
    # the host may take several seats (hot-seat), anybody else one
    assert code(lambda: seating.check_sit(seats, seats[2], HOST, True, HOST, False)) is None
    assert code(lambda: seating.check_sit(seats, seats[2], ANNA, True, HOST, False)) == "one_seat"
    # a rated table: registered players only, each once, the host too
    assert code(lambda: seating.check_sit(seats, seats[2], BERT, False, HOST, True)) == "rated_guest"
    assert code(lambda: seating.check_sit(seats, seats[2], HOST, True, HOST, True)) == "one_seat"


def test_leaving_and_the_host_clearing_a_seat() -> None:
    seats = table(HOST, ANNA, None)
    assert seating.check_leave(seats[1], ANNA, HOST) == "{name} left seat {n}."
    assert seating.check_leave(seats[1], HOST, HOST) == "The host removed {name} from seat {n}."
    assert code(lambda: seating.check_leave(seats[0], ANNA, HOST)) == "not_seated"
    assert code(lambda: seating.check_leave(seats[2], HOST, HOST)) == "not_seated"


def test_the_host_alone_seats_known_bots_in_seats_without_a_person() -> None:
    seats = table(HOST, ANNA, None)
    assert code(lambda: seating.check_open("playing")) == "already_started"
    assert code(lambda: seating.check_host(ANNA, HOST)) == "not_host"
    assert seating.check_bot(seats[2], "random", ("random", "heuristic")) == "random"
    with pytest.raises(TableError) as info:
        seating.check_bot(seats[2], "deep", ("random", "heuristic"))
    assert info.value.code == "bad_request" and info.value.params["known"] == "random, heuristic"
    assert code(lambda: seating.check_bot(seats[1], "random", ("random",))) == "seat_taken"


def test_the_start_needs_every_seat_and_a_rated_table_registered_players_once() -> None:
    assert code(lambda: seating.check_start(table(HOST, None), False)) == "not_ready"
    assert code(lambda: seating.check_start(table(HOST, "random"), True)) is None
    assert code(lambda: seating.check_start(table(HOST, HOST), False)) is None
    assert code(lambda: seating.check_start(table(HOST, HOST), True)) == "rated_guest"
    guest = [Seat(0, HOST), Seat(1, ANNA, guest=True)]
    assert code(lambda: seating.check_start(guest, True)) == "rated_guest"


def test_resign_rematch_and_mute() -> None:
    seats = table(HOST, ANNA, "random")
    assert code(lambda: seating.check_resign(seats[1], ANNA)) is None
    assert code(lambda: seating.check_resign(seats[1], HOST)) == "not_seated"
    assert code(lambda: seating.check_resign(seats[2], HOST)) == "not_seated"
    assert code(lambda: seating.check_rematch("playing", True)) == "not_finished"
    assert code(lambda: seating.check_rematch("finished", False)) == "not_seated"
    assert code(lambda: seating.check_rematch("finished", True)) is None
    assert code(lambda: seating.check_mute_request(True, True)) == "bad_request"
    assert code(lambda: seating.check_mute_request(BERT, 1)) == "bad_request"
    assert code(lambda: seating.check_mute(seats, ANNA, HOST, BERT)) == "not_host"
    assert code(lambda: seating.check_mute(seats, HOST, HOST, ANNA)) == "not_spectator"
    assert code(lambda: seating.check_mute(seats, HOST, HOST, BERT)) is None


def test_the_stand_in_is_never_an_exact_bot_at_a_rated_table() -> None:
    assert seating.standin_kind({"random", "heuristic", "optimal"}, False, "optimal") == "heuristic"
    assert seating.standin_kind({"random", "optimal"}, False, "optimal") == "optimal"
    assert seating.standin_kind({"random", "optimal"}, True, "optimal") == "random"
    assert seating.standin_kind({"random"}, False, "random") == "random"


def test_two_bots_of_one_kind_are_numbered_in_seat_order() -> None:
    assert seating.bot_numbers(table("random", HOST, "random", "heuristic")) == {0: 1, 2: 2}
    assert seating.bot_numbers(table("random", HOST)) == {}
