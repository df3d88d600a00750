"""How to play Escalero (Hasard 32), written from its rules: up to three throws with dice left standing, the eleven
rows and their points (served and not) from the rules object, the book's examples scored by the game's own
:func:`~wuerfel.games.hasard.escalero.row_value`, and the settlement in chips by the game's own
:func:`~wuerfel.games.hasard.common.winner_takes_differences`."""

from __future__ import annotations

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.common import winner_takes_differences
from wuerfel.games.hasard.escalero import EscaleroRules
from wuerfel.games.hasard.escalero_scoring import (
    FIVE_ROW,
    FIVE_SERVED_ROW,
    FULL_ROW,
    N_ROWS,
    POKER_ROW,
    QUINT_ROW,
    row_value,
)
from wuerfel.games.hasard.explain.common_chips import keep_turn, poker_dice_faces

QUEENS_ROW = 3
DAMEN = (1, 3, 4, 4, 6)
"""The book's Adam: Neun-Bube-Dame-Dame-As, in the row Damen."""
QUINT = (2, 3, 4, 5, 6)
"""Berta: Zehn-Bube-Dame-König-As in one throw."""
FULL = (2, 2, 2, 6, 6)
"""Adam again: Zehn-Zehn-Zehn-As-As with three throws."""
TOTALS = (150, 120, 95)


def combination(row: Text, pair: tuple[int, int]) -> Phrase:
    normal, served = pair
    if normal == served:
        return Phrase(N_("• {row}: {points}"), {"row": row, "points": counts.points(normal)})
    return Phrase(
        N_("• {row}: {normal}, served {served}"),
        {"row": row, "normal": counts.points(normal), "served": counts.points(served)},
    )


def explain(rules: EscaleroRules, players: int) -> tuple[Section, ...]:
    goal: list[Text] = [
        Phrase(
            N_(
                "Fill the eleven rows of your score sheet with as many points as you can. At the "
                "end the winner receives from every opponent the difference of the totals, in "
                "chips."
            )
        )
    ]
    if players == 1:
        goal.append(Phrase(N_("Played alone, you play for the highest total; no chips change hands.")))
    if rules.start == "lot":
        first = Phrase(N_("A lot decides who begins; then it goes round clockwise."))
    else:
        first = Phrase(N_("The player in seat 1 begins; then it goes round clockwise."))
    turn = (
        first,
        keep_turn(rules.max_throws, rules.min_keep, rules.max_keep),
        Phrase(
            N_(
                "Then you must write the hand into one free row of your sheet. Where it does not fit it scores 0; "
                "with a poor hand you may also cross out a row on purpose by writing 0 in it."
            )
        ),
    )
    assert row_value(QUINT, QUINT_ROW, True, rules) == rules.quint_points[1]
    scoring: list[Text] = [
        poker_dice_faces(),
        Phrase(
            N_(
                "• Nines, Tens, Jacks, Queens, Kings, Aces: every die of that face counts — a Nine 1, a Ten 2, a "
                "Jack 3, a Queen 4, a King 5, an Ace 6 points."
            )
        ),
        combination(Phrase(N_("Quint, five in a row")), rules.quint_points),
        combination(Phrase(N_("Full hand, three alike and a pair")), rules.full_points),
        combination(Phrase(N_("Poker, four alike")), rules.poker_points),
        combination(Phrase(N_("Five alike")), rules.five_points),
        Phrase(N_("• Five alike served: {points}"), {"points": counts.points(rules.five_served_points)}),
    ]
    if rules.min_keep == 0:
        scoring.append(
            Phrase(
                N_(
                    "“Served” means all five dice fell in one throw: the first throw of your turn, or a "
                    "later throw of all five."
                )
            )
        )
    else:
        scoring.append(Phrase(N_("“Served” means all five dice fell in one throw: the first throw of your turn.")))
    if rules.five_counts_as_poker:
        scoring.append(Phrase(N_("Five alike may also be written as Poker.")))
    else:
        scoring.append(Phrase(N_("Five alike is no Poker here: the row Poker needs exactly four alike.")))
    if rules.strict_number_rows:
        scoring.append(
            Phrase(
                N_(
                    "At this table a Quint, Full hand, Poker or Five alike may go into the rows Nines to "
                    "Aces only as 0."
                )
            )
        )
    scoring.append(
        Phrase(
            N_(
                "Examples from the book: Nine Jack Queen Queen Ace in the row Queens: {queens}. Ten Jack "
                "Queen King Ace in one throw: Quint served, {quint}. Ten Ten Ten Ace Ace after three "
                "throws: Full hand, {full}."
            ),
            {
                "queens": counts.points(row_value(DAMEN, QUEENS_ROW, False, rules)),
                "quint": counts.points(row_value(QUINT, QUINT_ROW, True, rules)),
                "full": counts.points(row_value(FULL, FULL_ROW, False, rules)),
            },
        )
    )
    assert row_value(FULL, POKER_ROW, False, rules) == 0 and FIVE_ROW < FIVE_SERVED_ROW
    end = (
        Phrase(
            N_(
                "When everybody has had {n} turns, every row is filled and the totals decide: the highest total "
                "wins, the lowest loses."
            ),
            {"n": N_ROWS},
        ),
    )
    if players == 1:
        payments: tuple[Text, ...] = (
            Phrase(N_("Played alone, you play for the highest total; no chips change hands.")),
        )
    else:
        net = winner_takes_differences(TOTALS)
        payments = (
            Phrase(
                N_(
                    "The winner receives from every opponent the difference between their totals, in chips; equal "
                    "leaders each collect, and nothing passes between them."
                )
            ),
            Phrase(
                N_(
                    "Example: totals {a}, {b} and {c}: the winner gets {x} from the second and {y} from the "
                    "third, +{won} in all."
                ),
                {
                    "a": TOTALS[0],
                    "b": TOTALS[1],
                    "c": TOTALS[2],
                    "x": counts.chips(-net[1]),
                    "y": counts.chips(-net[2]),
                    "won": net[0],
                },
            ),
        )
    return (
        Section("goal", tuple(goal)),
        Section("turn", turn),
        Section("scoring", tuple(scoring)),
        Section("end", end),
        Section("payments", payments),
    )
