"""Einer gleich zwei (Hasard 20), explained from its rules (the throws of a turn, the throw-off for last place); the
examples are scored by the game's own test of a valid throw."""

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

GOAL = N_("Most points in {throws}: a throw counts when one die is the sum of the other two")


def goal(state: Any) -> Goal:
    """The aim and the throw of the turn (or the throw-off) the table is in."""
    return Goal(Phrase(GOAL, {"throws": counts.throws(state.throws_per_turn())}), round_progress(state))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import einer_gleich_zwei as game

    n = int(rules.throws)
    v = game.valid_points
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Score the most points in {throws} of three dice. A throw counts only when one die "
                    "shows the sum of the other two."
                ),
                {"throws": counts.throws(n)},
            ),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                "Each player in turn throws the three dice {n} time in a row.",
                {"n": n},
                plural="Each player in turn throws the three dice {n} times in a row.",
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_(
                    "A valid throw scores the die that is the sum of the other two: 2-3-5 scores {a} (2 + 3), "
                    "1-4-5 scores {b}, 2-4-6 scores {c}. Any other throw, such as 2-3-6, scores {d}."
                ),
                {"a": v((2, 3, 5)), "b": v((1, 4, 5)), "c": v((2, 4, 6)), "d": v((2, 3, 6))},
            ),
        ),
        section("end", round_end(1, counts.throws(n)), last_place(bool(rules.settle_loser)), loser_round()),
    ]
