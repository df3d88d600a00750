"""The fill-the-boxes solver for *plain* sheets in NumPy alone, without numba (Ohio).

A plain sheet is a fill-the-boxes game (:mod:`wuerfel.solvers.fillgame`) without an upper bonus, without a Yahtzee
extra or joker and without fresh-throw scores: its turn-start state is just the mask of filled boxes. Why a second
path: the numba solver's import and the loading of its cached kernels cost 1–2 s in a brand-new process (and a
first compile of 20 s in a new checkout), while a plain sheet of 7 boxes is 128 states whose turns NumPy solves in
a few hundredths of a second — ``wuerfel solve ohio`` should answer in well under a second from a fresh process
(issue 13). The numba module is neither imported here nor by anything this module imports.

The recursion is the one of :mod:`wuerfel.solvers.fillgame` step for step (box stage, keep values by one die more,
best keep inside a roll by one die less), vectorised over all masks of one level (the columns) instead of over the
upper totals; the six children of a keep are summed in the same order, so the values agree to rounding
(``tests/hasard/test_ohio.py`` holds both solvers to each other).
"""

from __future__ import annotations

import dataclasses
from functools import cache

import numpy as np

from wuerfel.engine.dice import keep_table, multiset_probability, multisets

NEG = -1.0e18
"""The value of a forbidden choice (the same sentinel as the numba solver's)."""


@dataclasses.dataclass(frozen=True)
class PlainSpace:
    """The keeps of 0..n dice numbered as :func:`wuerfel.engine.dice.keep_table` numbers them (so a table's index
    is the games' keep id), with the links the recursion walks, as index arrays."""

    n: int
    sides: int
    keeps: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, ...], int]
    by_size: tuple[np.ndarray, ...]
    """by_size[s]: the indices of the keeps of s dice."""
    child: np.ndarray
    """child[k, f]: keep k plus one die showing f+1 (0 for full keeps: never read)."""
    parent: np.ndarray
    """parent[k, f]: keep k minus one die showing f+1, or ``len(keeps)`` (a row that holds NEG) where k has none."""
    roll_keep: np.ndarray
    """roll_keep[r]: keep index of roll r (rolls in the order of :func:`~wuerfel.engine.dice.multisets`)."""
    prob: np.ndarray
    """prob[r]: probability of roll r when all n dice are thrown."""


@cache
def plain_space(n: int, sides: int = 6) -> PlainSpace:
    keeps = keep_table(n, sides)
    index = {k: i for i, k in enumerate(keeps)}
    child = np.zeros((len(keeps), sides), dtype=np.int64)
    parent = np.full((len(keeps), sides), len(keeps), dtype=np.int64)
    for i, k in enumerate(keeps):
        for f in range(sides):
            if len(k) < n:
                child[i, f] = index[tuple(sorted((*k, f + 1)))]
            if f + 1 in k:
                rest = list(k)
                rest.remove(f + 1)
                parent[i, f] = index[tuple(rest)]
    sizes = np.array([len(k) for k in keeps], dtype=np.int64)
    rolls = multisets(n, sides)
    return PlainSpace(
        n=n,
        sides=sides,
        keeps=tuple(keeps),
        index=index,
        by_size=tuple(np.nonzero(sizes == s)[0] for s in range(n + 1)),
        child=child,
        parent=parent,
        roll_keep=np.array([index[r] for r in rolls], dtype=np.int64),
        prob=np.array([float(multiset_probability(r, sides)) for r in rolls]),
    )


def masks_by_level(n_boxes: int) -> list[np.ndarray]:
    """The masks grouped by their number of filled boxes, fullest first, without the full sheet (worth 0)."""
    masks = np.arange(1 << n_boxes, dtype=np.int64)
    pop = np.zeros(1 << n_boxes, dtype=np.int64)
    for b in range(n_boxes):
        pop += (masks >> b) & 1
    return [np.nonzero(pop == level)[0] for level in range(n_boxes - 1, -1, -1)]


def box_values(scores_t: np.ndarray, E: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """out[r, i]: the best value of writing roll r into a free box of sheet ``masks[i]`` (points plus the rest)."""
    out = np.full((scores_t.shape[1], len(masks)), NEG)
    for b in range(scores_t.shape[0]):
        free = ((masks >> b) & 1) == 0
        if free.any():
            vals = scores_t[b][:, None] + E[masks[free] | (1 << b)][None, :]
            out[:, free] = np.maximum(out[:, free], vals)
    return out


def keep_values(sp: PlainSpace, V: np.ndarray) -> np.ndarray:
    """K[k, i]: the expected value after the next throw when keep k stands (V: values of the rolls after it)."""
    K = np.empty((len(sp.keeps), V.shape[1]))
    K[sp.roll_keep] = V
    inv = 1.0 / sp.sides
    for s in range(sp.n - 1, -1, -1):
        idx = sp.by_size[s]
        c = K[sp.child[idx]]
        if sp.sides == 6:  # the numba kernel's order of additions
            K[idx] = (((c[:, 0] + c[:, 1]) + (c[:, 2] + c[:, 3])) + (c[:, 4] + c[:, 5])) * inv
        else:
            K[idx] = c.sum(axis=1) * inv
    return K


def best_keeps(sp: PlainSpace, K: np.ndarray, min_keep: int, max_keep: int) -> np.ndarray:
    """M[k, i]: the value of the best allowed keep inside k (min_keep..max_keep dice); one extra row of NEG."""
    M = np.empty((len(sp.keeps) + 1, K.shape[1]))
    M[-1] = NEG
    for s in range(sp.n + 1):
        idx = sp.by_size[s]
        own = K[idx] if min_keep <= s <= max_keep else np.full((len(idx), K.shape[1]), NEG)
        M[idx] = np.maximum(own, M[sp.parent[idx]].max(axis=1))
    return M


def solve_plain(scores: np.ndarray, n_dice: int, sides: int, min_keep: int, max_keep: int) -> np.ndarray:
    """E[mask]: the optimal expected future points of a sheet whose filled boxes are ``mask``, at a turn's start.

    ``scores[b, t, r]``: the points of box b written after throw t with roll r, as in ``FillSpec.scores``."""
    sp = plain_space(n_dice, sides)
    n_boxes, throws, _ = scores.shape
    same = all(np.array_equal(scores[:, t], scores[:, -1]) for t in range(throws))
    E = np.zeros(1 << n_boxes)
    for masks in masks_by_level(n_boxes):
        box = box_values(scores[:, throws - 1], E, masks)
        V = box
        for t in range(throws - 2, -1, -1):
            M = best_keeps(sp, keep_values(sp, V), min_keep, max_keep)
            if not same:
                box = box_values(scores[:, t], E, masks)
            V = np.maximum(M[sp.roll_keep], box)
        E[masks] = sp.prob @ V
    return E


def plain_turn_tables(
    scores: np.ndarray, E: np.ndarray, mask: int, n_dice: int, sides: int, min_keep: int, max_keep: int
) -> tuple[np.ndarray, np.ndarray]:
    """(box[t, r], keep[t, k]) of the turn of sheet ``mask``: the expected future points of writing roll r into
    the best box after throw t, and of keeping k after throw t and throwing the rest (NEG after the last throw) —
    the layout of ``fillgame.TurnTables``."""
    sp = plain_space(n_dice, sides)
    throws = scores.shape[1]
    masks = np.array([mask], dtype=np.int64)
    box = np.full((throws, len(sp.roll_keep)), NEG)
    keep = np.full((throws, len(sp.keeps)), NEG)
    box[throws - 1] = box_values(scores[:, throws - 1], E, masks)[:, 0]
    V = box[throws - 1][:, None]
    for t in range(throws - 2, -1, -1):
        K = keep_values(sp, V)
        keep[t] = K[:, 0]
        M = best_keeps(sp, K, min_keep, max_keep)
        box[t] = box_values(scores[:, t], E, masks)[:, 0]
        V = np.maximum(M[sp.roll_keep], box[t][:, None])
    return box, keep
