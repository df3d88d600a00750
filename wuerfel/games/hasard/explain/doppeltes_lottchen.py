"""Doppeltes Lottchen (Hasard 18), explained from its rules (the losing total); the example throw is played on the
game's own state. Web report U1: "66 / 66 laufende Summe. Who loses and why?" — the goal on the felt says it."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, loser_round, replaced, section, started, thrown, void_throw

GOAL = N_("Whoever brings the running total to {limit} or more loses")
LEFT = N_("{left} more to {limit}")


def goal(state: Any) -> Goal:
    """Who loses, and how far the table's total still is from it."""
    limit = int(state.rules.limit)
    progress = Phrase(LEFT, {"left": limit - state.total, "limit": limit}) if state.phase == "throw" else None
    return Goal(Phrase(GOAL, {"limit": limit}), progress)


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import doppeltes_lottchen as game

    limit = int(rules.limit)
    before = replaced(started(game.INFO.make, rules), total=max(limit - 8, 0), seat=1)
    after = thrown(before, (3, 2, 4))
    assert after.losers() == (1,)
    return [
        section(
            "goal",
            Phrase(
                N_("Do not be the one who brings the table's running total to {limit} or beyond."), {"limit": limit}
            ),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Each turn is one throw of three dice. The pips of all players are added up in one running "
                    "total for the whole table."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(N_("Only the running total counts; what each player added is shown beside his name.")),
            Phrase(
                N_(
                    "Example: the total stands at {before}. Ben throws 3 + 2 + 4 = 9 and brings it to {after}, "
                    "which is {limit} or more: Ben has lost."
                ),
                {"before": before.total, "after": after.total, "limit": limit},
            ),
        ),
        section(
            "end",
            Phrase(
                N_("Whoever reaches or passes {limit} loses at once; all the others win together."), {"limit": limit}
            ),
            loser_round(),
        ),
    ]
