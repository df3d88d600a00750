"""Hasard part 2: the optimal bot against the heuristic bot, **exactly** — no simulated games, no noise.

    .venv/bin/python bench/hasard_part2_exact.py [--only sequenzen,quinze-reihum,...]

For two players the generic exact solver walks the game with every decision fixed to the seat's bot
(``solve_game(..., policy=...)``): the result is each seat's exact chance when these two bots meet, seat 1
beginning. Per rule set it prints the four pairings and the optimal bot's share against the heuristic averaged over
both seats (each seat begins half the time with the lot) — the figure that simulated games could only bracket (a
0.3-point edge needs some 100,000 games for a 95 % interval of ±0.3). Sechzerspiel (over 1,000,000 positions for the
generic solver) is evaluated by its own tables (:func:`wuerfel.games.hasard.sechzerspiel.policy_duel_value`); Ohio
does not fit either way and is simulated (bench/hasard_part2b.py, with a 95 % interval).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from wuerfel.bots import make_bot
from wuerfel.engine.registry import get_game
from wuerfel.solvers.exact import solve_game

PAIRS = (("optimal", "optimal"), ("optimal", "heuristic"), ("heuristic", "optimal"), ("heuristic", "heuristic"))

RULE_SETS: dict[str, tuple[str, str | None]] = {
    "quinze": ("quinze", None),
    "quinze-reihum": ("quinze", "quinze-reihum"),
    "die-boese-sieben": ("die-boese-sieben", None),
    "sequenzen": ("sequenzen", None),
    "sequenzen-zwei-stehen": ("sequenzen", "sequenzen-zwei-stehen"),
    "chicago-eine-runde": ("chicago", "chicago-eine-runde"),
    "chicago-hoch-tief-eine-runde": ("chicago-hoch-tief", "chicago-hoch-tief-eine-runde"),
    "chicago": ("chicago", None),
    "chicago-hoch-tief": ("chicago-hoch-tief", None),
    "dreimal-pasch": ("dreimal-pasch", None),
}


def pairing(
    game_id: str,
    rules: str | None,
    pair: tuple[str, str],
    overrides: dict[str, Any] | None = None,
    max_states: int = 3_000_000,
) -> tuple[float, int, float]:
    """Seat 1's exact chance to win when ``pair`` meet, seat 1 beginning; the positions walked and the seconds."""
    info = get_game(game_id)
    game = info.new_game(info.load_rules(rules, {"start": "first_seat", **(overrides or {})}), 2)
    bots = [make_bot(game_id, b, game, i) for i, b in enumerate(pair)]
    t0 = time.perf_counter()
    result = solve_game(game, "win", policy=lambda s, p: bots[p].choose(s, p), max_states=max_states)
    return float(result.seats[0].win), result.states, time.perf_counter() - t0


def report(name: str, values: dict[tuple[str, str], float], detail: str) -> None:
    oo, oh, ho, hh = (values[p] for p in PAIRS)
    edge = (oh + (1.0 - ho)) / 2
    print(
        f"  {name}: optimal vs optimal {100 * oo:.3f} %, optimal vs heuristic {100 * oh:.3f} %, heuristic vs "
        f"optimal {100 * ho:.3f} %, heuristic vs heuristic {100 * hh:.3f} % (seat 1 begins, seat 1's chance); "
        f"the optimal bot against the heuristic, both seats alike: {100 * edge:.3f} % {detail}",
        flush=True,
    )


def bench_generic(name: str) -> None:
    game_id, rules = RULE_SETS[name]
    values: dict[tuple[str, str], float] = {}
    states, seconds = [], 0.0
    for pair in PAIRS:
        v, n, s = pairing(game_id, rules, pair)
        values[pair] = v
        states.append(n)
        seconds += s
    report(name, values, f"({min(states):,}–{max(states):,} positions, {seconds:.0f} s)")


def bench_sechzerspiel() -> None:
    from wuerfel.games.hasard.sechzerspiel import policy_duel_value

    t0 = time.perf_counter()
    values = {pair: policy_duel_value(*pair) for pair in PAIRS}
    report("sechzerspiel", values, f"(the game's own tables, {time.perf_counter() - t0:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    wanted = [w for w in args.only.split(",") if w] or ["sechzerspiel", *RULE_SETS]
    print("Exact win chances of the bots' pairings, two players")
    for name in wanted:
        if name == "sechzerspiel":
            bench_sechzerspiel()
        else:
            bench_generic(name)


if __name__ == "__main__":
    main()
