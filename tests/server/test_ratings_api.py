"""Rated tables, the archive, profiles and leaderboards over HTTP, on a real server process with SQLite and with
PostgreSQL (issue 16)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from tests.server.conftest import Client, ServerProcess, concrete, pg_schema
from wuerfel.server import db as dbm
from wuerfel.server.store import Store


@pytest.fixture(params=["sqlite", "postgresql"], scope="module")
def srv(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("ratings")
    if request.param == "sqlite":
        s = ServerProcess(f"sqlite:///{tmp / 'w.db'}", log_dir=tmp).start()
        yield s
        s.stop()
        return
    with pg_schema() as url:
        s = ServerProcess(url, log_dir=tmp).start()
        yield s
        s.stop()


_names = iter(range(10_000))


def registered(srv: ServerProcess, prefix: str, lang: str = "de") -> Client:
    c = Client(srv.url, lang)
    name = f"{prefix}{next(_names)}"
    r = c.post("/api/register", {"name": name, "password": "lange-geheime-phrase"})
    assert r.status_code == 200, r.text
    c.player = r.json()["player"]
    return c


def play_out(c: Client, table_id: str) -> dict[str, Any]:
    """Seat 0 plays its first legal move and taps its throws until the game is over; the last state."""
    ws = c.ws(table_id)
    try:
        st = ws.recv_type("state")
        for _ in range(2000):
            if st["finished"]:
                return st
            if st["legal"]:
                ws.send({"action": concrete(st["legal"][0]["action"]), "expected_seq": st["seq"]})
            elif st["throw"] and st["throw"]["seat"] in st["my_seats"]:
                ws.send({"throw": True, "expected_seq": st["seq"]})
            st = ws.recv_type("state", timeout=30)
        raise AssertionError("the game did not finish")
    finally:
        ws.close()


def test_rated_flag_is_refused_with_a_guest_and_with_hints(srv: ServerProcess) -> None:
    guest = Client(srv.url, "de").guest("Gast")
    r = guest.post("/api/tables", {"game": "stapel", "seats": 2, "rated": True, "bots": {"1": "random"}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "rated_guest"
    assert r.json()["error"]["message"] == "Nur registrierte Spieler können an einem gewerteten Tisch spielen."
    anna = registered(srv, "Anna")
    r = anna.post("/api/tables", {"game": "stapel", "seats": 2, "rated": True, "hints": True})
    assert r.status_code == 422 and r.json()["error"]["code"] == "rated_hints"
    r = anna.post("/api/tables", {"game": "stapel", "seats": 2, "rated": True, "scorekeeper": True})
    assert r.status_code == 422 and r.json()["error"]["code"] == "rated_scorekeeper"
    t = anna.create("stapel", seats=2, rated=True)
    assert t["rated"] and not t["hints"]
    # A guest cannot take the free seat of a rated table; a registered player can.
    r = guest.post(f"/api/tables/{t['id']}/sit", {"seat": 1})
    assert r.status_code == 409 and r.json()["error"]["code"] == "rated_guest"
    en = Client(srv.url, "en").guest("Guest")
    assert (
        en.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).json()["error"]["message"]
        == "Only registered players can play at a rated table."
    )
    bert = registered(srv, "Bert")
    assert bert.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert guest.http.get(f"/api/tables/{t['id']}").json()["seats"][1]["player_id"] == bert.player["id"]  # type: ignore[index]


def test_a_rated_game_moves_the_ratings_at_its_end(srv: ServerProcess) -> None:
    anna = registered(srv, "Anna")
    t = anna.create("stapel", seats=2, rated=True, bots={"1": "random"}, overrides={"target": 4})
    # A rated table names each seat's rating in the game (issue 24, M4): a newcomer's is 0.
    assert t["seats"][0]["rating"] == 0.0 and isinstance(t["seats"][1]["rating"], float)
    assert anna.post(f"/api/tables/{t['id']}/start").status_code == 200
    end = play_out(anna, t["id"])
    ranking = end["result"]["ranking"]
    name = anna.player["name"]  # type: ignore[index]
    board = anna.http.get("/api/leaderboard/stapel").json()
    mine = [e for e in board["entries"] if e["who"] == f"player:{anna.player['id']}"]  # type: ignore[index]
    bot = [e for e in board["entries"] if e["who"] == "bot:random"]
    assert len(mine) == 1 and mine[0]["games"] == 1 and mine[0]["profile_url"] == f"/players/{name}"
    assert bot and bot[0]["label"] == "Computer (zufällig)"
    won = ranking[0] == [0]
    assert (mine[0]["mu"] > 25) == won and (bot[0]["mu"] > 25) != won
    assert {(s["seats"], s["seat"]) for s in board["seats"]} == {(2, 0), (2, 1)}
    # The profile shows the game, the rating and its plots (SVG drawn by matplotlib).
    prof = anna.http.get(f"/api/players/{name}").json()
    g = next(x for x in prof["games"] if x["game"] == "stapel")
    assert g["games"] >= 1 and g["rating"]["games"] == 1 and g["wins"] == (1 if won else 0)
    assert prof["recent"][0]["table_id"] == t["id"] and prof["recent"][0]["rated"]
    # One game draws no distribution of final scores (a single full-width bar: issue 24, U11); the page says when
    # it comes, and explains the rating beside its μ and σ.
    assert g["score_plot"] is None
    for url in (g["rating_plot"], f"/players/{name}/plots/scores.svg?game=stapel"):
        r = anna.http.get(url)
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        assert "<svg" in r.text and "matplotlib" in r.text.lower()
    page = anna.http.get(f"/players/{name}")
    assert page.status_code == 200 and 'id="dice-stats"' in page.text and "Wertungszahl" in page.text
    assert "ab 3 Partien mit verschiedenen Ergebnissen" in page.text and 'id="rating-help"' in page.text
    assert re.search(r"\(μ \d+,\d · σ \d+,\d · 1 gewertet\)", page.text)
    lb = anna.http.get("/leaderboard/stapel")
    assert lb.status_code == 200 and name in lb.text and "Vorteil der Sitzordnung" in lb.text
    # Across all games (web M5: only one board per game): her row with her rated games and the game of her best
    # rating, linked; bots are on the games' boards only.
    overall = anna.http.get("/leaderboard").text.split('id="overall"')[1].split("</table>")[0]
    row = overall[overall.index(f'data-who="player:{anna.player["id"]}"') :]  # type: ignore[index]
    row = row[: row.index("</tr>")]
    assert f">{name}</a>" in row and '<td class="games">1</td>' in row and '<td class="kinds">1</td>' in row
    assert 'href="/leaderboard/stapel">Stapel' in row and 'data-who="bot:' not in overall
    assert "Über alle Spiele" in anna.http.get("/leaderboard").text
    # Her next rated table shows the rating this game gave her; an unrated table shows none.
    again = anna.create("stapel", seats=2, rated=True, bots={"1": "random"})
    assert again["seats"][0]["rating"] == pytest.approx(mine[0]["ordinal"], abs=1e-3)
    assert anna.create("stapel", seats=2, bots={"1": "random"})["seats"][0]["rating"] is None
    # The archive's row says what each figure is (issue 24, U13: "Anna #2 · Rang 2 · 3"): the others' places,
    # her own place once, her final score labelled.
    archive = anna.http.get("/archive").text
    row = archive[archive.index(f'data-table="{t["id"]}"') :]
    row = row[: row.index("</tr>")]
    assert "Endstand " in row and "#" not in row
    assert row.count("Rang ") == 2 and row.count("(Rang ") == 1  # the bot's place among the players, hers after
    # The German archive labels the rating change and writes it with a decimal comma, as the profile does.
    assert re.search(r"Wertungszahl −?\d+,\d → −?\d+,\d", anna.http.get("/archive").text)
    assert re.search(r'class="rating"><a [^>]*>−?\d+,\d</a>', page.text)


def test_a_resigned_rated_game_rates_as_stored(srv: ServerProcess) -> None:
    anna = registered(srv, "Anna")
    bert = registered(srv, "Bert", "en")
    t = anna.create("stapel", seats=2, rated=True, overrides={"target": 1000})
    assert bert.post(f"/api/tables/{t['id']}/sit", {"seat": 1}).status_code == 200
    assert anna.post(f"/api/tables/{t['id']}/start").status_code == 200
    assert bert.post(f"/api/tables/{t['id']}/resign", {"seat": 1}).status_code == 200
    board = {e["who"]: e for e in anna.http.get("/api/leaderboard/stapel").json()["entries"]}
    a, b = board[f"player:{anna.player['id']}"], board[f"player:{bert.player['id']}"]  # type: ignore[index]
    assert a["mu"] > 25 > b["mu"] and a["games"] == b["games"] == 1
    arch = bert.http.get("/api/archive", params={"game": "stapel"}).json()
    g = next(x for x in arch["games"] if x["id"] == t["id"])
    me = next(s for s in g["seats"] if s["mine"])
    assert g["rated"] and g["ended_by"] == "resigned" and me["place"] == 2 and me["rating_after"] < me["rating_before"]
    # The pages in English.
    assert "My finished games" in bert.http.get("/archive").text
    assert "Leaderboards" in bert.http.get("/leaderboard").text
    profile = bert.http.get(f"/players/{bert.player['name']}").text  # type: ignore[index]
    assert "Recent results" in profile and "Place 2 of 2" in profile


def test_the_end_and_the_ratings_are_one_transaction(srv: ServerProcess) -> None:
    """Whatever the server stored: a finished rated game has its history rows, an unfinished one none."""
    anna = registered(srv, "Anna")
    t = anna.create("stapel", seats=2, rated=True, bots={"1": "random"}, overrides={"target": 3})
    assert anna.post(f"/api/tables/{t['id']}/start").status_code == 200
    play_out(anna, t["id"])
    running = anna.create("stapel", seats=2, rated=True, bots={"1": "random"}, overrides={"target": 1000})
    assert anna.post(f"/api/tables/{running['id']}/start").status_code == 200
    store = Store(sa.create_engine(dbm.normalize_url(srv.db_url)))
    try:
        with store.engine.connect() as c:
            rows = c.execute(
                sa.select(dbm.rating_history.c.table_id, dbm.rating_history.c.who).where(
                    dbm.rating_history.c.table_id.in_([t["id"], running["id"]])
                )
            ).all()
            status = dict(
                c.execute(
                    sa.select(dbm.game_tables.c.id, dbm.game_tables.c.status).where(
                        dbm.game_tables.c.id.in_([t["id"], running["id"]])
                    )
                ).all()
            )
    finally:
        store.close()
    assert status == {t["id"]: "finished", running["id"]: "playing"}
    assert {r.table_id for r in rows} == {t["id"]}
    assert {r.who for r in rows} == {
        f"player:{anna.player['id']}",
        "bot:random",
        "seat:2:0",  # type: ignore[index]
        "seat:2:1",
    }


def test_archive_filters_pages_and_guest_sessions(srv: ServerProcess) -> None:
    guest = Client(srv.url, "de").guest("Gustav")
    ids = []
    for game, target in (("stapel", 2), ("pig", 2), ("stapel", 3)):
        t = guest.create(game, seats=2, bots={"1": "random"}, overrides={"target": target})
        assert guest.post(f"/api/tables/{t['id']}/start").status_code == 200
        play_out(guest, t["id"])
        ids.append(t["id"])
    arch = guest.http.get("/api/archive").json()
    assert arch["own"] and arch["total"] == 3 and {g["id"] for g in arch["games"]} == set(ids)
    assert all(g["replay_url"] == f"/replay/{g['id']}" for g in arch["games"])
    rec = guest.http.get(arch["games"][0]["record_url"])
    assert rec.status_code == 200 and rec.json()["game"] in ("stapel", "pig")
    only = guest.http.get("/api/archive", params={"game": "pig"}).json()
    assert [g["id"] for g in only["games"]] == [ids[1]]
    rules = {c["rules_id"] for c in arch["choices"] if c["game"] == "stapel"}
    assert (
        len(rules) == 1
        and guest.http.get("/api/archive", params={"game": "stapel", "rules": rules.pop()}).json()["total"] == 2
    )
    html = guest.http.get("/archive").text
    assert "Meine beendeten Partien" in html and all(i in html for i in ids)
    assert 'href="/replay/' in html
    # Somebody else sees nothing of a guest's archive (it has no name to look up) ...
    other = Client(srv.url).guest("Fremd")
    assert other.http.get("/api/archive").json()["total"] == 0
    assert other.http.get("/api/archive", params={"player": "Gustav"}).status_code == 404
    assert Client(srv.url).http.get("/api/archive").status_code == 401
    # ... and the guest who registers keeps his games (the register page's promise) and his seat at a table that
    # waits, no longer marked a guest.
    waiting = guest.create("stapel", seats=2)
    assert waiting["seats"][0]["guest"]
    r = guest.post("/api/register", {"name": f"Gustav{next(_names)}", "password": "lange-geheime-phrase"})
    assert r.status_code == 200 and r.json()["player"]["id"] == guest.player["id"]  # type: ignore[index]
    name = r.json()["player"]["name"]
    seat = other.http.get(f"/api/tables/{waiting['id']}").json()["seats"][0]
    assert not seat["guest"] and seat["name"] == name
    assert guest.http.get("/api/archive").json()["total"] == 3
    public = other.http.get("/api/archive", params={"player": name}).json()
    assert public["total"] == 3 and not public["own"]
    prof = other.http.get(f"/api/players/{name}").json()
    assert sum(g["games"] for g in prof["games"]) == 3 and all(g["rating"] is None for g in prof["games"])
    assert other.http.get("/api/players/niemand-da").json()["error"]["code"] == "no_player"
