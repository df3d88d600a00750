"""Chicago (14) and Chicago hoch-tief (15): the text's example and rules, the resolutions, the turn solver against a
brute force over the game's own states, the bots and the hints."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_results, new, play_bots, throw, uniform
from wuerfel.engine.dice import multisets, roll_distribution
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll, State
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard import chicago_solver as cs
from wuerfel.games.hasard.chicago import (
    HOCH,
    TIEF,
    ChicagoState,
    Convert,
    Declare,
    HeuristicBot,
    chicago_value,
    conversion_keeps,
    tief_value,
)
from wuerfel.games.kit import Keep, Void
from wuerfel.games.kit.hand_round import Stop


def chicago(n: int = 2, game: str = "chicago", **rules: object) -> ChicagoState:
    s = new(game, n, lot=0, **rules)
    assert isinstance(s, ChicagoState)
    return s


def test_values_one_is_100_two_is_60_chicago_is_300() -> None:
    assert chicago_value((1, 1, 1)) == 300  # "dreimal die 1 ("Chicago") = 300"
    assert chicago_value((1, 2, 3)) == 163
    assert chicago_value((4, 5, 6)) == 15
    assert max(chicago_value(h) for h in multisets(3)) == 300
    assert tief_value((1, 2, 3)) == 6 and tief_value((2, 2, 2)) == 6  # "die Augen zählen normal": 2 = 2


def test_text_example_1_2_3_keep_the_one_then_2_3_is_163() -> None:
    s = throw(chicago(), (1, 2, 3))
    s = s.apply_action(Keep((1,)))
    assert s.dice_to_throw() == 2 and s.dice_standing() == (1,)
    s = throw(s, (2, 3))
    assert s.turn.dice == (1, 2, 3) and s.view(None)["points"] == 163
    s = s.apply_action(Stop())
    assert s.passes[0][0] == (163, -2)
    # "Die anderen Spieler dürfen nun nicht öfter werfen, als der erste": the second player has two throws
    assert s.seat == 1 and s.turn.limit == 2


def test_dice_left_standing_stay_frozen() -> None:
    s = throw(chicago(), (1, 4, 5)).apply_action(Keep((1,)))
    s = throw(s, (6, 6))
    with pytest.raises(IllegalAction, match="standing"):
        s.apply_action(Keep((6, 6)))  # the 1 may not be thrown again
    assert Keep((1, 6)) in s.legal_actions() and Keep(()) not in s.legal_actions()


def test_free_keeps_option_lets_a_standing_die_be_thrown_again() -> None:
    s = throw(chicago(frozen_keeps=False), (1, 4, 5)).apply_action(Keep((1,)))
    s = throw(s, (6, 6))
    assert Keep((6, 6)) in s.legal_actions() and Keep(()) in s.legal_actions()


def test_turn_ends_at_the_limit_and_the_later_limit_is_the_first_players() -> None:
    s = throw(chicago(3), (3, 4, 5))  # the first player stops after one throw
    s = s.apply_action(Stop())
    assert s.seat == 1 and s.turn.limit == 1
    s = throw(s, (5, 5, 6))  # no throw left: the turn is over at once
    assert s.seat == 2 and s.passes[0][1] == (16, -1)
    assert s.legal_actions(2) == ()


def test_everybody_may_use_the_maximum_when_the_limit_is_not_inherited() -> None:
    s = throw(chicago(inherit_limit=False), (3, 4, 5)).apply_action(Stop())
    assert s.turn.limit == 3


def test_equal_points_fewer_throws_win_and_the_loser_gets_a_bierdeckel() -> None:
    s = throw(chicago(), (4, 5, 6)).apply_action(Keep((4, 5)))
    s = throw(s, (6,)).apply_action(Stop())  # 15 in two throws
    s = throw(s, (4, 5, 6)).apply_action(Stop())  # 15 in one throw: better
    assert s.marks == (1, 0)
    assert s.start == 1 and s.round_no == 1  # the left neighbour begins the next round


def test_dice_thrown_option_breaks_ties_by_dice() -> None:
    s = throw(chicago(tie_break="dice"), (4, 5, 6)).apply_action(Keep((4, 5)))
    s = throw(s, (6,)).apply_action(Stop())  # 15 with four dice thrown
    s = throw(s, (1, 4, 5)).apply_action(Keep((4, 5)))
    s = throw(s, (6,))  # 15 with four dice too (the limit of two ends the turn): a full tie
    assert s.passes[0] == ((15, -4), (15, -4))
    assert s.in_throw_off and s.turn.limit == 1


def test_full_tie_is_thrown_off_with_one_throw_each() -> None:
    s = throw(chicago(), (3, 4, 5)).apply_action(Stop())
    s = throw(s, (3, 4, 5))
    assert s.in_throw_off and s.order == (0, 1) and s.marks == (0, 0)
    s = throw(s, (6, 6, 6), (6, 6, 6))  # a tie again: another throw-off
    assert len(s.passes) == 3
    s = throw(s, (1, 1, 1), (6, 6, 5))
    assert s.marks == (0, 1)


def test_loser_option_lets_the_loser_begin() -> None:
    s = throw(chicago(next_start="loser"), (1, 1, 1)).apply_action(Stop())
    s = throw(s, (3, 4, 5))
    assert s.marks == (0, 1) and s.start == 1
    s = throw(chicago(next_start="loser"), (3, 4, 5)).apply_action(Stop())
    s = throw(s, (1, 1, 1))
    assert s.marks == (1, 0) and s.start == 0


def test_three_bierdeckel_lose_the_match() -> None:
    s: State = chicago(3)
    for _ in range(100):  # seat 3 always throws 4-5-6, the others 1-1-1
        if s.is_terminal():
            break
        s = throw(s, (4, 5, 6) if s.thrower() == 2 else (1, 1, 1)) if s.is_chance() else s.apply_action(Stop())
    assert s.is_terminal()
    assert isinstance(s, ChicagoState) and s.marks == (0, 0, 3) and s.round_no == 2
    assert s.losers() == (2,) and s.winners() == (0, 1)
    check_results(s)


def test_two_sixes_make_a_standing_one_only_where_the_text_allows() -> None:
    assert conversion_keeps((3, 6, 6), ()) == ((1,), (1, 3))
    assert conversion_keeps((1, 6, 6), (1,)) == ((1, 1),)
    assert conversion_keeps((6, 6, 6), (6,)) == ((1, 6),)  # two of the thrown sixes, the frozen six stays
    assert conversion_keeps((3, 4, 6), ()) == ()
    s = throw(chicago(two_sixes=True), (3, 6, 6))
    assert Convert((1,)) in s.legal_actions() and Convert((1, 3)) in s.legal_actions()
    s = s.apply_action(Convert((1, 3)))
    assert s.dice_to_throw() == 1 and s.turn.throws == 1  # the conversion is no throw; the other six is thrown
    s = throw(s, (2,))
    assert s.turn.dice == (1, 2, 3) and s.turn.throws == 2
    assert not any(isinstance(a, Convert) for a in chicago().legal_actions())
    plain = throw(chicago(), (3, 6, 6))
    assert not any(isinstance(a, Convert) for a in plain.legal_actions())  # the rule is optional (off by default)
    with pytest.raises(IllegalAction):
        plain.apply_action(Convert((1,)))


def test_two_sixes_not_in_the_last_throw() -> None:
    s = throw(chicago(two_sixes=True), (2, 3, 4)).apply_action(Keep((2,)))
    s = throw(s, (6, 6))  # second throw: allowed, one throw is left
    assert Convert((1, 2)) in s.legal_actions()
    s2 = throw(chicago(two_sixes=True), (2, 3, 4)).apply_action(Keep((2,)))
    s2 = throw(s2, (3, 4)).apply_action(Keep((2, 3)))
    s2 = throw(s2, (6,))  # the third throw ends the turn
    assert s2.seat == 1


def test_hoch_tief_first_player_declares_after_his_first_throw() -> None:
    s = throw(chicago(game="chicago-hoch-tief"), (1, 2, 3))
    assert set(s.legal_actions()) == {Declare(HOCH), Declare(TIEF)}
    with pytest.raises(IllegalAction):
        s.apply_action(Stop())
    s = s.apply_action(Declare(TIEF)).apply_action(Stop())
    assert s.mode == TIEF and s.passes[0][0] == (-6, -1)
    s = throw(s, (1, 1, 2))  # 4 pips in one throw (the limit): the lowest wins
    assert s.marks == (1, 0)  # the highest sum receives the Bierdeckel
    assert s.mode == "" and s.start == 1  # the next round's first player declares again


def test_hoch_tief_two_sixes_only_in_hoch() -> None:
    s = throw(chicago(game="chicago-hoch-tief", two_sixes=True), (3, 6, 6))
    assert not any(isinstance(a, Convert) for a in s.apply_action(Declare(TIEF)).legal_actions())
    assert any(isinstance(a, Convert) for a in s.apply_action(Declare(HOCH)).legal_actions())


def test_void_throw_changes_nothing() -> None:
    s = throw(chicago(), (1, 2, 3)).apply_action(Keep((1,)))
    assert s.apply_outcome(Void()) == s


def test_typed_moves() -> None:
    s = throw(chicago(two_sixes=True), (3, 6, 6))
    assert s.parse_action_text("stop", 0) == Stop()
    assert s.parse_action_text("3 stehen lassen", 0) == Keep((3,))
    assert s.parse_action_text("umdrehen", 0) == Convert((1,))
    assert s.parse_action_text("umdrehen 3", 0) == Convert((1, 3))
    h = throw(chicago(game="chicago-hoch-tief"), (1, 2, 3))
    assert h.parse_action_text("tief", 0) == Declare(TIEF)
    with pytest.raises(IllegalAction):
        s.parse_action_text("blabla", 0)


# --- the solver against the game's own states -----------------------------------------------------------------
def brute_turn(state: ChicagoState, value: object, memo: dict[object, Fraction]) -> Fraction:
    """The best expected value of the first player's turn, walking the game's states (legal moves, chance)."""
    seat = state.order[0]
    if state.phase != "play" or state.index > 0 or state.seat != seat:
        row = state.passes[0][seat] if state.passes else None
        assert row is not None
        return Fraction(value(row))  # type: ignore[operator]
    key = state.solver_key()
    if key in memo:
        return memo[key]
    if state.is_chance():
        v = sum(
            (p * brute_turn(state.apply_outcome(o), value, memo) for o, p in state.chance_outcomes() if p), Fraction(0)
        )
    else:
        v = max(brute_turn(state.apply_action(a), value, memo) for a in state.legal_actions())
    memo[key] = v
    return v


@pytest.mark.parametrize(
    ("rules", "mode"),
    [
        ({"max_throws": 2}, HOCH),
        ({"max_throws": 2, "two_sixes": True}, HOCH),
        ({"max_throws": 3}, HOCH),
        ({"max_throws": 2}, TIEF),
        ({"max_throws": 2, "frozen_keeps": False}, HOCH),
    ],
)
def test_solo_value_equals_a_brute_force_over_the_game(rules: dict[str, object], mode: str) -> None:
    s = new("chicago", 2, lot=0, **rules)
    assert isinstance(s, ChicagoState)
    if mode == TIEF:
        s = new("chicago-hoch-tief", 2, lot=0, **rules)
        assert isinstance(s, ChicagoState)
        s = throw(s, (6, 6, 6))  # any first throw, then declare tief: the rest of the turn is a tief turn
        expected_after = brute_turn(s.apply_action(Declare(TIEF)), lambda r: r[0], {})
        solver = cs.TurnSolver(s.rules, TIEF, 2, cs.points_utility(2, TIEF))
        assert float(solver.decision(1, (6, 6, 6), ())[0]) == pytest.approx(float(expected_after))
        return
    expected = brute_turn(s, lambda r: r[0], {})
    assert cs.solo_value(s.rules) == pytest.approx(float(expected), abs=1e-9)


def test_one_throw_solo_value_is_the_mean_of_three_dice() -> None:
    rules = get_game("chicago").load_rules(None, {"max_throws": 1})
    mean = sum(p * chicago_value(d) for d, p in roll_distribution(3))
    assert mean == 89 and cs.solo_value(rules) == pytest.approx(89.0)


def test_duel_equals_the_generic_exact_solver_on_a_small_rule_set() -> None:
    """One round of two players with at most two throws: the duel's first-player chance equals the generic exact
    solver's, which walks the game itself."""
    from wuerfel.solvers.exact import solve_game

    info = get_game("chicago")
    rules = info.load_rules(None, {"max_throws": 2, "bierdeckel": 1, "start": "first_seat"})
    exact = solve_game(info.new_game(rules, 2), "win", game_id="chicago", rules_id="x")
    assert float(exact.seats[0].win) == pytest.approx(cs.duel_first_wins(rules, False), abs=1e-9)


@pytest.mark.slow
@pytest.mark.parametrize("frozen", [True, False])
def test_dice_tie_break_duel_and_bot_are_the_generic_exact_solvers(frozen: bool) -> None:
    """``tie_break = "dice"``: the turn tables count the dice thrown as well as the throws (which still set the later
    limit). One round of two players with at most two throws: the duel equals the generic exact solver, and the
    optimal bot, whichever seat, loses nothing against the solver's best reply (its moves are the solver's argmax)."""
    from wuerfel.bots import make_bot
    from wuerfel.solvers.exact import solve_game

    info = get_game("chicago")
    rules = info.load_rules(
        None, {"max_throws": 2, "bierdeckel": 1, "start": "first_seat", "tie_break": "dice", "frozen_keeps": frozen}
    )
    game = info.new_game(rules, 2)
    best = float(solve_game(game, "win").seats[0].win)
    assert best == pytest.approx(cs.duel_first_wins(rules, False), abs=1e-9)
    assert best != pytest.approx(cs.duel_first_wins(dataclasses.replace(rules, tie_break="throws"), False))
    bot = make_bot("chicago", "optimal", game, 0)
    for seat in (0, 1):
        fixed = solve_game(game, "win", policy=lambda s, p, seat=seat: bot.choose(s, p) if p == seat else None)
        assert float(fixed.seats[0].win) == pytest.approx(best, abs=1e-9)


def test_match_value_from_round_value() -> None:
    assert cs.match_first_wins(0.5, 3) == pytest.approx(0.5)
    assert cs.match_first_wins(1.0, 1) == 1.0
    assert cs.match_first_wins(0.6, 3) > 0.5


# --- bots and hints ---------------------------------------------------------------------------------------------
def test_optimal_bot_as_second_player_stops_once_it_has_won() -> None:
    s = throw(chicago(), (4, 5, 6)).apply_action(Stop())  # the first: 15 in one throw; limit 1 for the second
    assert s.turn.limit == 1
    s = throw(chicago(), (3, 4, 5)).apply_action(Keep((5,)))
    s = throw(s, (4, 6)).apply_action(Stop())  # 15 in two throws
    s = throw(s, (1, 3, 4))  # 107 after one throw: already better
    bot = cs.OptimalBot(s.game)
    assert bot.choose(s, 1) == Stop()


def test_optimal_bot_as_last_player_keeps_going_when_behind() -> None:
    s = throw(chicago(), (1, 1, 2)).apply_action(Stop())  # 260 in one throw: limit 1 — nothing to decide later
    s = throw(chicago(), (1, 1, 3)).apply_action(Keep((1, 1)))
    s = throw(s, (2,)).apply_action(Stop())  # 260 in two throws
    s = throw(s, (3, 4, 5))
    bot = cs.OptimalBot(s.game)
    a = bot.choose(s, 1)
    assert isinstance(a, Keep)


def test_advisor_rates_every_move_best_first_with_the_loss() -> None:
    s = throw(chicago(), (1, 3, 4))
    advice = cs.ChicagoAdvisor(s.game).advise(s, 0)
    assert {a.action for a in advice} == set(s.legal_actions())
    values = [a.value for a in advice]
    assert values == sorted(values, reverse=True) and 0 <= values[-1] <= values[0] <= 1
    assert advice[0].note == "" and all(a.note for a in advice[1:] if a.value < values[0] - 1e-3)
    loser = advice[-1]
    assert loser.params["whole"] + "." + loser.params["decimals"] == f"{100 * (values[0] - values[-1]):.1f}"
    assert cs.ChicagoAdvisor(s.game).advise(s, 1) == []


def test_hoch_tief_bot_declares() -> None:
    s = throw(chicago(game="chicago-hoch-tief"), (1, 1, 1))
    assert cs.OptimalBot(s.game).choose(s, 0) == Declare(HOCH)
    s = throw(chicago(game="chicago-hoch-tief"), (2, 3, 3))
    assert cs.OptimalBot(s.game).choose(s, 0) in (Declare(HOCH), Declare(TIEF))
    s = throw(chicago(game="chicago-hoch-tief"), (3, 3, 4))
    values = cs.action_values(s, 0)
    assert values[Declare(TIEF)] > values[Declare(HOCH)]  # 10 is a poor "hoch" hand, a fair "tief" one
    assert cs.OptimalBot(s.game).choose(s, 0) == Declare(TIEF)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["chicago", "chicago-hoch-tief"]), st.integers(2, 4))
def test_bots_play_legal_games_to_the_end(seed: int, game: str, n: int) -> None:
    import random

    s: State = new(game, n, lot=seed % n, two_sixes=bool(seed % 2), bierdeckel=1)
    bots = [cs.OptimalBot(s.game) if p % 2 == 0 else HeuristicBot(s.game) for p in range(n)]
    s = play_bots(s, bots, uniform(random.Random(seed)))
    check_results(s)
    assert isinstance(s, ChicagoState) and sum(s.marks) == 1


def test_roll_outcome_labels() -> None:
    s = chicago()
    assert s.describe_outcome(Roll((1, 2, 3))) == "1 2 3"


def test_the_sheet_keeps_every_settled_round_and_heads_columns_by_name_only() -> None:
    """Chicago's sheet showed the running round alone (earlier results gone) and headed each column with the seat's
    number beside its name, "Computer 1 (Faustregel) 2", which read like a score (issue 24, web U16)."""
    from wuerfel.engine.components import Sheet, components_json

    s = throw(chicago(), (4, 5, 6)).apply_action(Keep((4, 5)))
    s = throw(s, (6,)).apply_action(Stop())  # seat 0: 15 in two throws
    s = throw(s, (4, 5, 6)).apply_action(Stop())  # seat 1: 15 in one throw; seat 0 takes the Bierdeckel
    s = throw(s, (1, 1, 1)).apply_action(Stop())  # round 2: seat 1 begins, Chicago
    assert s.round_no == 1 and s.marks == (1, 0)
    sheet = next(c for c in s.components(None) if isinstance(c, Sheet))
    assert sheet.columns == ("", "") and sheet.column_seats == (0, 1)
    rows = components_json((sheet,), "de", ["Anna", "Bert"])[0]["rows"]
    assert rows[0]["key"] == "round-1" and rows[0]["label"] == "Runde 1"
    first, second = rows[0]["cells"]
    assert first.startswith("15 in 2 ") and first.endswith(" · Bierdeckel") and second.startswith("15 in 1 ")
    assert "Bierdeckel" not in second
    assert rows[1]["label"] == "Runde 2" and rows[1]["cells"][1] is not None and rows[1]["cells"][0] is None
    assert rows[-1]["label"] == "Bierdeckel" and rows[-1]["cells"] == [1, 0]
    # Re-audit (terminal L8): in English the one mat a round's loser takes is "beer mat", not the row's "Beer mats".
    en = components_json((sheet,), "en", ["Anna", "Bert"])[0]["rows"]
    assert en[0]["cells"][0].endswith(" · beer mat") and en[-1]["label"] == "Beer mats"


def test_the_round_that_ends_the_match_marks_its_beer_mat_on_the_sheet() -> None:
    """Re-audit of issue 24 (web U16): at the end of the match the last round stays on the sheet as the running one,
    and its loser's cell lacked the "· Bierdeckel" every earlier round's loser has — "Bierdeckel 0 1 3" at the foot
    beside a last round that showed no mat (seen at 360 px in German and English)."""
    from wuerfel.engine.components import Sheet, components_json

    s = throw(chicago(bierdeckel=1), (4, 5, 6)).apply_action(Stop())  # seat 0: 15 in one throw
    s = throw(s, (1, 1, 1))  # seat 1: Chicago, its one throw; seat 0 takes the mat and loses the match
    assert s.is_terminal() and s.marks == (1, 0)
    sheet = next(c for c in s.components(None) if isinstance(c, Sheet))
    rows = components_json((sheet,), "de", ["Anna", "Bert"])[0]["rows"]
    assert rows[0]["label"] == "Runde 1"
    first, second = rows[0]["cells"]
    assert first.startswith("15 in 1 ") and first.endswith(" · Bierdeckel") and "Bierdeckel" not in second
    assert rows[-1]["label"] == "Bierdeckel" and rows[-1]["cells"] == [1, 0]
