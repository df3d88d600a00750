"""The generic exact solver over every registered game: it solves or refuses in words, never crashes; and where it
solves a game of pure chance, sampled games agree with its figures (seeded, so the test is deterministic).

A game added later (the kit's race and round games) is covered without touching this file. The toy games of the
solver's own tests run through the same checks, so the sampling path is exercised even while no registered game is
small enough.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction
from typing import Any

import pytest

from tests.solvers.exact_toys import nochmal_info, six_info, strike_info
from wuerfel.engine.errors import Words
from wuerfel.engine.game import State
from wuerfel.engine.registry import GameInfo, all_games
from wuerfel.i18n import catalog
from wuerfel.solvers.exact import ExactResult, ExactSolveError, solve_game

MAX_STATES = 1000
"""Small: this test is about every game being handled, not about solving large ones (``bench/exact_toys.py``)."""

SAMPLES = 1500


TOYS = {"erste-sechs", "hin-und-her-mini", "nochmal"}


def _infos() -> list[GameInfo]:
    return [*all_games(), six_info(), strike_info(), nochmal_info()]


def _cases(slow_for_games: bool = False) -> list[Any]:
    """(game, rules, players) for the smallest table and the smallest of two or more; sampling a registered game
    (dozens of throws a game, thousands of games) is behind the ``slow`` marker, the toys' sampling is not."""
    out = []
    for info in _infos():
        rules = info.load_rules(None)
        low = max(info.min_players, getattr(rules, "min_players", info.min_players))
        for n in sorted({low, max(2, low)}):
            if n <= info.max_players:
                marks = [pytest.mark.slow] if slow_for_games and info.id not in TOYS else []
                out.append(pytest.param(info.id, info.default_preset, n, marks=marks))
    return out


def _info(game_id: str) -> GameInfo:
    return next(i for i in _infos() if i.id == game_id)


@functools.cache
def _solved(game_id: str, n: int) -> ExactResult | None:
    """One solve per game and table for both tests."""
    return _solve(_info(game_id), n)


def _solve(info: GameInfo, n: int) -> ExactResult | None:
    game = info.new_game(None, n)
    try:
        return solve_game(
            game,
            "solo" if n == 1 else "win",
            max_states=MAX_STATES,
            hidden_information=info.hidden_information,
            name=Words(info.name_en, info.name_de),
        )
    except ExactSolveError as exc:
        assert exc.msgid in catalog("de")  # a reason in words, in German too
        return None


@pytest.mark.parametrize(("game_id", "rules", "n"), _cases())
def test_every_game_is_solved_or_refused_in_words(game_id: str, rules: str, n: int) -> None:
    result = _solved(game_id, n)
    if result is None:
        return
    assert all(0 <= s.win <= 1 for s in result.seats)
    assert sum(s.win for s in result.seats) <= 1
    assert all(s.lose is None or 0 <= s.lose <= 1 for s in result.seats)


def _playout(state: State, rng: random.Random) -> State:
    while not state.is_terminal():
        assert state.is_chance(), "pure chance only"
        outcomes = [(o, p) for o, p in state.chance_outcomes() if p]
        state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
    return state


@pytest.mark.parametrize(("game_id", "rules", "n"), _cases(slow_for_games=True))
def test_solved_games_of_pure_chance_agree_with_sampling(game_id: str, rules: str, n: int) -> None:
    info = _info(game_id)
    result = _solved(game_id, n)
    if result is None or result.decisions:
        pytest.skip("not solved within the test's limit, or not pure chance")
    game = info.new_game(None, n)
    rng = random.Random(f"{game_id}/{n}")
    wins = [Fraction(0)] * n
    loses = [0] * n
    for _ in range(SAMPLES):
        end = _playout(game.new_initial_state(), rng)
        w = end.winners()
        for p in w:
            wins[p] += Fraction(1, len(w))
        for p in end.losers():
            loses[p] += 1
    for p, seat in enumerate(result.seats):
        for got, want in ((float(wins[p]), seat.win), (float(loses[p]), seat.lose)):
            if want is None:
                assert got == 0
                continue
            sd = (float(want) * (1 - float(want)) / SAMPLES) ** 0.5
            assert abs(got / SAMPLES - float(want)) <= 5 * sd + 1e-9, (p, got / SAMPLES, float(want))
