"""Fitting the value networks of :mod:`.valuenet`: positions from the player's games, targets backwards from the
exact endgame, one small network per number of open boxes.

1. **Positions.** The player plays ``games`` solitaire games. At every turn the final dice could have gone into any
   open box; the sheets those entries leave are what the turn search compares, so a few of them (the one chosen
   and ``siblings`` others at random) become training positions of the level below (``m`` = open boxes after).
2. **Anchor.** Positions with ``anchor`` open boxes get their exact value: the endgame of the turn they come from
   (``anchor + 1`` open) is solved exactly (:class:`~.endgame.Endgame`) and covers every one of them.
3. **Levels above**, one at a time: a position's target is the exact expectation of its next turn — both keep
   decisions and the box, over dice multisets — against ``V_{m-1}``, fitted just before.

Every target is an exact expectation over one turn's dice against a value anchored below it; nothing is fitted to
the player's own returns. ``python bench/wuerfelspiel_train.py`` runs it and writes the shipped file.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

import numpy as np

from wuerfel.games.wuerfelspiel.endgame import Endgame
from wuerfel.games.wuerfelspiel.player import Planner, fixed_dice, simulate
from wuerfel.games.wuerfelspiel.rules import UPPER_FACE, WuerfelspielRules
from wuerfel.games.wuerfelspiel.valuenet import (
    LevelNet,
    NetValue,
    SheetFeatures,
    ValueNet,
    after_states,
)

Sheet = tuple[tuple[int | None, ...], ...]


@dataclasses.dataclass
class Positions:
    """Training positions by number of open boxes, and the anchor's positions grouped by the turn they end."""

    by_level: dict[int, list[Sheet]]
    parents: list[tuple[Sheet, list[Sheet]]]


def collect(
    planner: Planner, rules: WuerfelspielRules, games: int, seed: int, anchor: int, top: int, siblings: int
) -> Positions:
    """Play ``games`` games with ``planner`` (dice fixed per game, turn and throw from ``seed``) and record, at
    every turn ending with ``m`` open boxes (anchor ≤ m ≤ top), the sheet of the entry chosen and of ``siblings``
    other entries of the same dice."""
    rng = np.random.default_rng([seed, 99])
    scores = planner.spec.scores
    by_level: dict[int, list[Sheet]] = {m: [] for m in range(anchor, top + 1)}
    parents: list[tuple[Sheet, list[Sheet]]] = []

    def on_entry(sheet: Sheet, t: int, r: int, c: int, b: int) -> None:
        m = sum(v is None for col in sheet for v in col) - 1
        if not anchor <= m <= top:
            return
        open_ = [
            (cc, bb) for cc, col in enumerate(sheet) for bb, v in enumerate(col) if v is None and (cc, bb) != (c, b)
        ]
        pick = [open_[i] for i in rng.choice(len(open_), size=min(siblings, len(open_)), replace=False)]
        sibs = []
        for cc, bb in [(c, b), *pick]:
            col = sheet[cc]
            pts = int(scores[bb, t, r])
            sibs.append((*sheet[:cc], (*col[:bb], pts, *col[bb + 1 :]), *sheet[cc + 1 :]))
        by_level[m].extend(sibs)
        if m == anchor:
            parents.append((sheet, sibs))

    simulate(rules, games, seed, fixed_dice=fixed_dice(rules, seed, 0, games), planner=planner, on_entry=on_entry)
    return Positions(by_level, parents)


def encode_many(planner: Planner, sheets: list[Sheet]) -> tuple[np.ndarray, np.ndarray]:
    """(masks, uppers) [N, C] of sheets."""
    enc = [planner.encode(s) for s in sheets]
    return np.array([e[0] for e in enc], dtype=np.int64), np.array([e[2] for e in enc], dtype=np.int64)


def exact_anchor(
    planner: Planner, parents: list[tuple[Sheet, list[Sheet]]], log: Callable[[str], None] = print
) -> tuple[list[Sheet], np.ndarray, np.ndarray]:
    """The anchor positions with their exact values, one endgame solve per turn they come from. Each solve also
    values every other sheet that turn could have left (any open box, any number of dice for a number box): the
    comparisons the turn search makes there, for free. Also returns the exact values of the parents themselves,
    which measure the level above the anchor."""
    sheets: list[Sheet] = []
    values: list[float] = []
    roots: list[float] = []
    t0 = time.perf_counter()
    faces = [UPPER_FACE.get(b, 0) for b in planner.rules.boxes]
    for i, (parent, sibs) in enumerate(parents):
        eg = Endgame.build(planner, parent)
        roots.append(eg.value(parent, planner.upper_idx))
        every = list(sibs)
        for c, col in enumerate(parent):
            for b, v in enumerate(col):
                if v is None:
                    for n in range(6 if faces[b] else 1):
                        every.append((*parent[:c], (*col[:b], n * faces[b], *col[b + 1 :]), *parent[c + 1 :]))
        for s in every:
            sheets.append(s)
            values.append(eg.value(s, planner.upper_idx))
        if (i + 1) % 500 == 0:
            log(f"  {i + 1} endgames solved, {time.perf_counter() - t0:.0f} s")
    return sheets, np.array(values), np.array(roots)


def backed_up(nv: NetValue, m: int, masks: np.ndarray, uppers: np.ndarray, batch: int = 256) -> np.ndarray:
    """The exact expected value of the next turn of each sheet (``m`` open boxes) against ``V_{m-1}``; the
    after-turn sheets of ``batch`` positions are valued in one network call."""
    out = np.empty(len(masks))
    for lo in range(0, len(masks), batch):
        hi = min(lo + batch, len(masks))
        afs = [after_states(nv.features, masks[i], uppers[i]) for i in range(lo, hi)]
        vals = nv.values(m - 1, np.concatenate([a.masks for a in afs]), np.concatenate([a.uppers for a in afs]))
        pos = 0
        for j, af in enumerate(afs):
            n = len(af.slot)
            out[lo + j] = nv.plan_with_table(masks[lo + j], nv.table(af, vals[pos : pos + n])).expected
            pos += n
    return out


def fit_level(
    X: np.ndarray,
    target: np.ndarray,
    init: LevelNet,
    epochs: int,
    rng: np.random.Generator,
    lr: float = 1e-3,
    batch: int = 256,
    decay: float = 1e-5,
    val_share: float = 0.1,
) -> tuple[LevelNet, float, float]:
    """Adam on the mean squared error of ``net(X)`` against ``target`` (points), warm-started from ``init`` with
    its input standardisation moved to this level's features (an exact change of variables). Returns the net and
    the root mean squared errors on the training and the held-out share."""
    net = init.copy()
    mu = X.mean(axis=0)
    sd = X.std(axis=0)
    sd[sd < 1e-6] = 1.0
    # the same function under the new standardisation: z_old = (mu_new - mu_old) / sd_old + (sd_new / sd_old) z_new
    ratio = sd / net.sd
    net.b1 = net.b1 + ((mu - net.mu) / net.sd) @ net.A1
    net.A1 = net.A1 * ratio[:, None]
    net.mu, net.sd = mu, sd
    Z = (X - mu) / sd
    y = target / net.scale
    n = len(y)
    perm = rng.permutation(n)
    n_val = int(n * val_share)
    val, tr = perm[:n_val], perm[n_val:]
    params = [net.A1, net.b1, net.A2, net.b2, net.a3, np.array([net.b3])]
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    step = 0
    b1_, b2_ = 0.9, 0.999
    total = epochs * max(1, len(tr) // batch)
    for _ep in range(epochs):
        order = rng.permutation(tr)
        for s in range(0, len(order) - batch + 1, batch):
            idx = order[s : s + batch]
            z = Z[idx]
            h1p = z @ params[0] + params[1]
            h1 = np.maximum(h1p, 0.0)
            h2p = h1 @ params[2] + params[3]
            h2 = np.maximum(h2p, 0.0)
            out = h2 @ params[4] + params[5][0]
            g = 2.0 * (out - y[idx]) / len(idx)
            g_a3 = h2.T @ g
            g_b3 = np.array([g.sum()])
            gh2 = np.outer(g, params[4]) * (h2p > 0)
            g_A2 = h1.T @ gh2
            g_b2 = gh2.sum(axis=0)
            gh1 = (gh2 @ params[2].T) * (h1p > 0)
            g_A1 = z.T @ gh1
            g_b1 = gh1.sum(axis=0)
            grads = [g_A1, g_b1, g_A2, g_b2, g_a3, g_b3]
            step += 1
            rate = lr * (0.1 + 0.9 * (1.0 - step / total))
            for k, (p, gr) in enumerate(zip(params, grads, strict=True)):
                if k in (0, 2):
                    gr = gr + decay * p
                m1[k] = b1_ * m1[k] + (1 - b1_) * gr
                m2[k] = b2_ * m2[k] + (1 - b2_) * gr * gr
                p -= rate * (m1[k] / (1 - b1_**step)) / (np.sqrt(m2[k] / (1 - b2_**step)) + 1e-8)
    net.A1, net.b1, net.A2, net.b2, net.a3 = params[:5]
    net.b3 = float(params[5][0])
    pred = net(X)
    rmse_tr = float(np.sqrt(np.mean((pred[tr] - target[tr]) ** 2)))
    rmse_val = float(np.sqrt(np.mean((pred[val] - target[val]) ** 2))) if n_val else float("nan")
    return net, rmse_tr, rmse_val


@dataclasses.dataclass
class TrainConfig:
    """One fitting round; the defaults are the shipped networks' last round (docs/wuerfelspiel.md, "Figures")."""

    games: int = 3000
    seed: int = 777
    anchor: int = 12
    siblings: int = 12
    hidden: int = 64
    epochs: int = 30
    anchor_epochs: int = 60


def train(
    rules: WuerfelspielRules, cfg: TrainConfig, policy: ValueNet | None = None, log: Callable[[str], None] = print
) -> ValueNet:
    """Fit the networks of every level from ``cfg.anchor`` to the last after-turn level (see the module doc).
    ``policy``: the networks of the player whose positions are used (None: the slack-table planner)."""
    t0 = time.perf_counter()
    base = Planner(rules, endgame_open=0, value_net=False)
    player = base if policy is None else Planner(rules, endgame_open=0, value_net=policy)
    top = rules.turns - 1
    pos = collect(player, rules, cfg.games, cfg.seed, cfg.anchor, top, cfg.siblings)
    log(
        f"positions of {cfg.games} games: {sum(len(v) for v in pos.by_level.values())} "
        f"({time.perf_counter() - t0:.0f} s)"
    )
    feats = SheetFeatures(base)
    vn = ValueNet(feats.key(), {})
    nv = NetValue(base, vn)
    rng = np.random.default_rng(cfg.seed)
    sheets, y, roots = exact_anchor(base, pos.parents, log)
    masks, uppers = encode_many(base, sheets)
    X, b = feats.features(masks, uppers)
    net = LevelNet.zero(feats.n_features, cfg.hidden, rng)
    net, e_tr, e_val = fit_level(X, y - b, net, cfg.anchor_epochs, rng)
    vn.nets[cfg.anchor] = net
    log(
        f"{cfg.anchor} open: {len(y)} exact values; rmse base {np.sqrt(np.mean((y - b) ** 2)):.2f}, "
        f"net {e_tr:.2f} / held out {e_val:.2f} ({time.perf_counter() - t0:.0f} s)"
    )
    masks, uppers = encode_many(base, [p for p, _s in pos.parents])
    err = backed_up(nv, cfg.anchor + 1, masks, uppers) - roots
    log(
        f"  the turn before, searched against it, to the exact endgame: mean {err.mean():+.2f}, "
        f"rmse {np.sqrt(np.mean(err**2)):.2f} ({len(err)} positions)"
    )
    for m in range(cfg.anchor + 1, top + 1):
        masks, uppers = encode_many(base, pos.by_level[m])
        y = backed_up(nv, m, masks, uppers)
        X, b = feats.features(masks, uppers)
        net, e_tr, e_val = fit_level(X, y - b, net, cfg.epochs, rng)
        vn.nets[m] = net
        log(
            f"{m} open: {len(y)} positions; rmse base {np.sqrt(np.mean((y - b) ** 2)):.2f}, net {e_tr:.2f} / "
            f"held out {e_val:.2f} ({time.perf_counter() - t0:.0f} s)"
        )
    return vn
