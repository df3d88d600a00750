"""What a hand scores in Escalero's sheet: the rows (their names in both languages and their numbers), the points
of a hand in every row, thrown or served (:func:`row_value`, from a table per hand and rule set), which value was
written for a served hand, and what ``wuerfel score`` and ``wuerfel odds`` print from them.

Apart from the game (:mod:`wuerfel.games.hasard.escalero`) because it is arithmetic on five poker dice that no
position changes: the state, the solver, the explanation and the scorer read it alike; the rules' class is named
here only for the type checker.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_
from wuerfel.engine.pokerdice import format_dice

if TYPE_CHECKING:
    from wuerfel.games.hasard.escalero import EscaleroRules

ROWS_DE = (
    "Neuner",
    "Zehner",
    "Buben",
    "Damen",
    "Könige",
    "Asse",
    "Quint",
    "Full Hand",
    "Poker",
    "Fünfling",
    "Fünfling serviert",
)
ROWS_EN = (
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
    "Quint",
    "Full hand",
    "Poker (four of a kind)",
    "Five of a kind",
    "Five of a kind served",
)
ROW_MSGIDS = (
    N_("Nines (9)"),
    N_("Tens (10)"),
    N_("Jacks (J)"),
    N_("Queens (Q)"),
    N_("Kings (K)"),
    N_("Aces (A)"),
    N_("Quint"),
    N_("Full hand"),
    N_("Poker (four alike)"),
    N_("Five alike"),
    N_("Five alike served"),
)
"""The rows as the sheet names them (the faces in brackets: the dice show 9 10 B D K A)."""
QUINT_ROW, FULL_ROW, POKER_ROW, FIVE_ROW, FIVE_SERVED_ROW = 6, 7, 8, 9, 10
N_ROWS = 11


def row_value(dice: Multiset, row: int, served: bool, rules: EscaleroRules) -> int:
    """Points a hand scores in a row (0 when it does not qualify); ``served``: all five dice fell in one throw.

    Read from the hand's row table (:func:`row_values`): the legal list, the bots and the view ask for many rows of
    the same hand, and counting the dice for each was most of a random game's time."""
    if not 0 <= row < N_ROWS:
        raise ValueError(row)
    return row_values(dice, rules)[served][row]


@cache
def row_values(dice: Multiset, rules: EscaleroRules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every row's points for a hand: (thrown, served), each indexed by row; computed once per hand and rule set."""
    return (
        tuple(compute_row_value(dice, r, False, rules) for r in range(N_ROWS)),
        tuple(compute_row_value(dice, r, True, rules) for r in range(N_ROWS)),
    )


def compute_row_value(dice: Multiset, row: int, served: bool, rules: EscaleroRules) -> int:
    """:func:`row_value` from the rules' text, counting the dice (the definition the row tables are built from)."""
    c = Counter(dice)
    shape = sorted(c.values(), reverse=True)
    five = shape == [5]
    s = 1 if served else 0
    if row < 6:
        if rules.strict_number_rows and qualifies_for_combination(dice, rules):
            return 0
        return (row + 1) * c[row + 1]
    if row == QUINT_ROW:
        desc = sorted(dice)
        ok = len(c) == 5 and desc[4] - desc[0] == 4
        return rules.quint_points[s] if ok else 0
    if row == FULL_ROW:
        return rules.full_points[s] if shape == [3, 2] else 0
    if row == POKER_ROW:
        ok = shape[0] == 4 or (five and rules.five_counts_as_poker)
        return rules.poker_points[s] if ok else 0
    if row == FIVE_ROW:
        return rules.five_points[s] if five else 0
    if row == FIVE_SERVED_ROW:
        return rules.five_served_points if five and served else 0
    raise ValueError(row)


def row_served(row: int, points: int, rules: EscaleroRules) -> bool:
    """Was ``points`` in ``row`` written for a served hand? Told by the value, where the rules give a served hand
    more than a thrown one (the sheet stores points only); the row "Five alike served" says so by its name."""
    pairs = {
        QUINT_ROW: rules.quint_points,
        FULL_ROW: rules.full_points,
        POKER_ROW: rules.poker_points,
        FIVE_ROW: rules.five_points,
    }
    pair = pairs.get(row)
    return pair is not None and pair[0] != pair[1] and points == pair[1]


def qualifies_for_combination(dice: Multiset, rules: EscaleroRules) -> bool:
    return any(compute_row_value(dice, r, False, rules) > 0 for r in (QUINT_ROW, FULL_ROW, POKER_ROW, FIVE_ROW))


ROW_IDS = (
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
    "quint",
    "full_hand",
    "poker",
    "five_kind",
    "five_kind_served",
)
"""Stable ids of the rows for ``wuerfel score --json`` (the names are for people and differ by language)."""


def throw_scorer(rules: EscaleroRules) -> Any:
    """``wuerfel score``: the points of a hand in every row of one sheet; ``points`` as written when dice stood
    before the last throw, ``served`` as written when all five fell in one throw (served scores more)."""
    from wuerfel.engine.pokerdice import parse_poker_dice
    from wuerfel.engine.throwscore import ThrowScorer

    def score(dice: Multiset, lang: str) -> dict[str, Any]:
        names = ROWS_EN if lang == "en" else ROWS_DE
        return {
            "dice": list(dice),
            "boxes": [
                {
                    "box": ROW_IDS[r],
                    "name": names[r],
                    "points": row_value(dice, r, False, rules) if dice else 0,
                    "served": row_value(dice, r, True, rules) if dice else 0,
                }
                for r in range(N_ROWS)
            ],
        }

    return ThrowScorer("boxes", 5, 5, score, parse=lambda text: parse_poker_dice(text), show=format_dice)


def throw_odds(rules: EscaleroRules) -> Any:
    """``wuerfel odds``: one throw of the five poker dice by the combination it shows, in Escalero's words (the
    Quint always counts; "Poker" is four alike)."""
    from wuerfel.games.hasard.poker_odds import poker_throw_odds

    return poker_throw_odds(quint=True, joker=False, escalero=True)
