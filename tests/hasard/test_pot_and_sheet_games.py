"""Gestrichene Zwölf (12) and Elf hoch (10): the turn rules, the payments as the text says them, chips conserved."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_results, new, play_out, throw
from wuerfel.engine.components import Chips, Seats, Track
from wuerfel.games.hasard.elf_hoch import payment
from wuerfel.games.hasard.gestrichene_zwoelf import NUMBERS

DICE_FOR = {
    2: (1, 1),
    3: (1, 2),
    4: (1, 3),
    5: (1, 4),
    6: (1, 5),
    7: (1, 6),
    8: (2, 6),
    9: (3, 6),
    10: (4, 6),
    11: (5, 6),
    12: (6, 6),
}


def sums(*totals: int) -> list[tuple[int, int]]:
    return [DICE_FOR[t] for t in totals]


# --- Gestrichene Zwölf ------------------------------------------------------------------------------------------
def test_gestrichene_zwoelf_throws_on_while_a_number_can_be_struck() -> None:
    s = new("gestrichene-zwoelf", 2)
    s = throw(s, *sums(2, 7, 7, 5))
    assert s.thrower() == 0 and s.view(None)["sevens"] == [2, 0]  # the 7 may be struck again and again
    s = throw(s, *sums(5))  # the 5 is struck already: the turn ends
    assert s.thrower() == 1 and s.view(None)["struck"] == [[2, 5, 7], []]


def test_gestrichene_zwoelf_winner_pays_unstruck_and_collects_ten_per_seven() -> None:
    s = new("gestrichene-zwoelf", 3)
    s = throw(s, *sums(2, 2))  # seat 0: strikes 2, then cannot strike it again
    s = throw(s, *sums(7, 3, 3))  # seat 1: 7 and 3 struck
    s = throw(s, *sums(12, 12))  # seat 2: 12
    s = throw(s, *sums(3, 4, 5, 6, 7, 8, 9, 7, 10, 11, 12))
    assert s.is_terminal() and s.winners() == (0,) and s.view(None)["sevens"][0] == 2
    # seat 1 has 9 unstruck numbers, seat 2 has 10; each pays 2 × 10 for the winner's sevens
    assert s.payoffs() == (20 - 9 + 20 - 10, -(20 - 9), -(20 - 10))
    # the others rank by what they paid (terminal report U15): seat 1, with fewer unstruck numbers, paid more
    assert s.ranking() == ((0,), (2,), (1,)) and s.losers() == (1,)
    assert any(isinstance(c, Chips) for c in s.components(None))
    check_results(s)


def test_gestrichene_zwoelf_losers_pay_unstruck_option() -> None:
    s = new("gestrichene-zwoelf", 2, unstruck_paid_by="losers", chips_per_seven=5)
    s = throw(s, *sums(*NUMBERS))
    assert s.is_terminal() and s.payoffs() == (5 + 11, -(5 + 11))


def test_gestrichene_zwoelf_names_as_loser_who_paid_most() -> None:
    """Terminal report U15 (3 seats, seed 14): "Bot 1 … 9 struck … −98" and "Du … 8 struck … −97 … Verlierer". The book
    names no loser; the table settles in chips, so the others rank by what they paid and whoever paid most loses —
    with the winner paying for unstruck numbers that is the one who struck more, under the house rule where the
    others pay for their own unstruck numbers the one who struck fewer."""
    s = new("gestrichene-zwoelf", 3)
    full = tuple(10 if n == 7 else 1 for n in NUMBERS)  # ten sevens on the winner's sheet
    nine = tuple(1 if n <= 10 else 0 for n in NUMBERS)  # 2..10 struck: 2 unstruck
    eight = tuple(1 if n <= 9 else 0 for n in NUMBERS)  # 2..9 struck: 3 unstruck
    end = dataclasses.replace(s, sheets=(full, nine, eight), phase="over", seat=0)
    assert end.payoffs() == (98 + 97, -98, -97)
    assert end.ranking() == ((0,), (2,), (1,)) and end.losers() == (1,)
    losers_pay = new("gestrichene-zwoelf", 3, unstruck_paid_by="losers")
    end = dataclasses.replace(losers_pay, sheets=(full, nine, eight), phase="over", seat=0)
    assert end.payoffs() == (102 + 103, -102, -103)
    assert end.ranking() == ((0,), (1,), (2,)) and end.losers() == (2,)
    nothing = new("gestrichene-zwoelf", 3, chips_per_unstruck=0)
    end = dataclasses.replace(nothing, sheets=(full, nine, eight), phase="over", seat=0)
    assert end.ranking() == ((0,), (1, 2)) and end.losers() == (1, 2)  # both paid the same: they share last place
    check_results(end)


def test_gestrichene_zwoelf_needs_a_seven_to_finish() -> None:
    s = new("gestrichene-zwoelf", 2)
    s = throw(s, *sums(*(t for t in NUMBERS if t != 7)))
    assert not s.is_terminal() and s.thrower() == 0
    tracks = [c for c in s.components(None) if isinstance(c, Track)]
    assert tracks[0].marks[NUMBERS.index(7)] == 0 and sum(tracks[0].marks) == 10


# --- Elf hoch ---------------------------------------------------------------------------------------------------
def test_elf_hoch_payments() -> None:
    assert [payment(t, 9) for t in range(2, 13)] == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 9]


def test_elf_hoch_everybody_antes_twelve_doubles_eleven_takes_the_pot() -> None:
    s = new("elf-hoch", 3)
    assert s.ledger.pot == 9 and s.ledger.players == (-3, -3, -3)
    s = throw(s, (2, 3))  # 5: pays 6
    assert s.ledger.pot == 15 and s.thrower() == 1
    s = throw(s, (6, 6))  # 12: doubles the pot
    assert s.ledger.pot == 30 and s.ledger.players == (-9, -18, -3)
    s = throw(s, (5, 6))  # 11: takes everything
    assert s.is_terminal() and s.ledger.pot == 0 and s.payoffs() == (-9, -18, 27)
    assert s.ranking() == ((2,), (0,), (1,)) and s.winners() == (2,) and s.losers() == (1,)
    chips = next(c for c in s.components(None) if isinstance(c, Chips))
    assert chips.seats == () and chips.pot == 0  # the seats' chips are the seats' scores (web U4: shown once)
    assert next(c for c in s.components(None) if isinstance(c, Seats)).seats[1].score == -18
    check_results(s)


def test_elf_hoch_next_pot_is_begun_by_the_left_neighbour() -> None:
    s = new("elf-hoch", 3, lot=1, pots=2)
    s = throw(s, (1, 1), (5, 6))  # seat 1 pays 9, seat 2 takes the pot
    assert not s.is_terminal() and s.thrower() == 2 and s.ledger.pot == 9  # left of seat 1 begins, everyone antes
    assert s.view(None)["pot_no"] == 2
    s = throw(s, (6, 5))
    assert s.is_terminal() and s.takers == (2, 2) and sum(s.payoffs()) == 0


def test_elf_hoch_balances_may_go_negative() -> None:
    s = new("elf-hoch", 2)
    s = throw(s, *([(6, 6)] * 6))
    assert s.ledger.pot == 6 * 2**6 and min(s.ledger.players) < -100


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["gestrichene-zwoelf", "elf-hoch"]), st.integers(2, 6), st.integers(0, 10_000))
def test_random_games_conserve_chips(game: str, n: int, seed: int) -> None:
    s = play_out(new(game, n), seed)
    check_results(s)
    assert len(s.winners()) == 1 or game == "elf-hoch"


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 8), st.integers(0, 10_000), st.integers(1, 3))
def test_elf_hoch_moves_chips_and_never_makes_or_loses_one(n: int, seed: int, pots: int) -> None:
    from wuerfel.engine.sources import SeededSource

    s = new("elf-hoch", n, pots=pots)
    source = SeededSource(seed)
    while not s.is_terminal():
        assert s.ledger.total() == 0 and s.ledger.pot >= 0
        s = s.apply_outcome(source.choose(s))
    assert s.ledger.pot == 0 and sum(s.payoffs()) == 0 and len(s.takers) == pots
