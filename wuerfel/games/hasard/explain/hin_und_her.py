"""Hin und her (Hasard 2), explained from its rules: the throw-off for last place follows ``settle_loser``; the
example is a throw played on the game's own state."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, loser_round, replaced, section, started, thrown, void_throw

GOAL = N_("Strike out all six digits 1 to 6; a digit thrown again is written anew")


def goal() -> Goal:
    """The aim on the felt; the tracks beside it show each player's struck digits."""
    return Goal(Phrase(GOAL))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import hin_und_her as game

    before = replaced(started(game.INFO.make, rules), struck=(0, 0b100101, 0), seat=1)  # Ben: 1, 3 and 6 struck
    after = thrown(before, (3,))
    return [
        section("goal", Phrase(N_("Be the first to strike out all six digits 1 to 6 on your sheet."))),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Everybody writes the digits 1 to 6 one below the other. Each turn is one throw of one "
                    "die: the digit thrown is struck out. But if it is struck out already, it must be "
                    "written anew: it counts as not struck again. Then the die passes on."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(N_("Only the number of struck digits counts, not which they are.")),
            Phrase(
                N_(
                    "Example: Ben has struck out 1, 3 and 6. He throws a 3: the 3 is written anew, and he "
                    "has only {after} struck digits left. A 2 would have given him {more}."
                ),
                {
                    "after": game.struck_count(after.struck[1]),
                    "more": game.struck_count(thrown(before, (2,)).struck[1]),
                },
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "The first to have all six digits struck out wins at once. The loser is whoever has "
                    "struck the fewest."
                )
            ),
            Phrase(
                N_(
                    "If several have equally few, only they throw off: each throws once more on his own "
                    "sheet, in turn, until one has fewer struck than the others."
                )
            )
            if rules.settle_loser
            else Phrase(N_("If several have equally few, they share the last place.")),
            loser_round(),
        ),
    ]
