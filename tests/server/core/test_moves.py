"""The table's checks of a move or a throw request, without a game or a server."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from wuerfel.server.core import moves
from wuerfel.server.core.refusals import TableError


def code(fn: Callable[[], object]) -> str | None:
    try:
        fn()
    except TableError as exc:
        return exc.code
    return None


def test_only_a_running_game_takes_moves() -> None:
    assert code(lambda: moves.check_playing(False, False)) == "not_started"
    assert code(lambda: moves.check_playing(True, True)) == "game_over"
    assert code(lambda: moves.check_playing(True, False)) is None


def test_the_seat_must_be_the_senders() -> None:
    assert code(lambda: moves.check_own_seat([], None)) == "not_your_seat"
    assert code(lambda: moves.check_own_seat([0, 2], 1)) == "not_your_seat"
    assert code(lambda: moves.check_own_seat([0, 2], 2)) is None
    assert code(lambda: moves.check_own_seat([0, 2], None)) is None


def test_a_move_must_be_made_on_the_table_as_it_is() -> None:
    assert code(lambda: moves.check_fresh(4, 5)) == "stale_seq"
    assert code(lambda: moves.check_fresh(6, 5)) == "stale_seq"
    assert code(lambda: moves.check_fresh(5, 5)) is None


def test_the_seat_that_moves() -> None:
    assert moves.moving_seat([0, 2], None, (2,), None) == 2
    assert moves.moving_seat([0, 2], None, (0, 2), None) == 0
    assert moves.moving_seat([0, 2], None, (0, 2), 2) == 2  # the seat his page shows
    assert moves.moving_seat([0, 2], None, (0, 2), 1) == 0
    assert moves.moving_seat([0, 2], 2, (0, 2), 0) == 2  # a named seat wins
    assert code(lambda: moves.moving_seat([0, 2], None, (1,), None)) == "not_your_turn"
    assert code(lambda: moves.moving_seat([0, 2], 0, (2,), None)) == "not_your_turn"


def test_a_throw_request_names_whose_throw_it_is() -> None:
    asked: list[int] = []

    def label(seat: int) -> str:
        asked.append(seat)
        return f"Seat {seat + 1}"

    assert code(lambda: moves.check_throw_request(True)) == "manual_dice"
    assert code(lambda: moves.check_throw_due([0], None, None, label)) == "not_your_throw"
    with pytest.raises(TableError) as info:
        moves.check_throw_due([0], None, 1, label)
    assert info.value.code == "not_your_throw" and info.value.params == {"name": "Seat 2"}
    assert code(lambda: moves.check_throw_due([0, 1], 0, 1, label)) == "not_your_throw"
    assert code(lambda: moves.check_throw_due([0, 1], None, 1, label)) is None
    assert code(lambda: moves.check_throw_due([0, 1], 1, 1, label)) is None
    assert asked == [1, 1]  # the name is only looked up for a refusal that shows it


def test_dice_typed_in_only_at_a_scorekeeper_table() -> None:
    assert code(lambda: moves.check_typed_throw(False, True, 3, 3)) == "not_scorekeeper"
    assert code(lambda: moves.check_typed_throw(True, False, 3, 3)) == "not_your_seat"
    assert code(lambda: moves.check_typed_throw(True, True, 2, 3)) == "stale_seq"
    assert code(lambda: moves.check_typed_throw(True, True, 3, 3)) is None
