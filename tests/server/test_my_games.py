"""Meine Partien: a player's unfinished tables, those waiting for his move first, as JSON and as a page."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.server.conftest import Client, both_setups

Make = Callable[..., Client]


@both_setups
def test_my_games_lists_the_players_tables_with_his_move_first(clients: Make) -> None:
    anna = clients("de").guest("Anna")
    bert = clients().guest("Bert")
    # Table 1: Anna and Bert, Bert begins (Anna waits). Table 2: Anna against a bot, her throw is due.
    waiting = bert.create("stapel", seats=2)
    assert anna.post(f"/api/tables/{waiting['id']}/sit", {"seat": 1}).status_code == 200
    assert bert.post(f"/api/tables/{waiting['id']}/start").status_code == 200
    mine = anna.create("pig", seats=2, bots={"1": "random"})
    assert anna.post(f"/api/tables/{mine['id']}/start").status_code == 200
    unstarted = anna.create("stapel", seats=2)
    finished = anna.create("stapel", seats=2, bots={"1": "random"})
    assert anna.post(f"/api/tables/{finished['id']}/start").status_code == 200
    assert anna.post(f"/api/tables/{finished['id']}/resign", {"seat": 0}).status_code == 200
    stranger = clients().guest("Fremd")
    stranger.create("stapel", seats=2)

    listed = anna.http.get("/api/my-tables").json()["tables"]
    ids = [t["id"] for t in listed]
    assert set(ids) == {waiting["id"], mine["id"], unstarted["id"]}  # not the finished one, nor a stranger's
    turn = {t["id"]: t["your_turn"] for t in listed}
    assert turn == {waiting["id"]: False, mine["id"]: True, unstarted["id"]: False}
    assert ids[0] == mine["id"]  # her move first
    # Bert's list: the shared table, where it is his move (stapel: seat 0 begins, the server threw the pile).
    assert [(t["id"], t["your_turn"]) for t in bert.http.get("/api/my-tables").json()["tables"]] == [
        (waiting["id"], True)
    ]

    page = anna.http.get("/my-games")
    assert page.status_code == 200
    html = page.text
    assert "Meine Partien" in html and "Du bist am Zug" in html and "Wartet auf den Start" in html
    assert html.index(mine["id"]) < html.index(waiting["id"])
    assert finished["id"] not in html
    assert clients().http.get("/my-games", follow_redirects=False).status_code == 303  # nobody: log in first
    assert clients().http.get("/api/my-tables").status_code == 401


def test_pages_name_bots_and_games_in_the_readers_language(clients: Make) -> None:
    """Meine Partien named a bot seat by its kind's id ("Anna, random"); the lobby's open tables named every game in
    German ("Zehntausend" on the English page). Both now read as the rest of the page."""
    anna = clients("de").guest("Anna")
    t = anna.create("pig", seats=2, bots={"1": "random"})
    seats = anna.http.get("/my-games").text.split(f'data-table="{t["id"]}"')[1].split("</li>")[0]
    assert "Computer (zufällig)" in seats and "random" not in seats
    clients("de").guest("Bert").create("zehntausend", seats=2)
    english = clients("en").http.get("/").text.split('id="tables"')[1].split("</tbody>")[0]
    names = re.findall(r'<td class="game-col">(.*?)</td>', english)
    assert "Ten Thousand" in names and "Zehntausend" not in names


def test_the_leaderboards_are_listed_by_the_names_the_reader_sees(clients: Make) -> None:
    """The list of leaderboards was sorted by game id: in English "Ten Thousand" stood last, under Z."""
    import re

    for lang in ("de", "en"):
        html = clients(lang).http.get("/leaderboard").text.split('id="leaderboards"')[1].split("</ul>")[0]
        names = re.findall(r'<a href="/leaderboard/[^"]+">([^<]+)</a>', html)
        assert len(names) > 3 and names == sorted(names, key=str.casefold), names
    assert "Ten Thousand" in names


def test_the_archive_counts_one_game_in_the_singular(clients: Make) -> None:
    """ "1 finished games" / "1 beendete Partien" after a guest's first game."""
    for lang, one, two in (
        ("en", "1 finished game<", "2 finished games<"),
        ("de", "1 beendete Partie<", "2 beendete Partien<"),
    ):
        p = clients(lang).guest("Einmal")
        for n in (1, 2):
            t = p.create("stapel", seats=2, bots={"1": "random"})
            assert p.post(f"/api/tables/{t['id']}/start").status_code == 200
            assert p.post(f"/api/tables/{t['id']}/resign", {"seat": 0}).status_code == 200
            assert (one if n == 1 else two) in p.http.get("/archive").text
