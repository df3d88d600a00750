"""Lustige Sieben (Hasard 9): sealed simultaneous stakes, the settlement exactly as the text says, the bank's turn."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import SIMULTANEOUS, Roll
from wuerfel.engine.registry import get_game
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
