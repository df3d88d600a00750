"""The generic exact solver against answers derived by hand, an independent value iteration, sampling, and its
refusals; and ``wuerfel solve`` on top of it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.toy_game import PigGame, PigRules
from tests.solvers.exact_toys import (
    EwigGame,
    EwigRules,
    IdentityGame,
    KeyedPigGame,
    LottchenGame,
    LottchenRules,
    NochmalGame,
    NochmalRules,
    SealedGame,
    SixGame,
    SixRules,
    StrikeGame,
    StrikeRules,
    lottchen_by_hand,
    nochmal_duel_by_hand,
    nochmal_info,
    pig_win_by_iteration,
    six_by_hand,
    six_info,
    strike_info,
)
from wuerfel.engine.game import Roll, State
from wuerfel.engine.registry import _REGISTRY, register
from wuerfel.solvers import exact
from wuerfel.solvers.exact import (
    PRIMES,
    ExactSolveError,
    ends_surely,
    solve_by_elimination,
    solve_by_lifting,
    solve_game,
    solve_linear,
    strongly_connected,
)

# --- the parts --------------------------------------------------------------------------------------------


def test_tarjan_orders_components_so_that_each_comes_after_those_it_reaches() -> None:
    # 0 → 1 ⇄ 2 → 3, 3 → 3, 0 → 4
    succ = [[1, 4], [2], [1, 3], [3], []]
    comps = strongly_connected(5, succ)
    assert sorted(sorted(c) for c in comps) == [[0], [1, 2], [3], [4]]
    pos = {v: k for k, c in enumerate(comps) for v in c}
    for v, targets in enumerate(succ):
        for w in targets:
            assert pos[w] <= pos[v]


def test_tarjan_needs_no_recursion_for_a_long_chain() -> None:
    n = 50_000
    comps = strongly_connected(n, [[i + 1] if i + 1 < n else [] for i in range(n)])
    assert [c[0] for c in comps[:3]] == [n - 1, n - 2, n - 3]


def test_linear_system_is_solved_exactly_with_several_right_hand_sides() -> None:
    # x = y/2 + 1, y = x/3 + (2, 0)  →  x = (6/5)(1 + 1) …  solved by hand: x = (y + 2)/2, y = x/3 + c
    half, third = Fraction(1, 2), Fraction(1, 3)
    rows = [{1: half}, {0: third}]
    consts: list[tuple[Fraction, ...]] = [(Fraction(1), Fraction(0)), (Fraction(2), Fraction(1))]
    x, y = solve_linear(rows, consts)
    for k in range(2):
        assert x[k] == half * y[k] + consts[0][k]
        assert y[k] == third * x[k] + consts[1][k]
    assert x == (Fraction(12, 5), Fraction(3, 5))


def test_a_system_without_exit_is_singular() -> None:
    with pytest.raises(ZeroDivisionError):
        solve_linear([{1: Fraction(1)}, {0: Fraction(1)}], [(Fraction(0),), (Fraction(0),)])


@st.composite
def substochastic_systems(draw: st.DrawFn) -> tuple[list[dict[int, Fraction]], list[tuple[Fraction, ...]]]:
    """A random cycle of positions with exits: probabilities over sixths and 36ths, rational right-hand sides."""
    m = draw(st.integers(min_value=1, max_value=60))
    rows: list[dict[int, Fraction]] = []
    consts: list[tuple[Fraction, ...]] = []
    for i in range(m):
        den = draw(st.sampled_from([6, 36, 216]))
        left = den
        row: dict[int, Fraction] = {}
        for j in draw(st.lists(st.integers(min_value=0, max_value=m - 1), max_size=4)):
            w = draw(st.integers(min_value=0, max_value=left))
            left -= w
            if w:
                row[j] = row.get(j, Fraction(0)) + Fraction(w, den)
        if i == m - 1 and left == 0:  # at least one exit somewhere
            row = {}
        rows.append(row)
        consts.append((Fraction(left, den) * Fraction(draw(st.integers(0, 7)), 7), Fraction(left, den)))
    return rows, consts


@settings(max_examples=40, deadline=None)
@given(substochastic_systems())
def test_lifting_and_elimination_agree_exactly(
    system: tuple[list[dict[int, Fraction]], list[tuple[Fraction, ...]]],
) -> None:
    rows, consts = system
    if not ends_surely(rows):
        with pytest.raises(ZeroDivisionError):
            solve_linear(rows, consts)
        return
    by_elimination = solve_by_elimination(rows, consts)
    for prime in PRIMES[:2]:
        assert solve_by_lifting(rows, consts, prime) == by_elimination
    assert solve_linear(rows, consts) == by_elimination
    for i, row in enumerate(rows):  # and the solution solves the system
        for k in range(2):
            assert by_elimination[i][k] == sum(v * by_elimination[j][k] for j, v in row.items()) + consts[i][k]


def test_a_closed_set_of_positions_is_found_on_the_graph() -> None:
    half = Fraction(1, 2)
    assert ends_surely([{1: half}, {0: Fraction(1)}])
    assert not ends_surely([{1: half}, {2: Fraction(1)}, {1: Fraction(1)}])  # 1 ⇄ 2 never leave


# --- pure chance -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6, 8])
def test_first_six_wins_matches_the_formula_for_any_number_of_players(n: int) -> None:
    result = solve_game(SixGame(SixRules(), n))
    assert [s.win for s in result.seats] == six_by_hand(n)
    assert all(s.lose is None for s in result.seats)  # the game names no loser
    assert result.value == six_by_hand(n)[0] and result.objective == "win"
    assert result.largest_cycle == n  # one round without a 6 comes back to the start


def test_first_six_agrees_with_sampling() -> None:
    n, games = 3, 20_000
    rng = random.Random(12)
    wins = [0] * n
    for _ in range(games):
        state: State = SixGame(SixRules(), n).new_initial_state()
        while not state.is_terminal():
            outcomes = state.chance_outcomes()
            state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
        wins[state.winners()[0]] += 1
    for p, want in enumerate(six_by_hand(n)):
        sd = (float(want) * (1 - float(want)) / games) ** 0.5
        assert abs(wins[p] / games - float(want)) < 4 * sd


def test_an_unbounded_pot_is_refused_without_a_key_and_solved_with_one() -> None:
    with pytest.raises(ExactSolveError, match="more than 500 positions"):
        solve_game(SixGame(SixRules(pot=True), 3), max_states=500)
    keyed = solve_game(SixGame(SixRules(pot=True, keyed=True), 3))
    assert [s.win for s in keyed.seats] == six_by_hand(3)
    assert keyed.states == 6  # three throwers and three ends: the pot is not part of the key


@pytest.mark.parametrize(("sides", "lift"), [(2, False), (3, False), (4, False), (4, True)])
def test_strike_and_unstrike_cycles_give_the_same_answer_with_and_without_the_lumping_key(
    sides: int, lift: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if lift:  # no fill-in allowed: the 225 positions of the cycle are solved by lifting
        monkeypatch.setattr(exact, "FILL_FACTOR", 0)
        calls: list[int] = []
        lifting = exact.solve_by_lifting

        def counted(*args: Any) -> Any:
            calls.append(len(args[0]))
            return lifting(*args)

        monkeypatch.setattr(exact, "solve_by_lifting", counted)
    full = solve_game(StrikeGame(StrikeRules(sides=sides), 2))
    if lift:
        assert calls == [225]
    keyed = solve_game(StrikeGame(StrikeRules(sides=sides, keyed=True), 2))
    assert full.seats == keyed.seats
    assert keyed.states < full.states and full.largest_cycle > 1
    assert sum(s.win for s in full.seats) == 1


def test_strike_with_two_sides_by_hand() -> None:
    # A player's count of struck faces on a 2-sided die: 0 → 1 surely, 1 → 2 (win) or back to 0, each 1/2.
    # Let a_k be the mover's chance to win when he has k and the other has l. Solved by hand: seat 1 wins 2/3.
    result = solve_game(StrikeGame(StrikeRules(sides=2), 2))
    assert [s.win for s in result.seats] == [Fraction(2, 3), Fraction(1, 3)]
    # The loser is whoever has fewer struck (both lose when tied): the winner has 2, the other 0 or 1.
    assert [s.lose for s in result.seats] == [Fraction(1, 3), Fraction(2, 3)]


def test_strike_agrees_with_sampling() -> None:
    game = StrikeGame(StrikeRules(sides=3, keyed=True), 3)
    solved = solve_game(game)
    rng = random.Random(7)
    games = 6000
    wins, loses = [0] * 3, [0] * 3
    for _ in range(games):
        state: State = game.new_initial_state()
        while not state.is_terminal():
            outcomes = state.chance_outcomes()
            state = state.apply_outcome(rng.choice([o for o, _ in outcomes]))
        wins[state.winners()[0]] += 1
        for p in state.losers():
            loses[p] += 1
    for p in range(3):
        for got, want in ((wins[p], solved.seats[p].win), (loses[p], solved.seats[p].lose)):
            assert want is not None
            sd = (float(want) * (1 - float(want)) / games) ** 0.5
            assert abs(got / games - float(want)) < 4 * sd + 1e-9


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=2, max_value=5), st.integers(min_value=1, max_value=30))
def test_shared_wins_count_as_fractions_and_the_loser_is_exact(n: int, limit: int) -> None:
    result = solve_game(LottchenGame(LottchenRules(limit=limit), n))
    lose = lottchen_by_hand(n, limit)
    assert [s.lose for s in result.seats] == lose
    # Everybody but the loser shares the win: seat p wins (1/(n−1))·(1 − P(p loses)).
    assert [s.win for s in result.seats] == [(1 - lose[p]) / (n - 1) for p in range(n)]
    assert sum(s.win for s in result.seats) == 1 and sum(lose) == 1


# --- decisions -------------------------------------------------------------------------------------------


def test_solo_maximises_the_expected_score() -> None:
    # Keep 4, 5, 6, throw 1, 2, 3 again: (4 + 5 + 6)/6 + (1/2)(7/2) = 17/4.
    result = solve_game(NochmalGame(NochmalRules(), 1), "solo")
    assert result.value == Fraction(17, 4) and result.seats[0].score == Fraction(17, 4)
    assert result.decisions == 6


def test_solo_minimises_where_lower_is_better() -> None:
    result = solve_game(NochmalGame(NochmalRules(lower_is_better=True), 1), "solo")
    assert result.value == Fraction(11, 4)


def test_solo_is_for_one_player() -> None:
    with pytest.raises(ExactSolveError, match="one player, not 2"):
        solve_game(NochmalGame(NochmalRules(), 2), "solo")


def test_two_players_each_maximise_their_own_win_share() -> None:
    result = solve_game(NochmalGame(NochmalRules(), 2))
    assert result.value == nochmal_duel_by_hand() == Fraction(103, 216)
    assert sum(s.win for s in result.seats) == 1


def test_pig_with_cycles_through_decisions_matches_an_independent_value_iteration() -> None:
    result = solve_game(KeyedPigGame(PigRules(target=10), 2))
    assert abs(float(result.value) - pig_win_by_iteration(10)) < 1e-12
    assert result.largest_cycle > 1 and result.decisions > 0
    assert sum(s.win for s in result.seats) == 1


def test_pig_without_a_key_is_infinite_and_refused() -> None:
    # A player may roll for ever: the turn total has no bound.
    with pytest.raises(ExactSolveError, match="more than 2000 positions"):
        solve_game(PigGame(PigRules(target=10), 2), max_states=2000)


# --- refusals --------------------------------------------------------------------------------------------


def test_a_game_that_can_go_on_for_ever_is_refused() -> None:
    with pytest.raises(ExactSolveError, match="go on for ever"):
        solve_game(EwigGame(EwigRules(), 1))
    assert solve_game(EwigGame(EwigRules(six_possible=True), 1)).seats[0].win == 1


def test_states_compared_by_identity_are_refused() -> None:
    with pytest.raises(ExactSolveError, match="compared by identity"):
        solve_game(IdentityGame(SixRules(), 2))


def test_simultaneous_decisions_are_refused() -> None:
    with pytest.raises(ExactSolveError, match="simultaneous"):
        solve_game(SealedGame(SixRules(), 2))


def test_hidden_decisions_are_refused_but_hidden_chance_is_not() -> None:
    with pytest.raises(ExactSolveError, match="hidden information"):
        solve_game(NochmalGame(NochmalRules(), 2), hidden_information=True)
    assert solve_game(SixGame(SixRules(), 2), hidden_information=True).seats[0].win == Fraction(6, 11)


def test_a_key_that_joins_different_movers_is_caught() -> None:
    class BadKey(SixGame):
        def new_initial_state(self) -> State:
            class S(type(super().new_initial_state())):  # type: ignore[misc]
                def solver_key(self) -> object:
                    return 0  # every position the same: the end is joined with the throws

            return S(self)

    with pytest.raises(ExactSolveError, match="breaks its contract"):
        solve_game(BadKey(SixRules(), 2))


# --- the command -----------------------------------------------------------------------------------------


@pytest.fixture
def toys() -> Iterator[None]:
    infos = [six_info(), strike_info(), nochmal_info()]
    for info in infos:
        register(info)
    yield
    for info in infos:
        _REGISTRY.pop(info.id, None)


def test_solve_prints_every_seats_exact_chances_as_json(toys: None) -> None:
    from tests.cli.helpers import run

    result = run(["solve", "erste-sechs", "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"game", "rules", "players", "objective", "value", "seats", "seconds"} <= set(data)
    assert (data["game"], data["rules"], data["players"], data["objective"]) == ("erste-sechs", "standard", 3, "win")
    want = six_by_hand(3)
    assert [s["win"] for s in data["seats"]] == [float(w) for w in want]
    assert [s["lose"] for s in data["seats"]] == [None, None, None]
    assert [s["win"] for s in data["exact"]["seats"]] == [f"{w.numerator}/{w.denominator}" for w in want]
    assert data["value"] == float(want[0])


def test_solve_defaults_to_solo_for_one_player_and_says_so_in_words(toys: None) -> None:
    from tests.cli.helpers import run

    data = json.loads(run(["solve", "nochmal", "--players", "1", "--json"]).output)
    assert data["objective"] == "solo" and data["value"] == 4.25
    text = run(["solve", "nochmal", "--players", "2"]).output
    assert "2 Spieler, Ziel: Chancen jedes Spielers (--objective win); Wert: 0,476852" in text
    assert "Platz 1: gewinnt 47,6852 % (103/216), verliert —" in text
    assert "Dieses Spiel kennt keinen Verlierer." in text
    text = run(["solve", "hin-und-her-mini", "--players", "2", "--lang", "en"]).output
    assert "Seat 2: wins 43.7500 % (7/16), loses 56.2500 % (9/16)" in text


def test_solve_refuses_a_game_too_large_in_both_languages() -> None:
    from tests.cli.helpers import run

    result = run(["solve", "zehntausend", "--objective", "win", "--players", "2", "--max-states", "300"])
    assert result.exit_code == 2
    assert "Zehntausend hat mehr als 300 zu lösende Stellungen" in result.stderr
    result = run(["solve", "zehntausend", "--objective", "win", "--max-states", "300", "--lang", "en"])
    assert "Ten Thousand has more than 300 positions to solve" in result.stderr


def test_solve_refuses_simultaneous_and_hidden_decisions_of_real_games() -> None:
    from tests.cli.helpers import run

    result = run(["solve", "lustige-sieben", "--players", "3"])  # two punters stake at once
    assert result.exit_code == 2 and "gleichzeitige Entscheidungen" in result.stderr
    result = run(["solve", "lustige-sieben", "--players", "2"])  # one punter: his stakes are hidden
    assert result.exit_code == 2 and "verdeckter Information" in result.stderr
    result = run(["solve", "verdecktes-wuerfelpoker", "--lang", "en"])
    assert result.exit_code == 2 and "decisions under hidden information" in result.stderr


def test_game_solvers_keep_their_objectives_and_refuse_a_player_count() -> None:
    from tests.cli.helpers import run

    result = run(["solve", "escalero", "--players", "2", "--objective", "solo"])
    assert result.exit_code == 2 and "--players weglassen" in result.stderr
    result = run(["solve", "escalero", "--objective", "nix"])
    assert result.exit_code == 2 and "solo, win" in result.stderr


def test_a_cycle_too_large_for_either_method_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exact, "MAX_CUT", 0)  # not through a cut: the whole cycle as one system
    monkeypatch.setattr(exact, "FILL_FACTOR", 0)
    monkeypatch.setattr(exact, "MAX_LIFTING_UNKNOWNS", 48)
    with pytest.raises(ExactSolveError, match="49 positions of this game can return to each other"):
        solve_game(StrikeGame(StrikeRules(sides=3), 2))
    monkeypatch.setattr(exact, "MAX_LIFTING_UNKNOWNS", 49)
    assert solve_game(StrikeGame(StrikeRules(sides=3), 2)).seats[0].win == Fraction(9, 16)


def test_a_game_with_secrets_is_known_by_its_determinize_too() -> None:
    from tests.cli.games import hidden_info

    info = hidden_info()
    with pytest.raises(ExactSolveError, match="hidden information"):
        solve_game(info.new_game(None, 2), hidden_information=False)


def test_fields_declared_for_display_only_are_left_out_of_the_default_key() -> None:
    from tests.solvers.exact_toys import ShownSixGame

    shown = solve_game(ShownSixGame(SixRules(), 3, declared=False))
    declared = solve_game(ShownSixGame(SixRules(), 3, declared=True))
    plain = solve_game(SixGame(SixRules(), 3))
    assert shown.seats == declared.seats == plain.seats
    assert declared.states == plain.states == 6 < shown.states


def test_an_unhashable_key_met_later_is_refused_in_words() -> None:
    class ListKey(SixGame):
        def new_initial_state(self) -> State:
            class S(type(super().new_initial_state())):  # type: ignore[misc]
                def solver_key(self) -> object:
                    return self if self.player == 0 else [self.player]

            return S(self)

    with pytest.raises(ExactSolveError, match="list cannot be hashed"):
        solve_game(ListKey(SixRules(), 2))


def test_the_solved_strategy_plays_to_the_solved_chances() -> None:
    game = NochmalGame(NochmalRules(), 2)
    result = solve_game(game, keep_strategy=True)
    strategy = result.strategy
    assert strategy is not None
    root = game.new_initial_state()
    assert strategy.action(root) is None  # a throw, not a decision
    chances = strategy.chances(root)
    assert chances is not None and chances[0].win == result.value
    rng = random.Random(3)
    games, won = 20_000, 0.0
    for _ in range(games):
        state: State = root
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply_outcome(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            action = strategy.action(state)
            assert action is not None
            state = state.apply_action(action)
        won += state.returns()[0]
    want = float(result.value)
    assert abs(won / games - want) < 4 * (want * (1 - want) / games) ** 0.5


def test_the_strategy_keeps_a_good_first_throw_and_throws_a_bad_one_again() -> None:
    from tests.solvers.exact_toys import Again, Keep

    game = NochmalGame(NochmalRules(), 1)
    strategy = solve_game(game, "solo", keep_strategy=True).strategy
    assert strategy is not None
    thrown = {f: game.new_initial_state().apply_outcome(Roll((f,))) for f in range(1, 7)}
    assert [strategy.action(thrown[f]) for f in range(1, 7)] == [Again()] * 3 + [Keep()] * 3


def test_solve_refuses_a_limit_below_one(toys: None) -> None:
    from tests.cli.helpers import run

    result = run(["solve", "erste-sechs", "--max-states", "0"])
    assert result.exit_code == 2 and "--max-states muss mindestens 1 sein." in result.stderr
    result = run(["solve", "erste-sechs", "--players", "9"])
    assert result.exit_code == 2 and "von 1 bis 8 Spielern gespielt, nicht von 9" in result.stderr


@pytest.mark.parametrize(
    "make",
    [
        lambda: StrikeGame(StrikeRules(sides=3), 2),
        lambda: StrikeGame(StrikeRules(sides=6, keyed=True), 3),
        lambda: SixGame(SixRules(), 5),
        lambda: KeyedPigGame(PigRules(target=10), 2),
    ],
)
def test_cycles_through_a_cut_equal_cycles_as_one_system(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Solving a cycle through its cut (backward induction on affine values, then a small system) gives exactly
    what one system over the whole cycle gives, with decisions in the cycle too (Pig)."""
    cut = solve_game(make())
    monkeypatch.setattr(exact, "MAX_CUT", 0)
    whole = solve_game(make())
    assert cut.seats == whole.seats and cut.value == whole.value
    assert cut.largest_cycle == whole.largest_cycle > 1


def test_a_throw_that_changes_nothing_is_solved_in_closed_form_and_for_ever_is_refused() -> None:
    """A single position that can come back to itself (x = p·x + rest) and one that can only come back."""
    from wuerfel.solvers.exact import _CHANCE, _TERMINAL, _Graph, _Solver

    # 0: stays with 1/3, goes to 1 (seat 1 wins) with 1/6 and to 2 (seat 2 wins) with 1/2
    g = _Graph(
        kind=[_CHANCE, _TERMINAL, _TERMINAL],
        mover=[-1] * 3,
        edges=[[(2, 0), (1, 1), (3, 2)], [], []],
        denom=[6, 1, 1],
        choices=[[], [], []],
        result=[None, (1, (1, 0, 0, 0)), (1, (0, 1, 0, 0))],
        has_loser=False,
    )
    values = _Solver(g, 2, "win", Fraction(1)).solve()
    assert values[0] == (4, (1, 3, 0, 0))  # 1/4 and 3/4: the stay is spread over the ways out
    g.edges[0] = [(6, 0)]
    with pytest.raises(ExactSolveError, match="go on for ever"):
        _Solver(g, 2, "win", Fraction(1)).solve()


def test_solve_refuses_a_limit_its_own_solver_would_ignore() -> None:
    """Kniffel's own solver has no limit of positions: ``--max-states`` given to it was ignored without a word."""
    from tests.cli.helpers import run

    result = run(["solve", "kniffel", "--max-states", "10"])
    assert result.exit_code == 2
    assert "nimmt keine Höchstzahl von Stellungen; bitte --max-states weglassen." in " ".join(result.stderr.split())
    result = run(["solve", "kniffel", "--max-states", "10", "--lang", "en"])
    assert "takes no limit of positions; leave out --max-states." in " ".join(result.stderr.split())
