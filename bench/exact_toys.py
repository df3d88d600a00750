"""Figures for the generic exact solver (:mod:`wuerfel.solvers.exact`) on the toy games of its tests: positions
(keys) explored, decision nodes, the largest cycle, seconds, and seat 1's value.

Run from the repository root: ``python bench/exact_toys.py``; ``--big`` adds the slow cases (a 961-position cycle
that fills in, a race of four with 89,856 positions, Pig to 30). Prints figures; asserts nothing. ``--game ID
[--players N] [--rules R]`` solves a registered game instead, one line per player count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engine.toy_game import PigRules
from tests.solvers.exact_toys import (
    KeyedPigGame,
    LottchenGame,
    LottchenRules,
    NochmalGame,
    NochmalRules,
    RaceGame,
    RaceRules,
    SixGame,
    SixRules,
    StrikeGame,
    StrikeRules,
)
from wuerfel.engine.game import Game
from wuerfel.solvers.exact import ExactSolveError, solve_game


def cases(big: bool) -> list[tuple[str, Game, str]]:
    out: list[tuple[str, Game, str]] = []
    for n in (2, 4, 8):
        out.append((f"erste-sechs n={n}", SixGame(SixRules(), n), "win"))
    out.append(("erste-sechs + pot, keyed, n=4", SixGame(SixRules(pot=True, keyed=True), 4), "win"))
    for n in (2, 4, 8):
        out.append((f"lottchen to 66 n={n}", LottchenGame(LottchenRules(limit=66), n), "win"))
    for n in (2, 3, 4):
        out.append((f"hin-und-her 6 faces, keyed, n={n}", StrikeGame(StrikeRules(sides=6, keyed=True), n), "win"))
    for sides in (3, 4, *((5,) if big else ())):
        out.append((f"hin-und-her {sides} faces, unkeyed, n=2", StrikeGame(StrikeRules(sides=sides), 2), "win"))
    for n in (2, 3, *((4,) if big else ())):
        out.append((f"wettlauf 12 steps n={n}", RaceGame(RaceRules(), n), "win"))
    out.append(("nochmal solo", NochmalGame(NochmalRules(), 1), "solo"))
    out.append(("nochmal n=3", NochmalGame(NochmalRules(), 3), "win"))
    for target in (10, 20, *((30,) if big else ())):
        out.append((f"pig to {target}, keyed, n=2", KeyedPigGame(PigRules(target=target), 2), "win"))
    return out


def row(label: str, result: Any) -> str:
    return (
        f"{label:<40} {result.states:>8} {result.decisions:>8} {result.largest_cycle:>6} "
        f"{result.seconds:>9.3f}  {float(result.value):.6f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--big", action="store_true")
    ap.add_argument("--game")
    ap.add_argument("--rules")
    ap.add_argument("--players", type=int, action="append")
    ap.add_argument("--max-states", type=int, default=100_000)
    args = ap.parse_args()
    print(f"{'case':<40} {'states':>8} {'decide':>8} {'cycle':>6} {'seconds':>9}  value")
    if args.game:
        from wuerfel.engine.errors import Words
        from wuerfel.engine.registry import get_game

        info = get_game(args.game)
        for n in args.players or range(max(2, info.min_players), info.max_players + 1):
            game = info.new_game(args.rules, n)
            try:
                result = solve_game(
                    game,
                    "solo" if n == 1 else "win",
                    max_states=args.max_states,
                    hidden_information=info.hidden_information,
                    name=Words(info.name_en, info.name_de),
                )
            except ExactSolveError as exc:
                print(f"{info.id} n={n}: {exc.english()}")
                continue
            print(row(f"{info.id} n={n}", result), flush=True)
        return
    for label, game, objective in cases(args.big):
        print(row(label, solve_game(game, objective)), flush=True)


if __name__ == "__main__":
    main()
