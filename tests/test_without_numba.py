"""Every game plays without numpy and numba; the bots that need them say so (issue 26: the extra ``solvers``).

A fresh interpreter refuses every import of ``numpy`` and ``numba`` (a ``sys.meta_path`` finder raising
ImportError, as a machine after ``pip install wuerfel`` alone would), loads every registered game and the front
ends, and plays short games of each with every bot at every seat. Which bots need the extra is not a list here but
the registry's (``GameInfo.solver_bots``), held to what the bots do: a declared bot must be refused by
:func:`wuerfel.bots.make_bot` with the command that installs the extra — and its own factory must indeed fail on the
refused import (else the declaration is stale) — and every other bot must play. Each game's default bot without
the extra (:func:`wuerfel.bots.default_bot`: its best one that runs) plays every seat, and is a bot of the game's
own wherever the game has decisions. With numpy installed the defaults are the declared ones, unchanged.
The command line and the server's refusals are checked in the same fresh processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.paths import REPO
from wuerfel.bots import available_bots, bot_names, default_bot
from wuerfel.engine.extras import INSTALL, solvers_installed
from wuerfel.engine.registry import all_games

BLOCK = r"""
import importlib.abc, sys

BLOCKED = ("numpy", "numba")


class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"blocked for this test: {name}", name=name)
        return None


sys.meta_path.insert(0, Refuse())
"""
"""The preamble of every fresh process here: numpy and numba cannot be imported."""

PLAY = (
    BLOCK
    + r"""
import importlib, json, random

from wuerfel.bots import available_bots, default_bot, make_bot
from wuerfel.cli.simloop import play_one
from wuerfel.engine.extras import MissingSolvers, solvers_installed
from wuerfel.engine.registry import all_games, entry_points

for front_end in ("wuerfel.cli.main", "wuerfel.cli.play", "wuerfel.server.app", "wuerfel.server.botdriver"):
    importlib.import_module(front_end)


def play(info, rules, seats, make):
    for n in seats:
        game = info.new_game(rules, n)
        for seed in range(2):
            bots = [make(game, seed * 10 + s) for s in range(n)]
            assert play_one(game, bots, random.Random(seed), trusted=False).is_terminal()


out = {"installed": solvers_installed(), "entry_points": sorted(entry_points()), "games": {}}
for info in all_games():
    rules = info.rules_from_dict(info.resolve(None).data)
    counts = sorted(info.player_counts(rules) or [info.min_players])
    seats = sorted({counts[0], min(counts[-1], 4)})
    bots = {}
    for name, factory in info.bots.items():
        try:
            play(info, rules, seats, lambda game, seed: make_bot(info.id, name, game, seed))
            bots[name] = "plays"
        except MissingSolvers as exc:
            install = exc.params.get("install", "")
            try:  # the factory itself, past the refusal: it must need what it declares
                play(info, rules, seats, factory)
                bots[name] = "refused, but plays"
            except ImportError as inner:
                bots[name] = "refused: " + install if str(inner).startswith("blocked") else repr(inner)
        except ImportError as exc:
            bots[name] = "needs " + str(exc.name) + " undeclared"
    chosen = default_bot(info)
    play(info, rules, seats, lambda game, seed: make_bot(info.id, chosen, game, seed))
    out["games"][info.id] = {"bots": bots, "default": chosen, "available": available_bots(info.id)}
out["loaded"] = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
print(json.dumps(out))
"""
)


def fresh(script: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), WUERFEL_CACHE_DIR=str(tmp_path))
    return subprocess.run(
        [sys.executable, "-c", script, *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=300
    )


def test_every_game_plays_without_numpy_with_its_best_bot_that_runs(tmp_path: Path) -> None:
    done = fresh(PLAY, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    assert out["installed"] is False
    assert out["loaded"] == []
    games: dict[str, Any] = out["games"]
    assert sorted(games) == out["entry_points"], "every registered game loads without numpy"
    infos = {info.id: info for info in all_games()}
    for gid, got in games.items():
        info = infos[gid]
        want = {name: f"refused: {INSTALL}" if name in info.solver_bots else "plays" for name in info.bots}
        assert got["bots"] == want, f"{gid}: the bots' verdicts differ from GameInfo.solver_bots"
        assert got["available"] == [b for b in bot_names(gid) if b not in info.solver_bots]
        assert got["default"] in got["available"]
        if info.decisions and info.bots:
            assert got["default"] != "random", f"{gid}: no bot of its own plays without the extra"
        if info.default_bot not in info.solver_bots:
            assert got["default"] == default_bot(info), f"{gid}: a default that runs anyway must not change"
    assert any(info.solver_bots for info in infos.values())


def test_with_the_solvers_installed_nothing_changes() -> None:
    """The declared default bots and every bot stay offered where numpy and numba are installed (as here)."""
    assert solvers_installed()
    for info in all_games():
        assert default_bot(info) == (info.default_bot if info.default_bot in info.bots else "random")
        assert available_bots(info.id) == bot_names(info.id)


CLI = (
    BLOCK
    + r"""
import sys
from wuerfel.cli.main import main

sys.argv = ["wuerfel", *sys.argv[1:]]
main()
"""
)


def test_the_command_line_names_the_extra_instead_of_a_traceback(tmp_path: Path) -> None:
    for args, words in (
        (("sim", "escalero", "--bot", "optimal", "--games", "1", "--lang", "en"), "The bot 'optimal' of Escalero"),
        (("play", "ohio", "--players", "Anna,bot:optimal", "--lang", "en"), "The bot 'optimal' of Ohio"),
        (("solve", "escalero", "--lang", "en"), "This needs the exact solvers"),
        (("solve", "ohio", "--lang", "de"), "Dafür braucht es die exakten Löser"),
    ):
        done = fresh(CLI, tmp_path, *args)
        said = " ".join(done.stderr.split())
        assert done.returncode == 2, (args, done.stdout[-2000:], done.stderr[-2000:])
        assert "Traceback" not in done.stderr
        assert words in said and INSTALL in said, (args, said)
    # the default bot gives way, and the game plays: said once on standard error
    done = fresh(CLI, tmp_path, "sim", "escalero", "--games", "2", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr.count("'heuristic' plays instead") == 1
    assert [p["name"] for p in json.loads(done.stdout)["players"]] == ["heuristic 1", "heuristic 2"]


SERVER = (
    BLOCK
    + r"""
import asyncio, json, sys
from types import SimpleNamespace

from fastapi.testclient import TestClient

from wuerfel.engine.registry import get_game
from wuerfel.server import seatops
from wuerfel.server.app import create_app
from wuerfel.server.core.refusals import TableError

out = {}
with TestClient(create_app(f"sqlite:///{sys.argv[1]}/api.db", bot_delay=0), headers={"Accept-Language": "de"}) as c:
    ohio = next(g for g in c.get("/api/games").json()["games"] if g["id"] == "ohio")
    out["offered"] = [ohio["bots"], ohio["default_bot"]]
    token = c.get("/api/session").json()["csrf_token"]
    assert c.post("/api/guest", json={"name": "Anna"}, headers={"X-CSRF-Token": token}).status_code == 200
    token = c.get("/api/session").json()["csrf_token"]
    asked = {"game": "ohio", "seats": 2, "bots": {"1": "optimal"}}
    r = c.post("/api/tables", json=asked, headers={"X-CSRF-Token": token})
    out["create"] = [r.status_code, r.json()]
table = SimpleNamespace(info=get_game("ohio"), row=SimpleNamespace(game="ohio", rated=False))
try:
    asyncio.run(seatops.set_bot(table, SimpleNamespace(id=1), 0, "optimal"))
except TableError as exc:
    out["seat"] = [exc.code, exc.status]
out["standin"] = seatops.standin_kind(table)
print(json.dumps(out))
"""
)


def test_the_server_offers_only_bots_that_run_and_refuses_the_others_in_the_readers_language(tmp_path: Path) -> None:
    done = fresh(SERVER, tmp_path, str(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["offered"] == [["random", "heuristic"], "heuristic"]
    status, body = out["create"]
    assert status == 422 and body["error"]["code"] == "needs_solvers"
    assert body["error"]["message"].startswith("Der Bot „optimal“ von Ohio braucht die exakten Löser")
    assert INSTALL in body["error"]["message"]
    assert out["seat"] == ["needs_solvers", 422]  # a bot put into a seat of a running table
    assert out["standin"] == "heuristic"
