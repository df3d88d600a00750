"""How to play Al Capone (Hasard 30), written from its rules: one open throw of poker dice each, the usual hands, the
agreed Wertung for the same combination — the issue 24 §5 example (a pair of aces against a pair of tens) decided by
the game's own :func:`~wuerfel.games.hasard.al_capone.al_capone_result` — Quint and Joker where agreed, raising, the
pot and the throw-off."""

from __future__ import annotations

from wuerfel.engine.components import Phrase, Text
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.al_capone import SCALES, AlCaponeRules, al_capone_result
from wuerfel.games.hasard.explain.common_chips import (
    ante,
    below_zero,
    first_round,
    hand_order,
    joker,
    most_chips_win,
    poker_dice_faces,
    raising,
    rounds_end,
    starting_chips,
    throw_chances,
)
from wuerfel.games.hasard.poker import JOKER, PAAR, hand_key, key_phrase

TENS = (2, 2, 6, 5, 4)
"""10 10 A K D: a pair of tens with the three highest other faces (issue 24 §5)."""
ACES = (6, 6, 1, 2, 3)
"""A A 9 10 B: a pair of aces with the three lowest other faces."""
TENS_NO_ACE = (2, 2, 5, 4, 3)
"""10 10 K D B: with Joker Poker an As is no longer an As, so the example takes a pair of tens with high dice …"""
QUEENS = (4, 4, 1, 2, 3)
"""… against D D 9 10 B: the higher pair with low dice."""
JOKER_HAND = (6, 6, 5, 5, 1)
"""The book's Joker example: As-As-König-König-Neun counts as four kings."""


def points(dice: tuple[int, ...], rules: AlCaponeRules) -> int:
    """The points that decide first within the class: the combination's (or all five dice's) under the scale."""
    return al_capone_result(tuple(sorted(dice)), rules.quint, rules.joker, rules.scale, rules.points)[1]


def explain(rules: AlCaponeRules, players: int) -> tuple[Section, ...]:
    goal = (
        Phrase(N_("One open throw of five poker dice each: the best combination takes the pot.")),
        starting_chips(rules.starting_chips),
    )
    turn: list[Text] = [
        ante(rules.ante),
        first_round(rules.start),
        Phrase(N_("Then everybody throws the five poker dice once, in turn, for all to see.")),
    ]
    if rules.raising:
        turn.append(raising(rules.max_stake))
    scale = SCALES[rules.scale]
    scoring: list[Text] = [poker_dice_faces(), hand_order(rules.quint), throw_chances(rules.quint, rules.joker)]
    if rules.joker:
        example = key_phrase(hand_key(JOKER_HAND, rules.quint, True))
        assert JOKER in JOKER_HAND
        scoring.append(joker(Phrase(N_("Ace Ace King King Nine is “{hand}”"), {"hand": example})))
    scoring.append(
        Phrase(
            N_(
                "The same combination is decided by points, with scale {scale} as agreed before the "
                "game: Nine {p1}, Ten {p2}, Jack {p3}, Queen {p4}, King {p5}, Ace {p6}."
            ),
            {"scale": rules.scale, **{f"p{i + 1}": v for i, v in enumerate(scale)}},
        )
    )
    low, high = (TENS_NO_ACE, QUEENS) if rules.joker else (TENS, ACES)
    keys = [hand_key(tuple(sorted(d)), rules.quint, rules.joker) for d in (low, high)]
    assert keys[0][0] == keys[1][0] == PAAR
    tens_phrase, aces_phrase = (key_phrase(k) for k in keys)
    tens, aces = points(low, rules), points(high, rules)
    tens_result = al_capone_result(tuple(sorted(low)), rules.quint, rules.joker, rules.scale, rules.points)
    aces_result = al_capone_result(tuple(sorted(high)), rules.quint, rules.joker, rules.scale, rules.points)
    winner = aces_phrase if aces_result > tens_result else tens_phrase
    if rules.points == "combination":
        scoring.append(
            Phrase(
                N_(
                    "The combination's own dice count first, their points added up; if they are equal, "
                    "the other dice decide one by one, highest first."
                )
            )
        )
        scoring.append(
            Phrase(
                N_(
                    "Example: “{tens}” against “{aces}”, both one pair. The pair's own dice count: {a} "
                    "points against {b}, so “{winner}” wins."
                ),
                {"tens": tens_phrase, "aces": aces_phrase, "a": tens, "b": aces, "winner": winner},
            )
        )
    else:
        scoring.append(
            Phrase(N_("The points of all five dice are added up, the other dice as well as the combination's."))
        )
        scoring.append(
            Phrase(
                N_(
                    "Example: “{tens}” against “{aces}”, both one pair. All five dice count: {a} points "
                    "against {b}, so “{winner}” wins."
                ),
                {"tens": tens_phrase, "aces": aces_phrase, "a": tens, "b": aces, "winner": winner},
            )
        )
    scoring.append(Phrase(N_("Still equal: the tied players throw once more, for the whole pot, until one is best.")))
    end = (rounds_end(rules.rounds), most_chips_win())
    payments: tuple[Text, ...] = (
        Phrase(N_("The best combination takes the whole pot; nobody else pays or receives anything.")),
        below_zero(),
    )
    return (
        Section("goal", goal),
        Section("turn", tuple(turn)),
        Section("scoring", tuple(scoring)),
        Section("end", end),
        Section("payments", payments),
    )
