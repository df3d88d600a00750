"""Fit the value networks of the 3-column player (:mod:`wuerfel.games.wuerfelspiel.training`) and write them.

Usage: python bench/wuerfelspiel_train.py [--rules brettspielnetz] [--games 3000] [--siblings 12] [--seed 777]
       [--refit K] [--from FILE] [--out FILE]

Prints the fit per level (root mean squared error of the column-table base and of the network, on the positions
and on a held-out share) and the time. The shipped networks: ``--games 2000 --siblings 6`` from the slack-table
player, then twice from the networks fitted before (``--from``; 2,000 games, then 3,000 with 12 siblings).
``--refit K`` fits K more times, each from the positions of the player with the networks fitted before. The
default output is the file the package ships for the rule set (``wuerfel/games/wuerfelspiel/data/<rules>-value.npz``);
measure a new fit with ``bench/wuerfelspiel_paired.py --a value_net=False --b "value_net='FILE'"`` before shipping
it.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    from wuerfel.engine.registry import get_game
    from wuerfel.games.wuerfelspiel.training import TrainConfig, train
    from wuerfel.games.wuerfelspiel.valuenet import ValueNet, shipped_path

    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="brettspielnetz")
    for f in dataclasses.fields(TrainConfig):
        ap.add_argument(f"--{f.name.replace('_', '-')}", type=int, default=f.default)
    ap.add_argument("--refit", type=int, default=0)
    ap.add_argument("--from", dest="start", type=Path, help="positions from the player with these networks")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    rules = get_game("wuerfelspiel").load_rules(args.rules)
    out = args.out or shipped_path(args.rules)
    cfg = TrainConfig(**{f.name: getattr(args, f.name) for f in dataclasses.fields(TrainConfig)})
    print(f"rules {args.rules}; {cfg}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    t = time.perf_counter()

    def log(line: str) -> None:
        print(line, flush=True)

    policy = ValueNet.load(args.start) if args.start else None
    for k in range(args.refit + 1):
        if k:
            log(f"refit {k}: positions from the player fitted before")
        policy = train(rules, dataclasses.replace(cfg, seed=cfg.seed + k), policy, log)
    assert policy is not None
    out.parent.mkdir(parents=True, exist_ok=True)
    policy.save(out)
    print(f"written {out} ({out.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
