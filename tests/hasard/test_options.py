"""Every option of the three games: the generic random simulation with each non-default value, and invalid values
refused by name."""

from __future__ import annotations

import pytest

from wuerfel.engine.errors import RuleError
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import random_playthrough

OVERRIDES = {
    "escalero": [
        {"min_keep": 0},
        {"max_keep": 3},
        {"min_keep": 2, "max_keep": 2},
        {"max_throws": 1},
        {"max_throws": 4},
        {"five_counts_as_poker": False},
        {"strict_number_rows": True},
        {"quint_points": [20, 40]},
        {"full_points": [25, 25]},
        {"poker_points": [35, 50]},
        {"five_points": [40, 60]},
        {"five_served_points": 80},
        {"start": "first_seat"},
    ],
    "lustige-sieben": [
        {"payout": "net"},
        {"bank_throws": 2},
        {"bank_rounds": 2, "bank_throws": 1},
        {"starting_chips": 3},
        {"max_stake": 1},
        {"first_bank": "lot"},
    ],
    "verdecktes-wuerfelpoker": [
        {"quint": True},
        {"joker": True},
        {"quint": True, "joker": True},
        {"match": "exact"},
        {"kickers": False},
        {"challenge_order": "open"},
        {"challenge_seconds": 3.5},
        {"start": "first_seat"},
        {"ante": 2},
        {"rounds": 2},
        {"starting_chips": 2},
    ],
}
CASES = [(g, o) for g, opts in OVERRIDES.items() for o in opts]


@pytest.mark.parametrize(("game", "overrides"), CASES, ids=[f"{g}:{sorted(o)}" for g, o in CASES])
def test_random_simulation_with_every_option(game: str, overrides: dict[str, object]) -> None:
    info = get_game(game)
    rules = info.load_rules(None, overrides)
    for key, value in overrides.items():
        got = getattr(rules, key)
        assert (list(got) if isinstance(got, tuple) else got) == value
    n = 3 if info.max_players >= 3 else info.min_players
    m = Match.new(game, "custom", [f"p{i}" for i in range(n)], rules=rules)
    # Every node is checked, but the leak check compares a sample of 16 next events, not all of them (up to 300):
    # the full comparison of these bank and bluffing games cost a minute a case, and the conformance suite checks
    # the views exhaustively at the default rules — an option changes what is scored or paid, not what is hidden.
    random_playthrough(m, seed=len(CASES) + len(str(overrides)), max_alternatives=16, full_checks=60)
    assert m.state.is_terminal()


@pytest.mark.parametrize(
    ("game", "overrides", "key"),
    [
        ("escalero", {"min_keep": 3, "max_keep": 2}, "min_keep/max_keep"),
        ("escalero", {"max_keep": 5}, "max_keep"),
        ("escalero", {"max_throws": 0}, "max_throws"),
        ("escalero", {"quint_points": [25]}, "quint_points"),
        ("escalero", {"start": "dice"}, "start"),
        ("lustige-sieben", {"max_stake": 0}, "max_stake"),
        ("lustige-sieben", {"payout": "double"}, "payout"),
        ("lustige-sieben", {"bank_throws": 0}, "bank_throws"),
        ("verdecktes-wuerfelpoker", {"rounds": 0}, "rounds"),
        ("verdecktes-wuerfelpoker", {"challenge_seconds": 0}, "challenge_seconds"),
        ("verdecktes-wuerfelpoker", {"match": "close"}, "match"),
        ("verdecktes-wuerfelpoker", {"joker": "yes"}, "joker"),
        ("verdecktes-wuerfelpoker", {"bluff": True}, "bluff"),
    ],
)
def test_invalid_options_are_refused_by_name(game: str, overrides: dict[str, object], key: str) -> None:
    with pytest.raises(RuleError) as err:
        get_game(game).load_rules(None, overrides)
    assert key in err.value.english()


def test_player_counts() -> None:
    assert (get_game("escalero").min_players, get_game("escalero").max_players) == (1, 6)
    assert (get_game("lustige-sieben").min_players, get_game("lustige-sieben").max_players) == (2, 9)
    assert (get_game("verdecktes-wuerfelpoker").min_players, get_game("verdecktes-wuerfelpoker").max_players) == (2, 8)
    with pytest.raises(RuleError):
        get_game("verdecktes-wuerfelpoker").new_game(None, 1)
