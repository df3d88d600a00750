"""How far the 3-column player is from perfect play, measured on reduced sheets that can be solved exactly.

The real Würfelspiel (3 × 13 boxes) cannot be solved, so the strength bench (``wuerfelspiel_player.py``) can only
compare the ``best`` player with other heuristics. This script shrinks every column to a few boxes (without the
upper bonus, so that a state is just the set of filled boxes of all columns) and solves *that* game exactly as one
fill-the-boxes game of ``3 × k`` boxes with weighted scores. It then plays the same reduced game with the player
(the same planner and slack tables as ``--bot best``, built for the reduced column) and prints its mean, the gap to
the optimum, and — with ``--regret`` — how much each kind of decision loses, judged by the exact values.

Usage: python bench/wuerfelspiel_reduced.py [--boxes three_kind,full_house,...] [--games 3000] [--seed 3]
       [--scale 0.25] [--shift 1] [--regret 300]

Figures of 2026-11-22 are in docs/wuerfelspiel.md ("How far from optimal?").
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from wuerfel.games.wuerfelspiel.rules import WuerfelspielRules
    from wuerfel.solvers.fillgame import FillSpec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DEFAULT_BOXES = "fives,sixes,three_kind,full_house,large_straight,five_kind,chance"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boxes", default=DEFAULT_BOXES, help="boxes of one column (the upper bonus is switched off)")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--scale", type=float, default=None, help="slack scale (default: the player's)")
    ap.add_argument("--shift", type=float, default=None, help="here shift (default: the player's)")
    ap.add_argument("--regret", type=int, default=0, help="also play this many games judging every decision")
    ap.add_argument(
        "--endgame",
        type=int,
        default=0,
        help="open boxes from which the player solves the rest exactly (default 0: measure the "
        "approximate planner alone; the shipped player uses ENDGAME_OPEN)",
    )
    args = ap.parse_args()

    import numpy as np

    from wuerfel.engine.registry import get_game
    from wuerfel.games.wuerfelspiel import player as P
    from wuerfel.games.wuerfelspiel.solver import spec_from_rules
    from wuerfel.solvers.fillgame import FillSpec, solve_fill_game

    base = get_game("wuerfelspiel").load_rules("brettspielnetz")
    rules = dataclasses.replace(base, boxes=tuple(args.boxes.split(",")), upper_bonus=0)
    scale = P.SLACK_SCALE if args.scale is None else args.scale
    shift = P.HERE_SHIFT if args.shift is None else args.shift
    one = spec_from_rules(rules)
    C, B = rules.columns, one.n_boxes
    weights = rules.column_weights
    # the whole reduced sheet as one game: box c*B + b is box b of column c, its points times the column's weight
    joint = FillSpec(
        name="reduced-joint",
        n_dice=5,
        sides=6,
        throws=one.throws,
        min_keep=0,
        max_keep=4,
        box_names=tuple(f"{name}@{c}" for c in range(C) for name in one.box_names),
        scores=np.concatenate([one.scores * weights[c] for c in range(C)], axis=0),
        bonus_box=np.zeros(C * B, dtype=np.bool_),
    )
    print(
        f"reduced sheet: {C} columns × {B} boxes ({', '.join(rules.boxes)}), weights {weights}, no bonus; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    t = time.perf_counter()
    E = solve_fill_game(joint)
    optimum = float(E[0, 0, 0])
    print(f"exact optimum {optimum:.3f} ({1 << (C * B)} states, {time.perf_counter() - t:.1f} s)")
    single = float(solve_fill_game(one)[0, 0, 0])
    print(f"each column on its own, played one after the other: {single * sum(weights):.3f}")
    t = time.perf_counter()
    totals = P.simulate(rules, args.games, args.seed, slack_scale=scale, here_shift=shift, endgame_open=args.endgame)
    se = totals.std(ddof=1) / np.sqrt(len(totals))
    print(
        f"player (scale {scale}, shift {shift}, late switch at {P.LATE_OPEN}, exact from {args.endgame} open), "
        f"{args.games} games: {totals.mean():.3f} ± {se:.3f}; "
        f"gap {optimum - totals.mean():.2f} ({100 * (optimum - totals.mean()) / optimum:.2f} %); "
        f"{time.perf_counter() - t:.1f} s"
    )
    if args.regret:
        _regret(rules, joint, E, args.regret, args.seed + 1, scale, shift, args.endgame)


def _regret(
    rules: WuerfelspielRules,
    joint: FillSpec,
    E: np.ndarray,
    games: int,
    seed: int,
    scale: float,
    shift: float,
    endgame: int,
) -> None:
    """Play with the player and charge every decision the exact value it gives up."""
    import numpy as np

    from wuerfel.games.wuerfelspiel.player import Planner, _best_keep, _sub_keeps
    from wuerfel.solvers.fillgame import turn_tables

    planner = Planner(rules, scale, shift, endgame_open=endgame)
    sp = planner.space
    sub = _sub_keeps()
    first_roll = len(sp.keeps) - len(sp.rolls)
    C, B = rules.columns, len(rules.boxes)
    rng = np.random.default_rng(seed)
    keep_loss = np.zeros(rules.turns)
    box_loss = np.zeros(rules.turns)
    for _g in range(games):
        sheet: list[list[int | None]] = [[None] * B for _ in range(C)]
        for turn in range(rules.turns):
            masks = planner.encode(tuple(tuple(c) for c in sheet))[0]
            jm = sum(int(masks[c]) << (c * B) for c in range(C))
            exact = turn_tables(joint, E, jm, 0, 0)
            plan = planner.plan(tuple(tuple(c) for c in sheet))
            k = 0
            throws = 0
            while True:
                for f in rng.integers(1, 7, size=int(5 - sp.size[k])):
                    k = sp.child[k, f - 1]
                throws += 1
                r = k - first_roll
                t = throws - 1
                best = exact.box[t, r]
                if throws <= rules.rerolls:
                    best = max(best, _best_keep(exact.keep[t], sub, r)[1])
                    kk, kv = _best_keep(plan.keepvals[t], sub, r)
                    if kk >= 0 and kv > plan.boxvals[t, r] + 1e-9:
                        keep_loss[turn] += best - exact.keep[t, kk]
                        k = kk
                        continue
                choice = int(plan.boxchoice[t, r])
                c, b = divmod(choice, 16)
                jb = c * B + b
                box_loss[turn] += best - (joint.scores[jb, t, r] + E[jm | (1 << jb), 0, 0])
                sheet[c][b] = int(joint.scores[jb, t, r] // rules.column_weights[c])
                break
    print(
        f"loss per game by the exact values ({games} games): keeps {keep_loss.sum() / games:.2f}, "
        f"boxes {box_loss.sum() / games:.2f}"
    )
    print("loss per turn:", " ".join(f"{x:.2f}" for x in (keep_loss + box_loss) / games))


if __name__ == "__main__":
    main()
