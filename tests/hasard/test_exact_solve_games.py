"""The generic exact solver on Hin und her, Plus – minus, Himmel und Hölle, Elf hoch, Gestrichene Zwölf and Blaue
(Graue) Augen: their solver keys make them solve, and every figure is checked against something the key does not
compute — a hand computation, a symmetry argued below, a solve over the unreduced positions, or seeded sampling of
the real game — and the keys against their contract (equal keys, equal futures)."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

import pytest

from tests.hasard.kit_helpers import new, throw
from wuerfel.engine.game import Game, State
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard.blaue_augen import eyes
from wuerfel.games.hasard.elf_hoch import POT, ElfHochState
from wuerfel.games.hasard.gestrichene_zwoelf import NUMBERS, SEVEN, GestricheneZwoelfState
from wuerfel.games.hasard.himmel_und_hoelle import die_value
from wuerfel.games.hasard.hin_und_her import HinUndHerState, struck_count
from wuerfel.games.hasard.plus_minus import PlusMinusState, signed
from wuerfel.games.kit import RoundState
from wuerfel.i18n import catalog
from wuerfel.solvers.exact import ExactResult, ExactSolveError, solve_game

HALF = Fraction(1, 2)


def game(game_id: str, n: int, rules: str | None = None, **overrides: Any) -> Game:
    info = get_game(game_id)
    return info.new_game(info.load_rules(rules, overrides or None), n)


def solve(game_id: str, n: int, rules: str | None = None, **overrides: Any) -> ExactResult:
    return solve_game(game(game_id, n, rules, **overrides), "win")


def solve_from(state: State, keep_strategy: bool = False) -> ExactResult:
    """The exact solution from ``state`` on (a game whose first position is ``state``)."""
    g = copy.copy(state.game)
    g.new_initial_state = lambda: state  # type: ignore[method-assign]
    return solve_game(g, "win", keep_strategy=keep_strategy)


def chances(result: ExactResult) -> list[tuple[Fraction, Fraction | None]]:
    return [(s.win, s.lose) for s in result.seats]


def pmf(dice: int, points: Callable[[tuple[int, ...]], int]) -> dict[int, Fraction]:
    """The exact distribution of one throw's points."""
    out: dict[int, Fraction] = {}
    for roll in itertools.product(range(1, 7), repeat=dice):
        out[points(roll)] = out.get(points(roll), Fraction(0)) + Fraction(1, 6**dice)
    return out


def three_seat_loss_sharing_last_place(f: dict[int, Fraction]) -> Fraction:
    """Seat 1's chance of losing a one-turn game of three whose totals are independent with distribution ``f``, the
    highest winning, a tie for first thrown off, and tied last places sharing the loss (``settle_loser`` off).

    Seat 1 loses alone below both others, or tied with one of them below the third; when all three tie the whole
    table throws off, which is the same game again: L = (P(alone last) + P(tied last with one)) / (1 − P(all tie)).
    """
    above = {x: sum((p for y, p in f.items() if y > x), Fraction(0)) for x in f}
    alone = sum(p * above[x] ** 2 for x, p in f.items())
    tied_two = 2 * sum(p * p * above[x] for x, p in f.items())
    all_tie = sum(p**3 for p in f.values())
    return (alone + tied_two) / (1 - all_tie)


# --- every game, two players: solved and checked ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "rules"),
    [
        ("hin-und-her", None),
        ("himmel-und-hoelle", None),
        ("blaue-augen", None),
        ("blaue-augen", "graue-augen"),
        ("elf-hoch", None),
    ],
)
def test_with_the_lot_two_seats_have_even_chances(game_id: str, rules: str | None) -> None:
    """The lot is fair and the seats play by the same rules, so relabelling the seats maps the game onto itself:
    both have the same chances, and every game ends with one winner and one loser (ties are thrown off; in Elf hoch
    the taker holds what the other paid, at least the ante)."""
    assert chances(solve(game_id, 2, rules)) == [(HALF, HALF), (HALF, HALF)]


@pytest.mark.parametrize(
    ("game_id", "rules", "dice", "points"),
    [
        ("blaue-augen", None, 3, lambda d: eyes(d, "even")),
        ("blaue-augen", "graue-augen", 3, lambda d: eyes(d, "odd")),
        ("himmel-und-hoelle", None, 2, lambda d: sum(die_value(x) for x in d)),
    ],
)
def test_three_seats_sharing_last_place_match_the_hand_computation(
    game_id: str, rules: str | None, dice: int, points: Callable[[tuple[int, ...]], int]
) -> None:
    result = solve(game_id, 3, rules, rounds=1, settle_loser=False, start="first_seat")
    loss = three_seat_loss_sharing_last_place(pmf(dice, points))
    # every seat is alike here (one throw each, independent): the order of throwing changes nothing
    assert chances(result) == [(Fraction(1, 3), loss)] * 3
    assert loss > Fraction(1, 3)  # shared last places: the chances of losing add up to more than 1


def test_hin_und_her_first_thrower_matches_the_race_of_two_counts() -> None:
    """With seat 1 beginning, seat 1 wins if it needs no more throws than seat 2: P = Σ P(T = t)·P(T ≥ t), where T,
    the throws one sheet needs, comes from the count of struck digits (k → k + 1 with chance (6 − k)/6, else
    k − 1), computed here in floats throw by throw."""
    dist = [1.0] + [0.0] * 6
    first, done_before = 0.0, 0.0
    while sum(dist) > 1e-17:
        nxt = [0.0] * 7
        for k in range(6):
            nxt[k + 1] += dist[k] * (6 - k) / 6
            if k:
                nxt[k - 1] += dist[k] * k / 6
        first += nxt[6] * (1 - done_before)  # seat 1 done at this throw, seat 2 not before it
        done_before += nxt[6]
        dist = [*nxt[:6], 0.0]
    result = solve("hin-und-her", 2, start="first_seat")
    assert abs(float(result.seats[0].win) - first) < 1e-12
    assert result.seats[0].lose == result.seats[1].win == 1 - result.seats[0].win


def test_elf_hoch_first_thrower_takes_the_pot_with_18_in_35() -> None:
    """Whoever throws 11 first (chance 2/36 a throw) takes the pot; seat 1 throws first: (1/18) / (1 − (17/18)²)."""
    result = solve("elf-hoch", 2, start="first_seat")
    assert chances(result) == [(Fraction(18, 35), Fraction(17, 35)), (Fraction(17, 35), Fraction(18, 35))]


def test_elf_hoch_without_ante_agrees_with_sampling() -> None:
    """Without an ante the taker ties with an opponent who paid nothing (an 11 before anybody paid, or after only
    12s into an empty pot): a shared win, no loser. Sampled through the real game, seeded."""
    result = solve("elf-hoch", 2, start="first_seat", ante=0)
    assert result.seats[0].lose is not None and result.seats[0].lose + result.seats[1].lose < 1
    samples, source = 2000, SeededSource("elf-hoch-ante-0")
    wins, loses = [0.0, 0.0], [0, 0]
    for _ in range(samples):
        s = game("elf-hoch", 2, start="first_seat", ante=0).new_initial_state()
        while not s.is_terminal():
            s = s.apply_outcome(source.choose(s))
        for p in s.winners():
            wins[p] += 1 / len(s.winners())
        for p in s.losers():
            loses[p] += 1
    for p, seat in enumerate(result.seats):
        for got, want in ((wins[p], seat.win), (loses[p], seat.lose)):
            assert want is not None
            sd = (float(want) * (1 - float(want)) / samples) ** 0.5
            assert abs(got / samples - float(want)) <= 5 * sd


def test_plus_minus_last_three_throws_match_the_hand_computation() -> None:
    """Seat 1 has finished with 10; seat 2 has 7 after six throws, and throws +, +, − to end. It wins above 10,
    and at 10 the tie is thrown off with a new series each, even by symmetry; it loses otherwise."""
    s = dataclasses.replace(new("plus-minus", 2, lot=0), totals=(10, 0), seat=1, index=1, throws=6, turn_total=7)
    want = Fraction(0)
    for a, b, c in itertools.product(range(1, 7), repeat=3):
        end = 7 + signed(a, 6) + signed(b, 7) + signed(c, 8)
        want += Fraction(1, 216) * (1 if end > 10 else HALF if end == 10 else 0)
    result = solve_from(s)
    assert chances(result) == [(1 - want, want), (want, 1 - want)]


@pytest.mark.parametrize("rules", [None, pytest.param("plus-minus-neue-serie", marks=pytest.mark.slow)])
def test_plus_minus_two_seats_have_even_chances(rules: str | None) -> None:
    """Both seats throw the same kind of series independently and a tie is thrown off by new series, so the seats
    are exchangeable whoever begins (a replaced series cannot be folded into the total: about 70,000 positions,
    slow)."""
    result = solve("plus-minus", 2, rules, start="first_seat")
    assert chances(result) == [(HALF, HALF), (HALF, HALF)]


def test_gestrichene_zwoelf_end_game_matches_the_hand_computation() -> None:
    """Seat 1 misses only the 2, seat 2 only the 12 (1/36 each). A turn strikes its number (and wins) before it
    throws a struck number other than the seven with chance q = (1/36) / (1/36 + 29/36) = 1/30; seat 1 begins:
    q / (1 − (1 − q)²) = 30/59."""
    full = (1,) * len(NUMBERS)
    s = dataclasses.replace(new("gestrichene-zwoelf", 2, lot=0), sheets=((0, *full[1:]), (*full[:-1], 0)))
    assert chances(solve_from(s)) == [(Fraction(30, 59), Fraction(29, 59)), (Fraction(29, 59), Fraction(30, 59))]


def _plain_sheets(self: GestricheneZwoelfState) -> Hashable:
    """A reference key that merges nothing but the number of sevens: which numbers are struck is kept."""
    return (self.phase, self.seat, tuple((*sh[:SEVEN], min(sh[SEVEN], 1), *sh[SEVEN + 1 :]) for sh in self.sheets))


def test_gestrichene_zwoelf_keyed_solve_equals_the_unmerged_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """From an end game of three seats (so the order of the others counts), the solve over the key that merges the
    sums of equal chance equals the solve that keeps which sums are struck."""
    base = new("gestrichene-zwoelf", 3, lot=1)
    sheets = ((1, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1), (1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1), (0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1))
    s = dataclasses.replace(base, sheets=sheets)
    keyed = solve_from(s)
    monkeypatch.setattr(GestricheneZwoelfState, "solver_key", _plain_sheets)
    plain = solve_from(s)
    assert plain.states > keyed.states
    assert chances(plain) == chances(keyed)


# --- refusals ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "n", "rules", "overrides"),
    [
        ("elf-hoch", 3, None, {}),
        ("elf-hoch", 2, None, {"pots": 2}),
        ("plus-minus", 2, "plus-minus-weiter", {}),
    ],
)
def test_infinite_tables_are_refused_in_words_at_once(
    game_id: str, n: int, rules: str | None, overrides: dict[str, Any]
) -> None:
    with pytest.raises(ExactSolveError) as err:
        solve_game(game(game_id, n, rules, **overrides), "win", max_states=10)  # before the first position
    assert err.value.msgid in catalog("de")
    assert "infinitely many positions" in err.value.msgid


# --- the keys' contract: equal keys, equal futures ------------------------------------------------------------


def _twin(state: State, rng: random.Random) -> State | None:
    """Another state with the same key, made by what the key claims does not matter (None: none to make)."""
    if isinstance(state, HinUndHerState):  # which digits are struck: relabel the digits
        perm = rng.sample(range(6), 6)
        masks = tuple(sum(1 << perm[d] for d in range(6) if m >> d & 1) for m in state.struck)
        return dataclasses.replace(state, struck=masks, last=(), last_seat=None)
    if isinstance(state, RoundState):
        return _round_twin(state, rng)
    if isinstance(state, GestricheneZwoelfState):  # which sum of a pair is struck; how many sevens
        sheets = []
        for sh in state.sheets:
            row = list(sh)
            for i in range(SEVEN):
                j = len(NUMBERS) - 1 - i
                if rng.random() < 0.5:
                    row[i], row[j] = row[j], row[i]
            if row[SEVEN]:
                row[SEVEN] += rng.randint(0, 3)
            sheets.append(tuple(row))
        return dataclasses.replace(state, sheets=tuple(sheets))
    if isinstance(state, ElfHochState) and state.phase == "throw":  # how much each paid, not whether
        ledger = state.ledger
        for p in range(state.n):
            if ledger.players[p] < 0:
                ledger = ledger.transfer(p, POT, rng.randint(0, 20))
        return dataclasses.replace(state, ledger=ledger)
    return None


def _round_twin(state: RoundState, rng: random.Random) -> RoundState:
    """Absolute totals do not matter: shift them all. Where the turn's points are folded into the total (all but
    Plus – minus's first series under ``replace``), move points between the thrower's total and his turn; in a
    throw-off whose last tied seat is throwing, shift every entry of it (his by his turn's points)."""
    shift = rng.randint(1, 40)
    twin = dataclasses.replace(state, totals=tuple(t + shift for t in state.totals), last=())
    folds = not (isinstance(state, PlusMinusState) and state.rules.negative == "replace" and not state.replaced)
    if not folds or state.phase != "throw":
        return twin
    k = rng.randint(-9, 9)
    if not state.playoffs:
        totals = list(twin.totals)
        totals[state.seat] += k
        return dataclasses.replace(twin, totals=tuple(totals), turn_total=state.turn_total - k)
    if state.index == len(state.order) - 1:
        row = tuple(
            None if p not in state.order or p == state.seat else (v or 0) + k for p, v in enumerate(state.playoffs[-1])
        )
        return dataclasses.replace(twin, playoffs=(*state.playoffs[:-1], row), turn_total=state.turn_total + k)
    return twin


def _next_keys(state: State) -> dict[Hashable, Fraction]:
    out: dict[Hashable, Fraction] = {}
    for outcome, p in state.chance_outcomes():
        if p:
            key = state.apply_outcome(outcome).solver_key()
            out[key] = out.get(key, Fraction(0)) + p
    return out


def _same_future(a: State, b: State) -> None:
    assert a.solver_key() == b.solver_key()
    assert a.to_move() == b.to_move()
    if a.is_terminal():
        assert (a.winners(), a.losers()) == (b.winners(), b.losers())
    else:
        assert _next_keys(a) == _next_keys(b)


KEYED = [
    ("hin-und-her", None, 3, {}),
    ("plus-minus", None, 3, {}),
    ("plus-minus", "plus-minus-neue-serie", 2, {}),
    ("himmel-und-hoelle", None, 4, {}),
    ("blaue-augen", None, 4, {}),
    ("blaue-augen", "graue-augen", 3, {}),
    ("elf-hoch", None, 2, {}),
    ("elf-hoch", None, 2, {"ante": 0}),
    ("gestrichene-zwoelf", None, 3, {}),
]


@pytest.mark.parametrize(("game_id", "rules", "n", "overrides"), KEYED)
def test_equal_keys_have_equal_futures(game_id: str, rules: str | None, n: int, overrides: dict[str, Any]) -> None:
    """The lumping contract on random playouts of the real game (seeded): every visited state against a twin that
    differs only in what the key leaves out, and against every earlier state of the same key: the same mover, the
    same chances of every next key, and at the end the same winners and losers."""
    rng = random.Random(f"{game_id}/{rules}/{n}")
    source = SeededSource(f"{game_id}/{n}")
    met: dict[Hashable, State] = {}
    pairs = 0
    for _ in range(4 if game_id == "gestrichene-zwoelf" else 12):  # its states have 36 outcomes and long games
        s = game(game_id, n, rules, **overrides).new_initial_state()
        while True:
            twin = _twin(s, rng)
            if twin is not None and twin != s:
                _same_future(s, twin)
                pairs += 1
            seen = met.setdefault(s.solver_key(), s)
            if seen is not s and seen != s:
                _same_future(s, seen)
            if s.is_terminal():
                break
            s = s.apply_outcome(source.choose(s))
    assert pairs > 20


def test_hin_und_her_throw_off_that_ties_again_returns_to_its_key() -> None:
    """A throw-off for last place that ties again leaves the seats where they stood: the key comes back (a cycle
    the solver solves) instead of a history growing for ever."""
    s = new("hin-und-her", 3, lot=0)
    # seat 1 strikes 1 to 6 in turn; seats 2 and 3 throw 1, 2, 1, 2, 1 and end with one digit each
    s = throw(s, 1, 1, 1, 2, 2, 2, 3, 1, 1, 4, 2, 2, 5, 1, 1, 6)
    assert s.phase == "throw" and s.order == (1, 2) and s.winners() == ()
    again = throw(s, 3, 3)  # both strike a second digit: tied again, a second throw-off begins
    assert len(again.playoffs) == 2 and again.playoffs[-1] == (None, None, None)
    assert struck_count(again.struck[1]) == struck_count(again.struck[2]) == 2
    back = throw(again, 3, 3)  # both write the 3 anew: one digit each, as when the first throw-off began
    assert len(back.playoffs) == 3
    assert back.solver_key() == s.solver_key() and back != s
