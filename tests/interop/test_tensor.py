"""The observation vector (wuerfel/interop/tensor.py): fixed length, only what the seat may see, the same for what
the seat cannot tell apart."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.interop import declared_games
from wuerfel.engine.game import State
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.interop.codec import expand
from wuerfel.interop.tensor import LayoutError, ObservationEncoder, encoder_for

GAMES = declared_games()


def _walk(state: State, rng: random.Random, steps: int) -> list[State]:
    out = []
    for _ in range(steps):
        out.append(state)
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = [(o, float(p)) for o, p in state.chance_outcomes() if p > 0]
            state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            seat = min(state.actors())
            state = state.apply_action(rng.choice(list(expand(rng.choice(list(state.legal_actions(seat)))))), seat)
    return out


@pytest.mark.parametrize("info", GAMES, ids=[i.id for i in GAMES])
def test_fixed_length_and_blind_to_what_the_seat_cannot_tell(info: GameInfo) -> None:
    """In random play every seat's vector has the declared length, is finite, and is the same for a state drawn from
    what that seat cannot tell apart (``determinize``: the others' hidden dice, sealed stakes drawn again)."""
    rules = info.load_rules(info.default_preset)
    game = info.new_game(rules, info.player_counts(rules)[0])
    enc = encoder_for(game)
    assert len(enc.describe()) == enc.size == len(set(enc.describe())) > 0
    rng = random.Random(7)
    for state in _walk(game.new_initial_state(), rng, 150):
        for seat in range(game.num_players):
            v = enc.encode(state, seat)
            assert v.shape == enc.shape and v.dtype == np.float32 and np.isfinite(v).all()
            other = state.determinize(seat, rng)
            assert np.array_equal(v, enc.encode(other, seat)), info.id


def _cup_states() -> tuple[State, State]:
    """Verdecktes Würfelpoker: two states that differ only in the dice under seat 1's cup (five ones, five sixes)."""
    info = get_game("verdecktes-wuerfelpoker")
    game = info.new_game(info.load_rules(info.default_preset), 2)
    state = game.new_initial_state()
    while not (state.is_chance() and state.thrower() == 1):
        state = (
            state.apply_outcome(state.chance_outcomes()[0][0])
            if state.is_chance()
            else state.apply_action(next(iter(expand(state.legal_actions()[0]))), min(state.actors()))
        )
    outcomes = [o for o, p in state.chance_outcomes() if p > 0]
    return state.apply_outcome(outcomes[0]), state.apply_outcome(outcomes[-1])


def test_another_seats_cup_leaves_the_vector_unchanged() -> None:
    """The generic vector (the game declares its own layout besides: tests/interop/test_tensor_layout.py)."""
    ones, sixes = _cup_states()
    enc = ObservationEncoder(ones.game)
    assert np.array_equal(enc.encode(ones, 0), enc.encode(sixes, 0))
    assert not np.array_equal(enc.encode(ones, 1), enc.encode(sixes, 1))
    hidden = enc.describe().index("seat 1 dice under a cup")
    assert enc.encode(ones, 0)[hidden] == 5  # seat 0 is told that five dice lie under the cup, not which


def test_the_length_follows_the_seats_and_the_sheet() -> None:
    """More seats, more slots; Kniffel's sheet gives one group of slots per box and column."""
    info = get_game("wuerfelspiel")
    one = ObservationEncoder(info.new_game(info.load_rules("kniffel"), 1))
    two = ObservationEncoder(info.new_game(info.load_rules("kniffel"), 2))
    assert two.size > one.size
    assert "sheet full_house column 0 would score" in one.describe()
    assert one.describe().index("reader is seat 0") == 0


def test_a_name_outside_the_layout_is_an_error_not_a_cut() -> None:
    from wuerfel.engine.components import Counter

    info = get_game("sechzerspiel")
    enc = encoder_for(info.new_game(info.load_rules(info.default_preset), 1))
    with pytest.raises(LayoutError, match="no such counter"):
        enc.encode_components((Counter(3, label="no such counter"),), 0)


def _every_preset() -> list[tuple[GameInfo, str, int]]:
    out = []
    for info in GAMES:
        for preset in info.rule_sets():
            counts = info.player_counts(info.load_rules(preset))
            out.extend((info, preset, n) for n in sorted({counts[0], counts[-1]}))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("info", "preset", "n"), _every_preset(), ids=[f"{i.id}/{p}/{n}" for i, p, n in _every_preset()]
)
def test_every_preset_fits_its_layout(info: GameInfo, preset: str, n: int) -> None:
    """Random games of every preset at the fewest and the most seats never show a name outside the layout."""
    game = info.new_game(info.load_rules(preset), n)
    enc = encoder_for(game)
    rng = random.Random(99)
    for _ in range(3):
        for state in _walk(game.new_initial_state(), rng, 600):
            for seat in range(n):
                assert enc.encode(state, seat).shape == enc.shape
