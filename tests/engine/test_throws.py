"""Who throws (``State.thrower``, ``State.throw_follows``, ``wuerfel.engine.throws.waits_for``) in every registered
game: a seat or nobody at every chance node, never at a decision; a throw right after its thrower's own move
follows at once except where the game says his move started his next turn; the first throw of a turn waits."""

from __future__ import annotations

import random

import pytest

from tests.engine.toy_game import pig_info
from wuerfel.engine.game import sample_action
from wuerfel.engine.record import Event, Match
from wuerfel.engine.registry import _REGISTRY, all_games, get_game, register
from wuerfel.engine.sources import SeededSource
from wuerfel.engine.throws import waits_for

GAMES = [g.id for g in all_games()]


def playout(
    game_id: str, n: int, rules: str | None = None, seed: int = 1, steps: int = 3000
) -> list[tuple[Match, Event | None, int | None, int | None]]:
    """(match so far, last event, thrower, waits_for) at every chance node of one random game."""
    info = get_game(game_id)
    resolved = info.resolve(rules)
    m = Match.new(info.id, resolved.id, [f"p{i}" for i in range(n)], rules=info.rules_from_dict(resolved.data))
    src, rng = SeededSource(seed), random.Random(seed)
    seen = []
    for _ in range(steps):
        s = m.state
        if s.is_terminal():
            break
        if s.is_chance():
            last = m.record.events[-1] if m.record.events else None
            seen.append((m, last, s.thrower(), waits_for(s, m.record.events)))
            m.chance(src.choose(s))
        else:
            assert s.thrower() is None
            assert waits_for(s, m.record.events) is None
            p = s.actors()[0]
            m.act(sample_action(rng.choice(list(s.legal_actions(p))), rng), p)
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_every_chance_node_names_a_seat_or_nobody_and_turn_starts_wait(game_id: str) -> None:
    info = get_game(game_id)
    n = max(2, info.min_players)
    nodes = playout(game_id, n)
    assert any(th is not None for _, _, th, _ in nodes), "a game whose players never throw"
    for _, last, th, waits in nodes:
        assert th is None or 0 <= th < n
        if th is None:
            assert waits is None  # nobody's throw falls at once
        elif last is None or last.type == "chance" or last.player != th:
            assert waits == th  # a throw after somebody else's move or another throw waits for its thrower


def test_keeps_and_throw_again_follow_at_once() -> None:
    for game_id, kinds in (("wuerfelspiel", {"keep"}), ("escalero", {"keep"}), ("zehntausend", {"roll"})):
        follows = {
            last.data["kind"]
            for _, last, th, waits in playout(game_id, 2)
            if waits is None and th is not None and last is not None and last.type == "action"
        }
        assert follows == kinds, game_id


@pytest.mark.parametrize(
    ("game_id", "rules", "turn_end"),
    [("zehntausend", "zehntausend-350-solo", "bank"), ("wuerfelspiel", None, "score"), ("escalero", None, "enter")],
)
def test_alone_at_the_table_the_next_turns_first_throw_waits(game_id: str, rules: str | None, turn_end: str) -> None:
    nodes = playout(game_id, 1, rules)
    after_turn = [
        waits
        for _, last, _, waits in nodes
        if last is not None and last.type == "action" and last.data["kind"] == turn_end
    ]
    assert after_turn and all(w == 0 for w in after_turn)
    assert any(w is None for _, last, _, w in nodes if last is not None and last.type == "action")


def test_verdecktes_every_throw_under_the_cup_waits_also_after_the_throwers_own_pass() -> None:
    nodes = playout("verdecktes-wuerfelpoker", 2)
    own = [
        waits
        for _, last, th, waits in nodes
        if th is not None and last is not None and last.type == "action" and last.player == th
    ]
    assert own and all(w is not None for w in own)


def test_pig_throws_after_roll_at_once_and_waits_after_hold_or_a_one() -> None:
    had = _REGISTRY.get("pig")
    register(pig_info())
    try:
        nodes = playout("pig", 2)
    finally:
        if had is None:
            _REGISTRY.pop("pig", None)  # the registry is global: leave it as it was
    for _, last, th, waits in nodes:
        assert th is not None
        if last is not None and last.type == "action" and last.data["kind"] == "roll":
            assert waits is None
        else:
            assert waits == th
