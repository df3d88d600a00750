"""How to play Va banque (Große Bank, Hasard 22), written from its rules: the banker throws five dice one at a time
for each player, who joins them with +, −, × and ÷, each once; the book's example computed by the game's own
:func:`~wuerfel.games.hasard.va_banque.apply_op`, the solved average, the pot, the stake and the book's variant
(the remainder's stake to the banker) when the table plays it."""

from __future__ import annotations

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common_chips import bank_goes_round, first_bank, most_chips_win, starting_chips
from wuerfel.games.hasard.va_banque import VaBanqueRules, apply_op, divides, expected_value
from wuerfel.games.kit.hints import loss_params

BOOK_DICE = (3, 5, 6, 1, 4)
BOOK_OPS = ("+", "*", "/", "-")
"""The book's example: 3, + 5 = 8, × 6 = 48, ÷ 1 = 48, − 4 = 44 (docs/hasard.md: the running values are the book's)."""


def book_example() -> tuple[int, ...]:
    """The running values of the book's example, by the game's own arithmetic (3, 8, 48, 48, 44)."""
    values = [BOOK_DICE[0]]
    for op, face in zip(BOOK_OPS, BOOK_DICE[1:], strict=True):
        if op == "/":
            assert divides(values[-1], face)
        values.append(apply_op(values[-1], op, face))
    return tuple(values)


def explain(rules: VaBanqueRules, players: int) -> tuple[Section, ...]:
    goal = (
        Phrase(
            N_(
                "Make the highest number from five dice, joining them with +, −, × and ÷, each used exactly "
                "once: the highest result takes the pot."
            )
        ),
        starting_chips(rules.starting_chips),
    )
    turn = (
        Phrase(
            N_(
                "Each round one player holds the bank and does not play: the banker throws for each of the others "
                "in turn, clockwise from the banker's left, five dice one at a time."
            )
        ),
        first_bank(rules.first_bank),
        Phrase(
            N_(
                "The first die is the start value. After the second, third and fourth die the player chooses an "
                "operation not used yet: the value so far plus, minus, times or divided by the die. The fifth die "
                "takes the operation that is left."
            )
        ),
        Phrase(
            N_(
                "A division at dice 2 to 4 must come out even; at the fifth die a remainder is dropped. The value "
                "may go below zero."
            )
        ),
    )
    v = book_example()
    scoring: tuple[Text, ...] = (
        Phrase(N_("The result of your five dice is your score; the highest score of the round wins.")),
        Phrase(
            N_(
                "Example from the book: the dice {d1}, {d2}, {d3}, {d4}, {d5}. Start {v1}; add {d2}: {v2}; "
                "multiply by {d3}: {v3}; divide by {d4}: {v4}; the fifth die must be subtracted: {v5}."
            ),
            {
                "d1": BOOK_DICE[0],
                "d2": BOOK_DICE[1],
                "d3": BOOK_DICE[2],
                "d4": BOOK_DICE[3],
                "d5": BOOK_DICE[4],
                "v1": v[0],
                "v2": v[1],
                "v3": v[2],
                "v4": v[3],
                "v5": v[4],
            },
        ),
        Phrase(
            N_(
                "Rule of thumb: multiply with a high die, divide with a 1 — dividing by 1 costs nothing. Played "
                "as well as possible, five dice give {whole}.{decimals} on average."
            ),
            loss_params(float(expected_value()), 2),
        ),
    )
    end = (
        Phrase(N_("Then the bank passes to the left neighbour.")),
        bank_goes_round(rules.bank_rounds, players),
        most_chips_win(),
    )
    stake = counts.chips(rules.stake)
    payments: list[Text] = []
    if rules.forfeit:
        payments.append(
            Phrase(
                N_("Each round every player except the banker pays {stake} into the pot; the banker stakes nothing."),
                {"stake": stake},
            )
        )
    else:
        payments.append(
            Phrase(
                N_(
                    "Each round every player except the banker pays {stake} into the pot; the banker "
                    "stakes nothing and wins nothing."
                ),
                {"stake": stake},
            )
        )
    payments.append(
        Phrase(
            N_(
                "The highest result takes the whole pot. Equal results share it; a chip that does not "
                "divide stays in the pot for the next round, and after the last round it goes to that "
                "round's winners one at a time."
            )
        )
    )
    pot = 3 * rules.stake
    payments.append(
        Phrase(
            N_(
                "Example with four players: the pot holds {pot}; if two tie for the highest result, "
                "each takes {each}, and {rest} stays in the pot."
            ),
            {"pot": counts.chips(pot), "each": counts.chips(pot // 2), "rest": counts.chips(pot % 2)},
        )
    )
    if rules.forfeit and rules.forfeit_only_if_unable:
        payments.append(
            Phrase(
                N_(
                    "Variant at this table: whoever could not divide at dice 2 to 4 and has a "
                    "remainder at the forced division of the fifth die loses the stake to the banker and "
                    "cannot win the pot."
                )
            )
        )
    elif rules.forfeit:
        payments.append(
            Phrase(
                N_(
                    "Variant at this table: whoever has a remainder at the forced division of the "
                    "fifth die loses the stake to the banker and cannot win the pot."
                )
            )
        )
    return (
        Section("goal", goal),
        Section("turn", turn),
        Section("scoring", scoring),
        Section("end", end),
        Section("payments", tuple(payments)),
    )
