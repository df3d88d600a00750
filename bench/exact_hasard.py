"""Exact chances of the race and round games of Hasard by the generic exact solver (:mod:`wuerfel.solvers.exact`):
per game, rule set and player count the positions (keys), decision positions, largest cycle, seconds, and every
seat's win and lose chance — or the solver's refusal in words.

Run from the repository root: ``python bench/exact_hasard.py`` (2 and 3 players of every game);
``--players N`` (repeatable) for other tables, ``--game ID`` (repeatable) for some games, ``--rules R`` for one
rule set, ``--max-states`` as ``wuerfel solve``; ``--first-seat``: seat 1 begins instead of the lot (with the lot
every seat of these games has the same chances, so this shows what beginning is worth). The figures are those of
``docs/hasard.md`` ("Exakte Chancen"); nothing is asserted here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.engine.errors import Words
from wuerfel.engine.registry import get_game
from wuerfel.solvers.exact import DEFAULT_MAX_STATES, ExactResult, ExactSolveError, solve_game

GAMES = (
    "jule",
    "hin-und-her",
    "plus-minus",
    "die-21-eins",
    "das-grosse-herz",
    "himmel-und-hoelle",
    "elf-hoch",
    "gestrichene-zwoelf",
    "blaue-augen",
    "pasch",
    "doppeltes-lottchen",
    "einer-gleich-zwei",
    "eins-bis-sechzehn",
)
"""Section B of the spec: the 13 race and round games, in the book's order."""


def figures(result: ExactResult) -> str:
    """Seat 1 …: win (and lose, where the game has a loser) in percent."""
    out = []
    for p, s in enumerate(result.seats):
        lose = "" if s.lose is None else f"/{100 * float(s.lose):.2f}"
        out.append(f"{p + 1}: {100 * float(s.win):.2f}{lose}")
    return "  ".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", action="append")
    ap.add_argument("--rules")
    ap.add_argument("--players", type=int, action="append")
    ap.add_argument("--max-states", type=int, default=DEFAULT_MAX_STATES)
    ap.add_argument("--first-seat", action="store_true")
    args = ap.parse_args()
    print(f"{'game':<28} {'n':>2} {'states':>8} {'decide':>7} {'cycle':>6} {'seconds':>8}  win/lose % per seat")
    for game_id in args.game or GAMES:
        info = get_game(game_id)
        for n in args.players or (2, 3):
            if not info.min_players <= n <= info.max_players:
                continue
            data = dict(info.resolve(args.rules or info.default_preset).data)
            if args.first_seat:
                data["start"] = "first_seat"
            game = info.make(info.rules_from_dict(data), n)
            label = f"{game_id}" + (f" ({args.rules})" if args.rules else "")
            try:
                result = solve_game(
                    game,
                    "solo" if n == 1 else "win",
                    max_states=args.max_states,
                    hidden_information=info.hidden_information,
                    name=Words(info.name_en, info.name_de),
                )
            except ExactSolveError as exc:
                print(f"{label:<28} {n:>2}  refused: {exc.english()}", flush=True)
                continue
            print(
                f"{label:<28} {n:>2} {result.states:>8} {result.decisions:>7} {result.largest_cycle:>6} "
                f"{result.seconds:>8.2f}  {figures(result)}",
                flush=True,
            )


if __name__ == "__main__":
    main()
