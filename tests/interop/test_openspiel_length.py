"""Honest ``max_game_length`` (issue 27 §1): a bound where the rules give one, else a named cap at which the game
is truncated as OpenSpiel's capped games are."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install 'wuerfel[research]'")

from tests.interop import declared_games  # noqa: E402
from wuerfel.engine.registry import GameInfo, get_game  # noqa: E402
from wuerfel.interop import openspiel  # noqa: E402
from wuerfel.interop.length import longest_game  # noqa: E402

GAMES = declared_games()


def _play(game: pyspiel.Game, rng: random.Random, limit: int) -> tuple[pyspiel.State, int]:
    """A random game through OpenSpiel's API; the decisions taken (at most ``limit``)."""
    state, decisions = game.new_initial_state(), 0
    while not state.is_terminal() and decisions < limit:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return state, decisions


@pytest.mark.parametrize("info", GAMES, ids=[i.id for i in GAMES])
def test_the_declared_length_is_a_bound_or_a_named_cap(info: GameInfo) -> None:
    game = openspiel.load(info.id)
    length = game.length
    if length.decisions is not None:  # a bound: random play never goes past it
        assert game.max_game_length() == max(1, length.decisions)
        rng = random.Random(1)
        for _ in range(20):
            state, decisions = _play(game, rng, game.max_game_length() + 1)
            assert state.is_terminal() and decisions <= length.decisions
    else:  # a cap, said so in the game's name, where the game is cut
        assert game.max_game_length() == openspiel.MAX_GAME_LENGTH == game.cap
        assert "capped" in game.get_type().long_name


def test_a_game_at_its_cap_is_truncated_without_a_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """Zehntausend, capped at 4 decisions: the state is terminal there, nobody is paid, and it says it was cut."""
    monkeypatch.setattr(openspiel, "MAX_GAME_LENGTH", 4)
    game = openspiel.load("zehntausend")
    assert game.max_game_length() == 4
    state, decisions = _play(game, random.Random(0), 100)
    assert decisions == 4 and state.is_terminal() and state.truncated()
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []


def test_decision_cycles_are_unbounded_and_chance_cycles_bound_nothing_away() -> None:
    """Quinze's tie is played again, decisions and all: no bound. Elf hoch's pot may stay for ever, but by chance
    alone: no seat ever decides, so its decisions are bounded (by 0), as is Doppeltes Lottchen's."""
    quinze = get_game("quinze")
    found = longest_game(quinze.new_game(quinze.load_rules(quinze.default_preset), 2), openspiel.LENGTH_BUDGET)
    assert found.kind == "unbounded"
    for game_id in ("elf-hoch", "doppeltes-lottchen"):
        info = get_game(game_id)
        found = longest_game(info.new_game(info.load_rules(info.default_preset), 2), 20_000)
        assert (found.kind, found.decisions) == ("bound", 0), game_id
