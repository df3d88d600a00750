"""Makes the stored records of ``tests/kit/test_stored_records.py``: seeded games of the keep-turn games and of
Zehntausend's void throws, played with random legal moves, void throws reported now and then (as a person at a real
table would), and the expectation of each (every action's id, the final view and scores).

The files were made once, before the keep turn and the void throw moved into the kit, and are never remade by a
test: a record stored by an earlier version must replay identically. Run it by hand only to add a new record
(``python -m tests.kit.records.make_records NAME``); regenerating an existing one defeats its purpose.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from wuerfel.engine.record import Match
from wuerfel.engine.sources import SeededSource

HERE = Path(__file__).parent

CASES: dict[str, tuple[str, str, int, int]] = {
    # name: (game, rules, players, seed)
    "escalero-2": ("escalero", "escalero", 2, 1),
    "escalero-alle-neu-1": ("escalero", "escalero-alle-neu", 1, 2),
    "wuerfelspiel-kniffel-2": ("wuerfelspiel", "kniffel", 2, 3),
    "wuerfelspiel-yahtzee-1": ("wuerfelspiel", "yahtzee", 1, 4),
    "zehntausend-klopfen-2": ("zehntausend", "einfach+klopfen", 2, 5),
}


def play(game: str, rules: str, players: int, seed: int, max_events: int = 4000) -> Match:
    """A seeded game: random legal moves; at a chance node that lists void throws (probability 0, reported by a
    person) one of them is reported one time in eight."""
    m = Match.new(game, rules, [f"p{i}" for i in range(players)])
    rng = random.Random(seed)
    src = SeededSource(seed)
    while not m.state.is_terminal() and len(m.record.events) < max_events:
        if m.state.is_chance():
            voids = [o for o, p in m.state.chance_outcomes() if p == 0]
            if voids and rng.random() < 0.125:
                m.chance(rng.choice(voids))
            else:
                m.chance(src.choose(m.state))
        else:
            p = m.state.actors()[0]
            m.act(rng.choice(list(m.state.legal_actions(p))), p)
    return m


def expectation(m: Match) -> dict[str, Any]:
    game = m.game
    ids = [game.action_id(game.action_from_json(e.data)) for e in m.record.events if e.type == "action"]
    return {
        "action_ids": ids,
        "view": m.state.view(None),
        "scores": list(m.state.scores()),
        "terminal": m.state.is_terminal(),
    }


def main(names: list[str]) -> None:
    for name in names:
        game, rules, players, seed = CASES[name]
        m = play(game, rules, players, seed)
        out = {"record": m.record.to_json(), "expect": expectation(m)}
        (HERE / f"{name}.json").write_text(json.dumps(out, ensure_ascii=False, sort_keys=True) + "\n")
        print(name, len(m.record.events), "events")


if __name__ == "__main__":
    main(sys.argv[1:] or list(CASES))
