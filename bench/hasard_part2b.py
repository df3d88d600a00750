"""Hasard part 2 (Chicago, Chicago hoch-tief, Sequenzen, Ohio): solo solve times from a fresh cache, bot move
times, and the optimal bot's win rate against the heuristic bot and against itself, by seat.

    .venv/bin/python bench/hasard_part2b.py [--games N] [--only chicago,ohio]

Prints figures only (docs/hasard.md quotes them). Each game has its own function (``bench_<game>``) so that the
games of the other half of the chapter can sit beside them without touching these.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

from wuerfel.bots import make_bot
from wuerfel.engine.registry import get_game
from wuerfel.engine.sources import SeededSource


def play(
    game_id: str,
    rules: str | None,
    bots: list[str],
    seed: int,
    overrides: dict[str, Any] | None = None,
    timing: list[float] | None = None,
) -> tuple[int, ...]:
    """One seeded game; the winners' seats. ``timing`` collects the decision times of the ``optimal`` bots."""
    info = get_game(game_id)
    game = info.new_game(info.load_rules(rules, overrides), len(bots))
    players = [make_bot(game_id, b, game, seed + i) for i, b in enumerate(bots)]
    source = SeededSource(seed)
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance():
            s = s.apply_outcome(source.choose(s))
        else:
            p = s.to_move()
            t0 = time.perf_counter()
            a = players[p].choose(s, p)
            if timing is not None and bots[p] == "optimal":
                timing.append(time.perf_counter() - t0)
            s = s.apply_action(a, p, trusted=True)
    return s.winners()


def win_rates(
    game_id: str,
    rules: str | None,
    pair: tuple[str, str],
    games: int,
    overrides: dict[str, Any] | None = None,
    timing: list[float] | None = None,
) -> tuple[float, float]:
    """Seat 1's share of wins (a shared win counts its share) and its standard error."""
    wins = 0.0
    for g in range(games):
        w = play(game_id, rules, list(pair), 1000 + g, overrides, timing)
        wins += (1.0 / len(w)) if 0 in w else 0.0
    p = wins / games
    return p, math.sqrt(max(p * (1 - p), 1e-12) / games)


def report_bots(game_id: str, rules: str | None, games: int, overrides: dict[str, Any] | None = None) -> None:
    timing: list[float] = []
    for pair in (("optimal", "heuristic"), ("heuristic", "optimal"), ("optimal", "optimal")):
        p, se = win_rates(game_id, rules, pair, games, {**(overrides or {}), "start": "first_seat"}, timing)
        print(
            f"  {game_id} ({rules or 'preset'}{', ' + str(overrides) if overrides else ''}): seat 1 {pair[0]} vs "
            f"seat 2 {pair[1]}, seat 1 begins: seat 1 wins {100 * p:.1f} % ± {100 * 1.96 * se:.1f} (95 %, {games} "
            f"games)"
        )
    timing.sort()
    if timing:
        print(
            f"  optimal bot moves: median {1000 * timing[len(timing) // 2]:.2f} ms, 99th percentile "
            f"{1000 * timing[int(len(timing) * 0.99)]:.2f} ms, most {1000 * timing[-1]:.1f} ms ({len(timing)} moves)"
        )


def solo(game_id: str, rules: str | None = None) -> None:
    info = get_game(game_id)
    resolved = info.resolve(rules)
    rule_set = info.rules_from_dict(resolved.data)
    solver = info.solvers["solo"]
    t0 = time.perf_counter()
    result = solver(rule_set, resolved.id, True)
    print(
        f"  {game_id} ({resolved.id}) solo: value {result.value:.6f}, {time.perf_counter() - t0:.3f} s from a fresh "
        f"cache {result.extra or ''}"
    )


def bench_chicago(games: int) -> None:
    from wuerfel.games.hasard import chicago_solver as cs

    print("Chicago, Chicago hoch-tief")
    solo("chicago")
    solo("chicago-hoch-tief")
    for game_id, ht in (("chicago", False), ("chicago-hoch-tief", True)):
        info = get_game(game_id)
        rules = info.load_rules(None, None)
        t0 = time.perf_counter()
        p = cs.duel_first_wins(rules, ht)
        print(
            f"  {game_id}: duel, the round's first player wins {100 * p:.3f} % (both optimal; "
            f"{time.perf_counter() - t0:.2f} s); a match to 3 Bierdeckel from seat 1 beginning: "
            f"{100 * cs.match_first_wins(p, 3):.3f} %"
        )
    report_bots("chicago", None, games, {"bierdeckel": 1})
    report_bots("chicago", None, max(games // 4, 10))
    report_bots("chicago-hoch-tief", None, games, {"bierdeckel": 1})


def bench_sequenzen(games: int) -> None:
    from wuerfel.games.hasard import sequenzen_solver as ss

    print("Sequenzen")
    solo("sequenzen")
    solo("sequenzen", "sequenzen-zwei-stehen")
    for rules in ("sequenzen", "sequenzen-zwei-stehen"):
        info = get_game("sequenzen")
        r = info.rules_from_dict(info.resolve(rules).data)
        ss.duel_tables.cache_clear()
        t0 = time.perf_counter()
        p, ws = ss.duel_tables(r)
        print(
            f"  {rules}: duel, the first player wins {100 * p:.4f} %, the first thrower of a throw-off "
            f"{100 * ws[int(r.max_throws)]:.4f} % ({time.perf_counter() - t0:.2f} s)"
        )
    report_bots("sequenzen", None, games)
    report_bots("sequenzen", "sequenzen-zwei-stehen", games)


def ohio_last_round_gain(games: int) -> None:
    """The optimal bot (its last turn played to win) against the same bot playing its last turn for points too
    (the solitaire policy throughout), both seats, the same seeds: what the last round's win play adds."""
    from wuerfel.games.hasard import ohio_solver as oh

    class Solitaire(oh.OhioOptimalBot):
        def values(self, state: Any, player: int) -> dict[Any, float]:
            saved = oh.last_round_worth
            oh.last_round_worth = lambda *a: None  # type: ignore[assignment]
            try:
                return super().values(state, player)
            finally:
                oh.last_round_worth = saved

    info = get_game("ohio")
    game = info.new_game(info.load_rules(None, {"start": "first_seat"}), 2)
    share = 0.0
    for g in range(games):
        for seat in (0, 1):
            bots: list[Any] = [Solitaire(game), Solitaire(game)]
            bots[seat] = oh.OhioOptimalBot(game)
            source = SeededSource(5000 + g)
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance():
                    s = s.apply_outcome(source.choose(s))
                else:
                    p = s.to_move()
                    s = s.apply_action(bots[p].choose(s, p), p, trusted=True)
            w = s.winners()
            share += (1.0 / len(w)) if seat in w else 0.0
    n = 2 * games
    p = share / n
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / n)
    print(
        f"  ohio: the last turn played to win against the solitaire policy throughout: {100 * p:.1f} % ± "
        f"{100 * half:.1f} (95 %, {n} games, both seats)"
    )


def bench_ohio(games: int) -> None:
    print("Ohio")
    solo("ohio")
    solo("ohio", "ohio-drei-wuerfe")
    report_bots("ohio", None, max(games // 4, 10))
    ohio_last_round_gain(max(games // 4, 10))


BENCHES: dict[str, Callable[[int], None]] = {
    "chicago": bench_chicago,
    "sequenzen": bench_sequenzen,
    "ohio": bench_ohio,
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    wanted = [w for w in args.only.split(",") if w] or list(BENCHES)
    for name in wanted:
        BENCHES[name](args.games)


if __name__ == "__main__":
    main()
