"""Dreimal Pasch (Hasard 24), explained from its rules: the throws, how many dice may stand, and whether the first
player's throws bind the others change the text; the example hands are counted by the game's own result."""

from __future__ import annotations

from typing import Any

from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import (
    begins,
    keep_range,
    last_place,
    loser_round,
    section,
    void_throw,
)

GOAL = N_("Most pairs with six dice in {throws} (three at best); equal pairs: more pips")


def goal(rules: Any) -> Goal:
    """The aim and the throws a turn has (the seat's note counts them)."""
    return Goal(Phrase(GOAL, {"throws": counts.throws(int(rules.max_throws))}))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import dreimal_pasch as game

    most = int(rules.max_throws)
    a, b = game.result_of((4, 4, 4, 4, 2, 5)), game.result_of((3, 3, 5, 5, 6, 6))
    throws = (
        Phrase(
            "In his turn a player throws all six dice, up to {n} time in all; he may stop after any throw.",
            {"n": most},
            plural="In his turn a player throws all six dice, up to {n} times in all; he may stop after any throw.",
        )
        if most > 1
        else Phrase(N_("Every player has exactly one throw of the six dice."))
    )
    keeps = (
        Phrase(
            N_(
                "Before each further throw he leaves {keep} standing and throws the others, or throws all six "
                "again. A die left standing may be thrown again later."
            ),
            {"keep": keep_range(int(rules.min_keep), int(rules.max_keep))},
        )
        if most > 1
        else None
    )
    limit = None
    if most > 1:
        limit = (
            Phrase(
                N_(
                    "The others then play their turns the same way, but may throw no more often than the "
                    "round's first player did."
                )
            )
            if rules.inherit_limit
            else Phrase(
                "The others then play their turns the same way; everybody may use all {n} throw.",
                {"n": most},
                plural="The others then play their turns the same way; everybody may use all {n} throws.",
            )
        )
    return [
        section(
            "goal",
            Phrase(
                N_("Throw as many pairs as you can with six dice, at best three; on equal pairs the higher pips win.")
            ),
        ),
        section("turn", begins(rules), throws, keeps, limit, void_throw()),
        section(
            "scoring",
            Phrase(
                N_(
                    "Count the pairs among the six dice: four alike are two pairs, three alike one, six alike "
                    "three. On equal pairs the higher sum of all six dice wins."
                )
            ),
            Phrase(
                N_(
                    "Example: 4-4-4-4-2-5 is {a} pairs with {a_pips} pips; 3-3-5-5-6-6 is {b} pairs, three times Pasch."
                ),
                {"a": a[0], "a_pips": a[1], "b": b[0]},
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "When everybody has played, the most pairs win, then the higher pips. If the best are still "
                    "level, only they throw off with one more full turn each, again while they are level."
                )
            ),
            last_place(bool(rules.settle_loser)),
            loser_round(),
        ),
    ]
