"""Deliberately naive reference solvers for the Zehntausend solver tests.

Written separately from ``wuerfel/games/zehntausend/solvers/*.py`` and sharing none of their code except the scoring of
selections (``melds.legal_selections`` / ``turned_selection``, which have their own tests): the turn transitions
are re-derived from spec §3.4 in the plainest form, values come from memoised recursion over explicit
``(total, state)`` tuples in exact order, and fixed points are found by plain value iteration. Slow but obviously
right; used only on small instances (few throws, low targets).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from wuerfel.engine.dice import roll_distribution
from wuerfel.games.zehntausend.melds import best_partition, legal_selections, turned_selection
from wuerfel.games.zehntausend.options import ZehntausendRules

# A turn state: (cup, throws, proof, confirm_need or None, open_sets, turnable)
NState = tuple[int, int, bool, "int | None", tuple[tuple[int, int], ...], int]


def fresh(rules: ZehntausendRules) -> NState:
    return (rules.dice.count, 0, False, None, (), 0)


@cache
def naive_moves(rules: ZehntausendRules, st: NState, throw: tuple[int, ...]) -> list[tuple[int, NState]]:
    """Spec §3.4 APPLY for every legal selection (and number of turned pairs): (points, next state)."""
    cup, throws, proof, confirm, open_sets, turnable = st
    n = rules.dice.count
    cmin = confirm if (confirm is not None and rules.confirm.scope == "single_throw") else 0
    out = []
    for sel in legal_selections(rules, throw, open_sets, cmin or 0):
        for k in range(sel.five_pairs + 1):
            s = turned_selection(rules, sel, k, open_sets, throw)
            used = len(sel.dice) - k
            p2 = proof
            if rules.proof.enabled:
                if p2 and s.proving:
                    p2 = False
                if s.has_set:
                    p2 = not (rules.proof.same_throw and s.proving)
            c2 = confirm
            if c2 is not None:
                if rules.confirm.scope == "single_throw":
                    c2 = None
                else:
                    c2 = c2 - s.points
                    if c2 <= 0:
                        c2 = None
            o2 = s.opened if rules.extension.enabled else ()
            any_time = rules.selection.five_pair_to_one and rules.selection.five_turn_timing == "any_time"
            t2 = turnable + s.five_pairs if any_time else 0
            cup2 = cup - used
            if cup2 == 0 and rules.turn.hot_dice:
                c = rules.confirm
                if c.enabled and (
                    c.trigger == "all_dice_set_aside"
                    or (c.trigger == "full_throw_all_scored" and len(throw) == n and used == n)
                ):
                    c2 = c.min_points
                cup2 = n
                t2 = 0
                if not rules.extension.across_hot_dice:
                    o2 = ()
            if (
                rules.confirm.enabled
                and rules.confirm.trigger == "throw_all_scoring"
                and len(throw) == n
                and best_partition(rules, throw, open_sets, throw) is not None
            ):
                c2 = rules.confirm.min_points
            th2 = throws + 1
            out.append((s.points, (cup2, th2, p2, c2, tuple(sorted(o2)), t2)))
    return out


def may_stop(rules: ZehntausendRules, st: NState, total: int, threshold: int) -> bool:
    cup, _, proof, confirm, _, _ = st
    if proof or confirm is not None or total < threshold:
        return False
    md = rules.turn.max_dice_left_to_bank
    left = 0 if cup == rules.dice.count else cup
    return md < 0 or left <= md


def may_throw(rules: ZehntausendRules, st: NState) -> bool:
    mt = rules.turn.max_throws
    return st[0] > 0 and (mt == 0 or st[1] < mt)


def may_give_up(rules: ZehntausendRules, st: NState, total: int, threshold: int) -> bool:
    return (
        rules.turn.stop_below_threshold == "counts_as_bust"
        and total < threshold
        and may_stop(rules, st, threshold, threshold)
    )


def turn_fives(st: NState) -> NState:
    cup, throws, proof, confirm, open_sets, turnable = st
    return (cup + 1, throws, proof, confirm, open_sets, turnable - 1)


def expected_turn_points(rules: ZehntausendRules, threshold: int = 0, exact: bool = False) -> float | Fraction:
    """Expectimax of the points a turn adds to the score; needs ``turn.max_throws`` > 0 (a finite turn)."""
    assert rules.turn.max_throws > 0
    negate = rules.turn.bust == "negate"

    def bust(total: int) -> Fraction:
        return Fraction(-total if negate else 0)

    @cache
    def decide(total: int, st: NState) -> Fraction:
        options = []
        if may_stop(rules, st, total, threshold):
            options.append(Fraction(total))
        if may_throw(rules, st):
            options.append(throw_value(total, st, False))
        if may_give_up(rules, st, total, threshold):
            options.append(bust(total))
        if st[5] > 0 and may_throw(rules, st):
            options.append(decide(total, turn_fives(st)))
        return max(options) if options else bust(total)

    @cache
    def throw_value(total: int, st: NState, first: bool) -> Fraction:
        acc = Fraction(0)
        for throw, p in roll_distribution(st[0]):
            ms = naive_moves(rules, st, throw)
            if not ms:
                if first and rules.turn.first_throw_niete == "nix":
                    acc += p * rules.turn.first_throw_points
                elif first and rules.turn.first_throw_niete == "minus":
                    acc += p * (bust(total) - rules.turn.first_throw_points)
                else:
                    acc += p * bust(total)
                continue
            acc += p * max(decide(total + v, nxt) for v, nxt in ms)
        return acc

    v = throw_value(0, fresh(rules), True)
    return v if exact else float(v)


def duel_value_iteration(rules: ZehntausendRules, tol: float = 1e-13) -> dict[tuple[int, int, int], float]:
    """Turn-start win probabilities W[(me, other, seat)] of a two-player game by plain value iteration.

    Scores are in points; every pair of scores below the target is a state. Ends: ``immediate`` (banking the
    target wins) or ``finish_round`` with two players (seat 1 then has one last turn and must overtake; a tie is
    shared or goes to the first to reach, per ``game.tie``). Needs ``turn.max_throws`` > 0 when the start player may
    play on above the target (finish_round), so that every turn is finite.
    """
    target = rules.game.target
    u = 50
    scores = range(0, target, u)
    immediate = rules.game.end_rule == "immediate"
    shared = rules.game.tie == "shared"
    th = rules.turn.min_bank

    def reached(x: int) -> bool:
        return x >= target if rules.game.reach == "at_least" else x > target

    @cache
    def last_turn(d: int) -> float:
        """Seat 1's win share in his last turn when he must bank more than d points."""
        return turn_best(rules, th, lambda t: 1.0 if t > d else (0.5 if (t == d and shared) else 0.0), 0.0)

    seats = (0,) if immediate else (0, 1)
    W = {(i, j, s): 0.5 for i in scores for j in scores for s in seats}
    while True:
        delta = 0.0
        for i, j, s in list(W):
            other_seat = 0 if immediate else 1 - s

            def bank(t: int, i: int = i, j: int = j, s: int = s, o: int = other_seat) -> float:
                if not reached(i + t):
                    return 1.0 - W[(j, i + t, o)]
                if immediate or s == 1:
                    return 1.0
                return 1.0 - last_turn(i + t - j)

            v = turn_best(rules, th, bank, 1.0 - W[(j, i, other_seat)])
            delta = max(delta, abs(v - W[(i, j, s)]))
            W[(i, j, s)] = v
        if delta < tol:
            return W


def turn_best(rules: ZehntausendRules, th: int, bank_payoff, bust_payoff: float) -> float:  # type: ignore[no-untyped-def]
    """Expectimax of one fresh turn when banking t points is worth ``bank_payoff(t)`` and a bust ``bust_payoff``."""

    @cache
    def decide(total: int, st: NState) -> float:
        opts = []
        if may_stop(rules, st, total, th):
            opts.append(bank_payoff(total))
            if opts[0] >= 1.0:  # a sure win: nothing to gain by throwing on (and the recursion ends)
                return 1.0
        if may_throw(rules, st):
            opts.append(throw_v(total, st))
        if may_give_up(rules, st, total, th):
            opts.append(bust_payoff)
        if st[5] > 0 and may_throw(rules, st):
            opts.append(decide(total, turn_fives(st)))
        return max(opts) if opts else bust_payoff

    @cache
    def throw_v(total: int, st: NState) -> float:
        acc = 0.0
        for throw, p in roll_distribution(st[0]):
            ms = naive_moves(rules, st, throw)
            acc += float(p) * (max(decide(total + v, nxt) for v, nxt in ms) if ms else bust_payoff)
        return acc

    return throw_v(0, fresh(rules))


def solo_value_iteration(rules: ZehntausendRules, tol: float = 1e-12) -> dict[tuple[int, int], float]:
    """E[(score, threshold)]: expected turns to the target in the solo game (every turn beats the previous one;
    after a bust the fallback), by plain value iteration; minus marks are not part of this objective."""
    target = rules.game.target
    tr = rules.turn
    beat = tr.beat_predecessor
    fb = max(tr.min_bank, tr.beat_fallback) if beat else tr.min_bank

    def next_th(banked: int) -> int:
        return max(tr.min_bank, banked + 1) if beat else tr.min_bank

    states = [(s, th) for s in range(0, target, 50) for th in sorted({fb} | {next_th(b) for b in range(50, s + 1, 50)})]
    E = dict.fromkeys(states, 1.0)
    while True:
        delta = 0.0
        for s, th in states:

            def bank(t: int, s: int = s) -> float:
                return 0.0 if s + t >= target else -E[(s + t, next_th(t))]

            v = 1.0 - turn_best(rules, th, bank, -E[(s, fb)])
            delta = max(delta, abs(v - E[(s, th)]))
            E[(s, th)] = v
        if delta < tol:
            return E
