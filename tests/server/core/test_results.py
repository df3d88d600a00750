"""The result every client is told, from a real game's end and after a resignation."""

from __future__ import annotations

from wuerfel.bots.base import RandomBot
from wuerfel.engine.record import Match
from wuerfel.engine.testing import random_playthrough
from wuerfel.server.core.results import result_json


def test_no_game_yet_and_a_running_game_rank_nobody() -> None:
    assert result_json(None)["ranking"] == []
    m = Match.new("jule", None, ["A", "B", "C"])
    out = result_json(m.state)
    assert out["ranking"] == [] and out["winners"] == [] and out["payoffs"] is None and out["resigned"] is None


def test_a_resignation_makes_the_seat_last_and_the_others_share_the_win() -> None:
    m = Match.new("jule", None, ["A", "B", "C"])
    out = result_json(m.state, resigned=1, seats=3)
    assert out["ranking"] == [[0, 2], [1]] and out["winners"] == [0, 2] and out["losers"] == [1]
    assert out["payoffs"] is None and out["ended_by"] == "resigned"
    assert result_json(m.state, resigned=0, seats=3, ended_by="timeout")["ended_by"] == "timeout"


def test_alone_at_the_table_the_resigned_seat_is_the_whole_ranking() -> None:
    m = Match.new("zehntausend", None, ["A", "B"])
    assert result_json(m.state, resigned=0, seats=1)["ranking"] == [[0]]
    assert result_json(m.state, resigned=0, seats=1)["winners"] == []


def test_the_end_of_a_game_is_the_engines_ranking() -> None:
    m = random_playthrough(
        Match.new("jule", None, ["A", "B", "C"]), 3, bots=[RandomBot(s) for s in range(3)], check=False
    )
    st = m.state
    assert st.is_terminal()
    out = result_json(st)
    assert out["ranking"] == [list(g) for g in st.ranking()]
    assert out["winners"] == list(st.winners()) and out["losers"] == list(st.losers())
    assert sorted(s for g in out["ranking"] for s in g) == [0, 1, 2]
