"""Zehnerspiel (Hasard 19): every sentence of the text as a test, the spec's resolution of "doppelter Einsatz", the
bank's exact edge, the rotation, chips conserved, the bot's stated rule and the hints."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import SIMULTANEOUS, TERMINAL, Roll
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import ChipAudit, check_results, random_playthrough
from wuerfel.games.hasard.common import Lot
from wuerfel.games.hasard.zehnerspiel import (
    FIELD,
    PunterBot,
    ZehnerspielAdvisor,
    ZehnerspielRules,
    ZehnerspielState,
    bank_edge,
    p_under,
)
from wuerfel.games.kit.bank_board import Done, Stake


def new_state(n: int = 3, preset: str = "zehnerspiel", **overrides: object) -> ZehnerspielState:
    info = get_game("zehnerspiel")
    rules = info.load_rules(preset, overrides or None)
    s = info.new_game(rules, n).new_initial_state()
    if s.is_chance():  # the lot for the first bank: seat 0
        s = s.apply_outcome(Lot(0))
    assert isinstance(s, ZehnerspielState)
    return s


def stakes(s: ZehnerspielState, bets: dict[int, int]) -> ZehnerspielState:
    for p, amount in bets.items():
        s = s.apply_action(Stake(FIELD, amount), p)  # type: ignore[assignment]
    for p in s.actors():
        s = s.apply_action(Done(), p)  # type: ignore[assignment]
    return s


def test_the_banker_throws_for_all_others_who_stake_first() -> None:
    # "Ein Spieler ist Bankhalter und würfelt für alle anderen. Seine Gegenspieler machen vorher ihre Einsätze."
    s = new_state(4)
    assert s.to_move() == SIMULTANEOUS and s.actors() == (1, 2, 3)
    assert s.dice_to_throw() == 0
    s = stakes(s, {1: 2, 2: 1})
    assert s.is_chance() and s.thrower() == 0 and s.dice_to_throw() == 3
    with pytest.raises(IllegalAction):
        s.apply_action(Stake(FIELD, 1), 0)


def test_under_ten_the_punters_win_double_their_stake() -> None:
    # "Unter 10 Augen gewinnen Sie den doppelten Einsatz": 2× the stake returned (spec resolution)
    s = stakes(new_state(3), {1: 3, 2: 5})
    after = s.apply_outcome(Roll((3, 3, 3)))
    assert after.ledger.players == (30 - 8, 30 + 3, 30 + 5)
    assert after.last[2] == (-8, 3, 5)


def test_from_ten_the_bank_collects_every_stake() -> None:
    # "Ab 10 Augen gewinnt der Bankhalter und kassiert alle Einsätze."
    s = stakes(new_state(3), {1: 3, 2: 5})
    after = s.apply_outcome(Roll((4, 3, 3)))
    assert after.ledger.players == (30 + 8, 30 - 3, 30 - 5)
    assert after.board == ()


@pytest.mark.parametrize(
    ("dice", "won"),
    [
        ((1, 1, 1), True),
        ((6, 2, 1), True),
        ((4, 4, 2), False),
        ((6, 6, 6), False),
        ((5, 3, 1), True),
        ((5, 4, 1), False),
    ],
)
def test_the_line_lies_between_nine_and_ten(dice: tuple[int, int, int], won: bool) -> None:
    s = stakes(new_state(2), {1: 1})
    after = s.apply_outcome(Roll(dice))
    assert after.ledger.players[1] == (31 if won else 29)


def test_net_payout_option_pays_twice_the_stake_on_top() -> None:
    s = stakes(new_state(2, "zehnerspiel-netto"), {1: 4})
    assert s.apply_outcome(Roll((2, 2, 2))).ledger.players == (30 - 8, 30 + 8)


def test_probability_and_the_banks_exact_edge() -> None:
    under = sum(1 for t in product(range(1, 7), repeat=3) if sum(t) < 10)
    assert under == 81 and p_under() == Fraction(81, 216) == Fraction(3, 8)
    assert bank_edge(ZehnerspielRules()) == Fraction(1, 4)
    assert bank_edge(ZehnerspielRules(payout="net")) == Fraction(-1, 8)


def test_the_bank_passes_left_and_the_game_ends_after_one_round() -> None:
    s = new_state(3, bank_throws=2)
    for banker in (0, 1, 2):
        for _ in range(2):
            assert s.banker == banker
            s = stakes(s, {p: 1 for p in s.actors()})
            s = s.apply_outcome(Roll((6, 6, 6)))  # type: ignore[assignment]
    assert s.to_move() == TERMINAL
    # each bank collected 2 throws × 2 punters × 1 chip = 4; each seat lost 2 chips under each of the 2 other banks
    assert s.ledger.players == (30 + 4 - 4, 30 + 4 - 4, 30 + 4 - 4)
    check_results(s, chips=True)


def test_stakes_are_bounded_and_refused_clearly() -> None:
    s = new_state(2, max_stake=3)
    with pytest.raises(IllegalAction):
        s.apply_action(Stake(FIELD, 4), 1)
    with pytest.raises(IllegalAction):
        s.apply_action(Stake(7, 1), 1)  # no such field
    s2 = s.apply_action(Stake(FIELD, 3), 1)
    assert s2.available(1) == 27
    assert s.parse_action_text("3", 1) == Stake(FIELD, 3)
    assert s.parse_action_text("2 auf unter 10", 1) == Stake(FIELD, 2)
    assert s.parse_action_text("fertig", 1) == Done()
    with pytest.raises(IllegalAction) as exc:
        s.parse_action_text("viel", 1)
    assert "fertig" in exc.value.translated("de")


def test_the_edge_is_on_the_table() -> None:
    s = new_state(2)
    from wuerfel.engine.testing import components_text

    assert "1/4" in components_text(s, 1)


def test_bot_stakes_the_minimum_against_the_edge_and_more_with_it() -> None:
    s = new_state(2)
    game = s.game
    assert PunterBot(game, 1).choose(s, 1) == Stake(FIELD, 1)
    s2 = new_state(2, "zehnerspiel-netto", starting_chips=100)
    assert PunterBot(s2.game, 1).choose(s2, 1) == Stake(FIELD, 5)
    assert PunterBot(game, 1).choose(s.apply_action(Stake(FIELD, 1), 1), 1) == Done()


def test_hints_rate_a_chip_by_its_exact_expectation() -> None:
    s = new_state(2)
    advice = ZehnerspielAdvisor(s.game).advise(s, 1)
    assert [a.action for a in advice] == [Done(), Stake(FIELD, 1)]
    assert advice[1].value == -0.25
    assert ZehnerspielAdvisor(s.game).advise(s, 0) == []  # the banker decides nothing


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.lists(st.integers(0, 5), min_size=2, max_size=2), st.tuples(*[st.integers(1, 6)] * 3)),
        min_size=1,
        max_size=12,
    )
)
def test_chips_are_conserved_and_each_throw_settles_as_the_text_says(
    rounds: list[tuple[list[int], tuple[int, int, int]]],
) -> None:
    s = new_state(3, bank_throws=3, bank_rounds=2)
    audit = ChipAudit()
    for amounts, dice in rounds:
        if s.is_terminal():
            break
        audit.check(s)
        punters = s.actors()
        # a punter stakes at most what he still has (the kit refuses more; that refusal is tested above)
        bets = {p: min(a, s.stake_cap(p)) for p, a in zip(punters, amounts, strict=False) if min(a, s.stake_cap(p))}
        before = s.ledger.players
        banker = s.banker
        s = stakes(s, bets)
        audit.check(s)
        s = s.apply_outcome(Roll(dice))  # type: ignore[assignment]
        audit.check(s)
        sign = 1 if sum(dice) < 10 else -1
        for p, a in bets.items():
            assert s.ledger.players[p] - before[p] == sign * a
        assert s.ledger.players[banker] - before[banker] == -sign * sum(bets.values())
    assert sum(s.ledger.players) == 90


@pytest.mark.parametrize("n", [2, 3, 5])
def test_random_games_end_with_chips_conserved(n: int) -> None:
    info = get_game("zehnerspiel")
    match = Match.new("zehnerspiel", "zehnerspiel", [f"P{i}" for i in range(n)])
    done = random_playthrough(match, seed=n)
    assert done.state.is_terminal()
    check_results(done.state, chips=True)
    assert sum(done.state.payoffs()) == 0
    assert info.chips and not info.perfect_information


def test_bots_play_a_game_to_the_end() -> None:
    game = get_game("zehnerspiel").new_game("zehnerspiel", 3)
    bots = [PunterBot(game, i) for i in range(3)]
    rng = random.Random(5)
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance():
            outcomes = s.chance_outcomes()
            s = s.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            p = s.actors()[0]
            s = s.apply_action(bots[p].choose(s, p), p)
    assert sum(s.ledger.players) == 90


def test_a_stake_is_labelled_with_the_fields_name_not_its_number() -> None:
    """The button and the move list said "1 bis 5 Chips auf 1": 1 is only the field's internal number; the board
    writes "unter 10" on it."""
    from wuerfel.engine.game import Amount

    s = get_game("zehnerspiel").new_game("zehnerspiel", 3).new_initial_state()
    assert s.describe_action(Stake(FIELD, Amount(1, 5)), "de") == "1 bis 5 Chips auf unter 10"
    assert s.describe_action(Stake(FIELD, 3), "en") == "3 chips on under 10"
    # A board without labels still names the number (Lustige Sieben's 7).
    ls = get_game("lustige-sieben").new_game("lustige-sieben", 3).new_initial_state()
    assert ls.describe_action(Stake(7, 1), "de") == "1 Chip auf 7"


def test_a_stake_range_of_one_chip_reads_as_one_chip() -> None:
    """Re-audit of issue 24 (L2/L3, plurals): with one chip left under the limit the menu offered "1 bis 1 Chips auf
    7" / "1 to 1 chips on Black"; a range of one value is that value, in the singular."""
    from wuerfel.engine.game import Amount

    ls = get_game("lustige-sieben").new_game("lustige-sieben", 3).new_initial_state()
    assert ls.describe_action(Stake(7, Amount(1, 1)), "de") == "1 Chip auf 7"
    assert ls.describe_offer(Stake(7, Amount(1, 1)), "en") == "1 chip on 7"
    rr = get_game("rock-and-roll").new_game("rock-and-roll", 2).new_initial_state()
    black = next(n for n in range(20) if rr.describe_action(Stake(n, 2), "en") == "2 chips on Black")
    assert rr.describe_action(Stake(black, Amount(1, 1)), "en") == "1 chip on Black"
    assert rr.describe_action(Stake(black, Amount(1, 1)), "de") == "1 Chip auf Schwarz"
