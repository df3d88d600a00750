"""Pasch (Hasard 17), explained from its rules: what a pair counts, the factor of three alike, the rounds and the
throw-off for last place; the examples are scored by the game's own counting."""

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

GOAL = {
    "face": N_("Best doublet wins: a pair counts its face, three alike {factor} × the face"),
    "pips": N_("Best doublet wins: a pair counts both dice, three alike {factor} × the face"),
}


def goal(state: Any) -> Goal:
    """What a doublet counts and the round the table is in."""
    r = state.rules
    return Goal(Phrase(GOAL[r.pair], {"factor": int(r.triple_factor)}), round_progress(state))


def explain(rules: Any, players: int) -> list[Section]:
    from wuerfel.games.hasard import pasch as game

    rounds, factor = int(rules.rounds), int(rules.triple_factor)

    def pts(*dice: int) -> int:
        return game.pasch_points(dice, rules.pair, factor)

    return [
        section(
            "goal",
            Phrase(N_("Throw the best doublet with three dice.")),
            Phrase(N_("You play {rounds}; the doublets of all rounds are added up."), {"rounds": counts.rounds(rounds)})
            if rounds > 1
            else None,
        ),
        section(
            "turn",
            begins(rules),
            Phrase(N_("Each turn is one throw of three dice, and everybody has one turn per round.")),
            void_throw(),
        ),
        section(
            "scoring",
            Phrase(
                N_("Only doublets count. A pair counts its face once: 5-5 counts {p55}, 3-3 counts {p33}."),
                {"p55": pts(5, 5, 2), "p33": pts(3, 3, 1)},
            )
            if rules.pair == "face"
            else Phrase(
                N_("Only doublets count. A pair counts the pips of both dice: 5-5 counts {p55}, 3-3 counts {p33}."),
                {"p55": pts(5, 5, 2), "p33": pts(3, 3, 1)},
            ),
            Phrase(
                N_(
                    "Three alike count {factor} × their face: 6-6-6 counts {p666}. Three different faces, such "
                    "as 1-4-6, count {none}."
                ),
                {"factor": factor, "p666": pts(6, 6, 6), "none": pts(1, 4, 6)},
            ),
        ),
        section(
            "end",
            round_end(rounds, counts.throws(1)),
            Phrase(N_("If nobody has a doublet, everybody is level, and all throw again.")),
            last_place(bool(rules.settle_loser)),
            loser_round(),
        ),
    ]
