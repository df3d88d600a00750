"""One Zehntausend turn played alone, as the research adapters see it (``wuerfel/FarkleTurn-v0``): which rules a turn
can be played alone under exactly, the action that throws, when the turn is over, and the exact values of the
single-turn optimum.

Here, in the game's package, because the adapters reach a game only through the registry (``GameInfo.turn_model``,
tests/test_layering.py): the Gymnasium env (:mod:`wuerfel.interop.gym_turn`) knows no Zehntausend state.
"""

from __future__ import annotations

from typing import Any

from wuerfel.engine.game import Action, State
from wuerfel.games.zehntausend.actions import Continue
from wuerfel.games.zehntausend.state import ZehntausendState


class TurnModel:
    """Seat 0's first turn of a Zehntausend game (the game passed in), played alone."""

    throw_action: Action = Continue()
    """The action that throws: the one legal move of the fresh turn, and "throw on" later."""

    def __init__(self, game: Any) -> None:
        from wuerfel.games.zehntausend.solvers.turn import exact_model

        typed = game.rules
        refusals = (
            (not exact_model(typed), "the turn solver does not model these rules exactly"),
            (typed.game.mode != "standard", "not the standard mode"),
            (typed.takeover.enabled, "a turn may start by taking over"),
            (typed.mishap.mode != "off", "a throw may be voided (Türmchen)"),
        )
        why = next((reason for refused, reason in refusals if refused), "")
        if why:
            raise ValueError(why)
        self.game = game
        self._evaluator: Any = None

    @property
    def evaluator(self) -> Any:
        """The single-turn optimum's evaluator of this game, made at first use (the duel table off: with it the values
        would be winning chances, not the turn's points)."""
        if self._evaluator is None:
            from wuerfel.games.zehntausend.solvers.play import Evaluator

            self._evaluator = Evaluator(self.game, use_duel=False)
        return self._evaluator

    def over(self, state: State) -> bool:
        """Whether seat 0's first turn has ended (banked or lost)."""
        assert isinstance(state, ZehntausendState)
        return state.is_terminal() or state.turns[0] >= 1 or state.player != 0

    def start_value(self, state: State) -> float | None:
        """The expected points of the fresh turn under optimal play (None beyond the solved totals)."""
        start = self.evaluator.turn_start(state, 0)
        return None if start is None else float(start)

    def values(self, state: State) -> list[tuple[Action, float]] | None:
        """Each legal action with the expected points of the turn after it under optimal play."""
        rated = self.evaluator.values(state, 0)
        return None if rated is None else [(a, float(v)) for a, v in rated]
