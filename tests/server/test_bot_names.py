"""Bots of the same kind at one table get distinct names, the same in the lobby, at the table and in the replay.

Two "Computer (heuristic)" on one scoreboard cannot be told apart; the server numbers such bots in the table summary
(``bot_number``) and every page names them from it.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.cli.helpers import play
from tests.server.conftest import Client
from wuerfel.engine.record import GameRecord

Make = Callable[..., Client]


def numbers(summary: dict[str, Any]) -> list[int | None]:
    return [s["bot_number"] for s in summary["seats"]]


def lobby_names(c: Client, table_id: str) -> list[str]:
    """The names in the lobby's (server-rendered) row of one table."""
    page = c.http.get("/").text
    row = next(r for r in re.findall(r"<tr[ >].*?</tr>", page, re.S) if f'href="/table/{table_id}"' in r)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    return [html.unescape(n) for n in cells[1].split(", ")]


def start_and_watch(host: Client, table_id: str) -> dict[str, Any]:
    """Start a table of bots and follow it to the end; returns the last state message."""
    assert host.post(f"/api/tables/{table_id}/start").status_code == 200
    w = host.ws(table_id)
    st = w.recv_type("state")
    for _ in range(2000):
        if st["finished"]:
            break
        st = w.recv_type("state", timeout=10)
    w.close()
    return st


def test_two_bots_of_one_kind_have_distinct_names(clients: Make) -> None:
    host = clients().guest("Gastgeberin")
    t = host.create("zehntausend", seats=4, bots={"1": "heuristic", "3": "heuristic", "2": "random"})
    assert numbers(t) == [None, 1, None, 2]  # a lone bot keeps its plain name
    # Bots are named in words of the page's language ("heuristic" is an id, not a word for players).
    # A guest carries the guest mark in every list (web report L6).
    expected = ["Gastgeberin (Gast)", "Computer 1 (Faustregel)", "Computer (zufällig)", "Computer 2 (Faustregel)"]
    assert lobby_names(host, t["id"]) == expected
    assert lobby_names(clients("en"), t["id"]) == [
        "Gastgeberin (guest)",
        "Computer 1 (rule of thumb)",
        "Computer (random)",
        "Computer 2 (rule of thumb)",
    ]
    assert len(set(expected)) == len(expected)
    # The table and replay pages name seats in the browser from the summary and this catalogue entry.
    page = host.http.get(f"/table/{t['id']}").text
    assert '"bot_seat_n": "Computer {n} ({bot})"' in page and '"bot_number": 2' in page


def test_bot_numbers_follow_the_seats_and_last_into_the_replay(clients: Make) -> None:
    host = clients().guest("Gastgeber")
    t = host.create("pig", seats=3, sit=False, bots={"0": "random", "2": "random"})
    tid = t["id"]
    assert numbers(t) == [1, None, 2]
    r = host.post(f"/api/tables/{tid}/bot", {"seat": 1, "bot": "random"})
    assert numbers(r.json()) == [1, 2, 3]  # numbered in seat order
    assert lobby_names(host, tid) == ["Computer 1 (zufällig)", "Computer 2 (zufällig)", "Computer 3 (zufällig)"]
    st = start_and_watch(host, tid)
    assert st["finished"] and numbers(st["table"]) == [1, 2, 3]
    replay = host.http.get(f"/api/tables/{tid}/replay").json()
    assert numbers(replay["table"]) == [1, 2, 3]


def test_the_downloaded_record_names_the_bots_apart_and_plays_on_in_the_terminal(clients: Make, tmp_path: Path) -> None:
    host = clients().guest("Gastgeberin")
    t = host.create(
        "zehntausend",
        seats=3,
        sit=False,
        bots={"0": "random", "1": "random", "2": "heuristic"},
        overrides={"game.target": 1000},
    )
    tid = t["id"]
    start_and_watch(host, tid)
    record = host.http.get(f"/api/tables/{tid}/record").json()
    assert record["players"] == ["bot:random 1", "bot:random 2", "bot:heuristic"]
    assert record["meta"]["seats"] == ["bot:random", "bot:random", "bot:heuristic"]
    # The terminal continues a record cut off after a few events with the same bots in their seats, no input needed.
    cut = {**record, "events": record["events"][:6]}
    path = tmp_path / "tisch.json"
    path.write_text(json.dumps(cut), encoding="utf-8")
    result = play(["zehntausend", "--load", str(path), "--dice", "seed:3", "--save", str(path)], [])
    assert result.exit_code == 0, result.output
    done = GameRecord.loads(path.read_text(encoding="utf-8"))
    assert done.replay().is_terminal()
    assert done.players == record["players"] and done.meta["seats"] == record["meta"]["seats"]
