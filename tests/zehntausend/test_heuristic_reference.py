"""The heuristic bot values its candidate selections from the turn fields they change (issue 17); the reference
here is the way it did before: apply each candidate and value the successor state. At every decision of seeded games
under every rule set (2 and 3 players, solo) both make the same choice."""

from __future__ import annotations

import random

import pytest

from wuerfel.cli.sim import draw_outcome
from wuerfel.engine.game import Action
from wuerfel.engine.registry import get_game
from wuerfel.games.zehntausend.actions import Select
from wuerfel.games.zehntausend.bots import HeuristicBot
from wuerfel.games.zehntausend.state import ZehntausendState

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


class PlainBot(HeuristicBot):
    """The heuristic bot without its memos: every selection and every bank decision computed afresh."""

    memoise = False


@pytest.mark.parametrize("name", ["farkle", "zehntausend-einfach"])
def test_memoised_choices_are_the_computed_ones(name: str) -> None:
    """The bot remembers a selection by the turn fields it depends on, and a bank decision by total, cup and
    confirmation (issue 17): over whole seeded games (full target) it plays move for move as without the memos,
    and the memos were actually used (more selections asked than remembered)."""
    game = INFO.new_game(INFO.load_rules(name), 2)
    bots = [HeuristicBot(s) for s in range(2)]
    plain = [PlainBot(s) for s in range(2)]
    selects = 0
    for g in range(12):
        rng = random.Random(g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply_outcome(draw_outcome(state, rng, {}))
                continue
            p = state.actors()[0]
            assert isinstance(state, ZehntausendState)
            choice = bots[p].choose(state, p)
            assert choice == plain[p].choose(state, p), (g, state.view(None), choice)
            selects += state.node == "select" and len(state.legal_actions()) > 1
            state = state.apply_action(choice, p)
    assert bots[0]._memo is bots[1]._memo  # shared by the bots at one game
    assert 0 < len(bots[0]._memo) < selects
    assert bots[0]._bank_memo
