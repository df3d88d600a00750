"""Benchmark of the Zehntausend solvers: turn solve time per preset, farkle duel time, optimal vs heuristic.

Usage::

    python bench/zehntausend_solve.py [--games N] [--presets a,b,...] [--no-duel] [--no-games]

Prints (1) the single-turn solve time of every preset (graph build + sweep, numba already compiled), (2) the time
of the two-player solve of ``farkle`` to 10,000 from scratch (no disk cache), (3) the solo solve time, and (4) the
win rate of ``bot:optimal`` against ``bot:heuristic`` over N seeded two-player games per preset (seats alternate),
with its standard error. Figures go to docs/zehntausend-solvers.md; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.bots import make_bot
from wuerfel.games.zehntausend import melds
from wuerfel.games.zehntausend.options import library, load_rules
from wuerfel.games.zehntausend.solvers import turn as zt
from wuerfel.games.zehntausend.solvers.duel import solve_duel
from wuerfel.games.zehntausend.solvers.play import Evaluator
from wuerfel.games.zehntausend.solvers.solo import solve_solo
from wuerfel.games.zehntausend.state import ZehntausendGame, ZehntausendState

GAME_PRESETS = ["farkle", "zehntausend-einfach", "zehntausend-350", "macke-klassisch", "macke-6"]


def turn_times(names: list[str]) -> None:
    zt.solve_turn(load_rules("farkle"))  # numba compiled / loaded once
    print("single-turn optimum (cold tables: melds + graph + sweep)")
    print(f"  {'rule set':40s} {'E[points]':>10s} {'keys':>6s} {'seconds':>8s}")
    for name in names:
        rules = load_rules(name)
        melds.clear_caches()
        zt.turn_graph.cache_clear()
        zt.moves.cache_clear()
        if zt.turn_refusal(rules):
            print(f"  {name:40s} refused: {zt.turn_refusal(rules)}")
            continue
        t0 = time.perf_counter()
        sol = zt.solve_turn(rules)
        dt = time.perf_counter() - t0
        flag = "" if zt.exact_model(rules) else "  (simplified model)"
        print(f"  {name:40s} {sol.value:10.3f} {len(sol.graph):6d} {dt:8.3f}{flag}")


def duel_time() -> None:
    rules = load_rules("farkle")
    solve_duel(load_rules("farkle", {"game": {"target": 500}}), use_disk=False)  # compile
    t0 = time.perf_counter()
    sol = solve_duel(rules, fresh=True, use_disk=True)
    print(f"duel farkle to 10,000: start player wins {sol.value:.6f}; solved in {time.perf_counter() - t0:.1f} s")


def solo_time() -> None:
    rules = load_rules("zehntausend-350-solo")
    t0 = time.perf_counter()
    sol = solve_solo(rules, fresh=True)
    print(f"solo zehntausend-350-solo: {sol.value:.4f} expected turns (minus marks ignored: "
          f"{sol.minus_marks_ignored}); solved in {time.perf_counter() - t0:.1f} s")


def play(game: ZehntausendGame, bots: list, seed: int) -> tuple[float, ...]:  # type: ignore[type-arg]
    rng = random.Random(seed)
    s: ZehntausendState = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance():
            outs = s.chance_outcomes()
            s = s.apply_outcome(rng.choices([o for o, _ in outs], [float(p) for _, p in outs])[0])
        else:
            p = s.to_move()
            s = s.apply_action(bots[p].choose(s, p), p)
    return s.returns()


def win_rates(names: list[str], n: int) -> None:
    print(f"optimal vs heuristic, {n} games per rule set (seats alternate)")
    for name in names:
        rules = load_rules(name)
        game = ZehntausendGame(rules, 2)
        ev = Evaluator(game)
        mode = "duel table" if ev.use_duel else "single-turn optimum"
        t0 = time.perf_counter()
        wins = 0.0
        for k in range(n):
            opt = make_bot("zehntausend", "optimal", game, k)
            heu = make_bot("zehntausend", "heuristic", game, k)
            seat = k % 2
            bots = [opt, heu] if seat == 0 else [heu, opt]
            wins += play(game, bots, 10_000 + k)[seat]
        p = wins / n
        se = math.sqrt(p * (1 - p) / n)
        print(f"  {name:24s} {p:.4f} ± {se:.4f}  ({mode}; {time.perf_counter() - t0:.0f} s)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--presets", default=",".join(GAME_PRESETS))
    ap.add_argument("--no-duel", action="store_true")
    ap.add_argument("--no-games", action="store_true")
    ap.add_argument("--all-rule-sets", action="store_true", help="time the turn solve of every overlay too")
    args = ap.parse_args()
    lib = library()
    turn_times(lib.names() if args.all_rule_sets else lib.presets())
    if not args.no_duel:
        duel_time()
        solo_time()
    if not args.no_games:
        win_rates([p for p in args.presets.split(",") if p], args.games)


if __name__ == "__main__":
    main()
