"""Figures for the Hasard games: Escalero solve time, bot decision times, games per second with bots.

Run from the repository root: ``python bench/hasard.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.bots import make_bot
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource
from wuerfel.games.hasard.escalero_solver import forget_solved, solve_solo


def play(game: str, n: int, games: int) -> tuple[float, list[float], list[tuple[float, ...]]]:
    info = get_game(game)
    decision_times: list[float] = []
    results = []
    t0 = time.perf_counter()
    for g in range(games):
        m = Match.new(game, None, [f"p{i}" for i in range(n)])
        bots = [make_bot(game, info.default_bot, m.game, seed=g * 10 + p) for p in range(n)]
        src = SeededSource(g)
        while not m.state.is_terminal():
            if m.state.is_chance():
                m.chance(src.choose(m.state))
            else:
                p = m.state.actors()[0]
                t = time.perf_counter()
                a = bots[p].choose(m.state, p)
                decision_times.append(time.perf_counter() - t)
                m.act(a, p)
        results.append(m.state.scores())
    return time.perf_counter() - t0, decision_times, results


def main() -> None:
    rules = get_game("escalero").load_rules()
    forget_solved()
    r = solve_solo(rules, "escalero")
    print(f"escalero solve (solo): value {r.value:.6f}, {r.seconds:.3f} s (numba kernels cached)")
    for game, n, games in (
        ("escalero", 1, 200),
        ("escalero", 3, 30),
        ("lustige-sieben", 4, 30),
        ("verdecktes-wuerfelpoker", 4, 30),
    ):
        total, dts, results = play(game, n, games)
        print(
            f"{game} ({n} players, {games} games with bots): {games / total:.1f} games/s, "
            f"bot decision median {statistics.median(dts) * 1e3:.2f} ms, max {max(dts) * 1e3:.1f} ms"
        )
        if game == "escalero" and n == 1:
            totals = [s[0] for s in results]
            print(
                f"  solitaire mean total {statistics.mean(totals):.2f} ± "
                f"{statistics.stdev(totals) / len(totals) ** 0.5:.2f} (solver {r.value:.2f})"
            )
        if game != "escalero":
            seats = list(zip(*results, strict=True))
            print("  mean final chips per seat:", [round(statistics.mean(s), 1) for s in seats])


if __name__ == "__main__":
    main()
