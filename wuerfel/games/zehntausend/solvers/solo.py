"""Solo Zehntausend ([001] *Solo-Variante*): the fewest expected turns to reach the target.

Every turn must beat the previous one (``beat_predecessor``; after a bust, and at the start, the fallback 350), so a
solo position between turns is ``(score, threshold)`` and the objective is ``E[score, th]``, the expected number of
turns still needed. A bank of T from score s leads to ``(s + T, T + 50)``; a bust to ``(s, fallback)``. Banks raise the
score, so ``E`` is filled for decreasing scores; the only cycle, a bust back to ``(s, fallback)``, is one fixed point
per score, solved by Newton's method on the turn value (slope = probability of busting under the optimal policy).
Each ``(s, th)`` is one sweep of the turn graph of :mod:`wuerfel.games.zehntausend.solvers.turn` with banking worth
``−E`` of the next position.

What is exact and what is not: the objective above is solved exactly for every rule set without *minus marks*.
The [001] preset also has minus marks (three busts in a row cost 1,000 points); a penalty lowers the score and
would make every score depend on lower ones (a cycle across the whole table) and add the streak to the state. The
solver therefore **ignores minus marks** (reported in the result); the policy it yields is exact for the solo game
without them, and the expected number of turns it reports is a lower bound for the game with them.
"""

from __future__ import annotations

import dataclasses
import time
from functools import lru_cache

import numpy as np

from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.solvers import turn as _turn
from wuerfel.games.zehntausend.solvers.jit import compile_kernels
from wuerfel.games.zehntausend.solvers.support import _goal_units, cache_dir, is_preset, rules_key
from wuerfel.games.zehntausend.solvers.turn import TurnGraph, sweep_slope, turn_graph
from wuerfel.solvers import diskcache

SOLO_FORMAT = 2


_compiled = False


def _compile() -> None:
    """The solo kernels compiled (with the turn sweep they call)."""
    global _compiled
    if not _compiled:  # asked once per turn table: a flag, not a walk over the names
        _turn.compile_all()
        compile_kernels(globals(), ("sweep_slope", "_solo_eval", "_solo_all"))
        _compiled = True


@dataclasses.dataclass(eq=False)
class SoloSolution:
    rules: ZehntausendRules
    graph: TurnGraph
    goal: int
    fallback: int
    """Threshold (units) of the first turn and after a bust."""
    E: np.ndarray
    """E[s, th]: expected turns still needed at score s (units) when this turn must reach th units."""
    minus_marks_ignored: bool
    seconds: float
    from_cache: bool = False

    @property
    def value(self) -> float:
        """Expected number of turns of a whole solo game under the optimal policy."""
        return float(self.E[0, self.fallback])

    def turn_tables(self, score: int, threshold_points: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        """(VD, VC, B, z) of the turn at ``score`` that must reach ``threshold_points``: every in-turn position's
        value is minus the expected number of turns still needed after this one."""
        _compile()
        g = self.graph
        u = g.unit
        if score < 0 or score % u or score // u >= self.goal:
            raise ValueError("score outside the solved table")
        s = score // u
        th = max(-(-threshold_points // u), self.fallback)
        if th >= self.E.shape[1]:
            raise ValueError("threshold outside the solved table")
        rows = 2 * self.goal + 2 * g.max_dv + 4
        S = len(g)
        VD = np.empty((rows, S))
        VC = np.full((rows, S), -np.inf)
        DD = np.empty((rows, S))
        DC = np.empty((rows, S))
        B = np.empty(rows)
        z = -float(self.E[s, self.fallback])
        _solo_eval(
            s,
            th,
            z,
            self.goal,
            self.fallback,
            self.E,
            VD,
            VC,
            DD,
            DC,
            B,
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
            g.max_dv,
        )
        return VD, VC, B, z


def _solo_eval(  # type: ignore[no-untyped-def]
    s,
    th,
    z,
    G,
    thf,
    E,
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
    max_dv,
):
    """Turn value (−expected further turns after this one) at score s with threshold th when a bust is worth z."""
    n_rows = max(G - s, th)
    total = n_rows + max_dv + 1
    for t in range(total):
        if s + t >= G:
            B[t] = 0.0
        else:
            B[t] = -E[s + t, max(thf, t + 1)]
    # banking at or beyond the goal ends the game (B = 0 there); an instant win is worth no further turns either
    return sweep_slope(
        n_rows,
        total,
        th,
        z,
        0.0,
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


def _solo_all(  # type: ignore[no-untyped-def]
    G,
    thf,
    E,
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
    max_dv,
    plain,
):
    """Fill E[s, th] from the highest score down. ``plain`` (no beat-the-predecessor): every turn faces ``thf``,
    so each score's fixed point is written to every threshold column and no other threshold is evaluated."""
    S = len(can_roll)
    rows = 2 * G + 2 * max_dv + 4
    VD = np.empty((rows, S))
    VC = np.empty((rows, S))
    DD = np.empty((rows, S))
    DC = np.empty((rows, S))
    B = np.empty(rows)
    nth = E.shape[1]
    for s in range(G - 1, -1, -1):
        # the fixed point E[s, thf] = 1 - V(bust worth -E[s, thf])
        x = 1.0
        if s + 1 < G:
            x = E[s + 1, thf]
        for _ in range(200):
            v, d = _solo_eval(
                s,
                thf,
                -x,
                G,
                thf,
                E,
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
                max_dv,
            )
            h = x - 1.0 + v
            if abs(h) < 1e-11:
                break
            x = x - h / (1.0 - d)
        E[s, thf] = x
        if plain:
            for th in range(nth):
                E[s, th] = x
            continue
        z = -x
        # every other threshold a turn at score s can face: th = previous bank + 1 <= s + 1
        for th in range(nth):
            if th == thf:
                continue
            if th < thf or th > max(s + 1, thf):
                E[s, th] = np.nan
                continue
            v, d = _solo_eval(
                s,
                th,
                z,
                G,
                thf,
                E,
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
                max_dv,
            )
            E[s, th] = 1.0 - v
    return 0


@lru_cache(maxsize=8)
def solve_solo(rules: ZehntausendRules, fresh: bool = False, use_disk: bool = True) -> SoloSolution:
    """Expected turns to the target under the optimal policy (minus marks ignored, see the module docstring)."""
    t0 = time.perf_counter()
    tr = rules.turn
    g = turn_graph(rules, prune=not tr.beat_predecessor)  # a bigger bank is not always better here
    u = g.unit
    G = _goal_units(rules, u)
    thf_pts = max(tr.min_bank, tr.beat_fallback) if tr.beat_predecessor else tr.min_bank
    thf = -(-thf_pts // u)
    ignored = rules.minus_marks.count > 0 and rules.minus_marks.penalty != 0
    path = cache_dir() / f"solo-{rules_key(rules)}-{SOLO_FORMAT}.npz"
    if use_disk and not fresh and path.exists():
        try:
            E = np.load(path)["E"]
            if E.shape[0] == G:
                diskcache.touch(path)
                return SoloSolution(
                    rules=rules,
                    graph=g,
                    goal=G,
                    fallback=thf,
                    E=E,
                    minus_marks_ignored=ignored,
                    seconds=time.perf_counter() - t0,
                    from_cache=True,
                )
        except (OSError, ValueError, KeyError):
            pass
    if not tr.beat_predecessor:
        # every turn faces the same threshold: E depends on the score only
        nth = thf + 1
    else:
        nth = max(G + 2, thf + 1)
    E = np.full((G, nth), np.nan)
    _compile()
    if not tr.beat_predecessor:
        _solo_all_plain(G, thf, E, g)
    else:
        _solo_all(
            G,
            thf,
            E,
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
            g.max_dv,
            False,
        )
    if use_disk:
        diskcache.store(path, lambda tmp: np.savez_compressed(tmp, E=E), keep=is_preset(rules))
    return SoloSolution(
        rules=rules, graph=g, goal=G, fallback=thf, E=E, minus_marks_ignored=ignored, seconds=time.perf_counter() - t0
    )


def _solo_all_plain(G: int, thf: int, E: np.ndarray, g: TurnGraph) -> None:
    """Without beat-the-predecessor the next threshold is always ``thf``: fill E[:, thf] and mirror it."""
    E2 = np.full((G, G + 2), np.nan)
    # reuse the general kernel with the next-threshold lookup pinned: E2[s, t + 1] := E2[s, thf] for every t
    _solo_all(
        G,
        thf,
        E2,
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
        g.max_dv,
        True,
    )
    E[:, thf] = E2[:, thf]


def solve_solo_result(rules: ZehntausendRules, rules_id: str, fresh: bool = False):  # type: ignore[no-untyped-def]
    """``wuerfel solve zehntausend --objective solo``: the optimal expected number of turns of a solo game."""
    from wuerfel.engine.errors import N_, RuleError
    from wuerfel.solvers.api import SolveResult

    if rules.game.mode not in ("standard", "solo"):
        raise RuleError(N_("The solo solver needs a standard or solo game, not mode '{mode}'."), mode=rules.game.mode)
    t0 = time.perf_counter()
    if fresh:
        solve_solo.cache_clear()
    sol = solve_solo(rules, fresh=fresh)
    return SolveResult(
        game="zehntausend",
        rules=rules_id,
        objective="solo",
        value=sol.value,
        seconds=time.perf_counter() - t0,
        value_of=N_("the expected number of turns to reach the target alone, playing the best strategy"),
        extra={"minus_marks_ignored": sol.minus_marks_ignored, "from_cache": sol.from_cache},
    )
