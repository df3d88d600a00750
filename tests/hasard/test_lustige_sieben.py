"""Lustige Sieben (Hasard 9): sealed simultaneous stakes, the settlement exactly as the text says, the bank's turn."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import SIMULTANEOUS, Roll
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.lustige_sieben import (
    BOARD,
    LEFT,
    RIGHT,
    Done,
    LustigeSiebenRules,
    LustigeSiebenState,
    PunterBot,
    Stake,
    column,
    field_edges,
)


def new_state(n: int = 3, preset: str = "lustige-sieben") -> LustigeSiebenState:
    info = get_game("lustige-sieben")
    s = info.new_game(preset, n).new_initial_state()
    if s.is_chance():  # the lot for the first bank (the default): let it fall on seat 0
        s = s.apply_outcome(Lot(0))
    assert isinstance(s, LustigeSiebenState)
    return s


def stakes(s: LustigeSiebenState, bets: dict[int, list[tuple[int, int]]]) -> LustigeSiebenState:
    for p, items in bets.items():
        for number, amount in items:
            s = s.apply_action(Stake(number, amount), p)
    for p in s.actors():
        s = s.apply_action(Done(), p)
    return s


def throw(total: int) -> Roll:
    a = min(6, total - 1)
    return Roll((a, total - a))


def test_board_layout_and_column_probabilities() -> None:
    assert LEFT == (2, 4, 6, 9, 11) and RIGHT == (3, 5, 8, 10, 12)
    ways = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) for t in range(2, 13)}
    assert sum(ways[t] for t in LEFT) == 15 and sum(ways[t] for t in RIGHT) == 15 and ways[7] == 6


def test_all_punters_stake_before_the_throw_simultaneously() -> None:
    s = new_state(4)
    assert s.to_move() == SIMULTANEOUS and s.actors() == (1, 2, 3)
    with pytest.raises(IllegalAction):
        s.apply_action(Stake(7, 1), 0)  # the banker does not stake
    with pytest.raises(IllegalAction, match="Several players"):
        s.apply_action(Done())
    s = s.apply_action(Stake(4, 2), 3).apply_action(Done(), 3)
    assert s.actors() == (1, 2)
    s = s.apply_action(Done(), 1).apply_action(Done(), 2)
    assert s.is_chance()


def test_stakes_are_sealed_until_everybody_is_done() -> None:
    s = new_state(3).apply_action(Stake(9, 5), 1).apply_action(Stake(7, 3), 1)
    v2 = s.view(2)
    assert "mine" in v2["betting"] and v2["betting"]["mine"] == []
    assert v2["scores"] == [30, 30, 30]  # balances do not move while stakes are sealed
    assert v2["board"] == []
    assert s.view(1)["betting"]["mine"] == [[9, 5], [7, 3]]
    assert "9" not in str(s.view(None)["betting"]) and "9" not in str(v2["betting"])
    s = s.apply_action(Done(), 1).apply_action(Done(), 2)
    assert s.view(2)["board"] == [[1, 7, 3], [1, 9, 5]]
    assert s.view(2)["scores"] == [30, 22, 30]


def test_left_number_bank_collects_left_and_seven_pays_right_doubled() -> None:
    s = stakes(new_state(3), {1: [(2, 3), (7, 2)], 2: [(8, 4)]})
    after = s.apply_outcome(throw(6))
    assert after.ledger.players == (30 + 3 + 2 - 4, 30 - 5, 30 + 4)
    assert after.ledger.balance(BOARD) == 0 and after.board == ()


def test_right_number_pays_left_doubled_and_sevens_stay() -> None:
    s = stakes(new_state(3), {1: [(11, 3), (7, 2)], 2: [(12, 4)]})
    after = s.apply_outcome(throw(10))
    assert after.ledger.players == (30 - 3 + 4, 30 + 3 - 2, 30 - 4)
    assert after.board == ((1, 7, 2),) and after.ledger.balance(BOARD) == 2
    # The standing 7-stake cannot be withdrawn but may be increased; a 7 then pays it threefold.
    after = stakes(after, {1: [(7, 1)]})
    assert after.board == ((1, 7, 3),)
    final = after.apply_outcome(throw(7))
    assert final.ledger.players[1] == 30 + 3 - 2 - 1 + 3 * 3
    assert final.ledger.total() == 90


def test_seven_both_columns_lose_seven_paid_threefold() -> None:
    s = stakes(new_state(4), {1: [(3, 5)], 2: [(4, 5)], 3: [(7, 2)]})
    after = s.apply_outcome(throw(7))
    assert after.ledger.players == (30 + 10 - 4, 25, 25, 30 + 4)


def test_net_payout_option() -> None:
    s = stakes(new_state(3, "lustige-sieben-netto"), {1: [(2, 1)], 2: [(7, 1)]})
    after = s.apply_outcome(throw(3))
    assert after.ledger.players[1] == 32  # 3× returned: net +2
    s = stakes(new_state(3, "lustige-sieben-netto"), {2: [(7, 1)]})
    assert s.apply_outcome(throw(7)).ledger.players[2] == 33  # 4× returned: net +3


def test_bank_may_go_negative_and_chips_are_conserved() -> None:
    s = new_state(2)
    for _ in range(3):
        s = stakes(s, {1: [(7, 5), (7, 5)]})
        s = s.apply_outcome(throw(7))
    assert s.ledger.players[0] < 0 and s.ledger.total() == 60


def test_bank_passes_after_bank_throws_and_standing_sevens_go_home() -> None:
    s = new_state(3)
    for i in range(5):
        s = stakes(s, {1: [(7, 1)]} if i == 4 else {})
        s = s.apply_outcome(throw(10))
    assert s.banker == 1 and s.banks_done == 1 and s.throws_done == 0
    assert s.board == () and s.ledger.players == (30, 30, 30)
    assert s.actors() == (0, 2)
    for _ in range(10):
        s = stakes(s, {}).apply_outcome(throw(10))
    assert s.is_terminal() and s.winners() == (0, 1, 2)


def test_stake_limits() -> None:
    s = new_state(2)
    with pytest.raises(IllegalAction, match="no field"):
        s.apply_action(Stake(1, 1), 1)
    with pytest.raises(IllegalAction, match="1 to 5"):
        s.apply_action(Stake(7, 6), 1)
    for _ in range(6):
        s = s.apply_action(Stake(7, 5), 1)
    with pytest.raises(IllegalAction, match="only 0 chips"):
        s.apply_action(Stake(7, 1), 1)
    assert s.legal_actions(1) == (Done(),)


def test_determinize_redraws_only_sealed_stakes() -> None:
    s = new_state(3).apply_action(Stake(9, 5), 1).apply_action(Done(), 1).apply_action(Stake(2, 1), 2)
    rng = random.Random(1)
    seen = set()
    for _ in range(30):
        d = s.determinize(2, rng)
        assert d.view(2) == s.view(2)
        seen.add(d.betting.items(1))
    assert len(seen) > 1


def test_field_edges_are_exact() -> None:
    e = field_edges(LustigeSiebenRules())
    assert e == {"left": Fraction(-1, 6), "right": Fraction(-1, 6), "seven": Fraction(-1, 7)}
    e = field_edges(LustigeSiebenRules(payout="net"))
    assert e["left"] == Fraction(1, 4) and e["seven"] == Fraction(1, 7)
    assert column(7) == "seven" and column(11) == "left" and column(12) == "right"


def test_punter_bot_stated_rule() -> None:
    s = new_state(3)
    bot = PunterBot(s.game, 0)
    a = bot.choose(s, 1)
    assert a == Stake(7, 1)  # least bad field, minimum stake
    s = s.apply_action(a, 1)
    assert bot.choose(s, 1) == Done()
    s = stakes(s, {}).apply_outcome(throw(10))  # the 7-stake stands
    a = bot.choose(s, 1)
    assert isinstance(a, Stake) and a.number != 7 and a.amount == 1
    net = new_state(3, "lustige-sieben-netto")
    a = PunterBot(net.game, 0).choose(net, 1)
    assert isinstance(a, Stake) and column(a.number) in ("left", "right") and a.amount == 3


# --- amounts are one parameterised action (a rule value must not make the legal list huge) ------------------------


def big_state() -> LustigeSiebenState:
    info = get_game("lustige-sieben")
    rules = info.load_rules(None, {"max_stake": 1000, "starting_chips": 10_000})
    s = info.new_game(rules, 3).new_initial_state()
    if s.is_chance():  # the lot for the first bank (the default): let it fall on seat 0
        s = s.apply_outcome(Lot(0))
    assert isinstance(s, LustigeSiebenState)
    return s


def test_stakes_are_one_action_per_field_with_bounds() -> None:
    import json

    from wuerfel.engine.game import Amount

    s = big_state()
    legal = s.legal_actions(1)
    assert len(legal) == 12  # 11 fields + done, whatever max_stake and the chips allow
    assert Stake(7, Amount(1, 1000)) in legal  # type: ignore[arg-type]
    assert {"kind": "stake", "number": 7, "amount": {"min": 1, "max": 1000}} in [a.to_json() for a in legal]
    assert len(json.dumps([a.to_json() for a in legal])) < 2000
    assert s.describe_action(legal[0], "en") == "1 to 1000 chips on 7"
    s2 = s.apply_action(Stake(7, 1000), 1)
    assert s2.betting is not None and s2.betting.items(1) == ((7, 1000),)
    with pytest.raises(IllegalAction, match="1 to 1000"):
        s.apply_action(Stake(7, 1001), 1)
    with pytest.raises(IllegalAction, match="amount"):
        s.apply_action(legal[0], 1)  # the description itself is no move


def test_the_bounds_follow_the_chips_left() -> None:
    from wuerfel.engine.game import Amount

    s = new_state(2).apply_action(Stake(7, 5), 1).apply_action(Stake(7, 5), 1).apply_action(Stake(7, 5), 1)
    s = s.apply_action(Stake(7, 5), 1).apply_action(Stake(7, 5), 1).apply_action(Stake(7, 3), 1)
    assert s.available(1) == 2
    assert Stake(9, Amount(1, 2)) in s.legal_actions(1)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="only 2 chips"):
        s.apply_action(Stake(9, 3), 1)


def test_random_bot_and_simulation_choose_amounts_within_bounds() -> None:
    from wuerfel.bots.base import RandomBot
    from wuerfel.engine.record import Match
    from wuerfel.engine.testing import random_playthrough

    s = big_state()
    bot = RandomBot(3)
    chosen = [bot.choose(s, 1) for _ in range(200)]
    amounts = [a.amount for a in chosen if isinstance(a, Stake)]
    assert amounts and all(isinstance(x, int) and 1 <= x <= 1000 for x in amounts)
    assert len(set(amounts)) > 20
    info = get_game("lustige-sieben")
    rules = info.load_rules(None, {"max_stake": 1000, "starting_chips": 10_000, "bank_throws": 2})
    m = Match.new("lustige-sieben", "custom", ["a", "b", "c"], rules=rules)
    random_playthrough(m, seed=5)
    assert m.state.is_terminal()


def test_the_first_bank_is_drawn_by_lot_by_default() -> None:
    """Hasard ground rule G3: the highest throw begins (distributionally a lot), not seat 1; presets agree."""
    info = get_game("lustige-sieben")
    for preset in info.rule_sets():
        s = info.new_game(preset, 4).new_initial_state()
        assert s.is_chance() and s.dice_to_throw() == 0, preset
        assert [o for o, _ in s.chance_outcomes()] == [Lot(p) for p in range(4)]
        assert s.apply_outcome(Lot(2)).banker == 2  # type: ignore[attr-defined]
