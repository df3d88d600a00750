"""Farkle's single turn as a Gymnasium env: one turn played alone, with the exact labels of the turn solver.

``wuerfel solve zehntausend --rules farkle --objective turn`` solves one objective no one-seat game of the engine
plays: the points banked by one turn (0 on a bust). This env plays it on the real game — seat 0's first turn of a
Farkle table (the lobby's two seats; the other never moves, since the episode ends with the turn) — and is
registered as ``wuerfel/FarkleTurn-v0`` by :mod:`wuerfel.interop.gymnasium`.

* **Start**: the episode begins at the fresh turn, before the first throw, where the one legal action is
  ``Continue`` ("throw"): the first throw may be a bust (a Niete) that leaves no decision at all, and a reset that
  ended the episode would be no episode. So the value of the start is the solver's own figure for a turn.
* **Reward**: the score gained by the step, so the return is the banked points (0 on a bust, as Farkle forfeits
  the turn total); the episode ends when the turn does.
* **Exact labels** come from the game's single-turn model (``GameInfo.turn_model``: Zehntausend's ``Evaluator``
  with the duel table off, so a cached duel table never turns them into winning chances): ``optimal_value`` is the
  expected points of the turn under optimal play from the position, ``action_values`` the same after each legal
  action, ``info["regret"]`` the difference for the action taken — as in the other envs.

Everything else (actions, observation, chance, render, ``strict``, ``labels=False``) is
:class:`~wuerfel.interop.gymnasium.WuerfelSoloEnv`'s. Other Zehntausend rule sets can be given as ``rules``
where the solver models them exactly and a turn starts with a throw (standard mode, no take-over, no Türmchen);
only Farkle is registered and tested.
"""

from __future__ import annotations

from wuerfel.engine.game import State
from wuerfel.engine.registry import get_game
from wuerfel.interop.gymnasium import WuerfelSoloEnv


class WuerfelTurnEnv(WuerfelSoloEnv):
    """Seat 0's first turn of a Zehntausend table (Farkle by default), played alone (module text)."""

    def __init__(
        self,
        game: str = "zehntausend",
        rules: str | None = "farkle",
        labels: bool = True,
        strict: bool = False,
        render_mode: str | None = None,
    ) -> None:
        info = get_game(game)
        if info.turn_model is None:
            raise ValueError(f"{game}: the game has no single turn to play alone (GameInfo.turn_model)")
        resolved = info.resolve(rules)
        typed = info.rules_from_dict(resolved.data)
        self.info_ = info
        self.rules_id = resolved.id
        self.game = info.new_game(typed, max(2, min(info.player_counts(typed))))
        try:
            self.model = info.turn_model(self.game)
        except ValueError as exc:
            raise ValueError(f"{resolved.id}: no single-turn env ({exc})") from exc
        self._setup(labels, strict, render_mode)
        self.throw_id = self.codec.encode(self.model.throw_action)
        """The id of "throw": the one legal action of the fresh turn, and "throw on" later."""

    @property
    def labels(self) -> None:
        """No whole-game labels here: the turn's come from the turn solver (``GameInfo.turn_model``)."""
        return None

    # --- what differs from the whole-game env --------------------------------------------------------------------

    def _start(self) -> State:
        return self.game.new_initial_state()  # the fresh turn: nothing thrown yet

    def _advance(self, action_id: int) -> State | None:
        if not self._fresh(self.state):
            return super()._advance(action_id)
        if action_id != self.throw_id:
            if self.strict:
                raise ValueError(
                    f"action id {action_id} is not legal now: the turn starts with a throw ({self.throw_id})"
                )
            return None
        return self._throw(self.state)

    def _legal_ids(self) -> list[int]:
        return [self.throw_id] if self._fresh(self.state) else super()._legal_ids()

    def _labelled(self) -> tuple[float, dict[int, float]] | None:
        if not self.want_labels or self._episode_over(self.state):
            return None
        values = self._action_values()
        if not values:  # None only beyond the solved totals (tens of thousands of points in one turn)
            return None
        return max(values.values()), values

    def _fresh(self, state: State) -> bool:
        """Whether ``state`` is the fresh turn, before its first throw."""
        return state.is_chance() and not self._episode_over(state)

    def _episode_over(self, state: State) -> bool:
        return bool(self.model.over(state))

    def _action_values(self) -> dict[int, float] | None:
        """Legal id → expected points of the turn after it under optimal play, from the turn solver."""
        if self._fresh(self.state):
            start = self.model.start_value(self.state)
            return None if start is None else {self.throw_id: start}
        rated = self.model.values(self.state)
        return None if rated is None else {self.codec.encode(a): v for a, v in rated}


__all__ = ["WuerfelTurnEnv"]
