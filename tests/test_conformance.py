"""The conformance suite: every registered game × every rule set it ships × every player count it is played by.

A game added to the registry (an entry point) is covered here without writing anything. The checks themselves are
public (:mod:`wuerfel.testing`, whose ``playouts`` module says what is checked at every node), so a plug-in author's
``pytest --wuerfel-game ID`` runs exactly these; this file only lays them out over every game for CI.

Cost: CI runs a few *short* playouts per case (bounded steps; one that does not end is fine, every node it met was
checked), one playout per rule set to the end (some player count per rule set, in turn), and one per bot to the
end. Long playouts of every case to the end, with every check at full strength, are behind the ``slow`` marker.
Solver-backed bots build their tables once per process (each game caches them per rule set), so the short playouts
may seat the default bot; other bots play one game each.
"""

from __future__ import annotations

from typing import Any

import pytest

from wuerfel.engine.registry import all_games
from wuerfel.testing import checks
from wuerfel.testing.catalogues import check_catalogues
from wuerfel.testing.playouts import (
    cases,
    check_bot_to_end,
    check_long_playouts,
    check_registration,
    check_rule_set_to_end,
    check_short_playouts,
    other_bots,
)

GAMES = all_games()
CASES = [c for g in GAMES for c in cases(g)]
RULE_SETS = [(g.id, r) for g in GAMES for r in g.rule_sets()]
OTHER_BOTS = [(g.id, b) for g in GAMES for b in other_bots(g)]


def _ids(cases: list[tuple[Any, ...]]) -> list[str]:
    return [":".join(map(str, c)) for c in cases]


def test_registry_has_every_game_family() -> None:
    ids = {g.id for g in GAMES}
    assert {"zehntausend", "wuerfelspiel", "escalero", "lustige-sieben", "verdecktes-wuerfelpoker"} <= ids


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_registration_and_catalogues(game_id: str) -> None:
    """Names in both languages, a default among the rule sets, a sane player range, every rule set with a case
    (one that accepts no count would silently drop out of this suite), and the game's own catalogues whole."""
    check_registration(game_id)
    check_catalogues(game_id)


def test_the_public_suite_lists_what_this_file_runs() -> None:
    """The plug-in's items for a game are this file's cases for it (one list, not two that drift apart)."""
    game = next(g for g in GAMES if g.id == "zehntausend")
    names = [c.name for c in checks(game.id)]
    assert [n for n in names if n.startswith("short[")] == [f"short[{r}-{n}]" for _, r, n in cases(game)]
    assert [n for n in names if n.startswith("end[")] == [f"end[{r}]" for r in game.rule_sets()]
    assert [n for n in names if n.startswith("bot[")] == [f"bot[{b}]" for b in other_bots(game)]


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES, ids=_ids(CASES))
def test_short_playouts(game_id: str, rules: str, n: int) -> None:
    check_short_playouts(game_id, rules, n)


@pytest.mark.parametrize(("game_id", "rules"), RULE_SETS, ids=_ids(RULE_SETS))
def test_every_rule_set_plays_to_its_end(game_id: str, rules: str) -> None:
    check_rule_set_to_end(game_id, rules)


@pytest.mark.parametrize(("game_id", "bot"), OTHER_BOTS, ids=_ids(OTHER_BOTS))
def test_every_bot_plays_a_game_to_its_end(game_id: str, bot: str) -> None:
    check_bot_to_end(game_id, bot)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "rules", "n"), CASES, ids=_ids(CASES))
def test_long_playouts(game_id: str, rules: str, n: int) -> None:
    """Only when asked for (``-m slow``, or ``WUERFEL_SLOW=1``; ``tests/conftest.py``)."""
    check_long_playouts(game_id, rules, n)
