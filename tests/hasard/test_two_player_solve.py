"""``wuerfel solve GAME --players 2`` for the part-2 games the generic exact solver does not fit: their own tables
answer in the generic solver's JSON keys (issue 13: "the two-player win shares where the state space allows")."""

from __future__ import annotations

import itertools
import json

import pytest

from tests.cli.helpers import run
from wuerfel.bots import make_bot
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.chicago_solver import match_chance
from wuerfel.games.hasard.sechzerspiel import duel_value, policy_duel_value
from wuerfel.solvers.exact import solve_game


@pytest.mark.parametrize(
    ("game", "rules", "first"),
    [
        pytest.param("sechzerspiel", "sechzerspiel", 0.496315, marks=pytest.mark.slow),  # its tables: 3-10 s
        ("dreimal-pasch", "dreimal-pasch", 0.460933),
        ("chicago", "chicago", 0.528505),
        ("chicago", "chicago-eine-runde", 0.574857),
        pytest.param("quinze", "quinze-reihum", 0.482371, marks=pytest.mark.slow),
    ],
)
def test_own_two_player_solvers_answer_in_the_generic_solvers_keys(game: str, rules: str, first: float) -> None:
    """With the lot each seat begins half the time, so each has one half; the beginner's chance is the tables'.
    (Chicago's round is held to the generic solver in test_chicago, Sechzerspiel's tables on late positions in
    test_sechzerspiel, Quinze's round robin in test_quinze.)"""
    result = run(["solve", game, "--rules", rules, "--players", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"game", "rules", "players", "objective", "value", "seats", "seconds", "states"} <= set(data)
    assert (data["game"], data["rules"], data["players"], data["objective"]) == (game, rules, 2, "win")
    assert [s["win"] for s in data["seats"]] == [0.5, 0.5] and data["value"] == 0.5
    assert data["first_player_wins"] == pytest.approx(first, abs=1e-6)
    assert data["exact"] is None and data["method"]


def test_seat_one_beginning_gets_the_beginners_chance_and_the_text_says_whose_tables() -> None:
    result = run(["solve", "dreimal-pasch", "--rules", "dreimal-pasch", "--players", "2", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Whoever begins wins 46.0933 %" in result.output and "The game's own tables" in result.output
    german = run(["solve", "chicago", "--players", "2"])
    assert "Wer beginnt, gewinnt mit 52,8505 %" in german.output


def brute_match(p: float, marks: int, next_start: str) -> float:
    """Every sequence of round outcomes, walked one by one (independent of the chain's recursion)."""
    total = 0.0
    for bits in itertools.product((0, 1), repeat=2 * marks - 1):  # 1: seat 0 wins the round
        a = b = 0
        start, prob = 0, 1.0
        for bit in bits:
            prob *= (p if start == 0 else 1 - p) if bit else (1 - p if start == 0 else p)
            a, b = (a, b + 1) if bit else (a + 1, b)
            start = (1 - start) if next_start == "left" else (1 if bit else 0)
            if a >= marks or b >= marks:
                break
        if b >= marks:
            total += prob / 2 ** (2 * marks - 1 - (a + b))  # the bits after the end are counted once in all
    return total


@pytest.mark.parametrize("next_start", ["left", "loser"])
@pytest.mark.parametrize("marks", [1, 2, 3, 4])
def test_match_chance_equals_walking_every_sequence_of_rounds(marks: int, next_start: str) -> None:
    """Hand check: a match to two when the beginner wins a round with 0.6 is 0.552."""
    assert match_chance(0.6, 2, "left") == pytest.approx(0.552)
    assert match_chance(0.6, marks, next_start) == pytest.approx(brute_match(0.6, marks, next_start), abs=1e-12)
    assert match_chance(0.57, marks, next_start) == pytest.approx(brute_match(0.57, marks, next_start), abs=1e-12)


@pytest.mark.slow
def test_policy_evaluation_gives_the_bots_exact_chances() -> None:
    """The generic solver with every decision fixed to the seats' bots (``policy``): Sequenzen to two throws. The
    optimal bots meeting give the solved duel's value; the optimal bot against the best reply loses nothing (it
    plays the solver's argmax); two heuristic bots are worth less to the optimal side than the duel."""
    info = get_game("sequenzen")
    game = info.new_game(info.load_rules(None, {"max_throws": 2, "start": "first_seat"}), 2)
    best = solve_game(game, "win").seats[0].win
    bots = [make_bot("sequenzen", "optimal", game, 0), make_bot("sequenzen", "optimal", game, 1)]
    both = solve_game(game, "win", policy=lambda s, p: bots[p].choose(s, p))
    assert both.seats[0].win == pytest.approx(best, abs=1e-12)
    first_fixed = solve_game(game, "win", policy=lambda s, p: bots[0].choose(s, p) if p == 0 else None)
    assert first_fixed.seats[0].win == pytest.approx(best, abs=1e-12)
    heur = make_bot("sequenzen", "heuristic", game, 1)
    against = solve_game(game, "win", policy=lambda s, p: heur.choose(s, p) if p == 1 else None)
    assert against.seats[0].win >= best
    assert both.states < solve_game(game, "win").states  # fixed moves: fewer positions reached


@pytest.mark.slow
def test_sechzerspiel_policy_evaluation() -> None:
    """The game's own evaluation of fixed row rules: the optimal bots meeting give the duel's value; two heuristic
    bots ignore the lead, so both totals are alike and independent: exactly one half; the optimal bot gains as first
    and as second thrower."""
    assert policy_duel_value("optimal", "optimal") == pytest.approx(duel_value(), abs=1e-12)
    assert policy_duel_value("heuristic", "heuristic") == pytest.approx(0.5, abs=1e-12)
    assert policy_duel_value("optimal", "heuristic") > 0.5 > policy_duel_value("heuristic", "optimal")
