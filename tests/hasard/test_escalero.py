"""Escalero (Hasard 32): the text's examples, served throws, entries, settlement, the exact solver and its bot."""

from __future__ import annotations

import dataclasses
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.hasard.escalero_oracle import BoxSolver
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.errors import IllegalAction
from wuerfel.engine.game import Roll
from wuerfel.engine.pokerdice import parse_poker_dice
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard.common import Lot, Void
from wuerfel.games.hasard.escalero import EMPTY, Enter, EscaleroRules, EscaleroState, Keep, Strike
from wuerfel.games.hasard.escalero_scoring import (
    FIVE_ROW,
    FIVE_SERVED_ROW,
    FULL_ROW,
    POKER_ROW,
    QUINT_ROW,
    compute_row_value,
    row_value,
)
from wuerfel.games.hasard.escalero_solver import EscaleroOptimalBot, solo_value, solve_solo

R = EscaleroRules()
P = parse_poker_dice


def new_state(n: int = 3) -> EscaleroState:
    info = get_game("escalero")
    game = info.new_game(info.load_rules(), n)
    s = game.new_initial_state()
    if n > 1:
        s = s.apply_outcome(Lot(0))
    assert isinstance(s, EscaleroState)
    return s


def test_text_example_adam_damen() -> None:
    # Neun-Bube-Dame-Dame-As → "Damen" 8 Punkte (2 x 4).
    assert row_value(P("9 B D D A"), 3, False, R) == 8
    assert row_value(P("9 B D D A"), 3, True, R) == 8


def test_text_example_berta_quint_served() -> None:
    # Zehn-Bube-Dame-König-As in one throw → "Quint" 30 ("Quint serviert").
    s = new_state().apply_outcome(Roll(P("10 B D K A")))
    assert s.served()
    s2 = s.apply_action(Enter(QUINT_ROW))
    assert s2.sheets[0][QUINT_ROW] == 30


def test_text_example_caesar_choices_with_zehner_used() -> None:
    # Neun-Zehn-Zehn-Dame-As with "Zehner" filled → Neuner 1, Damen 4 or Asse 6 (or a 0 anywhere).
    s = new_state()
    sheets = list(s.sheets)
    sheets[0] = tuple(5 if r == 1 else EMPTY for r in range(11))
    s = dataclasses.replace(s, sheets=tuple(sheets)).apply_outcome(Roll(P("9 10 10 D A")))
    entries = {a.row: s.view(0)["options"][str(a.row)] for a in s.legal_actions() if isinstance(a, Enter)}
    assert 1 not in entries
    assert entries[0] == 1 and entries[3] == 4 and entries[5] == 6
    assert all(v == 0 for r, v in entries.items() if r not in (0, 3, 5))


def test_text_example_adam_full_hand_after_three_throws() -> None:
    # "mit 3 Würfeln" (= Würfen) Zehn-Zehn-Zehn-As-As → "Full Hand" 30.
    s = new_state().apply_outcome(Roll(P("10 10 K 9 A")))
    s = s.apply_action(Keep(P("10 10 A"))).apply_outcome(Roll(P("K 9")))
    s = s.apply_action(Keep(P("10 10 A"))).apply_outcome(Roll(P("10 A")))
    assert s.throws == 3 and s.dice == P("10 10 10 A A")
    assert not any(isinstance(a, Keep) for a in s.legal_actions())
    assert s.apply_action(Enter(FULL_ROW)).sheets[0][FULL_ROW] == 30


def test_row_values_served_and_not() -> None:
    five = P("K K K K K")
    assert [row_value(five, r, True, R) for r in (POKER_ROW, FIVE_ROW, FIVE_SERVED_ROW)] == [45, 50, 100]
    assert [row_value(five, r, False, R) for r in (POKER_ROW, FIVE_ROW, FIVE_SERVED_ROW)] == [40, 50, 0]
    assert row_value(five, FULL_ROW, True, R) == 0  # five of a kind is no Full Hand
    assert row_value(five, POKER_ROW, True, EscaleroRules(five_counts_as_poker=False)) == 0
    assert row_value(P("9 9 9 9 A"), POKER_ROW, False, R) == 40
    assert row_value(P("D D D 9 9"), FULL_ROW, True, R) == 35
    assert row_value(P("9 10 B D K"), QUINT_ROW, False, R) == 25
    assert row_value(P("9 10 B D A"), QUINT_ROW, False, R) == 0
    assert row_value(five, 4, False, R) == 25
    assert row_value(five, 4, False, EscaleroRules(strict_number_rows=True)) == 0
    assert row_value(P("K K 9 10 B"), 4, False, EscaleroRules(strict_number_rows=True)) == 10


@pytest.mark.parametrize(
    "rules",
    [
        EscaleroRules(),
        EscaleroRules(strict_number_rows=True, five_counts_as_poker=False, quint_points=(20, 30), full_points=(30, 30)),
    ],
)
def test_row_tables_give_the_counted_values(rules: EscaleroRules) -> None:
    """``row_value`` reads a per-hand table (issue 17): every hand, in any order, every row, served or not, gives
    what counting the dice gives; a row off the sheet is still refused."""
    for dice, _ in roll_distribution(5):
        for hand in (dice, tuple(reversed(dice))):
            for r in range(FIVE_SERVED_ROW + 1):
                for served in (False, True):
                    assert row_value(hand, r, served, rules) == compute_row_value(hand, r, served, rules)
    with pytest.raises(ValueError):
        row_value((1, 2, 3, 4, 5), FIVE_SERVED_ROW + 1, False, rules)


def test_void_throw_repeats_and_does_not_spoil_served() -> None:
    s = new_state()
    assert s.parse_outcome("x") == Void()
    s1 = s.apply_outcome(Void())
    assert s1 == s
    s2 = s1.apply_outcome(Roll(P("A A A A A")))
    assert s2.served() and s2.apply_action(Enter(FIVE_SERVED_ROW)).sheets[0][FIVE_SERVED_ROW] == 100
    # A repeated rethrow is still the second throw.
    s3 = s2.apply_action(Keep(P("A A A A"))).apply_outcome(Void())
    assert s3.throws == 1 and s3.dice_to_throw() == 1
    assert s3.apply_outcome(Roll((6,))).throws == 2


def test_keeps_one_to_four_and_option_zero() -> None:
    s = new_state().apply_outcome(Roll(P("9 10 B D K")))
    keeps = [a.dice for a in s.legal_actions() if isinstance(a, Keep)]
    assert () not in keeps and all(1 <= len(k) <= 4 for k in keeps) and len(keeps) == 30
    with pytest.raises(IllegalAction):
        s.apply_action(Keep(()))
    with pytest.raises(IllegalAction):
        s.apply_action(Keep(P("A")))
    info = get_game("escalero")
    game = info.new_game("escalero-alle-neu", 1)
    s0 = game.new_initial_state().apply_outcome(Roll(P("9 10 B D K")))  # solitaire: no lot
    assert Keep(()) in s0.legal_actions()


def test_crossing_out_and_filled_rows() -> None:
    s = new_state().apply_outcome(Roll(P("K K K K K")))
    assert Strike(FIVE_SERVED_ROW) in s.legal_actions()
    s2 = s.apply_action(Strike(FIVE_SERVED_ROW))
    assert s2.sheets[0][FIVE_SERVED_ROW] == 0
    s3 = s2.apply_outcome(Roll(P("9 9 10 B D")))  # player 1
    s4 = s3.apply_action(Enter(FIVE_ROW))  # no Fünfling: 0 ("gestrichen")
    assert s4.sheets[1][FIVE_ROW] == 0
    assert s4.player == 2
    s5 = s4.apply_outcome(Roll(P("9 9 10 B D"))).apply_action(Enter(0))
    s6 = s5.apply_outcome(Roll(P("9 9 10 B D")))
    assert s6.player == 0
    with pytest.raises(IllegalAction, match="already filled"):
        s6.apply_action(Enter(FIVE_SERVED_ROW))
    with pytest.raises(IllegalAction, match="no row"):
        s6.apply_action(Enter(11))


def test_settlement_winner_receives_differences_and_ties() -> None:
    s = new_state(3)
    full = [tuple([10] + [0] * 9 + [EMPTY]), tuple([4] + [0] * 9 + [EMPTY]), tuple([7] + [0] * 9 + [EMPTY])]
    s = dataclasses.replace(s, sheets=tuple(full), player=0)
    for _ in range(3):
        s = s.apply_outcome(Roll(P("9 9 10 B D"))).apply_action(Enter(FIVE_SERVED_ROW))
    assert s.is_terminal()
    assert s.view(None)["settlement"] == [9, -6, -3]  # 10−4 and 10−7
    assert s.winners() == (0,)
    # Tied leaders each collect from the others, nothing between them.
    full2 = [tuple([10] + [0] * 9 + [EMPTY]), tuple([10] + [0] * 9 + [EMPTY]), tuple([7] + [0] * 9 + [EMPTY])]
    t = dataclasses.replace(new_state(3), sheets=tuple(full2), player=0)
    for _ in range(3):
        t = t.apply_outcome(Roll(P("9 9 10 B D"))).apply_action(Enter(FIVE_SERVED_ROW))
    assert t.view(None)["settlement"] == [3, 3, -6]
    assert t.winners() == (0, 1)


def test_solver_one_box_one_throw_matches_exact_expectation() -> None:
    """A sheet of one box, one throw: the DP value must equal the exact mean score of a served throw."""

    def score(h: tuple[int, ...], b: int, served: bool) -> int:
        return row_value(h, 4, served, R)  # Könige: 5 × number of kings

    solver = BoxSolver(1, score, 1, 4, 1)
    exact = sum(p * score(d, 0, True) for d, p in roll_distribution(5))
    assert exact == Fraction(25, 6)
    assert solver.value() == pytest.approx(float(exact), abs=1e-12)


def test_solver_one_box_keeps_against_brute_force() -> None:
    """Chasing kings with up to three throws, keep 1–4: compare with a direct recursion over multisets."""
    from functools import cache

    from wuerfel.engine.dice import sort_dice, sub_multisets

    def score(h: tuple[int, ...], b: int, served: bool) -> int:
        return 5 * h.count(5) + (7 if served and h.count(5) == 5 else 0)

    @cache
    def best(h: tuple[int, ...], t: int) -> Fraction:
        now = Fraction(score(h, 0, t == 1))
        if t == 3:
            return now
        options = [now]
        for keep in sub_multisets(h):
            if 1 <= len(keep) <= 4:
                options.append(
                    sum(
                        (p * best(sort_dice(keep + r), t + 1) for r, p in roll_distribution(5 - len(keep))), Fraction(0)
                    )
                )
        return max(options)

    exact = sum(p * best(d, 1) for d, p in roll_distribution(5))
    assert BoxSolver(1, score, 1, 4, 3).value() == pytest.approx(float(exact), abs=1e-9)


def test_solve_value_and_cli_json() -> None:
    res = solve_solo(R, "escalero")
    assert 150 < res.value < 170
    from wuerfel.cli.main import _load_subcommands, app

    _load_subcommands()
    out = CliRunner().invoke(app, ["solve", "escalero", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["game"] == "escalero" and data["objective"] == "solo" and data["rules"] == "escalero"
    assert data["value"] == pytest.approx(res.value)
    assert set(data) == {"game", "rules", "objective", "value", "seconds", "value_of"}


@pytest.mark.parametrize(
    "rules",
    [
        R,
        EscaleroRules(min_keep=0),
        EscaleroRules(max_throws=2),
        EscaleroRules(strict_number_rows=True, five_counts_as_poker=False),
    ],
)
def test_shared_solver_agrees_with_an_independent_oracle(rules: EscaleroRules) -> None:
    """The numba fill-the-boxes solver (shared with the Würfelspiel) against the plain numpy DP of the oracle."""
    oracle = BoxSolver(
        11,
        lambda h, b, served: row_value(h, b, served, rules),
        rules.min_keep,
        rules.max_keep,
        rules.max_throws,
        fresh_served=True,
    )
    assert solo_value(rules) == pytest.approx(oracle.value(), abs=1e-9)


def alle_neu_state(n: int = 1) -> EscaleroState:
    s = get_game("escalero").new_game("escalero-alle-neu", n).new_initial_state()
    assert isinstance(s, EscaleroState)
    return s


@pytest.mark.parametrize(
    ("throw", "dice", "row", "served", "plain"),
    [
        (2, "9 10 B D K", QUINT_ROW, 30, 25),
        (3, "10 B D K A", QUINT_ROW, 30, 25),
        (2, "D D D 9 9", FULL_ROW, 35, 30),
        (3, "A A A A K", POKER_ROW, 45, 40),
        (2, "K K K K K", FIVE_SERVED_ROW, 100, 0),
        (3, "K K K K K", POKER_ROW, 45, 40),
    ],
)
def test_alle_neu_all_five_rethrown_is_served(throw: int, dice: str, row: int, served: int, plain: int) -> None:
    """ "In einem Wurf erreicht" (serviert) versus "durch 2 oder 3 Würfe mit Stehenlassen": where all five dice may
    be thrown again, a later throw of all five leaves nothing standing, so its hand is served like a first throw's."""
    s = alle_neu_state().apply_outcome(Roll(P("9 9 10 B A")))
    for _ in range(throw - 2):
        s = s.apply_action(Keep(())).apply_outcome(Roll(P("9 9 10 B A")))
    s = s.apply_action(Keep(())).apply_outcome(Roll(P(dice)))
    assert s.throws == throw and s.served() and s.view(0)["served"]
    assert s.view(0)["options"][str(row)] == served
    assert s.describe_action(Enter(row), "de").endswith(f": {served}")
    assert s.apply_action(Enter(row)).sheets[0][row] == served
    # The same hand with one die standing before the last throw is made "mit Stehenlassen": not served.
    t = alle_neu_state().apply_outcome(Roll(P(dice)))
    for _ in range(throw - 1):
        t = t.apply_action(Keep(P(dice)[:1])).apply_outcome(Roll(P(dice)[1:]))
    assert t.throws == throw and t.dice == P(dice) and not t.served()
    assert t.apply_action(Enter(row)).sheets[0][row] == plain


def test_alle_neu_served_only_for_the_throw_that_threw_all() -> None:
    s = alle_neu_state(2).apply_outcome(Lot(0)).apply_outcome(Roll(P("9 9 10 B A")))
    s = s.apply_action(Keep(())).apply_outcome(Roll(P("9 10 B D A")))
    assert s.served()
    s = s.apply_action(Keep(P("10 B D"))).apply_outcome(Void())  # a void throw changes nothing
    assert s.throws == 2 and s.kept == P("10 B D")
    s = s.apply_outcome(Roll(P("9 K")))
    assert s.throws == 3 and not s.served() and s.apply_action(Enter(QUINT_ROW)).sheets[0][QUINT_ROW] == 25
    # The next player's turn starts afresh: his first throw is served, his later throws only if he threw all five.
    s = s.apply_action(Enter(QUINT_ROW)).apply_outcome(Roll(P("9 10 B D A")))
    assert s.player == 1 and s.served()
    s = s.apply_action(Keep(P("9 10 B D"))).apply_outcome(Roll(P("K")))
    assert not s.served() and s.view(1)["options"][str(QUINT_ROW)] == 25


def test_default_rules_never_serve_a_later_throw() -> None:
    """Without the overlay at least one die stands at every rethrow: only the first throw is served."""
    s = new_state(1).apply_outcome(Roll(P("9 9 10 B A")))
    assert Keep(()) not in s.legal_actions()
    s = s.apply_action(Keep(P("10 B"))).apply_outcome(Roll(P("9 D K")))
    assert not s.served() and s.apply_action(Enter(QUINT_ROW)).sheets[0][QUINT_ROW] == 25


def _last_turn_value(rules_id: str, row: int) -> Fraction:
    """Optimal expected points of a solitaire turn with only ``row`` free, by expectimax over the game's own states
    (legal actions, chance outcomes, apply, totals): a brute force that knows nothing of the solver."""
    info = get_game("escalero")
    s0 = info.new_game(rules_id, 1).new_initial_state()
    assert isinstance(s0, EscaleroState)
    s0 = dataclasses.replace(s0, sheets=(tuple(EMPTY if r == row else 0 for r in range(11)),))
    chance_memo: dict[tuple[object, ...], Fraction] = {}
    decision_memo: dict[tuple[object, ...], Fraction] = {}

    def value(s: EscaleroState) -> Fraction:
        if s.is_terminal():
            return Fraction(s.totals()[0])
        if s.is_chance():
            key: tuple[object, ...] = (s.kept, s.throws)
            if key not in chance_memo:
                chance_memo[key] = sum(
                    (p * value(s.apply_outcome(o)) for o, p in s.chance_outcomes() if p), Fraction(0)
                )
            return chance_memo[key]
        key = (s.dice, s.throws, s.served())
        if key not in decision_memo:
            decision_memo[key] = max(value(s.apply_action(a)) for a in s.legal_actions())
        return decision_memo[key]

    return value(s0)


@pytest.mark.parametrize("rules_id", ["escalero", "escalero-alle-neu"])
@pytest.mark.parametrize("row", [QUINT_ROW, FULL_ROW, FIVE_SERVED_ROW])
def test_solver_last_turn_agrees_with_expectimax_over_the_game(rules_id: str, row: int) -> None:
    """The shared solver's value of a sheet with one free row equals a brute force over the game's own states, so
    solver and game agree on when a hand is served (with keeps 0–4: after every throw of all five dice)."""
    from wuerfel.games.hasard.escalero_solver import solved

    rules = get_game("escalero").load_rules(rules_id)
    _, E = solved(rules)
    mask = ((1 << 11) - 1) & ~(1 << row)
    assert float(E[mask, 0, 0]) == pytest.approx(float(_last_turn_value(rules_id, row)), abs=1e-9)


def test_alle_neu_bot_values_a_fresh_throw_as_served() -> None:
    """The bot's value of keeping nothing is the mean of the best values after that fresh (served) throw."""
    s = alle_neu_state().apply_outcome(Roll(P("9 9 10 B A")))
    bot = EscaleroOptimalBot(s.game, 0)
    vals = bot.values(s, 0)
    after = s.apply_action(Keep(()))
    mean = sum(float(p) * max(bot.values(after.apply_outcome(o), 0).values()) for o, p in after.chance_outcomes() if p)
    assert vals[Keep(())] == pytest.approx(mean, abs=1e-9)
    q = after.apply_outcome(Roll(P("9 10 B D K")))
    assert bot.values(q, 0)[Enter(QUINT_ROW)] == pytest.approx(30 + float(bot.E[1 << QUINT_ROW, 0, 0]))


def test_more_throws_and_free_rethrow_never_hurt() -> None:
    base = solo_value(R)
    assert solo_value(EscaleroRules(min_keep=0)) >= base - 1e-9
    assert solo_value(EscaleroRules(max_throws=2)) < base
    assert solo_value(EscaleroRules(strict_number_rows=True)) <= base + 1e-9


def test_optimal_bot_average_matches_solver_value() -> None:
    """The bot's solitaire games average the DP value (a wrong policy or value table would drift away)."""
    info = get_game("escalero")
    game = info.new_game("escalero", 1)
    bot = EscaleroOptimalBot(game, 0)
    source = SeededSource(7)
    totals = []
    for _ in range(100):
        m = Match.new("escalero", "escalero", ["solo"])
        m.game = game
        while not m.state.is_terminal():
            if m.state.is_chance():
                m.chance(source.choose(m.state))
            else:
                m.act(bot.choose(m.state, 0), 0)
        totals.append(m.state.totals()[0])
    mean = sum(totals) / len(totals)
    sd = (sum((t - mean) ** 2 for t in totals) / (len(totals) - 1)) ** 0.5
    value = solo_value(R)
    assert abs(mean - value) < 4 * sd / len(totals) ** 0.5, (mean, value, sd)
    # And its expectation at the start equals the solver value.
    assert bot.expected_total(game.new_initial_state(), 0) == pytest.approx(value)


def test_bot_takes_served_five_of_a_kind() -> None:
    s = new_state(1).apply_outcome(Roll(P("A A A A A")))
    bot = EscaleroOptimalBot(s.game, 0)
    assert bot.choose(s, 0) == Enter(FIVE_SERVED_ROW)


def test_manual_entry() -> None:
    s = get_game("escalero").new_game("escalero", 2).new_initial_state()
    assert s.parse_outcome("2") == Lot(1)
    with pytest.raises(IllegalAction):
        s.parse_outcome("3")
    s = s.apply_outcome(Lot(0))
    assert s.parse_outcome("A K D D 9") == Roll(P("9 D D K A"))
    with pytest.raises(IllegalAction):
        s.parse_outcome("A K D")
    with pytest.raises(IllegalAction):
        s.parse_outcome("A K D Z Y")


def test_random_player_is_legal_with_rng() -> None:
    rng = random.Random(3)
    s = new_state(2)
    for _ in range(10):
        s = s.apply_outcome(Roll(tuple(sorted(rng.randint(1, 6) for _ in range(5)))))
        s = s.apply_action(rng.choice([a for a in s.legal_actions() if isinstance(a, Enter)]))
    assert sum(v != EMPTY for sh in s.sheets for v in sh) == 10


def test_text_advice_cross_out_the_rarest_chance_first() -> None:
    """ "Hierbei wird man möglichst solche Chancen streichen, die selten vorkommen. Also in erster Linie den
    'Fünfling serviert', dann den 'Fünfling' usw." — the optimal bot does exactly that with a worthless hand."""
    s = new_state(1)
    s = dataclasses.replace(s, sheets=(tuple([3, 6, 9, 12, 15, 18] + [EMPTY] * 5),))
    s = s.apply_outcome(Roll(P("9 9 10 B A"))).apply_action(Keep(P("9 9"))).apply_outcome(Roll(P("10 B A")))
    s = s.apply_action(Keep(P("9 9"))).apply_outcome(Roll(P("10 B A")))
    bot = EscaleroOptimalBot(s.game, 0)
    values = bot.values(s, 0)
    order = sorted((a for a in values if isinstance(a, Enter)), key=lambda a: -values[a])
    assert [a.row for a in order[:2]] == [FIVE_SERVED_ROW, FIVE_ROW]
    assert bot.choose(s, 0) == Enter(FIVE_SERVED_ROW)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(st.integers(1, 6), min_size=5, max_size=5), st.one_of(st.just(0), st.integers(1, 31))
        ),  # which dice stand; 0: none (often)
        min_size=1,
        max_size=3,
    ),
    st.integers(0, 10),
    st.sampled_from(["escalero", "escalero-alle-neu"]),
)
def test_served_exactly_when_all_five_fell_in_one_throw(
    throws: list[tuple[list[int], int]], row: int, rules_id: str
) -> None:
    """Whatever is kept and thrown: a hand is served exactly when no die stood before the throw that made it
    (the first throw, or a throw of all five where the rules allow it), and its entry scores accordingly."""
    s = get_game("escalero").new_game(rules_id, 1).new_initial_state()
    assert isinstance(s, EscaleroState)
    kept: tuple[int, ...] = ()
    for i, (faces, mask) in enumerate(throws):
        if i > 0:
            choice = tuple(d for j, d in enumerate(s.dice) if mask >> j & 1)
            keep = Keep(choice)
            if keep not in s.legal_actions():
                break
            s = s.apply_action(keep)
            kept = keep.dice
        s = s.apply_outcome(Roll(tuple(sorted(faces[: 5 - len(kept)]))))
        assert s.served() == (len(kept) == 0)
        assert s.view(0)["served"] == s.served()
    written = s.apply_action(Enter(row)).sheets[0][row]
    assert written == row_value(s.dice, row, len(kept) == 0, s.rules)
