"""The exact chances of Craps (Hasard game 11): the sums of two dice, the maker's chance to win with each number he
may name (:func:`maker_win`), his edge per chip staked (:func:`edge`, :func:`bank_edge`), and what ``wuerfel solve``
and ``wuerfel odds`` print from them.

Apart from the game (:mod:`wuerfel.games.hasard.craps`) because they are arithmetic on two dice that no position
changes: the table, the bots, the advisor, the explanation and the benchmarks read them, the rules name the type
of the rules only (for the type checker).
"""

from __future__ import annotations

import time
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from wuerfel.engine.components import Phrase
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.errors import N_
from wuerfel.games.kit.hints import loss_params
from wuerfel.solvers.api import SolveResult

if TYPE_CHECKING:
    from wuerfel.games.hasard.craps import CrapsRules

NUMBERS = tuple(range(2, 13))
"""What the maker may name ("eine beliebige Zahl von 2 bis 12")."""


@cache
def sum_probabilities() -> dict[int, Fraction]:
    """P(two dice show s) for s = 2..12, counted over every throw (1/36 … 6/36 … 1/36)."""
    out = {s: Fraction(0) for s in NUMBERS}
    for dice, p in roll_distribution(2):
        out[sum(dice)] += p
    return out


@cache
def maker_win(number: int) -> Fraction:
    """The maker's exact chance to win when he names ``number``.

    The first throw hits it (p(N)), or it sets the point x ≠ N; then only x and N end the game, and x comes first
    with p(x)/(p(x)+p(N)) (the throws in between change nothing)."""
    p = sum_probabilities()
    pn = p[number]
    return pn + sum((p[x] * p[x] / (p[x] + pn) for x in NUMBERS if x != number), Fraction(0))


def edge(number: int) -> Fraction:
    """The maker's expected gain per chip staked on ``number`` at even money: P(win) − P(lose) = 2·P(win) − 1."""
    return 2 * maker_win(number) - 1


@cache
def best_numbers() -> tuple[int, ...]:
    """The numbers with the highest win chance (2 and 12)."""
    best = max(maker_win(n) for n in NUMBERS)
    return tuple(n for n in NUMBERS if maker_win(n) == best)


def bank_edge(rules: CrapsRules | None = None, number: int | None = None) -> Fraction:
    """The maker's exact expected gain per chip staked — the edge of Craps' "bank" — with the best number (2 or 12:
    41/70), or with ``number`` named. No option of the rules changes it (the payout is even money and the point is the
    first throw's); ``rules`` is taken so that every bank game's edge is asked the same way."""
    return edge(best_numbers()[0] if number is None else number)


def percent_params(x: Fraction) -> dict[str, str]:
    """``x`` as a percentage with two decimals, whole part and decimals in separate placeholders so that each
    catalogue writes its own decimal mark (as :func:`wuerfel.games.kit.hints.loss_params`)."""
    return loss_params(float(x) * 100, 2)


def solve_solo(rules: CrapsRules, rules_id: str, fresh: bool = False) -> SolveResult:
    """``wuerfel solve craps --objective solo``: the maker's best number, his exact chance to win with it and his
    edge per chip staked, and the chance of every number."""
    if fresh:
        for f in (sum_probabilities, maker_win, best_numbers):
            f.cache_clear()
    t0 = time.perf_counter()
    table = [(n, maker_win(n), edge(n)) for n in NUMBERS]
    best = best_numbers()
    win = maker_win(best[0])
    seconds = time.perf_counter() - t0
    lines: list[tuple[str, dict[str, Any]]] = [
        (
            N_("Best number: {numbers}; the maker wins {win} ({whole}.{decimals} %), edge {edge} per chip staked."),
            {
                "numbers": " / ".join(map(str, best)),
                "win": str(win),
                **percent_params(win),
                "edge": str(bank_edge(rules)),
            },
        ),
    ]
    lines += [
        (
            N_("  naming {number}: wins {win} ({whole}.{decimals} %), edge {edge}"),
            {"number": n, "win": str(w), **percent_params(w), "edge": str(e)},
        )
        for n, w, e in table
    ]
    return SolveResult(
        game="craps",
        rules=rules_id,
        objective="solo",
        value=float(win),
        seconds=seconds,
        extra={"exact": str(win)},
        value_of=N_("the maker's chance to win with the best number"),
        details={
            "best_numbers": list(best),
            "win": str(win),
            "edge": str(bank_edge(rules)),
            "best_stake": "all",
            "best_share": "least",
            "numbers": [
                {"number": n, "win": float(w), "win_fraction": str(w), "edge": float(e), "edge_fraction": str(e)}
                for n, w, e in table
            ],
        },
        lines=tuple(lines),
    )


def odds(rules: CrapsRules) -> Any:
    """``wuerfel odds craps``: the sums of two dice, and the maker's exact chance for every number he may name with
    his edge per chip staked with the best one."""
    from wuerfel.engine.odds import OddsNote, ThrowClass, ThrowOdds

    notes = tuple(
        OddsNote(f"maker_wins_{n}", Phrase(N_("The maker wins naming {number}"), {"number": n}), maker_win(n))
        for n in NUMBERS
    )
    return ThrowOdds(
        2,
        tuple(ThrowClass(str(s), Phrase(N_("sum {n}"), {"n": s})) for s in NUMBERS),
        lambda dice: str(sum(dice)),
        notes=(
            *notes,
            OddsNote("bank_edge", Phrase(N_("The maker's edge per chip staked (naming 2 or 12)")), bank_edge(rules)),
        ),
    )
