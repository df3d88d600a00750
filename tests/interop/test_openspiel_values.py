"""The exact chances of the pure-chance games, computed a second way through OpenSpiel (issue 27 §1).

``wuerfel solve`` finds a game's positions by their solver keys and solves the resulting linear system exactly
(strongly connected parts, Fractions). Here the same figures come from what an OpenSpiel agent sees: OpenSpiel's own
``get_all_states`` walks the adapter's states (positions told apart by the same solver key, since a tie that is
thrown again leads back to a position and a history-keyed tree would be infinite), every transition is the adapter's
``chance_outcomes()`` with its float probabilities, and the values come from plain value iteration — no Fraction,
no linear algebra. Value iteration gives a lower bound (the probability mass already at an end) and the mass still
unresolved; the solver's exact figure must lie inside, with less than 1e-9 unresolved.

Each game is checked from its start (symmetric for most: the lot decides who begins) and from a position two throws
in, where the seats' chances differ.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install 'wuerfel[research]'")

from open_spiel.python.algorithms import get_all_states  # noqa: E402

from tests.interop import declared_games  # noqa: E402
from wuerfel.engine.game import Game, State  # noqa: E402
from wuerfel.interop.openspiel import load, register_all  # noqa: E402
from wuerfel.solvers.exact import ExactSolveError, solve_game  # noqa: E402

FAST = (
    "blaue-augen",
    "das-grosse-herz",
    "die-21-eins",
    "doppeltes-lottchen",
    "elf-hoch",
    "himmel-und-hoelle",
    "hin-und-her",
    "jule",
    "pasch",
)
"""Pure-chance games whose position graphs are a few hundred states: seconds together. The slow variant checks
every game the solver solves as pure chance within :data:`SLOW_STATES` positions."""

SLOW_STATES = 20_000
UNRESOLVED = 1e-9
ROUNDS = 20_000


class _From:
    """A game that starts at a given position: what the solver and OpenSpiel's walk both take as their root."""

    def __init__(self, game: Any, start: Any) -> None:
        self._game = game
        self._start = start

    def new_initial_state(self) -> Any:
        return self._start.clone() if hasattr(self._start, "clone") else self._start

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _key(state: Any) -> str:
    return repr(state.state.solver_key())


def _values(game: Any, root: Any, n: int) -> tuple[list[float], float]:
    """Win shares per seat from ``root`` by value iteration over OpenSpiel's state graph, and the mass unresolved."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))
    try:
        states = get_all_states.get_all_states(
            _From(game, root), depth_limit=-1, include_terminals=True, include_chance_states=True, to_string=_key
        )
    finally:
        sys.setrecursionlimit(old)
    ends: dict[str, list[float]] = {}
    edges: dict[str, list[tuple[str, float]]] = {}
    for k, s in states.items():
        if s.is_terminal():
            winners = set(s.state.winners())
            ends[k] = [1 / len(winners) if p in winners else 0.0 for p in range(n)]
        else:
            assert s.is_chance_node(), "a decision in a game of pure chance"
            outcomes = s.chance_outcomes()
            assert abs(sum(q for _, q in outcomes) - 1) < 1e-12
            edges[k] = [(_key(s.child(a)), q) for a, q in outcomes if q > 0]
    value = {k: [0.0] * n for k in edges}
    done = dict.fromkeys(edges, 0.0)
    root_key = _key(root)
    for _ in range(ROUNDS):
        new_value: dict[str, list[float]] = {}
        new_done: dict[str, float] = {}
        for k, out in edges.items():
            acc = [0.0] * n
            mass = 0.0
            for child, q in out:
                end = ends.get(child)
                vec, m = (end, 1.0) if end is not None else (value[child], done[child])
                acc = [a + q * b for a, b in zip(acc, vec, strict=True)]
                mass += q * m
            new_value[k] = acc
            new_done[k] = mass
        value, done = new_value, new_done
        if 1 - done[root_key] < UNRESOLVED / 10:
            break
    return value[root_key], 1 - done[root_key]


def _check(game_id: str, throws: int, max_states: int) -> None:
    register_all()
    game = load(game_id, None, 2)
    root = game.new_initial_state()
    for _ in range(throws):
        if root.is_chance_node():
            root.apply_action(root.chance_outcomes()[-1][0])  # the last outcome: a position away from symmetry
    engine: Game = root._r.game.engine
    start: State = root.state
    try:
        result = solve_game(_From(engine, start), "win", max_states=max_states)  # type: ignore[arg-type]
    except ExactSolveError:
        pytest.skip("the solver does not solve it within the limit")
    if result.decisions:
        pytest.skip("not a game of pure chance")
    values, unresolved = _values(game, root, 2)
    assert unresolved < UNRESOLVED, unresolved
    for seat, chances in enumerate(result.seats):
        exact = float(chances.win)
        assert values[seat] - 1e-12 <= exact <= values[seat] + unresolved + 1e-12, (seat, exact, values[seat])


@pytest.mark.parametrize("throws", [0, 2])
@pytest.mark.parametrize("game_id", FAST)
def test_openspiels_walk_finds_the_solvers_exact_chances(game_id: str, throws: int) -> None:
    _check(game_id, throws, 2_000)


def _slow_ids() -> list[str]:
    return sorted(i.id for i in declared_games() if i.id not in FAST and not i.hidden_information)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", _slow_ids())
def test_openspiels_walk_finds_the_solvers_exact_chances_in_every_solved_game(game_id: str) -> None:
    _check(game_id, 2, SLOW_STATES)


def test_the_walk_notices_a_wrong_probability(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: with one outcome's probability shifted in what OpenSpiel sees, the figures part."""
    from wuerfel.interop import openspiel

    real = openspiel.WuerfelState.chance_outcomes

    def skewed(self: Any) -> list[tuple[int, float]]:
        out = real(self)
        if len(out) > 1:  # the last outcome's chance moved to the first: the sum stays one
            (a, p), (b, q) = out[0], out[-1]
            out = [(a, p + q), *out[1:-1], (b, 0.0)]
        return out

    monkeypatch.setattr(openspiel.WuerfelState, "chance_outcomes", skewed)
    with pytest.raises(AssertionError):
        _check("himmel-und-hoelle", 2, 2_000)
