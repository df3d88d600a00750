"""``MODULE:FACTORY`` bots (issue 27 §4): every accepted shape makes a bot that plays legal moves, and what cannot
be one is refused with a message naming the part that is wrong."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from wuerfel.bots.outside import PolicyBot, make_outside_bot
from wuerfel.engine.errors import RuleError
from wuerfel.engine.game import Game
from wuerfel.engine.registry import get_game

MODULE = """
class WithGame:
    name = "with-game"
    def __init__(self, game, seed):
        self.game, self.seed = game, seed
    def choose(self, state, player):
        return state.legal_actions(player)[0]

class NoArgs:
    def choose(self, state, player):
        return state.legal_actions(player)[-1]

ready = NoArgs()

def policy(view, legal):
    return legal[-1]

def policy_factory(game, seed):
    return lambda view, legal: legal[0]

def nothing(game, seed):
    return 42
"""


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Game:
    (tmp_path / "shapes.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    info = get_game("zehntausend")
    return info.new_game(info.rules_from_dict(info.resolve(None).data), 2)


@pytest.mark.parametrize(
    "spec", ["shapes:WithGame", "shapes:NoArgs", "shapes:ready", "shapes:policy", "shapes:policy_factory"]
)
def test_every_shape_plays_legal_moves(game: Game, spec: str) -> None:
    bot = make_outside_bot(spec, game, seed=3)
    assert bot.name
    state, rng = game.new_initial_state(), random.Random(1)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        player = state.to_move()
        state = state.apply_action(bot.choose(state, player), player)  # checked: an illegal move raises
    assert isinstance(bot, PolicyBot) == ("policy" in spec)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("shapes", "MODULE:FACTORY"),
        ("no_such_module_q:Bot", "imported"),
        ("shapes:Missing", "has no"),
        ("shapes:nothing", "neither"),
    ],
)
def test_what_is_no_bot_is_refused_by_name(game: Game, spec: str, words: str) -> None:
    with pytest.raises(RuleError) as refused:
        make_outside_bot(spec, game)
    assert words in refused.value.english()
