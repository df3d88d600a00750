"""The Hasard games' results through the engine API (spec G7 chips, G8 the loser), and views that agree with it."""

from __future__ import annotations

import dataclasses

import pytest

from wuerfel.bots import make_bot
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.game import State
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.engine.testing import check_results, random_playthrough


def finished(game_id: str, n: int, seed: int) -> State:
    info = get_game(game_id)
    match = Match.new(game_id, None, [f"P{i}" for i in range(n)])
    bots = [make_bot(game_id, info.default_bot, match.game, seed + p) for p in range(n)]
    return random_playthrough(match, seed, bots=bots, check=False).state


@pytest.mark.parametrize("game_id", ["lustige-sieben", "verdecktes-wuerfelpoker"])
def test_chip_games_pay_what_the_ledger_moved_and_name_the_poorest_as_loser(game_id: str) -> None:
    for seed in (1, 2, 3):
        s = finished(game_id, 3, seed)
        start = s.rules.starting_chips  # type: ignore[attr-defined]
        chips = s.ledger.players  # type: ignore[attr-defined]
        assert s.payoffs() == tuple(c - start for c in chips) and sum(s.payoffs() or ()) == 0
        flat = [p for g in s.ranking() for p in g]
        assert [chips[p] for p in flat] == sorted(chips, reverse=True)
        low = min(chips)
        assert s.losers() == tuple(p for p in range(3) if chips[p] == low) or len(set(chips)) == 1
        v = s.view(None)
        assert v["ranking"] == flat and v["losers"] == list(s.losers())  # the view is the API's, not its own
        check_results(s, chips=True)


def test_nobody_loses_when_everybody_ends_level() -> None:
    s = finished("lustige-sieben", 3, 1)
    level = dataclasses.replace(s, ledger=ChipLedger.start(3, 30))
    assert level.ranking() == ((0, 1, 2),) and level.winners() == (0, 1, 2) and level.losers() == ()
    assert level.payoffs() == (0, 0, 0)
    check_results(level, chips=True)


def test_escalero_pays_the_settlement_and_the_lowest_total_loses() -> None:
    match = Match.new("escalero", None, ["A", "B", "C"])
    assert match.state.payoffs() == (0, 0, 0)  # nothing moves before the sheets are full
    s = finished("escalero", 3, 5)
    totals = s.totals()  # type: ignore[attr-defined]
    assert s.payoffs() == tuple(s.settlement.players)  # type: ignore[attr-defined]
    best = max(totals)
    for p in range(3):  # spec 32: the leader receives from every other the difference of the totals
        if totals[p] < best:
            assert s.payoffs()[p] == totals[p] - best  # type: ignore[index]
    assert s.losers() == tuple(p for p in range(3) if totals[p] == min(totals))
    check_results(s, chips=True)


def test_escalero_solitaire_has_no_loser() -> None:
    s = finished("escalero", 1, 2)
    assert s.ranking() == ((0,),) and s.winners() == (0,) and s.losers() == () and s.payoffs() == (0,)
