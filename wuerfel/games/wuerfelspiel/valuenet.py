"""A learned value of the whole 3-column sheet, fitted backwards from the exact endgame, and the turn search on it.

The planner of :mod:`.player` values a sheet column by column (slack tables) and adds a tuned charge for a column
that does not get the turn. What that cannot see is how the columns compete: the same box open in two columns, a
column that needs its sixes while another wants a straight. This module learns that interaction instead of guessing
it. For every number of open boxes ``m`` a small network gives

    V_m(S) = Σ_c w_c · W[σ_c](column c) + net_m(features of S)

the planner's column values plus a learned correction. The networks are fitted one level at a time from the end
(:mod:`.training`): at the anchor level to exact endgame values (:mod:`.endgame`), above it to the *exact* search
of one turn against the level below, already fitted. Every target is therefore an exact expectation over the dice
of one turn with a value anchored below it — not a return of the player's own games, which ran away when tried
(docs/wuerfelspiel.md). The training positions are the turn starts the player reaches and, to teach the net what
the player must tell apart, the other entries the same dice could have gone into.

The turn search itself stays exact: every entry the turn can end in leads to one of at most ``Σ_c (lower boxes +
6 × number boxes)`` sheets, all valued by one batched network call, and :func:`_after_plan` solves the two keep
decisions and the choice of box against that table over dice multisets.

Networks ship as package data per rule set (``data/<preset>-value.npz``) with a key of everything they depend on;
a rule set without one, or with other numbers, plays with the planner alone.
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numba
import numpy as np

from wuerfel.games.wuerfelspiel.rules import UPPER_FACE, WuerfelspielRules
from wuerfel.games.wuerfelspiel.solver import spec_from_rules
from wuerfel.solvers.fillgame import NEG, _plan_throws

if TYPE_CHECKING:
    from wuerfel.games.wuerfelspiel.player import Planner, TurnPlan

FEATURE_VERSION = 1
"""Bump when :meth:`SheetFeatures.features` changes: it is part of every network's key."""

TABLE_LEVELS = (0, 2, 4, 8)
"""Slack levels of the column tables given to the network (``W[s]``: a column that may give up s turns)."""

DATA_DIR = Path(__file__).resolve().parent / "data"


class SheetFeatures:
    """What the networks see of a sheet, computed for many sheets at once (masks and upper totals per column).

    Per column: which boxes are open; its value in the one-column tables at a few slack levels; its upper total,
    whether the bonus is reached, still live, what is missing and what the open number boxes promise; its open
    count. The base value is the planner's own column sum without its charge for waiting, so an untrained
    network (all zero) is a plain, sane player."""

    def __init__(self, planner: Planner) -> None:
        rules = planner.rules
        self.planner = planner
        self.C = rules.columns
        self.B = len(rules.boxes)
        self.W = planner.W
        self.weights = planner.weights
        self.thr = rules.upper_bonus_threshold if planner.spec.n_upper > 1 else 0
        self.levels = tuple(min(lv, self.W.shape[0] - 1) for lv in TABLE_LEVELS)
        face = np.zeros(self.B, dtype=np.int64)
        for i, b in enumerate(rules.boxes):
            face[i] = UPPER_FACE.get(b, 0)
        self.face = face
        self.bits = np.arange(self.B, dtype=np.int64)
        self.n_features = self.C * (self.B + len(self.levels) + 6)

    def key(self) -> str:
        """The key the networks for this planner must carry (:func:`network_key`)."""
        return network_key(self.planner.rules, tuple(float(x) for x in self.planner.slack_scale), self.W.shape[0])

    def table_values(self, masks: np.ndarray, uppers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(W at the feature levels [N, C, L], the base Σ_c w_c · W[σ_c] [N]) for sheets given as masks/uppers
        [N, C] (flag 0: these rules have no Yahtzee extras)."""
        W = self.W
        levels = np.stack([W[lv][masks, 0, uppers] for lv in self.levels], axis=-1)
        open_ = self.B - _popcount(masks)
        others = open_.sum(axis=1, keepdims=True) - open_
        pl = self.planner
        full = max((self.C - 1) * self.B, 1)
        sigma = np.minimum(pl.slack_scale[None, :] * full * (others / full) ** pl.slack_power, W.shape[0] - 1)
        lo = np.floor(sigma).astype(np.int64)
        hi = np.minimum(lo + 1, W.shape[0] - 1)
        frac = sigma - lo
        w_lo = W[lo, masks, 0, uppers]
        w_hi = W[hi, masks, 0, uppers]
        base = ((1.0 - frac) * w_lo + frac * w_hi) @ self.weights
        return levels, base

    def features(self, masks: np.ndarray, uppers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(features [N, D], base values [N])."""
        N = masks.shape[0]
        open_bits = ((masks[:, :, None] >> self.bits[None, None, :]) & 1) == 0  # [N, C, B]
        levels, base = self.table_values(masks, uppers)
        thr = max(self.thr, 1)
        up = uppers.astype(np.float64)
        reached = (uppers >= self.thr) if self.thr else np.ones_like(uppers, dtype=bool)
        open_face = (open_bits * self.face[None, None, :]).sum(axis=2)  # Σ faces of the open number boxes
        live = ~reached & (up + 5 * open_face >= self.thr)
        need = np.where(live, (self.thr - up) / thr, 0.0)
        promise = np.where(live, (up + 3 * open_face - self.thr) / thr, 0.0)
        n_open = open_bits.sum(axis=2) / self.B
        per_col = np.concatenate(
            [
                open_bits.astype(np.float64),
                levels / 100.0,
                (up / thr)[..., None],
                reached[..., None].astype(np.float64),
                live[..., None].astype(np.float64),
                need[..., None],
                promise[..., None],
                n_open[..., None],
            ],
            axis=2,
        )
        return per_col.reshape(N, -1), base


def network_key(rules: WuerfelspielRules, slack_scale: tuple[float, ...], table_levels: int) -> str:
    """Everything a network depends on: the column game (its solver key), the columns, their weights, the
    re-throws, the slack tables the features read and the features themselves. A network whose key differs from
    the rules being played is not used."""
    h = hashlib.sha256()
    h.update(
        repr(
            (
                FEATURE_VERSION,
                spec_from_rules(rules).key(),
                rules.columns,
                rules.column_weights,
                rules.rerolls,
                TABLE_LEVELS,
                slack_scale,
                table_levels,
            )
        ).encode()
    )
    return h.hexdigest()[:24]


def _popcount(masks: np.ndarray) -> np.ndarray:
    x = masks.astype(np.int64)
    count = np.zeros_like(x)
    while np.any(x):
        count += x & 1
        x = x >> 1
    return count


@dataclasses.dataclass
class LevelNet:
    """One level's network: standardised features → two ReLU layers → a correction in points."""

    mu: np.ndarray
    sd: np.ndarray
    A1: np.ndarray
    b1: np.ndarray
    A2: np.ndarray
    b2: np.ndarray
    a3: np.ndarray
    b3: float
    scale: float = 10.0
    """Outputs are in units of ``scale`` points, so the weights stay of order one."""

    def __call__(self, X: np.ndarray) -> np.ndarray:
        Z = (X - self.mu) / self.sd
        H = np.maximum(Z @ self.A1 + self.b1, 0.0)
        H = np.maximum(H @ self.A2 + self.b2, 0.0)
        return (H @ self.a3 + self.b3) * self.scale

    @classmethod
    def zero(cls, n_in: int, hidden: int, rng: np.random.Generator) -> LevelNet:
        """A network whose output is zero (last layer zero) with random hidden layers, ready to train."""
        return cls(
            np.zeros(n_in),
            np.ones(n_in),
            rng.normal(0, np.sqrt(2.0 / n_in), (n_in, hidden)),
            np.zeros(hidden),
            rng.normal(0, np.sqrt(2.0 / hidden), (hidden, hidden)),
            np.zeros(hidden),
            np.zeros(hidden),
            0.0,
        )

    def copy(self) -> LevelNet:
        copied: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            copied[f.name] = np.array(v) if isinstance(v, np.ndarray) else v
        return LevelNet(**copied)


@dataclasses.dataclass
class ValueNet:
    """The networks of one rule set, by number of open boxes after the turn."""

    key: str
    nets: dict[int, LevelNet]

    def save(self, path: Path) -> None:
        arrays: dict[str, Any] = {"key": np.array(self.key), "levels": np.array(sorted(self.nets))}
        for m, net in self.nets.items():
            for f in dataclasses.fields(net):
                # float32 halves the shipped file; the values move by far less than a hundredth of a point
                arrays[f"{m}.{f.name}"] = np.asarray(getattr(net, f.name), dtype=np.float32)
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> ValueNet:
        with np.load(path) as z:
            nets = {}
            for m in z["levels"]:
                vals = {f.name: z[f"{int(m)}.{f.name}"].astype(np.float64) for f in dataclasses.fields(LevelNet)}
                vals["b3"] = float(vals["b3"])
                vals["scale"] = float(vals["scale"])
                nets[int(m)] = LevelNet(**vals)
            return cls(str(z["key"]), nets)


def shipped_path(preset: str) -> Path:
    """Where the package keeps the networks fitted for a preset (written by ``bench/wuerfelspiel_train.py``)."""
    return DATA_DIR / f"{preset}-value.npz"


def find_value_net(features: SheetFeatures) -> ValueNet | None:
    """The shipped networks whose key matches these rules exactly (any preset file), else None."""
    if not DATA_DIR.is_dir():
        return None
    key = features.key()
    for path in sorted(DATA_DIR.glob("*-value.npz")):
        try:
            # an npz reads its members one by one: look at the key before unpacking the networks of other rules
            with np.load(path) as z:
                if str(z["key"]) != key:
                    continue
            return ValueNet.load(path)
        except (OSError, ValueError, KeyError):
            continue
    return None


# ------------------------------------------------------------------------------------------------------------------
# the turn search against a table of after-turn values


@dataclasses.dataclass(frozen=True)
class AfterStates:
    """Every sheet one turn can end in: entry (c, b) with ``n`` dice of the box's face (0 for lower boxes)."""

    masks: np.ndarray
    """[R, C] masks of the sheets after the entry."""
    uppers: np.ndarray
    """[R, C] their capped upper totals."""
    slot: np.ndarray
    """[R] index into the flat table ``after[c, b, n]``."""
    bonus: np.ndarray
    """[R] the weighted upper bonus the entry itself earns."""


def after_states(features: SheetFeatures, masks: np.ndarray, uppers: np.ndarray) -> AfterStates:
    C, B = features.C, features.B
    thr = features.thr
    rules = features.planner.rules
    rows_m, rows_u, slot, bonus = [], [], [], []
    for c in range(C):
        m = int(masks[c])
        u = int(uppers[c])
        for b in range(B):
            if (m >> b) & 1:
                continue
            f = int(features.face[b])
            for n in range(6 if f else 1):
                nm = masks.copy()
                nm[c] = m | (1 << b)
                nu = uppers.copy()
                bon = 0.0
                if f and thr:
                    nu[c] = min(u + n * f, thr)
                    if u < thr <= u + n * f:
                        bon = float(rules.upper_bonus) * float(features.weights[c])
                rows_m.append(nm)
                rows_u.append(nu)
                slot.append((c * B + b) * 6 + n)
                bonus.append(bon)
    return AfterStates(
        np.array(rows_m, dtype=np.int64).reshape(-1, C),
        np.array(rows_u, dtype=np.int64).reshape(-1, C),
        np.array(slot, dtype=np.int64),
        np.array(bonus),
    )


@numba.njit(cache=True)
def _after_box_stage(
    masks: np.ndarray,
    weights: np.ndarray,
    after: np.ndarray,
    face: np.ndarray,
    t: int,
    scores: np.ndarray,
    out: np.ndarray,
    choice: np.ndarray,
) -> None:
    """out[r]: the best of w_c · points + after[c, b, dice of the face] over every open (c, b) for roll r after throw
    t; choice[r] = c * 16 + b."""
    n_boxes = scores.shape[0]
    n_rolls = scores.shape[2]
    out[:] = NEG
    choice[:] = -1
    for c in range(masks.shape[0]):
        mask = masks[c]
        w = weights[c]
        for b in range(n_boxes):
            if (mask >> b) & 1:
                continue
            f = face[b]
            for r in range(n_rolls):
                s = scores[b, t, r]
                n = int(s) // f if f > 0 else 0
                v = w * s + after[c, b, n]
                if v > out[r]:
                    out[r] = v
                    choice[r] = c * 16 + b


@numba.njit(cache=True)
def _after_plan(
    masks: np.ndarray,
    weights: np.ndarray,
    after: np.ndarray,
    face: np.ndarray,
    scores: np.ndarray,
    same: bool,
    min_keep: int,
    max_keep: int,
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
    """The exact turn against after-turn values: boxvals/boxchoice[t, r] (best entry after throw t), keepvals[t, k]
    (keep k after throw t, then play on optimally); returns the expected value before the first throw."""
    throws = scores.shape[1]
    for t in range(throws - 1, -1, -1):
        if t == throws - 1 or not same:
            _after_box_stage(masks, weights, after, face, t, scores, boxvals[t], boxchoice[t])
        else:
            boxvals[t, :] = boxvals[t + 1]
            boxchoice[t, :] = boxchoice[t + 1]
    return _plan_throws(boxvals, keepvals, bestvals, min_keep, max_keep, size, child, parent, roll_keep, prob)


class NetValue:
    """Values sheets with the networks and solves turns against them (used by the planner where a net exists)."""

    def __init__(self, planner: Planner, vn: ValueNet) -> None:
        self.planner = planner
        self.features = SheetFeatures(planner)
        self.vn = vn
        scores, _bonus_box, same, *_ = planner.arrays
        self.scores = scores
        self.same = bool(same[0])
        self._last: tuple[bytes, np.ndarray] | None = None
        """The last sheet's after-turn table: a hint asks for every entry of the same sheet in turn."""

    def covers(self, m: int) -> bool:
        """Whether sheets with ``m`` open boxes have a network."""
        return m in self.vn.nets

    def values(self, m: int, masks: np.ndarray, uppers: np.ndarray) -> np.ndarray:
        """V_m of sheets [N, C] with ``m`` open boxes each (expected future weighted points)."""
        X, base = self.features.features(masks, uppers)
        return base + self.vn.nets[m](X)

    def after_table(self, masks: np.ndarray, uppers: np.ndarray) -> np.ndarray:
        """after[c, b, n]: bonus + V of the sheet after writing n dice of the face into (c, b) (n = 0 for lower
        boxes); the points themselves are added by the search."""
        key = masks.tobytes() + uppers.tobytes()
        last = self._last
        if last is not None and last[0] == key:
            return last[1]
        af = after_states(self.features, masks, uppers)
        m = int((self.features.B - _popcount(masks[None, :])).sum()) - 1
        out = self.table(af, self.values(m, af.masks, af.uppers))
        self._last = (key, out)
        return out

    def table(self, af: AfterStates, values: np.ndarray) -> np.ndarray:
        """The search's table ``after[c, b, n]`` from the values of a turn's after-turn sheets (NEG where no entry
        leads)."""
        C, B = self.features.C, self.features.B
        table = np.full(C * B * 6, NEG)
        table[af.slot] = af.bonus + values
        return table.reshape(C, B, 6)

    def plan(self, masks: np.ndarray, uppers: np.ndarray) -> TurnPlan:
        return self.plan_with_table(masks, self.after_table(masks, uppers))

    def plan_with_table(self, masks: np.ndarray, after: np.ndarray) -> TurnPlan:
        """The exact turn against any table of after-turn values (the tests feed it the endgame's own)."""
        from wuerfel.games.wuerfelspiel.player import TurnPlan

        pl = self.planner
        sp = pl.space
        throws = pl.spec.throws
        boxvals = np.empty((throws, len(sp.rolls)))
        boxchoice = np.empty((throws, len(sp.rolls)), dtype=np.int64)
        keepvals = np.full((throws, len(sp.keeps)), NEG)
        expected = _after_plan(
            masks,
            pl.weights,
            after,
            self.features.face,
            self.scores,
            self.same,
            pl.spec.min_keep,
            pl.spec.max_keep,
            sp.size,
            sp.child,
            sp.parent,
            sp.roll_keep,
            sp.prob,
            boxvals,
            boxchoice,
            keepvals,
            np.empty_like(boxvals),
        )
        return TurnPlan(boxvals, boxchoice, keepvals, float(expected))

    def entry_value(self, masks: np.ndarray, uppers: np.ndarray, column: int, box: int, points: int) -> float:
        """w · (points + bonus) + V of the sheet after writing ``points`` into (column, box)."""
        f = int(self.features.face[box])
        n = points // f if f else 0
        after = self.after_table(masks, uppers)
        return float(self.features.weights[column] * points + after[column, box, n])
