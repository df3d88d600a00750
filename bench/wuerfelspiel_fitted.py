"""Experiment: a value of the whole 3-column sheet fitted *backwards from the exact endgame*, played and compared.

Usage: python bench/wuerfelspiel_fitted.py [--positions 2500] [--exact 1500] [--ridge 0.01]
       [--games 2000] [--seed 11] [--jobs 2] [--theta FILE] [--refit K] [--out FILE]

The shipped planner values a sheet column by column (slack tables, docs/wuerfelspiel.md) and charges a column
that does not get the turn a full step of slack (``HERE_SHIFT``), a heuristic that makes columns keen to take
turns. This experiment replaces both by one value of the sheet after the turn, per number of open boxes ``m``::

    V_m(S) = Σ_c w_c · (α_c W[0](c) + β_c W[σ_c](c) + γ_c · open_c) + Σ_b θ_b · φ_b(S) + κ

where ``φ_b`` says in how many columns box ``b`` is still open (≥ 1, ≥ 2, all three) and the weight of those
columns: open boxes that compete for the same dice are worth less together than apart. It is fitted one level at a
time, from the end: at 12 open boxes to the exact endgame values of positions the player reaches; at ``m`` > 12 to
the exact turn search from positions with ``m + 1`` open against ``V_{m-1}``, already fitted. Every target thus
comes from exact play of one turn and a value anchored below it — unlike values fitted to the player's own
returns, which ran away (docs). The turn search is the planner's kernel (``fillgame._multi_plan``) with three
table levels per column and the box terms as ``entry_add``.

Prints the fit per level, then the fitted player and the shipped one on the same fixed dice (as
``bench/wuerfelspiel_paired.py``) with the paired difference. The endgame (12 open and fewer) is exact in both.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import pickle
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.engine.registry import get_game
from wuerfel.games.wuerfelspiel.endgame import Endgame
from wuerfel.games.wuerfelspiel.player import ENDGAME_OPEN, Planner, TurnPlan, fixed_dice, simulate
from wuerfel.games.wuerfelspiel.rules import WuerfelspielRules

CHUNK = 250
"""Games per block of the evaluation (the blocks of ``bench/wuerfelspiel_paired.py``: the same dice)."""

Sheet = tuple[tuple[int | None, ...], ...]


class FittedPlanner(Planner):
    """The planner with the fitted value of the sheet after the turn wherever ``theta`` has its level."""

    def __init__(self, rules: WuerfelspielRules, theta: dict[int, np.ndarray] | None = None, **knobs: object) -> None:
        super().__init__(rules, **knobs)  # type: ignore[arg-type]
        self.theta = theta or {}
        self.n_boxes = len(rules.boxes)
        self.n_params = 3 * rules.columns + 1 + 4 * self.n_boxes

    def opens(self, masks: np.ndarray) -> np.ndarray:
        return np.array([self.n_boxes - bin(int(m)).count("1") for m in masks], dtype=np.float64)

    def box_features(self, masks: np.ndarray) -> np.ndarray:
        """Per box: open in ≥ 1, ≥ 2, all 3 columns, and the weight of the columns where it is open / 6."""
        k = np.zeros(self.n_boxes)
        ws = np.zeros(self.n_boxes)
        for c, m in enumerate(masks):
            for b in range(self.n_boxes):
                if not (int(m) >> b) & 1:
                    k[b] += 1
                    ws[b] += self.weights[c]
        return np.concatenate([k >= 1, k >= 2, k >= 3, ws / 6.0]).astype(np.float64)

    def features(self, masks: np.ndarray, flags: np.ndarray, uppers: np.ndarray) -> np.ndarray:
        C = len(masks)
        slacks = self.slacks(masks)
        op = self.opens(masks)
        f = np.zeros(self.n_params)
        for c in range(C):
            m, fl, u = int(masks[c]), int(flags[c]), int(uppers[c])
            f[c] = self.weights[c] * self.W[0, m, fl, u]
            f[C + c] = self.weights[c] * self._w(float(slacks[c]), m, fl, u)
            f[2 * C + c] = self.weights[c] * op[c]
        f[3 * C] = 1.0
        f[3 * C + 1 :] = self.box_features(masks)
        return f

    def plan_encoded(self, masks: np.ndarray, flags: np.ndarray, uppers: np.ndarray) -> TurnPlan:
        th = self.theta.get(int(self.opens(masks).sum()) - 1)
        if th is None:
            return super().plan_encoded(masks, flags, uppers)
        return self.fitted_plan(masks, flags, uppers, th)[0]

    def fitted_plan(
        self, masks: np.ndarray, flags: np.ndarray, uppers: np.ndarray, th: np.ndarray
    ) -> tuple[TurnPlan, float]:
        """The exact turn against ``V`` with parameters ``th``, and the value of the turn start it implies."""
        C = len(masks)
        slacks = self.slacks(masks)
        op = self.opens(masks)
        levels = np.zeros((C, 3), dtype=np.int64)
        alphas = np.zeros((C, 3))
        here = np.zeros(C)
        tb = th[3 * C + 1 :]
        phi0 = self.box_features(masks)
        base = th[3 * C] + float(tb @ phi0)
        add = np.zeros((C, self.n_boxes))
        for c in range(C):
            (l0, l1), (a0, a1) = self.mixture(float(slacks[c]))
            levels[c] = (0, l0, l1)
            alphas[c] = (th[c], th[C + c] * a0, th[C + c] * a1)
            m, fl, u = int(masks[c]), int(flags[c]), int(uppers[c])
            # a column that does not get the turn keeps its boxes; one open box of the others is gone
            stay = (
                th[c] * self.W[0, m, fl, u]
                + th[C + c] * self._w(float(slacks[c] - self.slack_scale[c]), m, fl, u)
                + th[2 * C + c] * op[c]
            )
            base += self.weights[c] * stay
            here[c] = stay - th[2 * C + c] * (op[c] - 1)
            for b in range(self.n_boxes):
                if not (m >> b) & 1:
                    after = masks.copy()
                    after[c] = m | (1 << b)
                    add[c, b] = float(tb @ (self.box_features(after) - phi0))
        plan = self.turn_search(masks, flags, uppers, levels, alphas, here, add)
        return plan, base + plan.expected


def positions(
    rules: WuerfelspielRules, games: int, seed: int, policy: dict[int, np.ndarray] | None = None
) -> dict[int, list[Sheet]]:
    """Turn-start sheets by open boxes (from ENDGAME_OPEN up), from the games of the shipped player or, with
    ``policy``, of the player fitted before (so that the fit learns where its own player goes)."""
    out: dict[int, list[Sheet]] = {n: [] for n in range(ENDGAME_OPEN, rules.turns)}

    class Recorder(FittedPlanner):
        def plan(self, sheet: Sheet, max_cost: float | None = None) -> TurnPlan:
            n = sum(v is None for col in sheet for v in col)
            if n in out:
                out[n].append(sheet)
            return super().plan(sheet, max_cost)

    simulate(
        rules,
        games,
        seed,
        fixed_dice=fixed_dice(rules, seed, 0, games),
        endgame_open=0,
        planner=Recorder(rules, policy, endgame_open=0),
    )
    return out


def ridge(X: np.ndarray, y: np.ndarray, prior: np.ndarray, lam: float, free: int) -> tuple[np.ndarray, float]:
    """Least squares shrunk towards ``prior`` on standardised features (``free``: the unpenalised constant)."""
    sd = X.std(axis=0)
    sd[sd < 1e-9] = 1.0
    sd[free] = 1.0
    Z = X / sd
    pen = np.full(X.shape[1], lam * len(y))
    pen[free] = 0.0
    d = np.linalg.solve(Z.T @ Z + np.diag(pen) + 1e-9 * np.eye(X.shape[1]), Z.T @ (y - X @ prior))
    th = prior + d / sd
    return th, float(np.sqrt(np.mean((y - X @ th) ** 2)))


def fit(
    rules: WuerfelspielRules,
    n_positions: int,
    n_exact: int,
    lam: float,
    seed: int,
    policy: dict[int, np.ndarray] | None = None,
) -> dict[int, np.ndarray]:
    t0 = time.perf_counter()
    pl = FittedPlanner(rules, endgame_open=0)
    pos = positions(rules, n_positions, seed, policy)
    print(f"positions of {n_positions} games: {time.perf_counter() - t0:.0f} s", flush=True)
    C = rules.columns
    prior = np.zeros(pl.n_params)
    prior[C : 2 * C] = 1.0  # Σ w_c W[σ_c](c): the planner's columns without the charge for waiting
    free = 3 * C
    theta: dict[int, np.ndarray] = {}
    X, y = [], []
    for S in pos[ENDGAME_OPEN][:n_exact]:
        eg = Endgame.build(pl, S)
        X.append(pl.features(*pl.encode(S)))
        y.append(eg.value(S, pl.upper_idx))
    Xa, ya = np.array(X), np.array(y)
    theta[ENDGAME_OPEN], rmse = ridge(Xa, ya, prior, lam, free)
    print(
        f"{ENDGAME_OPEN} open: {len(ya)} exact endgames, rmse {rmse:.2f} (sd {ya.std():.2f}), "
        f"{time.perf_counter() - t0:.0f} s",
        flush=True,
    )
    for n in range(ENDGAME_OPEN + 1, rules.turns):
        X, y = [], []
        for S in pos[n]:
            enc = pl.encode(S)
            X.append(pl.features(*enc))
            y.append(pl.fitted_plan(*enc, theta[n - 1])[1])
        Xa, ya = np.array(X), np.array(y)
        theta[n], rmse = ridge(Xa, ya, prior, lam, free)
        print(
            f"{n} open: rmse {rmse:.2f} (sd {ya.std():.2f}); α {np.round(theta[n][:C], 3)} "
            f"β {np.round(theta[n][C : 2 * C], 3)} γ {np.round(theta[n][2 * C : 3 * C], 3)}",
            flush=True,
        )
    return theta


def _play(args: tuple[str, dict[int, np.ndarray] | None, int, int, int]) -> list[float]:
    rules_name, theta, seed, first, count = args
    rules = get_game("wuerfelspiel").load_rules(rules_name)
    planner = FittedPlanner(rules, theta) if theta is not None else None
    return list(simulate(rules, count, seed, fixed_dice=fixed_dice(rules, seed, first, count), planner=planner))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="brettspielnetz")
    ap.add_argument("--positions", type=int, default=2500, help="games whose positions the fit uses")
    ap.add_argument("--exact", type=int, default=1500, help="exact endgame values at 12 open")
    ap.add_argument("--ridge", type=float, default=0.01)
    ap.add_argument("--fit-seed", type=int, default=777)
    ap.add_argument("--games", type=int, default=2000, help="games of the paired evaluation")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--theta", type=Path, help="load the fit from this file, or save it there")
    ap.add_argument(
        "--refit", type=int, default=0, help="fit again this many times, from positions of the player fitted before"
    )
    ap.add_argument("--out", type=Path, help="save the final fit here")
    args = ap.parse_args()
    rules = get_game("wuerfelspiel").load_rules(args.rules)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if args.theta is not None and args.theta.exists():
        theta = pickle.loads(args.theta.read_bytes())
    else:
        theta = fit(rules, args.positions, args.exact, args.ridge, args.fit_seed)
        if args.theta is not None:
            args.theta.write_bytes(pickle.dumps(theta))
    for k in range(args.refit):
        print(f"refit {k + 1}: positions from the fitted player", flush=True)
        theta = fit(rules, args.positions, args.exact, args.ridge, args.fit_seed + k + 1, theta)
    if args.out is not None:
        args.out.write_bytes(pickle.dumps(theta))
    if args.games <= 0:
        return
    t = time.perf_counter()
    blocks = range(0, args.games, CHUNK)
    # spawn: the fit ran OpenMP threads (the endgame solver), and a forked child of such a process aborts
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        res = {}
        for name, th in (("shipped", None), ("fitted", theta)):
            jobs = [(args.rules, th, args.seed, s, min(CHUNK, args.games - s)) for s in blocks]
            res[name] = np.concatenate([np.array(r) for r in pool.map(_play, jobs)])
            x = res[name]
            print(
                f"{name}: mean {x.mean():.2f} ± {x.std(ddof=1) / np.sqrt(len(x)):.2f} "
                f"({time.perf_counter() - t:.0f} s)",
                flush=True,
            )
    d = res["fitted"] - res["shipped"]
    print(f"fitted − shipped over {len(d)} games: {d.mean():+.2f} ± {d.std(ddof=1) / np.sqrt(len(d)):.2f}")


if __name__ == "__main__":
    main()
