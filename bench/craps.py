"""Figures for Craps (Hasard 11): the maker's exact chance and edge for every number (and how long they take), and
the makers' staking rules measured against each other in bot-only sessions.

Run from the repository root: ``python bench/craps.py [--games N]``. Prints figures; asserts nothing.

The optimal bot maximises one game's expected chips (stake × edge: everything it may stake, on 2); the Kelly bot
stakes the edge's fraction of its chips (41/70), which maximises the growth of its chips over many games; the
heuristic bot names the commonest sum, 7, the worst number. A session is every player making ``rounds`` times.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.cli.sim import play_one
from wuerfel.engine.registry import get_game
from wuerfel.games.hasard.craps_bots import KellyBot, NaiveBot, OptimalBot
from wuerfel.games.hasard.craps_chances import NUMBERS, best_numbers, edge, maker_win, solve_solo, sum_probabilities

BOTS = {"optimal": OptimalBot, "kelly": KellyBot, "heuristic": NaiveBot}


def session_figures(bots: list[str], rounds: int, games: int, seed: int) -> list[tuple[float, float, float]]:
    """Per seat: mean net chips, share of sessions won (shared wins as fractions), share of sessions ending broke."""
    info = get_game("craps")
    game = info.new_game(info.load_rules("craps", {"rounds": rounds}), len(bots))
    players = [BOTS[b](game, i) for i, b in enumerate(bots)]
    rng = random.Random(seed)
    net = [0.0] * len(bots)
    won = [0.0] * len(bots)
    broke = [0] * len(bots)
    for _ in range(games):
        end = play_one(game, players, rng)
        pay = end.payoffs()
        assert pay is not None
        for p, (x, r) in enumerate(zip(pay, end.returns(), strict=True)):
            net[p] += x
            won[p] += r
            broke[p] += end.scores()[p] == 0
    return [(net[p] / games, won[p] / games, broke[p] / games) for p in range(len(bots))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()

    for f in (sum_probabilities, maker_win, best_numbers):
        f.cache_clear()
    t0 = time.perf_counter()
    table = [(n, maker_win(n), edge(n)) for n in NUMBERS]
    dt = time.perf_counter() - t0
    print(f"Craps: the maker's exact chance and edge per chip staked, every number ({dt * 1000:.2f} ms from scratch)")
    for n, w, e in table:
        print(f"  N = {n:2d}  wins {w!s:>12s} = {float(w):.4f}   edge {e!s:>12s} = {float(e):+.4f}")
    t0 = time.perf_counter()
    solve_solo(get_game("craps").load_rules(None), "craps", fresh=True)
    print(f"  wuerfel solve craps --objective solo: {(time.perf_counter() - t0) * 1000:.2f} ms")
    print()
    print(
        f"Sessions of bots ({args.games} each, the lot picks the first maker): mean net chips / sessions won / "
        "sessions ended broke, per seat (20 chips each at the start)"
    )
    for bots, rounds in (
        (["optimal", "heuristic"], 1),
        (["optimal", "kelly"], 1),
        (["optimal", "kelly"], 10),
        (["optimal", "kelly", "heuristic"], 1),
        (["optimal", "kelly", "heuristic"], 10),
    ):
        t0 = time.perf_counter()
        figures = session_figures(bots, rounds, args.games, args.seed)
        dt = time.perf_counter() - t0
        cells = "   ".join(
            f"{b}: {x:+6.2f} / {w * 100:4.1f} % / {k * 100:4.1f} %" for b, (x, w, k) in zip(bots, figures, strict=True)
        )
        print(f"  rounds {rounds:2d}  {cells}   ({args.games / dt:.0f} sessions/s)")


if __name__ == "__main__":
    main()
