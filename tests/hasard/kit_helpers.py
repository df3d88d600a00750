"""Helpers for the tests of the race and round games: a game under a rule set with its dice given in order."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from typing import Any

from wuerfel.engine.components import components_json
from wuerfel.engine.game import Roll, State
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.kit import Lot


def new(game_id: str, n: int, lot: int | None = 0, **overrides: Any) -> State:
    """A game of ``n`` players; ``lot``: the seat the lot falls on (None: stay before the lot, or no lot under
    ``start = "first_seat"``)."""
    info = get_game(game_id)
    rules = info.load_rules(None, overrides or None)
    state = info.new_game(rules, n).new_initial_state()
    if lot is not None and state.is_chance() and state.thrower() is None:
        state = state.apply_outcome(Lot(lot))
    return state


def throw(state: State, *throws: Iterable[int] | int) -> State:
    """Apply the throws in order (an int is a one-die throw)."""
    for t in throws:
        dice = (t,) if isinstance(t, int) else tuple(t)
        state = state.apply_outcome(Roll(dice))
    return state


def play_out(state: State, seed: int, max_steps: int = 100_000) -> State:
    source = SeededSource(seed)
    steps = 0
    while not state.is_terminal():
        for seat in (None, 0):  # the typed table components of every state serialise
            json.dumps(components_json(state.components(seat)))
        if state.is_chance():
            state = state.apply_outcome(source.choose(state))
        else:  # a decision (Eins bis sechzehn's claim mode): the longest claim
            state = state.apply_action(max(state.legal_actions(), key=lambda a: a.to_json().get("count", 0)))
        steps += 1
        assert steps < max_steps
    return state


def check_results(state: State) -> None:
    """What every finished game must say: a ranking of all seats, winners first, losers last, chips conserved."""
    ranking = state.ranking()
    assert sorted(p for g in ranking for p in g) == list(range(state.game.num_players))
    assert ranking[0] == state.winners()
    if state.losers():
        assert ranking[-1] == state.losers()
    pay = state.payoffs()
    if pay is not None:
        assert sum(pay) == 0
    json.dumps(components_json(state.components(None)))
    json.dumps(state.view(None))


def rng(seed: int) -> random.Random:
    return random.Random(seed)


__all__ = ["Mapping", "check_results", "new", "play_out", "rng", "throw"]
