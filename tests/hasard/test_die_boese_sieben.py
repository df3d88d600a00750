"""Die böse Sieben (Hasard 25): forming sevens, the book's order of results, the first player's limit, the throw-off
of one throw, the solo value by hand and by the generic solver, the two-player bot against the generic solver's
strategy, bots and hints."""

from __future__ import annotations

import copy
import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hasard.kit_helpers import check_decisions_against_strategy, check_results, new, play_bots, seeded, throw
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.die_boese_sieben import (
    BoeseSiebenAdvisor,
    BoeseSiebenGame,
    BoeseSiebenHeuristicBot,
    BoeseSiebenOptimalBot,
    decision_values,
    form_sevens,
    score_of,
    solo_turn,
    throw_table,
)
from wuerfel.games.kit.hands import Stop, ThrowOn
from wuerfel.games.kit.hints import LOSS_CHANCE
from wuerfel.solvers.exact import solve_game

ON, STOP = ThrowOn(), Stop()


def test_every_seven_a_throw_allows_is_set_aside() -> None:
    assert form_sevens((1, 6, 2, 5, 3, 4)) == (3, ())
    assert form_sevens((1, 6, 6, 6, 1, 2)) == (2, (2, 6))
    assert form_sevens((1, 1, 1, 2, 2, 3)) == (0, (1, 1, 1, 2, 2, 3))
    assert form_sevens((1, 6, 2, 5, 3, 3), per_throw="one") == (1, (2, 3, 3, 5))
    assert form_sevens((1, 6, 2, 5), room=1) == (1, (2, 5))


def test_the_books_order_three_sevens_then_two_with_12_pips_then_11() -> None:
    ladder = [(3, 0), (2, 12), (2, 11), (2, 2), (1, 24), (1, 4), (0, 36), (0, 6)]
    assert ladder == sorted(ladder, reverse=True)
    assert [score_of(r) for r in ladder] == sorted((score_of(r) for r in ladder), reverse=True)


def test_a_turn_rethrows_the_rest_and_the_first_players_throws_bind_the_others() -> None:
    s = new("die-boese-sieben", 2)
    s = throw(s, (1, 6, 2, 2, 3, 3))
    assert s.turn.sevens == 1 and s.turn.rest == (2, 2, 3, 3) and set(s.legal_actions(0)) == {ON, STOP}
    assert s.dice_to_throw() == 0
    s = s.apply_action(ON, 0)
    assert s.dice_to_throw() == 4 and s.dice_standing() == (1, 6)
    s = throw(s, (5, 2, 6, 6))
    s = s.apply_action(STOP, 0)  # two throws: the limit of the second player
    assert s.results[0] == (2, 12) and s.seat == 1 and s.turn.limit == 2
    s = throw(s, (1, 1, 1, 1, 1, 1))
    s = s.apply_action(ON, 1)
    s = throw(s, (6, 1, 5, 2, 2, 2))  # second throw: the limit ends the turn
    assert s.is_terminal() and s.results[1] == (2, 4) and s.winners() == (0,) and s.losers() == (1,)
    check_results(s)


def test_three_sevens_end_the_turn_and_set_a_limit_of_one() -> None:
    s = new("die-boese-sieben", 3)
    s = throw(s, (1, 6, 2, 5, 3, 4))
    assert s.results[0] == (3, 0) and s.turn.limit == 1
    s = throw(s, (1, 6, 2, 5, 1, 1))
    assert s.results[1] == (2, 2) and s.seat == 2  # no decision: the one throw was all
    s = throw(s, (1, 1, 1, 1, 1, 1))
    assert s.is_terminal() and s.winners() == (0,) and s.losers() == (2,)


def test_a_tie_is_decided_by_one_more_throw_each() -> None:
    s = new("die-boese-sieben", 2, max_throws=1)
    s = throw(s, (1, 6, 2, 2, 4, 4), (1, 6, 3, 3, 3, 3))
    assert s.playoffs and s.order == (0, 1) and s.turn.limit == 1 and not s.is_terminal()
    s = throw(s, (1, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1))  # tied again
    assert len(s.playoffs) == 2
    s = throw(s, (1, 6, 1, 1, 1, 1), (1, 1, 1, 1, 1, 2))
    assert s.is_terminal() and s.winners() == (0,) and s.results == ((1, 12), (1, 12))
    check_results(s)


def test_moves_are_refused_in_words() -> None:
    s = new("die-boese-sieben", 2)
    with pytest.raises(IllegalAction):
        s.apply_action(STOP, 0)
    s = throw(s, (1, 1, 1, 1, 1, 1))
    with pytest.raises(IllegalAction):
        s.apply_action(STOP, 1)
    assert s.parse_action_text("weiter", 0) == ON and s.parse_action_text("stop", 0) == STOP


def test_one_throw_distribution_by_brute_force() -> None:
    """The merged table of one throw equals plain enumeration of all 6^k ordered throws."""
    for k in (2, 4, 6):
        counts: dict[tuple[int, int], int] = {}
        for roll in itertools.product(range(1, 7), repeat=k):
            f, rest = form_sevens(roll, 3 - (6 - k) // 2)
            counts[(f, sum(rest))] = counts.get((f, sum(rest)), 0) + 1
        table = {(f, pips): p for f, pips, p in throw_table(k, 3 - (6 - k) // 2, "all")}
        assert table == {key: Fraction(c, 6**k) for key, c in counts.items()}


def test_solo_value_equals_the_generic_solvers() -> None:
    rules = get_game("die-boese-sieben").load_rules(None, {"max_throws": 2, "start": "first_seat"})
    res = solve_game(BoeseSiebenGame(rules, 1), "solo")
    assert res.value == solo_turn(2, "all")(0, 0, 0)[0]
    assert float(solo_turn(3, "all")(0, 0, 0)[0]) == pytest.approx(224.09473598408968)
    one = sum(p * (100 * f + pips) for f, pips, p in throw_table(6, 3, "all"))
    assert solo_turn(1, "all")(0, 0, 0)[0] == one  # one throw: no decision


def test_second_players_values_are_the_generic_solvers_chances() -> None:
    """From the second player's turn on (the first stopped at one seven and 8 pips), the generic exact solver over
    the real game's positions gives each of his moves the chance the bot computes."""
    info = get_game("die-boese-sieben")
    game = info.new_game(info.load_rules(None, {"start": "first_seat"}), 2)
    s = throw(game.new_initial_state(), (1, 6, 2, 2, 2, 3))
    s = s.apply_action(ON, 0)
    s = throw(s, (1, 1, 2, 4))
    s = s.apply_action(STOP, 0)
    assert s.results[0] == (1, 8) and s.seat == 1 and s.turn.limit == 2
    g = copy.copy(game)
    g.new_initial_state = lambda: s  # type: ignore[method-assign]
    strategy = solve_game(g, "win", keep_strategy=True).strategy
    assert strategy is not None
    for first in ((1, 1, 2, 2, 3, 3), (1, 2, 2, 3, 3, 3), (6, 6, 6, 6, 6, 1)):
        t = throw(s, first)
        if t.to_move() != 1:
            continue
        mine = decision_values(t, 1)
        for a in t.legal_actions(1):
            assert mine[a] == pytest.approx(float(strategy.chances(t.apply_action(a, 1))[1].win), abs=1e-9)


@pytest.mark.slow
def test_two_player_bot_plays_the_generic_solvers_strategy() -> None:
    info = get_game("die-boese-sieben")
    game = info.new_game(info.load_rules(None, {"max_throws": 2, "start": "first_seat"}), 2)
    res = solve_game(game, "win", keep_strategy=True)
    strategy = res.strategy
    assert strategy is not None
    checked = check_decisions_against_strategy(game, strategy, decision_values, random.Random(5), range(40))
    assert checked > 20


def test_bots_and_hints() -> None:
    info = get_game("die-boese-sieben")
    for n in (2, 3):
        game = info.new_game(info.load_rules(), n)
        bots = [BoeseSiebenOptimalBot(game), BoeseSiebenHeuristicBot(game)]
        for seed in range(6):
            check_results(play_bots(game.new_initial_state(), bots, seeded(seed)))
    game = info.new_game(info.load_rules(), 2)
    s = throw(new("die-boese-sieben", 2), (1, 1, 2, 2, 3, 3))  # nothing: throw on
    advice = BoeseSiebenAdvisor(game).advise(s, 0)
    assert advice[0].action == ON and advice[1].note == LOSS_CHANCE
    assert BoeseSiebenAdvisor(game).advise(s, 1) == []


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6), st.integers(0, 3), st.sampled_from(["all", "one"]))
@settings(max_examples=200, deadline=None)
def test_forming_sevens_keeps_every_pip(dice: list[int], room: int, per_throw: str) -> None:
    """Every die is set aside in a seven or left: 7 pips per seven plus the pips left are the throw's pips; with
    ``all`` no seven is left among the dice left unless the room ran out."""
    formed, rest = form_sevens(dice, room, per_throw)
    assert 2 * formed + len(rest) == len(dice) and 7 * formed + sum(rest) == sum(dice)
    assert formed <= room and (per_throw == "all" or formed <= 1)
    if per_throw == "all" and formed < room:
        assert all(7 - d not in rest for d in rest)


def test_the_solver_key_keeps_the_pips_not_the_faces() -> None:
    """Two turns with the same sevens and the same pips left but other faces have one key, and so have all that
    follows: stopping gives equal results, throwing on equal chances of every next key (the key's contract)."""
    a = throw(new("die-boese-sieben", 2), (1, 1, 2, 2, 3, 3))
    b = throw(new("die-boese-sieben", 2), (1, 1, 1, 3, 3, 3))
    assert a.turn.rest != b.turn.rest and a.solver_key() == b.solver_key()
    assert a.apply_action(STOP, 0).solver_key() == b.apply_action(STOP, 0).solver_key()

    def next_keys(s):  # type: ignore[no-untyped-def]
        out: dict[object, Fraction] = {}
        for o, p in s.chance_outcomes():
            k = s.apply_outcome(o).solver_key()
            out[k] = out.get(k, Fraction(0)) + p
        return out

    assert next_keys(a.apply_action(ON, 0)) == next_keys(b.apply_action(ON, 0))
