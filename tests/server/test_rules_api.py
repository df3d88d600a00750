"""How to play over HTTP (issue 24): a game's explanation for any rule set and player count, a table's under its own
rules and seats, the lobby's validation answer for edited house rules, and the refusals; the lobby's shelves, the
guest mark and "Weiterspielen" for the reader's own running game."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.server.conftest import Client

Make = Callable[..., Client]


def _text(doc: dict) -> str:
    return "\n".join(s["title"] + "\n" + s["text"] for s in doc["sections"])


def test_a_games_explanation_for_a_rule_set_and_language(clients: Make) -> None:
    c = clients()
    r = c.http.get("/api/games/zehntausend/rules", params={"rules": "farkle", "lang": "en"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert (doc["game"], doc["rules"], doc["lang"], doc["players"]) == ("zehntausend", "farkle", "en", 2)
    assert [s["key"] for s in doc["sections"]][:4] == ["goal", "turn", "scoring", "end"]
    assert "all 6 dice" in _text(doc) and "wins at once" in _text(doc)
    de = c.http.get("/api/games/zehntausend/rules", params={"rules": "farkle", "lang": "de"}).json()
    assert de["sections"][0]["title"] == "Ziel" and "10.000 Punkte" in _text(de)
    solo = c.http.get("/api/games/wuerfelspiel/rules", params={"rules": "kniffel", "players": 1, "lang": "de"})
    assert solo.json()["players"] == 1 and "Du spielst allein" in _text(solo.json())


def test_refusals(clients: Make) -> None:
    c = clients("en")
    unknown = c.http.get("/api/games/nope/rules")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_game"
    for n in (0, 9):
        r = c.http.get("/api/games/zehntausend/rules", params={"players": n})
        assert r.status_code == 422, r.text
        assert r.json()["error"]["message"] == "Ten Thousand is played by 1 to 8 players."
    bad = c.http.get("/api/games/zehntausend/rules", params={"rules": "no-such-rules"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_rules"
    # a game that cannot explain itself (the test plug-in Stapel) says so instead of an empty text
    none = c.http.get("/api/games/stapel/rules")
    assert none.status_code == 404 and none.json()["error"]["code"] == "no_explanation"
    assert "cannot explain itself yet" in none.json()["error"]["message"]


def test_a_tables_explanation_follows_its_own_rules_and_seats(clients: Make) -> None:
    c = clients().guest("Anna")
    t = c.create("zehntausend", preset="macke-klassisch", seats=3, overrides={"game.target": 5000})
    doc = c.http.get(f"/api/tables/{t['id']}/rules", params={"lang": "de"}).json()
    assert doc["rules"] == "macke-klassisch+custom" and doc["players"] == 3
    text = _text(doc)
    assert "Wer zuerst 5000 Punkte oder mehr hat, gewinnt." in text and "10.000" not in text
    en = c.http.get(f"/api/tables/{t['id']}/rules", params={"lang": "en"}).json()
    assert "5,000 points" in _text(en)
    assert c.http.get("/api/tables/nope/rules").status_code == 404
    page = c.http.get(f"/table/{t['id']}").text
    assert 'id="howto-panel"' in page and 'id="howto-open"' in page and "Spielregeln" in page
    other = c.create("stapel", seats=2)  # no explanation: no panel
    assert 'id="howto-panel"' not in c.http.get(f"/table/{other['id']}").text


def test_validation_explains_edited_house_rules(clients: Make) -> None:
    c = clients().guest("Regel")
    ok = c.post(
        "/api/games/wuerfelspiel/validate", {"preset": "kniffel", "overrides": {"full_house": 30}, "seats": 1}
    ).json()
    doc = ok["explanation"]
    assert doc["rules"] == "kniffel+custom" and doc["players"] == 1
    assert "• Full House: 30 (sonst 25)" in _text(doc) and "Du spielst allein" in _text(doc)
    plain = c.post("/api/games/zehntausend/validate", {"preset": "zehntausend-einfach", "seats": 99}).json()
    assert plain["explanation"]["players"] == 2  # a seat count the game does not allow: the usual one
    assert "explanation" not in c.post("/api/games/stapel/validate", {}).json()


def test_lobby_shelves_guest_mark_and_continue(clients: Make) -> None:
    anna = clients().guest("Anna")
    running = anna.create("zehntausend", seats=2, bots={"1": "heuristic"}, sit=True)
    assert anna.post(f"/api/tables/{running['id']}/start", {}).status_code == 200
    ben = clients().guest("Ben")
    ben.create("wuerfelspiel", seats=2, sit=True)
    mine = {x["id"]: x for x in anna.http.get("/api/tables").json()["tables"]}
    assert mine[running["id"]]["my_seats"] == [0]
    theirs = {x["id"]: x for x in ben.http.get("/api/tables").json()["tables"]}
    assert theirs[running["id"]]["my_seats"] == []
    page = anna.http.get("/").text
    shelves = re.findall(r'<h2 class="shelf-title" id="shelf-([\w-]+)">', page)
    assert shelves[:8] == [
        "zehntausend",
        "kniffel",
        "one-die",
        "two-dice",
        "three-dice",
        "five-dice",
        "six-dice",
        "poker-dice",
    ]
    assert "Ein Würfel: Wirf der Reihe nach 1 bis 6" in page  # each card says in one line what the game is
    row = page[page.index(f'href="/table/{running["id"]}"') - 2000 : page.index(f'href="/table/{running["id"]}"') + 80]
    assert "Weiterspielen" in row and "Anna (Gast)" in row
    assert "Ben (Gast)" in page
    watcher = clients().guest("Cleo").http.get("/").text
    at = watcher.index(f'href="/table/{running["id"]}"')
    assert "Zuschauen" in watcher[at : at + 80]
