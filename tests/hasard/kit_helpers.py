"""Helpers for the tests of the race and round games: a game under a rule set with its dice given in order, and the
loops that play a game to its end with bots (or at random) and check every decision against the exact solver."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import pytest

from wuerfel.engine.components import components_json
from wuerfel.engine.game import Action, Outcome, Roll, State
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


class Chooser(Protocol):
    """A game's bot as these helpers use it (the games' bots need no ``name`` here)."""

    def choose(self, state: State, player: int) -> Action: ...


Dice = Callable[[State], Outcome]
"""Where a test's dice come from: the outcome to apply at a chance node."""


def seeded(seed: int) -> Dice:
    """The engine's seeded dice source (:class:`~wuerfel.engine.sources.SeededSource`)."""
    return SeededSource(seed).choose


def uniform(rnd: random.Random) -> Dice:
    """Any possible outcome with the same chance, drawn from ``rnd`` (so the dice and the test's other draws share
    one sequence, as the tests written before this helper did)."""
    return lambda state: rnd.choice([o for o, p in state.chance_outcomes() if p])


def play_to_end(state: State, dice: Dice, decide: Callable[[State, int], Action]) -> State:
    """Play on to the end: each chance node through ``dice``, each decision of seat p through ``decide(state, p)``
    (which may assert what it likes about the position before it answers)."""
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply_outcome(dice(state))
        else:
            p = state.to_move()
            state = state.apply_action(decide(state, p), p)
    return state


def play_bots(state: State, bots: Sequence[Chooser], dice: Dice) -> State:
    """Play on to the end with seat p's move chosen by ``bots[p % len(bots)]``; every move chosen must be legal."""

    def decide(s: State, p: int) -> Action:
        a = bots[p % len(bots)].choose(s, p)
        assert a in s.legal_actions(p)
        return a

    return play_to_end(state, dice, decide)


def check_decisions_against_strategy(
    game: Any,
    strategy: Any,
    values: Callable[[State, int], Mapping[Action, float]],
    rnd: random.Random,
    seeds: Iterable[int],
    also: Callable[[State, int, Mapping[Action, float]], None] | None = None,
) -> int:
    """Walk one game per seed (seeded dice, uniformly random moves from ``rnd``) and check that at every decision
    ``values(state, seat)`` — the game's own chances per move — equal the generic exact solver's ``strategy`` for
    every legal move; ``also(state, seat, values)`` adds a check of the game's own. Returns how many decisions were
    checked, so the caller can require that the walk met enough of them."""
    checked = 0

    def decide(s: State, p: int) -> Action:
        nonlocal checked
        mine = values(s, p)
        for a in s.legal_actions(p):
            assert mine[a] == pytest.approx(float(strategy.chances(s.apply_action(a, p))[p].win), abs=1e-9)
        if also is not None:
            also(s, p, mine)
        checked += 1
        return rnd.choice(list(s.legal_actions(p)))

    for seed in seeds:
        play_to_end(game.new_initial_state(), seeded(seed), decide)
    return checked


__all__ = [
    "Mapping",
    "check_decisions_against_strategy",
    "check_results",
    "new",
    "play_bots",
    "play_out",
    "play_to_end",
    "rng",
    "seeded",
    "throw",
    "uniform",
]
