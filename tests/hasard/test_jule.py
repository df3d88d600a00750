"""Jule (Hasard 1): every rule of the text and every resolution of the spec."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_results, new, play_out, throw
from wuerfel.engine.components import Track
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll
from wuerfel.games.hasard.jule import TARGETS, unstruck
from wuerfel.games.kit import Void


def test_numbers_are_written_in_order_one_throw_per_turn() -> None:
    s = new("jule", 2)
    s = throw(s, 2)  # seat 0 needs a 1 first: nothing
    assert s.progress == (0, 0) and s.thrower() == 1
    s = throw(s, 1)  # seat 1 writes its 1 …
    assert s.progress == (0, 1) and s.thrower() == 0  # … and passes: no extra throw after a success
    s = throw(s, 1, 2)
    assert s.progress == (1, 2)


def test_the_six_is_thrown_twice_and_the_first_to_strike_the_one_wins() -> None:
    s = new("jule", 2)
    for t in TARGETS[:-1]:
        s = throw(s, t, 3)  # seat 1 never gets past its 1 (it needs 1, throws 3)
    assert s.progress == (11, 0) and not s.is_terminal()
    assert TARGETS[5] == TARGETS[6] == 6
    s = throw(s, 1)
    assert s.is_terminal() and s.winners() == (0,) and s.losers() == (1,)
    assert s.thrower() is None and s.chance_outcomes() == ()
    check_results(s)


def test_every_loser_pays_one_chip_per_number_not_struck() -> None:
    s = new("jule", 3)
    # seat 1 writes 1..6 and strikes the 6 (7 targets); seat 2 writes 1 and 2.
    for t in TARGETS[:-1]:
        s = throw(s, t, TARGETS[min(s.progress[1], 6)], TARGETS[min(s.progress[2], 1)])
    assert s.progress == (11, 7, 2)
    s = throw(s, 1)
    assert s.payoffs() == (5 + 6, -5, -6)
    assert s.ranking() == ((0,), (1,), (2,)) and s.losers() == (2,)


def test_unstruck_counts_all_six_or_only_the_written_ones() -> None:
    assert [unstruck(p) for p in (0, 3, 6, 7, 11)] == [6, 6, 6, 5, 1]
    assert [unstruck(p, "written") for p in (0, 3, 6, 7, 11)] == [0, 3, 6, 5, 1]
    s = new("jule", 2, unstruck="written", chips_per_number=2)
    for t in TARGETS[:-1]:
        s = throw(s, t, 1 if s.progress[1] == 0 else 5)
    s = throw(s, 1)
    assert s.progress[1] == 1 and s.payoffs() == (2, -2)


def test_void_throw_changes_nothing_and_manual_entry() -> None:
    s = new("jule", 2)
    assert s.apply_outcome(Void()) == s
    assert s.parse_outcome("x") == Void()
    assert s.parse_outcome("4") == Roll((4,))
    with pytest.raises(IllegalAction):
        s.parse_outcome("7")
    with pytest.raises(IllegalAction):
        s.parse_outcome("1 2")
    before = new("jule", 3, lot=None)
    assert before.thrower() is None and before.parse_outcome("3").seat == 2
    assert new("jule", 3, lot=2).thrower() == 2


def test_components_draw_each_seat_on_the_track() -> None:
    s = throw(new("jule", 2), 1, 4, 2)
    tracks = [c for c in s.components(0) if isinstance(c, Track)]
    assert [t.position for t in tracks] == [2, 0] and tracks[0].marks[:3] == (1, 1, 0)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 6), st.integers(0, 10_000))
def test_random_games_end_with_one_winner_and_chips_conserved(n: int, seed: int) -> None:
    s = play_out(new("jule", n), seed)
    (w,) = s.winners()
    assert s.progress[w] == 12 and all(p < 12 for i, p in enumerate(s.progress) if i != w)
    check_results(s)
