"""Sechzerspiel (Hasard 7), explained from its rules (the throw-off for last place); the book's example is entered
through the game's own row move."""

from __future__ import annotations

from typing import Any

from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.errors import N_
from wuerfel.engine.explain import Section
from wuerfel.games.hasard.explain.common import (
    ROUND,
    alone,
    begins,
    last_place,
    loser_round,
    section,
    started,
    thrown,
    void_throw,
)

GOAL = N_("Most points after 6 throws: each throw times a free row 1 to 6")
THROW_OFF = N_("Throw-off {k}: the highest number wins")


def goal(state: Any) -> Goal:
    """The aim, and the round of six (or the throw-off) the table is in."""
    progress = None
    if state.phase in ("throw", "decide"):
        progress = (
            Phrase(THROW_OFF, {"k": len(state.playoffs)})
            if state.playoffs
            else Phrase(ROUND, {"round": state.round_no + 1, "rounds": state.rounds()})
        )
    return Goal(Phrase(GOAL), progress)


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import sechzerspiel as game

    six = thrown(started(game.INFO.make, rules), (6,))
    row6 = six.apply_action(game.EnterRow(6), 0).sheets[0][5]
    row2 = six.apply_action(game.EnterRow(2), 0).sheets[0][1]
    return [
        section(
            "goal",
            Phrase(
                N_(
                    "Collect the most points with six throws of one die: each throw is multiplied by a "
                    "row from 1 to 6 that you have not used yet."
                )
            ),
            alone(players),
        ),
        section(
            "turn",
            begins(rules),
            Phrase(
                N_(
                    "Everybody has a column with the rows 1 to 6. In each of six rounds every player in turn "
                    "throws the die once and chooses a free row: the pips times the row's number are written "
                    "there. Every row takes one throw, so after six rounds the column is full."
                )
            ),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_(
                    "Good throws belong in high rows. The book's example: a 6 brings {row6} points in row 6, "
                    "but only {row2} in row 2. Six sixes would make {best}."
                ),
                {"row6": row6, "row2": row2, "best": sum(6 * r for r in game.ROWS)},
            ),
        ),
        section(
            "end",
            Phrase(
                N_(
                    "After six rounds the highest total wins. If several share it, only they throw off: each "
                    "throws the die once, the highest number wins, again while they are level."
                )
            ),
            last_place(bool(rules.settle_loser)) if players > 1 else None,
            loser_round() if players > 1 else None,
        ),
    ]
