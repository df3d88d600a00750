"""Every option of spec §1.1 and §1.3–§1.8 that acts on turns and games: each test fails if the option is ignored."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from wuerfel.engine.errors import IllegalAction, RuleError
from wuerfel.engine.game import Roll
from wuerfel.games.kit.void import Void
from wuerfel.games.zehntausend.actions import (
    Bank,
    Continue,
    Decline,
    GiveUp,
    Knock,
    Rethrow,
    Select,
    TakeOver,
    TurnFives,
)
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.state import ZehntausendState

from .game_helpers import act, bank, new, points_of, refused, roll, rules, take, throw, void

E = "zehntausend-einfach"
M = "macke-klassisch"


# --- [dice], [game] ----------------------------------------------------------------------------------------------


def test_dice_count_fills_the_cup() -> None:
    assert new(E).dice_to_throw() == 5
    assert new(E, overrides={"dice": {"count": 6}}).dice_to_throw() == 6


@pytest.mark.parametrize(("reach", "ends"), [("at_least", True), ("more_than", False)])
def test_target_and_reach(reach: str, ends: bool) -> None:
    s = new(M, overrides={"game": {"reach": reach, "end_rule": "immediate", "target": 5000}}, scores_=(4900, 0))
    s = bank(take(throw(s, 1, 2, 3, 6, 6), 1))
    assert s.scores_[0] == 5000
    assert s.is_terminal() is ends


def test_end_rule_immediate_versus_finish_round() -> None:
    for end_rule, terminal in (("immediate", True), ("finish_round", False)):
        s = new(M, n=3, overrides={"game": {"end_rule": end_rule}}, scores_=(9900, 0, 0))
        s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))
        assert s.is_terminal() is terminal
        if terminal:
            assert s.winners() == (0,)
        else:
            assert s.end_triggered and s.player == 1


def test_finish_round_players_before_the_trigger_player_get_no_extra_turn() -> None:
    s = new(M, n=3, scores_=(0, 9900, 0))
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))  # seat 0
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))  # seat 1 reaches 10,000
    assert s.end_triggered and s.player == 2
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))  # seat 2 is the last of the round
    assert s.is_terminal() and s.winners() == (1,)


def _tie_game(tie: str) -> object:
    """Seat 0 reaches 10,000 first, seat 1 ties at 10,000 in the same round."""
    s = new(M, overrides={"game": {"tie": tie}}, scores_=(9900, 9900))
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))
    return s


def test_tie_shared() -> None:
    s = _tie_game("shared")
    assert s.is_terminal() and s.winners() == (0, 1)  # type: ignore[attr-defined]


def test_tie_first_to_reach() -> None:
    s = _tie_game("first_to_reach")
    assert s.is_terminal() and s.winners() == (0,)  # type: ignore[attr-defined]


def test_tie_extra_round() -> None:
    s = _tie_game("extra_round")
    assert not s.is_terminal() and s.extra == (0, 1) and s.player == 0  # type: ignore[attr-defined]
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))  # type: ignore[arg-type]
    s = throw(s, 2, 3, 4, 6, 6)  # seat 1 busts (macke: −0)
    assert s.is_terminal() and s.winners() == (0,)


def test_tie_extra_round_only_tied_players_play() -> None:
    s = new(M, n=3, overrides={"game": {"tie": "extra_round"}}, scores_=(9900, 0, 9900))
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))
    assert s.extra == (0, 2) and s.player == 0
    s = bank(take(throw(s, 5, 2, 2, 3, 6), 5))
    assert s.player == 2  # seat 1 is out of the tie-break
    s = bank(take(throw(s, 1, 2, 2, 3, 6), 1))
    assert s.is_terminal() and s.winners() == (2,)


def test_min_players_and_solo() -> None:
    with pytest.raises(RuleError):
        ZehntausendGame(rules(E), 1)
    with pytest.raises(RuleError):
        ZehntausendGame(rules("zehntausend-350-solo"), 2)
    s = ZehntausendGame(rules("zehntausend-350-solo"), 1).new_initial_state()
    assert s.player == 0 and s.threshold == 350


def test_solo_threshold_is_the_own_previous_turn_and_turns_are_counted() -> None:
    s = new("zehntausend-350-solo", n=1)
    s = bank(take(throw(s, 1, 1, 1, 2, 3, 4), 1, 1, 1))
    assert s.threshold == 1001 and s.turns == (1,) and s.player == 0
    s = throw(s, 2, 2, 3, 4, 6, 6)  # Niete (a bust is a turn, and the next needs 350 again)
    assert s.turns == (2,) and s.threshold == 350


# --- [selection] --------------------------------------------------------------------------------------------------


def test_selection_rule_all_scoring_forces_the_best_selection() -> None:
    free = throw(new(E), 1, 5, 2, 3, 4)
    assert set(points_of(free)) == {((1,), 0), ((5,), 0), ((1, 5), 0)}
    forced = throw(new(E, overrides={"selection": {"rule": "all_scoring"}}), 1, 5, 2, 3, 4)
    assert points_of(forced) == {((1, 5), 0): 150}
    refused(forced, Select((1,)), "You must set aside all scoring dice")


def test_selection_model_literal_scores_the_whole_throw() -> None:
    lit = throw(new(M, overrides={"selection": {"model": "macke_literal"}}), 1, 5, 4, 4, 4)
    assert {a.dice: c.points for a, c in lit.choices()} == {(1, 5): 550, (1,): 550, (5,): 550}
    s = take(lit, 1)
    assert (s.turn_total, s.cup) == (550, 4)  # the 4-4-4 go back into the cup
    std = throw(new(M), 1, 5, 4, 4, 4)
    assert take(std, 1).turn_total == 100
    refused(lit, Select((4, 4, 4)), "Only dice showing 1 or 5")


def test_five_pair_to_one_and_converted_one_combines() -> None:
    off = throw(new(E), 1, 1, 5, 5, 2)
    assert ((1, 1, 5, 5), 1) not in points_of(off)
    refused(off, Select((1, 1, 5, 5), 1), "not allowed")
    on = throw(new("einfach+5er-drehen"), 1, 1, 5, 5, 2)
    assert points_of(on)[((1, 1, 5, 5), 1)] == 300  # a plain 100-point die
    s = take(on, 1, 1, 5, 5, k=1)
    assert (s.turn_total, s.cup) == (300, 2)
    comb = throw(new("einfach+5er-drehen", overrides={"selection": {"converted_one_combines": True}}), 1, 1, 5, 5, 2)
    assert points_of(comb)[((1, 1, 5, 5), 1)] == 1000  # the turned 1 completes 1-1-1


def test_five_turn_timing_any_time() -> None:
    on_set_aside = take(throw(new("einfach+5er-drehen"), 5, 5, 2, 3, 4), 5, 5)
    assert TurnFives() not in on_set_aside.legal_actions()
    refused(on_set_aside, TurnFives(), "only be turned into a 1 when they are set aside")
    any_time = take(
        throw(new("einfach+5er-drehen", overrides={"selection": {"five_turn_timing": "any_time"}}), 5, 5, 2, 3, 4), 5, 5
    )
    assert TurnFives() in any_time.legal_actions() and any_time.cup == 3
    turned = act(any_time, TurnFives())
    assert (turned.cup, turned.turn_total, turned.turn.turnable) == (4, 100, 0)
    refused(turned, TurnFives(), "no pair of 5s")


# --- [turn] -------------------------------------------------------------------------------------------------------


def test_hot_dice() -> None:
    on = take(throw(new(E), 1, 1, 5, 5, 1), 1, 1, 1, 5, 5)
    assert on.cup == 5 and on.node == "decide" and on.player == 0
    off = new(E, overrides={"turn": {"hot_dice": False}, "proof": {"enabled": False}})
    off = take(throw(off, 1, 1, 5, 5, 1), 1, 1, 1, 5, 5)
    assert off.player == 1 and off.scores_ == (1100, 0)  # nothing left to throw: banked


def test_max_throws() -> None:
    s = new(M, overrides={"turn": {"max_throws": 2}})
    s = take(throw(s, 1, 2, 3, 6, 6), 1)
    assert Continue() in s.legal_actions()
    s = take(throw(roll(s), 5, 2, 3, 6), 5)
    assert s.player == 1 and s.scores_ == (150, 0)  # must stop after the 2nd throw
    unlimited = take(throw(roll(take(throw(new(M), 1, 2, 3, 6, 6), 1)), 5, 2, 3, 6), 5)
    assert unlimited.player == 0 and Continue() in unlimited.legal_actions()


def test_max_throws_with_pending_proof_busts() -> None:
    s = new("macke-klassisch+beweisen", overrides={"turn": {"max_throws": 1}})
    s = take(throw(s, 2, 2, 2, 3, 4), 2, 2, 2)
    assert s.player == 1 and s.scores_ == (-200, 0)


def test_min_bank() -> None:
    s = take(throw(new(M, overrides={"turn": {"min_bank": 350}}), 1, 2, 3, 6, 6), 1)
    refused(s, Bank(), "You need at least 350 to stop", "Du brauchst mindestens 350")
    assert GiveUp() not in s.legal_actions()
    refused(s, GiveUp(), "Giving up is not allowed")
    assert Bank() in take(throw(new(M), 1, 2, 3, 6, 6), 1).legal_actions()


def test_stop_below_threshold_counts_as_bust() -> None:
    s = take(throw(new("macke-klassisch+350"), 1, 2, 3, 6, 6), 1)
    assert GiveUp() in s.legal_actions() and Bank() not in s.legal_actions()
    s = act(s, GiveUp())
    assert s.scores_ == (-100, 0) and s.player == 1  # negate: the turn total is subtracted


def test_give_up_only_when_the_threshold_is_the_only_blocker() -> None:
    s = new("macke-klassisch+beweisen", overrides={"turn": {"min_bank": 350, "stop_below_threshold": "counts_as_bust"}})
    s = take(throw(s, 2, 2, 2, 3, 4), 2, 2, 2)  # proof pending and below 350
    assert GiveUp() not in s.legal_actions()
    refused(s, GiveUp(), "only thing that keeps you from stopping")


def test_max_dice_left_to_bank() -> None:
    s = take(throw(new("einfach+verschaerft"), 1, 1, 1, 2, 3), 1, 1, 1)
    assert s.can_bank()  # 1000, 2 dice left
    s3 = take(throw(new("einfach+verschaerft"), 1, 1, 1, 1, 3), 1, 1, 1)  # leaves a 1 and a 3 … 2 dice
    assert s3.can_bank()
    s4 = take(throw(new("einfach+verschaerft"), 1, 5, 5, 2, 3), 1, 5, 5)
    assert s4.turn_total == 200
    s5 = take(throw(new("einfach+verschaerft", overrides={"turn": {"min_bank": 0}}), 1, 2, 3, 4, 6), 1)
    refused(s5, Bank(), "at most 2 dice left, not 4", "höchstens 2")
    assert Bank() in take(throw(new(E, overrides={"proof": {"enabled": False}}), 1, 2, 3, 4, 6), 1).legal_actions()


def test_beat_predecessor_and_fallback() -> None:
    s = new("einfach+steigerung", n=2)
    assert s.threshold == 0
    s = bank(take(throw(s, 1, 2, 3, 4, 6), 1))
    assert s.threshold == 101
    s2 = take(throw(s, 5, 2, 3, 4, 6), 5)
    refused(s2, Bank(), "more than the previous turn's 100")
    plain = bank(take(throw(new(E), 1, 2, 3, 4, 6), 1))
    assert plain.threshold == 0
    fb = new(E, overrides={"turn": {"beat_predecessor": True, "beat_fallback": 300}})
    assert fb.threshold == 300


@pytest.mark.parametrize(("bust", "expected"), [("forfeit", 0), ("negate", -100)])
def test_bust_forfeit_or_negate(bust: str, expected: int) -> None:
    s = take(throw(new(M, overrides={"turn": {"bust": bust}}), 1, 2, 3, 6, 6), 1)
    s = throw(roll(s), 2, 3, 4, 6)
    assert s.scores_ == (expected, 0)


@pytest.mark.parametrize(("mode", "score", "player"), [("normal", 0, 1), ("minus", -1000, 1), ("nix", 1000, 1)])
def test_first_throw_niete(mode: str, score: int, player: int) -> None:
    s = new(E, overrides={"turn": {"first_throw_niete": mode}})
    s = throw(s, 2, 3, 4, 6, 6)
    assert s.scores_ == (score, 0) and s.player == player


def test_first_throw_niete_only_on_the_first_throw_and_points_configurable() -> None:
    s = new(E, overrides={"turn": {"first_throw_niete": "minus", "first_throw_points": 500}})
    assert throw(s, 2, 3, 4, 6, 6).scores_ == (-500, 0)
    later = throw(roll(take(throw(s, 1, 2, 3, 4, 6), 1)), 2, 3, 4, 6)
    assert later.scores_ == (0, 0)


def test_nix_counts_as_a_bank_for_the_successor() -> None:
    s = new(E, overrides={"turn": {"first_throw_niete": "nix", "beat_predecessor": True}})
    s = throw(s, 2, 3, 4, 6, 6)
    assert s.threshold == 1001 and s.last_kind == "nix"


# --- [proof], [confirm], [extension] -----------------------------------------------------------------------------


def test_proof_enabled() -> None:
    on = take(throw(new(E), 5, 5, 5, 2, 3), 5, 5, 5)
    assert on.proof_pending and not on.can_bank()
    off = take(throw(new(E, overrides={"proof": {"enabled": False}}), 5, 5, 5, 2, 3), 5, 5, 5)
    assert not off.proof_pending and off.can_bank()


def test_proof_same_throw() -> None:
    later = take(throw(new(E), 5, 5, 5, 1, 3), 1, 5, 5, 5)
    assert later.proof_pending
    same = take(throw(new(E, overrides={"proof": {"same_throw": True}}), 5, 5, 5, 1, 3), 1, 5, 5, 5)
    assert not same.proof_pending and same.can_bank()


def test_proof_extension_does_not_prove() -> None:
    s = new(E, overrides={"extension": {"enabled": True}, "scoring": {"kind": {"rule": "doubling", "explicit": {}}}})
    s = take(throw(s, 5, 5, 5, 2, 3), 5, 5, 5)
    s = take(throw(roll(s), 5, 3), 5)  # the 5 extends 5-5-5 (EXT): no proving die
    assert s.turn_total == 1000 and s.proof_pending


def test_confirm_trigger_all_dice_set_aside_over_several_throws() -> None:
    s = take(throw(new("zehntausend-350"), 1, 2, 2, 3, 4, 6), 1)
    s = take(throw(roll(s), 1, 5, 5, 5, 1), 1, 1, 5, 5, 5)  # all six set aside over two throws
    assert s.confirm_need == 350 and s.cup == 6


def test_confirm_trigger_full_throw_all_scored() -> None:
    ov = {
        "proof": {"enabled": False},
        "dice": {"count": 6},
        "confirm": {"enabled": True, "trigger": "full_throw_all_scored", "min_points": 50},
    }
    s = take(throw(new(E, overrides=ov), 1, 2, 2, 3, 4, 6), 1)
    s = take(throw(roll(s), 1, 5, 5, 5, 1), 1, 1, 5, 5, 5)
    assert s.confirm_need is None and s.cup == 6  # hot dice over two throws: no confirmation
    one = take(throw(new(E, overrides=ov), 1, 1, 1, 5, 5, 5), 1, 1, 1, 5, 5, 5)
    assert one.confirm_need == 50
    part = take(throw(new(E, overrides=ov), 1, 1, 1, 5, 5, 5), 1, 1, 1)
    assert part.confirm_need is None


def test_confirm_trigger_throw_all_scoring_fires_on_partial_selection() -> None:
    s = take(throw(new("einfach-6+verdoppeln+bestaetigen"), 1, 1, 1, 5, 5, 5), 1)
    assert s.confirm_need == 50
    s2 = take(throw(new("zehntausend-350"), 1, 1, 1, 5, 5, 5), 1)
    assert s2.confirm_need is None  # all_dice_set_aside: nothing confirmed until the cup is empty


def test_confirm_min_points_filters_selections() -> None:
    s = take(throw(new("zehntausend-350"), 1, 2, 3, 4, 5, 6), 1, 2, 3, 4, 5, 6)
    s = throw(roll(s), 1, 5, 5, 2, 3, 4)
    pts = points_of(s)
    assert all(p >= 350 for p in pts.values()) and ((1,), 0) not in pts
    refused(s, Select((1,)), "must bring at least 350", "mindestens 350")


def test_confirm_scope_accumulated() -> None:
    ov = {"confirm": {"scope": "accumulated"}}
    s = take(throw(new("zehntausend-350", overrides=ov), 1, 2, 3, 4, 5, 6), 1, 2, 3, 4, 5, 6)
    s = take(throw(roll(s), 1, 2, 2, 3, 4, 6), 1)  # 100 is legal: accumulated
    assert s.confirm_need == 250 and not s.can_bank()
    s = take(throw(roll(s), 1, 1, 1, 2, 3), 1, 1, 1)
    assert s.confirm_need is None and s.can_bank()


def test_extension_enabled_and_value() -> None:
    base = {"proof": {"enabled": False}, "scoring": {"kind": {"rule": "doubling", "explicit": {}}}}
    off = take(throw(new(E, overrides=base), 4, 4, 4, 2, 3), 4, 4, 4)
    off = throw(roll(off), 4, 3)
    assert off.player == 1  # without extension a lone 4 is a Niete
    dbl = take(throw(new(E, overrides=base | {"extension": {"enabled": True}}), 4, 4, 4, 2, 3), 4, 4, 4)
    assert take(throw(roll(dbl), 4, 4), 4, 4).turn_total == 400 + 400 * 3  # ×2 per die
    kt = take(
        throw(new(E, overrides=base | {"extension": {"enabled": True, "value": "kind_table"}}), 4, 4, 4, 2, 3), 4, 4, 4
    )
    assert take(throw(roll(kt), 4, 4), 4, 4).turn_total == 1600  # kv(4,5) = 1600 with doubling


def test_extension_across_hot_dice() -> None:
    base = {"proof": {"enabled": False}, "scoring": {"kind": {"rule": "doubling", "explicit": {}}}}
    for across, legal in ((True, True), (False, False)):
        s = new(E, overrides=base | {"extension": {"enabled": True, "across_hot_dice": across}})
        s = take(throw(s, 4, 4, 4, 1, 5), 4, 4, 4, 1, 5)  # hot dice
        s = throw(roll(s), 4, 2, 3, 6, 6)
        assert (((4,), 0) in points_of(s)) is legal


# --- [minus_marks], [takeover] -----------------------------------------------------------------------------------


def test_minus_marks_three_busts_cost_1000_and_a_bank_resets() -> None:
    s = new("zehntausend-350", n=1, overrides={"game": {"mode": "solo", "min_players": 1}})
    for i in range(3):
        s = throw(s, 2, 2, 3, 4, 6, 6)
        assert s.minus == ((i + 1) % 3,)
    assert s.scores_ == (-1000,)
    s = throw(s, 2, 2, 3, 4, 6, 6)
    s = bank(take(throw(s, 1, 1, 1, 2, 3, 4), 1, 1, 1))
    assert s.minus == (0,)
    plain = throw(new(E, n=2), 2, 2, 3, 4, 6)
    assert plain.minus == (0, 0)


def test_takeover_enabled_and_only_for_the_next_player() -> None:
    s = bank(take(throw(new("einfach+uebernehmen", n=3, overrides={"proof": {"enabled": False}}), 1, 2, 3, 4, 6), 1))
    assert s.node == "offer" and s.offer == (100, 4)
    s = act(s, Decline())
    assert s.offer is None and s.node == "throw" and s.turn_total == 0
    s = throw(s, 2, 3, 4, 6, 6)  # seat 1 busts
    assert s.player == 2 and s.node == "throw"  # no offer after a bust
    refused(s.apply_outcome(Roll((1, 2, 3, 4, 6))), TakeOver(), "no turn to take over")  # type: ignore[arg-type]
    none = bank(take(throw(new(E, overrides={"proof": {"enabled": False}}), 1, 2, 3, 4, 6), 1))
    assert none.node == "throw" and none.offer is None


def test_takeover_after_hot_dice_is_all_dice() -> None:
    s = new("einfach+uebernehmen", overrides={"proof": {"enabled": False}})
    s = bank(take(throw(s, 1, 1, 5, 5, 1), 1, 1, 1, 5, 5))
    assert s.offer == (1100, 5)
    t = act(s, TakeOver())
    assert (t.turn_total, t.cup, t.turn.first) == (1100, 5, False)
    assert throw(t, 2, 3, 4, 6, 6).scores_ == (1100, 0)  # no first-throw rule in a taken-over turn


# --- [mishap] ----------------------------------------------------------------------------------------------------


def test_mishap_off_has_no_void_outcomes() -> None:
    assert all(isinstance(o, Roll) for o, _ in new(E).chance_outcomes())


def test_mishap_scorekeeper_void_is_a_zero_probability_outcome() -> None:
    s = new("einfach+hausbau")
    voids = [(o, p) for o, p in s.chance_outcomes() if isinstance(o, Void)]
    assert {o.reason for o, _ in voids} == {"brennt", "tuermchen", "vom_tisch"} and all(p == 0 for _, p in voids)
    assert sum(p for _, p in s.chance_outcomes()) == 1
    assert s.parse_outcome("b") == Void("brennt") and s.parse_outcome("3 3 1 5 6") == Roll((1, 3, 3, 5, 6))


def test_mishap_simulated_probability() -> None:
    s = new(E, overrides={"mishap": {"mode": "simulated", "probability": 0.05}})
    out = dict(s.chance_outcomes())
    assert out[Void("tuermchen")] == Fraction(1, 20)
    assert sum(out.values()) == 1


def test_void_does_not_count_as_a_throw_nor_as_the_first() -> None:
    s = new("einfach+hausbau", overrides={"turn": {"first_throw_niete": "minus", "max_throws": 1}})
    s = void(s, "brennt")
    assert s.node == "throw" and s.turn.throws == 0 and s.turn.first and s.dice_to_throw() == 5
    s = throw(s, 2, 3, 4, 6, 6)
    assert s.scores_ == (-1000, 0)


def test_penalty_streak_bust_turn_hausbau() -> None:
    s = take(throw(new("einfach+hausbau"), 1, 2, 3, 4, 6), 1)
    s = roll(s)
    s = void(void(s, "tuermchen"), "vom_tisch")
    assert s.player == 0 and s.turn.voids == 2
    s = void(s, "brennt")
    assert s.player == 1 and s.scores_ == (0, 0)


def test_penalty_streak_deduct_points_each_after_threshold_and_reset() -> None:
    ov = {
        "mishap": {
            "mode": "scorekeeper",
            "penalty_streak": 2,
            "penalty_effect": "deduct_points",
            "penalty_points": 1000,
        }
    }
    s = void(void(void(new(E, overrides=ov), "brennt"), "brennt"), "brennt")
    assert s.scores_ == (-2000, 0) and s.player == 0  # 2nd and 3rd void each cost 1000; the turn goes on
    ov["mishap"]["penalty_repeat"] = "reset"
    r = void(void(void(new(E, overrides=ov), "brennt"), "brennt"), "brennt")
    assert r.scores_ == (-1000, 0)


def test_penalty_effect_none() -> None:
    ov = {"mishap": {"mode": "scorekeeper", "penalty_streak": 1, "penalty_effect": "none"}}
    s = void(new(E, overrides=ov), "brennt")
    assert s.scores_ == (0, 0) and s.player == 0


def test_skip_next_turn() -> None:
    ov = {"mishap": {"mode": "scorekeeper", "penalty_streak": 1, "penalty_effect": "bust_turn", "skip_next_turn": True}}
    s = void(new(E, overrides=ov), "brennt")
    assert s.player == 1 and s.skip == (True, False)
    s = throw(s, 2, 3, 4, 6, 6)
    assert s.player == 1 and s.skip == (False, False)  # seat 0 sits out
    ov["mishap"]["skip_next_turn"] = False
    assert throw(void(new(E, overrides=ov), "brennt"), 2, 3, 4, 6, 6).player == 0


def test_knock() -> None:
    s = new("einfach+klopfen")
    k = void(s, "tuermchen")
    assert k.node == "knock" and k.legal_actions() == (Knock(), Rethrow())
    flat = throw(act(k, Knock()), 1, 2, 3, 4, 6)
    assert flat.node == "select" and flat.turn.voids == 0
    still = void(act(k, Knock()), "tuermchen")
    assert still.node == "throw" and still.turn.voids == 1
    with pytest.raises(IllegalAction):
        act(k, Knock()).apply_outcome(Void("brennt"))
    assert void(act(k, Rethrow()), "tuermchen").node == "knock"  # a new throw may be knocked on again
    no_knock = void(new("einfach+hausbau"), "tuermchen")
    assert no_knock.node == "throw" and no_knock.turn.voids == 1


def test_knock_success_in_simulated_mode() -> None:
    s = new(E, overrides={"mishap": {"mode": "simulated", "probability": 0.1, "knock": True, "knock_success": 0.25}})
    k = act(s.apply_outcome(Void("tuermchen")), Knock())  # type: ignore[arg-type]
    out = dict(k.chance_outcomes())
    assert out[Void("tuermchen")] == Fraction(3, 4) and sum(out.values()) == 1


# --- modes --------------------------------------------------------------------------------------------------------


def test_rueckwaerts_shared_pool() -> None:
    s = new("zehntausend-rueckwaerts", n=3)
    s = throw(s, 1, 5, 2, 3, 4)
    assert s.legal_actions() == (Select((1, 2, 3, 4, 5)),)  # 1-2-3-4-5 = 1000, forced
    s = take(s, 1, 2, 3, 4, 5)
    assert s.player == 1 and s.cup == 5 and s.turn_total == 1000  # emptied: the next gets all dice
    s = take(throw(s, 1, 2, 3, 4, 6), 1)
    assert s.player == 2 and s.cup == 4 and s.turn_total == 1100
    s = throw(s, 2, 3, 4, 6)  # Niete: seat 2 receives the pool
    assert s.scores_ == (0, 0, 1100) and s.player == 0 and s.cup == 5 and s.turn_total == 0


def test_rueckwaerts_next_round_starter_and_refill() -> None:
    s = new("zehntausend-rueckwaerts", overrides={"rueckwaerts": {"next_round_starter": "receiver"}})
    s = throw(s, 2, 3, 4, 6, 6)
    assert s.player == 0
    s = new("zehntausend-rueckwaerts", overrides={"rueckwaerts": {"refill_when_empty": False}})
    s = take(throw(s, 1, 2, 3, 4, 5), 1, 2, 3, 4, 5)
    assert s.turn_total == 0 and s.cup == 5 and s.player == 1


def test_rueckwaerts_loser_reaches_the_target() -> None:
    s = new("zehntausend-rueckwaerts", n=3, scores_=(9000, 200, 300))
    s = throw(take(throw(s, 1, 1, 1, 1, 2), 1, 1, 1, 1), 2)
    assert s.is_terminal() and s.scores_ == (9000, 10200, 300) and s.winners() == (2,)


def test_bumerang_count_down() -> None:
    s = new("einfach+bumerang", scores_=(9900, 0), overrides={"proof": {"enabled": False}})
    s = bank(take(throw(s, 1, 2, 3, 4, 6), 1))
    assert s.down == (True, False) and s.scores_ == (10000, 0) and not s.is_terminal()
    s = dataclasses_replace(s, scores_=(300, 0))
    s = bank(take(throw(s, 1, 2, 3, 4, 6), 1))  # seat 1
    s = bank(take(throw(s, 1, 1, 1, 2, 3), 1, 1, 1))  # seat 0: 300 − 1000 < 0 → wins
    assert s.is_terminal() and s.winners() == (0,) and s.scores_[0] == -700


def test_bumerang_rueckwaerts_mode() -> None:
    s = new(
        "einfach+bumerang",
        scores_=(9900, 500),
        overrides={"proof": {"enabled": False}, "bumerang": {"phase2": "rueckwaerts_mode"}},
    )
    s = bank(take(throw(s, 1, 2, 3, 4, 6), 1))
    assert s.pool_mode and s.player == 1 and s.cup == 5
    s = throw(s, 1, 5, 2, 3, 4)
    assert len(s.legal_actions()) == 1  # forced best selection
    s = take(s, 1, 5)
    s = throw(s, 2, 3, 4)  # seat 0 receives 150: subtracted
    assert s.scores_ == (9850, 500) and not s.is_terminal()
    s = take(throw(s, 1, 1, 1, 5, 2), 1, 1, 1, 5)  # seat 1 adds 1050 to the pool, one die passes on
    s = throw(s, 3)  # seat 0 receives 1050
    assert s.scores_ == (8800, 500)


def test_instant_win_ignores_proof_and_finish_round() -> None:
    s = new(M, n=3, overrides={"scoring": {"instant_win": [{"face": 1, "count": 5}]}})
    s = throw(s, 1, 1, 1, 1, 1)
    assert s.is_terminal() and s.winners() == (0,)
    s6 = new("einfach+sechserpasch")
    s6 = throw(s6, 3, 3, 3, 3, 3, 3)
    assert s6.is_terminal() and s6.winners() == (0,)
    assert not throw(new(M, n=3), 1, 1, 1, 1, 1).is_terminal()


def dataclasses_replace(s: ZehntausendState, **kw: object) -> ZehntausendState:
    return dataclasses.replace(s, **kw)  # type: ignore[arg-type]
