"""The dense action codec (wuerfel.interop.codec): every legal move of every game round-trips, in range."""

from __future__ import annotations

import random

import pytest

from tests.interop import declared_games
from wuerfel.engine.game import Action, is_parameterised, sample_action
from wuerfel.engine.registry import GameInfo
from wuerfel.interop.codec import ActionCodec, CodecError, UnboundedActions, codec_for, expand, universe

CASES = [(info, preset) for info in declared_games() for preset in info.rule_sets()]
AUTOMATIC = {
    "eins-bis-sechzehn/eins-bis-sechzehn",
    "eins-bis-sechzehn/eins-bis-sechzehn-mal-geteilt",
    "wuerfelpoker/wuerfelpoker",
}
"""Presets of games with decisions under which nobody decides: Eins bis sechzehn ticks automatically unless claims
are manual; Würfelpoker with one throw and no raising is pure chance."""
MAX_STEPS = 200
"""Moves per playout: enough to pass every kind of node of every game (betting, keeping, writing, staking)."""


def _walk(info: GameInfo, preset: str, seed: int) -> tuple[ActionCodec, int]:
    """One random playout with every player count the preset allows; every listed legal move is checked."""
    rules = info.load_rules(preset)
    checked = 0
    counts = info.player_counts(rules)
    for n in sorted({counts[0], counts[-1]}):  # the fewest and the most: the amounts' bounds depend on the seats
        game = info.new_game(rules, n)
        codec = codec_for(game)
        rng = random.Random(seed * 100 + n)
        state = game.new_initial_state()
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = state.chance_outcomes()
                outcome = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
                state = state.apply_outcome(outcome)
                continue
            actors = state.actors()
            for seat in actors:
                ids = codec.legal_ids(state, seat)
                assert ids, f"{info.id}/{preset}: seat {seat} may act but has no id"
                for i in ids:
                    assert 0 <= i < codec.num_distinct_actions
                    assert codec.encode(codec.decode(i)) == i
                    checked += 1
                for i in rng.sample(ids, min(3, len(ids))):  # legality asks the game: a few per node suffice
                    assert state.is_legal(codec.decode(i, state, seat), seat)
                concrete = {a for listed in state.legal_actions(seat) for a in expand(listed)}
                assert {codec.actions[i] for i in ids} == concrete
            seat = actors[0]
            action = sample_action(rng.choice(list(state.legal_actions(seat))), rng)
            state = state.apply_action(action, seat)
    return codec, checked


@pytest.mark.parametrize(("info", "preset"), CASES, ids=[f"{i.id}/{p}" for i, p in CASES])
def test_every_legal_action_round_trips(info: GameInfo, preset: str) -> None:
    codec, checked = _walk(info, preset, seed=1)
    if not info.decisions:  # a game of pure chance has no ids at all
        assert codec.num_distinct_actions == 0 and checked == 0
    elif f"{info.id}/{preset}" not in AUTOMATIC:
        assert checked > 0, f"{info.id}/{preset}: no decision was met in a playout"


def test_ids_follow_the_engines_numbering() -> None:
    """The dense order is the game's own stable action_id order, so ids do not depend on a legal list's order."""
    info = next(i for i in declared_games() if i.id == "wuerfelspiel")
    game = info.new_game("kniffel", 1)
    engine_ids = [game.action_id(a) for a in universe(game)]
    assert engine_ids == sorted(engine_ids)


def test_refusals_are_explicit() -> None:
    info = next(i for i in declared_games() if i.id == "lustige-sieben")
    game = info.new_game(None, 2)
    codec = ActionCodec(game)
    state = game.new_initial_state()
    while state.is_chance():
        state = state.apply_outcome(state.chance_outcomes()[0][0])
    listed: Action = next(a for a in state.legal_actions(state.actors()[0]) if is_parameterised(a))
    with pytest.raises(CodecError, match="range of moves"):
        codec.encode(listed)
    with pytest.raises(CodecError, match="outside"):
        codec.decode(codec.num_distinct_actions, state)
    amount_high = sample_action(listed, random.Random(0))
    assert codec.decode(codec.encode(amount_high), state, state.actors()[0]) == amount_high


def test_a_game_without_a_declared_universe_is_named() -> None:
    from wuerfel.engine.game import Game

    class Mystery(Game):
        id = "mystery"

        def new_initial_state(self):  # type: ignore[no-untyped-def]
            raise NotImplementedError

        def action_id(self, action: Action) -> int:
            return 0

        def action_from_id(self, action_id: int) -> Action:
            raise NotImplementedError

    with pytest.raises(UnboundedActions, match="mystery"):
        ActionCodec(Mystery(None, 2))
