"""Würfelpoker (Hasard 23): every sentence and example of the text as a test, the spec's resolutions (Nichts,
odd chips, throws, the Sequenz order option), the raising variant, chips conserved, the bot and the hints."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wuerfel.engine.errors import IllegalAction, RuleError
from wuerfel.engine.game import TERMINAL, Roll
from wuerfel.engine.odds import class_probabilities
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import random_playthrough
from wuerfel.games.hasard.poker import DRILLING, FUENFLING, FULL_HOUSE, NICHTS, PAAR, VIERLING, ZWEI_PAARE
from wuerfel.games.hasard.poker_bots import PokerRoundAdvisor, PokerRoundBot
from wuerfel.games.hasard.poker_round import betting_decision
from wuerfel.games.hasard.wuerfelpoker import SEQUENZ, WuerfelpokerState, wuerfelpoker_key
from wuerfel.games.kit.betting import Call, Check, Fold, Raise
from wuerfel.games.kit.hand_round import Stop
from wuerfel.games.kit.keeps import Keep
from wuerfel.games.kit.lot import Lot


def key(text: str, low_high: bool = True) -> tuple[int, ...]:
    return wuerfelpoker_key(tuple(sorted(int(c) for c in text.split())), low_high)


def new_state(n: int = 3, **overrides: object) -> WuerfelpokerState:
    info = get_game("wuerfelpoker")
    rules = info.load_rules("wuerfelpoker", {"start": "first_seat", **overrides})
    s = info.new_game(rules, n).new_initial_state()
    assert isinstance(s, WuerfelpokerState)
    return s


def throw(s: WuerfelpokerState, *hands: str) -> WuerfelpokerState:
    for h in hands:
        s = s.apply_outcome(Roll(tuple(int(c) for c in h.split())))  # type: ignore[assignment]
    return s


# --- the ranking (text: "von der niedrigsten bis zur höchsten") ------------------------------------------------------
def test_classes_low_to_high_as_the_text_lists_them() -> None:
    order = ["1 1 2 3 5", "1 1 2 2 3", "1 1 1 2 3", "2 3 4 5 6", "1 1 1 2 2", "1 1 1 1 2", "1 1 1 1 1"]
    keys = [key(h) for h in order]
    assert [k[0] for k in keys] == [PAAR, ZWEI_PAARE, DRILLING, SEQUENZ, FULL_HOUSE, VIERLING, FUENFLING]
    assert keys == sorted(keys)


def test_pair_higher_pips_then_dead_dice_one_by_one() -> None:
    # "Haben 2 Spieler ein Paar, so gewinnt das mit dem höheren Augenzahl. Sind die Paare gleichwertig, entscheidet
    # der höchste der 3 toten Würfel, bei weiterer Gleichheit der zweithöchste und dann der dritthöchste."
    assert key("5 5 1 2 3") > key("4 4 6 3 2")
    assert key("5 5 6 2 1") > key("5 5 4 3 2")
    assert key("5 5 6 3 1") > key("5 5 6 2 1")
    assert key("5 5 6 3 2") > key("5 5 6 3 1")


def test_two_pairs_dead_die_drilling_dead_dice_full_house_pair_four_dead_die() -> None:
    assert key("6 6 2 2 5") > key("6 6 2 2 4")  # "entscheidet der tote Würfel"
    assert key("4 4 4 6 1") > key("4 4 4 5 3")  # "Bei gleichen Drillingen entscheiden wieder die toten Würfel"
    assert key("3 3 3 6 6") > key("3 3 3 5 5")  # "Bei gleichwertigen Drillingen entscheidet der Wert des Paares"
    assert key("2 2 2 2 6") > key("2 2 2 2 5")  # "Bei gleichen Vierlingen entscheidet der tote Würfel"


def test_low_sequence_beats_high_sequence_as_written_and_the_option_reverses_it() -> None:
    # "1-2-3-4-5 ist höher als 2-3-4-5-6"; spec A's vector 1-2-3-4-5 → 2-3-4-5-6 → 6-6-6-5-4
    assert key("1 2 3 4 5") > key("2 3 4 5 6") > key("6 6 6 5 4")
    assert key("2 3 4 5 6", low_high=False) > key("1 2 3 4 5", low_high=False) > key("6 6 6 5 4", False)


def test_nothing_is_class_zero_below_a_pair_compared_die_by_die() -> None:
    assert key("6 5 4 3 1")[0] == NICHTS
    assert key("1 1 2 3 4") > key("6 5 4 3 1") > key("6 5 4 2 1")


def test_odds_of_one_throw_with_the_sequenz() -> None:
    info = get_game("wuerfelpoker")
    probs = {c.key: p for c, p in class_probabilities(info.odds(info.load_rules("wuerfelpoker")))}
    assert sum(probs.values()) == 1
    assert probs["nothing"] == Fraction(480, 7776)
    assert probs["sequence"] == Fraction(240, 7776)
    assert probs["five_alike"] == Fraction(6, 7776)
    assert probs["pair"] == Fraction(3600, 7776)


# --- the round ---------------------------------------------------------------------------------------------------
def test_everyone_pays_the_same_stake_then_one_throw_each_in_turn_and_the_best_takes_the_pot() -> None:
    # "Jeder bezahlt an die Kasse einen gleichhohen Einsatz und dann wird reihum gewürfelt."
    s = new_state(3, rounds=1)
    assert s.ledger.pot == 3 and s.ledger.players == (19, 19, 19)
    assert s.is_chance() and s.thrower() == 0 and s.dice_to_throw() == 5
    s = throw(s, "1 1 2 3 4", "6 6 6 2 3")
    assert s.thrower() == 2
    s = throw(s, "2 2 5 5 1")
    assert s.to_move() == TERMINAL and s.ledger.players == (19, 22, 19) and s.ledger.pot == 0
    assert s.payoffs() == (-1, 2, -1) and s.winners() == (1,)


def test_equal_best_hands_split_the_pot_and_odd_chips_stay_for_the_next_round() -> None:
    # "Haben 2 oder mehrere Spieler absolut gleiche Pokerkombinationen, so wird der Pott geteilt."
    s = new_state(3, rounds=2)
    s = throw(s, "4 4 4 2 2", "2 2 4 4 4", "6 5 4 3 1")
    # 20, 20, 19 after the split; the odd chip stays in the pot, and round 2's antes join it
    assert s.ledger.players == (19, 19, 18) and s.ledger.pot == 1 + 3
    assert s.round_no == 1 and s.starter == 0  # the first of the tied begins the next round
    s = throw(s, "6 6 1 2 3", "5 5 1 2 3", "1 1 2 3 4")
    assert s.is_terminal() and s.ledger.players == (23, 19, 18) and sum(s.payoffs()) == 0


def test_odd_chips_of_a_split_in_the_last_round_are_thrown_off() -> None:
    s = new_state(3, rounds=1)
    s = throw(s, "3 3 3 1 1", "1 1 3 3 3", "6 5 4 3 1")
    assert not s.is_terminal() and s.stich == 1 and s.odd_chips and s.ledger.pot == 1
    assert s.order == (0, 1) and s.thrower() == 0
    s = throw(s, "1 1 2 3 4", "6 6 2 3 4")
    assert s.is_terminal() and s.ledger.players == (20, 21, 19) and s.ledger.pot == 0


def test_throws_option_keeps_one_to_four_dice_as_in_open_dice_poker() -> None:
    s = new_state(2, throws=3, rounds=1)
    s = throw(s, "6 6 1 2 3")
    assert s.to_move() == 0 and Stop() in s.legal_actions()
    assert Keep((6, 6)) in s.legal_actions() and Keep(()) not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply_action(Keep((1, 2, 3, 6, 6)), 0)
    s = s.apply_action(Keep((6, 6)), 0)  # type: ignore[assignment]
    assert s.dice_to_throw() == 3 and s.dice_standing() == (6, 6)
    s = throw(s, "6 4 5")
    s = s.apply_action(Stop(), 0)  # type: ignore[assignment]
    assert s.thrower() == 1 and s.hands[0] == (4, 5, 6, 6, 6)


def test_throws_out_of_range_is_refused_by_name() -> None:
    with pytest.raises(RuleError) as err:
        get_game("wuerfelpoker").load_rules("wuerfelpoker", {"throws": 4})
    assert err.value.params["key"] == "throws"


# --- the raising variant -----------------------------------------------------------------------------------------
def test_raising_others_call_or_pass_and_a_lone_player_takes_the_pot() -> None:
    # "Ein Spieler, der eine hochwertige Kombination gewürfelt hat, erhöht seinen Einsatz. Die anderen müssen dann
    # entweder mitgehen oder passen (ausscheiden)."
    s = new_state(3, raising=True, rounds=1)
    s = throw(s, "6 6 6 6 2")
    assert s.to_move() == 0 and Check() in s.legal_actions()
    s = s.apply_action(Raise(4), 0)  # type: ignore[assignment]
    assert s.to_move() == 1 and set(s.legal_actions()) == {Call(), Fold()}
    s = s.apply_action(Call(), 1)  # type: ignore[assignment]
    s = s.apply_action(Fold(), 2)  # type: ignore[assignment]
    assert s.ledger.pot == 4 + 4 + 1 and s.thrower() == 1  # the passed seat 2 throws no more
    s = throw(s, "5 5 5 5 5")
    s = s.apply_action(Check(), 1)  # type: ignore[assignment]
    assert s.is_terminal() and s.ledger.players == (16, 25, 19)


def test_without_the_variant_nobody_is_offered_a_raise() -> None:
    s = throw(new_state(2, rounds=1), "6 6 6 6 2")
    assert s.is_chance() and s.thrower() == 1


# --- bots and hints ----------------------------------------------------------------------------------------------
def test_betting_decision_is_one_stated_rule() -> None:
    s = throw(new_state(3, raising=True, rounds=1), "6 6 6 6 6")
    assert betting_decision(s, 0, 0.9) == Raise(6)
    assert betting_decision(s, 0, 0.2) == Check()
    s = s.apply_action(Raise(6), 0)  # type: ignore[assignment]
    assert betting_decision(s, 1, None) == Fold()  # blind: 5 to pay into a pot of 8
    assert betting_decision(s, 1, 0.5) == Call()


def test_bot_and_hints_on_a_raise() -> None:
    s = throw(new_state(2, raising=True, rounds=1), "6 6 6 6 6")
    advice = PokerRoundAdvisor(s.game).advise(s, 0)
    assert advice[0].action == Raise(6)
    assert PokerRoundBot(s.game, 1).choose(s, 0) == Raise(6)


@pytest.mark.parametrize("overrides", [{}, {"raising": True}, {"throws": 3, "raising": True}])
def test_random_games_conserve_chips(overrides: dict[str, object]) -> None:
    info = get_game("wuerfelpoker")
    rules = info.load_rules("wuerfelpoker", overrides)
    for seed in range(3):
        match = random_playthrough(
            Match.new("wuerfelpoker", "wuerfelpoker", ["A", "B", "C", "D"], rules=rules), seed, chips=True
        )
        end = match.state
        assert isinstance(end, WuerfelpokerState)
        assert end.is_terminal() and sum(end.payoffs()) == 0 and end.ledger.pot == 0


def test_the_lot_chooses_who_begins() -> None:
    info = get_game("wuerfelpoker")
    s = info.new_game(info.load_rules("wuerfelpoker"), 3).new_initial_state()
    s = s.apply_outcome(Lot(2))
    assert isinstance(s, WuerfelpokerState) and s.thrower() == 2 and s.order == (2, 0, 1)


def test_the_betting_decision_plugs_in_through_one_method() -> None:
    class NeverRaise(PokerRoundBot):
        def decide_bet(self, state: object, seat: int, chance: float | None) -> Check:
            return Check()

    s = throw(new_state(2, raising=True, rounds=1), "6 6 6 6 6")
    assert NeverRaise(s.game, 0).choose(s, 0) == Check()


def test_a_throw_is_named_highest_first_without_a_sum() -> None:
    assert new_state(2).describe_outcome(Roll((1, 5, 3, 5, 2))) == "5 5 3 2 1"
