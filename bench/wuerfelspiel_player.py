"""Strength of the 3-column player (``--bot best``): mean total ± standard error over seeded solitaire games.

Usage: python bench/wuerfelspiel_player.py [--games 10000] [--seed 2026] [--rules brettspielnetz]
       [--engine 100]   (also play that many games through the engine with the real bot, as a cross-check)
       [--fixed --jobs 2]   (dice fixed per game, turn and throw, in blocks of 250 games played in parallel: the
                             games of bench/wuerfelspiel_paired.py; without it one stream of dice, one process)

The games are played by :func:`wuerfel.games.wuerfelspiel.player.simulate` — the bot's own planner and decision
rule without the engine's per-move bookkeeping (a test checks that both decide alike on the same dice).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rules", default="brettspielnetz")
    ap.add_argument("--engine", type=int, default=0)
    ap.add_argument("--fixed", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()

    import numpy as np

    from wuerfel.engine.registry import get_game
    from wuerfel.games.wuerfelspiel.player import HERE_SHIFT, LATE_OPEN, SLACK_SCALE, Planner, simulate

    info = get_game("wuerfelspiel")
    rules = info.load_rules(args.rules)
    print(
        f"rules {args.rules}: {rules.columns} columns × {rules.column_weights}; slack scale {SLACK_SCALE}, "
        f"shift {HERE_SHIFT} (the scale from {LATE_OPEN} open boxes on); "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    t = time.perf_counter()
    planner = Planner(rules)
    print(f"tables ready in {time.perf_counter() - t:.1f} s")
    if planner.net is not None:
        levels = sorted(planner.net.vn.nets)
        print(
            f"learned sheet value (wuerfel/games/wuerfelspiel/data): networks for {levels[0]}–{levels[-1]} open "
            f"boxes after the turn, key {planner.net.vn.key}"
        )
    else:
        print("no learned sheet value for these rules: the slack-table planner plays")
    t = time.perf_counter()
    if args.fixed:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        from bench.wuerfelspiel_paired import play_fixed

        # spawn, not fork: this process already runs the solver's OpenMP threads, which a forked child cannot use
        with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            totals = play_fixed(pool, args.rules, {}, args.seed, args.games)
        print(f"dice fixed per game, turn and throw; {args.jobs} processes")
    else:
        totals = simulate(rules, args.games, args.seed)
    secs = time.perf_counter() - t
    se = totals.std(ddof=1) / np.sqrt(len(totals))
    print(
        f"{args.games} games: mean total {totals.mean():.2f} ± {se:.2f} (standard error); "
        f"sd {totals.std(ddof=1):.1f}, min {totals.min():.0f}, median {np.median(totals):.0f}, "
        f"max {totals.max():.0f}; {secs:.1f} s ({args.games / secs:.1f} games/s)"
    )
    if args.engine:
        from wuerfel.bots import make_bot
        from wuerfel.engine.sources import SeededSource

        game = info.new_game(rules, 1)
        bot = make_bot("wuerfelspiel", "best", game)
        scores = []
        t = time.perf_counter()
        for g in range(args.engine):
            src = SeededSource(args.seed * 100_003 + g)
            s = game.new_initial_state()
            while not s.is_terminal():
                s = s.apply_outcome(src.choose(s)) if s.is_chance() else s.apply_action(bot.choose(s, 0), 0)
            scores.append(s.scores()[0])
        arr = np.array(scores)
        print(
            f"engine cross-check, {args.engine} games with the real bot: mean {arr.mean():.1f} ± "
            f"{arr.std(ddof=1) / np.sqrt(len(arr)):.1f}; {time.perf_counter() - t:.1f} s"
        )


if __name__ == "__main__":
    main()
