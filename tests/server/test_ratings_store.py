"""Results, ratings and the archive in the store, on SQLite and PostgreSQL (issue 16).

The rating model itself is openskill's; these tests check what this project decides: who is rated (registered
players, one identity per bot kind, the seats' virtual members), that the update lands in the transaction that
ends the game (and nowhere else), ties, resignations rated as stored, and the archive's filter and pages.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from wuerfel.engine.record import Event
from wuerfel.server import db
from wuerfel.server import ratings as rt
from wuerfel.server.rows import EventRow, GameResult, NameTaken, SeatRow
from wuerfel.server.store import Store
from wuerfel.server.writer import BatchWriter


def _rated_table(store: Store, a: int, b: int, game: str = "pig", rated: bool = True) -> str:
    t = store.create_table(
        game,
        "standard",
        {},
        3,
        False,
        False,
        a,
        [SeatRow(0, a, None, "Anna"), SeatRow(1, b, None, "Bert"), SeatRow(2, None, "optimal", "optimal")],
        hints=False,
        rated=rated,
    )
    store.set_status(t.id, "playing")
    return t.id


def _end(store: Store, tid: str, ranking: list[list[int]], scores: list[float] | None = None) -> None:
    store.append(
        [EventRow(tid, 1, Event("action", {"kind": "hold"}, 0))],
        [(tid, "finished")],
        results=[GameResult(tid, ranking, scores)],
    )


def test_places_share_ties_and_skip() -> None:
    assert rt.places_of([[0, 2], [1]]) == {0: 1, 2: 1, 1: 3}
    assert rt.places_of([[1], [0], [2]]) == {1: 1, 0: 2, 2: 3}


def test_update_rewards_the_winner_and_learns_the_seat() -> None:
    after, per_seat = rt.update(["player:1", "player:2"], {0: 1, 1: 2}, {})
    assert after["player:1"].mu > 25 > after["player:2"].mu
    assert after["seat:2:0"].mu > 0 > after["seat:2:1"].mu
    # the seat learns less than the player (its prior is narrower)
    assert abs(after["seat:2:0"].mu) < after["player:1"].mu - 25
    assert per_seat[0][0] == rt.initial("player:1") and per_seat[0][1] == after["player:1"]
    # a tie between equals moves no mu
    tied, _ = rt.update(["player:1", "player:2"], {0: 1, 1: 1}, {})
    assert tied["player:1"].mu == pytest.approx(25.0) and tied["player:1"].sigma < 25 / 3


def test_same_bot_twice_sums_its_seats() -> None:
    after, _ = rt.update(["bot:optimal", "bot:optimal", "player:1"], {0: 1, 1: 3, 2: 2}, {})
    single, _ = rt.update(["bot:a", "bot:b", "player:1"], {0: 1, 1: 3, 2: 2}, {})
    assert after["bot:optimal"].mu == pytest.approx(single["bot:a"].mu + single["bot:b"].mu - 25)


def test_game_end_rates_in_its_transaction(store: Store) -> None:
    a = store.create_player("Anna", "h1")
    b = store.create_player("Bert", "h2")
    tid = _rated_table(store, a.id, b.id)
    _end(store, tid, [[2], [0, 1]], [10.0, 10.0, 30.0])
    board = {r["who"]: r for r in store.leaderboard("pig")}
    assert set(board) == {f"player:{a.id}", f"player:{b.id}", "bot:optimal"}
    assert board["bot:optimal"]["mu"] > 25 > board[f"player:{a.id}"]["mu"]
    assert board[f"player:{a.id}"]["mu"] == pytest.approx(board[f"player:{b.id}"]["mu"], abs=0.5)
    assert all(r["games"] == 1 for r in board.values())
    assert [x["seat"] for x in store.seat_advantages("pig")] == [0, 1, 2]
    hist = store.rating_history(f"player:{a.id}", "pig")
    assert len(hist) == 1 and hist[0]["table_id"] == tid and hist[0]["ordinal"] < hist[0]["before"] + 1
    res = store.player_results(a.id)
    assert [(r["place"], r["score"], r["rated"]) for r in res] == [(2, 10.0, True)]
    # A second game continues from the stored ratings.
    tid2 = _rated_table(store, a.id, b.id)
    _end(store, tid2, [[0], [1], [2]], [40.0, 20.0, 0.0])
    assert store.ratings_of(f"player:{a.id}")["pig"][2] == 2
    assert len(store.rating_history(f"player:{a.id}")) == 2


def test_a_failed_end_moves_no_rating(store: Store) -> None:
    a = store.create_player("Anna", "h1")
    b = store.create_player("Bert", "h2")
    tid = _rated_table(store, a.id, b.id)
    store.append([EventRow(tid, 1, Event("action", {"kind": "hold"}, 0))])
    with pytest.raises(sa.exc.IntegrityError):  # seq 1 again: the whole end is refused
        _end(store, tid, [[0], [1], [2]])
    assert store.leaderboard("pig") == []
    assert store.get_table(tid).status == "playing"  # type: ignore[union-attr]
    with store.engine.connect() as c:
        assert c.execute(sa.select(sa.func.count()).select_from(db.rating_history)).scalar_one() == 0


def test_the_writer_thread_rates_too(store: Store) -> None:
    a = store.create_player("Anna", "h1")
    b = store.create_player("Bert", "h2")
    tid = _rated_table(store, a.id, b.id)
    w = BatchWriter(store)
    try:
        fut = w.submit(
            [EventRow(tid, 1, Event("action", {"kind": "hold"}, 0))],
            [(tid, "finished")],
            results=[GameResult(tid, [[1], [0], [2]], [1.0, 2.0, 0.0])],
        )
        fut.result(timeout=30)
    finally:
        w.close()
    assert store.leaderboard("pig")[0]["who"] == f"player:{b.id}"


def test_unrated_table_stores_results_but_no_rating(store: Store) -> None:
    a = store.create_player("Anna", "h1")
    b = store.create_player("Bert", "h2")
    tid = _rated_table(store, a.id, b.id, rated=False)
    _end(store, tid, [[0], [1], [2]], [3.0, 2.0, 1.0])
    assert store.leaderboard("pig") == [] and store.rated_games() == []
    assert store.player_results(b.id)[0]["place"] == 2


def test_resignation_rates_as_stored(store: Store) -> None:
    a = store.create_player("Anna", "h1")
    b = store.create_player("Bert", "h2")
    tid = _rated_table(store, a.id, b.id)
    store.resign(tid, 1, "timeout")
    board = {r["who"]: r["mu"] for r in store.leaderboard("pig")}
    assert board[f"player:{b.id}"] < 25 < board[f"player:{a.id}"]
    assert board[f"player:{a.id}"] == pytest.approx(board["bot:optimal"])
    assert [(r["place"], r["score"]) for r in store.player_results(b.id)] == [(3, None)]
    store.resign(tid, 0)  # a second end of the same game changes nothing and rates nobody again
    assert {r["who"]: r["games"] for r in store.leaderboard("pig")}[f"player:{a.id}"] == 1
    assert store.get_table(tid).resigned == 1  # type: ignore[union-attr]


def test_a_guest_at_a_rated_table_rates_nobody(store: Store) -> None:
    a = store.create_player("Anna", "h1")
    g = store.create_player("Gast")
    tid = _rated_table(store, a.id, g.id)
    _end(store, tid, [[0], [1], [2]])
    assert store.leaderboard("pig") == []


def test_archive_filters_and_pages(store: Store) -> None:
    a = store.create_player("Anna", "h1")
    b = store.create_player("Bert", "h2")
    ids = []
    for i in range(5):
        t = store.create_table(
            "pig" if i % 2 == 0 else "stapel",
            "standard" if i < 4 else "kurz",
            {},
            2,
            False,
            False,
            a.id,
            [SeatRow(0, a.id, None, "Anna"), SeatRow(1, None, "random", "random")],
        )
        ids.append(t.id)
        store.set_status(t.id, "playing")
        _end(store, t.id, [[0], [1]], [float(i), 0.0])
    store.create_table("pig", "standard", {}, 2, False, False, a.id, [SeatRow(0, a.id, None, "Anna")])  # open
    games, total = store.archive(a.id)
    assert total == 5 and {g.id for g in games} == set(ids)
    games, total = store.archive(a.id, game="pig")
    assert total == 3 and all(g.game == "pig" for g in games)
    games, total = store.archive(a.id, game="pig", rules_id="kurz")
    assert total == 1 and games[0].id == ids[4]
    page1, _ = store.archive(a.id, limit=2)
    page2, _ = store.archive(a.id, offset=2, limit=2)
    page3, _ = store.archive(a.id, offset=4, limit=2)
    assert len({g.id for g in [*page1, *page2, *page3]}) == 5
    mine = [s for s in page1[0].seats if s["mine"]]
    assert mine[0]["place"] == 1
    assert store.archive(b.id) == ([], 0)
    assert ("stapel", "standard") in store.archive_choices(a.id)


def test_a_guest_who_registers_keeps_his_games(store: Store) -> None:
    g = store.create_player("Gast")
    t = store.create_table(
        "pig",
        "standard",
        {},
        2,
        False,
        False,
        g.id,
        [SeatRow(0, g.id, None, "Gast"), SeatRow(1, None, "random", "random")],
    )
    store.set_status(t.id, "playing")
    _end(store, t.id, [[1], [0]])
    p = store.register_guest(g.id, "Gustav", "h")
    assert p.id == g.id and p.registered
    assert store.find_player_by_name("gustav") == p
    games, _ = store.archive(p.id)
    assert [s["name"] for s in games[0].seats if s["mine"]] == ["Gustav"]
    store.create_player("Hanna", "h2")
    g2 = store.create_player("Gast2")
    with pytest.raises(NameTaken):
        store.register_guest(g2.id, "hanna", "h3")
