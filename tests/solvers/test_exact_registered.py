"""The generic exact solver over every registered game: it solves or refuses in words, never crashes; and where it
solves a game of pure chance, sampled games agree with its figures (seeded, so the test is deterministic).

A game added later (the kit's race and round games) is covered without touching this file. The toy games of the
solver's own tests run through the same checks, so the sampling path is exercised even while no registered game is
small enough. The checks are public (:mod:`wuerfel.testing.exact`): a plug-in game gets them from
``pytest --wuerfel-game ID``.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from tests.solvers.exact_toys import nochmal_info, six_info, strike_info
from wuerfel.engine.registry import GameInfo, all_games
from wuerfel.solvers.exact import ExactResult
from wuerfel.testing.exact import check_against_sampling, exact_counts, exact_solve

TOYS = {"erste-sechs", "hin-und-her-mini", "nochmal"}


def _infos() -> list[GameInfo]:
    return [*all_games(), six_info(), strike_info(), nochmal_info()]


def _cases(slow_for_games: bool = False) -> list[Any]:
    """(game, rules, players) for the smallest table and the smallest of two or more; sampling a registered game
    (dozens of throws a game, thousands of games) is behind the ``slow`` marker, the toys' sampling is not."""
    out = []
    for info in _infos():
        for n in exact_counts(info):
            marks = [pytest.mark.slow] if slow_for_games and info.id not in TOYS else []
            out.append(pytest.param(info.id, info.default_preset, n, marks=marks))
    return out


def _info(game_id: str) -> GameInfo:
    return next(i for i in _infos() if i.id == game_id)


@functools.cache
def _solved(game_id: str, n: int) -> ExactResult | None:
    """One solve per game and table for both tests."""
    return exact_solve(_info(game_id), n)


@pytest.mark.parametrize(("game_id", "rules", "n"), _cases())
def test_every_game_is_solved_or_refused_in_words(game_id: str, rules: str, n: int) -> None:
    _solved(game_id, n)


@pytest.mark.parametrize(("game_id", "rules", "n"), _cases(slow_for_games=True))
def test_solved_games_of_pure_chance_agree_with_sampling(game_id: str, rules: str, n: int) -> None:
    result = _solved(game_id, n)
    if result is None or result.decisions:
        pytest.skip("not solved within the test's limit, or not pure chance")
    check_against_sampling(_info(game_id), n, result)
