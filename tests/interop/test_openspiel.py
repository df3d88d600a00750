"""OpenSpiel's own checks on every game (issue 27 §1): ``pyspiel.random_sim_test`` with serialisation, and what a
seat may see through the information strings."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install 'wuerfel[research]'")

from tests.interop import declared_games  # noqa: E402
from wuerfel.engine.registry import GameInfo  # noqa: E402
from wuerfel.interop.openspiel import load, register_all, short_name  # noqa: E402

LONG = {"zehntausend": "zehntausend-einfach"}
"""Games whose random play runs for thousands of moves (random Zehntausend turns score little) → the one preset the
fast test runs; every other preset of theirs runs in the slow variant."""


def _cases() -> list[tuple[GameInfo, str, int]]:
    return [
        (info, preset, n)
        for info in declared_games()
        for preset in info.rule_sets()
        for n in info.player_counts(info.load_rules(preset))
    ]


def _fast_cases() -> list[tuple[GameInfo, str, int]]:
    """Every preset at the fewest seats it allows (a long game: its one representative preset). More seats make
    the bank games' rounds long (every punter stakes at every throw); the slow variant runs every count."""
    out = []
    for info in declared_games():
        for preset in info.rule_sets():
            if info.id in LONG and preset != LONG[info.id]:
                continue
            out.append((info, preset, info.player_counts(info.load_rules(preset))[0]))
    return out


def test_every_game_is_registered_under_its_name() -> None:
    names = register_all()
    assert {short_name(i.id) for i in declared_games()} <= set(names)
    game = pyspiel.load_game("wuerfel_escalero", {"players": 2})
    assert game.num_players() == 2 and game.num_distinct_actions() > 1
    assert pyspiel.load_game("wuerfel_escalero").get_parameters()["rules"] == "escalero"


def test_random_simulations_pass_openspiels_checks() -> None:
    """One serialised random simulation per fast case; every game but the long ones is among them."""
    register_all()
    ran = []
    for info, preset, n in _fast_cases():
        game = load(info.id, preset, n)
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
        ran.append(f"{info.id}/{preset}/{n}")
    assert {r.split("/")[0] for r in ran} == {i.id for i in declared_games()}


@pytest.mark.slow
@pytest.mark.parametrize(("info", "preset", "n"), _cases(), ids=[f"{i.id}/{p}/{n}" for i, p, n in _cases()])
def test_random_simulations_every_preset_and_player_count(info: GameInfo, preset: str, n: int) -> None:
    pyspiel.random_sim_test(load(info.id, preset, n), num_sims=1, serialize=True, verbose=False)


def test_a_seat_never_sees_the_dice_under_anothers_cup() -> None:
    """Verdecktes Würfelpoker: two histories that differ only in seat 1's concealed throw look the same to seat 0
    (observation and information state), and different to seat 1."""
    game = load("verdecktes-wuerfelpoker", players=2)
    state = game.new_initial_state()
    while not (state.is_chance_node() and state.state.thrower() == 1 and state.history()):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
        assert not state.is_terminal()
    a, b = state.clone(), state.clone()
    a.apply_action(0)  # 1 1 1 1 1
    b.apply_action(len(state.chance_outcomes()) - 1)  # 6 6 6 6 6
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(1) != b.observation_string(1)
    assert a.observation_tensor(0) == b.observation_tensor(0)  # the vector too (wuerfel/interop/tensor.py)
    assert a.observation_tensor(1) != b.observation_tensor(1)
    assert len(a.observation_tensor(0)) == game.observation_tensor_size() > 0
    assert a.information_state_string(1) != b.information_state_string(1)
    # every earlier throw was 1 1 1 1 1 (outcome 0), so five sixes can only be the throw under seat 1's cup
    assert "[6, 6, 6, 6, 6]" in b.observation_string(1)  # the seat under the cup sees its dice …
    for text in (b.observation_string(0), b.information_state_string(0)):
        assert "[6, 6, 6, 6, 6]" not in text  # … and the other seat does not


def test_an_action_string_never_tells_what_lies_under_the_cup() -> None:
    """An agent reads ``action_to_string`` before choosing: at Verdecktes Würfelpoker, the string of "Schwindel!"
    used to be the move's logged label ("the cup shows …", the hidden dice). It is the label a player is offered, so
    two positions the seat cannot tell apart give the same strings."""
    import random

    register_all()
    game = load("verdecktes-wuerfelpoker", None, 2)
    seen: dict[str, list[str]] = {}
    rng = random.Random(7)
    calls = 0
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            p = state.current_player()
            labels = [state.action_to_string(p, a) for a in state.legal_actions()]
            assert not any("cup shows" in x for x in labels), labels
            calls += any("Schwindel" in x or "cheat" in x.lower() for x in labels)
            key = state.information_state_string(p)
            assert seen.setdefault(key, labels) == labels, key
            state.apply_action(rng.choice(state.legal_actions()))
    assert calls > 0, "no position offered the call: the test saw nothing"
