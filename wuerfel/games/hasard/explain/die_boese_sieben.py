"""Die böse Sieben (Hasard 25), explained from its rules: the throws and whom they bind, sevens per throw and the
throw-off change the text; the example throw is set aside and scored by the game's own functions."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import begins, dice_text, last_place, loser_round, section, void_throw

GOAL = N_("Most sevens (1+6, 2+5, 3+4), at most three; then the most pips on the dice left")
EXAMPLE = (1, 6, 2, 5, 4, 4)


def goal() -> Goal:
    """What counts; the limit of throws stands in the seat's note."""
    return Goal(Phrase(GOAL))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import die_boese_sieben as game

    most, off = int(rules.max_throws), int(rules.throw_off_throws)
    sevens, rest = game.form_sevens(EXAMPLE, game.MOST, rules.per_throw)
    score = game.score_of((sevens, sum(rest)))
    throws = (
        Phrase(
            "He may then throw all the remaining dice again, up to {n} throw in all, or stop at any time; "
            "with three sevens his turn ends.",
            {"n": most},
            plural="He may then throw all the remaining dice again, up to {n} throws in all, or stop at "
            "any time; with three sevens his turn ends.",
        )
        if most > 1
        else Phrase(N_("Every player has exactly one throw of the six dice."))
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
    throw_off = (
        Phrase(N_("each throws the six dice once more, sevens set aside, without rethrowing"))
        if off == 1
        else Phrase(
            "each plays one more turn of at most {n} throw",
            {"n": off},
            plural="each plays one more turn of at most {n} throws",
        )
    )
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Set aside as many sevens as you can, at most three: pairs of dice that make 7 "
                    "(1 + 6, 2 + 5, 3 + 4). Then the pips of the dice left decide."
                )
            ),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_("The round's first player throws six dice. Every pair that makes seven is set aside at once.")
                if rules.per_throw == "all"
                else N_(
                    "The round's first player throws six dice. After each throw one pair that makes seven is "
                    "set aside, if there is one."
                )
            ),
            throws,
            limit,
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_(
                    "Three sevens rank highest, then two sevens with 12 pips on the dice left, two with 11, and "
                    "so on: first the sevens, then the pips of the dice not set aside. The table shows it as "
                    "100 per seven plus the pips."
                )
            ),
            Phrase(
                N_(
                    "Example: the throw {dice} sets aside {sevens} and leaves {rest}: if he stops, that counts {score}."
                ),
                {
                    "dice": dice_text(EXAMPLE),
                    "sevens": Phrase("{n} seven", {"n": sevens}, plural="{n} sevens"),
                    "rest": dice_text(rest),
                    "score": score,
                },
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "When all have played, the best result wins. If the best are level, they throw off: "
                    "{throw_off}, again while they are level."
                ),
                {"throw_off": throw_off},
            ),
            last_place(bool(rules.settle_loser)),
            loser_round(),
        ),
    ]
