"""The bank's edge per game, exactly: each figure against an independent hand count (the throws counted one by one,
the standing 7-stake walked path by path), the absorbing-chain solver itself, and the hook Craps plugs into."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest

from wuerfel.engine.edges import BankEdge, edges_document, game_edges, single_edge, stake_edge
from wuerfel.engine.registry import get_game


def edges(game: str, preset: str | None = None, **overrides: object) -> dict[str, Fraction]:
    info = get_game(game)
    return {e.key: e.edge for e in info.bank_edges(info.load_rules(preset, overrides or None))}


def two_dice(pred: Callable[[int], bool]) -> Fraction:
    """The chance that the sum of two dice satisfies ``pred``, by counting the 36 throws."""
    return Fraction(sum(1 for a, b in product(range(1, 7), repeat=2) if pred(a + b)), 36)


def test_zehnerspiel_by_counting_the_216_throws() -> None:
    under = Fraction(sum(1 for t in product(range(1, 7), repeat=3) if sum(t) < 10), 216)
    assert under == Fraction(3, 8)
    # a chip returns 2 (book) or 3 (net payout) when the sum stays under 10, nothing otherwise
    assert edges("zehnerspiel") == {"under": 1 - 2 * under} == {"under": Fraction(1, 4)}
    assert edges("zehnerspiel", "zehnerspiel-netto") == {"under": 1 - 3 * under} == {"under": Fraction(-1, 8)}


def seven_by_paths(k: int, paid: int) -> Fraction:
    """The bank's gain on a chip on the 7 with ``k`` throws left, walking every sequence of columns: a 7 pays
    ``paid`` back, a left number loses the chip to the bank, a right number leaves it standing, and a chip still
    standing when the bank closes goes back to its owner."""
    p = {
        "seven": two_dice(lambda s: s == 7),
        "left": two_dice(lambda s: s in (2, 4, 6, 9, 11)),
        "right": two_dice(lambda s: s in (3, 5, 8, 10, 12)),
    }
    total = Fraction(0)
    for path in product(p, repeat=k):
        chance = Fraction(1)
        for col in path:  # the chance of the whole sequence; what happens after the stake is settled is irrelevant
            chance *= p[col]
        gain = Fraction(0)
        for col in path:
            if col == "seven":
                gain = Fraction(1 - paid)
                break
            if col == "left":
                gain = Fraction(1)
                break
        total += chance * gain
    return total


def test_lustige_sieben_column_and_the_standing_seven() -> None:
    own_or_seven = two_dice(lambda s: s not in (3, 5, 8, 10, 12))  # a left stake loses on left or 7 …
    other = two_dice(lambda s: s in (3, 5, 8, 10, 12))  # … and wins (2 back) on a right number
    column = own_or_seven - other
    assert column == Fraction(1, 6)
    got = edges("lustige-sieben")
    assert got == {"column": column, "seven_first": seven_by_paths(5, 3), "seven_last": seven_by_paths(1, 3)}
    # the closed form of the chain, and the values themselves
    assert got["seven_first"] == Fraction(1, 7) * (1 - Fraction(5, 12) ** 5) == Fraction(35101, 248832)
    assert got["seven_last"] == Fraction(15, 36) - 2 * Fraction(6, 36) == Fraction(1, 12)


def test_lustige_sieben_edges_follow_the_tables_rules() -> None:
    net = edges("lustige-sieben", "lustige-sieben-netto")
    assert net["column"] == Fraction(-1, 4)
    assert net["seven_first"] == seven_by_paths(5, 4) == -Fraction(1, 7) * (1 - Fraction(5, 12) ** 5)
    longer = edges("lustige-sieben", bank_throws=8)
    assert longer["seven_first"] == seven_by_paths(8, 3)
    assert set(edges("lustige-sieben", bank_throws=1)) == {"column", "seven_first"}  # first throw = last throw


def test_rock_and_roll_every_field_is_fair() -> None:
    colour = Fraction(2, 6) * 3 - 1  # two faces of six, 3 back
    face = Fraction(1, 6) * 6 - 1  # one face of six, 6 back
    assert colour == face == 0
    assert edges("rock-and-roll") == {"colour": Fraction(0), "face": Fraction(0)}


def test_the_absorbing_chain() -> None:
    # settled at once: win 1/2 → 2 back, lose 1/2
    assert stake_edge([(Fraction(1, 2), 2), (Fraction(1, 2), 0)]) == 0
    # stands with 1/2, else lost: 1/2 + 1/4 + … over k throws; the limit is 1
    outcomes = [(Fraction(1, 2), None), (Fraction(1, 2), 0)]
    assert stake_edge(outcomes, 3) == Fraction(7, 8)
    assert stake_edge(outcomes, None) == 1
    assert stake_edge([(Fraction(1), None)], None) == 0  # never settled: returned, no gain
    with pytest.raises(ValueError):
        stake_edge([(Fraction(1, 2), 0)])
    with pytest.raises(ValueError):
        stake_edge(outcomes, 0)


def test_the_hook_for_a_game_with_one_bet_and_the_documents() -> None:
    hook = single_edge(lambda rules: Fraction(rules, 7))  # Craps wires bank_edge(rules) -> Fraction like this
    (edge,) = hook(2)
    assert edge == BankEdge("bank_edge", edge.name, Fraction(2, 7))
    assert edge.label("de") == "Vorteil der Bank je gesetztem Chip"
    doc = edges_document(hook(1), "en")
    assert doc == [{"field": "bank_edge", "name": "Bank's edge per chip staked", "edge": 1 / 7, "fraction": "1/7"}]
    jule = get_game("jule")
    assert game_edges(jule, jule.load_rules()) is None
    info = get_game("lustige-sieben")
    names = [e["name"] for e in game_edges(info, info.load_rules(), "de") or []]
    assert names[1] == "die 7, gesetzt vor dem ersten Wurf der Bank (noch 5 Würfe)"


def test_craps_makers_edge_by_hand() -> None:
    """Craps (the book's variant): the maker names 2; a first 2 wins, any other first sum is his point, which must
    come again before a 2. Even money, so his edge is 2 · P(win) − 1."""
    p = {s: two_dice(lambda x, s=s: x == s) for s in range(2, 13)}
    win = p[2] + sum(p[x] * p[x] / (p[x] + p[2]) for x in range(3, 13))
    assert edges("craps") == {"maker": 2 * win - 1} == {"maker": Fraction(41, 70)}
