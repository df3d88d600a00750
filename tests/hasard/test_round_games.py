"""Round games on the kit — Plus – minus (3), Himmel und Hölle (8), Blaue/Graue Augen (13), Pasch (17), Einer gleich
zwei (20): every example of the text, every resolution, and the throw-off."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_results, new, play_out, throw
from wuerfel.engine.components import Message, Sheet
from wuerfel.games.hasard.blaue_augen import eyes
from wuerfel.games.hasard.einer_gleich_zwei import valid_points
from wuerfel.games.hasard.himmel_und_hoelle import die_value, heaven_and_hell
from wuerfel.games.hasard.pasch import pasch_points
from wuerfel.games.hasard.plus_minus import series_total


# --- the scoring functions and the examples of the text ---------------------------------------------------------
def test_blaue_augen_counts_even_faces_graue_augen_odd_ones() -> None:
    assert eyes((2, 4, 6)) == 12 and eyes((1, 3, 5)) == 0 and eyes((2, 2, 3)) == 4
    assert eyes((1, 3, 5), "odd") == 9 and eyes((2, 2, 3), "odd") == 3


def test_pasch_pair_counts_its_face_and_a_triple_fourfold() -> None:
    assert pasch_points((6, 6, 6)) == 24  # "6-6-6 zählen also 24"
    assert pasch_points((5, 5, 1)) == 5 and pasch_points((3, 3, 6)) == 3  # "[5-5] zählen 5, [3-3] zählen 3"
    assert pasch_points((1, 2, 3)) == 0
    assert pasch_points((5, 5, 1), pair="pips") == 10 and pasch_points((6, 6, 6), pair="pips") == 24
    assert pasch_points((2, 2, 2), triple_factor=3) == 6


def test_himmel_und_hoelle_example_six_and_two_make_86() -> None:
    assert die_value(6) == 61 and die_value(2) == 25  # "oben = 60, unten = 1 … 61"; "oben = 20, unten = 5 … 25"
    assert heaven_and_hell((2, 6)) == (80, 6)
    s = throw(new("himmel-und-hoelle", 2, rounds=1), (6, 2))
    assert s.totals == (86, 0)
    msg = next(c for c in s.components(None) if isinstance(c, Message)).text
    assert msg.params == {"dice": "2 6", "heaven": 80, "hell": 6, "points": 86}
    assert all(9 * (a + b) + 14 == die_value(a) + die_value(b) for a, b in product(range(1, 7), repeat=2))


def test_plus_minus_subtracts_every_third_throw() -> None:
    assert series_total((1, 2, 3, 4, 5, 6, 1, 2, 3)) == 1 + 2 - 3 + 4 + 5 - 6 + 1 + 2 - 3
    assert series_total((1, 1, 6) * 3) == -12 and series_total((6, 6, 1) * 3) == 33


def test_einer_gleich_zwei_valid_throws_are_exactly_the_nine_patterns() -> None:
    valid = {d for d in product(range(1, 7), repeat=3) if d == tuple(sorted(d)) and valid_points(d)}
    assert valid == {(1, 1, 2), (1, 2, 3), (1, 3, 4), (1, 4, 5), (1, 5, 6), (2, 2, 4), (2, 3, 5), (2, 4, 6), (3, 3, 6)}
    assert valid_points((2, 3, 5)) == 5 and valid_points((1, 4, 5)) == 5 and valid_points((2, 4, 6)) == 6
    assert valid_points((5, 1, 4)) == 5 and valid_points((1, 2, 4)) == 0


# --- turns, rounds, the end -------------------------------------------------------------------------------------
def test_a_turn_has_its_throws_then_the_dice_pass_left() -> None:
    s = new("plus-minus", 2, lot=1)
    for _ in range(8):
        s = throw(s, 6)
        assert s.thrower() == 1
    s = throw(s, 6)
    assert s.thrower() == 0 and s.totals == (0, 6 + 6 - 6 + 6 + 6 - 6 + 6 + 6 - 6)


def test_negative_totals_stand_and_the_lowest_loses() -> None:
    s = new("plus-minus", 2)
    s = throw(s, *([1, 1, 6] * 3), *([2, 2, 2] * 3))
    assert s.is_terminal() and s.totals == (-12, 6)
    assert s.winners() == (1,) and s.losers() == (0,) and s.ranking() == ((1,), (0,))
    check_results(s)


def test_a_negative_series_is_replaced_once() -> None:
    s = new("plus-minus", 2, negative="replace")
    s = throw(s, *([1, 1, 6] * 3))
    assert s.thrower() == 0 and s.turn_total == 0 and s.replaced
    s = throw(s, *([1, 1, 6] * 3))  # the new series is negative too: it stands
    assert s.thrower() == 1 and s.totals == (-12, 0)


def test_a_negative_total_continues_the_pattern_until_it_is_not() -> None:
    s = new("plus-minus", 2, negative="continue")
    s = throw(s, *([1, 1, 6] * 3))
    assert s.thrower() == 0 and s.throws == 9 and s.turn_total == -12
    s = throw(s, 6, 6)  # throws 10, 11 count plus: −6, then 0: no longer negative
    assert s.thrower() == 1 and s.totals == (0, 0)


def test_rounds_are_summed_and_a_tie_for_first_is_thrown_off() -> None:
    s = new("blaue-augen", 2, rounds=2)
    s = throw(s, (2, 4, 1), (6, 1, 1), (2, 1, 1), (2, 3, 3))
    assert s.totals == (8, 8) and not s.is_terminal()
    assert s.order == (0, 1) and s.thrower() == 0
    assert any(isinstance(c, Message) and c.text.params == {"k": 1} for c in s.components(None))
    s = throw(s, (2, 2, 2), (4, 4, 1))
    assert s.is_terminal() and s.totals == (8, 8) and s.winners() == (1,) and s.losers() == (0,)
    sheet = next(c for c in s.components(None) if isinstance(c, Sheet))
    assert sheet.rows[1].cells == (6, 8)
    check_results(s)


def test_a_tie_for_last_place_is_thrown_off_among_the_tied_only() -> None:
    s = new("pasch", 3, lot=2)
    s = throw(s, (6, 6, 1), (1, 2, 3), (1, 2, 4))  # seat 2: 6; seat 0 and seat 1: 0
    assert not s.is_terminal() and s.order == (0, 1)
    s = throw(s, (1, 2, 3), (1, 2, 4))  # tied again: another throw-off
    assert not s.is_terminal() and len(s.playoffs) == 2
    s = throw(s, (1, 2, 3), (2, 2, 1))
    assert s.is_terminal() and s.ranking() == ((2,), (1,), (0,)) and s.losers() == (0,)
    check_results(s)


def test_without_the_losers_throw_off_tied_seats_share_last_place() -> None:
    s = new("pasch", 3, settle_loser=False)
    s = throw(s, (6, 6, 1), (1, 2, 3), (1, 2, 4))
    assert s.is_terminal() and s.losers() == (1, 2)


def test_when_nobody_has_a_pair_everybody_throws_again() -> None:
    s = new("pasch", 3)
    s = throw(s, (1, 2, 3), (1, 2, 4), (2, 3, 4))
    assert not s.is_terminal() and s.order == (0, 1, 2)
    s = throw(s, (1, 1, 3), (4, 4, 1), (5, 5, 5))
    assert s.ranking() == ((2,), (1,), (0,)) and s.totals == (0, 0, 0)


def test_graue_augen_is_a_preset() -> None:
    from wuerfel.engine.registry import get_game

    assert get_game("blaue-augen").load_rules("graue-augen").faces == "odd"
    s = throw(new("blaue-augen", 2, faces="odd"), (1, 3, 6))
    assert s.totals == (4, 0)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["plus-minus", "himmel-und-hoelle", "blaue-augen", "pasch", "einer-gleich-zwei"]),
    st.integers(2, 8),
    st.integers(0, 10_000),
)
def test_random_games_name_one_winner_and_one_loser(game: str, n: int, seed: int) -> None:
    s = play_out(new(game, n), seed)
    check_results(s)
    assert len(s.winners()) == 1 and len(s.losers()) == 1


def test_throws_are_announced_as_the_game_counts_them() -> None:
    from wuerfel.engine.game import Roll

    assert new("himmel-und-hoelle", 2).describe_outcome(Roll((2, 6))) == "2 + 6: 25 + 61 = 86"
    assert new("pasch", 2).describe_outcome(Roll((3, 3, 5))) == "3 3 5"  # a sum means nothing in Pasch
    assert new("plus-minus", 2).describe_outcome(Roll((4,))) == "4"
