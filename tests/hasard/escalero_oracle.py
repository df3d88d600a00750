"""An independent oracle for the Escalero solver: a plain numpy DP for bonus-free "fill the boxes" games.

The game's solver is the shared numba machinery (:mod:`wuerfel.solvers.fillgame`); this second, differently
written implementation exists only so that the tests can check the two against each other (and against brute
force on a one-box sheet).

A solitaire sheet of B boxes is a state of the mask of filled boxes (2^B states); a turn is up to ``max_throws``
throws of five dice with keeps in between, then one entry. Optimal play maximises the expected final total, and the
expected future total F[mask] satisfies

    F[full] = 0,   F[mask] = E_throw1[ best_1(hand) ],
    best_t(hand) = max( entry value now,  max over allowed keeps K of E[ best_{t+1}(K + rethrow) ] ),
    best_last(hand) = entry value now,   entry value = max over free boxes b of score(hand, b) + F[mask | b].

The keep transitions are one dense matrix (keeps × 252 hands) shared by every mask, so a mask costs a few small
matrix-vector products. Scores may depend on whether the hand was *served* (all five dice in one throw: the first,
and with ``fresh_served`` also a later throw after keeping nothing, so keeping nothing leads to served values).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from wuerfel.engine.dice import Multiset, multisets, roll_distribution, sort_dice, sub_multisets

N_DICE = 5
HANDS: tuple[Multiset, ...] = multisets(N_DICE)
HAND_INDEX = {h: i for i, h in enumerate(HANDS)}
HAND_PROB = np.array([float(p) for _, p in roll_distribution(N_DICE)])


@cache
def keep_tables(min_keep: int, max_keep: int) -> tuple[tuple[Multiset, ...], np.ndarray, np.ndarray]:
    """Allowed keeps, their transition matrix T[keep, hand] and, per hand, the indices of keeps it allows.

    The index table is padded with ``len(keeps)`` (a dummy keep whose value is −∞), so ``max`` over a row picks the
    best allowed keep; a hand with no allowed keep has only padding.
    """
    keeps = tuple(k for n in range(min_keep, min(max_keep, N_DICE - 1) + 1) for k in multisets(n))
    index = {k: i for i, k in enumerate(keeps)}
    t = np.zeros((len(keeps), len(HANDS)))
    for i, k in enumerate(keeps):
        for roll, p in roll_distribution(N_DICE - len(k)):
            t[i, HAND_INDEX[sort_dice(k + roll)]] += float(p)
    subs = [[index[s] for s in sub_multisets(h) if s in index] for h in HANDS]
    width = max(1, max(len(s) for s in subs))
    table = np.full((len(HANDS), width), len(keeps), dtype=np.int64)
    for i, s in enumerate(subs):
        table[i, : len(s)] = s
    return keeps, t, table


class BoxSolver:
    """Optimal solitaire values of a box sheet. ``score(hand, box, served) -> int`` defines the game."""

    def __init__(
        self,
        boxes: int,
        score: Callable[[Multiset, int, bool], int],
        min_keep: int,
        max_keep: int,
        max_throws: int,
        fresh_served: bool = False,
    ) -> None:
        self.boxes = boxes
        self.max_throws = max_throws
        self.keeps, self.trans, self.allowed = keep_tables(min_keep, max_keep)
        self.fresh = fresh_served and () in self.keeps
        self.score_served = np.array([[score(h, b, True) for b in range(boxes)] for h in HANDS], dtype=float)
        self.score_plain = np.array([[score(h, b, False) for b in range(boxes)] for h in HANDS], dtype=float)
        self.future = self._solve()

    def _solve(self) -> np.ndarray:
        full = (1 << self.boxes) - 1
        f = np.zeros(1 << self.boxes)
        masks = sorted(range(full), key=lambda m: -bin(m).count("1"))
        for m in masks:
            stages = self.stages(m, f)
            f[m] = float(HAND_PROB @ stages[0])
        return f

    def entry_values(self, mask: int, served: bool, f: np.ndarray | None = None) -> np.ndarray:
        """Per hand and box: score now plus the optimal future after filling that box (−∞ for filled boxes)."""
        fut = self.future if f is None else f
        sc = self.score_served if served else self.score_plain
        out = np.full((len(HANDS), self.boxes), -np.inf)
        for b in range(self.boxes):
            if not mask >> b & 1:
                out[:, b] = sc[:, b] + fut[mask | 1 << b]
        return out

    def stages(self, mask: int, f: np.ndarray | None = None) -> list[np.ndarray]:
        """best_t(hand) for t = 1..max_throws (index 0 = after the first throw), optimal play from there."""
        plain = self.entry_values(mask, False, f).max(axis=1)
        served = self.entry_values(mask, True, f).max(axis=1)
        if self.max_throws == 1:
            return [served]
        out = [plain]
        fresh = served  # best_{t+1} of a hand that fell whole in a later throw
        for t in range(self.max_throws - 1, 0, -1):
            kv = self.keep_values(out[0])
            if self.fresh:
                kv[self.keeps.index(())] = HAND_PROB @ fresh
            best_keep = kv[self.allowed].max(axis=1)
            now = served if t == 1 else plain
            out.insert(0, np.maximum(now, best_keep))
            fresh = np.maximum(served, best_keep)
        return out

    def keep_values(self, next_stage: np.ndarray) -> np.ndarray:
        """Expected value of each keep given the values of the next stage (plus −∞ for the padding keep)."""
        return np.append(self.trans @ next_stage, -np.inf)

    def value(self) -> float:
        """Expected total of optimal solitaire play from an empty sheet."""
        return float(self.future[0])
