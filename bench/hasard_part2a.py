"""Figures for Hasard part 2a — Quinze (5), Sechzerspiel (7), Dreimal Pasch (24), Die böse Sieben (25): the solo
solve from a fresh cache, the two-player exact solve where it fits, and the optimal bot's strength: its win rate
against the heuristic bot (each seat in turn) and against itself by seat, with its decision times.

Run from the repository root: ``python bench/hasard_part2a.py [GAME …] [--games N]``. Prints figures; asserts
nothing. A shared win counts as the fraction of it (a throw-off decides every game here, so there are none).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.bots import make_bot
from wuerfel.cli.sim import draw_outcome
from wuerfel.engine.registry import get_game
from wuerfel.solvers.exact import ExactSolveError, solve_game

GAMES = ("quinze", "sechzerspiel", "dreimal-pasch", "die-boese-sieben")
TWO_PLAYER_MAX_STATES = 300_000


def solo_figure(game_id: str) -> str:
    """The registered solo solver with ``fresh`` (its in-process caches cleared first)."""
    info = get_game(game_id)
    rules = info.load_rules()
    t0 = time.perf_counter()
    r = info.solvers["solo"](rules, info.default_preset, True)
    return f"{game_id}: solo value {r.value:.6f} ({time.perf_counter() - t0:.3f} s from a fresh cache)"


def two_player_figure(game_id: str) -> str:
    """The game's own two-player tables where it has them (``two_player_solver``, fresh), else the generic solver."""
    info = get_game(game_id)
    rules = info.load_rules()
    t0 = time.perf_counter()
    if info.two_player_solver is not None:
        own = info.two_player_solver(rules, info.default_preset, True)
        if own is not None:
            return (
                f"{game_id}: two players exact (own tables): the beginner wins {own.first_player_wins:.6f}; "
                f"{own.states} entries, {time.perf_counter() - t0:.2f} s fresh"
            )
    game = info.new_game(rules, 2)
    try:
        r = solve_game(game, "win", game_id=game_id, max_states=TWO_PLAYER_MAX_STATES)
    except ExactSolveError as exc:
        return f"{game_id}: two players do not fit ({exc.msgid[:60]}…, {time.perf_counter() - t0:.1f} s)"
    shares = ", ".join(f"seat {p + 1} {float(s.win):.4f}" for p, s in enumerate(r.seats))
    return f"{game_id}: two players exact: {shares}; {r.states} positions, {r.seconds:.2f} s"


def play(game_id: str, bot_names: list[str], games: int, seed: int) -> tuple[list[float], list[float]]:
    """Win shares per seat over ``games`` games, and the decision times of every ``optimal`` bot (s)."""
    info = get_game(game_id)
    game = info.new_game(info.load_rules(), len(bot_names))
    bots = [make_bot(game_id, b, game, seed + p) for p, b in enumerate(bot_names)]
    rng = random.Random(seed)
    wins = [0.0] * len(bots)
    times: list[float] = []
    cache: dict[int, Any] = {}
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance():
                s = s._apply_outcome(draw_outcome(s, rng, cache))
                continue
            p = s.actors()[0]
            t0 = time.perf_counter()
            a = bots[p].choose(s, p)
            if bot_names[p] == "optimal":
                times.append(time.perf_counter() - t0)
            s = s.apply_action(a, p, trusted=True)
        w = s.winners()
        for p in w:
            wins[p] += 1 / len(w)
    return [x / games for x in wins], times


def p99(times: list[float]) -> float:
    """The 99th percentile of the decision times (issue 13's target: a bot move ≤ 50 ms once its tables are
    built; the one move that builds them is the max, not the percentile)."""
    ordered = sorted(times)
    return ordered[int(len(ordered) * 0.99)]


def strength_figures(game_id: str, games: int) -> list[str]:
    out = []
    for names in (
        ["optimal", "heuristic"],
        ["heuristic", "optimal"],
        ["optimal", "optimal"],
        ["optimal", "heuristic", "heuristic"],
        ["heuristic", "heuristic", "optimal"],
        ["optimal", "optimal", "optimal"],
    ):
        t0 = time.perf_counter()
        shares, times = play(game_id, names, games, seed=7)
        ms = (
            f"decision mean {statistics.mean(times) * 1000:.2f} ms, 99th percentile {p99(times) * 1000:.2f} ms, "
            f"max {max(times) * 1000:.1f} ms"
            if times
            else ""
        )
        out.append(
            f"{game_id}: {' vs '.join(names)}: win shares "
            + ", ".join(f"{x:.3f} ± {1.96 * math.sqrt(max(x * (1 - x), 1e-12) / games):.3f}" for x in shares)
            + f" (± the 95 % interval; {games} games, {time.perf_counter() - t0:.1f} s; {ms})"
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--games", dest="n", type=int, default=2000)
    ap.add_argument("--no-two-player", action="store_true", help="skip the two-player exact solve")
    args = ap.parse_args()
    for g in args.games:
        print(solo_figure(g), flush=True)
        if not args.no_two_player:
            print(two_player_figure(g), flush=True)
        for line in strength_figures(g, args.n):
            print(line, flush=True)


if __name__ == "__main__":
    main()
