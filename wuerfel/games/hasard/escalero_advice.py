"""Hints for Escalero: the expected final total of every move under optimal play.

An advisor returns :class:`~wuerfel.engine.advice.Advice` values, best first, from what the player may know: the view,
the legal actions and the rules (never the hidden dice of others). It lives beside its game and imports no other
(issue 26: ``hasard/advisors.py`` imported three games and tied seven modules into one import cycle).
"""

from __future__ import annotations

from wuerfel.engine.advice import Advice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Game, State
from wuerfel.games.hasard.escalero import EMPTY, EscaleroState


class EscaleroAdvisor:
    """Every legal move with the expected final own total if one takes it and then plays optimally."""

    def __init__(self, game: Game) -> None:
        from wuerfel.games.hasard.escalero_solver import EscaleroOptimalBot

        self.bot = EscaleroOptimalBot(game, 0)

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, EscaleroState)
        if player != state.to_move():
            return []
        own = sum(v for v in state.sheets[player] if v != EMPTY)
        values = self.bot.values(state, player)
        measure = N_("expected final total (optimal play)")
        return [
            Advice(action=a, value=own + v, measure=measure) for a, v in sorted(values.items(), key=lambda kv: -kv[1])
        ]
