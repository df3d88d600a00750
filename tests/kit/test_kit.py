"""The kit of game building blocks: seats, the lot, the void throw, the throw-off, the pure-chance base."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.hasard.kit_helpers import new, throw
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll
from wuerfel.games.kit import (
    Lot,
    Void,
    clockwise,
    in_turn_order,
    left_of,
    lot_outcomes,
    next_seat,
    next_throw_off,
    parse_lot,
    parse_throw,
    ranking_groups,
    throw_outcomes,
)


def test_seats_go_clockwise_to_the_left_neighbour() -> None:
    assert clockwise(2, 4) == (2, 3, 0, 1) and left_of(3, 4) == 0
    assert next_seat(1, 5, {0, 1, 3}) == 3 and next_seat(3, 5, {0, 1, 3}) == 0 and next_seat(1, 3, {1}) == 1
    assert next_seat(0, 3, ()) is None
    assert in_turn_order({0, 1, 3}, start=2, n=4) == (3, 0, 1)


def test_the_lot_is_a_uniform_seat_typed_as_its_number() -> None:
    outs = lot_outcomes(4)
    assert [o for o, _ in outs] == [Lot(s) for s in range(4)] and sum(p for _, p in outs) == 1
    assert parse_lot(" 3 ", 4) == Lot(2)
    for bad in ("0", "5", "x", ""):
        with pytest.raises(IllegalAction):
            parse_lot(bad, 4)


def test_the_void_throw_has_probability_zero_and_is_typed_as_x() -> None:
    outs = dict(throw_outcomes(2))
    assert outs[Void()] == 0 and sum(outs.values()) == 1 and len(outs) == 22
    assert parse_throw("x", 2, poker=False) == Void() and parse_throw("brennt", 3, poker=False) == Void()
    assert parse_throw("5 3", 2, poker=False) == Roll((3, 5))
    with pytest.raises(IllegalAction):
        parse_throw("5 3 1", 2, poker=False)


def test_void_throws_with_reasons_and_after_a_knock() -> None:
    from wuerfel.games.kit.void import AFTER_KNOCK, VOID_REASONS, parse_void, void_outcomes

    # the Hasard games' void throw keeps its JSON; Zehntausend's names its reason
    assert Void().to_json() == {"kind": "void"} and Void("brennt").to_json() == {"kind": "void", "reason": "brennt"}
    with pytest.raises(ValueError):
        Void("wackelt")
    outs = dict(throw_outcomes(2, VOID_REASONS))
    assert [o for o in outs if isinstance(o, Void)] == [Void(r) for r in VOID_REASONS] and sum(outs.values()) == 1
    assert void_outcomes(AFTER_KNOCK) == ((Void("tuermchen"), Fraction(0)),)
    assert parse_void("b", VOID_REASONS) == Void("brennt") and parse_void("haus", VOID_REASONS) == Void("tuermchen")
    assert parse_void("x") == Void() and parse_void("3 5") is None and parse_void("b") is None
    assert parse_void("t", VOID_REASONS, knocked=True) == Void("tuermchen")
    with pytest.raises(IllegalAction):
        parse_void("vom tisch", VOID_REASONS, knocked=True)  # after knocking only stacked dice remain
    assert Void().label() != Void("vom_tisch").label()


def test_the_hasard_module_still_offers_the_lot_and_the_void_throw() -> None:
    from wuerfel.games.hasard import common

    assert common.Lot is Lot and common.Void is Void and common.throw_outcomes is throw_outcomes


def test_ranking_groups_tied_seats_and_the_direction() -> None:
    assert ranking_groups([(5,), (7,), (5,)]) == ((1,), (0, 2))
    assert ranking_groups([(5,), (7,), (5,)], lower_is_better=True) == ((0, 2), (1,))
    # a throw-off entry decides only among the seats tied before it; a seat that did not play it is padded
    assert ranking_groups([(5, 3), (7,), (5, 4)]) == ((1,), (2,), (0,))
    assert ranking_groups([(1,), (2,), (3,)], seats=[0, 2]) == ((2,), (0,))


def test_next_throw_off_first_the_best_then_the_worst() -> None:
    assert next_throw_off(((0, 1), (2,), (3, 4))) == (0, 1)
    assert next_throw_off(((0,), (2,), (3, 4))) == (3, 4)
    assert next_throw_off(((0,), (2,), (3, 4)), settle_loser=False) == ()
    assert next_throw_off(((0,), (1,))) == () and next_throw_off(()) == ()


@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=8), st.booleans())
def test_ranking_groups_partition_the_seats_in_order(results: list[tuple[int, int]], low: bool) -> None:
    groups = ranking_groups(results, lower_is_better=low)
    assert sorted(p for g in groups for p in g) == list(range(len(results)))
    sign = 1 if low else -1
    keys = [tuple(sign * x for x in results[g[0]]) for g in groups]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert all(results[p] == results[g[0]] for g in groups for p in g)


def test_states_are_hashable_values_and_the_game_is_not_part_of_them() -> None:
    a = throw(new("pasch", 3), (1, 1, 2))
    b = throw(new("pasch", 3), (1, 1, 2))
    assert a == b and hash(a) == hash(b) and a.game is not b.game
    assert a != throw(new("pasch", 3), (1, 2, 2))
    assert len({a, b}) == 1


def test_the_base_refuses_moves_and_lists_the_throw() -> None:
    s = new("blaue-augen", 2)
    assert s.legal_actions() == () and s.dice_to_throw() == 3 and s.thrower() == 0
    assert sum(p for _, p in s.chance_outcomes()) == Fraction(1)
    assert s.describe_outcome(Roll((2, 3, 6)), "de") == "2 3 6"  # the sum means nothing in Blaue Augen
    assert new("doppeltes-lottchen", 2).describe_outcome(Roll((2, 3, 6)), "de") == "2 + 3 + 6 = 11"
    assert s.describe_outcome(Lot(1), "en", names=("Anna", "Ben")) == "Ben begins"
    assert s.describe_outcome(Void(), "de") != "void"
    before = new("blaue-augen", 2, lot=None)
    assert before.thrower() is None and before.dice_to_throw() == 0
    with pytest.raises(IllegalAction):
        before.parse_outcome("1 2 3")
    assert new("blaue-augen", 2, lot=None, start="first_seat").thrower() == 0


def test_the_view_lists_the_ranking_flat_and_the_losers_as_front_ends_read_them() -> None:
    s = throw(new("pasch", 3), (6, 6, 1), (1, 2, 3), (5, 5, 5))
    assert s.is_terminal() and s.ranking() == ((2,), (0,), (1,))
    v = s.view(None)
    assert v["ranking"] == [2, 0, 1] and v["losers"] == [1]
