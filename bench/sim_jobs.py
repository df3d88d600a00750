"""``wuerfel sim --jobs``: the same run in one process and in N, side by side (time, speed-up, identical figures).

The figures must be identical (the games are seeded per game and summed in game order); the time should fall to
about 1/N on an idle machine with N cores. Run from the repository root:

    .venv/bin/python bench/sim_jobs.py [GAMES] [JOBS]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.cli.sim import default_bot_name, default_jobs, simulate
from wuerfel.engine.registry import get_game

CASES = [("zehntausend", "farkle"), ("wuerfelspiel", "kniffel"), ("jule", None), ("escalero", "escalero")]
"""Each with the game's default bot (what ``wuerfel sim`` plays without ``--bot``)."""


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else default_jobs()
    print(
        f"{'game':14} {'rules':12} {'bot':10} {'games':>6} {'1 job s':>8} {f'{jobs} jobs s':>9} {'speed-up':>8} "
        f"{'same':>5}"
    )
    for game, rules in CASES:
        info = get_game(game)
        bot = default_bot_name(info)
        t = time.perf_counter()
        one = simulate(info, rules, 2, [bot], games, seed=3, jobs=1)
        t1 = time.perf_counter() - t
        t = time.perf_counter()
        many = simulate(info, rules, 2, [bot], games, seed=3, jobs=jobs)
        tn = time.perf_counter() - t
        same = one.players == many.players
        print(
            f"{game:14} {rules or '-':12} {bot:10} {games:6} {t1:8.2f} {tn:9.2f} {t1 / tn:7.2f}x {same!s:>5}",
            flush=True,
        )


if __name__ == "__main__":
    main()
