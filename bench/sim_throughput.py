"""Simulation throughput of ``wuerfel sim`` (one process, one core): games per second per game and preset.

Every seat is played by the game's default bot (``heuristic`` for Zehntausend), two seats where the rule set allows
(else the fewest it allows), seeded, through exactly the loop the command uses (:func:`wuerfel.cli.sim.simulate`).
Prints the mean final score and win share of seat 1 with its standard error, so a change in strength shows next to a
change in speed. Run from the repository root:

    /work/venv/bin/python bench/sim_throughput.py [GAMES_PER_PRESET] [GAME ...]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.cli.play_seats import player_counts
from wuerfel.cli.sim import default_bot_name, simulate
from wuerfel.engine.registry import all_games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    only = set(sys.argv[2:])
    print(
        f"{'game':24} {'rule set':26} {'bot':10} {'seats':>5} {'games':>6} {'s':>7} {'games/s':>9} "
        f"{'mean seat 1':>18} {'wins 1':>7}"
    )
    start = time.perf_counter()
    for info in all_games():
        if only and info.id not in only:
            continue
        lib = info.library
        for name in info.rule_sets():
            if lib and lib.is_overlay(name):
                continue
            rules = info.rules_from_dict(info.resolve(name).data)
            counts = player_counts(info, rules)
            n = 2 if 2 in counts else counts[0]
            bot = default_bot_name(info)
            res = simulate(info, name, n, [bot], games, seed=1)
            p = res.players[0]
            print(
                f"{info.id:24} {name:26} {bot:10} {n:5} {res.games:6} {res.seconds:7.2f} "
                f"{res.games_per_second:9.1f} {p.mean:10.1f} ± {p.stderr:5.1f} {p.wins / res.games:7.1%}",
                flush=True,
            )
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
