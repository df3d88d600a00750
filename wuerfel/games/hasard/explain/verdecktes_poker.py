"""How to play Verdecktes Würfelpoker (Hasard 28, and Joker Poker 29), written from its rules: the throw under the
cup, the announcement (with or without the other dice), "Schwindel!" — in turn or all at once, and its price, the
pot doubled — with an example settled by the rules' own :func:`~wuerfel.games.hasard.poker.matches`, the hands and
the Stichrunde."""

from __future__ import annotations

from wuerfel.engine import counts
from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common_chips import (
    ante,
    below_zero,
    first_round,
    hand_order,
    joker,
    most_chips_win,
    poker_dice_faces,
    poker_ties,
    rounds_end,
    starting_chips,
    throw_chances,
)
from wuerfel.games.hasard.poker import DRILLING, key_phrase, matches
from wuerfel.games.hasard.verdecktes_poker import VerdecktesRules
from wuerfel.games.kit.hints import loss_params

ANNOUNCED = (DRILLING, 4)
"""“Three queens”: class and principal rank, no other dice named."""
TRUE_CUP = (4, 4, 4, 5, 1)
"""D D D K 9 under the cup: the announcement holds …"""
BLUFF_CUP = (5, 5, 2, 1, 3)
"""… K K 10 9 B: a bluff, a pair of kings counts (no As: the example holds with Joker Poker too)."""
JOKER_HAND = (6, 6, 5, 5, 1)


def seconds(x: float) -> Phrase:
    """How long the opponents have to call at a live table (whole seconds with their plural form)."""
    if float(x).is_integer():
        return Phrase(
            "At a live table there is {n} second to call.",
            {"n": int(x)},
            plural="At a live table there are {n} seconds to call.",
        )
    return Phrase(N_("At a live table there are {whole}.{decimals} seconds to call."), loss_params(x, 1))


def explain(rules: VerdecktesRules, players: int) -> tuple[Section, ...]:
    goal = (
        Phrase(N_("Win the pot with the highest announced hand — whether you really threw it or not.")),
        starting_chips(rules.starting_chips),
    )
    if rules.kickers:
        naming = Phrase(
            N_(
                "An announcement names the combination, as “three queens”; it may also name the other "
                "dice, and dice left unnamed count as low as possible."
            )
        )
    else:
        naming = Phrase(
            N_(
                "An announcement names the combination and its faces only, as “three queens” or “two "
                "pairs, aces and kings”; the other dice count as low as possible."
            )
        )
    if rules.challenge_order == "clockwise":
        call = Phrase(
            N_(
                "Then the opponents, in turn from the announcer's left, may call “Schwindel!”; the first "
                "who calls lifts the cup."
            )
        )
    else:
        call = Phrase(N_("Then every opponent may call “Schwindel!” at once; the first call counts and lifts the cup."))
    turn: list[Text] = [
        ante(rules.ante),
        first_round(rules.start),
        Phrase(
            N_(
                "In turn each player throws the five poker dice under the cup, looks at them alone and announces "
                "a hand — the truth or a bluff."
            )
        ),
        naming,
        call,
        seconds(rules.challenge_seconds),
        Phrase(N_("You need not announce more than the best announcement standing; a lower one simply cannot win.")),
    ]
    pot = players * rules.ante
    hand = rules.hand_key
    exact = rules.match == "exact"
    assert matches(hand(TRUE_CUP), ANNOUNCED, rules.quint, rules.joker, exact)
    assert not matches(hand(BLUFF_CUP), ANNOUNCED, rules.quint, rules.joker, exact)
    scoring: list[Text] = [
        Phrase(N_("When someone calls, the cup is lifted:")),
        Phrase(
            N_(
                "• The throw is at least as high as announced: the caller pays as many chips as lie in the pot — "
                "the pot doubles — and the announcement stands."
            )
        )
        if not exact
        else Phrase(
            N_(
                "• The throw is exactly as announced: the caller pays as many chips as lie in the pot — the pot "
                "doubles — and the announcement stands."
            )
        ),
        Phrase(
            N_(
                "• Otherwise it was a bluff: the announcer pays the pot, and the announcement drops to the hand "
                "really thrown."
            )
        ),
        Phrase(N_("An announcement nobody calls stands, true or not, and its dice are never shown.")),
        Phrase(
            N_(
                "Example: the pot holds {pot}. Anna announces “{announced}”, Ben calls. The cup shows “{true}”: "
                "the announcement holds, Ben pays {pot} and the pot holds {double}. Had it shown “{bluff}”, Anna "
                "would have paid {pot}, and only “{bluff}” would count for her."
            ),
            {
                "pot": counts.chips(pot),
                "double": counts.chips(2 * pot),
                "announced": key_phrase(ANNOUNCED),
                "true": key_phrase(hand(TRUE_CUP)),
                "bluff": key_phrase(hand(BLUFF_CUP)),
            },
        ),
        poker_dice_faces(),
        hand_order(rules.quint),
        poker_ties(),
        throw_chances(rules.quint, rules.joker),
    ]
    if rules.joker:
        scoring.append(joker(Phrase(N_("Ace Ace King King Nine is “{hand}”"), {"hand": key_phrase(hand(JOKER_HAND))})))
    end = (
        Phrase(
            N_(
                "When everybody has had a turn, the highest announcement standing takes the pot, and its owner "
                "begins the next round. Equal best announcements: the tied players throw again under the cup "
                "(Stichrunde), without a new stake; the others may still call."
            )
        ),
        rounds_end(rules.rounds),
        most_chips_win(),
    )
    payments = (
        Phrase(
            N_(
                "The pot holds every stake of the round and what every call cost; it all goes to the highest "
                "announcement standing."
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
