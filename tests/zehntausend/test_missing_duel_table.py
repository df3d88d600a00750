"""Which Zehntausend games the server builds a duel table for in the background (``missing_duel_table``, issue
16.3): two players, rules the duel solver handles, no table on disk, too big for the spot but not too big at all."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest

from wuerfel.engine.game import Game
from wuerfel.engine.registry import get_game
from wuerfel.games.zehntausend.solvers import play
from wuerfel.games.zehntausend.solvers.support import cache_dir, rules_key


def game(preset: str, players: int = 2, **game_options: Any) -> Game:
    info = get_game("zehntausend")
    data = info.resolve(preset).data
    data.setdefault("game", {}).update(game_options)
    return info.new_game(info.rules_from_dict(data), players)


@pytest.fixture(autouse=True)
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk cache of its own: a table someone solved on this machine must not decide the answers."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("WUERFEL_QUICK_DUEL_ROWS", raising=False)


def test_the_default_rules_lack_their_duel_table_until_it_is_on_disk() -> None:
    g = game("zehntausend-einfach")
    lacking = get_game("zehntausend").advisor.missing_table(g)  # type: ignore[union-attr]
    assert lacking is not None and lacking.key == f"zehntausend-duel-{rules_key(g.rules)}"
    assert lacking.cpu_seconds is not None and 30 < lacking.cpu_seconds < 600  # "two to three minutes"
    rebuilt = pickle.loads(pickle.dumps(lacking.build))  # it runs in a spawned child process
    assert rebuilt.func is play.build_duel_table and rebuilt.args == (g.rules,)
    path = cache_dir() / f"duel-{rules_key(g.rules)}.npz"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"")  # the advisor then loads it (solve_duel re-solves a broken file)
    assert play.missing_duel_table(g) is None


def test_games_without_a_duel_table_to_build() -> None:
    assert play.missing_duel_table(game("zehntausend-einfach", players=3)) is None  # the duel is two players'
    assert play.missing_duel_table(game("macke-klassisch")) is None  # rules the duel solver refuses
    assert play.missing_duel_table(game("farkle", target=1000)) is None  # solved on the spot
    assert play.missing_duel_table(game("zehntausend-einfach", target=50_000)) is None  # hours: turn values only


def test_the_quick_size_knob(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WUERFEL_QUICK_DUEL_ROWS", "0")  # what the server test sets: even Farkle to 1,000 waits
    assert play.missing_duel_table(game("farkle", target=1000)) is not None
    monkeypatch.setenv("WUERFEL_QUICK_DUEL_ROWS", "no number")
    assert play.quick_duel_rows() == play.QUICK_DUEL_ROWS
