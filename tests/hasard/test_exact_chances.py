"""Exact chances of Jule, Die 21. Eins, Das große Herz, Doppeltes Lottchen, Pasch, Einer gleich zwei and Eins bis
sechzehn by the generic exact solver, each checked against something that does not use the solver's keys: a
computation by hand, a symmetry, the unkeyed game solved exactly, or sampled games of the real engine.

Key soundness is checked twice: every position of the unkeyed game (where that is small) gets the same chances from
the keyed solve; and for positions met in random games, states with the same key go to the same keys with the same
chances (the lumping contract of ``State.solver_key``, one step at a time).
"""

from __future__ import annotations

import copy
import random
from collections import defaultdict
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest

from wuerfel.engine.game import Game, State
from wuerfel.engine.registry import get_game
from wuerfel.solvers.exact import ExactResult, Strategy, solve_game

FIRST = {"start": "first_seat"}
"""Seat 1 begins: without the lot the seats differ, so a figure says more than 1/n."""


def game(game_id: str, n: int, **options: Any) -> Game:
    info = get_game(game_id)
    rules = info.rules_from_dict({**info.resolve(info.default_preset).data, **options})
    return info.make(rules, n)


def unkeyed(g: Game) -> Game:
    """The same game whose states keep the default key (the whole state): what the game's key must agree with."""
    base = g.state_class  # type: ignore[attr-defined]
    plain = type(f"Unkeyed{base.__name__}", (base,), {"solver_key": State.solver_key})
    g.state_class = plain  # type: ignore[attr-defined]
    return g


def playout(state: State, rng: random.Random, choose: Any = None) -> list[State]:
    """The positions of one random game through the engine (a decision: ``choose(state)``, else at random)."""
    seen = [state]
    while not state.is_terminal():
        if state.is_chance():
            outcomes = [(o, p) for o, p in state.chance_outcomes() if p]
            state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            actions = state.legal_actions(state.to_move())
            state = state.apply_action(choose(state) if choose else rng.choice(list(actions)))
        seen.append(state)
    return seen


def sampled(g: Game, games: int, seed: str) -> tuple[list[float], list[float]]:
    """Win shares and loser frequencies per seat over ``games`` random games of the engine."""
    rng = random.Random(seed)
    win, lose = [0.0] * g.num_players, [0.0] * g.num_players
    for _ in range(games):
        end = playout(g.new_initial_state(), rng)[-1]
        for p in end.winners():
            win[p] += 1 / len(end.winners())
        for p in end.losers():
            lose[p] += 1
    return [w / games for w in win], [x / games for x in lose]


def assert_agrees_with_sampling(result: ExactResult, g: Game, games: int, seed: str) -> None:
    win, lose = sampled(g, games, seed)
    for p, seat in enumerate(result.seats):
        for got, want in ((win[p], seat.win), (lose[p], seat.lose)):
            if want is None:
                assert got == 0
                continue
            sd = (float(want) * (1 - float(want)) / games) ** 0.5
            assert abs(got - float(want)) <= 5 * sd + 1e-12, (p, got, float(want))


def successor_keys(state: State) -> dict[Hashable, Fraction] | list[tuple[int, Hashable]]:
    """Where one step leads, by key: chance → key: probability; decision → (action id, key) pairs."""
    if state.is_chance():
        out: dict[Hashable, Fraction] = defaultdict(Fraction)
        for o, p in state.chance_outcomes():
            if p:
                out[state.apply_outcome(o).solver_key()] += p
        return dict(out)
    player = state.to_move()
    return sorted(
        (state.game.action_id(a), state.apply_action(a, player).solver_key()) for a in state.legal_actions(player)
    )


def assert_keys_lump(g: Game, games: int, seed: str, choose: Any = None) -> int:
    """The lumping contract on the positions of random games: equal keys, equal mover, equal successor keys with
    equal chances, equal winners and losers. Returns how many keys were met by more than one distinct state."""
    rng = random.Random(seed)
    by_key: dict[Hashable, list[State]] = defaultdict(list)
    for _ in range(games):
        for s in playout(g.new_initial_state(), rng, choose):
            states = by_key[s.solver_key()]
            if s not in states and len(states) < 3:
                states.append(s)
    shared = 0
    for states in by_key.values():
        if len(states) < 2:
            continue
        shared += 1
        first = states[0]
        for other in states[1:]:
            assert other.to_move() == first.to_move()
            if first.is_terminal():
                assert (set(other.winners()), set(other.losers())) == (set(first.winners()), set(first.losers()))
            else:
                assert successor_keys(other) == successor_keys(first)
    return shared


def assert_same_chances_as_unkeyed(keyed: Strategy, plain: ExactResult) -> None:
    """Every position of the unkeyed game has the chances the keyed solve gives its key."""
    assert plain.strategy is not None
    positions = list(plain.strategy._index)  # the unkeyed keys are the states themselves
    assert len(positions) == plain.states
    for state in positions:
        as_keyed = copy.copy(state)
        object.__setattr__(as_keyed, "__class__", type(state).__mro__[1])  # the game's own state class again
        assert keyed.chances(as_keyed) == plain.strategy.chances(state), state


# --- Die 21. Eins: a negative binomial by hand ----------------------------------------------------------------


def winner_of_the_kth_one(n: int, k: int) -> list[Fraction]:
    """P(seat p throws the k-th one) when seat 1 throws first: the throw number of the k-th one is a sum of k
    geometric waits (1/6 each throw); only its remainder modulo n counts."""
    q = Fraction(5, 6)
    wait = [Fraction(0)] * n  # P(a wait of r throws modulo n), r = 1..n as index r % n
    for r in range(1, n + 1):
        wait[r % n] = Fraction(1, 6) * q ** (r - 1) / (1 - q**n)
    dist = [Fraction(0)] * n
    dist[0] = Fraction(1)
    for _ in range(k):
        dist = [sum(dist[a] * wait[(r - a) % n] for a in range(n)) for r in range(n)]
    return [dist[(p + 1) % n] for p in range(n)]  # throw t is seat (t − 1) mod n


@pytest.mark.parametrize(("n", "target"), [(2, 21), (3, 21), (5, 4)])
def test_die_21_eins_matches_the_negative_binomial_by_hand(n: int, target: int) -> None:
    result = solve_game(game("die-21-eins", n, target=target, **FIRST))
    assert [s.win for s in result.seats] == winner_of_the_kth_one(n, target)
    assert all(s.lose is None for s in result.seats)
    assert result.states < 30 * n  # the counter, not the ones per seat


def test_die_21_eins_with_a_loser_keeps_the_ones_per_seat() -> None:
    g = game("die-21-eins", 2, target=6, loser="fewest_ones", **FIRST)
    keyed = solve_game(g, keep_strategy=True)
    assert [s.win for s in keyed.seats] == winner_of_the_kth_one(2, 6)
    assert keyed.strategy is not None
    plain = solve_game(unkeyed(game("die-21-eins", 2, target=6, loser="fewest_ones", **FIRST)), keep_strategy=True)
    assert_same_chances_as_unkeyed(keyed.strategy, plain)


# --- Doppeltes Lottchen: a recursion over the running total ---------------------------------------------------


def lottchen_by_hand(n: int, limit: int) -> list[Fraction]:
    """P(seat p loses), seat 1 first: ``lose[t][r]`` = P(the seat r places after the thrower loses) at total t."""
    from itertools import product

    sums: dict[int, Fraction] = defaultdict(Fraction)
    for dice in product(range(1, 7), repeat=3):
        sums[sum(dice)] += Fraction(1, 216)
    lose: dict[int, list[Fraction]] = {}
    for t in range(limit - 1, -1, -1):
        row = [Fraction(0)] * n
        for s, p in sums.items():
            if t + s >= limit:
                row[0] += p
            else:
                nxt = lose[t + s]  # relative to the next thrower, who sits one place on
                for r in range(n):
                    row[(r + 1) % n] += p * nxt[r]
        lose[t] = row
    return lose[0]


@pytest.mark.parametrize("n", [2, 3, 8])
def test_doppeltes_lottchen_matches_the_recursion_by_hand(n: int) -> None:
    result = solve_game(game("doppeltes-lottchen", n, **FIRST))
    by_hand = lottchen_by_hand(n, 66)
    assert [s.lose for s in result.seats] == by_hand
    assert [s.win for s in result.seats] == [(1 - x) / (n - 1) for x in by_hand]  # the others share the win


def test_doppeltes_lottchen_key_agrees_with_the_unkeyed_game() -> None:
    keyed = solve_game(game("doppeltes-lottchen", 2, limit=12, **FIRST), keep_strategy=True)
    plain = solve_game(unkeyed(game("doppeltes-lottchen", 2, limit=12, **FIRST)), keep_strategy=True)
    assert keyed.states < plain.states
    assert keyed.strategy is not None
    assert_same_chances_as_unkeyed(keyed.strategy, plain)


# --- Jule -----------------------------------------------------------------------------------------------------


def test_jule_key_agrees_with_the_unkeyed_game_and_seat_1_has_the_edge() -> None:
    keyed = solve_game(game("jule", 2, **FIRST), keep_strategy=True)
    plain = solve_game(unkeyed(game("jule", 2, **FIRST)), keep_strategy=True)
    assert keyed.states < plain.states / 4
    assert keyed.strategy is not None
    assert_same_chances_as_unkeyed(keyed.strategy, plain)
    assert keyed.seats[0].win > Fraction(1, 2) > keyed.seats[1].win
    assert keyed.seats[0].win + keyed.seats[1].win == 1
    assert [s.lose for s in keyed.seats] == [keyed.seats[1].win, keyed.seats[0].win]  # two players: the other


@pytest.mark.slow
def test_jule_for_three_agrees_with_sampled_games() -> None:
    g = game("jule", 3, **FIRST)
    assert_agrees_with_sampling(solve_game(g), g, 1500, "jule/3")


# --- Das große Herz -------------------------------------------------------------------------------------------


def test_das_grosse_herz_agrees_with_sampled_games_and_its_key_lumps() -> None:
    g = game("das-grosse-herz", 3, **FIRST)
    result = solve_game(g)
    assert result.states < 5000
    assert_agrees_with_sampling(result, g, 600, "herz/3")
    assert assert_keys_lump(g, 100, "herz/keys") > 50


@pytest.mark.slow
def test_das_grosse_herz_key_agrees_with_the_unkeyed_game() -> None:
    keyed = solve_game(game("das-grosse-herz", 2, **FIRST), keep_strategy=True)
    plain = solve_game(unkeyed(game("das-grosse-herz", 2, **FIRST)), keep_strategy=True)
    assert keyed.strategy is not None
    assert_same_chances_as_unkeyed(keyed.strategy, plain)


# --- Pasch and Einer gleich zwei: symmetric round games -------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "n", "options"),
    [
        ("pasch", 2, {}),
        ("pasch", 3, {}),
        ("pasch", 3, {"pair": "pips", "settle_loser": False}),
        ("pasch", 2, {"rounds": 2}),
        ("einer-gleich-zwei", 2, {"throws": 3}),
        pytest.param("einer-gleich-zwei", 3, {"throws": 2}, marks=pytest.mark.slow),
    ],
)
def test_round_games_are_fair_whoever_begins(game_id: str, n: int, options: dict[str, Any]) -> None:
    """Every seat throws the same turns from the same dice and ties are thrown off among the tied only, so seats
    are exchangeable: each wins with 1/n and (with a throw-off for last place) loses with 1/n, although seat 1
    begins. A key that mixed up the extremes or the groups of a throw-off would break it."""
    result = solve_game(game(game_id, n, **FIRST, **options))
    assert [s.win for s in result.seats] == [Fraction(1, n)] * n
    if options.get("settle_loser", True):
        assert [s.lose for s in result.seats] == [Fraction(1, n)] * n
    else:  # the tied last share the last place, so more than one seat can lose
        assert len({s.lose for s in result.seats}) == 1 and result.seats[0].lose > Fraction(1, n)


def test_pasch_key_lumps_and_agrees_with_sampled_games() -> None:
    g = game("pasch", 3, **FIRST, settle_loser=False)
    result = solve_game(g)
    assert_agrees_with_sampling(result, g, 1000, "pasch/3")
    assert assert_keys_lump(g, 100, "pasch/keys") > 20


def test_einer_gleich_zwei_key_lumps() -> None:
    g = game("einer-gleich-zwei", 3, **FIRST, throws=2)
    assert assert_keys_lump(g, 60, "einer/keys") > 20


@pytest.mark.slow
def test_einer_gleich_zwei_as_the_book_plays_it() -> None:
    g = game("einer-gleich-zwei", 2)
    result = solve_game(g)
    assert [s.win for s in result.seats] == [Fraction(1, 2)] * 2


# --- Eins bis sechzehn ----------------------------------------------------------------------------------------


def test_eins_bis_sechzehn_key_lumps() -> None:
    assert assert_keys_lump(game("eins-bis-sechzehn", 2, **FIRST), 30, "sechzehn/keys") > 20


@pytest.mark.slow
def test_eins_bis_sechzehn_agrees_with_sampled_games() -> None:
    g = game("eins-bis-sechzehn", 2, **FIRST)
    result = solve_game(g)
    assert result.seats[0].win > Fraction(1, 2)
    assert_agrees_with_sampling(result, g, 1500, "sechzehn/2")


@pytest.mark.slow
def test_claim_mode_solved_plays_like_the_bot() -> None:
    """The thrower claims his run himself. Claiming all he can is best (from a later target every throw takes
    him at least as far: a run from an earlier target that passes the later one continues from it), so the
    solution of the claim mode is worth what the program's ticking is worth, its moves are the bot's, and the
    bot's moves in sampled positions are the solution's."""
    from wuerfel.games.hasard.eins_bis_sechzehn import ClaimBot

    g = game("eins-bis-sechzehn", 2, claim="manual", **FIRST)
    result = solve_game(g, keep_strategy=True)
    auto = solve_game(game("eins-bis-sechzehn", 2, **FIRST))
    assert result.decisions > 0
    assert result.seats == auto.seats
    strategy = result.strategy
    assert strategy is not None
    bot = ClaimBot(g, 0)
    rng = random.Random("claims")
    checked = 0
    for _ in range(40):
        for s in playout(g.new_initial_state(), rng, choose=lambda s: bot.choose(s, s.to_move())):
            if s.is_terminal() or s.is_chance() or len(s.legal_actions(s.to_move())) < 2:
                continue
            assert strategy.action(s) == bot.choose(s, s.to_move())
            checked += 1
    assert checked > 100
    assert assert_keys_lump(g, 100, "claims/keys", choose=lambda s: bot.choose(s, s.to_move())) > 20
