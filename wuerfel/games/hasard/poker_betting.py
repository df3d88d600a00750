"""Computed betting for the open poker games of Hasard (27 Offenes Würfelpoker; the betting of 23 and 30 alike).

Once thrown, every hand lies open, so raise / call / pass is a game of perfect information with chance — except that
players who have not thrown yet answer a raise blind (they know the hands on the table, not their own, which does not
exist yet). Two kinds of bot follow from that:

**Two players: solved exactly** (:class:`Duel`). The game is a short tree: A (the starter) plays his keep turn to a
final hand a; he checks or raises to L₁ ∈ (m, M]; B answers blind (call or pass); B plays his keep turn knowing a and
the level L; B checks or raises to L₂ ∈ (L, M]; A, seeing both hands, calls or passes; the better hand takes the pot,
equal hands play a Stichrunde for it. Payoffs are net chips of the game (zero-sum). Backward induction over that
tree, with every keep turn solved by a dynamic programme over the 252 throws of five dice (:func:`turn_tables`, many
valuations of the final hand at once as matrix columns), gives the subgame-perfect strategy and the game's value:

* the Stichrunde first: A throws first again; with p = A's chance to win it, a tie is worth p to A; A maximises his
  chance, B (seeing a) his, ties start over — a fixed point p = value(p), found by iteration (a contraction: a tie
  is rare);
* B's last raise: with both hands open, A calls a raise to L₂ exactly when calling loses no more than passing
  (−L): B's raise is worth min(show(L₂), L) and B takes the best of that and checking (show(L) = ±L, at a tie
  L(1 − 2p));
* B's keep turn maximises that, per (a, L): G_B(a, L); B calls a raise to L₁ blind iff G_B(a, L₁) ≥ −m;
* A's raise: max of −G_B(a, m) (check) and, per L₁, m if B passes else −G_B(a, L₁); A's keep turn maximises it.

Indifference is always resolved towards calling and towards stopping, so the bot never passes a hand that cannot
lose. :meth:`Duel.best_response` evaluates each seat's best response against the solved strategy by a separate
policy evaluation (the solved seat's choices fixed, the other maximising): for a subgame-perfect strategy it equals
the game value, which ``bench/hasard_poker_betting.py`` prints.

**More players: a one-step expected-chips strategy** (:class:`Multi`). The exact tree grows with every seat; instead
each decision maximises expected chips of this pot against what is visible, by one model of the players still to
throw: a player still to throw plays his turn to beat the best hand on the table (P_beat(h): an optimal turn's
chance to end above h, a tie counted half). A hand h that is the best on the table (tied with j others) wins with
w(h) = (1 − P_beat(h))^k / (j + 1), k the players still to throw; a player still to throw wins with the value of his
optimal turn against that valuation. Keeps maximise w; an answer calls iff w · (pot + owed) ≥ owed (pot odds: a hand
that cannot lose always calls); the raise level maximises w′ · pot′ − L′, where the answers are modelled by that same
rule and w′ and pot′ count only the players who would call. Later raises are not modelled.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from functools import cache
from typing import Any

import numpy as np

from wuerfel.engine.advice import Advice
from wuerfel.engine.dice import Multiset, multisets, roll_distribution, sort_dice, sub_multisets
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State, amounts, is_parameterised
from wuerfel.engine.shared import shared
from wuerfel.games.hasard.poker import PokerRules
from wuerfel.games.kit.betting import Betting, Call, Check, Fold, Raise
from wuerfel.games.kit.hands import Stop
from wuerfel.games.kit.hints import rated
from wuerfel.games.kit.keeps import Keep, KeepRules

EPS = 1e-12


# --- the throws of one turn ---------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, eq=False)
class HandSpace:
    """The throws of ``n`` dice ranked by a game's hand order, and the keep turn over them.

    ``rank[i]`` is the rank of throw ``i`` (0 lowest; equal hands share a rank), ``targets[k, i]`` the chance that
    keeping ``keeps[k]`` and throwing the rest gives throw ``i``, ``legal[i]`` the keeps a rethrow of throw ``i``
    allows (padded with the index ``len(keeps)``, a row of −∞).
    """

    n: int
    throws: int
    rolls: tuple[Multiset, ...]
    index: dict[Multiset, int]
    rank: np.ndarray
    n_ranks: int
    keeps: tuple[Multiset, ...]
    keep_index: dict[Multiset, int]
    targets: np.ndarray
    legal: np.ndarray
    legal_lists: tuple[tuple[int, ...], ...]
    first: np.ndarray

    def rank_of(self, dice: Sequence[int]) -> int:
        return int(self.rank[self.index[sort_dice(dice)]])


@cache
def hand_space(
    keys: tuple[Hashable, ...], n: int, throws: int, min_keep: int, max_keep: int, rethrow_all: bool
) -> HandSpace:
    """The space of a game whose throw ``multisets(n)[i]`` has the (comparable) hand key ``keys[i]``."""
    rolls = multisets(n)
    index = {d: i for i, d in enumerate(rolls)}
    order = sorted(set(keys))  # type: ignore[type-var]
    rank_of = {k: r for r, k in enumerate(order)}
    rank = np.array([rank_of[k] for k in keys], dtype=np.int64)
    rules = KeepRules(n, min_keep=min_keep, max_keep=max_keep, rethrow_all=rethrow_all)
    keeps = tuple(
        sorted({k for d in rolls for k in sub_multisets(d) if rules.allows_size(len(k))}, key=lambda k: (len(k), k))
    )
    keep_index = {k: i for i, k in enumerate(keeps)}
    targets = np.zeros((len(keeps), len(rolls)))
    for ki, k in enumerate(keeps):
        for d, p in roll_distribution(n - len(k)):
            targets[ki, index[sort_dice(k + d)]] += float(p)
    lists = tuple(tuple(keep_index[k] for k in sub_multisets(d) if rules.allows_size(len(k))) for d in rolls)
    width = max((len(x) for x in lists), default=0) or 1
    legal = np.full((len(rolls), width), len(keeps), dtype=np.int64)
    for i, lst in enumerate(lists):
        legal[i, : len(lst)] = lst
    first = np.zeros(len(rolls))
    for d, p in roll_distribution(n):
        first[index[d]] += float(p)
    return HandSpace(n, throws, rolls, index, rank, len(order), keeps, keep_index, targets, legal, lists, first)


def poker_space(quint: bool, joker: bool, throws: int, min_keep: int, max_keep: int, rethrow_all: bool) -> HandSpace:
    """The space of five poker dice ranked by section A's key (Quint, Joker as agreed: the poker rules block)."""
    block = PokerRules(quint=quint, joker=joker)
    keys = tuple(block.hand_key(d) for d in multisets(5))
    return hand_space(keys, 5, throws, min_keep, max_keep, rethrow_all)


@dataclasses.dataclass(frozen=True, eq=False)
class TurnTables:
    """A keep turn played to maximise valuations ``W`` of the final rank (columns: several valuations at once)."""

    space: HandSpace
    stop: np.ndarray
    """rolls × K: the value of stopping with each throw."""
    keep: tuple[np.ndarray, ...]
    """Per throws used t (index t − 1, t < limit): (keeps + 1) × K, the value of keeping k (last row −∞)."""
    value: tuple[np.ndarray, ...]
    """Per throws used t (index t − 1): rolls × K, the value of the position (best of stop and keeps)."""
    start: np.ndarray
    """K: the value of the turn before its first throw."""

    def choice(self, dice: Multiset, throws: int, col: int = 0) -> int:
        """The best move after ``throws`` throws showing ``dice``: −1 stop, else a keep index (stop on a tie)."""
        i = self.space.index[sort_dice(dice)]
        if throws >= self.space.throws:
            return -1
        row = self.keep[throws - 1][self.space.legal[i], col]
        j = int(np.argmax(row))
        return int(self.space.legal[i, j]) if row[j] > self.stop[i, col] + EPS else -1

    def values(self, dice: Multiset, throws: int, col: int = 0) -> dict[Action, float]:
        """Stop and every legal keep with the value of taking it (and playing on by the tables)."""
        i = self.space.index[sort_dice(dice)]
        out: dict[Action, float] = {Stop(): float(self.stop[i, col])}
        if throws < self.space.throws:
            for k in self.space.legal_lists[i]:
                out[Keep(self.space.keeps[k])] = float(self.keep[throws - 1][k, col])
        return out


def turn_tables(space: HandSpace, w: np.ndarray) -> TurnTables:
    """Backward induction over a keep turn for the valuations ``w`` (ranks × K, or ranks for one column)."""
    w2 = w.reshape(space.n_ranks, -1).astype(float)
    stop = w2[space.rank]
    values: list[np.ndarray] = [stop]
    keeps: list[np.ndarray] = []
    pad = np.full((1, w2.shape[1]), -np.inf)
    for _ in range(space.throws - 1):
        q = np.vstack([space.targets @ values[0], pad])
        best = q[space.legal].max(axis=1)
        keeps.insert(0, q)
        values.insert(0, np.maximum(stop, best))
    return TurnTables(space, stop, tuple(keeps), tuple(values), space.first @ values[0])


def policy_value(space: HandSpace, choose: np.ndarray, evaluate: np.ndarray) -> np.ndarray:
    """The expected ``evaluate`` valuation (ranks × K) of a turn played by the choices that maximise ``choose``
    (ranks × K, same columns), with :meth:`TurnTables.choice`'s tie rule (stop on a tie, else the first best keep)."""
    c = choose.reshape(space.n_ranks, -1).astype(float)
    e = evaluate.reshape(space.n_ranks, -1).astype(float)
    sc, se = c[space.rank], e[space.rank]
    vc, ve = sc, se
    k = c.shape[1]
    pad = np.full((1, k), -np.inf)
    for _ in range(space.throws - 1):
        qc = np.vstack([space.targets @ vc, pad])[space.legal]  # rolls × width × K
        qe = np.vstack([space.targets @ ve, np.zeros((1, k))])[space.legal]
        j = np.argmax(qc, axis=1)[:, None, :]
        bc = np.take_along_axis(qc, j, axis=1)[:, 0, :]
        be = np.take_along_axis(qe, j, axis=1)[:, 0, :]
        keep = bc > sc + EPS
        vc, ve = np.where(keep, bc, sc), np.where(keep, be, se)
    return np.asarray(space.first @ ve)


# --- two players: the exact solution ------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, eq=False)
class Duel:
    """The subgame-perfect solution of one pot between two players (A begins), in net chips of the pot."""

    space: HandSpace
    minimum: int
    maximum: int
    p: float
    """A's chance to win a Stichrunde (he throws first in it too); ½ where equal hands split the pot."""
    show: np.ndarray
    """levels × ranks a × ranks b: B's net chips at a showdown at that level."""
    final_b: np.ndarray
    """levels × a × b: B's value after his turn (his best raise or check, A answering best)."""
    raise_b: np.ndarray
    """levels × a × b: B's level after his turn (the level itself: check)."""
    g_b: np.ndarray
    """a × levels: B's value of his keep turn against a at that level."""
    final_a: np.ndarray
    """a: A's value after his turn (his best raise or check, B answering blind)."""
    raise_a: np.ndarray
    """a: A's level (minimum: check)."""
    a_turn: TurnTables
    stich_a: TurnTables
    stich_b: np.ndarray
    """a × b: B's valuation in a Stichrunde against a (1 win, 1 − p tie)."""
    value: float
    """A's expected net chips of the pot."""

    @property
    def levels(self) -> range:
        return range(self.minimum, self.maximum + 1)

    def li(self, level: int) -> int:
        return level - self.minimum

    def b_calls(self, a: int, level: int) -> bool:
        """B's blind answer to A's raise to ``level`` with A's hand a on the table."""
        return bool(self.g_b[a, self.li(level)] >= -self.minimum - EPS)

    def a_calls(self, a: int, b: int, level: int, paid: int) -> bool:
        """A's answer to B's raise to ``level`` (A has paid ``paid``): call unless calling loses more."""
        return bool(-self.show[self.li(level), a, b] >= -paid - EPS)

    @cache  # noqa: B019 - a Duel lives as long as its rules' cache entry
    def b_turn(self, a: int, level: int) -> TurnTables:
        return turn_tables(self.space, self.final_b[self.li(level), a])

    @cache  # noqa: B019
    def stich_b_turn(self, a: int) -> TurnTables:
        return turn_tables(self.space, self.stich_b[a])

    def best_response(self) -> tuple[float, float]:
        """(A's best value against B's solved strategy, B's best value against A's), each for the responder."""
        space, lv, r = self.space, len(self.levels), self.space.n_ranks
        m = self.minimum
        # A responds; B's keeps, blind answers and raises are fixed.
        levels = np.array(list(self.levels))[:, None, None]
        shown = -np.take_along_axis(self.show, self.raise_b - m, axis=0)  # A's chips if he calls B's fixed raise
        a_gain = np.where(self.raise_b == levels, shown, np.maximum(shown, -levels))  # level × a × b, A best
        choose = self.final_b.transpose(2, 1, 0).reshape(r, r * lv)  # b × (a, level)
        got = policy_value(space, choose, a_gain.transpose(2, 1, 0).reshape(r, r * lv)).reshape(r, lv)
        fa = got[:, 0].copy()
        for li in range(1, lv):
            calls = self.g_b[:, li] >= -m - EPS
            fa = np.maximum(fa, np.where(calls, got[:, li], float(m)))
        br_a = float(turn_tables(space, fa).start[0])
        # B responds; A's keeps, raise and answers are fixed.
        dist = policy_value(space, np.repeat(self.final_a[:, None], r, axis=1), np.eye(r))
        vals = np.empty((r, r))  # b × a: B's best after his turn against A's fixed answers
        for a in range(r):
            level = int(self.raise_a[a])
            best = self.show[self.li(level), a, :].copy()
            for l2 in range(level + 1, self.maximum + 1):
                s = self.show[self.li(l2), a, :]
                best = np.maximum(best, np.where(-s >= -level - EPS, s, float(level)))
            vals[:, a] = best
        play = turn_tables(space, vals).start
        blind = np.where(self.raise_a == m, play, np.maximum(play, -m))
        br_b = float(dist @ blind)
        return br_a, br_b


def stich_chance(space: HandSpace, tol: float = 1e-13) -> tuple[float, np.ndarray, TurnTables]:
    """A's chance to win a Stichrunde of two (A first, both maximising, ties start over), B's valuation against
    each a, and A's turn tables."""
    r = space.n_ranks
    cmp_ = np.sign(np.arange(r)[None, :] - np.arange(r)[:, None])  # a × b: +1 where b is higher
    p = 0.5
    for _ in range(200):
        vb = np.where(cmp_ > 0, 1.0, np.where(cmp_ == 0, 1.0 - p, 0.0))  # a × b
        qb = turn_tables(space, vb.T).start  # per a
        ta = turn_tables(space, 1.0 - qb)
        new = float(ta.start[0])
        if abs(new - p) < tol:
            p = new
            break
        p = new
    vb = np.where(cmp_ > 0, 1.0, np.where(cmp_ == 0, 1.0 - p, 0.0))
    qb = turn_tables(space, vb.T).start
    return p, vb, turn_tables(space, 1.0 - qb)


def solve_duel(space: HandSpace, minimum: int, maximum: int, split_ties: bool = False) -> Duel:
    """Backward induction over the tree of the module docstring. ``split_ties``: equal hands share the pot (23's
    rule: each gets his stake back) instead of a Stichrunde — a tie is then worth 0, as if p were ½."""
    r = space.n_ranks
    levels = list(range(minimum, maximum + 1))
    lv = len(levels)
    p, stich_b, stich_a = stich_chance(space)
    if split_ties:
        p = 0.5
    cmp_ = np.sign(np.arange(r)[None, :] - np.arange(r)[:, None]).astype(float)  # a × b, +1: B higher
    show = np.array([np.where(cmp_ == 0, level * (1 - 2 * p), level * cmp_) for level in levels])
    final_b = show.copy()
    raise_b = np.array([np.full((r, r), level) for level in levels], dtype=np.int64)
    for li, level in enumerate(levels):
        for l2 in range(level + 1, maximum + 1):
            s = show[l2 - minimum]
            got = np.where(-s >= -level - EPS, s, level)  # A calls unless calling loses more than passing
            better = got > final_b[li] + EPS
            final_b[li] = np.where(better, got, final_b[li])
            raise_b[li] = np.where(better, l2, raise_b[li])
    # B's keep turn, for every (a, level) at once: columns a-major.
    w = final_b.transpose(2, 1, 0).reshape(r, r * lv)  # b × (a, level)
    g_b = turn_tables(space, w).start.reshape(r, lv)
    final_a = -g_b[:, 0].copy()
    raise_a = np.full(r, minimum, dtype=np.int64)
    for li in range(1, lv):
        got = np.where(g_b[:, li] >= -minimum - EPS, -g_b[:, li], float(minimum))
        better = got > final_a + EPS
        final_a = np.where(better, got, final_a)
        raise_a = np.where(better, levels[li], raise_a)
    a_turn = turn_tables(space, final_a)
    return Duel(
        space,
        minimum,
        maximum,
        p,
        show,
        final_b,
        raise_b,
        g_b,
        final_a,
        raise_a,
        a_turn,
        stich_a,
        stich_b,
        float(a_turn.start[0]),
    )


# --- more players: the one-step expected-chips strategy -----------------------------------------------------------
@dataclasses.dataclass(frozen=True, eq=False)
class Multi:
    """P_beat and the tables of players still to throw (module docstring)."""

    space: HandSpace
    p_beat: np.ndarray
    """Per rank h: the chance that one player's optimal turn ends above h (a tie counted half)."""

    @cache  # noqa: B019
    def survive(self, k: int) -> np.ndarray:
        """Per rank h: (1 − P_beat(h))^k, the chance that k players still to throw do not beat h."""
        return np.asarray((1.0 - self.p_beat) ** k)

    @cache  # noqa: B019
    def keep_valuation(self, best: int, ties: int, k: int) -> np.ndarray:
        """Per rank of one's own final hand: the chance to win the pot against the best hand ``best`` on the table
        (-1: none), held by ``ties`` players, with ``k`` players still to throw after oneself."""
        ranks = np.arange(self.space.n_ranks)
        s = self.survive(k)
        if best < 0:
            return s
        return np.where(ranks > best, s, np.where(ranks == best, s / (ties + 1), 0.0))

    @cache  # noqa: B019
    def turn(self, best: int, ties: int, k: int) -> TurnTables:
        return turn_tables(self.space, self.keep_valuation(best, ties, k))


def solve_multi(space: HandSpace) -> Multi:
    r = space.n_ranks
    cmp_ = np.sign(np.arange(r)[:, None] - np.arange(r)[None, :])  # b × h: +1 where b is higher
    w = np.where(cmp_ > 0, 1.0, np.where(cmp_ == 0, 0.5, 0.0))
    return Multi(space, turn_tables(space, w).start)


# --- the situation of a decision, as any open poker game has it ---------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Situation:
    """What a decision of an open poker game depends on: read from the game's state by its adapter."""

    order: tuple[int, ...]
    """The seats of the pass in turn order (everybody from the starter, or the tied of a Stichrunde)."""
    hands: tuple[Multiset | None, ...]
    """Per seat: his final dice in this pass (None: not thrown yet)."""
    betting: Betting
    pot: int
    stich: bool
    """A Stichrunde: no stakes, no raising; only the pot is decided."""


class PokerBetting:
    """The bot's brain for one rule set: the space, the duel solution (lazily), the multi-player tables."""

    def __init__(self, space: HandSpace, minimum: int, maximum: int, split_ties: bool = False) -> None:
        self.space = space
        self.minimum = minimum
        self.maximum = maximum
        self.split_ties = split_ties
        """Equal best hands share the pot (23) rather than play a Stichrunde (27, 30)."""

    @property
    def duel(self) -> Duel:
        if not hasattr(self, "_duel"):
            self._duel = solve_duel(self.space, self.minimum, self.maximum, self.split_ties)
        return self._duel

    @property
    def multi(self) -> Multi:
        if not hasattr(self, "_multi"):
            self._multi = solve_multi(self.space)
        return self._multi

    @property
    def stich(self) -> tuple[float, np.ndarray, TurnTables]:
        if not hasattr(self, "_stich"):
            if hasattr(self, "_duel"):
                self._stich = (self._duel.p, self._duel.stich_b, self._duel.stich_a)
            else:
                self._stich = stich_chance(self.space)
        return self._stich

    def prepare(self, n: int) -> None:
        """Build the tables a bot of ``n`` players needs now (a front end says "preparing the bots" meanwhile) rather
        than at its first move: the duel for two, the model's for more."""
        if n == 2:
            self._stich = (self.duel.p, self.duel.stich_b, self.duel.stich_a)
        else:
            self._multi = self.multi

    def rank(self, dice: Multiset) -> int:
        return self.space.rank_of(dice)

    def exact(self, sit: Situation, n: int) -> bool:
        """The duel solution applies: two players in the game's first pass, or a Stichrunde of two."""
        return len(sit.order) == 2 and (sit.stich or n == 2)

    # --- keeps ------------------------------------------------------------------------------------------------
    def keep_tables(self, sit: Situation, seat: int, n: int) -> tuple[TurnTables, int]:
        """The turn tables (and column) the seat's keeps follow; values in chips (duel) or win chance."""
        if self.exact(sit, n):
            first = sit.order[0]
            if sit.stich:
                if seat == first:
                    return self.stich[2], 0
                return turn_tables(self.space, self.stich[1][self.rank(_dice(sit.hands[first]))]), 0
            duel = self.duel
            if seat == first:
                return duel.a_turn, 0
            return duel.b_turn(self.rank(_dice(sit.hands[first])), sit.betting.level), 0
        best, ties = self._best_on_table(sit, seat)
        k = len(self._still_to_throw(sit, seat))
        return self.multi.turn(best, ties, k), 0

    def keep_values(self, sit: Situation, seat: int, n: int, dice: Multiset, throws: int) -> dict[Action, float]:
        tables, col = self.keep_tables(sit, seat, n)
        return tables.values(dice, throws, col)

    def keep_choice(self, sit: Situation, seat: int, n: int, dice: Multiset, throws: int) -> Action:
        tables, col = self.keep_tables(sit, seat, n)
        k = tables.choice(dice, throws, col)
        return Stop() if k < 0 else Keep(self.space.keeps[k])

    # --- betting ----------------------------------------------------------------------------------------------
    def bet_values(self, sit: Situation, seat: int, n: int) -> dict[Action, float]:
        """Every betting move of ``seat`` with its expected net chips of the pot (exact for two players)."""
        b = sit.betting
        if self.exact(sit, n) and not sit.stich and b.maximum == self.maximum and b.minimum == self.minimum:
            return self._duel_values(sit, seat)
        return self._multi_values(sit, seat)

    def bet_choice(self, sit: Situation, seat: int, n: int) -> Action:
        """The best betting move; on equal values: call before pass, no raise before a raise, the lower raise."""
        values = self.bet_values(sit, seat, n)
        order = sorted(values, key=lambda a: (-round(values[a], 9), _preference(a)))
        return order[0]

    def _duel_values(self, sit: Situation, seat: int) -> dict[Action, float]:
        duel, b = self.duel, sit.betting
        first, second = sit.order
        a = self.rank(_dice(sit.hands[first]))
        if b.offered == first:  # A's raise, B not thrown
            out: dict[Action, float] = {Check(): float(-duel.g_b[a, 0])}
            for level in range(b.level + 1, b.maximum + 1):
                out[Raise(level)] = (
                    float(-duel.g_b[a, duel.li(level)]) if duel.b_calls(a, level) else float(b.paid[second])
                )
            return out
        if b.answering and b.answering[0] == second and sit.hands[second] is None:  # B blind
            return {Call(): float(duel.g_b[a, duel.li(b.level)]), Fold(): float(-b.paid[second])}
        bb = self.rank(_dice(sit.hands[second]))
        li = duel.li(b.level)
        if b.offered == second:  # B's raise, both hands open
            out = {Check(): float(duel.show[li, a, bb])}
            for level in range(b.level + 1, b.maximum + 1):
                s = float(duel.show[duel.li(level), a, bb])
                out[Raise(level)] = s if duel.a_calls(a, bb, level, b.level) else float(b.level)
            return out
        # A answers B's raise.
        return {Call(): float(-duel.show[li, a, bb]), Fold(): float(-b.paid[first])}

    def _multi_values(self, sit: Situation, seat: int) -> dict[Action, float]:
        b = sit.betting
        if b.answering and b.answering[0] == seat:
            w = self._win_chance(sit, seat)
            owed = b.owes(seat)
            return {Call(): w * (sit.pot + owed) - b.paid[seat] - owed, Fold(): float(-b.paid[seat])}
        out: dict[Action, float] = {Check(): self._win_chance(sit, seat) * sit.pot - b.paid[seat]}
        for level in range(b.level + 1, b.maximum + 1):
            out[Raise(level)] = self._raise_value(sit, seat, level)
        return out

    def _raise_value(self, sit: Situation, seat: int, level: int) -> float:
        """w′ · pot′ − L′ with the answers modelled by the pot-odds rule against the raised level."""
        b = sit.betting
        pot = sit.pot + level - b.paid[seat]
        callers: list[int] = []
        raised = dataclasses.replace(b, level=level, paid=_set(b.paid, seat, level))
        for p in b.in_play():
            if p == seat:
                continue
            owed = raised.owes(p)
            w = self._win_chance(dataclasses.replace(sit, betting=raised), p)
            if w * (pot + owed) >= owed - EPS:
                callers.append(p)
                pot += owed
        folded = frozenset(p for p in b.in_play() if p != seat and p not in callers)
        after = dataclasses.replace(sit, betting=dataclasses.replace(raised, folded=b.folded | folded))
        return self._win_chance(after, seat) * pot - level

    def _still_to_throw(self, sit: Situation, seat: int) -> tuple[int, ...]:
        """Players in play after ``seat`` in the pass who have not thrown (a thrown or throwing seat excluded)."""
        folded = sit.betting.folded if not sit.stich else frozenset()
        return tuple(
            p
            for p in sit.order
            if p != seat and p not in folded and sit.hands[p] is None and sit.order.index(p) > _position(sit, seat)
        )

    def _best_on_table(self, sit: Situation, seat: int) -> tuple[int, int]:
        folded = sit.betting.folded if not sit.stich else frozenset()
        ranks = [
            self.rank(_dice(sit.hands[p]))
            for p in sit.order
            if p != seat and p not in folded and sit.hands[p] is not None
        ]
        if not ranks:
            return -1, 0
        best = max(ranks)
        return best, ranks.count(best)

    def _win_chance(self, sit: Situation, seat: int) -> float:
        """The seat's chance to take the pot by the model: thrown — his hand against the table and the players
        still to throw; not thrown — the value of his optimal turn against the table."""
        best, ties = self._best_on_table(sit, seat)
        folded = sit.betting.folded
        later = [p for p in sit.order if p != seat and p not in folded and sit.hands[p] is None]
        hand = sit.hands[seat]
        if hand is None:
            after = [p for p in later if sit.order.index(p) > sit.order.index(seat)]
            return float(self.multi.turn(best, ties, len(after)).start[0] * self._survive_earlier(sit, seat))
        return float(self.multi.keep_valuation(best, ties, len(later))[self.rank(hand)])

    def _survive_earlier(self, sit: Situation, seat: int) -> float:
        """A blind player also waits for the players still to throw before him: each must fail to pass the best
        hand on the table (a crude factor: the same P_beat of that hand)."""
        best, _ = self._best_on_table(sit, seat)
        folded = sit.betting.folded
        before = [
            p
            for p in sit.order
            if p != seat and p not in folded and sit.hands[p] is None and sit.order.index(p) < sit.order.index(seat)
        ]
        if not before or best < 0:
            return 1.0
        return float(1.0 - self.multi.p_beat[best]) ** len(before)


def _position(sit: Situation, seat: int) -> int:
    return sit.order.index(seat) if seat in sit.order else -1


def _dice(d: Multiset | None) -> Multiset:
    assert d is not None
    return d


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[seat] = value
    return tuple(out)


def _preference(action: Action) -> tuple[int, int]:
    if isinstance(action, Call):
        return (0, 0)
    if isinstance(action, Check):
        return (1, 0)
    if isinstance(action, Raise):
        return (2, action.amount)
    return (3, 0)


# --- for any open poker game (23, 27, 30) --------------------------------------------------------------------------
def betting_brain(
    kind: str,
    keys: tuple[Hashable, ...],
    n_dice: int,
    throws: int,
    min_keep: int,
    max_keep: int,
    rethrow_all: bool,
    minimum: int,
    maximum: int,
    split_ties: bool = False,
) -> PokerBetting:
    """The brain of an open poker game's rule set, shared per process (:func:`wuerfel.engine.shared.shared`).

    ``keys[i]`` is the game's comparable hand key of the throw ``multisets(n_dice)[i]`` (Würfelpoker's Sequenz
    order, Al Capone's point scales, …); ``throws`` and the keep range as the game's turn allows them (one open throw:
    ``throws = 1``); ``split_ties`` where equal best hands share the pot (23) instead of playing a Stichrunde. A bot
    then asks ``brain.bet_choice(Situation(...), seat, n)`` (and ``brain.keep_choice(...)`` where there are keeps);
    ``brain.bet_values`` and ``brain.keep_values`` rate every move for hints."""
    key = (kind, keys, n_dice, throws, min_keep, max_keep, rethrow_all, minimum, maximum, split_ties)

    def build() -> PokerBetting:
        space = hand_space(keys, n_dice, throws, min_keep, max_keep, rethrow_all)
        return PokerBetting(space, minimum, maximum, split_ties)

    return shared("poker-betting", key, build)  # type: ignore[no-any-return]


# --- Offenes Würfelpoker (27): the adapter, the bot and the hints -------------------------------------------------
def offenes_brain(rules: Any) -> PokerBetting:
    """The shared brain of a rule set (built once per process: :func:`wuerfel.engine.shared.shared`)."""
    keys = tuple(rules.hand_key(d) for d in multisets(5))
    return betting_brain(
        "offenes",
        keys,
        5,
        rules.max_throws,
        rules.min_keep,
        rules.max_keep,
        rules.rethrow_all,
        rules.minimum,
        rules.maximum,
    )


def offenes_situation(state: Any) -> Situation:
    return Situation(tuple(state.order), tuple(state.hands), state.bet, state.ledger.pot, state.stich > 0)


def offenes_values(brain: PokerBetting, state: Any, player: int) -> tuple[dict[Action, float], str]:
    """Every legal move of ``player`` with its value and what the value measures."""
    sit = offenes_situation(state)
    n = state.game.num_players
    if state.bet.pending:
        exact = brain.exact(sit, n) and not sit.stich
        return brain.bet_values(sit, player, n), (EXACT_CHIPS if exact else MODEL_CHIPS)
    turn = state.turn
    values = brain.keep_values(sit, player, n, turn.dice, turn.throws)
    legal = set(state.legal_actions(player))
    values = {a: v for a, v in values.items() if a in legal}
    exact = brain.exact(sit, n)
    return values, (EXACT_CHIPS if exact and not sit.stich else (STICH_CHANCE if exact else WIN_CHANCE))


EXACT_CHIPS = N_("expected net chips of this pot (exact solution for two)")
MODEL_CHIPS = N_("expected net chips of this pot (model of the players still to throw)")
STICH_CHANCE = N_("chance to win the Stichrunde (exact)")
WIN_CHANCE = N_("chance to win the pot (model of the players still to throw)")


class OffenesBot:
    """The computed bot of Offenes Würfelpoker (module docstring): exact for two players, the model for more."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.brain = offenes_brain(game.rules)
        self.brain.prepare(game.num_players)

    def choose(self, state: State, player: int) -> Action:
        s: Any = state
        sit = offenes_situation(s)
        n = self.game.num_players
        if s.bet.pending:
            action = self.brain.bet_choice(sit, player, n)
        else:
            action = self.brain.keep_choice(sit, player, n, s.turn.dice, s.turn.throws)
        if not state.is_legal(action, player):  # a keep the rules' menu does not list (defensive)
            return _first_concrete(state.legal_actions(player))
        return action


def _first_concrete(actions: Sequence[Action]) -> Action:
    a = actions[0]
    if is_parameterised(a):
        return dataclasses.replace(a, **{k: v.low for k, v in amounts(a).items()})
    return a


class OffenesAdvisor:
    """Every legal move rated by the bot's values, best first, with what each loses against the best."""

    def __init__(self, game: Game) -> None:
        self.brain = offenes_brain(game.rules)

    def advise(self, state: State, player: int) -> list[Advice]:
        if player != state.to_move():
            return []
        values, measure = offenes_values(self.brain, state, player)
        if measure in (STICH_CHANCE, WIN_CHANCE):
            return rated(values, measure, unit="chance")
        return rated(values, measure, unit="chips")
