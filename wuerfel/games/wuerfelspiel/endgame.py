"""Exact play of the last turns of a multi-column sheet, with every upper bonus that is still live.

The whole 3-column sheet cannot be solved, but its end can: once few boxes are open, the rest of the game is a
fill-the-boxes game over those boxes (each with its column's weight). What makes it more than the generic solver
handles is the upper bonus: every column whose bonus is still *live* (not reached, still reachable) needs its own
axis, the points its open number boxes will add. Dense axes would be far too large (two live columns with needs of
30 and 40 and 12 open boxes: 4,096 × 31 × 41 states), but most of those states cannot occur: with the column's
fives box filled and nothing else, its points can only have grown by 0, 5, …, 25. So each live column's axis holds,
per set of its filled number boxes, only the totals those boxes can have produced — capped at the need ("reached")
and with all totals that can no longer reach it merged into one "dead" value. A state is (mask of filled boxes, one
index per live axis); the states of one mask are laid out densely (row-major over the live axes) and the turn of
every mask is solved exactly over dice multisets as in :mod:`wuerfel.solvers.fillgame`, vectorised across its states.

Measured (docs/wuerfelspiel.md, "How far from optimal?"): playing the last twelve turns exactly with every live
bonus adds 1.7 ± 0.5 points per game to the single-axis endgame that came before (itself +1.4 over the planner).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, NamedTuple

import numba
import numpy as np

from wuerfel.games.wuerfelspiel.rules import UPPER_FACE
from wuerfel.solvers.fillgame import NEG, PARALLEL_KERNELS, DiceSpace, _keep_stage, dice_space, masks_by_level

if TYPE_CHECKING:
    from wuerfel.games.wuerfelspiel.player import Planner, TurnPlan

Sheet = tuple[tuple[int | None, ...], ...]
DEAD = -1
"""The accumulated points of a live column that can no longer reach its need (all such totals are worth alike)."""


# ------------------------------------------------------------------------------------------------------------------
# the reachable totals of one live column


@dataclasses.dataclass(frozen=True)
class _Axis:
    """The bonus axis of one live column: its values per set of filled number boxes, and the transitions.

    ``faces[j]``: the face of the column's j-th open number box. A *subset* is a bitmask over those boxes (the ones
    filled since the endgame began). ``values[F]``: the canonical accumulated points the filled boxes ``F`` can have
    produced, sorted (DEAD first, ``need`` = reached last); ``index[F, a + 1]``: the position of canonical value
    ``a`` in that list (-1: impossible). ``step[F, i, j, n]``: the position, in the list of ``F | j``, after writing
    ``n`` dice of face ``faces[j]`` into box j from position i; ``bonus[F, i, j, n]``: whether that write reaches the
    need."""

    need: int
    faces: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]
    index: np.ndarray
    step: np.ndarray
    bonus: np.ndarray

    @staticmethod
    def canonical(need: int, faces: tuple[int, ...], a: int, filled: int) -> int:
        """Points ``a`` added so far with the number boxes ``filled`` written: ``need`` once reached, DEAD when the
        open ones (five dice each at most) cannot reach it any more, else ``a`` itself."""
        if a == DEAD:
            return DEAD
        if a >= need:
            return need
        rest = sum(5 * f for j, f in enumerate(faces) if not (filled >> j) & 1)
        return a if a + rest >= need else DEAD

    @classmethod
    def build(cls, need: int, faces: tuple[int, ...]) -> _Axis:
        J = len(faces)

        def canon(a: int, filled: int) -> int:
            return cls.canonical(need, faces, a, filled)

        values: list[tuple[int, ...]] = []
        for F in range(1 << J):
            sums = {0}
            for j, f in enumerate(faces):
                if (F >> j) & 1:
                    sums = {s + f * n for s in sums for n in range(6)}
            values.append(tuple(sorted({canon(s, F) for s in sums})))
        width = max(len(v) for v in values)
        index = np.full((1 << J, need + 2), -1, dtype=np.int64)
        for F, vs in enumerate(values):
            for i, a in enumerate(vs):
                index[F, a + 1] = i
        step = np.full((1 << J, width, max(J, 1), 6), -1, dtype=np.int64)
        bonus = np.zeros((1 << J, width, max(J, 1), 6), dtype=np.bool_)
        for F, vs in enumerate(values):
            for i, a in enumerate(vs):
                for j, f in enumerate(faces):
                    if (F >> j) & 1:
                        continue
                    F2 = F | (1 << j)
                    for n in range(6):
                        a2 = a if a in (DEAD, need) else canon(a + f * n, F2)
                        step[F, i, j, n] = index[F2, a2 + 1]
                        bonus[F, i, j, n] = a not in (DEAD, need) and a2 == need
        return cls(need, faces, tuple(values), index, step, bonus)

    def position(self, filled: int, points: int) -> int:
        """The axis position of a column whose filled number boxes ``filled`` hold ``points`` since the start."""
        i = int(self.index[filled, self.canonical(self.need, self.faces, points, filled) + 1])
        assert i >= 0, (filled, points)
        return i


# ------------------------------------------------------------------------------------------------------------------
# kernels


@numba.njit(cache=True)
def _dims(mask: int, sub: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Axis sizes, row-major strides and the number of states of ``mask``."""
    L = sub.shape[1]
    dims = np.empty(L, dtype=np.int64)
    strides = np.empty(L, dtype=np.int64)
    n = 1
    for ll in range(L - 1, -1, -1):
        d = sizes[ll, sub[mask, ll]]
        dims[ll] = d
        strides[ll] = n
        n *= d
    return dims, strides, n


@numba.njit(cache=True)
def _box_stage(
    mask: int,
    t: int,
    E: np.ndarray,
    offset: np.ndarray,
    sub: np.ndarray,
    sizes: np.ndarray,
    scores: np.ndarray,
    live_of: np.ndarray,
    pos_of: np.ndarray,
    face_of: np.ndarray,
    cnt: np.ndarray,
    step: np.ndarray,
    bonus: np.ndarray,
    bonus_pts: np.ndarray,
    out: np.ndarray,
    choice: np.ndarray,
) -> None:
    """out[r, s]: best value of writing roll r after throw t into an open box, for every state s of ``mask``;
    choice[r, s]: that box (when ``choice`` is not empty)."""
    n_boxes = scores.shape[0]
    n_rolls = scores.shape[2]
    dims, strides, ns = _dims(mask, sub, sizes)
    record = choice.shape[0] > 0
    for r in range(n_rolls):
        for s in range(ns):
            out[r, s] = NEG
    val = np.empty((6, ns))
    for k in range(n_boxes):
        if (mask >> k) & 1:
            continue
        child = mask | (1 << k)
        base = offset[child]
        ll = live_of[k]
        if ll < 0:
            # neither axis moves, and every axis keeps its size: the same local state in the child mask
            for r in range(n_rolls):
                p = scores[k, t, r]
                for s in range(ns):
                    v = p + E[base + s]
                    if v > out[r, s]:
                        out[r, s] = v
                        if record:
                            choice[r, s] = k
            continue
        F = sub[mask, ll]
        j = pos_of[k]
        inner = strides[ll]
        d_old = dims[ll]
        d_new = sizes[ll, sub[child, ll]]
        f = face_of[k]
        for n in range(6):
            for s in range(ns):
                outer = s // (d_old * inner)
                i = (s // inner) % d_old
                q = s % inner
                i2 = step[ll, F, i, j, n]
                v = E[base + (outer * d_new + i2) * inner + q]
                if bonus[ll, F, i, j, n]:
                    v += bonus_pts[k]
                val[n, s] = v
        for r in range(n_rolls):
            n = cnt[r, f - 1]
            p = scores[k, t, r]
            for s in range(ns):
                v = p + val[n, s]
                if v > out[r, s]:
                    out[r, s] = v
                    if record:
                        choice[r, s] = k


@numba.njit(cache=True, nogil=True)
def _turn(
    mask: int,
    E: np.ndarray,
    offset: np.ndarray,
    sub: np.ndarray,
    sizes: np.ndarray,
    scores: np.ndarray,
    same: bool,
    live_of: np.ndarray,
    pos_of: np.ndarray,
    face_of: np.ndarray,
    cnt: np.ndarray,
    step: np.ndarray,
    bonus: np.ndarray,
    bonus_pts: np.ndarray,
    size: np.ndarray,
    child: np.ndarray,
    parent: np.ndarray,
    roll_keep: np.ndarray,
    prob: np.ndarray,
    min_keep: int,
    max_keep: int,
    boxvals: np.ndarray,
    keepvals: np.ndarray,
    choices: np.ndarray,
) -> None:
    """Solves the turn of every state of ``mask`` into ``E`` — or, with non-empty ``boxvals`` (shape [throws,
    rolls, states]), keeps the in-turn values and the chosen boxes for a turn plan instead."""
    throws = scores.shape[1]
    n_rolls = scores.shape[2]
    n_keeps = child.shape[0]
    _d, _s, ns = _dims(mask, sub, sizes)
    record = boxvals.shape[0] > 0
    box = np.empty((n_rolls, ns))
    V = np.empty((n_rolls, ns))
    K = np.empty((n_keeps, ns))
    M = np.empty((n_keeps, ns))
    nochoice = np.empty((0, 0), dtype=np.int64)
    _box_stage(
        mask,
        throws - 1,
        E,
        offset,
        sub,
        sizes,
        scores,
        live_of,
        pos_of,
        face_of,
        cnt,
        step,
        bonus,
        bonus_pts,
        box,
        choices[throws - 1] if record else nochoice,
    )
    V[:, :] = box
    if record:
        boxvals[throws - 1] = box
    for t in range(throws - 2, -1, -1):
        _keep_stage(V, K, M, size, child, parent, roll_keep, min_keep, max_keep, 0, ns - 1)
        if record:
            keepvals[t] = K
        if not same or record:
            _box_stage(
                mask,
                t,
                E,
                offset,
                sub,
                sizes,
                scores,
                live_of,
                pos_of,
                face_of,
                cnt,
                step,
                bonus,
                bonus_pts,
                box,
                choices[t] if record else nochoice,
            )
            if record:
                boxvals[t] = box
        for r in range(n_rolls):
            kr = roll_keep[r]
            for s in range(ns):
                V[r, s] = max(M[kr, s], box[r, s])
    if record:
        return
    base = offset[mask]
    for s in range(ns):
        acc = 0.0
        for r in range(n_rolls):
            acc += prob[r] * V[r, s]
        E[base + s] = acc


# nogil: the web server runs a bot's move in a worker thread; an endgame solve takes up to a few seconds and must not
# hold the interpreter lock (and with it every other table) that long
@numba.njit(cache=True, parallel=True, nogil=True)
def _solve_level(
    masks: np.ndarray,
    E: np.ndarray,
    offset: np.ndarray,
    sub: np.ndarray,
    sizes: np.ndarray,
    scores: np.ndarray,
    same: bool,
    live_of: np.ndarray,
    pos_of: np.ndarray,
    face_of: np.ndarray,
    cnt: np.ndarray,
    step: np.ndarray,
    bonus: np.ndarray,
    bonus_pts: np.ndarray,
    size: np.ndarray,
    child: np.ndarray,
    parent: np.ndarray,
    roll_keep: np.ndarray,
    prob: np.ndarray,
    min_keep: int,
    max_keep: int,
) -> None:
    none3 = np.empty((0, 0, 0))
    nonec = np.empty((0, 0, 0), dtype=np.int64)
    for i in numba.prange(masks.shape[0]):
        _turn(
            masks[i],
            E,
            offset,
            sub,
            sizes,
            scores,
            same,
            live_of,
            pos_of,
            face_of,
            cnt,
            step,
            bonus,
            bonus_pts,
            size,
            child,
            parent,
            roll_keep,
            prob,
            min_keep,
            max_keep,
            none3,
            none3,
            nonec,
        )


# ------------------------------------------------------------------------------------------------------------------


class _KernelArgs(NamedTuple):
    """Everything :func:`_turn` and :func:`_solve_level` take besides the mask and ``E``, in their order."""

    offset: np.ndarray
    sub: np.ndarray
    sizes: np.ndarray
    scores: np.ndarray
    """scores[k, t, r]: the weighted points of roll r after throw t in open box k."""
    same: bool
    live_of: np.ndarray
    pos_of: np.ndarray
    face_of: np.ndarray
    cnt: np.ndarray
    step: np.ndarray
    bonus: np.ndarray
    bonus_pts: np.ndarray
    size: np.ndarray
    child: np.ndarray
    parent: np.ndarray
    roll_keep: np.ndarray
    prob: np.ndarray
    min_keep: int
    max_keep: int


@dataclasses.dataclass(frozen=True, eq=False)
class Endgame:
    """The solved rest of one sheet: expected future (weighted) points of every reachable state."""

    boxes: tuple[tuple[int, int], ...]
    """(column, box index) of every box open at the start; bit k of a mask is ``boxes[k]``."""
    start: Sheet
    """The sheet it was built for: it holds for that sheet and every later position of the same game."""
    live: tuple[int, ...]
    """The columns whose upper bonus was live at the start, one axis each."""
    upper0: tuple[int, ...]
    """Their upper totals at the start (each axis counts the points added since)."""
    axes: tuple[_Axis, ...]
    weights: tuple[int, ...]
    E: np.ndarray
    kernel_args: _KernelArgs
    space: DiceSpace
    """The dice multisets of the rules' dice (the kernels' ``size`` … ``prob``)."""

    @property
    def sub(self) -> np.ndarray:
        """sub[mask, l]: the subset of live column l's open number boxes that ``mask`` has filled."""
        return self.kernel_args.sub

    @property
    def sizes(self) -> np.ndarray:
        """sizes[l, F]: the length of axis l when its filled subset is F."""
        return self.kernel_args.sizes

    @property
    def offset(self) -> np.ndarray:
        """offset[mask]: where the states of ``mask`` begin in ``E``."""
        return self.kernel_args.offset

    @property
    def bonus_pts(self) -> np.ndarray:
        """bonus_pts[k]: the weighted bonus that box k pays when its entry reaches its column's need."""
        return self.kernel_args.bonus_pts

    @staticmethod
    def live_columns(planner: Planner, sheet: Sheet) -> list[tuple[int, int]]:
        """(column, upper total) of every column whose bonus is not reached and still reachable."""
        rules = planner.rules
        thr = rules.upper_bonus_threshold
        live: list[tuple[int, int]] = []
        if rules.upper_bonus and thr > 0:
            for c, col in enumerate(sheet):
                upper = sum(col[i] or 0 for i in planner.upper_idx)
                open_up = [i for i in planner.upper_idx if col[i] is None]
                if open_up and upper < thr <= upper + sum(5 * UPPER_FACE[rules.boxes[i]] for i in open_up):
                    live.append((c, upper))
        return live

    @classmethod
    def cost(cls, planner: Planner, sheet: Sheet) -> int:
        """The number of states the endgame of ``sheet`` has (the solve takes roughly 1 µs per state)."""
        boxes, _live, axes, ups = cls._layout(planner, sheet)
        return int(cls._offsets(len(boxes), axes, ups)[2][-1])

    @staticmethod
    def _layout(
        planner: Planner, sheet: Sheet
    ) -> tuple[tuple[tuple[int, int], ...], list[tuple[int, int]], list[_Axis], list[list[int]]]:
        """The open boxes, the live columns, their axes and, per live column, the bits of its open number boxes
        (in the order of the axis' faces)."""
        rules = planner.rules
        boxes = tuple((c, b) for c, col in enumerate(sheet) for b, v in enumerate(col) if v is None)
        live = Endgame.live_columns(planner, sheet)
        axes = []
        ups = []
        for c, upper in live:
            ks = [k for k, (cc, b) in enumerate(boxes) if cc == c and b in planner.upper_idx]
            faces = tuple(UPPER_FACE[rules.boxes[boxes[k][1]]] for k in ks)
            axes.append(_Axis.build(rules.upper_bonus_threshold - upper, faces))
            ups.append(ks)
        return boxes, live, axes, ups

    @staticmethod
    def _offsets(n: int, axes: list[_Axis], ups: list[list[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        masks = np.arange(1 << n, dtype=np.int64)
        L = len(axes)
        sub = np.zeros((1 << n, max(L, 1)), dtype=np.int64)
        width = max([1 << len(a.faces) for a in axes], default=1)
        sizes = np.ones((max(L, 1), width), dtype=np.int64)
        count = np.ones(1 << n, dtype=np.int64)
        for ll, (axis, ks) in enumerate(zip(axes, ups, strict=True)):
            for j, k in enumerate(ks):
                sub[:, ll] |= ((masks >> k) & 1) << j
            sizes[ll, : 1 << len(axis.faces)] = [len(v) for v in axis.values]
            count *= sizes[ll, sub[:, ll]]
        offset = np.zeros((1 << n) + 1, dtype=np.int64)
        offset[1:] = np.cumsum(count)
        return sub, sizes, offset

    @classmethod
    def build(cls, planner: Planner, sheet: Sheet) -> Endgame:
        """The solved rest of ``sheet``. Its size is :meth:`cost`: callers with a deadline, such as a hint, ask that
        first (:meth:`Planner.endgame`)."""
        rules = planner.rules
        base = planner.spec
        boxes, live, axes, ups = cls._layout(planner, sheet)
        sub, sizes, offset = cls._offsets(len(boxes), axes, ups)
        weights = rules.column_weights
        n = len(boxes)
        scores = np.ascontiguousarray(
            np.stack([base.scores[b] * float(weights[c]) for c, b in boxes])
            if boxes
            else np.zeros((0, base.throws, base.scores.shape[2]))
        )
        same = all(np.array_equal(scores[:, t], scores[:, -1]) for t in range(base.throws))
        live_of = np.full(max(n, 1), -1, dtype=np.int64)
        pos_of = np.zeros(max(n, 1), dtype=np.int64)
        face_of = np.zeros(max(n, 1), dtype=np.int64)
        bonus_pts = np.zeros(max(n, 1))
        for ll, ((c, _u), axis) in enumerate(zip(live, axes, strict=True)):
            for j, k in enumerate(ups[ll]):
                live_of[k] = ll
                pos_of[k] = j
                face_of[k] = axis.faces[j]
                bonus_pts[k] = float(rules.upper_bonus * weights[c])
        L = max(len(axes), 1)
        J = max([len(a.faces) for a in axes], default=0)
        width = max([a.step.shape[1] for a in axes], default=1)
        step = np.zeros((L, 1 << J, width, max(J, 1), 6), dtype=np.int64)
        bonus = np.zeros((L, 1 << J, width, max(J, 1), 6), dtype=np.bool_)
        for ll, a in enumerate(axes):
            s = a.step
            step[ll, : s.shape[0], : s.shape[1], : s.shape[2]] = s
            bonus[ll, : s.shape[0], : s.shape[1], : s.shape[2]] = a.bonus
        sp = dice_space(base.n_dice, base.sides)
        cnt = np.array([[r.count(f) for f in range(1, base.sides + 1)] for r in sp.rolls], dtype=np.int64)
        E = np.zeros(int(offset[-1]))
        args = _KernelArgs(
            offset,
            sub,
            sizes,
            scores,
            same,
            live_of,
            pos_of,
            face_of,
            cnt,
            step,
            bonus,
            bonus_pts,
            sp.size,
            sp.child,
            sp.parent,
            sp.roll_keep,
            sp.prob,
            base.min_keep,
            base.max_keep,
        )
        with PARALLEL_KERNELS:
            for masks in masks_by_level(n):
                _solve_level(masks, E, *args)
        return cls(
            boxes,
            sheet,
            tuple(c for c, _u in live),
            tuple(u for _c, u in live),
            tuple(axes),
            tuple(weights),
            E,
            args,
            sp,
        )

    def covers(self, sheet: Sheet) -> bool:
        """Whether ``sheet`` is ``start`` or a later position of the same game: every box filled at the start
        holds the same points (boxes filled since are among ours by construction)."""
        return len(sheet) == len(self.start) and all(
            v is None or sheet[c][b] == v for c, col in enumerate(self.start) for b, v in enumerate(col)
        )

    def _mask(self, sheet: Sheet) -> int:
        mask = 0
        for k, (c, b) in enumerate(self.boxes):
            if sheet[c][b] is not None:
                mask |= 1 << k
        return mask

    def _index(self, sheet: Sheet, upper_idx: list[int]) -> tuple[int, int]:
        """(mask, position of the sheet's state in ``E``)."""
        mask = self._mask(sheet)
        local = 0
        for ll, c in enumerate(self.live):
            points = sum(sheet[c][i] or 0 for i in upper_idx) - self.upper0[ll]
            F = int(self.sub[mask, ll])
            i = self.axes[ll].position(F, points)
            local = local * int(self.sizes[ll, F]) + i
        return mask, int(self.offset[mask]) + local

    def value(self, sheet: Sheet, upper_idx: list[int]) -> float:
        """Exact expected future (weighted) points of ``sheet`` at a turn start."""
        return float(self.E[self._index(sheet, upper_idx)[1]])

    def entry_value(self, sheet: Sheet, upper_idx: list[int], column: int, box: int, points: int) -> float:
        """Points of writing ``points`` into (column, box) — with the bonus when it reaches it — plus the exact
        expected future after it."""
        col = sheet[column]
        after = (*sheet[:column], (*col[:box], points, *col[box + 1 :]), *sheet[column + 1 :])
        v = float(points * self.weights[column])
        if column in self.live and box in upper_idx:
            ll = self.live.index(column)
            thr = self.upper0[ll] + self.axes[ll].need
            before = sum(col[i] or 0 for i in upper_idx)
            if before < thr <= before + points:
                v += float(self.bonus_pts[self.boxes.index((column, box))])
        return v + self.value(after, upper_idx)

    def turn_plan(self, sheet: Sheet, upper_idx: list[int]) -> TurnPlan:
        """The exact plan of this turn in the shape the planner uses; values are expected future points."""
        from wuerfel.games.wuerfelspiel.player import TurnPlan

        mask, pos = self._index(sheet, upper_idx)
        local = pos - int(self.offset[mask])
        ns = int(self.offset[mask + 1] - self.offset[mask])
        sp = self.space
        throws = self.kernel_args.scores.shape[1]
        boxvals = np.full((throws, len(sp.rolls), ns), NEG)
        keepvals = np.full((throws, len(sp.keeps), ns), NEG)
        choices = np.full((throws, len(sp.rolls), ns), -1, dtype=np.int64)
        _turn(mask, self.E, *self.kernel_args, boxvals, keepvals, choices)
        ks = choices[:, :, local]
        boxchoice = np.where(ks >= 0, np.array([c * 16 + b for c, b in self.boxes] + [-1])[ks], -1)
        return TurnPlan(
            np.ascontiguousarray(boxvals[:, :, local]),
            boxchoice,
            np.ascontiguousarray(keepvals[:, :, local]),
            float(self.E[pos]),
        )
