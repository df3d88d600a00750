"""The heuristic bot values its candidate selections from the turn fields they change (issue 17); the reference
here is the way it did before: apply each candidate and value the successor state. At every decision of seeded games
under every rule set (2 and 3 players, solo) both make the same choice."""

from __future__ import annotations

import random

import pytest

from wuerfel.cli.sim import draw_outcome
from wuerfel.engine.game import Action
from wuerfel.engine.registry import get_game
from wuerfel.games.zehntausend.bots import HeuristicBot
from wuerfel.games.zehntausend.state import Select, ZehntausendState

INFO = get_game("zehntausend")


class ReferenceBot(HeuristicBot):
    """The heuristic bot as it chose selections before: every candidate applied, every successor valued."""

    def _select(self, s: ZehntausendState, actions: list[Action], me: int) -> Action:
        best: Action = actions[0]
        best_v = -1e30
        for a in actions:
            assert isinstance(a, Select)
            v = self.value(s._apply_action(a, me), me)  # type: ignore[arg-type]
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best


@pytest.mark.parametrize("name", INFO.rule_sets())
def test_heuristic_bot_chooses_as_the_reference(name: str) -> None:
    rules = INFO.load_rules(name, {"game": {"target": 3000}})
    decisions = selects = 0
    for n in (1,) if rules.game.mode == "solo" else (2, 3):
        game = INFO.new_game(rules, n)
        bot, ref = HeuristicBot(0), ReferenceBot(0)
        rng = random.Random(n)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply_outcome(draw_outcome(state, rng, {}))
                continue
            p = state.actors()[0]
            assert isinstance(state, ZehntausendState)
            choice = bot.choose(state, p)
            assert choice == ref.choose(state, p), (state.view(None), choice)
            decisions += 1
            selects += state.node == "select" and len(state.legal_actions()) > 1
            state = state.apply_action(choice, p)
    assert decisions > selects
    if rules.game.mode != "rueckwaerts":  # Rückwärts play forces the best selection: nothing to choose
        assert selects > 0
