"""The learned sheet value of the 3-column player: its exact turn search, its training and its use by bot and hints.

The turn search against a table of after-turn values is checked against a naive one-turn expectimax written
separately (explicit sub-multisets, :func:`box_score`, bonus paid by hand), and against the exact endgame: fed the
endgame's own values after the turn, it must give the endgame's value back. A small sheet is trained end to end.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from tests.wuerfelspiel.test_endgame import SHEETS, NaiveSheet, rules_small
from wuerfel.engine.registry import get_game
from wuerfel.games.wuerfelspiel import player as player_mod
from wuerfel.games.wuerfelspiel import valuenet
from wuerfel.games.wuerfelspiel.endgame import Endgame
from wuerfel.games.wuerfelspiel.player import Planner, simulate
from wuerfel.games.wuerfelspiel.rules import WuerfelspielRules, box_score
from wuerfel.games.wuerfelspiel.training import TrainConfig, backed_up, encode_many, train
from wuerfel.games.wuerfelspiel.valuenet import LevelNet, NetValue, SheetFeatures, ValueNet, after_states

INFO = get_game("wuerfelspiel")
Sheet = tuple[tuple[int | None, ...], ...]


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "vcache"))


def open_count(sheet: Sheet) -> int:
    return sum(v is None for col in sheet for v in col)


def random_net(planner: Planner, levels: range, seed: int) -> ValueNet:
    """Networks with random weights in every layer: a value with structure the search must follow exactly."""
    feats = SheetFeatures(planner)
    rng = np.random.default_rng(seed)
    nets = {}
    for m in levels:
        net = LevelNet.zero(feats.n_features, 8, rng)
        net.a3 = rng.normal(0, 1, 8)
        net.b3 = 0.3
        nets[m] = net
    return ValueNet(feats.key(), nets)


class NaiveTurn(NaiveSheet):
    """One turn by brute force against ``after(sheet) ->`` expected future points of the sheet after the turn."""

    def __init__(self, rules: WuerfelspielRules, after: Callable[[Sheet], float]) -> None:
        super().__init__(rules)
        self.after = after

    def future(self, after: Sheet) -> float:
        return self.after(after)


# a sheet of the small rules with five boxes open, two bonuses live
OPEN5: Sheet = ((None, 6, None, 19), (None, 12, 25, 22), (5, None, 0, None))


@pytest.mark.parametrize("sheet", [OPEN5, SHEETS[0], SHEETS[4]])
def test_the_turn_search_against_a_learned_value_matches_the_naive_search(sheet: Sheet) -> None:
    rules = rules_small()
    planner = Planner(rules, endgame_open=0, value_net=False)
    m = open_count(sheet) - 1
    nv = NetValue(planner, random_net(planner, range(m, m + 1), 3))

    def after(s: Sheet) -> float:
        masks, uppers = encode_many(planner, [s])
        return float(nv.values(m, masks, uppers)[0])

    naive = NaiveTurn(rules, after)
    masks, _flags, uppers = planner.encode(sheet)
    plan = nv.plan(masks, uppers)
    assert plan.expected == pytest.approx(naive.turn_start(sheet), abs=1e-9)
    sp = planner.space
    for roll in [(5, 5, 5, 6, 6), (1, 2, 3, 5, 6), (6, 6, 6, 6, 6), (2, 2, 4, 4, 5), (5, 5, 6, 6, 6)]:
        r = sp.roll_index[roll]
        assert plan.boxvals[2, r] == pytest.approx(naive.score_now(sheet, roll), abs=1e-9)
        c, b = divmod(int(plan.boxchoice[2, r]), 16)
        assert naive.entry(sheet, c, b, roll) == pytest.approx(plan.boxvals[2, r], abs=1e-9)
        for keep in [(5, 5, 5), (6,), (), (5, 6)]:
            if all(roll.count(f) >= keep.count(f) for f in set(keep)):
                assert plan.keepvals[0, sp.index[keep]] == pytest.approx(naive.keep_value(sheet, 1, keep), abs=1e-9)
        # the values the hints show for an entry are the search's
        for c, col in enumerate(sheet):
            for b, v in enumerate(col):
                if v is None:
                    pts = box_score(rules.boxes[b], roll, rules)
                    assert nv.entry_value(masks, uppers, c, b, pts) == pytest.approx(naive.entry(sheet, c, b, roll))


@pytest.mark.parametrize("sheet", [OPEN5, *SHEETS])
def test_the_exact_values_after_the_turn_give_the_exact_endgame_back(sheet: Sheet) -> None:
    # after_states must enumerate every entry with its upper total and bonus as the endgame counts them
    rules = rules_small()
    planner = Planner(rules, endgame_open=0, value_net=False)
    feats = SheetFeatures(planner)
    eg = Endgame.build(planner, sheet)
    masks, _flags, uppers = planner.encode(sheet)
    af = after_states(feats, masks, uppers)
    table = np.full(feats.C * feats.B * 6, valuenet.NEG)
    for slot, bonus in zip(af.slot, af.bonus, strict=True):
        c, rest = divmod(int(slot), feats.B * 6)
        b, n = divmod(rest, 6)
        col = sheet[c]
        pts = n * int(feats.face[b])
        table[slot] = bonus + eg.value((*sheet[:c], (*col[:b], pts, *col[b + 1 :]), *sheet[c + 1 :]), planner.upper_idx)
        assert eg.entry_value(sheet, planner.upper_idx, c, b, pts) == pytest.approx(
            feats.weights[c] * pts + table[slot], abs=1e-9
        )
    nv = NetValue(planner, ValueNet(feats.key(), {}))
    plan = nv.plan_with_table(masks, table.reshape(feats.C, feats.B, 6))
    assert plan.expected == pytest.approx(eg.value(sheet, planner.upper_idx), abs=1e-9)


SMALL_CFG = TrainConfig(games=40, seed=5, anchor=4, siblings=3, hidden=16, epochs=20, anchor_epochs=60)


@pytest.fixture(scope="module")
def small_net(tmp_path_factory) -> ValueNet:
    import os

    os.environ["WUERFEL_CACHE_DIR"] = str(tmp_path_factory.getbasetemp() / "vcache")
    lines: list[str] = []
    vn = train(rules_small(), SMALL_CFG, log=lines.append)
    assert any(line.startswith(f"{SMALL_CFG.anchor} open:") for line in lines)
    return vn


def test_training_fits_every_level_from_the_exact_anchor(small_net: ValueNet) -> None:
    rules = rules_small()
    assert sorted(small_net.nets) == list(range(SMALL_CFG.anchor, rules.turns))
    planner = Planner(rules, endgame_open=0, value_net=small_net)
    assert planner.net is not None and small_net.key == SheetFeatures(planner).key()
    # the anchor is fitted to exact values: the network is far closer to them than the column tables alone
    sheets = [s for s in (OPEN5, *SHEETS) if open_count(s) == SMALL_CFG.anchor + 1]
    exact, learned, base = [], [], []
    for parent in sheets:
        eg = Endgame.build(planner, parent)
        for c, col in enumerate(parent):
            for b, v in enumerate(col):
                if v is None:
                    after = (*parent[:c], (*col[:b], 0, *col[b + 1 :]), *parent[c + 1 :])
                    masks, uppers = encode_many(planner, [after])
                    exact.append(eg.value(after, planner.upper_idx))
                    learned.append(planner.net.values(SMALL_CFG.anchor, masks, uppers)[0])
                    base.append(planner.net.features.features(masks, uppers)[1][0])
    err_net = np.sqrt(np.mean((np.array(learned) - exact) ** 2))
    err_base = np.sqrt(np.mean((np.array(base) - exact) ** 2))
    assert err_net < err_base
    # a level's targets are the exact turn against the level below: the batched path is the planner's own search
    sheet = OPEN5
    m = open_count(sheet)
    masks, uppers = encode_many(planner, [sheet, SHEETS[4]])
    assert m == open_count(SHEETS[4]) + 2
    want = planner.net.plan(masks[0], uppers[0]).expected
    assert backed_up(planner.net, m, masks[:1], uppers[:1])[0] == pytest.approx(want, abs=1e-9)


def test_networks_round_trip_through_their_file(small_net: ValueNet, tmp_path: Path) -> None:
    path = tmp_path / "small-value.npz"
    small_net.save(path)
    back = ValueNet.load(path)
    assert back.key == small_net.key and sorted(back.nets) == sorted(small_net.nets)
    planner = Planner(rules_small(), endgame_open=0, value_net=False)
    masks, uppers = encode_many(planner, [OPEN5])
    feats = SheetFeatures(planner)
    X, _b = feats.features(masks, uppers)
    for m in back.nets:
        assert back.nets[m](X)[0] == pytest.approx(small_net.nets[m](X)[0], abs=1e-3)


def test_the_player_with_networks_plays_whole_games_and_better_than_chance(small_net: ValueNet) -> None:
    rules = rules_small()
    totals = simulate(rules, 20, 9, value_net=small_net, endgame_open=0)
    plain = simulate(rules, 20, 9, value_net=False, endgame_open=0)
    assert totals.shape == (20,) and (totals > 0).all()
    # the same player family: within a broad band of the slack-table player on the same dice
    assert abs(totals.mean() - plain.mean()) < 0.2 * plain.mean()


def test_networks_are_used_only_for_the_rules_they_were_fitted_for(
    small_net: ValueNet, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(valuenet, "DATA_DIR", tmp_path)
    small_net.save(tmp_path / "small-value.npz")
    assert Planner(rules_small(), endgame_open=0).net is not None
    other = dataclasses.replace(rules_small(), column_weights=(1, 2, 4))
    assert Planner(other, endgame_open=0).net is None
    assert Planner(rules_small(), endgame_open=0, value_net=False).net is None


def test_the_best_bot_and_the_hints_use_the_networks(small_net: ValueNet, tmp_path: Path, monkeypatch) -> None:
    from wuerfel.bots import make_bot
    from wuerfel.engine.game import Roll
    from wuerfel.games.wuerfelspiel.bots import Advisor
    from wuerfel.games.wuerfelspiel.state import Score

    monkeypatch.setattr(valuenet, "DATA_DIR", tmp_path)
    small_net.save(tmp_path / "small-value.npz")
    # the whole small sheet is one exact endgame by default: play it exactly only from the anchor down
    monkeypatch.setattr(player_mod, "_planner_for", lambda rules: Planner(rules, endgame_open=SMALL_CFG.anchor))
    rules = rules_small()
    game = INFO.new_game(rules, 1)
    bot = make_bot("wuerfelspiel", "best", game)
    assert bot.planner.net is not None
    adv = Advisor(game)
    dice = np.random.default_rng(8).integers(1, 7, size=(2, rules.turns, rules.rerolls + 1, 5))
    want = []
    checked = 0
    for g in range(2):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance():
                turn = sum(v is not None for col in s.sheets[0] for v in col)
                s = s.apply_outcome(Roll(tuple(int(f) for f in dice[g, turn, s.throws, : s.dice_to_throw()])))
                continue
            action = bot.choose(s, 0)
            if bot.planner.uses_net(s.sheets[0]):
                hints = adv.advise(s, 0)
                assert hints[0].action == action
                for h in hints:
                    if isinstance(h.action, Score):
                        pts, _extra = s.points(h.action.column, h.action.box)
                        masks, _f, uppers = bot.planner.encode(s.sheets[0])
                        b = rules.boxes.index(h.action.box)
                        assert h.value == pytest.approx(
                            s.total(0) + bot.planner.net.entry_value(masks, uppers, h.action.column, b, pts)
                        )
                checked += 1
            s = s.apply_action(action, 0)
        want.append(s.scores()[0])
    assert checked > 10
    assert list(simulate(rules, 2, 0, fixed_dice=dice, endgame_open=SMALL_CFG.anchor)) == want


def test_the_shipped_networks_fit_the_brettspielnetz_rules() -> None:
    """A change to the features, the slack tables or the rules without a new fit would silently drop the bot back
    to the slack-table player: the shipped file's key must be the one these rules ask for."""
    rules = INFO.load_rules("brettspielnetz")
    scale = np.broadcast_to(np.asarray(player_mod.SLACK_SCALE, dtype=np.float64), (rules.columns,))
    key = valuenet.network_key(rules, tuple(float(x) for x in scale), player_mod.max_slack(rules, scale) + 1)
    vn = ValueNet.load(valuenet.shipped_path("brettspielnetz"))
    assert vn.key == key
    assert sorted(vn.nets) == list(range(player_mod.ENDGAME_OPEN, rules.turns))
