"""Blaue Augen and Graue Augen (Hasard 13), explained from their rules: which faces count, the agreed rounds and the
throw-off for last place; the examples are scored by the game's own counting."""

from __future__ import annotations

from typing import Any

from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import (
    begins,
    last_place,
    loser_round,
    round_end,
    round_progress,
    section,
    void_throw,
)

GOAL = {
    "even": N_("Highest total of even pips (2, 4, 6) after {rounds}"),
    "odd": N_("Highest total of odd pips (1, 3, 5) after {rounds}"),
}
GOAL_ONE = {
    "even": N_("Highest total of even pips (2, 4, 6) wins"),
    "odd": N_("Highest total of odd pips (1, 3, 5) wins"),
}


def goal(state: Any) -> Goal:
    """Which faces count and the round the table is in."""
    rounds = state.rounds()
    text = (
        Phrase(GOAL[state.rules.faces], {"rounds": counts.rounds(rounds)})
        if rounds > 1
        else Phrase(GOAL_ONE[state.rules.faces])
    )
    return Goal(text, round_progress(state))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import blaue_augen as game

    rounds = int(rules.rounds)
    a, b = (2, 3, 6), (1, 3, 5)
    return [
        section(
            "goal",
            Phrase(
                N_("Reach the highest total of even pips: only the faces 2, 4 and 6 count.")
                if rules.faces == "even"
                else N_("Graue Augen: reach the highest total of odd pips; only the faces 1, 3 and 5 count.")
            ),
            Phrase(N_("You play {rounds}."), {"rounds": counts.rounds(rounds)}) if rounds > 1 else None,
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Each turn is one throw of three dice, and everybody has one turn per round. The faces "
                    "that count are added up; the others count nothing."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_("Example: the throw {a} counts {pa}, the throw {b} counts {pb}."),
                {
                    "a": "-".join(map(str, a)),
                    "pa": game.eyes(a, rules.faces),
                    "b": "-".join(map(str, b)),
                    "pb": game.eyes(b, rules.faces),
                },
            ),
        ),
        section("end", round_end(rounds, counts.throws(1)), last_place(bool(rules.settle_loser)), loser_round()),
    ]
