"""The betting bots' exploitability as OpenSpiel measures it (issue 27 §1): NashConv of each bot, of uniform random
play and of OpenSpiel's CFR+ after k iterations, on the smallest betting game whose tree is finite.

The game is Würfelpoker with raising (Hasard 23) under the research overlay ``wuerfelpoker-forschung``: two players,
one round, stake 1, highest stake 2, seat 1 begins. Why this one and not Al Capone, Offenes or Verdecktes
Würfelpoker: docs/research.md, "Exploitability". The tree of the OpenSpiel adapter is walked once through
OpenSpiel's state API and written as an ``.efg`` file (:func:`wuerfel.interop.nashconv.export_efg`, the bots asked on
the way from each seat's information state); OpenSpiel's C++ ``nash_conv`` and ``CFRPlusSolver`` run on that exact
copy. ``--direct`` also runs OpenSpiel's Python ``exploitability.nash_conv`` on the adapter itself for uniform play
(many minutes: five walks of the tree through the Python adapter) and prints both figures.

Run from the repository root: ``python bench/nashconv.py [--rules R] [--bots optimal,heuristic] [--cfr 1,10,100,1000]
[--direct]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import exploitability

from wuerfel.interop.nashconv import BotPolicy, cfr_plus, efg_policy, export_efg
from wuerfel.interop.openspiel import load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="wuerfelpoker")
    parser.add_argument("--rules", default="wuerfelpoker-forschung")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="optimal,heuristic")
    parser.add_argument(
        "--cfr", default="1,10,100", help="CFR+ iteration counts to report (1000: half an hour on a loaded machine)"
    )
    parser.add_argument("--direct", action="store_true", help="also OpenSpiel's Python nash_conv on the adapter")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # each figure as soon as it is known

    game = load(args.game, args.rules, args.players)
    print(f"game {game}  ({game.get_type().long_name})")
    policies: dict[str, os_policy.Policy] = {"uniform random": os_policy.UniformRandomPolicy(game)}
    for bot in args.bots.split(","):
        policies[f"bot {bot}"] = BotPolicy(game, bot)

    start = time.perf_counter()
    export = export_efg(game, policies, name=f"{args.game} {args.rules}")
    walked = time.perf_counter() - start
    print(
        f"tree: {export.nodes:,} nodes ({export.chance_nodes:,} chance, {export.decision_nodes:,} decisions, "
        f"{export.terminals:,} ends); information sets per seat "
        f"{', '.join(f'{len(i):,}' for i in export.infosets)}; walked and exported in {walked:.0f} s "
        f"(the bots asked on the way)"
    )
    start = time.perf_counter()
    efg = pyspiel.load_efg_game(export.text)
    print(f"loaded by pyspiel.load_efg_game in {time.perf_counter() - start:.1f} s")

    print("\n| policy | NashConv (chips per round) | seconds |\n|---|---:|---:|")
    for name in policies:
        start = time.perf_counter()
        value = pyspiel.nash_conv(efg, efg_policy(efg, export, name))
        print(f"| {name} | {value:.6f} | {time.perf_counter() - start:.1f} |")
    iterations = [int(k) for k in args.cfr.split(",")]
    start = time.perf_counter()
    for k, value in cfr_plus(efg, iterations):
        print(f"| OpenSpiel CFR+, {k} iterations | {value:.6f} | {time.perf_counter() - start:.1f} (cumulative) |")

    if args.direct:
        start = time.perf_counter()
        sys.setrecursionlimit(10_000)
        value = exploitability.nash_conv(game, os_policy.UniformRandomPolicy(game))
        print(
            f"\nPython exploitability.nash_conv on the adapter, uniform random: {value:.6f} "
            f"({time.perf_counter() - start:.0f} s)"
        )


if __name__ == "__main__":
    main()
