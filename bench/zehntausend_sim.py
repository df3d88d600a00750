"""Simulation throughput of Zehntausend bots: games per second on one core, per preset and overlay.

Plays whole games (3 players, or ``--players N``; solo: 1) with a seeded dice source, after one warm-up game that
fills the per-rule-set caches (and builds the optimal bot's tables), and prints games/s, decisions and throws per
game, the mean winning score and the process's peak RSS so far. ``--bot`` picks the bot (heuristic, the default;
optimal; random); ``--fast`` drives the games through ``wuerfel sim``'s loop (``play_one``: trusted moves, float
chance tables) instead of the checked engine API. Run from the repository root:

    .venv/bin/python bench/zehntausend_sim.py [GAMES] [RULESET ...] [--bot NAME] [--players N] [--fast]
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.bots import make_bot
from wuerfel.cli.sim import play_one
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource


def play(game: Any, bots: list[Any], seed: int, fast: bool) -> tuple[int, int, float]:
    """One game driven directly on states (no record): (decisions, throws, top score); ``fast``: through
    ``play_one`` (decisions and throws are then not counted)."""
    if fast:
        end = play_one(game, bots, random.Random(seed))
        return 0, 0, max(end.scores())
    state = game.new_initial_state()
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", nargs="?", type=int, default=50)
    parser.add_argument("rulesets", nargs="*")
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--fast", action="store_true")
    args = parser.parse_args()
    info = get_game("zehntausend")
    names = args.rulesets or info.rule_sets()
    print(f"{'rule set':36} {'games/s':>8} {'decisions':>9} {'throws':>7} {'top score':>9} {'peak RSS MB':>11}")
    for name in names:
        rules = info.load_rules(name)
        n = 1 if rules.game.mode == "solo" else args.players
        game = info.new_game(rules, n)
        bots = [make_bot("zehntausend", args.bot, game, p) for p in range(n)]
        play(game, bots, 10_000, args.fast)  # warm the caches
        t0 = time.perf_counter()
        d = th = 0
        top = 0.0
        for g in range(args.games):
            dd, tt, sc = play(game, bots, g, args.fast)
            d, th, top = d + dd, th + tt, top + sc
        dt = time.perf_counter() - t0
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"{name:36} {args.games / dt:8.1f} {d / args.games:9.0f} {th / args.games:7.0f} "
            f"{top / args.games:9.0f} {rss:11.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
