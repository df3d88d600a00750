"""Hin und her (2), Die 21. Eins (4), Doppeltes Lottchen (18): every rule of the text and every resolution."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_results, new, play_out, throw
from wuerfel.engine.components import Counter, Message
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll
from wuerfel.games.hasard.hin_und_her import struck_count


# --- Hin und her ------------------------------------------------------------------------------------------------
def test_hin_und_her_strikes_and_writes_a_digit_anew() -> None:
    s = new("hin-und-her", 2)
    s = throw(s, 3, 5)
    assert s.view(None)["struck"] == [[3], [5]]
    s = throw(s, 3)  # seat 0's 3 is struck already: written anew
    assert s.view(None)["struck"] == [[], [5]] and s.thrower() == 1


def test_hin_und_her_first_to_strike_all_wins_and_fewest_struck_loses() -> None:
    s = new("hin-und-her", 3)
    # seat 0: 1..6; seat 1: 2 3 4 2 2 (2 struck, written anew, struck); seat 2: five 1s (struck at the end)
    s = throw(s, 1, 2, 1, 2, 3, 1, 3, 4, 1, 4, 2, 1, 5, 2, 1, 6)
    assert s.is_terminal() and s.winners() == (0,)
    assert [struck_count(m) for m in s.struck] == [6, 3, 1]
    assert s.ranking() == ((0,), (1,), (2,)) and s.losers() == (2,)
    check_results(s)


def test_hin_und_her_throw_off_decides_between_the_tied() -> None:
    s = new("hin-und-her", 3)
    # seat 0 strikes 1..6 while seats 1 and 2 each end with one digit struck (2 and 2)
    s = throw(s, 1, 2, 3, 2, 2, 3, 3, 2, 2, 4, 2, 2, 5, 2, 2, 6)
    assert [struck_count(m) for m in s.struck] == [6, 1, 1]
    assert not s.is_terminal() and s.order == (1, 2) and s.thrower() == 1
    assert any(isinstance(c, Message) for c in s.components(None))
    s = throw(s, 4, 2)  # seat 1 strikes a second digit, seat 2 writes its 2 anew: none left
    assert s.is_terminal() and s.ranking() == ((0,), (1,), (2,)) and s.losers() == (2,)
    check_results(s)


def test_hin_und_her_without_throw_off_tied_seats_share_last_place() -> None:
    s = new("hin-und-her", 3, settle_loser=False)
    s = throw(s, 1, 2, 3, 2, 2, 3, 3, 2, 2, 4, 2, 2, 5, 2, 2, 6)
    assert s.is_terminal() and s.losers() == (1, 2)


# --- Die 21. Eins -----------------------------------------------------------------------------------------------
def test_die_21_eins_counts_everybodys_ones_and_the_21st_wins() -> None:
    s = new("die-21-eins", 3)
    for _ in range(6):
        s = throw(s, 1, 1, 1)
    s = throw(s, 1, 4, 1)
    assert s.counter == 20 and not s.is_terminal() and s.thrower() == 0
    s = throw(s, 5, 1)
    assert s.is_terminal() and s.winners() == (1,) and s.counter == 21
    assert s.ranking() == ((1,), (0, 2)) and s.losers() == ()
    assert next(c for c in s.components(None) if isinstance(c, Counter)).value == 21
    check_results(s)


def test_die_21_eins_loser_option_fewest_ones() -> None:
    s = new("die-21-eins", 3, target=3, loser="fewest_ones")
    s = throw(s, 1, 1, 2, 1)
    assert s.is_terminal() and s.winners() == (0,) and s.losers() == (2,)


# --- Doppeltes Lottchen -----------------------------------------------------------------------------------------
def test_doppeltes_lottchen_reaching_66_loses() -> None:
    s = new("doppeltes-lottchen", 2)
    s = throw(s, (6, 6, 6), (6, 6, 6), (6, 6, 6))
    assert s.total == 54 and s.thrower() == 1
    s = throw(s, (4, 4, 3))
    assert s.total == 65 and not s.is_terminal()
    s = throw(s, (1, 1, 1))
    assert s.is_terminal() and s.losers() == (0,) and s.winners() == (1,) and s.ranking() == ((1,), (0,))
    check_results(s)


def test_doppeltes_lottchen_exactly_66_loses_and_others_share_the_win() -> None:
    s = new("doppeltes-lottchen", 3, lot=1)
    s = throw(s, (6, 6, 6), (6, 6, 6), (6, 6, 6), (4, 4, 4))
    assert s.total == 66 and s.is_terminal() and s.losers() == (1,) and s.winners() == (0, 2)
    assert s.returns() == (0.5, 0.0, 0.5)


def test_three_dice_are_entered_by_hand() -> None:
    s = new("doppeltes-lottchen", 2)
    assert s.dice_to_throw() == 3 and s.parse_outcome("6 5 4") == Roll((4, 5, 6))
    with pytest.raises(IllegalAction):
        s.parse_outcome("6 5")


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["hin-und-her", "die-21-eins", "doppeltes-lottchen"]), st.integers(2, 6), st.integers(0, 10_000))
def test_random_games_end_with_a_full_ranking(game: str, n: int, seed: int) -> None:
    s = play_out(new(game, n), seed)
    check_results(s)
    if game != "doppeltes-lottchen":
        assert len(s.winners()) == 1
    else:
        assert len(s.losers()) == 1 and s.total >= 66
