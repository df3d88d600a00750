"""Sequenzen's exact turn solver: the solo value, the two-player round, the bots and the hints.

A turn is a backward induction over (throw, dice) for a utility of the last throw's sequence and the throws used —
56 hands a throw, vectorised over many utilities at once (numpy):

* **solo** (``wuerfel solve sequenzen``): the utility is the sequence's rank (0 nothing, 1 for 1-2-3 … 4 for
  4-5-6): the maximum expected rank of one turn with the full throw limit;
* **the two-player round, exactly**: the second player knows the first's result and limit and maximises his chance
  to win; the first maximises the chance that the second fails, knowing that his throws become the second's limit.
  Two things make it a fixed point: a full tie is a throw-off (the same order, both under the round's limit, again
  until decided), and a round where nobody has a sequence is void and played again from the start. Both values are
  found by iterating the inductions (the tie's value ``W`` first, then the round's ``P``; each converges
  geometrically) — checked against the generic exact solver in the tests;
* **more players** (the ``optimal`` bot): the earlier results are visible; a player wins if he beats them and every
  later player fails to beat him; each later player is taken to beat him with the chance of an optimal second
  player of a duel, independently (ties and void rounds count as in the duel). Exact for two players; a stated
  approximation for more (docs/hasard.md, "Sequenzen").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

import numpy as np

from wuerfel.engine.dice import Multiset, multisets, sort_dice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, State
from wuerfel.games.hasard.sequenzen import SequenzenRules, SequenzenState, keep_rules, sequence_rank
from wuerfel.games.kit.hand_round import MenuValueBot, Stop, float_rolls
from wuerfel.games.kit.hints import ValueAdvisor
from wuerfel.games.kit.keeps import Keep, legal_keeps
from wuerfel.solvers.api import SolveResult

MEASURE_ROUND = N_("chance to win the round")

HANDS: tuple[Multiset, ...] = multisets(3)
HAND_INDEX = {h: i for i, h in enumerate(HANDS)}
RANKS = np.array([sequence_rank(h) for h in HANDS])


class TurnSolver:
    """Backward induction of one turn for ``U[h, t]`` (a vector per entry), throws 1..``limit``."""

    def __init__(self, keep_two: bool, limit: int, utility: np.ndarray) -> None:
        self.rules = keep_rules(keep_two)
        self.limit = limit
        self.U = utility
        self._dec: dict[tuple[int, Multiset], np.ndarray] = {}
        self._keep: dict[tuple[int, Multiset], np.ndarray] = {}

    def decision(self, t: int, hand: Multiset) -> np.ndarray:
        key = (t, hand)
        v = self._dec.get(key)
        if v is None:
            v = self.U[HAND_INDEX[hand], t]
            if t < self.limit:
                for k in legal_keeps(hand, self.rules):
                    v = np.maximum(v, self.keep_value(t, k))
            self._dec[key] = v
        return v

    def keep_value(self, t: int, kept: Multiset) -> np.ndarray:
        key = (t, kept)
        v = self._keep.get(key)
        if v is None:
            # an array: every roll's decision values weighted (asarray only tells the type checker so, copying nothing)
            rolls = float_rolls(3 - len(kept))
            v = np.asarray(sum(p * self.decision(t + 1, sort_dice(kept + roll)) for roll, p in rolls))
            self._keep[key] = v
        return v

    def start_value(self) -> np.ndarray:
        return sum(p * self.decision(1, roll) for roll, p in float_rolls(3))  # type: ignore[return-value]

    def action_value(self, t: int, hand: Multiset, action: Action) -> np.ndarray:
        if isinstance(action, Stop):
            return self.U[HAND_INDEX[hand], t]
        assert isinstance(action, Keep)
        return self.keep_value(t, action.dice)


def responder(keep_two: bool, limit: int, target_limit: int, tie: float, void: float | None) -> np.ndarray:
    """``Q[r, t]``: the chance that a player with ``limit`` throws, playing for it, beats the result (rank ``r``,
    ``t`` throws; ``t`` ≤ ``target_limit``); a full tie is worth ``tie`` to him, both without a sequence ``void``
    (None: compared like any result)."""
    cols = [(r, t) for r in range(5) for t in range(1, target_limit + 1)]
    U = np.zeros((len(HANDS), limit + 1, len(cols)))
    for c, (r, tt) in enumerate(cols):
        for h in range(len(HANDS)):
            for t in range(1, limit + 1):
                mine, goal = (int(RANKS[h]), -t), (r, -tt)
                if void is not None and mine[0] == 0 and r == 0:
                    U[h, t, c] = void
                else:
                    U[h, t, c] = 1.0 if mine > goal else tie if mine == goal else 0.0
    v = TurnSolver(keep_two, limit, U).start_value()
    return np.asarray(v).reshape(5, target_limit)


def _first_utility(limit: int, q: Callable[[int, int], float]) -> np.ndarray:
    """The utility of a player whose only opponent still to play beats (rank ``r``, ``t`` throws) with ``q(r, t)``."""
    U = np.zeros((len(HANDS), limit + 1, 1))
    for h in range(len(HANDS)):
        for t in range(1, limit + 1):
            U[h, t, 0] = 1.0 - q(int(RANKS[h]), t)
    return U


def fixed_point(f: Callable[[float], float], x: float = 0.5) -> float:
    """A fixed point of ``f`` on [0, 1] by the secant method (``f`` is piecewise linear with a slope below one: a
    chance that feeds back only through a replay or a throw-off), falling back to plain iteration."""
    x0, x1 = x, f(x)
    for _ in range(100):
        if abs(x1 - x0) < 1e-14:
            return x1
        g0, g1 = f(x0) - x0, f(x1) - x1
        x2 = x1 - g1 * (x1 - x0) / (g1 - g0) if g1 != g0 else f(x1)
        if not 0.0 <= x2 <= 1.0:
            x2 = f(x1)
        x0, x1 = x1, x2
    return x1


@lru_cache(maxsize=16)
def duel_tables(rules: SequenzenRules) -> tuple[float, dict[int, float]]:
    """(P, W): the first player's chance to win a round of two, and per limit the first thrower's chance to win a
    throw-off under it (both playing optimally; module text)."""
    keep_two, top = bool(rules.keep_two), int(rules.max_throws)
    ws: dict[int, float] = {}
    for lim in range(1, top + 1):

        def throw_off(w: float, lim: int = lim) -> float:
            tab = responder(keep_two, lim, lim, 1.0 - w, None)
            U = _first_utility(lim, lambda r, t: float(tab[r, t - 1]))
            return float(TurnSolver(keep_two, lim, U).start_value()[0])

        ws[lim] = fixed_point(throw_off)

    def round_value(p: float) -> float:
        void = (1.0 - p) if rules.void_when_nothing else None
        if rules.inherit_limit:
            tabs = {t: responder(keep_two, t, t, 1.0 - ws[t], void) for t in range(1, top + 1)}
            U = _first_utility(top, lambda r, t: float(tabs[t][r, t - 1]))
        else:
            tab = responder(keep_two, top, top, 1.0 - ws[top], void)
            U = _first_utility(top, lambda r, t: float(tab[r, t - 1]))
        return float(TurnSolver(keep_two, top, U).start_value()[0])

    return fixed_point(round_value), ws


@lru_cache(maxsize=64)
def beat_table(rules: SequenzenRules, limit: int, target_limit: int, in_throw_off: bool) -> np.ndarray:
    """Q[r, t] of one later player under ``limit`` against a result (the duel's values for ties and void rounds)."""
    p, ws = duel_tables(rules)
    void = None if in_throw_off or not rules.void_when_nothing else 1.0 - p
    return responder(bool(rules.keep_two), limit, target_limit, 1.0 - ws[limit], void)


def utility_key(state: SequenzenState) -> tuple[Any, ...]:
    """Everything :func:`win_utility` reads of a position, as a hashable key: the earlier results of this pass (as
    a sorted tuple: only which results, not who threw them), the number of players, how many play after this one,
    whether it is a throw-off and whether this player's throws set the others' limit."""
    rules: SequenzenRules = state.rules
    seat = state.seat
    earlier = tuple(sorted(r for q, r in enumerate(state.passes[-1]) if r is not None and q != seat))
    throw_off = state.in_throw_off
    sets = state.index == 0 and not throw_off and rules.inherit_limit
    return earlier, len(state.order), len(state.order) - state.index - 1, throw_off, sets


def win_utility(state: SequenzenState, limit: int) -> np.ndarray:
    """``U[h, t]``: the chance to win the round with hand ``h`` after ``t`` throws (module text: exact with two
    players; with more, ties shared evenly, a void round worth 1/n, the later players independent)."""
    return _win_utility(state.rules, limit, *utility_key(state))


@lru_cache(maxsize=1024)
def _win_utility(
    rules: SequenzenRules,
    limit: int,
    earlier: tuple[tuple[int, int], ...],
    n: int,
    later: int,
    throw_off: bool,
    sets: bool,
) -> np.ndarray:
    """:func:`win_utility` of the key :func:`utility_key`; cached, because building it (168 entries, each reading a
    beat table) was most of a bot move (issue 13). The array is read-only: it is shared."""
    void_rule = rules.void_when_nothing and not throw_off
    p_round, ws = duel_tables(rules)
    U = np.zeros((len(HANDS), limit + 1, 1))
    for h in range(len(HANDS)):
        for t in range(1, limit + 1):
            mine = (int(RANKS[h]), -t)
            if any(r > mine for r in earlier):
                continue
            if later:
                lim = t if sets else limit
                q = float(beat_table(rules, lim, max(lim, t), throw_off)[mine[0], t - 1])
                ties = sum(1 for r in earlier if r == mine)
                U[h, t, 0] = (1.0 - q) ** later / (ties + 1)
                continue
            if void_rule and mine[0] == 0 and all(r[0] == 0 for r in earlier):
                U[h, t, 0] = (1.0 - p_round) if n == 2 else 1.0 / n  # void: the round is played again
                continue
            ties = sum(1 for r in earlier if r == mine)
            if ties == 0:
                U[h, t, 0] = 1.0
            else:
                U[h, t, 0] = (1.0 - ws[limit]) if n == 2 else 1.0 / (ties + 1)
    U.flags.writeable = False
    return U


def action_values(state: SequenzenState, player: int) -> dict[Action, float]:
    legal = state.legal_actions(player)
    if not legal:
        return {}
    limit = state.turn.limit
    solver = _position_solver(state.game.rules, limit, utility_key(state))
    return {a: float(solver.action_value(state.turn.throws, state.turn.dice, a)[0]) for a in legal}


@lru_cache(maxsize=1024)
def _position_solver(rules: SequenzenRules, limit: int, key: tuple[Any, ...]) -> TurnSolver:
    """The turn solver of the positions with this :func:`utility_key`: a move looks it up instead of rebuilding
    the utility and hashing its bytes (issue 13: the bot's slow moves)."""
    return _solver(rules, limit, _win_utility(rules, limit, *key).tobytes())


_SOLVERS: dict[Any, TurnSolver] = {}


def _solver(rules: SequenzenRules, limit: int, key: bytes) -> TurnSolver:
    """One turn solver per distinct utility (positions with the same earlier results share it)."""
    k = (rules, limit, key)
    s = _SOLVERS.get(k)
    if s is None:
        U = np.frombuffer(key).reshape(len(HANDS), limit + 1, 1)
        if len(_SOLVERS) > 512:
            _SOLVERS.clear()
        s = _SOLVERS[k] = TurnSolver(bool(rules.keep_two), limit, U)
    return s


class OptimalBot(MenuValueBot):
    """Plays :func:`action_values`: exact with two players, against the visible results with more (ties as the
    kit's :class:`~wuerfel.games.kit.hand_round.MenuValueBot` breaks them)."""

    state_class = SequenzenState

    def values(self, state: SequenzenState, player: int) -> dict[Action, float]:
        return action_values(state, player)


class SequenzenAdvisor(ValueAdvisor):
    """Hints: every legal move with the chance to win the round, best first, and the loss against the best (the
    kit's :class:`~wuerfel.games.kit.hand_round.MenuValueAdvisor`)."""

    state_class = SequenzenState

    def values(self, state: SequenzenState, player: int) -> dict[Action, float]:
        return action_values(state, player)

    def measure(self, state: SequenzenState) -> tuple[str, Literal["chance", "points"]]:
        return MEASURE_ROUND, "chance"

    def turn_start(self, state: State, player: int) -> tuple[float, str] | None:
        """The analysis's luck of the round (:class:`~wuerfel.engine.advice.TurnLuck`): ``player``'s chance to win
        it when his first turn begins (nothing of it thrown; the results of those before him known), as
        :func:`action_values` rates his choices. Only the first pass starts the seat's round: a void round played
        again and a throw-off go on with it (the values before them already hold what they are worth), so their
        dice count as the round's luck too."""
        assert isinstance(state, SequenzenState)
        if (
            state.phase != "play"
            or state.round_no
            or state.in_throw_off
            or state.seat != player
            or state.turn.throws
            or not state.turn.throwing
        ):
            return None
        solver = _position_solver(state.game.rules, state.turn.limit, utility_key(state))
        return float(solver.start_value()[0]), MEASURE_ROUND

    def turn_result(self, before: State, after: State, player: int) -> float | None:
        """At the game's end (the round, its throw-offs and replays decided): 1 if ``player`` won, else 0."""
        assert isinstance(before, SequenzenState) and isinstance(after, SequenzenState)
        if before.phase != "play" or after.phase != "over":
            return None
        winners = after.winners()
        return 1.0 / len(winners) if player in winners else 0.0


def solo_value(rules: SequenzenRules) -> float:
    """The maximum expected sequence rank of one turn with the full throw limit."""
    top = int(rules.max_throws)
    U = np.zeros((len(HANDS), top + 1, 1))
    U[:, 1:, 0] = RANKS[:, None]
    return float(TurnSolver(bool(rules.keep_two), top, U).start_value()[0])


def solve_solo(rules: SequenzenRules, rules_id: str, fresh: bool = False) -> SolveResult:
    if fresh:
        duel_tables.cache_clear()
        beat_table.cache_clear()
        _win_utility.cache_clear()
        _position_solver.cache_clear()
        _SOLVERS.clear()
    t0 = time.perf_counter()
    value = solo_value(rules)
    return SolveResult(
        game="sequenzen",
        rules=rules_id,
        objective="solo",
        value=value,
        seconds=time.perf_counter() - t0,
        value_of=N_(
            "the expected rank of the sequence of one turn with the full throw limit (0 nothing, 1 for 1-2-3 … 4 for "
            "4-5-6)"
        ),
    )
