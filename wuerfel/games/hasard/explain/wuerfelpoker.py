"""How to play Würfelpoker (Hasard 23), written from its rules: the ante, one throw (or up to three with dice left
standing), the hands with the Sequenz, their order and ties computed by the game's own
:func:`~wuerfel.games.hasard.wuerfelpoker.wuerfelpoker_key`, raising where agreed, the shared pot."""

from __future__ import annotations

from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common_chips import (
    ante,
    below_zero,
    first_round,
    keep_turn,
    most_chips_win,
    raising,
    rounds_end,
    starting_chips,
)
from wuerfel.games.hasard.poker_round import KEEP_RULES
from wuerfel.games.hasard.wuerfelpoker import PAAR, WuerfelpokerRules, wuerfelpoker_key


def beats(a: tuple[int, ...], b: tuple[int, ...], rules: WuerfelpokerRules) -> bool:
    return wuerfelpoker_key(tuple(sorted(a)), rules.low_sequence_high) > wuerfelpoker_key(
        tuple(sorted(b)), rules.low_sequence_high
    )


def explain(rules: WuerfelpokerRules, players: int) -> tuple[Section, ...]:
    goal = (
        Phrase(N_("Throw the best poker hand with five dice: the best hand of the round takes the pot.")),
        starting_chips(rules.starting_chips),
    )
    turn: list[Text] = [
        ante(rules.ante),
        first_round(rules.start),
        Phrase(N_("The players take their turns one after the other, every hand open for all to see.")),
        keep_turn(rules.throws, KEEP_RULES.min_keep, KEEP_RULES.most),
    ]
    if rules.raising:
        turn.append(raising(rules.max_stake))
    low_high = beats((1, 2, 3, 4, 5), (2, 3, 4, 5, 6), rules)
    # The examples, ranked by the game's own key.
    sixes, fives, six_kicker, five_kicker = (6, 6, 3, 2, 1), (5, 5, 6, 4, 3), (4, 4, 6, 3, 2), (4, 4, 5, 3, 2)
    assert beats(sixes, fives, rules) and beats(six_kicker, five_kicker, rules)
    assert wuerfelpoker_key(tuple(sorted(sixes)), True)[0] == PAAR
    scoring: tuple[Text, ...] = (
        Phrase(
            N_(
                "The hands from low to high: nothing, one pair, two pairs, three alike, sequence (five numbers in "
                "a row), full house (three alike and a pair), four alike, five alike (Poker)."
            )
        ),
        Phrase(N_("Of the two sequences, 1-2-3-4-5 ranks above 2-3-4-5-6, as the book says."))
        if low_high
        else Phrase(N_("Of the two sequences, 2-3-4-5-6 ranks above 1-2-3-4-5 at this table.")),
        Phrase(
            N_(
                "The same hand: the higher pair, three or four alike wins (6 is the highest); if they are equal, "
                "the other dice decide one by one from the highest. Two pairs: the higher pair, then the lower, "
                "then the fifth die. Full house: the three alike, then the pair. Nothing: die by die from the "
                "highest."
            )
        ),
        Phrase(
            N_(
                "Example: 6 6 3 2 1 beats 5 5 6 4 3 — the higher pair; 4 4 6 3 2 beats 4 4 5 3 2 — the same pair, "
                "and the highest other die, 6 against 5, decides."
            )
        ),
    )
    end = (rounds_end(rules.rounds), most_chips_win())
    payments = (
        Phrase(
            N_(
                "The best hand takes the whole pot. Equal best hands share it; chips that do not divide stay in "
                "the pot for the next round — in the last round the tied players throw again for them."
            )
        ),
        below_zero(),
    )
    return (
        Section("goal", goal),
        Section("turn", tuple(turn)),
        Section("scoring", scoring),
        Section("end", end),
        Section("payments", payments),
    )
