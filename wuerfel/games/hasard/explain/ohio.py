"""Ohio (Hasard 26), explained from its rules: the throws of a turn, how many dice may stand and the points of "Ohio"
change the text; the book's example is scored by the game's own rows."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import alone, begins, keep_range, loser_round, section, void_throw

GOAL = N_("Highest total of 7 rows: row k counts k × the dice showing k, Ohio (1-2-3-4-5-6) {ohio}")
TURN = N_("Turn {turn} of {turns}")
BOOK = (6, 6, 6, 2, 2, 1)
"""The book's example as the spec reads its flattened dice: three sixes, two twos and a one."""


def goal(state: Any) -> Goal:
    """What a row counts, and which of the seven turns the player is in."""
    from wuerfel.games.hasard.ohio import EMPTY, N_ROWS

    progress = None
    if not state.is_terminal() and state.start_player >= 0:
        done = sum(1 for v in state.sheets[state.player] if v != EMPTY)
        progress = Phrase(TURN, {"turn": done + 1, "turns": N_ROWS})
    return Goal(Phrase(GOAL, {"ohio": int(state.rules.ohio_points)}), progress)


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import ohio as game

    most, ohio = int(rules.max_throws), int(rules.ohio_points)
    low, high = int(rules.min_keep), int(rules.max_keep)
    keeps = (
        Phrase(N_("Between throws you may leave any of the dice standing, or none, and throw the others again."))
        if (low, high) == (0, game.N_DICE - 1)
        else Phrase(
            N_("Between throws you leave {keep} standing and throw the others again."), {"keep": keep_range(low, high)}
        )
    )
    turn = (
        Phrase(
            "In each turn you may throw the six dice up to {n} time.",
            {"n": most},
            plural="In each turn you may throw the six dice up to {n} times.",
        )
        if most > 1
        else Phrase(N_("Each turn is one throw of the six dice."))
    )
    best = sum(6 * (r + 1) for r in range(game.OHIO_ROW)) + ohio
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Score the highest total on a sheet of seven rows, the ones to the sixes and "
                    '"Ohio" (1-2-3-4-5-6), filling one row per turn.'
                )
            ),
            alone(players),
        ),
        section(
            "turn",
            begins(rules) if players > 1 else None,
            turn,
            keeps if most > 1 else None,
            Phrase(
                N_(
                    "After any throw, at the latest after the last, you write the result into a free row. The "
                    "rows may be filled in any order; every row takes one turn, so the game lasts seven "
                    "turns."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_(
                    "Rows 1 to 6 count the row's number times the dice showing it: six 6s make {six}, six 1s "
                    'make {one}. "Ohio", the run 1-2-3-4-5-6, counts {ohio}. A row may also take 0. At best '
                    "{best} in all."
                ),
                {
                    "six": game.row_value((6,) * 6, 5, ohio),
                    "one": game.row_value((1,) * 6, 0, ohio),
                    "ohio": game.row_value((1, 2, 3, 4, 5, 6), game.OHIO_ROW, ohio),
                    "best": best,
                },
            ),
            Phrase(
                N_(
                    "The book's example: aiming at six 6s you end with 6-6-6-2-2-1. In row 6 that makes {r6}; "
                    "or you write two 2s, {r2}, in row 2 and hope for more sixes later."
                ),
                {"r6": game.row_value(BOOK, 5, ohio), "r2": game.row_value(BOOK, 1, ohio)},
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "After seven turns every sheet is full: the highest total wins, equal totals share the win, "
                    "and the lowest total is the loser."
                )
            )
            if players > 1
            else Phrase(N_("After seven turns your sheet is full, and its total is your result.")),
            loser_round() if players > 1 else None,
        ),
    ]
