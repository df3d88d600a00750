"""Jule (Hasard 1), explained from its rules: the chips per number and which numbers count as not struck change the
payment sentences; the worked examples are played on the game's own state."""

from __future__ import annotations

from typing import Any

from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import alone, begins, replaced, section, started, thrown, void_throw

GOAL = N_("Throw 1 to 6 in order, then strike them out from 6 back to 1")


def goal() -> Goal:
    """Jule's aim on the felt; the tracks beside it show how far each player has come."""
    return Goal(Phrase(GOAL))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import jule as game

    per = int(rules.chips_per_number)
    ben = replaced(started(game.INFO.make, rules), progress=(3, 8, 2), seat=1)
    after = thrown(ben, (4,))
    left = len(game.TARGETS) - after.progress[1]
    rest = ", ".join(str(t) for t in game.TARGETS[after.progress[1] :])
    end = replaced(started(game.INFO.make, rules), progress=(len(game.TARGETS), 8, 3), phase="over", seat=0)
    pay = end.payoffs()
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Be the first to throw the numbers 1 to 6 in the right order, and then to strike "
                    "them out again from 6 back to 1."
                )
            ),
            alone(players),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Each turn is one throw of one die. Whoever throws the number he needs next writes it "
                    "down: first the 1, then the 2, and so on up to the 6. Then he strikes them out again in "
                    "falling order: first the 6 (so the 6 is needed twice), then 5, 4, 3, 2 and last the 1. "
                    "Any other number counts for nothing, and the die passes on."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_(
                    "Nothing is added up: what counts is how far each player has come along the twelve "
                    "steps 1 2 3 4 5 6 6 5 4 3 2 1."
                )
            ),
            Phrase(
                N_(
                    "Example: Ben has written 1 to 6 and struck out the 6 and the 5. He throws a 4 and "
                    "strikes it; {left} are left to strike ({rest}). Had he thrown a 6, nothing would have "
                    "happened."
                ),
                {"left": left, "rest": rest},
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "The game ends as soon as a player strikes out his 1: he wins at once. The others rank "
                    "by how far they got; whoever is furthest behind is the loser."
                )
            )
            if players > 1
            else Phrase(N_("The game ends when you strike out your 1.")),
        ),
        section(
            "payments",
            Phrase(
                N_(
                    "Every other player gives the winner {chips} for each of his numbers that is not struck "
                    "out: all six count, written down or not, until they are struck."
                ),
                {"chips": counts.chips(per)},
            )
            if rules.unstruck == "all"
            else Phrase(
                N_(
                    "Every other player gives the winner {chips} for each number he has written down and "
                    "not yet struck out; a number never written costs nothing."
                ),
                {"chips": counts.chips(per)},
            ),
            Phrase(
                N_(
                    "Example: Anna wins. Ben has struck the 6 and the 5, so {ben_n} of his numbers are not "
                    "struck: he pays {ben}. Clara has only written 1, 2 and 3 ({clara_n} not struck): she "
                    "pays {clara}. Anna receives {anna}."
                ),
                {
                    "ben_n": game.unstruck(8, rules.unstruck),
                    "ben": counts.chips(-pay[1]),
                    "clara_n": game.unstruck(3, rules.unstruck),
                    "clara": counts.chips(-pay[2]),
                    "anna": counts.chips(pay[0]),
                },
            ),
            Phrase(N_("Alone no chips change hands.")) if players == 1 else None,
        ),
    ]
