"""Hints for Lustige Sieben: the exact edge of a chip on each kind of field.

An advisor returns :class:`~wuerfel.engine.advice.Advice` values, best first, from what the player may know: the view,
the legal actions and the rules (never the hidden dice of others). It lives beside its game and imports no other
(issue 26: ``hasard/advisors.py`` imported three games and tied seven modules into one import cycle).
"""

from __future__ import annotations

from wuerfel.engine.advice import Advice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Game, State
from wuerfel.games.hasard.lustige_sieben import LEFT, RIGHT, SEVEN, Done, LustigeSiebenState, Stake, field_edges


class LustigeSiebenAdvisor:
    """The exact expectation of one chip on each kind of field (all column numbers are equivalent)."""

    def __init__(self, game: Game) -> None:
        self.edges = field_edges(game.rules)

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, LustigeSiebenState)
        if player not in state.actors():
            return []
        measure = N_("expected net chips per chip staked")
        out: list[Advice] = []
        for number, kind in ((SEVEN, "seven"), (LEFT[2], "left"), (RIGHT[2], "right")):
            a = Stake(number, 1)
            if state.is_legal(a, player):
                out.append(
                    Advice(
                        action=a,
                        value=float(self.edges[kind]),
                        measure=measure,
                        note=N_("every number of a column pays alike") if kind != "seven" else "",
                    )
                )
        out.append(Advice(action=Done(), value=0.0, measure=measure))
        return sorted(out, key=lambda d: -d.value)
