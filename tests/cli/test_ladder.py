"""``wuerfel ladder`` (issue 27 §4, item 3): every pairing plays, the leaderboards' openskill code rates them; the
same seed gives the same table with any number of processes, and the better bot ranks higher where the difference
is large (Zehntausend: the rule of thumb wins about nine games in ten against random play)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run
from wuerfel.cli.ladder import run_ladder
from wuerfel.engine.registry import get_game

OUTSIDE = '''
def first(view, legal):
    """An outside policy: always the first legal move (JSON in, JSON out)."""
    return legal[0]
'''


def test_the_better_bot_ranks_higher_and_the_seed_fixes_the_table() -> None:
    info = get_game("zehntausend")
    one = run_ladder(info, None, ["random", "heuristic"], games=12, seed=5, jobs=1)
    assert [b["bot"] for b in one["bots"]] == ["heuristic", "random"]
    best, worst = one["bots"]
    assert best["ordinal"] > worst["ordinal"] and best["wins"] > worst["wins"]
    assert best["low"] == pytest.approx(best["mu"] - 2 * best["sigma"], abs=1e-3)
    assert best["games"] == worst["games"] == 12 and best["wins"] + worst["wins"] == 12
    assert run_ladder(info, None, ["random", "heuristic"], games=12, seed=5, jobs=1) == one
    assert run_ladder(info, None, ["random", "heuristic"], games=12, seed=6, jobs=1) != one


def test_outside_bots_join_and_jobs_change_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ladder_bot.py").write_text(OUTSIDE)
    monkeypatch.syspath_prepend(str(tmp_path))
    info = get_game("zehntausend")
    names = ["random", "heuristic", "ladder_bot:first"]
    serial = run_ladder(info, None, names, games=6, seed=1, jobs=1)
    assert serial["pairings"] == [
        ["random", "heuristic"],
        ["random", "ladder_bot:first"],
        ["heuristic", "ladder_bot:first"],
    ]
    assert run_ladder(info, None, names, games=6, seed=1, jobs=2) == serial
    assert serial["bots"][0]["bot"] == "heuristic" and all(b["games"] == 12 for b in serial["bots"])


def test_command_json_and_refusals() -> None:
    r = run(["ladder", "zehntausend", "--bots", "random,heuristic", "--games", "4", "--seed", "2", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert list(doc) == ["game", "rules", "players", "games_per_pairing", "seed", "pairings", "bots", "seats"]
    assert [s["seat"] for s in doc["seats"]] == [1, 2] and all(s["sigma"] > 0 for s in doc["seats"])
    assert list(doc["bots"][0]) == ["rank", "bot", "label", "mu", "sigma", "low", "high", "ordinal", "games", "wins"]
    r = run(["ladder", "zehntausend", "--bots", "random,random", "--games", "4"])
    assert r.exit_code == 2 and "nur einmal" in r.stderr
    r = run(["ladder", "zehntausend", "--bots", "random,nosuchmodule_xyz:Bot", "--games", "4", "--lang", "en"])
    assert r.exit_code == 2 and "cannot be imported" in r.stderr
    r = run(["ladder", "zehntausend", "--bots", "random,heuristic", "--games", "2", "--lang", "en"])
    assert r.exit_code == 0 and "μ ± 2σ" in r.stdout and "rule of thumb" in r.stdout
    assert "Playing the pairings" in r.stderr  # the wait says what it is (a plain line off a terminal)


def test_progress_hears_of_every_pairing() -> None:
    heard: list[int] = []
    run_ladder(
        get_game("zehntausend"), None, ["random", "heuristic", "optimal"], games=1, seed=0, progress=heard.append
    )
    assert heard == [0, 1, 2, 3]


def test_groups_of_three_for_three_seats() -> None:
    doc = run_ladder(get_game("zehntausend"), None, ["random", "heuristic", "optimal"], games=3, seed=4, players=3)
    assert doc["pairings"] == [["random", "heuristic", "optimal"]] and len(doc["seats"]) == 3
    assert all(b["games"] == 3 for b in doc["bots"]) and sum(b["wins"] for b in doc["bots"]) == pytest.approx(3)
