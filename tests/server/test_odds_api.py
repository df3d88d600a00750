"""The odds endpoints: a game's classes under a preset, a table's under its own (edited) rules, and 404s."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tests.server.conftest import Client

Make = Callable[..., Client]


def test_game_and_table_odds(clients: Make) -> None:
    c = clients().guest("Quote")
    games = {g["id"]: g for g in c.http.get("/api/games").json()["games"]}
    assert games["escalero"]["odds"] is True and games["jule"]["odds"] is False
    doc = c.http.get("/api/games/verdecktes-wuerfelpoker/odds?preset=joker-poker").json()
    assert doc["rules"] == "joker-poker" and doc["dice"] == 5
    assert sum(Fraction(x["fraction"]) for x in doc["classes"]) == 1
    assert {x["class"]: x["name"] for x in doc["classes"]}["three_alike"] == "Drilling"
    en = clients("en").http.get("/api/games/verdecktes-wuerfelpoker/odds").json()
    assert {x["class"]: x["name"] for x in en["classes"]}["three_alike"] == "Three alike"
    # a table with edited rules: the Quint switched on only there
    t = c.create("verdecktes-wuerfelpoker", seats=2, overrides={"quint": True})
    table = c.http.get(f"/api/tables/{t['id']}/odds").json()
    assert table["rules"] == "verdecktes-wuerfelpoker+custom"
    assert {x["class"]: x["fraction"] for x in table["classes"]}["quint"] == "5/162"
    r = c.http.get("/api/games/jule/odds")
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_odds"
    assert "Klassen" in r.json()["error"]["message"]
    assert c.http.get("/api/games/schach/odds").status_code == 404
    assert c.http.get("/api/tables/nope/odds").status_code == 404
