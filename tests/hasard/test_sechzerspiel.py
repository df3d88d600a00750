"""Sechzerspiel (Hasard 7): the text's example, the rows, the end and the throw-off, the exact solo values against
the generic solver, bots and hints."""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import Any

import pytest

from tests.hasard.kit_helpers import check_results, new, play_to_end, seeded, throw
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Action, State
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.sechzerspiel import (
    LEAD,
    EnterRow,
    SechzerspielAdvisor,
    SechzerspielHeuristicBot,
    SechzerspielOptimalBot,
    SechzerspielState,
    duel_row_values,
    duel_tables,
    duel_value,
    mask_of,
    row_values,
    solo_values,
    strongest_opponent,
)
from wuerfel.games.kit.hints import LOSS_CHANCE
from wuerfel.solvers.exact import solve_game


def enter(s, face: int, row: int):  # type: ignore[no-untyped-def]
    s = throw(s, face)
    assert s.to_move() == s.seat and EnterRow(row) in s.legal_actions()
    return s.apply_action(EnterRow(row), s.seat)


def test_six_in_row_six_makes_36_in_row_two_12() -> None:
    s = throw(new("sechzerspiel", 2), 6)
    assert s.apply_action(EnterRow(6), 0).totals == (36, 0)
    assert s.apply_action(EnterRow(2), 0).totals == (12, 0)


def test_a_row_is_used_once_and_the_sheet_is_full_after_six_throws() -> None:
    s = new("sechzerspiel", 2, lot=1)
    s = enter(s, 6, 6)  # seat 1 began
    s = enter(s, 3, 6)
    s = throw(s, 5)
    assert EnterRow(6) not in s.legal_actions(1) and len(s.legal_actions(1)) == 5
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(EnterRow(6), 1)
    assert exc.value.msgid == "Row {row} is already filled."
    with pytest.raises(IllegalAction):
        s.apply_action(EnterRow(7), 1)
    with pytest.raises(IllegalAction):
        s.apply_action(EnterRow(5), 0)  # not his turn
    s = s.apply_action(EnterRow(5), 1)
    for face, row in ((1, 5), (2, 1), (2, 2), (4, 4), (3, 3), (6, 3), (1, 4), (6, 2), (5, 1)):
        s = enter(s, face, row)
    assert s.phase == "over" and s.totals == (18 + 5 + 4 + 9 + 4 + 5, 36 + 25 + 2 + 16 + 18 + 12)
    assert s.sheets[1] == (2, 12, 18, 16, 25, 36)
    assert s.winners() == (1,) and s.losers() == (0,)
    check_results(s)


def test_a_tie_is_thrown_off_with_one_throw_each() -> None:
    s = new("sechzerspiel", 2)
    for row in range(1, 7):
        s = enter(s, 2, row)
        s = enter(s, 2, row)
    assert s.totals == (42, 42) and s.phase == "throw" and s.playoffs and s.thrower() == 0
    s = throw(s, 4, 4)  # tied again
    assert len(s.playoffs) == 2 and s.phase == "throw"
    s = throw(s, 3, 5)
    assert s.phase == "over" and s.winners() == (1,) and s.losers() == (0,) and s.totals == (42, 42)
    check_results(s)


def test_typed_rows() -> None:
    s = throw(new("sechzerspiel", 2), 4)
    for text in ("Reihe 6", "row 6", "r6", "6er", "=6"):
        assert s.parse_action_text(text, 0) == EnterRow(6)
    with pytest.raises(IllegalAction):
        s.parse_action_text("irgendwo", 0)
    assert s.describe_action(EnterRow(6), "de") == "Reihe 6: 4 × 6 = 24"


def test_solo_value_is_the_generic_solvers_expected_total() -> None:
    """The dynamic programme over free rows and the engine-level exact solver (which explores the real game's
    positions) give the same exact expectation."""
    info = get_game("sechzerspiel")
    res = solve_game(info.new_game(info.load_rules(), 1), "solo")
    assert res.value == solo_values()[0]
    assert float(solo_values()[0]) == pytest.approx(85.89043, abs=1e-5)


def test_last_throw_and_one_free_row_by_hand() -> None:
    full_but_6 = 0b011111
    assert solo_values()[full_but_6] == Fraction(6 * 7, 2) == 21  # 6 × E[face]
    assert row_values(0b001111, 6) == {5: 30 + 21, 6: 36 + Fraction(35, 2)}


def test_bots_play_legal_rows_and_the_optimal_bot_follows_the_values() -> None:
    info = get_game("sechzerspiel")
    for n in (1, 3):
        game = info.new_game(info.load_rules(), n)
        bots = [SechzerspielOptimalBot(game), SechzerspielHeuristicBot(game)]

        def decide(s: State, p: int, bots: list[Any] = bots, n: int = n) -> Action:
            a = bots[p % 2].choose(s, p)
            assert a in s.legal_actions(p)
            if p % 2 == 0 and n == 1:
                vals = row_values(mask_of(s.sheets[p]), s.last[0])
                assert vals[a.row] == max(vals.values())
            elif p % 2 == 0:  # more players: the duel against the strongest opponent
                chances = duel_row_values(s, p, strongest_opponent(s, p))
                assert chances[a.row] == pytest.approx(max(chances.values()), abs=1e-12)
            return a

        check_results(play_to_end(game.new_initial_state(), seeded(n), decide))


def test_hints_rate_every_free_row_with_its_loss() -> None:
    info = get_game("sechzerspiel")
    game = info.new_game(info.load_rules(), 2)
    s = throw(new("sechzerspiel", 2), 6)
    assert isinstance(s, SechzerspielState)
    advice = SechzerspielAdvisor(game).advise(s, 0)
    assert advice[0].action == EnterRow(6) and len(advice) == 6
    assert advice[0].note == "" and advice[-1].note == LOSS_CHANCE
    assert advice[0].value >= advice[1].value and float("{whole}.{decimals}".format(**advice[-1].params)) > 0
    assert SechzerspielAdvisor(game).advise(s, 1) == []


def test_random_games_end_with_every_sheet_full() -> None:
    rnd = random.Random(3)
    for seed in range(5):
        s = new("sechzerspiel", rnd.randint(1, 5))
        s = play_to_end(s, seeded(seed), lambda s, p: rnd.choice(list(s.legal_actions(p))))
        assert all(v is not None for sh in s.sheets for v in sh)
        assert s.totals == tuple(sum(sh) for sh in s.sheets)
        check_results(s)


def test_duel_tables_are_the_generic_solvers_chances_on_late_positions() -> None:
    """Two players with two free rows each: the generic exact solver over the real game's positions from there
    gives each free row the chance the duel's tables give (both players, every face)."""
    info = get_game("sechzerspiel")
    game = info.new_game(info.load_rules(None, {"start": "first_seat"}), 2)
    s = game.new_initial_state()
    for face, row in ((6, 6), (5, 6), (2, 1), (1, 1), (5, 5), (6, 5), (3, 3), (3, 3)):
        s = enter(s, face, row)
    assert s.seat == 0 and s.totals == (36 + 2 + 25 + 9, 30 + 1 + 30 + 9)
    g = copy.copy(game)
    g.new_initial_state = lambda: s  # type: ignore[method-assign]
    res = solve_game(g, "win", keep_strategy=True)
    strategy = res.strategy
    assert strategy is not None and res.states < 5000
    assert duel_tables()[(mask_of(s.sheets[0]), mask_of(s.sheets[1]), 0)][
        s.totals[0] - s.totals[1] + LEAD
    ] == pytest.approx(float(res.seats[0].win), abs=1e-12)
    for face in range(1, 7):
        t = throw(s, face)
        for r, v in duel_row_values(t, 0).items():
            u = t.apply_action(EnterRow(r), 0)
            assert v == pytest.approx(float(strategy.chances(u)[0].win), abs=1e-12)
            for face2 in range(1, 7):
                w = throw(u, face2)
                for r2, v2 in duel_row_values(w, 1).items():
                    after = w.apply_action(EnterRow(r2), 1)
                    assert v2 == pytest.approx(float(strategy.chances(after)[1].win), abs=1e-12)


def test_the_first_thrower_of_a_duel_is_slightly_behind() -> None:
    assert 0.49 < duel_value() < 0.5
