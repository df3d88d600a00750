"""Zehntausend's result in the engine API (ranking, losers, score direction), mode by mode (spec §3.7, §3.9)."""

from __future__ import annotations

from rich.console import Console

from wuerfel.cli.render import Standings, result_table
from wuerfel.engine.testing import check_results

from .game_helpers import bank, new, take, throw


def test_rueckwaerts_fewest_penalty_points_win_and_the_receiver_loses() -> None:
    s = new("zehntausend-rueckwaerts", n=3, scores_=(9000, 200, 300))
    assert s.lower_is_better() and s.ranking() == () and s.losers() == ()
    s = throw(take(throw(s, 1, 1, 1, 1, 2), 1, 1, 1, 1), 2)  # seat 1 throws a Niete and receives the pool
    assert s.is_terminal() and s.scores_ == (9000, 10200, 300)
    assert s.winners() == (2,) and s.losers() == (1,)
    assert s.ranking() == ((2,), (0,), (1,))
    check_results(s, chips=False)


def test_rueckwaerts_the_receiver_is_last_even_below_another_players_penalty() -> None:
    """Spec §3.9: "thrower loses (others ranked by penalty, lowest first)": a seat pushed over the target by a
    penalty did not end the game and is not the loser."""
    s = new("zehntausend-rueckwaerts", n=3, scores_=(12000, 200, 300))
    s = throw(take(throw(s, 1, 1, 1, 1, 2), 1, 1, 1, 1), 2)
    assert s.is_terminal() and s.scores_ == (12000, 10200, 300)
    assert s.ranking() == ((2,), (0,), (1,)) and s.losers() == (1,)
    check_results(s)


def test_bumerang_counting_down_is_ahead_of_counting_up() -> None:
    s = new(
        "einfach+bumerang",
        n=3,
        scores_=(300, 9500, 9800),
        down=(True, True, False),
        overrides={"proof": {"enabled": False}},
    )
    assert not s.lower_is_better()
    s = bank(take(throw(s, 1, 1, 1, 2, 3), 1, 1, 1))  # seat 0: 300 − 1000 < 0 → wins
    assert s.is_terminal() and s.winners() == (0,)
    # seat 1 has passed the target and counts down (9500 left); seat 2 still counts up (9800 of 10000)
    assert s.ranking() == ((0,), (1,), (2,)) and s.losers() == ()
    check_results(s)


def test_bumerang_rueckwaerts_phase_turns_the_direction_for_everybody() -> None:
    s = new(
        "einfach+bumerang",
        scores_=(9900, 500),
        overrides={"proof": {"enabled": False}, "bumerang": {"phase2": "rueckwaerts_mode"}},
    )
    assert not s.lower_is_better()
    s = bank(take(throw(s, 1, 2, 3, 4, 6), 1))
    assert s.pool_mode and s.lower_is_better() and s.view(None)["lower_is_better"] is True


def test_standard_winner_first_and_no_loser() -> None:
    s = new("zehntausend-einfach", n=3, scores_=(9900, 4000, 7000), overrides={"game": {"end_rule": "immediate"}})
    s = bank(take(throw(s, 1, 2, 3, 4, 6), 1))
    assert s.is_terminal() and not s.lower_is_better()
    assert s.ranking() == ((0,), (2,), (1,)) and s.losers() == () and s.payoffs() is None
    check_results(s, chips=False)


def test_terminal_result_lists_the_rueckwaerts_winner_first_and_the_loser_last() -> None:
    s = new("zehntausend-rueckwaerts", n=3, scores_=(9000, 200, 300))
    s = throw(take(throw(s, 1, 1, 1, 1, 2), 1, 1, 1, 1), 2)
    console = Console(record=True, width=100)
    console.print(result_table(["Anna", "Ben", "Cem"], Standings.of(s), "de", "Strafpunkte"))
    text = console.export_text()
    rows = [line for line in text.splitlines() if any(n in line for n in ("Anna", "Ben", "Cem"))]
    assert ["Cem" in rows[0], "Anna" in rows[1], "Ben" in rows[2]] == [True, True, True], text
    assert "Sieger" in rows[0] and "Verlierer" in rows[2] and "weniger ist besser" in text
