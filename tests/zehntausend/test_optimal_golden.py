"""The optimal Farkle bot plays exactly the games it played before its speed-ups (issue 17).

Why digests: the bot's speed-ups (per-evaluator caches of the turn graph, the moves of a throw and the duel position)
must not change a single decision, and the unchanged bot no longer exists beside the new one to be asked. So seeded
games of the unchanged bot were recorded once — every chance outcome and every action, seat by seat, in order — as
SHA-256 digests; the bot of today must replay them bit for bit. Three cases: Farkle to 1,000 with its duel table
solved into (and then read back from) a cache directory of the test's own, the same without any duel table
(``WUERFEL_QUICK_DUEL_ROWS=0``, empty cache: the single-turn optimum plus the game-end rules), and full Farkle to
10,000 without a duel table (the path of the bench when none is on disk).
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from wuerfel.bots import make_bot
from wuerfel.cli.sim import draw_outcome
from wuerfel.engine.registry import get_game
from wuerfel.games.zehntausend.solvers.duel import solve_duel

INFO = get_game("zehntausend")

GOLDEN = {
    # (case, games) -> digest of the unchanged bot (recorded before the speed-ups of branch h/optfarkle)
    ("duel-1000", 40): "e48adbc52dcb28b8aeca7f0be327024b5baa952da4cc68b8ca9fe114c1436d22",
    ("turn-1000", 40): "e152596f942af948315645b71a01bb96a23e310b49b3a14e3d0b5e926c8932ec",
    ("turn-10000", 8): "db7bdc60b271e378b9db7fe52d7f312211149dbc643a326f7114c98a10e23810",
}


def play_digest(target: int, games: int, prepare: bool = False) -> tuple[str, bool]:
    """SHA-256 of ``games`` seeded two-seat games of the optimal bot on Farkle to ``target``: every outcome and
    every (seat, action) in order, each game's final scores too; and whether the bot rated by the duel table.
    ``prepare``: build the game's sim loop with the bots first, as ``wuerfel sim`` does, which loads their tables
    before the first game (``OptimalBot.prepare``)."""
    rules = INFO.load_rules("farkle", {"game": {"target": target}})
    game = INFO.new_game(rules, 2)
    bots = [make_bot("zehntausend", "optimal", game, seat) for seat in range(2)]
    if prepare:
        assert game.sim_kernel(bots) is None  # the optimal bot has no kernel: the engine plays, with loaded tables
        ev = bots[0].evaluator
        assert ev._prepared and (ev._duel is not None) == ev.use_duel
    h = hashlib.sha256()
    tables: dict[int, object] = {}
    for g in range(games):
        rng = random.Random(1000 + g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                outcome = draw_outcome(state, rng, tables)
                h.update(repr(outcome).encode())
                state = state.apply_outcome(outcome)
            else:
                actor = state.actors()[0]
                action = bots[actor].choose(state, actor)
                h.update(f"{actor}:{action!r};".encode())
                state = state.apply_action(action, actor)
        h.update(repr(state.scores_).encode())
    return h.hexdigest(), bots[0].evaluator.use_duel


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache directory of the test's own, and no solved duel table left in memory from other tests."""
    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path))
    solve_duel.cache_clear()
    yield tmp_path
    solve_duel.cache_clear()


@pytest.mark.parametrize(("case", "games"), list(GOLDEN))
def test_optimal_bot_replays_recorded_games(
    case: str, games: int, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kind, target = case.split("-")
    if kind == "turn":
        monkeypatch.setenv("WUERFEL_QUICK_DUEL_ROWS", "0")
    digest, used_duel = play_digest(int(target), games)
    assert used_duel == (kind == "duel")
    assert digest == GOLDEN[(case, games)]
    if kind == "duel":
        assert list((cache / "zehntausend").glob("duel-*.npz")), "the duel table was not written to the cache"
        solve_duel.cache_clear()  # now from disk, as a fresh process would read it
    prepared, used_duel = play_digest(int(target), games, prepare=True)
    assert used_duel == (kind == "duel")
    assert prepared == GOLDEN[(case, games)]
