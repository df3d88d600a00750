"""The background duel build of the server (issue 16.3): what the replay page is told and what it takes.

For each rule set (default: the default rules, ``zehntausend-einfach``; ``--rules ID …``, ``--target N``) the
``missing_duel_table`` of a two-player game is built exactly as the server's child process builds it (one core,
into a fresh cache directory), and the script prints the estimate the page shows (``cpu_seconds``), the CPU time
the build took (``time.process_time``: the load of a shared machine does not count) and the wall time.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rules", nargs="*", default=["zehntausend-einfach"])
    ap.add_argument("--target", type=int, default=None, help="game.target instead of the rule set's")
    args = ap.parse_args()
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="wuerfel-duel-bench-")  # a build, not a disk read

    from wuerfel.engine.registry import get_game
    from wuerfel.games.zehntausend.solvers import play

    info = get_game("zehntausend")
    print(f"{'rules':<24} {'target':>7} {'work':>14} {'estimate s':>11} {'cpu s':>8} {'wall s':>8}")
    for rules_id in args.rules:
        data = info.resolve(rules_id).data
        if args.target is not None:
            data.setdefault("game", {})["target"] = args.target
        game = info.new_game(info.rules_from_dict(data), 2)
        table = play.missing_duel_table(game)
        if table is None:
            print(f"{rules_id:<24} no background build (on disk, quick, unsupported or too big)")
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        table.build()
        print(
            f"{rules_id:<24} {game.rules.game.target:>7} {play.duel_work(game.rules):>14,} "
            f"{table.cpu_seconds or 0:>11.0f} {time.process_time() - cpu:>8.1f} {time.perf_counter() - wall:>8.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
