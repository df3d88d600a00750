"""Poker-dice hands (spec A, "Poker dice"): the spec's test vectors, Joker aces, announcements."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wuerfel.engine.pokerdice import face_name, format_dice, parse_poker_dice
from wuerfel.games.hasard.poker import (
    DRILLING,
    FULL_HOUSE,
    NICHTS,
    PAAR,
    QUINT,
    VIERLING,
    announcements,
    describe_key,
    hand_distribution,
    hand_key,
    lowest_completion,
    matches,
)


def k(text: str, quint: bool = False, joker: bool = False) -> tuple[int, ...]:
    return hand_key(parse_poker_dice(text), quint, joker)


@pytest.mark.parametrize(
    ("better", "worse", "quint"),
    [
        ("K K 9 10 J", "10 10 A K Q", False),
        ("K K A 10 9", "K K Q J 10", False),
        ("A A 9 9 10", "K K Q Q A", False),
        ("10 10 10 9 9", "9 9 9 A A", False),
        ("10 J Q K A", "9 10 J Q K", True),
        ("9 10 J Q K", "A A A K Q", True),
        ("9 9 9 9 10", "A A A K K", False),
        ("A A 9 10 J", "10 J Q K A", False),
    ],
)
def test_spec_test_vectors(better: str, worse: str, quint: bool) -> None:
    assert k(better, quint) > k(worse, quint)


def test_joker_example_from_the_text() -> None:
    # "So wird also z. B. die Kombination As-As-König-König-Neun als Vierling gewertet."
    assert k("A A K K 9", joker=True) == (VIERLING, 5, 1)
    assert describe_key(k("A A K K 9", joker=True)) == "Vierling Könige, Neun"
    assert k("A A K K 9") == (2, 6, 5, 1)  # without the joker: two pairs


def test_joker_completes_a_quint_only_when_agreed_and_ranks_like_a_natural_hand() -> None:
    assert k("9 10 J Q A", quint=True, joker=True) == (QUINT, 5)
    assert k("9 10 J Q A", quint=False, joker=True)[0] == PAAR
    assert k("K K K A 9", joker=True) == k("K K K K 9")


def test_quint_is_nothing_without_agreement() -> None:
    assert k("10 J Q K A")[0] == NICHTS
    assert k("10 J Q K A", quint=True) == (QUINT, 6)


def test_distribution_is_exact_and_complete() -> None:
    for q in (False, True):
        for j in (False, True):
            dist = hand_distribution(q, j)
            assert sum(p for _, p in dist) == 1
    # Five of a kind of a given rank: 1/6^5; without jokers there are 6 of them.
    d = dict(hand_distribution(False, False))
    assert d[(7, 6)] == Fraction(1, 6**5)
    assert sum(p for key, p in d.items() if key[0] == NICHTS) == Fraction(6 * 120, 6**5)


def test_announcements_stand_for_their_lowest_hand() -> None:
    assert lowest_completion((PAAR, 5), False, False) == (PAAR, 5, 3, 2, 1)  # Paar Könige, Bube Zehn Neun
    assert lowest_completion((DRILLING, 4), False, False) == (DRILLING, 4, 2, 1)
    assert lowest_completion((NICHTS,), False, False) == (NICHTS, 5, 4, 3, 2, 1)
    assert lowest_completion((NICHTS,), True, False) == (NICHTS, 6, 4, 3, 2, 1)  # K-Q-J-10-9 is a Quint then
    assert lowest_completion((FULL_HOUSE, 6, 5), False, False) == (FULL_HOUSE, 6, 5)
    anns = announcements(False, False)
    assert (PAAR, 5) in anns and (PAAR, 5, 3, 2, 1) in anns and (PAAR,) not in anns
    assert (QUINT, 6) not in anns and (QUINT, 6) in announcements(True, False)


def test_matching_at_least_and_exact() -> None:
    actual = k("D D D K 9")
    assert matches(actual, (DRILLING, 4), False, False, exact=False)
    assert matches(actual, (PAAR, 6), False, False, exact=False)  # under-announcing is not punished
    assert not matches(actual, (PAAR, 6), False, False, exact=True)
    assert matches(actual, (DRILLING, 4), False, False, exact=True)
    assert not matches(actual, (DRILLING, 5), False, False, exact=False)
    assert not matches(actual, (DRILLING, 4, 6, 1), False, False, exact=False)  # named kickers count


def test_poker_dice_entry_and_labels() -> None:
    assert parse_poker_dice("9 10 B D K") == (1, 2, 3, 4, 5)
    assert parse_poker_dice("Neun, Zehn, Bube, Dame, As") == (1, 2, 3, 4, 6)
    assert parse_poker_dice("9 T J Q A") == (1, 2, 3, 4, 6)
    assert parse_poker_dice("1 2 3 4 6", 5) == (1, 2, 3, 4, 6)
    assert format_dice((1, 3, 4, 4, 6)) == "A D D B 9"
    assert format_dice((1, 3, 4, 4, 6), "en") == "A Q Q J 9"
    assert face_name(5) == "König" and face_name(5, "en") == "King"
    for bad in ("", "9 10 X", "7"):
        with pytest.raises(ValueError):
            parse_poker_dice(bad)
    with pytest.raises(ValueError):
        parse_poker_dice("9 10", 5)
