"""The single-turn optimum of the Zehntausend family: maximise the expected points banked in one turn.

Why this works as one backward sweep: every selection adds points (every meld is worth > 0), so within a turn the
turn total only grows; the positions at a higher total never depend on those at a lower one. A position is the turn
total plus a small *key* of everything else the rules look at (dice in the cup, throws made, proof pending,
confirmation pending and how much it still needs, sets open for Ergänzen, pairs of 5s that may still be turned).
The keys reachable in one rule set are found once by a breadth-first walk over the exact chance outcomes (the
multisets of the dice in the cup) and the legal selections of :mod:`wuerfel.games.zehntausend.melds`; the throws
that offer the same choices are merged, and the sweep over the totals runs in numba (plain Python for a small
graph: :func:`run_kernel`).

The same compiled graph serves the two-player and the solo solvers: they only change what banking and busting are
worth (:func:`sweep` takes both as arrays over the turn total).

Totals are counted in *units* (the greatest common divisor of every meld value, 50 in every preset). Above a cap
far beyond any sensible total the value is extended by the stationary policy "bank as soon as the rules allow it"
(when a pending proof or confirmation forbids banking, the probability of reaching a position that may bank);
:attr:`TurnSolution.tail_ok` records that every position that may bank does bank just below the cap, i.e. that the
extension agrees with the optimum there.
"""

from __future__ import annotations

import dataclasses
import math
import time
from array import array
from collections import deque
from functools import lru_cache
from typing import Any

from wuerfel.engine.dice import Multiset, roll_distribution
from wuerfel.engine.errors import N_, RuleError
from wuerfel.games.zehntausend.melds import (
    OpenSets,
    Selection,
    best_partition,
    instant_win,
    legal_selections,
    turned_selection,
)
from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.solvers.jit import compile_kernels, plain

FORMAT_VERSION = 2
"""Bumped whenever the meaning of a cached table changes (part of every on-disk cache key). 2: open sets carry
their running value (Ergänzen doubles it), which changes the tables of rule sets with a fixed four-of-a-kind."""


PLAIN_WORK = 400_000
"""Up to this many option visits (totals × options) a kernel runs as plain Python instead of loading numba (see
:mod:`~wuerfel.games.zehntausend.solvers.jit`): Farkle's single-turn table is about 230,000."""
KERNELS = ("_reach", "sweep", "sweep_slope")


def compile_all() -> None:
    """Switch this module's kernels to their numba-compiled forms (before a solver that needs the speed)."""
    compile_kernels(globals(), KERNELS)


def run_kernel(name: str, work: int, *args: Any) -> Any:
    """Run the kernel ``name``: compiled when ``work`` exceeds :data:`PLAIN_WORK`, else as plain Python over
    memoryviews of the arrays (Python floats: many times faster to index than numpy scalars, the same IEEE
    arithmetic). The choice depends on the work alone, so a table never depends on what else the process did."""
    if work > PLAIN_WORK:
        import numpy as np

        compile_all()
        return globals()[name](
            *(np.asarray(a, dtype=np.bool_ if a.typecode == "b" else None) if isinstance(a, array) else a for a in args)
        )
    return plain(globals()[name])(*(memoryview(a) if getattr(a, "ndim", 0) else a for a in args))  # numpy arrays


@dataclasses.dataclass(frozen=True, order=True)
class TurnKey:
    """Everything about a turn position except its total that the rules look at (spec §3.1)."""

    cup: int
    throws: int = 0
    proof: bool = False
    confirm: bool = False
    need: int = 0
    """Points still required by a pending confirmation (``accumulated``; ``single_throw``: ``min_points``)."""
    open: OpenSets = ()
    turnable: int = 0
    """Same-throw pairs of single 5s lying aside in this cycle that may still be turned (5er drehen, any_time)."""


@dataclasses.dataclass(frozen=True)
class Move:
    """One way to resolve a throw: set aside ``dice`` (turning ``turn_fives`` pairs of 5s), worth ``points``."""

    dice: Multiset
    turn_fives: int
    points: int
    selection: Selection
    key: TurnKey
    """The position after the move (before the bank-or-throw decision)."""


def start_key(rules: ZehntausendRules, cup: int | None = None) -> TurnKey:
    """The key of a fresh turn (or of a taken-over turn with ``cup`` dice)."""
    return TurnKey(cup=rules.dice.count if cup is None else cup)


def can_roll(rules: ZehntausendRules, key: TurnKey) -> bool:
    mt = rules.turn.max_throws
    return key.cup > 0 and (mt == 0 or key.throws < mt)


def bank_flags_ok(rules: ZehntausendRules, key: TurnKey) -> bool:
    """STOP_OK without the threshold: nothing pending, and few enough dice left (Verschärft, R-14)."""
    if key.proof or key.confirm:
        return False
    limit = rules.turn.max_dice_left_to_bank
    left = 0 if key.cup in (0, rules.dice.count) else key.cup
    return limit < 0 or left <= limit


def give_up_ok(rules: ZehntausendRules, key: TurnKey) -> bool:
    """Below the threshold a player may concede (a bust) when the threshold is the only thing in the way."""
    return rules.turn.stop_below_threshold == "counts_as_bust" and bank_flags_ok(rules, key)


def turn_five_key(rules: ZehntausendRules, key: TurnKey) -> TurnKey | None:
    """The position after turning one pair of 5s lying aside into a 1 (R-8, any_time): one more die to throw."""
    if key.turnable <= 0 or not can_roll(rules, key):
        return None
    return dataclasses.replace(key, cup=key.cup + 1, turnable=key.turnable - 1)


def threshold(rules: ZehntausendRules, beat: int | None = None) -> int:
    """THRESHOLD (§3.6) with ``beat`` the banked result of the turn before (None: none, or a bust)."""
    th = rules.turn.min_bank
    if rules.turn.beat_predecessor:
        th = max(th, beat + 1) if beat is not None else max(th, rules.turn.beat_fallback)
    return th


REFUSE_EXTENSION_ACROSS_HOT_DICE = N_(
    "The exact solvers cannot solve Ergänzen across hot dice: a set may grow from throw to throw without end and "
    'doubles with every added die, so a turn has no finite set of positions. Switch off "Extend after hot dice" '
    "to solve these rules."
)


def turn_refusal(rules: ZehntausendRules) -> str:
    """Why the turn solver (and with it the duel and solo solvers, the optimal bot and the hints) refuses these
    rules, as an English msgid; "" when it solves them.

    Ergänzen across hot dice: an open set survives every refill, so it can be extended again and again, and its
    running value — which the next added die doubles — is part of the position. The positions are unbounded, and
    the earlier way out (cap the set size, keep only the best set after a refill) gave values that were silently
    wrong; a refusal is honest. Within one cycle of the dice a set has at most N dice and finitely many values, so
    Ergänzen without ``across_hot_dice`` is solved exactly.
    """
    if rules.extension.enabled and rules.extension.across_hot_dice:
        return REFUSE_EXTENSION_ACROSS_HOT_DICE
    return ""


def exact_model(rules: ZehntausendRules) -> bool:
    """False where the solver does not solve the rules as the game plays them: it refuses Ergänzen across hot dice
    (:func:`turn_refusal`), and it solves the literal Macke set-aside model (A-12) as the standard model."""
    return rules.selection.model == "standard" and not turn_refusal(rules)


@lru_cache(maxsize=200_000)
def moves(rules: ZehntausendRules, key: TurnKey, throw: Multiset) -> tuple[Move, ...]:
    """Every legal way to resolve ``throw`` in position ``key`` with the position each one leads to (APPLY, §3.4).

    Empty: a Niete. The order follows :func:`legal_selections` (best first), turning variants after their selection.
    """
    n = rules.dice.count
    confirm_min = rules.confirm.min_points if key.confirm and rules.confirm.scope == "single_throw" else 0
    sels = legal_selections(rules, throw, key.open, confirm_min)
    if not sels:
        return ()
    whole_throw_scores = False
    if rules.confirm.enabled and rules.confirm.trigger == "throw_all_scoring" and len(throw) == n:
        whole_throw_scores = best_partition(rules, throw, key.open, throw) is not None
    out: list[Move] = []
    for sel in sels:
        for k in range(sel.five_pairs + 1):
            st = turned_selection(rules, sel, k, key.open, throw)
            used = len(sel.dice) - k
            proof = key.proof
            if rules.proof.enabled:
                proving = st.proving
                if proof and proving:
                    proof = False
                if st.has_set:
                    proof = not (rules.proof.same_throw and proving)
            confirm, need = key.confirm, key.need
            if confirm:
                if rules.confirm.scope == "single_throw":
                    confirm, need = False, 0
                else:
                    need -= st.points
                    if need <= 0:
                        confirm, need = False, 0
            opened = st.opened if rules.extension.enabled else ()
            turnable = key.turnable + st.five_pairs if rules.selection.five_turn_timing == "any_time" else 0
            cup = key.cup - used
            throws = key.throws + 1 if rules.turn.max_throws > 0 else 0
            if cup == 0 and rules.turn.hot_dice:
                c = rules.confirm
                if c.enabled and (
                    c.trigger == "all_dice_set_aside"
                    or (c.trigger == "full_throw_all_scored" and len(throw) == n and used == n)
                ):
                    confirm, need = True, c.min_points
                cup = n
                turnable = 0
                opened = opened if rules.extension.across_hot_dice else ()
            if whole_throw_scores:
                confirm, need = True, rules.confirm.min_points
            new = TurnKey(
                cup=cup, throws=throws, proof=proof, confirm=confirm, need=need, open=opened, turnable=turnable
            )
            out.append(Move(dice=sel.dice, turn_fives=k, points=st.points, selection=st, key=new))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------------
# The compiled graph


Vec = Any
"""An array of the graph: numpy's in :func:`turn_graph` (the solvers' numba kernels take them), the standard library's
``array.array`` in :func:`light_graph` (the bots' play path, which loads neither numpy nor numba)."""


@dataclasses.dataclass
class TurnGraph:
    """The reachable keys of one rule set and, per key, the merged chance outcomes of its next throw.

    Options are ``(dv, target)`` with ``dv`` in units and ``target`` a key index, or -1 for an instant win (R-15).
    """

    rules: ZehntausendRules
    unit: int
    keys: list[TurnKey]
    index: dict[TurnKey, int]
    can_roll: Vec
    bank_ok: Vec
    giveup_ok: Vec
    tf: Vec
    order: Vec
    grp_start: Vec
    grp_prob: Vec
    opt_start: Vec
    opt_dv: Vec
    opt_tgt: Vec
    p_bust: Vec
    max_dv: int
    reach: Vec
    """Per key: the largest probability of getting to a position that may bank (ignoring the threshold)."""

    @property
    def start(self) -> int:
        return self.index[start_key(self.rules)]

    def __len__(self) -> int:
        return len(self.keys)


ARRAY_FIELDS = {
    "can_roll": "bool",
    "bank_ok": "bool",
    "giveup_ok": "bool",
    "tf": "int64",
    "order": "int64",
    "grp_start": "int64",
    "grp_prob": "float64",
    "opt_start": "int64",
    "opt_dv": "int64",
    "opt_tgt": "int64",
    "p_bust": "float64",
    "reach": "float64",
}
"""The graph's arrays and their numpy dtypes (``array.array`` typecodes ``b``, ``q``, ``d`` in the light graph)."""


def _monotone(rules: ZehntausendRules) -> bool:
    """With ``forfeit`` more turn points are never worse, so of two moves to the same key the cheaper is dominated."""
    return rules.turn.bust == "forfeit"


@lru_cache(maxsize=64)
def turn_graph(rules: ZehntausendRules, prune: bool = True) -> TurnGraph:
    """The graph of :func:`light_graph` with numpy arrays, for the solvers and their numba kernels.

    ``prune``: drop a move that leads to the same key as a more valuable one, which is right whenever more turn
    points are never worse (``forfeit`` busts and a bank payoff that grows with the total). The solo objective
    with beat-the-predecessor is not such a case (a bigger bank raises the next threshold) and passes False.
    """
    import numpy as np

    g = light_graph(rules, prune)
    arrays: dict[str, Any] = {f: np.array(getattr(g, f), dtype=dt) for f, dt in ARRAY_FIELDS.items()}
    return dataclasses.replace(g, **arrays)


@lru_cache(maxsize=64)
def light_graph(rules: ZehntausendRules, prune: bool = True) -> TurnGraph:
    """Walk every key reachable from a fresh turn (and from taken-over turns with 1…N dice) and merge throws; the
    arrays are ``array.array`` (see :data:`Vec`): why, in :mod:`~wuerfel.games.zehntausend.solvers.light`."""
    reason = turn_refusal(rules)
    if reason:
        raise RuleError(reason)
    n = rules.dice.count
    roots = [start_key(rules)] + [start_key(rules, c) for c in range(1, n)]
    index: dict[TurnKey, int] = {}
    keys: list[TurnKey] = []
    todo: deque[TurnKey] = deque()
    for r in roots:
        index[r] = len(keys)
        keys.append(r)
        todo.append(r)
    raw: dict[int, list[tuple[float, list[tuple[int, TurnKey]]]]] = {}
    dists = {c: [(d, float(p)) for d, p in roll_distribution(c)] for c in range(1, n + 1)}
    values: set[int] = set()

    def visit(k: TurnKey) -> None:
        if k not in index:
            index[k] = len(keys)
            keys.append(k)
            todo.append(k)

    while todo:
        key = todo.popleft()
        s = index[key]
        tk = turn_five_key(rules, key)
        if tk is not None:
            visit(tk)
        if not can_roll(rules, key):
            continue
        outs: list[tuple[float, list[tuple[int, TurnKey]]]] = []
        for throw, p in dists[key.cup]:
            ms = moves(rules, key, throw)
            if not ms:
                outs.append((p, []))
                continue
            if instant_win(rules, throw):
                outs.append((p, [(ms[0].points, TurnKey(cup=-1))]))
                values.add(ms[0].points)
                continue
            opts = []
            for m in ms:
                visit(m.key)
                values.add(m.points)
                opts.append((m.points, m.key))
            outs.append((p, opts))
        raw[s] = outs
    unit = 0
    for v in values:
        unit = math.gcd(unit, v)
    unit = unit or 50
    S = len(keys)
    mono = prune and _monotone(rules)
    grp_start = [0]
    grp_prob: list[float] = []
    opt_start = [0]
    opt_dv: list[int] = []
    opt_tgt: list[int] = []
    p_bust = array("d", bytes(8 * S))
    for s in range(S):
        groups: dict[tuple[tuple[int, int], ...], float] = {}
        for p, opts in raw.get(s, []):
            if not opts:
                p_bust[s] += p
                continue
            best: dict[int, int] = {}
            pairs: set[tuple[int, int]] = set()
            for v, k in opts:
                t = -1 if k.cup == -1 else index[k]
                dv = v // unit
                if mono:
                    best[t] = max(best.get(t, 0), dv)
                else:
                    pairs.add((dv, t))
            sig = tuple(sorted((dv, t) for t, dv in best.items())) if mono else tuple(sorted(pairs))
            groups[sig] = groups.get(sig, 0.0) + p
        for sig, p in sorted(groups.items()):
            grp_prob.append(p)
            for dv, t in sig:
                opt_dv.append(dv)
                opt_tgt.append(t)
            opt_start.append(len(opt_dv))
        grp_start.append(len(grp_prob))
    cr = array("b", [can_roll(rules, k) for k in keys])
    bo = array("b", [bank_flags_ok(rules, k) for k in keys])
    go = array("b", [give_up_ok(rules, k) for k in keys])
    tf = array("q", [index[fk] if (fk := turn_five_key(rules, k)) is not None else -1 for k in keys])
    order = array("q", sorted(range(S), key=lambda i: keys[i].turnable))
    g = TurnGraph(
        rules=rules,
        unit=unit,
        keys=keys,
        index=index,
        can_roll=cr,
        bank_ok=bo,
        giveup_ok=go,
        tf=tf,
        order=order,
        grp_start=array("q", grp_start),
        grp_prob=array("d", grp_prob),
        opt_start=array("q", opt_start),
        opt_dv=array("q", opt_dv),
        opt_tgt=array("q", opt_tgt),
        p_bust=p_bust,
        max_dv=max(opt_dv) if opt_dv else 1,
        reach=array("d", bytes(8 * S)),
    )
    args = (g.can_roll, g.bank_ok, g.tf, g.grp_start, g.grp_prob, g.opt_start, g.opt_tgt)
    from wuerfel.games.zehntausend.solvers import light

    if not light.reach(g.reach, *args):  # no C kernel here: numba or plain Python, the same numbers
        g.reach = array("d", run_kernel("_reach", 100 * len(opt_dv), *args, g.reach))
    return g


def _reach(can_roll, bank_ok, tf, grp_start, grp_prob, opt_start, opt_tgt, a):  # type: ignore[no-untyped-def]
    """Largest probability of reaching a key that may bank (value iteration; every throw can bust, so it converges),
    into ``a`` (zeros on entry), which it returns."""
    S = len(can_roll)
    for s in range(S):
        if bank_ok[s]:
            a[s] = 1.0
    for _ in range(100_000):
        delta = 0.0
        for s in range(S):
            if bank_ok[s]:
                continue
            best = 0.0
            if can_roll[s]:
                acc = 0.0
                for g in range(grp_start[s], grp_start[s + 1]):
                    m = 0.0
                    for o in range(opt_start[g], opt_start[g + 1]):
                        t = opt_tgt[o]
                        v = 1.0 if t < 0 else a[t]
                        if v > m:
                            m = v
                    acc += grp_prob[g] * m
                best = acc
            if tf[s] >= 0 and a[tf[s]] > best:
                best = a[tf[s]]
            d = abs(best - a[s])
            if d > delta:
                delta = d
            a[s] = best
        if delta < 1e-15:
            break
    return a


def sweep(  # type: ignore[no-untyped-def]
    n_rows,
    th,
    VD,
    VC,
    B,
    Z,
    INST,
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
):
    """Fill ``VD[t, s]`` (value after a selection, before deciding) and ``VC[t, s]`` (value of throwing) for the
    rows ``t < n_rows``, highest first; rows ``≥ n_rows`` of ``VD`` must hold the tail already.

    ``B[t]``: value of banking total t; ``Z[t]``: value of busting at total t; ``INST[t]``: value of an instant
    win at total t; ``th``: the threshold in units.
    """
    S = len(can_roll)
    for t in range(n_rows - 1, -1, -1):
        for s in range(S):
            if not can_roll[s]:
                VC[t, s] = -math.inf
                continue
            acc = p_bust[s] * Z[t]
            for g in range(grp_start[s], grp_start[s + 1]):
                best = -math.inf
                for o in range(opt_start[g], opt_start[g + 1]):
                    tt = t + opt_dv[o]
                    tg = opt_tgt[o]
                    v = VD[tt, tg] if tg >= 0 else INST[tt]
                    if v > best:
                        best = v
                acc += grp_prob[g] * best
            VC[t, s] = acc
        for i in range(S):
            s = order[i]
            best = -math.inf
            if bank_ok[s] and t >= th:
                best = B[t]
            if can_roll[s] and VC[t, s] > best:
                best = VC[t, s]
            if giveup_ok[s] and t < th and Z[t] > best:
                best = Z[t]
            if tf[s] >= 0 and VD[t, tf[s]] > best:
                best = VD[t, tf[s]]
            if best == -math.inf:
                best = Z[t]
            VD[t, s] = best


def sweep_slope(  # type: ignore[no-untyped-def]
    n_rows,
    total,
    th,
    z,
    inst,
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
):
    """The sweep of :func:`sweep` for a game-level solver: a bust is worth the constant ``z``, an instant win
    ``inst``, banking total t is worth ``B[t]`` (for every t < ``total``), and every value carries its slope in
    ``z`` (``DD``/``DC``), which the duel and solo solvers' fixed-point iterations need. Fills the tail rows
    ``n_rows..total`` itself; returns the value of throwing at the start state and its slope."""
    S = len(can_roll)
    for t in range(n_rows, total):
        for s in range(S):
            if bank_ok[s]:
                VD[t, s] = B[t]
                DD[t, s] = 0.0
            else:
                VD[t, s] = reach[s] * B[t] + (1.0 - reach[s]) * z
                DD[t, s] = 1.0 - reach[s]
    for t in range(n_rows - 1, -1, -1):
        for s in range(S):
            if not can_roll[s]:
                continue
            acc = p_bust[s] * z
            dacc = p_bust[s]
            for gi in range(grp_start[s], grp_start[s + 1]):
                best = -1e300
                bd = 0.0
                for o in range(opt_start[gi], opt_start[gi + 1]):
                    tg = opt_tgt[o]
                    if tg < 0:
                        v = inst
                        dv = 0.0
                    else:
                        tt = t + opt_dv[o]
                        v = VD[tt, tg]
                        dv = DD[tt, tg]
                    if v > best:
                        best = v
                        bd = dv
                acc += grp_prob[gi] * best
                dacc += grp_prob[gi] * bd
            VC[t, s] = acc
            DC[t, s] = dacc
        for k in range(S):
            s = order[k]
            best = -1e300
            bd = 0.0
            if bank_ok[s] and t >= th:
                best = B[t]
            if can_roll[s] and VC[t, s] > best:
                best = VC[t, s]
                bd = DC[t, s]
            if giveup_ok[s] and t < th and z > best:
                best = z
                bd = 1.0
            if tf[s] >= 0 and VD[t, tf[s]] > best:
                best = VD[t, tf[s]]
                bd = DD[t, tf[s]]
            if best == -1e300:
                best = z
                bd = 1.0
            VD[t, s] = best
            DD[t, s] = bd
    return VC[0, start], DC[0, start]


# ---------------------------------------------------------------------------------------------------------------
# The single-turn objective


@dataclasses.dataclass
class TurnSolution:
    """Values of every position of one turn under the optimal policy, for one threshold and one bust penalty."""

    graph: TurnGraph
    threshold: int
    bust_extra: int
    n_rows: int
    VD: Any
    """``VD[t, s]`` (numpy, or a light :class:`~wuerfel.games.zehntausend.solvers.light.Grid`): value after a
    selection at total t in key s, before deciding."""
    VC: Any
    """``VC[t, s]``: value of throwing."""
    value: float
    """Expected points of a fresh turn (first-throw rules included)."""
    seconds: float
    tail_ok: bool

    @property
    def rules(self) -> ZehntausendRules:
        return self.graph.rules

    def _row(self, total: int) -> int:
        u = self.graph.unit
        if total % u:
            raise ValueError(f"turn total {total} is not a multiple of {u}")
        t = total // u
        if t >= self.VD.shape[0]:
            raise ValueError(f"turn total {total} beyond the solved range")
        return t

    def _key(self, key: TurnKey) -> int:
        try:
            return self.graph.index[key]
        except KeyError:
            raise ValueError(f"position {key} is not reachable under these rules") from None

    def bank_value(self, total: int) -> float:
        return float(total)

    def bust_value(self, total: int) -> float:
        neg = total if self.rules.turn.bust == "negate" else 0
        return float(-neg - self.bust_extra)

    def can_bank(self, total: int, key: TurnKey) -> bool:
        return bank_flags_ok(self.rules, key) and total >= self.threshold

    def decision_value(self, total: int, key: TurnKey) -> float:
        """Value of the position after a selection, playing optimally from there."""
        return float(self.VD[self._row(total), self._key(key)])

    def roll_value(self, total: int, key: TurnKey) -> float:
        """Value of throwing the dice in the cup now (and playing optimally afterwards)."""
        if not can_roll(self.rules, key):
            return -math.inf
        return float(self.VC[self._row(total), self._key(key)])

    def move_values(self, total: int, key: TurnKey, throw: Multiset) -> list[tuple[Move, float]]:
        """Every legal way to resolve ``throw`` with its value (the best first). Empty: a Niete."""
        ms = moves(self.rules, key, throw)
        if ms and instant_win(self.rules, throw):
            return [(m, float(total + m.points)) for m in ms]
        out = [(m, self.decision_value(total + m.points, m.key)) for m in ms]
        out.sort(key=lambda mv: -mv[1])
        return out

    def start_value(self) -> float:
        return self.value


def _niete_first(rules: ZehntausendRules, bust_zero: float) -> float:
    """Value of a Niete on the first throw of a fresh turn (R-11) for the points objective."""
    mode = rules.turn.first_throw_niete
    if mode == "nix":
        return float(rules.turn.first_throw_points)
    if mode == "minus":
        return bust_zero - rules.turn.first_throw_points
    return bust_zero


def solve_turn(
    rules: ZehntausendRules, beat: int | None = None, bust_extra: int = 0, threshold_points: int | None = None
) -> TurnSolution:
    """The single-turn optimum: maximise the expected change of the score by this turn.

    ``beat``: the banked result of the turn before (``beat_predecessor``); ``threshold_points`` overrides the
    threshold directly; ``bust_extra``: further points a bust would cost (e.g. the minus-mark penalty when this bust
    completes the streak).
    """
    from wuerfel.games.zehntausend.solvers import light

    t0 = time.perf_counter()
    g = light_graph(rules) if light.kernels() is not None else turn_graph(rules)  # see _solve_points
    th_pts = threshold(rules, beat) if threshold_points is None else threshold_points
    u = g.unit
    th = -(-th_pts // u)
    extra = max(20_000, 4 * g.max_dv * u) // u
    n_rows = th + extra
    sol = _solve_points(g, th, n_rows, bust_extra)
    VD, VC = sol
    tail_ok = _tail_ok(g, VD, VC, n_rows, th)
    if not tail_ok:  # the cap was too low for this rule set: double it once more
        n_rows = th + 4 * extra
        VD, VC = _solve_points(g, th, n_rows, bust_extra)
        tail_ok = _tail_ok(g, VD, VC, n_rows, th)
    s0 = g.start
    z0 = -float(bust_extra)
    v0 = float(VC[0, s0]) - g.p_bust[s0] * z0 + g.p_bust[s0] * _niete_first(rules, z0)
    return TurnSolution(
        graph=g,
        threshold=th * u,
        bust_extra=bust_extra,
        n_rows=n_rows,
        VD=VD,
        VC=VC,
        value=v0,
        seconds=time.perf_counter() - t0,
        tail_ok=tail_ok,
    )


def _solve_points(g: TurnGraph, th: int, n_rows: int, bust_extra: int) -> tuple[Any, Any]:
    """(VD, VC) of the single-turn optimum: numpy tables from the numba or plain kernel, or, on the light graph,
    the same numbers from the C kernel (:func:`~wuerfel.games.zehntausend.solvers.light.points_tables`), which
    keeps numpy out of a process that plays the optimal bot (issue 17)."""
    if isinstance(g.can_roll, array):
        from wuerfel.games.zehntausend.solvers.light import points_tables

        return points_tables(g, th, n_rows, bust_extra)
    import numpy as np

    u = g.unit
    total_rows = n_rows + g.max_dv + 1
    t = np.arange(total_rows, dtype=np.float64) * u
    B = t.copy()
    negate = g.rules.turn.bust == "negate"
    Z = (-t if negate else np.zeros(total_rows)) - bust_extra
    INST = t.copy()
    VD = np.empty((total_rows, len(g)))
    VC = np.full((total_rows, len(g)), -np.inf)
    a = g.reach
    for s in range(len(g)):
        if g.bank_ok[s]:
            VD[n_rows:, s] = B[n_rows:]
        else:
            VD[n_rows:, s] = a[s] * B[n_rows:] + (1.0 - a[s]) * Z[n_rows:]
    run_kernel(
        "sweep",
        n_rows * len(g.opt_dv),
        n_rows,
        th,
        VD,
        VC,
        B,
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
    return VD, VC


def _tail_ok(g: TurnGraph, VD: Any, VC: Any, n_rows: int, th: int) -> bool:
    """Just below the cap every position that may bank does bank (rolling is worth less)."""
    row = n_rows - 1
    if row < th:
        return True
    return not any(g.bank_ok[s] and g.can_roll[s] and VC[row, s] > row * g.unit + 1e-9 for s in range(len(g)))


def solve_turn_result(rules: ZehntausendRules, rules_id: str, fresh: bool = False):  # type: ignore[no-untyped-def]
    """``wuerfel solve zehntausend --objective turn``: expected points of a fresh turn under the optimal policy."""
    from wuerfel.engine.errors import N_
    from wuerfel.solvers.api import SolveResult

    t0 = time.perf_counter()
    if fresh:
        turn_graph.cache_clear()
        moves.cache_clear()
    sol = solve_turn(rules)
    return SolveResult(
        game="zehntausend",
        rules=rules_id,
        objective="turn",
        value=sol.value,
        seconds=time.perf_counter() - t0,
        value_of=N_("the expected points of one turn from a fresh start with the best strategy"),
        extra={"keys": len(sol.graph), "rows": sol.n_rows, "tail_ok": sol.tail_ok, "threshold": sol.threshold},
    )
