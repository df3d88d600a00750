"""How to play Offenes Würfelpoker (Hasard 27), written from its rules: the minimum stake, up to three throws with dice
left standing, the open hands ranked by the rules' own :meth:`~wuerfel.games.hasard.poker.PokerRules.hand_key`
(Quint and Joker where agreed), raising to the maximum, the Stichrunde and the match of several games."""

from __future__ import annotations

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common_chips import (
    ante,
    below_zero,
    hand_order,
    joker,
    keep_turn,
    most_chips_win,
    poker_dice_faces,
    poker_ties,
    raising,
    starting_chips,
    throw_chances,
)
from wuerfel.games.hasard.offenes_poker import OffenesRules
from wuerfel.games.hasard.poker import key_phrase

FULL = (4, 4, 4, 1, 1)
"""D D D 9 9: a full house …"""
TRIPS = (5, 5, 5, 3, 2)
"""… beats K K K B 10, three kings (no As: the examples hold with Joker Poker too)."""
HIGH_PAIRS = (5, 5, 4, 4, 1)
LOW_PAIRS = (5, 5, 3, 3, 2)
"""K K D D 9 beats K K B B 10: the same higher pair, then the lower one decides."""
JOKER_HAND = (6, 6, 5, 5, 1)


def explain(rules: OffenesRules, players: int) -> tuple[Section, ...]:
    goal = (
        Phrase(
            N_(
                "Throw the best poker hand with five poker dice, in up to {throws}, and bet on it: the best "
                "hand takes the pot."
            ),
            {"throws": counts.throws(rules.max_throws)},
        ),
        starting_chips(rules.starting_chips),
    )
    if rules.start == "lot":
        first = Phrase(
            N_(
                "A lot decides who begins the first game; that player has a slight disadvantage, as the "
                "others see the hand to beat. After that the winner of each game begins the next."
            )
        )
    else:
        first = Phrase(
            N_("The player in seat 1 begins the first game; after that the winner of each game begins the next.")
        )
    lo = 0 if rules.rethrow_all else rules.min_keep
    turn: list[Text] = [
        ante(rules.minimum, per="game"),
        first,
        Phrase(N_("The players take their turns one after the other, every hand open for all to see.")),
        keep_turn(rules.max_throws, lo, rules.max_keep),
    ]
    if rules.maximum > rules.minimum:
        turn.append(raising(rules.maximum))
    else:
        turn.append(Phrase(N_("The maximum stake is the minimum: nobody can raise.")))
    hand = rules.hand_key
    assert hand(FULL) > hand(TRIPS) and hand(HIGH_PAIRS) > hand(LOW_PAIRS)
    scoring: list[Text] = [
        poker_dice_faces(),
        hand_order(rules.quint),
        poker_ties(),
        throw_chances(rules.quint, rules.joker),
    ]
    if rules.joker:
        scoring.append(joker(Phrase(N_("Ace Ace King King Nine is “{hand}”"), {"hand": key_phrase(hand(JOKER_HAND))})))
    scoring.append(
        Phrase(
            N_("Example: “{a}” beats “{b}”, and “{c}” beats “{d}”."),
            {
                "a": key_phrase(hand(FULL)),
                "b": key_phrase(hand(TRIPS)),
                "c": key_phrase(hand(HIGH_PAIRS)),
                "d": key_phrase(hand(LOW_PAIRS)),
            },
        )
    )
    end = (
        Phrase(
            N_(
                "When every player still in has had a turn, the best hand takes the pot. Equal best hands: the pot "
                "stays, and the tied players play their turns again (Stichrunde) — no stakes, no raising — until one "
                "hand is best."
            )
        ),
        Phrase("The match ends after {n} game.", {"n": rules.games}, plural="The match ends after {n} games."),
        most_chips_win(),
    )
    payments = (
        Phrase(
            N_(
                "The best hand takes the whole pot: the minimum stakes and every raise and call. Whoever passes "
                "loses what they have paid into it."
            )
        ),
        below_zero(),
    )
    return (
        Section("goal", goal),
        Section("turn", tuple(turn)),
        Section("scoring", tuple(scoring)),
        Section("end", end),
        Section("payments", payments),
    )
