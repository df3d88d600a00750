"""Offenes Würfelpoker (Hasard 27): every example of the text, the keep turn (1–4 dice standing, up to three
throws), the raise protocol with passes that leave the game, the Stichrunde that keeps the pot, the winner who
begins the next game, typed moves and refusals in German."""

from __future__ import annotations

from typing import Any

import pytest

from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.offenes_poker import OffenesState, hand_of
from wuerfel.games.kit import Lot
from wuerfel.games.kit.betting import Call, Check, Fold, Raise
from wuerfel.games.kit.hands import Stop
from wuerfel.games.kit.keeps import Keep
from wuerfel.i18n import translate

P = parse_poker_dice


def new(n: int = 2, starter: int = 0, **overrides: Any) -> OffenesState:
    info = get_game("offenes-wuerfelpoker")
    rules = info.load_rules(None, overrides or None)
    s = info.new_game(rules, n).new_initial_state().apply_outcome(Lot(starter))
    assert isinstance(s, OffenesState)
    return s


def one_throw(s: Any, dice: str) -> Any:
    """Throw five dice and stop."""
    s = s.apply_outcome(Roll(P(dice)))
    return s.apply_action(Stop())


def rank(dice: str, **overrides: Any) -> tuple[int, ...]:
    info = get_game("offenes-wuerfelpoker")
    return hand_of(P(dice), info.load_rules(None, overrides or None))


# --- the text's ranking (seed 004, "Offenes Würfelpoker") ---------------------------------------------------------
@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("K K 9 10 J", "10 10 A K Q"),  # "2 Könige vor 2 Zehnern"
        ("K K A 10 9", "K K Q J 10"),  # equal pairs: the highest dead die decides
        ("K K A Q 9", "K K A J 10"),  # … then the second highest
        ("K K A Q 10", "K K A Q 9"),  # … then the third
        ("D D 9 9 A", "D D 9 9 K"),  # two equal pairs: the dead die
        ("A A 9 9 10", "K K Q Q A"),  # different pairs: the higher pair first
        ("10 10 10 A 9", "10 10 10 K Q"),  # equal trips: the dead dice
        ("10 10 10 9 9", "9 9 9 A A"),  # different trips: the trips first
        ("D D D A A", "D D D K K"),  # full house, equal trips: the pair
        ("9 9 9 9 A", "9 9 9 9 K"),  # equal fours: the dead die
        ("9 9 9 9 10", "A A A K K"),  # four beat a full house
        ("A A A A A", "K K K K K"),  # five aces: the highest hand of all
        ("9 9 A K Q", "A K Q J 9"),  # a pair beats nothing
        ("9 9 10 10 J", "A A K Q J"),  # two pairs beat a pair
        ("9 9 9 10 J", "A A K K Q"),  # trips beat two pairs
        ("9 9 9 10 10", "A A A K Q"),  # full house beats trips
        ("9 9 9 9 9", "A A A A K"),  # five beat four
    ],
)
def test_ranking_of_the_text(higher: str, lower: str) -> None:
    assert rank(higher) > rank(lower)


def test_without_quint_a_sequence_is_nothing_and_with_it_lies_between_trips_and_full_house() -> None:
    assert rank("A A 9 10 J") > rank("10 J D K A")  # not agreed: "Nichts"
    assert rank("10 J D K A", quint=True) > rank("9 10 J D K", quint=True)  # higher Quint above the lower
    assert rank("9 10 J D K", quint=True) > rank("A A A K D", quint=True)  # above Drilling
    assert rank("9 9 9 10 10", quint=True) > rank("10 J D K A", quint=True)  # below Full House


def test_joker_aces_stand_for_any_value() -> None:
    assert rank("A A K K 9", joker=True) == rank("K K K K 9")  # the text: a Vierling of kings


# --- setup and turn -----------------------------------------------------------------------------------------------
def test_everybody_pays_the_minimum_stake_and_the_lot_picks_the_starter() -> None:
    s = new(3, starter=1)
    assert s.ledger.pot == 3 and s.ledger.players == (29, 29, 29)
    assert s.bet.level == 1 and s.bet.maximum == 6
    assert s.thrower() == 1 and s.dice_to_throw() == 5 and s.order == (1, 2, 0)


def test_one_to_four_dice_stand_and_three_throws_at_most() -> None:
    s: Any = new(2).apply_outcome(Roll(P("A A K D 9")))
    legal = s.legal_actions(0)
    assert Stop() in legal and Keep(P("A A")) in legal and Keep(P("A A K D")) in legal
    assert Keep(()) not in legal and Keep(P("A A K D 9")) not in legal
    with pytest.raises(IllegalAction) as e:
        s.apply_action(Keep(()), 0)
    assert translate(e.value.msgid, "de", **e.value.params) == "Lass 1 bis 4 Würfel stehen."
    s = s.apply_action(Keep(P("A A")), 0)
    assert s.dice_to_throw() == 3 and s.dice_standing() == P("A A")
    s = s.apply_outcome(Roll(P("A 9 10"))).apply_action(Keep(P("A A A")), 0).apply_outcome(Roll(P("K K")))
    # the third throw ends the turn: the hand lies open and its player may raise
    assert s.hands[0] == P("A A A K K") and s.to_move() == 0
    assert Check() in s.legal_actions(0)


def test_rethrowing_all_five_is_an_option() -> None:
    s = new(2, rethrow_all=True).apply_outcome(Roll(P("A A K D 9")))
    assert Keep(()) in s.legal_actions(0)
    assert s.apply_action(Keep(()), 0).dice_to_throw() == 5


# --- the raise protocol -------------------------------------------------------------------------------------------
def test_a_raise_is_answered_clockwise_and_a_pass_leaves_the_game() -> None:
    s = one_throw(new(3), "A A A K D")
    s = s.apply_action(Raise(4), 0)
    assert s.ledger.pot == 3 + 3 and s.to_move() == 1  # the others answer clockwise, blind
    assert set(s.legal_actions(1)) == {Call(), Fold()}
    s = s.apply_action(Fold(), 1)  # seat 1 passes: out, his chip stays in the pot
    s = s.apply_action(Call(), 2)
    assert s.ledger.players == (26, 29, 26) and s.ledger.pot == 9
    assert s.thrower() == 2  # seat 1 is skipped
    s = one_throw(s, "K K K 9 9")  # full house beats the trips
    assert s.to_move() == 2 and s.bet.level == 4
    s = s.apply_action(Check(), 2)
    assert s.game_no == 1 and s.ledger.players == (25, 28, 34)  # and the next game's stakes are in
    assert s.history[-1] == (0, 2, 9)
    assert s.starter == 2 and s.order == (2, 0, 1)  # the winner begins the next game
    assert s.ledger.pot == 3


def test_only_the_player_who_has_just_finished_may_raise_and_only_to_the_maximum() -> None:
    s = one_throw(new(2), "A A A K D")
    with pytest.raises(IllegalAction) as e:
        s.apply_action(Raise(7), 0)
    assert translate(e.value.msgid, "de", **e.value.params) == "Eine Erhöhung muss 2 bis 6 Chips erreichen."
    with pytest.raises(IllegalAction):
        s.apply_action(Call(), 1)
    s = s.apply_action(Raise(6), 0).apply_action(Call(), 1)
    s = one_throw(s, "9 9 10 J D")
    assert s.to_move() != 1 or not s.bet.pending  # at the maximum there is no raise left to offer
    assert s.game_no == 1 and s.ledger.players == (35, 23)


def test_the_last_player_left_takes_the_pot_at_once() -> None:
    s = one_throw(new(3), "A A A A K").apply_action(Raise(5), 0)
    s = s.apply_action(Fold(), 1).apply_action(Fold(), 2)
    assert s.game_no == 1 and s.ledger.players == (31, 28, 28)
    assert s.starter == 0 and s.dice_to_throw() == 5  # he begins the next game at once


def test_a_raise_after_the_second_throw_is_answered_by_the_first_who_sees_both_hands() -> None:
    s = one_throw(new(2), "D D 9 10 J").apply_action(Check(), 0)
    s = one_throw(s, "K K 9 10 J").apply_action(Raise(3), 1)
    assert s.to_move() == 0 and set(s.legal_actions(0)) == {Call(), Fold()}
    s = s.apply_action(Fold(), 0)
    assert s.ledger.players == (28, 30) and s.starter == 1


# --- the Stichrunde -----------------------------------------------------------------------------------------------
def test_absolutely_equal_best_hands_keep_the_pot_and_throw_off_without_stakes() -> None:
    s = one_throw(new(3), "K K 9 10 J").apply_action(Check(), 0)
    s = one_throw(s, "K K 9 10 J").apply_action(Check(), 1)
    s = one_throw(s, "D D 9 10 J").apply_action(Check(), 2)
    assert s.stich == 1 and s.order == (0, 1) and s.ledger.pot == 3  # the pot stays
    assert s.dice_to_throw() == 5 and s.game_no == 0
    s = one_throw(s, "A 9 10 J D")
    assert not s.bet.pending  # no raising in a Stichrunde
    s = one_throw(s, "9 9 10 J D")
    assert s.game_no == 1 and s.ledger.players == (28, 31, 28) and s.starter == 1


def test_a_stichrunde_that_ties_again_is_played_again() -> None:
    s = one_throw(new(2), "K K 9 10 J").apply_action(Check(), 0)
    s = one_throw(s, "K K 9 10 J").apply_action(Check(), 1)
    s = one_throw(one_throw(s, "A A K D J"), "A A K D J")
    assert s.stich == 2 and s.order == (0, 1) and s.ledger.pot == 2
    s = one_throw(one_throw(s, "A A K D J"), "A A K D 10")
    assert s.game_no == 1 and s.ledger.players == (30, 28)


def test_the_match_ends_after_its_games_and_chips_are_conserved() -> None:
    s: Any = new(2, games=2)
    for _ in range(2):
        s = one_throw(s, "A A A K D").apply_action(Check(), s.order[0])
        s = one_throw(s, "9 9 10 J D").apply_action(Check(), s.order[1])
    assert s.is_terminal() and s.payoffs() == (2, -2) and s.winners() == (0,) and s.losers() == (1,)
    assert sum(s.ledger.players) + s.ledger.pot == 60


# --- typed moves ----------------------------------------------------------------------------------------------------
def test_typed_moves() -> None:
    s = new(2).apply_outcome(Roll(P("A A K D 9")))
    assert s.parse_action_text("A A", 0) == Keep(P("A A"))
    assert s.parse_action_text("stop", 0) == Stop()
    s = s.apply_action(Stop(), 0)
    assert s.parse_action_text("erhöhen 4", 0) == Raise(4)
    assert s.parse_action_text("nein", 0) == Check()
    s = s.apply_action(Raise(4), 0)
    assert s.parse_action_text("mitgehen", 1) == Call()
    assert s.parse_action_text("passen", 1) == Fold()
    with pytest.raises(IllegalAction):
        s.parse_action_text("vielleicht", 1)


def test_words_of_the_moves() -> None:
    s = new(2).apply_outcome(Roll(P("A A K D 9")))
    assert s.describe_action(Stop(), "de") == "aufhören: Ein Paar Asse, König Dame Neun"
    assert s.describe_action(Keep(P("A A")), "de") == "A A stehen lassen, 3 neu werfen"


def test_quint_and_joker_come_from_the_shared_poker_rules_block() -> None:
    from wuerfel.games.hasard.poker import PokerRules

    info = get_game("offenes-wuerfelpoker")
    rules = info.load_rules("offenes-mit-quint", None)
    assert isinstance(rules, PokerRules) and rules.quint and not rules.joker
    assert info.load_rules("offenes-joker-poker", None).joker
    assert info.odds is not None
    assert "quint" in {c.key for c in info.odds(rules).classes}  # `wuerfel odds` follows the block
    assert "quint" not in {c.key for c in info.odds(info.load_rules(None, None)).classes}
