"""A game's own tensor layout (wuerfel/engine/layout.py, Game.tensor_layout): the adapters use it, it matches the
tensor field by field, and it shows a seat nothing its view hides."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.interop import declared_games
from tests.interop.test_tensor import _cup_states, _walk
from wuerfel.engine.game import Game, State
from wuerfel.engine.registry import get_game
from wuerfel.interop.tensor import DeclaredEncoder, ObservationEncoder, encoder_for

DECLARING = ("wuerfelspiel", "verdecktes-wuerfelpoker")


def _configs() -> list[tuple[str, str, int]]:
    out = []
    for game_id in DECLARING:
        info = get_game(game_id)
        for preset in info.rule_sets():
            counts = info.player_counts(info.load_rules(preset))
            out.extend((game_id, preset, n) for n in sorted({counts[0], counts[-1]}))
    return out


CONFIGS = _configs()


def _game(game_id: str, preset: str, n: int) -> Game:
    info = get_game(game_id)
    return info.new_game(info.load_rules(preset), n)


def test_the_declaring_games_get_their_layout_and_the_others_the_generic_vector() -> None:
    declaring = set()
    for info in declared_games():
        game = info.new_game(info.load_rules(info.default_preset), info.player_counts()[0])
        enc = encoder_for(game)
        assert isinstance(enc, DeclaredEncoder) == (game.tensor_layout() is not None), info.id
        assert isinstance(enc, DeclaredEncoder | ObservationEncoder)
        if isinstance(enc, DeclaredEncoder):
            declaring.add(info.id)
    assert declaring >= set(DECLARING)


@pytest.mark.parametrize(("game_id", "preset", "n"), CONFIGS, ids=[f"{g}/{p}/{n}" for g, p, n in CONFIGS])
def test_the_fields_tile_the_tensor_and_hide_what_the_seat_cannot_see(game_id: str, preset: str, n: int) -> None:
    """The fields' shapes add up to the vector and describe() names each slot once; in random play every seat's
    tensor is finite and the same for a state drawn from what that seat cannot tell apart (``determinize``)."""
    game = _game(game_id, preset, n)
    enc = encoder_for(game)
    assert isinstance(enc, DeclaredEncoder)
    layout = game.tensor_layout()
    assert layout is not None and enc.size == layout.size == sum(f.size for f in layout.fields)
    assert len(set(enc.describe())) == enc.size
    rng = random.Random(5)
    for state in _walk(game.new_initial_state(), rng, 120):
        for seat in range(n):
            v = enc.encode(state, seat)
            assert v.shape == enc.shape and v.dtype == np.float32 and np.isfinite(v).all()
            fields = enc.fields(v)
            assert [fields[f.name].shape for f in layout.fields] == [f.shape for f in layout.fields]
            assert np.array_equal(v, enc.encode(state.determinize(seat, rng), seat))


def _kniffel_positions() -> list[State]:
    return _walk(_game("wuerfelspiel", "brettspielnetz", 2).new_initial_state(), random.Random(3), 400)


def test_the_kniffel_fields_are_the_sheet_and_the_dice() -> None:
    """Field by field against the state: the boxes written, their points, the dice, what they would score."""
    states = _kniffel_positions()
    enc = encoder_for(states[0].game)
    assert isinstance(enc, DeclaredEncoder)
    for state in states:
        f = enc.fields(enc.encode(state, 1))
        assert f["reader"].tolist() == [0, 1]
        sheets = state.sheets  # type: ignore[attr-defined]
        written = [[[v is not None for v in col] for col in sheet] for sheet in sheets]
        assert f["filled"].tolist() == written
        assert f["points"].tolist() == [[[v or 0 for v in col] for col in sheet] for sheet in sheets]
        assert f["total"].tolist() == [state.total(p) for p in range(2)]  # type: ignore[attr-defined]
        assert f["dice"].sum() == len(state.dice)  # type: ignore[attr-defined]
        for face in range(1, 7):
            assert f["dice"][face - 1] == state.dice.count(face)  # type: ignore[attr-defined]
        if state.dice:  # type: ignore[attr-defined]
            scores = state.game.box_points(state.dice)  # type: ignore[attr-defined]
            assert f["would_score"].tolist() == [scores[b] for b in state.game.rules.boxes]


def test_the_own_cup_is_the_readers_alone() -> None:
    """Verdecktes Würfelpoker: two states that differ only under seat 1's cup. Seat 0's tensor is the same for
    both and says only that seat 1 has thrown; seat 1 finds his five dice in ``own_cup``."""
    ones, sixes = _cup_states()
    enc = encoder_for(ones.game)
    assert isinstance(enc, DeclaredEncoder)
    assert np.array_equal(enc.encode(ones, 0), enc.encode(sixes, 0))
    seen = enc.fields(enc.encode(ones, 0))
    assert seen["thrown"][1] == 1 and seen["lifted"][1].sum() == 0  # seat 1: thrown, nothing shown
    own = enc.fields(enc.encode(ones, 1))["own_cup"]
    assert own.sum() == 5 and own.tolist() != enc.fields(enc.encode(sixes, 1))["own_cup"].tolist()


def test_a_lifted_cup_shows_its_dice_to_everybody() -> None:
    """After a call the cup is lifted: then, and only then, the other seat's tensor holds those dice."""
    game = _game("verdecktes-wuerfelpoker", "verdecktes-wuerfelpoker", 2)
    enc = encoder_for(game)
    assert isinstance(enc, DeclaredEncoder)
    rng = random.Random(1)
    for _ in range(30):
        for state in _walk(game.new_initial_state(), rng, 200):
            for seat in range(2):
                f = enc.fields(enc.encode(state, seat))
                for turn in state.turns:  # type: ignore[attr-defined]
                    expected = 5 if turn.dice and turn.revealed else 0
                    assert f["lifted"][turn.player].sum() == expected
            if any(t.revealed for t in state.turns):  # type: ignore[attr-defined]
                return
    pytest.fail("no cup was lifted in 30 random games")


@pytest.mark.parametrize("game_id", DECLARING)
def test_the_adapters_carry_the_declared_tensor(game_id: str) -> None:
    """OpenSpiel's observation_tensor, PettingZoo's and Gymnasium's observation are the declared vector."""
    pytest.importorskip("pyspiel")
    from wuerfel.interop import openspiel
    from wuerfel.interop.pettingzoo import env

    info = get_game(game_id)
    game = openspiel.load(game_id)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.history()) < 4:
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    enc = encoder_for(game.engine)
    assert isinstance(enc, DeclaredEncoder)
    assert game.observation_tensor_size() == enc.size
    assert np.array_equal(np.asarray(state.observation_tensor(0), np.float32), enc.encode(state.state, 0))
    e = env(game_id, players=info.player_counts()[0])
    e.reset(seed=3)
    raw = e.unwrapped
    assert isinstance(raw.encoder, DeclaredEncoder)
    assert np.array_equal(e.observe(e.agents[0])["observation"], raw.encoder.encode(raw.position, 0))
    if game_id == "wuerfelspiel":
        from wuerfel.interop.gymnasium import WuerfelSoloEnv

        solo = WuerfelSoloEnv("wuerfelspiel", "kniffel", labels=False)
        obs, _ = solo.reset(seed=4)
        assert isinstance(solo.encoder, DeclaredEncoder)
        assert solo.observation_space["observation"].shape == solo.encoder.shape
        assert np.array_equal(obs["observation"], solo.encoder.encode(solo.state, 0))
