"""Ohio (26): the rows, the book's (reconstructed) example, the turn, the end, the solver against independent
computations, the bots and the hints."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from math import factorial

import numpy as np
import pytest

from tests.hasard.kit_helpers import check_results, new, play_bots, throw, uniform
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Game, State
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard import ohio_solver as oh
from wuerfel.games.hasard.ohio import EMPTY, OHIO_ROW, Enter, OhioHeuristicBot, OhioState, row_value
from wuerfel.games.kit import Keep, Void


def ohio(n: int = 2, **rules: object) -> OhioState:
    s = new("ohio", n, lot=0, **rules)
    assert isinstance(s, OhioState)
    return s


def test_rows_and_the_books_table_maximum_166() -> None:
    assert [row_value((k,) * 6, k - 1) for k in range(1, 7)] == [6, 12, 18, 24, 30, 36]  # the book's table
    assert row_value((1, 2, 3, 4, 5, 6), OHIO_ROW) == 40 and row_value((1, 2, 3, 4, 5, 5), OHIO_ROW) == 0
    assert sum(row_value((k,) * 6, k - 1) for k in range(1, 7)) + 40 == 166


def test_the_books_example_three_sixes_two_twos_and_a_one_go_into_row_2_as_4() -> None:
    """Reconstructed (the dice pictures are flattened in the source): aiming at six sixes he ends with three sixes
    (18 points), two twos and a one, and may write "two 2s = 4 points" in row 2."""
    s = throw(ohio(), (6, 6, 6, 2, 2, 1))
    assert s.options()[5] == 18 and s.options()[1] == 4 and s.options()[0] == 1
    s = s.apply_action(Enter(1))
    assert s.sheets[0][1] == 4 and s.player == 1


def test_up_to_six_throws_keeping_any_dice_then_an_entry_is_due() -> None:
    s = throw(ohio(), (6, 5, 4, 3, 2, 2))
    s = s.apply_action(Keep((6,)))
    s = throw(s, (6, 1, 1, 1, 1))
    s = s.apply_action(Keep((1, 1, 1, 1)))  # free keeps: the six left standing may be thrown again
    s = throw(s, (3, 3))
    s = s.apply_action(Keep(()))  # all six again
    s = throw(s, (1, 2, 3, 4, 5, 5)).apply_action(Keep((1, 2, 3, 4, 5)))
    s = throw(s, (5,)).apply_action(Keep((1, 2, 3, 4, 5)))
    s = throw(s, (6,))
    assert s.turn.throws == 6
    assert all(isinstance(a, Enter) for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply_action(Keep((6,)))
    s = s.apply_action(Enter(OHIO_ROW))
    assert s.sheets[0][OHIO_ROW] == 40


def test_a_zero_entry_is_allowed_and_a_filled_row_is_refused() -> None:
    s = throw(ohio(), (1, 1, 1, 1, 1, 1)).apply_action(Enter(5))
    assert s.sheets[0][5] == 0
    s = throw(s, (2, 2, 2, 2, 2, 2)).apply_action(Enter(5))
    s = throw(s, (6, 6, 6, 6, 6, 6))
    with pytest.raises(IllegalAction, match="filled"):
        s.apply_action(Enter(5))


def test_seven_rounds_fill_the_sheet_and_the_highest_sum_wins() -> None:
    s: State = ohio(2)
    for _ in range(7):
        for p in (0, 1):
            assert isinstance(s, OhioState)
            s = throw(s, (6,) * 6 if p == 0 else (1,) * 6)
            assert isinstance(s, OhioState)
            s = s.apply_action(Enter(s.free_rows()[-1]))
    assert s.is_terminal() and isinstance(s, OhioState)
    assert all(v != EMPTY for v in s.sheets[0])
    assert s.winners() == (0,) and s.losers() == (1,)
    check_results(s)


def test_void_throw_and_typed_moves() -> None:
    s = throw(ohio(), (6, 6, 6, 2, 2, 1))
    assert s.apply_action(Keep((6, 6, 6))).apply_outcome(Void()).turn.throws == 1
    assert s.parse_action_text("6 6 6", 0) == Keep((6, 6, 6))
    assert s.parse_action_text("Zweier", 0) == Enter(1)
    assert s.parse_action_text("ohio", 0) == Enter(OHIO_ROW)
    assert s.parse_action_text("reihe 6", 0) == Enter(5)
    with pytest.raises(IllegalAction):
        s.parse_action_text("unsinn", 0)


# --- the solver -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("throws", [1, 2, 6])
def test_last_turn_on_the_sixes_equals_the_formula(throws: int) -> None:
    """One free row, Sechser: keeping every six is best, so the value is 6 × 6 × (1 − (5/6)^throws)."""
    rules = get_game("ohio").load_rules(None, {"max_throws": throws})
    _spec, E = oh.solved(rules)
    mask = 0b1111111 & ~(1 << 5)
    assert float(E[mask]) == pytest.approx(36 * (1 - (5 / 6) ** throws))


def test_last_turn_on_ohio_equals_a_markov_chain_over_distinct_faces() -> None:
    """One free row, Ohio: keeping one die of every face seen is best; the chance to hold all six faces after t
    throws follows the number of distinct faces kept (an independent computation)."""
    from itertools import product

    def step(k: int) -> dict[int, float]:
        out: dict[int, float] = {}
        for dice in product(range(6), repeat=6 - k):  # faces 0..k-1 are held
            new = len({d for d in dice if d >= k})
            out[k + new] = out.get(k + new, 0.0) + 6.0 ** -(6 - k)
        return out

    steps = {k: step(k) for k in range(6)}
    dist = {0: 1.0}
    for _ in range(3):
        nxt: dict[int, float] = {}
        for k, p in dist.items():
            for k2, q in steps[k].items() if k < 6 else [(6, 1.0)]:
                nxt[k2] = nxt.get(k2, 0.0) + p * q
        dist = nxt
    rules = get_game("ohio").load_rules(None, {"max_throws": 3})
    _spec, E = oh.solved(rules)
    assert float(E[0b0111111]) == pytest.approx(40 * dist.get(6, 0.0))
    one = get_game("ohio").load_rules(None, {"max_throws": 1})
    assert float(oh.solved(one)[1][0b0111111]) == pytest.approx(40 * factorial(6) / 6**6)


def test_solo_value_of_the_preset() -> None:
    rules = get_game("ohio").load_rules(None, None)
    v = oh.solo_value(rules)
    assert 120 < v < 140  # 128.549… (docs/hasard.md); the checks above pin the solver's pieces
    assert oh.solve_solo(rules, "ohio").value == pytest.approx(v)


@pytest.mark.parametrize("throws", [6, 3])
def test_numpy_solver_equals_the_numba_fill_game_solver(throws: int) -> None:
    """Ohio solves on the NumPy path (no numba in a fresh process); the shared numba solver, given the same sheet,
    gives the same value (128.549033 for the preset) and the same in-turn tables the bot reads."""
    from wuerfel.solvers.fillgame import solve_fill_game, turn_tables

    rules = get_game("ohio").load_rules(None, {"max_throws": throws})
    scores, E = oh.solved(rules)
    spec = oh.spec_from_rules(rules)
    E_numba = solve_fill_game(spec)
    assert np.allclose(E, E_numba[:, 0, 0], rtol=0, atol=1e-9)
    assert oh.solo_value(rules) == pytest.approx(float(E_numba[0, 0, 0]), abs=1e-9)
    if throws == 6:
        assert round(oh.solo_value(rules), 6) == 128.549033
    for mask in (0, 0b0000101, 0b1001101, 0b0111111):
        box, keep = oh.plain_turn_tables(scores, E, mask, 6, 6, rules.min_keep, rules.max_keep)
        tt = turn_tables(spec, E_numba, mask, 0, 0)
        assert np.allclose(box, tt.box, rtol=0, atol=1e-9)
        assert np.allclose(keep, tt.keep, rtol=0, atol=1e-9)


def test_solving_and_playing_ohio_does_not_load_numba() -> None:
    """Why the NumPy path exists: a fresh process that solves Ohio and lets the optimal bot move never imports
    numba (its loading alone took 1–2 s)."""
    code = (
        "import sys\n"
        "from wuerfel.engine.registry import get_game\n"
        "from wuerfel.bots import make_bot\n"
        "info = get_game('ohio')\n"
        "rules = info.load_rules(None, None)\n"
        "print(info.solvers['solo'](rules, 'ohio', True).value)\n"
        "from wuerfel.engine.sources import SeededSource\n"
        "game = info.new_game(rules, 2)\n"
        "bot, source, s = make_bot('ohio', 'optimal', game, 1), SeededSource(1), game.new_initial_state()\n"
        "while s.is_chance():\n"
        "    s = s.apply_outcome(source.choose(s))\n"
        "s.apply_action(bot.choose(s, s.to_move()), s.to_move())\n"
        "print('numba' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    value, numba_loaded = out.stdout.split()
    assert float(value) == pytest.approx(128.549033, abs=1e-6)
    assert numba_loaded == "False"


def test_optimal_bot_writes_ohio_and_keeps_distinct_faces() -> None:
    s = throw(ohio(), (1, 2, 3, 4, 5, 6))
    bot = oh.OhioOptimalBot(s.game)
    assert bot.choose(s, 0) == Enter(OHIO_ROW)
    s = throw(ohio(), (6, 6, 6, 6, 6, 5))
    assert bot.choose(s, 0) == Keep((6, 6, 6, 6, 6))


def test_advisor_rates_every_move_best_first() -> None:
    s = throw(ohio(), (6, 6, 6, 2, 2, 1))
    advice = oh.OhioAdvisor(s.game).advise(s, 0)
    assert {a.action for a in advice} == set(s.legal_actions())
    values = [a.value for a in advice]
    assert values == sorted(values, reverse=True)
    assert advice[0].note == "" and advice[-1].note
    assert oh.OhioAdvisor(s.game).advise(s, 1) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_bots_play_legal_games(seed: int) -> None:
    s: State = ohio(2, max_throws=3)
    bots = [oh.OhioOptimalBot(s.game), OhioHeuristicBot(s.game)]
    check_results(play_bots(s, bots, uniform(random.Random(seed))))


def test_optimal_bot_moves_the_same_on_the_numba_solvers_tables() -> None:
    """The NumPy path changes no choice: in seeded games the bot moves as it does on the numba solver's tables."""
    from wuerfel.solvers.fillgame import solve_fill_game, turn_tables

    info = get_game("ohio")
    rules = info.load_rules(None, None)
    spec = oh.spec_from_rules(rules)
    E_numba = solve_fill_game(spec)

    class NumbaTablesBot(oh.OhioOptimalBot):
        def __init__(self, game: Game) -> None:
            super().__init__(game)
            self.E = E_numba[:, 0, 0]

        def _keep_table(self, mask: int) -> np.ndarray:
            if mask not in keeps:
                keeps[mask] = turn_tables(spec, E_numba, mask, 0, 0).keep
            return keeps[mask]

    keeps: dict[int, np.ndarray] = {}
    moves = 0
    for seed in range(6):
        game = info.new_game(rules, 2)
        ours, theirs = oh.OhioOptimalBot(game), NumbaTablesBot(game)
        source = SeededSource(seed)
        s: State = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance():
                s = s.apply_outcome(source.choose(s))
                continue
            p = s.to_move()
            a = ours.choose(s, p)
            assert a == theirs.choose(s, p)
            moves += 1
            s = s.apply_action(a, p)
    assert moves > 300


@pytest.mark.parametrize("throws", [1, 3, 6])
def test_beat_chances_on_the_sixes_equal_the_binomial(throws: int) -> None:
    """A last player with only the sixes free, playing to beat a lead of d: keeping every six is best, so the
    number of sixes is Binomial(6, 1 − (5/6)^t); he wins above d and shares at exactly d (an independent formula)."""
    from math import comb

    rules = get_game("ohio").load_rules(None, {"max_throws": throws})
    p = 1 - (5 / 6) ** throws
    dist = [comb(6, k) * p**k * (1 - p) ** (6 - k) for k in range(7)]
    for d in range(-1, 37):
        want = sum(q for k, q in enumerate(dist) if 6 * k > d) + 0.5 * sum(q for k, q in enumerate(dist) if 6 * k == d)
        assert oh.beaten(rules, 5, d) == pytest.approx(want, abs=1e-12), d
    assert oh.beaten(rules, 5, 40) == 0.0 and oh.beaten(rules, 5, -3) == 1.0


def test_last_turn_plays_to_win_against_the_visible_totals() -> None:
    """The second of two players in his last turn, only the sixes free, 13 points behind: 12 (two sixes) loses, so
    he keeps his sixes and throws on; three sixes (18) win: he writes. Keeping the two sixes wins unless none of
    the other four dice shows a six in the five throws left: 1 − (5/6)^20. The first player's last turn weighs the
    other's chance to beat him (beaten)."""
    base = ohio(2)
    full = (3, 6, 9, 12, 15, 30, 0)  # 75
    behind = (2, 2, 3, 0, 15, EMPTY, 40)  # 62: 13 behind
    s = dataclasses.replace(base, sheets=(full, behind), player=1)
    s = throw(s, (6, 6, 1, 2, 3, 4))
    bot = oh.OhioOptimalBot(s.game)
    vals = bot.values(s, 1)
    assert vals[Enter(5)] == 0.0 and bot.choose(s, 1) == Keep((6, 6))
    # from two sixes, five throws left for the other four dice: at least one more six wins
    assert vals[Keep((6, 6))] == pytest.approx(1 - (5 / 6) ** (4 * 5), abs=1e-9)
    s2 = throw(dataclasses.replace(base, sheets=(full, behind), player=1), (6, 6, 6, 2, 3, 4))
    assert bot.choose(s2, 1) == Enter(5) and bot.values(s2, 1)[Enter(5)] == 1.0
    advice = oh.OhioAdvisor(s.game).advise(s, 1)
    assert advice[0].action == Keep((6, 6)) and advice[0].value == pytest.approx(vals[Keep((6, 6))])
    first = dataclasses.replace(base, sheets=(behind, behind), player=0)
    worth = oh.last_round_worth(first.rules, first, 0)
    assert worth is not None and worth[12, 0] == pytest.approx(1 - oh.beaten(first.rules, 5, 12))
    assert oh.last_round_worth(base.rules, base, 0) is None  # before the last round: the solitaire policy
