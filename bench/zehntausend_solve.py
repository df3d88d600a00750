"""Benchmark of the Zehntausend solvers: turn solve time per preset, farkle duel time, optimal vs heuristic.

Usage::

    python bench/zehntausend_solve.py [--games N] [--presets a,b,...] [--no-duel] [--no-games]
    python bench/zehntausend_solve.py --only-duel [--duel-presets farkle,zehntausend-einfach] [--no-serial]
                                      [--reference]

Prints (1) the single-turn solve time of every preset (graph build + sweep, numba already compiled), (2) the time
of the two-player solves of ``farkle`` and ``zehntausend-einfach`` (the default rules) to 10,000 from a fresh cache
on all cores and on one, with the check that both tables are identical (``--reference``: also with the plain
``sweep_slope`` instead of the duel's own sweep, the algorithm before issue 17's speed-up, with the same check),
(3) the solo solve time, and (4) the win rate of ``bot:optimal`` against ``bot:heuristic`` over N seeded
two-player games per preset (seats alternate), with its standard error. Figures go to docs/zehntausend-solvers.md;
nothing here is asserted.

Tables solved here go to a temporary cache directory (``WUERFEL_CACHE_DIR``, unless it is set already), so a run
never replaces the user's cached tables.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.bots import make_bot
from wuerfel.games.zehntausend import melds
from wuerfel.games.zehntausend.game import ZehntausendGame
from wuerfel.games.zehntausend.options import library, load_rules
from wuerfel.games.zehntausend.solvers import turn as zt
from wuerfel.games.zehntausend.solvers.duel import solve_duel
from wuerfel.games.zehntausend.solvers.play import Evaluator
from wuerfel.games.zehntausend.solvers.solo import solve_solo
from wuerfel.games.zehntausend.state import ZehntausendState

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


DUEL_TARGETS = {"farkle": 8.0, "zehntausend-einfach": 60.0}
"""Issue 17's targets for the two-player solve from a fresh cache (seconds; zehntausend-einfach is the default)."""


def thread_cpu() -> dict[str, float]:
    """CPU seconds of every thread of this process (Linux /proc)."""
    out = {}
    for t in os.listdir("/proc/self/task"):
        try:
            f = Path(f"/proc/self/task/{t}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[t] = (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
    return out


def busiest(before: dict[str, float]) -> float:
    """CPU seconds of the busiest thread since ``before``: what the wall time would be with the cores to ourselves
    (the machine is shared, so the wall time mostly measures the other jobs)."""
    after = thread_cpu()
    return max(after[t] - before.get(t, 0.0) for t in after)


def duel_time(presets: list[str], serial: bool, reference: bool = False) -> None:
    """The two-player solve from a fresh cache on all cores, and (``serial``) on one, with the check that both give
    the same table bit for bit; ``reference``: also on all cores with the plain sweep (``fast=False``)."""
    import numba

    for small in ("farkle", "zehntausend-einfach"):  # numba compiled / loaded once, both kernels
        for workers in (1, None):
            solve_duel.__wrapped__(load_rules(small, {"game": {"target": 500}}), use_disk=False, workers=workers)
    print(
        f"duel (two players, from a fresh cache; {numba.get_num_threads()} threads, load average "
        f"{os.getloadavg()[0]:.2f}): wall s / cpu s / busiest thread's cpu s"
    )
    for name in presets:
        rules = load_rules(name)
        t0, c0, b0 = time.perf_counter(), time.process_time(), thread_cpu()
        par = solve_duel.__wrapped__(rules, fresh=True, use_disk=True)
        wall, cpu, busy = time.perf_counter() - t0, time.process_time() - c0, busiest(b0)
        target = DUEL_TARGETS.get(name)
        verdict = ""
        if target:
            verdict = (
                f"; target ≤ {target:.0f} s — wall {'met' if wall <= target else 'NOT met'}, busiest thread "
                f"{'met' if busy <= target else 'NOT met'}"
            )
        print(
            f"  {name:22s} start player wins {par.value:.6f}; all cores {wall:6.1f} / {cpu:6.1f} / {busy:6.1f}"
            f"{verdict}",
            flush=True,
        )
        if serial:
            t0, c0, b0 = time.perf_counter(), time.process_time(), thread_cpu()
            ser = solve_duel.__wrapped__(rules, fresh=True, use_disk=False, workers=1)
            swall, scpu, sbusy = time.perf_counter() - t0, time.process_time() - c0, busiest(b0)
            same = np.array_equal(ser.W, par.W) and np.array_equal(ser.L, par.L)
            print(
                f"  {'':22s} one core  {swall:6.1f} / {scpu:6.1f} / {sbusy:6.1f}; speed-up {swall / wall:.2f}× "
                f"wall, {sbusy / busy:.2f}× busiest thread; tables identical: {same}",
                flush=True,
            )
        if reference:
            t0, c0, b0 = time.perf_counter(), time.process_time(), thread_cpu()
            ref = solve_duel.__wrapped__(rules, fresh=True, use_disk=False, fast=False)
            rwall, rcpu, rbusy = time.perf_counter() - t0, time.process_time() - c0, busiest(b0)
            same = np.array_equal(ref.W, par.W) and np.array_equal(ref.L, par.L)
            print(
                f"  {'':22s} plain sweep, all cores {rwall:6.1f} / {rcpu:6.1f} / {rbusy:6.1f}; the duel's own sweep "
                f"{rbusy / busy:.2f}× faster (busiest thread); tables identical: {same}",
                flush=True,
            )


def solo_time() -> None:
    rules = load_rules("zehntausend-350-solo")
    t0 = time.perf_counter()
    sol = solve_solo(rules, fresh=True)
    print(
        f"solo zehntausend-350-solo: {sol.value:.4f} expected turns (minus marks ignored: "
        f"{sol.minus_marks_ignored}); solved in {time.perf_counter() - t0:.1f} s"
    )


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
    ap.add_argument("--duel-presets", default="farkle,zehntausend-einfach")
    ap.add_argument("--no-serial", action="store_true", help="skip the one-core duel solve (the comparison)")
    ap.add_argument(
        "--reference",
        action="store_true",
        help="also solve the duel with the plain sweep (the algorithm before the speed-up) and compare",
    )
    ap.add_argument("--only-duel", action="store_true")
    ap.add_argument("--no-games", action="store_true")
    ap.add_argument("--all-rule-sets", action="store_true", help="time the turn solve of every overlay too")
    args = ap.parse_args()
    if not os.environ.get("WUERFEL_CACHE_DIR"):
        os.environ["WUERFEL_CACHE_DIR"] = tempfile.mkdtemp(prefix="wuerfel-bench-")
    if args.only_duel:
        duel_time([p for p in args.duel_presets.split(",") if p], not args.no_serial, args.reference)
        return
    lib = library()
    turn_times(lib.names() if args.all_rule_sets else lib.presets())
    if not args.no_duel:
        duel_time([p for p in args.duel_presets.split(",") if p], not args.no_serial, args.reference)
        solo_time()
    if not args.no_games:
        win_rates([p for p in args.presets.split(",") if p], args.games)


if __name__ == "__main__":
    main()
