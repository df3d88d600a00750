"""The generic random-simulation check that every registered game, with every rule set, must pass.

Lives in the package (not in ``tests/``) so that a game's own tests and the registry-wide test call the same code.
It plays random games and checks at every node:

* every legal action applies (each one is tried on the unchanged state) and has a JSON form and an integer id that
  both round-trip;
* chance probabilities are positive or zero, the outcomes distinct, and the sum exactly 1;
* views are JSON-serialisable, carry ``game``/``to_move``/``scores``, and are identical for every state the player
  cannot tell apart (``determinize``) — "no leak";
* replaying the record rebuilds the same state, and the record survives a JSON round-trip.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

from wuerfel.bots.base import Bot, RandomBot
from wuerfel.engine.game import State
from wuerfel.engine.record import GameRecord, Match
from wuerfel.engine.sources import SeededSource


def fingerprint(state: State) -> str:
    """Everything observable about a state: node kind, views of all seats and of a spectator, legal actions."""
    n = state.game.num_players
    parts = {
        "to_move": state.to_move(),
        "actors": list(state.actors()),
        "views": [state.view(p) for p in range(n)] + [state.view(None)],
        "legal": [[a.to_json() for a in state.legal_actions(p)] for p in state.actors()],
        "chance": [[o.to_json(), str(pr)] for o, pr in state.chance_outcomes()],
        "scores": list(state.scores()),
    }
    return json.dumps(parts, sort_keys=True, default=str)


def check_node(state: State, rng: random.Random, try_all: bool = True) -> None:
    """All per-node invariants; raises AssertionError with a description on failure."""
    game = state.game
    n = game.num_players
    for p in [*range(n), None]:
        v = state.view(p)
        json.dumps(v)
        for key in ("game", "to_move", "scores"):
            assert key in v, f"view lacks {key!r}"
    for p in range(n):
        other = state.determinize(p, rng)
        assert json.dumps(other.view(p), sort_keys=True) == json.dumps(state.view(p), sort_keys=True), (
            f"view of player {p} differs between states he cannot tell apart: a leak"
        )
    if state.is_terminal():
        assert not state.actors() and not state.chance_outcomes()
        return
    if state.is_chance():
        outcomes = state.chance_outcomes()
        assert outcomes, "chance node without outcomes"
        total = sum((p for _, p in outcomes), Fraction(0))
        assert total == 1, f"chance probabilities sum to {total}"
        assert all(p >= 0 for _, p in outcomes)
        assert len({json.dumps(o.to_json(), sort_keys=True) for o, _ in outcomes}) == len(outcomes)
        for o, _ in outcomes:
            assert game.outcome_from_json(json.loads(json.dumps(o.to_json()))) == o
        return
    actors = state.actors()
    assert actors, "decision node without actors"
    for p in actors:
        actions = list(state.legal_actions(p))
        assert actions, f"player {p} must act but has no legal action"
        assert len(set(actions)) == len(actions), "duplicate legal actions"
        ids = set()
        for a in actions if try_all else [rng.choice(actions)]:
            assert game.action_from_json(json.loads(json.dumps(a.to_json()))) == a, f"JSON round-trip of {a}"
            i = game.action_id(a)
            assert isinstance(i, int) and i >= 0
            assert game.action_from_id(i) == a, f"id round-trip of {a}"
            ids.add(i)
            before = fingerprint(state) if rng.random() < 0.05 else None
            state.apply_action(a, p)
            if before is not None:
                assert fingerprint(state) == before, "applying an action changed the old state"
        if try_all:
            assert len(ids) == len(actions), "two legal actions share an id"


def random_playthrough(
    match: Match, seed: int, max_steps: int = 20_000, bots: list[Bot] | None = None, check: bool = True
) -> Match:
    """Play one game to its end with random (or given) bots and a seeded source, checking every node."""
    rng = random.Random(seed)
    source = SeededSource(seed)
    n = match.game.num_players
    players: list[Bot] = bots if bots is not None else [RandomBot(seed * 101 + p) for p in range(n)]
    steps = 0
    while not match.state.is_terminal():
        if check:
            check_node(match.state, rng, try_all=steps < 400 or rng.random() < 0.1)
        if match.state.is_chance():
            match.chance(source.choose(match.state))
        else:
            actors = match.state.actors()
            p = actors[0] if len(actors) == 1 else rng.choice(actors)
            match.act(players[p].choose(match.state, p), p)
        steps += 1
        assert steps <= max_steps, f"game did not end within {max_steps} steps"
    if check:
        check_node(match.state, rng)
        check_replay(match)
    return match


def check_replay(match: Match) -> None:
    """The record replays to the same state, and survives a JSON round-trip unchanged."""
    text = match.record.dumps()
    again = GameRecord.loads(text)
    assert again.dumps() == text, "record JSON round-trip changed the record"
    assert fingerprint(again.replay()) == fingerprint(match.state), "replay does not rebuild the same state"
