"""Simulation throughput of heuristic Zehntausend bots: games per second on one core, per preset and overlay.

Plays whole games (3 players; solo: 1) with a seeded dice source, after one warm-up game that fills the per-rule-set
caches, and prints games/s, decisions and throws per game, and the mean winning score. Run from the repository root:

    /work/venv/bin/python bench/zehntausend_sim.py [GAMES] [RULESET ...]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.zehntausend.bots import HeuristicBot


def play(info, rules, n: int, seed: int) -> tuple[int, int, float]:  # type: ignore[no-untyped-def]
    """One game driven directly on states (no record), as ``wuerfel sim`` does: (decisions, throws, top score)."""
    game = info.new_game(rules, n)
    state = game.new_initial_state()
    bots = [HeuristicBot(seed * 10 + p) for p in range(n)]
    source = SeededSource(seed)
    decisions = throws = 0
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply_outcome(source.choose(state))
            throws += 1
        else:
            p = state.actors()[0]
            state = state.apply_action(bots[p].choose(state, p), p)
            decisions += 1
    return decisions, throws, max(state.scores())


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args and args[0].isdigit() else 50
    info = get_game("zehntausend")
    names = [a for a in args if not a.isdigit()] or info.rule_sets()
    print(f"{'rule set':36} {'games/s':>8} {'decisions':>9} {'throws':>7} {'top score':>9}")
    for name in names:
        rules = info.load_rules(name)
        n = 1 if rules.game.mode == "solo" else 3
        play(info, rules, n, 10_000)  # warm the caches
        t0 = time.perf_counter()
        d = th = 0
        top = 0.0
        for g in range(games):
            dd, tt, sc = play(info, rules, n, g)
            d, th, top = d + dd, th + tt, top + sc
        dt = time.perf_counter() - t0
        print(f"{name:36} {games / dt:8.1f} {d / games:9.0f} {th / games:7.0f} {top / games:9.0f}")


if __name__ == "__main__":
    main()
