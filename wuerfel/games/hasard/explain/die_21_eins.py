"""Die 21. Eins (Hasard 4), explained from its rules: the winning one (``target``) and who loses change the text; the
example is the winning throw played on the game's own state."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, loser_round, replaced, section, started, thrown, void_throw

GOAL = N_("The 1 that brings the count to {target} wins")


def goal(state: Any) -> Goal:
    """The winning one and how many are still missing (the counter beside it shows the ones thrown)."""
    target = int(state.rules.target)
    left = max(target - state.counter, 0)
    return Goal(
        Phrase(GOAL, {"target": target}),
        Phrase("{n} more 1 to go", {"n": left}, plural="{n} more 1s to go") if state.phase != "over" else None,
    )


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import die_21_eins as game

    target = int(rules.target)
    before = replaced(started(game.INFO.make, rules), ones=(target - 1, 0, 0), seat=2)
    after = thrown(before, (1,))
    assert after.phase == "over" and after.winners() == (2,)
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Everybody throws in turn, and the table counts how often the 1 falls. Whoever "
                    "throws the 1 that brings the count to {target} wins."
                ),
                {"target": target},
            ),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Each turn is one throw of one die. A 1 adds one to the table's count; any other number "
                    "counts for nothing. Then the die passes on."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(N_("Nothing is added up but the ones; the count belongs to the whole table, not to one player.")),
            Phrase(
                N_(
                    "Example: the count stands at {before}. Clara throws a 1: the count reaches {target}, and "
                    "Clara has won."
                ),
                {"before": before.counter, "target": after.counter},
            ),
        ),
        section(
            "end",
            Phrase(N_("The game ends with the throw that brings the count to {target}."), {"target": target}),
            Phrase(N_("The book names no loser: everybody else simply has not won."))
            if rules.loser == "none"
            else Phrase(
                N_("Whoever threw the fewest 1s loses; if several threw equally few, they share the last place.")
            ),
            loser_round() if rules.loser != "none" else None,
        ),
    ]
