"""Exact solitaire solver for "fill-the-boxes" dice games: Kniffel/Yahtzee, Escalero and their relatives.

A fill-the-boxes game: a sheet of ``B`` boxes; each turn the player throws ``n`` dice up to ``throws`` times, keeping
any dice between throws (within ``min_keep``..``max_keep``), and then writes the dice into exactly one empty box;
the game ends when every box is filled. A box's points depend only on the final multiset of dice and on the number
of the throw it was written after (so Escalero's "serviert" bonus fits). Optional extras:

* **fresh throws** (``fresh_throw_scores_as_first``): where keeping no dice is allowed (``min_keep = 0``), a throw of
  all ``n`` dice after the first scores like the first throw (Escalero's "serviert": the hand fell in one throw).
  The in-turn state is then (throw, fresh or not); only :func:`solve_fill_game`, :func:`solve_slack` and
  :func:`turn_tables` know it (the Würfelspiel's multi-column planners never set it);

* an **upper bonus**: boxes flagged ``bonus_box`` add their points to a running total; reaching ``bonus_threshold``
  pays ``bonus_value`` once (awarded at once: it can never be lost, so awarding it at once or at the end gives the
  same expected value);
* a **Yahtzee extra**: a box (``extra_box``) whose filling with a positive score arms a bonus of ``extra_bonus`` for
  every later roll that is "five of a kind" (``is_extra_roll``), and an optional **joker rule** for such rolls once
  that box is filled (``joker``: ``"none"``, ``"forced"`` = the official US rule, ``"free"``).

The state of a solitaire game at a turn start is (filled boxes, upper total capped at the threshold, extra flag); the
solver computes the optimal expected *future* points ``E[mask, flag, upper]`` for every such state, backwards over the
number of filled boxes, with each turn solved exactly over dice multisets:

1. **box stage**: for every final roll (a multiset of ``n`` dice) the best box, a vector over all upper totals;
2. **keep values, once per level**: the value of keeping a multiset ``k`` is the mean over the six faces of the value
   of ``k`` plus one die, so all 462 keeps (for five dice) cost 6 additions each, level by level from 5 dice down;
3. **best keep of a roll**: the best sub-multiset of a roll is computed the same way upwards — the best keep inside
   ``k`` is ``k`` itself or the best keep inside ``k`` minus one of its faces — instead of enumerating up to 32
   subsets of every roll.

Everything is vectorised across the upper totals (the inner, contiguous axis) and compiled with numba; the masks of
one level are independent and run in parallel. :func:`turn_tables` exposes the in-turn values of one state for
hints and bots. See docs/wuerfelspiel.md ("The solver") for the interface other games use.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import itertools
import os
import threading
from collections.abc import Iterator
from functools import cache
from typing import Any

import numba
import numpy as np

from wuerfel.engine import progress
from wuerfel.engine.dice import keep_table, multiset_probability, multisets
from wuerfel.solvers.jit import load_cached_kernel

FORMAT_VERSION = 1
"""Bump when the meaning or layout of the cached tables changes: it is part of every cache key."""

JOKER_MODES = {"none": 0, "forced": 1, "free": 2, "classic": 3}
"""Joker rules for a further five of a kind once the extra box is filled: ``forced`` = the official US rule
(matching number box if open, else any open lower box at full joker value, else a number box); ``free`` = any box,
lower boxes at joker value; ``classic`` = any box, joker values only when the matching number box is already filled
(the convention of Verhoeff's published 254.5896)."""
NEG = -1.0e18


@dataclasses.dataclass(frozen=True)
class DiceSpace:
    """Indexing of all multisets of 0..n dice ("keeps"), with the one-die-more/less links the solver walks.

    Keeps are ordered by size (the empty keep first), so a loop over indices visits every keep after its
    sub-multisets. The rolls (multisets of exactly ``n`` dice) are the last block, in the order of
    :func:`wuerfel.engine.dice.multisets`.
    """

    n: int
    sides: int
    keeps: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, ...], int]
    size: np.ndarray
    """size[k]: number of dice in keep k."""
    child: np.ndarray
    """child[k, f]: keep k plus one die showing f+1 (-1 for full keeps)."""
    parent: np.ndarray
    """parent[k, f]: keep k minus one die showing f+1 (-1 when k has no such die)."""
    roll_keep: np.ndarray
    """roll_keep[r]: keep index of roll r."""
    rolls: tuple[tuple[int, ...], ...]
    roll_index: dict[tuple[int, ...], int]
    prob: np.ndarray
    """prob[r]: probability of roll r when all n dice are thrown."""


@cache
def dice_space(n: int = 5, sides: int = 6) -> DiceSpace:
    """The keeps numbered by the one keep table (:func:`wuerfel.engine.dice.keep_table`, which the kit's ``keep_id``
    and so the games' keep action ids read), so a solver's table and a game's action id use the same index."""
    keeps = keep_table(n, sides)
    index = {k: i for i, k in enumerate(keeps)}
    size = np.array([len(k) for k in keeps], dtype=np.int64)
    child = np.full((len(keeps), sides), -1, dtype=np.int64)
    parent = np.full((len(keeps), sides), -1, dtype=np.int64)
    for i, k in enumerate(keeps):
        for f in range(sides):
            if len(k) < n:
                child[i, f] = index[tuple(sorted((*k, f + 1)))]
            if f + 1 in k:
                rest = list(k)
                rest.remove(f + 1)
                parent[i, f] = index[tuple(rest)]
    rolls = multisets(n, sides)
    roll_keep = np.array([index[r] for r in rolls], dtype=np.int64)
    prob = np.array([float(multiset_probability(r, sides)) for r in rolls])
    return DiceSpace(
        n,
        sides,
        tuple(keeps),
        index,
        size,
        child,
        parent,
        roll_keep,
        tuple(rolls),
        {r: i for i, r in enumerate(rolls)},
        prob,
    )


@dataclasses.dataclass(frozen=True, eq=False)
class FillSpec:
    """One fill-the-boxes game, as numbers the solver can use.

    ``scores[b, t, r]``: points of box ``b`` when written after throw ``t`` (0-based) with roll ``r``. Games whose
    scores do not depend on the throw pass the same table for every ``t`` (the solver notices and saves work).
    """

    name: str
    n_dice: int
    sides: int
    throws: int
    min_keep: int
    max_keep: int
    box_names: tuple[str, ...]
    scores: np.ndarray
    bonus_box: np.ndarray
    bonus_threshold: int = 0
    bonus_value: int = 0
    extra_box: int = -1
    extra_bonus: int = 0
    joker: str = "none"
    joker_ok: np.ndarray | None = None
    """joker_ok[b]: box b may take a joker at full joker value (the lower boxes in Yahtzee)."""
    joker_scores: np.ndarray | None = None
    """joker_scores[b, r]: points of box b for an extra roll r when the joker applies."""
    joker_upper: np.ndarray | None = None
    """joker_upper[f]: the box that a five-of-a-kind of face f+1 must go into first under the forced joker (-1)."""
    fresh_throw_scores_as_first: bool = False
    """A later throw of all ``n_dice`` dice (only possible with ``min_keep = 0``) is scored with ``scores[:, 0]``."""

    @property
    def fresh(self) -> bool:
        """Fresh throws change something: keeping none is allowed and the first throw scores differently."""
        return (
            self.fresh_throw_scores_as_first
            and self.min_keep == 0
            and self.throws > 1
            and not all(np.array_equal(self.scores[:, t], self.scores[:, 0]) for t in range(self.throws))
        )

    @property
    def n_boxes(self) -> int:
        return len(self.box_names)

    @property
    def n_upper(self) -> int:
        """Length of the upper-total axis: totals 0..threshold (the threshold means "reached")."""
        return self.bonus_threshold + 1 if self.bonus_value and self.bonus_threshold > 0 else 1

    @property
    def n_flags(self) -> int:
        return 2 if self.extra_box >= 0 and self.extra_bonus else 1

    def key(self) -> str:
        """A digest of everything that determines the tables, plus the code's format version."""
        h = hashlib.sha256()
        h.update(
            repr(
                (
                    FORMAT_VERSION,
                    self.n_dice,
                    self.sides,
                    self.throws,
                    self.min_keep,
                    self.max_keep,
                    self.box_names,
                    self.bonus_threshold,
                    self.bonus_value,
                    self.extra_box,
                    self.extra_bonus,
                    self.joker,
                )
            ).encode()
        )
        if self.fresh:  # only then: every other game's key (and disk cache) stays what it was
            h.update(b"fresh-throw-scores-as-first")
        for arr in (self.scores, self.bonus_box, self.joker_ok, self.joker_scores, self.joker_upper):
            if arr is not None:
                h.update(np.ascontiguousarray(arr).tobytes())
                h.update(repr(arr.shape).encode())
        return h.hexdigest()[:24]

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays the kernels take, normalised (missing joker data becomes harmless zeros)."""
        sp = dice_space(self.n_dice, self.sides)
        n_rolls = len(sp.rolls)
        scores = np.ascontiguousarray(self.scores, dtype=np.float64)
        assert scores.shape == (self.n_boxes, self.throws, n_rolls), scores.shape
        same = all(np.array_equal(scores[:, t], scores[:, -1]) for t in range(self.throws))
        is_extra = np.array([len(set(r)) == 1 for r in sp.rolls], dtype=np.bool_)
        extra_face = np.array([r[0] - 1 for r in sp.rolls], dtype=np.int64)
        joker_ok = (
            np.zeros(self.n_boxes, dtype=np.bool_)
            if self.joker_ok is None
            else np.asarray(self.joker_ok, dtype=np.bool_)
        )
        joker_scores = (
            np.zeros((self.n_boxes, n_rolls))
            if self.joker_scores is None
            else np.asarray(self.joker_scores, dtype=np.float64)
        )
        joker_upper = (
            np.full(self.sides, -1, dtype=np.int64)
            if self.joker_upper is None
            else np.asarray(self.joker_upper, dtype=np.int64)
        )
        return (
            scores,
            np.asarray(self.bonus_box, dtype=np.bool_),
            np.array([same]),
            is_extra,
            extra_face,
            joker_ok,
            joker_scores,
            joker_upper,
        )

    def params(self) -> np.ndarray:
        """Scalar parameters packed for the kernels."""
        return np.array(
            [
                self.bonus_threshold if self.n_upper > 1 else 0,
                self.bonus_value if self.n_upper > 1 else 0,
                self.extra_box,
                self.extra_bonus if self.n_flags == 2 else 0,
                JOKER_MODES[self.joker] if self.extra_box >= 0 else 0,
                self.min_keep,
                self.max_keep,
                1 if self.fresh else 0,
            ],
            dtype=np.int64,
        )


# ------------------------------------------------------------------------------------------------------------------
# kernels


@numba.njit(cache=True, inline="always")
def _entry(
    mask: int,
    flag: int,
    t: int,
    b: int,
    r: int,
    joker_open: bool,
    scores: np.ndarray,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
) -> tuple[float, float, int, bool]:
    """Writing roll r after throw t into free box b: (points, extra bonus, flag afterwards, allowed)."""
    extra_box = params[2]
    extra_bonus = params[3]
    joker_mode = params[4]
    s = scores[b, t, r]
    add = 0.0
    if extra_box >= 0 and (mask >> extra_box) & 1 == 1 and is_extra[r]:
        if flag == 1:
            add = float(extra_bonus)
        if joker_mode == 1:
            ub = joker_upper[extra_face[r]]
            if ub >= 0 and (mask >> ub) & 1 == 0:
                if b != ub:
                    return s, add, flag, False
            elif joker_open:
                if not joker_ok[b]:
                    return s, add, flag, False
                s = joker_scores[b, r]
        elif joker_mode == 2:
            if joker_ok[b]:
                s = joker_scores[b, r]
        elif joker_mode == 3:
            ub = joker_upper[extra_face[r]]
            if joker_ok[b] and not (ub >= 0 and (mask >> ub) & 1 == 0):
                s = joker_scores[b, r]
    nflag = flag
    if b == extra_box and extra_bonus > 0:
        nflag = 1 if s > 0 else 0
    return s, add, nflag, True


@numba.njit(cache=True, inline="always")
def _joker_open(mask: int, joker_ok: np.ndarray) -> bool:
    found = False
    for b in range(joker_ok.shape[0]):
        found = found or (joker_ok[b] and (mask >> b) & 1 == 0)
    return found


# The inner loops below run over the upper totals ulo..uhi of one row as ``lo + j`` with unsigned ``lo`` and ``j``
# (``uint64``). Written as ``u in range(ulo, uhi + 1)`` with signed indices, every access kept numba's
# negative-index wrap-around, and LLVM vectorised none of these loops (scalar ``vaddsd``/``vmaxsd`` only); row views
# (``K[k, ulo:uhi + 1]``) vectorise but cost a reference count per view. The arithmetic is the same, in the same
# order, so the tables stay bit for bit what they were (issue 17).


@numba.njit(cache=True)
def _box_stage(
    mask: int,
    flag: int,
    t: int,
    E: np.ndarray,
    scores: np.ndarray,
    bonus_box: np.ndarray,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
    ulo: int,
    uhi: int,
    out: np.ndarray,
) -> None:
    """out[r, u]: best value of writing roll r after throw t into a free box, for upper totals ulo..uhi."""
    _box_stage_at(
        mask,
        flag,
        t,
        E,
        scores,
        bonus_box,
        is_extra,
        extra_face,
        joker_ok,
        joker_scores,
        joker_upper,
        params,
        ulo,
        uhi,
        out,
        ulo,
    )


@numba.njit(cache=True)
def _box_stage_at(
    mask: int,
    flag: int,
    t: int,
    E: np.ndarray,
    scores: np.ndarray,
    bonus_box: np.ndarray,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
    ulo: int,
    uhi: int,
    out: np.ndarray,
    col: int,
) -> None:
    """out[r, col + u - ulo]: :func:`_box_stage` into a table whose column ``col`` holds total ``ulo`` (the
    solve's compact work tables start at column 0).

    Only the rolls the Yahtzee extra can touch (five of a kind once its box is filled) go through :func:`_entry`;
    every other roll scores ``scores[b, t, r]`` as it is, with the flag changed only by the extra box itself."""
    thr = params[0]
    bonus = params[1]
    extra_box = params[2]
    extra_bonus = params[3]
    n_boxes = scores.shape[0]
    n_rolls = scores.shape[2]
    lo = numba.uint64(ulo)
    n = numba.uint64(uhi + 1 - ulo)
    oc = numba.uint64(col)  # out's column of total ulo
    jopen = _joker_open(mask, joker_ok)
    extra_live = extra_box >= 0 and (mask >> extra_box) & 1 == 1
    for r in range(n_rolls):  # rolls outermost: the row of out and the open boxes' rows of E stay in L1
        ru = numba.uint64(r)
        _row_fill(out, ru, oc, n, NEG)
        for b in range(n_boxes):
            if (mask >> b) & 1:
                continue
            child = numba.uint64(mask | (1 << b))
            upper_box = bonus_box[b] and thr > 0
            if extra_live and is_extra[r]:
                s, add, nflag, allowed = _entry(
                    mask,
                    flag,
                    t,
                    b,
                    r,
                    jopen,
                    scores,
                    is_extra,
                    extra_face,
                    joker_ok,
                    joker_scores,
                    joker_upper,
                    params,
                )
                if not allowed:
                    continue
            else:  # what _entry gives for a roll the extra does not touch
                s = scores[b, t, r]
                add = 0.0
                nflag = flag
                if b == extra_box and extra_bonus > 0:
                    nflag = 1 if s > 0 else 0
            fu = numba.uint64(nflag)
            base = s + add
            if upper_box:
                si = int(s)
                # below the threshold after adding: a shifted read; at or above: the capped entry (+ bonus once)
                split = min(uhi + 1, max(ulo, thr - si))
                shifted = numba.uint64(ulo + si)
                for j in range(numba.uint64(split - ulo)):
                    x = base + E[child, fu, shifted + j]
                    y = out[ru, oc + j]
                    out[ru, oc + j] = x if x > y else y
                capped = base + E[child, fu, thr]
                with_bonus = capped + bonus
                start = numba.uint64(split - ulo + col)
                for j in range(numba.uint64(min(uhi + 1, thr) - split)):  # reaches the threshold now: + bonus
                    y = out[ru, start + j]
                    out[ru, start + j] = with_bonus if with_bonus > y else y
                if uhi == thr:  # had reached it already
                    c = thr - ulo + col
                    out[r, c] = max(out[r, c], capped)
            else:
                for j in range(n):
                    x = base + E[child, fu, lo + j]
                    y = out[ru, oc + j]
                    out[ru, oc + j] = x if x > y else y


@numba.njit(cache=True)
def _keep_stage(
    V: np.ndarray,
    K: np.ndarray,
    M: np.ndarray,
    size: np.ndarray,
    child: np.ndarray,
    parent: np.ndarray,
    roll_keep: np.ndarray,
    min_keep: int,
    max_keep: int,
    ulo: int,
    uhi: int,
) -> None:
    """From values after the next throw (V over rolls) to keep values K and best-keep values M (over keeps)."""
    _keep_values(V, K, child, roll_keep, ulo, uhi)
    _best_keeps(K, M, size, parent, min_keep, max_keep, ulo, uhi)


@numba.njit(cache=True)
def _keep_values(V: np.ndarray, K: np.ndarray, child: np.ndarray, roll_keep: np.ndarray, ulo: int, uhi: int) -> None:
    """K[k]: expected value after the next throw when keep k stands (V over rolls: values after that throw)."""
    n_keeps, sides = child.shape
    lo = numba.uint64(ulo)
    n = numba.uint64(uhi + 1 - ulo)
    for r in range(V.shape[0]):
        _row_copy(K, numba.uint64(roll_keep[r]), V, numba.uint64(r), lo, n)
    inv = 1.0 / sides
    n_full = V.shape[0]
    for k in range(n_keeps - n_full - 1, -1, -1):
        ku = numba.uint64(k)
        if sides == 6:  # the common case, unrolled
            c0, c1, c2 = numba.uint64(child[k, 0]), numba.uint64(child[k, 1]), numba.uint64(child[k, 2])
            c3, c4, c5 = numba.uint64(child[k, 3]), numba.uint64(child[k, 4]), numba.uint64(child[k, 5])
            for j in range(n):
                u = lo + j
                K[ku, u] = (((K[c0, u] + K[c1, u]) + (K[c2, u] + K[c3, u])) + (K[c4, u] + K[c5, u])) * inv
        else:
            _row_fill(K, ku, lo, n, 0.0)
            for f in range(sides):
                c = numba.uint64(child[k, f])
                for j in range(n):
                    K[ku, lo + j] += K[c, lo + j]
            for j in range(n):
                K[ku, lo + j] *= inv


@numba.njit(cache=True)
def _row_fill(o: np.ndarray, k: int, lo: int, n: int, v: float) -> None:
    """o[k, lo:lo + n] = v."""
    for j in range(n):
        o[k, lo + j] = v


@numba.njit(cache=True)
def _row_copy(o: np.ndarray, k: int, a: np.ndarray, i: int, lo: int, n: int) -> None:
    """o[k, lo:lo + n] = a[i, lo:lo + n]."""
    for j in range(n):
        o[k, lo + j] = a[i, lo + j]


@numba.njit(cache=True)
def _row_max(o: np.ndarray, k: int, a: np.ndarray, i: int, lo: int, n: int) -> None:
    """o[k, lo:lo + n] = max(o[k, lo:lo + n], a[i, lo:lo + n]) elementwise (a select: no NaNs occur)."""
    for j in range(n):
        x = a[i, lo + j]
        y = o[k, lo + j]
        o[k, lo + j] = x if x > y else y


@numba.njit(cache=True)
def _row_max_of(o: np.ndarray, k: int, a: np.ndarray, i: int, b: np.ndarray, m: int, lo: int, n: int) -> None:
    """o[k, lo:lo + n] = max(a[i, lo:lo + n], b[m, lo:lo + n]) elementwise."""
    for j in range(n):
        x = a[i, lo + j]
        y = b[m, lo + j]
        o[k, lo + j] = x if x > y else y


@numba.njit(cache=True)
def _row_max_vec(o: np.ndarray, k: int, c: np.ndarray, lo: int, n: int) -> None:
    """o[k, :n] = max(o[k, :n], c[lo:lo + n]): the value of giving up the turn (``P``)."""
    for j in range(n):
        x = c[lo + j]
        y = o[k, j]
        o[k, j] = x if x > y else y


@numba.njit(cache=True)
def _weighted_sum(o: np.ndarray, olo: int, V: np.ndarray, vlo: int, n: int, prob: np.ndarray) -> None:
    """o[olo + j] = sum over rolls r of prob[r] * V[r, vlo + j], j < n: r outermost so the loop over totals
    vectorises, each total's sum still taken in the order of r (the same rounding as one total at a time)."""
    ol = numba.uint64(olo)
    vl = numba.uint64(vlo)
    for j in range(numba.uint64(n)):
        o[ol + j] = 0.0
    for r in range(V.shape[0]):
        p = prob[r]
        ru = numba.uint64(r)
        for j in range(numba.uint64(n)):
            o[ol + j] += p * V[ru, vl + j]


@numba.njit(cache=True)
def _best_keeps(
    K: np.ndarray, M: np.ndarray, size: np.ndarray, parent: np.ndarray, min_keep: int, max_keep: int, ulo: int, uhi: int
) -> None:
    """M[k]: the best allowed keep inside k (a sub-multiset within min_keep..max_keep dice), from K."""
    n_keeps, sides = parent.shape
    lo = numba.uint64(ulo)
    n = numba.uint64(uhi + 1 - ulo)
    for k in range(n_keeps):
        ku = numba.uint64(k)
        sz = size[k]
        if min_keep <= sz <= max_keep:
            _row_copy(M, ku, K, ku, lo, n)
        else:
            _row_fill(M, ku, lo, n, NEG)
        for f in range(sides):
            p = parent[k, f]
            if p >= 0:
                _row_max(M, ku, M, numba.uint64(p), lo, n)


@numba.njit(cache=True)
def _padded_parents(parent: np.ndarray) -> np.ndarray:
    """``parent`` with every missing link (-1) replaced by one of the keep's own parents (a maximum taken twice is
    the same maximum), so :func:`_best_keeps_padded` reads a fixed number of rows; the empty keep stays all -1."""
    out = parent.copy()
    for k in range(parent.shape[0]):
        first = -1
        for f in range(parent.shape[1]):
            if parent[k, f] >= 0:
                first = parent[k, f]
                break
        for f in range(parent.shape[1]):
            if out[k, f] < 0:
                out[k, f] = first
    return out


@numba.njit(cache=True)
def _best_keeps_padded(
    K: np.ndarray, M: np.ndarray, size: np.ndarray, parent: np.ndarray, min_keep: int, max_keep: int, ulo: int, uhi: int
) -> None:
    """:func:`_best_keeps` in one pass per keep, with parents from :func:`_padded_parents`: for six faces each
    total's maximum over the keep itself and its six parent rows is taken in registers and stored once (the
    per-parent passes read and wrote ``M[k]`` six times). Maxima are exact, so the result is the same."""
    n_keeps, sides = parent.shape
    if sides != 6:
        _best_keeps(K, M, size, parent, min_keep, max_keep, ulo, uhi)
        return
    lo = numba.uint64(ulo)
    n = numba.uint64(uhi + 1 - ulo)
    for k in range(n_keeps):
        ku = numba.uint64(k)
        allowed = min_keep <= size[k] <= max_keep
        if parent[k, 0] < 0:  # the empty keep
            if allowed:
                _row_copy(M, ku, K, ku, lo, n)
            else:
                _row_fill(M, ku, lo, n, NEG)
            continue
        p0, p1, p2 = numba.uint64(parent[k, 0]), numba.uint64(parent[k, 1]), numba.uint64(parent[k, 2])
        p3, p4, p5 = numba.uint64(parent[k, 3]), numba.uint64(parent[k, 4]), numba.uint64(parent[k, 5])
        for j in range(n):
            u = lo + j
            x = K[ku, u] if allowed else NEG  # a keep outside min_keep..max_keep does not count itself
            y = M[p0, u]
            x = x if x > y else y
            y = M[p1, u]
            x = x if x > y else y
            y = M[p2, u]
            x = x if x > y else y
            y = M[p3, u]
            x = x if x > y else y
            y = M[p4, u]
            x = x if x > y else y
            y = M[p5, u]
            M[ku, u] = x if x > y else y


@numba.njit(cache=True)
def _keep_values_rest(K: np.ndarray, child: np.ndarray, n_rest: int, ulo: int, uhi: int) -> None:
    """:func:`_keep_values` for six faces when K's last rows (the rolls, in order) already hold the values after
    the next throw: K[k] for the other keeps, k < n_rest, the same sums in the same order."""
    lo = numba.uint64(ulo)
    n = numba.uint64(uhi + 1 - ulo)
    inv = 1.0 / 6
    for k in range(n_rest - 1, -1, -1):
        ku = numba.uint64(k)
        c0, c1, c2 = numba.uint64(child[k, 0]), numba.uint64(child[k, 1]), numba.uint64(child[k, 2])
        c3, c4, c5 = numba.uint64(child[k, 3]), numba.uint64(child[k, 4]), numba.uint64(child[k, 5])
        for j in range(n):
            u = lo + j
            K[ku, u] = (((K[c0, u] + K[c1, u]) + (K[c2, u] + K[c3, u])) + (K[c4, u] + K[c5, u])) * inv


@numba.njit(cache=True)
def _best_keeps_rolls(
    K: np.ndarray,
    M: np.ndarray,
    box: np.ndarray,
    size: np.ndarray,
    parent: np.ndarray,
    min_keep: int,
    max_keep: int,
    n_rest: int,
    ulo: int,
    uhi: int,
) -> None:
    """:func:`_best_keeps_padded` (six faces, padded parents) followed by ``V[r] = max(M[roll r], box[r])``, where
    V is K's last rows (the rolls, in order): the best keeps of the other keeps go to M as before; a roll's best
    keep, which only that maximum reads, is taken in registers and compared with the box value at once, written
    over the roll's row of K (read before it is written). The same maxima in the same order: the same values."""
    n_keeps = parent.shape[0]
    lo = numba.uint64(ulo)
    n = numba.uint64(uhi + 1 - ulo)
    for k in range(n_keeps):
        ku = numba.uint64(k)
        allowed = min_keep <= size[k] <= max_keep
        if parent[k, 0] < 0:  # the empty keep
            if allowed:
                _row_copy(M, ku, K, ku, lo, n)
            else:
                _row_fill(M, ku, lo, n, NEG)
            continue
        p0, p1, p2 = numba.uint64(parent[k, 0]), numba.uint64(parent[k, 1]), numba.uint64(parent[k, 2])
        p3, p4, p5 = numba.uint64(parent[k, 3]), numba.uint64(parent[k, 4]), numba.uint64(parent[k, 5])
        if k < n_rest:
            for j in range(n):
                u = lo + j
                x = K[ku, u] if allowed else NEG
                y = M[p0, u]
                x = x if x > y else y
                y = M[p1, u]
                x = x if x > y else y
                y = M[p2, u]
                x = x if x > y else y
                y = M[p3, u]
                x = x if x > y else y
                y = M[p4, u]
                x = x if x > y else y
                y = M[p5, u]
                M[ku, u] = x if x > y else y
        else:
            ru = numba.uint64(k - n_rest)
            for j in range(n):
                u = lo + j
                x = K[ku, u] if allowed else NEG
                y = M[p0, u]
                x = x if x > y else y
                y = M[p1, u]
                x = x if x > y else y
                y = M[p2, u]
                x = x if x > y else y
                y = M[p3, u]
                x = x if x > y else y
                y = M[p4, u]
                x = x if x > y else y
                y = M[p5, u]
                m = x if x > y else y
                b = box[ru, u]
                K[ku, u] = m if m > b else b


@numba.njit(cache=True)
def _fresh_keep(Vf: np.ndarray, K: np.ndarray, prob: np.ndarray, ulo: int, uhi: int) -> None:
    """Keeping nothing (keep 0, the first of all keeps) leads to a fresh throw: its value is the mean of the
    fresh values Vf, which score the roll like a first throw."""
    _weighted_sum(K[0], ulo, Vf, ulo, uhi + 1 - ulo, prob)


@numba.njit(cache=True)
def _turn(
    mask: int,
    flag: int,
    E: np.ndarray,
    scores: np.ndarray,
    bonus_box: np.ndarray,
    same: bool,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
    size: np.ndarray,
    child: np.ndarray,
    parent: np.ndarray,
    roll_keep: np.ndarray,
    prob: np.ndarray,
    ulo: int,
    uhi: int,
    P: np.ndarray,
    use_pass: int,
    out: np.ndarray,
    box: np.ndarray,
    V: np.ndarray,
    K: np.ndarray,
    M: np.ndarray,
    boxf: np.ndarray,
    Vf: np.ndarray,
    rolls_last: bool,
) -> None:
    """out[u]: optimal expected future points at the start of a turn in state (mask, flag, u), ulo <= u <= uhi.

    With ``use_pass`` the turn may also be given up for the value ``P[mask, flag, u]`` (the slack tables of
    :func:`solve_slack`): 1 = after any throw, 2 = only after the first throw.

    ``box``, ``V`` (rolls × totals), ``K``, ``M`` (keeps × totals) and, with fresh throws (see FillSpec), ``boxf``
    and ``Vf`` (rolls × totals: box values of a roll scored like the first throw, V after a fresh throw) are
    scratch space owned by the caller's thread: allocated once per solve, not once per state (see
    :func:`_solve_masks`), and compact: their column 0 is the total ``ulo``, ``uhi - ulo + 1`` columns wide (the
    tables of a state with few live totals take that much less cache). ``parent`` comes padded
    (:func:`_padded_parents`). With ``rolls_last`` (the rolls are K's last rows, in order) ``V`` is a view of those
    rows, and for six faces without fresh throws the keep stages work on it in place (:func:`_keep_values_rest`,
    :func:`_best_keeps_rolls`): the same arithmetic in the same order, less copying."""
    throws = scores.shape[1]
    n_rolls = scores.shape[2]
    fresh = params[7] == 1
    _box_stage_at(
        mask,
        flag,
        throws - 1,
        E,
        scores,
        bonus_box,
        is_extra,
        extra_face,
        joker_ok,
        joker_scores,
        joker_upper,
        params,
        ulo,
        uhi,
        box,
        0,
    )
    if fresh:
        _box_stage_at(
            mask,
            flag,
            0,
            E,
            scores,
            bonus_box,
            is_extra,
            extra_face,
            joker_ok,
            joker_scores,
            joker_upper,
            params,
            ulo,
            uhi,
            boxf,
            0,
        )
    lo = numba.uint64(ulo)
    n = numba.uint64(uhi + 1 - ulo)
    last = uhi - ulo  # the work tables' columns 0..last hold the totals ulo..uhi
    pu = P[mask, flag]
    if use_pass == 1 or (use_pass == 2 and throws == 1):
        for r in range(n_rolls):
            _row_max_vec(box, numba.uint64(r), pu, lo, n)
    if fresh and use_pass == 1:
        for r in range(n_rolls):
            _row_max_vec(boxf, numba.uint64(r), pu, lo, n)
    for r in range(n_rolls):
        ru = numba.uint64(r)
        _row_copy(V, ru, box, ru, 0, n)
        if fresh:
            _row_copy(Vf, ru, boxf, ru, 0, n)
    n_rest = child.shape[0] - n_rolls
    if rolls_last and not fresh and child.shape[1] == 6:
        # V is K's roll rows (see _solve_masks): no copies between V and K, a roll's best keep never stored
        for t in range(throws - 2, -1, -1):
            if not same:  # box values of throw t: needed only at the end of this step, computed first
                _box_stage_at(
                    mask,
                    flag,
                    t,
                    E,
                    scores,
                    bonus_box,
                    is_extra,
                    extra_face,
                    joker_ok,
                    joker_scores,
                    joker_upper,
                    params,
                    ulo,
                    uhi,
                    box,
                    0,
                )
                if use_pass == 1:
                    for r in range(n_rolls):
                        _row_max_vec(box, numba.uint64(r), pu, lo, n)
            _keep_values_rest(K, child, n_rest, 0, last)
            _best_keeps_rolls(K, M, box, size, parent, params[5], params[6], n_rest, 0, last)
            if use_pass == 2 and t == 0:
                for r in range(n_rolls):
                    _row_max_vec(V, numba.uint64(r), pu, lo, n)
        _weighted_sum(out, ulo, V, 0, uhi + 1 - ulo, prob)
        return
    for t in range(throws - 2, -1, -1):
        _keep_values(V, K, child, roll_keep, 0, last)
        if fresh:
            _fresh_keep(Vf, K, prob, 0, last)
        _best_keeps_padded(K, M, size, parent, params[5], params[6], 0, last)
        if not same:
            _box_stage_at(
                mask,
                flag,
                t,
                E,
                scores,
                bonus_box,
                is_extra,
                extra_face,
                joker_ok,
                joker_scores,
                joker_upper,
                params,
                ulo,
                uhi,
                box,
                0,
            )
            if use_pass == 1:
                for r in range(n_rolls):
                    _row_max_vec(box, numba.uint64(r), pu, lo, n)
        for r in range(n_rolls):
            ru = numba.uint64(r)
            kr = numba.uint64(roll_keep[r])
            _row_max_of(V, ru, M, kr, box, ru, 0, n)
            if fresh:
                _row_max_of(Vf, ru, M, kr, boxf, ru, 0, n)
        if use_pass == 2 and t == 0:
            for r in range(n_rolls):
                _row_max_vec(V, numba.uint64(r), pu, lo, n)
    _weighted_sum(out, ulo, V, 0, uhi + 1 - ulo, prob)


@numba.njit(cache=True, nogil=True)
def _solve_masks(
    masks: np.ndarray,
    start: int,
    stop: int,
    E: np.ndarray,
    scores: np.ndarray,
    bonus_box: np.ndarray,
    same: bool,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
    size: np.ndarray,
    child: np.ndarray,
    parent: np.ndarray,
    roll_keep: np.ndarray,
    prob: np.ndarray,
    ulo_arr: np.ndarray,
    uhi_arr: np.ndarray,
    P: np.ndarray,
    use_pass: int,
    sc: np.ndarray,
    sf: np.ndarray,
) -> None:
    """Solve ``masks[start:stop]`` (masks of one level: independent of each other), one after the other, without
    the GIL: :func:`_solve_levels` runs slices of a level on several threads at once.

    ``sc`` (5, keeps × totals) and ``sf`` (2, rolls or 0 × totals), flat, are the calling thread's work tables of
    :func:`_turn`, viewed per state as (rows, live totals), allocated once per solve instead of once per state
    (about 0.7 MB in four allocations for each of the 16,000 states of a Kniffel solve). Measured for issue 17:
    the same values; no difference between a first and a second solve of one process either way (glibc served
    those blocks from its arenas: strace shows no mmap/munmap during a solve)."""
    n_flags = E.shape[1]
    n_rolls = scores.shape[2]
    extra_box = params[2]
    padded = _padded_parents(parent)
    n_keeps = child.shape[0]
    n_fresh = sf.shape[1] // E.shape[2]
    n_rest = n_keeps - n_rolls
    rolls_last = True  # the rolls are the last keeps, in order (dice_space's numbering): V can be K's last rows
    for r in range(n_rolls):
        rolls_last = rolls_last and roll_keep[r] == n_rest + r
    for i in range(start, stop):
        mask = masks[i]
        ulo = ulo_arr[mask]
        uhi = uhi_arr[mask]
        out = sc[0, : E.shape[2]]
        w = uhi + 1 - ulo
        box = sc[1, : n_rolls * w].reshape((n_rolls, w))
        K = sc[3, : n_keeps * w].reshape((n_keeps, w))
        V = (sc[3, n_rest * w : n_keeps * w] if rolls_last else sc[2, : n_rolls * w]).reshape((n_rolls, w))
        M = sc[4, : n_keeps * w].reshape((n_keeps, w))
        boxf = sf[0, : n_fresh * w].reshape((n_fresh, w))
        Vf = sf[1, : n_fresh * w].reshape((n_fresh, w))
        for flag in range(n_flags):
            if flag == 1 and not (extra_box >= 0 and (mask >> extra_box) & 1 == 1):
                E[mask, flag, :] = E[mask, 0, :]
                continue
            _turn(
                mask,
                flag,
                E,
                scores,
                bonus_box,
                same,
                is_extra,
                extra_face,
                joker_ok,
                joker_scores,
                joker_upper,
                params,
                size,
                child,
                padded,
                roll_keep,
                prob,
                ulo,
                uhi,
                P,
                use_pass,
                out,
                box,
                V,
                K,
                M,
                boxf,
                Vf,
                rolls_last,
            )
            E[mask, flag, ulo : uhi + 1] = out[ulo : uhi + 1]
            # totals below ulo cannot reach the bonus any more: all worth the same as ulo (see solve_fill_game)
            for u in range(ulo):
                E[mask, flag, u] = out[ulo]


@numba.njit(cache=True)
def _turn_tables(
    mask: int,
    flag: int,
    u: int,
    E: np.ndarray,
    scores: np.ndarray,
    bonus_box: np.ndarray,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
    size: np.ndarray,
    child: np.ndarray,
    parent: np.ndarray,
    roll_keep: np.ndarray,
    prob: np.ndarray,
    boxvals: np.ndarray,
    keepvals: np.ndarray,
) -> None:
    """In-turn values of one state: boxvals[t, r] = best box after throw t; keepvals[t, k] = value of keeping k
    after throw t (t < throws-1) and rethrowing the rest. Only the upper total u is evaluated. With fresh throws
    (``params[7]``) keepvals[t, 0] (keep nothing) is the value of a fresh throw, scored like the first."""
    throws = scores.shape[1]
    n_rolls = scores.shape[2]
    nu = E.shape[2]
    n_keeps = child.shape[0]
    fresh = params[7] == 1
    box = np.empty((n_rolls, nu))
    boxf = np.empty((n_rolls if fresh else 0, nu))
    V = np.empty((n_rolls, 1))
    Vf = np.empty((n_rolls if fresh else 0, 1))
    K = np.empty((n_keeps, 1))
    M = np.empty((n_keeps, 1))
    _box_stage(
        mask,
        flag,
        throws - 1,
        E,
        scores,
        bonus_box,
        is_extra,
        extra_face,
        joker_ok,
        joker_scores,
        joker_upper,
        params,
        u,
        u,
        box,
    )
    if fresh:
        _box_stage(
            mask,
            flag,
            0,
            E,
            scores,
            bonus_box,
            is_extra,
            extra_face,
            joker_ok,
            joker_scores,
            joker_upper,
            params,
            u,
            u,
            boxf,
        )
    for r in range(n_rolls):
        V[r, 0] = box[r, u]
        boxvals[throws - 1, r] = box[r, u]
        if fresh:
            Vf[r, 0] = boxf[r, u]
    for t in range(throws - 2, -1, -1):
        _keep_values(V, K, child, roll_keep, 0, 0)
        if fresh:
            _fresh_keep(Vf, K, prob, 0, 0)
        _best_keeps(K, M, size, parent, params[5], params[6], 0, 0)
        for k in range(n_keeps):
            keepvals[t, k] = K[k, 0]
        _box_stage(
            mask,
            flag,
            t,
            E,
            scores,
            bonus_box,
            is_extra,
            extra_face,
            joker_ok,
            joker_scores,
            joker_upper,
            params,
            u,
            u,
            box,
        )
        for r in range(n_rolls):
            boxvals[t, r] = box[r, u]
            m = M[roll_keep[r], 0]
            V[r, 0] = m if m > box[r, u] else box[r, u]
            if fresh:
                Vf[r, 0] = m if m > boxf[r, u] else boxf[r, u]


@numba.njit(cache=True)
def _multi_box_stage(
    masks: np.ndarray,
    flags: np.ndarray,
    uppers: np.ndarray,
    levels: np.ndarray,
    alphas: np.ndarray,
    here_vals: np.ndarray,
    entry_add: np.ndarray,
    weights: np.ndarray,
    t: int,
    W: np.ndarray,
    scores: np.ndarray,
    bonus_box: np.ndarray,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
    out: np.ndarray,
    choice: np.ndarray,
) -> None:
    """Several weighted columns of the same game filled from one roll: out[r] = best gain over all (column, box)
    of writing roll r after throw t, judged by the column tables ``W[slack]`` (weight × (points + bonus + change
    of the column's expected future)); choice[r] = c * 16 + b of the best.

    Filling column c keeps its slack and the other columns lose some; relative to "no column gets this turn"
    (``here_vals``, the caller's constant per column) that is column c's change to ``W[slack_c]`` (child).
    Column c's value after the entry is ``Σ_j alphas[c, j] · W[levels[c, j]](child)`` (the planner's two terms
    interpolate between neighbouring tables; a fitted value may mix more levels), and ``entry_add[c, b]`` is added
    to the gain of every entry into (c, b): a value of the whole sheet that depends on which boxes are open in
    several columns at once (the experiment ``bench/wuerfelspiel_fitted.py``; zeros for the planner)."""
    thr = params[0]
    bonus = params[1]
    n_boxes = scores.shape[0]
    n_rolls = scores.shape[2]
    n_levels = levels.shape[1]
    out[:] = NEG
    choice[:] = -1
    for c in range(masks.shape[0]):
        mask = masks[c]
        flag = flags[c]
        u = uppers[c]
        w = weights[c]
        here = here_vals[c]
        jopen = _joker_open(mask, joker_ok)
        for b in range(n_boxes):
            if (mask >> b) & 1:
                continue
            child = mask | (1 << b)
            for r in range(n_rolls):
                s, add, nflag, allowed = _entry(
                    mask,
                    flag,
                    t,
                    b,
                    r,
                    jopen,
                    scores,
                    is_extra,
                    extra_face,
                    joker_ok,
                    joker_scores,
                    joker_upper,
                    params,
                )
                if not allowed:
                    continue
                v = s + add
                u2 = u
                if bonus_box[b] and thr > 0:
                    u2 = u + int(s)
                    if u2 >= thr:
                        u2 = thr
                        if u < thr:
                            v += bonus
                after = 0.0
                for j in range(n_levels):
                    after += alphas[c, j] * W[levels[c, j], child, nflag, u2]
                v = w * (v + after - here) + entry_add[c, b]
                if v > out[r]:
                    out[r] = v
                    choice[r] = c * 16 + b


@numba.njit(cache=True)
def _multi_entry_gains(
    masks: np.ndarray,
    flags: np.ndarray,
    uppers: np.ndarray,
    levels: np.ndarray,
    alphas: np.ndarray,
    here_vals: np.ndarray,
    entry_add: np.ndarray,
    weights: np.ndarray,
    t: int,
    r: int,
    W: np.ndarray,
    scores: np.ndarray,
    bonus_box: np.ndarray,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
    gains: np.ndarray,
) -> None:
    """gains[c, b]: the gain :func:`_multi_box_stage` gives writing roll r after throw t into (c, b); NEG where
    that is not allowed."""
    thr = params[0]
    bonus = params[1]
    gains[:, :] = NEG
    for c in range(masks.shape[0]):
        mask = masks[c]
        flag = flags[c]
        u = uppers[c]
        jopen = _joker_open(mask, joker_ok)
        for b in range(scores.shape[0]):
            if (mask >> b) & 1:
                continue
            s, add, nflag, allowed = _entry(
                mask, flag, t, b, r, jopen, scores, is_extra, extra_face, joker_ok, joker_scores, joker_upper, params
            )
            if not allowed:
                continue
            v = s + add
            u2 = u
            if bonus_box[b] and thr > 0:
                u2 = u + int(s)
                if u2 >= thr:
                    u2 = thr
                    if u < thr:
                        v += bonus
            child = mask | (1 << b)
            after = 0.0
            for j in range(levels.shape[1]):
                after += alphas[c, j] * W[levels[c, j], child, nflag, u2]
            gains[c, b] = weights[c] * (v + after - here_vals[c]) + entry_add[c, b]


@numba.njit(cache=True)
def _multi_plan(
    masks: np.ndarray,
    flags: np.ndarray,
    uppers: np.ndarray,
    levels: np.ndarray,
    alphas: np.ndarray,
    here_vals: np.ndarray,
    entry_add: np.ndarray,
    weights: np.ndarray,
    W: np.ndarray,
    scores: np.ndarray,
    bonus_box: np.ndarray,
    same: bool,
    is_extra: np.ndarray,
    extra_face: np.ndarray,
    joker_ok: np.ndarray,
    joker_scores: np.ndarray,
    joker_upper: np.ndarray,
    params: np.ndarray,
    size: np.ndarray,
    child: np.ndarray,
    parent: np.ndarray,
    roll_keep: np.ndarray,
    prob: np.ndarray,
    boxvals: np.ndarray,
    boxchoice: np.ndarray,
    keepvals: np.ndarray,
    bestvals: np.ndarray,
) -> float:
    """Exact search over one turn of a multi-column sheet: boxvals/boxchoice[t, r] (best entry after throw t),
    keepvals[t, k] (keep k after throw t, then play the turn optimally), bestvals[t, r] (best of both); returns
    the expected gain of the turn before the first throw."""
    throws = scores.shape[1]
    for t in range(throws - 1, -1, -1):
        if t == throws - 1 or not same:
            _multi_box_stage(
                masks,
                flags,
                uppers,
                levels,
                alphas,
                here_vals,
                entry_add,
                weights,
                t,
                W,
                scores,
                bonus_box,
                is_extra,
                extra_face,
                joker_ok,
                joker_scores,
                joker_upper,
                params,
                boxvals[t],
                boxchoice[t],
            )
        else:
            boxvals[t, :] = boxvals[t + 1]
            boxchoice[t, :] = boxchoice[t + 1]
    return _plan_throws(boxvals, keepvals, bestvals, params[5], params[6], size, child, parent, roll_keep, prob)


@numba.njit(cache=True)
def _plan_throws(
    boxvals: np.ndarray,
    keepvals: np.ndarray,
    bestvals: np.ndarray,
    min_keep: int,
    max_keep: int,
    size: np.ndarray,
    child: np.ndarray,
    parent: np.ndarray,
    roll_keep: np.ndarray,
    prob: np.ndarray,
) -> float:
    """The keep decisions of one turn, given the best entry of every roll after every throw (boxvals[t, r]):
    keepvals[t, k] (keep k after throw t, then play on optimally), bestvals[t, r] (the better of writing and the
    best keep); returns the expected value before the first throw. Any turn search that values its entries its own
    way (the planner's column tables, the learned sheet value) ends here."""
    throws = boxvals.shape[0]
    n_rolls = boxvals.shape[1]
    n_keeps = child.shape[0]
    V = np.empty((n_rolls, 1))
    K = np.empty((n_keeps, 1))
    M = np.empty((n_keeps, 1))
    for r in range(n_rolls):
        V[r, 0] = boxvals[throws - 1, r]
        bestvals[throws - 1, r] = V[r, 0]
    for t in range(throws - 2, -1, -1):
        _keep_stage(V, K, M, size, child, parent, roll_keep, min_keep, max_keep, 0, 0)
        for k in range(n_keeps):
            keepvals[t, k] = K[k, 0]
        for r in range(n_rolls):
            V[r, 0] = max(M[roll_keep[r], 0], boxvals[t, r])
            bestvals[t, r] = V[r, 0]
    acc = 0.0
    for r in range(n_rolls):
        acc += prob[r] * V[r, 0]
    return acc


# ------------------------------------------------------------------------------------------------------------------
# driver


def masks_by_level(n: int) -> list[np.ndarray]:
    """The masks of ``n`` boxes grouped by their number of filled boxes, fullest first but without the full mask:
    the order a backward solve visits them in (the full sheet's value is 0)."""
    all_masks = np.arange(1 << n, dtype=np.int64)
    pop = np.zeros(1 << n, dtype=np.int64)
    for b in range(n):
        pop += (all_masks >> b) & 1
    return [np.nonzero(pop == level)[0].astype(np.int64) for level in range(n - 1, -1, -1)]


PARALLEL_KERNELS = threading.RLock()
"""Held around every run of a ``parallel=True`` kernel. The web server calls bots from worker threads, so two tables
can start a solve at the same moment; where numba has no OpenMP or TBB it falls back to its *workqueue* threading
layer, which aborts the whole process on concurrent launches. The solves use both cores anyway, so taking turns costs
little. Re-entrant: a solve may start another inside it (the slack tables solve the plain game first). The solves of
this module run on threads of their own (:func:`_solve_levels`) and take it too, so that two solves do not share
the cores."""

CHUNKS_PER_THREAD = 8
"""A level's masks are handed out in this many slices per thread, each to whichever thread is free: on a shared
machine one thread may get less of a core than the other, and a level ends when its last slice does."""


def _threads() -> int:
    """How many threads a solve uses: numba's thread count (the cores, or ``NUMBA_NUM_THREADS``)."""
    return max(1, int(numba.config.NUMBA_NUM_THREADS))


os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
"""The parallel kernels' threads sleep while they wait at the end of a level instead of spinning (GNU OpenMP reads
this when numba first loads it, at the first parallel run, i.e. after this module was imported; a value set by the
user wins). Spinning burned the waiting core: on the shared 2-core machine the Farkle duel solve took 1.6× the CPU
of its serial run (a preempted worker keeps the other spinning for a whole time slice, and the spinning thread takes
the core from the one doing the work); waiting passively it takes no more than the serial run, and less wall time
under load (issue 17: duel solve 2.0 → 1.2 s of the busiest thread, wall 6.5–8.3 → 4.1–4.7 s at load 6.5). The
~400 level ends of a duel solve cost a wake-up each, some tens of microseconds."""


def _scratch(spec: FillSpec, sp: DiceSpace) -> tuple[np.ndarray, np.ndarray]:
    """The per-thread work tables of :func:`_solve_masks` (one set per thread of :func:`_solve_levels`)."""
    threads = _threads()
    n_fresh = len(sp.rolls) if spec.fresh else 0
    return (np.empty((threads, 5, len(sp.keeps) * spec.n_upper)), np.empty((threads, 2, n_fresh * spec.n_upper)))


def _solve_levels(levels: list[np.ndarray], args: tuple[Any, ...], scratch: tuple[np.ndarray, np.ndarray]) -> None:
    """Solve the masks of each level in turn (``args``: what :func:`_solve_masks` takes after the slice, without
    the work tables), the masks of a level on all threads.

    On threads of our own rather than numba's ``prange`` (issue 17): numba's OpenMP threads spin at every level's
    end before they sleep (about a tenth of a solve's CPU went into libgomp's wait loop), its static halves of a
    level wait for the slower thread on a shared machine, and a fresh process's first solve skips loading the
    threading layer. Each state is computed exactly as before, so the tables are the same bit for bit."""
    threads = _threads()
    sc, sf = scratch
    first = True
    total = sum(len(masks) for masks in levels) or 1
    done = 0
    with PARALLEL_KERNELS:
        if threads == 1:
            for masks in levels:
                call = (masks, 0, len(masks), *args, sc[0], sf[0])
                if first:
                    load_cached_kernel(_solve_masks, *call)
                    first = False
                _solve_masks(*call)
                done += len(masks)
                progress.report(done / total, progress.TABLES)  # a bot's first build takes seconds (U8)
            return
        with concurrent.futures.ThreadPoolExecutor(threads - 1, thread_name_prefix="fillgame") as pool:
            for masks in levels:
                n = len(masks)
                if first:
                    load_cached_kernel(_solve_masks, masks, 0, 0, *args, sc[0], sf[0])
                    first = False
                n_chunks = min(n, threads * CHUNKS_PER_THREAD)
                bounds = [n * c // n_chunks for c in range(n_chunks + 1)]
                counter = itertools.count()  # next() is atomic: each slice goes to exactly one thread

                def work(
                    worker: int,
                    masks: np.ndarray = masks,
                    bounds: list[int] = bounds,
                    counter: Iterator[int] = counter,
                    n_chunks: int = n_chunks,
                ) -> None:
                    for c in counter:
                        if c >= n_chunks:
                            return
                        _solve_masks(masks, bounds[c], bounds[c + 1], *args, sc[worker], sf[worker])

                helpers = [pool.submit(work, w) for w in range(1, threads)]
                work(0)
                for h in helpers:
                    h.result()
                done += n
                progress.report(done / total, progress.TABLES)  # a bot's first build takes seconds (U8)


def solve_fill_game(spec: FillSpec) -> np.ndarray:
    """The table ``E[mask, flag, upper]`` of optimal expected future points at every turn start."""
    sp = dice_space(spec.n_dice, spec.sides)
    B = spec.n_boxes
    E = np.zeros((1 << B, spec.n_flags, spec.n_upper))
    arrays = spec.arrays()
    scores, bonus_box, same, is_extra, extra_face, joker_ok, joker_scores, joker_upper = arrays
    params = spec.params()
    ulo, uhi = upper_ranges(spec)
    _solve_levels(
        masks_by_level(B),
        (
            E,
            scores,
            bonus_box,
            bool(same[0]),
            is_extra,
            extra_face,
            joker_ok,
            joker_scores,
            joker_upper,
            params,
            sp.size,
            sp.child,
            sp.parent,
            sp.roll_keep,
            sp.prob,
            ulo,
            uhi,
            E,
            0,
        ),
        _scratch(spec, sp),
    )
    return E


def solve_slack(
    spec: FillSpec, max_slack: int, E0: np.ndarray | None = None, first_throw_only: bool = False, pass_cost: float = 0.0
) -> np.ndarray:
    """Tables ``W[s, mask, flag, upper]`` of the game where the player may also give up ``s`` turns of his choice
    (after seeing the dice — with ``first_throw_only`` only right after the first throw of a turn), so the sheet
    is filled in ``open boxes + s`` turns; ``W[0]`` is the plain game. Each turn given up costs ``pass_cost``.

    In a multi-column game a column with ``s`` = (open boxes of the other columns) is exactly such a game, if it
    could keep dice for itself alone: these tables are what the multi-column player builds on.
    """
    sp = dice_space(spec.n_dice, spec.sides)
    B = spec.n_boxes
    W = np.zeros((max_slack + 1, 1 << B, spec.n_flags, spec.n_upper))
    W[0] = solve_fill_game(spec) if E0 is None else E0
    scores, bonus_box, same, is_extra, extra_face, joker_ok, joker_scores, joker_upper = spec.arrays()
    params = spec.params()
    ulo, uhi = upper_ranges(spec)
    levels = masks_by_level(B)
    scratch = _scratch(spec, sp)
    with PARALLEL_KERNELS:
        for s in range(1, max_slack + 1):
            # W[s - 1] does not change while W[s] is solved: its pass values are taken once per s
            with progress.part((s - 1) / max_slack, s / max_slack):  # one share of the bar per table
                _solve_levels(
                    levels,
                    (
                        W[s],
                        scores,
                        bonus_box,
                        bool(same[0]),
                        is_extra,
                        extra_face,
                        joker_ok,
                        joker_scores,
                        joker_upper,
                        params,
                        sp.size,
                        sp.child,
                        sp.parent,
                        sp.roll_keep,
                        sp.prob,
                        ulo,
                        uhi,
                        W[s - 1] - pass_cost if pass_cost else W[s - 1],
                        2 if first_throw_only else 1,
                    ),
                    scratch,
                )
    return W


def upper_ranges(spec: FillSpec) -> tuple[np.ndarray, np.ndarray]:
    """Per mask, the upper totals worth computing: ``ulo..uhi``.

    ``uhi`` is the most the filled bonus boxes can hold (capped at the threshold): larger totals cannot occur.
    A total ``u`` with ``u + (most the open bonus boxes can still add) < threshold`` can never reach the bonus, so
    every such total has the same value; ``ulo`` is the largest of them (or 0), and the lower ones are copies.
    """
    B = spec.n_boxes
    thr = spec.n_upper - 1
    masks = np.arange(1 << B, dtype=np.int64)
    if thr == 0:
        zero = np.zeros(1 << B, dtype=np.int64)
        return zero, zero.copy()
    best = np.asarray(spec.scores, dtype=np.float64).max(axis=(1, 2)).astype(np.int64)
    if spec.joker_scores is not None and spec.joker != "none":
        best = np.maximum(best, np.asarray(spec.joker_scores).max(axis=1).astype(np.int64))
    filled_max = np.zeros(1 << B, dtype=np.int64)
    open_max = np.zeros(1 << B, dtype=np.int64)
    for b in range(B):
        if spec.bonus_box[b]:
            has = ((masks >> b) & 1).astype(bool)
            filled_max += np.where(has, best[b], 0)
            open_max += np.where(has, 0, best[b])
    uhi = np.minimum(filled_max, thr)
    ulo = np.clip(thr - open_max - 1, 0, None)
    ulo = np.minimum(ulo, uhi)
    return ulo.astype(np.int64), uhi.astype(np.int64)


@dataclasses.dataclass(frozen=True)
class TurnTables:
    """Values inside one turn of one state (turn-start state ``mask, flag, upper``).

    ``box[t, r]``: expected final future points when roll ``r`` is written into the best box after throw ``t``;
    ``keep[t, k]``: the same when keep ``k`` is kept after throw ``t`` and the rest rethrown, then played optimally.
    With fresh throws (see :class:`FillSpec`) ``keep[t, 0]`` is the value of throwing all dice again, and a roll
    thrown that way is worth ``box[0, r]`` (it scores like the first throw).
    """

    box: np.ndarray
    keep: np.ndarray


def turn_tables(spec: FillSpec, E: np.ndarray, mask: int, flag: int, upper: int) -> TurnTables:
    sp = dice_space(spec.n_dice, spec.sides)
    scores, bonus_box, _same, is_extra, extra_face, joker_ok, joker_scores, joker_upper = spec.arrays()
    boxvals = np.full((spec.throws, len(sp.rolls)), NEG)
    keepvals = np.full((spec.throws, len(sp.keeps)), NEG)
    args = (
        mask,
        flag,
        min(upper, spec.n_upper - 1),
        E,
        scores,
        bonus_box,
        is_extra,
        extra_face,
        joker_ok,
        joker_scores,
        joker_upper,
        spec.params(),
        sp.size,
        sp.child,
        sp.parent,
        sp.roll_keep,
        sp.prob,
        boxvals,
        keepvals,
    )
    if not _turn_tables.overloads:  # a bot's first decision: machine code without numba's compiler (solvers/jit.py)
        load_cached_kernel(_turn_tables, *args)
    _turn_tables(*args)
    return TurnTables(boxvals, keepvals)


def box_value(
    spec: FillSpec, E: np.ndarray, mask: int, flag: int, upper: int, t: int, roll: tuple[int, ...], box: int
) -> float:
    """Expected future points (this box's points included) of writing ``roll`` after throw ``t`` into ``box``;
    ``-inf`` when the box is full or the joker rule forbids it. Mirrors the kernel's box stage for one box. A roll
    of a fresh throw (all dice thrown again, see :class:`FillSpec`) is scored with ``t = 0``."""
    if (mask >> box) & 1:
        return float("-inf")
    s, extra, allowed = box_points(spec, mask, flag, t, roll, box)
    if not allowed:
        return float("-inf")
    nflag = flag
    if box == spec.extra_box and spec.n_flags == 2:
        nflag = 1 if s > 0 else 0
    child = mask | (1 << box)
    u = min(upper, spec.n_upper - 1)
    thr = spec.n_upper - 1
    v = float(s + extra)
    if spec.bonus_box[box] and thr > 0:
        u2 = u + s
        if u2 >= thr:
            u2 = thr
            if u < thr:
                v += spec.bonus_value
        return v + float(E[child, nflag, u2])
    return v + float(E[child, nflag, u])


def box_points(spec: FillSpec, mask: int, flag: int, t: int, roll: tuple[int, ...], box: int) -> tuple[int, int, bool]:
    """(points of the box, extra bonus earned, allowed) for writing ``roll`` after throw ``t`` into ``box``."""
    sp = dice_space(spec.n_dice, spec.sides)
    r = sp.roll_index[tuple(sorted(roll))]
    s = int(spec.scores[box, t, r])
    extra = 0
    if spec.extra_box >= 0 and (mask >> spec.extra_box) & 1 and len(set(roll)) == 1:
        if flag == 1 and spec.n_flags == 2:
            extra = spec.extra_bonus
        joker_ok = spec.joker_ok if spec.joker_ok is not None else np.zeros(spec.n_boxes, dtype=bool)
        if spec.joker == "forced":
            ub = -1 if spec.joker_upper is None else int(spec.joker_upper[roll[0] - 1])
            joker_open = any(joker_ok[b] and not (mask >> b) & 1 for b in range(spec.n_boxes))
            if ub >= 0 and not (mask >> ub) & 1:
                if box != ub:
                    return s, extra, False
            elif joker_open:
                if not joker_ok[box]:
                    return s, extra, False
                s = int(spec.joker_scores[box, r])  # type: ignore[index]
        elif spec.joker == "free" and joker_ok[box]:
            s = int(spec.joker_scores[box, r])  # type: ignore[index]
        elif spec.joker == "classic" and joker_ok[box]:
            ub = -1 if spec.joker_upper is None else int(spec.joker_upper[roll[0] - 1])
            if not (ub >= 0 and not (mask >> ub) & 1):
                s = int(spec.joker_scores[box, r])  # type: ignore[index]
    return s, extra, True
