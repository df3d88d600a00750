"""The generic exact solver on one game: it solves or refuses in words, never crashes; and where it solves a game
of pure chance, sampled games agree with its figures (seeded, so the check is deterministic).

Why a check of the game and not of the solver: the solver walks every state a game can reach, hashing and comparing
them, so a state that is not a proper value (a list in a frozen dataclass, a probability that is a float) breaks it
where playouts never notice; and the sampling comparison catches chance outcomes whose stated probabilities differ
from how the game really plays.
"""

from __future__ import annotations

import random
from fractions import Fraction

from wuerfel.engine.errors import Words
from wuerfel.engine.game import State
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.i18n import catalog
from wuerfel.solvers.exact import ExactResult, ExactSolveError, solve_game

MAX_STATES = 1000
"""Small: the check is about every game being handled, not about solving large ones (``bench/exact_toys.py``)."""
SAMPLES = 1500
"""Sampled games per comparison: five standard deviations of this many stay well inside a wrong figure's miss."""


def exact_counts(info: GameInfo) -> list[int]:
    """The smallest table of the default rules and the smallest of two or more (solo and duel solve differently)."""
    rules = info.load_rules(None)
    low = max(info.min_players, getattr(rules, "min_players", info.min_players))
    return [n for n in sorted({low, max(2, low)}) if n <= info.max_players]


def _info(game: GameInfo | str) -> GameInfo:
    return game if isinstance(game, GameInfo) else get_game(game)


def exact_solve(game: GameInfo | str, n: int, max_states: int = MAX_STATES) -> ExactResult | None:
    """The solver's figures for the default rules at ``n`` players, or None where it refuses (in words, German too:
    a refusal reaches players through ``wuerfel solve``); the figures are checked to be shares."""
    info = _info(game)
    try:
        result = solve_game(
            info.new_game(None, n),
            "solo" if n == 1 else "win",
            max_states=max_states,
            hidden_information=info.hidden_information,
            name=Words(info.name_en, info.name_de),
        )
    except ExactSolveError as exc:
        assert exc.msgid in catalog("de"), f"the refusal {exc.msgid!r} has no German translation"
        return None
    assert all(0 <= s.win <= 1 for s in result.seats)
    assert sum(s.win for s in result.seats) <= 1
    assert all(s.lose is None or 0 <= s.lose <= 1 for s in result.seats)
    return result


def _playout(state: State, rng: random.Random) -> State:
    while not state.is_terminal():
        assert state.is_chance(), "pure chance only"
        outcomes = [(o, p) for o, p in state.chance_outcomes() if p]
        state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
    return state


def check_against_sampling(game: GameInfo | str, n: int, result: ExactResult, samples: int = SAMPLES) -> None:
    """Sampled games of pure chance win and lose as often as the solved figures say (within five standard
    deviations). Only for a result without decisions: with decisions, sampling plays randomly, not optimally."""
    info = _info(game)
    assert not result.decisions, "sampling checks a game of pure chance only"
    state0 = info.new_game(None, n).new_initial_state()
    rng = random.Random(f"{info.id}/{n}")
    wins = [Fraction(0)] * n
    loses = [0] * n
    for _ in range(samples):
        end = _playout(state0, rng)
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
            sd = (float(want) * (1 - float(want)) / samples) ** 0.5
            assert abs(got / samples - float(want)) <= 5 * sd + 1e-9, (p, got / samples, float(want))


def check_exact_solver(game: GameInfo | str, n: int, sample: bool = True) -> None:
    """Solved or refused in words at ``n`` players; where solved and of pure chance, sampling agrees (``sample``)."""
    result = exact_solve(game, n)
    if sample and result is not None and not result.decisions:
        check_against_sampling(game, n, result)
