"""Eins bis sechzehn (Hasard 21), explained from its rules: the operations, the way back, how many numbers a throw
ticks off and who ticks them off change the text; the book's example throw is formed by the game's own search."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, loser_round, section, void_throw

GOAL = N_("Form 1 to 16 and back to 1 from throws of three dice ({count} numbers)")
BOOK_THROW = (1, 3, 6)
"""The throw of the book's example ("1-2-3 wurden gewürfelt", but its sums use a 6: 1-3-6, the spec's reading)."""


def goal(state: Any) -> Goal:
    """The aim on the felt; the tracks beside it show each player's next number."""
    return Goal(Phrase(GOAL, {"count": len(state.targets)}))


def written(expression: str) -> str:
    """An expression of the game's search as a reader writes it: true minus, times and division signs."""
    return expression.replace("-", " − ").replace("+", " + ").replace("*", " × ").replace("/", " ÷ ")


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import eins_bis_sechzehn as game

    targets = game.target_list(rules.way_back)
    can = game.formable(BOOK_THROW, rules.operations)
    run = game.run_length(BOOK_THROW, targets, 0, rules.operations, "run")
    ticked = game.run_length(BOOK_THROW, targets, 0, rules.operations, rules.per_throw)
    times = game.formable((2, 3, 6), "all")
    forms = ", ".join(f"{t} = {written(can[t])}" for t in targets[:run])
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Be the first to form all the numbers from 1 up to 16 and back down to 1 from "
                    "throws of three dice: {count} numbers in all."
                ),
                {"count": len(targets)},
            ),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Each turn is one throw of three dice. From it you form your next number: a die on its "
                    "own, or the sum or difference of two or three of the dice, each die used at most once."
                )
            )
            if rules.operations == "add_sub"
            else Phrase(
                N_(
                    "Each turn is one throw of three dice. From it you form your next number: a die on its "
                    "own, or what two or three of the dice make with plus, minus, times and divided by, each "
                    "die used at most once; a division must come out without remainder."
                )
            ),
            Phrase(N_("The numbers go 1, 2, … up to 16 and then 15, 14, … back down to 1."))
            if rules.way_back == "from_15"
            else Phrase(
                N_("The numbers go 1, 2, … up to 16 and then 16, 15, … back down to 1: the 16 is needed twice.")
            ),
            Phrase(
                N_(
                    "One throw ticks off as many numbers in a row as it can form, each formed on its own from "
                    "the same three dice; the first number it cannot form ends your turn."
                )
            )
            if rules.per_throw == "run"
            else Phrase(N_("One throw ticks off at most one number; then the dice pass on.")),
            Phrase(
                N_(
                    "You tick off yourself: after your throw you say how many numbers you have formed, or type "
                    'the sums ("1, 3-1, 3"). A number the dice cannot form is refused, and what you overlook '
                    "waits for your next turn."
                )
            )
            if rules.claim == "manual"
            else Phrase(N_("The table ticks off for you whatever your throw forms.")),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_("The book's example: the throw 1-3-6 forms {forms}, but not {next}."),
                {"forms": forms, "next": targets[run]},
            ),
            Phrase(N_("So from the start this one throw ticks off the numbers 1 to {upto}."), {"upto": ticked})
            if ticked > 1
            else Phrase(N_("But only one number counts per throw: from the start it ticks off just the 1.")),
            Phrase(
                N_("With times and divided by, the throw 2-3-6 also forms {a} and {b}, which plus and minus cannot."),
                {"a": f"12 = {written(times[12])}", "b": f"16 = {written(times[16])}"},
            )
            if rules.operations == "all"
            else None,
        ),
        section(
            "end",
            Phrase(
                N_(
                    "The first to tick off the last number wins at once. The others rank by how far they got; "
                    "whoever is furthest behind is the loser."
                )
            ),
            loser_round(),
        ),
    ]
