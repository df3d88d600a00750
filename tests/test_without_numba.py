"""Which games play without numpy and numba (issue 26: numeric libraries only where solving needs them).

A fresh interpreter refuses every import of ``numpy`` and ``numba`` (a ``sys.meta_path`` finder raising
ImportError, as a machine without them would), loads every registered game, and plays a few short games of each with
every bot at every seat. Loading the games, the command line and the server must work without them; the games
whose default bot is an exact player over numpy tables are named in :data:`NEEDS_SOLVERS` (docs/architecture.md,
"Numeric libraries", says why numpy and numba therefore stay hard dependencies). A game that leaves or joins that
list fails here, as does a bot leaving or joining :data:`OTHER_BOTS_NEEDING`: update the lists and the docs, or
find what put numpy on its play path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.paths import REPO

NEEDS_SOLVERS = frozenset(
    {
        # the Würfelspiel's best player: the turn search over numba-compiled endgame tables
        "wuerfelspiel",
        # the optimal bots over each game's exact numpy tables (poker_betting, the hand games' solvers)
        "offenes-wuerfelpoker",
        "wuerfelpoker",
        "al-capone",
        "escalero",
        "chicago",
        "chicago-hoch-tief",
        "ohio",
        "sequenzen",
    }
)
"""Games whose default bot cannot play without numpy/numba (its tables are numpy arrays or numba kernels)."""

OTHER_BOTS_NEEDING = frozenset(
    {
        # bots other than the default whose tables are numpy arrays, or that live in a module that builds them
        "dreimal-pasch optimal",
        "sechzerspiel optimal",
        "ohio heuristic",
        "sequenzen heuristic",
    }
)
"""Game and bot of the non-default bots that need numpy/numba (a ``wuerfel sim --bot`` or table choice away)."""

SCRIPT = r"""
import importlib, importlib.abc, json, random, sys

BLOCKED = ("numpy", "numba")


class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"blocked for this test: {name}", name=name)
        return None


sys.meta_path.insert(0, Refuse())

from wuerfel.bots import bot_names, make_bot
from wuerfel.cli.simloop import play_one
from wuerfel.engine.registry import all_games, entry_points

for front_end in ("wuerfel.cli.main", "wuerfel.cli.play", "wuerfel.server.app", "wuerfel.server.botdriver"):
    importlib.import_module(front_end)

out = {"entry_points": sorted(entry_points()), "games": {}, "bots": {}, "defaults": {}}
for info in all_games():
    rules = info.rules_from_dict(info.resolve(None).data)
    counts = sorted(info.player_counts(rules) or [info.min_players])
    seats = sorted({counts[0], min(counts[-1], 4)})
    for bot in bot_names(info.id):
        verdict = "ok"
        try:
            for n in seats:
                game = info.new_game(rules, n)
                for seed in range(2):
                    bots = [make_bot(info.id, bot, game, seed * 10 + s) for s in range(n)]
                    final = play_one(game, bots, random.Random(seed), trusted=False)
                    assert final.is_terminal()
        except ImportError as exc:
            if not str(exc).startswith("blocked for this test"):
                raise
            verdict = "needs " + exc.name
        out["bots"][f"{info.id} {bot}"] = verdict
        if bot == info.default_bot:
            out["games"][info.id] = verdict
    out["defaults"][info.id] = info.default_bot
out["loaded"] = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
print(json.dumps(out))
"""


def test_every_game_loads_and_all_but_the_solver_bots_play_without_numpy(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), WUERFEL_CACHE_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["loaded"] == []
    games: dict[str, str] = out["games"]
    assert sorted(games) == out["entry_points"], "every registered game loads without numpy"
    need = {gid for gid, verdict in games.items() if verdict != "ok"}
    assert need == NEEDS_SOLVERS, (
        f"now needing numpy/numba: {sorted(need - NEEDS_SOLVERS)}; now playing without: "
        f"{sorted(NEEDS_SOLVERS - need)} (update NEEDS_SOLVERS and docs/architecture.md)"
    )
    assert len(games) - len(need) >= 20
    defaults = {f"{gid} {bot}" for gid, bot in out["defaults"].items()}
    others = {key for key, verdict in out["bots"].items() if verdict != "ok"} - defaults
    assert others == OTHER_BOTS_NEEDING, (
        f"now needing numpy/numba: {sorted(others - OTHER_BOTS_NEEDING)}; now playing without: "
        f"{sorted(OTHER_BOTS_NEEDING - others)} (update OTHER_BOTS_NEEDING and docs/architecture.md)"
    )
