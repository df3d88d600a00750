"""Two-player optimum of the Zehntausend family: maximise the probability of winning.

Why it can be solved exactly: with ``bust = "forfeit"`` a bank always raises the sum of both scores and a bust
leaves it unchanged, so the turn-start win probabilities ``W[i, j, seat]`` (mover has i, opponent j, both in units
of 50) can be filled in order of decreasing ``i + j``. Only a bust returns to the same pair of scores (the other
player to move), so each pair ``(i, j, seat)`` / ``(j, i, other seat)`` is a fixed point of two coupled in-turn
optimisations; it is found by Newton's method on the piecewise linear turn value (its slope is the probability of
busting under the optimal policy, carried along the sweep), which is policy iteration in disguise and converges in
two or three steps from the neighbouring pair's answer. The in-turn optimisation is the sweep of
:mod:`wuerfel.games.zehntausend.solvers.turn` over the same compiled graph, with banking worth ``1 − W`` of the
opponent.

End of game: ``immediate`` — banking the target wins. ``finish_round`` (two players) — when the start player
reaches the target, the other player has one last turn in which he must overtake; its win probability ``L[d]``
(needing more than d) is solved once per rule set; the start player may play on above the target to make that
harder, up to ``d`` = :data:`LAST_TURN_CAP` (beyond it the margin is treated as that cap: an error below ``L`` at
the cap, which is reported). Ties follow ``game.tie`` (``shared``: half a win each, ``first_to_reach``: the start
player keeps it).

Rule sets the method cannot solve exactly (:func:`duel_support`): ``negate`` busts, minus-mark penalties and the
first-throw *Minus* (scores go down, so the order breaks), beat-the-predecessor (the state would also need the
number to beat), takeover, simulated mishaps, the Rückwärts/Bumerang/solo modes and the extra-round tie rule.
"""

from __future__ import annotations

import dataclasses
import math
import time
from functools import lru_cache
from typing import Any, cast

import numba
import numpy as np

from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.solvers.jit import compiled
from wuerfel.games.zehntausend.solvers.support import (  # re-exported: the names were defined here
    DUEL_FORMAT,
    LAST_TURN_CAP,
    _goal_units,
    cache_dir,
    duel_support,
    is_preset,
    rules_key,
)
from wuerfel.games.zehntausend.solvers.turn import (
    TurnGraph,
    TurnKey,
    bank_flags_ok,
    can_roll,
    moves,
    sweep,
    sweep_slope,
    threshold,
    turn_graph,
    turn_refusal,
)
from wuerfel.solvers import diskcache
from wuerfel.solvers.fillgame import PARALLEL_KERNELS
from wuerfel.solvers.jit import load_cached_kernel

sweep = compiled(sweep)  # the turn module's kernels are plain functions until needed (solvers/jit.py); this
sweep_slope = compiled(sweep_slope)  # module's compiled kernels call them, so they are compiled here

__all__ = [
    "DUEL_FORMAT",
    "LAST_TURN_CAP",
    "DuelSolution",
    "_goal_units",
    "cache_dir",
    "duel_support",
    "rules_key",
    "solve_duel",
    "turn_refusal",
]


@dataclasses.dataclass(eq=False)
class DuelSolution:
    """Turn-start win probabilities of a two-player game and what is needed to evaluate any position in a turn."""

    rules: ZehntausendRules
    graph: TurnGraph
    goal: int
    """Target in units (a score ≥ goal units has reached the target)."""
    W: np.ndarray
    """W[i, j, seat]: win probability of the player to move with i units against j units, sitting in ``seat``."""
    L: np.ndarray
    """L[d]: the last player's win share in his last turn when he must bank more than d units (finish_round)."""
    immediate: bool
    exact: bool
    reason: str
    seconds: float
    from_cache: bool = False

    @property
    def monotone(self) -> bool:
        """The turn graph drops the cheaper of two moves to the same position, which assumes that more points never
        hurt: here, that the opponent's win probability never grows with the mover's score. Checked on the table."""
        W = self.W
        return bool((W[:, 1:, :] <= W[:, :-1, :] + 1e-12).all())

    @property
    def unit(self) -> int:
        return self.graph.unit

    @property
    def value(self) -> float:
        """Win probability of the start player when both play optimally."""
        return float(self.W[0, 0, 0])

    def win_probability(self, me: int, other: int, seat: int) -> float:
        """Turn-start win probability of the player to move (scores in points)."""
        u = self.unit
        i, j = me // u, other // u
        if i >= self.goal or j >= self.goal:
            raise ValueError("the target has been reached")
        return float(self.W[max(i, 0), max(j, 0), seat])

    def turn_tables(
        self, me: int, other: int, seat: int, last_turn_need: int | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        """(VD, VC, B, z) of the turn of the player to move: win probabilities of every in-turn position.

        ``last_turn_need``: in the last turn of a finish-round game, the points the mover must exceed.
        """
        u = self.unit
        g = self.graph
        th = -(-threshold(self.rules) // u)
        if last_turn_need is not None:
            d = max(last_turn_need // u, 0)
            n_rows = d + 1 + g.max_dv
            B = _last_turn_payoff(n_rows + g.max_dv + 1, d, self.rules.game.tie == "shared")
            z = 0.0
        else:
            i, j = me // u, other // u
            z = 1.0 - float(self.W[j, i, 1 - seat])
            n_rows = self.goal - i if (self.immediate or seat == 1) else self.goal - i + self.L.shape[0] - 1
            args = (i, j, seat, self.goal, self.immediate, self.W, self.L, n_rows + g.max_dv + 1)
            if not _bank_payoff.overloads:  # a process that only plays: no numba compiler (solvers/jit.py)
                load_cached_kernel(_bank_payoff, *args)
            B = _bank_payoff(*args)
        VD, VC = _run(g, n_rows, th, B, z)
        return VD, VC, B, z


def _last_turn_payoff(n: int, d: int, shared: bool) -> np.ndarray:
    B = np.zeros(n)
    B[d + 1 :] = 1.0
    if shared and d < n:
        B[d] = 0.5
    return B


@numba.njit(cache=True)
def _bank_payoff(i, j, seat, G, immediate, W, L, n):  # type: ignore[no-untyped-def]
    B = np.empty(n)
    dcap = L.shape[0] - 1
    for t in range(n):
        if i + t < G:
            B[t] = 1.0 - W[j, i + t, 1 - seat]
        elif immediate or seat == 1:
            B[t] = 1.0
        else:
            m = i + t - j
            B[t] = 1.0 - L[min(m, dcap)]
    return B


def _run(g: TurnGraph, n_rows: int, th: int, B: np.ndarray, z: float) -> tuple[np.ndarray, np.ndarray]:
    total = n_rows + g.max_dv + 1
    VD = np.empty((total, len(g)))
    VC = np.full((total, len(g)), -np.inf)
    Z = np.full(total, z)
    INST = np.ones(total)
    for s in range(len(g)):
        if g.bank_ok[s]:
            VD[n_rows:, s] = B[n_rows:total]
        else:
            VD[n_rows:, s] = g.reach[s] * B[n_rows:total] + (1 - g.reach[s]) * z
    args = (
        n_rows,
        th,
        VD,
        VC,
        B[:total],
        Z,
        INST,
        g.can_roll,
        g.bank_ok,
        g.giveup_ok,
        g.tf,
        g.order,
        g.grp_start,
        g.grp_prob,
        g.opt_start,
        g.opt_dv,
        g.opt_tgt,
        g.p_bust,
    )
    if not cast(Any, sweep).overloads:  # the bot's first decision: the sweep's machine code without numba's compiler
        load_cached_kernel(sweep, *args)
    sweep(*args)
    return VD, VC


ONE = np.uint64(1)
BOUND_SLACK = 1e-9
"""Added to every carried upper bound of a throw's value (see :func:`_sweep_fast`): far more than the rounding
of the computed values can differ from the exact ones (values and slopes lie in [0, 1]; a few hundred rows of
sums of at most a few hundred products), far less than the gaps between banking and throwing that matter."""


@numba.njit(cache=True)
def _dz(z, zp):  # type: ignore[no-untyped-def]
    """How far the bust value moved since this side's previous sweep of the pair; −1 for its first sweep."""
    if math.isnan(zp):
        return -1.0
    return abs(z - zp) * (1.0 + 1e-12)


@numba.njit(cache=True)
def _sweep_fast(  # type: ignore[no-untyped-def]
    n_rows,
    total,
    th,
    z,
    VDf,
    DDf,
    vc,
    dc,
    eqn,
    B,
    can_roll,
    bank_ok,
    giveup_ok,
    tf,
    order,
    grp_start,
    grp_prob,
    opt_start,
    opt_off,
    dvs,
    p_bust,
    reach,
    start,
    U,
    dz,
    N,
    dzn,
):
    """:func:`~wuerfel.games.zehntausend.solvers.turn.sweep_slope` for the duel (instant win worth 1), the same
    floating-point operations in the same order — so the same numbers bit for bit — with less work around them
    (issue 17: the duel solve's time):

    * ``VDf``/``DDf`` are flat rows of ``C = S + 1`` columns, the last one holding the instant win (value 1, slope
      0) in every row, so an option is one precomputed offset ``opt_off = dv·C + column`` and no branch;
    * the value of throwing lives only for the row being swept (``vc``/``dc``): nothing reads older rows of it;
    * a row is copied instead of swept when it must come out equal to the row above it: the bank value and the
      threshold test are the same and every row it reads (t + dv, dv in ``dvs``) equals the row above that one
      (``eqn[r]``: rows r and r + 1 are equal). The start player's rows far above the target (the other player
      needs more than the cap, so banking is worth the same everywhere) are such rows;
    * a state's throw is not swept where banking must beat it: the value of throwing only feeds the comparison
      with banking (``vc[s] > B[t]``), except at the start state of row 0, whose value is returned. ``U`` keeps an
      upper bound of every throw's value (the value itself where it was swept) for the next sweep of this side;
      an exact value is a convex function of z with slope in [0, 1] (a probability of busting), so the bound
      moves by at most ``dz = |z − z_previous|``; ``N`` is the same store of the same turn one unit higher at the
      level above (mover i + 1 against the same opponent and seat: row t here is row t − 1 there, the same bank
      values and rules from row 2 on, and above the threshold), moved by ``dzn``. −1: no such bound. The throw
      is skipped when the bound plus :data:`BOUND_SLACK` (rounding) is below the bank value, and its bound is
      carried on. Bounds only decide what is swept, never a value: the table stays the plain sweep's bit for
      bit (issue 17: 20 % of Farkle's option visits, 50 % of the default rules', mostly the states with few dice
      near the target).

    Returns the value of throwing at the start state and its slope in z, as ``sweep_slope`` does.
    """
    S = len(can_roll)
    C = S + 1
    for t in range(n_rows, total):
        r = t * C
        for s in range(S):
            if bank_ok[s]:
                VDf[r + s] = B[t]
                DDf[r + s] = 0.0
            else:
                VDf[r + s] = reach[s] * B[t] + (1.0 - reach[s]) * z
                DDf[r + s] = 1.0 - reach[s]
        VDf[r + S] = 1.0
        DDf[r + S] = 0.0
        eqn[t] = True
    for t in range(n_rows, total - 1):  # a tail row is a function of B[t] alone
        if B[t] != B[t + 1]:
            eqn[t] = False
    for t in range(n_rows - 1, -1, -1):
        r = t * C
        ru = np.uint64(r)
        VDf[r + S] = 1.0
        DDf[r + S] = 0.0
        # row 0 is always swept: its start state's throw is the result (and is never skipped by a bound)
        same = 0 < t < n_rows - 1 and B[t] == B[t + 1] and (t >= th) == (t + 1 >= th)
        if same:
            for k in range(len(dvs)):
                if not eqn[t + dvs[k]]:
                    same = False
                    break
        if same:
            r1 = r + C
            for s in range(S):
                VDf[r + s] = VDf[r1 + s]
                DDf[r + s] = DDf[r1 + s]
                U[t * S + s] = U[(t + 1) * S + s]
            eqn[t] = True
            continue
        for s in range(S):
            if not can_roll[s]:
                continue
            u = t * S + s
            if bank_ok[s] and t >= th and (t > 0 or s != start):
                ub = math.inf
                if dz >= 0.0:
                    ub = U[u] + dz
                if dzn >= 0.0 and t >= 2 and t > th:
                    ub = min(ub, N[u - S] + dzn)
                ub += BOUND_SLACK
                if ub < B[t]:  # throwing cannot beat banking: its value would only lose the comparison below
                    U[u] = ub
                    vc[s] = -1e300
                    dc[s] = 0.0
                    continue
            acc = p_bust[s] * z
            dacc = p_bust[s]
            gi = np.uint64(grp_start[s])
            g_end = np.uint64(grp_start[s + 1])
            o = np.uint64(opt_start[gi])
            while gi < g_end:
                best = -1e300
                bd = 0.0
                o_end = np.uint64(opt_start[gi + ONE])
                while o < o_end:  # unsigned indices: no test for Python's negative indices in the hottest loop
                    q = ru + opt_off[o]
                    v = VDf[q]
                    d = DDf[q]
                    c = v > best  # the first of equal values, as the plain sweep
                    best = v if c else best
                    bd = d if c else bd
                    o += ONE
                acc += grp_prob[gi] * best
                dacc += grp_prob[gi] * bd
                gi += ONE
            vc[s] = acc
            dc[s] = dacc
            U[u] = acc
        for k in range(S):
            s = order[k]
            best = -1e300
            bd = 0.0
            if bank_ok[s] and t >= th:
                best = B[t]
            if can_roll[s] and vc[s] > best:
                best = vc[s]
                bd = dc[s]
            if giveup_ok[s] and t < th and z > best:
                best = z
                bd = 1.0
            if tf[s] >= 0 and VDf[r + tf[s]] > best:
                best = VDf[r + tf[s]]
                bd = DDf[r + tf[s]]
            if best == -1e300:
                best = z
                bd = 1.0
            VDf[r + s] = best
            DDf[r + s] = bd
        eq = True
        r1 = r + C
        for s in range(S):
            if VDf[r + s] != VDf[r1 + s] or DDf[r + s] != DDf[r1 + s]:
                eq = False
                break
        eqn[t] = eq
    return vc[start], dc[start]


@numba.njit(cache=True)
def _eval_start(  # type: ignore[no-untyped-def]
    i,
    j,
    seat,
    z,
    G,
    immediate,
    W,
    L,
    th,
    VD,
    VC,
    DD,
    DC,
    B,
    can_roll,
    bank_ok,
    giveup_ok,
    tf,
    order,
    grp_start,
    grp_prob,
    opt_start,
    opt_dv,
    opt_tgt,
    p_bust,
    reach,
    start,
    nix,
    max_dv,
    fast,
    VDf,
    DDf,
    vc,
    dc,
    eqn,
    opt_off,
    dvs,
    U,
    dz,
    N,
    dzn,
):
    """Turn-start win probability of the mover (i, j, seat) when a bust is worth z, and its slope in z.

    ``fast``: sweep with :func:`_sweep_fast` (scratch ``VDf``, ``DDf``, ``vc``, ``dc``, ``eqn``); else with the
    plain ``sweep_slope`` (scratch ``VD``, ``VC``, ``DD``, ``DC``) — the reference, the same numbers.
    """
    dcap = L.shape[0] - 1
    if immediate or seat == 1:
        n_rows = G - i
    else:
        n_rows = G - i + dcap
    total = n_rows + max_dv + 1
    for t in range(total):
        if i + t < G:
            B[t] = 1.0 - W[j, i + t, 1 - seat]
        elif immediate or seat == 1:
            B[t] = 1.0
        else:
            B[t] = 1.0 - L[min(i + t - j, dcap)]
    if fast:
        v, d = _sweep_fast(
            n_rows,
            total,
            th,
            z,
            VDf,
            DDf,
            vc,
            dc,
            eqn,
            B,
            can_roll,
            bank_ok,
            giveup_ok,
            tf,
            order,
            grp_start,
            grp_prob,
            opt_start,
            opt_off,
            dvs,
            p_bust,
            reach,
            start,
            U,
            dz,
            N,
            dzn,
        )
    else:
        v, d = sweep_slope(
            n_rows,
            total,
            th,
            z,
            1.0,
            VD,
            VC,
            DD,
            DC,
            B,
            can_roll,
            bank_ok,
            giveup_ok,
            tf,
            order,
            grp_start,
            grp_prob,
            opt_start,
            opt_dv,
            opt_tgt,
            p_bust,
            reach,
            start,
        )
    if nix >= 0:
        pb = p_bust[start]
        if i + nix < G:
            bn = 1.0 - W[j, i + nix, 1 - seat]
        else:
            bn = B[nix]
        v += pb * (bn - z)
        d -= pb
    return v, d


@numba.njit(cache=True)
def _side_store(m, seat, par, US, ZS, G):  # type: ignore[no-untyped-def]
    """The bound store of the side whose mover has m units (this level's slot ``par``) and that of the same turn one
    unit higher at the level above (:func:`_sweep_fast`), with the bust value of that one's last sweep (NaN: none)."""
    U = US[par, m, seat]
    if m + 1 < G:
        return U, US[1 - par, m + 1, seat], ZS[1 - par, m + 1, seat]
    return U, U, math.nan


@numba.njit(cache=True)
def _solve_pair(  # type: ignore[no-untyped-def]
    i,
    j,
    sa,
    seats,
    G,
    immediate,
    W,
    L,
    th,
    VD,
    VC,
    DD,
    DC,
    B,
    can_roll,
    bank_ok,
    giveup_ok,
    tf,
    order,
    grp_start,
    grp_prob,
    opt_start,
    opt_dv,
    opt_tgt,
    p_bust,
    reach,
    start,
    nix,
    max_dv,
    fast,
    VDf,
    DDf,
    vc,
    dc,
    eqn,
    opt_off,
    dvs,
    US,
    ZS,
):
    """Solve the coupled pair (i, j, sa) / (j, i, other seat) and write both into W; returns the Newton steps.

    Reads W only at higher levels (i + j + t, t ≥ 1, and the extrapolation from j + 1, j + 2) and the pair's own
    cells, so the pairs of one level are independent: :func:`_solve_all_parallel` hands them to several threads.
    ``US``/``ZS``: the bound stores of :func:`_sweep_fast`, one slot per level parity, mover and seat; this pair
    writes only its two sides' slots of its level and reads the level above.
    """
    iters = 0
    sb = 1 - sa if seats == 2 else 0
    par = (i + j) % 2
    guess = 0.5
    if j + 2 < G:
        guess = 2.0 * W[i, j + 1, sa] - W[i, j + 2, sa]
    elif j + 1 < G:
        guess = W[i, j + 1, sa]
    x = guess
    Ua, Na, zna = _side_store(i, sa, par, US, ZS, G)
    if i == j and seats == 1:
        zp = math.nan
        for _ in range(100):
            iters += 1
            z = 1.0 - x
            v, gslope = _eval_start(
                i,
                j,
                sa,
                z,
                G,
                immediate,
                W,
                L,
                th,
                VD,
                VC,
                DD,
                DC,
                B,
                can_roll,
                bank_ok,
                giveup_ok,
                tf,
                order,
                grp_start,
                grp_prob,
                opt_start,
                opt_dv,
                opt_tgt,
                p_bust,
                reach,
                start,
                nix,
                max_dv,
                fast,
                VDf,
                DDf,
                vc,
                dc,
                eqn,
                opt_off,
                dvs,
                Ua,
                _dz(z, zp),
                Na,
                _dz(z, zna),
            )
            zp = z
            if abs(v - x) < 1e-12:
                x = v
                break
            x = x - (x - v) / (1.0 + gslope)
        W[i, j, sa] = x
        ZS[par, i, sa] = zp
        return iters
    Ub, Nb, znb = _side_store(j, sb, par, US, ZS, G)
    y = 0.5
    zpa = math.nan
    zpb = math.nan
    for _ in range(100):
        iters += 1
        zb = 1.0 - x
        y, gy = _eval_start(
            j,
            i,
            sb,
            zb,
            G,
            immediate,
            W,
            L,
            th,
            VD,
            VC,
            DD,
            DC,
            B,
            can_roll,
            bank_ok,
            giveup_ok,
            tf,
            order,
            grp_start,
            grp_prob,
            opt_start,
            opt_dv,
            opt_tgt,
            p_bust,
            reach,
            start,
            nix,
            max_dv,
            fast,
            VDf,
            DDf,
            vc,
            dc,
            eqn,
            opt_off,
            dvs,
            Ub,
            _dz(zb, zpb),
            Nb,
            _dz(zb, znb),
        )
        zpb = zb
        za = 1.0 - y
        x2, gx = _eval_start(
            i,
            j,
            sa,
            za,
            G,
            immediate,
            W,
            L,
            th,
            VD,
            VC,
            DD,
            DC,
            B,
            can_roll,
            bank_ok,
            giveup_ok,
            tf,
            order,
            grp_start,
            grp_prob,
            opt_start,
            opt_dv,
            opt_tgt,
            p_bust,
            reach,
            start,
            nix,
            max_dv,
            fast,
            VDf,
            DDf,
            vc,
            dc,
            eqn,
            opt_off,
            dvs,
            Ua,
            _dz(za, zpa),
            Na,
            _dz(za, zna),
        )
        zpa = za
        if abs(x2 - x) < 1e-12:
            x = x2
            break
        x = x - (x - x2) / (1.0 - gx * gy)
    W[i, j, sa] = x
    W[j, i, sb] = y
    ZS[par, i, sa] = zpa
    ZS[par, j, sb] = zpb
    return iters


@numba.njit(cache=True)
def _level_pairs(total, G, seats):  # type: ignore[no-untyped-def]
    """The coupled pairs of one level (i + j = total) as (i, seat) with i ≤ j, each pair once."""
    lo = max(0, total - G + 1)
    hi = min(G - 1, total)
    n = 0
    pi = np.empty(2 * (hi - lo + 1), dtype=np.int64)
    ps = np.empty(2 * (hi - lo + 1), dtype=np.int64)
    for i in range(lo, hi + 1):
        j = total - i
        for sa in range(seats):
            if i > j or (i == j and sa == 1):
                continue
            pi[n] = i
            ps[n] = sa
            n += 1
    return pi[:n], ps[:n]


@numba.njit(cache=True)
def _scratch_rows(G, L, max_dv):  # type: ignore[no-untyped-def]
    return G + L.shape[0] + 2 * max_dv + 2


@numba.njit(cache=True)
def _bound_stores(G, L, S, seats):  # type: ignore[no-untyped-def]
    """The bound stores of :func:`_sweep_fast`: ``US[level % 2, mover, seat]`` a side's upper bounds of the value
    of throwing (rows × S), ``ZS`` the bust value of the sweep that left them (NaN: none at this level yet)."""
    US = np.empty((2, G, seats, (G + L.shape[0]) * S))
    ZS = np.full((2, G, seats), math.nan)
    return US, ZS


@numba.njit(cache=True)
def _solve_all(  # type: ignore[no-untyped-def]
    G,
    immediate,
    W,
    L,
    th,
    can_roll,
    bank_ok,
    giveup_ok,
    tf,
    order,
    grp_start,
    grp_prob,
    opt_start,
    opt_dv,
    opt_tgt,
    p_bust,
    reach,
    start,
    nix,
    max_dv,
    fast,
    opt_off,
    dvs,
):
    """All levels in one thread (the reference :func:`_solve_all_parallel` must reproduce bit for bit)."""
    S = len(can_roll)
    rows = _scratch_rows(G, L, max_dv)
    VD = np.empty((rows, S))
    VC = np.empty((rows, S))
    DD = np.empty((rows, S))
    DC = np.empty((rows, S))
    B = np.empty(rows)
    VDf = np.empty(rows * (S + 1))
    DDf = np.empty(rows * (S + 1))
    vc = np.empty(S)
    dc = np.empty(S)
    eqn = np.zeros(rows, dtype=np.bool_)
    seats = 1 if immediate else 2
    US, ZS = _bound_stores(G, L, S, seats)
    iters = 0
    for total in range(2 * G - 2, -1, -1):
        ZS[total % 2] = math.nan
        pi, ps = _level_pairs(total, G, seats)
        for k in range(len(pi)):
            iters += _solve_pair(
                pi[k],
                total - pi[k],
                ps[k],
                seats,
                G,
                immediate,
                W,
                L,
                th,
                VD,
                VC,
                DD,
                DC,
                B,
                can_roll,
                bank_ok,
                giveup_ok,
                tf,
                order,
                grp_start,
                grp_prob,
                opt_start,
                opt_dv,
                opt_tgt,
                p_bust,
                reach,
                start,
                nix,
                max_dv,
                fast,
                VDf,
                DDf,
                vc,
                dc,
                eqn,
                opt_off,
                dvs,
                US,
                ZS,
            )
        if seats == 1:
            for i in range(max(0, total - G + 1), min(G - 1, total) + 1):
                W[i, total - i, 1] = W[i, total - i, 0]
    return iters


@numba.njit(cache=True, parallel=True)
def _solve_all_parallel(  # type: ignore[no-untyped-def]
    G,
    immediate,
    W,
    L,
    th,
    can_roll,
    bank_ok,
    giveup_ok,
    tf,
    order,
    grp_start,
    grp_prob,
    opt_start,
    opt_dv,
    opt_tgt,
    p_bust,
    reach,
    start,
    nix,
    max_dv,
    fast,
    opt_off,
    dvs,
    workers,
):
    """:func:`_solve_all` with the independent pairs of each level spread over ``workers`` threads (pair k to
    worker k mod workers; the pairs of a level cost about the same: the two turns of a pair sweep 2G − i − j rows
    together). Each worker has its own scratch tables; the levels run one after another."""
    S = len(can_roll)
    rows = _scratch_rows(G, L, max_dv)
    VD = np.empty((workers, rows, S))
    VC = np.empty((workers, rows, S))
    DD = np.empty((workers, rows, S))
    DC = np.empty((workers, rows, S))
    B = np.empty((workers, rows))
    VDf = np.empty((workers, rows * (S + 1)))
    DDf = np.empty((workers, rows * (S + 1)))
    vc = np.empty((workers, S))
    dc = np.empty((workers, S))
    eqn = np.zeros((workers, rows), dtype=np.bool_)
    its = np.zeros(workers, dtype=np.int64)
    seats = 1 if immediate else 2
    US, ZS = _bound_stores(G, L, S, seats)
    for total in range(2 * G - 2, -1, -1):
        ZS[total % 2] = math.nan
        pi, ps = _level_pairs(total, G, seats)
        n = len(pi)
        for w in numba.prange(workers):
            for k in range(w, n, workers):
                its[w] += _solve_pair(
                    pi[k],
                    total - pi[k],
                    ps[k],
                    seats,
                    G,
                    immediate,
                    W,
                    L,
                    th,
                    VD[w],
                    VC[w],
                    DD[w],
                    DC[w],
                    B[w],
                    can_roll,
                    bank_ok,
                    giveup_ok,
                    tf,
                    order,
                    grp_start,
                    grp_prob,
                    opt_start,
                    opt_dv,
                    opt_tgt,
                    p_bust,
                    reach,
                    start,
                    nix,
                    max_dv,
                    fast,
                    VDf[w],
                    DDf[w],
                    vc[w],
                    dc[w],
                    eqn[w],
                    opt_off,
                    dvs,
                    US,
                    ZS,
                )
        if seats == 1:
            for i in range(max(0, total - G + 1), min(G - 1, total) + 1):
                W[i, total - i, 1] = W[i, total - i, 0]
    return its.sum()


def _last_turn_table(rules: ZehntausendRules, g: TurnGraph, dcap: int) -> np.ndarray:
    """L[d]: the best win share of a player who, in his very last turn, must bank more than d units."""
    shared = rules.game.tie == "shared"
    th = -(-threshold(rules) // g.unit)
    L = np.zeros(dcap + 1)
    s0 = g.start
    for d in range(dcap + 1):
        n_rows = d + 1
        B = _last_turn_payoff(n_rows + g.max_dv + 1, d, shared)
        _vd, VC = _run(g, n_rows, th, B, 0.0)
        v = float(VC[0, s0])
        if rules.turn.first_throw_niete == "nix":
            f = rules.turn.first_throw_points // g.unit
            v += g.p_bust[s0] * float(B[min(f, len(B) - 1)])
        L[d] = v
    return L


def _fast_options(g: TurnGraph) -> tuple[np.ndarray, np.ndarray]:
    """The options of ``g`` for :func:`_sweep_fast`: each as one offset into a flat row of ``len(g) + 1`` columns
    (the last column: the instant win), and the distinct row steps ``dv`` the options read."""
    C = len(g) + 1
    col = np.where(g.opt_tgt >= 0, g.opt_tgt, len(g))
    return (g.opt_dv * C + col).astype(np.uint64), np.unique(g.opt_dv).astype(np.int64)


@lru_cache(maxsize=8)
def solve_duel(
    rules: ZehntausendRules, fresh: bool = False, use_disk: bool = True, workers: int | None = None, fast: bool = True
) -> DuelSolution:
    """The two-player optimum (see the module docstring); cached in memory and on disk.

    ``workers``: threads that share the pairs of each level (None: numba's thread count, i.e. every core; 1: the
    serial kernel). The result does not depend on it: every pair is solved by the same code from the same inputs.
    ``fast``: sweep with :func:`_sweep_fast`; False: with the plain ``sweep_slope`` of the turn module, the
    reference the tests compare with (the same table bit for bit, slower).
    """
    t0 = time.perf_counter()
    exact, reason = duel_support(rules)
    g = turn_graph(rules)
    u = g.unit
    G = _goal_units(rules, u)
    immediate = rules.game.end_rule == "immediate"
    path = cache_dir() / f"duel-{rules_key(rules)}.npz"
    if use_disk and not fresh and path.exists():
        try:
            data = np.load(path)
            W, L = data["W"], data["L"]
            if W.shape == (G, G, 2):
                diskcache.touch(path)
                return DuelSolution(
                    rules=rules,
                    graph=g,
                    goal=G,
                    W=W,
                    L=L,
                    immediate=immediate,
                    exact=exact,
                    reason=reason,
                    seconds=time.perf_counter() - t0,
                    from_cache=True,
                )
        except (OSError, ValueError, KeyError):
            pass
    dcap = 0 if immediate else LAST_TURN_CAP // u
    L = _last_turn_table(rules, g, dcap) if not immediate else np.zeros(1)
    W = np.zeros((G, G, 2))
    th = -(-threshold(rules) // u)
    nix = rules.turn.first_throw_points // u if rules.turn.first_throw_niete == "nix" else -1
    n_workers = numba.get_num_threads() if workers is None else max(1, workers)
    args = (
        G,
        immediate,
        W,
        L,
        th,
        g.can_roll,
        g.bank_ok,
        g.giveup_ok,
        g.tf,
        g.order,
        g.grp_start,
        g.grp_prob,
        g.opt_start,
        g.opt_dv,
        g.opt_tgt,
        g.p_bust,
        g.reach,
        g.start,
        nix,
        g.max_dv,
        fast,
        *_fast_options(g),
    )
    if n_workers == 1:
        _solve_all(*args)
    else:
        with PARALLEL_KERNELS:
            _solve_all_parallel(*args, n_workers)
    if use_disk:
        diskcache.store(path, lambda tmp: np.savez_compressed(tmp, W=W, L=L), keep=is_preset(rules))
    return DuelSolution(
        rules=rules,
        graph=g,
        goal=G,
        W=W,
        L=L,
        immediate=immediate,
        exact=exact,
        reason=reason,
        seconds=time.perf_counter() - t0,
    )


def duel_move_values(
    sol: DuelSolution,
    me: int,
    other: int,
    seat: int,
    total: int,
    key: TurnKey,
    throw: tuple[int, ...] | None,
    last_turn_need: int | None = None,
) -> dict[str, object]:
    """Win probabilities at an in-turn position: of banking, of throwing, and of every move for ``throw``."""
    VD, VC, B, z = sol.turn_tables(me, other, seat, last_turn_need)
    g = sol.graph
    u = g.unit
    rules = sol.rules
    th = threshold(rules)

    def dval(t: int, k: TurnKey) -> float:
        row = min(t // u, VD.shape[0] - 1)
        return float(VD[row, g.index[k]])

    out: dict[str, object] = {"bust": z}
    if throw is None:
        row = min(total // u, VD.shape[0] - 1)
        s = g.index[key]
        out["bank"] = float(B[row]) if (bank_flags_ok(rules, key) and total >= th) else None
        out["roll"] = float(VC[row, s]) if can_roll(rules, key) else None
        return out
    out["moves"] = [(m, dval(total + m.points, m.key)) for m in moves(rules, key, throw)]
    return out


def solve_duel_result(rules: ZehntausendRules, rules_id: str, fresh: bool = False):  # type: ignore[no-untyped-def]
    """``wuerfel solve zehntausend --objective duel``: the start player's win probability under optimal play."""
    from wuerfel.engine.errors import N_, RuleError
    from wuerfel.solvers.api import SolveResult

    exact, reason = duel_support(rules)
    if not exact:
        raise RuleError(reason)
    t0 = time.perf_counter()
    if fresh:
        solve_duel.cache_clear()
    sol = solve_duel(rules, fresh=fresh)
    return SolveResult(
        game="zehntausend",
        rules=rules_id,
        objective="duel",
        value=sol.value,
        seconds=time.perf_counter() - t0,
        value_of=N_("the probability that the player who begins a game of two wins, both playing their best"),
        extra={
            "exact": sol.exact and sol.monotone,
            "reason": sol.reason,
            "from_cache": sol.from_cache,
            "monotone": sol.monotone,
            "last_turn_error": float(sol.L[-1]) if not sol.immediate else 0.0,
            "nan": bool(math.isnan(sol.value)),
        },
    )
