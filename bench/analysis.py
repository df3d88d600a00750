"""How long the exact post-game analysis takes (issue 16.3): per game, one bot game played and analysed.

Prints the game, rules, players, events, analysed decisions and the seconds of the first analysis (the advisor's
tables built or read from disk) and of a second one (tables shared in the process), so a slow advisor shows up
before a replay page waits for it. ``--games ID,ID`` limits the list.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from wuerfel.bots import make_bot
from wuerfel.engine.analysis import analyse_record
from wuerfel.engine.record import GameRecord, Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.rules import deep_merge
from wuerfel.engine.sources import SeededSource

CASES: list[tuple[str, str | None, int, str, dict[str, Any]]] = [
    ("zehntausend", "farkle", 2, "optimal", {"game": {"target": 1000}}),
    ("zehntausend", "farkle", 2, "optimal", {}),
    ("wuerfelspiel", "kniffel", 2, "heuristic", {}),
    ("escalero", None, 2, "optimal", {}),
    ("ohio", None, 3, "heuristic", {}),
    ("sechzerspiel", None, 2, "heuristic", {}),
    ("chicago", None, 3, "heuristic", {}),
    ("quinze", None, 2, "heuristic", {}),
]


def play(game_id: str, preset: str | None, n: int, bot: str, override: dict[str, Any], seed: int = 1) -> GameRecord:
    info = get_game(game_id)
    rules = info.rules_from_dict(deep_merge(info.resolve(preset).data, override))
    m = Match.new(game_id, preset or info.default_preset, [f"P{i}" for i in range(n)], rules=rules)
    bots = [make_bot(game_id, bot, m.game, seed + i) for i in range(n)]
    src = SeededSource(seed)
    while not m.state.is_terminal():
        if m.state.is_chance():
            m.resolve_chance(src)
            continue
        p = m.state.actors()[0]
        m.act(bots[p].choose(m.state, p), p)
    return m.record


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", default="", help="comma-separated game ids (default: all cases)")
    args = ap.parse_args()
    only = set(filter(None, args.games.split(",")))
    print(f"{'game':14} {'rules':10} {'n':>2} {'events':>7} {'decisions':>9} {'first s':>8} {'again s':>8}  unit")
    for game_id, preset, n, bot, override in CASES:
        if only and game_id not in only:
            continue
        record = play(game_id, preset, n, bot, override)
        t0 = time.perf_counter()
        doc = analyse_record(record)
        t1 = time.perf_counter()
        analyse_record(record)
        t2 = time.perf_counter()
        rules = (preset or "-") + ("*" if override else "")
        print(
            f"{game_id:14} {rules:10} {n:>2} {len(record.events):>7} {len(doc['decisions']):>9} "
            f"{t1 - t0:>8.2f} {t2 - t1:>8.2f}  {doc['unit']}"
        )
    print("* rules changed for the bench (Farkle to 1,000: its duel table is quick)")


if __name__ == "__main__":
    main()
