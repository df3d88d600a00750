"""Himmel und Hölle (Hasard 8), explained from its rules (the agreed rounds, the throw-off for last place); the
book's example throw is scored by the game's own die values."""

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

GOAL = N_("Highest total after {rounds}: top faces count tens, bottom faces units")


def goal(state: Any) -> Goal:
    """The aim and the round the table is in (terminal report M4: "Runde 2 von 3")."""
    return Goal(Phrase(GOAL, {"rounds": counts.rounds(state.rounds())}), round_progress(state))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import himmel_und_hoelle as game

    rounds = int(rules.rounds)
    heaven, hell = game.heaven_and_hell((6, 2))
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Reach the highest total in {rounds}. Every throw of two dice counts its top faces "
                    'as tens ("heaven") and its bottom faces as units ("hell").'
                ),
                {"rounds": counts.rounds(rounds)},
            ),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Each turn is one throw of two dice, and everybody has one turn per round. The bottom face "
                    "of a die is always 7 minus its top face."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_(
                    "The book's example: a 6 and a 2. The 6 counts 60 above and 1 below, {six}; the 2 counts "
                    "20 above and 5 below, {two}. Together: {total}."
                ),
                {"six": game.die_value(6), "two": game.die_value(2), "total": heaven + hell},
            ),
            Phrase(
                N_("So a throw is worth from {low} (two 1s) to {high} (two 6s)."),
                {"low": 2 * game.die_value(1), "high": 2 * game.die_value(6)},
            ),
        ),
        section("end", round_end(rounds, counts.throws(1)), last_place(bool(rules.settle_loser)), loser_round()),
    ]
