"""How to play Lustige Sieben (Hasard 9), written from its rules: the board, the stakes, what each throw pays (the
example is settled by the game's own :func:`~wuerfel.games.hasard.lustige_sieben.verdict`), the rotation of the bank
and the bank's exact edge."""

from __future__ import annotations

from fractions import Fraction

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common_chips import (
    bank_goes_round,
    bank_pays_anything,
    edge_lines,
    first_bank,
    joined,
    most_chips_win,
    starting_chips,
)
from wuerfel.games.hasard.lustige_sieben import LEFT, RIGHT, SEVEN, LustigeSiebenRules, bank_edges, column, verdict


def chances() -> dict[str, int]:
    """In how many of the 36 throws of two dice each part of the board falls (15, 15 and 6)."""
    out = {"left": Fraction(0), "right": Fraction(0), "seven": Fraction(0)}
    for dice, p in roll_distribution(2):
        out[column(sum(dice))] += p
    return {k: int(v * 36) for k, v in out.items()}


def explain(rules: LustigeSiebenRules, players: int) -> tuple[Section, ...]:
    col = rules.multiplier("left")
    seven = rules.multiplier("seven")
    c = chances()
    goal = (
        Phrase(
            N_(
                "Win chips from the bank. One player holds the bank and throws two dice; the others stake on "
                "the sum they expect."
            )
        ),
        starting_chips(rules.starting_chips),
    )
    turn = (
        Phrase(
            N_("The board has three parts: the 7 on top, the left column {left} and the right column {right}."),
            {"left": joined(LEFT), "right": joined(RIGHT)},
        ),
        Phrase(
            N_(
                "Before every throw each player except the bank stakes on any numbers, at most {max} per stake; "
                "several stakes are allowed, and nobody sees the others' stakes until all have finished. You may "
                "also stake nothing, but never more chips than you have."
            ),
            {"max": counts.chips(rules.max_stake)},
        ),
        Phrase(N_("Then the bank throws the two dice once and settles every stake.")),
    )
    # The example, settled by the game's own verdict: 2 chips on 4 (left), 1 on the 7, another player's 3 on 8;
    # the bank throws 5 + 3 = 8, a right number.
    thrown = 8
    assert verdict(SEVEN, thrown, rules) is None and verdict(8, thrown, rules) == 0
    back = 2 * (verdict(4, thrown, rules) or 0)
    seven_back = verdict(SEVEN, SEVEN, rules) or 0
    scoring: tuple[Text, ...] = (
        Phrase(
            N_(
                "• A number of the left column: the bank takes the stakes on the left column and on the 7 and "
                "pays the right column: every chip there brings back {back}."
            ),
            {"back": counts.chips(col)},
        ),
        Phrase(
            N_(
                "• A number of the right column: the bank takes the right column and pays the left one, every "
                "chip there brings back {back}; the stakes on the 7 stay where they are for the next throw."
            ),
            {"back": counts.chips(col)},
        ),
        Phrase(N_("• A 7: both columns lose; every chip on the 7 brings back {back}."), {"back": counts.chips(seven)}),
        Phrase(
            N_("What a won stake brings back includes the stake itself: a chip that brings back {back} has won {won}."),
            {"back": counts.chips(col), "won": counts.chips(col - 1)},
        ),
        Phrase(
            N_(
                "Of the 36 equally likely throws of two dice, {left} fall in the left column, {right} in the right "
                "one and {seven} are a 7."
            ),
            {"left": c["left"], "right": c["right"], "seven": c["seven"]},
        ),
        Phrase(
            N_(
                "Example: you stake 2 chips on 4 and 1 chip on the 7; another player stakes 3 chips on 8. The bank "
                "throws 5 + 3 = 8, a right number: your 2 chips on 4 bring back {back} (+{won}), your chip on the "
                "7 stays on the board, and the 3 chips on 8 go to the bank. Had a 7 fallen, your chip on the 7 "
                "would have brought back {seven} and the bank would have taken the other stakes."
            ),
            {"back": counts.chips(back), "won": back - 2, "seven": counts.chips(seven_back)},
        ),
    )
    end = (
        first_bank(rules.first_bank),
        Phrase(
            "After {n} throw the bank passes to the left neighbour; stakes still standing on the 7 then go back "
            "to their owners.",
            {"n": rules.bank_throws},
            plural="After {n} throws the bank passes to the left neighbour; stakes still standing on the 7 then go "
            "back to their owners.",
        ),
        bank_goes_round(rules.bank_rounds, players),
        most_chips_win(),
    )
    payments = (bank_pays_anything(), *edge_lines(bank_edges(rules)))
    return (
        Section("goal", goal),
        Section("turn", turn),
        Section("scoring", scoring),
        Section("end", end),
        Section("payments", payments),
    )
